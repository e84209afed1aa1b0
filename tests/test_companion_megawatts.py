"""Megawatts solo's companion: the artificial player's round played phase by phase, each
figure it shows compared with the rule functions called directly."""

import random
import re
from dataclasses import dataclass
from typing import Any

from rulebook.companions.megawatts import _BOARD, COMPANION, _market
from rulebook.games.megawatts import (
    STEP_2_CITIES,
    YOUR_NETWORK_MARGIN,
    ArtificialPlayer,
    Fuel,
    Medal,
    Plant,
    Resource,
    Resources,
    ai_build_count,
    ai_capacity,
    ai_plant_phase,
    ai_power,
    ai_powerable,
    ai_restock,
    game_ends,
    market_prices,
    medal,
    plants_to_remove,
    step_2_begins,
)
from rulebook.kit.companion import Screen, play

# The cards the scripted game meets, as their faces print them.
CARDS = {
    plant.number: plant
    for plant in (
        Plant(3, Fuel.OIL, 2, 1), Plant(4, Fuel.COAL, 2, 1), Plant(5, Fuel.HYBRID, 2, 1),
        Plant(6, Fuel.GARBAGE, 1, 1), Plant(7, Fuel.OIL, 3, 2), Plant(8, Fuel.COAL, 3, 2),
        Plant(9, Fuel.OIL, 1, 1), Plant(10, Fuel.COAL, 2, 2), Plant(11, Fuel.URANIUM, 1, 2),
        Plant(12, Fuel.HYBRID, 2, 2), Plant(13, Fuel.GREEN, 0, 1), Plant(14, Fuel.GARBAGE, 2, 2),
        Plant(15, Fuel.COAL, 2, 3), Plant(16, Fuel.OIL, 2, 3), Plant(19, Fuel.GARBAGE, 2, 3),
        Plant(20, Fuel.COAL, 3, 5), Plant(21, Fuel.HYBRID, 2, 4), Plant(22, Fuel.GREEN, 0, 2),
        Plant(25, Fuel.COAL, 2, 5),
    )
}  # fmt: skip


@dataclass(frozen=True)
class Round:
    """One round as the player taps it: the market the artificial player takes from, the
    draw number, the cubes on the resource market when it chooses (from the fourth round),
    the cubes left after your purchases, the cities you built, whether the power plant market
    could be refilled; the "Step 3" card revealed first, a correction before building."""

    market: tuple[int, ...]
    seed: int
    bought: tuple[int, int, int, int]
    built: int
    refilled: bool = True
    cubes: tuple[int, int, int, int] | None = None
    step_3: bool = False
    fix: dict[str, Any] | None = None


def counts(values: tuple[int, ...]) -> dict[str, int]:
    return dict(zip(("coal", "oil", "garbage", "uranium"), values, strict=True))


def card_tap(plant: Plant) -> dict[str, Any]:
    return {"fuel": plant.fuel.value, "burns": plant.burns, "powers": plant.powers}


def taps_of(rounds: tuple[Round, ...], elektros: int) -> list[Any]:
    taps: list[Any] = []
    seen: set[int] = set()
    for played in rounds:
        if played.step_3:
            taps.append("step3")
        entry: dict[str, Any] = {f"plant_{i}": n for i, n in enumerate(played.market, 1)}
        entry |= counts(played.cubes) if played.cubes else {}
        taps.append(entry | {"seed": played.seed})
        taps += [card_tap(CARDS[n]) for n in played.market if n and n not in seen]
        seen |= set(played.market)
        taps.append(counts(played.bought))
        if played.fix is not None:
            taps += ["fix", played.fix]
        taps += [{"built": played.built}, {"refilled": played.refilled}]
    return [*taps, {"elektros": elektros}]


