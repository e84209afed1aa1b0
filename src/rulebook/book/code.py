"""What a rule's code says: the objects it names, their doctests bound to the rule, their numbers.

A docstring binds the doctests that follow a ``[rule-id]`` line to that rule, up to the
next such line; doctests before the first one illustrate the function in general.
"""

import ast
import doctest
import importlib
import inspect
import io
import pkgutil
import re
import sys
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from enum import Enum
from functools import cache, lru_cache
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from rulebook.book.cache import module_digest, remembered, signature

if TYPE_CHECKING:
    from rulebook.kit.explain import Step
from rulebook.kit.tables import is_table
from rulebook.kit.terms import Term

# The option flags the worked examples are written for: every runner of them (the check, the
# site's verdicts and chains, the tests, the mutation tool) and pyproject's
# ``doctest_optionflags`` (a test holds them equal).
EXAMPLE_FLAGS = doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS

MARKER = re.compile(r"^\s*\[([a-z0-9]+(?:-[a-z0-9]+)+)\]", re.MULTILINE)
GENERAL = ""


@dataclass(frozen=True)
class BoundExamples:
    """The doctests of one object bound to one rule (or ``GENERAL``), with where they start."""

    owner: str
    rule: str
    examples: tuple[doctest.Example, ...]
    line: int
    home: str = ""  # the module whose names the doctests run in, as doctest runs them


def example_globals(group: BoundExamples, module: ModuleType) -> dict[str, object]:
    """The names a bound doctest runs in: the game's, and its own module's (which imports
    what its examples use, ``random`` say), as pytest's doctest run gives them."""
    names = dict(vars(module))
    if group.home and group.home != module.__name__:
        names |= vars(importlib.import_module(group.home))
    return names


@cache
def load_module(name: str) -> ModuleType | None:
    """The game module, or None when it cannot be imported (``import_failure`` says why)."""
    return None if import_failure(name) else importlib.import_module(name)


@cache
def import_failure(name: str) -> str:
    """Why a game module cannot be imported, with the file and line at fault; "" if it can.
    Any error of the module's own code counts: the check reports it, never a traceback.

    >>> import_failure("rulebook.games.no_such_game")
    "ModuleNotFoundError: No module named 'rulebook.games.no_such_game'"
    """
    try:
        importlib.import_module(name)
    except Exception as error:  # a game module's code may fail in any way while importing
        where = ""
        if isinstance(error, SyntaxError) and error.filename:
            where = f" at {error.filename}:{error.lineno}"
        else:
            frames = traceback.extract_tb(error.__traceback__)
            own = [f for f in frames if "importlib" not in f.filename and f.filename != __file__]
            if own:
                where = f" at {own[-1].filename}:{own[-1].lineno}"
        return f"{type(error).__name__}{where}: {error}"
    return ""


def resolve(module: ModuleType, name: str) -> object | None:
    """What a rule's ``:code:`` names in its game's module, or None. Only the game's public
    names (its ``__all__``) and their attributes are reached: text cannot name what the
    module imports (``random._os``, a standard library function and its doctests).

    >>> from rulebook.games import port_royal
    >>> resolve(port_royal, "WINNING_SCORE"), resolve(port_royal, "morgan_turn.__globals__")
    (20, None)
    >>> resolve(port_royal, "random") is None, resolve(port_royal, "Level.EASY") is not None
    (True, True)
    """
    parts = name.split(".")
    if parts[0] not in public_names(module) or any(
        not p.isidentifier() or p.startswith("_") for p in parts
    ):
        return None
    obj: object = module
    for part in parts:
        obj = getattr(obj, part, None)
        if obj is None:
            return None
    return obj


def public_names(module: ModuleType) -> list[str]:
    """The rule API of a game module: its ``__all__``."""
    return list(getattr(module, "__all__", []))


def parsed(path: str) -> ast.Module:
    """A module's syntax tree, parsed once per text for all the checks that read it."""
    return parsed_text(Path(path).read_text(encoding="utf-8"))


@lru_cache(maxsize=256)
def parsed_text(source: str) -> ast.Module:
    """The syntax tree of a module's text (shared: no reader changes it)."""
    return ast.parse(source)


