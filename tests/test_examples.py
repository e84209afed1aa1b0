"""The check runs the code's own examples, and the README's doctest command works as written.

A scratch copy of Port Royal's module, under its own name, is named by a scratch copy of the
book; changing the copy's code as a deliberate rule change would, without updating its
examples, must make `rulebook check` fail at the rule the broken example belongs to.
"""

import contextlib
import datetime
import doctest
import importlib
import io
import operator
import os
import re
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Callable, Iterator
from functools import reduce
from itertools import count
from pathlib import Path

import pytest

import rulebook.games
from rulebook.book import code as codebind
from rulebook.book import load_book
from rulebook.book.code import EXAMPLE_FLAGS
from rulebook.book.translation_state import record
from rulebook.checks.examples import run_examples
from rulebook.outputs.versions import record_versions
from rulebook.site.try_it import package_of
from tests.conftest import ROOT, BookCopy, book_games

FR = "rules_fr/port-royal-morgan.md"
EN = "rules_en/port-royal-morgan.md"
REGISTER = "rules_fr/port-royal-morgan.corrections.toml"
CHANGE_RECORDED = """
[[correction]]
rule = "pr-mission-fulfilled"
original = "inférieur de 1 point"
corrected = "inférieur de 2 points"
kind = "interpretation"
reason_fr = "Variante\u00a0: une mission que Morgan a déjà remplie coûte 2 points."
reason_en = "Variant: a mission Morgan has already fulfilled costs 2 points."
changes_play = true
"""
PACKAGE = ROOT / "src" / "rulebook" / "games" / "port_royal"
_NAMES = count()


class ScratchModule:
    """A copy of Port Royal's code (a package), importable under its own name, that the book
    copy names: its modules import each other relatively, and its doctests import the game by
    its name, renamed in the copy, so the copy runs its own code."""

    def __init__(self, folder: Path, book: BookCopy) -> None:
        short = f"scratch_port_royal_{next(_NAMES)}"
        self.name = f"rulebook.games.{short}"  # a game package: the folder is the games'
        self.folder = folder / short
        self.book = book
        shutil.copytree(PACKAGE, self.folder, ignore=shutil.ignore_patterns("__pycache__"))
        for path in self.folder.glob("*.py"):
            text = path.read_text(encoding="utf-8")
            path.write_text(re.sub(r"\brulebook\.games\.port_royal\b", self.name, text), "utf-8")
        book.edit(FR, "module: rulebook.games.port_royal\n", f"module: {self.name}\n")

    def file(self, holding: str) -> Path:
        """The module of the copy whose text holds ``holding``."""
        found = [p for p in self.folder.glob("*.py") if holding in p.read_text(encoding="utf-8")]
        assert len(found) == 1, f"{holding!r} is in {found}"
        return found[0]

    def edit(self, old: str, new: str) -> None:
        path = self.file(old)
        text = path.read_text(encoding="utf-8")
        assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times"
        path.write_text(text.replace(old, new), encoding="utf-8")


