"""The machine-readable book, ``rules.json``: every rule with its text in both languages, its
current version, its absolute links, its code and its places in the files.

A public interface: a forum bot or another site quotes a rule from it. Its shape is the JSON
Schema beside this module (``rules.schema.json``, published beside the file), which a test
holds the export of the real book to; a field added or changed here is added or changed there
too, and ``FORMAT`` goes up when a reader's code would break. Every link comes from the site's
own address functions (``rulebook/addresses.py``) and its one public address, ``RULEBOOK_BASE_URL``.
"""

import datetime
import json
from importlib import resources
from typing import Any

from rulebook.addresses import ADDRESSES, page_url, short_url
from rulebook.book import Book
from rulebook.book.entries import Entry
from rulebook.book.model import Rule, RulesFile
from rulebook.outputs.cite import quote_body
from rulebook.text.prose import plain_text

FORMAT = 1  # raised when a field goes away or changes meaning
FILE = "rules.json"
SCHEMA_FILE = "rules.schema.json"  # in this package, and published beside rules.json


def schema() -> dict[str, Any]:
    """The JSON Schema of ``rules.json`` (draft 2020-12)."""
    text = resources.files("rulebook.outputs").joinpath(SCHEMA_FILE).read_text(encoding="utf-8")
    found: dict[str, Any] = json.loads(text)
    return found


def export_rules(book: Book, base: str | None = None) -> dict[str, Any]:
    """The book as data; ``base`` None: the configured public address."""
    base = ADDRESSES.base_url if base is None else base
    return {
        "$schema": f"{base}{SCHEMA_FILE}",
        "format": FORMAT,
        "base_url": base,
        "generated": generated(book),
        "rules": [export_entry(book, entry, base) for entry in book.entries.values()],
    }


def generated(book: Book) -> str | None:
    """The date of the book's newest published version, so that the file is the same each
    time the same book is built (the wall clock would change it every build); None before
    the first ``rulebook publish``."""
    dates = [v.date for g in book.games if g.history for v in g.history.versions]
    return max(dates).isoformat() if dates else None


def export_entry(book: Book, entry: Entry, base: str) -> dict[str, Any]:
    game, fr, en = entry.game, entry.fr, entry.en
    number = len(entry.versions) or None
    version: dict[str, Any] | None = None
    if number is not None:
        date: datetime.date = entry.versions[-1].date
        link = short_url(entry.id, base, version=number)
        version = {"number": number, "date": date.isoformat(), "link": link}
    return {
        "id": entry.id,
        "game": game.slug,
        "kind": fr.kind,
        "version": version,
        "short_link": short_url(entry.id, base),
        "fr": in_language(book, entry, fr, game.fr, base, number),
        "en": in_language(book, entry, en, game.en, base, number) if en and game.en else None,
        "code": [f"{game.module}.{name}" for name in fr.code],
        "no_code": fr.no_code,
        "original_lines": list(fr.original),
    }


def in_language(
    book: Book, entry: Entry, rule: Rule, rules_file: RulesFile, base: str, version: int | None
) -> dict[str, Any]:
    """The rule in one language: its words, where to read and link it, where it is written."""
    slug, lang = entry.game.slug, rule.lang
    return {
        "title": rule.title,
        "game_title": rules_file.title,
        "markdown": quote_body(rule, "markdown"),  # what `rulebook cite --format markdown` quotes
        "plain": plain_text(rule),  # what `rulebook show` prints
        "short_link": short_url(entry.id, base, lang),
        "version_link": short_url(entry.id, base, lang, version) if version else None,
        "page": page_url(entry.id, slug, lang, base),
        "url": page_url(entry.id, slug, lang, base=""),
        "path": rule.path.relative_to(book.root).as_posix(),
        "line_start": rule.line_start,
        "line_end": rule.line_end,
    }


def export_json(book: Book, base: str | None = None) -> str:
    """``rules.json`` as written: what ``rulebook rules --json`` prints and the site publishes.

    Data, not markup: ``<``, ``>`` and ``&`` are written as ``\\u003c``, ``\\u003e`` and
    ``\\u0026``, so a page that pastes the file into a ``<script>`` or ``innerHTML`` finds no
    tag or entity in it; JSON readers decode the same strings.
    """
    return as_data(export_rules(book, base))


def schema_json(base: str | None = None) -> str:
    """The schema as published beside ``rules.json``, named by its public address (and
    escaped as the file is)."""
    base = ADDRESSES.base_url if base is None else base
    found = schema()
    named = {"$schema": found.pop("$schema"), "$id": f"{base}{SCHEMA_FILE}", **found}
    return as_data(named)


def as_data(value: object) -> str:
    """JSON with no ``<``, ``>`` or ``&``: a JSON escape in their place.

    >>> print(as_data({"title": "<b>&</b>"}), end="")
    {
     "title": "\\u003cb\\u003e\\u0026\\u003c/b\\u003e"
    }
    """
    text = json.dumps(value, ensure_ascii=False, indent=1)
    for char in "<>&":
        text = text.replace(char, f"\\u{ord(char):04x}")
    return text + "\n"
