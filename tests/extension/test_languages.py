"""Each page and its languages (``languages.py``): the switch to the same page in the other
language, the ``hreflang`` alternates and the canonical link (absolute, from the site's
public address), the link previews' words; and each language's own search index."""

import re

import pytest

from rulebook.site.config import CONFIG
from tests.small_book import GAME, SmallSite, assert_snapshot

PAGES = ["index.html", f"{GAME}.html", f"corrections/{GAME}.html"]


@pytest.mark.parametrize(("lang", "other"), [("fr", "en"), ("en", "fr")])
def test_every_page_links_to_the_same_page_in_the_other_language(
    small_site: SmallSite, lang: str, other: str
) -> None:
    for page in PAGES:
        shown = small_site.page(lang, page)
        up = "../" * (page.count("/") + 1)
        assert f'class="rb-lang-switch" href="{up}{other}/{page}"' in shown
        alternate = f"{CONFIG.base_url}{other}/{page}"  # absolute: search engines want it so
        assert f'<link rel="alternate" hreflang="{other}" href="{alternate}">' in shown


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_game_page_names_its_languages_its_address_and_its_preview(
    small_site: SmallSite, lang: str
) -> None:
    """The head's links and the preview's words of a game page, as a snapshot."""
    page = small_site.page(lang, f"{GAME}.html")
    head = page[: page.index("</head>")]
    links = r'<link rel="(?:canonical|alternate)"[^>]*>'
    said = re.findall(rf'{links}|<meta (?:property="og:|name="description")[^>]*>', head)
    assert [s for s in said if "canonical" in s] and len([s for s in said if "hreflang" in s]) == 3
    assert_snapshot(f"languages/head.{lang}.html", "\n".join(said))


@pytest.mark.parametrize(("lang", "term"), [("fr", "subit"), ("en", "sudden")])
def test_each_language_has_its_own_search_index(
    small_site: SmallSite, lang: str, term: str
) -> None:
    index = small_site.page(lang, "searchindex.js")
    assert f'"{term}' in index
