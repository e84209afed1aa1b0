"""The limits on what the book's files may hold, in one place.

A rules file, a register, a word list or the glossary is text from a contributor, and the
check must cost time in proportion to it, whatever it holds. The checks' own code is linear;
these limits bound what the libraries beneath them are not: markdown-it slows down on one
long paragraph, Hunspell on one long word, the TOML reader (tomli) runs out of stack on deep
nesting. Each limit is some ten times the book's largest today (the comments give it), so a
book never meets one by growing. A file beyond one is refused in one line that names the
limit and says what to do; a word or a rule too long for a check is a problem of that check,
at its line.
"""

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

from rulebook.errors import BookError

# Any file of the book that is read: largest rules_fr/megawatts-solo.corrections.toml,
# about 106,000 bytes, and its history beside it about 98,000, both growing with every
# recorded change (the largest rules file, rules_fr/megawatts-solo.md, holds some 24,000).
# tomli reads a register of the limit's size in about 0.06 s (tomllib, not compiled: 0.2 s).
MAX_FILE_BYTES = 2_000_000
# Lines of markdown with no blank line between them (a paragraph, a list, a table): largest
# 1,382 characters (the card names' table of rules_en/51st-state-solo.md, 24 lines).
MAX_BLOCK_CHARS = 20_000
# A markdown file: largest 22,036 bytes (rules_en/megawatts-solo.md). markdown-it reads text
# dense with markup at some 20 µs a character (« ![![![… »: 17 s for 456 kB), so a markdown
# file is held well below the limit of other files.
MAX_MARKDOWN_CHARS = 150_000
# Opening square brackets in one block: most 2. Each one makes markdown-it look for a link's
# end; a block of them is the costliest text it reads.
MAX_BLOCK_BRACKETS = 200
# Lists and block quotes inside one another in a markdown file: deepest 2. markdown-it drops
# what lies deeper than 10 lists, unseen by the check and the site alike: the limit is below.
MAX_NESTING = 8
# Arrays, inline tables and the parts of dotted keys and headers inside one another in a
# TOML file, as ``check_toml_nesting`` counts them: deepest 2 (a [[correction]] header).
MAX_TOML_NESTING = 10
# Lines of the original that the rules of one file cite, all told (a rule holds its line
# numbers one by one, from a few characters: ":original: 1-1999"): most 94
# (rules_fr/port-royal-morgan.md; the longest original, of Stone Age, has 182 lines).
MAX_CITED_LINES = 2_000
# Words of a rule, or of the original lines it cites, that the corrections check compares
# word by word (difflib's time grows with the product of the two): most 205 (cd-castle-tip).
MAX_DIFF_WORDS = 2_000
# A word the spelling check gives Hunspell: longest 21 letters ("lieutenant-gouverneur").
MAX_WORD_CHARS = 50
# Hyphens in a word Hunspell reads whole, which it tries every way of breaking (a word with
# more is read part by part): most 2 ("end-of-game").
MAX_WORD_HYPHENS = 4


def too_large() -> str:
    """The message for a file over ``MAX_FILE_BYTES``.

    >>> too_large()
    'holds more than 2,000,000 bytes (the limit of a file of the book): split it, or remove it'
    """
    return (
        f"holds more than {MAX_FILE_BYTES:,} bytes (the limit of a file of the book): "
        "split it, or remove it"
    )


def check_blocks(path: Path, text: str) -> None:
    """A markdown text whose every paragraph, list or table (lines with no blank line between
    them) is at most ``MAX_BLOCK_CHARS`` long; else a ``BookError`` at the block's first line.

    Only spaces and tabs make a blank line, as markdown reads it.

    >>> check_blocks(Path("x.md"), "a\\n\\n" + "b" * 20_001)
    Traceback (most recent call last):
    ...
    rulebook.errors.BookError: x.md:3: a paragraph, list or table of more than 20,000 ...
    """
    if len(text) > MAX_MARKDOWN_CHARS:
        raise BookError(
            path,
            0,
            f"holds more than {MAX_MARKDOWN_CHARS:,} characters (the limit of a markdown file "
            "of the book): split it",
        )
    start = length = brackets = 0
    for number, line in enumerate(text.split("\n"), 1):
        if not line.strip(" \t"):
            length = brackets = 0
            continue
        if not length:
            start = number
        length += len(line) + 1
        brackets += line.count("[")
        if brackets > MAX_BLOCK_BRACKETS:
            raise BookError(
                path,
                start,
                f"a paragraph, list or table with more than {MAX_BLOCK_BRACKETS} square "
                "brackets (the limit of a block of markdown): split it, or write fewer links",
            )
        if length > MAX_BLOCK_CHARS:
            raise BookError(
                path,
                start,
                f"a paragraph, list or table of more than {MAX_BLOCK_CHARS:,} characters "
                "without a blank line (the limit of a block of markdown): split it with "
                "blank lines, or into several rules",
            )


class Token(Protocol):
    """What ``check_nesting`` reads of a markdown-it token."""

    type: str
    map: list[int] | None


CONTAINERS = ("bullet_list", "ordered_list", "blockquote")


