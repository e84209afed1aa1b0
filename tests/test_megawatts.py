"""Megawatts' rule functions: bad input raises ValueError naming the rule and what was
expected; no clamping, no partial result. Edge cases of the artificial player's decisions."""

import random

import pytest

from rulebook.games.megawatts import (
    FIRST_ROUND_MIN_BUILD,
    YOUR_NETWORK_MARGIN,
    ArtificialPlayer,
    Fuel,
    Medal,
    Need,
    Plant,
    Resource,
    Resources,
    ai_add_plant,
    ai_build,
    ai_build_count,
    ai_capacity,
    ai_capacity_limit,
    ai_choose_plant,
    ai_discard,
    ai_draw_plant,
    ai_draws_at_random,
    ai_fires,
    ai_may_power,
    ai_move_resources,
    ai_plant_phase,
    ai_power,
    ai_restock,
    ai_tie_break,
    build_cost,
    firing_order,
    game_ends,
    medal,
    medal_table,
    plant_price,
    restock_count,
    restock_plant,
    route_cost,
    single_resource_price,
    step_3_rows,
    step_3_surcharge,
    your_build_allowed,
    your_city_limit,
)

COAL_4 = Plant(4, Fuel.COAL, 2, 1)
HYBRID_5 = Plant(5, Fuel.HYBRID, 2, 1)
COAL_10 = Plant(10, Fuel.COAL, 2, 2)
GREEN_13 = Plant(13, Fuel.GREEN, 0, 1)
OIL_16 = Plant(16, Fuel.OIL, 2, 3)
COAL_15 = Plant(15, Fuel.COAL, 2, 3)
COAL_25 = Plant(25, Fuel.COAL, 2, 5)
GREEN_27 = Plant(27, Fuel.GREEN, 0, 3)


