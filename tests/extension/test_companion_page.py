"""The ``{companion}`` directive (``companion_page.py``): the frame the companion's script
draws in, its words in the page's language, the book's code named by the build (never by the
page). Playing it is tests/test_companions.py's, in a browser, on the whole site."""

import pytest

from rulebook.book.model import Game
from rulebook.checks.style import SHARED_HEADINGS
from tests.conftest import book_games
from tests.small_book import GAME, NEEDS_PYODIDE, SmallSite, SmallSites, assert_snapshot, element


@NEEDS_PYODIDE
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_companion_page_holds_its_frame_and_its_words(small_site: SmallSite, lang: str) -> None:
    page = small_site.page(lang, f"companion/{GAME}.html")
    frame = element(page, '<div class="rb-companion"')
    assert 'data-module="rulebook.companions.port_royal"' in frame
    assert_snapshot(f"companion_page/{GAME}.{lang}.html", frame)


# Where a game's rules lay out its set-up: under « Mise en place », or, in a game whose rules
# have none (Catan: the dice game), under « Matériel » (docs/style.md, "Headings every game
# shares"). The French file's, as the IDs are the same in both languages.
SET_UP_HEADINGS = ("Mise en place", "Matériel")


def first_set_up_rule(game: Game) -> str:
    """The rule a player sets the game up from: the first under the first set-up heading
    the game's rules have."""
    for heading in SET_UP_HEADINGS:
        under = [rule.id for rule in game.fr.rules if rule.heading == heading]
        if under:
            return under[0]
    raise AssertionError(f"{game.slug}: no rule stands under {' or '.join(SET_UP_HEADINGS)}")


def test_the_set_up_headings_are_ones_every_game_shares() -> None:
    assert set(SET_UP_HEADINGS) <= set(SHARED_HEADINGS["fr"].values())


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("game", book_games(), ids=lambda game: game.slug)
def test_every_companion_page_sends_the_player_to_the_set_up_in_the_rules(
    small_sites: SmallSites, game: Game, lang: str
) -> None:
    """The companion gives only what the variant changes; the rest of the set-up (the base
    game's) is in the rules, which the page must link to, at the rule's ID (the anchor that
    stays when the page moves), above the companion, so that it is read before the first tap."""
    page = small_sites(game.slug).page(lang, f"companion/{game.slug}.html")
    article = element(page, 'id="furo-main-content"')
    href = f'href="../{game.slug}.html#{first_set_up_rule(game)}"'
    assert href in article, f"{game.slug} ({lang}): no link {href} in the page's text"
    frame = article.find('<div class="rb-companion"')  # absent without Pyodide
    assert frame == -1 or article.index(href) < frame, f"{href} comes after the companion"
