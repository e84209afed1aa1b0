"""Stone Age solo's companion: the tribes fed round by round, each figure it shows compared
with the rule functions called directly."""

import random
import re
from dataclasses import dataclass, replace
from typing import Any

import pytest

from rulebook.book.chain_words import load_chain_words
from rulebook.book.code import game_terms
from rulebook.companions.stone_age import COMPANION
from rulebook.games import stone_age
from rulebook.games.stone_age import (
    Card,
    Colour,
    Level,
    Outcome,
    Tribe,
    buy_card,
    extra_food,
    feed,
    game_outcome,
    setup,
)
from rulebook.kit.companion import Screen, play, say_for, screen_json
from rulebook.site.try_it import page_words
from tests.conftest import ROOT


@dataclass(frozen=True)
class Round:
    """One round as the player taps it: the card revealed on the 4-resource slot, the cards
    bought, what the player board shows for phase 3, the resources handed in when food runs
    short, and the cards left in the pile at the end of the round."""

    card: Card
    bought: tuple[Card, ...]
    board: dict[str, int]
    resources: int | None
    pile: int


def board(red: int = 2, food: int = 0, agriculture: int = 0, buildings: int = 0, tools: int = 0,
          blue: int = 2, green: int = 2, yellow: int = 2) -> dict[str, int]:  # fmt: skip
    return {"red": red, "blue": blue, "green": green, "yellow": yellow, "food": food,
            "agriculture": agriculture, "buildings": buildings, "tools": tools}  # fmt: skip


def taps_of(level: Level, rounds: tuple[Round, ...]) -> list[Any]:
    taps: list[Any] = [{"level": level.value}]
    for played in rounds:
        taps.append({"card": played.card.value})
        taps += [{"bought": card.value} for card in played.bought]
        taps += ["feed", played.board]
        if played.resources is not None:
            taps.append({"resources": played.resources})
        taps.append({"pile": played.pile})
    return taps


# The basic level, 4 rounds. Round 1: a green card and a farmer bought (2 food, then the
# fatigue limit 15 → 16). Round 2: red has a third figure, a shaman asks 3; 5 food short, 3
# resources handed in: 16 → 17 (a tool maker bought) → 15. Round 3: the last building tile
# goes. Round 4: no tile left to discard: 15 → 12; 2 cards in the pile cannot fill the 3
# slots: the tribes have survived.
ROUNDS = (
    Round(Card.GREEN, (Card.GREEN, Card.FARMER), board(food=24, agriculture=1, buildings=3),
          None, 3),
    Round(Card.SHAMAN, (Card.TOOLMAKER,),
          board(red=3, food=5, agriculture=2, buildings=2, tools=2), 3, 3),
    Round(Card.BUILDER, (), board(red=3, food=12, agriculture=2, buildings=1, tools=2), None, 3),
    Round(Card.FARMER, (Card.GREEN,), board(red=3, food=10, agriculture=3, tools=2), None, 2),
)  # fmt: skip
WHOLE_GAME: list[Any] = taps_of(Level.BASIC, ROUNDS)


def after(taps: list[Any], lang: str = "en") -> Screen:
    return play(COMPANION, taps, lang)


def status(screen: Screen) -> dict[str, str]:
    return dict(screen.status)


def said(screen: Screen) -> str:
    return " ".join(s.text for s in screen.said)


def tribe_of(shown: dict[str, int], fatigue_limit: int) -> Tribe:
    figures = {colour: shown[colour.value] for colour in Colour}
    return Tribe(figures, shown["food"], fatigue_limit, shown["agriculture"],
                 shown["buildings"], shown["tools"])  # fmt: skip


