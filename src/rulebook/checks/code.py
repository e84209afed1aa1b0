"""Code links, for each game whose code imports: every rule names code that exists (or says
it has none), the English file leaves the naming of code to the French, every public name of
the game's code is named by a rule, and every ``[rule-id]`` doctest binding is sound."""

import inspect
from collections.abc import Iterable, Iterator
from functools import partial
from pathlib import Path
from types import ModuleType

from rulebook.book import Book
from rulebook.book.code import (
    GENERAL,
    bound_examples,
    import_failure,
    load_module,
    locate_object,
    public_names,
    resolve,
)
from rulebook.book.entries import Entry
from rulebook.book.extract import FRENCH_ONLY_OPTIONS
from rulebook.book.model import Game, Problem
from rulebook.checks.game_results import fingerprint, kept
from rulebook.checks.registry import register


@register(
    "code",
    "name existing code of the game's module in :code:, or ':code: none (why)'; every public "
    "name of the module is named by a rule",
    reads_code=True,
)
def check(book: Book) -> Iterator[Problem]:
    all_ids = {r.id for r in book.rules("fr")}
    known = fingerprint(sorted(all_ids))  # a doctest may be bound to a rule of another game
    for game in book.games:
        yield from kept(book, game, "code", partial(game_problems, book, game, all_ids), known)


def game_problems(book: Book, game: Game, all_ids: set[str]) -> list[Problem]:
    module = load_module(game.module)
    if module is None:  # no name of the code can be looked for: that one problem
        return [cannot_import(game)]
    entries = list(book.entries_in(game))
    return [
        *rules_name_code(game, entries),
        *french_options_in_english(game),
        *public_names_named(game, module, naming(entries), all_ids),
    ]


def cannot_import(game: Game) -> Problem:
    failure = import_failure(game.module)
    message = f"module {game.module!r} cannot be imported: {failure}"
    return Problem(game.fr.path, 1, game.slug, message)


def naming(entries: Iterable[Entry]) -> dict[str, set[str]]:
    """Each name of the code, with the IDs of the rules whose ``:code:`` names it."""
    named: dict[str, set[str]] = {}
    for entry in entries:
        for code in entry.code:
            named.setdefault(code.name, set()).add(entry.id)
    return named


def rules_name_code(game: Game, entries: Iterable[Entry]) -> Iterator[Problem]:
    """Every French rule names code, or says it has none; and the code it names exists."""
    for entry in entries:
        rule = entry.fr
        if not rule.code and rule.no_code is None:
            yield Problem.at(rule, "names no code: add ':code: NAME …' or ':code: none (why)'")
        for code in entry.code:
            if code.obj is None:
                yield Problem.at(
                    rule,
                    f"names code that does not exist: {game.module}.{code.name} (a public "
                    "name of the game's code, in its __all__)",
                )


def french_options_in_english(game: Game) -> Iterator[Problem]:
    """The options only the French file gives (the source of truth), given by the English
    one: the English carries ``:title:`` and ``:translates:``."""
    for rule in game.en.rules if game.en else ():
        for option in FRENCH_ONLY_OPTIONS:
            if option in rule.options:
                yield Problem.at(
                    rule, f":{option}: belongs in the French file, the source of truth"
                )


def public_names_named(
    game: Game, module: ModuleType, named: dict[str, set[str]], all_ids: set[str]
) -> Iterator[Problem]:
    """Every public name of the game's code is named by a rule, and each of its doctests
    bound to a rule (``[rule-id]``) is bound to a rule that exists and names it."""
    module_path = Path(inspect.getfile(module))
    for name in public_names(module):
        obj = resolve(module, name)
        found, line = locate_object(module, name, obj)
        home = found or module_path  # a package's name, at the module that defines it
        if name not in named:
            yield Problem(home, line, game.slug, f"{game.module}.{name} is named by no rule")
        for group in bound_examples(name, obj):
            if group.rule == GENERAL:
                continue
            if group.rule not in all_ids:
                yield Problem(
                    home,
                    group.line,
                    group.rule,
                    f"doctest of {name} is bound to an unknown rule",
                )
            elif group.rule not in named.get(name, set()):
                yield Problem(
                    home,
                    group.line,
                    group.rule,
                    f"doctest of {name} is bound to this rule, which does not name {name}",
                )
