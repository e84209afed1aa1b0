"""Versions: every rule's text, in both languages, is its last recorded version, so that a
quote's version names the words it quotes (``rulebook publish`` records a new one)."""

from collections.abc import Iterator

from rulebook.book import Book
from rulebook.book.history import unrecorded
from rulebook.book.model import Problem


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
            elif old:
                said = f"renamed from {old}: record the renaming"
            else:
                said = "no version recorded: record its first"
            yield Problem(rule.path, rule.line_start, rule.id, said)
