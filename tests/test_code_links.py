"""The code check's jobs the other tests do not break (tests/test_checks.py breaks the rules'
names of code): an English rule giving an option of the French file, and doctests bound to a
rule that does not exist or does not name their function."""

import importlib.util
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

import pytest

from rulebook.book import load_book
from rulebook.checks.code import public_names_named
from tests.conftest import ROOT, BookCopy

EN = "rules_en/port-royal-morgan.md"

CODE = '''
__all__ = ["winner"]


def winner(points):
    """Who wins.

    [pr-nowhere]

    >>> winner(12)
    True

    [pr-end]

    >>> winner(3)
    False
    """
    return points >= 12
'''


@pytest.fixture
def module(tmp_path: Path) -> Iterator[ModuleType]:
    """A game's code with one public function and two bound doctests, imported from a file."""
    path = tmp_path / "bound_game.py"
    path.write_text(CODE, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("bound_game", path)
    assert spec is not None and spec.loader is not None
    made = importlib.util.module_from_spec(spec)
    sys.modules["bound_game"] = made
    spec.loader.exec_module(made)
    yield made
    del sys.modules["bound_game"]


def test_an_english_rule_naming_code_is_told_that_it_belongs_in_the_french_file(
    book_copy: BookCopy, names_rule: Callable[[list[str], str, str], bool]
) -> None:
    book_copy.edit(EN, ":::{rule} pr-name\n", ":::{rule} pr-name\n:code: EXTRA_POINT\n")
    said = ":code: belongs in the French file, the source of truth"
    assert names_rule(book_copy.lines("code"), "pr-name", said)


def test_doctests_bound_to_an_unknown_rule_or_to_one_not_naming_them_are_named(
    module: ModuleType,
) -> None:
    game = load_book(ROOT).game("port-royal-morgan")
    lines = [p.format(ROOT) for p in public_names_named(game, module, {}, {"pr-end", "pr-name"})]
    assert [line.split(": ", 1)[1] for line in lines] == [
        "port-royal-morgan: rulebook.games.port_royal.winner is named by no rule",
        "pr-nowhere: doctest of winner is bound to an unknown rule",
        "pr-end: doctest of winner is bound to this rule, which does not name winner",
    ]
    both = {"pr-end", "pr-nowhere"}
    named = public_names_named(game, module, {"winner": both}, both)
    assert [p.format(ROOT) for p in named] == []
