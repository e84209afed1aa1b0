"""In CI a skipped test fails the run, which names it with its reason (tests/ci_skips.py);
on a user's machine a skip stays a skip. Each test runs a small pytest of its own on a few
test files that skip in every way a test here can."""

import pytest

from tests.conftest import ROOT

pytest_plugins = ["pytester"]

SKIPPING = """
import pytest

@pytest.fixture
def browser():
    pytest.skip("no Chromium found")

def test_that_runs():
    pass

@pytest.mark.skipif(True, reason="no Hunspell dictionary")
def test_that_spells():
    pass

def test_that_uses_a_browser(browser):
    pass

def test_that_imports_what_is_not_there():
    pytest.importorskip("a_package_nobody_installed")

@pytest.mark.xfail(reason="known to fail")
def test_that_is_marked_to_fail():
    assert False
"""
SKIPPED_WHOLE = """
import pytest

pytest.skip("Pyodide is not installed", allow_module_level=True)

def test_that_plays():
    pass
"""
NAMED = [
    "test_skips.py::test_that_spells: no Hunspell dictionary",
    "test_skips.py::test_that_uses_a_browser: no Chromium found",
    "test_skips.py::test_that_imports_what_is_not_there: could not import "
    "'a_package_nobody_installed'*",
    "test_skips.py::test_that_is_marked_to_fail: xfail: known to fail",
    "test_skipped_whole.py: Pyodide is not installed",
]


@pytest.fixture
def skipping(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makepyfile(test_skips=SKIPPING, test_skipped_whole=SKIPPED_WHOLE)
    return pytester


def test_this_test_suite_loads_the_guard(pytestconfig: pytest.Config) -> None:
    """tests/conftest.py registers it, for every run of these tests (and each xdist worker)."""
    assert pytestconfig.pluginmanager.has_plugin("tests.ci_skips")


def test_in_ci_every_kind_of_skip_fails_the_run_and_is_named_with_its_reason(
    skipping: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CI", "1")
    result = skipping.runpytest("-p", "tests.ci_skips", "-p", "no:randomly")
    result.assert_outcomes(passed=1, skipped=4, xfailed=1)
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(["*skipped in CI, which fails the run*", *sorted(NAMED)])


@pytest.mark.parametrize("said", [None, "", "0", "false", "False"])
def test_outside_ci_a_skip_is_only_a_skip(
    skipping: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, said: str | None
) -> None:
    """CI unset, or set to a way of saying no (``CI=false``)."""
    if said is None:
        monkeypatch.delenv("CI", raising=False)
    else:
        monkeypatch.setenv("CI", said)
    result = skipping.runpytest("-p", "tests.ci_skips", "-p", "no:randomly")
    result.assert_outcomes(passed=1, skipped=4, xfailed=1)
    assert result.ret == pytest.ExitCode.OK
    result.stdout.no_fnmatch_line("*skipped in CI*")


def test_in_ci_a_run_that_fails_anyway_keeps_its_failure_and_names_its_skips(
    skipping: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CI", "1")
    skipping.makepyfile(test_failing="def test_that_fails():\n    assert False\n")
    result = skipping.runpytest("-p", "tests.ci_skips", "-p", "no:randomly")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(["*skipped in CI, which fails the run*", *sorted(NAMED)])


def test_in_ci_the_skips_of_xdist_workers_fail_the_run_their_controller_names_them(
    skipping: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As `make test` runs (two workers, a file at a time): the skips happen in the workers,
    and reach the controller as reports."""
    monkeypatch.setenv("CI", "1")
    monkeypatch.setenv("PYTHONPATH", str(ROOT))  # for -p tests.ci_skips, in a new Python
    result = skipping.runpytest_subprocess(
        "-p", "tests.ci_skips", "-p", "no:randomly", "-n", "2", "--dist", "loadfile"
    )
    result.assert_outcomes(passed=1, skipped=4, xfailed=1)
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(["*skipped in CI, which fails the run*", *sorted(NAMED)])
    assert result.stdout.str().count("test_skipped_whole.py: Pyodide") == 1  # said once
