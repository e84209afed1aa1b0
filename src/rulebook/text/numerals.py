"""Numbers in prose, in French and English: digits, ranges, ordinals and numbers as words.

"un"/"une"/"one" are left out: in both languages they are far more often an article or
a pronoun than a quantity, so a rule that means the quantity writes it in figures.

>>> [n.value for n in find_numbers("Morgan a 12 points, 1-4 objets, 6+ et deux cases", "fr")]
[12, 1, 4, 6, 2]
>>> [n.atom for n in find_numbers("the third card, 5th round, 0-19 and twenty", "en")]
['3', '5', '0-19', '0-19', '20']
"""

import re
from dataclasses import dataclass
from functools import lru_cache

from rulebook.language import Lang

_FR_WORDS = {
    "zéro": 0, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "six": 6, "sept": 7, "huit": 8,
    "neuf": 9, "dix": 10, "onze": 11, "douze": 12, "treize": 13, "quatorze": 14, "quinze": 15,
    "seize": 16, "dix-sept": 17, "dix-huit": 18, "dix-neuf": 19, "vingt": 20, "trente": 30,
    "quarante": 40, "cinquante": 50, "cent": 100,
    "deuxième": 2, "second": 2, "seconde": 2, "troisième": 3, "quatrième": 4, "cinquième": 5,
    "sixième": 6, "septième": 7, "huitième": 8, "neuvième": 9, "dixième": 10,
}  # fmt: skip
_EN_WORDS = {
    "zero": 0, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
    "thirty": 30, "forty": 40, "fifty": 50, "hundred": 100,
    "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
    "ninth": 9, "tenth": 10,
}  # fmt: skip
WORDS = {"fr": _FR_WORDS, "en": _EN_WORDS}

_DASH = "\\-\u2010\u2011\u2012\u2013\u2014"
_DIGITS = rf"(?<![\w.,])(\d+)(?:\s?[{_DASH}]\s?(\d+))?(\+)?(?:er|re|e|ème|ᵉ|st|nd|rd|th)?(?![\w])"


def _word_pattern(words: dict[str, int]) -> str:
    alternatives = "|".join(sorted((re.escape(w) for w in words), key=len, reverse=True))
    return rf"(?<![\w{_DASH}])({alternatives})(?![\w{_DASH}])"


_PATTERNS = {
    lang: re.compile(f"{_DIGITS}|{_word_pattern(words)}", re.IGNORECASE)
    for lang, words in WORDS.items()
}


@dataclass(frozen=True)
class Number:
    """One number found in a text: its value, and the atom it forms with its range or plus."""

    value: int
    atom: str
    text: str
    start: int


def find_numbers(text: str, lang: Lang) -> list[Number]:
    """Every number in ``text``; a range ``1-4`` gives two numbers that share the atom ``1-4``."""
    return list(_find_numbers(text, lang))


# Each check asks again for the numbers of the same 400 texts: they are read once.
@lru_cache(maxsize=4096)
def _find_numbers(text: str, lang: Lang) -> tuple[Number, ...]:
    found: list[Number] = []
    for match in _PATTERNS[lang].finditer(text):
        low, high, plus, word = match.groups()
        if word is not None:
            value = WORDS[lang][word.lower()]
            found.append(Number(value, str(value), match.group(0), match.start()))
            continue
        atom = f"{int(low)}-{int(high)}" if high else f"{int(low)}{'+' if plus else ''}"
        found.append(Number(int(low), atom, match.group(0), match.start()))
        if high:
            found.append(Number(int(high), atom, match.group(0), match.start()))
    return tuple(found)


def number_atoms(text: str, lang: Lang) -> list[str]:
    """The numbers a text states, sorted: two texts state the same numbers when these agree.

    >>> number_atoms("2 dés, puis 1 dé et deux cartes", "fr")
    ['1', '2', '2']
    """
    return sorted(n.atom for n in find_numbers(text, lang))


def numbers_in_code(text: str) -> list[int]:
    """The integers written in a piece of Python source or doctest output.

    >>> numbers_in_code("morgan_turn(12, Level.RUNNING)  # 12 points")
    [12]
    """
    code = _strip_comments(text)
    return [int(n) for n in re.findall(r"(?<![\w.])\d+(?![\w.])", code)]


def _strip_comments(source: str) -> str:
    lines = []
    for line in source.splitlines():
        quote: str | None = None
        for i, char in enumerate(line):
            if quote:
                if char == quote:
                    quote = None
            elif char in "'\"":
                quote = char
            elif char == "#":
                line = line[:i]
                break
        lines.append(line)
    return "\n".join(lines)
