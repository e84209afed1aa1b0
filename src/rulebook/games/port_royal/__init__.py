"""Port Royal, the dice game: solo against Morgan, by Anke Logtenberg.

The rules are ``rules_fr/port-royal-morgan.md`` (French) and ``rules_en/port-royal-morgan.md``
(English). Each function restates its rule; a docstring line ``[rule-id]`` binds the
doctests after it to that rule's worked example, and the checker compares their numbers.

The package, a file a topic:

- ``rules``: the game's numbers, the die's colours and pieces, Morgan's levels and their
  French and English names;
- ``rolls``: a roll of Morgan's, and reading rolls as the examples write them;
- ``morgan``: Morgan's turn: his rolls, the points they score, the extra point of his level,
  the treasures and missions.
"""

from .morgan import (
    MorganTurn,
    Outcome,
    RollPhase,
    RollResult,
    extra_point,
    extra_point_table,
    mission_fulfilled,
    mission_points,
    morgan_roll,
    morgan_rolls,
    morgan_scores,
    morgan_turn,
    points_for_items,
    points_table,
    treasure_gone,
    treasure_table,
)
from .rolls import Roll, parse_rolls
from .rules import (
    EXTRA_POINT,
    JESTER_ISLAND_CROSSED_BOXES,
    MISSION_PENALTY,
    MORGAN_SCORE_MARKERS,
    PARTICIPANTS,
    PLAYER_COUNT_RULES,
    SHIPS_PER_COLOUR,
    WHEELS_PER_COLOUR,
    WINNING_SCORE,
    Colour,
    Level,
    Piece,
)

__all__ = [
    "EXTRA_POINT",
    "JESTER_ISLAND_CROSSED_BOXES",
    "MISSION_PENALTY",
    "MORGAN_SCORE_MARKERS",
    "PARTICIPANTS",
    "PLAYER_COUNT_RULES",
    "SHIPS_PER_COLOUR",
    "WHEELS_PER_COLOUR",
    "WINNING_SCORE",
    "Colour",
    "Level",
    "MorganTurn",
    "Outcome",
    "Piece",
    "Roll",
    "RollPhase",
    "RollResult",
    "extra_point",
    "extra_point_table",
    "mission_fulfilled",
    "mission_points",
    "morgan_roll",
    "morgan_rolls",
    "morgan_scores",
    "morgan_turn",
    "parse_rolls",
    "points_for_items",
    "points_table",
    "treasure_gone",
    "treasure_table",
]
