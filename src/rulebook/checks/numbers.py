"""The French and English texts of a rule state the same numbers, as often (deux = two)."""

from collections import Counter
from collections.abc import Iterator

from rulebook.book import Book
from rulebook.model import Problem, Rule
from rulebook.prose import locate, prose_numbers


def check(book: Book) -> Iterator[Problem]:
    for game in book.games:
        if game.en is None:
            continue
        english = {r.id: r for r in game.en.rules}
        for fr in game.fr.rules:
            en = english.get(fr.id)
            if en is not None:
                yield from compare(fr, en)


def compare(fr: Rule, en: Rule) -> Iterator[Problem]:
    fr_numbers = prose_numbers(fr)
    en_numbers = prose_numbers(en)
    fr_count = Counter(n.value for n in fr_numbers)
    en_count = Counter(n.value for n in en_numbers)
    for value in sorted(set(fr_count) | set(en_count)):
        if fr_count[value] == en_count[value]:
            continue
        if fr_count[value] > en_count[value]:
            text = next(n.text for n in fr_numbers if n.value == value)
            yield Problem(
                en.path,
                en.line_start,
                en.id,
                f"numbers differ: the French says {text!r} ({value}) "
                f"{times(fr_count[value])}, the English {times(en_count[value])} "
                f"(French line {locate(fr, text)})",
            )
        else:
            text = next(n.text for n in en_numbers if n.value == value)
            yield Problem(
                en.path,
                locate(en, text),
                en.id,
                f"numbers differ: the English says {text!r} ({value}) "
                f"{times(en_count[value])}, the French {times(fr_count[value])}",
            )


def times(count: int) -> str:
    return {0: "never", 1: "once", 2: "twice"}.get(count, f"{count} times")