@pytest.mark.parametrize(
    ("call", "rule", "expected"),
    [
        (lambda: Plant(13, Fuel.GREEN, 1, 1), "mw-standard-rules", "a green power plant"),
        (lambda: Plant(0, Fuel.COAL, 2, 1), "mw-standard-rules", "number, a whole number from 1"),
        (lambda: Plant(4, "wind", 2, 1), "mw-standard-rules", "a fuel among"),
        (lambda: Resources(coal=-1), "mw-ai-restock", "coal cubes, a whole number from 0"),
        (lambda: ai_capacity_limit(-1), "mw-limit-ai-capacity", "whole number from 0"),
        (lambda: your_city_limit(2.5), "mw-limit-your-network", "your capacity"),  # type: ignore[arg-type]
        (lambda: ai_draws_at_random(0), "mw-rounds-2-3", "a round number"),
        (
            lambda: ai_draw_plant([COAL_4], [COAL_4, HYBRID_5, COAL_10], 4, random.Random(1)),
            "mw-limit-plants",
            "before it draws one, fewer than 3",
        ),
        (lambda: ai_draw_plant([COAL_4], [], 0, 1), "mw-first-ai-plant", "a random.Random"),  # type: ignore[arg-type]
        (lambda: plant_price(7, (3, 4, 5, 6), step=1), "mw-first-buy", "a power plant on offer"),
        (lambda: plant_price(3, (3, 4, 5, 6), step=4), "mw-first-buy", "a step up to 3"),
        (lambda: plant_price(3, (3, 4, 5, 6, 7), step=2), "mw-first-buy", "4 plants at most"),
        (lambda: plant_price(3, (3, 3), step=1), "mw-first-buy", "all different"),
        (lambda: plant_price(3, range(3, 10), step=3), "mw-step-3-prices", "6 plants at most"),
        (lambda: step_3_surcharge(7), "mw-step-3-prices", "a position from 1 to 6"),
        (lambda: step_3_rows("31, 33"), "mw-step-3-market", "the numbers of the power plants"),  # type: ignore[arg-type]
        (lambda: restock_count(3, available=-1), "mw-ai-restock-whole", "on the market"),
        (lambda: restock_count(3, available=4, held=7), "mw-ai-restock-whole", "6 cubes held"),
        (
            lambda: restock_plant(Fuel.COAL, 2, Resources(), {"wood": {1: 3}}),  # type: ignore[dict-item]
            "mw-ai-restock",
            "a resource market",
        ),
        (
            lambda: restock_plant(Fuel.COAL, 2, Resources(), {Resource.COAL: {0: 3}}),
            "mw-ai-restock",
            "the price of coal",
        ),
        (
            lambda: ai_restock([COAL_4], {4: Resources(oil=1)}, {}),
            "mw-ai-restock",
            "resources each burns",
        ),
        (
            lambda: ai_restock([COAL_4], {10: Resources(coal=1)}, {}),
            "mw-ai-restock",
            "the cubes of its power plants",
        ),
        (
            lambda: ai_restock([COAL_4, COAL_10, HYBRID_5, GREEN_13], {}, {}),
            "mw-limit-plants",
            "3 at most",
        ),
        (
            lambda: ai_capacity([COAL_4, COAL_10, HYBRID_5, GREEN_13]),
            "mw-limit-plants",
            "3 at most",
        ),
        (lambda: ai_fires((3, 2, 2, 1), cities=6), "mw-limit-plants", "3 at most"),
        (
            lambda: ai_choose_plant([COAL_4, COAL_10, HYBRID_5, GREEN_13], 9, [COAL_25], {}),
            "mw-limit-plants",
            "3 at most",
        ),
        (lambda: ai_may_power(9, cities=-1), "mw-ai-power-when", "the artificial player's cities"),
        (lambda: ai_fires((5, 0), cities=6), "mw-ai-power-order", "capacity, a whole number"),
        (lambda: ai_fires(5, cities=6), "mw-ai-power-order", "the capacities"),  # type: ignore[arg-type]
        (lambda: firing_order([COAL_4, COAL_4]), "mw-ai-power-order", "distinct power plants"),
        (lambda: route_cost([4, -1]), "mw-ai-build", "a connection cost"),
        (lambda: ai_build(1, ["Essen"], 0, 0), "mw-ai-build", "the free cities"),  # type: ignore[arg-type]
        (lambda: ai_build(1, {"Essen": 3}, -1, 0), "mw-ai-build-unpowered", "it can power"),
        (
            lambda: ai_build(1, {"Essen": 3, "Kiel": 3}, 0, 0),
            "mw-ai-build",
            "a random.Random to draw between cities",
        ),
        (
            lambda: single_resource_price(Fuel.COAL, {Resource.COAL: 0}),
            "mw-ai-choice-ties",
            "the price of coal",
        ),
        (lambda: ai_tie_break([], {}), "mw-ai-choice-ties", "at least 1 power plant"),
        (lambda: ai_tie_break(["coal"], {}), "mw-ai-choice-ties", "at least 1 power plant"),
        (
            lambda: ai_tie_break([Need(Fuel.COAL, 2), Need(Fuel.COAL, 3)], {Resource.COAL: 2}),
            "mw-ai-choice-ties",
            "a random.Random to draw between power plants",
        ),
        (lambda: Need("wood", 1), "mw-ai-choice-ties", "a fuel among"),  # type: ignore[arg-type]
        (lambda: Need(Fuel.OIL, -1), "mw-ai-choice-ties", "burns, a whole number from 0"),
        (lambda: ai_discard([]), "mw-ai-discard", "at least 1 power plant"),
        (
            lambda: ai_move_resources([COAL_10], {}, {"coal": 2}),  # type: ignore[arg-type]
            "mw-ai-move-resources",
            "the discarded plant's cubes",
        ),
        (lambda: build_cost(4, 0), "mw-step-2-building", "a step from 1 to 3"),
        (lambda: build_cost(2, -3), "mw-ai-build", "a connection cost"),
        (lambda: build_cost(2, 3, occupied=True), "mw-one-player-per-city", "a city no player"),
        (lambda: game_ends("no", 3), "mw-end", "whether the power plant market"),  # type: ignore[arg-type]
        (lambda: game_ends(True, -3), "mw-end", "the artificial player's cities"),
        (lambda: medal(-1), "mw-medals", "your final Elektros"),
        (lambda: your_build_allowed(0, 0, 1, 3), "mw-your-build", "a round number"),
        (lambda: your_build_allowed(1, -1, 1, 3), "mw-your-build", "your cities"),
        (lambda: your_build_allowed(1, 0, -1, 3), "mw-your-build", "the cities you build"),
        (lambda: your_build_allowed(1, 0, 1, -3), "mw-limit-your-network", "your capacity"),
        (lambda: ArtificialPlayer(cities=-1), "mw-first-ai-plant", "the artificial player's"),
        (lambda: ArtificialPlayer((COAL_4, COAL_4)), "mw-first-ai-plant", "distinct power"),
        (lambda: ai_add_plant(None, COAL_4), "mw-ai-discard", "the artificial player"),  # type: ignore[arg-type]
        (lambda: ai_add_plant(ArtificialPlayer(), 4), "mw-ai-discard", "the artificial player"),  # type: ignore[arg-type]
        (
            lambda: ai_add_plant(ArtificialPlayer((COAL_4,)), COAL_4),
            "mw-ai-discard",
            "a power plant the artificial player does not hold",
        ),
        (
            lambda: ai_plant_phase(None, 1, 1, [], {}, random.Random(1)),  # type: ignore[arg-type]
            "mw-first-ai-plant",
            "the artificial player's side of the table",
        ),
        (
            lambda: ai_plant_phase(ArtificialPlayer(), 1, 4, [], {}, random.Random(1)),
            "mw-first-ai-plant",
            "a step, 1, 2 or 3, a whole number from 1 to 3",
        ),
        (
            lambda: ai_plant_phase(ArtificialPlayer(), 0, 1, [], {}, random.Random(1)),
            "mw-rounds-2-3",
            "a round number",
        ),
        (lambda: ai_build_count(-1, 3, 3), "mw-ai-build", "the cities you built this round"),
        (lambda: ai_build_count(1, -3, 3), "mw-ai-build-unpowered", "the cities it can power"),
        (lambda: ai_build_count(1, 3, -3), "mw-ai-build-unpowered", "its cities"),
    ],
)
def test_bad_input_names_the_rule_and_what_was_expected(call, rule: str, expected: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match=rf"^{rule}: expected .*{expected}"):
        call()


