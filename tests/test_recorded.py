"""The recorded outcomes (tests/recorded.py): a slow test is skipped only on the very inputs it
passed on, and CI runs it whatever was recorded."""

import shutil
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from tests import recorded
from tests.conftest import ROOT

INPUTS = ("rules_fr", "rules_en", "docs", "tests", "tools", "pyproject.toml")


@pytest.fixture(scope="module")
def checkout(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of every input the digest reads (the package is read where it is installed)."""
    root = tmp_path_factory.mktemp("checkout")
    for name in INPUTS:
        if (ROOT / name).is_dir():
            ignored = shutil.ignore_patterns("__pycache__", "_build")
            shutil.copytree(ROOT / name, root / name, ignore=ignored)
        else:
            shutil.copy(ROOT / name, root / name)
    return root


@pytest.mark.parametrize(
    "changed",
    ["rules_fr/port-royal-morgan.md", "rules_en/glossary.md", "tests/test_browser.py",
     "tools/bench.py", "pyproject.toml", "docs/conf.py"],
)  # fmt: skip
def test_any_input_changed_changes_the_digest(checkout: Path, changed: str) -> None:
    before = recorded.inputs_of(checkout)
    path = checkout / changed
    kept = path.read_bytes()
    try:
        path.write_bytes(kept + b"\n")
        assert recorded.inputs_of(checkout) != before, f"{changed} is not an input"
    finally:
        path.write_bytes(kept)
    assert recorded.inputs_of(checkout) == before


class Item(SimpleNamespace):
    def get_closest_marker(self, name: str) -> Any:
        return self.marks.get(name)


def test_a_passed_test_is_skipped_on_the_same_inputs_and_run_under_ci(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr("tests.conftest.SITE_CACHE", tmp_path / "sites")
    monkeypatch.setattr(recorded, "inputs", lambda: "inputs one")
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.delenv("RULEBOOK_RERUN", raising=False)
    slow = Item(nodeid="tests/test_x.py::test_slow", marks={"recorded": object()})
    recorded.pytest_runtest_setup(slow)  # type: ignore[arg-type]  # never passed: it runs
    recorded.record(slow).parent.mkdir(parents=True)  # type: ignore[arg-type]
    recorded.record(slow).touch()  # type: ignore[arg-type]
    with pytest.raises(pytest.skip.Exception, match="passed on these very inputs"):
        recorded.pytest_runtest_setup(slow)  # type: ignore[arg-type]
    monkeypatch.setenv("CI", "true")
    recorded.pytest_runtest_setup(slow)  # type: ignore[arg-type]  # CI runs it all the same
    monkeypatch.delenv("CI")
    monkeypatch.setattr(recorded, "inputs", lambda: "inputs two")
    recorded.pytest_runtest_setup(slow)  # type: ignore[arg-type]  # other inputs: it runs
    unmarked = Item(nodeid="tests/test_x.py::test_slow", marks={})
    monkeypatch.setattr(recorded, "inputs", lambda: "inputs one")
    recorded.pytest_runtest_setup(unmarked)  # type: ignore[arg-type]  # not recorded: runs
