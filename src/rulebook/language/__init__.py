"""Each language's words in one place, and what a language is.

The book has two languages (``Lang``: ``"fr"``, the reference text, and ``"en"``). Each has a
catalog, a module of plain data (``fr``, ``en``): its name, its locale, and every word the
tools write in it (the site's interface, the PDFs' margins, the footer, the files ``rulebook
new`` drafts), read with ``text(lang, key)``. The site, the PDFs, the checks and the command
line all read it; the rules themselves are the book's files. French punctuation spacing is
set by ``punctuation`` (and ``spaced``, for text written with plain spaces); whether a count
takes the singular, by ``singular``; a large number's digits grouped, by ``grouped``.

Python modules rather than data files: they are read with the code, in a reader's browser
too (a game's companion speaks through ``punctuation``: the package ships in each game's
code zip, and needs nothing beyond the standard library), mypy holds both catalogs to the
same fields, and nothing is parsed at start-up. The lowest layer: it imports nothing of
the book's.
"""

from rulebook.language.catalogs import (
    LANGUAGES,
    Catalog,
    Lang,
    catalog,
    is_lang,
    lang_of,
    other_language,
    text,
)
from rulebook.language.figures import grouped
from rulebook.language.plurals import singular
from rulebook.language.spacing import punctuation, spaced

__all__ = [
    "LANGUAGES", "Catalog", "Lang", "catalog", "grouped", "is_lang", "lang_of", "other_language",
    "punctuation", "singular", "spaced", "text",
]  # fmt: skip
