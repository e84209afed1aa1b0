"""The theme's interface words in the page's language, from the catalogs.

furo writes a few words through gettext ("Skip to content", "Back to top") and a few as
literals, which ``templates/page.html`` passes through gettext too. Sphinx's own catalog of
a language lacks them, or words them otherwise: the catalog's ``theme`` table (English word
to the language's) is laid over Sphinx's translations once the configuration is read, before
the builder gives the templates their ``_()``. No ``.po`` or ``.mo`` file is kept, nor
written into the book's folders.
"""

import gettext
from collections.abc import Mapping

import sphinx.locale
from sphinx.application import Sphinx
from sphinx.config import Config

from rulebook.language import catalog, lang_of


class ThemeWords(gettext.NullTranslations):
    """``words`` first, then the translations it is laid over.

    >>> sphinx_own = gettext.NullTranslations()
    >>> words = ThemeWords({"Back to top": "Haut de page"}, sphinx_own)
    >>> words.gettext("Back to top"), words.gettext("Search")
    ('Haut de page', 'Search')
    """

    def __init__(self, words: Mapping[str, str], under: gettext.NullTranslations) -> None:
        super().__init__()
        self.words = words
        self.add_fallback(under)

    def gettext(self, message: str) -> str:
        return self.words.get(message) or super().gettext(message)


def lay_theme_words(app: Sphinx, config: Config) -> None:
    words = catalog(lang_of(config.language)).theme
    if words:
        app.translator = ThemeWords(words, app.translator)
        # and for what the theme's and Sphinx's Python code translates (sphinx.locale._)
        sphinx.locale.translators["sphinx", "sphinx"] = app.translator


def setup_theme_words(app: Sphinx) -> None:
    app.connect("config-inited", lay_theme_words)
