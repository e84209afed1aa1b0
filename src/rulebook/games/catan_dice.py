"""Catan Dice Game "Extra": players share one printed island and race to 10 victory points.

The rules are ``rules_fr/catan-dice-extra.md`` (French) and ``rules_en/catan-dice-extra.md``
(English). Each function restates its rule; a docstring line ``[rule-id]`` binds the doctests
after it to that rule, and the checker compares their numbers with the rule's text.

The printed map is not reproduced. The island is a graph (``Island``): roads join points,
some points are building sites (``Site``), and each knight stands on a hex (``KnightHex``)
whose sides are roads. ``make_island`` builds one from a short description; the small
islands of the examples (``SAMPLE``, ``COAST``) are made up for the examples, not copied
from the map. Players are named by the colour of their pen (``"red"``, ``"blue"``).
"""

from collections import Counter
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from fractions import Fraction
from functools import cache
from itertools import pairwise, product
from math import factorial, floor
from random import Random
from typing import Final, TypeVar

from rulebook.errors import RuleError
from rulebook.kit.tables import Cell, Table, runs, span, table
from rulebook.kit.validate import flag, items
from rulebook.kit.validate import member as _member

T = TypeVar("T")

__all__ = [
    "AWARD_MARKERS",
    "CASTLES",
    "CASTLE_POINTS",
    "CASTLE_SYMBOLS",
    "CITY_POINTS",
    "DESERT_KNIGHTS",
    "DICE",
    "FIRST_PLAYER_DICE",
    "JOKER_DICE",
    "LARGEST_ARMY_MIN",
    "LARGEST_ARMY_POINTS",
    "LONGEST_ROAD_MIN",
    "LONGEST_ROAD_POINTS",
    "PENS",
    "PLUS_POINTS",
    "ROLLS",
    "SETTLEMENT_POINTS",
    "STARTING_ROAD_GAP",
    "WINNING_POINTS",
    "Built",
    "Island",
    "KnightHex",
    "Piece",
    "Site",
    "Symbol",
    "Terrain",
    "army_size",
    "build",
    "build_castle",
    "can_build_city",
    "can_build_knight",
    "can_build_road",
    "can_build_settlement",
    "can_use_joker",
    "castle_chance",
    "castle_rolled",
    "castle_table",
    "choose_starting_road",
    "dice_for_turn",
    "dice_table",
    "has_won",
    "joker_symbols",
    "jokers_of",
    "largest_army_holder",
    "longest_road",
    "longest_road_holder",
    "make_island",
    "parse_symbols",
    "roads_between",
    "roll_turn",
    "same_symbol_chance",
    "starting_road_allowed",
    "victory_points",
]

DICE: Final = 6
"""The dice of the Catan Dice Game, Standard Edition (cd-material, cd-dice-per-turn)."""
PENS: Final = 4
"""Pens of different colours, one per player (cd-material)."""
AWARD_MARKERS: Final = 2
"""Objects showing who holds the Longest Road and the Largest Army (cd-material)."""
STARTING_ROAD_GAP: Final = 5
"""Unbuilt roads at least between 2 starting roads (cd-starting-road-distance)."""
FIRST_PLAYER_DICE: Final = 3
"""The dice the first player rolls on the first turn (cd-first-turn)."""
FIRST_TURN: Final = 1
"""Turns are counted from this one, the first player's first turn (cd-dice-per-turn)."""
ROLLS: Final = 3
"""Rolls at most in a turn (cd-rolls)."""
JOKER_DICE: Final = 1
"""Dice a joker changes (cd-knight-joker)."""
WINNING_POINTS: Final = 10
"""The first player to reach this many victory points wins (cd-goal)."""
SETTLEMENT_POINTS: Final = 1
"""Victory points of a settlement (cd-victory-points)."""
CITY_POINTS: Final = 2
"""Victory points of a city, which replaces its settlement (cd-victory-points)."""
LONGEST_ROAD_POINTS: Final = 1
"""Victory points of the Longest Road in the "Extra" game (cd-victory-points)."""
LARGEST_ARMY_POINTS: Final = 2
"""Victory points of the Largest Army (cd-victory-points, cd-largest-army-points)."""
LONGEST_ROAD_MIN: Final = 5
"""Road pieces in a continuous line at least, for the Longest Road (cd-longest-road)."""
LARGEST_ARMY_MIN: Final = 3
"""Knights the first holder of the Largest Army must have created (cd-largest-army)."""
CASTLES: Final = 4
"""Castles on the map, one in each corner (cd-castles)."""
CASTLE_SYMBOLS: Final = 6
"""Identical symbols needed to build a castle (cd-castles, cd-castle-building)."""
CASTLE_POINTS: Final = 2
"""Victory points of a castle (cd-castle-building)."""
DESERT_KNIGHTS: Final = 2
"""The joker knights in the desert (cd-castle-desert-jokers)."""
YAHTZEE_DICE: Final = 5
"""The ordinary dice of a Yahtzee, the check row of the castle table (cd-castle-tip)."""
ISLAND_ROADS: Final = 200
"""Roads an island may have at most. The rules print one island and give no number; this
generous bound keeps every function on an island quick (cd-shared-island)."""
PLAYER_CHAINS: Final = 20
"""Chains of one player's roads the Longest Road is measured on at most, a chain running
between forks, dead ends or other players' buildings: the rules set no number, and a game
ends at 10 points long before a player's roads fork 10 times. The longest line is found by
trying lines one after another; with 20 chains that takes 0.3 s at worst on a slow machine
(cd-longest-road)."""
MOST_ROADS_AT_A_POINT: Final = 3
"""Roads that meet at a point of the island at most: the map is made of hexes, and 3 hex
sides meet at a corner (cd-shared-island)."""


class Score(StrEnum):
    """What scores victory points."""

    SETTLEMENT = "settlement"
    CITY = "city"
    LONGEST_ROAD = "Longest Road"
    LARGEST_ARMY = "Largest Army"


PLUS_POINTS: Final = {
    Score.SETTLEMENT: 1,
    Score.CITY: 2,
    Score.LONGEST_ROAD: 2,
    Score.LARGEST_ARMY: 2,
}
"""The "Plus" version's scoring, told in the introduction: not this game's (cd-plus-version).
The "Extra" game scores with ``SETTLEMENT_POINTS``, ``CITY_POINTS``, ``LONGEST_ROAD_POINTS``
and ``LARGEST_ARMY_POINTS``."""


class Symbol(StrEnum):
    """The six faces of each die: five resources and gold."""

    BRICK = "brick"
    LUMBER = "lumber"
    WOOL = "wool"
    GRAIN = "grain"
    ORE = "ore"
    GOLD = "gold"


RESOURCES: Final = tuple(s for s in Symbol if s is not Symbol.GOLD)
"""What a joker may turn a die into: a resource, never gold (cd-knight-joker)."""


class Terrain(StrEnum):
    """The hex a knight stands on: a resource's terrain, or the desert."""

    BRICK = "brick"
    LUMBER = "lumber"
    WOOL = "wool"
    GRAIN = "grain"
    ORE = "ore"
    DESERT = "desert"


