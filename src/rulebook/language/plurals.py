"""Whether a count takes the singular, in each language: the one rule the companions' counted
words follow (``kit.companion.Say.counted``).

French puts 0 and 1 in the singular (« 0 point », « 1 point », « 2 points »); English puts 1
alone (0 points, 1 point, 2 points). These are CLDR's plural rules for the two languages
(French: ``i = 0,1``; English: ``i = 1 and v = 0``), for whole numbers; tests/test_language.py
holds this function to Babel's reading of CLDR. Written here rather than read from Babel: this
package runs in the reader's browser with a companion, and needs nothing beyond the standard
library there.
"""

from rulebook.language.catalogs import Lang


def singular(lang: Lang, n: int) -> bool:
    """Whether ``n`` things take the singular in ``lang``.

    >>> [singular("fr", n) for n in (0, 1, 2)]
    [True, True, False]
    >>> [singular("en", n) for n in (0, 1, 2)]
    [False, True, False]
    """
    return n == 1 or (lang == "fr" and n == 0)
