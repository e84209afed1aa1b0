"""Megawatts solo: the power plant market: the artificial player's draw, prices, step 3's
rows and surcharges, plants removed, and the plant the artificial player chooses."""

import random
from collections.abc import Mapping, Sequence
from typing import Final

from rulebook.errors import RuleError
from rulebook.kit.explain import step as step_taken
from rulebook.kit.validate import rng as _rng
from rulebook.kit.validate import whole

from .building import ai_capacity, ai_capacity_limit
from .resources import _prices, single_resource_price
from .rules import (
    _MOST_COUNT,
    _STEP_3_MARKET,
    _STEPS,
    CURRENT_MARKET_PLANTS,
    FOURTH_PLANT_SURCHARGE,
    MAX_PLANTS,
    ROUNDS_LIKE_THE_FIRST,
    STEP_3_ROW_SIZES,
    STEP_3_SURCHARGES,
    SURCHARGED_POSITION,
    F,
    Fuel,
    Plant,
    Resource,
    _Fuelled,
    _plants,
    _sequence,
)


def ai_draws_at_random(round_number: int) -> bool:
    """Whether the artificial player draws its power plant at random (the first round and
    the two played like it) rather than choosing it (from the fourth round on).

    >>> [ai_draws_at_random(n) for n in (1, 2, 3)]
    [True, True, True]

    [mw-round-4] From the fourth round the only change is how it picks its power plant.

    >>> ai_draws_at_random(4)
    False
    """
    round_number = whole("mw-rounds-2-3", round_number, "a round number", 1, _MOST_COUNT)
    at_random = round_number <= 1 + ROUNDS_LIKE_THE_FIRST
    rule = "mw-rounds-2-3" if at_random else "mw-round-4"
    step_taken(rule, round=round_number, at_random=at_random)
    return at_random


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

    It draws only while it holds fewer than the 3 power plants a player may hold:

    >>> ai_draw_plant(market, market[4:7], 20, random.Random(1))
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: mw-limit-plants: expected the artificial player's power plants
    before it draws one, fewer than 3, got [Plant(number=7, ...), ...]
    """
    rule = "mw-first-ai-plant"
    current = sorted(_plants(rule, market, held=False), key=lambda p: p.number)
    current = current[:CURRENT_MARKET_PLANTS]
    owned = _plants(rule, ai_plants)
    if len(owned) + 1 > MAX_PLANTS:
        expected = (
            f"the artificial player's power plants before it draws one, fewer than {MAX_PLANTS}"
        )
        raise RuleError("mw-limit-plants", expected, ai_plants)
    rng = _rng(rule, rng, "a random.Random to draw the power plant")
    limit = ai_capacity_limit(ai_cities)
    allowed = [p for p in current if ai_capacity(owned) + p.powers <= limit]
    return rng.choice(allowed) if allowed else None


def _numbers(rule_id: str, market: Sequence[int]) -> list[int]:
    expected = "the numbers of the power plants on offer, all different"
    numbers = [
        whole(rule_id, n, "a power plant's number", 1, _MOST_COUNT)
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
    number = whole(rule, number, "a power plant's number", 1, _MOST_COUNT)
    step = whole(rule, step, "a step, 1, 2 or 3", 1, _MOST_COUNT)
    plants = _numbers(rule, market)
    if number not in plants or step > _STEPS:
        raise RuleError(rule, f"a step up to {_STEPS} and a power plant on offer", (number, step))
    if step < _STEPS:
        if len(plants) > CURRENT_MARKET_PLANTS:
            raise RuleError(
                rule, f"the actual market, {CURRENT_MARKET_PLANTS} plants at most", market
            )
        position = plants.index(number) + 1
        surcharge = FOURTH_PLANT_SURCHARGE if position == SURCHARGED_POSITION else 0
        step_taken(rule, plant=number, position=position, surcharge=surcharge)
        return number + surcharge
    if len(plants) > _STEP_3_MARKET:
        raise RuleError("mw-step-3-prices", f"the market, {_STEP_3_MARKET} plants at most", market)
    position = _STEP_3_MARKET - len(plants) + plants.index(number) + 1
    return number + step_3_surcharge(position)  # which takes the step


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
    position = whole("mw-step-3-prices", position, "a position from the cheapest", 1, _MOST_COUNT)
    if position > _STEP_3_MARKET:
        raise RuleError("mw-step-3-prices", f"a position from 1 to {_STEP_3_MARKET}", position)
    cheap = STEP_3_ROW_SIZES[0]
    surcharge = 0 if position <= cheap else STEP_3_SURCHARGES[position - cheap - 1]
    step_taken("mw-step-3-prices", position=position, surcharge=surcharge)
    return surcharge


def plants_to_remove(market: Sequence[int], your_cities: int, ai_cities: int) -> tuple[int, ...]:
    """The power plants to take out of the market: those numbered no higher than the
    cities of either player.

    >>> plants_to_remove([5, 6, 8, 9, 10, 12, 13, 15], your_cities=4, ai_cities=6)
    (5, 6)
    """
    rule = "mw-remove-small-plants"
    most = max(
        whole(rule, your_cities, "your cities", most=_MOST_COUNT),
        whole(rule, ai_cities, "its cities", most=_MOST_COUNT),
    )
    removed = tuple(n for n in _numbers(rule, market) if n <= most)
    step_taken(rule, most_cities=most, plants_removed=removed)
    return removed


_DRAW_PLANTS: Final = "a random.Random to draw between power plants still tied"


def ai_tie_break(
    options: Sequence[F], prices: Mapping[Resource, int], rng: random.Random | None = None
) -> F:
    """Between power plants that raise the capacity as much: a green one; else the one
    whose single resource is the cheapest (a resource missing from the market is dearer
    than any); else one drawn at random.

    [mw-ai-choice-ties] One plant needs 2 coal, another 1 oil; oil costs 4, coal 3. Fuelling
    with coal takes 6, but 1 coal at 3 is cheaper than 1 oil at 4.

    >>> from rulebook.games.megawatts.rules import Need
    >>> prices = {Resource.COAL: 3, Resource.OIL: 4}
    >>> 2 * single_resource_price(Fuel.COAL, prices)
    6
    >>> single_resource_price(Fuel.COAL, prices), single_resource_price(Fuel.OIL, prices)
    (3, 4)
    >>> 1 * single_resource_price(Fuel.COAL, prices) < 1 * single_resource_price(Fuel.OIL, prices)
    True
    >>> ai_tie_break([Need(Fuel.COAL, 2), Need(Fuel.OIL, 1)], prices)
    Need(fuel=<Fuel.COAL: 'coal'>, burns=2)
    """
    rule = "mw-ai-choice-ties"
    expected = "at least 1 power plant (Plant or Need) to choose from"
    found = _sequence(rule, options, expected)
    if not found or not all(isinstance(getattr(o, "fuel", None), Fuel) for o in found):
        raise RuleError(rule, expected, options)
    listed = _prices(rule, prices)
    draw = _rng(rule, rng, _DRAW_PLANTS, optional=True)

    def key(option: F) -> tuple[bool, float]:
        price = single_resource_price(option.fuel, listed)
        return (option.fuel is not Fuel.GREEN, float("inf") if price is None else price)

    best = min(map(key, options))
    tied = [o for o in options if key(o) == best]
    if len(tied) == 1:
        chosen = tied[0]
    elif draw is not None:
        chosen = draw.choice(tied)
    else:
        still = ", ".join(str(_named(o)) for o in tied)
        raise RuleError(rule, f"{_DRAW_PLANTS} ({still})", rng)
    step_taken(
        rule, options=[_named(o) for o in options], chosen=_named(chosen),
        drawn_at_random=len(tied) > 1, drawn_among=[_named(o) for o in tied if len(tied) > 1],
    )  # fmt: skip
    return chosen


def _named(option: _Fuelled) -> object:
    """A power plant as a chain names it: its number; a ``Need``, which has none, its fuel."""
    return getattr(option, "number", option.fuel)


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

    A draw (``rng``) is needed only for plants still tied; without one, the error names them:

    >>> ai_choose_plant(owned, 3, offer, {Resource.COAL: 3, Resource.OIL: 3})
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: mw-ai-choice-ties: expected a random.Random to draw
    between power plants still tied (16, 15), got None
    """
    rule = "mw-ai-choice"
    owned, offer = _plants(rule, ai_plants), _plants(rule, market, held=False)
    # Checked here, not only when a tie comes up: bad input is refused whatever the plants.
    _prices("mw-ai-choice-ties", prices)
    _rng("mw-ai-choice-ties", rng, _DRAW_PLANTS, optional=True)
    # With the new plant it would own one more: a discard keeps it within the 3 (mw-limit-plants).
    kept = [p for p in owned if len(owned) + 1 <= MAX_PLANTS or p != ai_discard(owned)]
    now, base, limit = ai_capacity(owned), ai_capacity(kept), ai_capacity_limit(ai_cities)
    gains = {p: base + p.powers for p in offer if now < base + p.powers <= limit}
    if not gains:
        return None
    best = max(gains.values())
    return ai_tie_break([p for p in offer if gains.get(p) == best], prices, rng)
