"""Megawatts solo: the artificial player's side of the table, carried from round to round,
and its power plant phase over it: the plant it draws or chooses, and the one it discards."""

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from rulebook.errors import RuleError
from rulebook.kit.explain import Word, step
from rulebook.kit.validate import rng as _rng
from rulebook.kit.validate import whole

from .market import ai_choose_plant, ai_discard, ai_draw_plant, ai_draws_at_random
from .resources import _prices, ai_move_resources
from .rules import (
    _MOST_COUNT,
    _STEPS,
    CURRENT_MARKET_PLANTS,
    MAX_PLANTS,
    Plant,
    Resource,
    Resources,
    _plants,
    _stocks,
)

# A chain's word for no power plant taken.
_NO_PLANT: Final = Word("no-plant")


@dataclass(frozen=True)
class ArtificialPlayer:
    """The artificial player's side of the table: its power plants, kept from left to right
    in descending numerical order (3 at most), the cubes each holds (its active and reserve
    stocks), and the cities of its network.

    >>> from rulebook.games.megawatts.rules import Fuel
    >>> coal_4, green_13 = Plant(4, Fuel.COAL, 2, 1), Plant(13, Fuel.GREEN, 0, 1)
    >>> ai = ArtificialPlayer((coal_4, green_13), {4: Resources(coal=3)}, cities=2)
    >>> [plant.number for plant in ai.plants], ai.stocks
    ([13, 4], {13: Resources(), 4: Resources(coal=3)})
    >>> ArtificialPlayer((coal_4,), {4: Resources(coal=5)})
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: mw-ai-restock: expected the cubes of its power plants, by number:
    resources each burns, two stocks at most, got {4: Resources(coal=5)}
    """

    plants: tuple[Plant, ...] = ()
    stocks: Mapping[int, Resources] = field(default_factory=dict)
    cities: int = 0

    def __post_init__(self) -> None:
        plants = _plants("mw-first-ai-plant", self.plants)
        object.__setattr__(self, "plants", tuple(plants))
        object.__setattr__(self, "stocks", _stocks("mw-ai-restock", plants, self.stocks))
        whole("mw-first-ai-plant", self.cities, "the artificial player's cities", most=_MOST_COUNT)


@dataclass(frozen=True)
class PlantPhase:
    """The artificial player's power plant phase: the plant it takes (``None``: none),
    whether it drew it at random, the plant it discards (``None``: none), the discarded
    plant's cubes that go to the general supply, and its side of the table after."""

    taken: Plant | None
    at_random: bool
    discarded: Plant | None
    to_supply: Resources
    ai: ArtificialPlayer


def _cubes(held: Resources) -> list[Resource]:
    """The cubes one by one, as a chain of rules names them."""
    return [resource for resource in Resource for _ in range(held[resource])]


def ai_add_plant(
    ai: ArtificialPlayer, plant: Plant
) -> tuple[ArtificialPlayer, Plant | None, Resources]:
    """The artificial player gets a power plant: holding 3 already, it discards its weakest
    (``ai_discard``), whose cubes go to its other plants, the new one included, and what
    they cannot take to the general supply (``ai_move_resources``). Returns its side of the
    table after, the plant discarded (``None``: none) and the cubes for the general supply.

    >>> from rulebook.games.megawatts.rules import Fuel
    >>> coal_4, coal_10, hybrid_12 = (Plant(n, f, 2, c) for n, f, c in ((4, "coal", 1),
    ...                               (10, "coal", 2), (12, "hybrid", 2)))
    >>> ai = ArtificialPlayer((coal_4, coal_10), {4: Resources(coal=4), 10: Resources(coal=1)}, 3)
    >>> after, discarded, to_supply = ai_add_plant(ai, hybrid_12)
    >>> [p.number for p in after.plants], discarded, to_supply
    ([12, 10, 4], None, Resources())
    >>> after, discarded, to_supply = ai_add_plant(after, Plant(13, Fuel.GREEN, 0, 1))
    >>> [p.number for p in after.plants], discarded.number, after.stocks, to_supply
    ([13, 12, 10], 4, {13: Resources(), 12: Resources(coal=4), 10: Resources(coal=1)},
     Resources())
    """
    rule = "mw-ai-discard"
    if not isinstance(ai, ArtificialPlayer) or not isinstance(plant, Plant):
        raise RuleError(rule, "the artificial player (ArtificialPlayer) and a power plant", plant)
    if plant in ai.plants:
        raise RuleError(rule, "a power plant the artificial player does not hold", plant.number)
    discarded = ai_discard(ai.plants) if len(ai.plants) + 1 > MAX_PLANTS else None
    kept = [p for p in ai.plants if p != discarded]
    freed = Resources() if discarded is None else ai.stocks[discarded.number]
    held = {p.number: ai.stocks[p.number] for p in kept}
    stocks, left = ai_move_resources([*kept, plant], held, freed)
    if discarded is not None:
        step(rule, plant_discarded=discarded.number, to_supply=_cubes(left))
    return ArtificialPlayer((*kept, plant), stocks, ai.cities), discarded, left


