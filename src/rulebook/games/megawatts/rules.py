"""Megawatts solo: the game's numbers, resources, fuels, medals, power plants and the
artificial player's stocks, and the checks of input every rule shares."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Final, Protocol, TypeVar

from rulebook.errors import RuleError
from rulebook.kit.terms import Term
from rulebook.kit.validate import member as _member
from rulebook.kit.validate import whole

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


_STEP_1_HOUSE_COST: Final = 10  # the base game's first space, which mw-your-build states


_STOCKS: Final = 2  # the artificial player keeps an active stock and a reserve stock


_STEP_3_MARKET: Final = sum(STEP_3_ROW_SIZES)


_STEPS: Final = 3


class Resource(StrEnum):
    """The four resources of the resource market."""

    COAL = "coal"
    OIL = "oil"
    GARBAGE = "garbage"
    URANIUM = "uranium"


# Each resource's field in ``Resources``, found once: the companion at the table replays a
# whole game at each tap, and every restock and firing counts cubes.
_FIELDS: Final = {resource: resource.value for resource in Resource}


def _field(resource: object) -> str:
    """A resource's field in ``Resources``; anything else is bad input, said as a rule's."""
    try:
        return _FIELDS[resource]  # type: ignore[index]
    except (KeyError, TypeError):
        names = ", ".join(_FIELDS.values())
        raise RuleError("mw-ai-restock", f"a resource among {names}", resource) from None


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
    # The resources and fuels, as a chain of rules shows them (the glossary's terms).
    Term(Fuel.COAL.value, "charbon", "coal"),
    Term(Fuel.OIL.value, "pétrole", "oil"),
    Term(Fuel.GARBAGE.value, "déchets", "garbage"),
    Term(Fuel.URANIUM.value, "uranium", "uranium"),
    Term(Fuel.HYBRID.value, "hybride", "hybrid"),
    Term(Fuel.GREEN.value, "« verte »", "green"),
    Term(EndCondition.PLANT_MARKET_SHORT.value, "marché des centrales incomplet",
         "power plant market short"),
    Term(EndCondition.AI_LAST_CITY.value, "15e ville du JA", "artificial player's 15th city"),
)  # fmt: skip


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


def _mapping(rule_id: str, value: object, expected: str) -> Mapping[object, object]:
    """A mapping of at most ``_MOST_ITEMS`` items."""
    if not isinstance(value, Mapping) or len(value) > _MOST_ITEMS:
        raise RuleError(rule_id, f"{expected}, {_MOST_ITEMS} at most", value)
    return value


def _sequence(
    rule_id: str, value: object, expected: str, most: int = _MOST_ITEMS
) -> Sequence[object]:
    """A list, tuple or range of at most ``most`` items: a set or a string is refused.

    >>> _sequence("mw-ai-build", {3, 4}, "the connection costs along a route")
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
    from 0 to 100, got -1
    """

    coal: int = 0
    oil: int = 0
    garbage: int = 0
    uranium: int = 0

    def __post_init__(self) -> None:
        for name in _FIELDS.values():
            whole("mw-ai-restock", getattr(self, name), f"a count of {name} cubes", 0, _MOST_CUBES)

    def __getitem__(self, resource: Resource) -> int:
        return int(getattr(self, _field(resource)))

    def __repr__(self) -> str:
        held = ", ".join(f"{r.value}={self[r]}" for r in Resource if self[r])
        return f"Resources({held})"

    def __add__(self, other: "Resources") -> "Resources":
        return Resources(*(self[r] + other[r] for r in Resource))

    def __sub__(self, other: "Resources") -> "Resources":
        return Resources(*(self[r] - other[r] for r in Resource))

    def add(self, resource: Resource, count: int) -> "Resources":
        """These cubes with ``count`` more of one resource (fewer when negative)."""
        return replace(self, **{_field(resource): self[resource] + count})

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
        whole(rule, self.number, "a power plant's number", 1, _MOST_COUNT)
        whole(rule, self.powers, "the cities a power plant powers", 1, _MOST_COUNT)
        whole(rule, self.burns, "the resources a power plant burns", 0, _MOST_BURNS)
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
        whole("mw-ai-choice-ties", self.burns, "the resources a power plant burns", 0, _MOST_BURNS)


class _Fuelled(Protocol):
    @property
    def fuel(self) -> Fuel: ...

    @property
    def burns(self) -> int: ...


F = TypeVar("F", bound=_Fuelled)


def _plants(rule_id: str, plants: Sequence[Plant], held: bool = True) -> list[Plant]:
    """The power plants, checked, from left to right: in descending numerical order.

    A player's plants (``held``) number 3 at most: more is refused under mw-limit-plants,
    the rule that sets the limit, whatever rule asks; a market, at most ``_MOST_ITEMS``.

    >>> _plants("mw-ai-restock", [Plant(n, Fuel.COAL, 2, 1) for n in (4, 6, 8, 10)])
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: mw-limit-plants: expected a player's power plants, 3 at most, got
    [Plant(number=4, ...), ...]
    """
    _at_most_plants(plants, "a player's power plants", held)
    given: object = plants
    given = given if isinstance(given, list | tuple) and len(given) <= _MOST_ITEMS else [None]
    found = [p for p in given if isinstance(p, Plant)]
    if len(found) != len(given) or len({p.number for p in found}) != len(found):
        bound = MAX_PLANTS if held else _MOST_ITEMS
        raise RuleError(rule_id, f"distinct power plants (Plant), {bound} at most", plants)
    return sorted(found, key=lambda p: -p.number)


def _at_most_plants(plants: object, expected: str, held: bool = True) -> None:
    """Refuses, under mw-limit-plants, more of a player's power plants than the 3 allowed."""
    if held and isinstance(plants, list | tuple | range) and len(plants) > MAX_PLANTS:
        raise RuleError("mw-limit-plants", f"{expected}, {MAX_PLANTS} at most", plants)


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
            cost = whole(rule_id, price, f"the price of {resource}", 1, _MOST_COUNT)
            if cubes_at := whole(
                rule_id, count, f"the {resource} cubes at {price}", 0, _MOST_CUBES
            ):
                spaces[Resource(resource)][cost] = cubes_at
    return spaces


def ai_stock_size(burns: int) -> int:
    """The cubes the artificial player keeps for a power plant that burns ``burns``: an
    active stock and a reserve stock.

    >>> ai_stock_size(2), ai_stock_size(0)
    (4, 0)
    """
    burns = whole("mw-ai-restock-whole", burns, "the resources a power plant burns", 0, _MOST_BURNS)
    return _STOCKS * burns
