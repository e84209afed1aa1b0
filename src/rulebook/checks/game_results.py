"""Each game's share of a check, kept between runs of the command line.

Most of what ``rulebook check`` works out, it works out one game at a time, from that game's
files and code: its spelling, its numbers, its worked examples. A check keeps each game's
share with ``kept(book, game, what, compute, also=…)`` (``book/cache.py``, kind ``game``): a
check of a book of 100 games that changed nothing reads its answers instead of working them
out again, and after a rule is edited it works out again the edited game's alone.

``compute`` reads, of the book, its game (as loaded: ``game.sources``) and what its caller
gives in ``also``: a text holding whatever else it reads, the glossary's terms of the game,
the word list, the book's prefixes (``fingerprint`` makes one of values). It opens no file of
the book but its game's: the glossary, a word list, the chain words are read before, and
given. A test holds every check to it (``tests/test_game_results.py``).

The key, besides what every key holds (the kind, and the code's version: every file of the
package, Python's version and the installed distributions):

- ``what``: the check's name, and its part when it keeps two;
- the book's folder, and whether it is the working folder: a problem names files by their
  path, and its advice names commands with ``--root`` unless the book is the working folder
  (``Book.command``);
- ``game.sources``: every file the game was read from, by path and content (its French and
  English rules, its original and provenance, its corrections register and its history);
- the IDs of its French rules that a game before it also uses: such a rule is the earlier
  game's entry, not this game's (``entries.resolve_entries``);
- its code: where the import system finds its module; for a module outside the package (a
  test's game), each of its files, by path and content (the package's own are in the code's
  version);
- ``also``.

A game whose module is not found, or whose outside files cannot be read, is not kept: its
share is worked out on every run.
"""

import hashlib
import importlib.util
import os
import weakref
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

from rulebook.book import Book, cache
from rulebook.book.model import Game, Problem

T = TypeVar("T")
PACKAGE = Path(cache.__file__).resolve().parent.parent  # the package code_version holds


def kept(book: Book, game: Game, what: str, compute: Callable[[], T], also: str = "") -> T:
    """``compute()``, or what it returned before under the same key (above); always
    ``compute()`` when the cache is off (the library, the tests)."""
    if cache.folder() is None:
        return compute()
    key = game_key(book, game, what, also)
    return compute() if key is None else cache.remembered("game", key, compute)


def kept_problems(
    book: Book, game: Game, what: str, problems: Callable[[], Iterable[Problem]], also: str = ""
) -> list[Problem]:
    """The problems ``problems()`` gives for a game (a generator, say), kept as ``kept``."""
    return kept(book, game, what, lambda: list(problems()), also)


def game_key(book: Book, game: Game, what: str, also: str) -> str | None:
    """The key of a game's share of a check (above), or None when it cannot be kept."""
    known = _known(book)
    code = known.code(game.module)
    if code is None or not game.sources:
        return None
    return "\0".join((what, known.place, game.sources, known.shadowed[game.slug], code, also))


def fingerprint(*values: object) -> str:
    """A digest of values by their ``repr``: give it lists and tuples, sorted where their
    order is no part of them (a set's order changes from one run to the next).

    >>> fingerprint(["pr", "cd"]) == fingerprint(["pr", "cd"]) != fingerprint(["cd", "pr"])
    True
    """
    return hashlib.sha256(repr(values).encode("utf-8", "surrogatepass")).hexdigest()


class _Known:
    """What the keys of one book's games share, worked out once a run."""

    def __init__(self, book: Book) -> None:
        self.place = f"{book.root}\0{book.root == Path.cwd().resolve()}"
        self.shadowed: dict[str, str] = {}
        earlier: set[str] = set()
        for game in book.games:
            ids = {rule.id for rule in game.fr.rules}
            self.shadowed[game.slug] = " ".join(sorted(ids & earlier))
            earlier |= ids
        self.codes: dict[str, str | None] = {}

    def code(self, module: str) -> str | None:
        if module not in self.codes:
            self.codes[module] = module_key(module)
        return self.codes[module]


def module_key(name: str) -> str | None:
    """Where a game's module is found, with its files' content when it is outside the package;
    None when it is not found (the code check then says why, on every run)."""
    try:
        spec = importlib.util.find_spec(name)
    except Exception:  # a parent package that fails to import: the code check reports it
        return None
    if spec is None or not spec.has_location or spec.origin is None:
        return None
    origin = Path(spec.origin).resolve()
    if origin.is_relative_to(PACKAGE):
        return f"{name}\0{origin}"  # its content is in the code's version
    files = sorted(cache.module_files(origin))  # a package's every file, as module_digest's
    digest = hashlib.sha256(f"{name}\0{origin}".encode("utf-8", "surrogatepass"))
    try:
        for file in files:
            digest.update(os.fsencode(file) + b"\0" + hashlib.sha256(file.read_bytes()).digest())
    except OSError:
        return None
    return digest.hexdigest()


_KNOWN: dict[int, tuple["weakref.ref[Book]", _Known]] = {}


def _known(book: Book) -> _Known:
    """The book's ``_Known``, made at its first key (a book is never changed once loaded)."""
    found = _KNOWN.get(id(book))
    if found is not None and found[0]() is book:
        return found[1]
    for gone in [k for k, (ref, _) in _KNOWN.items() if ref() is None]:
        del _KNOWN[gone]
    known = _Known(book)
    _KNOWN[id(book)] = (weakref.ref(book), known)
    return known
