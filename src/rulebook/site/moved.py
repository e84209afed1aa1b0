"""Pages that moved: the old address of each stays, and leads to the new one, so that a
link pasted in a forum keeps working (``fr/morgan-turn.html``, the Morgan's-turn code box,
is now Port Royal's companion)."""

import html
from pathlib import Path

from rulebook.book.files import write_whole
from rulebook.language import LANGUAGES, Lang, text

# Old page (in each language's folder) → where it is now, from that folder.
MOVED = {"morgan-turn.html": "companion/port-royal-morgan.html"}


def moved_page(target: str, lang: Lang) -> str:
    """A page that sends the reader on at once, with a link for a browser that does not."""
    href = html.escape(target, quote=True)
    words = html.escape(text(lang, "moved"))
    return (
        f'<!DOCTYPE html>\n<html lang="{lang}"><head><meta charset="utf-8">'
        f'<meta http-equiv="refresh" content="0; url={href}">'
        f'<link rel="canonical" href="{href}"><meta name="robots" content="noindex">'
        f"<title>{words}</title></head>\n"
        f'<body><p><a href="{href}">{words}</a></p></body></html>\n'
    )


def write_moved_pages(out: Path) -> None:
    for lang in LANGUAGES:
        for old, new in MOVED.items():
            write_whole(out / lang / old, moved_page(new, lang))
