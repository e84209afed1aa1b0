"""Mutation of the rule code: change the code, one small fault at a time, and see it caught.

Each mutant of a game module (a number changed by one, a comparison or an arithmetic or
boolean operator swapped) replaces the module in memory; it is killed when `rulebook check`
reports a problem, a doctest of the module fails, or a test of the game fails. A mutant that
hangs for more than ``LIMIT`` seconds counts as killed (the tests would not end).
"""

import ast
import dataclasses
import doctest
import importlib.util
import io
import math
import signal
import sys
import tempfile
import time
import types
from collections.abc import Iterator
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from dataclasses import dataclass, field
from pathlib import Path

from rulebook.book import Book
from rulebook.book.code import EXAMPLE_FLAGS, forget_code, modules_of
from rulebook.checks import run_checks

# Seconds a mutant may run (check, doctests, tests) before it counts as hanging: at least
# LIMIT, and four times what the unmutated code takes on this machine now, so that a slow or
# busy machine does not count a slow mutant as caught.
LIMIT = 5
SLOWER = 4
SWAPS: dict[type[ast.AST], type[ast.AST]] = {
    ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.Add: ast.Sub, ast.Sub: ast.Add,
    ast.And: ast.Or, ast.Or: ast.And, ast.In: ast.NotIn, ast.NotIn: ast.In,
}  # fmt: skip


@dataclass(frozen=True)
class Mutant:
    index: int
    line: int
    what: str


class Mutator(ast.NodeTransformer):
    """Numbers the mutable places of a tree; with ``target`` set, mutates that one place."""

    def __init__(self, target: int = -1) -> None:
        self.target = target
        self.found: list[Mutant] = []

    def _here(self, node: ast.AST, what: str) -> bool:
        self.found.append(Mutant(len(self.found), getattr(node, "lineno", 0), what))
        return len(self.found) - 1 == self.target

    def visit_Constant(self, node: ast.Constant) -> ast.AST:
        value = node.value
        if isinstance(value, int) and not isinstance(value, bool):
            if self._here(node, f"{value} → {value + 1}"):
                return ast.copy_location(ast.Constant(value + 1), node)
        return node

    def _swap(self, op: ast.AST, node: ast.AST) -> ast.AST:
        if type(op) in SWAPS and self._here(
            node, f"{type(op).__name__} → {SWAPS[type(op)].__name__}"
        ):
            return SWAPS[type(op)]()
        return op

    def visit_Compare(self, node: ast.Compare) -> ast.AST:
        self.generic_visit(node)
        node.ops = [self._swap(op, node) for op in node.ops]  # type: ignore[misc]
        return node

    def visit_BinOp(self, node: ast.BinOp) -> ast.AST:
        self.generic_visit(node)
        node.op = self._swap(node.op, node)  # type: ignore[assignment]
        return node

    def visit_BoolOp(self, node: ast.BoolOp) -> ast.AST:
        self.generic_visit(node)
        node.op = self._swap(node.op, node)  # type: ignore[assignment]
        return node

    def visit_AnnAssign(self, node: ast.AnnAssign) -> ast.AST:
        node.value = self.visit(node.value) if node.value else None  # not the annotation
        return node

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.AST:
        node.body = [self.visit(statement) for statement in node.body]
        return node  # not the annotations


def mutants(source: str) -> list[Mutant]:
    mutator = Mutator()
    mutator.visit(ast.parse(source))
    return mutator.found


def mutated(source: str, index: int) -> str:
    return ast.unparse(Mutator(index).visit(ast.parse(source)))


class Timeout(Exception):
    pass


@contextmanager
def time_limit(seconds: int) -> Iterator[None]:
    def stop(signum: int, frame: object) -> None:
        raise Timeout

    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def install(name: str, module: types.ModuleType) -> None:
    """``module`` as ``name`` for every import: ``from rulebook.games import catan_dice`` reads
    the package's attribute, not ``sys.modules``, and would keep the original's classes."""
    sys.modules[name] = module
    parent, _, child = name.rpartition(".")
    if parent in sys.modules:
        setattr(sys.modules[parent], child, module)


def loaded(name: str) -> dict[str, types.ModuleType]:
    """The game's modules as imported now: the module, or the package and its modules."""
    return {n: m for n, m in sys.modules.items() if n == name or n.startswith(f"{name}.")}


def restore(name: str, originals: dict[str, types.ModuleType]) -> None:
    for module_name in loaded(name):
        del sys.modules[module_name]
    sys.modules.update(originals)
    install(name, originals[name])
    forget_code()


