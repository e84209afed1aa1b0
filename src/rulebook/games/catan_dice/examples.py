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
