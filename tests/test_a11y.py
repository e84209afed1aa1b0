"""Every kind of page passes an axe-core audit in both colour schemes, on a phone and a desk.

One site is built for the session and one browser serves every audit; each kind of page is
loaded once and audited in both schemes at both widths, changed in place (tests/axe.py). A
failure names the axe rule, the element and what axe says is wrong, so the fix can start from
the message.
"""

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from rulebook.site.pdf import GET_CHROMIUM, find_chromium

CHROMIUM = find_chromium()
if CHROMIUM is None:
    pytest.skip(
        f"no Chromium found ({GET_CHROMIUM}): accessibility audits skipped",
        allow_module_level=True,
    )

from playwright.sync_api import Browser, Route, sync_playwright  # noqa: E402

from tests.axe import serious_violations as audit  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]

# One page of each kind a reader or a proof-reader opens.
PAGE_KINDS = {
    "home": "fr/index.html",
    "game": "fr/port-royal-morgan.html",
    "game-en": "en/port-royal-morgan.html",
    "corrections": "fr/corrections/port-royal-morgan.html",
    "side-by-side": "fr/side-by-side/port-royal-morgan.html",
    "glossary": "fr/glossary.html",
    "traceability": "fr/traceability.html",
    "search": "fr/search.html?q=morgan",
    "changes": "en/changes.html",
    "short-link": "r/pr-end/index.html",
}
SCHEMES = ("light", "dark")
WIDTHS = (375, 1280)


@pytest.fixture(scope="module")
def built(built_site: Path) -> Path:
    return built_site


@pytest.fixture(scope="module")
def site(site_url: str) -> str:
    return site_url


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()


def stay_on_short_link(route: Route) -> None:
    """The short-link page as it stays on screen when it cannot send the reader on: its
    redirections (script and refresh) taken out, its body audited."""
    body = route.fetch().text()
    kept = re.sub(r"<script>.*?</script>|<noscript>.*?</noscript>", "", body, flags=re.DOTALL)
    assert kept != body, "the short-link page no longer redirects as this test expects"
    route.fulfill(body=kept, content_type="text/html; charset=utf-8")


def serious_violations(browser: Browser, url: str) -> dict[tuple[str, int], list[str]]:
    """What axe finds serious or critical on the page, one line per element, in each colour
    scheme at each width, from one page load (tests/axe.py: the contrast rule in full at
    1280 px, and at 375 px where its verdict can differ)."""
    context = browser.new_context(viewport={"width": WIDTHS[1], "height": 900})
    try:
        page = context.new_page()
        if "/r/" in url:
            page.route(url, stay_on_short_link)
        page.goto(url)
        page.wait_for_load_state("load")
        if "search.html" in url:
            page.locator("#search-results p.search-summary").wait_for(timeout=10000)
        return audit(page, (WIDTHS[1], WIDTHS[0]), SCHEMES)
    finally:
        context.close()


@pytest.mark.parametrize("kind", PAGE_KINDS)
def test_no_serious_accessibility_violation(site: str, browser: Browser, kind: str) -> None:
    found = serious_violations(browser, f"{site}/{PAGE_KINDS[kind]}")
    assert sorted(found) == sorted((s, w) for s in SCHEMES for w in WIDTHS), "4 audits"
    failed = [
        f"{kind}, {scheme}, {width} px:\n" + "\n".join(lines[:20])
        for (scheme, width), lines in found.items()
        if lines
    ]
    assert not failed, "\n".join(failed)


# furo's interface words, as it writes them in English; a French page must show none of them.
FURO_ENGLISH = (
    "Skip to content", "Back to top", "On this page", "Made with", ">Next<", ">Previous<",
    'placeholder="Search"', "Toggle site navigation sidebar", "Toggle Light / Dark",
    "<title>Light mode<", "Copyright",
)  # fmt: skip


@pytest.mark.parametrize("page", ["index.html", "port-royal-morgan.html", "search.html"])
def test_french_pages_show_the_interface_in_french_and_english_pages_in_english(
    built: Path, page: str
) -> None:
    french = (built / "fr" / page).read_text(encoding="utf-8")
    english = (built / "en" / page).read_text(encoding="utf-8")
    assert [w for w in FURO_ENGLISH if w in french] == []
    assert "Aller au contenu" in french and "Skip to content" in english
    assert "Aller au contenu" not in english


def test_the_footer_names_the_games_source_and_the_licence(built: Path) -> None:
    game = (built / "fr" / "port-royal-morgan.html").read_text(encoding="utf-8")
    footer = game[game.index('class="rb-footer"') :]
    assert "Anke Logtenberg" in footer and "CC BY-SA 4.0" in footer and "MIT" in footer
    other = (built / "en" / "glossary.html").read_text(encoding="utf-8")
    footer = other[other.index('class="rb-footer"') :]
    assert 'href="index.html#credits"' in footer and "CC BY-SA 4.0" in footer
    assert "Copyright ©" not in other


# A page whose one paragraph turns pale on a phone only (a width media query sets its colour):
# the phone-width audit, which re-checks contrast only where its verdict can differ
# (tests/axe.py), must still find it, and the desk-width audit must not.
PALE_ON_A_PHONE = """<!doctype html><html lang="en"><head><title>Pale on a phone</title>
<style>
  body { background: #fff; color: #111; font: 16px sans-serif }
  @media (max-width: 600px) { #pale { color: #c8c8c8 } }
</style></head>
<body><main><h1>Rules</h1><p id="pale">Morgan takes the card on the left.</p>
<p id="kept">Then he rolls the dice.</p></main></body></html>"""


def test_the_phone_width_audit_finds_a_contrast_fault_that_only_a_phone_shows(
    browser: Browser,
) -> None:
    context = browser.new_context(viewport={"width": WIDTHS[1], "height": 900})
    try:
        page = context.new_page()
        page.set_content(PALE_ON_A_PHONE)
        found = audit(page, (WIDTHS[1], WIDTHS[0]), SCHEMES)
    finally:
        context.close()
    at_desk = found["light", WIDTHS[1]] + found["dark", WIDTHS[1]]
    assert at_desk == []
    for scheme in SCHEMES:
        lines = found[scheme, WIDTHS[0]]
        assert len(lines) == 1 and lines[0].startswith("color-contrast (serious) at #pale:"), lines
