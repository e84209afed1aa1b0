"""Mutation of the rules text: change each number, and each comparison, on one side or both,
and see the check fail.

Used by the tests and ``make mutate`` to measure the check instead of assuming it.
"""

import dataclasses
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from rulebook.book import Book
from rulebook.book.extract import parse_rules_text
from rulebook.book.glossary import load_glossary
from rulebook.book.model import Problem, Rule
from rulebook.checks import checks, run_checks
from rulebook.language import Lang
from rulebook.text.comparatives import find_comparisons
from rulebook.text.numerals import WORDS, find_numbers
from rulebook.text.prose import in_spans, named_spans, numbered_names

LIST_MARKER = re.compile(r"^\s*\d+\.\s")
NQ_ROLE = re.compile(r"\{nq\}`[^`]*`")


@dataclass(frozen=True)
class Site:
    """One number in a rules file: where it is, its value, and whether it is a game quantity."""

    rule: str
    lang: Lang
    line: int
    start: int
    end: int
    value: int
    replacement: str
    quantity: bool


def sites(rule: Rule, lines: list[str]) -> Iterator[Site]:
    for number in range(rule.body_line, rule.line_end):
        text = lines[number - 1]
        marker = LIST_MARKER.match(text)
        skip_to = marker.end() if marker else 0
        marked = [m.span() for m in NQ_ROLE.finditer(text)]
        for match in re.finditer(r"\d+|[^\W\d_]+(?:-[^\W\d_]+)*", text):
            if match.start() < skip_to:
                continue
            word = match.group(0)
            found = find_numbers(word, rule.lang)
            if len(found) != 1 or found[0].text != word:
                continue
            value = found[0].value
            quantity = not any(a <= match.start() < b for a, b in marked)
            yield Site(
                rule.id,
                rule.lang,
                number,
                match.start(),
                match.end(),
                value,
                replacement(word, value, rule.lang),
                quantity,
            )


def replacement(word: str, value: int, lang: Lang) -> str:
    if word.isdigit():
        return str(value + 1)
    for other, other_value in WORDS[lang].items():
        if other_value == value + 1:
            return other
    return str(value + 1)


def mutate(source: str, site: Site) -> str:
    lines = source.split("\n")
    line = lines[site.line - 1]
    lines[site.line - 1] = line[: site.start] + site.replacement + line[site.end :]
    return "\n".join(lines)


# A comparison is swapped for its neighbour, the bound moved by one: "at least 5" becomes
# "more than 5", "up to three" becomes "fewer than three", "reaches 20" becomes "exceeds 20".
_SWAPPED = {">=": ">", ">": ">=", "<=": "<", "<": "<="}
_WORDING = {
    "fr": {">=": "au moins {}", ">": "plus de {}", "<=": "au plus {}", "<": "moins de {}"},
    "en": {">=": "at least {}", ">": "more than {}", "<=": "at most {}", "<": "fewer than {}"},
}
_EXCEEDS = {
    "fr": {"atteint": "dépasse", "atteignent": "dépassent", "atteignez": "dépassez",
           "atteindre": "dépasser", "atteigne": "dépasse"},
    "en": {"reach": "exceed", "reaches": "exceeds", "reached": "exceeded"},
}  # fmt: skip


def comparison_sites(rule: Rule, lines: list[str]) -> Iterator[Site]:
    """Each comparison of the rule, where it stands in the file, with its swapped wording."""
    taken: set[tuple[int, int]] = set()
    for comparison in find_comparisons(rule.text, rule.lang):
        number = find_numbers(comparison.text, rule.lang)[0].text.rstrip("+")
        if comparison.sense == "reach":
            verb = comparison.text.split()[0]
            swapped = comparison.text.replace(verb, _EXCEEDS[rule.lang][verb.lower()], 1)
        else:
            swapped = _WORDING[rule.lang][_SWAPPED[comparison.sense]].format(number)
        for line in range(rule.body_line, rule.line_end):
            at = lines[line - 1].find(comparison.text)
            if at >= 0 and (line, at) not in taken:
                taken.add((line, at))
                yield Site(rule.id, rule.lang, line, at, at + len(comparison.text),
                           comparison.value, swapped, True)  # fmt: skip
                break


