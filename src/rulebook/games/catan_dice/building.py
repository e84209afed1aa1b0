"""Catan Dice "Extra": where each piece may be built, and building it."""

from collections.abc import Callable
from dataclasses import replace
from math import inf
from typing import Final

from rulebook.errors import RuleError
from rulebook.kit.explain import step
from rulebook.kit.validate import member as _member

from .awards import (
    army_size,
    largest_army_holder,
    longest_road,
    longest_road_holder,
)
from .board import Built, Island, _built, _island, _road, _roads_at, _site
from .rules import STARTING_ROAD_GAP, Piece, Site, _player


def roads_between(island: Island, first: str, second: str) -> int | None:
    """The fewest roads between 2 roads, along the shortest chain of roads that joins them
    (0 when they share an end; ``None`` when no chain joins them).

    [cd-starting-road-distance] On a coast a-b-c-…, 5 roads lie between a-b and g-h.

    >>> from rulebook.games.catan_dice.examples import COAST
    >>> roads_between(COAST, "a-b", "g-h")
    5
    """
    island = _island("cd-starting-road-distance", island)
    start, goal = (_road("cd-starting-road-distance", island, r) for r in (first, second))
    if start == goal:
        raise RuleError("cd-starting-road-distance", "2 different roads", goal)
    between = _roads_between(island, start).get(goal)
    step("cd-starting-road-distance", first=start, second=goal, roads_between=between)
    return between


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
    5 unbuilt roads between it and every starting road already chosen; when no unbuilt
    coastal road keeps that gap, one whose nearest starting road is farthest away.

    [cd-starting-road] The road must be coastal.

    >>> from rulebook.games.catan_dice.examples import COAST
    >>> starting_road_allowed(COAST, Built(), "a-b"), starting_road_allowed(COAST, Built(), "a-x")
    (True, False)

    [cd-starting-road-distance] With red on a-b, g-h is far enough away, f-g is not.

    >>> from rulebook.games.catan_dice.examples import COAST
    >>> red = Built(roads={"a-b": "red"})
    >>> starting_road_allowed(COAST, red, "g-h"), starting_road_allowed(COAST, red, "f-g")
    (True, False)

    [cd-starting-road-distance] With red on a-b and blue on i-j, no coastal road is far
    enough from both: e-f, whose nearest starting road is farthest away, may be chosen.

    >>> from rulebook.games.catan_dice.examples import COAST
    >>> both = Built(roads={"a-b": "red", "i-j": "blue"})
    >>> starting_road_allowed(COAST, both, "e-f"), starting_road_allowed(COAST, both, "d-e")
    (True, False)
    """
    island = _island("cd-starting-road", island)
    built = _built("cd-starting-road", built, island)
    road = _road("cd-starting-road", island, road)
    unbuilt, coastal = road not in built.roads, road in island.coast
    step("cd-starting-road", road=road, unbuilt=unbuilt, coastal=coastal)
    if not unbuilt or not coastal:
        return False
    gaps = _gaps(island, built, road)
    nearest = min(gaps, default=inf)
    allowed = nearest >= STARTING_ROAD_GAP or nearest == _farthest(island, built)
    step("cd-starting-road-distance", road=road, roads_between=gaps, allowed=allowed)
    return allowed


def _gaps(island: Island, built: Built, road: str) -> list[int]:
    """The roads between a road and each starting road that a chain of roads joins to it."""
    between = _roads_between(island, road)
    return [gap for gap in (between.get(other) for other in built.roads) if gap is not None]


def _farthest(island: Island, built: Built) -> float:
    """The largest gap, over the unbuilt coastal roads, between a road and its nearest
    starting road (``inf`` when no chain joins one of them to any starting road)."""
    coast = [road for road in island.coast if road not in built.roads]
    return max((min(_gaps(island, built, road), default=inf) for road in coast), default=inf)


def choose_starting_road(island: Island, built: Built, player: str, road: str) -> Built:
    """A player's starting road, chosen in turn from the youngest player, clockwise: one per
    player, unbuilt, coastal, and far enough from the others (``starting_road_allowed``).

    >>> from rulebook.games.catan_dice.examples import COAST
    >>> built = choose_starting_road(COAST, Built(), "red", "a-b")
    >>> choose_starting_road(COAST, built, "blue", "e-f")
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: cd-starting-road-distance: expected a road with at least 5
    unbuilt roads between it and every other starting road, or else one whose nearest starting
    road is farthest, got 'e-f'
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
        expected += " other starting road, or else one whose nearest starting road is farthest"
        raise RuleError("cd-starting-road-distance", expected, road)
    return replace(built, roads={**built.roads, road: player})


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

    >>> from rulebook.games.catan_dice.examples import SAMPLE
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

    >>> from rulebook.games.catan_dice.examples import SAMPLE
    >>> built = Built(roads={"b-c": "red"}, settlements={"c": "red"})
    >>> SAMPLE.sites["c"], can_build_road(SAMPLE, built, "red", "c-h")
    (<Site.CITY: 'city'>, True)
    """
    island = _island("cd-road-settlement", island)
    built = _built("cd-road-settlement", built, island)
    road, player = _road("cd-road-settlement", island, road), _player("cd-road-settlement", player)
    allowed = road not in built.roads and any(
        _owns_road_at(island, built, player, end) and _goes_past(island, built, player, end)
        for end in island.roads[road]
    )
    step("cd-road-settlement", player=player, road=road, allowed=allowed)
    return allowed


def can_build_settlement(island: Island, built: Built, player: str, site: str) -> bool:
    """Whether a player may build a settlement: on an unbuilt building site that one of the
    player's roads leads to."""
    island = _island("cd-road-settlement", island)
    built = _built("cd-road-settlement", built, island)
    _site("cd-road-settlement", island, site)
    player = _player("cd-road-settlement", player)
    allowed = site not in built.settlements and _owns_road_at(island, built, player, site)
    step("cd-road-settlement", player=player, site=site, allowed=allowed)
    return allowed


