"""Megawatts solo: capacity and cities, connections, building costs, and when step 2 begins."""

import random
from collections.abc import Mapping, Sequence

from rulebook.errors import RuleError
from rulebook.kit.explain import step
from rulebook.kit.validate import flag, whole
from rulebook.kit.validate import rng as _rng

from .rules import (
    _MOST_COUNT,
    _STEP_1_HOUSE_COST,
    AI_CAPACITY_MARGIN,
    FIRST_ROUND_MIN_BUILD,
    STEP_2_CITIES,
    STEP_2_HOUSE_COST,
    STEP_3_HOUSE_COST,
    YOUR_NETWORK_MARGIN,
    Plant,
    _mapping,
    _plants,
    _sequence,
)


def ai_capacity(plants: Sequence[Plant]) -> int:
    """The cities the power plants can power together: a player's capacity.

    >>> from rulebook.games.megawatts.rules import Fuel
    >>> ai_capacity([Plant(10, Fuel.COAL, 2, 2), Plant(13, Fuel.GREEN, 0, 1)])
    3
    """
    return sum(p.powers for p in _plants("mw-limit-ai-capacity", plants))


def ai_capacity_limit(cities: int) -> int:
    """The highest capacity the artificial player may reach with its cities: cities + 4.

    [mw-limit-ai-capacity] 10 cities: a capacity of 14 at most.

    >>> ai_capacity_limit(10)
    14

    [mw-round-4] A network of 10 cities is limited to a capacity of 14 at most.

    >>> ai_capacity_limit(10)
    14
    """
    cities = whole(
        "mw-limit-ai-capacity", cities, "the artificial player's cities", most=_MOST_COUNT
    )
    step("mw-limit-ai-capacity", cities=cities, capacity_limit=cities + AI_CAPACITY_MARGIN)
    return cities + AI_CAPACITY_MARGIN


def your_city_limit(capacity: int) -> int:
    """The most cities your network may hold: your capacity + 2.

    [mw-your-build] Your power plants power 13 cities: 15 cities at most.

    >>> your_city_limit(13)
    15
    """
    capacity = whole("mw-limit-your-network", capacity, "your capacity", most=_MOST_COUNT)
    step("mw-limit-your-network", capacity=capacity, city_limit=capacity + YOUR_NETWORK_MARGIN)
    return capacity + YOUR_NETWORK_MARGIN


def your_build_allowed(round_number: int, cities: int, built: int, capacity: int) -> bool:
    """Whether what you build this round keeps to the rules: at least 1 city in the first
    round, and never extending your network more than 2 cities beyond your capacity
    (``cities`` is your network before this build). Building nothing extends nothing: it is
    allowed after the first round even if a smaller capacity now leaves you beyond the limit.

    >>> your_build_allowed(1, 0, 0, capacity=3)  # the first round: build at least 1 city
    False
    >>> your_build_allowed(4, 7, 0, capacity=8)  # later rounds: building none is allowed
    True
    >>> your_build_allowed(4, 13, 2, capacity=13), your_build_allowed(4, 13, 3, capacity=13)
    (True, False)
    """
    rule = "mw-your-build"
    round_number = whole(rule, round_number, "a round number", 1, _MOST_COUNT)
    network = whole(rule, cities, "your cities", most=_MOST_COUNT) + whole(
        rule, built, "the cities you build", most=_MOST_COUNT
    )
    capacity = whole("mw-limit-your-network", capacity, "your capacity", most=_MOST_COUNT)
    if round_number == 1 and built < FIRST_ROUND_MIN_BUILD:
        return False
    return built == 0 or network <= your_city_limit(capacity)


def route_cost(connections: Sequence[int]) -> int:
    """The cost of a route from your network through other cities: all its connections.

    >>> route_cost([0, 7]), route_cost([12])
    (7, 12)
    """
    rule = "mw-ai-build"
    costs = _sequence(rule, connections, "the connection costs along a route")
    return sum(whole(rule, cost, "a connection cost", most=_MOST_COUNT) for cost in costs)


def _city(city: object) -> str:
    if not isinstance(city, str) or not city:
        raise RuleError("mw-ai-build", "a city, named", city)
    return city


_DRAW_CITIES = "a random.Random to draw between cities at the same cost"


