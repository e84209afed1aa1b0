"""The ``{side-by-side}`` directive: for a proof-reader, each rule's original lines, cleaned
French and English next to each other, the quoted and corrected words highlighted."""

import re

from docutils import nodes
from sphinx.application import Sphinx

from rulebook.model import Game, Rule
from rulebook.prose import plain_text
from rulebook.site_config import text
from rulebook.sphinxext.book_source import GameDirective
from rulebook.sphinxext.corrections import entry, rule_head


def loose(quote: str) -> str:
    """A pattern for a quote that lets spaces and apostrophes differ in typography.

    >>> bool(re.search(loose("port d'attache"), "port d’attache"))
    True
    """
    parts = [re.sub("['’]", "['’]", re.escape(word)) for word in quote.split()]
    return r"[\s\u00a0\u202f]+".join(parts)


def marked(line: str, quotes: list[str], css: str) -> nodes.paragraph:
    """A paragraph of ``line`` with every occurrence of the quotes wrapped in a mark."""
    para = nodes.paragraph()
    spans = sorted(
        (m.start(), m.end()) for q in quotes if q.strip() for m in re.finditer(loose(q), line)
    )
    at = 0
    for start, end in spans:
        if start < at:
            continue
        para += nodes.Text(line[at:start])
        para += nodes.inline(text=line[start:end], classes=[css])
        at = end
    para += nodes.Text(line[at:])
    return para


def with_heading(rule: Rule) -> list[str]:
    """The rule's lines, after the heading it carries (its words come from the original too)."""
    lines = plain_text(rule).split("\n")
    return [rule.heading, *lines] if rule.heading else lines


def column(label: str, lang: str, paragraphs: list[nodes.paragraph]) -> nodes.container:
    col = nodes.container(classes=["rb-sbs-col"], lang=lang)
    col += nodes.paragraph(text=label, classes=["rb-sbs-label"])
    col.extend(paragraphs)
    return col


def rule_row(game: Game, fr: Rule, en: Rule | None, lang: str) -> nodes.container:
    entries = [c for c in game.register.corrections if c.rule == fr.id] if game.register else []
    row = nodes.container(ids=[fr.id], classes=["rb-sbs"])
    title = en.title if lang == "en" and en else fr.title
    row += rule_head(title, fr.id, f"../{game.slug}.html")
    originals = [
        game.original_lines[n - 1]
        for n in fr.original
        if 0 < n <= len(game.original_lines) and game.original_lines[n - 1].strip()
    ]
    cols = nodes.container(classes=["rb-sbs-cols"])
    cols += column(
        text(lang, "sbs_original"),
        "fr",
        [marked(line, [c.original for c in entries], "rb-was") for line in originals],
    )
    french = with_heading(fr)
    english = with_heading(en) if en else []
    cols += column(
        text(lang, "sbs_french"),
        "fr",
        [marked(line, [c.corrected for c in entries], "rb-now") for line in french],
    )
    cols += column(
        text(lang, "sbs_english"), "en", [nodes.paragraph(text=line) for line in english]
    )
    row += cols
    if entries:
        items = nodes.bullet_list(classes=["rb-sbs-corrections"])
        items.extend(entry(c, lang) for c in entries)
        row += items
    return row


class SideBySideDirective(GameDirective):
    def run(self) -> list[nodes.Node]:
        game, lang = self.game()
        english = {r.id: r for r in game.en.rules} if game.en else {}
        out: list[nodes.Node] = [nodes.paragraph(text=text(lang, "typography"))]
        out += [rule_row(game, fr, english.get(fr.id), lang) for fr in game.fr.rules]
        return out


def setup_side_by_side(app: Sphinx) -> None:
    app.add_directive("side-by-side", SideBySideDirective)
