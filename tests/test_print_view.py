"""The printed pages as Chromium lays them out for paper (print media, the width of an A4
page's body): no control of the site is seen, whatever the page holds; the QR code of a game
page prints square at the top of its first page and only on paper; the player aid holds its
marked rules word for word as the game page shows them, in two columns. The PDFs themselves
are read in tests/test_pdf.py."""

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser

from rulebook.book import load_book
from tests.conftest import PDF_GAME

GAME = PDF_GAME
BOOK = load_book(Path(__file__).resolve().parent.parent)
SLUGS = [game.slug for game in BOOK.games]
LANGS = ("fr", "en")


@pytest.fixture(scope="module")
def site(built_site: Path) -> Path:
    return built_site


AID_RULES = """() => [...document.querySelectorAll('.rb-aid-rule')].map(rule => [
  rule.querySelector('.rb-aid-id').textContent,
  rule.querySelector('.rb-aid-body').innerText.replace(/\\s+/g, ' ').trim(),
  Math.round(rule.getBoundingClientRect().left),
])"""
RULE_BODY = """id => document.getElementById(id).querySelector(':scope > .rb-rule-body')
  .innerText.replace(/\\s+/g, ' ').trim()"""


def aid_layout(browser: Browser, url: str, style: str = "") -> list[list[Any]]:
    """Each rule of an aid page printed on A4 (its body's width): ID, text, left edge."""
    page = browser.new_page(viewport={"width": 673, "height": 1000})
    page.goto(url)
    page.emulate_media(media="print")
    if style:
        page.add_style_tag(content=style)
    found: list[list[Any]] = page.evaluate(AID_RULES)
    page.close()
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_the_player_aid_holds_its_rules_word_for_word_in_two_columns(
    site: Path, chromium: Browser, lang: str
) -> None:
    for slug in SLUGS:
        aid = aid_layout(chromium, (site / lang / "aid" / f"{slug}.html").as_uri())
        marked = [rule.id for rule in BOOK.game(slug).fr.rules if rule.aid]
        assert [rule_id for rule_id, _, _ in aid] == marked
        assert len({left for _, _, left in aid}) == 2, "two columns"
        game = chromium.new_page()
        game.goto((site / lang / f"{slug}.html").as_uri())
        for rule_id, shown, _ in aid:
            assert shown == game.evaluate(RULE_BODY, rule_id), rule_id
        game.close()


def test_the_aid_check_catches_one_column(site: Path, chromium: Browser) -> None:
    url = (site / "fr" / "aid" / f"{GAME}.html").as_uri()
    aid = aid_layout(chromium, url, ".rb-aid { columns: 1 !important; }")
    assert len({left for _, _, left in aid}) == 1


# Whatever the page holds: no control is seen on paper, nor a note about the screen; only
# the rules' own text, the IDs the aid prints beside its titles, and its line naming the game.

VISIBLE_CONTROLS = """() => [...document.querySelectorAll(
    'a[href], button, summary, details, input, select, textarea, [role=button], [role=note]')]
  .filter(el => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden')
  .filter(el => !el.closest('.rb-rule-body, .rb-aid-body, .rb-aid-id, .rb-aid-intro'))
  .map(el => el.outerHTML.slice(0, 100))"""


def visible_controls(browser: Browser, url: str, style: str = "") -> list[str]:
    page = browser.new_page(viewport={"width": 673, "height": 1000})
    page.goto(url)
    page.emulate_media(media="print")
    if style:
        page.add_style_tag(content=style)
    found: list[str] = page.evaluate(VISIBLE_CONTROLS)
    page.close()
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_no_control_of_any_printed_page_is_seen_on_paper(
    site: Path, chromium: Browser, lang: str
) -> None:
    for slug in SLUGS:
        for page in (f"{slug}.html", f"aid/{slug}.html"):
            assert visible_controls(chromium, (site / lang / page).as_uri()) == [], page


def test_the_qr_code_prints_square_at_the_top_of_the_first_page(
    site: Path, chromium: Browser
) -> None:
    page = chromium.new_page(viewport={"width": 673, "height": 1000})
    page.goto((site / "en" / f"{GAME}.html").as_uri())
    page.emulate_media(media="print")
    box = page.locator(".rb-qr svg").bounding_box()
    assert box is not None and box["y"] < 250
    assert round(box["width"]) == round(box["height"]) >= 80, box  # 22 mm
    page.emulate_media(media="screen")
    assert not page.locator(".rb-qr").is_visible(), "paper only"
    page.close()


def test_the_control_check_sees_a_control_shown_on_paper(site: Path, chromium: Browser) -> None:
    url = (site / "fr" / f"{GAME}.html").as_uri()
    shown = "html :is(details.rb-try, .rb-note-long, .rb-served-only) { display: block !important }"
    found = visible_controls(chromium, url, shown)
    assert any("rb-try" in control for control in found)
    assert any("corrections/" in control for control in found), "the Why? link"
    assert any("rb-served-only" in control for control in found), "the page opened as a file"
