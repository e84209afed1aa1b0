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
