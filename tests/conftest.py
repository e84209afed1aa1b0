"""Shared fixtures: a copy of the book to break on purpose, and a way to run the check on it."""

import contextlib
import functools
import http.server
import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from rulebook.book import load_book
from rulebook.book.model import Game, Problem
from rulebook.checks import run_checks
from rulebook.site.pdf import GET_CHROMIUM, edition_date, find_chromium
from tests.site_cache import SITE_CACHE, cached_build, inputs_digest  # noqa: F401 (for the tests)

ROOT = Path(__file__).resolve().parent.parent


@functools.cache
def book_games() -> tuple[Game, ...]:
    """The book's games, as the check reads them: every test run on each game takes them from
    here (never from a list of its own), so that a new game is tested like the others."""
    return load_book(ROOT).games


class BookCopy:
    """A copy of rules_fr/ and rules_en/ in a temporary folder, with helpers to break it."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def edit(self, relative: str, old: str, new: str, count: int = 1) -> None:
        """Replace ``old`` by ``new`` in a file; ``old`` must occur exactly ``count`` times."""
        path = self.root / relative
        text = path.read_text(encoding="utf-8")
        assert text.count(old) == count, f"{old!r} occurs {text.count(old)} times in {relative}"
        path.write_text(text.replace(old, new), encoding="utf-8")

    def problems(self, check: str = "") -> list[Problem]:
        return run_checks(load_book(self.root), (check,) if check else ())

    def lines(self, check: str = "") -> list[str]:
        return [p.format(self.root) for p in self.problems(check)]


@pytest.fixture
def book_copy(tmp_path: Path) -> BookCopy:
    for folder in ("rules_fr", "rules_en"):
        shutil.copytree(ROOT / folder, tmp_path / folder)
    return BookCopy(tmp_path)


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built for the whole test session as `make test` builds it (strict:
    Sphinx's warnings are errors), with every PDF (each game's rules and player aid, in A4
    and US Letter, in both languages: tests/test_pdf.py reads them all)."""
    # Every game's PDFs, not a two-game book's: what tests/test_pdf.py reads in each (pages
    # never half empty, IDs beside titles, the aid on two pages) depends on that game's own
    # text, not on a code path two games would cover; and printing the 40 PDFs from this site,
    # built anyway for the other files, costs ~20 s of CPU (most of it Chromium's): no more
    # than building and printing a second, two-game site would.
    from rulebook.site.build import build_site

    def build(out: Path) -> str:
        built = build_site(ROOT, out, strict=True, pdfs=True)
        assert built == 0, "the strict build (-n -W) failed"
        return ""

    out = tmp_path_factory.mktemp("site") / "html"
    cached_build(inputs_digest(ROOT, "strict", "every PDF", pdf_dates()), out, build)
    return out


def pdf_dates(root: Path = ROOT) -> str:
    """The dates the PDFs of the book at ``root`` print, as they print them
    (``pdf.edition_date``): each rules file's last commit, or today for a file with changes or
    no history (a copy outside git). The date of the folders' last commit would keep a site
    whose PDFs print another day for one file (0.25 s, once a worker)."""
    paths = sorted(root.glob("rules_*/*.md"))
    return "\n".join(f"{p.relative_to(root)} {edition_date(root, p)}" for p in paths)


def constant_repr(seed: str, module: str, name: str) -> str:
    """The ``repr()`` of a module constant, as a Python whose string hashes are seeded with
    ``seed`` writes it (a set's order follows them)."""
    said = subprocess.run(
        [sys.executable, "-c", f"from {module} import {name}; print(repr({name}))"],
        env=os.environ | {"PYTHONHASHSEED": seed},
        capture_output=True,
        text=True,
        check=True,
    )
    return said.stdout.strip()


