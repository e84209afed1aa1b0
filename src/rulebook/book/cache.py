"""What the command line computes from a file's content alone, kept between runs.

Parsing a rules file, reading a TOML register and scanning markdown for what may not reach a
page depend on nothing but their input and the project's own code. ``rulebook check`` and
``rulebook site`` keep these results under ``$XDG_CACHE_HOME/rulebook/results/<kind>/``
(``~/.cache``), named by a digest of the kind, the input and the code: a file edited, or any
line of the code changed, is computed afresh, and an unchanged file is not parsed again. The
library itself (tests, the mutation harness) computes everything unless ``enable()`` was
called; ``RULEBOOK_CACHE=off`` turns the cache off for the command line too.

What each kind's key is made of, besides what every key holds (the kind, and ``code_version``:
the package's Python files, Python's version and the installed distributions' versions, so
that a new markdown-it or Pygments is not answered with the old one's results):

- ``rules`` (``book/extract.py``): the rules file's path, its language and its text;
- ``toml`` (``book/registers.py``): the TOML text (its nesting scanned, then parsed);
- ``markup`` (``text/markup.py``): the markdown text scanned;
- ``definitions`` (``book/code.py``): the text of the game module;
- ``rule-ids`` (``checks/code_ids.py``): the text of one module of a game's code;
- ``steps`` (``book/code.py``): the game module's name and ``module_digest``, the name of
  the function whose examples ran, and the examples' source;
- ``examples`` (``checks/examples.py``): the game's slug, its module's name and
  ``module_digest``, and each French rule's ID with the code it names;
- ``bounds`` (``checks/comparisons.py``): the game module's name and ``module_digest``;
- ``table`` (``checks/quantities.py``): the table's module and name, and ``module_digest``;
- ``markdown`` and ``bbcode`` (``outputs/cite.py``): the language and the rule's body;
- ``pycon`` (``site/sphinxext/rule.py``): the console session's text;
- ``traceability`` (``site/sphinxext/traceability.py``): the game module's name and
  ``module_digest``, the rule's ID, the code it names, and the language;
- ``game`` (``checks/game_results.py``, documented there in full): a game's share of a check,
  under the check's name, the book's folder and whether it is the working folder, every file
  the game was read from (``Game.sources``), its rule IDs an earlier game also uses, where its
  code is found (the files of a module outside the package), and what else the check says it
  reads (the glossary's terms of the game, the word lists and dictionaries, the prefixes).

``code_version`` holds the package's Python files only: no result reads its other files (the
site's templates, styles and scripts).

Each kind keeps ``KEEP`` entries, the oldest removed first, but never one the running process
read or wrote: a book whose check needs more (a book of 100 games runs 2,400 worked examples)
keeps them all, rather than removing at each run what the next one needs.

The other caches kept on disk, each keyed beside it: Hunspell's verdicts on words
(``text/hunspell.py``: the dictionary's files and the code that gives a verdict), the compiled
page templates (``site/sphinxext/template_cache.py``: Jinja's key, the template's source, the
settings it is compiled under and Jinja's version) and Sphinx's own environment (its
doctrees: each page's sources and noted files, by date, and the configuration, which holds
``rulebook_code_digest``: the extension's code and the installed distributions).

A result is kept as data, never as code (``cache_codec``: JSON, classes only from an
allow-list), after a line that holds a digest of the entry's kind, key and content: a file that
is damaged, cut short, written for another key or by other code is ignored and computed again,
and so is one the codec refuses. A result the codec cannot write (a class outside the package)
is not kept, and a folder that cannot be written (a full disk) costs time, never a result: each
entry is written whole, and a temporary file left by a failed write is removed.

A hand-written cache rather than a library: joblib or diskcache would add a dependency and
store pickles; the key (input plus the code's own digest) is what makes it safe.
"""

import contextlib
import errno
import hashlib
import os
import stat
import sys
import time
from collections.abc import Callable
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import TypeVar, cast

from rulebook.book.cache_codec import DamagedEntry, Unencodable, decode, encode
from rulebook.book.files import replace_whole

T = TypeVar("T")
KEEP = 2000  # results kept per kind; the oldest go first, never one of the running process
_FOLDER: list[Path] = []


def default_folder() -> Path | None:
    if os.environ.get("RULEBOOK_CACHE", "").lower() in ("off", "0", "no"):
        return None
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "rulebook" / "results"


def enable(folder: Path | None = None) -> None:
    """Keep results in ``folder`` (the default cache folder when None, unless turned off)."""
    chosen = folder or default_folder()
    _FOLDER[:] = [chosen] if chosen else []


def folder() -> Path | None:
    """Where results are kept, when they are."""
    return _FOLDER[0] if _FOLDER else None


