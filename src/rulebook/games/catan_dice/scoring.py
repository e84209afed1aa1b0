"""Catan Dice "Extra": victory points, and the end of the game."""

from rulebook.kit.explain import step
from rulebook.kit.validate import whole

from .board import Built, _built
from .rules import (
    CASTLE_POINTS,
    CITY_POINTS,
    LARGEST_ARMY_POINTS,
    LONGEST_ROAD_POINTS,
    SETTLEMENT_POINTS,
    WINNING_POINTS,
    _player,
)


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

    >>> from dataclasses import replace
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
    step(
        "cd-victory-points", settlements=len(sites) - cities, cities=cities,
        longest_road=built.longest_road == player,
    )  # fmt: skip
    if built.largest_army == player:
        points += LARGEST_ARMY_POINTS
        step("cd-largest-army-points", points=LARGEST_ARMY_POINTS)
    castles = built.castles.count(player)
    if castles:
        step("cd-castle-building", castles=castles, points=castles * CASTLE_POINTS)
    return points + castles * CASTLE_POINTS


def has_won(points: int) -> bool:
    """Whether a player has won: the first to reach 10 victory points.

    >>> has_won(WINNING_POINTS - 1), has_won(WINNING_POINTS)
    (False, True)
    """
    return whole("cd-goal", points, "victory points", 0) >= WINNING_POINTS
