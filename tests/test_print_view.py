"""The printed pages as Chromium lays them out for paper (print media, the width of an A4
page's body): no control of the site is seen, whatever the page holds; the QR code of a game
page prints square at the top of its first page and only on paper; the player aid holds its
marked rules word for word as the game page shows them, in two columns. The PDFs themselves
are read in tests/test_pdf.py."""

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

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
RULE_BODIES = """ids => ids.map(id => document.getElementById(id)
  .querySelector(':scope > .rb-rule-body').innerText.replace(/\\s+/g, ' ').trim())"""


def aid_layout(paper: BrowserContext, url: str, style: str = "") -> list[list[Any]]:
    """Each rule of an aid page printed on A4 (its body's width): ID, text, left edge."""
    page = printed_page(paper, url, style)
    found: list[list[Any]] = page.evaluate(AID_RULES)
    page.close()
    return found


@dataclass(frozen=True)
class Printed:
    """What one game's two pages show, each page loaded once for all the tests that read it."""

    aid: list[list[Any]]  # its aid page printed: each rule's ID, text and left edge
    aid_controls: list[str]  # the controls seen on its aid page printed
    controls: list[str]  # the controls seen on its game page printed
    qr: dict[str, float]  # its game page printed: the QR code's box (x, y, width, height)
    bodies: list[str]  # its game page on screen: the text of each rule the aid printed
    qr_on_screen: bool  # whether the QR code is seen on screen


# The QR code's box, as Playwright's bounding_box() gives it; whether it is seen, as its
# is_visible() says (a box, and not hidden).
QR_BOX = """() => {
  const box = document.querySelector('.rb-qr svg').getBoundingClientRect();
  return {x: box.x, y: box.y, width: box.width, height: box.height};
}"""
QR_SEEN = """() => {
  const qr = document.querySelector('.rb-qr');
  return qr.getClientRects().length > 0 && getComputedStyle(qr).visibility !== 'hidden';
}"""


@pytest.fixture(scope="module")
def paper(chromium: Browser) -> Iterator[BrowserContext]:
    """Pages the width of an A4 page's body, in one browser context (no page the tests open
    stores anything: each is as a reader opening it first sees it)."""
    context = chromium.new_context(viewport={"width": 673, "height": 1000})
    yield context
    context.close()


@pytest.fixture(scope="module")
def printed(site: Path, paper: BrowserContext) -> dict[tuple[str, str], Printed]:
    """Every game's two pages in both languages, each loaded once: the aid page printed
    (one ``evaluate``: its rules, its controls); the game page printed (its controls, its QR
    code), then on screen at the size Playwright gives a page, as a reader sees it (the text
    of the rules the aid printed, whether the QR code is seen)."""
    seen = {}
    aid_page = f"() => [({AID_RULES})(), ({VISIBLE_CONTROLS})()]"
    on_paper = f"() => [({VISIBLE_CONTROLS})(), ({QR_BOX})()]"
    on_screen = f"ids => [({RULE_BODIES})(ids), ({QR_SEEN})()]"
    for lang in LANGS:
        for slug in SLUGS:
            page = printed_page(paper, (site / lang / "aid" / f"{slug}.html").as_uri())
            aid, aid_controls = page.evaluate(aid_page)
            page.close()
            page = printed_page(paper, (site / lang / f"{slug}.html").as_uri())
            controls, qr = page.evaluate(on_paper)
            page.emulate_media(media="screen")
            qr_narrow = page.evaluate(QR_SEEN)  # a screen as narrow as the paper
            page.set_viewport_size({"width": 1280, "height": 720})
            bodies, qr_on_screen = page.evaluate(on_screen, [rule_id for rule_id, _, _ in aid])
            qr_on_screen = qr_on_screen or qr_narrow
            page.close()
            seen[lang, slug] = Printed(aid, aid_controls, controls, qr, bodies, qr_on_screen)
    return seen


def printed_page(paper: BrowserContext, url: str, style: str = "") -> Page:
    """A page laid out for paper: print media, the width of an A4 page's body."""
    page = paper.new_page()
    page.goto(url)
    page.emulate_media(media="print")
    if style:
        page.add_style_tag(content=style)
    return page


@pytest.mark.parametrize("lang", LANGS)
def test_the_player_aid_holds_its_rules_word_for_word_in_two_columns(
    printed: dict[tuple[str, str], Printed], lang: str
) -> None:
    for slug in SLUGS:
        aid = printed[lang, slug].aid
        marked = [rule.id for rule in BOOK.game(slug).fr.rules if rule.aid]
        assert [rule_id for rule_id, _, _ in aid] == marked
        assert len({left for _, _, left in aid}) == 2, "two columns"
        for (rule_id, shown, _), body in zip(aid, printed[lang, slug].bodies, strict=True):
            assert shown == body, rule_id


def test_the_aid_check_catches_one_column(site: Path, paper: BrowserContext) -> None:
    url = (site / "fr" / "aid" / f"{GAME}.html").as_uri()
    aid = aid_layout(paper, url, ".rb-aid { columns: 1 !important; }")
    assert len({left for _, _, left in aid}) == 1


# Whatever the page holds: no control is seen on paper, nor a note about the screen; only
# the rules' own text, the IDs the aid prints beside its titles, and its line naming the game.

VISIBLE_CONTROLS = """() => [...document.querySelectorAll(
    'a[href], button, summary, details, input, select, textarea, [role=button], [role=note]')]
  .filter(el => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden')
  .filter(el => !el.closest('.rb-rule-body, .rb-aid-body, .rb-aid-id, .rb-aid-intro'))
  .map(el => el.outerHTML.slice(0, 100))"""


def visible_controls(paper: BrowserContext, url: str, style: str = "") -> list[str]:
    page = printed_page(paper, url, style)
    found: list[str] = page.evaluate(VISIBLE_CONTROLS)
    page.close()
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_no_control_of_any_printed_page_is_seen_on_paper(
    printed: dict[tuple[str, str], Printed], lang: str
) -> None:
    for slug in SLUGS:
        assert printed[lang, slug].controls == [], f"{slug}.html"
        assert printed[lang, slug].aid_controls == [], f"aid/{slug}.html"


def test_the_qr_code_prints_square_at_the_top_of_the_first_page(
    printed: dict[tuple[str, str], Printed],
) -> None:
    """Every game page in both languages (the pages loaded once for every test here)."""
    for (lang, slug), seen in printed.items():
        box, on_screen = seen.qr, seen.qr_on_screen
        assert box["y"] < 250, (lang, slug, box)
        assert round(box["width"]) == round(box["height"]) >= 80, (lang, slug, box)  # 22 mm
        assert not on_screen, f"{lang}/{slug}: paper only"


def test_the_control_check_sees_a_control_shown_on_paper(site: Path, paper: BrowserContext) -> None:
    url = (site / "fr" / f"{GAME}.html").as_uri()
    shown = "html :is(details.rb-try, .rb-note-long, .rb-served-only) { display: block !important }"
    found = visible_controls(paper, url, shown)
    assert any("rb-try" in control for control in found)
    assert any("corrections/" in control for control in found), "the Why? link"
    assert any("rb-served-only" in control for control in found), "the page opened as a file"
