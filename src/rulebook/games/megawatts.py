"""Megawatts (Power Grid): solo rules by SoloPlay, against the artificial player (the JA).

The rules are ``rules_fr/megawatts-solo.md`` (French) and ``rules_en/megawatts-solo.md``
(English). Each function restates its rule; a docstring line ``[rule-id]`` binds the
doctests after it to that rule's worked example, and the checker compares their numbers.

The map is not modelled: where a rule needs the cost of reaching a city, the caller gives
it. The artificial player's resources are kept per power plant, as ``Resources`` keyed by the
plant's number; the resource market is, for each resource, the cubes at each price.
"""

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Final, Protocol, TypeVar

from rulebook.errors import RuleError
from rulebook.kit.tables import Table, runs, span, table
from rulebook.kit.terms import Term
from rulebook.kit.validate import member as _member

__all__ = [
    "AI_CAPACITY_MARGIN",
    "AI_FINAL_CITY",
    "CURRENT_MARKET_PLANTS",
    "FIRST_ROUND_MIN_BUILD",
    "FOURTH_PLANT_SURCHARGE",
    "MAX_PLANTS",
    "PLAYERS",
    "POWER_SHORTFALL",
    "ROUNDS_LIKE_THE_FIRST",
    "STARTING_ELEKTROS",
    "STEP_2_CITIES",
    "STEP_2_HOUSE_COST",
    "STEP_3_HOUSE_COST",
    "STEP_3_ROWS",
    "STEP_3_ROW_SIZES",
    "STEP_3_SURCHARGES",
    "SURCHARGED_POSITION",
    "YOUR_FIRST_ROUND_PLACE",
    "YOUR_NETWORK_MARGIN",
    "EndCondition",
    "Fuel",
    "Medal",
    "Need",
    "Plant",
    "Powering",
    "Resource",
    "Resources",
    "ai_build",
    "ai_capacity",
    "ai_capacity_limit",
    "ai_choose_plant",
    "ai_discard",
    "ai_draw_plant",
    "ai_draws_at_random",
    "ai_fires",
    "ai_may_power",
    "ai_move_resources",
    "ai_power",
    "ai_powerable",
    "ai_restock",
    "ai_stock_size",
    "ai_tie_break",
    "build_cost",
    "firing_order",
    "game_ends",
    "market_prices",
    "medal",
    "medal_table",
    "plant_price",
    "plants_to_remove",
    "restock_count",
    "restock_plant",
    "route_cost",
    "single_resource_price",
    "step_2_begins",
    "step_3_rows",
    "step_3_surcharge",
    "your_build_allowed",
    "your_city_limit",
]

PLAYERS: Final = 2
"""You and the artificial player: two colours of houses, the resupply table for two players,
either of the two building (mw-setup-houses, mw-setup-resources, mw-resupply,
mw-step-2-building)."""
YOUR_FIRST_ROUND_PLACE: Final = 2
"""Your place in the player order of the first round, behind the artificial player
(mw-setup-order)."""
STARTING_ELEKTROS: Final = 50
"""Your Elektros at set-up (mw-setup-money)."""
MAX_PLANTS: Final = 3
"""Power plants a player may hold (mw-limit-plants, mw-ai-discard)."""
AI_CAPACITY_MARGIN: Final = 4
"""The artificial player's capacity may exceed its cities by this much, no more
(mw-limit-ai-capacity, mw-round-4, mw-ai-choice)."""
YOUR_NETWORK_MARGIN: Final = 2
"""Your cities may exceed your capacity by this much, no more (mw-limit-your-network,
mw-your-build)."""
CURRENT_MARKET_PLANTS: Final = 4
"""The power plants of the actual market, the cheapest ones (mw-first-ai-plant,
mw-first-buy)."""
SURCHARGED_POSITION: Final = 4
"""The position, from the cheapest, of the power plant that costs more (mw-first-buy)."""
FOURTH_PLANT_SURCHARGE: Final = 5
"""What the power plant in fourth position costs above its number (mw-first-buy)."""
FIRST_ROUND_MIN_BUILD: Final = 1
"""Cities you must build in the first round (mw-your-build)."""
POWER_SHORTFALL: Final = 1
"""The artificial player powers its network if it can power all its cities but this many
(mw-ai-power-when)."""
ROUNDS_LIKE_THE_FIRST: Final = 2
"""The rounds after the first that are played like it, the artificial player drawing its
power plant at random (mw-rounds-2-3)."""
STEP_2_CITIES: Final = 7
"""Step 2 begins when a player connects this many cities (mw-step-2-start)."""
STEP_2_HOUSE_COST: Final = 15
"""What a house costs in step 2, besides the connection (mw-step-2-building)."""
STEP_3_HOUSE_COST: Final = 20
"""What a house costs in step 3, besides the connection (mw-step-3-building)."""
STEP_3_ROW_SIZES: Final = (3, 3)
"""The power plants of the cheaper row and of the dearer row in step 3 (mw-step-3-market)."""
STEP_3_ROWS: Final = len(STEP_3_ROW_SIZES)
"""The rows of the step 3 market (mw-step-3-market)."""
STEP_3_SURCHARGES: Final = (5, 10, 15)
"""What the dearer row costs above the numbers in step 3, from its cheapest to the dearest
(mw-step-3-prices)."""
AI_FINAL_CITY: Final = 15
"""The game ends at the end of the round in which the artificial player builds its city
number 15 (mw-end)."""

