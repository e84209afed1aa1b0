"""The ``{glossary-table}`` directive (``glossary_page.py``): the glossary's term pairs, game
by game, in the page's language, each term's row the target of its links."""

import pytest

from tests.small_book import GAME, SmallSite, assert_snapshot, element


@pytest.mark.parametrize(("lang", "pair"), [("fr", ("navire", "ship")), ("en", ("ship", "navire"))])
def test_the_glossary_page_lists_the_term_pairs(
    small_site: SmallSite, lang: str, pair: tuple[str, str]
) -> None:
    page = small_site.page(lang, "glossary.html")
    assert f"<p>{pair[0]}</p></td>\n<td><p>{pair[1]}</p>" in page
    row = element(page, f'id="term-{GAME}-navire"')
    assert_snapshot(f"glossary_page/navire.{lang}.html", row)
