"""The Catan Dice Game "Extra" rule functions: bad input raises RuleError naming the rule and
what was expected; the disputes of a game on paper (a blocked road, a lost Longest Road, a
castle) are settled by calling them; the castle chances are exact and fast."""

import dataclasses
import re
from collections.abc import Callable
from fractions import Fraction
from random import Random

import pytest

from rulebook.games import catan_dice as cd
from rulebook.games.catan_dice import (
    Built,
    Island,
    KnightHex,
    Piece,
    Symbol,
    Terrain,
    army_size,
    build,
    build_castle,
    can_build_city,
    can_build_knight,
    can_build_road,
    can_build_settlement,
    can_use_joker,
    castle_chance,
    castle_rolled,
    choose_starting_road,
    dice_for_turn,
    dice_table,
    has_won,
    jokers_of,
    largest_army_holder,
    longest_road,
    longest_road_holder,
    make_island,
    parse_symbols,
    roads_between,
    roll_turn,
    same_symbol_chance,
    victory_points,
)
from rulebook.games.catan_dice.examples import COAST, LADDER, LINE, RACE, SAMPLE
from rulebook.games.catan_dice.rules import ISLAND_ROADS, RESOURCES, Score


def roads(owner: str, *names: str) -> dict[str, str]:
    return dict.fromkeys(names, owner)


@pytest.mark.parametrize(
    ("call", "rule", "expected"),
    [
        (lambda: dice_for_turn(0), "cd-dice-per-turn", "of 1 or more"),
        (lambda: dice_for_turn(True), "cd-dice-per-turn", "a whole number"),
        (lambda: parse_symbols("ore sheep"), "cd-rolls", "a symbol among"),
        (lambda: roll_turn(Random(), 7, lambda r: ()), "cd-rolls", "from 3 to 6"),
        (lambda: roll_turn(Random(), 6, lambda r: (6,)), "cd-rolls", "positions of dice"),
        (lambda: make_island("a-b", coast="b-c"), "cd-shared-island", "roads of the island"),
        (lambda: make_island("a-b", sites="z"), "cd-shared-island", "at the ends of roads"),
        (lambda: roads_between(COAST, "a-b", "a-b"), "cd-starting-road-distance", "2 different"),
        (lambda: roads_between(COAST, "a-b", "q-r"), "cd-starting-road-distance", "a road of"),
        (
            lambda: choose_starting_road(COAST, Built(), "red", "a-x"),
            "cd-starting-road",
            "an unbuilt coastal road",
        ),
        (
            lambda: choose_starting_road(COAST, Built(roads=roads("red", "a-b")), "red", "h-i"),
            "cd-starting-road",
            "no starting road yet",
        ),
        (lambda: choose_starting_road(COAST, Built(), "", "a-b"), "cd-starting-road", "a player"),
        (lambda: can_build_road(SAMPLE, Built(), "red", "z-z"), "cd-road-settlement", "a road"),
        (lambda: can_build_settlement(SAMPLE, Built(), "red", "b"), "cd-road-settlement", "site"),
        (lambda: can_build_city(SAMPLE, Built(), "red", "b"), "cd-city", "a building site"),
        (lambda: can_build_knight(SAMPLE, Built(), "red", "moon"), "cd-knight", "a knight of"),
        (lambda: build(SAMPLE, Built(), "red", "castle", "c"), "cd-road-settlement", "a piece"),  # type: ignore[arg-type]
        (
            lambda: build(SAMPLE, Built(settlements={"c": "blue"}), "red", Piece.CITY, "c"),
            "cd-city",
            "one of red's settlements",
        ),
        (
            lambda: longest_road_holder(None, "red", {"red": -1}),
            "cd-longest-road-taken",
            "a road length",
        ),
        (
            lambda: largest_army_holder(None, "red", {"red": 2.5}),  # type: ignore[dict-item]
            "cd-largest-army-taken",
            "a number of knights",
        ),
        (lambda: can_use_joker(3, 2, used=False), "cd-knight-joker", "a turn"),
        (lambda: cd.joker_symbols("swamp"), "cd-knight-joker", "a terrain among"),  # type: ignore[arg-type]
        (
            lambda: castle_rolled(parse_symbols("ore " * 7)),
            "cd-castle-building",
            "a number of dice",
        ),
        (
            lambda: build_castle(
                SAMPLE, Built(), "red", parse_symbols("ore ore ore ore ore grain")
            ),
            "cd-castle-building",
            "6 identical symbols",
        ),
        (
            lambda: build_castle(
                SAMPLE,
                Built(castles=("red", "blue", "red", "blue")),
                "white",
                parse_symbols("ore " * 6),
            ),
            "cd-castles",
            "fewer than 4 castles",
        ),
        (lambda: castle_chance(3), "cd-castle-tip", "from 0 to 2"),
        (lambda: same_symbol_chance(5, 6, rolls=0), "cd-castle-tip", "rolls"),
        (lambda: victory_points(Built(), None), "cd-victory-points", "a player"),  # type: ignore[arg-type]
        (lambda: has_won(-1), "cd-goal", "victory points"),
    ],
)
def test_bad_input_names_the_rule_and_what_was_expected(
    call: Callable[[], object], rule: str, expected: str
) -> None:
    with pytest.raises(ValueError, match=rf"^{rule}: expected .*{expected}"):
        call()


# The dice


def test_the_dice_have_six_faces_five_resources_and_gold() -> None:
    assert [s.value for s in Symbol] == ["brick", "lumber", "wool", "grain", "ore", "gold"]
    assert Symbol.GOLD not in RESOURCES and len(RESOURCES) == 5


def test_each_next_player_rolls_one_more_die_until_someone_rolls_six_then_everyone_rolls_six() -> (
    None
):
    assert [dice_for_turn(turn) for turn in range(1, 10)] == [3, 4, 5, 6, 6, 6, 6, 6, 6]
    assert dice_table() == (
        ((), ("1",), ("2",), ("3",), ("4+",)),
        ((), ("3",), ("4",), ("5",), ("6",)),
    )


def test_with_two_players_the_first_player_rolls_three_dice_then_five() -> None:
    players = 2
    first_player_turns = range(1, 9, players)
    assert [dice_for_turn(turn) for turn in first_player_turns] == [3, 5, 6, 6]


