"""Each rule's published versions (``rules_fr/<game>.history.toml``), written by ``rulebook
publish`` and read here: the text of each version in both languages, with its date.

A version's number is its place among the rule's records, from 1; a rule renamed carries its
versions under its new ID, the renaming recorded on the version it starts. A checkout
without the file still builds: its rules are simply not versioned yet (the check says so).
"""

import datetime
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING

from rulebook.book.model import Game, History, Version
from rulebook.book.names import ID_SHAPE, is_rule_id
from rulebook.book.registers import load_toml, records, string, value_line
from rulebook.errors import BookError
from rulebook.text.numerals import number_atoms

if TYPE_CHECKING:
    from rulebook.book import Book
    from rulebook.book.entries import Entry

KEYS = ("rule", "date", "fr_title", "fr", "en_title", "en", "renamed_from", "retired")


class ChangeKind(StrEnum):
    """What a version changed, as the changes page and feed name it."""

    NEW = "new"  # the rule's first version
    WORDING = "wording"  # the words, not the numbers
    NUMBER = "number"  # a number of the rule (a quantity, a threshold…)
    RENAMED = "renamed"  # a new ID (and perhaps new words)
    RETIRED = "retired"  # the rule left the book


def history_path(root: Path, slug: str) -> Path:
    return root / "rules_fr" / f"{slug}.history.toml"


def load_history(path: Path) -> History:
    """The versions recorded for a game; a wrong record is a ``BookError`` at its line."""
    text, data = load_toml(path)
    unknown = sorted(set(data) - {"version"})
    if unknown:
        raise BookError(path, 1, f"unknown table {unknown[0]!r}: the file holds [[version]] tables")
    versions: list[Version] = []
    counts: dict[str, int] = {}
    for item, line in records(path, text, data, "version", KEYS):
        rule_id = string(path, item, "rule", line, text=text)
        date = item.get("date")
        if not isinstance(date, datetime.date) or isinstance(date, datetime.datetime):
            at = value_line(text, "date", line)
            raise BookError(path, at, "`date` must be a date without quotes: date = 2026-11-24")
        retired = item.get("retired", False)
        if not isinstance(retired, bool):
            raise BookError(
                path, value_line(text, "retired", line), "`retired` must be true or false"
            )
        fields = {key: string(path, item, key, line, text=text) for key in KEYS[2:7]}
        for key, name in (("rule", rule_id), ("renamed_from", fields["renamed_from"])):
            if name and not is_rule_id(name):
                at = value_line(text, key, line)
                raise BookError(path, at, f"`{key}` {name!r} is not a rule ID: {ID_SHAPE}")
        # A renamed rule goes on counting from its old ID's versions.
        counts[rule_id] = counts.get(rule_id, counts.get(fields["renamed_from"], 0)) + 1
        versions.append(
            Version(rule_id, counts[rule_id], date, line=line, retired=retired, **fields)
        )
    return History(path, tuple(versions))


def lineage(
    history: History, rule_id: str, seen: frozenset[str] = frozenset()
) -> tuple[Version, ...]:
    """A rule's versions, oldest first, those under the IDs it was renamed from included."""
    own = history.of(rule_id)
    old = own[0].renamed_from if own else ""
    if old and old not in seen | {rule_id}:
        return lineage(history, old, seen | {rule_id}) + own
    return own


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


@dataclass(frozen=True)
class Snapshot:
    """A rule's text now, in both languages, as a version records it."""

    fr_title: str
    fr: str
    en_title: str
    en: str

    @classmethod
    def of(cls, entry: "Entry") -> "Snapshot":
        en = entry.en
        return cls(entry.fr.title, entry.fr.body, en.title if en else "", en.body if en else "")

    @classmethod
    def of_version(cls, version: Version) -> "Snapshot":
        return cls(version.fr_title, version.fr, version.en_title, version.en)


def renamed_from(book: "Book", entry: "Entry") -> str:
    """The old ID this rule had, when the registry keeps it as an alias of this one and its
    versions are recorded under it."""
    if book.published is None or entry.game.history is None:
        return ""
    for old, (new, _) in book.published.aliases.items():
        if new == entry.id and entry.game.history.of(old):
            return old
    return ""


def unrecorded(book: "Book", game: Game) -> "list[tuple[Entry, str]]":
    """The rules of a game whose text is not their last recorded version, each with the
    ID it was renamed from ("" when it was not)."""
    found = []
    for entry in book.entries_in(game):
        last = entry.versions[-1] if entry.versions else None
        if last is not None and Snapshot.of_version(last) == Snapshot.of(entry):
            continue
        found.append((entry, "" if entry.versions else renamed_from(book, entry)))
    return found