def with_sources(book: Book, slug: str, fr: str | None, en: str | None) -> Book:
    games = []
    for game in book.games:
        if game.slug == slug:
            if fr is not None:
                game = dataclasses.replace(game, fr=parse_rules_text(fr, game.fr.path, "fr"))
            if en is not None and game.en is not None:
                game = dataclasses.replace(game, en=parse_rules_text(en, game.en.path, "en"))
        games.append(game)
    return dataclasses.replace(book, games=tuple(games))


def game_sites(
    book: Book, slug: str, lang: Lang, of: Callable[[Rule, list[str]], Iterator[Site]] = sites
) -> tuple[str, list[Site]]:
    game = book.game(slug)
    rules_file = game.fr if lang == "fr" else game.en
    assert rules_file is not None
    source = rules_file.path.read_text(encoding="utf-8")
    lines = source.split("\n")
    # A number inside a game term's name ("three of a kind") counts nothing: the checks pass
    # over it, so changing it is no mutant of a quantity.
    names = numbered_names(load_glossary(book.root)[1], slug, lang)
    found = [s for rule in rules_file.rules for s in of(rule, lines)]
    return source, [
        s for s in found if not in_spans(s.start, named_spans(lines[s.line - 1], names))
    ]


def pairs(fr_sites: list[Site], en_sites: list[Site]) -> list[tuple[Site, Site | None]]:
    """Pair each French game quantity with the same occurrence of its value in the English rule."""
    paired: list[tuple[Site, Site | None]] = []
    for site in (s for s in fr_sites if s.quantity):
        same_fr = [
            s for s in fr_sites if s.rule == site.rule and s.value == site.value and s.quantity
        ]
        same_en = [
            s for s in en_sites if s.rule == site.rule and s.value == site.value and s.quantity
        ]
        index = same_fr.index(site)
        paired.append((site, same_en[index] if index < len(same_en) else None))
    return paired


@dataclass
class Rates:
    one_side_killed: int = 0
    one_side_total: int = 0
    both_killed: int = 0
    both_total: int = 0
    survivors: list[str] = dataclasses.field(default_factory=list)
    # Comparisons, by the comparison check alone: one side, and both sides (the code).
    comparisons_one_side: tuple[int, int] = (0, 0)
    comparisons_both: tuple[int, int] = (0, 0)
    comparison_survivors: list[Site] = dataclasses.field(default_factory=list)

    def line(self, slug: str) -> str:
        def pct(k: int, n: int) -> str:
            return f"{k}/{n} ({100 * k / n:.0f}%)" if n else "0/0"

        return (
            f"{slug}: one side {pct(self.one_side_killed, self.one_side_total)}, "
            f"game quantities on both sides {pct(self.both_killed, self.both_total)}; "
            f"comparisons: one side {pct(*self.comparisons_one_side)}, "
            f"both sides (the code) {pct(*self.comparisons_both)}"
        )


def measure(book: Book, slug: str, both_checks: tuple[str, ...] = ("quantities",)) -> Rates:
    """Kill rates for a game: every number changed on one side (all checks), every game
    quantity changed on both sides (``both_checks`` only: the code comparison by default,
    since the corrections check would catch any change of the French anyway)."""
    rates = Rates()
    caught = Catcher(book, slug)
    book = caught.alone  # the other games cannot change: each mutant is a book of one game
    fr_source, fr_sites = game_sites(book, slug, "fr")
    en_source, en_sites = game_sites(book, slug, "en")
    for site in fr_sites + en_sites:
        fr = mutate(fr_source, site) if site.lang == "fr" else None
        en = mutate(en_source, site) if site.lang == "en" else None
        killed = caught(with_sources(book, slug, fr, en), ())
        rates.one_side_total += 1
        rates.one_side_killed += killed
        if not killed:
            rates.survivors.append(f"one side: {site}")
    for fr_site, en_site in pairs(fr_sites, en_sites):
        rates.both_total += 1
        if en_site is None:
            rates.survivors.append(f"both sides, no English pair: {fr_site}")
            continue
        mutated = with_sources(book, slug, mutate(fr_source, fr_site), mutate(en_source, en_site))
        killed = caught(mutated, both_checks)
        rates.both_killed += killed
        if not killed:
            rates.survivors.append(f"both sides: {fr_site}")
    measure_comparisons(book, slug, rates, caught)
    return rates


