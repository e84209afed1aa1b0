"""Running a worked example as a reader edited it, in the page (Pyodide) or here: its
statements in the game module's names, the value of its last line, the chain of rules the
code applied (``kit.explain``), in the page's words when given, or the rule's own error
for bad input.

>>> out = run('morgan_turn(0, Level.EASY, parse_rolls("red ship, red ship")).score',
...           "rulebook.games.port_royal")
>>> out["result"], [step["rule"] for step in out["steps"]]
('0', ['pr-morgan-phase-1', 'pr-morgan-points-table', 'pr-morgan-extra-point'])
>>> run("points_for_items(5)", "rulebook.games.port_royal", {"names": {"items": "objets"}})["steps"]
[{'rule': 'pr-morgan-points-table', 'used': [['objets', '5'], ['points', '2']]}]
>>> run('parse_rolls("red boat")', "rulebook.games.port_royal")["error"]
"pr-morgan-roll: expected a roll as the examples write it ('red ship', 'blue ship's wheel', \
'navire rouge', 'roue de navire bleue'), got 'red boat'"
"""

import ast
import importlib
from collections.abc import Mapping
from typing import Any

from rulebook.errors import RuleError
from rulebook.kit.explain import Step, Wording, listening


def run(
    source: str, module: str, words: Mapping[str, Any] | None = None, home: str = ""
) -> dict[str, Any]:
    """``{"result": text, "steps": [...]}`` or ``{"error": text, "steps": [...]}``; each step
    its rule and its values, named with ``words``, the page's ``{"names": {...}, "values":
    {...}}`` (``book.chain_words``, ``Wording.of``). The example runs in the game's names
    and in those of ``home``, the module its docstring is in."""
    names = dict(vars(importlib.import_module(module)))
    if home:
        names |= vars(importlib.import_module(home))
    wording = Wording.of(words)
    with listening() as steps:
        try:
            result = _run(source, names)
        except RuleError as error:
            return {"error": str(error), "steps": _shown(steps, wording)}
        except Exception as error:  # the reader's own code: shown, never raised
            failed = f"{type(error).__name__}: {error}"
            return {"error": failed, "steps": _shown(steps, wording)}
    return {"result": result, "steps": _shown(steps, wording)}


def _run(source: str, names: dict[str, Any]) -> str:
    tree = ast.parse(source.replace(">>> ", "").replace("... ", ""), "<example>")
    last = tree.body[-1] if tree.body else None
    if not isinstance(last, ast.Expr):
        last = None
    else:
        tree.body.pop()
    exec(compile(tree, "<example>", "exec"), names)
    if last is None:
        return ""
    value = eval(compile(ast.Expression(last.value), "<example>", "eval"), names)
    return "" if value is None else repr(value)


def _shown(steps: list[Step], words: Wording) -> list[dict[str, Any]]:
    return [{"rule": s.rule, "used": [list(pair) for pair in s.worded(words)]} for s in steps]