def test_a_turn_has_at_most_three_rolls_and_dice_set_aside_keep_their_faces() -> None:
    rolls = roll_turn(Random(7), 6, keep=lambda result: (0, 1))
    assert len(rolls) == 3 and all(len(result) == 6 for result in rolls)
    assert rolls[1][:2] == rolls[0][:2] and rolls[2][:2] == rolls[1][:2]


def test_setting_every_die_aside_ends_the_turn_early() -> None:
    rolls = roll_turn(Random(7), 4, keep=lambda result: range(len(result)))
    assert len(rolls) == 1


class Scripted(Random):
    """Dice that show the faces given, in order."""

    def __init__(self, faces: str) -> None:
        super().__init__()
        self.faces = iter(parse_symbols(faces))

    def choice(self, seq: object) -> Symbol:  # type: ignore[override]
        return next(self.faces)


def test_a_die_set_aside_may_be_rolled_again_later() -> None:
    rng = Scripted("ore wool wool wool wool wool " + "grain " * 5 + "brick " * 6)
    keeps = iter([(0,), ()])
    rolls = roll_turn(rng, 6, keep=lambda result: next(keeps))
    assert rolls[1] == parse_symbols("ore grain grain grain grain grain")
    assert rolls[2] == parse_symbols("brick " * 6)  # the ore set aside was rolled again


def test_randomness_is_injected_so_a_seed_replays_a_turn() -> None:
    def keep(result: tuple[Symbol, ...]) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(result) if s is Symbol.ORE)

    assert roll_turn(Random(11), 6, keep) == roll_turn(Random(11), 6, keep)


# Starting roads


def test_a_starting_road_must_be_coastal_and_five_unbuilt_roads_away_from_the_others() -> None:
    built = choose_starting_road(COAST, Built(), "red", "a-b")
    assert roads_between(COAST, "a-b", "g-h") == 5
    assert roads_between(COAST, "a-b", "f-g") == 4
    assert roads_between(COAST, "a-b", "b-c") == 0
    built = choose_starting_road(COAST, built, "blue", "g-h")
    assert built.roads == {"a-b": "red", "g-h": "blue"}
    with pytest.raises(ValueError, match=r"^cd-starting-road-distance: "):
        choose_starting_road(COAST, built, "white", "i-j")


def test_roads_that_no_chain_joins_are_never_too_close() -> None:
    island = make_island("a-b p-q", coast="a-b p-q")
    assert roads_between(island, "a-b", "p-q") is None
    built = choose_starting_road(island, Built(), "red", "a-b")
    assert choose_starting_road(island, built, "blue", "p-q").roads["p-q"] == "blue"


# Building: a blocked road


def test_a_road_is_built_only_at_the_end_of_one_of_your_roads() -> None:
    built = Built(roads=roads("red", "a-b"))
    assert can_build_road(SAMPLE, built, "red", "b-c")
    assert not can_build_road(SAMPLE, built, "red", "d-e")
    assert not can_build_road(SAMPLE, built, "blue", "b-c")


def test_an_unbuilt_site_blocks_your_road_until_you_build_a_settlement_there() -> None:
    built = Built(roads=roads("red", "a-b", "b-c"))
    with pytest.raises(ValueError, match=r"^cd-road-settlement: .*not past an unbuilt"):
        build(SAMPLE, built, "red", Piece.ROAD, "c-d")
    built = build(SAMPLE, built, "red", Piece.SETTLEMENT, "c")
    built = build(SAMPLE, built, "red", Piece.ROAD, "c-d")
    assert built.roads["c-d"] == "red"


def test_you_never_build_past_another_players_settlement_or_city() -> None:
    built = Built(
        roads={**roads("red", "c-d", "d-e"), **roads("blue", "e-f")},
        settlements={"c": "red", "e": "blue"},
    )
    assert not can_build_road(SAMPLE, built, "red", "e-j")
    assert can_build_road(SAMPLE, built, "blue", "e-j")
    assert not can_build_settlement(SAMPLE, built, "red", "e")


def test_you_may_build_past_your_own_settlement_before_it_becomes_a_city() -> None:
    built = Built(roads=roads("red", "b-c"), settlements={"c": "red"})
    assert can_build_road(SAMPLE, built, "red", "c-h")
    assert can_build_road(SAMPLE, built, "red", "c-d")


def test_a_settlement_goes_only_on_an_unbuilt_site_your_road_leads_to() -> None:
    built = Built(roads={**roads("red", "b-c"), **roads("blue", "c-d")})
    assert can_build_settlement(SAMPLE, built, "red", "c")
    assert can_build_settlement(SAMPLE, built, "blue", "c")
    built = build(SAMPLE, built, "blue", Piece.SETTLEMENT, "c")
    assert not can_build_settlement(SAMPLE, built, "red", "c")
    assert not can_build_settlement(SAMPLE, built, "red", "e")


def test_a_city_goes_only_on_your_own_settlement_on_a_city_site_and_only_once() -> None:
    built = Built(settlements={"c": "red", "e": "blue"})
    assert can_build_city(SAMPLE, built, "red", "c")
    assert not can_build_city(SAMPLE, built, "blue", "c")
    assert not can_build_city(SAMPLE, built, "blue", "e")  # a settlement-only site
    built = build(SAMPLE, built, "red", Piece.CITY, "c")
    assert built.cities == {"c"} and not can_build_city(SAMPLE, built, "red", "c")


def test_a_knight_needs_your_road_on_a_side_or_your_building_on_a_corner_of_its_hex() -> None:
    assert can_build_knight(SAMPLE, Built(roads=roads("red", "c-d")), "red", "forest")
    assert can_build_knight(SAMPLE, Built(settlements={"e": "blue"}), "blue", "forest")
    assert not can_build_knight(SAMPLE, Built(roads=roads("red", "b-c")), "red", "forest")
    built = build(SAMPLE, Built(roads=roads("red", "c-d")), "red", Piece.KNIGHT, "forest")
    assert not can_build_knight(SAMPLE, replace_roads(built, "blue", "d-e"), "blue", "forest")


def replace_roads(built: Built, owner: str, *names: str) -> Built:
    return dataclasses.replace(built, roads={**built.roads, **roads(owner, *names)})


def test_every_road_site_and_knight_has_one_owner() -> None:
    built = build(SAMPLE, Built(roads=roads("red", "a-b")), "red", Piece.ROAD, "b-c")
    with pytest.raises(ValueError, match=r"^cd-road-settlement: "):
        build(SAMPLE, replace_roads(built, "blue", "c-d"), "blue", Piece.ROAD, "b-c")
    assert built.roads["b-c"] == "red"


