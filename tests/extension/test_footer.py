"""The footer of every page (``footer.py``): on a game's pages, who wrote and translated its
source, from its provenance record; elsewhere, a pointer to the credits; then the licence."""

import pytest

from tests.small_book import GAME, SmallSite, assert_snapshot, element


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_game_page_names_its_source_and_another_page_points_to_the_credits(
    small_site: SmallSite, lang: str
) -> None:
    game = element(small_site.page(lang, f"{GAME}.html"), '<div class="rb-footer"')
    other = element(small_site.page(lang, "glossary.html"), '<div class="rb-footer"')
    assert "Anke Logtenberg" in game and "Anke Logtenberg" not in other
    assert 'href="index.html#credits"' in other
    assert_snapshot(f"footer/{GAME}.{lang}.html", game)
    assert_snapshot(f"footer/glossary.{lang}.html", other)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_home_pages_own_footer_points_to_its_credits_section(
    small_site: SmallSite, lang: str
) -> None:
    """On the home page itself the link is the section's anchor alone, not "##credits"."""
    home = element(small_site.page(lang, "index.html"), '<div class="rb-footer"')
    assert 'href="#credits"' in home and "##" not in home
