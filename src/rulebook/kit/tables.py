"""Tables as code: what a rule's table must say, computed by running the rule's function.

A table is a tuple of rows, a row a tuple of cells, a cell a tuple of *atoms*: the
numbers it states (``"0"``, ``"1-4"``, ``"6+"``) and the glossary terms it names
(``"yellow"``, ``"never"``). The checker reads the same atoms out of the markdown table
of the rule, in either language, and compares them cell by cell.
"""

from collections.abc import Callable, Iterable
from typing import TypeVar

Cell = tuple[str, ...]
Row = tuple[Cell, ...]
Table = tuple[Row, ...]

T = TypeVar("T")
F = TypeVar("F", bound=Callable[[], Table])


def table(function: F) -> F:
    """Mark a function as the renderer of a rule's table, so the checker compares it."""
    function.__rulebook_table__ = True  # type: ignore[attr-defined]
    return function


def is_table(obj: object) -> bool:
    return callable(obj) and getattr(obj, "__rulebook_table__", False) is True


def span(low: int, high: int | None) -> str:
    """The atom for a run of numbers: ``"5"``, ``"1-4"``, or ``"6+"`` when open-ended.

    >>> span(5, 5), span(1, 4), span(6, None)
    ('5', '1-4', '6+')
    """
    if high is None:
        return f"{low}+"
    return str(low) if low == high else f"{low}-{high}"


def runs(values: Iterable[int], key: Callable[[int], T]) -> list[tuple[int, int, T]]:
    """Group consecutive values on which ``key`` gives the same result.

    >>> runs(range(0, 7), lambda n: n // 3)
    [(0, 2, 0), (3, 5, 1), (6, 6, 2)]
    """
    groups: list[tuple[int, int, T]] = []
    for value in values:
        result = key(value)
        if groups and groups[-1][2] == result and groups[-1][1] == value - 1:
            low, _, _ = groups[-1]
            groups[-1] = (low, value, result)
        else:
            groups.append((value, value, result))
    return groups