def disable() -> None:
    _FOLDER.clear()


FOLDER_VARIABLE = "RULEBOOK_CACHE_FOLDER"


def child_environment() -> dict[str, str]:
    """The environment of a process this one starts (the Sphinx builds), which then keeps
    its results in the same folder when this one does (``enable_from_environment``)."""
    env = dict(os.environ)
    env.pop(FOLDER_VARIABLE, None)
    if _FOLDER:
        env[FOLDER_VARIABLE] = str(_FOLDER[0])
    return env


def enable_from_environment() -> None:
    folder = os.environ.get(FOLDER_VARIABLE)
    if folder:
        enable(Path(folder))


@cache
def code_version() -> str:
    """A digest of the code that computes the results: the package's own files, Python's
    version and the installed distributions (their ``.dist-info`` folders name each one's
    version): a result computed by other code is never read."""
    package = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256(sys.version.encode())
    for path in sorted(package.rglob("*.py")):
        digest.update(str(path.relative_to(package)).encode() + b"\0" + path.read_bytes())
    digest.update(installed_distributions().encode("utf-8", "surrogatepass"))
    return digest.hexdigest()[:16]


def installed_distributions() -> str:
    """The installed distributions, each with its version (their ``.dist-info`` folders'
    names), one string: a library upgraded is other code."""
    installed: set[str] = set()
    for place in filter(None, sys.path):  # not "", the working folder: a book's
        with contextlib.suppress(OSError):
            installed.update(e.name for e in os.scandir(place) if e.name.endswith("-info"))
    return "\0".join(sorted(installed))


def module_digest(module: ModuleType) -> str:
    """A digest of a module's own files (every file of a package): a game outside the
    package, as a test writes one, is keyed by its own code too. Worked out again only when
    one of its files changes (its size, date or inode, as Python's own bytecode cache asks):
    a check asks it for each worked example (4,000 times for 100 games)."""
    path = Path(getattr(module, "__file__", None) or "")
    files = module_files(path)
    signatures = tuple(signature(file) for file in files)
    known = _DIGESTS.get(path)
    if known is not None and known[0] == signatures:
        return known[1]
    digest = hashlib.sha256()
    for file in files:
        if file.is_file():
            digest.update(str(file).encode() + b"\0" + file.read_bytes())
    _DIGESTS[path] = (signatures, digest.hexdigest()[:16])
    return _DIGESTS[path][1]


def module_files(path: Path) -> list[Path]:
    """A module's file, or every Python file of a package: listed again when one of its
    folders changes (a file added or removed changes its folder's date)."""
    if path.name != "__init__.py":
        return [path]
    listed = _LISTED.get(path.parent)
    if listed is not None and all(_date(folder) == date for folder, date in listed[0]):
        return listed[1]
    found, dates = [], []
    for folder, _, names in os.walk(path.parent):
        dates.append((folder, _date(folder)))
        found += [Path(folder, name) for name in names if name.endswith(".py")]
    _LISTED[path.parent] = (dates, sorted(found))
    return _LISTED[path.parent][1]


def _date(folder: str) -> int | None:
    try:
        return os.stat(folder).st_mtime_ns
    except OSError:
        return None


_LISTED: dict[Path, tuple[list[tuple[str, int | None]], list[Path]]] = {}


def signature(file: Path) -> tuple[int, int, int] | None:
    """A file's size, date and inode (a folder's too), or None when it is gone: what Python's
    bytecode cache asks of a source, and what a cache of what a file says is keyed by with
    its path (book/code.py, text/code_bounds.py)."""
    try:
        status = file.stat()
    except OSError:
        return None
    return (status.st_size, status.st_mtime_ns, status.st_ino)


_DIGESTS: dict[Path, tuple[tuple[tuple[int, int, int] | None, ...], str]] = {}


HEADER = b"rulebook-cache/1 "  # then the digest of the entry's identity and content


def identity(kind: str, key: str) -> bytes:
    """What an entry is the result of: its kind, its key and the code (``code_version``)."""
    text = f"{kind}\0{code_version()}\0{key}"
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).digest()


def header(who: bytes, payload: bytes) -> bytes:
    return HEADER + hashlib.sha256(who + payload).hexdigest().encode()


def sealed(who: bytes, payload: bytes) -> bytes:
    """An entry: the header line, with a digest of ``who`` and ``payload``, then ``payload``.

    >>> sealed(b"who", b"[]")
    b'rulebook-cache/1 a5b6f1cf...\\n[]'
    """
    return header(who, payload) + b"\n" + payload