# The Longest Road: a lost Longest Road


def test_forks_do_not_count_and_a_loop_counts_every_road_once() -> None:
    line = roads("red", "a-b", "b-c", "c-d", "d-e", "e-f", "c-h")
    assert longest_road(LINE, Built(roads=line), "red") == 5
    ring = make_island("a-b-c-d-e-a e-f")
    assert longest_road(ring, Built(roads=roads("red", *ring.roads)), "red") == 6


def test_a_foreign_building_breaks_a_road_but_an_unbuilt_site_does_not() -> None:
    red = roads("red", "a-b", "b-c", "c-d", "d-e", "e-f")
    assert longest_road(LINE, Built(roads=red), "red") == 5  # through the unbuilt site d
    own = Built(roads=red, settlements={"d": "red"})
    assert longest_road(LINE, own, "red") == 5
    broken = Built(roads={**red, "d-x": "blue"}, settlements={"d": "blue"})
    assert longest_road(LINE, broken, "red") == 3


def test_the_first_road_of_five_pieces_takes_the_longest_road_and_four_do_not() -> None:
    assert longest_road_holder(None, "red", {"red": 4}) is None
    assert longest_road_holder(None, "red", {"red": 5}) == "red"


def test_another_player_takes_the_longest_road_only_with_a_strictly_longer_road() -> None:
    assert longest_road_holder("red", "blue", {"red": 6, "blue": 6}) == "red"
    assert longest_road_holder("red", "blue", {"red": 6, "blue": 7}) == "blue"
    assert longest_road_holder("red", "red", {"red": 2, "blue": 9}) == "red"


def test_a_broken_holder_keeps_the_tile_until_someone_builds_longer() -> None:
    island = make_island("a-b-c-d-e-f-g c-y p-q-r-s-t", sites="c")
    red = roads("red", "a-b", "b-c", "c-d", "d-e", "e-f", "f-g")
    built = Built(roads={**red, **roads("blue", "c-y")}, longest_road="red")
    built = build(island, built, "blue", Piece.SETTLEMENT, "c")  # breaks red's road: 2 + 4
    assert longest_road(island, built, "red") == 4 and built.longest_road == "red"
    white = replace_roads(built, "white", "p-q", "q-r", "r-s")
    built = build(island, white, "white", Piece.ROAD, "s-t")  # 4: longer, but not 5
    assert built.longest_road == "red"


def test_a_player_whose_settlement_breaks_the_holders_road_takes_it_if_now_longer() -> None:
    island = make_island("a-b-c-d-e-f-g c-y y-p p-q-r-s-t", sites="c")
    red = roads("red", "a-b", "b-c", "c-d", "d-e", "e-f", "f-g")
    blue = roads("blue", "c-y", "y-p", "p-q", "q-r", "r-s", "s-t")
    built = Built(roads={**red, **blue}, longest_road="red")
    built = build(island, built, "blue", Piece.SETTLEMENT, "c")
    assert built.longest_road == "blue"


def test_building_updates_who_holds_the_longest_road() -> None:
    race = RACE
    built = Built(roads=roads("red", "a-b", "b-c", "c-d", "d-e"))
    built = build(race, built, "red", Piece.ROAD, "e-f")
    assert built.longest_road == "red"
    assert victory_points(built, "red") == 1


# The Largest Army


def test_the_first_to_create_three_knights_has_the_largest_army_and_more_takes_it() -> None:
    assert largest_army_holder(None, "red", {"red": 2}) is None
    assert largest_army_holder(None, "red", {"red": 3}) == "red"
    assert largest_army_holder("red", "blue", {"red": 3, "blue": 3}) == "red"
    assert largest_army_holder("red", "blue", {"red": 3, "blue": 4}) == "blue"


def test_knights_whose_jokers_are_used_still_count_for_the_army() -> None:
    knights = roads("red", "forest", "desert-west", "desert-east")
    used = Built(knights=knights, used_jokers=frozenset(knights))
    assert army_size(used, "red") == 3
    assert jokers_of(SAMPLE, used, "red") == ()


# Knights as jokers


def test_a_joker_is_usable_once_and_only_after_the_turn_its_knight_was_built() -> None:
    assert not can_use_joker(5, 5, used=False)
    assert can_use_joker(5, 6, used=False)
    assert not can_use_joker(5, 6, used=True)


def test_a_joker_gives_its_hex_resource_or_any_resource_in_the_desert_never_gold() -> None:
    assert cd.joker_symbols(Terrain.ORE) == {Symbol.ORE}
    assert cd.joker_symbols(Terrain.DESERT) == set(RESOURCES)
    assert all(Symbol.GOLD not in cd.joker_symbols(t) for t in Terrain)


# Castles


def test_six_identical_symbols_make_a_castle_gold_included() -> None:
    for symbol in Symbol:
        assert castle_rolled((symbol,) * 6)
    assert not castle_rolled(parse_symbols("ore ore ore ore ore grain"))
    assert not castle_rolled(parse_symbols("ore ore ore ore ore"))  # 5 dice never make 6


def test_jokers_complete_a_castle_but_never_as_gold() -> None:
    five_ore = parse_symbols("ore ore ore ore ore grain")
    assert castle_rolled(five_ore, [Terrain.ORE])
    assert castle_rolled(five_ore, [Terrain.DESERT])
    assert not castle_rolled(five_ore, [Terrain.WOOL])
    assert not castle_rolled(parse_symbols("gold gold gold gold gold ore"), [Terrain.DESERT])
    assert castle_rolled(parse_symbols("ore ore ore ore wool grain"), [Terrain.DESERT] * 2)


def test_a_castle_needs_no_road_and_is_worth_two_points_and_there_are_four() -> None:
    built = Built()
    for player in ("red", "blue", "red", "white"):
        built = build_castle(SAMPLE, built, player, parse_symbols("gold " * 6))
    assert victory_points(built, "red") == 4 and len(built.castles) == cd.CASTLES