def load(name: str, folder: Path, files: dict[str, str]) -> types.ModuleType:
    """The game's code made of ``files`` (a file name, or a package's file names, with their
    source), written to ``folder`` and imported as ``name``: the checks that read a module's
    source (the comparisons of its bounds) read the mutant's, and a package's modules import
    each other's mutated code, not the original's."""
    for relative, source in files.items():
        (folder / relative).parent.mkdir(parents=True, exist_ok=True)
        (folder / relative).write_text(source, encoding="utf-8")
    for module_name in loaded(name):
        del sys.modules[module_name]
    first = folder / next(iter(files))
    if first.name == "__init__.py":  # a package: its modules are found in the copy's folder
        spec = importlib.util.spec_from_file_location(
            name, first, submodule_search_locations=[str(first.parent)]
        )
    else:
        spec = importlib.util.spec_from_file_location(name, first)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    install(name, module)
    spec.loader.exec_module(module)
    forget_code()
    return module


def doctests_fail(module: types.ModuleType) -> bool:
    runner = doctest.DocTestRunner(optionflags=EXAMPLE_FLAGS)
    for part in modules_of(module):
        for test in doctest.DocTestFinder().find(part):
            runner.run(test, out=lambda _: None)
    return runner.failures > 0


def tests_fail(test_file: Path) -> bool:
    import pytest

    for name in [n for n in sys.modules if n.startswith("tests.test_")]:
        del sys.modules[name]
    with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
        code = pytest.main([str(test_file), "-x", "-q", "-p", "no:cacheprovider"])
    return code != 0


def problems(book: Book) -> set[str]:
    return {p.format(book.root) for p in run_checks(book)}


def killed(
    book: Book,
    name: str,
    files: dict[str, str],
    test_file: Path | None,
    baseline: set[str],
    limit: int = LIMIT,
) -> str:
    """Why the mutant is caught ("" when it survives): a problem the unmutated book does not
    have, a failing doctest, a failing test, or still running after ``limit`` seconds."""
    originals = loaded(name)
    try:
        with time_limit(limit), tempfile.TemporaryDirectory() as folder:
            module = load(name, Path(folder), files)
            if problems(book) - baseline:
                return "check"
            if doctests_fail(module):
                return "doctest"
            if test_file is not None and tests_fail(test_file):
                return "tests"
    except Timeout:
        return "timeout"
    except Exception:
        return "error"
    finally:
        restore(name, originals)
    return ""


def time_limit_for(
    book: Book, name: str, files: dict[str, str], test_file: Path | None, baseline: set[str]
) -> int:
    """How long a mutant may run: ``SLOWER`` times the unmutated code's own run, at least
    ``LIMIT``. The unmutated code must pass, or nothing measured means anything."""
    start = time.perf_counter()
    why = killed(book, name, files, test_file, baseline, 600)
    if why:
        raise RuntimeError(f"{name}: the unmutated code fails ({why}): fix it first")
    return max(LIMIT, math.ceil(SLOWER * (time.perf_counter() - start)))


def code_files(module: types.ModuleType) -> dict[str, str]:
    """A game's source: ``{"port_royal.py": …}``, or a package's ``{"catan_dice/__init__.py":
    …, "catan_dice/odds.py": …}``, the package's own file first."""
    files = {}
    for part in modules_of(module):
        path = Path(part.__file__ or "")
        relative = f"{path.parent.name}/{path.name}" if hasattr(module, "__path__") else path.name
        files[relative] = path.read_text(encoding="utf-8")
    return files


@dataclass
class CodeRates:
    killed: int = 0
    total: int = 0
    by: dict[str, int] = field(default_factory=dict)
    survivors: list[str] = field(default_factory=list)


def measure_code(book: Book, module_name: str, test_file: Path | None) -> CodeRates:
    original = sys.modules[module_name]
    # Only the game whose module is mutated can change: the check runs over that game alone
    # (its unmutated problems, such as other games' published IDs, are in the baseline).
    book = dataclasses.replace(book, games=tuple(g for g in book.games if g.module == module_name))
    files = code_files(original)
    rates = CodeRates()
    baseline = problems(book)
    limit = time_limit_for(book, module_name, files, test_file, baseline)
    for relative, source in files.items():
        for mutant in mutants(source):
            mutant_files = {**files, relative: mutated(source, mutant.index)}
            why = killed(book, module_name, mutant_files, test_file, baseline, limit)
            rates.total += 1
            if why:
                rates.killed += 1
                rates.by[why] = rates.by.get(why, 0) + 1
            else:
                code = source.split("\n")[mutant.line - 1].strip() if mutant.line else ""
                rates.survivors.append(f"{relative}:{mutant.line}: {mutant.what} in `{code}`")
    return rates