def test_the_artificial_player_draws_only_among_the_four_cheapest_plants() -> None:
    market = [Plant(n, Fuel.OIL, 2, 1) for n in (3, 4, 5, 6, 7, 8, 9, 10)]
    drawn = {ai_draw_plant(market, [], 1, random.Random(seed)) for seed in range(40)}
    assert {p.number for p in drawn if p is not None} == {3, 4, 5, 6}


def test_the_random_draw_skips_plants_that_would_break_the_capacity_limit() -> None:
    market = [Plant(3, Fuel.OIL, 2, 1), COAL_4, COAL_10, COAL_15]
    owned = [Plant(20, Fuel.COAL, 3, 5)]
    drawn = {ai_draw_plant(market, owned, 2, random.Random(seed)) for seed in range(40)}
    assert drawn == {market[0], COAL_4}


def test_the_fourth_plant_costs_more_in_later_rounds_and_in_step_2_too() -> None:
    assert plant_price(21, (13, 17, 19, 21), step=2) == 26
    assert plant_price(19, (13, 17, 19, 21), step=2) == 19


def test_step_3_surcharges_count_from_the_dearest_when_the_market_runs_short() -> None:
    assert [plant_price(n, (44, 46, 50), step=3) for n in (44, 46, 50)] == [49, 56, 65]


def test_a_hybrid_takes_the_cheaper_resource_even_if_that_unbalances_it() -> None:
    market = {Resource.COAL: {1: 3}, Resource.OIL: {3: 3}}
    taken, left = restock_plant(Fuel.HYBRID, 2, Resources(), market)
    assert taken == Resources(coal=3, oil=1)
    assert left[Resource.COAL] == {} and left[Resource.OIL] == {3: 2}


def test_a_hybrid_at_equal_prices_takes_what_it_holds_less_of() -> None:
    market = {Resource.COAL: {2: 3}, Resource.OIL: {2: 3}}
    taken, _ = restock_plant(Fuel.HYBRID, 1, Resources(coal=1), market)
    assert taken == Resources(oil=1)


def test_a_begun_stock_is_completed_before_a_new_one() -> None:
    assert restock_count(3, available=2, held=1) == 2
    assert restock_count(3, available=4, held=1) == 2
    assert restock_count(3, available=5, held=1) == 5
    assert restock_count(0, available=9) == 0


def test_the_higher_numbered_plant_restocks_first_when_resources_are_short() -> None:
    plants = [Plant(8, Fuel.COAL, 3, 2), Plant(25, Fuel.COAL, 2, 5)]
    stocks, market = ai_restock(plants, {}, {Resource.COAL: {4: 3, 5: 2}})
    assert stocks == {25: Resources(coal=4), 8: Resources()}
    assert market[Resource.COAL] == {5: 1}


def test_restocking_leaves_the_given_market_untouched() -> None:
    market = {Resource.COAL: {3: 2}}
    restock_plant(Fuel.COAL, 1, Resources(), market)
    assert market == {Resource.COAL: {3: 2}}


def test_the_green_plant_fires_first_and_plants_without_cubes_are_skipped() -> None:
    plants = [GREEN_13, COAL_25, COAL_10]
    done = ai_power(plants, {10: Resources(coal=2)}, cities=3)
    assert done.fired == (13, 10) and done.powered == 3
    assert done.returned == Resources(coal=2) and done.stocks[10] == Resources()


def test_the_artificial_player_powers_one_city_fewer_but_not_two() -> None:
    plants = [COAL_10, COAL_4]
    cubes = {10: Resources(coal=2), 4: Resources(coal=2)}
    assert ai_power(plants, cubes, cities=4).powered == 3
    assert ai_power(plants, cubes, cities=5).fired == ()


def test_a_hybrid_burns_what_it_holds_more_of_and_oil_on_a_tie() -> None:
    hybrid = Plant(12, Fuel.HYBRID, 2, 2)
    assert ai_power([hybrid], {12: Resources(coal=3, oil=1)}, 2).returned == Resources(coal=2)
    assert ai_power([hybrid], {12: Resources(coal=1, oil=1)}, 2).returned == Resources(
        coal=1, oil=1
    )
    assert ai_power([hybrid], {12: Resources(coal=2, oil=2)}, 2).stocks[12] == Resources(
        coal=1, oil=1
    )


def test_no_plant_fires_for_no_city() -> None:
    assert ai_fires((5, 3), cities=0) == ()


