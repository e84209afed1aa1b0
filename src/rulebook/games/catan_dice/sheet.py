"""Catan Dice "Extra" on a score sheet: the printed game map stays on the table, where the
players see where each piece may go; the sheet keeps what the rules decide without the map.

The book does not reproduce the map (cd-material), so no function here knows its roads. What
the rules decide without them: a turn's final result has the turn's dice; each build is paid
from it, 2 gold standing for a missing resource; a joker turns 1 die; a city upgrades one of
the builder's settlements on a city site; the desert holds 2 knights; a castle needs 6
identical symbols, and the map has 4; the Longest Road (from the lengths the players measure
on the map) and the Largest Army go to a builder who beats their holder; and when nobody can
build any more, the most victory points win. Settlements, knights and roads are named by the
sheet, not by the map (``"s1"``, ``"k1"``).
"""

from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace
from typing import Final

from rulebook.errors import RuleError
from rulebook.kit.explain import step
from rulebook.kit.validate import collection, items, whole
from rulebook.kit.validate import member as _member

from .awards import army_size, largest_army_holder, longest_road_holder
from .board import Built, _built, _names
from .dice import dice_for_turn
from .jokers import castle_rolled, joker_symbols
from .rules import (
    CASTLE_SYMBOLS,
    CASTLES,
    CITY_COST,
    DESERT_KNIGHTS,
    DICE,
    GOLD_PER_RESOURCE,
    ISLAND_ROADS,
    KNIGHT_COST,
    PENS,
    ROAD_COST,
    SETTLEMENT_COST,
    Piece,
    Symbol,
    Terrain,
    _player,
)

_COSTS: Final = {
    Piece.ROAD: ROAD_COST,
    Piece.SETTLEMENT: SETTLEMENT_COST,
    Piece.CITY: CITY_COST,
    Piece.KNIGHT: KNIGHT_COST,
}
"""What each piece costs (cd-road-settlement, cd-city, cd-knight)."""


def _dice(rule_id: str, symbols: object) -> tuple[Symbol, ...]:
    return tuple(_member(rule_id, Symbol, s) for s in items(rule_id, symbols, "dice", DICE))


def final_roll(turn: int, symbols: Sequence[Symbol]) -> tuple[Symbol, ...]:
    """A turn's final result as the player rolled it: as many dice as the turn rolls
    (``dice_for_turn``), each showing one of the 6 symbols.

    >>> from rulebook.games.catan_dice.dice import parse_symbols
    >>> final_roll(1, parse_symbols("ore grain gold"))
    (<Symbol.ORE: 'ore'>, <Symbol.GRAIN: 'grain'>, <Symbol.GOLD: 'gold'>)

    [cd-dice-per-turn] The second turn rolls 1 more die than the first: its result has 1
    more die.

    >>> from rulebook.games.catan_dice.rules import FIRST_TURN
    >>> final_roll(FIRST_TURN + 1, parse_symbols("ore grain gold wool"))[-1]
    <Symbol.WOOL: 'wool'>
    >>> final_roll(FIRST_TURN + 1, parse_symbols("ore grain gold"))
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: cd-dice-per-turn: expected as many dice as the turn rolls,
    got (<Symbol.ORE: 'ore'>, <Symbol.GRAIN: 'grain'>, <Symbol.GOLD: 'gold'>)
    """
    rolled = dice_for_turn(turn)
    if not isinstance(symbols, list | tuple) or len(symbols) != rolled:
        raise RuleError("cd-dice-per-turn", "as many dice as the turn rolls", symbols)
    dice = _dice("cd-rolls", symbols)
    step("cd-rolls", final=dice)
    return dice


