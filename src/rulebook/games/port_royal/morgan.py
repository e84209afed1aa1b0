"""Port Royal solo: Morgan's turn: his rolls (phase 1), the points they score (phase 2), the
extra point of his level, the treasures gone and the missions fulfilled."""

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import partial
from typing import Final

from rulebook.errors import RuleError
from rulebook.kit.explain import quiet, step
from rulebook.kit.tables import Table, runs, span, table
from rulebook.kit.terms import Term
from rulebook.kit.validate import flag as _flag
from rulebook.kit.validate import member as _member
from rulebook.kit.validate import whole

from .rolls import Roll, _rolls
from .rules import (
    _EXTRA_POINT_FROM,
    _GONE_FROM,
    _MAX_ITEMS,
    _POINTS_FROM,
    EXTRA_POINT,
    MISSION_PENALTY,
    WINNING_SCORE,
    Colour,
    Level,
    Piece,
    _score,
)


@dataclass(frozen=True)
class RollPhase:
    """Morgan's phase 1: what is left on the board, and whether he won by sudden death."""

    board: tuple[Roll, ...]
    won: bool

    @property
    def items(self) -> int:
        return len(self.board)


class Outcome(StrEnum):
    """What one of Morgan's rolls does (pr-morgan-roll)."""

    ADDED = "put on the board"
    PUT_BACK = "put back beside the board"
    FAILED = "fails phase 1"
    WON = "wins by sudden death"


# What a roll does, as the pages name it in a step of Morgan's turn (kit.explain).
TERMS: Final = (
    Term(Outcome.ADDED.value, "mis sur le plateau", Outcome.ADDED.value),
    Term(Outcome.PUT_BACK.value, "remis à côté du plateau", Outcome.PUT_BACK.value),
    Term(Outcome.FAILED.value, "échoue à la phase 1", Outcome.FAILED.value),
    Term(Outcome.WON.value, "gagne par mort subite", Outcome.WON.value),
)


@dataclass(frozen=True)
class RollResult:
    """The board after one roll, and what the roll did: he rolls again unless he failed
    phase 1 or won."""

    board: tuple[Roll, ...]
    outcome: Outcome

    @property
    def again(self) -> bool:
        return self.outcome in (Outcome.ADDED, Outcome.PUT_BACK)


def morgan_roll(
    board: Sequence[Roll], roll: Roll, sudden_death_at: int | None = None
) -> RollResult:
    """One roll of step 1, on the board as it is: a piece not on the board goes on it (and
    wins by sudden death when the board then holds ``sudden_death_at`` pieces); a wheel
    already there goes back beside it; a ship already there is removed and Morgan fails
    phase 1. He rolls again after the first two.

    >>> from rulebook.games.port_royal.rolls import parse_rolls
    >>> red_ship, blue_wheel = parse_rolls("red ship, blue wheel")
    >>> morgan_roll((), red_ship).outcome.value
    'put on the board'
    >>> after = morgan_roll((red_ship, blue_wheel), blue_wheel)
    >>> [str(piece) for piece in after.board], after.outcome.value, after.again
    (['red ship'], 'put back beside the board', True)
    >>> after = morgan_roll((red_ship, blue_wheel), red_ship)
    >>> [str(piece) for piece in after.board], after.outcome.value, after.again
    (['blue wheel'], 'fails phase 1', False)
    >>> morgan_roll((red_ship,), blue_wheel, sudden_death_at=2).outcome.value
    'wins by sudden death'
    >>> morgan_roll((red_ship,), red_ship, sudden_death_at=1).outcome.value
    'fails phase 1'
    """
    rule = "pr-morgan-roll"
    board, (roll,) = _rolls(board), _rolls((roll,))
    if sudden_death_at is not None:
        whole(rule, sudden_death_at, "a sudden-death count", 1, _MAX_ITEMS)
    if len(set(board)) != len(board):
        raise RuleError(rule, "a board with at most 1 ship and 1 wheel of each colour", board)
    if roll in board:
        left = tuple(piece for piece in board if piece != roll)
        outcome = Outcome.FAILED if roll.piece is Piece.SHIP else Outcome.PUT_BACK
    else:
        left = (*board, roll)
        won = sudden_death_at is not None and len(left) >= sudden_death_at
        outcome = Outcome.WON if won else Outcome.ADDED
    step(rule, roll=roll, outcome=outcome, board=left)
    return RollResult(left, outcome)