class Site(StrEnum):
    """A building site: for a settlement only, or for a settlement that may become a city."""

    SETTLEMENT = "settlement"
    CITY = "city"


class Piece(StrEnum):
    """What a player builds on the island's graph."""

    ROAD = "road"
    SETTLEMENT = "settlement"
    CITY = "city"
    KNIGHT = "knight"


def _count(rule_id: str, what: str, value: object, low: int, high: int | None = None) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        if low <= value and (high is None or value <= high):
            return value
    upper = f" to {high}" if high is not None else " or more"
    raise RuleError(rule_id, f"{what}, a whole number from {low}{upper}", value)


def _player(rule_id: str, player: object) -> str:
    if not isinstance(player, str) or not player:
        raise RuleError(rule_id, "a player, named by the colour of their pen", player)
    return player


def _holder(rule_id: str, holder: object) -> str | None:
    return None if holder is None else _player(rule_id, holder)


def _text(rule_id: str, value: object, what: str) -> str:
    if not isinstance(value, str):
        raise RuleError(rule_id, f"{what}, as text", value)
    return value


# The dice ------------------------------------------------------------------------------


def parse_symbols(text: str) -> tuple[Symbol, ...]:
    """Read dice written as words: ``"ore ore grain"``.

    >>> parse_symbols("ore gold")
    (<Symbol.ORE: 'ore'>, <Symbol.GOLD: 'gold'>)
    >>> parse_symbols("ore sheep")
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: cd-rolls: expected a symbol among brick, lumber, wool, grain,
    ore, gold, got 'sheep'

    More words than the 18 dice of a turn's 3 rolls are refused, and so is what is not text:

    >>> parse_symbols("ore " * 19)
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: cd-rolls: expected dice, at most 18 in a list or tuple, got [...]
    """
    words = items("cd-rolls", _text("cd-rolls", text, "words").split(), "dice", DICE * ROLLS)
    return tuple(_member("cd-rolls", Symbol, word) for word in words)


def dice_for_turn(turn: int) -> int:
    """How many dice a turn rolls: 3 on the first player's first turn, then each next player
    1 more, until someone rolls all 6; from then on every turn rolls 6.

    Turns are counted one after another around the table, from the first player's first
    turn (``FIRST_TURN``).

    [cd-first-turn] The first player takes 3 of the 6 dice.

    >>> dice_for_turn(FIRST_TURN)
    3

    [cd-dice-per-turn] Once a player rolls the 6 dice, every later turn rolls 6.

    >>> turns = range(FIRST_TURN, DICE * DICE)
    >>> all_six = next(turn for turn in turns if dice_for_turn(turn) == DICE)
    >>> {dice_for_turn(turn) for turn in range(all_six, all_six * DICE)}
    {6}
    """
    turn = _count("cd-dice-per-turn", "a turn counted from the first player's first", turn, 1)
    return min(FIRST_PLAYER_DICE + turn - FIRST_TURN, DICE)


@table
def dice_table() -> Table:
    """The dice each turn rolls, as ``dice_for_turn`` computes it, one column per run."""
    last = FIRST_TURN + DICE
    groups = runs(range(FIRST_TURN, last + 1), dice_for_turn)
    turns = [(span(lo, None if hi == last else hi),) for lo, hi, _ in groups]
    dice = [(str(n),) for _, _, n in groups]
    return (((), *turns), ((), *dice))


def roll_turn(
    rng: Random, dice: int, keep: Callable[[tuple[Symbol, ...]], Collection[int]]
) -> tuple[tuple[Symbol, ...], ...]:
    """A turn's rolls: up to three; after each, ``keep`` names (by position) the dice set
    aside, and the others are rolled again. A die set aside is not locked: if ``keep`` leaves
    it out next time, it is rolled again, as in the classic game. Setting every die aside
    ends the turn early. The last result is the one the player builds with.

    [cd-rolls] Up to three rolls; after the third at the latest, the result is final.

    >>> rolls = roll_turn(Random("cd-rolls"), DICE, keep=lambda result: ())
    >>> len(rolls)
    3
    """
    dice = _count("cd-rolls", "a number of dice", dice, FIRST_PLAYER_DICE, DICE)
    if not isinstance(rng, Random) or not callable(keep):
        raise RuleError("cd-rolls", "a random.Random and a function choosing dice", (rng, keep))
    faces = tuple(Symbol)
    result = tuple(rng.choice(faces) for _ in range(dice))
    rolls = [result]
    while len(rolls) + 1 <= ROLLS:  # one more roll stays within the 3 (cd-rolls)
        kept = _kept(dice, keep(result))
        if len(kept) == dice:
            break
        result = tuple(s if i in kept else rng.choice(faces) for i, s in enumerate(result))
        rolls.append(result)
    return tuple(rolls)


def _kept(dice: int, kept: object) -> frozenset[int]:
    """The positions of the dice set aside; refused unless each is a die's position.

    >>> _kept(3, {0, 2}), _kept(3, [])
    (frozenset({0, 2}), frozenset())
    >>> _kept(3, [0, 3])
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: cd-rolls: expected positions of dice from 0 to 2, got [0, 3]
    """
    if not isinstance(kept, list | tuple | set | frozenset | range):
        raise RuleError("cd-rolls", "the positions of the dice set aside, in a collection", kept)
    positions = range(dice)
    if not all(isinstance(p, int) and not isinstance(p, bool) and p in positions for p in kept):
        raise RuleError("cd-rolls", f"positions of dice from 0 to {dice - 1}", list(kept))
    return frozenset(kept)


# The island ------------------------------------------------------------------------------


@dataclass(frozen=True)
class KnightHex:
    """A knight's hex: its terrain, and the roads along its sides (their ends are its corners)."""

    terrain: Terrain
    sides: frozenset[str]


@dataclass(frozen=True)
class Island:
    """The printed island as a graph: each road joins 2 points; some points are building
    sites; some roads are coastal; each knight stands on a hex bordered by roads."""

    roads: Mapping[str, tuple[str, str]]
    sites: Mapping[str, Site] = field(default_factory=dict)
    coast: frozenset[str] = frozenset()
    knights: Mapping[str, KnightHex] = field(default_factory=dict)

    def roads_at(self, point: str) -> frozenset[str]:
        """The roads that end at a point."""
        return frozenset(r for r, ends in self.roads.items() if point in ends)

    def corners(self, knight: str) -> frozenset[str]:
        """The corners of a knight's hex: the ends of the roads along its sides."""
        return frozenset(p for road in self.knights[knight].sides for p in self.roads[road])


