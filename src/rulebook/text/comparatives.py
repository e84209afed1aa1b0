"""Comparisons in prose: on which side of a number a rule puts its bound.

"au moins 5" and "fewer than 5" cut between 4 and 5: 5 is on the upper side. "plus de 5"
and "at most 5" cut between 5 and 6. A rule and its translation must cut in the same places,
and so must the code that compares with the number (``x >= 5`` or ``x < 5`` against
``x > 5`` or ``x <= 5``); a permission and a prohibition of the same limit cut alike.

>>> [(c.text, c.sense, c.cut) for c in find_comparisons("au moins 5 tronçons", "fr")]
[('au moins 5', '>=', 4.5)]
>>> [(c.text, c.sense) for c in find_comparisons("5 or more items, at most three", "en")]
[('5 or more', '>='), ('at most three', '<=')]
"""

import re
from dataclasses import dataclass
from functools import lru_cache

from rulebook.language import Lang
from rulebook.text.numerals import find_numbers
from rulebook.text.prose import normalize

# Words before a number, then words after it; each with the sense it gives the number.
# The longest wording is tried first ("no more than" before "more than").
_BEFORE = {
    "fr": {
        "au moins": ">=", "au minimum": ">=", "minimum": ">=", "pas moins de": ">=",
        "un minimum de": ">=", "minimum de": ">=", "minimale de": ">=", "minimal de": ">=",
        "supérieur ou égal à": ">=", "supérieure ou égale à": ">=", "à partir de": ">=",
        "égal ou supérieur à": ">=", "égale ou supérieure à": ">=",
        "atteint": "reach", "atteignent": "reach", "atteignez": "reach", "atteindre": "reach",
        "atteigne": "reach",
        "plus de": ">", "strictement plus de": ">", "davantage que": ">",
        "supérieur à": ">", "supérieure à": ">", "dépasse": ">", "dépassent": ">",
        "dépasser": ">", "dépassez": ">", "dépassant": ">", "excède": ">", "excéder": ">",
        "au-delà de": ">", "au-dessus de": ">", "plus que": ">",
        "au plus": "<=", "au maximum": "<=", "maximum": "<=", "jusqu'à": "<=",
        "un maximum de": "<=", "maximum de": "<=", "maximale de": "<=", "maximal de": "<=",
        "limité à": "<=", "limitée à": "<=", "limités à": "<=", "limitées à": "<=",
        "pas plus de": "<=", "inférieur ou égal à": "<=", "inférieure ou égale à": "<=",
        "égal ou inférieur à": "<=", "égale ou inférieure à": "<=",
        "moins de": "<", "inférieur à": "<", "inférieure à": "<", "en dessous de": "<",
        "moins que": "<",
    },
    "en": {
        "at least": ">=", "no fewer than": ">=", "not fewer than": ">=", "no less than": ">=",
        "not less than": ">=", "equal to or greater than": ">=", "equal to or more than": ">=",
        "a minimum of": ">=", "reach": "reach", "reaches": "reach", "reached": "reach",
        "more than": ">", "greater than": ">", "exceed": ">", "exceeds": ">",
        "exceeding": ">", "strictly more than": ">", "above": ">",
        "at most": "<=", "up to": "<=", "no more than": "<=", "not more than": "<=",
        "a maximum of": "<=", "maximum of": "<=", "limited to": "<=", "no greater than": "<=",
        "not greater than": "<=", "no higher than": "<=", "equal to or less than": "<=",
        "equal to or fewer than": "<=",
        "fewer than": "<", "less than": "<", "below": "<",
    },
}  # fmt: skip
_AFTER = {
    "fr": {
        "ou plus": ">=", "ou plusieurs": ">=", "ou davantage": ">=", "et plus": ">=",
        "au moins": ">=",
        "au minimum": ">=", "minimum": ">=",
        "au plus": "<=", "au maximum": "<=", "maximum": "<=", "ou moins": "<=",
    },
    "en": {
        "or more": ">=", "or higher": ">=", "at least": ">=", "or above": ">=",
        "or greater": ">=", "and up": ">=",
        "at most": "<=", "or fewer": "<=", "or less": "<=", "or lower": "<=", "maximum": "<=",
    },
}  # fmt: skip
# Where the bound falls, relative to the number: 5 is on the upper side of "at least 5".
# "Reach" has no side of its own: a score reaches 20 from below, a falling track reaches 0
# from above. It is compared between the languages only.
CUT = {">=": -0.5, "<": -0.5, ">": 0.5, "<=": 0.5}
_GAP = r"[\s\u00a0\u202f]+"
_SPACE = r"[\s\u00a0\u202f]*"
# What follows a wording that does not bound the number before it: an idiom (« au plus
# tard », "at least once") or a determiner, after a verb ("1 tile or lower the limit").
_IDIOMS = "tard|tôt|vite|près|une fois|once|twice|the|your|its|their|a|an|le|la|les|votre|sa|son"


