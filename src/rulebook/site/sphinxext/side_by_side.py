"""The ``{side-by-side}`` directive: for a proof-reader, each rule's original lines, cleaned
French and English next to each other, the quoted and corrected words highlighted."""

from docutils import nodes
from sphinx.application import Sphinx

from rulebook.book.model import Rule
from rulebook.site.sphinxext.book_source import GameDirective
from rulebook.site.sphinxext.html_templates import html_block
from rulebook.text.prose import plain_text

Spans = list[tuple[str, str]]


_SPACES = " \t\n\u00a0\u202f"


def folded(text: str) -> tuple[str, list[int]]:
    """The text with the typography a quote may differ in folded (every run of spaces is one
    space, every apostrophe is '), and the position in ``text`` of each folded character.

    >>> folded("port\u00a0 d’attache")
    ("port d'attache", [0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14])
    """
    chars: list[str] = []
    where: list[int] = []
    for i, char in enumerate(text):
        if char in _SPACES:
            if chars and chars[-1] == " ":
                continue
            char = " "
        chars.append("'" if char == "’" else char)
        where.append(i)
    return "".join(chars), where


def marked(line: str, quotes: list[str], css: str) -> Spans:
    """``line`` as spans of text, each occurrence of the quotes marked with ``css``; spaces
    and apostrophes may differ in typography.

    >>> marked("garda Port Royal comme ville de base.", ["ville de base"], "rb-was")
    [('garda Port Royal comme ', ''), ('ville de base', 'rb-was'), ('.', '')]
    >>> marked("port d’attache", ["port d'attache"], "rb-now")
    [('port d’attache', 'rb-now')]
    """
    text, where = folded(line)
    found = []
    for quote in quotes:
        needle = folded(quote.strip())[0]
        at = text.find(needle) if needle else -1
        while at >= 0:
            found.append((where[at], where[at + len(needle) - 1] + 1))
            at = text.find(needle, at + len(needle))
    parts: Spans = []
    at = 0
    for start, end in sorted(found):
        if start < at:
            continue
        parts += (
            [(line[at:start], ""), (line[start:end], css)]
            if start > at
            else [(line[start:end], css)]
        )
        at = end
    return [*parts, (line[at:], "")] if at < len(line) or not parts else parts


def with_heading(rule: Rule) -> list[str]:
    """The rule's lines, after the heading it carries (its words come from the original too)."""
    lines = plain_text(rule).split("\n")
    return [rule.heading, *lines] if rule.heading else lines


class SideBySideDirective(GameDirective):
    def run(self) -> list[nodes.Node]:
        book_entries, lang = self.entries()
        game = self.game()[0]
        rows = []
        for entry in book_entries:
            fr, en, entries = entry.fr, entry.en, entry.corrections
            originals = [line for _, line in entry.original if line.strip()]
            was = [c.original for c in entries]
            now = [c.corrected for c in entries]
            rows.append({
                "id": fr.id,
                "title": (entry.rule(lang) or fr).title,
                "page": f"../{game.slug}.html",
                "original": [marked(line, was, "rb-was") for line in originals],
                "french": [marked(line, now, "rb-now") for line in with_heading(fr)],
                "english": [[(line, "")] for line in (with_heading(en) if en else [])],
                "entries": entries,
            })  # fmt: skip
        return [html_block("side_by_side.html", lang, rows=rows)]


def setup_side_by_side(app: Sphinx) -> None:
    app.add_directive("side-by-side", SideBySideDirective)
