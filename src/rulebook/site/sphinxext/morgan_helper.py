"""The ``{morgan-turn}`` directive: a solo player's helper at the table. Morgan's level, his
score and his rolls as they come, in the book's words; run in the page, it says when he stops
(or that he has not stopped yet), what he scores, and the rules that gave it. Its code comes
from ``site/try_it.py``, never from a rules file: a rules file's text is data, never run."""

from docutils import nodes
from sphinx.application import Sphinx

from rulebook.site.config import text
from rulebook.site.sphinxext.book_source import GameDirective, book_of
from rulebook.site.sphinxext.html_templates import html_block
from rulebook.site.try_it import MORGAN_TURN, can_try


class MorganTurnDirective(GameDirective):
    def run(self) -> list[nodes.Node]:
        game, _ = self.game()
        lang = self.env.config.language or "en"
        if not can_try(book_of(self.env).root):
            return []
        return [
            html_block(
                "try.html", lang, ("no-search",), anchor="morgan-turn", module=game.module,
                rule=MORGAN_TURN, slug=game.slug, title=text(lang, "morgan_title"),
            )
        ]  # fmt: skip


def setup_morgan_helper(app: Sphinx) -> None:
    app.add_directive("morgan-turn", MorganTurnDirective)