_STEP_1_HOUSE_COST: Final = 10  # the base game's first space; the text never names it
_STOCKS: Final = 2  # the artificial player keeps an active stock and a reserve stock
_STEP_3_MARKET: Final = sum(STEP_3_ROW_SIZES)
_STEPS: Final = 3


class Resource(StrEnum):
    """The four resources of the resource market."""

    COAL = "coal"
    OIL = "oil"
    GARBAGE = "garbage"
    URANIUM = "uranium"


class Fuel(StrEnum):
    """What a power plant burns: one resource, coal or oil (hybrid), or nothing (green)."""

    COAL = "coal"
    OIL = "oil"
    GARBAGE = "garbage"
    URANIUM = "uranium"
    HYBRID = "hybrid"
    GREEN = "green"

    @property
    def resources(self) -> tuple[Resource, ...]:
        """The resources it may burn; a hybrid lists oil first, the order ties follow."""
        if self is Fuel.HYBRID:
            return (Resource.OIL, Resource.COAL)
        if self is Fuel.GREEN:
            return ()
        return (Resource(self.value),)


class Medal(StrEnum):
    """The medals of the final ranking (mw-medals)."""

    BRONZE = "bronze"
    SILVER = "silver"
    GOLD = "gold"


class EndCondition(StrEnum):
    """The conditions that end the game at the end of the round (mw-end)."""

    PLANT_MARKET_SHORT = "plant-market-short"
    AI_LAST_CITY = "ai-last-city"


TERMS: Final = (
    Term(Medal.BRONZE.value, "bronze", "bronze"),
    Term(Medal.SILVER.value, "argent", "silver"),
    Term(Medal.GOLD.value, "or", "gold"),
)

# mw-medals: from these final Elektros, this medal (below the last one, none).
_MEDAL_FROM: Final = ((300, Medal.GOLD), (275, Medal.SILVER), (250, Medal.BRONZE))

Market = dict[Resource, dict[int, int]]

# Bounds the rules leave to the standard game's material; generous, so that no input makes a
# function run for long (issue 13). The standard game's plants burn 1 to 3 cubes, its market
# holds 24 cubes of coal, oil and garbage and 12 of uranium, its deck 42 plants, a map 42 cities.
_MOST_BURNS: Final = 10
"""Cubes a power plant burns at most (mw-standard-rules)."""
_MOST_CUBES: Final = 100
"""Cubes of one resource at most: held by a plant, freed, or at one price on the market."""
_MOST_ITEMS: Final = 100
"""Items at most in a list or mapping given to a function: plants, cities, costs, prices."""
_MOST_COUNT: Final = 10**6
"""Any other count at most: cities, rounds, Elektros, plant numbers, costs."""


def _count(rule_id: str, value: object, what: str, least: int = 0, most: int = _MOST_COUNT) -> int:
    """A whole number from ``least``, and no more than ``most`` (a bound for speed).

    >>> _count("mw-medals", 10**9, "your final Elektros")
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: mw-medals: expected your final Elektros, at most 1000000,
    got 1000000000
    """
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise RuleError(rule_id, f"{what}, a whole number from {least}", value)
    if value > most:
        raise RuleError(rule_id, f"{what}, at most {most}", value)
    return value


def _mapping(rule_id: str, value: object, expected: str) -> Mapping[object, object]:
    """A mapping of at most ``_MOST_ITEMS`` items."""
    if not isinstance(value, Mapping) or len(value) > _MOST_ITEMS:
        raise RuleError(rule_id, f"{expected}, {_MOST_ITEMS} at most", value)
    return value


def _sequence(
    rule_id: str, value: object, expected: str, most: int = _MOST_ITEMS
) -> Sequence[object]:
    """A list, tuple or range of at most ``most`` items: a set or a string is refused.

    >>> route_cost({3, 4})
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: mw-ai-build: expected the connection costs along a route,
    100 at most, got {3, 4}
    """
    if not isinstance(value, list | tuple | range) or len(value) > most:
        raise RuleError(rule_id, f"{expected}, {most} at most", value)
    return value


