"""Read a rules file with markdown-it (the parser MyST uses) into typed ``Rule`` records.

A rules file is MyST markdown: front matter, headings, and rule blocks::

    :::{rule} pr-end
    :title: Fin de la partie
    :code: WINNING_SCORE
    :original: 83-85

    La partie se termine dès que vous ou Morgan atteignez 20 points.
    :::

A heading belongs to the first rule that follows it (its words are compared with the
original's heading line). Anything else outside a rule block is reported as stray.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # imported when a file is parsed: a file unchanged since the last run is not
    from markdown_it import MarkdownIt
    from markdown_it.token import Token

from rulebook.book.cache import remembered
from rulebook.book.files import read_text
from rulebook.book.limits import MAX_CITED_LINES, check_blocks, check_nesting
from rulebook.book.model import Located, Rule, RuleKind, RulesFile, Segment, SegmentKind
from rulebook.errors import BookError
from rulebook.language import Lang

RULE_DIRECTIVE = "{rule}"
# The options of a rule block in each language's file: the French (the source of truth) gives
# the rule's code, original lines, kind and place on the player aid; the English its title
# and what it translates. The scanner, the checks and the Sphinx directive read this table.
RULE_OPTIONS: dict[Lang, tuple[str, ...]] = {
    "fr": ("title", "code", "original", "kind", "aid"),
    "en": ("title", "translates"),
}
FRENCH_ONLY_OPTIONS = tuple(o for o in RULE_OPTIONS["fr"] if o not in RULE_OPTIONS["en"])
BREAK = Segment("\n")  # between blocks and cells: inline text joins without one
# Directives of the book's apparatus, allowed outside rule blocks: they hold no rule text.
APPARATUS = ("{credits}",)
NOT_A_QUANTITY_ROLE = "nq"
EDITORS_ROLE = "ed"  # the editors' addition: an answer the source does not give
ROLE_KINDS = {NOT_A_QUANTITY_ROLE: SegmentKind.NQ, EDITORS_ROLE: SegmentKind.ADDED}


@cache
def markdown() -> MarkdownIt:
    from markdown_it import MarkdownIt
    from mdit_py_plugins.colon_fence import colon_fence_plugin
    from mdit_py_plugins.front_matter import front_matter_plugin
    from mdit_py_plugins.myst_role import myst_role_plugin

    return (
        MarkdownIt("commonmark")
        .enable("table")
        .use(front_matter_plugin)
        .use(colon_fence_plugin)
        .use(myst_role_plugin)
    )


def parse_options(content: str) -> tuple[dict[str, str], int]:
    """Split leading ``:key: value`` lines off a directive's content.

    >>> parse_options(":title: Fin\\n:code: A B\\n\\nLa partie…")
    ({'title': 'Fin', 'code': 'A B'}, 3)
    """
    options: dict[str, str] = {}
    lines = content.split("\n")
    used = 0
    for line in lines:
        if not line.startswith(":") or line.count(":") < 2:
            break
        key, _, value = line[1:].partition(":")
        options[key.strip()] = value.strip()
        used += 1
    if options and used < len(lines) and not lines[used].strip():
        used += 1
    return options, used


MAX_ORIGINAL_LINES = MAX_CITED_LINES  # far beyond any original: a range past it is a slip


def parse_line_ranges(text: str) -> tuple[int, ...]:
    """``"3-5, 9"`` → ``(3, 4, 5, 9)``; anything else is a ``ValueError`` saying what to write.

    >>> parse_line_ranges("3-5, 9")
    (3, 4, 5, 9)
    >>> parse_line_ranges("83-x")
    Traceback (most recent call last):
    ...
    ValueError: expected line numbers such as 83-85, 90; '83-x' is not a line or a range
    """
    lines: list[int] = []
    for part in text.replace(" ", "").split(","):
        if not part:
            continue
        low, dash, high = part.partition("-")
        if not low.isdigit() or not (high.isdigit() or not dash):
            raise ValueError(
                f"expected line numbers such as 83-85, 90; {part!r} is not a line or a range"
            )
        first, last = int(low), int(high or low)
        if first < 1 or last < first:
            raise ValueError(f"the range {part} is empty or runs backwards: lines count from 1")
        if len(lines) + last - first >= MAX_ORIGINAL_LINES:
            raise ValueError(f"{part} spans more lines than any original holds")
        lines.extend(range(first, last + 1))
    return tuple(lines)


def option_index(content: str, key: str) -> int:
    """Which line of a directive's content holds the option ``key``."""
    for index, line in enumerate(content.split("\n")):
        if line.startswith(f":{key}:"):
            return index
    return 0


