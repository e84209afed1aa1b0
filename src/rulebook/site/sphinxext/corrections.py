"""The ``{corrections}`` directive: a game's register, rule by rule, each entry with its
kind and reason, and the lines of the original left out."""

from docutils import nodes
from sphinx.application import Sphinx

from rulebook.book.model import Correction, Game, Rule
from rulebook.site.sphinxext.book_source import GameDirective
from rulebook.site.sphinxext.html_templates import html_block


def entries_of(game: Game, rule: Rule) -> list[Correction]:
    """The register's entries for one rule, in the register's order."""
    register = game.register
    return [c for c in register.corrections if c.rule == rule.id] if register else []


class CorrectionsDirective(GameDirective):
    def run(self) -> list[nodes.Node]:
        game, lang = self.game()
        titles = {r.id: r.title for r in (game.en.rules if lang == "en" and game.en else ())}
        rows = [
            {
                "id": rule.id,
                "title": titles.get(rule.id, rule.title),
                "page": f"../{game.slug}.html",
                "entries": entries_of(game, rule),
            }
            for rule in game.fr.rules
        ]
        left_out = game.register.left_out if game.register else ()
        return [html_block("corrections.html", lang, rows=rows, left_out=left_out)]


def setup_corrections(app: Sphinx) -> None:
    app.add_directive("corrections", CorrectionsDirective)
