"""Rule IDs: well formed, unique in the book, the same and in the same order in both
languages, and every ID ever published still there (as a rule or an alias)."""

from collections.abc import Iterator

from rulebook.book import Book
from rulebook.book.extract import RULE_OPTIONS
from rulebook.book.folders import FR_DIR
from rulebook.book.load import PUBLISHED
from rulebook.book.model import Problem, Rule, RuleKind
from rulebook.book.names import ID_SHAPE, is_rule_id
from rulebook.checks.registry import register

# The kinds of rule.
KINDS = tuple(RuleKind)


def malformed(rule_id: str, prefix: str) -> str | None:
    """What is wrong with a rule ID, or None.

    >>> malformed("pr-end", "pr"), malformed('pr-"x', "pr") is not None
    (None, True)
    """
    if is_rule_id(rule_id) and rule_id.startswith(f"{prefix}-"):
        return None
    return (
        f"malformed ID: expected {ID_SHAPE.replace(' (pr-end)', '')}, starting with the "
        f"game prefix '{prefix}-'"
    )


@register(
    "ids",
    "keep the same IDs in the same order in both files; never drop a published ID: keep it as "
    "an alias in rules_fr/published-ids.toml",
)
def check(book: Book) -> Iterator[Problem]:
    current: dict[str, Rule] = {}
    for game in book.games:
        for rule in game.fr.rules:
            wrong = malformed(rule.id, game.prefix)
            if wrong:
                yield problem(rule, wrong)
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
        if game.fr.rules and not game.en.rules:
            what = "is empty" if not game.en.meta else "holds no rule block"
            yield Problem(
                game.en.path,
                1,
                game.slug,
                f"the English file {what}: every rule is missing",
                fix="restore the English file (git checkout), or translate the rules",
            )
            continue
        yield from compare_languages(game.fr.rules, game.en.rules)
    for rules_file in (f for g in book.games for f in (g.fr, g.en) if f is not None):
        for rule in rules_file.rules:
            yield from check_block(rule)
    yield from check_published(book, current)


def check_block(rule: Rule) -> Iterator[Problem]:
    """A rule block has a title, known options and a known kind."""
    if not rule.title.strip():
        said = "an empty :title:" if "title" in rule.options else "no :title:"
        yield problem(rule, f"{said}", "give the rule its title: ':title: …' under its ID line")
    known = RULE_OPTIONS.get(rule.lang, ())
    for option in rule.options:
        if option not in known and not (rule.lang == "en" and option in RULE_OPTIONS["fr"]):
            yield problem(rule, f"unknown option :{option}:", f"the options are {', '.join(known)}")
    if rule.options.get("aid"):  # a mark, not a setting: `:aid: no` would read as its opposite
        yield problem(
            rule,
            f":aid: takes no value (given {rule.options['aid']!r})",
            "write ':aid:' alone to put the rule on its game's player aid, or remove the line",
        )
    if rule.kind not in KINDS:
        yield problem(rule, f"unknown :kind: {rule.kind}", f"the kinds are {', '.join(KINDS)}")


def compare_languages(fr: tuple[Rule, ...], en: tuple[Rule, ...]) -> Iterator[Problem]:
    fr_ids = [r.id for r in fr]
    en_ids = [r.id for r in en]
    in_fr, in_en = set(fr_ids), set(en_ids)  # a look-up each, not a pass over the file
    seen: set[str] = set()
    for rule in en:
        if rule.id in seen:
            yield problem(rule, "duplicate ID in the English file")
        seen.add(rule.id)
        if rule.id not in in_fr:
            yield problem(rule, "in the English file but not in the French one")
    for rule in fr:
        if rule.id not in in_en:
            yield problem(rule, "missing from the English file: translate this rule")
    common_fr = [i for i in fr_ids if i in in_en]
    common_en = [i for i in dict.fromkeys(en_ids) if i in in_fr]
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
            book.root / FR_DIR / PUBLISHED,
            1,
            "-",
            "no published-ID registry: run `rulebook publish`",
        )
        return
    slugs = {game.slug for game in book.games}
    gone_games = [g for g, ids in published.games.items() if g not in slugs and ids]
    hidden = {rule_id for g in gone_games for rule_id in published.games[g]}
    for slug in gone_games:
        ids = published.games[slug]
        if any(rule_id in current for rule_id in ids):
            hidden -= set(ids)
            continue
        yield Problem(
            book.root / FR_DIR / f"{slug}.md",
            1,
            slug,
            f"the game's rules file is missing, so its {len(ids)} published IDs have vanished",
            fix=f"restore rules_fr/{slug}.md (git checkout), with its front matter game: {slug}",
        )
    retired = {
        rule_id
        for game in book.games
        if game.history
        for rule_id, versions in game.history.by_rule.items()
        if versions[-1].retired
    }
    for rule_id, line in published.ids.items():
        if rule_id in hidden or rule_id in retired:
            continue
        if rule_id not in current and rule_id not in published.aliases:
            yield Problem(
                published.path,
                line,
                rule_id,
                "published ID has vanished: restore the rule, keep the ID as an alias of the "
                "rule that replaced it under [aliases], or retire it: `rulebook publish "
                f"--retire {rule_id}`",
            )
    for old, (new, line) in published.aliases.items():
        if new not in current:
            yield Problem(published.path, line, old, f"alias points to {new}, which is no rule")
        if old in current:
            yield Problem(published.path, line, old, "alias hides a rule that still exists")
    for rule_id, rule in current.items():
        if rule_id not in published.ids:
            yield problem(rule, "not in the published-ID registry: run `rulebook publish`")


def problem(rule: Rule, message: str, fix: str = "") -> Problem:
    return Problem.at(rule, message, fix=fix)
