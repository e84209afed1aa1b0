"""The ``{game-list}`` directive: the home page's list of games, in the page's language."""

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from rulebook.site_config import text
from rulebook.sphinxext.book_source import book_of


class GameListDirective(SphinxDirective):
    def run(self) -> list[nodes.Node]:
        lang = self.env.config.language or "en"
        items = nodes.bullet_list(classes=["rb-games"])
        for game in book_of(self.env).games:
            self.env.note_dependency(str(game.fr.path))
            rules_file = game.fr if lang == "fr" or game.en is None else game.en
            item = nodes.list_item()
            para = nodes.paragraph()
            para += nodes.reference("", rules_file.title, refuri=f"{game.slug}.html")
            para += nodes.Text(f" ({len(rules_file.rules)} {text(lang, 'rules_count')}, ")
            para += nodes.reference(
                "", text(lang, "corrections").lower(), refuri=f"corrections/{game.slug}.html"
            )
            para += nodes.Text(", ")
            para += nodes.reference(
                "", text(lang, "side_by_side").lower(), refuri=f"side-by-side/{game.slug}.html"
            )
            para += nodes.Text(")")
            item += para
            items += item
        more = nodes.paragraph()
        more += nodes.reference("", text(lang, "traceability"), refuri="traceability.html")
        more += nodes.Text(" · ")
        more += nodes.reference("", text(lang, "glossary"), refuri="glossary.html")
        more += nodes.Text(" · ")
        more += nodes.reference("", text(lang, "export"), refuri="../rules.json")
        return [items, more]


def setup_home(app: Sphinx) -> None:
    app.add_directive("game-list", GameListDirective)