def test_every_figure_of_the_whole_game_is_what_the_rule_functions_say() -> None:
    level = Level.BASIC
    start = setup(level)
    fatigue, total, taps = start.fatigue_limit, 0, [{"level": level.value}]
    screen = after(taps)
    assert said(screen).startswith(
        f"Basic level: take {start.food} food, put the fatigue limit on space "
        f"{start.fatigue_limit} of the scoring track and {start.figures_per_colour} figures"
    )
    tribe = start.tribe()
    for number, played in enumerate(ROUNDS, 1):
        taps.append({"card": played.card.value})
        extra = extra_food(played.card, replace(tribe, fatigue_limit=fatigue))
        if played.card is Card.GREEN:  # the only card whose extra food the round cannot change
            assert f"It asks for {extra} extra food at the end of the round." in said(after(taps))
        else:
            assert "counted when you feed your tribe" in said(after(taps))
        for count, card in enumerate(played.bought):
            bought = buy_card(level, card, count, fatigue)
            taps.append({"bought": card.value})
            screen, total = after(taps), total + 1
            if bought.food:
                assert f"take {bought.food} food from the supply" in said(screen)
            if bought.fatigue_limit != fatigue:
                assert f"fatigue limit {fatigue} → {bought.fatigue_limit}." in said(screen)
            fatigue = bought.fatigue_limit
            assert status(screen)["Fatigue limit"] == str(fatigue)
            assert status(screen)["Cards bought"] == f"{total} in all, {count + 1} this round"
        taps += ["feed", played.board]
        done = feed(level, tribe_of(played.board, fatigue), played.card, played.resources or 0)
        figures = sum(done.tribe.figures.values())
        screen = after(taps)
        assert said(screen).startswith(
            f"Food due: {done.due}, that is {done.figures_food} for your {figures} figures "
            f"and {done.extra_food} for the card on the 4-resource slot. With {done.income} "
            f"from the agriculture track, you have {done.food_paid + done.tribe.food} food."
        )
        if played.resources is not None:
            short = feed(level, tribe_of(played.board, fatigue), played.card).missing
            assert (
                f"Your food is not enough: you pay {done.food_paid} food, {short} food still "
                "missing."
            ) in said(screen)
            taps.append({"resources": played.resources})
            screen = after(taps)
            assert f"You hand in {done.resources_paid} resources: {done.missing} still" in (
                said(screen)
            )
        else:
            assert f"You pay {done.due} food: {done.tribe.food} left." in said(screen)
        if done.discarded:
            assert f"{done.tribe.buildings} left." in said(screen)
        if done.tiles_missing:
            assert (
                f"You cannot discard {done.tiles_missing} building tile: your fatigue limit goes "
                "down by 3."
            ) in said(screen)
        if done.tribe.fatigue_limit != fatigue:
            assert f"Fatigue limit: {fatigue} → {done.tribe.fatigue_limit}." in said(screen)
        fatigue, tribe = done.tribe.fatigue_limit, done.tribe
        assert status(screen)["Fatigue limit"] == str(fatigue)
        assert status(screen)["Round"] == str(number)
        taps.append({"pile": played.pile})
        outcome = game_outcome(fatigue, played.pile, level)
        screen = after(taps)
        assert (screen.ask is None) is (outcome is Outcome.WON)
    assert taps == WHOLE_GAME
    assert said(screen) == (
        f"The pile cannot fill the {len(start.card_slots)} slots: you win the game! Your "
        f"tribes survived for {len(ROUNDS)} rounds, with {total} civilization cards bought."
    )
    assert status(screen)["Result"] == "you survived"
    assert (fatigue, total) == (12, 4)


def test_both_languages_show_the_same_figures_on_every_screen() -> None:
    for count in range(len(WHOLE_GAME) + 1):
        figures = {}
        for lang in ("fr", "en"):
            screen = play(COMPANION, WHOLE_GAME[:count], lang)
            shown = [v for line in screen.status for v in line] + [s.text for s in screen.said]
            figures[lang] = re.findall(r"\d+", " ".join(shown))
        assert figures["fr"] == figures["en"], f"after {count} taps"


def test_the_food_due_is_said_with_the_chain_of_the_feeding_rules() -> None:
    screen = after(WHOLE_GAME[: WHOLE_GAME.index("feed") + 2])
    assert [[step.rule for step in s.steps] for s in screen.said] == [
        ["sa-feeding-income", "sa-feeding-figures", "sa-feeding-card"],
        ["sa-feeding-resources"],
        ["sa-feeding-buildings"],
    ]
    due = dict(screen.said[0].steps[1].values)
    assert (due["figures"], due["food_due"]) == ("8", "8")
    assert dict(screen.said[0].steps[2].values) == {"card": "green", "extra_food": "4"}


def test_food_short_asks_the_resources_then_lowers_the_fatigue_limit_by_what_is_missing() -> None:
    at = WHOLE_GAME.index({"resources": 3})
    screen = after(WHOLE_GAME[:at])
    assert screen.ask is not None and screen.ask.question == (
        "5 food missing. How many resources do you hand in?"
    )
    assert [(f.name, f.least, f.most, f.value) for f in screen.ask.fields] == [
        ("resources", 0, 5, 0)
    ]
    screen = after(WHOLE_GAME[: at + 1])
    assert "You hand in 3 resources: 2 still missing." in said(screen)
    assert "Fatigue limit: 17 → 15." in said(screen)
    assert [s.rule for s in screen.said[0].steps] == ["sa-feeding-resources"]


