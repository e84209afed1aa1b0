"""Catan Dice "Extra": the small islands of the examples, made up for them (not the printed map)."""

from typing import Final

from .board import make_island
from .rules import Terrain

SAMPLE: Final = make_island(
    "a-b-c-d-e-f-g c-h-i e-j",
    sites="e",
    cities="c",
    coast="a-b f-g",
    knights={
        "forest": (Terrain.LUMBER, "c-d d-e"),
        "desert-west": (Terrain.DESERT, "c-h h-i"),
        "desert-east": (Terrain.DESERT, "e-j"),
    },
)
"""A small made-up island for the examples:  a-b-c-d-e-f-g, with c-h-i and e-j branching
off; c is a city site, e a settlement site; a forest knight and 2 desert knights."""


COAST: Final = make_island("a-b-c-d-e-f-g-h-i-j a-x", coast="a-b b-c c-d d-e e-f f-g g-h h-i i-j")
"""A coast a-b-…-j with an inland road a-x, for the starting roads."""


LINE: Final = make_island("a-b-c-d-e-f-g c-h d-x", sites="d")
"""A line of roads with a fork at c and a building site at d, for the Longest Road."""


LOOP: Final = make_island("a-b-c-d-e-b d-t-u-v-w-x-y", sites="d", coast="a-b x-y")
"""A loop b-c-d-e-b with a building site at d, reached from the coast a-b and from the coast
x-y by d-t-…-y, for a road broken by a settlement."""


RACE: Final = make_island("a-b-c-d-e-f-g p-q-r-s-t-u-v-w")
"""Two lines of roads, for a race to the Longest Road."""


FORT: Final = make_island(
    "a-b-c-d",
    knights={
        k: (Terrain.ORE, "a-b b-c c-d")
        for k in ("north", "south", "east", "west", "hill", "wood", "ford")
    },
)
"""A road a-b-c-d along the hexes of many knights, for a race to the Largest Army."""


LADDER: Final = make_island(
    " ".join(
        ["-".join(f"p{n}" for n in range(10)), "-".join(f"q{n}" for n in range(10)), "x-y-z"]
        + [f"p{n}-q{n}" for n in range(10)]
    )
)
"""A ladder of 2 rails joined by 10 rungs, 9 loops (more than ``PLAYER_LOOPS``), and a
road x-y-z apart from it: for a network too large to measure the Longest Road on."""