def _alternatives(words: dict[str, str]) -> str:
    ordered = sorted(words, key=len, reverse=True)
    return "|".join(re.escape(w).replace(r"\ ", _GAP).replace("'", "['’]") for w in ordered)


_PATTERNS = {
    lang: (
        re.compile(rf"(?<!\w)({_alternatives(_BEFORE[lang])}){_GAP}", re.IGNORECASE),
        re.compile(
            rf"^(?:{_GAP}\w+){{0,2}}(?:{_GAP}|{_SPACE}\({_SPACE})({_alternatives(_AFTER[lang])})(?!\w)"
            rf"(?!{_GAP}(?:{_IDIOMS})(?!\w))",
            re.IGNORECASE,
        ),
    )
    for lang in _BEFORE
}


@dataclass(frozen=True)
class Comparison:
    """A number with the comparison the prose puts on it."""

    sense: str  # ">=", ">", "<=", "<", or "reach"
    value: int
    text: str  # the words as written, number included
    start: int

    @property
    def cut(self) -> float | None:
        """Where the bound falls: ``value - 0.5`` when the number itself is on the upper side
        ("at least 5", "fewer than 5"), ``value + 0.5`` when it is on the lower side."""
        return self.value + CUT[self.sense] if self.sense in CUT else None

    def plainly(self) -> str:
        """The bound in words a reader can check.

        >>> [c.plainly() for c in find_comparisons("au moins 5, plus de 5, atteint 0", "fr")]
        ['5 or more', '6 or more', 'reaches 0']
        """
        if self.cut is None:
            return f"reaches {self.value}"
        low = int(self.cut + 0.5)
        return f"{low} or more" if self.sense in (">=", ">") else f"{low - 1} or fewer"


def find_comparisons(text: str, lang: Lang) -> list[Comparison]:
    """The comparisons of a text: a wording of ``_BEFORE`` right before a number, or one of
    ``_AFTER`` right after it (two words may stand between: "5 power plants or more"). A range
    states its own bounds; a number with no comparison has none.

    >>> [(c.text, c.sense) for c in find_comparisons(
    ...     "plus de 2 villes, pas plus de 2 villes, 1-4 objets, 3 cartes", "fr")]
    [('plus de 2', '>'), ('pas plus de 2', '<=')]
    >>> text = "3 power plants at most; discard 1 tile or lower the limit; 2 dice at least once"
    >>> [(c.text, c.sense) for c in find_comparisons(text, "en")]
    [('3 power plants at most', '<=')]
    """
    return list(_find(text, lang))


@lru_cache(maxsize=2048)
def _find(text: str, lang: Lang) -> tuple[Comparison, ...]:
    before, after = _PATTERNS[lang]
    # The wordings that end where a number starts, found in one pass over the text.
    heads = {m.end(): m for m in before.finditer(text)}
    found = []
    for number in find_numbers(text, lang):
        if "-" in number.atom:  # a range states its own bounds
            continue
        end = number.start + len(number.text)
        head = heads.get(number.start)
        tail = after.match(text[end : end + 40])
        if number.atom.endswith("+"):
            found.append(Comparison(">=", number.value, number.text, number.start))
        elif head:
            sense = _BEFORE[lang][normalize(head.group(1)).casefold()]
            start = number.start - len(head.group(0))
            found.append(Comparison(sense, number.value, text[start:end], start))
        elif tail:
            sense = _AFTER[lang][normalize(tail.group(1)).casefold()]
            found.append(Comparison(sense, number.value, text[number.start : end + tail.end()],
                                    number.start))  # fmt: skip
    return tuple(found)
