"""The book's Sphinx extension on a small project: the book cut to one game (or a few), each
language built with the command `rulebook site` runs, strict, in a Python of its own.

A small book is a copy of ``rules_fr/`` and ``rules_en/`` without the other games' files (their
rules, registers, originals and review pages): the shared pages (home, glossary, changes,
traceability) stay, so every directive and role of the extension has a page to run on, and
the game's text, register and code are the book's own, so a test asserts what the published
page shows (its pages are, byte for byte, what `rulebook site` makes of that book). Its
``docs/`` (and ``node_modules/``, Pyodide for "try it") is a link to the book's. The build is
``site.build``'s own Sphinx command (``sphinx_command``: ``python -m sphinx -c docs -D
language=…``, strict), with the book's root given as ``rulebook_root``: a fresh interpreter,
as `rulebook site` starts one, so nothing a test worker did before (a Sphinx application of
its own, docutils' registries, Sphinx's translations) reaches the build. A fork of the
worker saved the 1.5 s of imports a build, but inherited that state: a node class registered
twice failed the strict build. A small book builds in two or three seconds a language; the
whole site, with its PDFs, in minutes.

Not ``sphinx.testing``'s ``SphinxTestApp``: it reads ``conf.py`` from the source folder, and
the book keeps its configuration in ``docs/``, apart from ``rules_fr/``, where the book refuses
a link leading out of it; and two builds in one process share what a module translated when
it was imported (the second language's pages then hold the first's words).

Each small book is built once a test run, on first use, by whichever test worker asks first
(a lock in the run's own temporary folder): never kept from one run to the next.
"""

import contextlib
import difflib
import fcntl
import os
import pickle
import re
import shutil
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from docutils import nodes

from rulebook.site.build import HASH_SEED, sphinx_command
from rulebook.site.config import CONFIG
from rulebook.site.try_it import can_try
from tests.conftest import ROOT, book_games

GAME = "port-royal-morgan"  # the small book's game unless a test asks for others
GAMES = [game.slug for game in book_games()]
# For a snapshot of what "try it" changes (a companion's page, the links to it): the site as
# published, with Pyodide (`make` installs it), which a small book links to.
NEEDS_PYODIDE = pytest.mark.skipif(
    not can_try(ROOT), reason="Pyodide is not installed (make installs it with npm)"
)


def cut_book(root: Path, games: tuple[str, ...]) -> Path:
    """The book at ``root`` with only ``games``: every file of the others left out (a file
    is a game's when its name, up to its first dot, is the game's slug)."""
    others = set(GAMES) - set(games)

    def left_out(folder: str, names: list[str]) -> list[str]:
        return [name for name in names if name.split(".")[0] in others]

    for folder in ("rules_fr", "rules_en"):
        shutil.copytree(ROOT / folder, root / folder, ignore=left_out)
    for folder in ("docs", "node_modules"):  # the configuration; Pyodide, for "try it"
        if (ROOT / folder).is_dir():
            (root / folder).symlink_to(ROOT / folder, target_is_directory=True)
    return root


@contextlib.contextmanager
def locked(path: Path) -> Iterator[None]:
    with path.open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


LANGUAGES = ("fr", "en")


class SmallSite:
    """A small book and its two languages, built (strict) the first time one is read."""

    def __init__(self, root: Path, **settings: Any) -> None:
        self.root = root
        self.settings = {"rulebook_pdf": 1} | settings  # as published: with its PDFs

    def built(self, lang: str) -> Path:
        """The language's output folder, built (once) under a lock: ``html/``, the doctrees
        and ``warnings.txt``. Both languages are built then, side by side: the tests read
        both, and a build is one process, while a test worker waiting for the same book (the
        lock) leaves its core idle."""
        out = self.root / "_build" / lang
        if not (out / "done").exists():  # made once its build is whole: no lock to read it
            with locked(self.root / ".build.lock"):
                self.build_missing()
        return out

    def build_missing(self) -> None:
        started: dict[str, subprocess.Popen[bytes]] = {}
        try:
            for lang in LANGUAGES:
                out = self.root / "_build" / lang
                if not (out / "done").exists():
                    shutil.rmtree(out, ignore_errors=True)
                    started[lang] = start_build(self.root, out, lang, self.settings)
            finished = {lang: run.wait() for lang, run in started.items()}
        finally:  # interrupted (Ctrl-C): no build left running
            for run in started.values():
                if run.poll() is None:
                    run.kill()
                    run.wait()
        for lang, status in finished.items():
            out = self.root / "_build" / lang
            said = (out / "said.txt").read_text(encoding="utf-8")
            assert status == 0, f"the strict build of the small book ({lang}) failed:\n{said}"
            (out / "done").touch()

    def page(self, lang: str, path: str) -> str:
        """A built page's HTML (``path`` within the language's folder)."""
        return (self.built(lang) / "html" / lang / path).read_text(encoding="utf-8")

    def html(self, lang: str) -> Path:
        """The language's folder of pages."""
        return self.built(lang) / "html" / lang

    def doctree(self, lang: str, docname: str) -> nodes.document:
        """A document as Sphinx keeps it once read (what ``env.get_doctree`` reads)."""
        path = self.built(lang) / "doctrees" / lang / f"{docname}.doctree"
        doctree: nodes.document = pickle.loads(path.read_bytes())
        return doctree

    def warnings(self, lang: str) -> str:
        return (self.built(lang) / "warnings.txt").read_text(encoding="utf-8")


