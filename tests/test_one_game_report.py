"""`make test-game GAME=<slug>` (tools/test_game.py): one game's contributor learns what
`make test` would reject about it. Its parts are tested here on broken input; the whole
command is timed by hand (README), not here."""

import json
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
import tools.mutate
from tools import test_game

from rulebook.book import load_book
from tests.conftest import ROOT, BookCopy

GAME = "port-royal-morgan"


def counted() -> tuple[list[int], Callable[[int], None]]:
    """What a part counts, and the function it counts with."""
    found: list[int] = []
    return found, found.append


def test_a_game_the_book_does_not_have_is_one_line_naming_the_games(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert test_game.main(["port-royal"]) == 2
    [line] = capsys.readouterr().err.splitlines()
    assert line.startswith("make test-game: no game 'port-royal': make test-game GAME=<")
    assert GAME in line
    assert test_game.main([]) == 2
    assert "name the game" in capsys.readouterr().err


def test_the_games_problems_come_first_then_the_books(
    book_copy: BookCopy, capsys: pytest.CaptureFixture[str]
) -> None:
    (book_copy.root / "rules_en" / "code" / "stone-age-solo.md").unlink()
    (book_copy.root / "rules_fr" / "corrections" / f"{GAME}.md").unlink()
    book = load_book(book_copy.root)
    found, count = counted()
    test_game.check(book, book.game(GAME), count)
    lines = capsys.readouterr().out.splitlines()
    assert f"rules_fr/corrections/{GAME}.md is missing" in lines[0]
    assert lines[1:3] == [
        f"   1 problem(s) of {GAME}",
        "   and 1 elsewhere in the book (`make test` rejects them too):",
    ]
    assert "rules_en/code/stone-age-solo.md is missing" in lines[3]
    assert sum(found) == 2


def test_sphinx_warnings_are_read_with_their_place_and_their_next_lines() -> None:
    said = (
        "/book/src/rulebook/games/port_royal/morgan.py:docstring of "
        "rulebook.games.port_royal.morgan.morgan_turn:3: WARNING: Unexpected indentation.\n"
        "/book/rules_en/corrections/megawatts-solo.md:7: ERROR: Unknown directive type.\n"
        "   more of it\n"
        "WARNING: a warning with no place\n"
        "build finished with problems, 3 warnings (with warnings treated as errors).\n"
    )
    found = test_game.sphinx_problems(said)
    assert [where for where, _ in found] == [
        "/book/src/rulebook/games/port_royal/morgan.py:docstring of "
        "rulebook.games.port_royal.morgan.morgan_turn:3",
        "/book/rules_en/corrections/megawatts-solo.md:7",
        "",
    ]
    assert found[1][1].endswith("type.\n   more of it")


@pytest.mark.parametrize(
    ("where", "mine"),
    [
        (f"/book/rules_fr/{GAME}.md:12", True),
        (f"/book/rules_en/side-by-side/{GAME}.md:3", True),
        (f"/book/rules_en/companion/{GAME}.md:3", True),
        ("/book/src/rulebook/games/port_royal/rules.py:docstring of "
         "rulebook.games.port_royal.rules.Level:1", True),
        ("/book/rules_fr/megawatts-solo.md:12", False),
        (f"/book/rules_fr/{GAME}-2.md:12", False),
        ("/book/src/rulebook/games/stone_age/turn.py:docstring of "
         "rulebook.games.stone_age.turn.feed:4", False),
    ],
)  # fmt: skip
def test_a_warning_is_the_games_in_its_pages_its_code_and_its_docstrings(
    where: str, mine: bool
) -> None:
    assert test_game.is_the_games_page(where, load_book(ROOT).game(GAME)) is mine


def test_a_missing_stale_or_weak_mutation_record_says_what_to_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    game = load_book(ROOT).game(GAME)
    results = tmp_path / "mutation_results.json"
    monkeypatch.setattr(tools.mutate, "RESULTS", results)
    today = tools.mutate.digest(game.module, ROOT / "tests/test_port_royal.py")
    for recorded, says in [
        ({}, "no record of port-royal-morgan's code mutants: run `python -m tools.mutate "),
        ({GAME: {"measured_on": "0"}}, "measured on other code or tests (test_port_royal.py)"),
        (
            {GAME: {"measured_on": today, "code": [60, 76], "survivors": []}},
            "60/76 code mutants killed (78.9%; aim 90%)\n   below the aim",
        ),
        (
            {GAME: {"measured_on": today, "code": [75, 76],
                    "survivors": ["port_royal/rules.py:9: 20 → 21 in `WINNING_SCORE = 20`"]}},
            "   survived, unexplained: port_royal/rules.py:9: 20 → 21 in `WINNING_SCORE = 20`",
        ),
    ]:  # fmt: skip
        results.write_text(json.dumps(recorded), encoding="utf-8")
        found, count = counted()
        test_game.mutation_record(game, count)
        out = capsys.readouterr().out
        assert says in out and sum(found) == 1, out
        if "run `python" in out:
            assert "it mutates 76 places of the code: at most about " in out


def test_make_test_game_runs_the_report_of_the_game_it_is_given() -> None:
    done = subprocess.run(
        ["make", "-n", "test-game", f"GAME={GAME}"], cwd=ROOT, capture_output=True, text=True,
        check=False,
    )  # fmt: skip
    assert done.returncode == 0 and f"-m tools.test_game {GAME}" in done.stdout


def test_a_test_skipped_in_ci_is_named_with_its_reason() -> None:
    """With ``CI`` set a skip fails the run (tests/ci_skips.py); the report relays what the
    run's end names, so the contributor sees why, not only that the tests failed."""
    lines = [
        "tests/test_fuzz.py::test_x[trial] PASSED",
        "=========== skipped in CI, which fails the run ===========",
        "tests/test_companions.py: Pyodide is not installed (make installs it with npm)",
        "================ 1 passed, 1 skipped in 0.10s ================",
    ]
    assert test_game.skipped_in_ci(lines) == [
        "tests/test_companions.py: Pyodide is not installed (make installs it with npm)"
    ]
    assert test_game.skipped_in_ci(lines[:1] + lines[-1:]) == []
