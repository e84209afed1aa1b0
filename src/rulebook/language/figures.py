"""A large whole number as each language groups its digits, so that a reader counts no
nines: a companion's refusal may name a generous bound (a draw number up to 999 999 999).

English groups by thousands with a comma from 1,000 on (British house styles: "1,000",
"99,999"); French with a narrow non-breaking space (U+202F, which no line break splits)
from 10 000 on, a number of 4 digits staying whole (« 9999 »), as French typography does.

Our own few lines rather than Babel's ``format_decimal`` (a dependency of the site): the
companions that call this run in the reader's browser, in Pyodide, which has no Babel.
"""

from rulebook.language.catalogs import Lang

NARROW_NBSP = "\u202f"


def grouped(n: int, lang: Lang) -> str:
    """``n`` in figures, its digits grouped by thousands as ``lang`` writes them.

    >>> grouped(999_999_999, "en"), grouped(999_999_999, "fr") == "999\\u202f999\\u202f999"
    ('999,999,999', True)
    >>> grouped(9999, "en"), grouped(9999, "fr"), grouped(99_999, "fr") == "99\\u202f999"
    ('9,999', '9999', True)
    >>> grouped(999, "en"), grouped(999, "fr"), grouped(-12_000, "en")
    ('999', '999', '-12,000')
    """
    if lang != "fr":
        return f"{n:,}"
    if abs(n) < 10_000:
        return str(n)
    return f"{n:,}".replace(",", NARROW_NBSP)
