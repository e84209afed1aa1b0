"""Catan Dice "Extra": the game's numbers, symbols, terrains, sites and pieces, and the
checks of input every rule shares."""

from enum import StrEnum
from typing import Final, TypeVar

from rulebook.errors import RuleError

T = TypeVar("T")


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


PLAYER_LOOPS: Final = 8
"""Loops at most in a network of one player's roads, on which the Longest Road is measured
(a loop encloses at least 1 hex; forks alone make no loop). The longest line is found by
trying lines one after another, and each loop may double the time: with 8 loops it takes
0.1 s on a made-up honeycomb island. Stated in the rule (cd-longest-road)."""


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


ROAD_COST: Final = {Symbol.BRICK: 1, Symbol.LUMBER: 1}
"""What a road costs, as in the Catan Dice Game, Standard Edition: the source gives no
costs, and the book follows the standard game (cd-road-settlement)."""


SETTLEMENT_COST: Final = {Symbol.BRICK: 1, Symbol.LUMBER: 1, Symbol.WOOL: 1, Symbol.GRAIN: 1}
"""What a settlement costs, as in the standard game (cd-road-settlement)."""


CITY_COST: Final = {Symbol.ORE: 3, Symbol.GRAIN: 2}
"""What upgrading a settlement to a city costs, as in the standard game (cd-city)."""


KNIGHT_COST: Final = {Symbol.ORE: 1, Symbol.WOOL: 1, Symbol.GRAIN: 1}
"""What a knight costs, as in the standard game (cd-knight)."""


GOLD_PER_RESOURCE: Final = 2
"""Gold dice that may stand in for one resource of the player's choice, as in the standard
game; a single gold is worth nothing but towards a castle (cd-rolls)."""


PLAYERS_MIN: Final = 2
"""Players at least: the island is shared, so the game needs someone to compete with; the
most is one player per pen, ``PENS`` (cd-material)."""


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
