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
            if was is None:
                yield Problem(
                    en.path,
                    en.line_start,
                    en.id,
                    f"no record of the French version this translates: check the "
                    f"translation, then run `rulebook translated {en.id}`",
                )
            elif was != now:
                yield Problem(
                    en.path,
                    en.line_start,
                    en.id,
                    f"stale translation: the French rule changed since it was "
                    f"translated (French now {now}, translated {was}) at "
                    f"{fr.path.name}:{fr.line_start}; update the English, then run "
                    f"`rulebook translated {en.id}`",
                )
