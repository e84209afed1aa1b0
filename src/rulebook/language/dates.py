"""Dates as a reader of each language writes them, in the catalog's locale (Babel's CLDR
data). Not imported by ``rulebook.language`` itself: the companions run that package in the
reader's browser, where Babel is not installed."""

import datetime

from babel.dates import format_date

from rulebook.language.catalogs import Lang, catalog


def long_date(day: datetime.date, lang: Lang) -> str:
    """A date as a reader of the language writes it (the PDFs' edition, a rule's changes):
    French writes the first of a month as an ordinal, « 1er ».

    >>> long_date(datetime.date(2026, 11, 1), "fr"), long_date(datetime.date(2026, 11, 23), "fr")
    ('1er novembre 2026', '23 novembre 2026')
    >>> long_date(datetime.date(2026, 11, 1), "en")
    '1 November 2026'
    """
    written = format_date(day, "long", locale=catalog(lang).locale)
    return "1er" + written[1:] if lang == "fr" and day.day == 1 else written