def test_a_castle_spends_the_jokers_it_uses_which_must_be_the_builders_unused_ones() -> None:
    built = Built(knights=roads("red", "forest", "desert-west") | {"desert-east": "blue"})
    five_ore = parse_symbols("ore ore ore ore ore grain")
    after = build_castle(SAMPLE, built, "red", five_ore, ["desert-west"])
    assert after.used_jokers == {"desert-west"} and jokers_of(SAMPLE, after, "red") == (
        Terrain.LUMBER,
    )
    assert build_castle(SAMPLE, built, "red", parse_symbols("ore " * 6)).used_jokers == set()
    for knights in (["desert-east"], ["desert-west", "desert-west"], ["moon"], [None]):
        with pytest.raises(ValueError, match=r"^cd-knight-joker: expected unused jokers of red"):
            build_castle(SAMPLE, built, "red", five_ore, knights)  # type: ignore[list-item]
    with pytest.raises(ValueError, match=r"^cd-knight-joker: expected unused jokers of red"):
        build_castle(SAMPLE, after, "red", five_ore, ["desert-west"])
    with pytest.raises(ValueError, match=r"^cd-castle-building: expected 6 identical"):
        build_castle(SAMPLE, built, "red", five_ore, ["forest"])


def test_the_castle_chances_are_exact_and_grow_with_each_desert_joker() -> None:
    assert castle_chance(0) == Fraction(33391127, 1632586752)
    assert castle_chance(1) == Fraction(233826527, 1632586752)
    assert castle_chance(2) == Fraction(110256951113, 235092492288)
    assert round(float(castle_chance(0)), 4) == 0.0205


def test_the_same_method_finds_the_known_chance_of_a_yahtzee_in_one_turn() -> None:
    chance = same_symbol_chance(5, 6)
    assert chance == Fraction(2783176, 60466176)
    assert abs(float(chance) - 0.04603) < 0.00001


def test_with_a_joker_for_any_symbol_the_chance_would_be_higher() -> None:
    any_symbol = same_symbol_chance(6, 6, jokers=1)
    assert any_symbol > castle_chance(1)


# Victory points and the end


def test_the_extra_game_scores_the_longest_road_one_point_unlike_the_plus_version() -> None:
    assert cd.LONGEST_ROAD_POINTS == 1
    assert cd.PLUS_POINTS[Score.LONGEST_ROAD] == 2
    assert victory_points(Built(longest_road="red", largest_army="red"), "red") == 3


def test_a_city_replaces_its_settlement_in_the_score() -> None:
    built = Built(settlements={"c": "red", "e": "red"}, cities=frozenset({"c"}))
    assert victory_points(built, "red") == 3


def test_the_first_player_to_reach_ten_points_wins() -> None:
    assert not has_won(9)
    assert has_won(10) and has_won(11)


# Edges found by mutating the code (make mutate).


def test_a_player_with_no_road_has_a_longest_road_of_0() -> None:
    assert longest_road(LINE, Built(), "red") == 0


def test_setting_aside_a_die_that_does_not_exist_names_the_positions_there_are() -> None:
    from random import Random

    from rulebook.games.catan_dice import roll_turn

    with pytest.raises(ValueError, match=r"positions of dice from 0 to 5, got \[6\]"):
        roll_turn(Random(1), 6, keep=lambda result: {6})


def test_a_knight_created_on_the_first_turn_gives_its_joker_from_the_second() -> None:
    from rulebook.games.catan_dice import can_use_joker

    assert (can_use_joker(1, 1, used=False), can_use_joker(1, 2, used=False)) == (False, True)


def test_an_empty_roll_is_no_castle() -> None:
    from rulebook.games.catan_dice import castle_rolled

    assert castle_rolled([]) is False


def test_the_smallest_game_of_chance_is_certain_and_jokers_with_no_face_change_nothing() -> None:
    from fractions import Fraction

    from rulebook.games.catan_dice import same_symbol_chance

    assert same_symbol_chance(dice=1, faces=1, rolls=1) == 1
    with_useless_joker = same_symbol_chance(dice=2, faces=2, rolls=1, jokers=1, joker_faces=0)
    assert with_useless_joker == same_symbol_chance(dice=2, faces=2, rolls=1) == Fraction(1, 2)


def test_a_chance_of_one_half_shows_as_50_percent_and_1_turn_in_2() -> None:
    from fractions import Fraction

    from rulebook.games.catan_dice.odds import _chance_cells

    assert _chance_cells(Fraction(1, 2)) == (("1", "2"), ("50",), ("1", "2"))


def test_0_victory_points_do_not_win() -> None:
    from rulebook.games.catan_dice import has_won

    assert has_won(0) is False


# Issue 13: every public function refuses wrong input by rule, and answers quickly ------------


def honeycomb(rows: int, cols: int) -> cd.Island:
    """A made-up island of hexes in rows (every point joins 3 roads at most), the worst case
    for the Longest Road: many forks and loops."""
    paths = []
    for r in range(rows + 1):
        paths.append("-".join(f"p{r}x{c}" for c in range(2 * cols + 2)))
        paths += [
            f"p{r}x{c}-p{r + 1}x{c}" for c in range(2 * cols + 2) if r < rows and (r + c) % 2 == 0
        ]
    return make_island(" ".join(paths))


def cubic(points: int, seed: int) -> cd.Island:
    """A made-up island where 3 roads meet at every point, joined at random: no chain of roads
    longer than 1, the hardest case for the Longest Road."""
    rng = Random(seed)
    while True:
        ends = [p for p in range(points) for _ in range(3)]
        rng.shuffle(ends)
        pairs = {frozenset(pair) for pair in zip(ends[::2], ends[1::2], strict=True)}
        if len(pairs) == len(ends) // 2 and all(len(pair) == 2 for pair in pairs):
            return make_island(" ".join("-".join(f"v{p}" for p in sorted(e)) for e in pairs))


@pytest.mark.parametrize(
    "island", [honeycomb(2, 4), cubic(14, 1), cubic(14, 2)], ids=["honeycomb", "cubic", "cubic2"]
)
def test_the_longest_road_at_the_bound_answers_within_a_second(island: cd.Island) -> None:
    import time

    everything = Built(roads=dict.fromkeys(island.roads, "red"))
    start = time.perf_counter()
    assert longest_road(island, everything, "red") >= len(island.roads) * 3 // 4
    assert time.perf_counter() - start < 1


def test_a_long_road_without_forks_is_one_chain_and_quick() -> None:
    line = make_island("-".join(f"p{n}" for n in range(ISLAND_ROADS + 1)))
    assert longest_road(line, Built(roads=dict.fromkeys(line.roads, "red")), "red") == 200


