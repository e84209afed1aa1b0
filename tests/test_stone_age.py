"""Stone Age solo's rule functions: rounds played as the rules say, and bad input raising
a RuleError that names the rule and what was expected; no clamping, no partial result."""

import random
from collections.abc import Callable
from dataclasses import replace

import pytest

from rulebook.errors import RuleError
from rulebook.games import port_royal
from rulebook.games.stone_age import (
    Card,
    Colour,
    Goods,
    Level,
    Outcome,
    Purchase,
    Tribe,
    action_order,
    buy_card,
    card_bonus,
    dice_card,
    extra_food,
    feed,
    game_outcome,
    initiative,
    roll,
    setup,
)
from rulebook.kit.explain import explained

RED, BLUE, GREEN, YELLOW = Colour


def figures(red: int = 2, blue: int = 2, green: int = 2, yellow: int = 2) -> dict[Colour, int]:
    return {RED: red, BLUE: blue, GREEN: green, YELLOW: yellow}


def test_every_level_sets_up_as_its_rule_says() -> None:
    rows = {
        level: (s.figures, s.food, s.fatigue_limit, s.card_slots, s.food_per_figure,
                s.buildings_discarded)
        for level in Level
        for s in [setup(level)]
    }  # fmt: skip
    assert rows == {
        Level.BASIC: (8, 20, 15, (1, 2, 4), 1, 1),
        Level.COLD_NIGHT: (8, 20, 20, (1, 2, 4), 1, 2),
        Level.BIG_TRIBE: (12, 75, 10, (1, 2, 4), 2, 1),
        Level.ETERNAL_WINTER: (8, 20, 10, (2, 4), 1, 1),
    }
    for level in Level:
        start = setup(level)
        assert (start.buildings, start.agriculture, start.reserve_per_colour) == (3, 0, 5)
        assert start.tribe().figures == dict.fromkeys(Colour, start.figures_per_colour)


def test_three_rounds_at_the_basic_level_feed_as_the_text_says() -> None:
    # Round 1: you hunted up to 25 food and farmed once; a green card is on the 4-resource slot.
    tribe = replace(setup(Level.BASIC).tribe(), food=25, agriculture=1)
    round_1 = feed(Level.BASIC, tribe, Card.GREEN)
    assert (round_1.income, round_1.figures_food, round_1.extra_food) == (1, 8, 4)
    assert (round_1.tribe.food, round_1.tribe.buildings, round_1.tribe.fatigue_limit) == (14, 2, 15)
    # Round 2: red gained a figure in the hut; a shaman asks 1 food per red figure.
    tribe = replace(round_1.tribe, figures=figures(red=3))
    round_2 = feed(Level.BASIC, tribe, Card.SHAMAN)
    assert (round_2.figures_food, round_2.extra_food, round_2.due) == (9, 3, 12)
    assert (round_2.tribe.food, round_2.tribe.buildings, round_2.tribe.fatigue_limit) == (3, 1, 15)
    # Round 3: farmed again; a farmer asks 2 food; 6 food short, 2 paid with resources.
    tribe = replace(round_2.tribe, agriculture=2)
    round_3 = feed(Level.BASIC, tribe, Card.FARMER, resources=2)
    assert (round_3.income, round_3.due, round_3.food_paid) == (2, 11, 5)
    assert (round_3.resources_paid, round_3.missing) == (2, 4)
    assert (round_3.tribe.food, round_3.tribe.buildings, round_3.tribe.fatigue_limit) == (0, 0, 11)
    assert not round_3.lost


def test_a_round_at_the_big_tribe_level_costs_2_food_per_figure() -> None:
    tribe = replace(setup(Level.BIG_TRIBE).tribe(), tools=3)
    feeding = feed(Level.BIG_TRIBE, tribe, Card.TOOLMAKER)
    assert (feeding.figures_food, feeding.extra_food, feeding.due) == (24, 3, 27)
    assert (feeding.tribe.food, feeding.tribe.buildings, feeding.tribe.fatigue_limit) == (48, 2, 10)


def test_each_card_on_the_4_resource_slot_asks_food_by_its_type_only() -> None:
    tribe = Tribe(figures(green=4), food=0, fatigue_limit=9, agriculture=6, buildings=5, tools=8)
    assert {card: extra_food(card, tribe) for card in Card} == {
        Card.GREEN: 4,
        Card.SHAMAN: 4,
        Card.BUILDER: 5,
        Card.FARMER: 6,
        Card.TOOLMAKER: 8,
    }