def test_the_artificial_player_builds_nothing_when_you_build_nothing() -> None:
    assert ai_build(0, {"Essen": 3}, powerable=4, ai_cities=3) == ()


def test_the_artificial_player_builds_what_it_can_when_few_cities_are_free() -> None:
    assert ai_build(3, {"Essen": 3, "Kiel": 5}, powerable=1, ai_cities=1) == ("Essen", "Kiel")


def test_a_tie_across_the_cut_is_drawn_but_cheaper_cities_are_always_taken() -> None:
    costs = {"Essen": 2, "Kiel": 5, "Bremen": 5, "Lübeck": 9}
    built = {ai_build(2, costs, 0, 0, random.Random(s)) for s in range(30)}
    assert built == {("Essen", "Kiel"), ("Essen", "Bremen")}


def test_a_green_plant_wins_a_tie_over_a_cheaper_resource() -> None:
    assert ai_tie_break([Need(Fuel.COAL, 1), Need(Fuel.GREEN, 0)], {Resource.COAL: 1}).fuel == (
        Fuel.GREEN
    )


def test_a_resource_missing_from_the_market_loses_a_tie() -> None:
    chosen = ai_tie_break([Need(Fuel.URANIUM, 1), Need(Fuel.GARBAGE, 3)], {Resource.GARBAGE: 8})
    assert chosen.fuel is Fuel.GARBAGE


def test_a_tie_on_price_is_drawn_with_the_injected_random() -> None:
    options = [COAL_15, OIL_16]
    drawn = {
        ai_tie_break(options, {Resource.COAL: 3, Resource.OIL: 3}, random.Random(s))
        for s in range(20)
    }
    assert drawn == {COAL_15, OIL_16}


def test_the_weakest_plant_is_discarded_lowest_number_on_a_tie() -> None:
    assert ai_discard([COAL_10, HYBRID_5, COAL_4]) == COAL_4


def test_with_fewer_than_3_plants_the_artificial_player_keeps_them_all() -> None:
    chosen = ai_choose_plant([COAL_4], 1, [COAL_15, COAL_10], {Resource.COAL: 2})
    assert chosen == COAL_15


def test_with_2_plants_the_artificial_player_keeps_both_when_weighing_a_third() -> None:
    # Capacity 1 + 2 with 3 cities (limit 7): a third plant of 3 fits, one of 5 would not.
    # Discarding the weakest too early would make room for the plant of 5.
    chosen = ai_choose_plant([COAL_10, COAL_4], 3, [COAL_15, COAL_25], {Resource.COAL: 2})
    assert chosen == COAL_15


def test_in_the_first_round_you_must_build_and_may_build_up_to_2_beyond_your_capacity() -> None:
    most = 3 + YOUR_NETWORK_MARGIN
    assert your_build_allowed(1, 0, FIRST_ROUND_MIN_BUILD, capacity=3) is True
    assert your_build_allowed(1, 0, FIRST_ROUND_MIN_BUILD - 1, capacity=3) is False
    assert your_build_allowed(1, 0, most, capacity=3) is True
    assert your_build_allowed(1, 0, most + 1, capacity=3) is False


def test_after_the_first_round_building_nothing_is_allowed_even_beyond_the_limit() -> None:
    most = 3 + YOUR_NETWORK_MARGIN
    assert your_build_allowed(2, most - 1, 1, capacity=3) is True
    assert your_build_allowed(2, most, 1, capacity=3) is False
    assert your_build_allowed(2, most + 1, 0, capacity=3) is True  # capacity dropped


def test_a_plant_that_only_replaces_the_weakest_without_gain_is_not_taken() -> None:
    owned = [COAL_4, HYBRID_5, COAL_10]
    assert ai_choose_plant(owned, 9, [GREEN_13], {}) is None


def test_the_choice_ties_go_to_the_green_plant() -> None:
    owned = [COAL_4, HYBRID_5, COAL_10]
    chosen = ai_choose_plant(owned, 4, [COAL_15, GREEN_27, OIL_16], {Resource.COAL: 1})
    assert chosen == GREEN_27


def test_leftover_cubes_of_the_discarded_plant_go_back_to_the_supply() -> None:
    plants = [OIL_16, COAL_10]
    cubes, left = ai_move_resources(plants, {10: Resources(coal=3)}, Resources(coal=2, oil=1))
    assert cubes == {16: Resources(oil=1), 10: Resources(coal=4)}
    assert left == Resources(coal=1)


def test_the_game_can_end_on_both_conditions_at_once() -> None:
    assert [str(c) for c in game_ends(market_refilled=False, ai_cities=16)] == [
        "plant-market-short",
        "ai-last-city",
    ]


def test_the_medal_boundaries() -> None:
    assert [medal(n) for n in (0, 249, 250, 274, 275, 299, 300)] == [
        None,
        None,
        Medal.BRONZE,
        Medal.BRONZE,
        Medal.SILVER,
        Medal.SILVER,
        Medal.GOLD,
    ]


