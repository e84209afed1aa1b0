"""Catan Dice Game "Extra": players share one printed island and race to 10 victory points.

The rules are ``rules_fr/catan-dice-extra.md`` (French) and ``rules_en/catan-dice-extra.md``
(English). Each function restates its rule; a docstring line ``[rule-id]`` binds the doctests
after it to that rule, and the checker compares their numbers with the rule's text.

The printed map is not reproduced. The island is a graph (``Island``): roads join points,
some points are building sites (``Site``), and each knight stands on a hex (``KnightHex``)
whose sides are roads. ``make_island`` builds one from a short description; the small
islands of the examples (``SAMPLE``, ``COAST``) are made up for the examples, not copied
from the map. Players are named by the colour of their pen (``"red"``, ``"blue"``).

The package, a file a topic (each under 400 lines):

- ``rules``: the game's numbers, its symbols, terrains, sites and pieces, and input checks;
- ``dice``: the dice a turn rolls and how they are kept;
- ``board``: the island as a graph, what is built on it, and roads between points;
- ``building``: where a road, settlement, city or knight may be built, and building;
- ``awards``: the Longest Road and the Largest Army;
- ``jokers``: jokers and castles;
- ``odds``: exact chances of rolling the same symbol, and the castle table;
- ``scoring``: victory points and the end of the game;
- ``sheet``: the game kept on a score sheet, the map at the table (the companion's);
- ``examples``: the small made-up islands of the examples.
"""

from .awards import (
    army_size,
    largest_army_holder,
    longest_road,
    longest_road_holder,
)
from .board import Built, Island, KnightHex, make_island
from .building import (
    build,
    can_build_city,
    can_build_knight,
    can_build_road,
    can_build_settlement,
    choose_starting_road,
    roads_between,
    starting_road_allowed,
)
from .dice import dice_for_turn, dice_table, parse_symbols, roll_turn
from .jokers import (
    build_castle,
    can_use_joker,
    castle_rolled,
    joker_symbols,
    jokers_of,
)
from .odds import (
    castle_chance,
    castle_table,
    same_symbol_chance,
)
from .rules import (
    AWARD_MARKERS,
    CASTLE_POINTS,
    CASTLE_SYMBOLS,
    CASTLES,
    CITY_COST,
    CITY_POINTS,
    DESERT_KNIGHTS,
    DICE,
    FIRST_PLAYER_DICE,
    GOLD_PER_RESOURCE,
    JOKER_DICE,
    KNIGHT_COST,
    LARGEST_ARMY_MIN,
    LARGEST_ARMY_POINTS,
    LONGEST_ROAD_MIN,
    LONGEST_ROAD_POINTS,
    PENS,
    PLAYER_LOOPS,
    PLAYERS_MIN,
    PLUS_POINTS,
    ROAD_COST,
    ROLLS,
    SETTLEMENT_COST,
    SETTLEMENT_POINTS,
    STARTING_ROAD_GAP,
    WINNING_POINTS,
    Piece,
    Site,
    Symbol,
    Terrain,
)
from .scoring import has_won, victory_points
from .sheet import (
    awards_on_sheet,
    castle_on_sheet,
    city_on_sheet,
    final_roll,
    knight_terrain,
    most_points,
    pay,
    use_joker,
)

__all__ = [
    "AWARD_MARKERS",
    "CASTLES",
    "CASTLE_POINTS",
    "CASTLE_SYMBOLS",
    "CITY_COST",
    "CITY_POINTS",
    "DESERT_KNIGHTS",
    "DICE",
    "FIRST_PLAYER_DICE",
    "GOLD_PER_RESOURCE",
    "JOKER_DICE",
    "KNIGHT_COST",
    "LARGEST_ARMY_MIN",
    "LARGEST_ARMY_POINTS",
    "LONGEST_ROAD_MIN",
    "LONGEST_ROAD_POINTS",
    "PENS",
    "PLAYERS_MIN",
    "PLAYER_LOOPS",
    "PLUS_POINTS",
    "ROAD_COST",
    "ROLLS",
    "SETTLEMENT_COST",
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
    "awards_on_sheet",
    "build",
    "build_castle",
    "can_build_city",
    "can_build_knight",
    "can_build_road",
    "can_build_settlement",
    "can_use_joker",
    "castle_chance",
    "castle_on_sheet",
    "castle_rolled",
    "castle_table",
    "choose_starting_road",
    "city_on_sheet",
    "dice_for_turn",
    "dice_table",
    "final_roll",
    "has_won",
    "joker_symbols",
    "jokers_of",
    "knight_terrain",
    "largest_army_holder",
    "longest_road",
    "longest_road_holder",
    "make_island",
    "most_points",
    "parse_symbols",
    "pay",
    "roads_between",
    "roll_turn",
    "same_symbol_chance",
    "starting_road_allowed",
    "use_joker",
    "victory_points",
]