def morgan_rolls(rolls: Sequence[Roll], sudden_death_at: int | None = None) -> RollPhase:
    """Step 1: Morgan rolls until a ship already on the board comes up again.

    A new ship or wheel goes on the board and he rolls again; a wheel already on the board
    goes back beside it and he rolls again; a ship already on the board is removed and he
    stops. ``sudden_death_at`` is how many ships and wheels win by sudden death on his space
    (``None`` outside the sudden-death zone): reaching it with a new piece wins at once. Each
    roll is ``morgan_roll``.

    >>> from rulebook.games.port_royal.rolls import parse_rolls
    >>> phase = morgan_rolls(parse_rolls("green wheel, yellow ship, green wheel, yellow ship"))
    >>> [str(piece) for piece in phase.board], phase.won
    ([], False)
    >>> morgan_rolls(parse_rolls("red ship, blue wheel"))
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: pr-morgan-phase-1: expected rolls that end when Morgan fails
    phase 1 or wins by sudden death, got 'red ship, blue wheel'
    >>> morgan_rolls({Roll(Colour.RED, Piece.SHIP)})
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: pr-morgan-roll: expected Morgan's rolls, at most 1000 in a list
    or tuple, ...
    """
    rolls = _rolls(rolls)
    if sudden_death_at is not None:
        whole("pr-morgan-roll", sudden_death_at, "a sudden-death count", 1, _MAX_ITEMS)
    board: tuple[Roll, ...] = ()
    removed: list[Roll] = []
    with quiet():  # one step for the phase: each roll's own is for a roll played alone
        for played, roll in enumerate(rolls, 1):  # noqa: B007 (read after the loop)
            result = morgan_roll(board, roll, sudden_death_at)
            removed += [piece for piece in board if piece not in result.board]
            board = result.board
            if not result.again:
                break
        else:
            rolled = ", ".join(map(str, rolls))
            raise RuleError(
                "pr-morgan-phase-1",
                "rolls that end when Morgan fails phase 1 or wins by sudden death",
                rolled,
            )
    if played < len(rolls):
        rest = ", ".join(map(str, rolls[played:]))
        raise RuleError("pr-morgan-roll", "no roll after Morgan stops", rest)
    won = result.outcome is Outcome.WON
    step("pr-morgan-phase-1", rolled=rolls, removed=removed, left=board, won=won)
    return RollPhase(board, won)


def points_for_items(items: int) -> int:
    """Step 2: Morgan's points for the ships and wheels left on the board.

    >>> [points_for_items(n) for n in (0, 1, 4, 5, 6, 12)]
    [0, 1, 1, 2, 3, 3]
    """
    items = whole("pr-morgan-points-table", items, "a count of pieces", 0, _MAX_ITEMS)
    points = next(points for least, points in _POINTS_FROM if items >= least)
    step("pr-morgan-points-table", items=items, points=points)
    return points


@table
def points_table() -> Table:
    """The table of step 2, as ``points_for_items`` computes it, one column per run."""
    groups = runs(range(_MAX_ITEMS + 1), points_for_items)
    counts = [(span(lo, None if hi == _MAX_ITEMS else hi),) for lo, hi, _ in groups]
    points = [(str(p),) for _, _, p in groups]
    return (((), *counts), ((), *points))


def extra_point(level: Level, score: int) -> int:
    """Step 3: the extra point Morgan gains at his level with his score after step 2.

    >>> extra_point(Level.WALKING, 16), extra_point(Level.WALKING, 17)
    (0, 1)
    >>> extra_point(Level.EASY, 19)
    0
    >>> extra_point("fast", 3)
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: pr-morgan-extra-point-table: expected a level among easy, walking,
    accelerating, running, extreme, got 'fast'
    """
    rule = "pr-morgan-extra-point-table"
    threshold = _EXTRA_POINT_FROM[_member(rule, Level, level)]
    score = _score(rule, score)
    extra = EXTRA_POINT if threshold is not None and score >= threshold else 0
    step("pr-morgan-extra-point", level=level, score=score, extra=extra)
    return extra


