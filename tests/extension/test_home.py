"""The home page's lists (``home.py``): ``{game-list}``, the games (and, in the site's
contents, the pages its ``:also:`` names); ``{review-list}``, the proof-readers' pages;
``{source-credits}``, who wrote and translated each source."""

import re

import pytest

from rulebook.book import load_book
from tests.small_book import GAME, NEEDS_PYODIDE, SmallSite, assert_snapshot, element


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_each_language_has_a_home_a_game_page_and_a_corrections_page(
    small_site: SmallSite, lang: str
) -> None:
    for page in (
        "index.html",
        f"{GAME}.html",
        f"corrections/{GAME}.html",
        "search.html",
        "searchindex.js",
    ):
        assert (small_site.html(lang) / page).exists(), f"{lang}/{page} is missing"
    home = small_site.page(lang, "index.html")
    assert f'href="{GAME}.html"' in home
    assert re.search(rf'<html[^>]* lang="{lang}"', home)


@NEEDS_PYODIDE  # the link to each companion
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_home_lists_the_games_the_review_pages_and_the_sources(
    small_site: SmallSite, lang: str
) -> None:
    home = small_site.page(lang, "index.html")
    start = home.index('<p class="rb-review-group">')  # two lists, each under its heading
    review = home[start : home.index("</ul>", home.rindex("rb-review-group")) + 5]
    lists = [element(home, "rb-games"), review, element(home, "rb-source-credits")]
    assert f'href="{GAME}.html"' in lists[0] and f'href="{GAME}.html"' in lists[2]
    assert_snapshot(f"home/lists.{lang}.html", "\n\n".join(lists))


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_sites_contents_list_every_game_of_the_book_then_the_changes(
    small_site: SmallSite, lang: str
) -> None:
    page = small_site.page(lang, "index.html")
    contents = page[page.index('class="sidebar-tree"') :]
    contents = contents[: contents.index("</ul>")]
    games = re.findall(r'href="([^"/]+)\.html"', contents)
    assert games == [*(game.slug for game in load_book(small_site.root).games), "changes"]
    assert ("Les variantes" if lang == "fr" else "The variants") in contents