def parse_front_matter(content: str) -> dict[str, str]:
    meta: dict[str, str] = {}
    for line in content.splitlines():
        key, sep, value = line.partition(":")
        if sep:
            meta[key.strip()] = value.strip()
    return meta


def inline_segments(token: Token, raw_html: list[int], line: int) -> Iterator[Segment]:
    for child in token.children or []:
        if child.type in ("text", "code_inline"):
            yield Segment(child.content)
        elif child.type in ("softbreak", "hardbreak"):
            yield Segment(" ")
        elif child.type == "myst_role":
            named = child.meta.get("name")
            yield Segment(child.content, ROLE_KINDS.get(str(named), SegmentKind.TEXT))
        elif child.type == "html_inline":
            raw_html.append(line)
            yield Segment(child.content)


def body_segments(
    tokens: list[Token], raw_html: list[int], line_of: Callable[[int], int]
) -> list[Segment]:
    """The plain text of a rule body, with list numbers and table cells marked
    (``line_of``: the line of the rules file of each line of the parsed text)."""
    segments: list[Segment] = []
    row = col = -1
    for token in tokens:
        line = line_of(token.map[0] if token.map else 0)
        if token.type == "list_item_open" and token.info:
            segments.append(Segment(f"{token.info}{token.markup} ", SegmentKind.MARKER))
        elif token.type == "table_open":
            row = -1
        elif token.type == "tr_open":
            row, col = row + 1, -1
        elif token.type in ("th_open", "td_open"):
            col += 1
        elif token.type == "inline":
            parts = list(inline_segments(token, raw_html, line))
            if row >= 0 and col >= 0:
                text = "".join(p.text for p in parts)
                segments.append(Segment(text, SegmentKind.CELL, row, col))
            else:
                segments.extend(parts)
            segments.append(BREAK)
        elif token.type == "table_close":
            row = col = -1
        elif token.type in ("html_block",):
            raw_html.append(line)
            segments.append(Segment(token.content))
        elif token.type in ("fence", "code_block"):
            segments.append(Segment(token.content))
            if token.info.strip().startswith(("{raw}", "{eval-rst}", "{script}")):
                raw_html.append(line)
    return segments


def row_cells(line: str) -> int:
    """How many cells markdown-it reads in a table row (its own split: an escaped ``\\|``
    is no border, the pipes at either end open and close the row).

    >>> row_cells(r"| a | b \\| c | d |"), row_cells("  a | b"), row_cells("| 0 | 1 | |")
    (3, 2, 3)
    """
    from markdown_it.common.utils import mdTrim
    from markdown_it.rules_block.table import escapedSplit

    cells = escapedSplit(mdTrim(line.lstrip()))
    if cells and cells[0] == "":
        cells.pop(0)
    if cells and cells[-1] == "":
        cells.pop()
    return len(cells)


def is_row(line: str) -> bool:
    """A line written as a table row: it opens with a pipe and holds another."""
    stripped = line.strip()
    return stripped.startswith("|") and stripped.count("|") >= 2


def is_separator(line: str) -> bool:
    """A line of pipes, hyphens and colons: a table's separator row, whatever its count."""
    stripped = line.strip()
    return "-" in stripped and not stripped.strip("|-: \t")


def mend_tables(body: str, tokens: list[Token]) -> tuple[str, list[int], list[tuple[int, str]]]:
    """The body with a separator row under the header of each table markdown-it read as a
    paragraph (its separator row deleted, or with another count of cells than the header):
    the checks then read the table its author meant, and one problem names the markup
    instead of each of its numbers being taken for prose. Returns the mended body, the line
    of ``body`` each of its lines comes from, and the faults (a line of ``body``, what).

    >>> body = "Le tableau.\\n| a | b |\\n| 1 | 2 |"
    >>> mended, origin, faults = mend_tables(body, markdown().parse(body))
    >>> print(mended)
    Le tableau.
    | a | b |
    | --- | --- |
    | 1 | 2 |
    >>> origin, [line for line, _ in faults]
    ([0, 1, 1, 2], [1])
    """
    lines = body.split("\n")
    after: dict[int, str] = {}  # after a header row: the separator row it lacks
    replaced: dict[int, str] = {}  # a separator row of another count, written again
    faults: list[tuple[int, str]] = []
    for token in tokens:
        if token.type != "paragraph_open" or not token.map:
            continue
        start, end = token.map
        i = start
        while i < end:
            if not is_row(lines[i]):
                i += 1
                continue
            header = lines[i]
            count = row_cells(header)
            indent = header[: len(header) - len(header.lstrip())]
            separator = indent + "|" + " --- |" * count
            if i + 1 < end and is_separator(lines[i + 1]):
                written = row_cells(lines[i + 1])
                replaced[i + 1] = separator
                what = f"this table's separator row has {written} cell(s), its header row {count}"
            else:
                after[i] = separator
                what = "this table lacks its separator row (| --- | under the header row)"
            faults.append((i, f"{what}: the page shows the table as a paragraph"))
            i += 1
            while i < end and is_row(lines[i]):
                i += 1
    if not faults:
        return body, list(range(len(lines))), []
    mended: list[str] = []
    origin: list[int] = []
    for number, line in enumerate(lines):
        mended.append(replaced.get(number, line))
        origin.append(number)
        if number in after:
            mended.append(after[number])
            origin.append(number)  # the header's line: a separator row added has none
    return "\n".join(mended), origin, faults


