"""The French and English texts of a rule state the same numbers, as often (deux = two)."""

from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from functools import partial
from typing import TypeVar

from rulebook.book import Book
from rulebook.book.glossary import load_glossary, terms_of_games
from rulebook.book.load import advise
from rulebook.book.model import Game, Problem, Rule, SegmentKind
from rulebook.checks.game_results import fingerprint, kept_problems
from rulebook.checks.registry import register
from rulebook.language import LANGUAGES, Lang
from rulebook.text.numerals import Number, find_numbers
from rulebook.text.prose import locate, numbered_names, prose_numbers

A = TypeVar("A")
B = TypeVar("B")


NumberedNames = Mapping[Lang, tuple[str, ...]]


@register("numbers", "make both languages state the same numbers")
def check(book: Book) -> Iterator[Problem]:
    yield from per_game_with_numbered_names(book, "numbers", check_game)


def per_game_with_numbered_names(
    book: Book, name: str, check_game: Callable[[Book, Game, NumberedNames], Iterator[Problem]]
) -> Iterator[Problem]:
    """Each game's share of the check ``name``, kept between runs: ``check_game`` given the
    game's terms whose name holds a number, in each language (the share's key holds them)."""
    _, terms = load_glossary(book.root)
    of_game = terms_of_games(terms)
    for game in book.games:
        mine = of_game(game.slug)
        names = {lang: numbered_names(mine, None, lang) for lang in LANGUAGES}
        also = fingerprint(sorted((lang, sorted(said)) for lang, said in names.items()))
        compute = partial(check_game, book, game, names)
        yield from kept_problems(book, game, name, compute, also)


def check_game(book: Book, game: Game, names: NumberedNames) -> Iterator[Problem]:
    for entry in book.entries_in(game):
        if entry.en is not None:
            yield from compare(entry.fr, entry.en, book.command, names)


def compare(
    fr: Rule,
    en: Rule,
    command: Callable[[str], str] = advise,
    names: Mapping[Lang, tuple[str, ...]] | None = None,
) -> Iterator[Problem]:
    """``names``: per language, the game terms whose name holds a number ("three of a kind"),
    which counts nothing (``text.prose.numbered_names``)."""
    fr_numbers = prose_numbers(fr, names=(names or {}).get("fr", ()))
    en_numbers = prose_numbers(en, names=(names or {}).get("en", ()))
    fr_count = Counter(n.value for n in fr_numbers)
    en_count = Counter(n.value for n in en_numbers)
    fix = (
        "make both say the same number; if the French changed, update the English "
        f"and run {command(f'translated {en.id}')}"
    )
    # Only a number written as a word can be part of a game term's name.
    named = '; a number word that names a game term ("three of a kind") is no number: pair '
    named += "the term in rules_fr/glossary.toml"
    # A number changed in one language is one problem: 25 where the other says 20.
    fr_first, en_first = first_places(fr), first_places(en)
    only_fr = [n for n in first_of_each(fr_numbers) if fr_count[n.value] > en_count[n.value]]
    only_en = [n for n in first_of_each(en_numbers) if en_count[n.value] > fr_count[n.value]]
    pairs, left_fr, left_en = pair_off(only_fr, only_en)
    for mine, theirs in pairs:
        yield Problem.at(
            en,
            f"numbers differ: the French says {mine.value} where the English says {theirs.value}",
            line=locate(en, theirs.text),
            fr=f"{context(fr, mine.value, fr_first)} (line {locate(fr, mine.text)})",
            en=context(en, theirs.value, en_first),
            fix=fix + (named if not (mine.text + theirs.text).isdigit() else ""),
        )
    for number in left_fr + left_en:
        value, in_fr = number.value, number in left_fr
        yield Problem.at(
            en,
            f"numbers differ: {stated(value, fr_count[value], en_count[value])}",
            line=en.line_start if in_fr else locate(en, number.text),
            fr=f"{context(fr, value, fr_first)} "
            f"(line {locate(fr, number.text) if in_fr else fr.line_start})",
            en=context(en, value, en_first),
            fix=fix + (named if not number.text.isdigit() else ""),
        )


def pair_off(first: list[A], second: list[B]) -> tuple[list[tuple[A, B]], list[A], list[B]]:
    """The two lists paired in order, then what is left of each: a value changed on one side
    is one problem, a value added or dropped another.

    >>> pair_off([25, 7], [20])
    ([(25, 20)], [7], [])
    """
    paired = min(len(first), len(second))
    return list(zip(first, second, strict=False)), first[paired:], second[paired:]


def first_of_each(numbers: list[Number]) -> list[Number]:
    """The first occurrence of each value, in the order of the text."""
    seen: dict[int, Number] = {}
    for number in numbers:
        seen.setdefault(number.value, number)
    return list(seen.values())


def context(rule: Rule, value: int, first: Mapping[int, int] | None = None) -> str:
    """The words around the first occurrence of ``value`` in the rule, or what is there.

    ``first`` is ``first_places(rule)``, made once by a caller that asks for many values:
    reading the rule's numbers again for each would cost the rule's length each time.
    """
    at = (first_places(rule) if first is None else first).get(value)
    if at is None:
        return "(no such number)"
    text = rule.text
    return "«" + " ".join(text[max(at - 30, 0) : at + 30].split()) + "»"


def first_places(rule: Rule) -> dict[int, int]:
    r"""Where in the rule's text (``rule.text``) the first number of each value stands.

    >>> from pathlib import Path
    >>> from rulebook.book.extract import parse_rules_text
    >>> source = ":::{rule} x-a\n\n1. Lancez 12 dés.\n2. Gardez-en 2.\n:::\n"
    >>> first_places(parse_rules_text(source, Path("x.md"), "fr").rules[0])
    {12: 7, 2: 25}
    """
    places: dict[int, int] = {}
    offset = 0
    for segment in rule.segments:
        if segment.kind == SegmentKind.MARKER:  # not in the text (``Rule.text``)
            continue
        for number in find_numbers(segment.text, rule.lang):
            places.setdefault(number.value, offset + number.start)
        offset += len(segment.text)
    return places


def times(count: int) -> str:
    return {1: "once", 2: "twice"}.get(count, f"{count} times")


def stated(value: int, in_fr: int, in_en: int) -> str:
    """How often each language states a number, in words.

    >>> stated(2, 1, 0)
    '2 appears once in French, not in English'
    >>> stated(20, 0, 1)
    '20 appears once in English, not in French'
    >>> stated(3, 2, 1)
    '3 appears twice in French, once in English'
    """
    if not in_en:
        return f"{value} appears {times(in_fr)} in French, not in English"
    if not in_fr:
        return f"{value} appears {times(in_en)} in English, not in French"
    return f"{value} appears {times(in_fr)} in French, {times(in_en)} in English"
