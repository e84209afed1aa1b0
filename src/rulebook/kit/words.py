"""Reading the book's own words: a player types rolls and dice as the rules write them, in
French or in English, with or without capitals, accents and articles.

Hand-written rather than a library's: the two languages' articles and list words are all
there is to it (a tokenizer or a fuzzy matcher would accept words the book never uses).
"""

import re
import unicodedata

_SEPARATOR = re.compile(r"\s*(?:[,;]|\band\b|\bet\b|\bthen\b|\bpuis\b)\s*")
_AGAIN = re.compile(r"\b(?:a nouveau|de nouveau|encore|again)\b")
_ARTICLE = re.compile(r"^(?:(?:a|an|the|un|une|le|la|les)\s+|l')")


def fold(text: str) -> str:
    """Lower case, no accents, straight apostrophes: how two spellings are compared.

    >>> fold("Roue de Navire BLEUE, à nouveau l’or")
    "roue de navire bleue, a nouveau l'or"
    """
    decomposed = unicodedata.normalize("NFKD", text.replace("\u2019", "'").casefold())
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def listed(text: str) -> list[str]:
    """The items of a list as a sentence of the book writes it, folded, without their
    articles and without "again".

    >>> listed("a red ship, a blue ship's wheel and a red ship again")
    ['red ship', "blue ship's wheel", 'red ship']
    >>> listed("un navire rouge, une roue de navire bleue et à nouveau un navire rouge")
    ['navire rouge', 'roue de navire bleue', 'navire rouge']
    """
    items = []
    # Runs of spaces made one first: the separator's \s* would otherwise try every start in
    # a long run (40,000 spaces took two minutes).
    for part in _SEPARATOR.split(" ".join(fold(text).split())):
        part = _ARTICLE.sub("", " ".join(_AGAIN.sub(" ", part).split()))
        if part:
            items.append(part)
    return items
