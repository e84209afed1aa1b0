"""Page titles with the spaces the pages give them. The theme puts every title it writes in a
page's head (``<title>``, the link previews, the next and previous pages) through Jinja's
``striptags``, which folds every space into an ordinary one, the no-break spaces of French
typography too: « Port Royal, le jeu de dés : solo », where a line may break before the
colon. The book's own filter folds the ordinary spaces only."""

import re

from markupsafe import Markup
from sphinx.application import Sphinx

BLANKS = re.compile(r"[ \t\n\r\f\v]+")  # not U+00A0 nor U+202F, which str.split() folds
COMMENTS = re.compile(r"<!--.*?-->", re.DOTALL)
TAGS = re.compile(r"<.*?>", re.DOTALL)


def strip_tags(value: object) -> str:
    """The text of some HTML on one line, as Jinja's ``striptags`` gives it, no-break spaces
    kept.

    >>> strip_tags("<em>Port Royal</em>, le jeu de dés\\u00a0: solo\\n &amp; Morgan")
    'Port Royal, le jeu de dés\\xa0: solo & Morgan'
    """
    text = TAGS.sub("", COMMENTS.sub("", str(value)))
    return Markup(BLANKS.sub(" ", text).strip()).unescape()


def keep_no_break_spaces(app: Sphinx) -> None:
    templates = getattr(app.builder, "templates", None)
    environment = getattr(templates, "environment", None)
    if environment is not None:
        environment.filters["striptags"] = strip_tags


def setup_page_titles(app: Sphinx) -> None:
    app.connect("builder-inited", keep_no_break_spaces)
