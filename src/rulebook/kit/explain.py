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
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from enum import Enum
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")
# A value as a step keeps it: a word or a number as text, a sequence as its items.
Shown = str | tuple["Shown", ...]


@dataclass(frozen=True)
class Step:
    """One rule applied: its ID, the function that applied it, and the values it used."""

    rule: str
    by: str
    values: tuple[tuple[str, Shown], ...]

    def __str__(self) -> str:
        return f"{self.rule}: " + ", ".join(f"{name} = {said(v)}" for name, v in self.values)

    def worded(self, words: "Wording") -> tuple[tuple[str, str], ...]:
        """The values as a page shows them, in its language: each name as ``words.names``
        says it, each word of a value as ``words.values`` says it (a number as it is), a
        sequence's items joined, an empty one as a dash.

        >>> kept = (("rolled", ("red ship", "blue wheel")), ("won", "False"), ("left", ()))
        >>> Step("pr-x", "f", (*kept, ("items", "3"))).worded(Wording(
        ...     {"rolled": "lancers", "won": "gagné", "left": "restent"},
        ...     {"red ship": "navire rouge", "False": "non"}))
        ... # doctest: +NORMALIZE_WHITESPACE
        (('lancers', 'navire rouge, blue wheel'), ('gagné', 'non'), ('restent', '—'),
         ('items', '3'))
        """
        return tuple(
            (words.names.get(name, name), _worded(value, words.values))
            for name, value in self.values
        )


@dataclass(frozen=True)
class Wording:
    """A page's words for the chains it shows: the values' names (``names``) apart from the
    values (``values``), each looked up in its own table. The code spells some of both alike:
    Catan Dice names the player who built ``builder``, Stone Age has a ``builder`` card; one
    table for both gave the card the player's word."""

    names: Mapping[str, str] = field(default_factory=dict)
    values: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def of(cls, data: object) -> "Wording":
        """The words as a page sends them, ``{"names": {...}, "values": {...}}`` (the site's
        ``chain_words``); a table missing or not a table is no words: the code's own are shown.

        >>> Wording.of({"names": {"won": "victoire"}, "values": []}).names["won"]
        'victoire'
        """
        tables = data if isinstance(data, Mapping) else {}
        names, values = (tables.get(key) for key in ("names", "values"))
        return cls(
            names if isinstance(names, Mapping) else {},
            values if isinstance(values, Mapping) else {},
        )


_STEPS: ContextVar[list[Step] | None] = ContextVar("rulebook_steps", default=None)


class Word(str):
    """A value of the code's own vocabulary (an enumeration's member, yes or no, none): a
    page shows it in its language's words. Any other text (a player's name, a road's) is
    shown as it was given."""

    __slots__ = ()


def shown(value: object) -> Shown:
    """A value as a step keeps it: a sequence as its items, anything else as its text (an
    enumeration's member as its value, a ``Word``).

    >>> from enum import Enum
    >>> [type(v).__name__ for v in shown([Enum("Level", "EASY").EASY, True, None, "red", 3])]
    ['Word', 'Word', 'Word', 'str', 'str']
    """
    if isinstance(value, list | tuple):
        return tuple(shown(item) for item in value)
    if isinstance(value, Enum):
        return Word(value.value)
    if isinstance(value, bool) or value is None:
        return Word(value)
    return str(value)


def said(value: Shown) -> str:
    """A kept value in the code's words: ``[red ship, blue wheel]``, ``3``."""
    return "[" + ", ".join(map(said, value)) + "]" if isinstance(value, tuple) else value


def _worded(value: Shown, words: Mapping[str, str]) -> str:
    if isinstance(value, tuple):
        return ", ".join(_worded(item, words) for item in value) if value else "\u2014"
    return words.get(value, value)


def words_of(steps: "tuple[Step, ...] | list[Step]") -> tuple[set[str], set[str]]:
    """Every name a chain shows, and apart every value of the code's vocabulary (``Word``):
    what a page must have words for, each in its own table (``Wording``); numbers and names
    given by the reader are shown as they are.

    >>> kept = (("rolled", (Word("red ship"), "2")), ("player", "Ann"), ("won", Word("True")))
    >>> [sorted(found) for found in words_of([Step("pr-x", "f", kept)])]
    [['player', 'rolled', 'won'], ['True', 'red ship']]
    """
    return shown_atoms(steps, words_only=True)


def shown_atoms(
    steps: "tuple[Step, ...] | list[Step]", words_only: bool = False
) -> tuple[set[str], set[str]]:
    """Every name a chain shows, and every value (only the code's ``Word`` values when
    ``words_only``)."""
    names: set[str] = set()
    values: set[str] = set()

    def add(value: Shown) -> None:
        if isinstance(value, tuple):
            for item in value:
                add(item)
        elif isinstance(value, Word) or not words_only:
            values.add(str(value))

    for step in steps:
        for name, value in step.values:
            names.add(name)
            add(value)
    return names, values


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


@contextmanager
def quiet() -> Iterator[None]:
    """No step recorded inside the block: a rule function that calls another for each part
    of its work takes one step of its own, not one per part."""
    token = _STEPS.set(None)
    try:
        yield
    finally:
        _STEPS.reset(token)


def explained(
    function: Callable[P, T], *args: P.args, **kwargs: P.kwargs
) -> tuple[T, tuple[Step, ...]]:
    """A rule function's result, and the rules it applied to reach it."""
    with listening() as steps:
        result = function(*args, **kwargs)
    return result, tuple(steps)