@dataclass(frozen=True)
class Resources:
    """Resource cubes, by kind: what a power plant holds, what is taken or given back.

    >>> Resources(coal=2).add(Resource.OIL, 1)
    Resources(coal=2, oil=1)
    >>> Resources(oil=-1)
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: mw-ai-restock: expected a count of oil cubes, a whole number
    from 0, got -1
    """

    coal: int = 0
    oil: int = 0
    garbage: int = 0
    uranium: int = 0

    def __post_init__(self) -> None:
        for resource in Resource:
            cubes = getattr(self, resource.value)
            _count("mw-ai-restock", cubes, f"a count of {resource} cubes", most=_MOST_CUBES)

    def __getitem__(self, resource: Resource) -> int:
        return int(getattr(self, Resource(resource).value))

    def __repr__(self) -> str:
        held = ", ".join(f"{r.value}={self[r]}" for r in Resource if self[r])
        return f"Resources({held})"

    def __add__(self, other: "Resources") -> "Resources":
        return Resources(*(self[r] + other[r] for r in Resource))

    def __sub__(self, other: "Resources") -> "Resources":
        return Resources(*(self[r] - other[r] for r in Resource))

    def add(self, resource: Resource, count: int) -> "Resources":
        """These cubes with ``count`` more of one resource (fewer when negative)."""
        return replace(self, **{Resource(resource).value: self[resource] + count})

    def total(self, kinds: Sequence[Resource] = tuple(Resource)) -> int:
        """How many cubes, of the given resources (all by default)."""
        return sum(self[r] for r in kinds)


@dataclass(frozen=True)
class Plant:
    """A power plant card: its number, what it burns and how much, the cities it powers.

    >>> Plant(13, Fuel.GREEN, 0, 1).green, Plant(5, Fuel.HYBRID, 2, 1).fuel.resources
    (True, (<Resource.OIL: 'oil'>, <Resource.COAL: 'coal'>))
    """

    number: int
    fuel: Fuel
    burns: int
    powers: int

    def __post_init__(self) -> None:
        rule = "mw-standard-rules"
        _count(rule, self.number, "a power plant's number", 1)
        _count(rule, self.powers, "the cities a power plant powers", 1)
        _count(rule, self.burns, "the resources a power plant burns", most=_MOST_BURNS)
        fuel = _member(rule, Fuel, self.fuel)
        if (self.burns == 0) != (fuel is Fuel.GREEN):
            raise RuleError(rule, "a green power plant to burn nothing, any other to burn", self)
        object.__setattr__(self, "fuel", fuel)

    @property
    def green(self) -> bool:
        """A green power plant burns no resource."""
        return self.fuel is Fuel.GREEN


@dataclass(frozen=True)
class Need:
    """What a power plant burns, without the rest of the card: for comparing prices."""

    fuel: Fuel
    burns: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "fuel", _member("mw-ai-choice-ties", Fuel, self.fuel))
        _count("mw-ai-choice-ties", self.burns, "the resources a power plant burns", 0, _MOST_BURNS)


class _Fuelled(Protocol):
    @property
    def fuel(self) -> Fuel: ...

    @property
    def burns(self) -> int: ...


F = TypeVar("F", bound=_Fuelled)


def _plants(rule_id: str, plants: Sequence[Plant], most: int | None = MAX_PLANTS) -> list[Plant]:
    """The power plants, checked, from left to right: in descending numerical order.

    Without a number of plants the rules set (``most``), at most ``_MOST_ITEMS``.
    """
    bound = _MOST_ITEMS if most is None else most
    given: object = plants
    given = given if isinstance(given, list | tuple) and len(given) <= bound else [None]
    found = [p for p in given if isinstance(p, Plant)]
    if len(found) != len(given) or len({p.number for p in found}) != len(found):
        raise RuleError(rule_id, f"distinct power plants (Plant), {bound} at most", plants)
    return sorted(found, key=lambda p: -p.number)


def _stocks(
    rule_id: str, plants: list[Plant], stocks: Mapping[int, Resources]
) -> dict[int, Resources]:
    """Each plant's cubes: only resources it burns, an active and a reserve stock at most."""
    by_number = {p.number: p for p in plants}
    expected = "the cubes of its power plants, by number: resources each burns, two stocks at most"
    for number, held in _mapping(rule_id, stocks, expected).items():
        plant = by_number.get(number) if isinstance(number, int) else None
        if (
            plant is None
            or not isinstance(held, Resources)
            or held.total(plant.fuel.resources) != held.total()
            or held.total() > ai_stock_size(plant.burns)
        ):
            raise RuleError(rule_id, expected, {number: held})
    return {p.number: stocks.get(p.number, Resources()) for p in plants}


def _market(rule_id: str, market: Mapping[Resource, Mapping[int, int]]) -> Market:
    """A copy of the resource market: for each resource, the cubes at each price."""
    spaces: Market = {r: {} for r in Resource}
    expected = "a resource market: the cubes of each resource by price"
    for resource, cubes in _mapping(rule_id, market, expected).items():
        if not isinstance(resource, str) or resource not in set(Resource):
            raise RuleError(rule_id, expected, market)
        for price, count in _mapping(rule_id, cubes, expected).items():
            cost = _count(rule_id, price, f"the price of {resource}", 1)
            if cubes_at := _count(
                rule_id, count, f"the {resource} cubes at {price}", 0, _MOST_CUBES
            ):
                spaces[Resource(resource)][cost] = cubes_at
    return spaces