def pay(symbols: Sequence[Symbol], piece: Piece) -> tuple[Symbol, ...]:
    """The dice left once a piece is paid from a final result: its cost, as in the standard
    game, each resource missing paid with 2 gold. Several pieces are paid one after another
    from the same result, as long as it pays for them.

    [cd-road-settlement] A road costs a brick and a lumber; a settlement a brick, a lumber,
    a wool and a grain.

    >>> from rulebook.games.catan_dice.dice import parse_symbols
    >>> pay(parse_symbols("brick lumber ore"), Piece.ROAD)
    (<Symbol.ORE: 'ore'>,)
    >>> pay(parse_symbols("wool brick grain lumber"), Piece.SETTLEMENT)
    ()

    [cd-city] A city costs 3 ore and 2 grain.

    >>> pay(parse_symbols("ore grain ore grain ore"), Piece.CITY)
    ()

    [cd-knight] A knight costs an ore, a wool and a grain.

    >>> pay(parse_symbols("grain wool ore gold"), Piece.KNIGHT)
    (<Symbol.GOLD: 'gold'>,)

    [cd-rolls] 2 gold replace the lumber of a road; a single gold is not enough.

    >>> pay(parse_symbols("gold brick wool gold"), Piece.ROAD)
    (<Symbol.WOOL: 'wool'>,)
    >>> pay(parse_symbols("brick gold wool"), Piece.ROAD)
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: cd-rolls: expected dice that pay for a road, got
    (<Symbol.BRICK: 'brick'>, <Symbol.GOLD: 'gold'>, <Symbol.WOOL: 'wool'>)
    """
    piece = _member("cd-rolls", Piece, piece)
    dice = _dice("cd-rolls", symbols)
    left, missing = list(dice), 0
    for symbol, count in _COSTS[piece].items():
        for _ in range(count):
            if symbol in left:
                left.remove(symbol)
            else:
                missing += 1
    gold = missing * GOLD_PER_RESOURCE
    if left.count(Symbol.GOLD) < gold:
        raise RuleError("cd-rolls", f"dice that pay for a {piece}", dice)
    for _ in range(gold):
        left.remove(Symbol.GOLD)
    step("cd-rolls", piece=piece, dice=dice, gold_paid=gold, left=left)
    return tuple(left)


def use_joker(
    symbols: Sequence[Symbol], terrain: Terrain, die: Symbol, into: Symbol
) -> tuple[Symbol, ...]:
    """A knight's joker used after the last roll: 1 die of the final result turned into a
    resource the joker gives (``joker_symbols``), never gold.

    [cd-knight-joker] The joker of a knight of the mountains turns the gold into ore; that
    of a desert knight turns the ore into wool, the resource chosen.

    >>> from rulebook.games.catan_dice.dice import parse_symbols
    >>> use_joker(parse_symbols("gold ore"), Terrain.ORE, Symbol.GOLD, Symbol.ORE)
    (<Symbol.ORE: 'ore'>, <Symbol.ORE: 'ore'>)
    >>> use_joker(parse_symbols("gold ore"), Terrain.DESERT, Symbol.ORE, Symbol.WOOL)
    (<Symbol.GOLD: 'gold'>, <Symbol.WOOL: 'wool'>)
    >>> use_joker(parse_symbols("gold ore"), Terrain.ORE, Symbol.GOLD, Symbol.WOOL)
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: cd-knight-joker: expected a resource the knight's joker gives,
    got <Symbol.WOOL: 'wool'>
    >>> use_joker(parse_symbols("gold ore"), Terrain.ORE, Symbol.GRAIN, Symbol.ORE)
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: cd-knight-joker: expected a die of the final result, got
    <Symbol.GRAIN: 'grain'>
    """
    dice = _dice("cd-knight-joker", symbols)
    die, into = (_member("cd-knight-joker", Symbol, s) for s in (die, into))
    if die not in dice:
        raise RuleError("cd-knight-joker", "a die of the final result", die)
    if into not in joker_symbols(terrain):
        raise RuleError("cd-knight-joker", "a resource the knight's joker gives", into)
    at = dice.index(die)
    step("cd-knight-joker", changed=die, into=into)
    return (*dice[:at], into, *dice[at + 1 :])


def city_on_sheet(built: Built, player: str, city_sites: Collection[str]) -> Built:
    """A settlement upgraded to a city: one of the builder's settlements on a city site (as
    the sheet marked it), not yet a city. Which one is the player's to mark on the map: on
    the sheet they count the same.

    [cd-city] Red upgrades red's settlement on a city site; blue has none to upgrade.

    >>> built = Built(settlements={"north": "red", "east": "red", "west": "blue"})
    >>> sorted(city_on_sheet(built, "red", {"east", "west"}).cities)
    ['east']
    >>> city_on_sheet(built, "blue", {"east"})
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: cd-city: expected a settlement of the builder's on a city
    site, not yet a city, got 'blue'
    """
    built, player = _built("cd-city", built), _player("cd-city", player)
    sites = collection("cd-city", city_sites, "settlements on city sites", ISLAND_ROADS)
    names = [site for site in sites if isinstance(site, str)]
    if len(names) < len(sites):
        raise RuleError("cd-city", "settlements on city sites, by name", city_sites)
    houses = sorted(s for s in names if built.settlements.get(s) == player)
    ready = [s for s in houses if s not in built.cities]
    step("cd-city", player=player, city_sites=len(houses), allowed=bool(ready))
    if not ready:
        expected = "a settlement of the builder's on a city site, not yet a city"
        raise RuleError("cd-city", expected, player)
    return replace(built, cities=built.cities | {ready[0]})


