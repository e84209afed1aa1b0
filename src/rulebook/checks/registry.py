"""The checks' register. A check module declares each of its checks where it defines it,
``@register(name, fix=…)`` on its function; ``checks()`` finds them all by importing every
module of this package, so that a new check is a new module, or a function in one, and no
other edit.

The order the checks run in is that of their modules' names, then of their places in the
module: the problems ``rulebook check`` prints are sorted by file, line and rule whatever
order the checks ran in, so it shows nowhere else (``run_checks``'s list of names when it is
given an unknown one).

The register is kept here, in a few lines of the standard library's ``pkgutil``, rather
than with a plug-in library: entry points (importlib.metadata, pluggy) are read from an
installed distribution's metadata, so a module dropped into the package would be run only
once the project was installed again.
"""

import importlib
import pkgutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache

from rulebook.book import Book
from rulebook.book.model import Problem

PACKAGE = __name__.rpartition(".")[0]  # rulebook.checks

Run = Callable[[Book], Iterator[Problem]]


@dataclass(frozen=True)
class Check:
    """One check of the book: its name (what ``rulebook check`` prints and
    ``run_checks(only=…)`` takes), its function, what to do about its problems, and whether
    it holds the text against the code (a stale translation then says what the code
    thinks). Called, it runs its function: ``numbers.check(book)``."""

    name: str
    run: Run
    fix: str  # what to do, for a problem that does not say it itself
    reads_code: bool = False

    def __call__(self, book: Book) -> Iterator[Problem]:
        return self.run(book)


def register(name: str, fix: str, *, reads_code: bool = False) -> Callable[[Run], Check]:
    """Declare the decorated function a check of the book named ``name``: it becomes that
    ``Check`` (called, it runs as the function did), which ``checks()`` finds in its module."""

    def declare(run: Run) -> Check:
        return Check(name, run, fix, reads_code)

    return declare


@cache
def checks() -> tuple[Check, ...]:
    """Every check of the package, its modules imported once, in a fixed order: by module
    name, then in the order the module declares them. Two checks of one name are refused."""
    package = importlib.import_module(PACKAGE)
    found: list[Check] = []
    modules = sorted(m.name for m in pkgutil.iter_modules(package.__path__, f"{PACKAGE}."))
    for name in modules:
        module = importlib.import_module(name)
        found += [
            value
            for value in vars(module).values()  # in the order the module defined them
            if isinstance(value, Check) and value.run.__module__ == name  # not one imported
        ]
    seen: dict[str, Check] = {}
    for check in found:
        if check.name in seen:
            raise ValueError(
                f"register: two checks named {check.name!r}: "
                f"{_origin(seen[check.name])} and {_origin(check)}"
            )
        seen[check.name] = check
    return tuple(found)


def _origin(check: Check) -> str:
    return f"{check.run.__module__}.{getattr(check.run, '__qualname__', '?')}"


def by_name() -> dict[str, Check]:
    return {c.name: c for c in checks()}


def code_checks() -> tuple[str, ...]:
    """The names of the checks that hold the text against the code."""
    return tuple(c.name for c in checks() if c.reads_code)