def opened(who: bytes, entry: bytes) -> bytes:
    """The payload of an entry ``sealed`` for ``who``; ``DamagedEntry`` when the entry is not
    that, whole (a changed byte, a cut, another key's entry, an older format).

    >>> opened(b"who", sealed(b"who", b"[]"))
    b'[]'
    >>> opened(b"someone else", sealed(b"who", b"[]"))
    Traceback (most recent call last):
    ...
    rulebook.book.cache_codec.DamagedEntry: the entry's digest does not match its content
    """
    first, _, payload = entry.partition(b"\n")
    if first != header(who, payload):
        raise DamagedEntry("the entry's digest does not match its content")
    return payload


def entry_path(folder: Path, kind: str, who: bytes) -> Path:
    return folder / kind / f"{who.hex()[:32]}.json"


LARGEST = 64 << 20  # bytes: the largest entry read (a rules file's parse takes 60 kB)


def read_entry(path: Path) -> bytes:
    """The bytes of the entry at ``path``: ``OSError`` when it is missing, is not a regular
    file (a FIFO would hang the run, a device never end) or is larger than ``LARGEST``."""
    descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    with os.fdopen(descriptor, "rb") as handle:
        status = os.fstat(descriptor)
        if not stat.S_ISREG(status.st_mode):
            raise OSError(errno.EINVAL, "not a regular file", str(path))
        if status.st_size > LARGEST:
            raise OSError(errno.EFBIG, "larger than any entry", str(path))
        return handle.read()


def remembered(kind: str, key: str, compute: Callable[[], T]) -> T:
    """``compute()``, or what it returned before for the same ``key`` and the same code.
    An exception is never kept: a broken file is reported afresh each time. An entry that
    cannot be read as a result is computed again and rewritten."""
    if not _FOLDER:
        return compute()
    who = identity(kind, key)
    path = entry_path(_FOLDER[0], kind, who)
    _USED.add(path)  # never pruned by this run
    try:
        return cast(T, decode(opened(who, read_entry(path))))
    except (OSError, DamagedEntry):
        pass
    value = compute()
    keep(path, who, value)
    return value


def keep(path: Path, who: bytes, value: object) -> None:
    """Write a result whole (a temporary file, then a rename, the temporary file removed when
    the write fails); a cache that cannot be written costs time, never a result. A result
    the codec cannot write is not kept, and the entry it would replace is removed."""
    try:
        data = sealed(who, encode(value))
    except Unencodable:
        with contextlib.suppress(OSError):
            path.unlink(missing_ok=True)
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        replace_whole(path, data, durable=False)
        counted(path.parent, 1)
    except OSError:
        pass


STALE = 3600  # seconds after which a temporary file is one a killed process left


def counted(folder: Path, added: int) -> None:
    """Count the entries written to a kind's folder, and prune it past ``KEEP``. The folder
    is listed once a run, not at each entry written: listing it at each write made a run
    that writes thousands of entries (a book of 100 games) quadratic."""
    if folder not in _COUNT:
        sweep(folder)
        _COUNT[folder] = sum(1 for _ in folder.glob("*.json"))
    _COUNT[folder] += added
    if _COUNT[folder] > _LIMIT.get(folder, KEEP):
        _COUNT[folder] = prune(folder)
        # What this run uses is never removed: past KEEP, the next prune waits for as many
        # new entries again, else each new entry would list the folder (quadratic).
        _LIMIT[folder] = max(KEEP, _COUNT[folder] + KEEP // 2)


def sweep(folder: Path) -> None:
    """Remove the files that earlier versions left (pickles) and temporary files older than
    ``STALE`` (a killed run's)."""
    now = time.time()
    for left in [*folder.glob("*.pickle"), *folder.glob("tmp*"), *folder.glob(".*.tmp")]:
        with contextlib.suppress(OSError):
            if left.suffix == ".pickle" or now - left.stat().st_mtime > STALE:
                left.unlink()


def prune(folder: Path) -> int:
    """Keep a kind's folder to ``KEEP // 2`` entries, the oldest removed first, but never one
    this run read or wrote (a book whose run needs more than ``KEEP`` keeps them all: else each
    run would remove what the next one needs); returns how many are left."""
    entries = []
    for path in folder.glob("*.json"):
        with contextlib.suppress(OSError):
            entries.append((path.stat().st_mtime, path))
    entries.sort()
    left = len(entries)
    for _, old in entries:
        if left <= KEEP // 2:
            break
        if old not in _USED:
            with contextlib.suppress(OSError):
                old.unlink()
                left -= 1
    return left


_COUNT: dict[Path, int] = {}  # the entries of each kind's folder, as this run counts them
_LIMIT: dict[Path, int] = {}  # the count past which a kind's folder is pruned (KEEP at first)
_USED: set[Path] = set()  # the entries this run read or wrote
