"""Megawatts (Power Grid): solo rules by SoloPlay, against the artificial player (the JA).

The rules are ``rules_fr/megawatts-solo.md`` (French) and ``rules_en/megawatts-solo.md``
(English). Each function restates its rule; a docstring line ``[rule-id]`` binds the
doctests after it to that rule's worked example, and the checker compares their numbers.

The map is not modelled: where a rule needs the cost of reaching a city, the caller gives
it. The artificial player's resources are kept per power plant, as ``Resources`` keyed by the
plant's number; the resource market is, for each resource, the cubes at each price.

The package, a file a topic (each under 400 lines):

- ``rules``: the game's numbers, resources, fuels, medals, plants and stocks, and input checks;
- ``building``: capacity, cities and connections, building costs, and when step 2 begins;
- ``market``: drawing, pricing and choosing power plants;
- ``resources``: the resource market and the artificial player's restocking;
- ``power``: which plants the artificial player fires, and what it burns;
- ``phases``: the artificial player's side of the table, carried from round to round, and
  its power plant phase over it (the companion at the table plays its round with these);
- ``end``: the end of the game and the medals.
"""

from .building import (
    ai_build,
    ai_build_count,
    ai_capacity,
    ai_capacity_limit,
    build_cost,
    route_cost,
    step_2_begins,
    your_build_allowed,
    your_city_limit,
)
from .end import game_ends, medal, medal_table
from .market import (
    ai_choose_plant,
    ai_discard,
    ai_draw_plant,
    ai_draws_at_random,
    ai_tie_break,
    plant_price,
    plants_to_remove,
    step_3_rows,
    step_3_surcharge,
)
from .phases import ArtificialPlayer, PlantPhase, ai_add_plant, ai_plant_phase
from .power import (
    Powering,
    ai_fires,
    ai_may_power,
    ai_power,
    ai_powerable,
    firing_order,
)
from .resources import (
    ai_move_resources,
    ai_restock,
    market_prices,
    restock_count,
    restock_plant,
    single_resource_price,
)
from .rules import (
    AI_CAPACITY_MARGIN,
    AI_FINAL_CITY,
    CURRENT_MARKET_PLANTS,
    FIRST_ROUND_MIN_BUILD,
    FOURTH_PLANT_SURCHARGE,
    MAX_PLANTS,
    PLAYERS,
    POWER_SHORTFALL,
    ROUNDS_LIKE_THE_FIRST,
    STARTING_ELEKTROS,
    STEP_2_CITIES,
    STEP_2_HOUSE_COST,
    STEP_3_HOUSE_COST,
    STEP_3_ROW_SIZES,
    STEP_3_ROWS,
    STEP_3_SURCHARGES,
    SURCHARGED_POSITION,
    YOUR_FIRST_ROUND_PLACE,
    YOUR_NETWORK_MARGIN,
    EndCondition,
    Fuel,
    Medal,
    Need,
    Plant,
    Resource,
    Resources,
    ai_stock_size,
)

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
    "ArtificialPlayer",
    "EndCondition",
    "Fuel",
    "Medal",
    "Need",
    "Plant",
    "PlantPhase",
    "Powering",
    "Resource",
    "Resources",
    "ai_add_plant",
    "ai_build",
    "ai_build_count",
    "ai_capacity",
    "ai_capacity_limit",
    "ai_choose_plant",
    "ai_discard",
    "ai_draw_plant",
    "ai_draws_at_random",
    "ai_fires",
    "ai_may_power",
    "ai_move_resources",
    "ai_plant_phase",
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
