"""Stale translations: an English rule must translate the French rule as it is now."""

from collections.abc import Iterator

from rulebook.book import Book
from rulebook.model import Problem
from rulebook.translation import digest, recorded


def check(book: Book) -> Iterator[Problem]:
    for game in book.games:
        if game.en is None:
            continue
        french = {r.id: r for r in game.fr.rules}
        for en in game.en.rules:
            fr = french.get(en.id)
            if fr is None:
                continue
            was, now = recorded(en), digest(fr)
            fix = f"update the English rule, then run `rulebook translated {en.id}`"
            if was is None:
                yield Problem(
                    en.path,
                    en.line_start,
                    en.id,
                    "no record of the French version this translates",
                    fix=f"check the translation, then run `rulebook translated {en.id}`",
                )
            elif was != now:
                yield Problem(
                    en.path,
                    en.line_start,
                    en.id,
                    f"stale translation: the French rule changed since it was translated "
                    f"(French now {now}, translated {was})",
                    fr=f"{fr.path.name}:{fr.line_start}",
                    fix=fix,
                )
