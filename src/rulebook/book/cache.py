"""What the command line computes from a file's content alone, kept between runs.

Parsing a rules file, reading a TOML register and scanning markdown for what may not reach a
page depend on nothing but their input and the project's own code. ``rulebook check`` and
``rulebook site`` keep these results under ``$XDG_CACHE_HOME/rulebook/`` (``~/.cache``),
named by a digest of the input and of the package's code: a file edited, or any line of the
code changed, is computed afresh, and an unchanged file is not parsed again. The library
itself (tests, the mutation harness) computes everything unless ``enable()`` was called;
``RULEBOOK_CACHE=off`` turns the cache off for the command line too.

A hand-written cache rather than a library: joblib or diskcache would add a dependency for
twenty lines, and the key (input plus the code's own digest) is what makes it safe.
"""

import hashlib
import os
import pickle
import tempfile
from collections.abc import Callable
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import TypeVar

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
    """A digest of the package's own code: a result computed by other code is never read."""
    package = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256()
    for path in sorted(package.rglob("*.py")):
        digest.update(str(path.relative_to(package)).encode() + b"\0" + path.read_bytes())
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


def remembered(kind: str, key: str, compute: Callable[[], T]) -> T:
    """``compute()``, or what it returned before for the same ``key`` and the same code.
    An exception is never kept: a broken file is reported afresh each time."""
    if not _FOLDER:
        return compute()
    name = hashlib.sha256(f"{code_version()}\0{key}".encode()).hexdigest()[:32]
    path = _FOLDER[0] / kind / f"{name}.pickle"
    try:
        with path.open("rb") as stored:
            value: T = pickle.load(stored)  # our own folder, written by this code only
            return value
    except (OSError, EOFError, pickle.UnpicklingError, AttributeError, ImportError):
        pass
    value = compute()
    keep(path, value)
    return value


def keep(path: Path, value: object) -> None:
    """Write a result whole (a temporary file, then a rename); a cache that cannot be written
    costs time, never a result."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("wb", dir=path.parent, delete=False) as out:
            pickle.dump(value, out, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(out.name, path)
        prune(path.parent)
    except (OSError, pickle.PicklingError):
        pass


def prune(folder: Path) -> None:
    entries = list(folder.glob("*.pickle"))
    if len(entries) > KEEP:
        entries.sort(key=lambda p: p.stat().st_mtime)
        for old in entries[: len(entries) - KEEP // 2]:
            old.unlink(missing_ok=True)