def test_missing_food_lowers_the_fatigue_limit_then_a_missing_building_costs_3() -> None:
    tribe = Tribe(figures(), food=2, fatigue_limit=15, buildings=0)
    feeding = feed(Level.BASIC, tribe, Card.BUILDER)
    assert (feeding.due, feeding.missing, feeding.discarded, feeding.tiles_missing) == (8, 6, 0, 1)
    assert feeding.tribe.fatigue_limit == 15 - 6 - 3


def test_the_game_is_lost_at_once_when_missing_food_spends_the_fatigue_limit() -> None:
    tribe = Tribe(figures(), food=0, fatigue_limit=8, buildings=2)
    feeding = feed(Level.BASIC, tribe, Card.GREEN)
    assert feeding.lost and feeding.tribe.fatigue_limit == 8 - 12
    assert feeding.discarded == 0 and feeding.tribe.buildings == 2
    assert game_outcome(feeding.tribe.fatigue_limit, 9, Level.BASIC) is Outcome.LOST


def test_at_the_cold_night_level_each_tile_you_cannot_discard_costs_3() -> None:
    for buildings, left, fatigue in ((3, 1, 20), (1, 0, 17), (0, 0, 14)):
        tribe = Tribe(figures(), food=20, fatigue_limit=20, buildings=buildings)
        feeding = feed(Level.COLD_NIGHT, tribe, Card.FARMER)
        assert (feeding.tribe.buildings, feeding.tribe.fatigue_limit) == (left, fatigue)


def test_resources_pay_only_for_food_you_are_missing() -> None:
    tribe = Tribe(figures(), food=10, fatigue_limit=15)
    with pytest.raises(RuleError, match=r"^sa-feeding-resources: expected .* from 0 to 0"):
        feed(Level.BASIC, tribe, Card.SHAMAN, resources=1)


def test_the_initiative_is_the_sum_of_1_die_per_figure_rolled_by_your_random_source() -> None:
    dice = roll(random.Random(7), 3)
    assert dice == roll(random.Random(7), 3)
    assert all(1 <= die <= 6 for die in dice) and initiative(3, dice) == sum(dice)


def test_a_colour_of_1_figure_rolls_1_die() -> None:
    assert len(roll(random.Random(3), 1)) == 1 and initiative(1, (4,)) == 4
    tribe = Tribe(figures(red=1), food=7, fatigue_limit=5)
    assert feed(Level.BASIC, tribe, Card.SHAMAN).due == 7 + 2


def test_a_tribe_owns_no_building_and_no_tool_unless_told() -> None:
    tribe = Tribe(figures(), food=12, fatigue_limit=5)
    assert extra_food(Card.BUILDER, tribe) == 0 and extra_food(Card.TOOLMAKER, tribe) == 0


def test_the_lowest_initiative_acts_first_and_the_highest_rests() -> None:
    order = action_order({RED: 5, BLUE: 12, GREEN: 2, YELLOW: 8})
    assert order.acting == (GREEN, RED, YELLOW) and order.resting is BLUE


def test_ties_are_yours_to_break_first_to_act_and_last_to_rest() -> None:
    initiatives = {RED: 6, BLUE: 6, GREEN: 10, YELLOW: 10}
    order = action_order(initiatives, (BLUE, RED, YELLOW, GREEN))
    assert order.acting == (BLUE, RED, YELLOW) and order.resting is GREEN
    order = action_order(initiatives, (RED, BLUE, GREEN, YELLOW))
    assert order.acting == (RED, BLUE, GREEN) and order.resting is YELLOW


def test_buying_a_green_card_gives_2_food_and_a_sand_card_1_on_the_fatigue_limit() -> None:
    assert (card_bonus(Card.GREEN).food, card_bonus(Card.GREEN).fatigue_limit) == (2, 0)
    for card in (Card.SHAMAN, Card.BUILDER, Card.FARMER, Card.TOOLMAKER):
        assert (card_bonus(card).food, card_bonus(card).fatigue_limit) == (0, 1)


