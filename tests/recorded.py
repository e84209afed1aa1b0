"""Outcomes kept by digest: a slow test that passed is not run again on the very same inputs.

A browser test, a whole-site build or a sweep of mutants reads nothing but the repository's
files (the rules, the configuration, the package, the tests and tools), the libraries it runs
on and Chromium: the same inputs give the same outcome. Such tests carry the mark
``recorded``. When one passes, a record named by a digest of all of those inputs and of its
node ID is kept beside the built sites (``~/.cache/rulebook/passed``); a later run on the very
same inputs skips it, saying why, and any change of any input runs it again (Bazel keeps a
test's result the same way). The digest is taken over whole folders, not over what a test
happens to open, so a change can only run more tests, never fewer.

``CI=true`` and ``RULEBOOK_RERUN=1`` run every test whatever was recorded, and still record:
CI, in its fresh clone, always runs the whole suite.
"""

import functools
import hashlib
import importlib.metadata
import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PASSED = "passed on these very inputs before (rules, code, tests, libraries, Chromium)"
# Everything a recorded test can read, beyond the book's own inputs (tests.conftest's digest).
MORE_INPUTS = ("tests", "tools", "pyproject.toml")
LIBRARIES = ("playwright", "axe-playwright-python", "pypdf", "pytest", "hypothesis", "bbcode")


def rerun_all() -> bool:
    return bool(os.environ.get("CI")) or os.environ.get("RULEBOOK_RERUN", "") not in ("", "0")


@functools.cache
def inputs() -> str:
    """One digest of every input a recorded test reads, once a session."""
    return inputs_of(ROOT)


def inputs_of(root: Path) -> str:
    """The digest of a checkout's inputs: its book, its tests and tools, the package, the
    libraries, Chromium, and the dates the PDFs print."""
    from tests.conftest import SITE_CACHE, git_dates, inputs_digest

    sha = hashlib.sha256(inputs_digest(root, git_dates()).encode())
    for name in MORE_INPUTS:
        top = root / name
        for path in sorted(top.rglob("*")) if top.is_dir() else [top]:
            if path.is_file() and "__pycache__" not in path.parts:
                sha.update(f"{path.relative_to(root)}\0".encode() + path.read_bytes())
    for name in LIBRARIES:
        sha.update(f"{name}={importlib.metadata.version(name)}\0".encode())
    sha.update(f"{sys.executable}\0{SITE_CACHE}".encode())
    return sha.hexdigest()


def record(item: pytest.Item) -> Path:
    from tests.conftest import SITE_CACHE

    name = hashlib.sha256(f"{inputs()}\0{item.nodeid}".encode()).hexdigest()[:32]
    return SITE_CACHE.parent / "passed" / name


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "recorded: a slow test whose outcome depends only on the repository's files, the "
        "libraries and Chromium; not rerun on the very inputs it passed on (tests/recorded.py)",
    )


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    if item.get_closest_marker("recorded") and not rerun_all() and record(item).exists():
        pytest.skip(PASSED)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> pytest.TestReport:
    report: pytest.TestReport = yield
    if report.when == "call" and report.passed and item.get_closest_marker("recorded"):
        path = record(item)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.touch()
    return report


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    kept = [r for r in terminalreporter.stats.get("skipped", []) if PASSED in str(r.longrepr)]
    if kept:
        terminalreporter.section("recorded outcomes")
        terminalreporter.write_line(
            f"{len(kept)} slow tests (browser, whole builds, sweeps) {PASSED}: not rerun. "
            "RULEBOOK_RERUN=1 make test runs them; so does CI."
        )