def check_nesting(path: Path, tokens: Sequence[Token], first_line: int = 1) -> None:
    """Lists and block quotes at most ``MAX_NESTING`` deep in parsed markdown; else a
    ``BookError`` at the first one deeper (``first_line``: the line of the text's start)."""
    depth = 0
    for token in tokens:
        kind, _, end = token.type.rpartition("_")
        if kind not in CONTAINERS:
            continue
        depth += 1 if end == "open" else -1
        if depth > MAX_NESTING:
            line = first_line + (token.map[0] if token.map else 0)
            raise BookError(
                path,
                line,
                f"lists or block quotes nested more than {MAX_NESTING} deep (the limit of "
                "markdown in the book): flatten them",
            )


# What the TOML scan stops at: the quotes that open strings, comments, and the characters
# that nest or end a key. Everything else is skipped in one step.
TOML_MARK = re.compile(r"\"\"\"|'''|[\"'#\[\]{}=,.\n]")
# The rest of a one-line string: to its closing quote, or to the end of the line when it has
# none (tomli then refuses the file; the scan only has to go on in step).
TOML_STRING_END = {
    '"': re.compile(r'(?:[^"\\\n]|\\[^\n]?)*("|\n|$)'),
    "'": re.compile(r"[^'\n]*('|\n|$)"),
}


def check_toml_nesting(path: Path, text: str) -> None:
    """A TOML text nested at most ``MAX_TOML_NESTING`` deep, found before tomli reads it
    (its parser recurses once a level and runs out of stack near 1,000); else a
    ``BookError`` at the line where the nesting goes past the limit.

    The scan skips strings and comments and counts the arrays and inline tables open, plus
    the dots of the current table header and of the keys on the current line, each of which
    makes a table inside a table; a count that is a little high is no matter, the limit is
    far above any register. Hand-written: the TOML readers (tomli, the tomllib made from it,
    tomlkit) all recurse as they nest, and none says how deep a text goes without reading it so.

    >>> check_toml_nesting(Path("x.toml"), 'a = "[[[[[[[[[[[["  # [[[[[[[[[[[[\\nb = [[1]]\\n')
    >>> check_toml_nesting(Path("x.toml"), "a = 1\\nb = " + "[" * 11 + "]" * 11)
    Traceback (most recent call last):
    ...
    rulebook.errors.BookError: x.toml:2: arrays, inline tables or dotted keys nested more ...
    """
    line = 1
    depth = 0  # arrays and inline tables open (and the brackets of a header)
    table = 0  # how deep the last [table] or [[array]] header puts the keys below it
    dots = 0  # dots of the header being read, or of the keys since the line began
    in_key = True  # where a key may stand: a line's start, after '{' or after ','
    in_header = False
    opened: list[str] = []
    at = 0
    while True:
        found = TOML_MARK.search(text, at)
        if found is None:
            return
        mark, at = found.group(), found.end()
        if mark in ('"""', "'''"):
            close = text.find(mark, at)
            while close > 0 and mark == '"""' and not even_escapes(text, close):
                close = text.find(mark, close + 1)  # an escaped quote does not close
            close = len(text) if close < 0 else close
            line += text.count("\n", at, close)
            at = close + 3
            while at < len(text) and text[at] == mark[0] and at - close < 5:
                at += 1  # up to two quotes of the string before the closing three
            continue
        if mark in ('"', "'"):
            end = TOML_STRING_END[mark].match(text, at)
            assert end is not None  # it ends at a quote, at the line's end or at the text's
            at = end.end()
            if end.group(1) == "\n":
                line += 1
                if depth == 0:
                    in_key, dots = True, 0
            continue
        if mark == "#":
            newline = text.find("\n", at)
            at = len(text) if newline < 0 else newline
            continue
        if mark == "\n":
            line += 1
            if depth == 0:
                in_key, dots = True, 0
            continue
        if mark == "." and (in_key or in_header):
            dots += 1
        elif mark == "=":
            in_key = False
        elif mark in "[{":
            if mark == "[" and depth == 0 and in_key:  # a [table] or [[array]] header
                in_header, table, dots = True, 0, 0
            depth += 1
            opened.append(mark)
            in_key = mark == "{"
        elif mark in "]}":
            if in_header:
                table = max(table, depth + dots)
            depth = max(depth - 1, 0)
            if opened:
                opened.pop()
            if depth == 0 and in_header:
                in_header, dots = False, 0
        elif mark == ",":
            in_key = bool(opened) and opened[-1] == "{"
        if (0 if in_header else table) + depth + dots > MAX_TOML_NESTING:
            raise BookError(
                path,
                line,
                f"arrays, inline tables or dotted keys nested more than {MAX_TOML_NESTING} "
                "deep (the limit of a TOML file of the book): flatten them",
            )


def even_escapes(text: str, end: int) -> bool:
    """Whether the backslashes just before ``end`` pair off (escape one another).

    >>> even_escapes('a\\\\\\\\"', 3), even_escapes('a\\\\"', 2)
    (True, False)
    """
    count = 0
    while end - count - 1 >= 0 and text[end - count - 1] == "\\":
        count += 1
    return count % 2 == 0
