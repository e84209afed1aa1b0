"""The ``{credits}`` directive (``credits.py``, ``print_parts.py``): who wrote and translated
the variant, the links for the table and to the print edition (only where the site prints
it), and what only paper shows (the page's QR code)."""

import re

import pytest

from rulebook.language import text as ui_text
from tests.small_book import GAME, NEEDS_PYODIDE, SmallSite, SmallSites, assert_snapshot, element


def text_of(page: str) -> str:
    return re.sub(r"<[^>]+>", "", page)


def credits_of(page: str) -> str:
    """The credits' HTML, the QR code's drawing left out (its path is no reading)."""
    return re.sub(r'(<path class="qrline"[^>]* d=")[^"]*"', r'\1…"', element(page, "rb-credits"))


@NEEDS_PYODIDE  # the link to the companion
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_credits_are_the_sources_then_the_links_for_the_table_and_to_print(
    small_site: SmallSite, lang: str
) -> None:
    shown = credits_of(small_site.page(lang, f"{GAME}.html"))
    assert '<figure class="rb-print-only rb-qr">' in shown
    assert_snapshot(f"credits/{GAME}.{lang}.html", shown)


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("fr", ["Par Anke Logtenberg", "traducteur non nommé", "Registre des corrections"]),
        ("en", ["By Anke Logtenberg", "translator not named", "Corrections register"]),
    ],
)
def test_the_credits_stay_visible_on_the_game_page(
    small_site: SmallSite, lang: str, words: list[str]
) -> None:
    page = text_of(small_site.page(lang, f"{GAME}.html"))
    for word in words:
        assert word in page


def test_a_site_built_without_pdfs_links_to_none(
    small_site: SmallSite, small_sites: SmallSites
) -> None:
    """``rulebook_pdf`` off, as `rulebook site` builds where Chromium is missing
    (tests/test_pdf.py: no PDF is printed then): the game page and the aid link to no PDF."""
    printed = small_site.page("fr", f"{GAME}.html")
    assert f"pdf/{GAME}.pdf" in printed  # the same page, as published: the check can fail
    unprinted = small_sites(GAME, rulebook_pdf=0)
    for lang in ("fr", "en"):
        for page in (f"{GAME}.html", f"aid/{GAME}.html"):
            shown = unprinted.page(lang, page)
            assert ".pdf" not in shown and ui_text(lang, "aid_print") not in shown, (lang, page)
    assert "Registre des corrections" in unprinted.page("fr", f"{GAME}.html")
