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
- ``toml`` (``book/registers.py``): the TOML text;
- ``markup`` (``text/markup.py``): the markdown text scanned;
- ``definitions`` (``book/code.py``): the text of the game module;
- ``steps`` (``book/code.py``): the game module's name and ``module_digest``, the name of
  the function whose examples ran, and the examples' source;
- ``examples`` (``checks/examples.py``): the game's slug, its module's name and
  ``module_digest``, and each French rule's ID with the code it names;
- ``bounds`` (``checks/comparisons.py``): the game module's name and ``module_digest``;
- ``table`` (``checks/quantities.py``): the table's module and name, and ``module_digest``;
- ``markdown`` and ``bbcode`` (``outputs/cite.py``): the language and the rule's body;
- ``pycon`` (``site/sphinxext/rule.py``): the console session's text;
- ``traceability`` (``site/sphinxext/traceability.py``): the game module's name and
  ``module_digest``, the rule's ID, the code it names, and the language.

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
KEEP = 2000  # results kept per kind; the oldest go first
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
    installed: set[str] = set()
    for place in filter(None, sys.path):  # not "", the working folder: a book's
        with contextlib.suppress(OSError):
            installed.update(e.name for e in os.scandir(place) if e.name.endswith("-info"))
    digest.update("\0".join(sorted(installed)).encode("utf-8", "surrogatepass"))
    return digest.hexdigest()[:16]


def module_digest(module: ModuleType) -> str:
    """A digest of a module's own files (every file of a package): a game outside the
    package, as a test writes one, is keyed by its own code too."""
    path = Path(getattr(module, "__file__", None) or "")
    files = sorted(path.parent.rglob("*.py")) if path.name == "__init__.py" else [path]
    digest = hashlib.sha256()
    for file in files:
        if file.is_file():
            digest.update(str(file).encode() + b"\0" + file.read_bytes())
    return digest.hexdigest()[:16]


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
        prune(path.parent)
    except OSError:
        pass


STALE = 3600  # seconds after which a temporary file is one a killed process left


def prune(folder: Path) -> None:
    """Keep a kind's folder to ``KEEP`` entries (the oldest go first); remove the files that
    earlier versions left there (pickles, their temporary files) and temporary files older
    than ``STALE``, once per run."""
    if folder not in _SWEPT:
        _SWEPT.add(folder)
        now = time.time()
        for left in [*folder.glob("*.pickle"), *folder.glob("tmp*"), *folder.glob(".*.tmp")]:
            with contextlib.suppress(OSError):
                if left.suffix == ".pickle" or now - left.stat().st_mtime > STALE:
                    left.unlink()
    entries = list(folder.glob("*.json"))
    if len(entries) > KEEP:
        entries.sort(key=lambda p: p.stat().st_mtime)
        for old in entries[: len(entries) - KEEP // 2]:
            old.unlink(missing_ok=True)


_SWEPT: set[Path] = set()
