"""Explanations: the chain of rules a result applied, each step naming its rule and the
values it used.

A rule function takes a step with ``step("pr-morgan-points-table", items=3, points=1)``: it
costs nothing unless someone is listening. ``explained(morgan_turn, 0, Level.EASY, rolls)``
returns the result and the steps taken for it, in order; the site shows the steps of each
worked example under it, and the check holds each step's rule to the code it names (the
rule's ``:code:`` names the function that took the step).

A context variable, not a parameter: the functions keep their signatures and their results,
and a step is recorded only inside ``explained`` or ``listening``.
"""

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")


@dataclass(frozen=True)
class Step:
    """One rule applied: its ID, the function that applied it, and the values it used."""

    rule: str
    by: str
    values: tuple[tuple[str, str], ...]

    def __str__(self) -> str:
        return f"{self.rule}: " + ", ".join(f"{name} = {value}" for name, value in self.values)


_STEPS: ContextVar[list[Step] | None] = ContextVar("rulebook_steps", default=None)


def shown(value: object) -> str:
    """A value as a step shows it: a sequence as its items, anything else as its text."""
    if isinstance(value, list | tuple):
        return "[" + ", ".join(shown(item) for item in value) + "]"
    return str(getattr(value, "value", value)) if not isinstance(value, bool) else str(value)


def step(rule: str, **values: object) -> None:
    """Record that ``rule`` was applied with these values, when someone listens."""
    steps = _STEPS.get()
    if steps is not None:
        by = sys._getframe(1).f_code.co_name  # the rule function taking the step
        steps.append(Step(rule, by, tuple((name, shown(v)) for name, v in values.items())))


@contextmanager
def listening() -> Iterator[list[Step]]:
    """The steps taken inside the block, in order."""
    steps: list[Step] = []
    token = _STEPS.set(steps)
    try:
        yield steps
    finally:
        _STEPS.reset(token)


def explained(
    function: Callable[P, T], *args: P.args, **kwargs: P.kwargs
) -> tuple[T, tuple[Step, ...]]:
    """A rule function's result, and the rules it applied to reach it."""
    with listening() as steps:
        result = function(*args, **kwargs)
    return result, tuple(steps)
