"""The ``{credits}`` directive: who wrote the variant, who translated it, where it comes from;
then the links for the table (companion, player aid) and to the print edition (A4, US Letter),
and what only paper shows (the page's QR code, the editor's notes explained once)."""

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from rulebook.language import lang_of, text
from rulebook.site.pdf import PAPERS, pdf_href
from rulebook.site.sphinxext.book_source import book_of, note_sources
from rulebook.site.sphinxext.print_parts import has_aid, notes_legend, qr_figure
from rulebook.site.try_it import has_companion


class CreditsDirective(SphinxDirective):
    has_content = True

    def run(self) -> list[nodes.Node]:
        lang = lang_of(self.env.config.language)
        book = book_of(self.env)
        slug = self.env.metadata.get(self.env.docname, {}).get("game", self.env.docname)
        game = book.game(str(slug))
        note_sources(self.env, book, game.slug)
        values = game.provenance.values if game.provenance else {}
        box = nodes.container(classes=["rb-credits"])
        box += qr_figure(lang, f"{self.env.docname}.html")
        for key in ("origin", "translator_fr", "edition"):
            if f"{key}.{lang}" in values:
                box += nodes.paragraph(text=values[f"{key}.{lang}"])
        if has_companion(book, game):  # for the table, before the reading aids
            box += nodes.paragraph(
                "", "", nodes.reference("", text(lang, "companion_link"),
                                        refuri=f"companion/{game.slug}.html"),
                classes=["rb-companion-link"],
            )  # fmt: skip
        if has_aid(self.env, game.slug):
            box += nodes.paragraph(
                "", "", nodes.reference("", text(lang, "aid_link"), refuri=f"aid/{game.slug}.html"),
                classes=["rb-aid-link"],
            )  # fmt: skip
        links = nodes.paragraph(classes=["rb-credits-links"])
        if self.env.config.rulebook_pdf:  # printed after the build, where Chromium is
            for paper in PAPERS:
                words = text(lang, f"pdf_{paper}")
                links += nodes.reference("", words, refuri=pdf_href(game.slug, paper))
                links += nodes.Text(" · ")
        links += nodes.reference(
            "", text(lang, "corrections_of"), refuri=f"corrections/{game.slug}.html"
        )
        box += links
        return [box, *notes_legend(book, game, lang)]


def setup_credits(app: Sphinx) -> None:
    app.add_directive("credits", CreditsDirective)
