"""51st State solo at the table: the companion runs the virtual opponent with the rule
functions, and every figure its screens show is the rules' own."""

import random
import re
from collections.abc import Iterator

import pytest

from rulebook.companions.fifty_first_state import COMPANION, OPEN, OTHER
from rulebook.games.fifty_first_state import (
    OPPONENT_DRAWS,
    ROUNDS,
    STARTING_HAND,
    Card,
    Choice,
    Kind,
    Solo,
    draw_phase,
    final_score,
    open_production_to_draw,
    opponent_deck,
    third_card_redraws,
    your_draw,
)
from rulebook.kit.companion import Screen, Tap, play
from rulebook.kit.explain import Step

OPEN_CARD: dict[str, Tap] = {"card": OPEN}
OTHER_CARD: dict[str, Tap] = {"card": "other"}
NOTHING_HELD: dict[str, Tap] = {
    "pub-cooperation": 0, "pub-incorporation": 0, "library": 0, "caravan": 0, "other": 0,
}  # fmt: skip
PUB_AND_CARAVAN: dict[str, Tap] = {
    **NOTHING_HELD, "pub-cooperation": 1, "pub-incorporation": 1, "caravan": 1,
}  # fmt: skip
SEED = 2024

WHOLE_GAME: list[Tap] = [
    {"seed": SEED},
    # Set-up: the third Open Production card is the fifth card drawn.
    OTHER_CARD, OPEN_CARD, OPEN_CARD, OTHER_CARD, OPEN_CARD,
    # Round 1: the second card discarded; 1 Open Production card for the opponent. You now
    # hold Pub in Cooperation and in Incorporation, and Caravane de pillards.
    "keep", "discard", {"open": 1}, "held", PUB_AND_CARAVAN, {"points": 3},
    # Round 2: Pub in Cooperation lets you discard the card to keep.
    "discard", "keep", "discard", {"open": 0}, {"points": 6},
    # Round 3.
    "keep", "keep", "keep", {"open": 2}, {"points": 9},
    # Round 4.
    "discard", "discard", "discard", {"open": 3}, {"points": 12},
    # Round 5.
    "keep", "keep", "discard", {"open": 0}, {"points": 15},
    # Round 6: the last round; your result follows.
    "keep", "discard", "keep", {"open": 1}, {"points": 21},
]  # fmt: skip


def status(screen: Screen) -> dict[str, str]:
    """The status lines by their label, the label's apostrophes straight."""
    return {label.replace("\u2019", "'"): value for label, value in screen.status}


def number(tap: Tap, name: str) -> int:
    """The number a form's tap sends under ``name``."""
    assert isinstance(tap, dict)
    value = tap[name]
    assert isinstance(value, int)
    return value


def curly(text: str) -> str:
    """A sentence as the page shows it: its apostrophes curled."""
    return text.replace("'", "\u2019")


def played(taps: list[Tap], lang: str = "en") -> Screen:
    screen = play(COMPANION, taps, lang)
    assert not screen.refused, screen.refused
    return screen


# The whole game, figure by figure.


def test_the_whole_game_ends_after_the_sixth_round_with_your_result() -> None:
    screen = played(WHOLE_GAME)
    assert screen.ask is None
    scores = [
        number(tap, "points") for tap in WHOLE_GAME if isinstance(tap, dict) and "points" in tap
    ]
    assert len(scores) == ROUNDS
    assert status(screen)["Your result"] == f"{final_score(scores)} Victory Points"
    assert status(play(COMPANION, WHOLE_GAME, "fr"))["Votre résultat"] == (
        f"{final_score(scores)} points de victoire"
    )
    assert screen.said[-1].text.startswith(f"The {ROUNDS} rounds are played")


def rounds_of(taps: list[Tap]) -> Iterator[tuple[int, list[Tap]]]:
    """The index in ``taps`` of each round's opponent tap, with the round's choices."""
    choices: list[Tap] = []
    for index, tap in enumerate(taps):
        if tap in ("keep", "discard"):
            choices.append(tap)
        elif isinstance(tap, dict) and "open" in tap:
            yield index, choices
            choices = []


def letter(n: int) -> str:
    return "ABCDEFGHIJKLMNOPQRSTU"[n]