def test_more_loops_than_the_bound_are_refused_not_searched() -> None:
    island = cubic(16, 1)
    with pytest.raises(ValueError, match=r"^cd-longest-road: expected loops in a network of red"):
        longest_road(island, Built(roads=dict.fromkeys(island.roads, "red")), "red")


def test_a_point_where_4_roads_meet_is_refused() -> None:
    with pytest.raises(ValueError, match=r"^cd-shared-island: expected the roads meeting at a"):
        make_island("a-b a-c a-d a-e")


def test_roads_off_the_island_are_refused() -> None:
    with pytest.raises(ValueError, match=r"^cd-road-settlement: .*of the island, got 'y-z'"):
        can_build_road(SAMPLE, Built(roads={"y-z": "red"}), "red", "a-b")


def test_a_holder_missing_from_the_counts_is_refused_not_counted_as_0() -> None:
    with pytest.raises(ValueError, match=r"^cd-largest-army-taken: expected a count for the"):
        largest_army_holder("red", "blue", {"blue": 4})


def test_another_games_enum_is_refused() -> None:
    from rulebook.games.stone_age import Goods

    with pytest.raises(ValueError, match=r"^cd-knight-joker: expected a terrain among"):
        cd.joker_symbols(Goods.WOOD)  # type: ignore[arg-type]


def test_a_set_is_not_a_final_roll() -> None:
    with pytest.raises(ValueError, match=r"^cd-castle-building: expected a number of dice"):
        castle_rolled(set(parse_symbols("ore " * 6)))  # type: ignore[arg-type]


def test_what_is_not_an_island_or_a_game_is_refused_by_rule() -> None:
    with pytest.raises(ValueError, match=r"^cd-longest-road: expected an Island"):
        longest_road(None, Built(), "red")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^cd-victory-points: expected what the players"):
        victory_points({"red": 3}, "red")  # type: ignore[arg-type]


def test_a_billion_dice_are_refused_at_once() -> None:
    with pytest.raises(ValueError, match=r"^cd-rolls: expected a number of dice"):
        roll_turn(Random(1), 10**9, keep=lambda result: ())
    with pytest.raises(ValueError, match=r"^cd-castle-tip: expected rolls"):
        same_symbol_chance(5, 6, rolls=10**9)


def test_a_joker_used_must_be_said_with_true_or_false() -> None:
    with pytest.raises(ValueError, match=r"^cd-knight-joker: expected whether the joker is used"):
        can_use_joker(1, 2, used="no")  # type: ignore[arg-type]


def test_an_island_road_joining_a_point_to_itself_is_refused() -> None:
    with pytest.raises(ValueError, match=r"^cd-shared-island: expected roads joining 2 different"):
        make_island("a-b b-a")


def test_a_hand_built_island_with_a_site_off_its_roads_is_refused() -> None:
    island = cd.Island({"a-b": ("a", "b")}, sites={"z": cd.Site.CITY})
    with pytest.raises(ValueError, match=r"^cd-road-settlement: expected sites, coast and"):
        can_build_settlement(island, Built(), "red", "z")


def test_a_knight_on_a_terrain_of_another_game_is_refused() -> None:
    with pytest.raises(ValueError, match=r"^cd-shared-island: expected a terrain among"):
        make_island("a-b", knights={"north": ("coal", "a-b")})  # type: ignore[dict-item]


def test_a_fifth_castle_owner_is_refused() -> None:
    five = Built(castles=("red", "blue", "red", "blue", "red"))
    with pytest.raises(ValueError, match=r"^cd-victory-points: expected the owners of the castles"):
        victory_points(five, "red")


def test_keeping_dice_named_by_a_generator_is_refused() -> None:
    with pytest.raises(
        ValueError, match=r"^cd-rolls: expected the positions of the dice set aside"
    ):
        roll_turn(Random(1), 6, keep=lambda result: (n for n in range(2)))


def test_many_separate_roads_are_measured_network_by_network() -> None:
    line = make_island("-".join(f"p{n}" for n in range(ISLAND_ROADS + 1)))
    every_other = {road: ("red", "blue")[n % 2] for n, road in enumerate(line.roads)}
    assert longest_road(line, Built(roads=every_other), "red") == 1


def test_starting_roads_are_checked_against_many_roads_in_one_walk() -> None:
    import time

    path = "-".join(f"p{n}" for n in range(ISLAND_ROADS + 1))
    line = make_island(path, coast=" ".join(make_island(path).roads))
    roads = list(line.roads)
    chosen, near = roads[:-7], roads[-7]  # near touches the last road chosen; the 6 after it stay
    start = time.perf_counter()
    assert not cd.starting_road_allowed(line, Built(roads=dict.fromkeys(chosen, "red")), near)
    assert time.perf_counter() - start < 0.5


def test_with_no_road_far_enough_the_farthest_coastal_road_may_be_chosen() -> None:
    built = choose_starting_road(COAST, Built(), "red", "a-b")
    built = choose_starting_road(COAST, built, "blue", "i-j")
    with pytest.raises(ValueError, match=r"^cd-starting-road-distance: .* or else one whose"):
        choose_starting_road(COAST, built, "green", "d-e")
    assert choose_starting_road(COAST, built, "green", "e-f").roads["e-f"] == "green"


def test_a_network_too_large_to_measure_refuses_no_build_and_moves_no_tile() -> None:
    red = {road: "red" for road in LADDER.roads if "y" not in road}
    built = Built(roads={**red, "x-y": "blue"}, longest_road="blue")
    built = build(LADDER, built, "blue", Piece.ROAD, "y-z")
    assert (built.roads["y-z"], built.longest_road) == ("blue", "blue")


# The edges of the input checks, each wrong in one way only (what code mutants found untested).


def expect_refusal(rule: str, what: str, call: Callable[[], object]) -> None:
    """``call`` is refused by ``rule``'s own check, the one that expects ``what``."""
    with pytest.raises(ValueError, match=rf"^{rule}: expected {re.escape(what)}"):
        call()


def test_a_random_generator_that_is_no_random_is_refused_even_with_a_choice_of_dice() -> None:
    call = lambda: roll_turn(object(), 6, lambda result: ())  # type: ignore[arg-type]  # noqa: E731
    expect_refusal("cd-rolls", "a random.Random and a function", call)


