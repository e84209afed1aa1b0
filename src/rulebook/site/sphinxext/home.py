"""The home page's lists, in the page's language: ``{game-list}``, the games a player reads,
each with what the variant is (one line from its provenance); ``{review-list}``, the pages a
proof-reader works from, kept apart from the games; ``{source-credits}``, who wrote and
translated each source.

``{game-list}`` also puts the book's games in the site's contents (the sidebar), as a hidden
toctree under its ``:caption:``, followed by the pages its ``:also:`` names: a new game's page
joins the contents with no list kept by hand. (A build that keeps its environment reads the
home page again when a page is added or removed: Sphinx does so for a page with a ``:glob:``
toctree, as the home pages' "At the table" and "Proof-reading".)
"""

from collections.abc import Callable
from typing import ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.directives.other import TocTree
from sphinx.util.docutils import SphinxDirective

from rulebook.book.model import Game
from rulebook.language import Lang, lang_of, punctuation, text
from rulebook.site.sphinxext.book_source import book_of, note_rules_files
from rulebook.site.sphinxext.footer import source_lines
from rulebook.site.try_it import has_companion


def what_it_is(game: Game, lang: Lang) -> str:
    """The variant in one line: its origin as its provenance records it."""
    return next(iter(source_lines(game, lang)), "")


def link(label: str, uri: str) -> nodes.reference:
    return nodes.reference("", label, refuri=uri, internal=True)


def paragraph(classes: list[str], *children: nodes.Node) -> nodes.paragraph:
    para = nodes.paragraph(classes=classes)
    para.extend(children)
    return para


class GameListDirective(SphinxDirective):
    option_spec: ClassVar[dict[str, Callable[[str], str]]] = {
        "caption": directives.unchanged_required,  # the contents' caption over the games
        "also": directives.unchanged_required,  # pages the contents list after the games
    }

    def run(self) -> list[nodes.Node]:
        lang = lang_of(self.env.config.language)
        return [self.games(lang), *self.contents()]

    def contents(self) -> list[nodes.Node]:
        """The games' pages in the site's contents: Sphinx's own hidden toctree (it warns of
        a page that does not exist), the games in the book's order, then ``:also:``."""
        pages = [game.slug for game in book_of(self.env).games]
        pages += self.options.get("also", "").split()
        options: dict[str, object] = {"hidden": None}
        if "caption" in self.options:
            options["caption"] = self.options["caption"]
        toctree = TocTree(
            "toctree", [], options, StringList(pages, self.env.docname), self.lineno,
            self.content_offset, self.block_text, self.state, self.state_machine,
        )  # fmt: skip
        return toctree.run()

    def games(self, lang: Lang) -> nodes.bullet_list:
        items = nodes.bullet_list(classes=["rb-games"])
        for game in book_of(self.env).games:
            note_rules_files(self.env, game, lang)  # its title and its count of rules
            if game.provenance:
                self.env.note_dependency(str(game.provenance.path))
            rules_file = game.shown_in(lang)
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
        return items


class ReviewListDirective(SphinxDirective):
    def run(self) -> list[nodes.Node]:
        lang = lang_of(self.env.config.language)
        whole = nodes.bullet_list()
        for label, uri in (
            (text(lang, "traceability"), "traceability.html"),
            (text(lang, "glossary"), "glossary.html"),
            (text(lang, "export"), "../rules.json"),
        ):
            whole += nodes.list_item("", paragraph([], link(label, uri)))
        by_game = nodes.bullet_list()
        for game in book_of(self.env).games:
            note_rules_files(self.env, game, lang)  # the game's title
            rules_file = game.shown_in(lang)
            by_game += nodes.list_item(
                "",
                paragraph(
                    [],
                    nodes.Text(f"{rules_file.title}{punctuation(lang, ':')} "),
                    link(text(lang, "corrections").lower(), f"corrections/{game.slug}.html"),
                    nodes.Text(" · "),
                    link(text(lang, "side_by_side").lower(), f"side-by-side/{game.slug}.html"),
                ),
            )
        return [
            nodes.paragraph(text=text(lang, "whole_book"), classes=["rb-review-group"]),
            whole,
            nodes.paragraph(text=text(lang, "by_game"), classes=["rb-review-group"]),
            by_game,
        ]


class SourceCreditsDirective(SphinxDirective):
    """Each game's source: who wrote it and who translated it, as its provenance records."""

    def run(self) -> list[nodes.Node]:
        lang = lang_of(self.env.config.language)
        items = nodes.bullet_list(classes=["rb-source-credits"])
        for game in book_of(self.env).games:
            note_rules_files(self.env, game, lang)  # the game's title
            if game.provenance:  # who wrote it and who translated it
                self.env.note_dependency(str(game.provenance.path))
            rules_file = game.shown_in(lang)
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