def make_island(
    paths: str,
    sites: str = "",
    cities: str = "",
    coast: str = "",
    knights: Mapping[str, tuple[Terrain, str]] | None = None,
) -> Island:
    """An island from paths of points (``"a-b-c c-d"`` makes the roads a-b, b-c and c-d),
    its settlement sites and city sites (points), its coastal roads, and its knights
    (name: terrain and the roads along the hex's sides).

    >>> sorted(make_island("a-b-c", cities="b").roads_at("b"))
    ['a-b', 'b-c']
    >>> make_island("a-b", coast="b-c")
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: cd-shared-island: expected roads of the island, got 'b-c'
    """
    rule = "cd-shared-island"
    sites, cities, coast = (_text(rule, t, "points or roads") for t in (sites, cities, coast))
    roads = _paths(rule, paths)
    kinds = {p: Site.SETTLEMENT for p in sites.split()} | {p: Site.CITY for p in cities.split()}
    hexes = _hexes(rule, knights)
    named = set(coast.split()).union(*(h.sides for h in hexes.values()))
    for road in sorted(named - set(roads)):
        raise RuleError("cd-shared-island", "roads of the island", road)
    for point in sorted(set(kinds) - {p for ends in roads.values() for p in ends}):
        raise RuleError("cd-shared-island", "building sites at the ends of roads", point)
    return _island(rule, Island(roads, kinds, frozenset(coast.split()), hexes))


def _paths(rule_id: str, paths: object) -> dict[str, tuple[str, str]]:
    """The roads along paths of points: 2 different points each, joined by 1 road at most.

    >>> make_island("a-a")
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: cd-shared-island: expected roads joining 2 different points,
    once each, got 'a-a'
    """
    roads: dict[str, tuple[str, str]] = {}
    joined: set[frozenset[str]] = set()
    for path in _text(rule_id, paths, "paths of points").split():
        for a, b in pairwise(path.split("-")):
            if not a or not b or a == b or ({a, b} in joined and f"{a}-{b}" not in roads):
                raise RuleError(rule_id, "roads joining 2 different points, once each", path)
            roads[f"{a}-{b}"] = (a, b)
            joined.add(frozenset({a, b}))
        _count(rule_id, "a number of roads", len(roads), 0, ISLAND_ROADS)
    return roads


def _hexes(rule_id: str, knights: object) -> dict[str, KnightHex]:
    """The knights' hexes, from a mapping of names to a terrain and the roads of the sides."""
    given = _names(rule_id, {} if knights is None else knights, "knights", tuple)
    hexes = {}
    for name, hex_ in given.items():
        terrain, sides = hex_ if len(hex_) == 2 else (None, None)
        roads = _text(rule_id, sides, "the roads along a knight's hex").split()
        hexes[name] = KnightHex(_member(rule_id, Terrain, terrain), frozenset(roads))
    return hexes


@dataclass(frozen=True)
class Built:
    """What the players have built: each road, site, knight and castle has 1 owner at most.

    A city stays in ``settlements`` (its owner) and is listed in ``cities``; ``used_jokers``
    lists the knights whose joker has been used. The holders of the Longest Road and the
    Largest Army are kept here too.
    """

    roads: Mapping[str, str] = field(default_factory=dict)
    settlements: Mapping[str, str] = field(default_factory=dict)
    cities: frozenset[str] = frozenset()
    knights: Mapping[str, str] = field(default_factory=dict)
    used_jokers: frozenset[str] = frozenset()
    castles: tuple[str, ...] = ()
    longest_road: str | None = None
    largest_army: str | None = None

    def players(self) -> frozenset[str]:
        """Everyone who owns something on the island."""
        owners = (*self.roads.values(), *self.settlements.values(), *self.knights.values())
        return frozenset((*owners, *self.castles))


def _names(rule_id: str, value: object, what: str, kind: type[T]) -> Mapping[str, T]:
    """A mapping from names to values of a type, as an island or a game state holds them."""
    if not isinstance(value, Mapping) or len(value) > ISLAND_ROADS:
        raise RuleError(rule_id, f"{what}, at most {ISLAND_ROADS} in a mapping", value)
    for name, held in value.items():
        if not isinstance(name, str) or not isinstance(held, kind) or not name:
            raise RuleError(rule_id, what, {name: held})
    return value


def _island(rule_id: str, island: object) -> Island:
    """An island whose roads join 2 named points, whose sites, coast and knights are its own.

    >>> _island("cd-longest-road", {"a-b": ("a", "b")})
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: cd-longest-road: expected an Island (see make_island),
    got {'a-b': ('a', 'b')}
    """
    if not isinstance(island, Island):
        raise RuleError(rule_id, "an Island (see make_island)", island)
    for name, ends in _names(rule_id, island.roads, "roads joining 2 points", tuple).items():
        if len(ends) != 2 or not all(isinstance(p, str) for p in ends):
            raise RuleError(rule_id, "roads joining 2 points", {name: ends})
    _corners(rule_id, island)
    _island_parts(rule_id, island)
    return island


def _corners(rule_id: str, island: Island) -> None:
    """At most 3 roads meet at a point, as at a corner of the printed map's hexes.

    >>> make_island("a-b a-c a-d a-e")
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: cd-shared-island: expected the roads meeting at a, a whole
    number from 0 to 3, got 4
    """
    meeting = Counter(p for ends in island.roads.values() for p in ends)
    for point, roads in sorted(meeting.items()):
        _count(rule_id, f"the roads meeting at {point}", roads, 0, MOST_ROADS_AT_A_POINT)


def _island_parts(rule_id: str, island: Island) -> None:
    """Sites at the island's points; coast and the knights' hex sides among its roads."""
    points = {p for ends in island.roads.values() for p in ends}
    _names(rule_id, island.sites, "building sites at points of the island", Site)
    hexes = _names(rule_id, island.knights, "knights on hexes of the island", KnightHex)
    sides = [h.sides for h in island.knights.values() if isinstance(h, KnightHex)]
    terrains = [h.terrain for h in island.knights.values() if isinstance(h, KnightHex)]
    parts = [island.coast, *sides]
    if not all(isinstance(t, Terrain) for t in terrains) or len(terrains) != len(hexes):
        raise RuleError(rule_id, "knights on hexes of a terrain", island.knights)
    if not all(isinstance(part, frozenset) for part in parts):
        raise RuleError(rule_id, "the coast and the hexes' sides as frozensets of roads", island)
    if not set(island.sites) <= points or not frozenset().union(*parts) <= set(island.roads):
        raise RuleError(rule_id, "sites, coast and knights of the island's own roads", island)


def _built(rule_id: str, built: object, island: Island | None = None) -> Built:
    """What the players have built, each name one of the island's (when it is given).

    >>> _built("cd-victory-points", None)
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: cd-victory-points: expected what the players have built
    (a Built), got None
    """
    if not isinstance(built, Built):
        raise RuleError(rule_id, "what the players have built (a Built)", built)
    owners = {"roads": built.roads, "settlements": built.settlements, "knights": built.knights}
    for what, owned in owners.items():
        _names(rule_id, owned, f"{what} owned by players", str)
    if not isinstance(built.cities, frozenset) or not isinstance(built.used_jokers, frozenset):
        raise RuleError(rule_id, "cities and used jokers as frozensets", built)
    for player in items(rule_id, built.castles, "the owners of the castles", CASTLES):
        _player(rule_id, player)
    for holder in (built.longest_road, built.largest_army):
        _holder(rule_id, holder)
    if island is not None:
        _on_island(rule_id, island, built)
    return built


