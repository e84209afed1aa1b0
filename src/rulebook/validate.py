"""Checking the input of rule functions, shared by the game modules."""

from enum import StrEnum
from typing import TypeVar

from rulebook.errors import RuleError

E = TypeVar("E", bound=StrEnum)


def member(rule_id: str, kind: type[E], value: object) -> E:
    """``value`` as a member of ``kind``, by itself or by its value; else a RuleError.

    >>> from rulebook.games.port_royal import Level
    >>> member("pr-setup-level", Level, "walking")
    <Level.WALKING: 'walking'>
    >>> member("pr-setup-level", Level, "fast")
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: pr-setup-level: expected a level among easy, walking,
    accelerating, running, extreme, got 'fast'
    """
    if isinstance(value, kind):
        return value
    try:
        return kind(str(value))
    except ValueError:
        names = ", ".join(m.value for m in kind)
        raise RuleError(rule_id, f"a {kind.__name__.lower()} among {names}", value) from None


def whole(rule_id: str, value: object, low: int, high: int, what: str) -> int:
    """``value`` as a whole number from ``low`` to ``high``; else a RuleError.

    ``True`` and ``2.0`` are not whole numbers here: a rule function is called with counts.
    ``high`` is the bound the rules set (or a generous one where they set none), so that no
    input makes a function run for ever.

    >>> whole("pr-end", 12, 0, 19, "Morgan's score")
    12
    >>> whole("pr-end", 20, 0, 19, "a score")
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: pr-end: expected a score, a whole number from 0 to 19, got 20
    >>> whole("pr-end", True, 0, 19, "a score")
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: pr-end: expected a score, a whole number from 0 to 19, got True
    """
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RuleError(rule_id, f"{what}, a whole number from {low} to {high}", value)
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