def test_the_feeding_form_is_prefilled_from_the_round_before() -> None:
    screen = after(WHOLE_GAME[:4])  # round 1: a green card bought gives 2 food
    assert screen.ask is not None
    screen = after(WHOLE_GAME[:5])
    assert screen.ask is not None
    first = {f.name: f.value for f in screen.ask.fields}
    assert first == board(food=22, buildings=3)  # 20 food, and 2 from the green card
    at = WHOLE_GAME.index({"card": "builder"})
    screen = after([*WHOLE_GAME[: at + 1], "feed"])
    assert screen.ask is not None
    fed = feed(Level.BASIC, tribe_of(ROUNDS[1].board, 17), Card.SHAMAN, 3).tribe
    prefilled = {f.name: f.value for f in screen.ask.fields}
    assert prefilled == board(red=3, food=fed.food, agriculture=2, buildings=fed.buildings,
                              tools=2)  # fmt: skip
    most = {f.name: f.most for f in screen.ask.fields}
    assert (most["red"], most["agriculture"]) == (7, 10)


def test_no_more_cards_are_offered_once_each_buyable_slot_has_been_bought_from() -> None:
    screen = after(WHOLE_GAME[:4])
    assert screen.ask is not None and [c.tap for c in screen.ask.choices] == ["feed"]
    assert "That is the last card you may buy this round." in said(screen)
    screen = after(WHOLE_GAME[:3])
    assert screen.ask is not None and len(screen.ask.choices) == len(Card) + 1


def test_at_the_eternal_winter_level_one_card_a_round_and_two_in_the_pile_go_on() -> None:
    taps: list[Any] = [{"level": "eternal winter"}, {"card": "green"}, {"bought": "shaman"}]
    screen = after(taps)
    assert status(screen)["Fatigue limit"] == "11"
    assert screen.ask is not None and [c.tap for c in screen.ask.choices] == ["feed"]
    screen = play(COMPANION, [*taps, {"bought": "farmer"}], "fr")
    assert screen.kept == 3 and screen.refused_rule == "sa-level-4"
    assert screen.refused == "Achetez au plus 1 carte à ce tour."
    taps += ["feed", board(food=20, buildings=3)]
    screen = after(taps)
    assert screen.ask is not None
    assert [c.label for c in screen.ask.choices] == ["0", "1", "2 or more"]
    screen = after([*taps, {"pile": 2}])
    assert "reveal cards on the 2-resource and 4-resource slots." in said(screen)
    assert game_outcome(11, 2, Level.ETERNAL_WINTER) is Outcome.PLAYING


def test_the_game_is_lost_as_soon_as_missing_food_takes_the_fatigue_limit_to_0() -> None:
    taps: list[Any] = [{"level": "big tribe"}, {"card": "builder"}, "feed",
                       board(red=3, blue=3, green=3, yellow=3, buildings=3)]  # fmt: skip
    done = feed(Level.BIG_TRIBE, tribe_of(taps[-1], 10), Card.BUILDER)
    assert (done.due, done.missing) == (27, 27)
    taps.append({"resources": 0})
    screen = after(taps)
    assert done.lost and screen.ask is None
    assert done.tribe.fatigue_limit == -17
    assert said(screen).endswith(
        "Your fatigue limit is at \u221217: you lose the game, in round 1, with 0 civilization "
        "cards bought."
    )
    assert "You have no food to pay with: 27 food missing." in said(after(taps[:-1]))
    assert status(screen)["Fatigue limit"] == "\u221217"
    assert "building tile" not in said(screen)  # lost before any discard
    assert status(screen)["Result"] == "you lost"
    french = play(COMPANION, taps, "fr")
    assert (
        "Votre limite de fatigue est à \u221217\u00a0: vous perdez la partie, au tour 1, avec 0 "
        "carte civilisation achetée."
    ) in said(french)