@table
def extra_point_table() -> Table:
    """The table of step 3, as ``extra_point`` computes it: one row per level."""
    rows = []
    for level in Level:
        groups = runs(range(WINNING_SCORE), partial(extra_point, level))
        cells = {extra: span(lo, hi) for lo, hi, extra in groups}
        rows.append(((level.value,), (cells[0],), (cells.get(EXTRA_POINT, "never"),)))
    return (((), (), (str(EXTRA_POINT),)), *rows)


def _gone(score: int, rule: str) -> tuple[Colour, ...]:
    count = next(n for least, n in _GONE_FROM if _score(rule, score) >= least)
    return tuple(Colour)[:count]


def treasure_gone(score: int, colour: Colour) -> bool:
    """Whether the colour you roll means the treasure has gone (``mission_fulfilled`` for a
    mission).

    Each check is a fresh roll of the colour die against Morgan's current score.

    [pr-ex-treasure-1] Morgan has 12 points and you roll orange: the treasure has gone.

    >>> treasure_gone(12, Colour.ORANGE)
    True

    [pr-ex-treasure-2] 4 points and blue: still there; later, 6 points and green: still
    there (the source said "gone" here; the table says otherwise, and the table wins).

    >>> treasure_gone(4, Colour.BLUE)
    False
    >>> treasure_gone(6, Colour.GREEN)
    False
    """
    rule = "pr-treasures-table"
    gone = _member(rule, Colour, colour) in _gone(score, rule)
    step("pr-treasure-gone" if gone else "pr-treasure-available", score=score, colour=colour)
    return gone


def mission_fulfilled(score: int, colour: Colour) -> bool:
    """Whether the colour you roll means the mission is already fulfilled (same table).

    A fulfilled mission can still be fulfilled, for 1 point less (``mission_points``).

    >>> mission_fulfilled(10, Colour.YELLOW), mission_fulfilled(10, Colour.RED)
    (True, False)
    """
    table_rule = "pr-treasures-table"
    done = _member(table_rule, Colour, colour) in _gone(score, table_rule)
    step("pr-mission-fulfilled" if done else "pr-treasure-available", score=score, colour=colour)
    return done


@table
def treasure_table() -> Table:
    """The treasures and missions table, as ``treasure_gone`` computes it."""
    rows = []
    for lo, hi, gone in runs(range(WINNING_SCORE), lambda s: _gone(s, "pr-treasures-table")):
        left = tuple(c.value for c in Colour if c not in gone)
        rows.append(((span(lo, hi),), tuple(c.value for c in gone), left))
    return (((), (), ()), *rows)


# Input check, not a rule: a mission's value is a whole number of points, 0 or more.
_LEAST_MISSION: Final = 0


def mission_points(points: int, fulfilled: bool) -> int:
    """What a mission scores you: 1 point less when Morgan has already fulfilled it.

    ``points`` is the mission's value as the base game prints it, a whole number of points
    (a negative one is an input error). A mission never makes you lose points: once
    Morgan has fulfilled it, it scores 1 point less, but never less than 0.

    >>> mission_points(1, fulfilled=True), mission_points(0, fulfilled=True)
    (0, 0)
    >>> mission_points(-1, fulfilled=False)
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: pr-mission-fulfilled: expected a mission's value as the base
    game prints it, a whole number of 0 or more, got -1
    >>> mission_points(2, fulfilled="no")
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: pr-mission-fulfilled: expected whether Morgan has fulfilled the
    mission, True or False, got 'no'

    [pr-ex-mission] Morgan has 10 points and you roll red: not fulfilled yet, so a
    mission worth 2 scores 2; had the die shown yellow, it would have scored 1.

    >>> mission_fulfilled(10, Colour.RED)
    False
    >>> mission_points(2, fulfilled=False)
    2
    >>> mission_points(2, fulfilled=mission_fulfilled(10, Colour.YELLOW))
    1
    """
    rule = "pr-mission-fulfilled"
    points = whole(rule, points, "a mission's value as the base game prints it", _LEAST_MISSION)
    done = _flag(rule, fulfilled, "whether Morgan has fulfilled the mission")
    scored = max(points - MISSION_PENALTY, 0) if done else points
    step(rule, worth=points, fulfilled=done, scored=scored)
    return scored


