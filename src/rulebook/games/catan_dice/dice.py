"""Catan Dice "Extra": the dice each turn rolls, their symbols, and the dice kept between rolls."""

from collections.abc import Callable, Collection
from random import Random
from typing import Final

from rulebook.errors import RuleError
from rulebook.kit.explain import step
from rulebook.kit.tables import Table, runs, span, table
from rulebook.kit.validate import items, whole
from rulebook.kit.validate import member as _member
from rulebook.kit.validate import rng as _rng
from rulebook.kit.words import listed

from .rules import (
    DICE,
    FIRST_PLAYER_DICE,
    FIRST_TURN,
    ROLLS,
    Symbol,
    _text,
)


def parse_symbols(text: str) -> tuple[Symbol, ...]:
    """Read dice written as words, in English or in French: ``"ore ore grain"``, ``"minerai,
    minerai et blé"``.

    >>> parse_symbols("ore gold")
    (<Symbol.ORE: 'ore'>, <Symbol.GOLD: 'gold'>)
    >>> parse_symbols("Minerai, blé et or") == parse_symbols("ore, grain and gold")
    True
    >>> parse_symbols("ore sheep")
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: cd-rolls: expected a symbol among brick, lumber, wool, grain,
    ore, gold, got 'sheep'

    More words than the 18 dice of a turn's 3 rolls are refused, and so is what is not text:

    >>> parse_symbols("ore " * 19)
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: cd-rolls: expected dice, at most 18 in a list or tuple, got [...]
    """
    words = [w for part in listed(_text("cd-rolls", text, "words")) for w in part.split()]
    return tuple(
        _member("cd-rolls", Symbol, _IN_ENGLISH.get(str(word), word))
        for word in items("cd-rolls", words, "dice", DICE * ROLLS)
    )


# The faces as the French rules name them (folded: no accents), for the English member.
_IN_ENGLISH: Final = {
    "argile": "brick", "bois": "lumber", "laine": "wool", "ble": "grain", "minerai": "ore",
    "or": "gold",
}  # fmt: skip


def dice_for_turn(turn: int) -> int:
    """How many dice a turn rolls: 3 on the first player's first turn, then each next player
    1 more, until someone rolls all 6; from then on every turn rolls 6.

    Turns are counted one after another around the table, from the first player's first
    turn (``FIRST_TURN``).

    [cd-first-turn] The first player takes 3 of the 6 dice.

    >>> dice_for_turn(FIRST_TURN)
    3

    [cd-dice-per-turn] Each following player adds 1 more die; once a player rolls the 6
    dice, every later turn rolls 6.

    >>> dice_for_turn(FIRST_TURN + 1) - dice_for_turn(FIRST_TURN)
    1
    >>> turns = range(FIRST_TURN, DICE * DICE)
    >>> all_six = next(turn for turn in turns if dice_for_turn(turn) == DICE)
    >>> {dice_for_turn(turn) for turn in range(all_six, all_six * DICE)}
    {6}

    With 2 players, turns alternate: the first player rolls 3 dice, then 5; the second 4,
    then 6.

    >>> players = 2
    >>> [dice_for_turn(turn) for turn in range(FIRST_TURN, FIRST_TURN + players * players)]
    [3, 4, 5, 6]
    """
    turn = whole("cd-dice-per-turn", turn, "a turn counted from the first player's first", 1)
    dice = min(FIRST_PLAYER_DICE + turn - FIRST_TURN, DICE)
    step("cd-first-turn" if turn == FIRST_TURN else "cd-dice-per-turn", turn=turn, dice=dice)
    return dice


@table
def dice_table() -> Table:
    """The dice each turn rolls, as ``dice_for_turn`` computes it, one column per run."""
    last = FIRST_TURN + DICE
    groups = runs(range(FIRST_TURN, last + 1), dice_for_turn)
    turns = [(span(lo, None if hi == last else hi),) for lo, hi, _ in groups]
    dice = [(str(n),) for _, _, n in groups]
    return (((), *turns), ((), *dice))


def roll_turn(
    rng: Random, dice: int, keep: Callable[[tuple[Symbol, ...]], Collection[int]]
) -> tuple[tuple[Symbol, ...], ...]:
    """A turn's rolls: up to three; after each, ``keep`` names (by position) the dice set
    aside, and the others are rolled again. A die set aside is not locked: if ``keep`` leaves
    it out next time, it is rolled again, as in the classic game. Setting every die aside
    ends the turn early. The last result is the one the player builds with.

    [cd-rolls] Up to three rolls; after the third at the latest, the result is final.

    >>> rolls = roll_turn(Random("cd-rolls"), DICE, keep=lambda result: ())
    >>> len(rolls)
    3
    """
    dice = whole("cd-rolls", dice, "a number of dice", FIRST_PLAYER_DICE, DICE)
    expected = "a random.Random and a function choosing dice"
    rng = _rng("cd-rolls", rng, expected)
    if not callable(keep):
        raise RuleError("cd-rolls", expected, (rng, keep))
    faces = tuple(Symbol)
    result = tuple(rng.choice(faces) for _ in range(dice))
    rolls = [result]
    while len(rolls) + 1 <= ROLLS:  # one more roll stays within the 3 (cd-rolls)
        kept = _kept(dice, keep(result))
        if len(kept) == dice:
            break
        result = tuple(s if i in kept else rng.choice(faces) for i, s in enumerate(result))
        rolls.append(result)
    step("cd-rolls", rolls=len(rolls), final=result)
    return tuple(rolls)


def _kept(dice: int, kept: object) -> frozenset[int]:
    """The positions of the dice set aside; refused unless each is a die's position.

    >>> _kept(3, {0, 2}), _kept(3, [])
    (frozenset({0, 2}), frozenset())
    >>> _kept(3, [0, 3])
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: cd-rolls: expected positions of dice from 0 to 2, got [0, 3]
    """
    if not isinstance(kept, list | tuple | set | frozenset | range):
        raise RuleError("cd-rolls", "the positions of the dice set aside, in a collection", kept)
    positions = range(dice)
    if not all(isinstance(p, int) and not isinstance(p, bool) and p in positions for p in kept):
        raise RuleError("cd-rolls", f"positions of dice from 0 to {dice - 1}", list(kept))
    return frozenset(kept)
