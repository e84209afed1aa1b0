"""A new game joins the book by its own files alone: the site's contents, the check and the
tests take the games from the book, never from a list kept by hand.

A throwaway game (``tests/fixtures/new_game/``: test data, a made-up variant with its
original, provenance, French, English, register, review pages, code and tests) is laid over
a copy of the book; the tools write what the guide has them write (`rulebook translated`,
`rulebook publish`). Then the copy's check agrees, its strict site build lists the game with
no warning, and its test suite runs on the new game every test it runs on each game.

The site is built of the copy cut to the new game and one game of the book (as
tests/small_book.py cuts the book): the pages a game adds, and its place in the contents
among the others', are the same whichever games are beside it, and the book's own games are
built strict by every test run (``built_site``); the whole copy took four times as long.
"""

import difflib
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from rulebook.site.try_it import package_of
from rulebook.text.markup import scan_source
from tests.conftest import ROOT, book_games

FIXTURE = ROOT / "tests" / "fixtures" / "new_game"
SLUG, PACKAGE = "trial-dice-solo", "trial_dice"
# What a copy of the book needs to check, build and collect its tests.
FOLDERS = ("rules_fr", "rules_en", "src", "tests", "tools", "docs")
FILES = ("pyproject.toml", "README.md")
IGNORED = shutil.ignore_patterns("__pycache__", "_build", "*.mo", "fixtures", "recorded.json")
# What the tools write outside the game's own files: its IDs, into the registry of every
# published ID (`rulebook publish`).
WRITTEN_BY_TOOLS = {"rules_fr/published-ids.toml"}
BUILT = ("port-royal-morgan", SLUG)  # the games the copy's site is built of


def in_copy(root: Path, *command: str, timeout: int = 300) -> subprocess.CompletedProcess[str]:
    """A command of the copy's own Python code (its package, with the new game's), in it."""
    env = os.environ | {
        "PYTHONPATH": os.pathsep.join((str(root / "src"), str(root))),
        "RULEBOOK_BASE_URL": "https://rules.test/",  # no placeholder warning
    }
    return subprocess.run(
        [sys.executable, *command], cwd=root, env=env, capture_output=True, text=True,
        timeout=timeout, check=False,
    )  # fmt: skip


def own_files() -> set[str]:
    return {
        path.relative_to(FIXTURE).as_posix()
        for folder in ("rules_fr", "rules_en", "src", "tests")
        for path in (FIXTURE / folder).rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }


@dataclass(frozen=True)
class Copy:
    root: Path
    changed: frozenset[str]  # its files that are not the book's, once the game is added
    checked: subprocess.CompletedProcess[str]  # `rulebook check .` in it


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> Copy:
    """The book with the new game added as its contributor adds it, then checked as they
    check it (``checked``), once, before any test: the copy's own tests check it again, and
    find in the cache what this first check worked out (the dictionaries' verdicts, the
    examples' results)."""
    root = tmp_path_factory.mktemp("book")
    for folder in FOLDERS:
        shutil.copytree(ROOT / folder, root / folder, ignore=IGNORED)
    for name in FILES:
        shutil.copy2(ROOT / name, root / name)
    if (ROOT / "node_modules").is_dir():  # Pyodide, which the browser tests' files ask for
        (root / "node_modules").symlink_to(ROOT / "node_modules", target_is_directory=True)
    for folder in ("rules_fr", "rules_en", "src", "tests"):
        shutil.copytree(FIXTURE / folder, root / folder, dirs_exist_ok=True, ignore=IGNORED)
    for command in (("translated", "--game", SLUG, "--root", "."), ("publish", "--game", SLUG)):
        done = in_copy(root, "-m", "rulebook", *command)
        assert done.returncode == 0, done.stdout + done.stderr
    changed = frozenset(changed_files(root))
    return Copy(root, changed, in_copy(root, "-m", "rulebook", "check", "."))


def changed_files(root: Path) -> set[str]:
    """The files of the copy that are not the book's as it is."""
    return {
        path.relative_to(root).as_posix()
        for path in root.rglob("*")
        if path.is_file()
        and not {"__pycache__", ".pytest_cache"} & set(path.parts)
        and not (
            (ROOT / path.relative_to(root)).is_file()
            and (ROOT / path.relative_to(root)).read_bytes() == path.read_bytes()
        )
    }


def test_the_new_game_changes_no_line_outside_its_own_files(book: Copy) -> None:
    history = f"rules_fr/{SLUG}.history.toml"  # the game's own, written by `rulebook publish`
    assert book.changed == own_files() | {history} | WRITTEN_BY_TOOLS
    before = (ROOT / "rules_fr/published-ids.toml").read_text(encoding="utf-8").splitlines()
    after = (book.root / "rules_fr/published-ids.toml").read_text(encoding="utf-8").splitlines()
    edits = difflib.SequenceMatcher(None, before, after).get_opcodes()
    assert {tag for tag, *_ in edits} == {"equal", "insert"}, "the registry only grows"