def test_the_medal_table_has_no_row_for_no_medal() -> None:
    assert medal_table()[1:] == (
        (("250-274",), ("bronze",)),
        (("275-299",), ("silver",)),
        (("300+",), ("gold",)),
    )


def test_building_costs_the_house_of_the_step_and_the_route() -> None:
    assert build_cost(1, route_cost([0, 5])) == 15
    assert build_cost(3, 0) == 20


def test_the_artificial_player_still_draws_in_round_3() -> None:
    assert ai_draws_at_random(3) and not ai_draws_at_random(5)


# Edges found by mutating the code (make mutate).


def test_a_step_3_market_of_fewer_plants_than_a_row_is_all_in_the_dearer_row() -> None:
    from rulebook.games.megawatts import step_3_rows

    assert step_3_rows([31, 33]) == ((), (31, 33))


def test_the_artificial_player_that_cannot_power_powers_no_city() -> None:
    from rulebook.games.megawatts import Fuel, Plant, Resources, ai_power

    plants = [Plant(13, Fuel.GREEN, 0, 1), Plant(25, Fuel.COAL, 2, 5)]
    done = ai_power(plants, {25: Resources(coal=1)}, cities=4)
    assert (done.fired, done.powered, done.returned) == ((), 0, Resources())


def test_a_plant_that_takes_the_capacity_exactly_to_cities_plus_4_may_be_chosen() -> None:
    from rulebook.games.megawatts import Fuel, Plant, Resource, ai_choose_plant

    owned = [Plant(4, Fuel.COAL, 2, 1), Plant(5, Fuel.HYBRID, 2, 1), Plant(10, Fuel.COAL, 2, 2)]
    offer = [Plant(15, Fuel.COAL, 2, 3), Plant(25, Fuel.COAL, 2, 5)]
    chosen = ai_choose_plant(owned, 4, offer, {Resource.COAL: 4})
    assert chosen is not None and chosen.number == 25  # 1 + 2 kept, + 5 = 8 = 4 cities + 4


def test_when_it_can_reach_just_as_many_cities_as_you_built_it_builds_them_all() -> None:
    from rulebook.games.megawatts import ai_build

    assert ai_build(2, {"Essen": 3, "Kiel": 3}, powerable=0, ai_cities=0) == ("Essen", "Kiel")


# Issue 13: sizes the game bounds are checked, so that no input runs for long ---------------


def test_a_plant_burning_a_hundred_million_cubes_is_refused() -> None:
    with pytest.raises(
        ValueError, match=r"^mw-standard-rules: expected .*burns, a whole number from 0 to 10,"
    ):
        Plant(10, Fuel.COAL, 10**8, 1)


def test_a_hundred_million_cubes_are_refused() -> None:
    with pytest.raises(
        ValueError,
        match=r"^mw-ai-restock: expected a count of coal cubes, a whole number from 0 to 100,",
    ):
        Resources(coal=10**8)


def test_a_market_with_a_billion_cubes_at_one_price_is_refused() -> None:
    from rulebook.games.megawatts import Resource, restock_plant

    with pytest.raises(
        ValueError,
        match=r"^mw-ai-restock: expected the coal cubes at 1, a whole number from 0 to 100,",
    ):
        restock_plant(Fuel.COAL, 2, Resources(), {Resource.COAL: {1: 10**9}})


def test_a_set_is_not_a_route() -> None:
    from rulebook.games.megawatts import route_cost

    with pytest.raises(ValueError, match=r"^mw-ai-build: expected the connection costs"):
        route_cost({3, 4})  # type: ignore[arg-type]


def test_a_deck_of_a_thousand_plants_is_refused() -> None:
    from random import Random

    from rulebook.games.megawatts import ai_draw_plant

    deck = [Plant(n, Fuel.COAL, 1, 1) for n in range(1, 1001)]
    with pytest.raises(ValueError, match=r"^mw-first-ai-plant: expected distinct power plants"):
        ai_draw_plant(deck, [], 0, Random(1))


def test_cities_are_named_not_numbered() -> None:
    from rulebook.games.megawatts import ai_build

    with pytest.raises(ValueError, match=r"^mw-ai-build: expected a city, named, got 7"):
        ai_build(1, {7: 3}, 1, 1)  # type: ignore[dict-item]


def test_more_capacities_than_the_3_plants_are_refused() -> None:
    with pytest.raises(ValueError, match=r"^mw-limit-plants: expected the capacities .* 3 at"):
        ai_fires([1] * 100_000, cities=10)


def test_a_plant_may_hold_as_many_cubes_as_the_bound_and_not_one_more() -> None:
    assert Resources(coal=100).total() == 100
    with pytest.raises(
        ValueError, match=r"mw-ai-restock: .*coal cubes, a whole number from 0 to 100,"
    ):
        Resources(coal=101)