def build(root: Path, out: Path, lang: str, settings: dict[str, Any], strict: bool = True) -> int:
    """One language of the book at ``root`` built into ``out`` as `rulebook site` builds it
    (``sphinx_command``, a Python of its own); Sphinx's exit status. The warnings are kept in
    ``out/warnings.txt``, everything the build printed (a crash's traceback) in ``out/said.txt``."""
    return start_build(root, out, lang, settings, strict).wait()


def start_build(
    root: Path, out: Path, lang: str, settings: dict[str, Any], strict: bool = True
) -> subprocess.Popen[bytes]:
    """``build``, started: its process, to wait for."""
    command = sphinx_command(root, out / "html", out / "doctrees", lang, strict)
    defined = [f"rulebook_root={root}", *(f"{key}={value}" for key, value in settings.items())]
    command += [*(f"-D{d}" for d in defined), "-T", "-w", str(out / "warnings.txt")]
    out.mkdir(parents=True, exist_ok=True)
    # The libraries' notices of deprecation, which `rulebook site` hides too.
    quiet = "ignore::DeprecationWarning,ignore::PendingDeprecationWarning"
    env = os.environ | HASH_SEED | {"PYTHONWARNINGS": quiet}
    with (out / "said.txt").open("wb") as said:  # the process writes to its own copy
        return subprocess.Popen(command, env=env, stdout=said, stderr=subprocess.STDOUT)


def run_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder of this test run that every worker shares (xdist gives each worker its own
    under the run's), made anew by each run."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


SmallSites = Callable[..., SmallSite]


@pytest.fixture(scope="session")
def small_sites(tmp_path_factory: pytest.TempPathFactory) -> SmallSites:
    """``small_sites(*games, **settings)``: the small book of ``games`` (``GAME`` when none),
    built with Sphinx's ``settings`` (``-D``); one per test run for the same arguments."""
    made: dict[str, SmallSite] = {}

    def small(*games: str, **settings: Any) -> SmallSite:
        games = games or (GAME,)
        name = "+".join([*games, *(f"{k}={v}" for k, v in sorted(settings.items()))])
        name = re.sub(r"[^A-Za-z0-9=+_-]", "_", name)
        if name not in made:
            root = run_folder(tmp_path_factory) / "small-books" / name
            root.parent.mkdir(parents=True, exist_ok=True)
            with locked(root.parent / f".{name}.lock"):
                if not root.exists():
                    new = root.with_name(f".{name}.new")
                    shutil.rmtree(new, ignore_errors=True)
                    cut_book(new, games).rename(root)
            made[name] = SmallSite(root, **settings)
        return made[name]

    return small


@pytest.fixture(scope="session")
def small_site(small_sites: SmallSites) -> SmallSite:
    """The small book of ``GAME``, as published."""
    return small_sites()


# Snapshots: what a directive makes, kept as a file a person reads (a doctree's ``pformat()`` or
# the HTML of one element), under tests/snapshots/. A dozen lines rather than pytest-regressions
# or syrupy: a comparison, a diff and a rewrite are all these tests need of them.

SNAPSHOTS = ROOT / "tests" / "snapshots"


def normalized(text: str, root: Path | None = None) -> str:
    """What does not depend on the machine: the small book's folder, the public address and
    the repository's (``RULEBOOK_BASE_URL``, ``RULEBOOK_REPO_URL``), each line's end."""
    if root is not None:
        text = text.replace(str(root), "<small book>")
    for address, name in ((CONFIG.base_url, "<base url>/"), (CONFIG.repo_url, "<repo url>")):
        text = text.replace(address, name).replace(quote(address, safe=""), quote(name))
    return "".join(f"{line.rstrip()}\n" for line in text.splitlines())


def assert_snapshot(name: str, text: str, root: Path | None = None) -> None:
    """``text`` is what tests/snapshots/``name`` holds; ``UPDATE_SNAPSHOTS=1`` writes it there
    instead (whole: a temporary file, then renamed), for a change that is meant."""
    path, text = SNAPSHOTS / name, normalized(text, root)
    if os.environ.get("UPDATE_SNAPSHOTS", "") not in ("", "0"):
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(f".{path.name}.{os.getpid()}")
        temporary.write_text(text, encoding="utf-8")
        os.replace(temporary, path)
        return
    assert path.is_file(), f"tests/snapshots/{name} is missing: UPDATE_SNAPSHOTS=1 writes it"
    kept = path.read_text(encoding="utf-8")
    if text != kept:
        diff = difflib.unified_diff(
            kept.splitlines(keepends=True), text.splitlines(keepends=True), "kept", "built"
        )
        pytest.fail(
            f"tests/snapshots/{name} is not what the build makes (UPDATE_SNAPSHOTS=1 writes "
            f"it, when the change is meant):\n{''.join(diff)}",
            pytrace=False,
        )


def element(page: str, marker: str) -> str:
    """The HTML of the element whose start tag holds ``marker`` (``'id="pr-end"'``, or the
    tag's opening, ``'<div class="rb-aid'``), to its end tag: the tags of its name counted,
    as a well-formed page nests them."""
    begin = page.rfind("<", 0, page.index(marker) + 1)
    name = re.match(r"<([a-z0-9]+)", page[begin:])
    assert name is not None, marker
    depth = 0
    for tag in re.finditer(rf"<(/?){name.group(1)}[\s>]", page[begin:]):
        depth += -1 if tag.group(1) else 1
        if depth == 0:
            return page[begin : page.index(">", begin + tag.end() - 1) + 1]
    raise AssertionError(f"the element holding {marker} is never closed")
