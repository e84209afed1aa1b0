"""An import-linter contract of the project's own, run by ``make lint`` (``lint-imports``):
no cycle between modules.

import-linter's own ``acyclic_siblings`` compares the children of each package, so a cycle
that runs through a package's ``__init__`` escapes it: ``book/translation_state.py`` imported
``rulebook.book``, whose ``__init__`` imports ``load``, which imports ``entries``, which
imported ``translation_state``. This contract reads the import graph grimp builds for
import-linter (every import statement: at the top of a file, inside a function, under
``TYPE_CHECKING``) and asks grimp, for each import, whether the imported module leads back to
the importer: each cycle is named once, with the line of each of its imports. The search is
grimp's (``find_shortest_chain``); only the reading and the report are written here.

Every contract of ``make lint`` also counts the imports of the doctests (``>>> from … import``),
which grimp does not read: a doctest runs in its module's globals and imports for it, so a
doctest of ``kit`` that imports a game is ``kit`` importing ``games``. Each contract below is
import-linter's own (or the one above) run on the graph with those imports added, each named by
its line in the file. Docstrings are read with ``ast`` and their examples found by ``doctest``'s
own parser, the one pytest's ``--doctest-modules`` runs, so what counts is what runs.
"""

import ast
import doctest
import functools
import importlib.util
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path

from grimp import ImportGraph
from importlinter.application import contract_utils, output
from importlinter.contracts.acyclic_siblings import AcyclicSiblingsContract
from importlinter.contracts.layers import LayersContract
from importlinter.domain import fields
from importlinter.domain.contract import Contract, ContractCheck


class AcyclicModulesContract(Contract):
    """No module imports, directly or through others, a module that imports it back."""

    broken_contract_guidance = fields.TextField(required=False)

    def check(self, graph: ImportGraph, verbose: bool) -> ContractCheck:
        add_doctest_imports(graph)
        cycles: dict[frozenset[str], tuple[str, ...]] = {}
        for importer in sorted(graph.modules):
            for imported in sorted(graph.find_modules_directly_imported_by(importer)):
                back = graph.find_shortest_chain(importer=imported, imported=importer)
                if back is not None:  # importer -> imported -> … -> importer
                    cycles.setdefault(frozenset(back), (importer, *back))
        found = [_with_lines(graph, cycle) for cycle in cycles.values()]
        return ContractCheck(kept=not found, metadata={"cycles": found})

    def render_broken_contract(self, check: ContractCheck) -> None:
        for cycle in check.metadata["cycles"]:
            output.print_error(f"A cycle of {len(cycle)} modules:")
            for importer, imported, lines in cycle:
                output.print_error(f"- {importer} -> {imported} (l.{lines})")
            output.new_line()
        guidance = self.broken_contract_guidance  # the field's text, once the options are read
        contract_utils.render_broken_contract_guidance(guidance)  # type: ignore[arg-type]


def _with_lines(graph: ImportGraph, cycle: tuple[str, ...]) -> list[tuple[str, str, str]]:
    """Each import of the cycle with its line numbers (``12, 40``)."""
    steps = []
    for importer, imported in pairwise(cycle):
        details = graph.get_import_details(importer=importer, imported=imported)
        lines = ", ".join(str(d["line_number"]) for d in details) or "?"
        steps.append((importer, imported, lines))
    return steps


class LayersWithDoctestsContract(LayersContract):
    """import-linter's ``layers``, the doctests' imports counted."""

    def check(self, graph: ImportGraph, verbose: bool) -> ContractCheck:
        add_doctest_imports(graph)
        return super().check(graph, verbose)


class AcyclicSiblingsWithDoctestsContract(AcyclicSiblingsContract):
    """import-linter's ``acyclic_siblings``, the doctests' imports counted."""

    def check(self, graph: ImportGraph, verbose: bool) -> ContractCheck:
        add_doctest_imports(graph)
        return super().check(graph, verbose)