def test_an_island_without_roads_is_an_island_and_one_of_too_many_is_not() -> None:
    assert make_island("").roads == make_island("a").roads == {}  # a path of one point
    paths = " ".join(f"p{i}-q{i}" for i in range(201))
    expect_refusal("cd-shared-island", "a number of roads", lambda: make_island(paths))


def test_a_game_state_of_more_roads_than_the_island_can_hold_is_refused() -> None:
    many = Built(roads={f"r{i}": "red" for i in range(201)})
    call = lambda: longest_road(LINE, many, "red")  # noqa: E731
    expect_refusal("cd-longest-road", "roads owned by players, at most 200", call)


@pytest.mark.parametrize(
    "owners",
    [{1: "red"}, {"": "red"}, {"a-b": 1}],
    ids=["a road named by a number", "a road with no name", "an owner that is no name"],
)
def test_each_owned_road_is_named_and_owned_by_a_name(owners: dict[object, object]) -> None:
    built = Built(roads=owners)  # type: ignore[arg-type]
    call = lambda: longest_road(LINE, built, "red")  # noqa: E731
    expect_refusal("cd-longest-road", "roads owned by players, got", call)


@pytest.mark.parametrize(
    "ends", [("a", "b", "c"), ("a", 2)], ids=["three ends", "an end that is no point"]
)
def test_a_road_joins_two_named_points(ends: tuple[object, ...]) -> None:
    island = Island(roads={"a-b": ends})  # type: ignore[dict-item]
    call = lambda: longest_road(island, Built(), "red")  # noqa: E731
    expect_refusal("cd-longest-road", "roads joining 2 points, got", call)


def test_a_knight_stands_on_a_hex_of_a_terrain() -> None:
    island = make_island("a-b-c-a", knights={"k": (Terrain.ORE, "a-b b-c c-a")})
    hexes = {"k": KnightHex("rock", island.knights["k"].sides)}  # type: ignore[arg-type]
    wrong = Island(roads=island.roads, knights=hexes)
    call = lambda: longest_road(wrong, Built(), "red")  # noqa: E731
    expect_refusal("cd-longest-road", "knights on hexes of a terrain", call)


def test_every_point_of_the_island_may_be_a_site() -> None:
    island = make_island("a-b", sites="a b")
    assert longest_road(island, Built(roads={"a-b": "red"}), "red") == 1


def test_cities_and_used_jokers_are_frozensets() -> None:
    built = Built(cities={"a"})  # type: ignore[arg-type]
    call = lambda: longest_road(LINE, built, "red")  # noqa: E731
    expect_refusal("cd-longest-road", "cities and used jokers as frozensets", call)


def test_four_players_may_hold_a_count_and_five_may_not() -> None:
    four = {name: 5 for name in ("red", "blue", "white", "orange")}
    assert longest_road_holder("red", "blue", four) == "red"
    call = lambda: longest_road_holder("red", "blue", four | {"green": 1})  # noqa: E731
    expect_refusal("cd-material", "at most 4 players, one per pen", call)
    call = lambda: longest_road_holder("red", "blue", {"red": 5})  # noqa: E731
    expect_refusal("cd-longest-road-taken", "a count for the holder and the builder", call)


def test_victory_points_say_which_rules_gave_them() -> None:
    """The chain of rules under a score (kit.explain): settlements, cities and the Longest
    Road under cd-victory-points, then the Largest Army and each castle."""
    from rulebook.kit.explain import explained

    built = Built(
        settlements={"a": "red", "b": "red", "c": "blue"}, cities=frozenset({"b"}),
        longest_road="red", largest_army="red", castles=("red", "red"),
    )  # fmt: skip
    points, steps = explained(victory_points, built, "red")
    assert points == 1 + 2 + 1 + 2 + 4
    assert [str(s) for s in steps] == [
        "cd-victory-points: settlements = 1, cities = 1, longest_road = True",
        "cd-largest-army-points: points = 2",
        "cd-castle-building: castles = 2, points = 4",
    ]
    assert [str(s) for s in explained(victory_points, built, "blue")[1]] == [
        "cd-victory-points: settlements = 1, cities = 0, longest_road = False"
    ]


def said(function: Callable[..., object], *args: object, **kwargs: object) -> list[str]:
    """The steps a call takes (kit.explain), as the chain under an example shows them."""
    from rulebook.kit.explain import explained

    return [str(s) for s in explained(function, *args, **kwargs)[1]]


def test_the_starting_road_says_whether_it_is_unbuilt_coastal_and_far_enough() -> None:
    from rulebook.games.catan_dice.examples import COAST

    red = Built(roads={"a-b": "red"})
    assert said(cd.starting_road_allowed, COAST, red, "f-g") == [
        "cd-starting-road: road = f-g, unbuilt = True, coastal = True",
        "cd-starting-road-distance: road = f-g, roads_between = [4], allowed = False",
    ]
    assert said(cd.starting_road_allowed, COAST, red, "a-b") == [
        "cd-starting-road: road = a-b, unbuilt = False, coastal = True"
    ]
    assert said(cd.roads_between, COAST, "a-b", "c-d") == [
        "cd-starting-road-distance: first = a-b, second = c-d, roads_between = 1"
    ]


def test_each_building_says_who_builds_where_and_whether_it_is_allowed() -> None:
    from rulebook.games.catan_dice.examples import SAMPLE

    built = Built(roads={"b-c": "red"}, settlements={"c": "red", "e": "blue"})
    assert said(can_build_road, SAMPLE, built, "red", "c-d") == [
        "cd-road-settlement: player = red, road = c-d, allowed = True"
    ]
    bare = Built(roads={"b-c": "red"})
    assert said(can_build_settlement, SAMPLE, bare, "red", "c") == [
        "cd-road-settlement: player = red, site = c, allowed = True"
    ]
    assert said(can_build_city, SAMPLE, built, "blue", "e") == [
        "cd-city: player = blue, site = e, city_site = False, allowed = False"
    ]
    assert said(can_build_knight, SAMPLE, built, "red", "forest") == [
        "cd-knight: player = red, knight = forest, allowed = True"
    ]
    taken = dataclasses.replace(built, knights={"forest": "blue"})
    assert said(can_build_knight, SAMPLE, taken, "red", "forest") == [
        "cd-knight: player = red, knight = forest, allowed = False"
    ]


