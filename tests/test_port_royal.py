"""Port Royal's rule functions: bad input raises ValueError naming the rule and what was
expected; no clamping, no partial result."""

import pytest

from rulebook.games.port_royal import (
    Colour,
    Level,
    extra_point,
    mission_points,
    morgan_rolls,
    morgan_scores,
    morgan_turn,
    parse_rolls,
    points_for_items,
    treasure_gone,
)


@pytest.mark.parametrize(
    ("call", "rule", "expected"),
    [
        (lambda: extra_point("fast", 3), "pr-morgan-extra-point-table", "a level among"),  # type: ignore[arg-type]
        (lambda: extra_point(Level.EASY, -1), "pr-morgan-extra-point-table", "from 0 to 19"),
        (lambda: extra_point(Level.EASY, 21), "pr-morgan-extra-point-table", "from 0 to 19"),
        (lambda: treasure_gone(4, "purple"), "pr-treasures-table", "a colour among"),  # type: ignore[arg-type]
        (lambda: treasure_gone(21, Colour.RED), "pr-treasures-table", "from 0 to 19"),
        (lambda: points_for_items(13), "pr-morgan-points-table", "from 0 to 12"),
        (lambda: parse_rolls("red boat"), "pr-morgan-roll", "a roll like"),
        (lambda: parse_rolls("red"), "pr-morgan-roll", "a roll like"),
        (lambda: morgan_rolls(parse_rolls("red ship")), "pr-morgan-phase-1", "rolls that end"),
        (
            lambda: morgan_rolls(parse_rolls("red ship, red ship, blue ship")),
            "pr-morgan-roll",
            "no roll after Morgan stops",
        ),
        (
            lambda: morgan_rolls(parse_rolls("red ship, red ship"), sudden_death_at=0),
            "pr-morgan-roll",
            "a sudden-death count",
        ),
        (
            lambda: morgan_turn(20, Level.EASY, parse_rolls("red ship, red ship")),
            "pr-morgan-phase-1",
            "from 0 to 19",
        ),
        (lambda: mission_points(0, fulfilled=False), "pr-mission-fulfilled", "worth 1 point"),
    ],
)
def test_bad_input_names_the_rule_and_what_was_expected(call, rule: str, expected: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match=rf"^{rule}: expected .*{expected}"):
        call()


def test_a_wheel_rolled_again_leaves_the_board_without_ending_the_phase() -> None:
    phase = morgan_rolls(parse_rolls("blue wheel, blue wheel, red ship, red ship"))
    assert phase.board == () and not phase.won


def test_step_three_is_not_played_once_step_two_reaches_the_winning_score() -> None:
    turn = morgan_scores(19, Level.EXTREME, items=5)
    assert (turn.after_points, turn.extra, turn.score, turn.won) == (21, 0, 21, True)


def test_sudden_death_wins_only_with_the_piece_that_reaches_the_count() -> None:
    rolls = parse_rolls("red ship, blue ship, red ship")
    assert not morgan_rolls(rolls, sudden_death_at=3).won


@pytest.mark.parametrize("count", [1, 12])
def test_a_sudden_death_count_from_1_to_12_is_accepted(count: int) -> None:
    rolls = parse_rolls("red ship" if count == 1 else "red ship, red ship")
    assert morgan_rolls(rolls, sudden_death_at=count).won is (count == 1)


def test_a_sudden_death_count_above_12_is_refused() -> None:
    with pytest.raises(
        ValueError, match="pr-morgan-roll: expected a sudden-death count from 1 to 12"
    ):
        morgan_rolls(parse_rolls("red ship, red ship"), sudden_death_at=13)


def test_the_rolls_after_morgan_stops_are_named_in_the_error() -> None:
    with pytest.raises(ValueError, match=r"got 'blue ship, green wheel'$"):
        morgan_rolls(parse_rolls("red ship, red ship, blue ship, green wheel"))


def test_a_mission_worth_1_point_scores_0_once_morgan_has_fulfilled_it() -> None:
    assert mission_points(1, fulfilled=True) == 0


def test_reaching_exactly_20_in_step_two_wins_without_step_three() -> None:
    turn = morgan_scores(19, Level.EXTREME, items=1)
    assert (turn.after_points, turn.extra, turn.score, turn.won) == (20, 0, 20, True)


def test_a_sudden_death_win_scores_no_points_in_steps_two_and_three() -> None:
    rolls = parse_rolls("yellow wheel, green ship, orange ship, red ship, black ship")
    turn = morgan_turn(16, Level.EXTREME, rolls, sudden_death_at=5)
    assert (turn.points, turn.extra, turn.after_points, turn.score, turn.won) == (
        0,
        0,
        16,
        16,
        True,
    )
