"""Catan Dice "Extra": the exact chance of rolling the same symbol on several dice within
the rolls of a turn, and the castle table computed from it."""

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import product
from math import factorial, floor

from rulebook.kit.explain import step
from rulebook.kit.tables import Cell, Table, table
from rulebook.kit.validate import whole

from .rules import (
    DESERT_KNIGHTS,
    DICE,
    RESOURCES,
    ROLLS,
    YAHTZEE_DICE,
    Symbol,
)


@dataclass(frozen=True)
class _Model:
    """One turn: dice, faces per die, jokers; a joker may become one of the first
    ``joker_faces`` faces (the resources), never the others (gold)."""

    dice: int
    faces: int
    jokers: int
    joker_faces: int


def _compositions(total: int, parts: int) -> Iterator[tuple[int, ...]]:
    if parts == 1:
        yield (total,)
        return
    for first in range(total + 1):
        for rest in _compositions(total - first, parts - 1):
            yield (first, *rest)


@cache
def _outcomes(dice: int, faces: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every count of each face that ``dice`` dice can show, with its number of ways."""
    found = []
    for counts in _compositions(dice, faces):
        ways = factorial(dice)
        for n in counts:
            ways //= factorial(n)
        found.append((counts, ways))
    return tuple(found)


def _canonical(model: _Model, counts: Sequence[int]) -> tuple[int, ...]:
    """Counts up to a renaming of faces: resources among themselves, gold apart."""
    cut = model.joker_faces
    return (*sorted(counts[:cut], reverse=True), *sorted(counts[cut:], reverse=True))


def _done(model: _Model, counts: Sequence[int]) -> bool:
    best_joker_face = max(counts[: model.joker_faces], default=0)
    return max(counts) >= model.dice or best_joker_face + model.jokers >= model.dice


# The chances are counted in whole numbers of equally likely outcomes, which is exact and
# twice as fast as fractions: with r rolls still to come after this one, a roll's count is
# its chance times faces ** (dice * (r + 1)), a result's its chance times faces ** (dice * r).
@cache
def _ways_rolling(model: _Model, kept: tuple[int, ...], rolls_left: int) -> int:
    """The successes when the dice not ``kept`` are rolled, ``rolls_left`` rolls remaining
    after this one."""
    rolled = model.dice - sum(kept)
    total = 0
    for counts, ways in _outcomes(rolled, model.faces):
        after = _canonical(model, [k + c for k, c in zip(kept, counts, strict=True)])
        total += ways * _ways_holding(model, after, rolls_left)
    kept_still: int = model.faces ** (model.dice - rolled)  # the dice kept, as outcomes too
    return total * kept_still


@cache
def _ways_holding(model: _Model, counts: tuple[int, ...], rolls_left: int) -> int:
    """The successes from a result, keeping the best dice each time."""
    if _done(model, counts):
        every_outcome: int = model.faces ** (model.dice * rolls_left)
        return every_outcome
    if rolls_left == 0:
        return 0
    keeps = {_canonical(model, kept) for kept in product(*(range(n + 1) for n in counts))}
    return max(_ways_rolling(model, kept, rolls_left - 1) for kept in keeps)


def same_symbol_chance(
    dice: int, faces: int, rolls: int = ROLLS, jokers: int = 0, joker_faces: int | None = None
) -> Fraction:
    """The exact chance of ending a turn with all ``dice`` showing the same face, rolling up
    to ``rolls`` times and keeping, each time, the dice that give the best chance (any die may
    be rolled again later); each joker turns 1 die, after the last roll, into one of the
    first ``joker_faces`` faces (all of them when ``None``).

    The counts are bounded by the game's: at most 6 dice of at most 6 faces, 3 rolls and
    6 jokers (one per die), so that the exact count stays quick.

    >>> same_symbol_chance(10**9, faces=6)
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: cd-castle-tip: expected dice, a whole number from 1 to 6,
    got 1000000000

    Five ordinary dice, no joker: the chance of a Yahtzee in one turn.

    >>> same_symbol_chance(YAHTZEE_DICE, faces=6) == Fraction(2783176, 60466176)
    True
    """
    rule = "cd-castle-tip"
    faces = whole(rule, faces, "faces per die", 1, len(Symbol))
    model = _Model(
        whole(rule, dice, "dice", 1, DICE),
        faces,
        whole(rule, jokers, "jokers", 0, DICE),
        faces
        if joker_faces is None
        else whole(rule, joker_faces, "faces a joker may be", 0, faces),
    )
    rolls = whole(rule, rolls, "rolls", 1, ROLLS)
    return Fraction(_ways_rolling(model, (0,) * faces, rolls - 1), faces ** (model.dice * rolls))


def castle_chance(jokers: int = 0) -> Fraction:
    """The exact chance of rolling a castle in one turn of the 6 dice (up to 3 rolls, best
    keeping), with this many desert jokers, each turning 1 die into any resource.

    >>> castle_chance()
    Fraction(33391127, 1632586752)
    >>> castle_chance(DESERT_KNIGHTS)
    Fraction(110256951113, 235092492288)

    [cd-castle-tip] Without a joker a castle is very hard to roll; each desert joker helps.

    >>> castle_chance(0) < castle_chance(1) < castle_chance(2)
    True
    """
    jokers = whole("cd-castle-tip", jokers, "desert jokers", 0, DESERT_KNIGHTS)
    chance = same_symbol_chance(DICE, len(Symbol), ROLLS, jokers, len(RESOURCES))
    step("cd-castle-tip", jokers=jokers, chance=chance, percent=_percent(chance))
    return chance


def _nearest(value: Fraction) -> int:
    return floor(value + Fraction(1, 2))


def _percent(chance: Fraction) -> int:
    """A chance in per cent, rounded as the table shows it (and the chain under its example)."""
    return _nearest(chance * 100)


def _chance_cells(chance: Fraction) -> tuple[Cell, Cell, Cell]:
    exact = (str(chance.numerator), str(chance.denominator))
    return exact, (str(_percent(chance)),), ("1", str(_nearest(1 / chance)))


@table
def castle_table() -> Table:
    """The castle chances with 0, 1 and 2 desert jokers, as ``castle_chance`` computes them;
    then the same computation for a Yahtzee (5 ordinary dice), the known check."""
    rows = [((str(j),), *_chance_cells(castle_chance(j))) for j in range(DESERT_KNIGHTS + 1)]
    yahtzee = same_symbol_chance(YAHTZEE_DICE, len(Symbol))
    return (((), (), (), ()), *rows, ((str(YAHTZEE_DICE),), *_chance_cells(yahtzee)))
