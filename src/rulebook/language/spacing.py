"""French punctuation spacing, set by one function: a French sentence puts a non-breaking
space (U+00A0) before ``: ; ! ?`` and inside « », so that no line break strands a mark
(docs/style.md; the typography check holds the book's files to it). English sets none.

Code that writes a mark after a word of a language's text asks ``punctuation`` for it; text
written with plain spaces (a companion's words, a title typed at ``rulebook new``) goes
through ``spaced``. Only the catalogs (``fr``, ``en``) write the space by hand.
"""

import re

from rulebook.language.catalogs import Lang

# The marks French sets apart from the word before them.
HIGH_MARKS = frozenset(":;!?")
NBSP = "\u00a0"
# The spaces French accepts there: the non-breaking space, or its narrow form (U+202F).
FRENCH_SPACES = NBSP + "\u202f"
# What a high mark follows when it ends a word: the typography check's reading too.
WORD_END = r"[\w»)\]]"
# French written with plain spaces or none: a space before a high mark or », a high mark
# glued to its word (then a space, », or the end: not the colon of 12:30 or https://), « with a
# plain space or none after it, » with none before it.
_PLAIN_FRENCH = re.compile(
    rf" ([:;!?»])|(?<={WORD_END})([:;!?])(?=[\s»]|$)|(«) ?(?![{FRENCH_SPACES}])"
    rf"|(?<![ {FRENCH_SPACES}])(»)"
)


def punctuation(lang: Lang, mark: str) -> str:
    """``mark`` as ``lang`` writes it next to a word: a French high mark or closing
    guillemet with its non-breaking space before it, an opening guillemet with its space
    after it; any other mark, and any mark in English, as it is.

    >>> punctuation("fr", ":"), punctuation("en", ":"), punctuation("fr", ",")
    ('\\xa0:', ':', ',')
    >>> punctuation("fr", "«") + "Oui" + punctuation("fr", "»")
    '«\\xa0Oui\\xa0»'
    """
    if lang != "fr":
        return mark
    if mark in HIGH_MARKS or mark == "»":
        return NBSP + mark
    return mark + NBSP if mark == "«" else mark


def spaced(text: str, lang: Lang) -> str:
    """``text``, written with plain spaces or none, with the spaces ``lang`` sets around its
    marks (``punctuation``); a space already non-breaking stays.

    >>> spaced("Et maintenant ? « Oui » : 3 ; non !", "fr") == (
    ...     "Et maintenant\\u00a0? «\\u00a0Oui\\u00a0»\\u00a0: 3\\u00a0; non\\u00a0!")
    True
    >>> spaced("Le phare: solo!", "fr"), spaced("Le phare: solo!", "en")
    ('Le phare\\xa0: solo\\xa0!', 'Le phare: solo!')
    >>> spaced("À 12:30, voir https://x.org", "fr")
    'À 12:30, voir https://x.org'
    >>> spaced("Choisissez «Oui».", "fr") == "Choisissez «\u00a0Oui\u00a0»."
    True
    """
    if lang != "fr":
        return text
    return _PLAIN_FRENCH.sub(lambda found: punctuation(lang, found[found.lastindex or 0]), text)
