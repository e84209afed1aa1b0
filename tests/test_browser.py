"""The site in a real browser: Playwright driving Debian's Chromium over a local server.

Outside CI the tests skip, saying so, when no Chromium is found; in CI (.ci/run installs it)
a missing browser is a failure.
"""

import functools
import http.server
import os
import shutil
import threading
from collections.abc import Iterator

import pytest

from rulebook.book import load_book
from rulebook.cite import cite
from rulebook.site import build_site
from tests.conftest import ROOT

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
if CHROMIUM is None:
    if os.environ.get("CI"):
        raise RuntimeError("CI needs Chromium for the browser tests: .ci/run installs it")
    pytest.skip(
        "no Chromium found (apt-get install chromium): browser tests skipped",
        allow_module_level=True,
    )

from axe_playwright_python.sync_playwright import Axe  # noqa: E402
from playwright.sync_api import Browser, Page, sync_playwright  # noqa: E402

ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    out = tmp_path_factory.mktemp("browser-site") / "html"
    assert build_site(ROOT, out) == 0
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(out))
    handler.log_message = lambda *args: None  # type: ignore[attr-defined]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()


def open_page(browser: Browser, url: str, locale: str = "fr-FR", width: int = 1200) -> Page:
    context = browser.new_context(locale=locale, viewport={"width": width, "height": 900})
    page = context.new_page()
    page.goto(url)
    page.wait_for_load_state("load")
    return page


@pytest.mark.parametrize(("locale", "lang"), [("fr-FR", "fr"), ("en-GB", "en")])
def test_a_short_link_lands_on_the_rule_visible_and_highlighted_in_the_readers_language(
    site: str, browser: Browser, locale: str, lang: str
) -> None:
    page = open_page(browser, f"{site}/r/pr-end/", locale)
    page.wait_for_url(f"**/{lang}/port-royal-morgan.html#pr-end")
    rule = page.locator("#pr-end")
    assert rule.is_visible() and rule.evaluate("e => e.matches(':target')")
    in_view = (
        "e => { const r = e.getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight; }"
    )
    page.wait_for_function(in_view, arg=rule.element_handle(), timeout=5000)
    assert "255, 183, 77" in rule.evaluate("e => getComputedStyle(e).boxShadow")


def test_switching_language_stays_on_the_rule_in_the_address(site: str, browser: Browser) -> None:
    page = open_page(browser, f"{site}/fr/port-royal-morgan.html#pr-morgan-extra-point-table")
    page.click("a.rb-lang-switch")
    page.wait_for_url("**/en/port-royal-morgan.html#pr-morgan-extra-point-table")
    assert page.locator("#pr-morgan-extra-point-table").is_visible()


@pytest.mark.parametrize("width", [1200, 375])
def test_switching_language_stays_on_the_rule_scrolled_to(
    site: str, browser: Browser, width: int
) -> None:
    page = open_page(browser, f"{site}/en/port-royal-morgan.html", width=width)
    page.evaluate("document.getElementById('pr-ex-morgan-2').scrollIntoView({behavior: 'instant'})")
    page.click("a.rb-lang-switch")
    page.wait_for_url("**/fr/port-royal-morgan.html#pr-ex-morgan-2")


@pytest.mark.parametrize(("lang", "kind"), [("fr", "url"), ("fr", "bbcode"), ("en", "markdown")])
def test_the_cite_buttons_put_the_quote_of_rulebook_cite_on_the_clipboard(
    site: str, browser: Browser, lang: str, kind: str
) -> None:
    page = open_page(browser, f"{site}/{lang}/port-royal-morgan.html#pr-mission-fulfilled")
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site)
    page.locator(f"#pr-mission-fulfilled .rb-copy-{kind}").click()
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == cite(load_book(ROOT), "pr-mission-fulfilled", lang, kind)


@pytest.mark.parametrize(("lang", "query"), [("fr", "mort subite"), ("en", "sudden death")])
def test_search_finds_a_rule_in_each_language(
    site: str, browser: Browser, lang: str, query: str
) -> None:
    page = open_page(browser, f"{site}/{lang}/search.html?q={query.replace(' ', '+')}")
    page.locator("#search-results p.search-summary").wait_for(timeout=10000)
    links = page.locator("#search-results ul.search li a")
    hrefs = [links.nth(i).get_attribute("href") or "" for i in range(links.count())]
    assert any(href.startswith("port-royal-morgan.html") for href in hrefs), hrefs


PAGES = [
    "index.html",
    "port-royal-morgan.html",
    "corrections/port-royal-morgan.html",
    "side-by-side/port-royal-morgan.html",
    "traceability.html",
]


@pytest.mark.parametrize("path", [f"{lang}/{page}" for lang in ("fr", "en") for page in PAGES])
def test_a_phone_375_pixels_wide_does_not_scroll_sideways(
    site: str, browser: Browser, path: str
) -> None:
    page = open_page(browser, f"{site}/{path}", width=375)
    assert page.evaluate("document.documentElement.scrollWidth") <= 375


@pytest.mark.parametrize(
    "path",
    [
        "fr/index.html",
        "en/port-royal-morgan.html",
        "fr/port-royal-morgan.html",
        "en/side-by-side/port-royal-morgan.html",
    ],
)
def test_an_accessibility_audit_finds_nothing_serious(
    site: str, browser: Browser, path: str
) -> None:
    page = open_page(browser, f"{site}/{path}")
    violations = Axe().run(page).response["violations"]
    serious = [
        (v["id"], v["impact"], len(v["nodes"]))
        for v in violations
        if v["impact"] in ("serious", "critical")
    ]
    assert serious == []


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_game_prints_on_a_few_pages_without_navigation(
    site: str, browser: Browser, lang: str
) -> None:
    page = open_page(browser, f"{site}/{lang}/port-royal-morgan.html")
    page.emulate_media(media="print")
    assert not page.locator(".sidebar-drawer").is_visible()
    assert not page.locator(".rb-languages").is_visible()
    pdf = page.pdf(format="A4")
    pages = pdf.count(b"/Type /Page") - pdf.count(b"/Type /Pages")
    assert 1 <= pages <= 12, f"{pages} pages"