@pytest.fixture
def scratch(
    book_copy: BookCopy, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[ScratchModule]:
    folder = tmp_path / "code"
    folder.mkdir()
    monkeypatch.setattr(rulebook.games, "__path__", [*rulebook.games.__path__, str(folder)])
    module = ScratchModule(folder, book_copy)
    yield module
    for name in [n for n in sys.modules if n == module.name or n.startswith(f"{module.name}.")]:
        del sys.modules[name]
    codebind.forget_code()


GAMES = {package_of(game): game.module for game in book_games()}
"""Each game of the book by its package (``-k port_royal`` runs one), with its module."""


@pytest.mark.parametrize("package", GAMES)
def test_every_example_of_the_game_module_runs_and_holds(package: str) -> None:
    """Every ``>>>`` written in the game's code runs (none missed in a package's modules),
    and holds."""
    module = importlib.import_module(GAMES[package])
    tried, failed = run_examples(module)
    written = sum(
        len(re.findall(r"(?m)^\s*>>> ", Path(part.__file__ or "").read_text(encoding="utf-8")))
        for part in codebind.modules_of(module)
    )
    assert tried == written > 0, f"{module.__name__}: {tried} of {written} examples run"
    assert failed == (), f"{module.__name__}: {failed}"


def test_an_unchanged_scratch_module_passes(scratch: ScratchModule) -> None:
    assert scratch.book.lines("examples") == []


def test_a_rule_change_whose_worked_example_no_longer_holds_is_named_at_that_rule(
    scratch: ScratchModule, names_rule: Callable[[list[str], str, str], bool]
) -> None:
    # A deliberate change: a mission Morgan fulfilled now costs 2 points. The French and the
    # English say so, the register records it, the translation is recorded, the constant
    # follows; the worked example [pr-ex-mission] still shows a mission worth 2 scoring 1.
    book = scratch.book
    book.edit(FR, "pour un score inférieur de 1 point.", "pour un score inférieur de 2 points.")
    book.edit(EN, "but it scores 1 point less.", "but it scores 2 points less.")
    with (book.root / REGISTER).open("a", encoding="utf-8") as register:
        register.write(CHANGE_RECORDED)
    assert record(load_book(book.root), ["pr-mission-fulfilled"]) == ["pr-mission-fulfilled"]
    scratch.edit("MISSION_PENALTY: Final = 1\n", "MISSION_PENALTY: Final = 2\n")
    record_versions(load_book(book.root), datetime.date(2026, 12, 1))  # `rulebook publish`
    lines = book.lines()
    assert len(lines) == 1, "the example is the one thing that no longer agrees"
    assert names_rule(lines, "pr-ex-mission", "mission_points failed at >>> mission_points(2,")
    assert "expected 1, got 0" in lines[0]
    morgan = scratch.file("def mission_points")
    assert lines[0].startswith(f"{morgan.relative_to(book.root)}:")
    line = int(lines[0].split(":")[1])
    source = morgan.read_text(encoding="utf-8").splitlines()
    assert "mission_points(2, fulfilled=mission_fulfilled" in source[line - 1]


def test_a_general_example_that_fails_is_named_at_each_rule_naming_its_function(
    scratch: ScratchModule, names_rule: Callable[[list[str], str, str], bool]
) -> None:
    # Morgan now scores 2 points from 4 pieces: points_for_items's own example breaks.
    scratch.edit("_POINTS_FROM: Final = ((6, 3), (5, 2),", "_POINTS_FROM: Final = ((6, 3), (4, 2),")
    lines = scratch.book.lines("examples")
    assert names_rule(lines, "pr-morgan-points-table", "doctest of")
    assert any(
        "points_for_items failed" in line and "got [0, 1, 2, 2, 3, 3]" in line for line in lines
    )


def test_an_example_that_raises_is_named_with_the_error(
    scratch: ScratchModule, names_rule: Callable[[list[str], str, str], bool]
) -> None:
    scratch.edit(
        '    rule = "pr-mission-fulfilled"\n', '    rule = "pr-mission-fulfilled"\n    1 / 0\n'
    )
    lines = scratch.book.lines("examples")
    assert names_rule(lines, "pr-ex-mission", "got ZeroDivisionError: division by zero")
    assert names_rule(lines, "pr-mission-fulfilled", "got ZeroDivisionError")


# The README's doctest command


def readme_command() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = re.findall(r"^python -m pytest --doctest-modules .*$", readme, re.MULTILINE)
    assert len(commands) == 1, "the README shows one doctest command, in a code block"
    return commands[0]


def run_as_written(command: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """The command in a shell, with this interpreter's folder first on the PATH, as in the
    project's activated virtualenv."""
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    return subprocess.run(
        command, shell=True, cwd=cwd, env=env, capture_output=True, text=True, timeout=120
    )


def test_the_readme_doctest_command_runs_every_game_module_as_written() -> None:
    command = readme_command()
    verbose = run_as_written(f"{command} -v -v -p no:cacheprovider", ROOT)
    assert verbose.returncode == 0, verbose.stdout[-2000:] + verbose.stderr[-2000:]
    games = ROOT / "src" / "rulebook" / "games"
    files = [*games.glob("*.py"), *games.glob("*/*.py")]  # a game is a module or a package
    with_examples = [path for path in files if ">>>" in path.read_text(encoding="utf-8")]
    assert len(with_examples) >= 10
    for path in with_examples:
        where = path.relative_to(ROOT).as_posix()
        assert f"{where}::" in verbose.stdout, f"no example of {where} ran"
    assert " failed" not in verbose.stdout.splitlines()[-1]


def test_the_readme_doctest_command_fails_when_an_example_fails(tmp_path: Path) -> None:
    games = tmp_path / "src" / "rulebook" / "games"
    shutil.copytree(ROOT / "src" / "rulebook" / "games", games)
    module = games / "stone_age" / "turn.py"
    text = module.read_text(encoding="utf-8")
    module.write_text(text.replace("    (20, 15)\n", "    (20, 16)\n", 1), encoding="utf-8")
    result = run_as_written(f"{readme_command()} -p no:cacheprovider", tmp_path)
    assert result.returncode != 0
    assert "turn.setup" in result.stdout and "(20, 16)" in result.stdout


def test_the_check_the_readme_and_pytest_run_the_examples_with_the_same_flags() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    flags = pyproject["tool"]["pytest"]["ini_options"]["doctest_optionflags"]
    assert EXAMPLE_FLAGS == reduce(operator.or_, (doctest.OPTIONFLAGS_BY_NAME[f] for f in flags))
    assert "optionflags" not in readme_command(), "the README's command takes pyproject's flags"


# A game whose code is a package (Port Royal's is)


def test_a_problem_in_a_package_is_named_at_the_module_that_holds_it(
    scratch: ScratchModule,
) -> None:
    rules = scratch.file("MISSION_PENALTY: Final = 1")
    scratch.edit("__all__ = [", '__all__ = [\n    "unnamed",')
    init = scratch.folder / "__init__.py"
    init.write_text(init.read_text(encoding="utf-8") + "from .rules import unnamed\n")
    text = rules.read_text(encoding="utf-8") + "\n\ndef unnamed() -> int:\n    return 1\n"
    rules.write_text(text, encoding="utf-8")
    lines = [line.split(" → ")[0] for line in scratch.book.lines("code")]
    where = rules.relative_to(scratch.book.root)
    defined_at = len(text.splitlines()) - 1  # the line of `def unnamed`
    said = f"{scratch.name}.unnamed is named by no rule"
    assert lines == [f"{where}:{defined_at}: port-royal-morgan: {said}"]


def readme_calls(readme: str) -> str:
    """The README's ``pycon`` block: one call per game."""
    blocks = re.findall(r"```pycon\n(.*?)```", readme, flags=re.DOTALL)
    assert len(blocks) == 1, "the README shows one pycon block of calls"
    return blocks[0]


def run_calls(calls: str) -> doctest.TestResults:
    flags = EXAMPLE_FLAGS
    test = doctest.DocTestParser().get_doctest(calls, {}, "README.md", "README.md", 0)
    runner = doctest.DocTestRunner(optionflags=flags, verbose=False)
    with contextlib.redirect_stdout(io.StringIO()):
        runner.run(test)
    return runner.summarize(verbose=False)


def test_the_readme_calls_each_game_it_imports_and_each_call_gives_what_it_says() -> None:
    """The README's calls are prose: they show the games they import (games of the book), a
    call of each; a new game need not be added to them."""
    calls = readme_calls((ROOT / "README.md").read_text(encoding="utf-8"))
    imported = re.search(r"from rulebook\.games import (.+)", calls)
    assert imported, "the README's calls import the games they show"
    shown = [name.strip() for name in imported.group(1).split(",")]
    assert shown and set(shown) <= set(GAMES), f"{shown}: games of the book ({', '.join(GAMES)})"
    for game in shown:
        assert f"{game}." in calls, f"the README calls nothing of {game}"
    results = run_calls(calls)
    assert results.attempted >= 10 and results.failed == 0, results
    wrong = calls.replace("[47, 53, 59, 65]", "[47, 53, 59, 66]")
    with contextlib.redirect_stdout(io.StringIO()):
        assert run_calls(wrong).failed == 1  # a README example that no longer holds fails


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_traceability_state_of_a_rule_says_when_its_examples_fail(lang: str) -> None:
    """The traceability page's cell reads the entry's bound examples: passing as they are,
    failing once one expected value is changed."""
    import dataclasses
    from types import SimpleNamespace

    from rulebook.book.code import example_failure, load_module
    from rulebook.site.sphinxext.traceability import run_state

    entry = load_book(ROOT).entry("pr-ex-morgan-2")
    module = load_module(entry.game.module)
    assert module is not None and entry.examples
    assert all(example_failure(group, module) == "" for group in entry.examples)
    assert ("réussis" if lang == "fr" else "passing") in run_state(module, entry, lang)
    group = entry.examples[0]
    last = group.examples[-1]
    broken_example = doctest.Example(last.source, last.want + "0\n", lineno=last.lineno)
    broken = dataclasses.replace(group, examples=(*group.examples[:-1], broken_example))
    assert example_failure(broken, module) != ""
    fake = SimpleNamespace(id=entry.id, examples=(broken,))
    state = run_state(module, fake, lang)  # type: ignore[arg-type]
    assert ("en échec" if lang == "fr" else "failing") in state, state


def test_every_worked_example_passes_as_the_traceability_page_and_the_chains_run_it() -> None:
    """The page's "bound, passing" and the chains run each bound example in the names its
    own module gives it (``random`` say), as pytest does: run in the game's names alone, 21
    rules' examples failed with a NameError on the page while their doctests passed."""
    book = load_book(ROOT)
    failing = {}
    for entry in book.entries.values():
        module = codebind.load_module(entry.game.module)
        assert module is not None
        for group in entry.examples:
            failed = codebind.example_failure(group, module)
            if failed:
                failing[entry.id] = failed
    assert failing == {}
    assert sum(1 for e in book.entries.values() for _ in e.examples) > 50
