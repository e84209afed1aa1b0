"""Catan Dice "Extra": the Longest Road and the Largest Army, and who holds them."""

from collections.abc import Callable, Mapping, Sequence

from rulebook.errors import RuleError
from rulebook.kit.explain import step
from rulebook.kit.validate import whole

from .board import Built, Island, _built, _island, _names, _roads_at
from .rules import (
    ISLAND_ROADS,
    LARGEST_ARMY_MIN,
    LONGEST_ROAD_MIN,
    PENS,
    PLAYER_LOOPS,
    _holder,
    _player,
)


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
    as bits): a network without loops has one line between 2 points, so the time grows
    with the square of its chains; each loop may double it, which ``PLAYER_LOOPS`` bounds.

    Forks alone are never refused: a line of 11 roads with a branch at each of its 10 inner
    points holds 21 chains and no loop.

    >>> from rulebook.games.catan_dice.board import make_island
    >>> comb = make_island(" ".join(["-".join(f"p{n}" for n in range(12))]
    ...     + [f"p{n}-q{n}" for n in range(1, 11)]))
    >>> longest_road(comb, Built(roads=dict.fromkeys(comb.roads, "red")), "red")
    11
    """
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

    >>> from rulebook.games.catan_dice.examples import LINE
    >>> red = {road: "red" for road in ("a-b", "b-c", "c-d", "d-e", "e-f", "c-h")}
    >>> longest_road(LINE, Built(roads=red), "red")
    5

    [cd-longest-road-broken] Red's roads reach the building site d from each side, by c and
    by e, without a settlement there; blue, coming from y, settles d, which breaks red's road.

    >>> from rulebook.games.catan_dice.examples import LINE, LOOP
    >>> red = {road: "red" for road in ("a-b", "b-c", "c-d", "e-b", "d-e")}
    >>> longest_road(LOOP, Built(roads=red), "red") == LONGEST_ROAD_MIN
    True
    >>> blue = {road: "blue" for road in ("x-y", "w-x", "v-w", "u-v", "t-u", "d-t")}
    >>> broken = Built(roads={**red, **blue}, settlements={"d": "blue"})
    >>> longest_road(LOOP, broken, "red") < LONGEST_ROAD_MIN
    True

    Roads off the island are refused, and so is a network of one player's roads with more
    than ``PLAYER_LOOPS`` loops (``_longest_line``); forks alone are never refused.

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
        loops = len(network) + 1 - len({point for chain in network for point in chain[:2]})
        whole("cd-longest-road", loops, f"loops in a network of {player}'s roads", 0, PLAYER_LOOPS)
        best = max(best, _longest_line(network, passable))
    step("cd-longest-road", player=player, length=best)
    return best


def _holders(
    rule_id: str, holder: object, builder: object, counts: object, what: str
) -> tuple[str | None, str]:
    """The holder and the builder, each given a count, among at most ``PENS`` players.

    A player missing from the counts is refused, not counted as 0; more players than pens
    are refused by the rule that sets the number of players:

    >>> longest_road_holder("red", "blue", {"blue": 6})
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: cd-longest-road-taken: expected a count for the holder and the
    builder, got {'blue': 6}
    >>> largest_army_holder(None, "red", dict.fromkeys(("red", "blue", "green", "white", "o"), 3))
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: cd-material: expected at most 4 players, one per pen, got
    {'red': 3, 'blue': 3, 'green': 3, 'white': 3, 'o': 3}
    """
    holder, builder = _holder(rule_id, holder), _player(rule_id, builder)
    counts = _names(rule_id, counts, f"{what} for each player", int)
    if len(counts) > PENS:
        raise RuleError("cd-material", f"at most {PENS} players, one per pen", counts)
    if not {builder, holder} - {None} <= set(counts):
        raise RuleError(rule_id, "a count for the holder and the builder", counts)
    for count in counts.values():
        whole(rule_id, count, what, 0, ISLAND_ROADS)
    return holder, builder


def longest_road_holder(holder: str | None, builder: str, lengths: Mapping[str, int]) -> str | None:
    """Who holds the Longest Road after ``builder`` has built: the builder takes it with a
    continuous road of at least 5 pieces, strictly longer than the holder's road as it
    stands now; otherwise the holder keeps it, even if their road has been broken.

    [cd-longest-road] The first player with a road of 5 pieces takes it.

    >>> longest_road_holder(None, "red", {"red": 5})
    'red'
    """
    holder, builder = _holders("cd-longest-road-taken", holder, builder, lengths, "a road length")
    length = lengths[builder]
    takes = builder != holder and length >= LONGEST_ROAD_MIN
    takes = takes and (holder is None or length > lengths[holder])
    rule = "cd-longest-road" if holder is None else "cd-longest-road-taken"
    step(rule, holder=holder, builder=builder, length=length, takes_it=takes)
    return builder if takes else holder


def army_size(built: Built, player: str) -> int:
    """The knights a player has created, whether or not their jokers have been used.

    [cd-largest-army-used-knights] Red's knights count, their jokers used or not.

    >>> from dataclasses import replace
    >>> fresh = Built(knights={"forest": "red", "desert-west": "red", "desert-east": "red"})
    >>> used = replace(fresh, used_jokers=frozenset({"forest", "desert-west"}))
    >>> army_size(used, "red") == army_size(fresh, "red")
    True
    """
    built = _built("cd-largest-army-used-knights", built)
    player = _player("cd-largest-army-used-knights", player)
    knights = sum(1 for owner in built.knights.values() if owner == player)
    step("cd-largest-army-used-knights", player=player, knights=knights)
    return knights


def largest_army_holder(holder: str | None, builder: str, armies: Mapping[str, int]) -> str | None:
    """Who holds the Largest Army after ``builder`` has built: the first player with 3
    knights takes it; then a player takes it only with strictly more knights than the holder.

    [cd-largest-army] The first player to create 3 knights has the Largest Army.

    >>> largest_army_holder(None, "red", {"red": 3})
    'red'
    """
    holder, builder = _holders(
        "cd-largest-army-taken", holder, builder, armies, "a number of knights"
    )
    size = armies[builder]
    takes = builder != holder and size >= LARGEST_ARMY_MIN
    takes = takes and (holder is None or size > armies[holder])
    rule = "cd-largest-army" if holder is None else "cd-largest-army-taken"
    step(rule, holder=holder, builder=builder, knights=size, takes_it=takes)
    return builder if takes else holder
