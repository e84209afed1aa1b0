"""The ``{player-aid}`` directive (``player_aid.py``): the rules the editors mark ``:aid:``,
under the game page's headings, each titled with its ID; its page in the contents and out of
the search. How it prints: tests/test_print_view.py and tests/test_pdf.py (the whole site)."""

import json

import pytest

from rulebook.language import punctuation
from tests.small_book import GAME, GAMES, SmallSite, SmallSites, assert_snapshot, element


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_aid_page_is_in_the_contents_and_out_of_the_search(
    small_sites: SmallSites, lang: str
) -> None:
    for slug in GAMES:
        site = small_sites(slug)
        home = site.page(lang, "index.html")
        raw = site.page(lang, "searchindex.js")
        index = json.loads(raw[raw.index("(") + 1 : raw.rindex(")")])
        assert f'href="aid/{slug}.html"' in home, slug
        page = site.page(lang, f"aid/{slug}.html")
        assert 'class="rb-aid' in page
        number = index["docnames"].index(f"aid/{slug}")
        indexed = [
            word
            for word, docs in index["terms"].items()
            if number == docs or (isinstance(docs, list) and number in docs)
        ]
        assert indexed == [], "the search finds each rule on its game's page, once"


def test_each_table_of_the_aid_is_named_for_its_rule(small_site: SmallSite) -> None:
    page = small_site.page("fr", f"aid/{GAME}.html")
    for title in ("Tableau des points de Morgan", "Tableau des trésors et missions"):
        assert f'aria-label="Tableau{punctuation("fr", ":")} {title}"' in page


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_an_aid_rule_is_its_title_its_id_and_its_text(small_site: SmallSite, lang: str) -> None:
    page = small_site.page(lang, f"aid/{GAME}.html")
    first = element(page, '<div class="rb-aid-rule')
    assert f'href="../{GAME}.html#pr-you-active"' in first
    assert_snapshot(f"player_aid/pr-you-active.{lang}.html", first)
