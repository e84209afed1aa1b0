"""Publishing: a rule ID, once in the registry, must stay (as a rule or an alias) for good."""

from rulebook.book import FR_DIR, PUBLISHED, Book

HEADER = """\
# Every rule ID ever published. An ID here must stay valid for good: a forum post links it.
# Renaming a rule? Keep its old ID under [aliases] as "old-id" = "new-id".
# New IDs are added by `rulebook publish`; never remove one.
"""


def publish(book: Book, only: tuple[str, ...] = ()) -> list[str]:
    """Add the book's new rule IDs to the registry, keeping what it holds; return the added.
    ``only`` limits it to some games (a game still being written is not published)."""
    path = book.root / FR_DIR / PUBLISHED
    known = book.published.ids if book.published else {}
    aliases = book.published.aliases if book.published else {}
    games: dict[str, list[str]] = {}
    if path.exists():
        import tomllib

        games = {g: list(ids) for g, ids in tomllib.loads(path.read_text()).get("ids", {}).items()}
    added = []
    for game in book.games:
        if only and game.slug not in only:
            continue
        ids = games.setdefault(game.slug, [])
        for rule in game.fr.rules:
            if rule.id not in known and rule.id not in ids:
                ids.append(rule.id)
                added.append(rule.id)
    lines = [HEADER, "[ids]"]
    for slug, ids in games.items():
        lines.append(f"{slug} = [")
        lines += [f'    "{rule_id}",' for rule_id in ids]
        lines.append("]")
    lines += ["", "[aliases]"]
    lines += [f'"{old}" = "{new}"' for old, (new, _) in aliases.items()]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return added