def _on_island(rule_id: str, island: Island, built: Built) -> None:
    """Refuses roads, sites and knights that are not the island's: 'roads off the island'."""
    for names, known in (
        (built.roads, island.roads),
        (built.settlements, island.sites),
        (built.knights, island.knights),
    ):
        for name in sorted(set(names) - set(known)):
            raise RuleError(rule_id, "roads, sites and knights of the island", name)


def _road(rule_id: str, island: Island, road: object) -> str:
    if not isinstance(road, str) or road not in island.roads:
        raise RuleError(rule_id, "a road of the island, named by its ends like 'a-b'", road)
    return road


def _site(rule_id: str, island: Island, point: object) -> Site:
    if not isinstance(point, str) or point not in island.sites:
        raise RuleError(rule_id, "a building site of the island", point)
    return island.sites[point]


# Starting roads --------------------------------------------------------------------------


def roads_between(island: Island, first: str, second: str) -> int | None:
    """The fewest roads between 2 roads, along the shortest chain of roads that joins them
    (0 when they share an end; ``None`` when no chain joins them).

    [cd-starting-road-distance] On a coast a-b-c-…, 5 roads lie between a-b and g-h.

    >>> roads_between(COAST, "a-b", "g-h")
    5
    """
    island = _island("cd-starting-road-distance", island)
    start, goal = (_road("cd-starting-road-distance", island, r) for r in (first, second))
    if start == goal:
        raise RuleError("cd-starting-road-distance", "2 different roads", goal)
    return _roads_between(island, start).get(goal)


def _roads_between(island: Island, start: str) -> dict[str, int]:
    """The fewest roads between ``start`` and each road a chain of roads joins to it: one
    breadth-first walk, in time linear in the island's roads."""
    at = _roads_at(island.roads)
    between, frontier, gap = {start: -1}, [start], 0
    while frontier:
        ends = {p for road in frontier for p in island.roads[road]}
        frontier = sorted({r for p in ends for r in at[p]} - set(between))
        between.update(dict.fromkeys(frontier, gap))
        gap += 1
    return between


def starting_road_allowed(island: Island, built: Built, road: str) -> bool:
    """Whether a road may be chosen as a starting road: unbuilt, coastal, and with at least
    5 unbuilt roads between it and every starting road already chosen.

    [cd-starting-road] The road must be coastal.

    >>> starting_road_allowed(COAST, Built(), "a-b"), starting_road_allowed(COAST, Built(), "a-x")
    (True, False)

    [cd-starting-road-distance] With red on a-b, g-h is far enough away, f-g is not.

    >>> red = Built(roads={"a-b": "red"})
    >>> starting_road_allowed(COAST, red, "g-h"), starting_road_allowed(COAST, red, "f-g")
    (True, False)
    """
    island = _island("cd-starting-road", island)
    built = _built("cd-starting-road", built, island)
    road = _road("cd-starting-road", island, road)
    if road in built.roads or road not in island.coast:
        return False
    between = _roads_between(island, road)
    gaps = (between.get(other) for other in built.roads)
    return all(gap is None or gap >= STARTING_ROAD_GAP for gap in gaps)


def choose_starting_road(island: Island, built: Built, player: str, road: str) -> Built:
    """A player's starting road, chosen in turn from the youngest player, clockwise: one per
    player, unbuilt, coastal, and far enough from the others (``starting_road_allowed``).

    >>> built = choose_starting_road(COAST, Built(), "red", "a-b")
    >>> choose_starting_road(COAST, built, "blue", "e-f")
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: cd-starting-road-distance: expected a road with at least 5
    unbuilt roads between it and every other starting road, got 'e-f'
    """
    island = _island("cd-starting-road", island)
    built = _built("cd-starting-road", built, island)
    player, road = _player("cd-starting-road", player), _road("cd-starting-road", island, road)
    if player in built.roads.values():
        raise RuleError("cd-starting-road", "a player who has no starting road yet", player)
    if road in built.roads or road not in island.coast:
        raise RuleError("cd-starting-road", "an unbuilt coastal road", road)
    if not starting_road_allowed(island, built, road):
        expected = f"a road with at least {STARTING_ROAD_GAP} unbuilt roads between it and every"
        raise RuleError("cd-starting-road-distance", f"{expected} other starting road", road)
    return replace(built, roads={**built.roads, road: player})


# Building --------------------------------------------------------------------------------


def _owns_road_at(island: Island, built: Built, player: str, point: str) -> bool:
    return any(built.roads.get(road) == player for road in island.roads_at(point))


def _goes_past(island: Island, built: Built, player: str, point: str) -> bool:
    """Whether a player's line of roads may go on past a point: not past an unbuilt
    building site, nor past a building that is not theirs."""
    return point not in island.sites or built.settlements.get(point) == player


def can_build_road(island: Island, built: Built, player: str, road: str) -> bool:
    """Whether a player may build a road: it is unbuilt, and one of its ends is the end of
    one of the player's roads, where the player may go on (see ``_goes_past``).

    [cd-road-settlement] Red's road a-b leads on to b-c; at c, an unbuilt site, red must
    build a settlement before going on to c-d. Beyond blue's settlement at e, never.

    >>> built = Built(roads={"a-b": "red", "b-c": "red"})
    >>> can_build_road(SAMPLE, built, "red", "c-d")
    False
    >>> can_build_settlement(SAMPLE, built, "red", "c")
    True
    >>> built = build(SAMPLE, built, "red", Piece.SETTLEMENT, "c")
    >>> can_build_road(SAMPLE, built, "red", "c-d")
    True
    >>> roads = {"c-d": "red", "d-e": "red", "e-f": "blue"}
    >>> built = Built(roads=roads, settlements={"c": "red", "e": "blue"})
    >>> can_build_road(SAMPLE, built, "red", "e-j"), can_build_road(SAMPLE, built, "blue", "e-j")
    (False, True)

    [cd-city-sites] Red's settlement on the city site c lets red's roads go on past c
    before it becomes a city.

    >>> built = Built(roads={"b-c": "red"}, settlements={"c": "red"})
    >>> SAMPLE.sites["c"], can_build_road(SAMPLE, built, "red", "c-h")
    (<Site.CITY: 'city'>, True)
    """
    island = _island("cd-road-settlement", island)
    built = _built("cd-road-settlement", built, island)
    road, player = _road("cd-road-settlement", island, road), _player("cd-road-settlement", player)
    if road in built.roads:
        return False
    return any(
        _owns_road_at(island, built, player, end) and _goes_past(island, built, player, end)
        for end in island.roads[road]
    )


def can_build_settlement(island: Island, built: Built, player: str, site: str) -> bool:
    """Whether a player may build a settlement: on an unbuilt building site that one of the
    player's roads leads to."""
    island = _island("cd-road-settlement", island)
    built = _built("cd-road-settlement", built, island)
    _site("cd-road-settlement", island, site)
    player = _player("cd-road-settlement", player)
    return site not in built.settlements and _owns_road_at(island, built, player, site)


