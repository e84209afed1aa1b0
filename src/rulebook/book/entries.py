"""One entry per rule ID, resolved once when the book loads, read by every check and output.

An entry holds the rule in French and in English, its corrections, the original lines it
cites and the state of its translation; its code objects and bound doctests are resolved the
first time something asks (importing a game's code is the one costly step, and ``rulebook
cite`` never needs it). Nothing else joins the two languages or searches the rules.
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from rulebook.book.history import lineage
from rulebook.book.model import Correction, Game, Rule, Version
from rulebook.book.translates import state
from rulebook.language import Lang

if TYPE_CHECKING:
    from rulebook.book.code import BoundExamples


class Translation(StrEnum):
    """Where an English rule stands with the French it translates (``translates``)."""

    CHECKED = "checked"
    UNRECORDED = "unrecorded"  # no digest recorded yet
    STALE = "stale"  # the French changed since it was translated
    UNCHECKED = "unchecked"  # the English changed since it was checked
    MISSING = "missing"  # no English rule


@dataclass(frozen=True)
class CodeObject:
    """A name a rule's ``:code:`` gives, what it resolves to and where it is defined."""

    name: str
    obj: object | None  # None: the module has no such name (the code check says so)
    module: str  # the module of the game's code that defines it (the game's own when unknown)
    path: Path | None
    line: int


@dataclass(frozen=True)
class Entry:
    id: str
    game: Game
    fr: Rule
    en: Rule | None
    corrections: tuple[Correction, ...]

    def rule(self, lang: Lang) -> Rule | None:
        return self.fr if lang == "fr" else self.en

    @property
    def original(self) -> tuple[tuple[int, str], ...]:
        """The source lines the rule cites, with their numbers."""
        lines = self.game.original_lines
        return tuple((n, lines[n - 1]) for n in self.fr.original if 0 < n <= len(lines))

    @property
    def versions(self) -> tuple[Version, ...]:
        """The rule's published versions, oldest first (none before its first is recorded)."""
        return lineage(self.game.history, self.id) if self.game.history else ()

    @cached_property
    def translation(self) -> Translation:
        return Translation.MISSING if self.en is None else Translation(state(self.fr, self.en))

    @cached_property
    def code(self) -> tuple[CodeObject, ...]:
        # Imported on first use, as the code is: `rulebook cite` and `show` never need it, and
        # book.code (doctest, inspect, the kit) costs them some 30 ms. No cycle: it imports
        # nothing of this module's.
        from rulebook.book.code import defining_module, load_module, locate_object, resolve

        module = load_module(self.game.module)
        if module is None:
            return ()
        found = []
        for name in self.fr.code:
            obj = resolve(module, name)
            home = defining_module(module, name, obj) if obj is not None else module
            path, line = locate_object(module, name, obj)
            found.append(CodeObject(name, obj, home.__name__, path, line))
        return tuple(found)

    @cached_property
    def examples(self) -> "tuple[BoundExamples, ...]":
        """The worked examples bound to the rule (``[rule-id]``) in the code it names; a
        table's code is not run for them."""
        from rulebook.book.code import bound_examples
        from rulebook.kit.tables import is_table

        return tuple(
            group
            for code in self.code
            if code.obj is not None and not is_table(code.obj)
            for group in bound_examples(code.name, code.obj)
            if group.rule == self.id
        )


def resolve_entries(games: Iterable[Game]) -> Mapping[str, Entry]:
    """The entries of every game, in the book's order (French rules first to last)."""
    entries: dict[str, Entry] = {}
    for game in games:
        english = {r.id: r for r in game.en.rules} if game.en else {}
        corrections: dict[str, list[Correction]] = {}
        for correction in game.register.corrections if game.register else ():
            corrections.setdefault(correction.rule, []).append(correction)
        for rule in game.fr.rules:
            entries.setdefault(
                rule.id,
                Entry(
                    rule.id, game, rule, english.get(rule.id), tuple(corrections.get(rule.id, ()))
                ),
            )
    return entries
