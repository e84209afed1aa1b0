"""Characters no file of the book may hold: control characters and bidirectional controls.

Every text field of the book reaches an output with a format of its own: a control character
(U+0001, U+000B…) makes the Atom feeds and sitemaps ill-formed XML, and a bidirectional
override (U+202E) reorders what a reader sees in a title, a quote or a feed, so that a rule
can be made to read other than it is written. Such characters are refused when a file is read,
in every file of the book, with the line and column where they stand. A tab is allowed (a
source text may indent with it), and line endings are read as ``\\n`` before this check.
"""

import re
import unicodedata
from pathlib import Path

from rulebook.errors import BookError

# C0 controls but tab and line feed, DEL, C1 controls; the bidirectional embeddings,
# overrides and isolates, and the invisible marks that steer them; the line and paragraph
# separators (a line break no reader sees); U+FFFE and U+FFFF, which XML does not allow.
REFUSED = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e"
    "\u2066-\u2069\ufffe\uffff]"
)


def refuse_controls(path: Path, text: str) -> None:
    """A ``BookError`` at the first refused character of ``text``, named and placed.

    >>> refuse_controls(Path("x.md"), "Fin\\tde la partie\\n")
    >>> refuse_controls(Path("x.md"), "a\\nb\\u202ec\\n")
    Traceback (most recent call last):
    ...
    rulebook.errors.BookError: x.md:2: holds U+202E RIGHT-TO-LEFT OVERRIDE at column 2: ...
    """
    found = REFUSED.search(text)
    if found is None:
        return
    char = found.group()
    line = text.count("\n", 0, found.start()) + 1
    column = found.start() - (text.rfind("\n", 0, found.start()) + 1) + 1
    name = unicodedata.name(char, "control character")
    raise BookError(
        path,
        line,
        f"holds U+{ord(char):04X} {name} at column {column}: remove it (control and "
        "bidirectional characters would break the feeds or change what a reader sees)",
    )