def can_build_city(island: Island, built: Built, player: str, site: str) -> bool:
    """Whether a player may transform a settlement into a city: one of the player's own
    settlements, on a site that may become a city, not already a city.

    [cd-city] Red may transform red's settlement on the city site c; blue may not; blue's
    settlement on e, a site for a settlement only, never becomes a city.

    >>> from rulebook.games.catan_dice.examples import SAMPLE
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
    allowed = kind is Site.CITY and owned and site not in built.cities
    step("cd-city", player=player, site=site, city_site=kind is Site.CITY, allowed=allowed)
    return allowed


def can_build_knight(island: Island, built: Built, player: str, knight: str) -> bool:
    """Whether a player may create a knight: it is not created yet, and one of the player's
    roads is on a side of its hex, or one of the player's settlements or cities on a corner.

    [cd-knight] The forest knight's hex has the sides c-d and d-e: red's settlement on
    the corner c is enough; white, with nothing there, may not.

    >>> from rulebook.games.catan_dice.examples import SAMPLE
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
    on_side = any(built.roads.get(road) == player for road in island.knights[knight].sides)
    on_corner = any(built.settlements.get(p) == player for p in island.corners(knight))
    allowed = knight not in built.knights and (on_side or on_corner)
    step("cd-knight", player=player, knight=knight, allowed=allowed)
    return allowed


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
    """The Longest Road and the Largest Army after a build. The Longest Road is measured for
    the builder and its holder only; when one of their networks has more loops than
    ``PLAYER_LOOPS``, the holder keeps it and the build stands (cd-longest-road)."""
    holders = {h for h in (built.longest_road, built.largest_army) if h is not None}
    # In a fixed order: the steps each size is told by, which the pages show, follow it.
    armies = {p: army_size(built, p) for p in sorted(built.players() | holders)}
    longest = built.longest_road
    try:
        players = [p for p in (builder, longest) if p is not None]
        lengths = {p: longest_road(island, built, p) for p in players}
    except RuleError as error:
        if error.rule_id != "cd-longest-road":
            raise
    else:
        longest = longest_road_holder(longest, builder, lengths)
    return replace(
        built,
        longest_road=longest,
        largest_army=largest_army_holder(built.largest_army, builder, armies),
    )