def test_the_awards_say_the_lengths_the_armies_and_who_takes_them() -> None:
    from rulebook.games.catan_dice.examples import LINE

    red = {road: "red" for road in ("a-b", "b-c", "c-d", "d-e", "e-f")}
    assert said(longest_road, LINE, Built(roads=red), "red") == [
        "cd-longest-road: player = red, length = 5"
    ]
    assert said(longest_road_holder, None, "red", {"red": 4}) == [
        "cd-longest-road: holder = None, builder = red, length = 4, takes_it = False"
    ]
    assert said(longest_road_holder, "red", "blue", {"red": 5, "blue": 6}) == [
        "cd-longest-road-taken: holder = red, builder = blue, length = 6, takes_it = True"
    ]
    assert said(army_size, Built(knights={"forest": "red", "hill": "blue"}), "red") == [
        "cd-largest-army-used-knights: player = red, knights = 1"
    ]
    assert said(largest_army_holder, None, "red", {"red": 3}) == [
        "cd-largest-army: holder = None, builder = red, knights = 3, takes_it = True"
    ]
    assert said(largest_army_holder, "red", "blue", {"red": 3, "blue": 3}) == [
        "cd-largest-army-taken: holder = red, builder = blue, knights = 3, takes_it = False"
    ]


def test_jokers_and_castles_say_what_the_dice_and_jokers_make() -> None:
    assert said(cd.joker_symbols, Terrain.ORE) == [
        "cd-knight-joker: terrain = ore, joker_gives = [ore]"
    ]
    assert said(can_use_joker, 3, 5, used=False) == [
        "cd-knight-joker: created_on = 3, turn = 5, used = False, usable = True"
    ]
    dice = cd.parse_symbols("ore ore ore ore ore grain")
    assert said(castle_rolled, dice) == [
        "cd-castle-building: dice = [ore, ore, ore, ore, ore, grain], jokers = [], castle = False"
    ]
    assert said(castle_chance, 1) == [
        "cd-castle-tip: jokers = 1, chance = 233826527/1632586752, percent = 14"
    ]


def test_the_dice_say_the_turn_and_the_rolls() -> None:
    assert said(dice_for_turn, 1) == ["cd-first-turn: turn = 1, dice = 3"]
    assert said(dice_for_turn, 3) == ["cd-dice-per-turn: turn = 3, dice = 5"]
    steps = said(cd.roll_turn, Random(7), 4, lambda result: range(4))
    assert len(steps) == 1 and steps[0].startswith("cd-rolls: rolls = 1, final = [")


# The score sheet (the companion's): what the rules decide without the map


def test_a_final_result_has_exactly_the_dice_its_turn_rolls() -> None:
    for turn in (1, 2, 3, 4, 9):
        dice = dice_for_turn(turn)
        rolled = ("ore",) * dice
        assert cd.final_roll(turn, parse_symbols(" ".join(rolled))) == (Symbol.ORE,) * dice
        for wrong in (dice - 1, dice + 1):
            call = lambda n=wrong, t=turn: cd.final_roll(t, [Symbol.ORE] * n)  # noqa: E731
            expect_refusal("cd-dice-per-turn", "as many dice as the turn rolls", call)
    expect_refusal("cd-dice-per-turn", "as many dice", lambda: cd.final_roll(1, "ore"))
    expect_refusal("cd-rolls", "a symbol among", lambda: cd.final_roll(1, ["ore", "ore", "x"]))
    assert said(cd.final_roll, 2, parse_symbols("ore grain gold wool")) == [
        "cd-dice-per-turn: turn = 2, dice = 4",
        "cd-rolls: final = [ore, grain, gold, wool]",
    ]


@pytest.mark.parametrize(
    ("piece", "dice", "left"),
    [
        (Piece.ROAD, "brick lumber", ""),
        (Piece.ROAD, "brick gold gold", ""),
        (Piece.ROAD, "gold gold gold gold", ""),
        (Piece.ROAD, "brick lumber gold gold", "gold gold"),
        (Piece.SETTLEMENT, "brick lumber wool grain ore", "ore"),
        (Piece.SETTLEMENT, "brick lumber wool gold gold gold", "gold"),
        (Piece.CITY, "ore ore ore grain grain", ""),
        (Piece.CITY, "ore ore gold gold grain grain", ""),
        (Piece.KNIGHT, "ore wool grain grain", "grain"),
        (Piece.KNIGHT, "wool grain gold gold", ""),
    ],
)
def test_each_piece_is_paid_with_its_cost_2_gold_for_each_resource_missing(
    piece: Piece, dice: str, left: str
) -> None:
    assert cd.pay(parse_symbols(dice), piece) == parse_symbols(left)


@pytest.mark.parametrize(
    ("piece", "dice"),
    [
        (Piece.ROAD, "brick gold"),
        (Piece.ROAD, "lumber gold wool"),
        (Piece.ROAD, "gold gold gold"),
        (Piece.SETTLEMENT, "brick lumber wool ore ore ore"),
        (Piece.CITY, "ore ore ore grain gold"),
        (Piece.CITY, "ore ore grain grain gold"),
        (Piece.KNIGHT, "ore wool"),
        (Piece.KNIGHT, ""),
    ],
)
def test_dice_that_do_not_pay_for_a_piece_are_refused(piece: Piece, dice: str) -> None:
    call = lambda: cd.pay(parse_symbols(dice), piece)  # noqa: E731
    expect_refusal("cd-rolls", f"dice that pay for a {piece.value}", call)


def test_paying_says_the_piece_the_dice_the_gold_and_what_is_left() -> None:
    assert said(cd.pay, parse_symbols("gold brick wool gold"), Piece.ROAD) == [
        "cd-rolls: piece = road, dice = [gold, brick, wool, gold], gold_paid = 2, left = [wool]"
    ]
    assert said(cd.pay, parse_symbols("brick lumber"), Piece.ROAD) == [
        "cd-rolls: piece = road, dice = [brick, lumber], gold_paid = 0, left = []"
    ]
    expect_refusal("cd-rolls", "a piece among", lambda: cd.pay([], "castle"))  # type: ignore[arg-type]


