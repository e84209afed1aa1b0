"""What changed, for everyone: every recorded version of a rule after its game's first
edition, newest first, for the changes page, its Atom feed and ``rulebook changes``.

A game's first edition is the date of its first recorded versions: the rules it had then
are its first edition, not changes (the page says when it was).
"""

import datetime
from dataclasses import dataclass
from enum import StrEnum

from rulebook.book import Book
from rulebook.book.model import Game, Version
from rulebook.language import Lang
from rulebook.text.numerals import number_atoms


class ChangeKind(StrEnum):
    """What a version changed, as the changes page and feed name it."""

    NEW = "new"  # the rule's first version
    WORDING = "wording"  # the words, not the numbers
    NUMBER = "number"  # a number of the rule (a quantity, a threshold…)
    RENAMED = "renamed"  # a new ID (and perhaps new words)
    RETIRED = "retired"  # the rule left the book


@dataclass(frozen=True)
class Change:
    """One version of one rule, with the one before it (None for a new rule)."""

    game: Game
    version: Version
    previous: Version | None
    kind: ChangeKind
    current_id: str  # the rule's ID now (a renamed rule's newest ID; a retired rule's own)

    @property
    def date(self) -> datetime.date:
        return self.version.date

    def title(self, lang: Lang) -> str:
        version = self.version
        return version.title(lang)

    def anchor(self) -> str:
        """Where the change is shown on the game's page: the rule's own history."""
        return f"{self.current_id}--history"


def first_edition(game: Game) -> datetime.date | None:
    dates = [v.date for v in game.history.versions] if game.history else []
    return min(dates, default=None)


def change_kind(previous: Version | None, version: Version) -> ChangeKind:
    """What ``version`` changed from the one before it.

    >>> v1 = Version("pr-end", 1, datetime.date(2026, 1, 1), "Fin", "À 12 points.", "End",
    ...              "At 12 points.", 1)
    >>> change_kind(None, v1)
    <ChangeKind.NEW: 'new'>
    >>> import dataclasses
    >>> change_kind(v1, dataclasses.replace(v1, number=2, fr="À 14 points.", en="At 14 points."))
    <ChangeKind.NUMBER: 'number'>
    >>> change_kind(v1, dataclasses.replace(v1, number=2, en="When a player has 12 points."))
    <ChangeKind.WORDING: 'wording'>
    """
    if previous is None:
        return ChangeKind.NEW
    if version.retired:
        return ChangeKind.RETIRED
    if version.renamed_from:
        return ChangeKind.RENAMED
    return ChangeKind.NUMBER if _numbers(previous) != _numbers(version) else ChangeKind.WORDING


def _numbers(version: Version) -> tuple[list[str], list[str]]:
    return number_atoms(version.fr, "fr"), number_atoms(version.en, "en")


def game_changes(book: Book, game: Game) -> list[Change]:
    if game.history is None:
        return []
    first = first_edition(game)
    renamed = {v.renamed_from: v.rule for v in game.history.versions if v.renamed_from}
    changes = []
    for rule_id, versions in game.history.by_rule.items():
        current = rule_id
        while current in renamed and current not in book.entries:
            current = renamed[current]
        previous = None
        if versions[0].renamed_from:
            older = game.history.of(versions[0].renamed_from)
            previous = older[-1] if older else None
        for version in versions:
            if not (version.number == 1 and version.date == first):
                kind = change_kind(previous, version)
                changes.append(Change(game, version, previous, kind, current))
            previous = version
    return changes


def book_changes(book: Book) -> list[Change]:
    """Every change of the book, newest first (then in the book's order)."""
    changes = [change for game in book.games for change in game_changes(book, game)]
    return sorted(changes, key=lambda c: c.date, reverse=True)