def ai_capacity(plants: Sequence[Plant]) -> int:
    """The cities the power plants can power together: a player's capacity.

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
    cities = _count("mw-limit-ai-capacity", cities, "the artificial player's cities")
    return cities + AI_CAPACITY_MARGIN


def your_city_limit(capacity: int) -> int:
    """The most cities your network may hold: your capacity + 2.

    [mw-your-build] Your power plants power 13 cities: 15 cities at most.

    >>> your_city_limit(13)
    15
    """
    capacity = _count("mw-limit-your-network", capacity, "your capacity")
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
    round_number = _count(rule, round_number, "a round number", 1)
    network = _count(rule, cities, "your cities") + _count(rule, built, "the cities you build")
    capacity = _count("mw-limit-your-network", capacity, "your capacity")
    if round_number == 1 and built < FIRST_ROUND_MIN_BUILD:
        return False
    return built == 0 or network <= your_city_limit(capacity)


def ai_draws_at_random(round_number: int) -> bool:
    """Whether the artificial player draws its power plant at random (the first round and
    the two played like it) rather than choosing it (from the fourth round on).

    >>> [ai_draws_at_random(n) for n in (1, 2, 3)]
    [True, True, True]

    [mw-round-4] From the fourth round the only change is how it picks its power plant.

    >>> ai_draws_at_random(4)
    False
    """
    round_number = _count("mw-rounds-2-3", round_number, "a round number", 1)
    return round_number <= 1 + ROUNDS_LIKE_THE_FIRST


def ai_draw_plant(
    market: Sequence[Plant], ai_plants: Sequence[Plant], ai_cities: int, rng: random.Random
) -> Plant | None:
    """Rounds 1 to 3: the artificial player's power plant, drawn at random among the four
    of the actual market (the cheapest) that keep its capacity within its cities + 4.

    ``None`` when none of them is allowed: it takes no power plant this round.

    >>> market = [Plant(n, Fuel.OIL, 2, 1) for n in (3, 4, 5, 6)]
    >>> market += [Plant(n, Fuel.COAL, 3, 2) for n in (7, 8, 9, 10)]
    >>> ai_draw_plant(market, [], 0, random.Random(1)).number in (3, 4, 5, 6)
    True
    >>> ai_draw_plant(market, [Plant(29, Fuel.HYBRID, 1, 4)], 0, random.Random(1)) is None
    True
    """
    rule = "mw-first-ai-plant"
    current = sorted(_plants(rule, market, None), key=lambda p: p.number)[:CURRENT_MARKET_PLANTS]
    owned = _plants(rule, ai_plants, MAX_PLANTS - 1)
    if not isinstance(rng, random.Random):
        raise RuleError(rule, "a random.Random to draw the power plant", rng)
    limit = ai_capacity_limit(ai_cities)
    allowed = [p for p in current if ai_capacity(owned) + p.powers <= limit]
    return rng.choice(allowed) if allowed else None


def _numbers(rule_id: str, market: Sequence[int]) -> list[int]:
    expected = "the numbers of the power plants on offer, all different"
    numbers = [
        _count(rule_id, n, "a power plant's number", 1)
        for n in _sequence(rule_id, market, expected)
    ]
    if len(set(numbers)) != len(numbers) or not numbers:
        raise RuleError(rule_id, expected, market)
    return sorted(numbers)


def plant_price(number: int, market: Sequence[int], step: int) -> int:
    """What you pay for a power plant: its number, more for the dearest ones.

    In steps 1 and 2 (every round, as the book reads it) the plant in fourth position of the
    actual market costs 5 more. In step 3 the dearer row of the market costs 5, 10 and 15
    more, from its cheapest to the dearest; the cheaper row costs the numbers.

    >>> [plant_price(n, (3, 4, 5, 6), step=1) for n in (3, 4, 5, 6)]
    [3, 4, 5, 11]
    >>> [plant_price(n, (31, 33, 35, 37, 39, 42), step=3) for n in (35, 37, 39, 42)]
    [35, 42, 49, 57]

    [mw-ex-step-3-prices] Plants 48, 49 and 50 cost 53, 59 and 65; 47 costs 47. (The two
    plants cheaper than 47 change nothing: only the dearer row costs more.)

    >>> market = (47, 48, 49, 50)
    >>> [plant_price(number, market, step=3) for number in market]
    [47, 53, 59, 65]
    """
    rule = "mw-first-buy"
    step = _count(rule, step, "a step, 1, 2 or 3", 1)
    plants = _numbers(rule, market)
    if number not in plants or step > _STEPS:
        raise RuleError(rule, f"a step up to {_STEPS} and a power plant on offer", (number, step))
    if step < _STEPS:
        if len(plants) > CURRENT_MARKET_PLANTS:
            raise RuleError(
                rule, f"the actual market, {CURRENT_MARKET_PLANTS} plants at most", market
            )
        fourth = plants.index(number) + 1 == SURCHARGED_POSITION
        return number + (FOURTH_PLANT_SURCHARGE if fourth else 0)
    if len(plants) > _STEP_3_MARKET:
        raise RuleError("mw-step-3-prices", f"the market, {_STEP_3_MARKET} plants at most", market)
    return number + step_3_surcharge(_STEP_3_MARKET - len(plants) + plants.index(number) + 1)


def step_3_rows(market: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Step 3: the market in two rows, the cheaper plants and the three dearest.

    >>> step_3_rows([42, 31, 39, 33, 37, 35])
    ((31, 33, 35), (37, 39, 42))
    """
    plants = _numbers("mw-step-3-market", market)
    if len(plants) > _STEP_3_MARKET:
        raise RuleError("mw-step-3-market", f"{_STEP_3_MARKET} power plants at most", market)
    cut = max(len(plants) - STEP_3_ROW_SIZES[-1], 0)
    return tuple(plants[:cut]), tuple(plants[cut:])


