"""Checks register themselves: a module dropped into the checks' package, with ``@register``
on its function, is run by ``rulebook check`` with no other edit."""

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import rulebook.checks
from rulebook.book import load_book
from rulebook.checks import registry, run_checks, typography
from tests.conftest import ROOT

DROPPED = "zz_dropped_"  # the modules a test drops in: their names sort last
SOURCE = """
from rulebook.book.model import Problem
from rulebook.checks.registry import register


@register("dropped", "nothing to do: a test's check")
def check(book):
    game = book.games[0]
    yield Problem(game.fr.path, 1, game.slug, "seen by the dropped-in check")
"""


@pytest.fixture
def fresh_register() -> Iterator[None]:
    """The checks found afresh, and again afterwards with the modules dropped in forgotten."""
    registry.checks.cache_clear()
    yield
    registry.checks.cache_clear()
    for name in [m for m in sys.modules if m.startswith(f"rulebook.checks.{DROPPED}")]:
        del sys.modules[name]
        if hasattr(rulebook.checks, name.rsplit(".", 1)[-1]):
            delattr(rulebook.checks, name.rsplit(".", 1)[-1])


def drop(folder: Path, name: str, source: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A module of the checks' package, in a folder the package is given as one more of its
    own: a copy of the package, without copying it."""
    folder.mkdir(exist_ok=True)
    (folder / f"{DROPPED}{name}.py").write_text(source, encoding="utf-8")
    package = rulebook.checks
    monkeypatch.setattr(package, "__path__", [*package.__path__, str(folder)])


@pytest.mark.usefixtures("fresh_register")
def test_a_check_module_dropped_into_the_package_runs_with_no_other_edit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    drop(tmp_path / "more", "new", SOURCE, monkeypatch)
    assert [check.name for check in registry.checks()][-1] == "dropped"
    problems = run_checks(load_book(ROOT))
    game = load_book(ROOT).games[0]
    assert [p.format(ROOT) for p in problems if p.check == "dropped"] == [
        f"rules_fr/{game.slug}.md:1: {game.slug}: seen by the dropped-in check "
        "→ nothing to do: a test's check"
    ]


@pytest.mark.usefixtures("fresh_register")
def test_two_checks_of_one_name_are_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    drop(tmp_path / "more", "twice", SOURCE.replace('"dropped"', '"numbers"'), monkeypatch)
    with pytest.raises(ValueError, match=rf"two checks named 'numbers'.*{DROPPED}twice\.check"):
        registry.checks()


def test_the_checks_run_in_the_order_of_their_modules_then_of_their_place_in_it() -> None:
    found = [(check.run.__module__.rsplit(".", 1)[-1], check.name) for check in registry.checks()]
    assert len(found) > 20
    assert found == sorted(found, key=lambda pair: pair[0])
    assert found.index(("comparisons", "comparisons")) + 1 == found.index(("comparisons", "bounds"))


def test_a_check_is_called_as_its_function_was() -> None:
    book = load_book(ROOT)
    assert list(typography.check(book)) == list(typography.check.run(book)) == []
    assert typography.check.name == "typography" and not typography.check.reads_code