def add_doctest_imports(graph: ImportGraph) -> None:
    """Add to ``graph`` (import-linter's copy for one contract) each import of a module of the
    graph made by a doctest of a module of the graph, at its line in the file."""
    modules = graph.modules
    for importer in sorted(modules):
        source = _source_of(importer)
        if source is None:
            continue
        for line_number, line, candidates in _doctest_imports(source, importer):
            for imported in _modules_among(candidates, modules):
                if imported != importer:
                    graph.add_import(
                        importer=importer,
                        imported=imported,
                        line_number=line_number,
                        line_contents=line,
                    )


def _source_of(module: str) -> Path | None:
    """The file of ``module``, found under its top package's folder the way grimp finds it
    (``find_spec`` of the top package alone, which imports nothing)."""
    top, *rest = module.split(".")
    spec = importlib.util.find_spec(top)
    if spec is None or not spec.submodule_search_locations:
        return None
    folder = Path(next(iter(spec.submodule_search_locations))).joinpath(*rest)
    for path in (folder / "__init__.py", folder.with_suffix(".py")):
        if path.is_file():
            return path
    return None


@functools.cache
def _doctest_imports(path: Path, module: str) -> tuple[tuple[int, str, list[tuple[str, ...]]], ...]:
    """Each import statement of the doctests in the docstrings of ``path`` (the file of
    ``module``): its line in the file, the line as written, and for each name it imports the
    modules it may be, likeliest first (``from a import b``: ``a.b`` if ``b`` is a module, else
    ``a``). A relative import is read as the doctest runs it, in the module's package. Read once
    a file: each contract reads the graph again."""
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = []
    for first in _run_docstrings(ast.parse(text, str(path))):
        for example in doctest.DocTestParser().get_examples(str(first.value)):
            try:
                statements = ast.parse(example.source)
            except SyntaxError:
                continue
            for statement in ast.walk(statements):
                candidates: list[tuple[str, ...]]
                if isinstance(statement, ast.Import):
                    candidates = [(alias.name,) for alias in statement.names]
                elif isinstance(statement, ast.ImportFrom):
                    base = _absolute(statement, package)
                    if base is None:
                        continue
                    candidates = [
                        (f"{base}.{alias.name}", base) if base else (alias.name,)
                        for alias in statement.names
                    ]
                else:
                    continue
                # The docstring's text starts on the line of its opening quotes.
                number = first.lineno + example.lineno + statement.lineno - 1
                found.append((number, lines[number - 1].strip(), candidates))
    return tuple(found)


def _absolute(statement: ast.ImportFrom, package: str) -> str | None:
    """The module a ``from … import`` names, a relative one resolved in ``package``; None
    when it climbs out of the top package (the doctest would fail to run)."""
    relative = "." * statement.level + (statement.module or "")
    try:
        return importlib.util.resolve_name(relative, package) if statement.level else relative
    except ImportError:
        return None


def _run_docstrings(tree: ast.Module) -> Iterator[ast.Constant]:
    """The docstrings whose examples doctest runs: the module's, and its classes', functions'
    and methods' at any depth of classes (not those of a function defined in a function,
    which doctest never finds)."""
    nodes: list[ast.AST] = [tree]
    while nodes:
        node = nodes.pop()
        body = getattr(node, "body", [])
        first = body[0] if body else None
        if (
            isinstance(first, ast.Expr)
            and isinstance(first.value, ast.Constant)
            and isinstance(first.value.value, str)
        ):
            yield first.value
        if isinstance(node, ast.Module | ast.ClassDef):
            nodes += [
                n
                for n in body
                if isinstance(n, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            ]


def _modules_among(candidates: list[tuple[str, ...]], modules: set[str]) -> set[str]:
    """For each imported name, the first of its possible modules that is in the graph."""
    return {next(m for m in c if m in modules) for c in candidates if any(m in modules for m in c)}