def test_each_card_bought_gives_its_bonus_and_each_buyable_slot_sells_1_card_a_round() -> None:
    assert buy_card(Level.BASIC, Card.GREEN, 0, 15) == Purchase(food=2, fatigue_limit=15, left=1)
    assert buy_card(Level.BASIC, Card.BUILDER, 1, 15) == Purchase(food=0, fatigue_limit=16, left=0)
    assert buy_card(Level.COLD_NIGHT, Card.FARMER, 0, 1) == Purchase(0, 2, 1)
    assert buy_card(Level.BIG_TRIBE, Card.GREEN, 1, 3) == Purchase(2, 3, 0)
    assert buy_card("eternal winter", "shaman", 0, 10) == Purchase(0, 11, 0)  # type: ignore[arg-type]
    with pytest.raises(RuleError, match=r"^sa-setup-buyable-cards: .*at most 2, got 3$"):
        buy_card(Level.BIG_TRIBE, Card.GREEN, 2, 3)
    with pytest.raises(RuleError, match=r"^sa-level-4: .*at most 1, got 2$"):
        buy_card(Level.ETERNAL_WINTER, Card.GREEN, 1, 3)


def test_a_card_bought_records_the_cards_bought_and_its_bonus_in_the_chain() -> None:
    _, steps = explained(buy_card, Level.BASIC, Card.TOOLMAKER, 1, 9)
    assert [(s.rule, dict(s.values)) for s in steps] == [
        ("sa-setup-buyable-cards", {"bought": "2", "left": "0"}),
        ("sa-sand-cards", {"card": "toolmaker", "fatigue_limit": "10"}),
    ]
    _, steps = explained(buy_card, Level.ETERNAL_WINTER, Card.GREEN, 0, 9)
    assert [(s.rule, dict(s.values)) for s in steps] == [
        ("sa-level-4", {"bought": "1", "left": "0"}),
        ("sa-civilisation-cards", {"card": "green", "food": "2"}),
    ]


def test_the_end_of_the_game_records_the_cards_to_reveal_and_the_slots_to_fill() -> None:
    outcome, steps = explained(game_outcome, 4, 2, Level.ETERNAL_WINTER)
    assert [(s.rule, dict(s.values)) for s in steps] == [
        ("sa-end", {"fatigue_limit": "4", "cards_to_reveal": "2", "card_slots": ("2", "4"),
                    "game": "playing"}),
    ]  # fmt: skip
    outcome, steps = explained(game_outcome, 0, 9, Level.BASIC)
    assert outcome is Outcome.LOST and dict(steps[0].values)["game"] == "lost"


def test_a_dice_roll_card_gives_the_goods_of_one_of_its_2_dice() -> None:
    faces = [dice_card((die, 1), take=goods) for die, goods in zip(range(1, 7), Goods, strict=True)]
    assert faces == [
        Goods.WOOD,
        Goods.BRICK,
        Goods.STONE,
        Goods.GOLD,
        Goods.TOOL,
        Goods.AGRICULTURE,
    ]
    assert dice_card((6, 4), take=Goods.GOLD) is Goods.GOLD


def test_the_game_is_won_when_no_card_is_left_to_reveal_unless_already_lost() -> None:
    assert game_outcome(1, 0, Level.BASIC) is Outcome.WON
    assert game_outcome(0, 0, Level.BASIC) is Outcome.LOST
    assert game_outcome(3, 3, Level.BASIC) is Outcome.PLAYING


def test_the_game_is_won_when_the_pile_cannot_fill_every_slot_of_the_level() -> None:
    # 3 slots get a card each round (2 at the eternal winter level): fewer cards, you win.
    assert game_outcome(5, 2, Level.BASIC) is Outcome.WON
    assert game_outcome(5, 2, Level.ETERNAL_WINTER) is Outcome.PLAYING
    assert game_outcome(5, 1, Level.ETERNAL_WINTER) is Outcome.WON
    assert game_outcome(5, 2, Level.BIG_TRIBE) is Outcome.WON
    assert game_outcome(0, 2, Level.ETERNAL_WINTER) is Outcome.LOST


