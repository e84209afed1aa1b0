"""Versions: every rule's text, in both languages, is its last recorded version, so that a
quote's version names the words it quotes (``rulebook publish`` records a new one)."""

from collections.abc import Iterator

from rulebook.book import Book
from rulebook.book.entries import Entry
from rulebook.book.model import Problem
from rulebook.book.unrecorded import Snapshot, unrecorded
from rulebook.checks.registry import register


@register(
    "history",
    "when the change is meant, both languages done, run `rulebook publish` (it records the "
    "version with today's date)",
)
def check(book: Book) -> Iterator[Problem]:
    for game in book.games:
        for entry, old in unrecorded(book, game):
            rule = entry.fr
            if entry.versions:
                last = entry.versions[-1]
                said = (
                    f"changed since its version {last.number} ({last.date.isoformat()}): "
                    f"record version {last.number + 1}"
                )
                if english_only(entry):  # named where the change is, not at the French rule
                    rule, said = entry.en or rule, f"the English {said}"
            elif old:
                said = f"renamed from {old}: record the renaming"
            else:
                said = "no version recorded: record its first"
            yield Problem.at(rule, said)


def english_only(entry: Entry) -> bool:
    """Whether only the English title or text differs from the rule's last version."""
    now, last = Snapshot.of(entry), Snapshot.of_version(entry.versions[-1])
    return (now.fr_title, now.fr) == (last.fr_title, last.fr)
