"""What a game's first page prints and the screen does not show (``rb-print-only``): the QR
code of the page's address, and what each kind of editor's note means, said once (under each
rule, a note is printed short: its kind)."""

from docutils import nodes
from markupsafe import Markup
from sphinx.environment import BuildEnvironment

from rulebook.book import Book
from rulebook.book.model import Game
from rulebook.language import Lang, text
from rulebook.site.config import CONFIG
from rulebook.site.qr import qr_svg
from rulebook.site.sphinxext.html_templates import html_block
from rulebook.site.sphinxext.rule import note_kinds
from rulebook.text.smart_quotes import smart


def page_address(lang: Lang, page: str) -> str:
    """A page's public address (``page`` within the language's folder)."""
    return f"{CONFIG.base_url}{lang}/{page}"


def qr_figure(lang: Lang, page: str) -> nodes.raw:
    """The QR code of a page of the site, printed on the first page."""
    caption = smart(text(lang, "qr_caption"), lang)
    svg = Markup(qr_svg(page_address(lang, page), caption))  # segno's SVG: path data only
    return html_block("print_qr.html", lang, ("no-search",), svg=svg, caption=caption)


def notes_legend(book: Book, game: Game, lang: Lang) -> list[nodes.Node]:
    """Each kind of editor's note the game's rules show, explained once; none when none."""
    kinds = dict.fromkeys(kind for entry in book.entries_in(game) for kind in note_kinds(entry))
    if not kinds:
        return []
    shown = [(kind, sentence(smart(text(lang, f"note_short.{kind}"), lang))) for kind in kinds]
    where = smart(text(lang, "notes_where"), lang).format(
        address=page_address(lang, f"corrections/{game.slug}.html")
    )
    return [html_block("print_notes.html", lang, ("no-search",), kinds=shown, where=where)]


def sentence(words: str) -> str:
    """Words as the start of a line: their first letter a capital.

    >>> sentence("point que la source laisse ouvert")
    'Point que la source laisse ouvert'
    """
    return words[:1].upper() + words[1:]


def has_aid(env: BuildEnvironment, slug: str) -> bool:
    """Whether the game has a player aid page in this build (``aid/<slug>.md``)."""
    return f"aid/{slug}" in env.found_docs