def test_the_check_of_the_copy_agrees_and_counts_the_new_game(book: Copy) -> None:
    done = book.checked
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"{len(book_games()) + 1} game(s)" in done.stderr and "everything agrees" in done.stderr


def cut(copy: Path, root: Path) -> Path:
    """The copy's rules with only the games ``BUILT`` (every file of the others left out, as
    ``small_book.cut_book`` leaves them), and its Sphinx configuration, at ``root``."""
    others = {game.slug for game in book_games()} - set(BUILT)

    def left_out(folder: str, names: list[str]) -> list[str]:
        return [name for name in names if name.split(".")[0] in others]

    for folder in ("rules_fr", "rules_en"):
        shutil.copytree(copy / folder, root / folder, ignore=left_out)
    shutil.copytree(copy / "docs", root / "docs")  # a copy: conf.py builds the book it is in
    return root


def test_the_strict_build_of_the_copy_puts_the_new_game_in_the_contents(
    book: Copy, tmp_path: Path
) -> None:
    root, out = cut(book.root, tmp_path / "book"), tmp_path / "html"
    # Without the gate: the registry of the cut book names the games left out (the check of
    # the whole copy agrees: the test above).
    build = (
        "from rulebook.site import build; build.book_is_publishable = lambda *_: True; "
        "exit(build.build_site(ROOT, OUT, strict=True))"
    )
    script = f"from pathlib import Path; ROOT, OUT = Path({str(root)!r}), Path({str(out)!r}); "
    done = in_copy(book.root, "-c", script + build, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "toctree" not in done.stderr and "WARNING" not in done.stderr, done.stderr[-3000:]
    for lang in ("fr", "en"):
        page = (out / lang / "index.html").read_text(encoding="utf-8")
        contents = page[page.index('class="sidebar-tree"') :]
        contents = contents[: contents.index("</div>")]
        games = re.findall(
            r'toctree-l1"><a class="reference internal" href="([^"/]+)\.html"', contents
        )
        assert games[: len(BUILT) + 1] == [*sorted(BUILT), "changes"], games


def parametrized(node_ids: list[str]) -> dict[str, list[str]]:
    """The parameters of each parametrized test: ``file::name`` → its ``[…]`` ids."""
    found: dict[str, list[str]] = {}
    for node in node_ids:
        name, bracket, param = node.partition("[")
        if bracket:
            found.setdefault(name, []).append(param[:-1])
    return found


def test_every_test_run_on_each_game_runs_on_the_new_game_too(book: Copy) -> None:
    """Every test of the copy's suite whose parameters name each game of the book (by slug
    or package) names the new game too; and its own tests and doctests are collected."""
    # --assert=plain: no assertion is run, and rewriting them took half the collection.
    done = in_copy(
        book.root, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
        "-o", "addopts=--doctest-modules", "--assert=plain",
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    node_ids = [line for line in done.stdout.splitlines() if "::" in line]
    per_game = {
        test: params
        for test, params in parametrized(node_ids).items()
        if all(
            any(game.slug in p or package_of(game) in p for p in params) for game in book_games()
        )
    }
    for needed in ("test_fuzz.py", "test_examples.py", "test_bad_input.py", "test_mutations.py"):
        assert any(needed in test for test in per_game), f"no test of {needed} runs per game"
    missing = [
        test
        for test, params in per_game.items()
        if not any(SLUG in p or PACKAGE in p for p in params)
    ]
    assert missing == []
    assert f"tests/test_{PACKAGE}.py::test_a_turn_scores_the_total_of_the_dice" in node_ids
    assert f"src/rulebook/games/{PACKAGE}/__init__.py::rulebook.games.{PACKAGE}.score" in node_ids


def test_the_new_games_own_tests_fuzzing_examples_and_bad_input_pass_in_the_copy(
    book: Copy,
) -> None:
    done = in_copy(
        book.root, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "0",
        "-o", "addopts=--doctest-modules",
        f"tests/test_{PACKAGE}.py", "tests/test_fuzz.py", "tests/test_examples.py",
        "tests/test_bad_input.py", f"src/rulebook/games/{PACKAGE}",
        "-k", f"{PACKAGE} or {SLUG}",
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    passed = re.search(r"(\d+) passed", done.stdout)
    assert passed and int(passed.group(1)) >= 12, done.stdout[-500:]  # 8 its own, 5 shared


def test_the_pages_the_game_list_adds_to_the_contents_are_page_names_only() -> None:
    """``{game-list}``'s ``:also:`` names pages of the contents, as a toctree's entries do."""
    page = "```{game-list}\n:caption: The variants\n:also: changes PAGE\n```\n"
    assert scan_source(page.replace("PAGE", "glossary")) == ()
    [found] = scan_source(page.replace("PAGE", "glossary?x=1"))
    assert found.what == "the page 'glossary?x=1' of {game-list}'s :also:"
    found_all = scan_source(page.replace("PAGE", "javascript:alert(1)"))
    assert "the page 'javascript:alert(1)' of {game-list}'s :also:" in {f.what for f in found_all}
