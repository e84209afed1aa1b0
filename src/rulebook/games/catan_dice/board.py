"""Catan Dice "Extra": the island as a graph (roads, points, building sites, knights' hexes),
what the players have built on it, and the checks of both."""

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from itertools import pairwise

from rulebook.errors import RuleError
from rulebook.kit.validate import items, whole
from rulebook.kit.validate import member as _member

from .rules import (
    CASTLES,
    ISLAND_ROADS,
    MOST_ROADS_AT_A_POINT,
    Site,
    T,
    Terrain,
    _holder,
    _player,
    _text,
)


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
        whole(rule_id, len(roads), "a number of roads", 0, ISLAND_ROADS)
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
        whole(rule_id, roads, f"the roads meeting at {point}", 0, MOST_ROADS_AT_A_POINT)


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


def _roads_at(ends: Mapping[str, tuple[str, str]]) -> dict[str, list[str]]:
    """The roads that end at each point."""
    at: dict[str, list[str]] = {}
    for road, points in ends.items():
        for p in points:
            at.setdefault(p, []).append(road)
    return at
