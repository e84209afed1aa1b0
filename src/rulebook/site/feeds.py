"""The Atom feed of the changes, one per language (``<lang>/changes.atom``): an entry per
rule changed since its game's first edition, newest first, linking to the change.

Written with the standard library's ElementTree: it escapes every text it is given, so a
rule's title stays text in any feed reader.
"""

import datetime
import xml.etree.ElementTree as ET
from pathlib import Path

from rulebook.addresses import short_url
from rulebook.book import Book
from rulebook.book.files import write_whole
from rulebook.language import LANGUAGES, Lang, punctuation, text
from rulebook.outputs.changes import book_changes, first_edition

ATOM = "http://www.w3.org/2005/Atom"


def stamp(day: datetime.date) -> str:
    return f"{day.isoformat()}T00:00:00Z"


def feed(book: Book, lang: Lang, base: str) -> str:
    ET.register_namespace("", ATOM)
    root = ET.Element(f"{{{ATOM}}}feed", {"xml:lang": lang})
    changes = book_changes(book)
    page = f"{base}{lang}/changes.html"
    editions = [d for g in book.games if (d := first_edition(g)) is not None]
    updated = max([c.date for c in changes] + editions, default=datetime.date(2026, 1, 1))
    for tag, value in (
        ("id", f"{base}{lang}/changes.atom"),
        ("title", f"{text(lang, 'site_title')} · {text(lang, 'changes_title')}"),
        ("updated", stamp(updated)),
    ):
        ET.SubElement(root, f"{{{ATOM}}}{tag}").text = value
    ET.SubElement(root, f"{{{ATOM}}}link", {"rel": "alternate", "href": page})
    ET.SubElement(root, f"{{{ATOM}}}link", {"rel": "self", "href": f"{base}{lang}/changes.atom"})
    ET.SubElement(ET.SubElement(root, f"{{{ATOM}}}author"), f"{{{ATOM}}}name").text = text(
        lang, "site_title"
    )
    for change in changes:
        version = change.version
        entry = ET.SubElement(root, f"{{{ATOM}}}entry")
        kind = text(lang, f"kind.{change.kind}")
        title = f"{change.title(lang)} ({version.rule}){punctuation(lang, ':')} {kind}"
        link = f"{base}{lang}/{change.game.slug}.html#{change.anchor()}"
        ET.SubElement(entry, f"{{{ATOM}}}id").text = short_url(
            version.rule, base, lang, version.number
        )
        ET.SubElement(entry, f"{{{ATOM}}}title").text = title
        ET.SubElement(entry, f"{{{ATOM}}}updated").text = stamp(change.date)
        ET.SubElement(entry, f"{{{ATOM}}}link", {"rel": "alternate", "href": link})
        ET.SubElement(
            entry, f"{{{ATOM}}}summary"
        ).text = (
            f"{text(lang, 'changed_on').format(date=change.date.isoformat(), n=version.number)}"
        )
    ET.indent(root)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, encoding="unicode")


def write_feeds(book: Book, out: Path, base: str) -> None:
    for lang in LANGUAGES:
        write_whole(out / lang / "changes.atom", feed(book, lang, base) + "\n")
