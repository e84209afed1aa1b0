"""The rules whose text is not their last recorded version: what ``rulebook publish`` records
next (``outputs/versions.py``) and the history check reports. A rule's text, in both
languages, is compared as a version records it (``Snapshot``).
"""

from dataclasses import dataclass

from rulebook.book.entries import Entry
from rulebook.book.load import Book
from rulebook.book.model import Game, Version


@dataclass(frozen=True)
class Snapshot:
    """A rule's text now, in both languages, as a version records it."""

    fr_title: str
    fr: str
    en_title: str
    en: str

    @classmethod
    def of(cls, entry: Entry) -> "Snapshot":
        en = entry.en
        return cls(entry.fr.title, entry.fr.body, en.title if en else "", en.body if en else "")

    @classmethod
    def of_version(cls, version: Version) -> "Snapshot":
        return cls(version.fr_title, version.fr, version.en_title, version.en)


def renamed_from(book: Book, entry: Entry) -> str:
    """The old ID this rule had, when the registry keeps it as an alias of this one and its
    versions are recorded under it."""
    if book.published is None or entry.game.history is None:
        return ""
    for old, (new, _) in book.published.aliases.items():
        if new == entry.id and entry.game.history.of(old):
            return old
    return ""


def unrecorded(book: Book, game: Game) -> list[tuple[Entry, str]]:
    """The rules of a game whose text is not their last recorded version, each with the
    ID it was renamed from ("" when it was not)."""
    found = []
    for entry in book.entries_in(game):
        last = entry.versions[-1] if entry.versions else None
        if last is not None and Snapshot.of_version(last) == Snapshot.of(entry):
            continue
        found.append((entry, "" if entry.versions else renamed_from(book, entry)))
    return found
