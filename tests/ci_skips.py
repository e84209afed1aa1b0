"""In CI (the ``CI`` environment variable set, as GitHub's runners and .ci/run set it), a
skipped test fails the run, and the run's end names each with its reason.

A skip says "this machine lacks something" (Chromium, Pyodide, the Hunspell dictionaries):
on a user's machine that is a fair answer, said in the skip's reason; in CI it would let the
site be published with the tests that guard it never run. One guard for every kind of skip
(``skip``, ``skipif``, ``importorskip``, a module skipped whole, a fixture that skips), and
for ``xfail`` too (no test uses it: a test marked to fail proves nothing in CI), rather than
a check of its own beside each skip, which the next skip would forget.

tests/conftest.py registers it; a pytest run of its own loads it with ``-p tests.ci_skips``
(tests/test_ci_skips.py). Under pytest-xdist it runs in the controller only, which receives
every worker's reports (of tests and of collection) through the same hooks.
"""

import os

import pytest


class SkipsFailCI:
    """The skips of a run, and what they do to it at its end."""

    def __init__(self) -> None:
        self.skipped: dict[str, str] = {}  # test (or file) -> why it was skipped

    def note(self, report: pytest.CollectReport | pytest.TestReport) -> None:
        if hasattr(report, "wasxfail"):  # xfailed (reported as skipped) or xpassed
            self.skipped[report.nodeid] = (
                f"xfail: {report.wasxfail}" if report.wasxfail else "xfail"
            )
        elif report.skipped:
            longrepr = report.longrepr  # (file, line, "Skipped: why") for a skip
            why = longrepr[2] if isinstance(longrepr, tuple | list) else str(longrepr)
            self.skipped[report.nodeid or "(the whole run)"] = str(why).removeprefix("Skipped: ")

    @pytest.hookimpl
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        self.note(report)

    @pytest.hookimpl
    def pytest_collectreport(self, report: pytest.CollectReport) -> None:
        self.note(report)

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        # A run that otherwise passed (or had nothing left to run, every file skipped) fails.
        if self.skipped and session.exitstatus in (
            pytest.ExitCode.OK,
            pytest.ExitCode.NO_TESTS_COLLECTED,
        ):
            session.exitstatus = pytest.ExitCode.TESTS_FAILED

    @pytest.hookimpl
    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        if not self.skipped:
            return
        terminalreporter.section("skipped in CI, which fails the run", red=True)
        for test, why in sorted(self.skipped.items()):
            terminalreporter.write_line(f"{test}: {why}")


def in_ci() -> bool:
    """Whether ``CI`` says this is CI: set, and not "", "0", "false" or "no" (ways to say
    it is not)."""
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def pytest_configure(config: pytest.Config) -> None:
    # Not in an xdist worker: the controller gets the worker's reports, and says it once.
    if in_ci() and not hasattr(config, "workerinput"):
        config.pluginmanager.register(SkipsFailCI(), "ci-skips")