def build(island: Island, built: Built, player: str, piece: Piece, where: str) -> Built:
    """A player builds a road, a settlement, a city or a knight; then the Longest Road and
    the Largest Army go to the builder if the builder now beats their holder.

    Building what the rules forbid raises ``RuleError``, naming the rule:

    >>> from rulebook.games.catan_dice.examples import LADDER, SAMPLE
    >>> build(SAMPLE, Built(roads={"a-b": "red"}), "blue", Piece.ROAD, "b-c")
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: cd-road-settlement: expected an unbuilt road at the end of one
    of blue's roads, not past an unbuilt building site or another player's building, got 'b-c'

    A network with more loops than the code measures refuses no build: red's ladder has too
    many, so blue builds all the same and red keeps the Longest Road.

    >>> red = {road: "red" for road in LADDER.roads if "y" not in road}
    >>> ladder = Built(roads={**red, "x-y": "blue"}, longest_road="red")
    >>> built = build(LADDER, ladder, "blue", Piece.ROAD, "y-z")
    >>> built.roads["y-z"], built.longest_road
    ('blue', 'red')

    [cd-shared-island] Each road, site and knight has 1 owner: once red has built b-c,
    blue cannot build it too.

    >>> from rulebook.games.catan_dice.examples import SAMPLE
    >>> built = build(SAMPLE, Built(roads={"a-b": "red", "c-d": "blue"}), "red", Piece.ROAD, "b-c")
    >>> built.roads["b-c"], can_build_road(SAMPLE, built, "blue", "b-c")
    ('red', False)
    >>> len([owner for road, owner in built.roads.items() if road == "b-c"])
    1

    [cd-longest-road-taken] Red holds it with 5 pieces. Blue, reaching 5 too, does not take
    it; blue takes it with the next road, strictly longer than red's.

    >>> from rulebook.games.catan_dice.examples import RACE
    >>> red = {road: "red" for road in ("a-b", "b-c", "c-d", "d-e", "e-f")}
    >>> blue = {road: "blue" for road in ("p-q", "q-r", "r-s", "s-t")}
    >>> built = Built(roads={**red, **blue}, longest_road="red")
    >>> built = build(RACE, built, "blue", Piece.ROAD, "t-u")
    >>> longest_road(RACE, built, "blue"), built.longest_road
    (5, 'red')
    >>> build(RACE, built, "blue", Piece.ROAD, "u-v").longest_road
    'blue'

    [cd-largest-army-taken] Red holds it. Blue, creating as many knights as red, does not
    take it; blue takes it with more knights than red.

    >>> from rulebook.games.catan_dice.examples import FORT
    >>> knights = {"north": "red", "south": "red", "east": "red", "west": "blue", "hill": "blue"}
    >>> built = Built(roads={"a-b": "red", "c-d": "blue"}, knights=knights, largest_army="red")
    >>> built = build(FORT, built, "blue", Piece.KNIGHT, "wood")
    >>> army_size(built, "blue") == army_size(built, "red"), built.largest_army
    (True, 'red')
    >>> build(FORT, built, "blue", Piece.KNIGHT, "ford").largest_army
    'blue'
    """
    piece = _member("cd-road-settlement", Piece, piece)
    rule, allowed, expected = _CAN_BUILD[piece]
    island, built = _island(rule, island), _built(rule, built, island)
    player = _player(rule, player)
    if not allowed(island, built, player, where):
        raise RuleError(rule, expected.format(player), where)
    return _award(island, _place(built, player, piece, where), player)
