"""How the code compares with its constants: where each comparison puts the bound.

``length >= LONGEST_ROAD_MIN`` and ``length < LONGEST_ROAD_MIN`` both cut just below the
constant (the constant itself is on the upper side); ``built > capacity + EXTRA`` cuts just
above ``EXTRA``. Whole numbers added on the constant's side shift the cut
(``x >= LIMIT + 1`` cuts like ``x > LIMIT``). A limit may be computed first: a local name
assigned such a sum, or a call to a module function that returns one, carries the constant
into the comparison (``limit = ai_capacity_limit(cities)`` then ``capacity <= limit``).
Equality tests, and constants subtracted or multiplied, say nothing about a bound.
"""

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from types import ModuleType

from rulebook.book.cache import signature
from rulebook.book.code import forgotten_with_code, modules_of, parsed

# The cut, relative to the right-hand side, of ``left OP right``.
_CUT = {ast.GtE: -0.5, ast.Lt: -0.5, ast.Gt: 0.5, ast.LtE: 0.5}
# ``a OP b`` is ``b FLIPPED a``.
_FLIPPED: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.GtE: ast.LtE, ast.LtE: ast.GtE, ast.Gt: ast.Lt, ast.Lt: ast.Gt,
}  # fmt: skip
# A name or a call that stands for a constant plus a whole number.
Carried = dict[str, list[tuple[str, int]]]


def _terms(node: ast.expr, sign: int = 1) -> Iterator[tuple[int, ast.expr]]:
    """The terms of a sum, each with its sign: ``a + 2 - b`` gives (+a), (+2), (-b)."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Sub):
        yield from _terms(node.left, sign)
        yield from _terms(node.right, sign if isinstance(node.op, ast.Add) else -sign)
    else:
        yield sign, node


def _constants(side: ast.expr, names: Carried, calls: Carried) -> list[tuple[str, int]]:
    """The constants a sum adds, each with the whole number added to it."""
    terms = list(_terms(side))
    shift = sum(
        sign * t.value for sign, t in terms if isinstance(t, ast.Constant) and type(t.value) is int
    )
    found = []
    for sign, term in terms:
        if sign != 1:
            continue
        if isinstance(term, ast.Name) and term.id.isupper():
            found.append((term.id, shift))
        elif isinstance(term, ast.Name) and term.id in names:
            found += [(name, extra + shift) for name, extra in names[term.id]]
        elif isinstance(term, ast.Call) and isinstance(term.func, ast.Name):
            found += [(name, extra + shift) for name, extra in calls.get(term.func.id, ())]
    return found


def _functions(module: ast.Module) -> dict[str, list[ast.AST]]:
    """Each top-level function and method with all the nodes in it, walked once."""
    found: dict[str, list[ast.AST]] = {}
    for node in module.body:
        members = node.body if isinstance(node, ast.ClassDef) else [node]
        for member in members:
            if isinstance(member, ast.FunctionDef):
                found[member.name] = list(ast.walk(member))
    return found


def _returned(functions: dict[str, list[ast.AST]]) -> Carried:
    """Module functions every ``return`` of which adds a constant."""
    calls: Carried = {}
    for name, nodes in functions.items():
        values = [r.value for r in nodes if isinstance(r, ast.Return) and r.value]
        carried = [_constants(value, {}, {}) for value in values]
        if carried and all(c == carried[0] and c for c in carried):
            calls[name] = carried[0]
    return calls


def _assigned(nodes: list[ast.AST], calls: Carried) -> Carried:
    """Local names assigned a sum that adds a constant, or a call that returns one."""
    names: Carried = {}
    for node in nodes:
        if not isinstance(node, ast.Assign) or len(node.targets) != 1:
            continue
        target, value = node.targets[0], node.value
        pairs = (
            zip(target.elts, value.elts, strict=False)
            if isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple)
            else [(target, value)]
        )
        for name, expr in pairs:
            if isinstance(name, ast.Name) and (found := _constants(expr, {}, calls)):
                names[name.id] = found
    return names


def compared_constants(*paths: str) -> dict[str, frozenset[float]]:
    """For each upper-case name the modules compare with, the cuts relative to its value. A
    function of one module that returns a constant's sum counts where another module calls
    it (a package's modules are read together). Kept in memory under each file's path and
    signature (its size, date and inode: ``book.cache.signature``), so that a file edited in
    place is read again; ``forget_code`` forgets it with the rest of the code's caches.

    >>> import tempfile
    >>> source = '''
    ... def ok(n, cap):
    ...     return n >= MIN and n <= cap + EXTRA + 1
    ... def limit(cities):
    ...     return cities + MARGIN
    ... def allowed(capacity, cities):
    ...     most = limit(cities)
    ...     return capacity <= most
    ... '''
    >>> with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
    ...     _ = f.write(source)
    >>> sorted(compared_constants(f.name).items())
    [('EXTRA', frozenset({1.5})), ('MARGIN', frozenset({0.5})), ('MIN', frozenset({-0.5}))]
    """
    return _compared_constants(tuple((path, signature(Path(path))) for path in paths))


@cache
def _compared_constants(files: tuple[tuple[str, object], ...]) -> dict[str, frozenset[float]]:
    """``compared_constants``, kept under its key: each file's path and signature."""
    paths = [path for path, _ in files]
    functions: dict[str, list[ast.AST]] = {}
    for path in paths:
        functions.update(_functions(parsed(path)))
    calls = _returned(functions)
    cuts: dict[str, set[float]] = {}
    for nodes in functions.values():
        names = _assigned(nodes, calls)
        for node in nodes:
            if not isinstance(node, ast.Compare):
                continue
            operands = [node.left, *node.comparators]
            for i, op in enumerate(node.ops):
                if type(op) not in _CUT:
                    continue
                for side, kind in ((operands[i + 1], type(op)), (operands[i], _FLIPPED[type(op)])):
                    for name, shift in _constants(side, names, calls):
                        cuts.setdefault(name, set()).add(shift + _CUT[kind])
    return {name: frozenset(found) for name, found in cuts.items()}


forgotten_with_code(_compared_constants.cache_clear)


def compared_in(module: ModuleType) -> dict[str, frozenset[float]]:
    """``compared_constants`` over every file of a game's code (each module of a package)."""
    paths = [str(part.__file__) for part in modules_of(module) if part.__file__]
    return compared_constants(*paths)
