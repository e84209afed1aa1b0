"""The recorded outcomes (tests/recorded.py): a slow test is skipped only on the very inputs it
passed on, and CI runs it whatever was recorded."""

import json
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


def test_a_passed_test_is_skipped_on_the_same_inputs_and_ci_trusts_only_the_repository(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr("tests.conftest.SITE_CACHE", tmp_path / "sites")
    monkeypatch.setattr(recorded, "LEDGER", tmp_path / "recorded.json")
    monkeypatch.setattr(recorded, "inputs", lambda: "inputs one")
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.delenv("RULEBOOK_RERUN", raising=False)
    slow = Item(nodeid="tests/test_x.py::test_slow", marks={"recorded": object()})
    assert not recorded.already_passed(slow)  # type: ignore[arg-type]  # never passed: it runs
    recorded.record(slow).parent.mkdir(parents=True)  # type: ignore[arg-type]
    recorded.record(slow).touch()  # type: ignore[arg-type]
    with pytest.raises(pytest.skip.Exception, match="passed on these very inputs"):
        recorded.pytest_runtest_setup(slow)  # type: ignore[arg-type]
    monkeypatch.setenv("CI", "true")  # a fresh clone: this machine's cache is not trusted
    assert not recorded.already_passed(slow)  # type: ignore[arg-type]
    recorded.write_ledger(recorded.LEDGER, {slow.nodeid: True})  # what the repository says
    assert recorded.already_passed(slow)  # type: ignore[arg-type]
    monkeypatch.setenv("RULEBOOK_RERUN", "1")  # everything runs
    assert not recorded.already_passed(slow)  # type: ignore[arg-type]
    monkeypatch.delenv("RULEBOOK_RERUN")
    monkeypatch.setattr(recorded, "inputs", lambda: "inputs two")  # other inputs: it runs
    assert not recorded.already_passed(slow)  # type: ignore[arg-type]
    unmarked = Item(nodeid="tests/test_x.py::test_slow", marks={})
    monkeypatch.setattr(recorded, "inputs", lambda: "inputs one")
    assert not recorded.already_passed(unmarked)  # type: ignore[arg-type]  # not recorded


def test_the_repositorys_record_keeps_what_passed_on_the_same_inputs_and_drops_a_failure(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "recorded.json"
    monkeypatch.setattr(recorded, "inputs", lambda: "inputs one")
    recorded.write_ledger(path, {"t::a": True, "t::b": True})
    recorded.write_ledger(path, {"t::c": True, "t::b": False})  # a partial run, b failed
    assert recorded.ledger(path) == {"t::a", "t::c"}
    assert json.loads(path.read_text(encoding="utf-8"))["passed"] == ["t::a", "t::c"]
    monkeypatch.setattr(recorded, "inputs", lambda: "inputs two")  # a change: what ran now
    assert recorded.ledger(path) == set()
    recorded.write_ledger(path, {"t::d": True})
    assert recorded.ledger(path) == {"t::d"}
    assert [p.name for p in tmp_path.iterdir()] == ["recorded.json"]  # written whole


@pytest.mark.parametrize(
    "left", ["tests/recorded.json", "docs/locale/fr/LC_MESSAGES/sphinx.mo", "docs/_build/x.html"]
)
def test_what_a_run_or_a_build_leaves_is_not_an_input(checkout: Path, left: str) -> None:
    """The record itself, and what a build writes: a fresh clone has the same digest."""
    before = recorded.inputs_of(checkout)
    path = checkout / left
    existed = path.exists()
    path.parent.mkdir(parents=True, exist_ok=True)
    kept = path.read_bytes() if existed else None
    try:
        path.write_text('{"inputs": "x"}\n', encoding="utf-8")
        assert recorded.inputs_of(checkout) == before
    finally:
        path.write_bytes(kept) if kept is not None else path.unlink()