def _definitions(path: str) -> dict[str, int]:
    """The line of each top-level function, class and assignment of a module: one parse,
    kept in memory under the file's path and signature (its size, date and inode:
    ``book.cache.signature``), so that a file edited in place is read again, and by the
    command line's cache under the module's text (book/cache.py)."""
    return _definitions_of(path, signature(Path(path)))


@cache
def _definitions_of(path: str, signature: object) -> dict[str, int]:
    """``_definitions``, kept under its key: the path and the file's signature."""
    source = Path(path).read_text(encoding="utf-8")
    return remembered("definitions", source, lambda: _definitions_in(path))  # key: the text


def _definitions_in(path: str) -> dict[str, int]:
    lines: dict[str, int] = {}
    for node in parsed(path).body:
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            lines[node.name] = node.lineno
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            lines.update({t.id: node.lineno for t in targets if isinstance(t, ast.Name)})
    return lines


def source_line(obj: object, module: ModuleType | None = None, name: str = "") -> int:
    """The line where a function, class or (given its module and name) constant is defined."""
    if module is None:
        module = inspect.getmodule(obj)
    name = name or getattr(obj, "__name__", "")
    path = getattr(module, "__file__", None)
    if path is None or not name:
        return 1
    return _definitions(path).get(name, 1)


def modules_of(module: ModuleType) -> list[ModuleType]:
    """A game's code: its module, or a package and each of its modules (a game too big for
    one file is a package whose ``__init__`` re-exports the rule API)."""
    if not hasattr(module, "__path__"):
        return [module]
    inside = _submodule_names(module.__name__, tuple(module.__path__))
    # Imported already, as a rule: taken from sys.modules (import_module's own look-up costs
    # 25 µs, and the checks ask some 50,000 times for 100 games).
    return [module, *(sys.modules.get(name) or importlib.import_module(name) for name in inside)]


def game_terms(module: ModuleType) -> tuple[Term, ...]:
    """The terms a game's code names (``TERMS``), in its module or any module of a package."""
    return tuple(
        dict.fromkeys(t for part in modules_of(module) for t in getattr(part, "TERMS", ()))
    )


def _submodule_names(package: str, path: tuple[str, ...]) -> tuple[str, ...]:
    """The modules of a package, by name: each folder is listed again only when its
    signature changes (its size, date and inode: ``book.cache.signature``; a file added,
    removed or renamed changes a folder's date). Key: the package, its folders and their
    signatures."""
    return _submodule_names_of(package, tuple((p, signature(Path(p))) for p in path))


@cache
def _submodule_names_of(package: str, folders: tuple[tuple[str, object], ...]) -> tuple[str, ...]:
    paths = [folder for folder, _ in folders]
    return tuple(info.name for info in pkgutil.iter_modules(paths, f"{package}."))


def defining_module(module: ModuleType, name: str, obj: object | None) -> ModuleType:
    """The module of a game's code that defines ``name``: a function's or class's own, a
    constant's the one that assigns it (not the package that re-exports it)."""
    if inspect.isfunction(obj) or inspect.isclass(obj):
        own = inspect.getmodule(obj)
        if own is not None:
            return own
    top = name.split(".")[0]
    for candidate in modules_of(module):
        path = getattr(candidate, "__file__", None)
        if path is not None and top in _definitions(path):
            return candidate
    return module


def locate_object(module: ModuleType, name: str, obj: object | None) -> tuple[Path | None, int]:
    """The file and line where a name of a game's code is defined, followed to the module of
    the package that defines it."""
    home = defining_module(module, name, obj)
    path = getattr(home, "__file__", None)
    if obj is None or path is None:
        return None, 1
    return Path(path), source_line(obj, home, name.split(".")[-1])


def forget_code() -> None:
    """Forget every module loaded and every docstring split: for a tool that replaces a
    game's code in memory (the mutation harness) and must see the new code."""
    load_module.cache_clear()
    import_failure.cache_clear()
    _bound_examples.cache_clear()
    _definitions_of.cache_clear()
    _submodule_names_of.cache_clear()
    parsed_text.cache_clear()
    for clear in _ALSO_FORGOTTEN:
        clear()


_ALSO_FORGOTTEN: list[Callable[[], None]] = []


