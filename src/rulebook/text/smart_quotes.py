"""Curly quotes, apostrophes and dashes for text the book writes straight (docs/style.md:
the source writes ``'`` and ``"``; what a reader reads is curled, on the site by Sphinx's
smart quotes, in the PDFs and in the forum quotes by this same docutils routine)."""

from functools import lru_cache

from docutils.utils.smartquotes import smartyPants

from rulebook.language import Lang


@lru_cache(maxsize=4096)
def smart(value: str, lang: Lang) -> str:
    """``value`` with the quotes, apostrophes and dashes that Sphinx's smart quotes give the
    pages (the same docutils routine, in the page's language).

    >>> print(smart("The pirate's " + '"home base"', "en"))
    The pirate’s “home base”
    >>> print(smart("l'idée", "fr"))
    l’idée
    """
    return str(smartyPants(value, "qDe", lang))
