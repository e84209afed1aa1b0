"""Megawatts solo: the resource market's prices, and how the artificial player restocks
and moves its resources."""

from collections.abc import Mapping, Sequence

from rulebook.errors import RuleError
from rulebook.kit.explain import step
from rulebook.kit.validate import member as _member
from rulebook.kit.validate import whole

from .rules import (
    _MOST_COUNT,
    Fuel,
    Market,
    Plant,
    Resource,
    Resources,
    _mapping,
    _market,
    _plants,
    _stocks,
    ai_stock_size,
)


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
    available = whole(rule, available, "the cubes on the market it can burn", most=_MOST_COUNT)
    if whole(rule, held, "the cubes the power plant holds", most=_MOST_COUNT) > size:
        raise RuleError(rule, f"at most {size} cubes held", held)
    taken = 0
    while burns and held + taken < size:
        stock = burns - (held + taken) % burns
        if taken + stock > available:
            break
        taken += stock
    step(rule, stock_size=size, held=held, on_market=available, takes=taken)
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

    [mw-ai-restock] Coal and oil, 2 of each at 3: the hybrid plant 5 (it burns 2) takes 1 oil
    and 1 coal for its active stock, as many for its reserve stock.

    >>> market = {resource: {3: 2} for resource in (Resource.COAL, Resource.OIL)}
    >>> plant = Plant(5, Fuel.HYBRID, 2, 1)
    >>> taken, market = restock_plant(plant.fuel, plant.burns, Resources(), market)
    >>> taken == Resources(oil=1, coal=1) + Resources(oil=1, coal=1)
    True
    """
    rule = "mw-ai-restock"
    fuel, spaces = _member(rule, Fuel, fuel), _market(rule, market)
    if not isinstance(held, Resources):
        raise RuleError(rule, "the cubes the power plant holds (Resources)", held)
    on_sale = sum(sum(spaces[r].values()) for r in fuel.resources)
    taken, cubes = Resources(), []
    for _ in range(restock_count(burns, on_sale, held.total(fuel.resources))):
        cheapest = min(min(spaces[r]) for r in fuel.resources if spaces[r])
        at_price = [r for r in fuel.resources if spaces[r] and min(spaces[r]) == cheapest]
        resource = _balanced(at_price, held + taken)
        spaces[resource][cheapest] -= 1
        spaces[resource] = {p: n for p, n in spaces[resource].items() if n}
        taken = taken.add(resource, 1)
        cubes.append(resource)
    step(rule, fuel=fuel, cubes_taken=cubes)
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
    listed = _prices(rule, prices)
    found = [listed[r] for r in fuel.resources if r in listed]
    return 0 if fuel is Fuel.GREEN else min(found, default=None)


def _prices(rule_id: str, prices: object) -> dict[Resource, int]:
    """The price of the cheapest cube of each resource listed, every one checked, not only
    those a fuel asks for: a bad price is refused whichever plants are compared."""
    listed = _mapping(rule_id, prices, "the price of the cheapest cube of each resource")
    return {
        _member(rule_id, Resource, r): whole(rule_id, price, f"the price of {r}", 1, _MOST_COUNT)
        for r, price in listed.items()
    }


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
