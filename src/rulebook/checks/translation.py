"""Translations checked: an English rule must translate the French rule as it is now, and
be the English that was checked against it."""

from collections.abc import Iterator

from rulebook.book import Book
from rulebook.book.model import Problem
from rulebook.book.translation_state import digest, recorded, state


def check(book: Book) -> Iterator[Problem]:
    for game in book.games:
        if game.en is None:
            continue
        french = {r.id: r for r in game.fr.rules}
        for en in game.en.rules:
            fr = french.get(en.id)
            if fr is None:
                continue
            found = state(fr, en)
            was_fr, was_en = recorded(en)
            where = f"{fr.path.parent.name}/{fr.path.name}:{fr.line_start}"
            if found == "unrecorded":
                yield Problem(
                    en.path,
                    en.line_start,
                    en.id,
                    "no record of the French version this translates",
                    fix=f"check the translation, then run `rulebook translated {en.id}`",
                )
            elif found == "stale":
                yield Problem(
                    en.path,
                    en.line_start,
                    en.id,
                    f"stale translation: the French rule changed since it was translated "
                    f"(French now {digest(fr)}, translated {was_fr})",
                    fr=where,
                    fix=f"update the English rule, then run `rulebook translated {en.id}`",
                )
            elif found == "unchecked":
                yield Problem(
                    en.path,
                    en.line_start,
                    en.id,
                    f"the English changed since its translation was checked "
                    f"(English now {digest(en)}, checked {was_en or 'never'})",
                    fr=where,
                    fix="check the English against the French rule, then run "
                    f"`rulebook translated {en.id}`",
                )
