"""The glossary: one table of term pairs, per game or for the whole book.

``rules_fr/glossary.toml`` holds ``[[term]]`` records: ``game`` (a slug, or ``"*"``), ``fr``,
``en``, what the term names (``what_fr``, ``what_en``), other forms that count as the same
term (``forms_fr``, ``forms_en``: plurals…) and other names that must not be used for it
(``avoid_fr``, ``avoid_en``).
"""

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from rulebook.book.files import read_text
from rulebook.book.folders import FR_DIR
from rulebook.book.registers import parse_toml, records, string, strings
from rulebook.errors import BookError
from rulebook.language import Lang

GLOSSARY = Path(FR_DIR) / "glossary.toml"


@dataclass(frozen=True)
class GlossaryTerm:
    game: str
    fr: str
    en: str
    what_fr: str
    what_en: str
    forms_fr: tuple[str, ...]
    forms_en: tuple[str, ...]
    avoid_fr: tuple[str, ...]
    avoid_en: tuple[str, ...]
    line: int
    # Names that hold a form of the term and mean something else ("Europe centrale", a map;
    # "Die Siedler von Catan", a title): no link to the term inside them.
    not_in_fr: tuple[str, ...] = ()
    not_in_en: tuple[str, ...] = ()

    def name(self, lang: Lang) -> str:
        """The term in ``lang``."""
        return self.fr if lang == "fr" else self.en

    def what(self, lang: Lang) -> str:
        """What the term means, in ``lang``: its definition on the glossary page."""
        return self.what_fr if lang == "fr" else self.what_en

    def forms(self, lang: Lang) -> tuple[str, ...]:
        return (self.fr, *self.forms_fr) if lang == "fr" else (self.en, *self.forms_en)

    def avoid(self, lang: Lang) -> tuple[str, ...]:
        return self.avoid_fr if lang == "fr" else self.avoid_en

    def not_in(self, lang: Lang) -> tuple[str, ...]:
        return self.not_in_fr if lang == "fr" else self.not_in_en

    def applies_to(self, game: str) -> bool:
        return self.game in ("*", game)


def load_glossary(root: Path) -> tuple[Path, list[GlossaryTerm]]:
    path = root / GLOSSARY
    if not path.exists():
        return path, []
    return path, list(glossary_terms(path, read_text(path)))


def terms_of_games(terms: list[GlossaryTerm]) -> Callable[[str], list[GlossaryTerm]]:
    """The terms that apply to a game (its own and the whole book's, ``*``), in the
    glossary's order, for one game after another: grouped once, where ``applies_to`` asked of
    every term for each game grows with the square of the book (200,000 questions a check for
    100 games).

    >>> terms = [GlossaryTerm(g, w, w, "", "", (), (), (), (), 1) for g, w in
    ...          [("a", "one"), ("*", "all"), ("b", "two"), ("a", "three")]]
    >>> [t.fr for t in terms_of_games(terms)("a")], [t.fr for t in terms_of_games(terms)("c")]
    (['one', 'all', 'three'], ['all'])
    """
    places: dict[str, list[int]] = {}
    for place, term in enumerate(terms):
        places.setdefault(term.game, []).append(place)
    everyone = places.get("*", [])

    def of_game(slug: str) -> list[GlossaryTerm]:
        return [terms[place] for place in sorted({*everyone, *places.get(slug, [])})]

    return of_game


@lru_cache(maxsize=8)
def glossary_terms(path: Path, text: str) -> tuple[GlossaryTerm, ...]:
    """The terms of the glossary file at ``path`` whose text is ``text``: read once for the
    five checks that read them (0.1 s each for 100 games)."""
    data = parse_toml(path, text)
    texts = ("game", "fr", "en", "what_fr", "what_en")
    lists = ("forms_fr", "forms_en", "avoid_fr", "avoid_en", "not_in_fr", "not_in_en")
    terms: list[GlossaryTerm] = []
    seen: dict[tuple[str, str, str], int] = {}
    for item, line in records(path, text, data, "term", texts + lists):
        fr, en, what_fr, what_en = (string(path, item, k, line, text=text) for k in texts[1:])
        forms_fr, forms_en, avoid_fr, avoid_en, not_in_fr, not_in_en = (
            strings(path, item, k, line, text) for k in lists
        )
        terms.append(GlossaryTerm(
            string(path, item, "game", line, "*", text), fr, en, what_fr, what_en,
            forms_fr, forms_en, avoid_fr, avoid_en, line, not_in_fr, not_in_en,
        ))  # fmt: skip
        repeated(path, terms[-1], seen)
    return tuple(terms)


def repeated(path: Path, term: GlossaryTerm, seen: dict[tuple[str, str, str], int]) -> None:
    """The same pair given twice for a game (two different pairs are the check's business)."""
    key = (term.game, term.fr, term.en)
    if key in seen:
        raise BookError(
            path,
            term.line,
            f"the pair {term.fr!r} / {term.en!r} ({term.game}) is already given "
            f"at line {seen[key]}: keep one entry",
        )
    seen[key] = term.line


def uses(text: str, words: tuple[str, ...]) -> str | None:
    """The first of ``words`` the text uses, as a whole word, whatever its case.

    >>> uses("Le navire rouge", ("navire", "navires"))
    'navire'
    >>> uses("the ship's wheel", ("ship",)), uses("shipping", ("ship",))
    ('ship', None)
    """
    folded = _folded(text)
    present = _words(folded)
    for word in words:
        wanted = word.casefold()
        # A whole word's first run of letters is a whole word of the text: a word whose run
        # the text lacks is not there, known at once, without a search of the text.
        first = _WORD.search(wanted)
        if first is not None and first.group() not in present:
            continue
        if (first is not None and first.group() == wanted) or _has_whole_word(folded, wanted):
            return word
    return None


# The check asks for every term of a game in every rule: about 10,000 searches over 400 texts
# and 300 words. A substring search and a look at the two characters around each find does
# what the pattern (?<!\w)word(?!\w) does, without compiling 300 patterns at each start.
@lru_cache(maxsize=1024)
def _folded(text: str) -> str:
    return text.replace("\u2019", "'").casefold()


_WORD = re.compile(r"\w+")


@lru_cache(maxsize=1024)
def _words(text: str) -> frozenset[str]:
    """The whole words of a text: its runs of letters, digits and underscores."""
    return frozenset(_WORD.findall(text))


def _has_whole_word(text: str, word: str) -> bool:
    """``word`` in ``text`` with no letter, digit or underscore just before or after it.

    >>> _has_whole_word("le navire, les navires", "navire"), _has_whole_word("navires", "navire")
    (True, False)
    """
    at = text.find(word)
    while at >= 0:
        end = at + len(word)
        before = text[at - 1] if at else " "
        after = text[end] if end < len(text) else " "
        if not _word_char(before) and not _word_char(after):
            return True
        at = text.find(word, at + 1)
    return False


def _word_char(char: str) -> bool:
    return char.isalnum() or char == "_"
