"""The ``{companion}`` directive (``companion_page.py``): the frame the companion's script
draws in, its words in the page's language, the book's code named by the build (never by the
page). Playing it is tests/test_companions.py's, in a browser, on the whole site."""

import pytest

from tests.small_book import GAME, NEEDS_PYODIDE, SmallSite, assert_snapshot, element


@NEEDS_PYODIDE
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_companion_page_holds_its_frame_and_its_words(small_site: SmallSite, lang: str) -> None:
    page = small_site.page(lang, f"companion/{GAME}.html")
    frame = element(page, '<div class="rb-companion"')
    assert 'data-module="rulebook.companions.port_royal"' in frame
    assert_snapshot(f"companion_page/{GAME}.{lang}.html", frame)
