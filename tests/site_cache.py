"""Whole sites built by the tests, kept between two runs of `make test` on this machine.

A built site is named by a digest of everything its build reads, so that the same inputs
read the site built last time and any change builds it again. The key, all of it:

- the book (``rules_fr/``, ``rules_en/``, ``docs/``: every file but what a build leaves) and
  the package's code (``src/rulebook/``);
- every installed distribution and its version (the renderers, and anything they import);
- the Python that runs the build;
- the Chromium that prints the PDFs (the ``--version`` of the one ``find_chromium`` finds,
  headless shell or whole browser: the path of a wrapper script says nothing of the browser
  behind it), and the system's fonts it prints with (``fc-list``: each font file and its
  version);
- the Hunspell dictionaries the check reads (the proof-reading view shows its problems);
- Pyodide's version (``node_modules/``: "try it" is built with it);
- the environment's addresses (``RULEBOOK_BASE_URL``, ``RULEBOOK_REPO_URL``) and the
  Chromium it names (``RULEBOOK_CHROMIUM``);
- what the test adds: which build it is, and the dates the PDFs print (``pdf_dates``).

CI keeps nothing between runs: ``.ci/run`` gives each run an empty ``XDG_CACHE_HOME``, so a
fresh clone builds every site it tests (once a run: the workers share it under a lock).
"""

import contextlib
import fcntl
import functools
import hashlib
import importlib.metadata
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from rulebook.site.pdf import find_chromium
from rulebook.site.staging import work_folder
from rulebook.text.spelling import DICTIONARIES, dictionary_files

ROOT = Path(__file__).resolve().parent.parent
CACHE_HOME = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
SITE_CACHE = CACHE_HOME / "rulebook" / "sites"
KEPT = 6  # the sites kept: the last ones built


def run(command: list[str]) -> str:
    """What a command prints, or why it could not be run (either is part of a key)."""
    try:
        done = subprocess.run(command, capture_output=True, text=True, check=False, timeout=60)
    except OSError as error:
        return f"{command[0]}: {error.strerror}"
    return done.stdout or done.stderr


def distributions() -> list[str]:
    """Every installed distribution, ``name==version``, sorted."""
    found = {f"{d.metadata['Name']}=={d.version}" for d in importlib.metadata.distributions()}
    return sorted(found)


def chromium_version() -> str:
    found = find_chromium()
    return run([found, "--version"]) if found else "no chromium"


def fonts() -> str:
    return "\n".join(sorted(run(["fc-list", "--format", "%{file}|%{fontversion}\n"]).splitlines()))


def dictionaries() -> list[Path]:
    """The files of the dictionaries the spelling check reads (``RULEBOOK_HUNSPELL_DIR``
    or Debian's)."""
    return [path for lang in DICTIONARIES for path in dictionary_files(lang) or ()]


@functools.cache
def machine() -> str:
    """The digest of what the machine lends a build (once a test run: it does not change)."""
    sha = hashlib.sha256()
    for part in (sys.version, *distributions(), chromium_version(), fonts()):
        sha.update(f"{part}\0".encode())
    for path in dictionaries():
        sha.update(f"{path}\0".encode() + path.read_bytes())
    return sha.hexdigest()


def inputs_digest(root: Path, *extra: str) -> str:
    """The key of a site built from the book at ``root``: its files and the package's, the
    machine's part (``machine()``), the environment's addresses, and ``extra``."""
    sha = hashlib.sha256("\0".join(("site cache 3", machine(), *extra)).encode())
    folders = [root / "rules_fr", root / "rules_en", root / "docs", ROOT / "src" / "rulebook"]
    for folder in dict.fromkeys(folders):
        for path in sorted(folder.rglob("*")):
            # not what a build leaves (the .mo compiled from a .po): a fresh clone has none
            if (
                path.is_file()
                and path.suffix != ".mo"
                and not {"_build", "__pycache__"} & set(path.parts)
            ):
                sha.update(f"{path.relative_to(folder)}\0".encode() + path.read_bytes())
    for name in ("RULEBOOK_BASE_URL", "RULEBOOK_REPO_URL", "RULEBOOK_CHROMIUM"):
        sha.update(f"{name}={os.environ.get(name, '')}\0".encode())
    pyodide = root / "node_modules" / "pyodide" / "package.json"  # "try it" is built with it
    sha.update(pyodide.read_bytes() if pyodide.exists() else b"no pyodide")
    return sha.hexdigest()[:20]


STALE = 3600  # seconds: a lock file older than this, with no site beside it, is left over


def forget_old_sites() -> None:
    """Keep the ``KEPT`` sites built last; remove the others and their lock files, and the
    lock files an hour old that no site is beside (a build that failed or was stopped)."""
    for old in sorted(SITE_CACHE.glob("*/done"), key=lambda p: p.stat().st_mtime)[:-KEPT]:
        shutil.rmtree(old.parent, ignore_errors=True)
        (SITE_CACHE / f"{old.parent.name}.lock").unlink(missing_ok=True)
    for lock in SITE_CACHE.glob("*.lock"):
        with contextlib.suppress(OSError):
            if not lock.with_suffix("").exists() and time.time() - lock.stat().st_mtime > STALE:
                lock.unlink()


def cached_build(key: str, out: Path, build: Callable[[Path], str]) -> str:
    """``build(folder)`` into ``out``: run once per key (under a lock, so that two test
    workers build it once), then copied from the cache; returns what the build returned."""
    SITE_CACHE.mkdir(parents=True, exist_ok=True)
    kept = SITE_CACHE / key
    with (SITE_CACHE / f"{key}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (kept / "done").exists():
            shutil.rmtree(kept, ignore_errors=True)
            said = build(kept / "html")
            (kept / "said").write_text(said, encoding="utf-8")
            (kept / "done").touch()
            forget_old_sites()
        fcntl.flock(lock, fcntl.LOCK_UN)
    shutil.copytree(kept / "html", out)
    doctrees = work_folder(kept / "html") / "doctrees"  # Sphinx's, where the build keeps them
    if doctrees.is_dir():
        shutil.copytree(doctrees, out.parent / "doctrees", dirs_exist_ok=True)
    return (kept / "said").read_text(encoding="utf-8")
