"""Code links: every rule names code that exists (or says it has none), every public name
of a game module is named by a rule, and every ``[rule-id]`` doctest binding is sound."""

import inspect
from collections.abc import Iterable, Iterator
from pathlib import Path

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
from rulebook.book.model import Game, Problem


def check(book: Book) -> Iterator[Problem]:
    all_ids = {r.id for r in book.rules("fr")}
    for game in book.games:
        yield from check_game(game, book.entries_in(game), all_ids)


def check_game(game: Game, entries: Iterable[Entry], all_ids: set[str]) -> Iterator[Problem]:
    module = load_module(game.module)
    if module is None:
        failure = import_failure(game.module)
        yield Problem(
            game.fr.path, 1, game.slug, f"module {game.module!r} cannot be imported: {failure}"
        )
        return
    module_path = Path(inspect.getfile(module))
    named: dict[str, set[str]] = {}
    for entry in entries:
        rule = entry.fr
        if not rule.code and rule.no_code is None:
            yield Problem(
                rule.path,
                rule.line_start,
                rule.id,
                "names no code: add ':code: NAME …' or ':code: none (why)'",
            )
        for code in entry.code:
            named.setdefault(code.name, set()).add(rule.id)
            if code.obj is None:
                yield Problem(
                    rule.path,
                    rule.line_start,
                    rule.id,
                    f"names code that does not exist: {game.module}.{code.name} (a public "
                    "name of the game's code, in its __all__)",
                )
    for rule in game.en.rules if game.en else ():
        # the English carries :title: and :translates:
        for option in ("code", "original", "kind", "aid"):
            if option in rule.options:
                yield Problem(
                    rule.path,
                    rule.line_start,
                    rule.id,
                    f":{option}: belongs in the French file, the source of truth",
                )
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
