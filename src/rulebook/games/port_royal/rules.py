"""Port Royal solo: the game's numbers, the colour die's colours and pieces, Morgan's levels,
and their French and English names."""

from enum import StrEnum
from typing import Final

from rulebook.kit.terms import Term
from rulebook.kit.validate import whole

WINNING_SCORE: Final = 20
"""The first to reach this score wins (pr-overview, pr-end)."""


PLAYER_COUNT_RULES: Final = 3
"""The solo game follows the rules for this many players (pr-overview, pr-you-active)."""


PARTICIPANTS: Final = 2
"""You and Morgan: the player count whose extra action you do not get (pr-overview)."""


JESTER_ISLAND_CROSSED_BOXES: Final = 2
"""Boxes crossed out on Jester Island at set-up (pr-setup-jester-island)."""


MORGAN_SCORE_MARKERS: Final = 1
"""Morgan's victory point markers (pr-material)."""


EXTRA_POINT: Final = 1
"""What step 3 may add to Morgan's score (pr-morgan-extra-point)."""


MISSION_PENALTY: Final = 1
"""Points lost on a mission Morgan has already fulfilled (pr-mission-fulfilled)."""


SHIPS_PER_COLOUR: Final = 1
"""Ships of each colour (pr-morgan-roll): a ship rolled in a colour already on the board is
that same ship."""


WHEELS_PER_COLOUR: Final = 1
"""Ship's wheels of each colour (pr-morgan-roll): a wheel rolled in a colour already on the
board is that same wheel."""


class Colour(StrEnum):
    """The six colours of the colour die, in the order printed on the game sheet."""

    YELLOW = "yellow"
    ORANGE = "orange"
    GREEN = "green"
    BLUE = "blue"
    RED = "red"
    BLACK = "black"


class Piece(StrEnum):
    """What Morgan rolls besides a colour: a ship or a ship's wheel."""

    SHIP = "ship"
    WHEEL = "wheel"


class Level(StrEnum):
    """Morgan's levels, from the slowest to the fastest scorer (pr-setup-level)."""

    EASY = "easy"
    WALKING = "walking"
    ACCELERATING = "accelerating"
    RUNNING = "running"
    EXTREME = "extreme"


TERMS: Final = (
    *(
        Term(c.value, fr, c.value)
        for c, fr in zip(Colour, ("jaune", "orange", "vert", "bleu", "rouge", "noir"), strict=True)
    ),
    *(
        Term(lv.value, fr, lv.value)
        for lv, fr in zip(
            Level, ("facile", "marche", "accélération", "course", "extrême"), strict=True
        )
    ),
    Term("never", "jamais", "never"),
)


_MAX_ITEMS: Final = len(Colour) * (SHIPS_PER_COLOUR + WHEELS_PER_COLOUR)


# The rules set no bound on Morgan's rolls in a turn (a wheel may come and go): a generous one,
# far beyond any turn played, so that no input keeps a function busy.
_MOST_ROLLS: Final = 1000


# pr-morgan-points-table: from this many ships and wheels on the board, Morgan gains these points.
_POINTS_FROM: Final = ((6, 3), (5, 2), (1, 1), (0, 0))


# pr-morgan-extra-point-table: the score from which each level gains the extra point.
_EXTRA_POINT_FROM: Final[dict[Level, int | None]] = {
    Level.EASY: None,
    Level.WALKING: 17,
    Level.ACCELERATING: 14,
    Level.RUNNING: 11,
    Level.EXTREME: 8,
}


# pr-treasures-table: from this score of Morgan's, this many colours mean "gone" / "fulfilled".
_GONE_FROM: Final = ((17, 5), (13, 4), (9, 3), (5, 2), (0, 1))


def _score(rule_id: str, score: object) -> int:
    return whole(rule_id, score, "Morgan's score", 0, WINNING_SCORE - 1)
