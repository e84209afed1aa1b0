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
"""

from itertools import pairwise

from grimp import ImportGraph
from importlinter.application import contract_utils, output
from importlinter.domain import fields
from importlinter.domain.contract import Contract, ContractCheck


class AcyclicModulesContract(Contract):
    """No module imports, directly or through others, a module that imports it back."""

    broken_contract_guidance = fields.TextField(required=False)

    def check(self, graph: ImportGraph, verbose: bool) -> ContractCheck:
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