def step_3_surcharge(position: int) -> int:
    """Step 3: what a power plant costs above its number, by its position from the cheapest
    in the market of six: nothing in the cheaper row, then 5, 10 and 15.

    >>> [step_3_surcharge(n) for n in range(1, 7)]
    [0, 0, 0, 5, 10, 15]

    [mw-step-3-prices] The fourth costs 5 more, the fifth 10 more.

    >>> step_3_surcharge(4)
    5
    >>> step_3_surcharge(5)
    10
    """
    position = _count("mw-step-3-prices", position, "a position from the cheapest", 1)
    if position > _STEP_3_MARKET:
        raise RuleError("mw-step-3-prices", f"a position from 1 to {_STEP_3_MARKET}", position)
    cheap = STEP_3_ROW_SIZES[0]
    return 0 if position <= cheap else STEP_3_SURCHARGES[position - cheap - 1]


def ai_stock_size(burns: int) -> int:
    """The cubes the artificial player keeps for a power plant that burns ``burns``: an
    active stock and a reserve stock.

    >>> ai_stock_size(2), ai_stock_size(0)
    (4, 0)
    """
    burns = _count(
        "mw-ai-restock-whole", burns, "the resources a power plant burns", 0, _MOST_BURNS
    )
    return _STOCKS * burns


def restock_count(burns: int, available: int, held: int = 0) -> int:
    """How many cubes the artificial player takes for one power plant: whole stocks only.

    It completes the stock it has begun, then the next, as long as the market (``available``
    cubes it can burn) can fill the whole stock.

    >>> restock_count(2, available=9, held=1)
    3

    [mw-ai-restock-whole] A plant that needs 3 coal (6 in all), 4 on the market: 3 taken;
    with 2 on the market, none.

    >>> ai_stock_size(3)
    6
    >>> restock_count(3, available=4)
    3
    >>> bool(restock_count(3, available=2))
    False
    """
    rule = "mw-ai-restock-whole"
    size = ai_stock_size(burns)
    available = _count(rule, available, "the cubes on the market it can burn")
    if _count(rule, held, "the cubes the power plant holds") > size:
        raise RuleError(rule, f"at most {size} cubes held", held)
    taken = 0
    while burns and held + taken < size:
        stock = burns - (held + taken) % burns
        if taken + stock > available:
            break
        taken += stock
    return taken


def _balanced(options: Sequence[Resource], held: Resources) -> Resource:
    """The resource a hybrid plant holds fewer of; oil first on a tie."""
    return min(options, key=lambda r: (held[r], options.index(r)))


def restock_plant(
    fuel: Fuel, burns: int, held: Resources, market: Mapping[Resource, Mapping[int, int]]
) -> tuple[Resources, Market]:
    """One power plant restocks: whole stocks, each cube the cheapest on the market; a
    hybrid plant takes, at equal prices, the resource it holds fewer of (oil on a tie).

    Returns the cubes taken and the market left.

    [mw-ai-restock] Coal and oil, 2 of each at 3: the hybrid plant (one that burns 1) takes
    1 oil and 1 coal.

    >>> market = {resource: {3: 2} for resource in (Resource.COAL, Resource.OIL)}
    >>> taken, market = restock_plant(Fuel.HYBRID, 1, Resources(), market)
    >>> taken
    Resources(coal=1, oil=1)
    """
    rule = "mw-ai-restock"
    fuel, spaces = _member(rule, Fuel, fuel), _market(rule, market)
    if not isinstance(held, Resources):
        raise RuleError(rule, "the cubes the power plant holds (Resources)", held)
    on_sale = sum(sum(spaces[r].values()) for r in fuel.resources)
    taken = Resources()
    for _ in range(restock_count(burns, on_sale, held.total(fuel.resources))):
        cheapest = min(min(spaces[r]) for r in fuel.resources if spaces[r])
        at_price = [r for r in fuel.resources if spaces[r] and min(spaces[r]) == cheapest]
        resource = _balanced(at_price, held + taken)
        spaces[resource][cheapest] -= 1
        spaces[resource] = {p: n for p, n in spaces[resource].items() if n}
        taken = taken.add(resource, 1)
    return taken, spaces