def measure_comparisons(book: Book, slug: str, rates: Rates, caught: "Catcher") -> None:
    """Every comparison swapped on one side (the comparison check alone must see the languages
    differ), then on both sides together, where only the code can tell: the bounds check and
    the table and number comparison with the code."""
    only = ("comparisons",)
    fr_source, fr_sites = game_sites(book, slug, "fr", comparison_sites)
    en_source, en_sites = game_sites(book, slug, "en", comparison_sites)
    killed = 0
    for site in fr_sites + en_sites:
        fr = mutate(fr_source, site) if site.lang == "fr" else None
        en = mutate(en_source, site) if site.lang == "en" else None
        seen = caught(with_sources(book, slug, fr, en), only)
        killed += seen
        if not seen:
            rates.survivors.append(f"comparison, one side: {site}")
    rates.comparisons_one_side = (killed, len(fr_sites) + len(en_sites))
    killed = total = 0
    for fr_site, en_site in pairs(fr_sites, en_sites):
        total += 1
        if en_site is None:
            rates.survivors.append(f"comparison, no English pair: {fr_site}")
            continue
        mutated = with_sources(book, slug, mutate(fr_source, fr_site), mutate(en_source, en_site))
        if caught(mutated, ("bounds", "quantities")):
            killed += 1
        else:
            rates.comparison_survivors.append(fr_site)
    rates.comparisons_both = (killed, total)


def problems(book: Book, only: tuple[str, ...]) -> list[Problem]:
    return run_checks(book, only)


# The checks in the order a mutant is shown to them: the quickest first (a number changed on
# one side makes the translation stale at once), the slowest (the code's, the spelling) last.
_QUICKEST_FIRST = (
    "translation", "ids", "numbers", "comparisons", "typography", "style", "corrections",
    "original", "editors", "glossary", "quantities", "bounds", "examples", "code", "code-ids",
    "markup", "aid", "review-pages", "spelling", "explanations", "history",
)  # fmt: skip
# The history check sees any edit of a rule at all (its text is no longer its last recorded
# version): it would catch every mutant and tell nothing of the checks that read meaning.
_NOT_MEASURED = ("history",)


class Catcher:
    """Whether the checks see a mutant of one game: the game alone is checked (the others
    cannot change), and the first problem its unmutated text does not have settles it, so a
    mutant costs one parse and, mostly, one quick check. The rates are those of
    ``run_checks``: a mutant is caught when any check reports a new problem."""

    def __init__(self, book: Book, slug: str) -> None:
        self.slug = slug
        self.alone = dataclasses.replace(book, games=(book.game(slug),))
        self.baseline: dict[tuple[str, ...], set[str]] = {}

    def _known(self, only: tuple[str, ...]) -> set[str]:
        if only not in self.baseline:
            found = run_checks(self.alone, only)
            self.baseline[only] = {p.format(self.alone.root) for p in found}
        return self.baseline[only]

    def __call__(self, book: Book, only: tuple[str, ...]) -> bool:
        known = self._known(only)
        mutant = dataclasses.replace(book, games=(book.game(self.slug),))
        for check in sorted(checks(), key=lambda c: _QUICKEST_FIRST.index(c.name)):
            if (only and check.name not in only) or check.name in _NOT_MEASURED:
                continue
            for problem in check.run(mutant):
                if (
                    dataclasses.replace(
                        problem, check=check.name, fix=problem.fix or check.fix
                    ).format(mutant.root)
                    not in known
                ):
                    return True
        return False


def code_can_tell(book: Book, site: Site) -> bool:
    """Whether the code can settle a comparison swapped on both sides: its rule names a
    constant of that value which the code compares with, and the swap moves the bound."""
    from rulebook.book.code import load_module
    from rulebook.checks.comparisons import misplaced
    from rulebook.text.code_bounds import compared_in

    game = book.game(book.rule(site.rule, site.lang).game)
    module = load_module(game.module)
    if module is None:
        return False
    swapped = find_comparisons(site.replacement, site.lang)[0]
    names = book.rule(site.rule, "fr").code
    return any(misplaced(swapped, names, module, compared_in(module)))
