"""The ``{side-by-side}`` directive (``side_by_side.py``): each rule's original lines, cleaned
French and English next to each other, the quoted and corrected words marked."""

import html

import pytest

from tests.small_book import GAME, SmallSite, assert_snapshot, element


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_side_by_side_page_shows_original_french_and_english_with_marks(
    small_site: SmallSite, lang: str
) -> None:
    page = small_site.page(lang, f"side-by-side/{GAME}.html")
    row = html.unescape(page[page.index('id="pr-name"') :])
    row = row[: row.index('class="rb-sbs ', 20)]
    assert '<span class="rb-was">comme ville de base</span>' in row
    # Quoted text is shown as the file writes it, straight apostrophe included.
    assert '<span class="rb-now">comme port d\'attache</span>' in row
    assert "Morgan is named after Henry Morgan" in row
    said = "A pirate’s “home base”" if lang == "en" else "«\u00a0Home base\u00a0» d’un pirate"
    assert said in row
    assert_snapshot(f"side_by_side/pr-name.{lang}.html", element(page, 'id="pr-name"'))