def test_a_market_may_list_as_many_prices_as_the_bound_and_not_one_more() -> None:
    prices = {price: 0 for price in range(1, 101)}
    assert restock_plant(Fuel.COAL, 2, Resources(), {Resource.COAL: prices})[0] == Resources()
    prices[101] = 0
    with pytest.raises(ValueError, match=r"mw-ai-restock: .*100 at most"):
        restock_plant(Fuel.COAL, 2, Resources(), {Resource.COAL: prices})


def said(function: object, *args: object, **kwargs: object) -> list[str]:
    """The steps a call takes (kit.explain), as the chain under an example shows them."""
    from rulebook.kit.explain import explained

    return [str(s) for s in explained(function, *args, **kwargs)[1]]  # type: ignore[arg-type]


def test_the_limits_say_the_cities_and_the_capacity_they_came_from() -> None:
    from rulebook.games.megawatts import ai_capacity_limit, your_city_limit

    assert said(ai_capacity_limit, 7) == ["mw-limit-ai-capacity: cities = 7, capacity_limit = 11"]
    assert said(your_city_limit, 9) == ["mw-limit-your-network: capacity = 9, city_limit = 11"]


def test_how_the_artificial_player_takes_its_plant_names_the_rule_of_the_round() -> None:
    from rulebook.games.megawatts import ai_draws_at_random

    assert said(ai_draws_at_random, 3) == ["mw-rounds-2-3: round = 3, at_random = True"]
    assert said(ai_draws_at_random, 4) == ["mw-round-4: round = 4, at_random = False"]


def test_a_step_3_price_says_the_plants_position_and_its_surcharge() -> None:
    from rulebook.games.megawatts import plant_price, step_3_surcharge

    assert said(step_3_surcharge, 3) == ["mw-step-3-prices: position = 3, surcharge = 0"]
    assert said(plant_price, 49, (44, 47, 48, 49), step=3) == [
        "mw-step-3-prices: position = 6, surcharge = 15"
    ]
    assert said(plant_price, 6, (3, 4, 5, 6), step=1) == [
        "mw-first-buy: plant = 6, position = 4, surcharge = 5"
    ]


def test_powering_says_whether_and_which_plants_are_fired() -> None:
    from rulebook.games.megawatts import ai_fires, ai_may_power

    assert said(ai_may_power, 8, cities=9) == [
        "mw-ai-power-when: powerable = 8, cities = 9, powers = True"
    ]
    assert said(ai_may_power, 7, cities=9) == [
        "mw-ai-power-when: powerable = 7, cities = 9, powers = False"
    ]
    assert said(ai_fires, (2, 4, 3), cities=5) == ["mw-ai-power-order: cities = 5, fired = [2, 4]"]


def test_restocking_says_the_whole_stocks_and_the_cubes_taken() -> None:
    from rulebook.games.megawatts import Fuel, Resource, Resources, restock_count, restock_plant

    assert said(restock_count, 2, available=9, held=1) == [
        "mw-ai-restock-whole: stock_size = 4, held = 1, on_market = 9, takes = 3"
    ]
    market = {Resource.COAL: {2: 1, 3: 2}, Resource.OIL: {3: 2}}
    assert said(restock_plant, Fuel.HYBRID, 1, Resources(), market) == [
        "mw-ai-restock-whole: stock_size = 2, held = 0, on_market = 5, takes = 2",
        "mw-ai-restock: fuel = hybrid, cubes_taken = [coal, oil]",
    ]


def test_the_tie_break_says_the_options_the_choice_and_whether_it_was_drawn() -> None:
    from rulebook.games.megawatts import Fuel, Need, Resource, ai_tie_break

    prices = {Resource.COAL: 3, Resource.OIL: 3}
    options = [Need(Fuel.COAL, 2), Need(Fuel.OIL, 1), Need(Fuel.URANIUM, 1)]
    steps = said(ai_tie_break, options, prices, random.Random(4))
    assert len(steps) == 1 and steps[0].startswith(
        "mw-ai-choice-ties: options = [coal, oil, uranium], chosen = "
    )
    assert ", drawn_at_random = True, drawn_among = [coal, oil]" in steps[0]
    assert said(ai_tie_break, [Need(Fuel.GREEN, 0), Need(Fuel.OIL, 1)], prices) == [
        "mw-ai-choice-ties: options = [green, oil], chosen = green, drawn_at_random = False, "
        "drawn_among = []"
    ]
    # Power plants are named by their numbers.
    coal_20, coal_25 = Plant(20, Fuel.COAL, 3, 5), Plant(25, Fuel.COAL, 2, 5)
    drawn = said(ai_tie_break, [coal_20, coal_25, Plant(16, Fuel.OIL, 2, 3)], prices | {
        Resource.OIL: 4}, random.Random(4))  # fmt: skip
    assert drawn[0].startswith("mw-ai-choice-ties: options = [20, 25, 16], chosen = 2")
    assert drawn[0].endswith(", drawn_at_random = True, drawn_among = [20, 25]")


