"""Port Royal's companion: Morgan played tap by tap, each figure it shows compared with the
rule functions called directly."""

import random
from typing import Any

from rulebook.companions.port_royal import COMPANION
from rulebook.games.port_royal import (
    Colour,
    Level,
    mission_fulfilled,
    mission_points,
    morgan_turn,
    parse_rolls,
    treasure_gone,
)
from rulebook.kit.companion import Screen, play

SEVEN_THEN_A_SHIP_AGAIN = (
    "red ship, blue wheel, yellow ship, green wheel, black ship, orange wheel, blue ship, red ship"
)
SUDDEN_DEATH_5 = "yellow wheel, green ship, orange ship, red ship, black ship"


def rolled(text: str) -> list[Any]:
    """The taps of Morgan's turn: its button, then one tap for each roll."""
    taps: list[Any] = ["morgan"]
    for roll in parse_rolls(text):
        taps.append({"colour": roll.colour.value, "piece": roll.piece.value})
    return taps


# Level extreme; four turns of 3 points (the extra point from 8); a treasure and a mission
# checked at 10; sudden death set at 5 for his space at 14; he wins by it on the fifth turn.
WHOLE_GAME: list[Any] = [
    {"level": "extreme"},
    *rolled(SEVEN_THEN_A_SHIP_AGAIN),
    *rolled(SEVEN_THEN_A_SHIP_AGAIN),
    *rolled(SEVEN_THEN_A_SHIP_AGAIN),
    "treasure",
    {"colour": "orange"},
    "mission",
    {"mission": 2, "colour": "yellow"},
    *rolled(SEVEN_THEN_A_SHIP_AGAIN),
    "sudden",
    {"sudden": 5},
    *rolled(SUDDEN_DEATH_5),
]


def after(taps: list[Any], lang: str = "en") -> Screen:
    return play(COMPANION, taps, lang)


def score_shown(screen: Screen, lang: str = "en") -> int:
    label = "Morgan’s score" if lang == "en" else "Score de Morgan"
    return int(dict(screen.status)[label].split()[0])


def test_each_turn_scores_what_morgan_turn_scores() -> None:
    score, taps = 0, [WHOLE_GAME[0]]
    turn = rolled(SEVEN_THEN_A_SHIP_AGAIN)
    for _ in range(3):
        taps += turn
        direct = morgan_turn(score, Level.EXTREME, parse_rolls(SEVEN_THEN_A_SHIP_AGAIN))
        screen = after(taps)
        assert score_shown(screen) == direct.score
        assert f"Morgan: {direct.start} → {direct.after_points}." in screen.said[1].text
        score = direct.score
    assert score == 10


def test_morgan_rolls_again_until_a_ship_comes_up_twice() -> None:
    taps = [{"level": "walking"}, "morgan", {"colour": "red", "piece": "ship"}]
    assert after(taps).said[0].text == "Red ship: put it on the board. Morgan rolls again."
    assert after(taps).ask is not None and "What did he roll" in after(taps).ask.question
    wheel = {"colour": "blue", "piece": "wheel"}
    taps += [wheel, wheel]
    assert after(taps).said[0].text == (
        "Blue ship’s wheel, already on the board: put it back beside the board. Morgan rolls again."
    )
    taps += [{"colour": "red", "piece": "ship"}]
    screen = after(taps)
    assert "Morgan has failed phase 1" in screen.said[0].text
    assert [s.rule for s in screen.said[1].steps] == [
        "pr-morgan-phase-1", "pr-morgan-points-table", "pr-morgan-extra-point",
    ]  # fmt: skip
    assert score_shown(screen) == 0


def test_a_treasure_and_a_mission_answer_as_the_table_does_at_his_score() -> None:
    at = WHOLE_GAME.index("treasure")
    taps = WHOLE_GAME[: at + 2]
    gone = treasure_gone(10, Colour.ORANGE)
    assert ("has gone" in after(taps).said[0].text) is gone
    taps = WHOLE_GAME[: at + 4]
    done = mission_fulfilled(10, Colour.YELLOW)
    scored = mission_points(2, done)
    assert f"It scores you {scored} point" in after(taps).said[0].text
    assert ("Morgan has fulfilled the mission" in after(taps).said[0].text) is done


def test_sudden_death_ends_the_game_at_once() -> None:
    screen = after(WHOLE_GAME)
    assert screen.ask is None
    assert "Morgan wins by sudden death." in screen.said[0].text
    direct = morgan_turn(14, Level.EXTREME, parse_rolls(SUDDEN_DEATH_5), sudden_death_at=5)
    assert direct.won and score_shown(screen) == direct.score


def test_a_tap_the_rules_refuse_is_dropped_with_the_rules_message_in_french() -> None:
    screen = play(COMPANION, [{"level": "walking"}, {"level": "fast"}], "fr")
    assert screen.kept == 1 and screen.refused_rule == "pr-morgan-phase-1"
    assert screen.refused == "Choisissez l\u2019une des options proposées."
    screen = play(COMPANION, [{"level": "fast"}], "fr")
    assert screen.kept == 0 and screen.refused_rule == "pr-setup-level"
    assert "expected" not in screen.refused and "niveau" in screen.refused


def test_both_languages_have_the_same_words() -> None:
    """Refusals too: each language says what to do in its own words, none in the code's."""
    assert set(COMPANION.WORDS["fr"]) == set(COMPANION.WORDS["en"])


def test_no_screen_of_the_whole_game_shows_a_python_value() -> None:
    for count in range(len(WHOLE_GAME) + 1):
        for lang in ("fr", "en"):
            screen = play(COMPANION, WHOLE_GAME[:count], lang)
            shown = [v for line in screen.status for v in line] + [s.text for s in screen.said]
            if screen.ask:
                shown += [screen.ask.question, *(c.label for c in screen.ask.choices)]
            for text in shown:
                assert not any(bad in text for bad in ("True", "False", "None", "Level.", "(")), (
                    text
                )


def test_every_offered_tap_is_taken_from_anywhere_in_a_game() -> None:
    draw = random.Random(25)
    for _ in range(40):
        taps: list[Any] = []
        for _ in range(60):
            screen = play(COMPANION, taps, "en")
            assert screen.kept == len(taps) and not screen.refused, (taps, screen.refused)
            if screen.ask is None:
                break
            if screen.ask.choices:
                taps.append(draw.choice(screen.ask.choices).tap)
            else:
                taps.append(
                    {  # a picker left empty is the player's to fill: one at random
                        f.name: draw.choice(f.options).tap if f.value is None else f.value
                        for f in screen.ask.fields
                    }
                )


def test_a_mission_checked_with_no_colour_picked_is_refused_not_guessed() -> None:
    taps = [{"level": "walking"}, "mission", {"mission": 2, "colour": None}]
    screen = play(COMPANION, taps, "fr")
    assert screen.kept == 2 and screen.refused.startswith("Choisissez une couleur parmi")


def test_the_sudden_death_count_is_cleared_when_morgans_marker_moves() -> None:
    taps = [{"level": "walking"}, "sudden", {"sudden": 12}, *rolled(SEVEN_THEN_A_SHIP_AGAIN)]
    screen = after(taps)
    assert dict(screen.status)["Sudden death on his space"] == "none"
    assert "His marker has moved" in screen.said[-1].text
    stays = [{"level": "walking"}, "sudden", {"sudden": 12}, *rolled("red ship, red ship")]
    assert dict(after(stays).status)["Sudden death on his space"] == "12 ships and wheels"