def can_build_city(island: Island, built: Built, player: str, site: str) -> bool:
    """Whether a player may transform a settlement into a city: one of the player's own
    settlements, on a site that may become a city, not already a city.

    [cd-city] Red may transform red's settlement on the city site c; blue may not; blue's
    settlement on e, a site for a settlement only, never becomes a city.

    >>> built = Built(settlements={"c": "red", "e": "blue"})
    >>> can_build_city(SAMPLE, built, "red", "c"), can_build_city(SAMPLE, built, "blue", "c")
    (True, False)
    >>> can_build_city(SAMPLE, built, "blue", "e")
    False
    """
    island = _island("cd-city", island)
    built = _built("cd-city", built, island)
    kind = _site("cd-city", island, site)
    player = _player("cd-city", player)
    owned = built.settlements.get(site) == player
    return kind is Site.CITY and owned and site not in built.cities


def can_build_knight(island: Island, built: Built, player: str, knight: str) -> bool:
    """Whether a player may create a knight: it is not created yet, and one of the player's
    roads is on a side of its hex, or one of the player's settlements or cities on a corner.

    [cd-knight] The forest knight's hex has the sides c-d and d-e: red's settlement on
    the corner c is enough; white, with nothing there, may not.

    >>> built = Built(roads={"b-c": "red"}, settlements={"c": "red"})
    >>> can_build_knight(SAMPLE, built, "red", "forest")
    True
    >>> can_build_knight(SAMPLE, built, "white", "forest")
    False
    """
    island = _island("cd-knight", island)
    built = _built("cd-knight", built, island)
    if not isinstance(knight, str) or knight not in island.knights:
        raise RuleError("cd-knight", "a knight of the island", knight)
    player = _player("cd-knight", player)
    if knight in built.knights:
        return False
    on_side = any(built.roads.get(road) == player for road in island.knights[knight].sides)
    corners = island.corners(knight)
    return on_side or any(built.settlements.get(p) == player for p in corners)


_CAN_BUILD: Final[dict[Piece, tuple[str, Callable[[Island, Built, str, str], bool], str]]] = {
    Piece.ROAD: (
        "cd-road-settlement",
        can_build_road,
        "an unbuilt road at the end of one of {}'s roads, not past an unbuilt building site "
        "or another player's building",
    ),
    Piece.SETTLEMENT: (
        "cd-road-settlement",
        can_build_settlement,
        "an unbuilt building site that one of {}'s roads leads to",
    ),
    Piece.CITY: ("cd-city", can_build_city, "one of {}'s settlements on a city site"),
    Piece.KNIGHT: (
        "cd-knight",
        can_build_knight,
        "an uncreated knight with one of {}'s roads on a side or buildings on a corner",
    ),
}


def _place(built: Built, player: str, piece: Piece, where: str) -> Built:
    if piece is Piece.ROAD:
        return replace(built, roads={**built.roads, where: player})
    if piece is Piece.SETTLEMENT:
        return replace(built, settlements={**built.settlements, where: player})
    if piece is Piece.CITY:
        return replace(built, cities=built.cities | {where})
    return replace(built, knights={**built.knights, where: player})


def _award(island: Island, built: Built, builder: str) -> Built:
    holders = {h for h in (built.longest_road, built.largest_army) if h is not None}
    players = built.players() | holders
    lengths = {p: longest_road(island, built, p) for p in players}
    armies = {p: army_size(built, p) for p in players}
    return replace(
        built,
        longest_road=longest_road_holder(built.longest_road, builder, lengths),
        largest_army=largest_army_holder(built.largest_army, builder, armies),
    )


def build(island: Island, built: Built, player: str, piece: Piece, where: str) -> Built:
    """A player builds a road, a settlement, a city or a knight; then the Longest Road and
    the Largest Army go to the builder if the builder now beats their holder.

    Building what the rules forbid raises ``RuleError``, naming the rule:

    >>> build(SAMPLE, Built(roads={"a-b": "red"}), "blue", Piece.ROAD, "b-c")
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: cd-road-settlement: expected an unbuilt road at the end of one
    of blue's roads, not past an unbuilt building site or another player's building, got 'b-c'

    [cd-shared-island] Each road, site and knight has 1 owner: once red has built b-c,
    blue cannot build it too.

    >>> built = build(SAMPLE, Built(roads={"a-b": "red", "c-d": "blue"}), "red", Piece.ROAD, "b-c")
    >>> built.roads["b-c"], can_build_road(SAMPLE, built, "blue", "b-c")
    ('red', False)
    """
    piece = _member("cd-road-settlement", Piece, piece)
    rule, allowed, expected = _CAN_BUILD[piece]
    island, built = _island(rule, island), _built(rule, built, island)
    player = _player(rule, player)
    if not allowed(island, built, player, where):
        raise RuleError(rule, expected.format(player), where)
    return _award(island, _place(built, player, piece, where), player)


# Longest Road and Largest Army -------------------------------------------------------------


def _roads_at(ends: Mapping[str, tuple[str, str]]) -> dict[str, list[str]]:
    """The roads that end at each point."""
    at: dict[str, list[str]] = {}
    for road, points in ends.items():
        for p in points:
            at.setdefault(p, []).append(road)
    return at


def _chains(
    ends: Mapping[str, tuple[str, str]], passable: Callable[[str], bool]
) -> list[tuple[str, str, int]]:
    """The roads joined into chains: each chain runs between 2 forks, dead ends or breaks
    (points where a line cannot go on), through points where 2 roads meet; a loop with no
    fork becomes a chain from one of its points back to it."""
    at = _roads_at(ends)
    inner = {p for p, roads in at.items() if len(roads) == 2 and passable(p)}
    chains: list[tuple[str, str, int]] = []
    done: set[str] = set()
    starts = [p for p in at if p not in inner] + sorted(inner)
    for start in starts:
        for road in at[start]:
            if road in done:
                continue
            point, length = start, 0
            while road not in done:
                done.add(road)
                length += 1
                first, second = ends[road]
                point = second if first == point else first
                if point not in inner or point == start:
                    break
                road = next(r for r in at[point] if r != road)
            chains.append((start, point, length))
        inner.discard(start)
    return chains


def _networks(chains: list[tuple[str, str, int]]) -> list[list[tuple[str, str, int]]]:
    """The chains grouped by the networks they form: chains that share no point, directly or
    through others, are searched apart."""
    group: dict[str, int] = {}
    networks: list[list[tuple[str, str, int]]] = []
    for chain in chains:
        found = sorted({group[p] for p in chain[:2] if p in group})
        merged = [c for i in found for c in networks[i]] + [chain]
        for i in reversed(found):
            networks[i] = []
        networks.append(merged)
        group.update({p: len(networks) - 1 for c in merged for p in c[:2]})
    return [n for n in networks if n]


