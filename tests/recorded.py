"""Outcomes kept by digest: a slow test that passed is not run again on the very same inputs.

A browser test, a whole-site build or a sweep of mutants reads nothing but the repository's
files (the rules, the configuration, the package, the tests and tools), the libraries it runs
on and Chromium: the same inputs give the same outcome. Such tests carry the mark
``recorded``. The digest is taken over whole folders, not over what a test happens to open,
so a change can only run more tests, never fewer (Bazel keeps a test's result the same way).

Two records, as the code mutants have theirs (``tools/mutation/mutation_results.json``):

- ``tests/recorded.json``, in the repository: the digest of the inputs and the recorded tests
  that passed on them, written whole at the end of each run. Committed with a change, it
  says that ``make test`` passed those tests on that very change; a fresh clone (CI) skips
  them only when its own digest of its inputs is that one, and runs them otherwise.
- On this machine (``~/.cache/rulebook/passed``), one file per test and digest: a partial
  run on a change not yet recorded in the repository skips what already passed on it.

``RULEBOOK_RERUN=1`` runs every test whatever was recorded, and still records. CI trusts only
what the repository records, never this machine's cache.
"""

import functools
import hashlib
import importlib.metadata
import json
import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LEDGER = ROOT / "tests" / "recorded.json"
PASSED = "passed on these very inputs before (rules, code, tests, libraries, Chromium)"
# Everything a recorded test can read, beyond the book's own inputs (tests.conftest's digest).
MORE_INPUTS = ("tests", "tools", "pyproject.toml", "MANIFEST.in", "requirements")
LIBRARIES = ("playwright", "axe-playwright-python", "pypdf", "pytest", "hypothesis", "bbcode")


def rerun_all() -> bool:
    return os.environ.get("RULEBOOK_RERUN", "") not in ("", "0")


def in_ci() -> bool:
    return bool(os.environ.get("CI"))


@functools.cache
def inputs() -> str:
    """One digest of every input a recorded test reads, once a session."""
    return inputs_of(ROOT)


def inputs_of(root: Path) -> str:
    """The digest of a checkout's inputs: its book, its tests and tools, the package, the
    libraries, Chromium, and the dates the PDFs print; not where the checkout is."""
    from tests.conftest import git_dates, inputs_digest

    sha = hashlib.sha256(inputs_digest(root, git_dates()).encode())
    ledger = root / LEDGER.relative_to(ROOT)
    for name in MORE_INPUTS:
        top = root / name
        for path in sorted(top.rglob("*")) if top.is_dir() else [top]:
            if path.is_file() and "__pycache__" not in path.parts and path != ledger:
                sha.update(f"{path.relative_to(root)}\0".encode() + path.read_bytes())
    for name in LIBRARIES:
        sha.update(f"{name}={importlib.metadata.version(name)}\0".encode())
    sha.update(f"python {sys.version_info[:2]}\0".encode())
    return sha.hexdigest()


def record(item: pytest.Item) -> Path:
    from tests.conftest import SITE_CACHE

    name = hashlib.sha256(f"{inputs()}\0{item.nodeid}".encode()).hexdigest()[:32]
    return SITE_CACHE.parent / "passed" / name


def ledger(path: Path | None = None) -> set[str]:
    """The tests the repository records as passed on these very inputs."""
    try:
        data = json.loads((path or LEDGER).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return set()
    if not isinstance(data, dict) or data.get("inputs") != inputs():
        return set()
    return {str(nodeid) for nodeid in data.get("passed", [])}


def already_passed(item: pytest.Item) -> bool:
    if not item.get_closest_marker("recorded") or rerun_all():
        return False
    return item.nodeid in ledger() or (not in_ci() and record(item).exists())


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "recorded: a slow test whose outcome depends only on the repository's files, the "
        "libraries and Chromium; not rerun on the very inputs it passed on (tests/recorded.py)",
    )


# What each recorded test came to in this run, node ID to passed (or not rerun): kept by the
# main process, which hears every worker's reports.
_OUTCOMES: dict[str, bool] = {}


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    if already_passed(item):
        pytest.skip(PASSED)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> pytest.TestReport:
    report: pytest.TestReport = yield
    if report.when == "call" and report.passed and item.get_closest_marker("recorded"):
        path = record(item)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.touch()
    return report


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """What each recorded test came to, as the main process hears of it from the workers."""
    if "recorded" not in report.keywords:
        return
    outcomes = _OUTCOMES
    if report.failed:
        outcomes[report.nodeid] = False
    elif report.when == "call" and report.passed:
        outcomes.setdefault(report.nodeid, True)
    elif report.skipped and PASSED in str(report.longrepr):
        outcomes.setdefault(report.nodeid, True)


def pytest_sessionfinish(session: pytest.Session) -> None:
    """The main process writes the repository's record: on the same inputs, what passed
    before and passed or was not rerun now; on new inputs, what passed now."""
    if hasattr(session.config, "workerinput"):
        return  # a worker: the main process hears its outcomes
    if _OUTCOMES:
        write_ledger(LEDGER, _OUTCOMES)


def write_ledger(path: Path, outcomes: dict[str, bool]) -> None:
    passed = (ledger(path) | {n for n, ok in outcomes.items() if ok}) - {
        n for n, ok in outcomes.items() if not ok
    }
    text = json.dumps({"inputs": inputs(), "passed": sorted(passed)}, indent=1) + "\n"
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return
    temporary = path.with_name(f".{path.name}.{os.getpid()}")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    kept = [r for r in terminalreporter.stats.get("skipped", []) if PASSED in str(r.longrepr)]
    if kept:
        terminalreporter.section("recorded outcomes")
        terminalreporter.write_line(
            f"{len(kept)} slow tests (browser, whole builds, sweeps) {PASSED}: not rerun "
            f"(tests/recorded.py). RULEBOOK_RERUN=1 make test runs them."
        )