# Rounds 1 to 3: it draws 3, 7 and 10 at random; you and it build 2, 2 and 1 cities.
# Round 4: it chooses 15, the most capacity, and discards 3, its oil going to 7; it builds 3,
# and a 7th city begins step 2. Round 5: the "Step 3" card; it chooses among the whole
# market, 20 and 25 tie on coal, the draw gives 20; it discards 7, its oil to the general
# supply. A correction: it has 9 cities and 3 coal on 10. It builds 4 but cannot power its
# 13 cities; the power plant market cannot be refilled: the game ends, 281 Elektro: silver.
ROUNDS = (
    Round((3, 4, 5, 6), 2, (22, 18, 6, 2), 2),
    Round((4, 5, 7, 8), 5, (21, 17, 7, 3), 2),
    Round((5, 9, 10, 11), 7, (20, 16, 7, 3), 1),
    Round((12, 13, 14, 15), 9, (21, 17, 8, 4), 3, cubes=(23, 18, 9, 4)),
    Round(
        (16, 19, 20, 21, 22, 25), 11, (17, 18, 9, 5), 4, refilled=False,
        cubes=(20, 19, 10, 5), step_3=True,
        fix={"step": 3, "you": 8, "ai_cities": 9, "ai_plant_1": 20, "ai_plant_2": 15,
             "ai_plant_3": 10, "cubes_20_coal": 6, "cubes_15_coal": 4, "cubes_10_coal": 3,
             "card": 0},
    ),
)  # fmt: skip
ELEKTROS = 281
WHOLE_GAME: list[Any] = taps_of(ROUNDS, ELEKTROS)


def after(taps: list[Any], lang: str = "en") -> Screen:
    screen = play(COMPANION, taps, lang)
    assert screen.kept == len(taps), screen.refused
    return screen


