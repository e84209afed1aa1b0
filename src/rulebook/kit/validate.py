"""Checking the input of rule functions, shared by the game modules."""

import random
from collections.abc import Mapping
from enum import Enum, StrEnum
from typing import Literal, TypeVar, overload

from rulebook.errors import RuleError

E = TypeVar("E", bound=StrEnum)


def member(rule_id: str, kind: type[E], value: object) -> E:
    """``value`` as a member of ``kind``, by itself or by its value; else a RuleError.

    Only a plain string may stand for a member: a member of another enum (another game's
    ``red``) is refused even when its value matches, and so is anything else whose ``str``
    would.

    >>> class Level(StrEnum):
    ...     EASY = "easy"
    ...     WALKING = "walking"
    >>> member("pr-setup-level", Level, "walking")
    <Level.WALKING: 'walking'>
    >>> member("pr-setup-level", Level, "fast")
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: pr-setup-level: expected a level among easy, walking, got 'fast'
    >>> class Colour(StrEnum):
    ...     RED = "red"
    ...     BLUE = "blue"
    >>> class OtherColour(StrEnum):  # another game's colours
    ...     RED = "red"
    >>> member("sa-action-order", Colour, OtherColour.RED)
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: sa-action-order: expected a colour among red, blue,
    got <OtherColour.RED: 'red'>
    """
    if isinstance(value, kind):
        return value
    if isinstance(value, str) and not isinstance(value, Enum):
        try:
            return kind(value)
        except ValueError:
            pass
    names = ", ".join(m.value for m in kind)
    raise RuleError(rule_id, f"a {kind.__name__.lower()} among {names}", value)


def whole(rule_id: str, value: object, what: str, least: int = 0, most: int | None = None) -> int:
    """``value`` as a whole number from ``least`` (to ``most``, when given); else a RuleError.

    The one number check of every game, its arguments in one order: the rule, the value, what
    it is, its bounds. ``True`` and ``2.0`` are not whole numbers here: a rule function is
    called with counts. ``most`` is the bound the rules set (or a generous one where they set
    none), so that no input makes a function run for ever.

    >>> whole("pr-end", 12, "Morgan's score", 0, 19)
    12
    >>> whole("pr-end", 20, "a score", 0, 19)
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: pr-end: expected a score, a whole number from 0 to 19, got 20
    >>> whole("pr-end", True, "a score", 0, 19)
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: pr-end: expected a score, a whole number from 0 to 19, got True
    >>> whole("fs-rounds", -1, "rounds played")
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: fs-rounds: expected rounds played, a whole number of 0 or more,
    got -1
    """
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or value < least
        or (most is not None and value > most)
    ):
        bounds = f"of {least} or more" if most is None else f"from {least} to {most}"
        raise RuleError(rule_id, f"{what}, a whole number {bounds}", value)
    return value


def flag(rule_id: str, value: object, what: str) -> bool:
    """``value`` as ``True`` or ``False``, and nothing else (not ``"no"``, not ``0``).

    >>> flag("pr-missions", False, "fulfilled")
    False
    >>> flag("pr-missions", "no", "fulfilled")
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: pr-missions: expected fulfilled, True or False, got 'no'
    """
    if not isinstance(value, bool):
        raise RuleError(rule_id, f"{what}, True or False", value)
    return value


@overload
def rng(
    rule_id: str, value: object, what: str, optional: Literal[False] = False
) -> random.Random: ...


@overload
def rng(rule_id: str, value: object, what: str, optional: bool) -> random.Random | None: ...


def rng(rule_id: str, value: object, what: str, optional: bool = False) -> random.Random | None:
    """``value`` as a ``random.Random`` (a subclass will do: a caller may bring draws of its
    own); ``None`` only when ``optional``, else a RuleError that says ``what`` was expected.

    ``optional`` is for a draw that may not come up (a tie that may not happen): the value is
    checked at once all the same, so that bad input is refused whatever the rest, and a draw
    that then comes up without one is the caller's to refuse, naming the ``None``.

    >>> rng("sa-initiative", random.Random(3), "a random.Random to roll with").random() < 1
    True
    >>> rng("sa-initiative", None, "a random.Random to roll with")
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: sa-initiative: expected a random.Random to roll with, got None
    >>> rng("mw-ai-build", None, "a random.Random to draw between cities", optional=True) is None
    True
    >>> rng("mw-ai-build", 7, "a random.Random to draw between cities", optional=True)
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: mw-ai-build: expected a random.Random to draw between cities, got 7
    """
    if isinstance(value, random.Random) or (value is None and optional):
        return value
    raise RuleError(rule_id, what, value)


def items(rule_id: str, value: object, what: str, most: int) -> tuple[object, ...]:
    """``value`` as an ordered collection of at most ``most`` items (a list or a tuple).

    A string, a set (no order), a mapping or a generator is refused: the rules count and order
    what they are given. The items themselves are the caller's to check.

    >>> items("sa-feeding", [1, 2], "dice", 10)
    (1, 2)
    >>> items("sa-feeding", {1, 2}, "dice", 10)
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: sa-feeding: expected dice, at most 10 in a list or tuple, got {1, 2}
    """
    if not isinstance(value, list | tuple) or len(value) > most:
        raise RuleError(rule_id, f"{what}, at most {most} in a list or tuple", value)
    return tuple(value)


def collection(rule_id: str, value: object, what: str, most: int) -> tuple[object, ...]:
    """``value`` as a collection of at most ``most`` items whose order does not matter: a
    list, a tuple, a set or a frozenset (not a string, a mapping or a generator).

    >>> sorted(collection("fs-draw-opponent-cards", {"pub", "bazar"}, "cards", 5))
    ['bazar', 'pub']
    >>> collection("fs-draw-opponent-cards", "pub", "cards", 5)
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: fs-draw-opponent-cards: expected cards, at most 5 in a list, tuple
    or set, got 'pub'
    """
    if not isinstance(value, list | tuple | set | frozenset) or len(value) > most:
        raise RuleError(rule_id, f"{what}, at most {most} in a list, tuple or set", value)
    return tuple(value)


def each_member(rule_id: str, kind: type[E], value: object, what: str) -> dict[E, object]:
    """``value`` as a mapping from each member of ``kind``, named once, to its value (the
    values are the caller's to check). A missing member is an error, never a 0.

    >>> class Colour(StrEnum):
    ...     RED = "red"
    ...     BLUE = "blue"
    >>> each_member("sa-action-order", Colour, {"red": 1, "blue": 2}, "initiatives")
    {<Colour.RED: 'red'>: 1, <Colour.BLUE: 'blue'>: 2}
    >>> each_member("sa-action-order", Colour, {"red": 1}, "initiatives")
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: sa-action-order: expected initiatives, one for each of red, blue,
    got {'red': 1}
    """
    names = ", ".join(m.value for m in kind)
    expected = f"{what}, one for each of {names}"
    if not isinstance(value, Mapping) or len(value) != len(kind):
        raise RuleError(rule_id, expected, value)
    found = {member(rule_id, kind, key): item for key, item in value.items()}
    if len(found) != len(kind):
        raise RuleError(rule_id, expected, value)
    return found