def test_only_a_green_card_s_extra_food_is_given_as_a_figure_when_it_is_revealed() -> None:
    """The round can still bring tools, agriculture, figures and buildings: the other cards
    say what they count, not a figure the feeding would change."""
    level = [{"level": "basic"}]
    toolmaker = said(after([*level, {"card": "toolmaker"}]))
    assert toolmaker == (
        "On the 4-resource slot: Tool maker. It asks for as much extra food as the total of "
        "your tool tiles, counted when you feed your tribe at the end of the round."
    )
    farmer = play(COMPANION, [*level, {"card": "farmer"}], "fr")
    assert said(farmer) == (
        "Sur l\u2019emplacement à 4 ressources\u00a0: Paysan. Cette carte demande autant de "
        "nourritures supplémentaires que votre position sur la piste d\u2019agriculture\u00a0; le "
        "compte se fait quand vous nourrissez votre tribu, à la fin du tour."
    )
    shaman = said(after([*level, {"card": "shaman"}]))
    assert "It asks for 1 extra food per figure of your colour with the most figures" in shaman
    green = play(COMPANION, [*level, {"card": "green"}], "fr")
    assert "Cette carte demande 4 nourritures supplémentaires à la fin du tour." in said(green)
    assert [s.rule for s in green.said[0].steps] == ["sa-feeding-card"]
    # The tool maker's figure is the tools entered at the feeding.
    fed = after([*level, {"card": "toolmaker"}, "feed", board(food=30, buildings=3, tools=4)])
    assert "and 4 for the card on the 4-resource slot" in said(fed)


def test_the_status_says_the_level_is_to_choose_then_names_it_as_the_text_does() -> None:
    assert after([]).status == (("Level", "to choose"),)
    assert play(COMPANION, [], "fr").status == (("Niveau", "à choisir"),)
    screen = play(COMPANION, WHOLE_GAME[:1], "fr")
    assert status(screen)["Niveau"] == "basique" and said(screen).startswith("Niveau basique")
    assert status(after(WHOLE_GAME[:1]))["Level"] == "basic"


def test_a_cold_night_discards_2_tiles_and_each_missing_one_costs_3() -> None:
    taps: list[Any] = [{"level": "cold night"}, {"card": "green"}, "feed",
                       board(food=30, buildings=1)]  # fmt: skip
    screen = after(taps)
    assert "Return 1 building tile of your choice" in said(screen)
    assert "You cannot discard 1 building tile: your fatigue limit goes down by 3." in said(screen)
    assert "Fatigue limit: 20 → 17." in said(screen)


def test_a_tap_the_rules_refuse_is_dropped_with_the_rules_message_in_french() -> None:
    screen = play(COMPANION, [*WHOLE_GAME[:3], {"bought": "mammoth"}], "fr")
    assert screen.kept == 3 and screen.refused_rule == "sa-civilisation-cards"
    assert screen.refused == (
        "Choisissez une carte parmi fond vert, Chamane, Constructeur, Paysan, Fabricant d’outils."
    )
    taps = WHOLE_GAME[: WHOLE_GAME.index({"resources": 3})]
    screen = play(COMPANION, [*taps, {"resources": 6}], "fr")
    assert screen.kept == len(taps) and screen.refused_rule == "sa-feeding-resources"
    assert screen.refused == (
        "Indiquez les ressources que vous donnez, de 0 à 5, 1 par nourriture manquante."
    )
    form = dict(board(food=5), red=8)
    screen = play(COMPANION, [*WHOLE_GAME[:5], form], "fr")
    assert screen.kept == 5 and screen.refused == "Indiquez de 1 à 7 figurines de chaque couleur."
    screen = play(COMPANION, [*WHOLE_GAME[:5], dict(board(), food=None)], "fr")
    assert screen.refused == "Indiquez votre nourriture, 0 ou plus."
    screen = play(COMPANION, [{"level": "hard"}], "fr")
    assert screen.kept == 0 and screen.refused_rule == "sa-levels"
    assert screen.refused == (
        "Choisissez un niveau parmi basique, nuit fraîche, grande tribu, hiver éternel."
    )
    screen = play(COMPANION, [*WHOLE_GAME, {"pile": 3}], "fr")
    assert screen.kept == len(WHOLE_GAME) and screen.refused_rule == "sa-end"
    assert screen.refused == "La partie est terminée\u00a0: commencez une nouvelle partie."


def test_every_refusal_a_rule_can_answer_has_french_words() -> None:
    """Each refusal the companion's taps can reach is worded: a wrong tap of each kind."""
    wrong: list[list[Any]] = [
        [{"level": 1}],
        [WHOLE_GAME[0], "shaman"],
        [*WHOLE_GAME[:2], "buy"],
        [*WHOLE_GAME[:5], "feed"],
        [*WHOLE_GAME[:5], dict(board(), agriculture=11)],
        [*WHOLE_GAME[:5], dict(board(), buildings=None)],
        [*WHOLE_GAME[:5], dict(board(), tools=-1)],
        [*WHOLE_GAME[:6], {"pile": -1}],
        [*WHOLE_GAME[:6], "three"],
        [{"level": "big tribe"}, {"card": "green"}, "feed", board(red=9)],
    ]
    for taps in wrong:
        screen = play(COMPANION, taps, "fr")
        assert screen.refused and screen.kept == len(taps) - 1, taps
        # As the screen says them: the companion's words over the ones every companion
        # shares, apostrophes curled and French spaces set.
        say = say_for(COMPANION, "fr")
        worded = {say(key) for key in say.words if key.startswith("expected:")}
        assert screen.refused in worded, (taps, screen.refused)


