"""Publishing: a rule ID, once in the registry, must stay (as a rule or an alias) for good.

The registry is edited with tomlkit, so the comments, order and layout a person gave it stay
as they were; it is rewritten only when an ID is added, and written whole (``files``).
"""

import tomlkit
from tomlkit.items import Array, Table

from rulebook.book import FR_DIR, PUBLISHED, Book
from rulebook.book.files import read_text, write_text
from rulebook.checks.ids import malformed
from rulebook.errors import BookError

HEADER = """\
# Every rule ID ever published. An ID here must stay valid for good: a forum post links it.
# Renaming a rule? Keep its old ID under [aliases] as "old-id" = "new-id".
# New IDs are added by `rulebook publish`; never remove one.

[ids]

[aliases]
"""


def new_ids(book: Book, only: tuple[str, ...] = ()) -> dict[str, list[str]]:
    """The rule IDs not yet published, per game; a malformed one is a ``BookError``: an ID
    published stays for good, so it is put right before it is published."""
    known = set(book.published.ids) | set(book.published.aliases) if book.published else set()
    found: dict[str, list[str]] = {}
    for game in book.games:
        if only and game.slug not in only:
            continue
        for rule in game.fr.rules:
            if rule.id in known:
                continue
            wrong = malformed(rule.id, game.prefix)
            if wrong:
                raise BookError(
                    rule.path,
                    rule.line_start,
                    f"{rule.id!r}: {wrong}: fix the ID, then publish (nothing was published)",
                )
            found.setdefault(game.slug, []).append(rule.id)
    return found


def publish(book: Book, only: tuple[str, ...] = ()) -> list[str]:
    """Add the book's new rule IDs to the registry, keeping what it holds; return the added.
    ``only`` limits it to some games (a game still being written is not published)."""
    added = new_ids(book, only)
    if not added:
        return []
    path = book.root / FR_DIR / PUBLISHED
    document = tomlkit.parse(read_text(path) if path.exists() else HEADER)
    ids = document.get("ids")
    if not isinstance(ids, Table):
        ids = tomlkit.table()
        document["ids"] = ids
    for slug, rule_ids in added.items():
        listed = ids.get(slug)
        if not isinstance(listed, Array):
            listed = tomlkit.array().multiline(True)
            ids[slug] = listed
        listed.extend(rule_ids)
    write_text(path, tomlkit.dumps(document))
    return [rule_id for rule_ids in added.values() for rule_id in rule_ids]
