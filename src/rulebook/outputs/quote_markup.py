"""A rule's markdown rendered for a forum: BBCode (phpBB) or Markdown, structure kept.

The rule body is parsed with the extractor's own markdown-it parser, and its tokens are
rendered by a small writer per format: paragraphs, emphasis, lists and tables keep their
shape. Everything that comes from the text is data: a ``[`` cannot open a BBCode tag (a word
joiner follows it), Markdown punctuation is backslash-escaped, raw HTML is quoted as text and a
link keeps its target only when it is ``http``, ``https`` or ``mailto``.

markdown-it-py has renderers for HTML only (and mdformat for Markdown, which would pass raw
HTML and ``javascript:`` links through unchanged), so the two forum writers are ours.
"""

import re
from dataclasses import dataclass, field

from markdown_it.token import Token

from rulebook.book.extract import markdown
from rulebook.language import Lang, punctuation
from rulebook.text.reading import curled

SAFE_SCHEMES = ("http://", "https://", "mailto:")
WORD_JOINER = "\u2060"
MD_SPECIAL = re.compile(r"([\\`*_\[\]<>|#!~])")
MD_LINE_START = re.compile(r"^(\s*)([-+]|\d+[.)])(\s)")


def safe_href(href: str) -> str | None:
    """A link target a forum may follow: http(s) or mailto, else nothing.

    >>> safe_href("https://example.org/a"), safe_href(" JavaScript:alert(1)")
    ('https://example.org/a', None)
    """
    cleaned = "".join(ch for ch in href if ch.isprintable() and not ch.isspace())
    return href.strip() if cleaned.lower().startswith(SAFE_SCHEMES) else None


def bbcode_text(text: str) -> str:
    """Text that BBCode shows as written: no ``[`` can open or close a tag.

    >>> bbcode_text("[/quote][url=x]") == "[\u2060/quote][\u2060url=x]"
    True
    """
    return text.replace("[", "[" + WORD_JOINER)


def markdown_text(text: str) -> str:
    r"""Text that Markdown shows as written: its punctuation escaped.

    >>> print(markdown_text("<script> *a* [b](javascript:x) | c"))
    \<script\> \*a\* \[b\](javascript:x) \| c
    """
    return MD_SPECIAL.sub(r"\\\1", text)


@dataclass
class Table:
    rows: list[list[str]] = field(default_factory=list)
    header_rows: int = 0


@dataclass
class List:
    ordered: bool
    start: int
    marker: str  # the source's: "-", "*" or "+", "." or ")"; two lists in a row stay two
    items: list[str] = field(default_factory=list)


@dataclass
class Writer:
    """Walks the tokens of a rule body; ``bbcode`` picks the format."""

    bbcode: bool
    lang: Lang
    blocks: list[str] = field(default_factory=list)
    lists: list[List] = field(default_factory=list)
    table: Table | None = None
    in_head: bool = False

    def text(self, value: str) -> str:
        return bbcode_text(value) if self.bbcode else markdown_text(value)

    def inline(self, token: Token) -> str:
        # Curled as one run, then escaped: a curled mark is never markup, and an escape's
        # backslash or word joiner would be read as the character before a quote.
        out: list[str] = []
        hrefs: list[str | None] = []
        for child, words in curled(token, self.lang):
            kind = child.type
            if kind in ("text", "myst_role"):
                out.append(self.text(words))  # as the site shows it ({ed}: in its brackets)
            elif kind in ("code_inline", "html_inline", "image"):
                out.append(self.text(child.content))
            elif kind in ("softbreak", "hardbreak"):
                out.append(" ")
            elif kind in ("strong_open", "strong_close", "em_open", "em_close"):
                out.append(self.emphasis(kind))
            elif kind == "link_open":
                hrefs.append(safe_href(str(child.attrs.get("href", ""))))
                out.append(self.link(hrefs[-1], closing=False))
            elif kind == "link_close":
                out.append(self.link(hrefs.pop(), closing=True))
        return "".join(out)

    def emphasis(self, kind: str) -> str:
        if self.table is not None:
            return ""  # cells are plain: a BBCode table is monospaced text
        strong, closing = kind.startswith("strong"), kind.endswith("close")
        if self.bbcode:
            return f"[{'/' if closing else ''}{'b' if strong else 'i'}]"
        return "**" if strong else "*"

    def link(self, href: str | None, closing: bool) -> str:
        if href is None or self.table is not None:
            return ""
        if self.bbcode:
            return "[/url]" if closing else f"[url={bbcode_text(href)}]"
        return f"]({href.replace(')', '%29').replace(' ', '%20')})" if closing else "["

    def feed(self, tokens: list[Token]) -> str:
        for token in tokens:
            self.block(token)
        return "\n\n".join(b for b in self.blocks if b)

    def block(self, token: Token) -> None:
        kind = token.type
        if kind in ("bullet_list_open", "ordered_list_open"):
            ordered = kind.startswith("ordered")
            start = int(token.attrs.get("start", 1)) if ordered else 1
            self.lists.append(List(ordered, start, token.markup or ("." if ordered else "-")))
        elif kind in ("bullet_list_close", "ordered_list_close"):
            self.add(render_list(self.lists.pop(), self.bbcode), tight=True)
        elif kind == "list_item_open":
            self.lists[-1].items.append("")
        elif kind == "table_open":
            self.table = Table()
        elif kind in ("thead_open", "thead_close"):
            self.in_head = kind == "thead_open"
        elif kind == "tr_open" and self.table is not None:
            self.table.rows.append([])
            self.table.header_rows += self.in_head
        elif kind == "table_close" and self.table is not None:
            table, self.table = self.table, None
            self.add(render_table(table, self.bbcode, self.lang))
        elif kind == "inline" and self.table is not None:
            self.table.rows[-1].append(self.inline(token))
        elif kind == "inline":
            text = self.inline(token)
            self.add(text if self.bbcode else MD_LINE_START.sub(r"\1\\\2\3", text))
        elif kind in ("html_block", "fence", "code_block"):
            self.add(self.text(token.content.strip()))

    def add(self, rendered: str, tight: bool = False) -> None:
        """A paragraph, list or table: a block of its own, or part of the open list item.

        In Markdown, a paragraph or table after another block of the same item follows a blank
        line, or it would run on into the paragraph before; a list inside an item follows its
        first line directly (``tight``), and the item's lines are indented under it when the
        list that holds it is written (``markdown_item``).
        """
        if self.lists:
            items = self.lists[-1].items
            between = "\n" if self.bbcode or tight else "\n\n"
            items[-1] = f"{items[-1]}{between}{rendered}" if items[-1] else rendered
        else:
            self.blocks.append(rendered)