@pytest.mark.parametrize(
    ("call", "rule", "expected"),
    [
        (lambda: setup("hard"), "sa-levels", "a level among"),  # type: ignore[arg-type]
        (lambda: roll(random.Random(1), 0), "sa-initiative", "a number of dice"),
        (lambda: initiative(2, (6, 3, 1)), "sa-initiative", "2 dice, 1 per figure"),
        (lambda: initiative(2, (6, 7)), "sa-initiative", "a die, a whole number from 1 to 6"),
        (lambda: initiative(0, ()), "sa-initiative", "a number of figures"),
        (
            lambda: action_order({RED: 5, BLUE: 6, GREEN: 7}),
            "sa-action-order",
            "initiatives, one for each of red, blue, green, yellow",
        ),
        (
            lambda: action_order({RED: 5, BLUE: 5, GREEN: 7, YELLOW: 9}),
            "sa-action-order",
            "a tie-break ordering red, blue",
        ),
        (
            lambda: action_order({RED: 5, BLUE: 6, GREEN: 9, YELLOW: 9}, (GREEN,)),
            "sa-resting-colour",
            "a tie-break ordering green, yellow",
        ),
        (
            lambda: action_order({RED: 5, BLUE: 6, GREEN: 7, YELLOW: 0}),
            "sa-action-order",
            "an initiative, a whole number of 1 or more",
        ),
        (
            lambda: action_order({RED: 5, BLUE: 5, GREEN: 7, YELLOW: 9}, (RED, RED, BLUE)),
            "sa-action-order",
            "naming each colour once",
        ),
        (lambda: dice_card((3,), take=Goods.STONE), "sa-civilisation-cards", "2 dice"),
        (lambda: dice_card((3, 1), take=Goods.GOLD), "sa-civilisation-cards", "goods shown"),
        (lambda: dice_card((3, 1), take="meat"), "sa-civilisation-cards", "a goods among"),  # type: ignore[arg-type]
        (lambda: card_bonus("blue"), "sa-civilisation-cards", "a card among"),  # type: ignore[arg-type]
        (
            lambda: feed(Level.BASIC, Tribe({RED: 2}, 5, 5), Card.GREEN),
            "sa-feeding-figures",
            "figures, one for each of red, blue, green, yellow",
        ),
        (
            lambda: feed(Level.BASIC, Tribe(figures(), -1, 5), Card.GREEN),
            "sa-feeding-income",
            "food, a whole number of 0 or more",
        ),
        (
            lambda: feed(Level.BASIC, Tribe(figures(), 5, 0), Card.GREEN),
            "sa-end",
            "a fatigue limit, a whole number of 1 or more",
        ),
        (
            lambda: feed(Level.BASIC, Tribe(figures(), 5, 5, agriculture=11), Card.GREEN),
            "sa-setup-agriculture",
            "an agriculture position, a whole number from 0 to 10",
        ),
        (
            lambda: feed(Level.BASIC, Tribe(figures(), 5, 5, buildings=-1), Card.GREEN),
            "sa-feeding-buildings",
            "building tiles",
        ),
        (
            lambda: feed(Level.BASIC, Tribe(figures(), 5, 5), "mammoth"),  # type: ignore[arg-type]
            "sa-feeding-card",
            "a card among",
        ),
        (
            lambda: feed(Level.BASIC, Tribe(figures(), 0, 5), Card.GREEN, resources=13),
            "sa-feeding-resources",
            "from 0 to 12",
        ),
        (lambda: game_outcome(3, -1, Level.BASIC), "sa-end", "civilization cards left to reveal"),
        (lambda: buy_card("spring", Card.GREEN, 0, 5), "sa-levels", "a level among"),  # type: ignore[arg-type]
        (lambda: buy_card(Level.BASIC, "mammoth", 0, 5), "sa-civilisation-cards", "a card among"),  # type: ignore[arg-type]
        (lambda: buy_card(Level.BASIC, Card.GREEN, -1, 5), "sa-setup-buyable-cards", "already"),
        (lambda: buy_card(Level.BASIC, Card.GREEN, True, 5), "sa-setup-buyable-cards", "already"),
        (lambda: buy_card(Level.BASIC, Card.GREEN, 0, 0), "sa-end", "a fatigue limit, a whole"),
    ],
)
def test_bad_input_names_the_rule_and_what_was_expected(
    call: Callable[[], object], rule: str, expected: str
) -> None:
    with pytest.raises(RuleError, match=rf"^{rule}: expected .*{expected}"):
        call()


# Edges found by mutating the code (make mutate).


