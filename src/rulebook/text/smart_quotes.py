"""Curly quotes, apostrophes and dashes for text the book writes straight (docs/style.md:
the source writes ``'`` and ``"``; what a reader reads is curled, on the site by Sphinx's
smart quotes, in the PDFs and in the forum quotes by this same docutils routine).

One mending of docutils' reading, in French: a ``'`` after a letter is always an apostrophe
(French quotes with « », never with ``'``), but docutils takes one followed by no letter
for a closing quote, which French sets as ”: "l'« Extra »", or "l'" before a link or a
``{nq}`` role, read "l”« Extra »" and "l”étape 2". ``apostrophes`` sets it first.
"""

import re
from collections.abc import Iterable, Mapping
from functools import lru_cache

from docutils.utils.smartquotes import educate_tokens, smartyPants

from rulebook.language import Lang

APOSTROPHE = "\u2019"
_AFTER_LETTER = re.compile(r"(?<=\w)'")


def apostrophes(value: str, lang: Lang) -> str:
    """In French, each ``'`` that follows a letter made an apostrophe, whatever follows it.

    >>> print(apostrophes("l'« Extra », l'", "fr"), apostrophes("the 'Extra'", "en"))
    l’« Extra », l’ the 'Extra'
    """
    return _AFTER_LETTER.sub(APOSTROPHE, value) if lang == "fr" else value


@lru_cache(maxsize=4096)
def smart(value: str, lang: Lang) -> str:
    """``value`` with the quotes, apostrophes and dashes that Sphinx's smart quotes give the
    pages (the same docutils routine, in the page's language).

    >>> print(smart("The pirate's " + '"home base"', "en"))
    The pirate’s “home base”
    >>> print(smart("l'idée, l'« Extra »", "fr"))
    l’idée, l’« Extra »
    """
    return str(smartyPants(apostrophes(value, lang), "qDe", lang))


def smart_words(words: Mapping[str, str], lang: Lang) -> dict[str, str]:
    """Each of a table's words curled (the chain's words for the code's values, written
    straight like every source).

    >>> smart_words({"ai_cities": "artificial player's cities"}, "en")
    {'ai_cities': 'artificial player’s cities'}
    """
    return {key: smart(said, lang) for key, said in words.items()}


def smart_run(pieces: Iterable[str], lang: Lang) -> list[str]:
    """The pieces of one paragraph (its text split by markup: emphasis, a link, a role)
    curled together, as Sphinx curls a paragraph's text nodes: each quote read with the
    character before it, even when that ends the piece before. Curled one by one, the
    closing quote of ``"**Step 3**"`` opened a quote again.

    >>> smart_run(['When the "', "Step 3", '" card'], "en")
    ['When the “', 'Step 3', '” card']
    >>> smart_run(["à l'", "étape 2"], "fr")
    ['à l’', 'étape 2']
    """
    tokens = [("text", apostrophes(piece, lang)) for piece in pieces]
    return [str(each) for each in educate_tokens(tokens, "qDe", lang)]
