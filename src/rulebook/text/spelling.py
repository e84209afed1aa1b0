"""Spelling, with Hunspell's dictionaries (fr_FR, en_GB) and the book's own word lists.

The dictionaries are Debian's (``hunspell-fr-classical``, ``hunspell-en-gb``: ``.ci/run``
installs them) read by spylls, a pure-Python port of Hunspell, whose verdicts on single words
are kept (``text/hunspell.py``: keyed by the dictionary's files and the code). Game terms and
names that no dictionary has are listed in ``rules_fr/spelling.txt`` and
``rules_en/spelling.txt``, one word a line. What the lists add, and how a hyphenated word is
read part by part, is worked out here on every run: a word added to a list counts at once.
"""

import os
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from rulebook.book.files import read_text
from rulebook.book.limits import MAX_WORD_CHARS, MAX_WORD_HYPHENS
from rulebook.language import LANGUAGES, Lang, catalog
from rulebook.text.hunspell import Verdicts, verdicts

# Hunspell's dictionary of each language: the name of its locale (the catalog's).
DICTIONARIES: dict[Lang, str] = {lang: catalog(lang).locale for lang in LANGUAGES}
DICTIONARY_PACKAGES: dict[Lang, str] = {"fr": "hunspell-fr-classical", "en": "hunspell-en-gb"}
SEARCH = ("/usr/share/hunspell", "/usr/share/myspell/dicts", "/usr/share/myspell")
# One pass over a text: an address ("boardgamegeek.com", "https://…") or a word with its inner
# apostrophes and hyphens; a "word" with a digit ("51st", "3e") is no word.
TOKEN = re.compile(r"\w+(?:['’\-]\w+)*(?:\.\w+)*(?:://\S*)?")
APOSTROPHE = re.compile(r"['’]")
NOT_ALPHA = re.compile(r"['’\-]")
WORD_LIST = "spelling.txt"


def dictionary_files(lang: Lang) -> tuple[Path, Path] | None:
    """The ``.aff`` and ``.dic`` files of a language's dictionary, if installed."""
    places = [os.environ.get("RULEBOOK_HUNSPELL_DIR", ""), *SEARCH]
    for place in filter(None, places):
        aff, dic = (Path(place) / f"{DICTIONARIES[lang]}{ext}" for ext in (".aff", ".dic"))
        if aff.is_file() and dic.is_file():
            return aff, dic
    return None


def too_long(word: str) -> bool:
    """A word longer than the spelling check reads (``MAX_WORD_CHARS``), reported as such.

    >>> too_long("anticonstitutionnellement"), too_long("a" * 51)
    (False, True)
    """
    return len(word) > MAX_WORD_CHARS


def missing() -> list[Lang]:
    """The languages whose dictionary is not installed."""
    return [lang for lang in DICTIONARIES if dictionary_files(lang) is None]


def words(text: str) -> list[str]:
    """The words of a text, French elisions kept whole (Hunspell knows « l'île »).

    >>> words("L'île du Bouffon, 3 fois : peut-être « aujourd'hui » (51st, boardgamegeek.com).")
    ["L'île", 'du', 'Bouffon', 'fois', 'peut-être', "aujourd'hui"]
    """
    return [w for w in TOKEN.findall(text) if w.isalpha() or NOT_ALPHA.sub("", w).isalpha()]


@dataclass
class Speller:
    """One language's speller: the book's word list, then Hunspell's verdicts (kept between
    runs, ``text/hunspell.py``); a hyphenated word Hunspell does not know whole is known when
    each of its parts is. ``memo`` holds this speller's answers (its list does not change)."""

    lang: Lang
    extra: frozenset[str]
    verdicts: Verdicts
    memo: dict[str, bool] = field(default_factory=dict)

    def listed(self, word: str) -> bool:
        """In the book's word list, whole or after an elision (« d'Elektros »)."""
        folded = APOSTROPHE.sub("'", word).casefold()
        return folded in self.extra or folded.split("'", 1)[-1] in self.extra

    def known(self, word: str) -> bool:
        """Whether a dictionary or the word list knows the word; a word longer than
        ``MAX_WORD_CHARS`` is never looked up (Hunspell's time grows with its length), and
        is unknown."""
        found = self.memo.get(word)
        if found is None:
            found = self.memo[word] = self.judged(word)
        return found

    def judged(self, word: str) -> bool:
        if too_long(word):
            return False
        if self.listed(word):
            return True
        # Hunspell tries every way of breaking a word at its hyphens, which doubles with each
        # one: a word with many is read part by part only.
        if word.count("-") <= MAX_WORD_HYPHENS and self.verdicts(word):
            return True
        parts = [p for p in word.split("-") if p]
        return len(parts) > 1 and all(self.known(p) for p in parts)

    def unknown(self, text: str) -> list[str]:
        memo = self.memo  # looked up here first: a check asks for a million words at 100 games
        return [w for w in words(text) if not (memo[w] if w in memo else self.known(w))]

    def save(self) -> None:
        """Keep Hunspell's new verdicts (a cache: never an error)."""
        self.verdicts.save()


def read_word_list(path: Path) -> frozenset[str]:
    """A word list: one word a line, ``#`` starts a comment.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     p = Path(d) / "w.txt"
    ...     _ = p.write_text("# names\\nMorgan  # the pirate\\n\\nElektro\\n", encoding="utf-8")
    ...     sorted(read_word_list(p))
    ['elektro', 'morgan']
    """
    if not path.is_file():
        return frozenset()
    lines = read_text(path).split("\n")
    entries = (line.split("#", 1)[0].strip() for line in lines)
    return frozenset(APOSTROPHE.sub("'", e).casefold() for e in entries if e)


def speller(lang: Lang, word_list: Path) -> Speller | None:
    """The speller of a language, or ``None`` when its dictionary is not installed."""
    files = dictionary_files(lang)
    if files is None:
        return None
    return Speller(lang, read_word_list(word_list), verdicts(files))


def unknown_words(spell: Speller, texts: Iterable[str]) -> list[str]:
    """The unknown words of some texts, each once, in order."""
    return list(dict.fromkeys(w for text in texts for w in spell.unknown(text)))