def _longest_line(chains: Sequence[tuple[str, str, int]], passable: Callable[[str], bool]) -> int:
    """The most roads in one line along chains, no chain twice, going on only past passable
    points. Each line is tried once for each set of chains and end point it reaches (chains
    as bits): time exponential in the chains at worst, which ``PLAYER_CHAINS`` bounds."""
    at: dict[str, list[int]] = {}
    for i, (a, b, _) in enumerate(chains):
        at.setdefault(a, []).append(i)
        if b != a:
            at.setdefault(b, []).append(i)
    best, seen = 0, set[tuple[str, int]]()
    lines = [(p, 0, 0) for p in at]
    while lines:
        point, used, length = lines.pop()
        if (point, used) in seen:
            continue
        seen.add((point, used))
        best = max(best, length)
        if length and not passable(point):
            continue
        for i in at[point]:
            if not used >> i & 1:
                a, b, n = chains[i]
                lines.append((b if a == point else a, used | 1 << i, length + n))
    return best


def longest_road(island: Island, built: Built, player: str) -> int:
    """A player's longest continuous road: the most road pieces in one line that never uses a
    road twice (forks do not add up), broken by other players' settlements and cities.

    [cd-longest-road] Red's 5 road pieces from a to f make a continuous road; the fork
    c-h does not count.

    >>> red = {road: "red" for road in ("a-b", "b-c", "c-d", "d-e", "e-f", "c-h")}
    >>> longest_road(LINE, Built(roads=red), "red")
    5

    [cd-longest-road-broken] Red's roads reach the building site d from both sides, without
    a settlement there; blue, coming from x, settles d, which breaks red's road in two.

    >>> red = {road: "red" for road in ("a-b", "b-c", "c-d", "d-e", "e-f")}
    >>> longest_road(LINE, Built(roads=red), "red") == LONGEST_ROAD_MIN
    True
    >>> broken = Built(roads={**red, "d-x": "blue"}, settlements={"d": "blue"})
    >>> longest_road(LINE, broken, "red") < LONGEST_ROAD_MIN
    True

    Roads off the island are refused, and so are more than ``PLAYER_CHAINS`` chains of one
    player's roads (the roads between forks).

    >>> longest_road(LINE, Built(roads={"a-z": "red"}), "red")
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: cd-longest-road: expected roads, sites and knights of the
    island, got 'a-z'
    """
    island = _island("cd-longest-road", island)
    built = _built("cd-longest-road", built, island)
    player = _player("cd-longest-road", player)
    own = {road: island.roads[road] for road, owner in built.roads.items() if owner == player}

    def passable(point: str) -> bool:
        return built.settlements.get(point, player) == player

    best = 0
    for network in _networks(_chains(own, passable)):
        _count("cd-longest-road", f"chains of {player}'s roads", len(network), 0, PLAYER_CHAINS)
        best = max(best, _longest_line(network, passable))
    return best


def _holders(
    rule_id: str, holder: object, builder: object, counts: object, what: str
) -> tuple[str | None, str]:
    """The holder and the builder, each given a count (of at most ``PENS`` players).

    A player missing from the counts is refused, not counted as 0:

    >>> longest_road_holder("red", "blue", {"blue": 6})
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: cd-longest-road-taken: expected a count for the holder and the
    builder, among at most 4 players, got {'blue': 6}
    """
    holder, builder = _holder(rule_id, holder), _player(rule_id, builder)
    counts = _names(rule_id, counts, f"{what} for each player", int)
    expected = f"a count for the holder and the builder, among at most {PENS} players"
    if len(counts) > PENS or not {builder, holder} - {None} <= set(counts):
        raise RuleError(rule_id, expected, counts)
    for count in counts.values():
        _count(rule_id, what, count, 0, ISLAND_ROADS)
    return holder, builder


def longest_road_holder(holder: str | None, builder: str, lengths: Mapping[str, int]) -> str | None:
    """Who holds the Longest Road after ``builder`` has built: the builder takes it with a
    continuous road of at least 5 pieces, strictly longer than the holder's road as it
    stands now; otherwise the holder keeps it, even if their road has been broken.

    [cd-longest-road] The first player with a road of 5 pieces takes it.

    >>> longest_road_holder(None, "red", {"red": 5})
    'red'

    [cd-longest-road-taken] Red holds it with 5 pieces. Blue, reaching 5 too, does not take
    it; blue takes it with the next road, strictly longer than red's.

    >>> red = {road: "red" for road in ("a-b", "b-c", "c-d", "d-e", "e-f")}
    >>> blue = {road: "blue" for road in ("p-q", "q-r", "r-s", "s-t")}
    >>> built = Built(roads={**red, **blue}, longest_road="red")
    >>> built = build(RACE, built, "blue", Piece.ROAD, "t-u")
    >>> longest_road(RACE, built, "blue"), built.longest_road
    (5, 'red')
    >>> build(RACE, built, "blue", Piece.ROAD, "u-v").longest_road
    'blue'
    """
    holder, builder = _holders("cd-longest-road-taken", holder, builder, lengths, "a road length")
    length = lengths[builder]
    if builder == holder or length < LONGEST_ROAD_MIN:
        return holder
    return builder if holder is None or length > lengths[holder] else holder


def army_size(built: Built, player: str) -> int:
    """The knights a player has created, whether or not their jokers have been used.

    [cd-largest-army-used-knights] Red's knights count, their jokers used or not.

    >>> fresh = Built(knights={"forest": "red", "desert-west": "red", "desert-east": "red"})
    >>> used = replace(fresh, used_jokers=frozenset({"forest", "desert-west"}))
    >>> army_size(used, "red") == army_size(fresh, "red")
    True
    """
    built = _built("cd-largest-army-used-knights", built)
    player = _player("cd-largest-army-used-knights", player)
    return sum(1 for owner in built.knights.values() if owner == player)


def largest_army_holder(holder: str | None, builder: str, armies: Mapping[str, int]) -> str | None:
    """Who holds the Largest Army after ``builder`` has built: the first player with 3
    knights takes it; then a player takes it only with strictly more knights than the holder.

    [cd-largest-army] The first player to create 3 knights has the Largest Army.

    >>> largest_army_holder(None, "red", {"red": 3})
    'red'

    [cd-largest-army-taken] Red holds it. Blue, creating as many knights as red, does not
    take it; blue takes it with more knights than red.

    >>> knights = {"north": "red", "south": "red", "east": "red", "west": "blue", "hill": "blue"}
    >>> built = Built(roads={"a-b": "red", "c-d": "blue"}, knights=knights, largest_army="red")
    >>> built = build(FORT, built, "blue", Piece.KNIGHT, "wood")
    >>> army_size(built, "blue") == army_size(built, "red"), built.largest_army
    (True, 'red')
    >>> build(FORT, built, "blue", Piece.KNIGHT, "ford").largest_army
    'blue'
    """
    holder, builder = _holders(
        "cd-largest-army-taken", holder, builder, armies, "a number of knights"
    )
    size = armies[builder]
    if builder == holder or size < LARGEST_ARMY_MIN:
        return holder
    return builder if holder is None or size > armies[holder] else holder


# Knights as jokers ---------------------------------------------------------------------------


