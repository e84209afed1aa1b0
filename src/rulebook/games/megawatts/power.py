"""Megawatts solo: which plants the artificial player fires, in what order, and what they burn."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rulebook.kit.explain import step
from rulebook.kit.validate import whole

from .rules import (
    _MOST_COUNT,
    POWER_SHORTFALL,
    Plant,
    Resources,
    _at_most_plants,
    _plants,
    _sequence,
    _stocks,
)


def _can_fire(plant: Plant, held: Resources) -> bool:
    return held.total(plant.fuel.resources) >= plant.burns


def ai_powerable(plants: Sequence[Plant], stocks: Mapping[int, Resources]) -> int:
    """The cities the artificial player can power with the cubes it holds.

    >>> from rulebook.games.megawatts.rules import Fuel
    >>> plants = [Plant(13, Fuel.GREEN, 0, 1), Plant(8, Fuel.COAL, 3, 2)]
    >>> ai_powerable(plants, {8: Resources(coal=2)}), ai_powerable(plants, {8: Resources(coal=3)})
    (1, 3)
    """
    rule = "mw-ai-build-unpowered"
    ordered = _plants(rule, plants)
    cubes = _stocks(rule, ordered, stocks)
    return sum(p.powers for p in ordered if _can_fire(p, cubes[p.number]))


def ai_may_power(powerable: int, cities: int) -> bool:
    """Whether the artificial player powers its network: it must be able to power all its
    cities, or all but 1.

    [mw-ai-power-when] Power plants for 9 cities: 10 cities yes, 11 no.

    >>> ai_may_power(9, cities=10)
    True
    >>> ai_may_power(9, cities=11)
    False
    """
    rule = "mw-ai-power-when"
    powerable = whole(rule, powerable, "the cities it can power", most=_MOST_COUNT)
    cities = whole(rule, cities, "the artificial player's cities", most=_MOST_COUNT)
    powers = powerable >= cities - POWER_SHORTFALL
    step(rule, powerable=powerable, cities=cities, powers=powers)
    return powers


def firing_order(plants: Sequence[Plant]) -> list[Plant]:
    """The order the artificial player fires its power plants: a green one first, then from
    left to right (descending numbers).

    >>> plants = [Plant(n, f, b, c) for n, f, b, c in ((10, "coal", 2, 2), (13, "green", 0, 1),
    ...                                                 (25, "coal", 2, 5))]
    >>> [p.number for p in firing_order(plants)]
    [13, 25, 10]
    """
    return sorted(_plants("mw-ai-power-order", plants), key=lambda p: (not p.green, -p.number))


def ai_fires(capacities: Sequence[int], cities: int) -> tuple[int, ...]:
    """The power plants fired, given their capacities in firing order: as many as needed to
    power the cities; a plant that overproduces is fired all the same, the rest stay idle.

    More capacities than the 3 power plants a player may hold are refused:

    >>> ai_fires((3, 2, 2, 1), cities=6)
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: mw-limit-plants: expected the capacities of its power plants, in
    order, 3 at most, got (3, 2, 2, 1)

    [mw-ai-power-order] The first two plants power 8 cities (5 and 3), a third 2 more; for
    6 cities, the first two are fired and the third stays idle.

    >>> capacities = (5, 3, 2)
    >>> fired = ai_fires(capacities, cities=6)
    >>> fired, sum(fired)
    ((5, 3), 8)
    >>> len(fired), len(capacities)
    (2, 3)
    >>> capacities[len(fired):]
    (2,)
    """
    rule = "mw-ai-power-order"
    cities = whole(rule, cities, "the artificial player's cities", most=_MOST_COUNT)
    expected = "the capacities of its power plants, in order"
    _at_most_plants(capacities, expected)
    given = [
        whole(rule, capacity, "a power plant's capacity", 1, _MOST_COUNT)
        for capacity in _sequence(rule, capacities, expected)
    ]  # every one, the idle plants' too
    fired: list[int] = []
    for capacity in given:
        if sum(fired) >= cities:
            break
        fired.append(capacity)
    step(rule, cities=cities, fired=fired)
    return tuple(fired)


@dataclass(frozen=True)
class Powering:
    """The artificial player's powering: the plants fired (numbers, in order), the cities
    powered, the cubes burned (back to the general supply) and the cubes each plant keeps
    (its reserve, now its active stock)."""

    fired: tuple[int, ...]
    powered: int
    returned: Resources
    stocks: dict[int, Resources]


def _burn(plant: Plant, held: Resources) -> Resources:
    """The cubes a firing burns; a hybrid burns the resource it holds more of (oil on a tie)."""
    burned = Resources()
    kinds = plant.fuel.resources
    for _ in range(plant.burns):
        left = held - burned
        burned = burned.add(max(kinds, key=lambda r: (left[r], -kinds.index(r))), 1)
    return burned


def ai_power(plants: Sequence[Plant], stocks: Mapping[int, Resources], cities: int) -> Powering:
    """The artificial player powers its network (or not: ``ai_may_power``), firing its
    plants in ``firing_order``, those that hold their cubes, as ``ai_fires`` says.

    >>> from rulebook.games.megawatts.rules import Fuel
    >>> plants = [Plant(13, Fuel.GREEN, 0, 1), Plant(25, Fuel.COAL, 2, 5),
    ...           Plant(10, Fuel.COAL, 2, 2)]
    >>> done = ai_power(plants, {25: Resources(coal=4), 10: Resources(coal=2)}, cities=6)
    >>> done.fired, done.powered, done.returned, done.stocks[25]
    ((13, 25), 6, Resources(coal=2), Resources(coal=2))
    >>> ai_power(plants, {25: Resources(coal=1)}, cities=4).fired
    ()
    """
    rule = "mw-ai-power-order"
    ordered = _plants(rule, plants)
    cubes = _stocks(rule, ordered, stocks)
    if not ai_may_power(ai_powerable(ordered, cubes), cities):
        return Powering((), 0, Resources(), cubes)
    ready = [p for p in firing_order(ordered) if _can_fire(p, cubes[p.number])]
    fired = ready[: len(ai_fires([p.powers for p in ready], cities))]
    returned = Resources()
    for plant in fired:
        burned = _burn(plant, cubes[plant.number])
        cubes[plant.number] -= burned
        returned += burned
    powered = min(cities, sum(p.powers for p in fired))
    return Powering(tuple(p.number for p in fired), powered, returned, cubes)
