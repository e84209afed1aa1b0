"""The machine-readable book: every rule with its titles, code, places and URLs."""

from typing import Any

from rulebook.book import Book


def page_url(lang: str, game: str, rule_id: str) -> str:
    """Where a rule is on the site, relative to the site root.

    >>> page_url("fr", "port-royal-morgan", "pr-end")
    'fr/port-royal-morgan.html#pr-end'
    """
    return f"{lang}/{game}.html#{rule_id}"


def export_rules(book: Book) -> list[dict[str, Any]]:
    records = []
    for game in book.games:
        english = {r.id: r for r in game.en.rules} if game.en else {}
        for fr in game.fr.rules:
            en = english.get(fr.id)
            records.append(
                {
                    "id": fr.id,
                    "game": game.slug,
                    "title_fr": fr.title,
                    "title_en": en.title if en else None,
                    "code": [f"{game.module}.{name}" for name in fr.code],
                    "no_code": fr.no_code,
                    "fr": place(book, fr.path, fr.line_start, fr.line_end),
                    "en": place(book, en.path, en.line_start, en.line_end) if en else None,
                    "original_lines": list(fr.original),
                    "url_fr": page_url("fr", game.slug, fr.id),
                    "url_en": page_url("en", game.slug, fr.id),
                }
            )
    return records


def place(book: Book, path: Any, start: int, end: int) -> dict[str, Any]:
    return {"path": str(path.relative_to(book.root)), "line_start": start, "line_end": end}
