"""A word-level difference between two versions of a rule's text, for the reader: what was
taken out and what was put in, the rest as it stands."""

import difflib
import functools
import re

_TOKEN = re.compile(r"\s+|\w+|[^\w\s]")


def word_changes(before: str, after: str) -> list[tuple[str, str]]:
    """The text as pieces, each ``("same" | "out" | "in", text)``: the words of ``before``
    that went out, those of ``after`` that came in.

    >>> word_changes("Morgan a 12 points.", "Morgan a 14 points.")
    [('same', 'Morgan a '), ('out', '12'), ('in', '14'), ('same', ' points.')]
    >>> word_changes("", "Une règle.")
    [('in', 'Une règle.')]
    """
    return list(_word_changes(before, after))


# A page asks for the same two versions more than once (a rule's last change, and its notice
# of the version before): the diff, a tenth of a build's time, is worked out once.
@functools.lru_cache(maxsize=4096)
def _word_changes(before: str, after: str) -> tuple[tuple[str, str], ...]:
    a, b = _TOKEN.findall(before), _TOKEN.findall(after)
    pieces: list[tuple[str, str]] = []
    matcher = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
    for tag, a0, a1, b0, b1 in matcher.get_opcodes():
        if tag == "equal":
            pieces.append(("same", "".join(a[a0:a1])))
            continue
        if a1 > a0:
            pieces.append(("out", "".join(a[a0:a1])))
        if b1 > b0:
            pieces.append(("in", "".join(b[b0:b1])))
    return tuple(pieces)
