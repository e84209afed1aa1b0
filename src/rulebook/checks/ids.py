"""Rule IDs: well formed, unique in the book, the same and in the same order in both
languages, and every ID ever published still there (as a rule or an alias)."""

import re
from collections.abc import Iterator

from rulebook.book import Book
from rulebook.model import Problem, Rule

ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)+$")


def check(book: Book) -> Iterator[Problem]:
    current: dict[str, Rule] = {}
    for game in book.games:
        for rule in game.fr.rules:
            if not ID.match(rule.id) or not rule.id.startswith(f"{game.prefix}-"):
                yield problem(
                    rule,
                    f"malformed ID: expected lowercase ASCII words joined by "
                    f"hyphens, starting with the game prefix '{game.prefix}-'",
                )
            if rule.id in current:
                other = current[rule.id]
                yield problem(
                    rule, f"duplicate ID: already used at {other.path.name}:{other.line_start}"
                )
            else:
                current[rule.id] = rule
        if game.en is None:
            yield Problem(game.fr.path, 1, game.slug, f"no English file rules_en/{game.slug}.md")
            continue
        yield from compare_languages(game.fr.rules, game.en.rules)
    yield from check_published(book, current)


def compare_languages(fr: tuple[Rule, ...], en: tuple[Rule, ...]) -> Iterator[Problem]:
    fr_ids = [r.id for r in fr]
    en_ids = [r.id for r in en]
    seen: set[str] = set()
    for rule in en:
        if rule.id in seen:
            yield problem(rule, "duplicate ID in the English file")
        seen.add(rule.id)
        if rule.id not in fr_ids:
            yield problem(rule, "in the English file but not in the French one")
    for rule in fr:
        if rule.id not in en_ids:
            yield problem(rule, "missing from the English file: translate this rule")
    common_fr = [i for i in fr_ids if i in en_ids]
    common_en = [i for i in dict.fromkeys(en_ids) if i in fr_ids]
    for position, (a, b) in enumerate(zip(common_fr, common_en, strict=False)):
        if a != b:
            rule = next(r for r in en if r.id == b)
            before = common_fr[position - 1] if position else "the start"
            yield problem(rule, f"out of order: the French file has {a} after {before}")
            break


def check_published(book: Book, current: dict[str, Rule]) -> Iterator[Problem]:
    published = book.published
    if published is None:
        yield Problem(
            book.root / "rules_fr" / "published-ids.toml",
            1,
            "-",
            "no published-ID registry: run `rulebook publish`",
        )
        return
    for rule_id, line in published.ids.items():
        if rule_id not in current and rule_id not in published.aliases:
            yield Problem(
                published.path,
                line,
                rule_id,
                "published ID has vanished: restore the rule, or keep the ID as an "
                "alias of the rule that replaced it under [aliases]",
            )
    for old, (new, line) in published.aliases.items():
        if new not in current:
            yield Problem(published.path, line, old, f"alias points to {new}, which is no rule")
        if old in current:
            yield Problem(published.path, line, old, "alias hides a rule that still exists")
    for rule_id, rule in current.items():
        if rule_id not in published.ids:
            yield problem(rule, "not in the published-ID registry: run `rulebook publish`")


def problem(rule: Rule, message: str) -> Problem:
    return Problem(rule.path, rule.line_start, rule.id, message)