def table_rows(
    tokens: list[Token], lines: list[str], line_of: Callable[[int], int]
) -> tuple[tuple[tuple[int, ...], ...], list[tuple[int, str]]]:
    """The line of each row of each table (``line_of``: a parsed line's line in the rules
    file), and each row whose count of cells is not its header's: markdown-it drops the cells
    past the header's and fills missing ones, so the page would not show what the file says."""
    tables: list[list[int]] = []
    faults: list[tuple[int, str]] = []
    header = 0
    for token in tokens:
        if token.type == "table_open":
            tables.append([])
            header = 0
        elif token.type == "th_open":
            header += 1
        elif token.type == "tr_open" and token.map is not None and tables:
            tables[-1].append(line_of(token.map[0]))
            if len(tables[-1]) == 1:
                continue
            count = row_cells(lines[token.map[0]])
            if count != header:
                page = (
                    "the page drops the cells past the header's"
                    if count > header
                    else "the page fills the row with empty cells"
                )
                faults.append((line_of(token.map[0]), f"this table row has {count} cell(s), "
                               f"its header row {header}: {page}"))  # fmt: skip
    return tuple(tuple(rows) for rows in tables), faults


def read_rules_file(path: Path, lang: Lang) -> RulesFile:
    return parse_rules_text(read_text(path), path, lang)


def parse_rules_text(source: str, path: Path, lang: Lang) -> RulesFile:
    """A rules file's records; parsed once per content (``cache``)."""
    # Key: the file's path (its problems name it), its language and its text.
    return remembered("rules", f"{path}\0{lang}\0{source}", lambda: _parse(source, path, lang))


def _parse(source: str, path: Path, lang: Lang) -> RulesFile:
    md = markdown()
    meta: dict[str, str] = {}
    title = ""
    heading: str | None = None
    rules: list[Rule] = []
    raw_html: list[int] = []
    stray: list[Located] = []
    headings: list[Located] = []
    check_blocks(path, source)  # before markdown-it, which slows down on one long paragraph
    tokens = md.parse(source)
    check_nesting(path, tokens)
    lines = source.split("\n")
    cited = 0  # original lines cited by the rules so far
    i = 0
    while i < len(tokens):
        token = tokens[i]
        line = (token.map[0] + 1) if token.map else 0
        if token.type == "front_matter":
            meta = parse_front_matter(token.content)
        elif token.type == "heading_open":
            heading = tokens[i + 1].content
            headings.append(Located(path, line, heading))
            if token.tag == "h1" and not title:
                title = heading
            i += 3
            continue
        elif token.type == "colon_fence" and token.info.strip().startswith(RULE_DIRECTIVE):
            rule_id = token.info.strip()[len(RULE_DIRECTIVE) :].strip()
            if not rule_id:
                raise BookError(
                    path, line, "a rule block without its ID: write ':::{rule} prefix-words'"
                )
            check_closed(token, lines, path, rule_id)
            rules.append(make_rule(rule_id, token, path, lang, meta, heading, raw_html))
            heading = None
            cited += len(rules[-1].original)
            if cited > MAX_CITED_LINES:
                raise BookError(
                    path,
                    line,
                    f"the rules up to {rule_id} cite more than {MAX_CITED_LINES:,} lines of the "
                    "original in all (the limit of a rules file): check their :original: lines",
                )
        elif token.type == "colon_fence" and token.info.strip() in APPARATUS:
            pass
        elif token.type in ("html_block", "html_inline"):
            raw_html.append(line)
        elif token.map and token.level == 0 and not token.type.endswith("_close"):
            stray.append(Located(path, line, f"{token.type} outside any rule"))
            if token.type == "inline" or token.nesting == 1:
                i = skip_block(tokens, i)
                continue
        i += 1
    html = tuple(Located(path, n, "raw HTML or script") for n in sorted(set(raw_html)))
    return RulesFile(path, lang, meta, title, tuple(rules), html, tuple(stray), tuple(headings))