def ai_restock(
    plants: Sequence[Plant],
    stocks: Mapping[int, Resources],
    market: Mapping[Resource, Mapping[int, int]],
) -> tuple[dict[int, Resources], Market]:
    """The artificial player restocks its power plants from left to right (descending
    numbers), each as ``restock_plant`` says. Returns its cubes and the market left.

    >>> plants = [Plant(4, Fuel.COAL, 2, 1), Plant(8, Fuel.COAL, 3, 2)]
    >>> stocks, market = ai_restock(plants, {}, {Resource.COAL: {1: 3, 2: 3, 3: 1}})
    >>> stocks, market
    ({8: Resources(coal=6), 4: Resources()}, {...: {3: 1}, ...})
    """
    rule = "mw-ai-restock"
    ordered = _plants(rule, plants)
    cubes, spaces = _stocks(rule, ordered, stocks), _market(rule, market)
    for plant in ordered:
        taken, spaces = restock_plant(plant.fuel, plant.burns, cubes[plant.number], spaces)
        cubes[plant.number] += taken
    return cubes, spaces


def _can_fire(plant: Plant, held: Resources) -> bool:
    return held.total(plant.fuel.resources) >= plant.burns


def ai_powerable(plants: Sequence[Plant], stocks: Mapping[int, Resources]) -> int:
    """The cities the artificial player can power with the cubes it holds.

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
    powerable = _count(rule, powerable, "the cities it can power")
    return powerable >= _count(rule, cities, "the artificial player's cities") - POWER_SHORTFALL


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
    cities = _count(rule, cities, "the artificial player's cities")
    fired: list[int] = []
    expected = "the capacities of its power plants, in order"
    for capacity in _sequence(rule, capacities, expected, MAX_PLANTS):
        if sum(fired) >= cities:
            break
        fired.append(_count(rule, capacity, "a power plant's capacity", 1))
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


def route_cost(connections: Sequence[int]) -> int:
    """The cost of a route from your network through other cities: all its connections.

    >>> route_cost([0, 7]), route_cost([12])
    (7, 12)
    """
    rule = "mw-ai-build"
    costs = _sequence(rule, connections, "the connection costs along a route")
    return sum(_count(rule, cost, "a connection cost") for cost in costs)


def _city(city: object) -> str:
    if not isinstance(city, str) or not city:
        raise RuleError("mw-ai-build", "a city, named", city)
    return city


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
    power all its cities with the cubes it holds.

    >>> ai_build(2, {"Essen": 10, "Bremen": 3, "Kiel": 7}, powerable=2, ai_cities=2)
    ('Bremen', 'Kiel')
    >>> ai_build(2, {"Essen": 10, "Bremen": 3}, powerable=1, ai_cities=2)
    ()
    >>> ai_build(1, {"Essen": 3, "Bremen": 3}, 0, 0, random.Random(7))[0] in ("Essen", "Bremen")
    True
    """
    count = _count("mw-ai-build", you_built, "the cities you built this round")
    expected = "the free cities it can reach, each with the cost of its cheapest route"
    given = _mapping("mw-ai-build", costs, expected).items()
    routes = {
        _city(city): _count("mw-ai-build", c, f"the route cost to {city}") for city, c in given
    }
    rule = "mw-ai-build-unpowered"
    if _count(rule, powerable, "the cities it can power") < _count(rule, ai_cities, "its cities"):
        return ()
    order = sorted(routes, key=lambda city: routes[city])
    if count == 0 or len(order) <= count or routes[order[count - 1]] < routes[order[count]]:
        return tuple(order[:count])
    cut = routes[order[count - 1]]
    sure = [c for c in order if routes[c] < cut]
    if not isinstance(rng, random.Random):
        raise RuleError(
            "mw-ai-build", "a random.Random to draw between cities at the same cost", costs
        )
    return (*sure, *rng.sample([c for c in order if routes[c] == cut], count - len(sure)))


def plants_to_remove(market: Sequence[int], your_cities: int, ai_cities: int) -> tuple[int, ...]:
    """The power plants to take out of the market: those numbered no higher than the
    cities of either player.

    >>> plants_to_remove([5, 6, 8, 9, 10, 12, 13, 15], your_cities=4, ai_cities=6)
    (5, 6)
    """
    rule = "mw-remove-small-plants"
    most = max(_count(rule, your_cities, "your cities"), _count(rule, ai_cities, "its cities"))
    return tuple(n for n in _numbers(rule, market) if n <= most)


def market_prices(market: Mapping[Resource, Mapping[int, int]]) -> dict[Resource, int]:
    """The price of the cheapest cube of each resource on the market (none: not listed).

    >>> market_prices({Resource.COAL: {1: 0, 2: 3}, Resource.URANIUM: {}})
    {<Resource.COAL: 'coal'>: 2}
    """
    spaces = _market("mw-ai-choice-ties", market)
    return {r: min(cubes) for r, cubes in spaces.items() if cubes}


