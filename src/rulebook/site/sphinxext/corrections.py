"""The ``{corrections}`` directive: a game's register, rule by rule, each entry with its
kind and reason, and the lines of the original left out."""

from docutils import nodes
from sphinx.application import Sphinx

from rulebook.site.sphinxext.book_source import GameDirective
from rulebook.site.sphinxext.html_templates import html_block


class CorrectionsDirective(GameDirective):
    def run(self) -> list[nodes.Node]:
        entries, lang = self.entries()
        game = self.game()[0]
        rows = [
            {
                "id": entry.id,
                "title": (entry.rule(lang) or entry.fr).title,
                "page": f"../{game.slug}.html",
                "entries": entry.corrections,
            }
            for entry in entries
        ]
        left_out = game.register.left_out if game.register else ()
        return [html_block("corrections.html", lang, rows=rows, left_out=left_out)]


def setup_corrections(app: Sphinx) -> None:
    app.add_directive("corrections", CorrectionsDirective)