def check_closed(token: Token, lines: list[str], path: Path, rule_id: str) -> None:
    """A rule block ends with its own ``:::`` line, before the next rule block starts."""
    assert token.map is not None
    start, end = token.map
    opening = re.compile(rf"^{token.markup}:*\{{rule\}}")
    for number in range(start + 1, end):
        if opening.match(lines[number]):
            raise BookError(
                path,
                start + 1,
                f"the rule block {rule_id} is not closed before the next rule "
                f"block (line {number + 1}): add a line '{token.markup}' at the end of its text",
            )
    last = lines[end - 1].strip() if end - 1 < len(lines) else ""
    if end - 1 == start or not (last.startswith(token.markup) and not last.strip(":")):
        raise BookError(
            path,
            start + 1,
            f"the rule block {rule_id} is never closed: add a line "
            f"'{token.markup}' at the end of its text",
        )


def skip_block(tokens: list[Token], i: int) -> int:
    depth = 0
    while i < len(tokens):
        depth += tokens[i].nesting
        i += 1
        if depth <= 0:
            break
    return i


def block_options(path: Path, token: Token, rule_id: str) -> tuple[dict[str, str], int]:
    """A rule block's options and how many lines they take; an option given twice is a
    ``BookError`` at its second line."""
    assert token.map is not None
    options, used = parse_options(token.content)
    given = [line[1:].partition(":")[0].strip() for line in token.content.split("\n")[:used]]
    seen: set[str] = set()  # not given[:index], whose cost grows with the square of its size
    for index, key in enumerate(given):
        if key and key in seen:
            raise BookError(
                path,
                token.map[0] + 2 + index,
                f"`:{key}:` is given twice in the rule block {rule_id}: keep one",
            )
        seen.add(key)
    return options, used


def why_none(option: str) -> str:
    """What an option that says ``none`` gives as its reason, in its brackets.

    >>> why_none("none (a summary)"), why_none("none")
    ('a summary', '')
    """
    return option[len("none") :].strip(" ()")


def original_of(option: str) -> tuple[tuple[int, ...], str | None]:
    """``:original:``'s lines of the source, or, for ``none (why)``, no line and why: an
    addition of the book; a ``ValueError`` saying what to write for anything else.

    >>> original_of("12-14, 20"), original_of("none (a summary)")
    (((12, 13, 14, 20), None), ((), 'a summary'))
    """
    if option.startswith("none"):
        return (), why_none(option) or "added by the book"
    return parse_line_ranges(option), None


def code_of(option: str) -> tuple[tuple[str, ...], str | None]:
    """``:code:``'s names, or, for ``none (why)``, no name and why.

    >>> code_of("points_for_items Level"), code_of("none (a table only)")
    ((('points_for_items', 'Level'), None), ((), 'a table only'))
    """
    if option.startswith("none"):
        return (), why_none(option) or "none"
    return tuple(option.split()), None


def make_rule(
    rule_id: str,
    token: Token,
    path: Path,
    lang: Lang,
    meta: dict[str, str],
    heading: str | None,
    raw_html: list[int],
) -> Rule:
    assert token.map is not None
    options, used = block_options(path, token, rule_id)
    body = "\n".join(token.content.split("\n")[used:])
    body_line = token.map[0] + 2 + used
    tokens = markdown().parse(body)
    check_nesting(path, tokens, body_line)
    read, origin, mended = mend_tables(body, tokens)
    faults = [(body_line + line, what) for line, what in mended]
    if mended:
        tokens = markdown().parse(read)

    def line_of(parsed: int) -> int:
        return body_line + origin[parsed] if parsed < len(origin) else body_line + parsed

    segments = body_segments(tokens, raw_html, line_of)
    table_lines, rows = table_rows(tokens, read.split("\n"), line_of)
    faults += rows
    try:
        original, added = original_of(options.get("original", ""))
    except ValueError as error:
        line = token.map[0] + 2 + option_index(token.content, "original")
        raise BookError(path, line, f"`:original: {options['original']}`: {error}") from None
    code, no_code = code_of(options.get("code", ""))
    return Rule(
        id=rule_id,
        game=meta.get("game", path.stem),
        lang=lang,
        title=options.get("title", ""),
        path=path,
        line_start=token.map[0] + 1,
        line_end=token.map[1],
        body=body,
        body_line=body_line,
        segments=tuple(segments),
        heading=heading,
        code=code,
        no_code=no_code,
        original=original,
        added=added,
        kind=options.get("kind", RuleKind.RULE),
        options=options,
        aid="aid" in options,
        table_lines=table_lines,
        table_faults=tuple(Located(path, line, what) for line, what in sorted(faults)),
    )