@dataclass(frozen=True)
class MorganTurn:
    """Morgan's turn: his score before it, after step 2, and at the end; and whether he won."""

    start: int
    items: int
    points: int
    after_points: int
    extra: int
    score: int
    won: bool


def morgan_scores(score: int, level: Level, items: int) -> MorganTurn:
    """Steps 2 and 3: points for the pieces left on the board, then the extra point.

    When step 2 takes Morgan to 20 or more he has won, and step 3 is not played.

    [pr-ex-morgan-4] Morgan has 18 points, level walking; his rolls leave one piece on the
    board (a new piece never brings it to sudden death: there are never more than two).

    >>> from rulebook.games.port_royal.rolls import parse_rolls
    >>> turn = morgan_turn(18, Level.WALKING, parse_rolls("red ship, blue wheel, red ship"))
    >>> turn.items
    1
    >>> points_for_items(1)
    1
    >>> turn.after_points
    19
    >>> extra_point(Level.WALKING, 19)
    1
    >>> turn.after_points, turn.score, turn.won
    (19, 20, True)
    """
    start = _score("pr-morgan-points", score)
    level = _member("pr-morgan-extra-point-table", Level, level)
    points = points_for_items(items)
    after = start + points
    extra = 0 if after >= WINNING_SCORE else extra_point(level, after)
    final = after + extra
    return MorganTurn(start, items, points, after, extra, final, final >= WINNING_SCORE)


def morgan_turn(
    score: int, level: Level, rolls: Sequence[Roll], sudden_death_at: int | None = None
) -> MorganTurn:
    """Morgan's whole active turn: step 1 from his rolls, then steps 2 and 3.

    The board starts empty. A sudden-death win ends the turn at once, his score unchanged.

    [pr-ex-morgan-1] 0 points, level easy.

    >>> from rulebook.games.port_royal.rolls import parse_rolls
    >>> turn = morgan_turn(0, Level.EASY, parse_rolls(
    ...     "red ship, blue wheel, yellow ship, black ship, red ship"))
    >>> turn.items
    3
    >>> points_for_items(3)
    1
    >>> turn.start, turn.after_points
    (0, 1)
    >>> turn.score
    1

    [pr-ex-morgan-2] 8 points, level walking.

    >>> turn = morgan_turn(8, Level.WALKING, parse_rolls(
    ...     "green wheel, yellow ship, blue ship, green wheel, black ship,"
    ...     " orange wheel, red ship, orange ship, yellow ship"))
    >>> turn.items
    5
    >>> points_for_items(5)
    2
    >>> turn.start, turn.after_points
    (8, 10)
    >>> bool(extra_point(Level.WALKING, 10))
    False
    >>> turn.score
    10

    [pr-ex-morgan-3] 12 points, level running.

    >>> turn = morgan_turn(12, Level.RUNNING, parse_rolls("black ship, black ship"))
    >>> turn.items
    0
    >>> points_for_items(0)
    0
    >>> turn.after_points
    12
    >>> extra_point(Level.RUNNING, 12)
    1
    >>> turn.after_points, turn.score
    (12, 13)

    [pr-ex-morgan-5] 16 points, on a space where sudden death needs 5 pieces: whatever
    the level, Morgan wins at once.

    >>> rolls = parse_rolls("yellow wheel, green ship, orange ship, red ship, black ship")
    >>> morgan_rolls(rolls, sudden_death_at=5).items
    5
    >>> [morgan_turn(16, level, rolls, sudden_death_at=5).won for level in Level]
    [True, True, True, True, True]
    """
    start = _score("pr-morgan-phase-1", score)
    level = _member("pr-morgan-extra-point-table", Level, level)
    phase = morgan_rolls(rolls, sudden_death_at)
    if phase.won:
        return MorganTurn(start, phase.items, 0, start, 0, start, True)
    return morgan_scores(start, level, phase.items)