def single_resource_price(fuel: Fuel, prices: Mapping[Resource, int]) -> int | None:
    """The price of 1 cube a power plant burns (a hybrid: the cheaper of coal and oil; green:
    nothing to pay); ``None`` when the market has none of it.

    >>> single_resource_price(Fuel.HYBRID, {Resource.COAL: 6, Resource.OIL: 5})
    5
    >>> single_resource_price(Fuel.URANIUM, {Resource.COAL: 6}) is None
    True
    """
    rule = "mw-ai-choice-ties"
    fuel = _member(rule, Fuel, fuel)
    listed = _mapping(rule, prices, "the price of the cheapest cube of each resource")
    found = [_count(rule, listed[r], f"the price of {r}", 1) for r in fuel.resources if r in listed]
    return 0 if fuel is Fuel.GREEN else min(found, default=None)


def ai_tie_break(
    options: Sequence[F], prices: Mapping[Resource, int], rng: random.Random | None = None
) -> F:
    """Between power plants that raise the capacity as much: a green one; else the one
    whose single resource is the cheapest (a resource missing from the market is dearer
    than any); else one drawn at random.

    [mw-ai-choice-ties] One plant needs 2 coal, another 1 oil; oil costs 4, coal 3. Fuelling
    with coal takes 6, but one coal at 3 is cheaper than one oil at 4.

    >>> prices = {Resource.COAL: 3, Resource.OIL: 4}
    >>> 2 * single_resource_price(Fuel.COAL, prices)
    6
    >>> single_resource_price(Fuel.COAL, prices), single_resource_price(Fuel.OIL, prices)
    (3, 4)
    >>> ai_tie_break([Need(Fuel.COAL, 2), Need(Fuel.OIL, 1)], prices)
    Need(fuel=<Fuel.COAL: 'coal'>, burns=2)
    """
    rule = "mw-ai-choice-ties"
    expected = "at least 1 power plant (Plant or Need) to choose from"
    found = _sequence(rule, options, expected)
    if not found or not all(isinstance(getattr(o, "fuel", None), Fuel) for o in found):
        raise RuleError(rule, expected, options)

    def key(option: F) -> tuple[bool, float]:
        price = single_resource_price(option.fuel, prices)
        return (option.fuel is not Fuel.GREEN, float("inf") if price is None else price)

    best = min(map(key, options))
    tied = [o for o in options if key(o) == best]
    if len(tied) == 1:
        return tied[0]
    if not isinstance(rng, random.Random):
        raise RuleError(rule, "a random.Random to draw between power plants still tied", tied)
    return rng.choice(tied)


def ai_discard(plants: Sequence[Plant]) -> Plant:
    """The power plant the artificial player discards: its weakest (fewest cities), the
    lowest-numbered one on a tie.

    >>> plants = [Plant(4, Fuel.COAL, 2, 1), Plant(3, Fuel.OIL, 2, 1), Plant(10, Fuel.COAL, 2, 2)]
    >>> ai_discard(plants).number
    3
    """
    owned = _plants("mw-ai-discard", plants)
    if not owned:
        raise RuleError("mw-ai-discard", "at least 1 power plant", plants)
    return min(owned, key=lambda p: (p.powers, p.number))


def ai_choose_plant(
    ai_plants: Sequence[Plant],
    ai_cities: int,
    market: Sequence[Plant],
    prices: Mapping[Resource, int],
    rng: random.Random | None = None,
) -> Plant | None:
    """From the fourth round: the power plant on offer that raises the artificial player's
    capacity most, counted after discarding its weakest plant when it already has 3, within
    its cities + 4; ties go to ``ai_tie_break``. ``None``: no plant helps, it passes.

    >>> owned = [Plant(4, Fuel.COAL, 2, 1), Plant(5, Fuel.HYBRID, 2, 1), Plant(10, Fuel.COAL, 2, 2)]
    >>> offer = [Plant(13, Fuel.GREEN, 0, 1), Plant(15, Fuel.COAL, 2, 3), Plant(16, Fuel.OIL, 2, 3),
    ...          Plant(25, Fuel.COAL, 2, 5)]
    >>> prices = {Resource.COAL: 4, Resource.OIL: 3}
    >>> ai_choose_plant(owned, 3, offer, prices).number
    16
    >>> ai_choose_plant(owned, 1, offer, prices) is None
    True
    """
    rule = "mw-ai-choice"
    owned, offer = _plants(rule, ai_plants), _plants(rule, market, None)
    # With the new plant it would own one more: a discard keeps it within the 3 (mw-limit-plants).
    kept = [p for p in owned if len(owned) + 1 <= MAX_PLANTS or p != ai_discard(owned)]
    now, base, limit = ai_capacity(owned), ai_capacity(kept), ai_capacity_limit(ai_cities)
    gains = {p: base + p.powers for p in offer if now < base + p.powers <= limit}
    if not gains:
        return None
    best = max(gains.values())
    return ai_tie_break([p for p in offer if gains.get(p) == best], prices, rng)