def test_every_figure_of_the_whole_game_is_the_rules_own() -> None:
    """The game replayed with the rule functions alone: the opponent's deck, the card it
    reveals, your draws; the screens show the same, tap after tap."""
    set_up = [tap for tap in WHOLE_GAME[1:6]]
    named = 0
    drawn: list[str] = []
    for index, tap in enumerate(set_up, 1):
        card = OTHER
        if tap == OPEN_CARD:
            card, named = letter(named), named + 1
        drawn.append(card)
        opens = {c for c in drawn if c != OTHER}
        screen = played(WHOLE_GAME[: index + 1])
        if open_production_to_draw(drawn, opens):
            shown = f"{len(drawn)}, {len(opens)} of them Open Production"
            assert status(screen)["Cards drawn"] == shown
    made = opponent_deck(drawn, opens, random.Random(f"{SEED}-0"))
    game = Solo((), (OTHER,) * STARTING_HAND, (), made.opponent_deck, ())
    assert status(screen)["Opponent's deck"] == f"{', '.join(sorted(made.taken))} face down"
    redraws = 0
    for played_round, (index, choices) in enumerate(rounds_of(WHOLE_GAME), 1):
        picked = [Choice(c) for c in choices]  # type: ignore[arg-type]
        for seen in range(len(picked) + 1):
            now = your_draw(picked[:seen], redraws)
            if now.may_discard_by:
                before = played(WHOLE_GAME[: index - len(picked) + seen])
                # the card the question is about is not drawn yet
                drawn = "1 card drawn" if now.drawn == 2 else f"{now.drawn - 1} cards drawn"
                shown = f"{drawn}, {now.kept} kept"
                assert status(before)["Your Lookout phase"] == shown
        fed = number(WHOLE_GAME[index], "open")
        new = [letter(named + n) for n in range(fed)]
        named += fed
        three = (*new, *(OTHER,) * (OPPONENT_DRAWS - fed))
        pile = (*(OTHER,) * your_draw(picked, redraws).drawn, *three)
        opens = set(letter(n) for n in range(named))
        phase = draw_phase(
            Solo(pile, game.hand, game.discard_pile, game.opponent_deck, game.opponent_in_play),
            picked,
            opens,
            random.Random(f"{SEED}-{played_round - 1}"),
            redraws,
        )
        game = phase.game
        screen = played(WHOLE_GAME[: index + 1])
        deck = ", ".join(sorted(game.opponent_deck))
        assert status(screen)["Opponent's deck"] == f"{deck} face down"
        assert status(screen)["Revealed cards"] == ", ".join(game.opponent_in_play)
        assert curly(f"Turn over the opponent's card {phase.revealed}:") in screen.said[2].text
        assert f"phase: {len(phase.yours.kept)} kept, " in screen.said[0].text
        if played_round == 1:
            redraws = third_card_redraws(
                [(Card.PUB, Kind.COOPERATION), (Card.PUB, Kind.INCORPORATION),
                 (Card.CARAVANE_DE_PILLARDS, Kind.INCORPORATION)]
            )  # fmt: skip
            after = played(WHOLE_GAME[: index + 3])
            assert status(after)["Redraws of the third card"] == str(redraws)


def test_the_same_seed_replays_the_same_game_and_is_shown() -> None:
    screen = played(WHOLE_GAME[:9])
    assert status(screen)["Shuffling"] == f"the companion, draw no. {SEED}"
    assert (
        status(play(COMPANION, WHOLE_GAME[:9], "fr"))["Mélange"]
        == f"le compagnon, tirage n°\u00a0{SEED}"
    )
    again = played(WHOLE_GAME[:9])
    assert again.said == screen.said
    shown = [
        status(played([{"seed": seed}, *WHOLE_GAME[1:9]]))["Revealed cards"]
        for seed in range(1, 40)
    ]
    assert set(shown) == {"A", "B", "C", "D"}  # D is shuffled in before the first reveal


# What the companion says at each step.