def test_removing_small_plants_says_the_larger_network_and_the_plants() -> None:
    from rulebook.games.megawatts import plants_to_remove

    assert said(plants_to_remove, [5, 6, 8], your_cities=4, ai_cities=6) == [
        "mw-remove-small-plants: most_cities = 6, plants_removed = [5, 6]"
    ]
    assert said(plants_to_remove, [5, 6, 8], your_cities=4, ai_cities=2) == [
        "mw-remove-small-plants: most_cities = 4, plants_removed = []"
    ]


def test_the_end_says_which_conditions_are_met() -> None:
    from rulebook.games.megawatts import game_ends

    assert said(game_ends, market_refilled=False, ai_cities=15) == [
        "mw-end: market_refilled = False, ai_cities = 15, ends = [plant-market-short, ai-last-city]"
    ]
    assert said(game_ends, market_refilled=True, ai_cities=14) == [
        "mw-end: market_refilled = True, ai_cities = 14, ends = []"
    ]


def test_the_artificial_player_draws_while_it_holds_fewer_than_3_power_plants() -> None:
    from rulebook.games.megawatts import ai_draw_plant

    market = [Plant(n, Fuel.OIL, 2, 1) for n in (3, 4, 5, 6, 7, 8, 9, 10)]
    held = [Plant(20, Fuel.COAL, 3, 5), Plant(25, Fuel.COAL, 2, 5)]  # 2 of 3: it may draw
    drawn = ai_draw_plant(market, held, 20, random.Random(1))
    assert drawn is not None and drawn.number in (3, 4, 5, 6)


def test_a_list_of_as_many_items_as_allowed_is_taken_and_one_more_is_refused() -> None:
    from rulebook.errors import RuleError
    from rulebook.games.megawatts.rules import _MOST_ITEMS, _plants, _sequence

    assert len(_sequence("mw-ai-build", list(range(_MOST_ITEMS)), "costs")) == _MOST_ITEMS
    with pytest.raises(RuleError, match="mw-ai-build"):
        _sequence("mw-ai-build", list(range(_MOST_ITEMS + 1)), "costs")
    market = [Plant(n, Fuel.COAL, 2, 1) for n in range(1, _MOST_ITEMS + 1)]
    assert len(_plants("mw-plant-market", market, held=False)) == _MOST_ITEMS
    with pytest.raises(RuleError, match="mw-plant-market"):
        _plants("mw-plant-market", [*market, Plant(_MOST_ITEMS + 1, Fuel.COAL, 2, 1)], held=False)


def test_a_draw_that_is_no_random_random_is_refused_even_where_no_draw_comes_up() -> None:
    from rulebook.errors import RuleError

    with pytest.raises(RuleError, match=r"mw-ai-choice-ties: .*, got 'x'"):
        ai_tie_break([Need(Fuel.COAL, 2)], {}, rng="x")  # one option: nothing to draw
    with pytest.raises(RuleError, match=r"mw-ai-build: .*, got 'x'"):
        ai_build(2, {"Essen": 10, "Bremen": 3, "Kiel": 7}, 2, 2, rng="x")  # no tie either


def test_a_missing_draw_names_the_cities_still_tied_and_not_the_others() -> None:
    from rulebook.errors import RuleError

    with pytest.raises(RuleError, match=r"same cost \(Essen, Bremen\), got None$"):
        ai_build(1, {"Essen": 3, "Bremen": 3, "Kiel": 7}, powerable=0, ai_cities=0)


def test_a_plant_number_the_market_takes_has_a_price() -> None:
    """The lowest number the market accepts (no rule states one) is one plant_price takes."""
    assert step_3_rows([1, 2, 3]) == ((), (1, 2, 3))
    assert plant_price(1, (1, 2, 3, 4), step=1) == 1


# The artificial player's round over its side of the table (the companion at the table) ------


def test_the_artificial_player_starts_with_no_power_plant_no_cube_and_no_city() -> None:
    ai = ArtificialPlayer()
    assert (ai.plants, ai.stocks, ai.cities) == ((), {}, 0)


def test_its_side_of_the_table_keeps_its_power_plants_in_descending_order() -> None:
    ai = ArtificialPlayer([COAL_4, COAL_25, GREEN_13], {25: Resources(coal=4)}, 7)  # type: ignore[arg-type]
    assert [p.number for p in ai.plants] == [25, 13, 4]
    assert ai.stocks == {25: Resources(coal=4), 13: Resources(), 4: Resources()}


def test_a_new_power_plant_with_fewer_than_3_is_added_without_a_discard() -> None:
    ai = ArtificialPlayer((COAL_4, COAL_10), {4: Resources(coal=2)}, 3)
    after, discarded, to_supply = ai_add_plant(ai, OIL_16)
    assert discarded is None and to_supply == Resources()
    assert [p.number for p in after.plants] == [16, 10, 4] and after.cities == 3
    assert after.stocks == {16: Resources(), 10: Resources(), 4: Resources(coal=2)}
    assert said(ai_add_plant, ai, OIL_16) == []