def render_list(found: List, bbcode: bool) -> str:
    """A list as ``[list][*]`` (BBCode: a list inside an item is a ``[list]`` inside its
    ``[*]``, as phpBB nests them) or Markdown items; numbered lines keep their numbers."""
    if not bbcode:
        markers = [
            f"{found.start + n}{found.marker}" if found.ordered else found.marker
            for n in range(len(found.items))
        ]
        return "\n".join(map(markdown_item, markers, found.items))
    if found.ordered and found.start != 1:
        lines = [f"{found.start + n}. {item}" for n, item in enumerate(found.items)]
        return "\n".join(lines)
    items = "".join(f"\n[*]{item}" for item in found.items)
    return f"[list{'=1' if found.ordered else ''}]{items}\n[/list]"


def markdown_item(marker: str, item: str) -> str:
    r"""A Markdown list item: its lines after the first indented to its text, so that a list,
    paragraph or table inside it stays inside it (CommonMark nests by indentation).

    >>> print(markdown_item("1.", "Roll.\n- again\n- stop"))
    1. Roll.
       - again
       - stop
    """
    first, *rest = item.split("\n")
    indent = " " * (len(marker) + 1)
    return "\n".join([f"{marker} {first}", *(indent + line if line else "" for line in rest)])


# A BBCode table wider than this is quoted as a list, a row per item: phpBB has no table, and a
# monospaced block this wide scrolls sideways on a phone.
CODE_TABLE_WIDTH = 60


def render_table(table: Table, bbcode: bool, lang: Lang) -> str:
    """A table as aligned monospaced text or a list of rows (BBCode), or as a
    GitHub-flavoured Markdown table."""
    width = max(len(row) for row in table.rows)
    rows = [row + [""] * (width - len(row)) for row in table.rows]
    if bbcode:
        sizes = [max(len(row[c]) for row in rows) for c in range(width)]
        if sum(sizes) + 3 * (width - 1) > CODE_TABLE_WIDTH:
            return table_as_list(rows, max(table.header_rows, 1), lang)
        lines = [" | ".join(cell.ljust(sizes[c]) for c, cell in enumerate(row)) for row in rows]
        rule = "-+-".join("-" * size for size in sizes)
        head = max(table.header_rows, 1)
        lines = [line.rstrip() for line in [*lines[:head], rule, *lines[head:]]]
        return "[code]" + "\n".join(lines) + "[/code]"
    lines = ["| " + " | ".join(cell or " " for cell in row) + " |" for row in rows]
    lines.insert(1, "|" + "|".join(" --- " for _ in range(width)) + "|")
    return "\n".join(lines)


def table_as_list(rows: list[list[str]], head: int, lang: Lang) -> str:
    """Each row an item: its first cell in bold, then each other cell after its heading."""
    colon, semicolon = f"{punctuation(lang, ':')} ", f"{punctuation(lang, ';')} "
    headings = [" ".join(filter(None, column)) for column in zip(*rows[:head], strict=True)]
    items = []
    for row in rows[head:]:
        cells = [f"{h}{colon}{c}" if h else c for h, c in zip(headings[1:], row[1:], strict=True)]
        items.append(f"\n[*][b]{row[0]}[/b] — {semicolon.join(cells)}")
    return f"[list]{''.join(items)}\n[/list]"


def render(body: str, bbcode: bool, lang: Lang) -> str:
    """A rule body (MyST markdown) as BBCode or as Markdown."""
    return Writer(bbcode, lang).feed(markdown().parse(body))
