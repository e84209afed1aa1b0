"""Translations checked: an English rule must translate the French rule as it is now, and
be the English that was checked against it; a title, heading or text still holding the
placeholder `rulebook new` wrote is not translated, whatever was recorded."""

from collections.abc import Iterator

from rulebook.book import Book
from rulebook.book.entries import Translation
from rulebook.book.model import Problem
from rulebook.book.translates import digest, recorded
from rulebook.book.translation_state import UNTRANSLATED, untranslated
from rulebook.checks.registry import register


@register("translation", "update the English rule, then run `rulebook translated RULE-ID`")
def check(book: Book) -> Iterator[Problem]:
    yield from check_headings(book)
    for entry in book.entries.values():
        fr, en = entry.fr, entry.en
        if en is not None:
            found = entry.translation
            was_fr, was_en = recorded(en)
            where = f"{fr.path.parent.name}/{fr.path.name}:{fr.line_start}"
            if untranslated(en):
                yield Problem.at(
                    en,
                    f"not translated yet: the English still holds the placeholder "
                    f"{UNTRANSLATED!r} that `rulebook new` wrote",
                    fr=where,
                    fix="translate the French rule's title and text in its place, then run "
                    f"{book.command(f'translated {en.id}')}",
                )
            elif found == Translation.UNRECORDED:
                yield Problem.at(
                    en,
                    "no record of the French version this translates",
                    fix=f"check the translation, then run {book.command(f'translated {en.id}')}",
                )
            elif found == Translation.STALE:
                yield Problem.at(
                    en,
                    f"stale translation: the French rule changed since it was translated "
                    f"(French now {digest(fr)}, translated {was_fr})",
                    fr=where,
                    fix=f"update the English rule, then run {book.command(f'translated {en.id}')}",
                )
            elif found == Translation.UNCHECKED:
                yield Problem.at(
                    en,
                    f"the English changed since its translation was checked "
                    f"(English now {digest(en)}, checked {was_en or 'never'})",
                    fr=where,
                    fix="check the English against the French rule, then run "
                    f"{book.command(f'translated {en.id}')}",
                )


def check_headings(book: Book) -> Iterator[Problem]:
    """An English heading still holding the placeholder, named with the rule it heads."""
    for game in book.games:
        if game.en is None:
            continue
        for heading in game.en.headings:
            if UNTRANSLATED not in heading.what:
                continue
            headed = game.en.rule_after(heading.line)
            yield Problem(
                heading.path,
                heading.line,
                headed.id if headed else game.slug,
                f"heading not translated yet: it still holds the placeholder {UNTRANSLATED!r}",
                fix="translate the French heading above the same rule",
            )
