"""Hunspell's verdict on one word, kept: the slow part of the spelling check.

spylls (Hunspell ported to Python) takes some three seconds to load the two dictionaries and
a third of a millisecond a word, so its verdicts are kept, and a check loads a dictionary only
for a word it has no verdict for. A verdict here is the dictionary's alone: whether Hunspell
accepts the word as written (with either apostrophe). What the book adds (its word lists,
``rules_*/spelling.txt``) and how a hyphenated word is read part by part are the speller's
(``text/spelling.py``), worked out afresh on every run from these verdicts: a word added to a
list takes effect at once.

A verdict depends on the dictionary's two files, on spylls's code and on the few functions
here that load a dictionary and ask it, and on nothing else; its key (``Key``) is a digest of
all three, and the verdicts are kept:

- in the user's cache folder (``$XDG_CACHE_HOME/rulebook/spelling/<dictionary>-<key>.json``,
  ``~/.cache``; none with ``RULEBOOK_CACHE=off``): every verdict a check asked for;
- in the package (``text/verdicts/<dictionary>.json``, written by ``python -m
  tools.spelling_verdicts``): the verdicts on the book's own words, so that a first check on a
  fresh machine with the same dictionaries (the files it was written with) loads none. Its key
  is written in it; under another key (other dictionary files, another spylls) it is not read.

A kept file that cannot be read whole (damaged, cut short, written for another key) is
ignored and written again.
"""

import hashlib
import inspect
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from rulebook.book import cache as results
from rulebook.book.cache_codec import DamagedEntry
from rulebook.book.files import replace_whole

HERE = Path(__file__).resolve()
SHIPPED = HERE.parent / "verdicts"  # the package's verdicts on the book's words
APOSTROPHES = ("'", "’")


def forms(word: str) -> list[str]:
    """The word as Hunspell is asked it: as written, then with each apostrophe.

    >>> forms("aujourd’hui"), forms("mot")
    (['aujourd’hui', "aujourd'hui"], ['mot'])
    """
    asked = [word, *(word.replace("’", a).replace("'", a) for a in APOSTROPHES)]
    return list(dict.fromkeys(asked))


def verdict(hunspell: Any, word: str) -> bool:
    """Whether Hunspell accepts the word in one of its forms."""
    return any(hunspell.lookup(form) for form in forms(word))


@cache
def dictionary(files: tuple[Path, Path]) -> Any:
    """Hunspell's dictionary, loaded once a process (1.5 s each), for words with no verdict."""
    from spylls.hunspell import Dictionary

    return Dictionary.from_files(str(files[1].with_suffix("")))


def digest_files(paths: Iterable[Path]) -> str:
    sha = hashlib.sha256()
    for path in paths:
        sha.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return sha.hexdigest()


@cache
def engine_digest() -> str:
    """A digest of the code that gives a verdict: spylls's Python files, and this module's
    functions that load a dictionary and ask it (not the rest of the module: its words)."""
    import spylls

    package = Path(spylls.__file__).parent
    own = [inspect.getsource(function) for function in (forms, verdict, dictionary)]
    asked = "\0".join([*own, repr(APOSTROPHES)])
    return hashlib.sha256(
        (digest_files(sorted(package.rglob("*.py"))) + asked).encode()
    ).hexdigest()


@dataclass(frozen=True)
class Key:
    """What a dictionary's verdicts depend on: its ``.aff`` and ``.dic`` files (their
    content) and the code that gives them (``engine_digest``)."""

    name: str  # the dictionary's name: fr_FR
    dictionary: str  # digest of its two files
    engine: str

    @property
    def digest(self) -> str:
        return hashlib.sha256(f"{self.dictionary}\0{self.engine}".encode()).hexdigest()[:32]


def key_of(files: tuple[Path, Path]) -> Key:
    return Key(files[1].stem, digest_files(files), engine_digest())


def cache_file(key: Key) -> Path | None:
    """Where the user's cache keeps a dictionary's verdicts (none when the cache is off)."""
    folder = results.default_folder()
    return None if folder is None else folder.parent / "spelling" / f"{key.name}-{key.digest}.json"


def shipped_file(key: Key) -> Path:
    return SHIPPED / f"{key.name}.json"


def read_kept(path: Path | None, key: Key) -> dict[str, bool]:
    """The verdicts kept in ``path`` for ``key``; none when the file is missing, damaged or
    kept for another key."""
    if path is None:
        return {}
    try:
        data = json.loads(results.opened(key.digest.encode(), results.read_entry(path)))
    except (OSError, DamagedEntry, ValueError):
        return {}
    if not isinstance(data, dict) or data.get("key") != key.digest:
        return {}
    verdicts = data.get("verdicts")
    if not isinstance(verdicts, dict):
        return {}
    return {str(w): v for w, v in verdicts.items() if isinstance(v, bool)}


def write_kept(path: Path, key: Key, verdicts: Mapping[str, bool]) -> None:
    """Write verdicts whole, sealed with their key (``book/cache.py``'s entries' form)."""
    data = {"key": key.digest, "dictionary": key.name, "verdicts": dict(sorted(verdicts.items()))}
    payload = json.dumps(data, ensure_ascii=False, indent=0).encode()
    path.parent.mkdir(parents=True, exist_ok=True)
    replace_whole(path, results.sealed(key.digest.encode(), payload), durable=False)


@dataclass
class Verdicts:
    """One dictionary's verdicts: kept ones first, then Hunspell's for a word never seen."""

    files: tuple[Path, Path]
    key: Key
    known: dict[str, bool]
    added: dict[str, bool] = field(default_factory=dict)

    def __call__(self, word: str) -> bool:
        found = self.known.get(word)
        if found is None:
            found = self.known[word] = self.added[word] = verdict(dictionary(self.files), word)
        return found

    def save(self) -> None:
        """Keep this run's new verdicts in the user's cache (with those kept before); a cache
        that cannot be written costs time, never a result."""
        path = cache_file(self.key)
        if not self.added or path is None:
            return
        kept = read_kept(path, self.key) | self.added
        try:
            write_kept(path, self.key, kept)
            for other in path.parent.glob(f"{self.key.name}-*.json"):
                if other != path:  # kept for a dictionary or a code that is gone
                    other.unlink(missing_ok=True)
            remove_old_caches()
        except OSError:
            return
        self.added.clear()


@cache
def verdicts(files: tuple[Path, Path]) -> Verdicts:
    """A dictionary's verdicts, read once a process, then shared and added to."""
    key = key_of(files)
    known = read_kept(shipped_file(key), key) | read_kept(cache_file(key), key)
    return Verdicts(files, key, known)


def remove_old_caches() -> None:
    """The verdicts earlier versions kept (``spelling-<dictionary>-<digest>.json``, keyed by
    the files' dates alone): removed, never read."""
    folder = results.default_folder()
    if folder is not None:
        for old in folder.parent.glob("spelling-*.json"):
            old.unlink(missing_ok=True)
