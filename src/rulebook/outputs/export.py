"""The machine-readable book: every rule with its titles, code, places and URLs."""

from typing import Any

from rulebook.book import Book
from rulebook.book.entries import Entry
from rulebook.site.urls import page_url


def export_rules(book: Book) -> list[dict[str, Any]]:
    return [export_entry(book, entry) for entry in book.entries.values()]


def export_entry(book: Book, entry: Entry) -> dict[str, Any]:
    game, fr, en = entry.game, entry.fr, entry.en
    return {
        "id": fr.id,
        "game": game.slug,
        "title_fr": fr.title,
        "title_en": en.title if en else None,
        "code": [f"{game.module}.{name}" for name in fr.code],
        "no_code": fr.no_code,
        "fr": place(book, fr.path, fr.line_start, fr.line_end),
        "en": place(book, en.path, en.line_start, en.line_end) if en else None,
        "original_lines": list(fr.original),
        "url_fr": page_url(fr.id, game.slug, "fr", base=""),
        "url_en": page_url(fr.id, game.slug, "en", base=""),
    }


def place(book: Book, path: Any, start: int, end: int) -> dict[str, Any]:
    return {"path": str(path.relative_to(book.root)), "line_start": start, "line_end": end}