def test_the_discarded_plants_cubes_go_to_the_others_and_the_rest_to_the_supply() -> None:
    ai = ArtificialPlayer(
        (COAL_4, HYBRID_5, COAL_10),
        {4: Resources(coal=4), 5: Resources(oil=1), 10: Resources(coal=3)},
        cities=5,
    )
    after, discarded, to_supply = ai_add_plant(ai, OIL_16)
    assert discarded == COAL_4 and [p.number for p in after.plants] == [16, 10, 5]
    assert after.stocks == {16: Resources(), 10: Resources(coal=4), 5: Resources(coal=3, oil=1)}
    assert to_supply == Resources() and after.cities == 5
    full = ArtificialPlayer(after.plants, {**after.stocks, 16: Resources(oil=4)}, 5)
    after, discarded, to_supply = ai_add_plant(full, COAL_25)
    assert discarded == HYBRID_5 and to_supply == Resources(oil=1)
    assert after.stocks[25] == Resources(coal=3) and after.stocks[16] == Resources(oil=4)
    assert said(ai_add_plant, ai, OIL_16) == ["mw-ai-discard: plant_discarded = 4, to_supply = []"]
    assert said(ai_add_plant, full, COAL_25) == [
        "mw-ai-discard: plant_discarded = 5, to_supply = [oil]"
    ]


def test_in_the_first_three_rounds_it_draws_among_the_4_cheapest_even_in_step_3() -> None:
    market = [Plant(n, Fuel.COAL, 2, 1) for n in (31, 33, 35, 37, 39, 42)]
    for seed in range(20):
        phase = ai_plant_phase(ArtificialPlayer(), 3, 3, market, {}, random.Random(seed))
        assert phase.at_random and phase.taken is not None and phase.taken.number <= 37
        assert phase.ai.plants == (phase.taken,) and phase.discarded is None


def test_from_the_fourth_round_it_chooses_among_the_actual_market_then_the_whole_one() -> None:
    market = [COAL_4, HYBRID_5, COAL_10, GREEN_13, COAL_25]
    ai = ArtificialPlayer((), {}, 4)
    for step in (1, 2):
        phase = ai_plant_phase(ai, 4, step, list(reversed(market)), {}, random.Random(1))
        assert phase.taken == COAL_10 and not phase.at_random
    assert ai_plant_phase(ai, 4, 3, market, {}, random.Random(1)).taken == COAL_25


def test_the_steps_of_its_power_plant_say_the_rule_that_picked_it() -> None:
    market = [COAL_4, COAL_10]
    assert said(ai_plant_phase, ArtificialPlayer(), 1, 1, market[:1], {}, random.Random(1)) == [
        "mw-rounds-2-3: round = 1, at_random = True",
        "mw-limit-ai-capacity: cities = 0, capacity_limit = 4",
        "mw-first-ai-plant: plant_taken = 4",
    ]
    assert (
        said(ai_plant_phase, ArtificialPlayer(), 2, 1, [COAL_25], {}, random.Random(1))[-1]
        == "mw-first-ai-plant: plant_taken = no-plant"
    )
    assert said(ai_plant_phase, ArtificialPlayer(), 4, 1, market, {}, random.Random(1))[-1] == (
        "mw-ai-choice: plant_taken = 10"
    )
    assert (
        said(ai_plant_phase, ArtificialPlayer(), 4, 1, [COAL_25], {}, random.Random(1))[-1]
        == "mw-ai-pass: plant_taken = no-plant"
    )


def test_with_3_power_plants_its_chosen_plant_comes_with_a_discard() -> None:
    ai = ArtificialPlayer((COAL_4, HYBRID_5, COAL_10), {4: Resources(coal=2)}, cities=4)
    phase = ai_plant_phase(ai, 4, 1, [COAL_15, COAL_25], {Resource.COAL: 3}, random.Random(1))
    assert phase.taken == COAL_25 and phase.discarded == COAL_4
    assert phase.to_supply == Resources() and phase.ai.stocks[25] == Resources(coal=2)
    assert phase.ai.cities == 4


def test_a_pass_leaves_its_side_of_the_table_as_it_was() -> None:
    ai = ArtificialPlayer((COAL_4,), {4: Resources(coal=3)}, cities=0)
    phase = ai_plant_phase(ai, 4, 1, [COAL_25], {}, random.Random(1))
    assert (phase.taken, phase.discarded, phase.to_supply, phase.ai) == (
        None,
        None,
        Resources(),
        ai,
    )
    assert not phase.at_random


def test_the_count_it_builds_says_how_many_you_built_and_what_it_can_power() -> None:
    assert ai_build_count(3, powerable=4, ai_cities=4) == 3
    assert ai_build_count(3, powerable=3, ai_cities=4) == 0
    assert said(ai_build_count, 2, 5, 4) == [
        "mw-ai-build: you_built = 2, powerable = 5, ai_cities = 4, builds = 2"
    ]
    assert said(ai_build_count, 2, 3, 4) == [
        "mw-ai-build-unpowered: you_built = 2, powerable = 3, ai_cities = 4, builds = 0"
    ]