def test_food_missing_that_takes_the_fatigue_limit_exactly_to_0_loses_before_any_discard() -> None:
    from dataclasses import replace

    from rulebook.games.stone_age import Card, Level, feed, setup

    tribe = replace(
        setup(Level.BASIC).tribe(), food=0, agriculture=0, fatigue_limit=12, buildings=3
    )
    done = feed(Level.BASIC, tribe, Card.GREEN)  # 8 figures + 4 for the green card: 12 missing
    assert (done.tribe.fatigue_limit, done.lost, done.tribe.buildings) == (0, True, 3)


def test_a_fatigue_limit_given_as_true_or_false_is_refused() -> None:
    from rulebook.games.stone_age import game_outcome

    with pytest.raises(ValueError, match=r"^sa-end: expected a fatigue limit"):
        game_outcome(True, 0, Level.BASIC)


# Wrong input that used to crash, answer or run on (issue 13): each refused by its rule.


@pytest.mark.parametrize(
    ("call", "rule", "expected"),
    [
        pytest.param(
            lambda: roll(random.Random(1), 10**9),
            "sa-setup-reserve",
            "from 1 to 8",
            id="a-billion-dice",
        ),
        pytest.param(
            lambda: roll(None, 2),  # type: ignore[arg-type]
            "sa-initiative",
            "a random.Random",
            id="no-random-source",
        ),
        pytest.param(
            lambda: initiative(9, (1,) * 9), "sa-setup-reserve", "from 1 to 8", id="nine-figures"
        ),
        pytest.param(
            lambda: initiative(2, {1, 2}),  # type: ignore[arg-type]
            "sa-initiative",
            "list or tuple",
            id="dice-as-a-set",
        ),
        pytest.param(
            lambda: initiative(1, (n for n in [3])),  # type: ignore[arg-type]
            "sa-initiative",
            "list or tuple",
            id="dice-as-a-generator",
        ),
        pytest.param(
            lambda: initiative(1, (True,)), "sa-initiative", "a die", id="a-bool-is-no-die"
        ),
        pytest.param(
            lambda: action_order({RED: 9, BLUE: 4, GREEN: 7, YELLOW: 11}, None),  # type: ignore[arg-type]
            "sa-action-order",
            "a tie-break",
            id="no-tie-break",
        ),
        pytest.param(
            lambda: action_order(
                {port_royal.Colour.RED: 9, BLUE: 4, GREEN: 7, YELLOW: 11}  # type: ignore[dict-item]
            ),
            "sa-action-order",
            "a colour among",
            id="another-games-colour-as-a-key",
        ),
        pytest.param(
            lambda: action_order({RED: 49, BLUE: 4, GREEN: 7, YELLOW: 11}),
            "sa-setup-reserve",
            "from 1 to 48",
            id="an-initiative-no-dice-can-show",
        ),
        pytest.param(
            lambda: dice_card(None, Goods.WOOD),  # type: ignore[arg-type]
            "sa-civilisation-cards",
            "list or tuple",
            id="no-dice-for-the-card",
        ),
        pytest.param(
            lambda: dice_card((1, 2), port_royal.Colour.RED),  # type: ignore[arg-type]
            "sa-civilisation-cards",
            "a goods among",
            id="another-games-enum-as-goods",
        ),
        pytest.param(
            lambda: extra_food(Card.SHAMAN, Tribe({RED: 2, BLUE: 2, GREEN: 2}, 0, 5)),
            "sa-feeding-figures",
            "one for each of",
            id="a-colour-missing-is-no-zero",
        ),
        pytest.param(
            lambda: feed(Level.BASIC, Tribe(figures(red=10**8), 0, 5), Card.GREEN),
            "sa-setup-reserve",
            "from 1 to 8",
            id="a-hundred-million-figures",
        ),
    ],
)
def test_wrong_input_is_refused_by_its_rule(
    call: Callable[[], object], rule: str, expected: str
) -> None:
    with pytest.raises(RuleError, match=rf"^{rule}: expected .*{expected}"):
        call()


def test_colours_may_be_named_by_value_and_the_tribe_comes_back_with_members() -> None:
    tribe = Tribe({"red": 2, "blue": 2, "green": 2, "yellow": 2}, 20, 15)  # type: ignore[dict-item]
    assert set(feed(Level.BASIC, tribe, Card.GREEN).tribe.figures) == set(Colour)
    assert all(isinstance(c, Colour) for c in feed(Level.BASIC, tribe, Card.GREEN).tribe.figures)