def forgotten_with_code(clear: Callable[[], None]) -> None:
    """Have ``forget_code`` call ``clear`` too: for a cache of a game's code kept by a module of
    a higher layer (text/code_bounds.py), which this one cannot import."""
    _ALSO_FORGOTTEN.append(clear)


def bound_examples(name: str, obj: object) -> list[BoundExamples]:
    """Split an object's doctests by the ``[rule-id]`` lines of its docstring."""
    try:
        return _bound_examples(name, obj)
    except TypeError:  # unhashable: a constant, which has no doctests
        return []


@cache
def _bound_examples(name: str, obj: object) -> list[BoundExamples]:
    doc = inspect.getdoc(obj) if inspect.isfunction(obj) or inspect.isclass(obj) else None
    if not doc:
        return []
    groups: list[BoundExamples] = []
    home = getattr(inspect.getmodule(obj), "__name__", "")
    current, examples, first = GENERAL, list[doctest.Example](), source_line(obj)
    offset = 0
    for part in doctest.DocTestParser().parse(doc):
        if isinstance(part, str):
            for match in MARKER.finditer(part):
                if examples or current != GENERAL:
                    groups.append(
                        BoundExamples(name, current, tuple(examples), first + offset, home)
                    )
                current, examples = match.group(1), []
                offset = doc[: doc.find(match.group(0))].count("\n") + 1
        else:
            examples.append(part)
    if examples or current != GENERAL:
        groups.append(BoundExamples(name, current, tuple(examples), first + offset, home))
    return groups


def constant_numbers(value: object) -> list[int]:
    """The whole numbers a constant holds."""
    if isinstance(value, bool) or isinstance(value, Enum) or inspect.isclass(value):
        return []
    if isinstance(value, int):
        return [value]
    if isinstance(value, dict):
        return [n for k, v in value.items() for n in constant_numbers(k) + constant_numbers(v)]
    if isinstance(value, tuple | list | set | frozenset):
        return [n for item in value for n in constant_numbers(item)]
    return []


def is_constant(obj: object) -> bool:
    return not (callable(obj) or inspect.ismodule(obj))


def iter_code(module: ModuleType, names: tuple[str, ...]) -> Iterator[tuple[str, object | None]]:
    for name in names:
        yield name, resolve(module, name)


__all__ = [
    "BoundExamples",
    "bound_examples",
    "constant_numbers",
    "defining_module",
    "forget_code",
    "import_failure",
    "is_constant",
    "is_table",
    "iter_code",
    "load_module",
    "locate_object",
    "modules_of",
    "parsed",
    "parsed_text",
    "public_names",
    "resolve",
    "source_line",
]


def example_failure(group: BoundExamples, module: ModuleType) -> str:
    """Whether bound doctests pass, run in their module's names: ``""``, or the start of
    the failure report (the site's traceability table shows which)."""
    globs = example_globals(group, module)
    test = doctest.DocTest(list(group.examples), globs, group.owner, None, None, None)
    out = io.StringIO()
    runner = doctest.DocTestRunner(optionflags=EXAMPLE_FLAGS)
    runner.run(test, out=out.write, clear_globs=True)
    if not runner.failures:
        return ""
    report = [line.strip() for line in out.getvalue().splitlines() if line.strip()]
    keep = [line for line in report if not line.startswith(("*****", "File", "Failed example"))]
    return " ".join(keep[:6])


def example_steps(group: BoundExamples, module: ModuleType) -> "tuple[Step, ...]":
    """The rules the worked examples applied, in order (``kit.explain``), as they run in
    their module's names; kept by the cache for the same code."""
    source = "".join(example.source for example in group.examples)
    # Key: the module (its name and files), the function whose examples run, their source.
    key = f"{module.__name__}\0{module_digest(module)}\0{group.owner}\0{source}"
    return remembered("steps", key, lambda: _steps_of(group, module))


def _steps_of(group: BoundExamples, module: ModuleType) -> "tuple[Step, ...]":
    from rulebook.kit.explain import listening

    globs = example_globals(group, module)
    test = doctest.DocTest(list(group.examples), globs, group.owner, None, None, None)
    runner = doctest.DocTestRunner(optionflags=EXAMPLE_FLAGS)
    with listening() as steps:
        runner.run(test, out=lambda _: None, clear_globs=True)
    return tuple(steps)
