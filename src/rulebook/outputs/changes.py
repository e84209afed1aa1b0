"""What changed, for everyone: every recorded version of a rule after its game's first
edition, newest first, for the changes page, its Atom feed and ``rulebook changes``.

A game's first edition is the date of its first recorded versions: the rules it had then
are its first edition, not changes (the page says when it was).
"""

import datetime
from dataclasses import dataclass

from rulebook.book import Book
from rulebook.book.history import ChangeKind, change_kind
from rulebook.book.model import Game, Version
from rulebook.site.config import text
from rulebook.site.urls import page_url


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

    def title(self, lang: str) -> str:
        version = self.version
        return (version.en_title if lang == "en" else "") or version.fr_title

    def anchor(self) -> str:
        """Where the change is shown on the game's page: the rule's own history."""
        return f"{self.current_id}--history"


def first_edition(game: Game) -> datetime.date | None:
    dates = [v.date for v in game.history.versions] if game.history else []
    return min(dates, default=None)


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


def change_line(change: Change, lang: str, base: str | None = None) -> str:
    """One change as ``rulebook changes`` prints it: date, rule, kind, title, where to see it."""
    version = change.version
    kind = text(lang, f"kind.{change.kind}")  # the words of the site's changes page
    if change.kind == ChangeKind.RENAMED:
        kind += f" ({version.renamed_from} → {version.rule})"
    url = page_url(change.current_id, change.game.slug, lang, base).split("#")[0]
    return (
        f"{change.date.isoformat()}  {version.rule}  v{version.number}  {kind}  "
        f"{change.title(lang)}  {url}#{change.anchor()}"
    )