def test_a_joker_turns_one_die_of_the_result_into_what_its_knight_gives() -> None:
    dice = parse_symbols("gold ore gold")
    assert cd.use_joker(dice, Terrain.ORE, Symbol.GOLD, Symbol.ORE) == parse_symbols("ore ore gold")
    assert cd.use_joker(dice, Terrain.DESERT, Symbol.ORE, Symbol.BRICK) == parse_symbols(
        "gold brick gold"
    )
    for into in (Symbol.GOLD, Symbol.WOOL):
        call = lambda s=into: cd.use_joker(dice, Terrain.ORE, Symbol.GOLD, s)  # noqa: E731
        expect_refusal("cd-knight-joker", "a resource the knight's joker gives", call)
    call = lambda: cd.use_joker(dice, Terrain.DESERT, Symbol.GOLD, Symbol.GOLD)  # noqa: E731
    expect_refusal("cd-knight-joker", "a resource the knight's joker gives", call)
    call = lambda: cd.use_joker(dice, Terrain.ORE, Symbol.WOOL, Symbol.ORE)  # noqa: E731
    expect_refusal("cd-knight-joker", "a die of the final result", call)
    assert said(cd.use_joker, dice, Terrain.ORE, Symbol.GOLD, Symbol.ORE) == [
        "cd-knight-joker: terrain = ore, joker_gives = [ore]",
        "cd-knight-joker: changed = gold, into = ore",
    ]


def test_a_city_on_the_sheet_upgrades_a_settlement_of_the_builder_on_a_city_site() -> None:
    built = Built(settlements={"a": "red", "b": "red", "c": "blue"}, cities=frozenset({"a"}))
    assert cd.city_on_sheet(built, "red", ["a", "b", "c"]).cities == {"a", "b"}
    assert said(cd.city_on_sheet, built, "red", ["a", "b", "c"]) == [
        "cd-city: player = red, city_sites = 2, allowed = True"
    ]
    expected = "a settlement of the builder's on a city site, not yet a city"
    expect_refusal("cd-city", expected, lambda: cd.city_on_sheet(built, "red", ["a"]))
    expect_refusal("cd-city", expected, lambda: cd.city_on_sheet(built, "red", []))
    expect_refusal("cd-city", expected, lambda: cd.city_on_sheet(built, "white", ["c"]))
    expect_refusal(
        "cd-city",
        "settlements on city sites, by name",
        lambda: cd.city_on_sheet(built, "red", ["b", 3]),
    )  # type: ignore[list-item]
    two = Built(settlements={"a": "red", "b": "red"})
    assert cd.city_on_sheet(two, "red", {"b", "a"}).cities == {"a"}


def test_the_desert_holds_2_knights_and_other_hexes_are_the_map_s_to_say() -> None:
    deserts = [Terrain.DESERT] * cd.DESERT_KNIGHTS
    assert cd.knight_terrain(deserts[:-1], Terrain.DESERT) is Terrain.DESERT
    assert cd.knight_terrain([*deserts, Terrain.ORE] * 1, Terrain.ORE) is Terrain.ORE
    call = lambda: cd.knight_terrain(deserts, Terrain.DESERT)  # noqa: E731
    expect_refusal("cd-castle-desert-jokers", "a knight outside the desert", call)
    assert said(cd.knight_terrain, deserts[:-1], Terrain.DESERT) == [
        "cd-castle-desert-jokers: terrain = desert, desert_knights = 1"
    ]


def test_a_castle_on_the_sheet_needs_6_identical_symbols_and_one_of_the_4_left() -> None:
    three = Built(castles=("red", "blue", "red"))
    assert cd.castle_on_sheet(three, "blue", parse_symbols("wool " * 6)).castles == (
        "red", "blue", "red", "blue",
    )  # fmt: skip
    call = lambda: cd.castle_on_sheet(three, "blue", parse_symbols("wool " * 5 + "ore"))  # noqa: E731
    expect_refusal("cd-castle-building", "6 identical symbols", call)
    call = lambda: cd.castle_on_sheet(three, "blue", parse_symbols("wool " * 5))  # noqa: E731
    expect_refusal("cd-castle-building", "6 identical symbols", call)
    full = Built(castles=("red",) * cd.CASTLES)
    call = lambda: cd.castle_on_sheet(full, "blue", parse_symbols("wool " * 6))  # noqa: E731
    expect_refusal("cd-castles", "fewer than 4 castles built", call)
    assert said(cd.castle_on_sheet, three, "blue", parse_symbols("gold " * 6))[-1] == (
        "cd-castles: player = blue, castles = 4"
    )


def test_the_awards_on_the_sheet_follow_the_lengths_measured_and_the_knights_counted() -> None:
    knights = {"k1": "red", "k2": "red", "k3": "red", "k4": "blue"}
    built = Built(knights=knights, longest_road="blue", largest_army=None)
    after = cd.awards_on_sheet(built, "red", {"red": 6, "blue": 6})
    assert (after.longest_road, after.largest_army) == ("blue", "red")
    after = cd.awards_on_sheet(built, "blue", {"red": 7, "blue": 6})
    assert (after.longest_road, after.largest_army) == ("blue", None)
    after = cd.awards_on_sheet(built, "red", {"red": 7, "blue": 6})
    assert (after.longest_road, after.largest_army) == ("red", "red")
    army = Built(knights={**knights, "k5": "blue", "k6": "blue"}, largest_army="red")
    assert cd.awards_on_sheet(army, "blue", {"red": 1, "blue": 1}).largest_army == "red"
    more = Built(knights={**army.knights, "k7": "blue"}, largest_army="red")
    assert cd.awards_on_sheet(more, "blue", {"red": 1, "blue": 1}).largest_army == "blue"
    assert cd.awards_on_sheet(Built(), "white", {"white": 1}) == Built()
    call = lambda: cd.awards_on_sheet(built, "red", {"red": 6})  # noqa: E731
    expect_refusal("cd-longest-road-taken", "a count for the holder and the builder", call)


def test_when_nobody_can_build_the_most_victory_points_win_and_a_tie_names_them_all() -> None:
    assert cd.most_points({"red": 9, "blue": 8, "white": 9}) == ("red", "white")
    assert cd.most_points({"red": 0}) == ("red",)
    assert cd.most_points(dict.fromkeys("abcd", 1)) == ("a", "b", "c", "d")
    assert said(cd.most_points, {"red": 3, "blue": 5}) == ["cd-goal: most = 5, winners = [blue]"]
    expect_refusal("cd-goal", "the victory points of 1 to 4 players", lambda: cd.most_points({}))
    five = dict.fromkeys(("a", "b", "c", "d", "e"), 1)
    expect_refusal("cd-goal", "the victory points of 1 to 4 players", lambda: cd.most_points(five))
    expect_refusal("cd-goal", "victory points", lambda: cd.most_points({"red": -1}))
