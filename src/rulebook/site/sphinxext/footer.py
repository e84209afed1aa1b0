"""The footer of every page: who wrote and translated the source of the game the page is
about (from its provenance record), or a pointer to the credits, and the book's licence.

The words are the page's language; the credits are the provenance TOMLs' own sentences, so
the footer says no more and no less than what the book records of each source.
"""

from typing import Any

from sphinx.application import Sphinx

from rulebook.book.model import Game
from rulebook.language import Lang, lang_of, punctuation, text
from rulebook.site.sphinxext.book_source import book_of
from rulebook.text.smart_quotes import smart

# The licence as LICENSE states it; the link is to the licence's own text.
LICENCE_URL = "https://creativecommons.org/licenses/by-sa/4.0/deed."
# Its words: the catalog's ``footer_<key>``.
WORDS = ("source", "others", "credits", "licence", "code")


def game_of(app: Sphinx, pagename: str) -> str | None:
    """The game a page is about: a game page, or its corrections or side-by-side page."""
    slug = app.env.metadata.get(pagename, {}).get("game")
    if slug is None and pagename.startswith(("corrections/", "side-by-side/")):
        slug = pagename.split("/", 1)[1]
    games = {game.slug for game in book_of(app.env).games}
    return str(slug) if slug in games else None


def source_lines(game: Game, lang: Lang) -> list[str]:
    """The source's author and translators, as its provenance records them, with the
    typography of the rest of the site."""
    values = game.provenance.values if game.provenance else {}
    keys = (f"origin.{lang}", f"translator_fr.{lang}")
    return [smart(values[key], lang) for key in keys if key in values]


def add_footer(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: object
) -> None:
    lang = lang_of(app.config.language)
    slug = game_of(app, pagename)
    context["rb_footer"] = {
        "words": {key: smart(text(lang, f"footer_{key}"), lang) for key in WORDS}
        | {"colon": punctuation(lang, ":")},
        "source": source_lines(book_of(app.env).game(slug), lang) if slug else [],
        "licence_url": LICENCE_URL + lang,
    }


def setup_footer(app: Sphinx) -> None:
    app.connect("html-page-context", add_footer)
