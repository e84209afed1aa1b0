"""Catan Dice "Extra": jokers (knights on the island) and castles."""

from collections.abc import Sequence
from dataclasses import replace

from rulebook.errors import RuleError
from rulebook.kit.explain import step
from rulebook.kit.validate import flag, items, whole
from rulebook.kit.validate import member as _member

from .board import Built, Island, _built, _island
from .building import _award
from .rules import (
    CASTLE_SYMBOLS,
    CASTLES,
    DICE,
    RESOURCES,
    Symbol,
    Terrain,
    _player,
)


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
    symbols = frozenset(RESOURCES) if terrain is Terrain.DESERT else frozenset({Symbol(terrain)})
    step("cd-knight-joker", terrain=terrain, joker_gives=[s for s in Symbol if s in symbols])
    return symbols


def can_use_joker(created_on: int, turn: int, used: bool) -> bool:
    """Whether a knight's joker may be used on a turn: in a turn after the one the knight
    was created on, and only once in the game.

    >>> can_use_joker(created_on=4, turn=4, used=False), can_use_joker(4, 7, used=False)
    (False, True)
    >>> can_use_joker(4, 9, used=True)
    False
    """
    created_on = whole("cd-knight-joker", created_on, "the turn the knight was created", 1)
    turn = whole("cd-knight-joker", turn, "a turn", created_on)
    used = flag("cd-knight-joker", used, "whether the joker is used")  # on its creation turn too
    usable = turn > created_on and not used
    step("cd-knight-joker", created_on=created_on, turn=turn, used=used, usable=usable)
    return usable


def jokers_of(island: Island, built: Built, player: str) -> tuple[Terrain, ...]:
    """The jokers a player may still use: the terrain of each of the player's knights whose
    joker is not used yet.

    [cd-castle-desert-jokers] Red has created both joker knights of the desert: with
    their jokers, 4 ore and 2 other dice make a castle.

    >>> from rulebook.games.catan_dice.dice import parse_symbols
    >>> from rulebook.games.catan_dice.examples import SAMPLE
    >>> built = Built(knights={"desert-west": "red", "desert-east": "red", "forest": "blue"})
    >>> jokers = jokers_of(SAMPLE, built, "red")
    >>> jokers.count(Terrain.DESERT)
    2
    >>> castle_rolled(parse_symbols("ore ore ore ore grain gold"), jokers)
    True

    [cd-knight-joker] A joker is usable once in the game: the castle red builds with the
    jokers of the desert knights spends them.

    >>> from rulebook.games.catan_dice.examples import SAMPLE
    >>> built = Built(knights={"desert-west": "red", "desert-east": "red"})
    >>> roll = parse_symbols("ore ore ore ore grain gold")
    >>> spent = build_castle(SAMPLE, built, "red", roll, ["desert-west", "desert-east"])
    >>> jokers_of(SAMPLE, spent, "red")
    ()
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


def castle_rolled(symbols: Sequence[Symbol], jokers: Sequence[Terrain] = ()) -> bool:
    """Whether a final roll makes a castle: 6 identical symbols (gold included), each joker
    turning 1 die into a symbol it may become (``joker_symbols``).

    [cd-castles] Six ore make a castle; so do six gold.

    >>> from rulebook.games.catan_dice.dice import parse_symbols
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
    castle = len(dice) >= CASTLE_SYMBOLS and any(
        dice.count(s) + sum(s in p for p in powers) >= CASTLE_SYMBOLS for s in Symbol
    )
    step("cd-castle-building", dice=dice, jokers=knights, castle=castle)
    return castle


def build_castle(
    island: Island,
    built: Built,
    player: str,
    symbols: Sequence[Symbol],
    knights: Sequence[str] = (),
) -> Built:
    """A player builds any castle not built yet, with a final roll that makes a castle; the
    jokers of the player's ``knights`` count towards it, and are spent. Then, as after any
    building, the Longest Road and the Largest Army go to the builder if the builder now
    beats their holder.

    >>> from rulebook.games.catan_dice.dice import parse_symbols
    >>> from rulebook.games.catan_dice.examples import LOOP, SAMPLE
    >>> built = build_castle(SAMPLE, Built(), "red", parse_symbols("ore ore ore ore ore ore"))
    >>> built.castles
    ('red',)

    Green's settlement at d has broken red's road to 4 pieces; blue, with 5, takes the
    Longest Road by building a castle.

    >>> red = {road: "red" for road in ("a-b", "b-c", "c-d", "e-b", "d-e")}
    >>> blue = {road: "blue" for road in ("t-u", "u-v", "v-w", "w-x", "x-y")}
    >>> roads = {**red, **blue, "d-t": "green"}
    >>> built = Built(roads=roads, settlements={"d": "green"}, longest_road="red")
    >>> build_castle(LOOP, built, "blue", parse_symbols("ore " * 6)).longest_road
    'blue'
    """
    island = _island("cd-castles", island)
    built, player = _built("cd-castles", built, island), _player("cd-castle-building", player)
    named = items("cd-knight-joker", knights, "knights, one per die", DICE)
    usable = {k for k, p in built.knights.items() if p == player and k not in built.used_jokers}
    mine = {k for k in named if isinstance(k, str) and k in usable}
    if len(mine) < len(named):  # each an unused joker of the player's, named once
        raise RuleError("cd-knight-joker", f"unused jokers of {player}'s knights", knights)
    jokers = [island.knights[k].terrain for k in sorted(mine)]
    if not castle_rolled(symbols, jokers):
        raise RuleError("cd-castle-building", f"{CASTLE_SYMBOLS} identical symbols", symbols)
    if len(built.castles) >= CASTLES:
        raise RuleError("cd-castles", f"fewer than {CASTLES} castles built", built.castles)
    castle = replace(built, castles=(*built.castles, player), used_jokers=built.used_jokers | mine)
    return _award(island, castle, player)