def test_the_set_up_stops_at_the_third_open_production_card() -> None:
    screen = played([{"seed": 7}, OPEN_CARD, OTHER_CARD, OPEN_CARD])
    assert screen.said[0].text == curly(
        "An Open Production card: lay it face down to the right of card A; it is the opponent's "
        "card B. Draw 1 more."
    )
    first = played([{"seed": 7}, OPEN_CARD]).said[0].text
    assert first.startswith(curly("An Open Production card: lay it face down on the opposite"))
    assert curly("it is the opponent's card A, the first of a row.") in first
    screen = played([{"seed": 7}, OPEN_CARD, OTHER_CARD, OPEN_CARD, OPEN_CARD])
    texts = [s.text for s in screen.said]
    assert texts[0] == "That is the third Open Production card: stop drawing."
    assert texts[1].startswith(
        curly(
            "Lay it face down to the right of card B: from left to right, the opponent's row "
            "is A, B and C."
        )
    )
    assert texts[2].startswith("Shuffle the other card drawn with all the rest of the deck")
    assert texts[3].startswith(f"Then draw {STARTING_HAND} cards")
    assert [s.rule for s in screen.said[0].steps] == ["fs-setup-opponent-deck"]
    assert dict(screen.said[1].steps[0].values)["stopped_at"] == "C"


def test_a_card_drawn_after_a_discard_is_kept_without_a_question() -> None:
    start: list[Tap] = [{"seed": 7}, OPEN_CARD, OPEN_CARD, OPEN_CARD]
    screen = played([*start, "discard"])
    assert "Draw another card: you cannot discard it" in screen.said[0].text
    assert screen.ask is not None
    assert screen.ask.question == "Draw another card from the draw pile. Do you keep it?"
    screen = played([*start, "discard", "discard"])
    assert "Draw 2 more cards: you cannot discard them" in screen.said[0].text
    assert "You have received your 3 cards" in screen.said[0].text
    assert screen.ask is not None and screen.ask.question.startswith("Draw 3 cards")


def test_without_pub_the_last_card_is_kept_and_with_it_may_be_discarded() -> None:
    start: list[Tap] = [{"seed": 7}, OPEN_CARD, OPEN_CARD, OPEN_CARD]
    screen = played([*start, "keep", "keep"])
    assert "Draw another card: you cannot discard it" in screen.said[0].text
    assert screen.ask is not None and screen.ask.question.startswith("Draw 3 cards")
    held: list[Tap] = [*start, "keep", "keep", {"open": 0}, "held", PUB_AND_CARAVAN]
    screen = played([*held, {"points": 1}, "keep", "keep"])
    assert screen.ask is not None and screen.ask.question.startswith("Draw the third (last) card")
    screen = played([*held, {"points": 1}, "keep", "keep", "discard"])
    assert "You have received your 3 cards" in screen.said[0].text


def test_when_you_shuffle_the_companion_says_to_reveal_the_top_card() -> None:
    taps: list[Tap] = ["entered", OPEN_CARD, OPEN_CARD, OPEN_CARD, "keep", "keep"]
    screen = played([*taps, {"open": 2}])
    texts = [s.text for s in screen.said]
    assert texts[1] == curly(
        "Shuffle the 2 Open Production cards into the opponent's deck. Discard the other card."
    )
    assert texts[2].startswith(curly("Reveal the top card of the opponent's deck"))
    assert status(screen)["Shuffling"] == "you, with the real cards"
    assert status(screen)["Opponent's deck"] == "4 cards face down"
    assert status(screen)["Revealed cards"] == "1 card"
    assert dict(screen.said[2].steps[0].values)["revealed"] == "open-production"


def test_an_empty_opponent_deck_reveals_nothing() -> None:
    taps: list[Tap] = ["entered", OPEN_CARD, OPEN_CARD, OPEN_CARD]
    for _ in range(3):
        taps += ["keep", "keep", {"open": 0}, {"points": 1}]
    screen = played([*taps, "keep", "keep", {"open": 0}])
    assert screen.said[2].text == curly("The opponent's deck is empty: reveal nothing.")
    assert status(screen)["Opponent's deck"] == "empty"
    assert status(screen)["Revealed cards"] == "3 cards"


def test_pub_incorporated_and_the_caravan_are_recalled_each_round() -> None:
    index = WHOLE_GAME.index({"open": 0})
    texts = [s.text for s in played(WHOLE_GAME[: index + 1]).said]
    assert "Reminder: with Pub in Incorporation, draw 1 card during the Production phase." in texts
    assert any(t.startswith("Reminder: with Caravane de pillards in Incorporation") for t in texts)