def joker_symbols(terrain: Terrain) -> frozenset[Symbol]:
    """What a knight's joker may turn 1 die into: the resource of the knight's hex, or, for a
    knight in the desert, any resource. Never gold.

    [cd-knight-joker] A knight of the hills gives brick; a knight of the desert any resource.

    >>> sorted(joker_symbols(Terrain.BRICK))
    [<Symbol.BRICK: 'brick'>]
    >>> desert = joker_symbols(Terrain.DESERT)
    >>> desert == set(RESOURCES), Symbol.GOLD in desert
    (True, False)
    """
    terrain = _member("cd-knight-joker", Terrain, terrain)
    return frozenset(RESOURCES) if terrain is Terrain.DESERT else frozenset({Symbol(terrain)})


def can_use_joker(created_on: int, turn: int, used: bool) -> bool:
    """Whether a knight's joker may be used on a turn: in a turn after the one the knight
    was created on, and only once in the game.

    >>> can_use_joker(created_on=4, turn=4, used=False), can_use_joker(4, 7, used=False)
    (False, True)
    >>> can_use_joker(4, 9, used=True)
    False
    """
    created_on = _count("cd-knight-joker", "the turn the knight was created", created_on, 1)
    turn = _count("cd-knight-joker", "a turn", turn, created_on)
    return turn > created_on and not flag("cd-knight-joker", used, "whether the joker is used")


def jokers_of(island: Island, built: Built, player: str) -> tuple[Terrain, ...]:
    """The jokers a player may still use: the terrain of each of the player's knights whose
    joker is not used yet.

    [cd-castle-desert-jokers] Red has created both joker knights of the desert: with
    their jokers, 4 ore and 2 other dice make a castle.

    >>> built = Built(knights={"desert-west": "red", "desert-east": "red", "forest": "blue"})
    >>> jokers = jokers_of(SAMPLE, built, "red")
    >>> jokers.count(Terrain.DESERT)
    2
    >>> castle_rolled(parse_symbols("ore ore ore ore grain gold"), jokers)
    True
    """
    island = _island("cd-knight-joker", island)
    built = _built("cd-knight-joker", built, island)
    player = _player("cd-knight-joker", player)
    owned = sorted(
        k for k, p in built.knights.items() if p == player and k not in built.used_jokers
    )
    for knight in owned:
        if knight not in island.knights:
            raise RuleError("cd-knight-joker", "knights of the island", knight)
    return tuple(island.knights[k].terrain for k in owned)


# Castles -------------------------------------------------------------------------------------


def castle_rolled(symbols: Sequence[Symbol], jokers: Sequence[Terrain] = ()) -> bool:
    """Whether a final roll makes a castle: 6 identical symbols (gold included), each joker
    turning 1 die into a symbol it may become (``joker_symbols``).

    [cd-castles] Six ore make a castle; so do six gold.

    >>> castle_rolled(parse_symbols("ore ore ore ore ore ore"))
    True
    >>> castle_rolled(parse_symbols("gold gold gold gold gold gold"))
    True

    [cd-castle-building] No other condition: 6 identical symbols, jokers included.

    >>> castle_rolled(parse_symbols("wool wool wool wool wool grain"), jokers=[Terrain.WOOL])
    True
    >>> castle_rolled(parse_symbols("gold gold gold gold gold grain"), jokers=[Terrain.DESERT])
    False
    """
    rolled = items("cd-castle-building", symbols, "a number of dice", DICE)
    dice = tuple(_member("cd-castle-building", Symbol, s) for s in rolled)
    knights = items("cd-castle-building", jokers, "jokers, one per die", DICE)
    powers = [joker_symbols(_member("cd-castle-building", Terrain, j)) for j in knights]
    return len(dice) >= CASTLE_SYMBOLS and any(
        dice.count(s) + sum(s in p for p in powers) >= CASTLE_SYMBOLS for s in Symbol
    )


def build_castle(
    built: Built, player: str, symbols: Sequence[Symbol], jokers: Sequence[Terrain] = ()
) -> Built:
    """A player builds any castle not built yet, with a final roll that makes a castle.

    >>> built = build_castle(Built(), "red", parse_symbols("ore ore ore ore ore ore"))
    >>> built.castles
    ('red',)
    """
    built, player = _built("cd-castles", built), _player("cd-castle-building", player)
    if not castle_rolled(symbols, jokers):
        raise RuleError("cd-castle-building", f"{CASTLE_SYMBOLS} identical symbols", symbols)
    if len(built.castles) >= CASTLES:
        raise RuleError("cd-castles", f"fewer than {CASTLES} castles built", built.castles)
    return replace(built, castles=(*built.castles, player))


# The chance of a castle ------------------------------------------------------------------------


@dataclass(frozen=True)
class _Model:
    """One turn: dice, faces per die, jokers; a joker may become one of the first
    ``joker_faces`` faces (the resources), never the others (gold)."""

    dice: int
    faces: int
    jokers: int
    joker_faces: int


def _compositions(total: int, parts: int) -> Iterator[tuple[int, ...]]:
    if parts == 1:
        yield (total,)
        return
    for first in range(total + 1):
        for rest in _compositions(total - first, parts - 1):
            yield (first, *rest)


