"""Comparisons agree: the French and the English of a rule put the same bounds on the same
numbers ("au moins 5" is "at least 5", not "more than 5"), and where a rule names a constant
that the code compares with, the code puts the bound on the same side of it."""

from collections import Counter
from collections.abc import Callable, Iterator
from functools import partial
from types import ModuleType

from rulebook.book import Book
from rulebook.book.cache import module_digest, remembered
from rulebook.book.code import load_module, resolve
from rulebook.book.load import advise
from rulebook.book.model import Game, Problem, Rule, SegmentKind
from rulebook.checks.game_results import kept
from rulebook.checks.registry import register
from rulebook.language import catalog
from rulebook.text.code_bounds import compared_in
from rulebook.text.comparatives import Comparison, find_comparisons
from rulebook.text.numerals import find_numbers
from rulebook.text.prose import locate


@register("comparisons", "make both languages bound the number the same way")
def check_languages(book: Book) -> Iterator[Problem]:
    """The ``comparisons`` check: the same bounds on the same numbers in both languages."""
    for game in book.games:
        yield from kept(book, game, "comparisons", partial(languages_of, book, game))


def languages_of(book: Book, game: Game) -> list[Problem]:
    return [
        problem
        for entry in book.entries_in(game)
        if entry.en is not None
        for problem in compare_languages(entry.fr, entry.en, book.command)
    ]


@register(
    "bounds",
    "make the text and the code put the bound on the same side of the number",
    reads_code=True,
)
def check_code(book: Book) -> Iterator[Problem]:
    """The ``bounds`` check: each language's bounds where the code compares with a constant
    the rule names (the French rule names the code for both)."""
    for game in book.games:
        yield from kept(book, game, "bounds", partial(bounds_of, book, game))


def bounds_of(book: Book, game: Game) -> list[Problem]:
    module = load_module(game.module)
    if module is None:
        return []
    # A pure function of the code's text: parsed once per state of the code.
    key = f"{game.module}\0{module_digest(module)}"
    cuts = remembered("bounds", key, partial(compared_in, module))
    return [
        problem
        for entry in book.entries_in(game)
        for rule in (entry.fr, entry.en)
        if rule is not None
        for problem in compare_code(rule, entry.fr.code, module, cuts)
    ]


def said(found: list[Comparison]) -> str:
    return "; ".join(f"«{c.text}» ({c.plainly()})" for c in found) or "no bound"


def in_words(rule: Rule) -> list[Comparison]:
    """The comparisons of a rule's title and text, in both languages' checks."""
    return find_comparisons(rule.title, rule.lang) + find_comparisons(rule.text, rule.lang)


def in_quantities(rule: Rule) -> list[Comparison]:
    """The comparisons on game quantities: numbers marked {nq} are no bound of the code's."""
    quantities = "".join(
        s.text
        for s in rule.segments
        if s.kind in (SegmentKind.TEXT, SegmentKind.ADDED, SegmentKind.CELL)
    )
    return find_comparisons(rule.title, rule.lang) + find_comparisons(quantities, rule.lang)


def compare_languages(
    fr: Rule, en: Rule, command: Callable[[str], str] = advise
) -> Iterator[Problem]:
    in_fr, in_en = in_words(fr), in_words(en)
    fr_count = Counter((c.value, c.sense) for c in in_fr)
    en_count = Counter((c.value, c.sense) for c in in_en)
    # A number the two languages do not state equally often is the numbers check's problem.
    stated = [
        Counter(n.value for part in (r.title, r.text) for n in find_numbers(part, r.lang))
        for r in (fr, en)
    ]
    for value in sorted({v for v, _ in fr_count + en_count}):
        if stated[0][value] != stated[1][value]:
            continue
        mine = [c for c in in_fr if c.value == value]
        theirs = [c for c in in_en if c.value == value]
        if Counter(c.sense for c in mine) == Counter(c.sense for c in theirs):
            continue
        yield Problem.at(
            en,
            f"comparisons differ on {value}: French {said(mine)}, English {said(theirs)}",
            line=bound_line(en, theirs, value),
            fr=f"{said(mine)} (line {bound_line(fr, mine, value)})",
            en=said(theirs),
            fix="make both languages bound the number the same way; if the French changed, "
            f"update the English and run {command(f'translated {en.id}')}",
        )


def bound_line(rule: Rule, found: list[Comparison], value: int) -> int:
    """Where the rule bounds ``value``; where it states the number when it bounds it nowhere
    (a bound dropped leaves the number, which both languages state as often); else its start."""
    if found:
        return locate(rule, found[0].text)
    number = next((n for n in find_numbers(rule.text, rule.lang) if n.value == value), None)
    return rule.line_start if number is None else locate(rule, number.text)


def between(cut: float) -> str:
    return f"between {int(cut - 0.5)} and {int(cut + 0.5)}"


def misplaced(
    comparison: Comparison,
    names: tuple[str, ...],
    module: ModuleType,
    cuts: dict[str, frozenset[float]],
) -> Iterator[tuple[str, int]]:
    """The constants among ``names`` of the comparison's value that the code compares with,
    none of its comparisons putting the bound where the prose does."""
    if comparison.cut is None:
        return
    for name in names:
        value = resolve(module, name)
        if name in cuts and type(value) is int and value == comparison.value:
            if comparison.cut - value not in cuts[name]:
                yield name, value


def compare_code(
    rule: Rule, names: tuple[str, ...], module: ModuleType, cuts: dict[str, frozenset[float]]
) -> Iterator[Problem]:
    """The rule's bounds against the code's comparisons with the constants it names."""
    for comparison in in_quantities(rule):
        if comparison.cut is None:  # "reach" has no side: compared between languages only
            continue
        for name, value in misplaced(comparison, names, module, cuts):
            code = " and ".join(between(value + cut) for cut in sorted(cuts[name]))
            yield Problem.at(
                rule,
                f"the {catalog(rule.lang).english_name} «{comparison.text}» puts the bound "
                f"{between(comparison.cut)} ({comparison.plainly()}), the code's comparisons "
                f"with {name} = {value} put it {code}",
                line=locate(rule, comparison.text),
                code=f"{module.__name__}.{name} = {value}, compared with the bound {code}",
                **{rule.lang: f"«{comparison.text}» ({comparison.plainly()})"},
                fix="if the text is right, fix the code; if the code is right, fix the text in "
                "both languages",
            )
