"""The home page's lists, in the page's language: ``{game-list}``, the games a player reads,
each with what the variant is (one line from its provenance); ``{review-list}``, the pages a
proof-reader works from, kept apart from the games; ``{source-credits}``, who wrote and
translated each source."""

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from rulebook.book.model import Game
from rulebook.site.config import COLON, text
from rulebook.site.sphinxext.book_source import book_of
from rulebook.site.sphinxext.footer import source_lines
from rulebook.site.try_it import has_companion

WORDS = {
    "fr": {"by_game": "Par variante", "whole": "Tout le livre"},
    "en": {"by_game": "Game by game", "whole": "The whole book"},
}


def what_it_is(game: Game, lang: str) -> str:
    """The variant in one line: its origin as its provenance records it."""
    return next(iter(source_lines(game, lang)), "")


def link(label: str, uri: str) -> nodes.reference:
    return nodes.reference("", label, refuri=uri, internal=True)


def paragraph(classes: list[str], *children: nodes.Node) -> nodes.paragraph:
    para = nodes.paragraph(classes=classes)
    para.extend(children)
    return para


class GameListDirective(SphinxDirective):
    def run(self) -> list[nodes.Node]:
        lang = self.env.config.language or "en"
        items = nodes.bullet_list(classes=["rb-games"])
        for game in book_of(self.env).games:
            self.env.note_dependency(str(game.fr.path))
            if game.provenance:
                self.env.note_dependency(str(game.provenance.path))
            rules_file = game.fr if lang == "fr" or game.en is None else game.en
            item = nodes.list_item()
            item += paragraph(["rb-game-title"], link(rules_file.title, f"{game.slug}.html"))
            item += nodes.paragraph(text=what_it_is(game, lang), classes=["rb-game-what"])
            count = f"{len(rules_file.rules)} {text(lang, 'rules_count')}"
            more = nodes.paragraph(text=count, classes=["rb-game-more"])
            if has_companion(book_of(self.env), game):
                more += nodes.Text(" · ")
                more += link(text(lang, "companion_link"), f"companion/{game.slug}.html")
            item += more
            items += item
        return [items]


class ReviewListDirective(SphinxDirective):
    def run(self) -> list[nodes.Node]:
        lang = self.env.config.language or "en"
        words = WORDS.get(lang, WORDS["en"])
        whole = nodes.bullet_list()
        for label, uri in (
            (text(lang, "traceability"), "traceability.html"),
            (text(lang, "glossary"), "glossary.html"),
            (text(lang, "export"), "../rules.json"),
        ):
            whole += nodes.list_item("", paragraph([], link(label, uri)))
        by_game = nodes.bullet_list()
        for game in book_of(self.env).games:
            rules_file = game.fr if lang == "fr" or game.en is None else game.en
            by_game += nodes.list_item(
                "",
                paragraph(
                    [],
                    nodes.Text(rules_file.title + COLON[lang]),
                    link(text(lang, "corrections").lower(), f"corrections/{game.slug}.html"),
                    nodes.Text(" · "),
                    link(text(lang, "side_by_side").lower(), f"side-by-side/{game.slug}.html"),
                ),
            )
        return [
            nodes.paragraph(text=words["whole"], classes=["rb-review-group"]),
            whole,
            nodes.paragraph(text=words["by_game"], classes=["rb-review-group"]),
            by_game,
        ]


class SourceCreditsDirective(SphinxDirective):
    """Each game's source: who wrote it and who translated it, as its provenance records."""

    def run(self) -> list[nodes.Node]:
        lang = self.env.config.language or "en"
        items = nodes.bullet_list(classes=["rb-source-credits"])
        for game in book_of(self.env).games:
            rules_file = game.fr if lang == "fr" or game.en is None else game.en
            item = nodes.list_item()
            item += paragraph(["rb-game-title"], link(rules_file.title, f"{game.slug}.html"))
            for line in source_lines(game, lang):
                item += nodes.paragraph(text=line)
            items += item
        return [items]


def setup_home(app: Sphinx) -> None:
    app.add_directive("source-credits", SourceCreditsDirective)
    app.add_directive("game-list", GameListDirective)
    app.add_directive("review-list", ReviewListDirective)