def knight_terrain(created: Sequence[Terrain], terrain: Terrain) -> Terrain:
    """The hex of a knight being created, given the hexes of the knights created so far:
    the desert holds 2 knights, so a third knight of the desert is refused.

    [cd-castle-desert-jokers] The 2 joker knights of the desert: once both are created, no
    other knight is in the desert.

    >>> knight_terrain([Terrain.DESERT], Terrain.DESERT)
    <Terrain.DESERT: 'desert'>
    >>> knight_terrain([Terrain.DESERT, Terrain.DESERT], Terrain.DESERT)
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: cd-castle-desert-jokers: expected a knight outside the desert,
    whose 2 knights are created, got <Terrain.DESERT: 'desert'>
    """
    rule = "cd-castle-desert-jokers"
    hexes = [_member(rule, Terrain, t) for t in items(rule, created, "knights", ISLAND_ROADS)]
    terrain = _member(rule, Terrain, terrain)
    deserts = hexes.count(Terrain.DESERT)
    step(rule, terrain=terrain, desert_knights=deserts)
    if terrain is Terrain.DESERT and deserts >= DESERT_KNIGHTS:
        expected = f"a knight outside the desert, whose {DESERT_KNIGHTS} knights are created"
        raise RuleError(rule, expected, terrain)
    return terrain


def castle_on_sheet(built: Built, player: str, symbols: Sequence[Symbol]) -> Built:
    """A castle built: with a final result of 6 identical symbols (the jokers used already
    turned into them, ``use_joker``), while one of the map's 4 castles is not built yet.

    [cd-castle-building] 6 gold make a castle.

    >>> from rulebook.games.catan_dice.dice import parse_symbols
    >>> castle_on_sheet(Built(), "red", parse_symbols("gold " * 6)).castles
    ('red',)

    [cd-castles] The map shows 4 castles: once they are all built, no other castle is.

    >>> castle_on_sheet(Built(castles=("red",) * 4), "blue", parse_symbols("ore " * 6))
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: cd-castles: expected fewer than 4 castles built, got
    ('red', 'red', 'red', 'red')
    """
    built, player = _built("cd-castles", built), _player("cd-castle-building", player)
    if not castle_rolled(symbols):
        raise RuleError("cd-castle-building", f"{CASTLE_SYMBOLS} identical symbols", symbols)
    if len(built.castles) >= CASTLES:
        raise RuleError("cd-castles", f"fewer than {CASTLES} castles built", built.castles)
    step("cd-castles", player=player, castles=len(built.castles) + 1)
    return replace(built, castles=(*built.castles, player))


def awards_on_sheet(built: Built, builder: str, lengths: Mapping[str, int]) -> Built:
    """The Longest Road and the Largest Army after a build on the sheet, as after a build
    on the map (``build``): each player's longest road as measured on the map, the knights
    as the sheet counts them.

    >>> built = Built(knights={"k1": "red", "k2": "red", "k3": "red"}, longest_road="blue")
    >>> after = awards_on_sheet(built, "red", {"red": 6, "blue": 5})
    >>> after.longest_road, after.largest_army
    ('red', 'red')
    """
    built = _built("cd-largest-army-taken", built)
    builder = _player("cd-largest-army-taken", builder)
    holders = {h for h in (built.longest_road, built.largest_army) if h is not None}
    # In a fixed order: the steps each size is told by, which the pages show, follow it.
    armies = {p: army_size(built, p) for p in sorted(built.players() | holders | {builder})}
    return replace(
        built,
        longest_road=longest_road_holder(built.longest_road, builder, lengths),
        largest_army=largest_army_holder(built.largest_army, builder, armies),
    )


def most_points(points: Mapping[str, int]) -> tuple[str, ...]:
    """Who wins when nobody can build any more before a player reaches 10 victory points:
    the player with the most victory points. The rules break no tie: all the players with
    the most are named.

    >>> most_points({"red": 7, "blue": 8}), most_points({"red": 8, "blue": 8})
    (('blue',), ('blue', 'red'))

    [cd-goal] Nobody can build any more: blue, with more victory points than red, wins.

    >>> from rulebook.games.catan_dice.scoring import victory_points
    >>> built = Built(settlements={"north": "red", "east": "blue", "west": "blue"})
    >>> most_points({p: victory_points(built, p) for p in ("red", "blue")})
    ('blue',)
    """
    counts = _names("cd-goal", points, "victory points for each player", int)
    if not counts or len(counts) > PENS:
        raise RuleError("cd-goal", f"the victory points of 1 to {PENS} players", points)
    best = max(whole("cd-goal", n, "victory points", 0, ISLAND_ROADS) for n in counts.values())
    winners = tuple(sorted(p for p, n in counts.items() if n == best))
    step("cd-goal", most=best, winners=winners)
    return winners
