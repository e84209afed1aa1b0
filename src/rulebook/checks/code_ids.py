"""Rule IDs in the code: every string of a game's code that is a rule ID of the book's form
(one of the book's prefixes, then hyphenated words: ``RuleError("cd-starting-road", …)``,
``step("mw-round-4", …)``) names a rule of that game. A misspelt ID would otherwise send a
reader's error message, or an example's chain, to a rule that does not exist."""

import ast
import difflib
from collections.abc import Iterator
from functools import partial
from pathlib import Path

from rulebook.book import Book
from rulebook.book.cache import remembered
from rulebook.book.code import load_module, modules_of, parsed_text
from rulebook.book.model import Game, Problem
from rulebook.book.names import is_rule_id
from rulebook.checks.game_results import fingerprint, kept
from rulebook.checks.registry import register


@register(
    "code-ids",
    "name a rule of the game in the code's errors and explanation steps",
    reads_code=True,
)
def check(book: Book) -> Iterator[Problem]:
    prefixes = {game.prefix for game in book.games}
    known = fingerprint(sorted(prefixes))
    for game in book.games:
        yield from kept(book, game, "code-ids", partial(game_problems, book, game, prefixes), known)


def game_problems(book: Book, game: Game, prefixes: set[str]) -> list[Problem]:
    module = load_module(game.module)
    if module is None:
        return []  # the code check says why
    own = [entry.id for entry in book.entries_in(game)]
    found: list[Problem] = []
    for part in modules_of(module):
        path = getattr(part, "__file__", None)
        if path is not None:
            found += check_file(game, Path(path), prefixes, own)
    return found


def check_file(game: Game, path: Path, prefixes: set[str], own: list[str]) -> Iterator[Problem]:
    for rule_id, line in rule_ids_in(path, prefixes):
        if rule_id in own:
            continue
        near = difflib.get_close_matches(rule_id, own, n=1)
        yield Problem(
            path,
            line,
            rule_id,
            f"the code names the rule {rule_id}, which is no rule of {game.slug}",
            fix=f"write {near[0]}" if near else f"name a rule of {game.slug}, or add the rule",
        )


def rule_ids_in(path: Path, prefixes: set[str]) -> list[tuple[str, int]]:
    """The strings of a module that are rule IDs of one of ``prefixes``, with their line.

    >>> import tempfile
    >>> source = Path(tempfile.mkdtemp()) / "m.py"
    >>> _ = source.write_text('E = "cd-startng-road"\\nC = "belle-nitro"\\nD = "not pr-end"\\n')
    >>> rule_ids_in(source, {"cd", "pr"})
    [('cd-startng-road', 1)]
    """
    return [(text, line) for text, line in id_strings(path) if text.split("-", 1)[0] in prefixes]


def id_strings(path: Path) -> tuple[tuple[str, int], ...]:
    """The strings of a module shaped as rule IDs, with their line, in the order of their
    lines: a pure function of the module's text, kept under it (``book/cache.py``: a parse
    of each of a game's modules, 0.6 s of a check of 100 games)."""
    source = path.read_text(encoding="utf-8")  # as the code check reads it (code.parsed)
    return remembered("rule-ids", source, lambda: _id_strings(source))


def _id_strings(source: str) -> tuple[tuple[str, int], ...]:
    found = [
        (node.value, node.lineno)
        for node in ast.walk(parsed_text(source))
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and is_rule_id(node.value)
    ]
    return tuple(sorted(found, key=lambda found: found[1]))
