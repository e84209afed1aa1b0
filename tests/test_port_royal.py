"""Port Royal's rule functions: bad input raises ValueError naming the rule and what was
expected; no clamping, no partial result."""

import re

import pytest

from rulebook.errors import RuleError
from rulebook.games import stone_age
from rulebook.games.port_royal import (
    Colour,
    Level,
    Roll,
    extra_point,
    mission_fulfilled,
    mission_points,
    morgan_rolls,
    morgan_scores,
    morgan_turn,
    parse_rolls,
    points_for_items,
    treasure_gone,
)
from rulebook.kit.explain import explained


@pytest.mark.parametrize(
    ("call", "rule", "expected"),
    [
        (lambda: extra_point("fast", 3), "pr-morgan-extra-point-table", "a level among"),  # type: ignore[arg-type]
        (lambda: extra_point(Level.EASY, -1), "pr-morgan-extra-point-table", "from 0 to 19"),
        (lambda: extra_point(Level.EASY, 21), "pr-morgan-extra-point-table", "from 0 to 19"),
        (lambda: treasure_gone(4, "purple"), "pr-treasures-table", "a colour among"),  # type: ignore[arg-type]
        (lambda: treasure_gone(21, Colour.RED), "pr-treasures-table", "from 0 to 19"),
        (lambda: points_for_items(13), "pr-morgan-points-table", "from 0 to 12"),
        (lambda: parse_rolls("red boat"), "pr-morgan-roll", "a roll as the examples write it"),
        (lambda: parse_rolls("red"), "pr-morgan-roll", "a roll as the examples write it"),
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
        (lambda: mission_points(-1, fulfilled=False), "pr-mission-fulfilled", "of 0 or more"),
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
        ValueError,
        match="pr-morgan-roll: expected a sudden-death count, a whole number from 1 to 12",
    ):
        morgan_rolls(parse_rolls("red ship, red ship"), sudden_death_at=13)


def test_the_rolls_after_morgan_stops_are_named_in_the_error() -> None:
    with pytest.raises(ValueError, match=r"got 'blue ship, green wheel'$"):
        morgan_rolls(parse_rolls("red ship, red ship, blue ship, green wheel"))


def test_a_mission_worth_1_point_scores_0_once_morgan_has_fulfilled_it() -> None:
    assert mission_points(1, fulfilled=True) == 0


def test_a_mission_check_is_explained_by_the_mission_rules_not_the_treasure_ones() -> None:
    done, steps = explained(mission_fulfilled, 10, Colour.YELLOW)
    assert done is True
    assert [str(s) for s in steps] == ["pr-mission-fulfilled: score = 10, colour = yellow"]
    free, steps = explained(mission_fulfilled, 10, Colour.RED)
    assert free is False
    assert [str(s) for s in steps] == ["pr-treasure-available: score = 10, colour = red"]
    assert treasure_gone(10, Colour.YELLOW) is True


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


# Wrong input that used to crash, answer or run on (issue 13): each refused by its rule.

_SHIPS = parse_rolls("red ship, red ship")


@pytest.mark.parametrize(
    ("call", "rule", "expected"),
    [
        pytest.param(
            lambda: mission_points(2, fulfilled="no"),
            "pr-mission-fulfilled",
            "True or False",
            id="fulfilled-as-a-string",
        ),
        pytest.param(
            lambda: mission_points(2, fulfilled=0),
            "pr-mission-fulfilled",
            "True or False",
            id="fulfilled-as-a-number",
        ),
        pytest.param(
            lambda: treasure_gone(4, stone_age.Colour.RED),
            "pr-treasures-table",
            "a colour among",
            id="another-games-colour",
        ),
        pytest.param(
            lambda: extra_point(Level.EASY, True),
            "pr-morgan-extra-point-table",
            "from 0 to 19",
            id="a-bool-is-no-score",
        ),
        pytest.param(
            lambda: parse_rolls(None), "pr-morgan-roll", "rolls written as text", id="no-text"
        ),
        pytest.param(
            lambda: parse_rolls(", ".join(["red wheel"] * 1001)),
            "pr-morgan-roll",
            "at most 1000",
            id="more-rolls-than-the-generous-bound",
        ),
        pytest.param(
            lambda: morgan_rolls(set(_SHIPS)),
            "pr-morgan-roll",
            "list or tuple",
            id="a-set-of-rolls",
        ),
        pytest.param(
            lambda: morgan_rolls(list(_SHIPS) * 600),
            "pr-morgan-roll",
            "at most 1000",
            id="a-huge-list-of-rolls",
        ),
        pytest.param(
            lambda: morgan_rolls([Roll(Colour.RED, stone_age.Goods.WOOD)] * 2),
            "pr-morgan-roll",
            "a piece among",
            id="a-roll-of-another-games-goods",
        ),
        pytest.param(
            lambda: morgan_rolls(["red ship", "red ship"]),
            "pr-morgan-roll",
            "rolls made by parse_rolls",
            id="rolls-as-plain-strings",
        ),
        pytest.param(
            lambda: morgan_rolls(_SHIPS, sudden_death_at="5"),
            "pr-morgan-roll",
            "a sudden-death count",
            id="sudden-death-as-a-string",
        ),
        pytest.param(
            lambda: morgan_scores(15, "fast", items=12),
            "pr-morgan-extra-point-table",
            "a level among",
            id="a-wrong-level-even-when-step-three-is-not-played",
        ),
        pytest.param(
            lambda: morgan_turn(16, "fast", _SHIPS, sudden_death_at=1),
            "pr-morgan-extra-point-table",
            "a level among",
            id="a-wrong-level-even-on-a-sudden-death-win",
        ),
    ],
)
def test_wrong_input_is_refused_by_its_rule(call, rule: str, expected: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(RuleError, match=rf"^{rule}: expected .*{expected}"):
        call()


def test_a_roll_may_name_its_colour_and_piece_by_value() -> None:
    assert morgan_rolls([Roll("red", "ship")] * 2) == morgan_rolls(_SHIPS)  # type: ignore[arg-type]


def test_the_rolls_of_every_worked_example_read_alike_in_french_and_english() -> None:
    """parse_rolls reads the book's own sentences: each example's rolls, quoted from the
    French and from the English rules, are the same rolls."""
    from tests.conftest import ROOT

    def sentences(path: str, opening: str) -> list[str]:
        text = (ROOT / path).read_text(encoding="utf-8")
        return [part.split(". ")[0] for part in re.split(opening, text)[1:]]

    french = sentences("rules_fr/port-royal-morgan.md", r"Morgan obtient successivement\s*:\s*")
    english = sentences("rules_en/port-royal-morgan.md", r"Morgan rolls, one after another:\s*")
    assert len(french) == len(english) >= 4
    for fr, en in zip(french, english, strict=True):
        assert parse_rolls(fr) == parse_rolls(en), (fr, en)
    first = parse_rolls(english[0])
    assert [str(roll) for roll in first] == [
        "red ship", "blue wheel", "yellow ship", "black ship", "red ship",
    ]  # fmt: skip


def test_the_bounds_of_parse_rolls_are_where_they_say() -> None:
    """A thousand rolls, however long the book's words for them, are read; one more roll, or
    one more character than forty a roll, is refused."""
    longest = ", ".join(["une roue de navire orange à nouveau"] * 1000)
    assert len(parse_rolls(longest)) == 1000
    padded = "red ship" + " " * (40_000 - len("red ship"))
    assert parse_rolls(padded) == parse_rolls("red ship")
    with pytest.raises(RuleError, match=r"^pr-morgan-roll: expected rolls written as text"):
        parse_rolls(padded + " ")
    with pytest.raises(RuleError, match="at most 1000"):
        parse_rolls(", ".join(["red wheel"] * 1001))


def test_the_phase_1_step_names_the_pieces_removed_and_those_left() -> None:
    rolls = parse_rolls("green wheel, yellow ship, green wheel, black ship, yellow ship")
    _, steps = explained(morgan_rolls, rolls)
    assert [s.rule for s in steps] == ["pr-morgan-phase-1"]  # one step for the phase
    values = dict(steps[0].values)
    assert values["removed"] == ("green wheel", "yellow ship") and values["left"] == ("black ship",)
