"""The rules explain themselves: a rule function's result comes with the chain of rules it
applied; the site shows each worked example's chain; the check holds each step's rule to
the code it names."""

from pathlib import Path

import pytest

from rulebook.book import load_book
from rulebook.games.port_royal import Level, morgan_turn, parse_rolls
from rulebook.kit.explain import explained, listening, step
from tests.conftest import ROOT, BookCopy

FIRST_EXAMPLE = "red ship, blue wheel, yellow ship, black ship, red ship"


def test_morgans_turn_says_which_rules_gave_his_score() -> None:
    turn, steps = explained(morgan_turn, 0, Level.EASY, parse_rolls(FIRST_EXAMPLE))
    assert turn.score == 1
    assert [str(s) for s in steps] == [
        "pr-morgan-phase-1: rolled = [red ship, blue wheel, yellow ship, black ship, red ship],"
        " removed = [red ship], left = [blue wheel, yellow ship, black ship], won = False",
        "pr-morgan-points-table: items = 3, points = 1",
        "pr-morgan-extra-point: level = easy, score = 1, extra = 0",
    ]
    assert [s.by for s in steps] == ["morgan_rolls", "points_for_items", "extra_point"]


def test_a_sudden_death_win_takes_no_step_of_points() -> None:
    rolls = parse_rolls("red ship, blue ship, green ship, yellow ship, black ship")
    turn, steps = explained(morgan_turn, 16, Level.EASY, rolls, sudden_death_at=5)
    assert turn.won and [s.rule for s in steps] == ["pr-morgan-phase-1"]
    assert "won = True" in str(steps[0])


def test_a_step_is_recorded_only_when_someone_listens() -> None:
    step("pr-end", score=20)  # nobody listens: nothing kept, nothing raised
    with listening() as steps:
        step("pr-end", score=20)
    assert [str(s) for s in steps] == ["pr-end: score = 20"]
    assert steps[0].by == "test_a_step_is_recorded_only_when_someone_listens"


def test_the_check_names_a_step_whose_rule_does_not_name_its_function(
    book_copy: BookCopy,
) -> None:
    assert book_copy.lines("explanations") == []
    fr = "rules_fr/port-royal-morgan.md"
    book_copy.edit(fr, ":code: points_table points_for_items\n", ":code: points_table\n")
    book_copy.edit(
        fr, ":code: morgan_turn MorganTurn\n", ":code: morgan_turn MorganTurn points_for_items\n"
    )
    lines = book_copy.lines("explanations")
    assert lines and all("pr-morgan-points-table in points_for_items" in line for line in lines)
    assert any(": pr-ex-morgan-1: its example's code applies" in line for line in lines)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_each_worked_example_shows_its_chain_linking_each_rule(site: Path, lang: str) -> None:
    title = load_book(ROOT).rule("pr-morgan-points-table", lang).title
    page = (site / lang / "port-royal-morgan.html").read_text(encoding="utf-8")
    start = page.index('id="pr-ex-morgan-1--chain"')
    chain = page[start : page.index("</details>", start)]
    assert chain.index('href="#pr-morgan-phase-1"') < chain.index('href="#pr-morgan-points-table"')
    assert f'href="#pr-morgan-points-table">{title}</a>' in chain.replace("&#39;", "'")
    assert "items = 3" in chain and "points = 1" in chain


@pytest.fixture(scope="module")
def site(built_site: Path) -> Path:
    return built_site