def ai_build(
    you_built: int,
    costs: Mapping[str, int],
    powerable: int,
    ai_cities: int,
    rng: random.Random | None = None,
) -> tuple[str, ...]:
    """The cities the artificial player builds: as many as you built this round, the free
    cities cheapest to reach from your network (``costs``: each free city and the cost of
    its cheapest route), drawn at random among those at the same cost. None when it cannot
    power all its cities with the cubes it holds (``ai_build_count``).

    >>> ai_build(2, {"Essen": 10, "Bremen": 3, "Kiel": 7}, powerable=2, ai_cities=2)
    ('Bremen', 'Kiel')
    >>> ai_build(2, {"Essen": 10, "Bremen": 3}, powerable=1, ai_cities=2)
    ()
    >>> ai_build(1, {"Essen": 3, "Bremen": 3}, 0, 0, random.Random(7))[0] in ("Essen", "Bremen")
    True
    """
    expected = "the free cities it can reach, each with the cost of its cheapest route"
    given = _mapping("mw-ai-build", costs, expected).items()
    routes = {
        _city(city): whole("mw-ai-build", c, f"the route cost to {city}", most=_MOST_COUNT)
        for city, c in given
    }
    count = ai_build_count(you_built, powerable, ai_cities)
    draw = _rng("mw-ai-build", rng, _DRAW_CITIES, optional=True)
    order = sorted(routes, key=lambda city: routes[city])
    if count == 0 or len(order) <= count or routes[order[count - 1]] < routes[order[count]]:
        return tuple(order[:count])
    cut = routes[order[count - 1]]
    sure = [c for c in order if routes[c] < cut]
    if draw is None:
        still = ", ".join(c for c in order if routes[c] == cut)
        raise RuleError("mw-ai-build", f"{_DRAW_CITIES} ({still})", rng)
    return (*sure, *draw.sample([c for c in order if routes[c] == cut], count - len(sure)))


def ai_build_count(you_built: int, powerable: int, ai_cities: int) -> int:
    """How many cities the artificial player builds: as many as you built this round, but
    none when its power plants that hold their resources (``powerable``, as ``ai_powerable``
    counts them) cannot power all its cities, not even with 1 city short.

    >>> ai_build_count(2, powerable=5, ai_cities=4), ai_build_count(3, powerable=4, ai_cities=4)
    (2, 3)
    >>> ai_build_count(2, powerable=3, ai_cities=4), ai_build_count(0, powerable=5, ai_cities=4)
    (0, 0)
    """
    built = whole("mw-ai-build", you_built, "the cities you built this round", most=_MOST_COUNT)
    rule = "mw-ai-build-unpowered"
    powerable = whole(rule, powerable, "the cities it can power", most=_MOST_COUNT)
    cities = whole(rule, ai_cities, "its cities", most=_MOST_COUNT)
    powered = powerable >= cities
    builds = built if powered else 0
    step(
        "mw-ai-build" if powered else rule,
        you_built=built, powerable=powerable, ai_cities=cities, builds=builds,
    )  # fmt: skip
    return builds


def step_2_begins(your_cities: int, ai_cities: int) -> bool:
    """Whether step 2 begins: a player has connected a seventh city.

    >>> step_2_begins(6, 6), step_2_begins(7, 3), step_2_begins(2, 7)
    (False, True, True)
    """
    rule = "mw-step-2-start"
    mine, its = (
        whole(rule, your_cities, "your cities", most=_MOST_COUNT),
        whole(rule, ai_cities, "its cities", most=_MOST_COUNT),
    )
    return max(mine, its) >= STEP_2_CITIES


def build_cost(step: int, connection: int, occupied: bool = False) -> int:
    """What you pay to build in a city: its house (10, 15 or 20 in steps 1, 2 and 3) and the
    connection. A city another player occupies is closed to you.

    >>> build_cost(1, 0), build_cost(2, 8), build_cost(3, 12)
    (10, 23, 32)
    >>> build_cost(2, 8, occupied=True)
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: mw-one-player-per-city: expected a city no player
    occupies (occupied=False), got True

    [mw-your-build] In step 1 a city costs 10 Elektro on top of the connection cost.

    >>> connection = 13
    >>> build_cost(1, connection) - connection
    10
    """
    houses = (_STEP_1_HOUSE_COST, STEP_2_HOUSE_COST, STEP_3_HOUSE_COST)
    step = whole("mw-step-2-building", step, "a step, 1, 2 or 3", 1, _MOST_COUNT)
    if step > len(houses):
        raise RuleError("mw-step-2-building", f"a step from 1 to {len(houses)}", step)
    cost = houses[step - 1] + route_cost([connection])
    rule = "mw-one-player-per-city"
    if flag(rule, occupied, "whether another player occupies the city"):
        raise RuleError(rule, "a city no player occupies (occupied=False)", occupied)
    return cost