def test_both_languages_have_the_same_words() -> None:
    assert set(COMPANION.WORDS["fr"]) == set(COMPANION.WORDS["en"])


def test_no_screen_of_the_whole_game_shows_a_python_value_or_a_straight_apostrophe() -> None:
    bad = ("True", "False", "None", "(", "[", "<", "Enum.", "Level.", "Card.", "Outcome.")
    for count in range(len(WHOLE_GAME) + 1):
        for lang in ("fr", "en"):
            screen = play(COMPANION, WHOLE_GAME[:count], lang)
            shown = [v for line in screen.status for v in line] + [s.text for s in screen.said]
            if screen.ask:
                shown += [screen.ask.question, screen.ask.submit]
                shown += [c.label for c in screen.ask.choices]
                shown += [f.label for f in screen.ask.fields]
            for text in shown:
                assert not any(b in text for b in bad), text
                assert "'" not in text, f"a straight apostrophe: {text}"


def test_the_game_terms_are_the_cards_not_the_colours_of_the_same_word() -> None:
    """``green`` is a colour and a card's background: the companion shows only the card."""
    screen = play(COMPANION, WHOLE_GAME[:2], "fr")
    assert status(screen)["Emplacement à 4 ressources"] == "Fond vert"


def test_every_offered_tap_is_taken_from_anywhere_in_a_game() -> None:
    draw = random.Random(25)
    for _ in range(30):
        taps: list[Any] = []
        for _ in range(80):
            screen = play(COMPANION, taps, "en")
            assert screen.kept == len(taps) and not screen.refused, (taps, screen.refused)
            if screen.ask is None:
                break
            if screen.ask.choices and (not screen.ask.fields or draw.random() < 0.5):
                taps.append(draw.choice(screen.ask.choices).tap)
            else:
                taps.append({f.name: draw.randint(f.least, f.most) for f in screen.ask.fields})


@pytest.mark.parametrize(
    ("level", "tribe", "answer", "cited"),
    [
        ("big tribe", {"red": 3, "blue": 3, "green": 3, "yellow": 3, "food": 75}, 0,
         ["sa-feeding-income", "sa-level-3", "sa-feeding-figures", "sa-feeding-card"]),
        ("cold night", {"red": 2, "blue": 2, "green": 2, "yellow": 2, "food": 20}, 2,
         ["sa-level-2", "sa-feeding-buildings"]),
        ("basic", {"red": 2, "blue": 2, "green": 2, "yellow": 2, "food": 20}, 2,
         ["sa-feeding-buildings"]),
    ],
)  # fmt: skip
def test_why_cites_the_level_rule_where_the_level_changes_a_figure(
    level: str, tribe: dict[str, int], answer: int, cited: list[str]
) -> None:
    """Level 3's 2 food per figure and level 2's 2 tiles to discard are the level's rules, not
    the general ones (1 food, 1 tile): "Why?" cites them, as it cites level 4's one card."""
    form = {**tribe, "agriculture": 0, "buildings": 3, "tools": 0}
    screen = play(COMPANION, [{"level": level}, {"card": "green"}, "feed", form], "en")
    assert [step.rule for step in screen.said[answer].steps] == cited


@pytest.mark.parametrize(("lang", "card"), [("fr", "carte"), ("en", "card")])
def test_why_names_the_hut_builder_card_with_the_glossary_s_term(lang: str, card: str) -> None:
    """The page's chain words (the site's ``chain_words``) name the revealed ``builder`` card
    as the glossary does, « Constructeur », "Hut builder": not as Catan Dice's ``builder``,
    the name of the player who built, spelled alike."""
    words = page_words(load_chain_words(ROOT).for_page(lang, game_terms(stone_age)), lang)
    revealed = WHOLE_GAME.index({"card": Card.BUILDER.value})
    fed = WHOLE_GAME.index("feed", revealed) + 2  # the board tapped after "feed"
    screen = screen_json(play(COMPANION, WHOLE_GAME[:fed], lang, words), words)
    [used] = [
        step["used"] for said in screen["said"] for step in said["steps"]
        if step["rule"] == "sa-feeding-card"
    ]  # fmt: skip
    assert used[0] == [card, "Constructeur" if lang == "fr" else "Hut builder"]