def numbers(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", text)]


def shown_plants(screen: Screen) -> list[list[int]]:
    """Each of its power plants as the status shows it: number, burns, cities, cubes held."""
    return [
        numbers(label) + numbers(value)
        for label, value in screen.status
        if label.startswith("Its power plant")
    ]


def expected_plants(ai: ArtificialPlayer) -> list[list[int]]:
    return [
        [p.number, *([] if p.green else [p.burns]), p.powers,
         *(ai.stocks[p.number][r] for r in Resource if ai.stocks[p.number][r])]
        for p in ai.plants
    ]  # fmt: skip


def test_every_figure_of_the_whole_game_is_what_the_rule_functions_say() -> None:
    ai, you, step, taps = ArtificialPlayer(), 0, 1, []
    seen: set[int] = set()
    for number, played in enumerate(ROUNDS, 1):
        if played.step_3:
            taps.append("step3")
            step = 3
        # the power plant phase
        entry = {f"plant_{i}": n for i, n in enumerate(played.market, 1)}
        entry |= counts(played.cubes) if played.cubes else {}
        taps.append(entry | {"seed": played.seed})
        taps += [card_tap(CARDS[n]) for n in played.market if n not in seen]
        seen |= set(played.market)
        prices = market_prices(_market(played.cubes)) if played.cubes else {}
        market = [CARDS[n] for n in played.market]
        phase = ai_plant_phase(ai, number, step, market, prices, random.Random(played.seed))
        screen = after(taps)
        assert phase.taken is not None
        assert f"power plant {phase.taken.number}" in screen.said[0].text
        if phase.discarded is not None:
            assert f"its weakest, power plant {phase.discarded.number}." in screen.said[1].text
        ai = phase.ai
        assert shown_plants(screen) == expected_plants(ai)
        # restocking
        taps.append(counts(played.bought))
        stocks, left = ai_restock(ai.plants, ai.stocks, _market(played.bought))
        ai = ArtificialPlayer(ai.plants, stocks, ai.cities)
        screen = after(taps)
        assert shown_plants(screen) == expected_plants(ai)
        cubes = [sum(left[r].values()) for r in Resource]
        assert numbers(dict(screen.status)["Resource market"]) == cubes
        if played.fix is not None:
            taps += ["fix", played.fix]
            held = [played.fix[f"ai_plant_{i}"] for i in (1, 2, 3)]
            stocks = {n: Resources(coal=played.fix[f"cubes_{n}_coal"]) for n in held}
            ai = ArtificialPlayer(tuple(CARDS[n] for n in held), stocks, played.fix["ai_cities"])
            you = played.fix["you"]
            assert shown_plants(after(taps)) == expected_plants(ai)
        # building
        taps.append({"built": played.built})
        builds = ai_build_count(played.built, ai_powerable(ai.plants, ai.stocks), ai.cities)
        screen = after(taps)
        assert f"builds {builds} cit" in screen.said[0].text
        ai, you = ArtificialPlayer(ai.plants, ai.stocks, ai.cities + builds), you + played.built
        shown = dict(screen.status)
        assert numbers(shown["Artificial player"]) == [ai.cities, ai_capacity(ai.plants)]
        assert numbers(shown["Your cities"]) == [you]
        begins = step == 1 and step_2_begins(you, ai.cities)
        assert ("step 2 begins" in screen.said[-1].text) is begins
        step = 2 if begins else step
        # Bureaucracy
        taps.append({"refilled": played.refilled})
        powering = ai_power(ai.plants, ai.stocks, ai.cities)
        screen = after(taps)
        if powering.fired:
            *rest, last = map(str, powering.fired)
            fired = f"{', '.join(rest)} and {last}" if rest else last
            assert f"fires power plant{'s' if len(powering.fired) > 1 else ''} {fired} " in (
                screen.said[0].text
            )
            assert f"and powers {powering.powered} cit" in screen.said[0].text
        else:
            assert "fires no power plant" in screen.said[0].text
        ai = ArtificialPlayer(ai.plants, powering.stocks, ai.cities)
        assert shown_plants(screen) == expected_plants(ai)
        ends = game_ends(played.refilled, ai.cities)
        assert ("The game ends" in screen.said[1].text) is bool(ends)
        assert numbers(dict(screen.status)["Round"])[0] == number + (0 if ends else 1)
    taps.append({"elektros": ELEKTROS})
    screen = after(taps)
    assert taps == WHOLE_GAME and screen.ask is None
    won = medal(ELEKTROS)
    assert won is Medal.SILVER and screen.said[0].text == "281 Elektro: a silver medal."


def test_the_artificial_player_draws_with_the_number_the_page_shows() -> None:
    entry = {"plant_1": 3, "plant_2": 4, "plant_3": 5, "plant_4": 6}
    cards = [card_tap(CARDS[n]) for n in (3, 4, 5, 6)]
    drawn = set()
    for seed in range(1, 30):
        screen = after([entry | {"seed": seed}, *cards])
        again = after([entry | {"seed": seed}, *cards])
        assert screen.said == again.said
        assert screen.said[0].text.startswith(f"Random draw (no. {seed}): ")
        phase = ai_plant_phase(
            ArtificialPlayer(), 1, 1, [CARDS[n] for n in (3, 4, 5, 6)], {}, random.Random(seed)
        )
        assert phase.taken is not None
        assert f"draws power plant {phase.taken.number} among" in screen.said[0].text
        drawn.add(phase.taken.number)
    assert drawn == {3, 4, 5, 6}


def test_a_card_is_entered_once_and_the_next_rounds_remember_it() -> None:
    first_round = WHOLE_GAME[: WHOLE_GAME.index({"built": 2}) + 2]
    assert after(first_round[:1]).ask.question == "New power plant 3: as its card shows."  # type: ignore[union-attr]
    entry = {"plant_1": 4, "plant_2": 5, "plant_3": 0, "plant_4": 0, "seed": 1}
    screen = after([*first_round, entry])
    assert screen.ask is not None and screen.ask.question.startswith("You have bought")


def test_the_forms_come_filled_with_what_the_companion_carries() -> None:
    round_2 = WHOLE_GAME.index({"refilled": True}) + 1
    screen = after(WHOLE_GAME[:round_2])
    assert screen.ask is not None
    filled = {f.name: f.value for f in screen.ask.fields}
    held = {int(label.split()[-1]) for label, _ in screen.status if label.startswith("Its power")}
    assert [filled[f"plant_{i}"] for i in (1, 2, 3, 4)] == [
        n for n in (3, 4, 5, 6) if n not in held
    ] + [0]
    resources = after(WHOLE_GAME[: round_2 + 3]).ask
    assert resources is not None
    assert [f.value for f in resources.fields] == numbers(
        dict(after(WHOLE_GAME[:round_2]).status)["Resource market"]
    )


ROUND_3_MARKET = {"plant_1": 5, "plant_2": 9, "plant_3": 10, "plant_4": 11, "seed": 7}


def test_from_the_fourth_round_the_market_form_asks_the_cubes_that_break_ties() -> None:
    round_4 = WHOLE_GAME.index({"plant_1": 12, "plant_2": 13, "plant_3": 14, "plant_4": 15,
                                **counts((23, 18, 9, 4)), "seed": 9})  # fmt: skip
    asked = after(WHOLE_GAME[:round_4]).ask
    assert asked is not None
    assert [f.name for f in asked.fields][4:] == ["coal", "oil", "garbage", "uranium", "seed"]
    assert "chooses its power plant" in asked.question
    round_3 = after(WHOLE_GAME[: WHOLE_GAME.index(ROUND_3_MARKET)]).ask
    assert round_3 is not None and [f.name for f in round_3.fields][4:] == ["seed"]


def test_the_step_3_card_opens_the_whole_market_of_6_plants() -> None:
    at = WHOLE_GAME.index("step3")
    before, screen = after(WHOLE_GAME[:at]), after(WHOLE_GAME[: at + 1])
    assert before.ask is not None and screen.ask is not None
    assert "“Step 3” card revealed" in [c.label for c in before.ask.choices]
    assert [f.name for f in screen.ask.fields][:6] == [f"plant_{i}" for i in range(1, 7)]
    assert "“Step 3” card revealed" not in [c.label for c in screen.ask.choices]
    assert numbers(dict(screen.status)["Round"]) == [5, 3]


def test_with_3_power_plants_it_discards_its_weakest_and_moves_its_cubes() -> None:
    at = WHOLE_GAME.index(card_tap(CARDS[15])) + 1
    screen = after(WHOLE_GAME[:at])
    assert screen.said[0].text.startswith("The artificial player takes power plant 15")
    assert screen.said[1].text == (
        "It already had 3 power plants: discard its weakest, power plant 3. Share out its "
        "resources: 2 oil to power plant 7."
    )
    assert [s.rule for s in screen.said[0].steps][-2:] == ["mw-ai-choice", "mw-ai-discard"]
    at = WHOLE_GAME.index(card_tap(CARDS[25])) + 1
    assert after(WHOLE_GAME[:at], "fr").said[1].text == (
        "Il avait déjà 3 centrales\u00a0: défaussez la moins puissante, la centrale 7. Remettez "
        "3 cubes de pétrole dans la réserve générale."
    )


def test_it_builds_nothing_when_its_plants_cannot_power_its_cities() -> None:
    # Round 1 once its cubes are gone: a correction empties its plant.
    taps = WHOLE_GAME[: WHOLE_GAME.index({"built": 2})]
    taps += ["fix", {"step": 1, "you": 0, "ai_cities": 2, "ai_plant_1": 3, "ai_plant_2": 0,
                     "ai_plant_3": 0, "cubes_3_oil": 0, "card": 0}, {"built": 2}]  # fmt: skip
    screen = after(taps)
    assert ai_build_count(2, ai_powerable([CARDS[3]], {}), 2) == 0
    assert screen.said[0].text == (
        "Its power plants that hold their resources can power only 0 of its 2 cities: the "
        "artificial player does not extend its network."
    )
    assert [s.rule for s in screen.said[0].steps] == ["mw-ai-build-unpowered"]
    assert numbers(dict(screen.status)["Artificial player"])[0] == 2
    nothing = after([*taps[:-1], {"built": 0}])
    assert nothing.said[0].text == "You built no city: the artificial player builds none."


def test_step_2_begins_when_a_player_connects_a_7th_city() -> None:
    at = WHOLE_GAME.index({"built": 3}) + 1
    screen = after(WHOLE_GAME[:at])
    assert STEP_2_CITIES == 7 and screen.said[-1].text.startswith(
        "A player has connected a 7th city: step 2 begins."
    )
    assert numbers(dict(screen.status)["Round"]) == [4, 2]


def test_the_game_ends_at_the_end_of_the_round_of_its_15th_city() -> None:
    taps = WHOLE_GAME[: WHOLE_GAME.index({"built": 4})]
    fix = dict(WHOLE_GAME[WHOLE_GAME.index("fix") + 1]) | {"ai_cities": 10}
    taps += ["fix", fix, {"built": 5}, {"refilled": True}]
    screen = after(taps)
    assert game_ends(True, 15) and "artificial player’s 15th city" in screen.said[1].text
    assert screen.ask is not None and screen.ask.question == "How many Elektro do you have?"
    assert after([*taps, {"elektros": 249}]).said[0].text == "249 Elektro: no medal."
    assert after([*taps, {"elektros": 300}], "fr").said[0].text == (
        "300 Elektros\u00a0: médaille d’or."
    )


def test_a_card_entered_wrongly_is_entered_again_from_the_correction_form() -> None:
    taps = WHOLE_GAME[: WHOLE_GAME.index({"built": 2})]
    fix = {"step": 1, "you": 0, "ai_cities": 0, "ai_plant_1": 3, "ai_plant_2": 0,
           "ai_plant_3": 0, "cubes_3_oil": 4, "card": 3}  # fmt: skip
    asked = after([*taps, "fix", fix]).ask
    assert asked is not None and asked.question == "Power plant 3: as its card shows."
    assert {f.name: f.value for f in asked.fields} == {"fuel": "oil", "burns": 2, "powers": 1}
    screen = after([*taps, "fix", fix, {"fuel": "oil", "burns": 2, "powers": 2}])
    assert shown_plants(screen) == [[3, 2, 2, 4]]


def test_a_market_refused_once_its_cards_are_entered_keeps_the_cards() -> None:
    round_2 = WHOLE_GAME.index({"refilled": True}) + 1
    taps = [*WHOLE_GAME[:round_2], {"plant_1": 3, "plant_2": 5, "plant_3": 7, "plant_4": 8,
                                    "seed": 5}, card_tap(CARDS[7]), card_tap(CARDS[8])]  # fmt: skip
    screen = after(taps, "fr")
    assert screen.said[0].text == (
        "Les cartes sont notées, mais le JA ne peut pas prendre sa centrale. Indiquez un "
        "marché sans les centrales du JA."
    )
    assert screen.ask is not None and screen.ask.question.startswith("Tour 2, centrales")
    again = after([*taps, {"plant_1": 4, "plant_2": 5, "plant_3": 7, "plant_4": 8, "seed": 5}])
    assert again.said[0].text.startswith(
        "Random draw (no. 5): the artificial player draws power plant"
    )


def test_a_tap_the_rules_refuse_is_dropped_with_the_rules_message_in_french() -> None:
    taps = [{"plant_1": 13, "plant_2": 0, "plant_3": 0, "plant_4": 0, "seed": 1},
            {"fuel": "green", "burns": 1, "powers": 1}]  # fmt: skip
    screen = play(COMPANION, taps, "fr")
    assert screen.kept == 1 and screen.refused_rule == "mw-standard-rules"
    assert screen.refused == (
        "Indiquez 0 ressource pour une centrale «\u00a0verte\u00a0», et au moins 1 pour "
        "toute autre."
    )
    taps[1] = {"fuel": None, "burns": 1, "powers": 1}
    screen = play(COMPANION, taps, "fr")
    assert screen.kept == 1 and screen.refused == "Choisissez le type de centrale."
    assert screen.refused_rule == "mw-first-ai-plant"
    assert play(COMPANION, taps, "en").refused == "Choose the power plant type."
    screen = play(COMPANION, [{"plant_1": 3, "plant_2": 3, "plant_3": 0, "plant_4": 0,
                               "seed": 1}], "fr")  # fmt: skip
    assert screen.kept == 0 and screen.refused == (
        "Indiquez des numéros de centrales tous différents."
    )
    screen = play(COMPANION, [*WHOLE_GAME[:5], {**counts((25, 18, 6, 2))}], "fr")
    assert screen.kept == 5 and screen.refused_rule == "mw-ai-restock"
    assert screen.refused == "Indiquez les cubes de charbon sur le marché, de 0 à 24."


def test_every_refusal_a_player_can_reach_has_its_french_words() -> None:
    reached = set()
    for taps in (
        [{"plant_1": 100, "plant_2": 0, "plant_3": 0, "plant_4": 0, "seed": 1}],
        [{"plant_1": 9, "plant_2": 0, "plant_3": 0, "plant_4": 0, "seed": -1}],
        [{"plant_1": 9, "plant_2": 0, "plant_3": 0, "plant_4": 0, "seed": 1},
         {"fuel": "oil", "burns": 11, "powers": 1}],
        [{"plant_1": 9, "plant_2": 0, "plant_3": 0, "plant_4": 0, "seed": 1},
         {"fuel": "oil", "burns": 1, "powers": 0}],
        [*WHOLE_GAME[:5], "fix", {"step": 4, "you": 0, "ai_cities": 0, "ai_plant_1": 0,
                                  "ai_plant_2": 0, "ai_plant_3": 0, "card": 0}],
        [*WHOLE_GAME[:5], "fix", {"step": 1, "you": 100, "ai_cities": 0, "ai_plant_1": 0,
                                  "ai_plant_2": 0, "ai_plant_3": 0, "card": 0}],
        [*WHOLE_GAME[:5], "fix", {"step": 1, "you": 0, "ai_cities": 100, "ai_plant_1": 0,
                                  "ai_plant_2": 0, "ai_plant_3": 0, "card": 0}],
        [*WHOLE_GAME[:5], "fix", {"step": 1, "you": 0, "ai_cities": 0, "ai_plant_1": 4,
                                  "ai_plant_2": 4, "ai_plant_3": 0, "card": 0}],
        [*WHOLE_GAME[:5], "fix", {"step": 1, "you": 0, "ai_cities": 0, "ai_plant_1": 3,
                                  "ai_plant_2": 0, "ai_plant_3": 0, "cubes_3_oil": 5,
                                  "card": 0}],
        [*WHOLE_GAME[:5], "fix", {"step": 1, "you": 0, "ai_cities": 0, "ai_plant_1": 3,
                                  "ai_plant_2": 0, "ai_plant_3": 0, "cubes_3_oil": 100,
                                  "card": 0}],
        [*WHOLE_GAME[:5], "fix", {"step": 1, "you": 0, "ai_cities": 0, "ai_plant_1": 3,
                                  "ai_plant_2": 4, "ai_plant_3": 5, "cubes_3_oil": 0,
                                  "card": 0}, counts((22, 18, 6, 2)), {"built": 1},
         {"refilled": True}, {"plant_1": 6, "plant_2": 0, "plant_3": 0, "plant_4": 0,
                              "seed": 1}],
        [*WHOLE_GAME[:6], {"built": 100}],
        [*WHOLE_GAME[:7], {"refilled": "yes"}],
        [*WHOLE_GAME[:6], "nonsense"],
        [*WHOLE_GAME, "fix"],
        [*WHOLE_GAME[:-1], {"elektros": 100_000}],
    ):  # fmt: skip
        screen = play(COMPANION, taps, "fr")
        assert screen.kept == len(taps) - 1, taps[-1]
        assert screen.refused and "expected" not in screen.refused
        assert not re.search(r"\b(an|the|of|whole|number)\b", screen.refused), screen.refused
        reached.add(screen.refused)
    assert len(reached) == 16


def test_both_languages_have_the_same_words() -> None:
    assert set(COMPANION.WORDS["fr"]) == set(COMPANION.WORDS["en"])


def test_no_screen_of_the_whole_game_shows_a_python_value() -> None:
    for count in range(len(WHOLE_GAME) + 1):
        for lang in ("fr", "en"):
            screen = play(COMPANION, WHOLE_GAME[:count], lang)
            assert screen.kept == count
            shown = [v for line in screen.status for v in line] + [s.text for s in screen.said]
            if screen.ask:
                shown += [screen.ask.question, screen.ask.submit]
                shown += [c.label for c in screen.ask.choices]
                for spec in screen.ask.fields:
                    shown += [spec.label, *(c.label for c in spec.options)]
            for text in shown:
                for bad in ("True", "False", "None", "[", "<", "Enum.", "{", "_"):
                    assert bad not in text, (count, lang, text)
                # a tuple's parenthesis, not the words' own
                assert not re.search(r"\((?:'|\d+,|\))", text), (count, lang, text)


def test_the_resource_market_fills_the_dearest_spaces_of_the_board() -> None:
    assert _market((24, 18, 6, 2)) == {
        Resource.COAL: {p: 3 for p in range(8, 0, -1)},
        Resource.OIL: {p: 3 for p in range(8, 2, -1)},
        Resource.GARBAGE: {8: 3, 7: 3},
        Resource.URANIUM: {16: 1, 14: 1},
    }
    assert _market((4, 0, 1, 12))[Resource.COAL] == {8: 3, 7: 1}
    assert _market((4, 0, 1, 12))[Resource.GARBAGE] == {8: 1}
    assert sorted(_market((4, 0, 1, 12))[Resource.URANIUM]) == [
        p for p, _ in _BOARD[Resource.URANIUM]
    ]
    assert market_prices(_market((0, 1, 3, 12))) == {
        Resource.OIL: 8, Resource.GARBAGE: 8, Resource.URANIUM: 1
    }  # fmt: skip


def test_every_offered_tap_is_taken_from_anywhere_in_a_game() -> None:
    """From anywhere in the scripted game, a button offered is always taken; a form sent as
    filled in, or with numbers and options picked at random, is taken or refused by a rule,
    never anything else."""
    draw = random.Random(25)
    for _ in range(30):
        taps: list[Any] = WHOLE_GAME[: draw.randrange(len(WHOLE_GAME))]
        button = False
        for _ in range(40):
            screen = play(COMPANION, taps, draw.choice(("fr", "en")))
            if screen.refused:
                assert not button and screen.kept == len(taps) - 1, (taps[-1], screen.refused)
                taps = taps[: screen.kept]
            assert screen.kept == len(taps)
            if screen.ask is None:
                break
            button = bool(screen.ask.choices) and (not screen.ask.fields or draw.random() < 0.3)
            if button:
                taps.append(draw.choice(screen.ask.choices).tap)
                continue
            entry: dict[str, Any] = {}
            for spec in screen.ask.fields:
                if spec.options:
                    entry[spec.name] = draw.choice(spec.options).tap
                elif spec.drawn or draw.random() < 0.2:
                    entry[spec.name] = draw.randint(spec.least, min(spec.most, 30))
                else:
                    entry[spec.name] = spec.value
            taps.append(entry)


def builds(taps: list[Any]) -> list[int]:
    """Where each round's "cities you built" tap is in ``taps``."""
    return [i for i, tap in enumerate(taps) if isinstance(tap, dict) and "built" in tap]


def test_after_building_it_names_the_small_plants_to_remove_and_forgets_them() -> None:
    # Round 2: 4 cities each; of the market entered (4, 5, 7, 8), 7 is its own, 4 goes.
    at = builds(WHOLE_GAME)[1] + 1
    screen = after(WHOLE_GAME[:at])
    assert plants_to_remove([4, 5, 8], your_cities=4, ai_cities=4) == (4,)
    assert screen.said[1].text == (
        "Remove from the game every power plant of the market numbered no higher than the "
        "cities of either network, and replace each with a new one, as in the rules of the "
        "base game: of those entered this round, power plant 4, if still on offer."
    )
    assert [s.rule for s in screen.said[1].steps] == ["mw-remove-small-plants"]
    asked = after(WHOLE_GAME[: at + 1]).ask
    assert asked is not None
    assert [f.value for f in asked.fields][:4] == [5, 8, 0, 0]  # neither 4 nor its own 7
    # Round 1: 2 cities each, no plant of the market numbered 2 or lower.
    assert len(after(WHOLE_GAME[: builds(WHOLE_GAME)[0] + 1]).said) == 1
    french = after(WHOLE_GAME[: builds(WHOLE_GAME)[2] + 1], "fr").said[1].text
    assert french.endswith("parmi celles entrées à ce tour, la centrale 5, si elle y est encore.")


def test_the_build_question_recalls_your_city_limit() -> None:
    for at in builds(WHOLE_GAME)[:2]:
        asked = after(WHOLE_GAME[:at]).ask
        assert asked is not None
        assert asked.question.endswith(
            f"Reminder: you may not extend your network more than {YOUR_NETWORK_MARGIN} cities "
            "beyond your capacity."
        )


def test_cubes_counted_before_the_last_resupply_are_said_to_be_so() -> None:
    note = "before the resupply: add the resupply for 2 players"
    resources = [i + 1 for i, tap in enumerate(WHOLE_GAME) if tap == card_tap(CARDS[6])]
    first = after(WHOLE_GAME[: resources[0]]).ask  # round 1: the set-up's cubes
    assert first is not None and note not in first.question
    second = after(WHOLE_GAME[: builds(WHOLE_GAME)[1] - 1]).ask  # round 2: last round's
    assert second is not None and second.question.startswith("You have bought")
    assert note in second.question
    round_4 = after(WHOLE_GAME[: builds(WHOLE_GAME)[2] + 2]).ask  # round 4's market
    assert round_4 is not None and "chooses its power plant" in round_4.question
    assert note in round_4.question
    bought = after(WHOLE_GAME[: builds(WHOLE_GAME)[3] - 1]).ask  # entered this round
    assert bought is not None and bought.question.startswith("You have bought")
    assert note not in bought.question


def test_a_tie_drawn_at_random_is_said_with_the_plants_numbers() -> None:
    at = WHOLE_GAME.index(card_tap(CARDS[25])) + 1
    screen = after(WHOLE_GAME[:at])
    assert screen.said[0].text.endswith(
        "Power plants 20 and 25 tie: the random draw (no. 11) gives 20."
    )
    tie = next(s for s in screen.said[0].steps if s.rule == "mw-ai-choice-ties")
    assert dict(tie.values)["drawn_among"] == ("25", "20")
    assert dict(tie.values)["chosen"] == "20"
    french = after(WHOLE_GAME[:at], "fr").said[0].text
    assert french.endswith(
        "Les centrales 20 et 25 sont à égalité\u00a0: le tirage au hasard (n°\u00a011) donne la 20."
    )
    # Without a tie, nothing is said of a draw.
    at = WHOLE_GAME.index(card_tap(CARDS[15])) + 1
    assert "tie" not in after(WHOLE_GAME[:at]).said[0].text


def test_lists_end_with_and_and_the_draw_number_is_explained() -> None:
    at = builds(WHOLE_GAME)[2] + 2
    said = after(WHOLE_GAME[:at]).said[0].text
    assert "fires power plants 10, 7 and 3 and powers 5 cities. Return 2 coal and 5 oil " in said
    french = after(WHOLE_GAME[:at], "fr").said[0].text
    assert "Remettez 2 cubes de charbon et 5 cubes de pétrole dans" in french
    asked = after([]).ask
    assert asked is not None
    assert asked.fields[-1].label == "Draw number (changes the random draw; keep it to replay)"


def test_french_screens_have_curly_apostrophes_and_french_spaces() -> None:
    for count in range(len(WHOLE_GAME) + 1):
        screen = play(COMPANION, WHOLE_GAME[:count], "fr")
        shown = [v for line in screen.status for v in line] + [s.text for s in screen.said]
        if screen.ask:
            shown += [screen.ask.question, *(c.label for c in screen.ask.choices)]
            for spec in screen.ask.fields:
                shown += [spec.label, *(c.label for c in spec.options)]
        for text in shown:
            assert not re.search(r"'|« | [:;!?»]", text), (count, text)