def test_each_answer_names_the_rules_it_applied() -> None:
    index = WHOLE_GAME.index({"open": 1})
    rules = [[s.rule for s in said.steps] for said in played(WHOLE_GAME[: index + 1]).said]
    assert rules == [["fs-draw-second-and-last"], ["fs-draw-opponent-cards"], ["fs-draw-reveal"]]
    held = played(WHOLE_GAME[: index + 3]).said[0].steps
    assert [s.rule for s in held] == [
        "fs-pub-cooperation", "fs-pub-incorporated", "fs-raiders-caravan", "fs-draw-phase-cards",
    ]  # fmt: skip
    scored = played(WHOLE_GAME[: index + 4]).said[0].steps
    assert scored == (Step("fs-goal", "game_over", (("rounds", "1"), ("over", "False"))),)


# Refusals, words and robustness.


@pytest.mark.parametrize(
    ("taps", "refused"),
    [
        ([{"seed": 0}], "Indiquez un numéro de tirage de 1 à 99\u202f999."),
        ([{"seed": None}], "Indiquez un numéro de tirage de 1 à 99\u202f999."),
        (["maybe"], "Choisissez l’une des options proposées."),
        ([{"seed": 3}, {"card": "pub"}], "Choisissez l’une des options proposées."),
        (
            [{"seed": 3}, OPEN_CARD, OPEN_CARD, OPEN_CARD, "maybe"],
            "Choisissez de garder ou de défausser la carte.",
        ),
        (
            [{"seed": 3}, OPEN_CARD, OPEN_CARD, OPEN_CARD, "keep", "keep", {"open": 4}],
            "Choisissez le nombre de cartes « Production publique » piochées, de 0 à 3.",
        ),
        (
            [{"seed": 3}, OPEN_CARD, OPEN_CARD, OPEN_CARD, "keep", "keep", {"open": 1},
             {"points": -1}],
            "Indiquez vos points de victoire, de 0 à 999.",
        ),
        (
            [{"seed": 3}, OPEN_CARD, OPEN_CARD, OPEN_CARD, "keep", "keep", {"open": 1}, "held",
             {**NOTHING_HELD, "library": 10}],
            "Indiquez combien vous avez de chaque carte, de 0 à 9.",
        ),
        ([*WHOLE_GAME, "keep"], "La partie est terminée : commencez une nouvelle partie."),
    ],
)  # fmt: skip
def test_a_refused_tap_is_answered_in_french_and_dropped(taps: list[Tap], refused: str) -> None:
    screen = play(COMPANION, taps, "fr")
    assert screen.refused.replace("\u00a0", " ") == refused
    assert screen.kept == len(taps) - 1
    assert screen.refused_rule.startswith("fs-")


def test_both_languages_have_the_same_words() -> None:
    assert COMPANION.WORDS["fr"].keys() == COMPANION.WORDS["en"].keys()


def texts_of(screen: Screen) -> list[str]:
    texts = [text for line in screen.status for text in line]
    texts += [said.text for said in screen.said]
    texts += [screen.refused]
    if screen.ask is not None:
        texts += [screen.ask.question, screen.ask.submit]
        texts += [c.label for c in screen.ask.choices]
        texts += [f.label for f in screen.ask.fields]
        texts += [o.label for f in screen.ask.fields for o in f.options]
    return texts


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_no_screen_of_the_whole_game_shows_a_python_value(lang: str) -> None:
    for end in range(len(WHOLE_GAME) + 1):
        for text in texts_of(play(COMPANION, WHOLE_GAME[:end], lang)):
            for python in ("True", "False", "None", "[", "<", "Enum.", "{", "_"):
                assert python not in text, (end, text)
            # a tuple's parenthesis, not the words' own
            assert not re.search(r"\((?:'|\d+,|\))", text), (end, text)