def ai_move_resources(
    plants: Sequence[Plant], stocks: Mapping[int, Resources], freed: Resources
) -> tuple[dict[int, Resources], Resources]:
    """The discarded plant's cubes go to the artificial player's other plants, the new one
    included, from left to right, as far as each can burn and store them (two stocks);
    returns its cubes and what is left over, for the general supply.

    >>> plants = [Plant(20, Fuel.COAL, 3, 5), Plant(12, Fuel.HYBRID, 2, 2)]
    >>> ai_move_resources(plants, {20: Resources(coal=4)}, Resources(coal=5, garbage=1))
    ({20: Resources(coal=6), 12: Resources(coal=3)}, Resources(garbage=1))
    """
    rule = "mw-ai-move-resources"
    ordered = _plants(rule, plants)
    cubes = _stocks(rule, ordered, stocks)
    if not isinstance(freed, Resources):
        raise RuleError(rule, "the discarded plant's cubes (Resources)", freed)
    for plant in ordered:
        for _ in range(ai_stock_size(plant.burns) - cubes[plant.number].total()):
            kinds = [r for r in plant.fuel.resources if freed[r]]
            if not kinds:
                break
            resource = _balanced(kinds, cubes[plant.number])
            cubes[plant.number], freed = (
                cubes[plant.number].add(resource, 1),
                freed.add(resource, -1),
            )
    return cubes, freed


def step_2_begins(your_cities: int, ai_cities: int) -> bool:
    """Whether step 2 begins: a player has connected a seventh city.

    >>> step_2_begins(6, 6), step_2_begins(7, 3), step_2_begins(2, 7)
    (False, True, True)
    """
    rule = "mw-step-2-start"
    mine, its = _count(rule, your_cities, "your cities"), _count(rule, ai_cities, "its cities")
    return max(mine, its) >= STEP_2_CITIES


def build_cost(step: int, connection: int, occupied: bool = False) -> int:
    """What you pay to build in a city: its house (10, 15 or 20 in steps 1, 2 and 3) and the
    connection. A city another player occupies is closed to you.

    >>> build_cost(1, 0), build_cost(2, 8), build_cost(3, 12)
    (10, 23, 32)
    >>> build_cost(2, 8, occupied=True)
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: mw-one-player-per-city: expected a city no player occupies, got
    'occupied'
    """
    houses = (_STEP_1_HOUSE_COST, STEP_2_HOUSE_COST, STEP_3_HOUSE_COST)
    step = _count("mw-step-2-building", step, "a step, 1, 2 or 3", 1)
    if step > len(houses):
        raise RuleError("mw-step-2-building", f"a step from 1 to {len(houses)}", step)
    if occupied:
        raise RuleError("mw-one-player-per-city", "a city no player occupies", "occupied")
    return houses[step - 1] + route_cost([connection])


def game_ends(market_refilled: bool, ai_cities: int) -> tuple[EndCondition, ...]:
    """The end conditions met this round (none: the game goes on): the power plant market
    could not be refilled in the Bureaucracy phase; the artificial player has built its
    fifteenth city. The game ends at the end of the round.

    >>> game_ends(market_refilled=True, ai_cities=14)
    ()

    [mw-end] There are two end conditions; the artificial player's 15th city is one.

    >>> len(EndCondition)
    2
    >>> [str(condition) for condition in game_ends(market_refilled=True, ai_cities=15)]
    ['ai-last-city']
    """
    if not isinstance(market_refilled, bool):
        raise RuleError("mw-end", "whether the power plant market was refilled", market_refilled)
    met = [EndCondition.PLANT_MARKET_SHORT] if not market_refilled else []
    if _count("mw-end", ai_cities, "the artificial player's cities") >= AI_FINAL_CITY:
        met.append(EndCondition.AI_LAST_CITY)
    return tuple(met)


def medal(elektros: int) -> Medal | None:
    """Your medal for your Elektros at the end: bronze from 250, silver from 275, gold from
    300; below 250, none.

    >>> [medal(n) for n in (249, 250, 299, 300, 412)]
    [None, <Medal.BRONZE: 'bronze'>, <Medal.SILVER: 'silver'>, <Medal.GOLD: 'gold'>,
     <Medal.GOLD: 'gold'>]
    """
    elektros = _count("mw-medals", elektros, "your final Elektros")
    return next((m for least, m in _MEDAL_FROM if elektros >= least), None)


@table
def medal_table() -> Table:
    """The final ranking, as ``medal`` computes it: one row per medal."""
    top = _MEDAL_FROM[0][0]
    rows = [
        ((span(low, None if high == top else high),), (won.value,))
        for low, high, won in runs(range(top + 1), medal)
        if won is not None
    ]
    return (((), ()), *rows)