PDF_GAME = "port-royal-morgan"  # the game whose PDF the tests break on purpose


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextlib.contextmanager
def serving(folder: Path, handler_class: type[QuietHandler] = QuietHandler) -> Iterator[str]:
    """A built site served on the loopback, as a host would serve it (by ``handler_class``);
    its address."""
    handler = functools.partial(handler_class, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()  # the port refused at once, not left to take connections unread


@pytest.fixture(scope="session")
def site_url(built_site: Path) -> Iterator[str]:
    """The built site served on the loopback, as a host would serve it."""
    with serving(built_site) as url:
        yield url


def chromium_found() -> str:
    """The Chromium the PDFs are printed with (``RULEBOOK_CHROMIUM``, or Debian's on the
    PATH): the tests that need it skip where there is none (CI installs it, and fails on any
    skip: tests/ci_skips.py)."""
    found = find_chromium()
    if found is None:
        pytest.skip(f"no Chromium found ({GET_CHROMIUM})")
    return found


@pytest.fixture(scope="module")
def playwright() -> Iterator[Any]:
    """Playwright, one for a test module (a second one in the same thread refuses to start):
    ``chromium`` and ``phones`` share it."""
    chromium_found()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as running:
        yield running


@pytest.fixture(scope="module")
def chromium(playwright: Any) -> Iterator[Any]:
    """Debian's Chromium driven by Playwright, one for a test module."""
    launched = playwright.chromium.launch(executable_path=chromium_found(), args=["--no-sandbox"])
    yield launched
    launched.close()


@pytest.fixture(scope="module")
def phones(playwright: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """``phones()``: a new phone (Chromium at 375 × 800) that has kept nothing, for the pages
    that start Python (Pyodide); each is closed with the module. Its profile is a folder of
    its own, as a reader's browser keeps one on the disk: there it keeps what it compiled of
    Pyodide's scripts for the next pages (off the record, it compiles them for every page).
    And its V8 compiles WebAssembly with its baseline compiler only (Liftoff): the optimizing
    one (TurboFan) recompiles Pyodide's hot functions in the background for every new Python,
    which costs a test's few hundred calls more than it saves (a fifth of the companions'
    CPU). The same code runs, compiled by another tier of the same engine."""
    made: list[Any] = []

    def new() -> Any:
        context = playwright.chromium.launch_persistent_context(
            tmp_path_factory.mktemp("phone"), executable_path=chromium_found(),
            args=["--no-sandbox", "--js-flags=--liftoff-only"],
            viewport={"width": 375, "height": 800},
        )  # fmt: skip
        made.append(context)
        return context

    yield new
    for context in made:
        context.close()


@pytest.fixture
def names_rule() -> Callable[[list[str], str, str], bool]:
    def check(lines: list[str], rule_id: str, words: str) -> bool:
        return any(f": {rule_id}: " in line and words in line for line in lines)

    return check


def pytest_configure(config: pytest.Config) -> None:
    """In CI, a skipped test fails the run, which names it (tests/ci_skips.py)."""
    config.pluginmanager.import_plugin("tests.ci_skips")


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """The mutation rates the tests measured (carried by their reports, so that they reach
    the end of the run from every worker)."""
    sections = {
        "text mutation rates": "mutation rates (numbers changed in the rules text)",
        "code mutation rates": "mutation rates (rule code, as measured by make mutate)",
    }
    reports = terminalreporter.stats.get("passed", [])
    for key, title in sections.items():
        lines = sorted(str(v) for r in reports for k, v in r.user_properties if k == key)
        if lines:
            terminalreporter.section(title)
            for line in lines:
                terminalreporter.write_line(line)


# What needs a browser or the whole site, and costs a test worker seconds where most tests
# take milliseconds.
SLOW_FIXTURES = {"chromium", "built_site", "site_url"}
# What builds something of its own, in seconds too, but with no whole site to wait for: a
# small book (tests/small_book.py), the wheel and its environment (tests/test_wheel.py, which
# waits on its installs and builds: handed out last, it kept one worker 10 s alone at the end).
OWN_BUILD_FIXTURES = {"small_sites", "small_site", "wheel"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slow files first. `make test` hands out a file at a time to each of two workers
    (``--dist loadfile``), in this order (``--no-loadscope-reorder``; xdist's own puts the
    files of the most tests first, these last): a file of a minute handed out last keeps one
    worker busy while the other has nothing left to do. First the file of the most browser
    and whole-site tests, whose worker builds the whole site; then the files that build
    something of their own, which the other worker runs meanwhile rather than wait for that
    site (20 s); then the other browser and whole-site files, the most such tests first; then
    the rest."""
    slow: dict[Path, int] = {}
    small: set[Path] = set()
    for item in items:
        names = set(getattr(item, "fixturenames", ()))
        if SLOW_FIXTURES & names:
            slow[item.path] = slow.get(item.path, 0) + 1
        if OWN_BUILD_FIXTURES & names:
            small.add(item.path)
    builder = max(slow, key=lambda path: slow[path], default=None)

    def rank(item: pytest.Item) -> tuple[int, int]:
        if item.path == builder:
            return (0, 0)
        if item.path in small and item.path not in slow:
            return (1, 0)
        return (2, -slow.get(item.path, 0))

    items.sort(key=rank)