def test_every_choice_offered_is_accepted() -> None:
    """From random prefixes of the whole game, random offered taps: none is refused, none
    raises, and a form sent as the page fills it in is accepted too."""
    rng = random.Random("fifty-first")
    steps = 0
    while steps < 400:
        taps = list(WHOLE_GAME[: rng.randrange(len(WHOLE_GAME))])
        for _ in range(rng.randrange(1, 30)):
            screen = play(COMPANION, taps, rng.choice(["fr", "en"]))
            assert not screen.refused, (taps, screen.refused)
            ask = screen.ask
            if ask is None:
                break
            offered: list[Tap] = [c.tap for c in ask.choices]
            if ask.fields:
                form: dict[str, Tap] = {
                    f.name: rng.randrange(f.least, min(f.most, 30) + 1) for f in ask.fields
                }
                offered.append(form)
            taps.append(rng.choice(offered))
            steps += 1


def test_the_lookout_counter_counts_the_cards_drawn_before_the_question() -> None:
    screen = played(WHOLE_GAME[:6])
    assert screen.ask is not None and screen.ask.question.startswith("Round 1, Lookout phase")
    assert status(screen)["Your Lookout phase"] == "0 cards drawn, 0 kept"
    assert status(play(COMPANION, WHOLE_GAME[:6], "fr"))["Votre phase de pioche"] == (
        "0 carte piochée, 0 gardée"
    )
    assert status(played(WHOLE_GAME[:7]))["Your Lookout phase"] == "1 card drawn, 1 kept"


def test_with_two_redraws_the_card_drawn_in_place_of_the_third_is_asked_about_as_such() -> None:
    start: list[Tap] = [{"seed": 7}, OPEN_CARD, OPEN_CARD, OPEN_CARD, "keep", "keep", {"open": 0}]
    held = [*start, "held", {**NOTHING_HELD, "pub-cooperation": 1, "library": 1}, {"points": 1}]
    screen = played([*held, "keep", "keep"])
    assert screen.ask is not None and screen.ask.question.startswith("Draw the third (last) card")
    screen = played([*held, "keep", "keep", "discard"])
    assert screen.ask is not None
    assert screen.ask.question.startswith("Draw another card in its place")
    summary = played(held[:-1]).said[0].text
    assert summary.endswith(
        "In the Lookout phase, you may discard the third (last) card and draw another instead, "
        "up to 2 times."
    )


ENTERED: list[Tap] = ["entered", OPEN_CARD, OTHER_CARD, OPEN_CARD, OPEN_CARD]
for _ in range(ROUNDS):
    ENTERED += ["keep", "discard", {"open": 2}, {"points": 1}]


@pytest.mark.parametrize("taps", [WHOLE_GAME, ENTERED])
def test_no_why_panel_lists_cards_the_code_names_only_as_placeholders(taps: list[Tap]) -> None:
    counted = set()
    for end in range(1, len(taps) + 1):
        for said in played(taps[:end]).said:
            for step in said.steps:
                for name, value in step.values:
                    if isinstance(value, tuple):
                        assert not {OTHER, OPEN} & set(value), (end, step)
                    elif value in (OTHER, OPEN):
                        assert name in ("stopped_at", "revealed", "card"), (end, step)
                    counted.add(name)
    assert {"kept", "discarded", "to_opponent", "open_production"} <= counted
    phase = played(ENTERED[:8]).said
    assert dict(phase[0].steps[0].values) == {"kept": "3", "discarded": "1"}
    assert dict(phase[1].steps[0].values) == {"to_opponent": "2", "discarded": "1"}


def test_an_empty_deck_reveals_no_card_in_the_chain_too() -> None:
    taps: list[Tap] = ["entered", OPEN_CARD, OPEN_CARD, OPEN_CARD]
    for _ in range(3):
        taps += ["keep", "keep", {"open": 0}, {"points": 1}]
    screen = played([*taps, "keep", "keep", {"open": 0}])
    assert screen.said[2].steps[0].values == (("revealed", "no-card"),)


@pytest.mark.parametrize("taps", [WHOLE_GAME, ENTERED])
def test_french_screens_have_curly_apostrophes_and_no_seed(taps: list[Tap]) -> None:
    for end in range(len(taps) + 1):
        for text in texts_of(play(COMPANION, taps[:end], "fr")):
            assert "'" not in text and "graine" not in text, (end, text)
        for text in texts_of(play(COMPANION, taps[:end], "en")):
            assert "seed" not in text.lower(), (end, text)