@cache
def _outcomes(dice: int, faces: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every count of each face that ``dice`` dice can show, with its number of ways."""
    found = []
    for counts in _compositions(dice, faces):
        ways = factorial(dice)
        for n in counts:
            ways //= factorial(n)
        found.append((counts, ways))
    return tuple(found)


def _canonical(model: _Model, counts: Sequence[int]) -> tuple[int, ...]:
    """Counts up to a renaming of faces: resources among themselves, gold apart."""
    cut = model.joker_faces
    return (*sorted(counts[:cut], reverse=True), *sorted(counts[cut:], reverse=True))


def _done(model: _Model, counts: Sequence[int]) -> bool:
    best_joker_face = max(counts[: model.joker_faces], default=0)
    return max(counts) >= model.dice or best_joker_face + model.jokers >= model.dice


# The chances are counted in whole numbers of equally likely outcomes, which is exact and
# twice as fast as fractions: with r rolls still to come after this one, a roll's count is
# its chance times faces ** (dice * (r + 1)), a result's its chance times faces ** (dice * r).
@cache
def _ways_rolling(model: _Model, kept: tuple[int, ...], rolls_left: int) -> int:
    """The successes when the dice not ``kept`` are rolled, ``rolls_left`` rolls remaining
    after this one."""
    rolled = model.dice - sum(kept)
    total = 0
    for counts, ways in _outcomes(rolled, model.faces):
        after = _canonical(model, [k + c for k, c in zip(kept, counts, strict=True)])
        total += ways * _ways_holding(model, after, rolls_left)
    kept_still: int = model.faces ** (model.dice - rolled)  # the dice kept, as outcomes too
    return total * kept_still


@cache
def _ways_holding(model: _Model, counts: tuple[int, ...], rolls_left: int) -> int:
    """The successes from a result, keeping the best dice each time."""
    if _done(model, counts):
        every_outcome: int = model.faces ** (model.dice * rolls_left)
        return every_outcome
    if rolls_left == 0:
        return 0
    keeps = {_canonical(model, kept) for kept in product(*(range(n + 1) for n in counts))}
    return max(_ways_rolling(model, kept, rolls_left - 1) for kept in keeps)


def same_symbol_chance(
    dice: int, faces: int, rolls: int = ROLLS, jokers: int = 0, joker_faces: int | None = None
) -> Fraction:
    """The exact chance of ending a turn with all ``dice`` showing the same face, rolling up
    to ``rolls`` times and keeping, each time, the dice that give the best chance (any die may
    be rolled again later); each joker turns 1 die, after the last roll, into one of the
    first ``joker_faces`` faces (all of them when ``None``).

    The counts are bounded by the game's: at most 6 dice of at most 6 faces, 3 rolls and
    6 jokers (one per die), so that the exact count stays quick.

    >>> same_symbol_chance(10**9, faces=6)
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: cd-castle-tip: expected dice, a whole number from 1 to 6,
    got 1000000000

    Five ordinary dice, no joker: the chance of a Yahtzee in one turn.

    >>> same_symbol_chance(YAHTZEE_DICE, faces=6) == Fraction(2783176, 60466176)
    True
    """
    rule = "cd-castle-tip"
    faces = _count(rule, "faces per die", faces, 1, len(Symbol))
    model = _Model(
        _count(rule, "dice", dice, 1, DICE),
        faces,
        _count(rule, "jokers", jokers, 0, DICE),
        faces
        if joker_faces is None
        else _count(rule, "faces a joker may be", joker_faces, 0, faces),
    )
    rolls = _count(rule, "rolls", rolls, 1, ROLLS)
    return Fraction(_ways_rolling(model, (0,) * faces, rolls - 1), faces ** (model.dice * rolls))


def castle_chance(jokers: int = 0) -> Fraction:
    """The exact chance of rolling a castle in one turn of the 6 dice (up to 3 rolls, best
    keeping), with this many desert jokers, each turning 1 die into any resource.

    >>> castle_chance()
    Fraction(33391127, 1632586752)
    >>> castle_chance(DESERT_KNIGHTS)
    Fraction(110256951113, 235092492288)

    [cd-castle-tip] Without a joker a castle is very hard to roll; each desert joker helps.

    >>> castle_chance(0) < castle_chance(1) < castle_chance(2)
    True
    """
    jokers = _count("cd-castle-tip", "desert jokers", jokers, 0, DESERT_KNIGHTS)
    return same_symbol_chance(DICE, len(Symbol), ROLLS, jokers, len(RESOURCES))


def _nearest(value: Fraction) -> int:
    return floor(value + Fraction(1, 2))


def _chance_cells(chance: Fraction) -> tuple[Cell, Cell, Cell]:
    exact = (str(chance.numerator), str(chance.denominator))
    return exact, (str(_nearest(chance * 100)),), ("1", str(_nearest(1 / chance)))


@table
def castle_table() -> Table:
    """The castle chances with 0, 1 and 2 desert jokers, as ``castle_chance`` computes them;
    then the same computation for a Yahtzee (5 ordinary dice), the known check."""
    rows = [((str(j),), *_chance_cells(castle_chance(j))) for j in range(DESERT_KNIGHTS + 1)]
    yahtzee = same_symbol_chance(YAHTZEE_DICE, len(Symbol))
    return (((), (), (), ()), *rows, ((str(YAHTZEE_DICE),), *_chance_cells(yahtzee)))


# Victory points ------------------------------------------------------------------------------


def victory_points(built: Built, player: str) -> int:
    """A player's victory points: 1 per settlement, 2 per city (which replaces its
    settlement), 1 for the Longest Road, 2 for the Largest Army, 2 per castle.

    >>> victory_points(Built(settlements={"c": "red"}), "red")
    1
    >>> victory_points(Built(settlements={"c": "red"}, cities=frozenset({"c"})), "red")
    2
    >>> victory_points(Built(longest_road="red"), "red")
    1

    [cd-largest-army-points] The holder of the Largest Army has 2 victory points for it.

    >>> victory_points(Built(largest_army="red"), "red")
    2

    [cd-castle-building] A castle is worth 2 victory points.

    >>> victory_points(Built(castles=("red",)), "red")
    2

    [cd-goal] Red, with 3 settlements, 2 cities, the Longest Road and the Largest Army,
    reaches 10 and wins.

    >>> towns = {site: "red" for site in "abcde"}
    >>> red = Built(settlements=towns, cities=frozenset("de"))
    >>> red = replace(red, longest_road="red", largest_army="red")
    >>> victory_points(red, "red")
    10
    >>> has_won(victory_points(red, "red"))
    True
    """
    built = _built("cd-victory-points", built)
    player = _player("cd-victory-points", player)
    sites = [site for site, owner in built.settlements.items() if owner == player]
    cities = sum(1 for site in sites if site in built.cities)
    points = (len(sites) - cities) * SETTLEMENT_POINTS + cities * CITY_POINTS
    points += LONGEST_ROAD_POINTS if built.longest_road == player else 0
    points += LARGEST_ARMY_POINTS if built.largest_army == player else 0
    return points + built.castles.count(player) * CASTLE_POINTS


def has_won(points: int) -> bool:
    """Whether a player has won: the first to reach 10 victory points.

    >>> has_won(WINNING_POINTS - 1), has_won(WINNING_POINTS)
    (False, True)
    """
    return _count("cd-goal", "victory points", points, 0) >= WINNING_POINTS


# The example islands ---------------------------------------------------------------------------

SAMPLE: Final = make_island(
    "a-b-c-d-e-f-g c-h-i e-j",
    sites="e",
    cities="c",
    coast="a-b f-g",
    knights={
        "forest": (Terrain.LUMBER, "c-d d-e"),
        "desert-west": (Terrain.DESERT, "c-h h-i"),
        "desert-east": (Terrain.DESERT, "e-j"),
    },
)
"""A small made-up island for the examples:  a-b-c-d-e-f-g, with c-h-i and e-j branching
off; c is a city site, e a settlement site; a forest knight and 2 desert knights."""

COAST: Final = make_island("a-b-c-d-e-f-g-h-i-j a-x", coast="a-b b-c c-d d-e e-f f-g g-h h-i i-j")
"""A coast a-b-…-j with an inland road a-x, for the starting roads."""

LINE: Final = make_island("a-b-c-d-e-f-g c-h d-x", sites="d")
"""A line of roads with a fork at c and a building site at d, for the Longest Road."""

RACE: Final = make_island("a-b-c-d-e-f-g p-q-r-s-t-u-v-w")
"""Two lines of roads, for a race to the Longest Road."""

FORT: Final = make_island(
    "a-b-c-d",
    knights={
        k: (Terrain.ORE, "a-b b-c c-d")
        for k in ("north", "south", "east", "west", "hill", "wood", "ford")
    },
)
"""A road a-b-c-d along the hexes of many knights, for a race to the Largest Army."""