def ai_plant_phase(
    ai: ArtificialPlayer,
    round_number: int,
    step_number: int,
    market: Sequence[Plant],
    prices: Mapping[Resource, int],
    rng: random.Random,
) -> PlantPhase:
    """The artificial player's power plant phase: in the first three rounds it draws its
    plant at random (``ai_draw_plant``); from the fourth it chooses it (``ai_choose_plant``)
    among the actual market, the 4 cheapest, or the whole market in step 3. It then gets the
    plant (``ai_add_plant``). ``prices``: the cheapest cube of each resource, and ``rng``:
    the draw, for ties.

    >>> from rulebook.games.megawatts.rules import Fuel
    >>> market = [Plant(6, Fuel.GARBAGE, 1, 1), Plant(10, Fuel.COAL, 2, 2),
    ...           Plant(13, Fuel.GREEN, 0, 1), Plant(15, Fuel.COAL, 2, 3),
    ...           Plant(20, Fuel.COAL, 3, 5)]
    >>> first = ai_plant_phase(ArtificialPlayer(), 1, 1, market, {}, random.Random(3))
    >>> first.at_random, first.taken.number in (6, 10, 13, 15), first.ai.plants == (first.taken,)
    (True, True, True)
    >>> later = ArtificialPlayer((Plant(4, Fuel.COAL, 2, 1),), cities=5)
    >>> chosen = ai_plant_phase(later, 4, 1, market, {}, random.Random(1))
    >>> chosen.at_random, chosen.taken.number, [p.number for p in chosen.ai.plants]
    (False, 15, [15, 4])
    >>> ai_plant_phase(later, 4, 3, market, {}, random.Random(1)).taken.number
    20

    With too few cities for any plant, it passes:

    >>> alone = ArtificialPlayer(later.plants)
    >>> ai_plant_phase(alone, 5, 2, market[-1:], {}, random.Random(1)).taken is None
    True
    >>> ai_plant_phase(later, 4, 1, later.plants, {}, random.Random(1))
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: mw-first-ai-plant: expected a market without the artificial
    player's own power plants, got (Plant(number=4, ...),)
    """
    rule = "mw-first-ai-plant"
    if not isinstance(ai, ArtificialPlayer):
        raise RuleError(rule, "the artificial player's side of the table (ArtificialPlayer)", ai)
    last_step = whole(rule, step_number, "a step, 1, 2 or 3", 1, _STEPS) == _STEPS
    offer = sorted(_plants(rule, market, held=False), key=lambda p: p.number)
    if set(offer) & set(ai.plants):
        raise RuleError(rule, "a market without the artificial player's own power plants", market)
    at_random = ai_draws_at_random(round_number)
    # Both checked whichever way it takes its plant: drawing needs no prices, choosing may
    # need no draw.
    _prices("mw-ai-choice-ties", prices)
    _rng(rule, rng, "a random.Random for the artificial player's draws")
    if at_random:
        taken = ai_draw_plant(offer, ai.plants, ai.cities, rng)
    else:
        current = offer if last_step else offer[:CURRENT_MARKET_PLANTS]
        taken = ai_choose_plant(ai.plants, ai.cities, current, prices, rng)
    picked = rule if at_random else "mw-ai-choice" if taken else "mw-ai-pass"
    step(picked, plant_taken=_NO_PLANT if taken is None else taken.number)
    if taken is None:
        return PlantPhase(None, at_random, None, Resources(), ai)
    after, discarded, to_supply = ai_add_plant(ai, taken)
    return PlantPhase(taken, at_random, discarded, to_supply, after)
