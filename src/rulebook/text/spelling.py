"""Spelling, with Hunspell's dictionaries (fr_FR, en_GB) and the book's own word lists.

The dictionaries are Debian's (``hunspell-fr-classical``, ``hunspell-en-gb``: ``.ci/run``
installs them) read by spylls, a pure-Python port of Hunspell. Loading one takes about two
seconds, so each word's verdict is cached per dictionary (named for its files' sizes and dates)
in the user's cache folder: after the first run a check looks up only the words it never saw.
Game terms and names that no dictionary has are listed in ``rules_fr/spelling.txt`` and
``rules_en/spelling.txt``, one word a line.
"""

import hashlib
import json
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from rulebook.book.files import read_text
from rulebook.book.limits import MAX_WORD_CHARS, MAX_WORD_HYPHENS

DICTIONARIES = {"fr": "fr_FR", "en": "en_GB"}
LANGUAGE_NAMES = {"fr": "French", "en": "English"}
DICTIONARY_PACKAGES = {"fr": "hunspell-fr-classical", "en": "hunspell-en-gb"}
SEARCH = ("/usr/share/hunspell", "/usr/share/myspell/dicts", "/usr/share/myspell")
# One pass over a text: an address ("boardgamegeek.com", "https://…") or a word with its inner
# apostrophes and hyphens; a "word" with a digit ("51st", "3e") is no word.
TOKEN = re.compile(r"\w+(?:['’\-]\w+)*(?:\.\w+)*(?:://\S*)?")
APOSTROPHE = re.compile(r"['’]")
NOT_ALPHA = re.compile(r"['’\-]")
WORD_LIST = "spelling.txt"


def dictionary_files(lang: str) -> tuple[Path, Path] | None:
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


def missing() -> list[str]:
    """The languages whose dictionary is not installed."""
    return [lang for lang in DICTIONARIES if dictionary_files(lang) is None]


def words(text: str) -> list[str]:
    """The words of a text, French elisions kept whole (Hunspell knows « l'île »).

    >>> words("L'île du Bouffon, 3 fois : peut-être « aujourd'hui » (51st, boardgamegeek.com).")
    ["L'île", 'du', 'Bouffon', 'fois', 'peut-être', "aujourd'hui"]
    """
    return [w for w in TOKEN.findall(text) if NOT_ALPHA.sub("", w).isalpha()]


def cache_path(files: tuple[Path, Path]) -> Path:
    """The cache of one dictionary's verdicts, named for its files' paths, sizes and dates."""
    stats = [(str(p), p.stat().st_size, p.stat().st_mtime_ns) for p in files]
    digest = hashlib.sha256(repr(stats).encode()).hexdigest()[:16]
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "rulebook" / f"spelling-{files[1].stem}-{digest}.json"


@dataclass
class Speller:
    """One language's speller: the book's word list, then the cache, then Hunspell."""

    lang: str
    files: tuple[Path, Path]
    extra: frozenset[str]
    verdicts: dict[str, bool] = field(default_factory=dict)
    changed: bool = False

    def listed(self, word: str) -> bool:
        """In the book's word list, whole or after an elision (« d'Elektros »)."""
        folded = APOSTROPHE.sub("'", word).casefold()
        return folded in self.extra or folded.split("'", 1)[-1] in self.extra

    def known(self, word: str) -> bool:
        """Whether a dictionary or the word list knows the word; a word longer than
        ``MAX_WORD_CHARS`` is never looked up (Hunspell's time grows with its length), and
        is unknown."""
        if too_long(word):
            return False
        if self.verdicts.get(word) or self.listed(word):
            return True
        if word not in self.verdicts:
            self.verdicts[word] = self.lookup(word)
            self.changed = True
        return self.verdicts[word]

    def lookup(self, word: str) -> bool:
        hunspell = dictionary(self.files)
        candidates = [word, APOSTROPHE.sub("'", word), APOSTROPHE.sub("’", word)]
        # Hunspell tries every way of breaking a word at its hyphens, which doubles with each
        # one: a word with many is read part by part only.
        whole = word.count("-") <= MAX_WORD_HYPHENS
        if whole and any(hunspell.lookup(c) for c in candidates):
            return True
        parts = [p for p in word.split("-") if p]
        return len(parts) > 1 and all(self.known(p) for p in parts)

    def unknown(self, text: str) -> list[str]:
        return [w for w in words(text) if not self.known(w)]

    def save(self) -> None:
        """Write the verdicts whole (temporary file, then rename); a cache, so no error."""
        if not self.changed:
            return
        path = cache_path(self.files)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            temporary = path.with_suffix(f".{os.getpid()}.tmp")
            temporary.write_text(json.dumps(self.verdicts, ensure_ascii=False), encoding="utf-8")
            os.replace(temporary, path)
            self.changed = False
        except OSError:
            pass


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


def speller(lang: str, word_list: Path) -> Speller | None:
    """The speller of a language, or ``None`` when its dictionary is not installed."""
    files = dictionary_files(lang)
    if files is None:
        return None
    return Speller(lang, files, read_word_list(word_list), cached_verdicts(files))


@cache
def dictionary(files: tuple[Path, Path]) -> Any:
    """Hunspell's dictionary, loaded once a process (two seconds), for unseen words only."""
    from spylls.hunspell import Dictionary

    return Dictionary.from_files(str(files[1].with_suffix("")))


@cache
def cached_verdicts(files: tuple[Path, Path]) -> dict[str, bool]:
    """The verdicts known for a dictionary: read once a process, then shared and added to."""
    try:
        data = json.loads(cache_path(files).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {str(k): bool(v) for k, v in data.items()} if isinstance(data, dict) else {}


def unknown_words(spell: Speller, texts: Iterable[str]) -> list[str]:
    """The unknown words of some texts, each once, in order."""
    return list(dict.fromkeys(w for text in texts for w in spell.unknown(text)))
