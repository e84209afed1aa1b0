"""The code's own examples, run: every doctest of every game module, each failure reported at
the rule it belongs to.

An example after a docstring line ``[rule-id]`` belongs to that rule (a worked example of the
text, or an illustration of it); an example before any such line illustrates the function in
general and belongs to each rule whose ``:code:`` names the function. The examples run as
pytest runs them (``NORMALIZE_WHITESPACE`` and ``ELLIPSIS``), in a copy of the module's globals.
"""

import doctest
import inspect
import linecache
import re
import traceback
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, partial
from pathlib import Path
from types import ModuleType, TracebackType

from rulebook.book import Book
from rulebook.book.cache import module_digest, remembered
from rulebook.book.code import EXAMPLE_FLAGS, GENERAL, MARKER, load_module, modules_of
from rulebook.book.model import Game, Problem
from rulebook.checks.game_results import kept
from rulebook.checks.registry import register

_SHOWN = 120
"""Characters of an expected or actual output quoted in a problem."""


@dataclass(frozen=True)
class Failure:
    """One example that did not give what it shows: where, and what it gave instead."""

    test: doctest.DocTest
    example: doctest.Example
    got: str
    module: str  # the name of the module that holds it (one of a package's)

    @property
    def line(self) -> int:
        """The example's line in its module (1-based)."""
        return (self.test.lineno or 0) + self.example.lineno + 1

    @property
    def owner(self) -> str:
        """The documented object, as its module names it (``morgan_turn``, ``Setup.tribe``;
        ``""`` for the module's own docstring)."""
        return self.test.name.removeprefix(self.module).lstrip(".")

    @property
    def path(self) -> Path:
        """The file of the example: the module's, or the package module's that holds it."""
        return Path(self.test.filename or "")

    @property
    def outcome(self) -> str:
        """What the example gave: its output, or the last line of the error it raised."""
        lines = self.got.strip().splitlines()
        raised = any(line.startswith("Traceback (most recent call last)") for line in lines)
        return lines[-1] if raised and lines else self.got


class _Collector(doctest.DocTestRunner):
    """A runner that keeps its failures instead of printing them."""

    def __init__(self) -> None:
        super().__init__(optionflags=EXAMPLE_FLAGS)
        self.failed: list[Failure] = []

    def report_failure(
        self, out: object, test: doctest.DocTest, example: doctest.Example, got: str
    ) -> None:
        self.failed.append(Failure(test, example, got, str(test.globs.get("__name__", ""))))

    def report_unexpected_exception(
        self,
        out: object,
        test: doctest.DocTest,
        example: doctest.Example,
        exc_info: tuple[type[BaseException], BaseException, TracebackType],
    ) -> None:
        raised = traceback.format_exception_only(exc_info[0], exc_info[1])[-1]
        self.failed.append(Failure(test, example, raised, str(test.globs.get("__name__", ""))))


def run_examples(module: ModuleType) -> tuple[int, tuple[Failure, ...]]:
    """Run every doctest of a module: how many examples ran, and those that failed.

    Run once per state of the module: the mutation measures check a book hundreds of times
    over the same code, while a mutant of the code (a new module) or a name of the module
    bound to a new object (a test's monkeypatch) runs afresh.
    """
    state = tuple(id(value) for part in modules_of(module) for value in vars(part).values())
    return _run_examples(module, state)


@cache
def _run_examples(module: ModuleType, state: tuple[int, ...]) -> tuple[int, tuple[Failure, ...]]:
    runner = _Collector()
    for part in modules_of(module):  # a package's doctests are in its modules
        try:
            for test in doctest.DocTestFinder().find(part):
                runner.run(test, out=lambda _: None)
        finally:
            # The finder reads the module's lines into linecache, and doctest's runner checks
            # every file linecache holds before each run (pdb's reset: a stat of each): left
            # there, 100 games' files made 4 million stats for the 12,000 runs of a first
            # check. Read again whenever asked.
            linecache.cache.pop(inspect.getsourcefile(part) or "", None)
    return runner.tries, tuple(runner.failed)


def example_rules(docstring: str) -> dict[int, str]:
    """The rule each example of a docstring belongs to, by the example's line (``GENERAL``
    before the first ``[rule-id]`` line)."""
    current, found = GENERAL, {}
    for part in doctest.DocTestParser().parse(docstring):
        if isinstance(part, str):
            for match in MARKER.finditer(part):
                current = match.group(1)
        else:
            found[part.lineno] = current
    return found


def _shown(text: str) -> str:
    flat = re.sub(r"\s+", " ", text).strip() or "nothing"
    return flat if len(flat) <= _SHOWN else flat[: _SHOWN - 1] + "…"


def rules_of(failure: Failure, owner: str, game: Game) -> list[str]:
    """The rules a failing example belongs to: its ``[rule-id]``, else the rules naming its
    function (or its class), else the game itself."""
    bound = example_rules(failure.test.docstring or "").get(failure.example.lineno, GENERAL)
    if bound != GENERAL:
        return [bound]
    names = {owner, owner.split(".")[0]} - {""}
    naming = [rule.id for rule in game.fr.rules if names & set(rule.code)]
    return naming or [game.slug]


@register(
    "examples",
    "run the module's doctests (see the README) and make the example hold: fix the code where "
    "the rule still says what the example shows, or update the example where the rule was "
    "changed on purpose (both languages and the corrections register say so)",
    reads_code=True,
)
def check(book: Book) -> Iterator[Problem]:
    for game in book.games:
        yield from kept(book, game, "examples", partial(game_problems, game))


def game_problems(game: Game) -> list[Problem]:
    module = load_module(game.module)
    if module is None:  # a module that cannot be imported is the code check's problem
        return []
    # The doctests' outcome is a pure function of the code (they are deterministic) and of
    # which rule names which code: kept apart from the game's text, which they do not read.
    naming = [(rule.id, rule.code) for rule in game.fr.rules]
    key = f"{game.slug}\0{game.module}\0{module_digest(module)}\0{naming}"
    return remembered("examples", key, partial(problems_of, game, module))


def problems_of(game: Game, module: ModuleType) -> list[Problem]:
    return list(check_game(game, module))


def check_game(game: Game, module: ModuleType) -> Iterator[Problem]:
    short = game.module.rsplit(".", 1)[-1]
    for failure in run_examples(module)[1]:
        owner = failure.owner
        what = f"{short}.{owner}" if owner else short
        expected = failure.example.exc_msg or failure.example.want
        message = (
            f"doctest of {what} failed at >>> {_shown(failure.example.source)}: expected "
            f"{_shown(expected)}, got {_shown(failure.outcome)}"
        )
        for rule in rules_of(failure, owner, game):
            yield Problem(failure.path, failure.line, rule, message)
