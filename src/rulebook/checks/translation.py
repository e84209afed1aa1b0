"""Translations checked: an English rule must translate the French rule as it is now, and
be the English that was checked against it."""

from collections.abc import Iterator

from rulebook.book import Book
from rulebook.book.entries import Translation
from rulebook.book.model import Problem
from rulebook.book.translation_state import digest, recorded


def check(book: Book) -> Iterator[Problem]:
    for entry in book.entries.values():
        fr, en = entry.fr, entry.en
        if en is not None:
            found = entry.translation
            was_fr, was_en = recorded(en)
            where = f"{fr.path.parent.name}/{fr.path.name}:{fr.line_start}"
            if found == Translation.UNRECORDED:
                yield Problem(
                    en.path,
                    en.line_start,
                    en.id,
                    "no record of the French version this translates",
                    fix=f"check the translation, then run {book.command(f'translated {en.id}')}",
                )
            elif found == Translation.STALE:
                yield Problem(
                    en.path,
                    en.line_start,
                    en.id,
                    f"stale translation: the French rule changed since it was translated "
                    f"(French now {digest(fr)}, translated {was_fr})",
                    fr=where,
                    fix=f"update the English rule, then run {book.command(f'translated {en.id}')}",
                )
            elif found == Translation.UNCHECKED:
                yield Problem(
                    en.path,
                    en.line_start,
                    en.id,
                    f"the English changed since its translation was checked "
                    f"(English now {digest(en)}, checked {was_en or 'never'})",
                    fr=where,
                    fix="check the English against the French rule, then run "
                    f"{book.command(f'translated {en.id}')}",
                )
