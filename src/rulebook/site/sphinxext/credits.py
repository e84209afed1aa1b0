"""The ``{credits}`` directive: who wrote the variant, who translated it, where it comes from."""

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from rulebook.site.config import text
from rulebook.site.pdf import WORDS, pdf_href
from rulebook.site.sphinxext.book_source import book_of, note_sources
from rulebook.site.try_it import has_companion


class CreditsDirective(SphinxDirective):
    has_content = True

    def run(self) -> list[nodes.Node]:
        lang = self.env.config.language or "en"
        book = book_of(self.env)
        slug = self.env.metadata.get(self.env.docname, {}).get("game", self.env.docname)
        game = book.game(str(slug))
        note_sources(self.env, book, game.slug)
        values = game.provenance.values if game.provenance else {}
        box = nodes.container(classes=["rb-credits"])
        for key in ("origin", "translator_fr", "edition"):
            if f"{key}.{lang}" in values:
                box += nodes.paragraph(text=values[f"{key}.{lang}"])
        if has_companion(book, game):  # for the table, before the reading aids
            box += nodes.paragraph(
                "", "", nodes.reference("", text(lang, "companion_link"),
                                        refuri=f"companion/{game.slug}.html"),
                classes=["rb-companion-link"],
            )  # fmt: skip
        links = nodes.paragraph(classes=["rb-credits-links"])
        if self.env.config.rulebook_pdf:  # printed after the build, where Chromium is
            links += nodes.reference("", WORDS[lang]["link"], refuri=pdf_href(game.slug))
            links += nodes.Text(" · ")
        links += nodes.reference(
            "", text(lang, "corrections_of"), refuri=f"corrections/{game.slug}.html"
        )
        box += links
        return [box]


def setup_credits(app: Sphinx) -> None:
    app.add_directive("credits", CreditsDirective)
