"""The site in a real browser: Playwright driving Debian's Chromium over a local server.

Outside CI the tests skip, saying so, when no Chromium is found; in CI (.ci/run installs it)
a skip fails the run (tests/ci_skips.py).
"""

import functools
from collections.abc import Iterator
from typing import Literal

import pytest

from rulebook.book import Book, load_book
from rulebook.language import Lang, spaced, text
from rulebook.outputs.cite import cite
from rulebook.site.pdf import GET_CHROMIUM, find_chromium
from rulebook.text.smart_quotes import smart
from tests.conftest import ROOT

CHROMIUM = find_chromium()
if CHROMIUM is None:
    pytest.skip(
        f"no Chromium found ({GET_CHROMIUM}): browser tests skipped",
        allow_module_level=True,
    )

from playwright.sync_api import Browser, Page, Route, sync_playwright  # noqa: E402

ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@functools.cache
def book() -> Book:
    """The book, read once for the module."""
    return load_book(ROOT)


@pytest.fixture(scope="module")
def site(site_url: str) -> str:
    return site_url


# A reader's page for each locale, kept for the module and navigated by each test: a new
# context a test (a fresh profile, which fetches and parses every style and script again)
# cost four times the CPU of a navigation in a page kept. What a test changes in it is undone
# after it (``close_pages``): its storage, routes and emulated media; its document, by leaving
# for about:blank (so that the next test's address, even one that differs by its anchor
# alone, loads the page anew).
READERS: dict[str, Page] = {}


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        READERS.clear()
        launched.close()


@pytest.fixture(autouse=True)
def close_pages(browser: Browser) -> Iterator[None]:
    """Each test's own pages closed after it: none keeps running while the next test
    measures; the readers' pages left as a new context leaves them."""
    yield
    kept = {page.context for page in READERS.values()}
    for context in browser.contexts:
        if context not in kept:
            context.close()
    for page in READERS.values():
        page.context.unroute_all(behavior="ignoreErrors")
        page.context.clear_permissions()  # the clipboard a quote test granted
        if page.url.startswith(("http://", "https://")):
            page.evaluate("localStorage.clear(); sessionStorage.clear()")
        page.emulate_media(media="null", reduced_motion="null")
        page.goto("about:blank")


def open_page(
    browser: Browser, url: str, locale: str = "fr-FR", width: int = 1200, height: int = 900
) -> Page:
    """The reader's page of that locale, at that size, at ``url``, loaded."""
    if locale not in READERS:
        context = browser.new_context(locale=locale)
        READERS[locale] = context.new_page()
    page = READERS[locale]
    page.set_viewport_size({"width": width, "height": height})
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


# The bottom of what covers the top of the window: furo's header on a phone, the language
# bar on a desktop (on a phone it lies at the bottom).
TOP_BAR = """() => Math.max(0, ...[...document.querySelectorAll('.mobile-header, .rb-languages')]
  .map(e => e.getBoundingClientRect()).filter(r => r.height > 0 && r.top < 1).map(r => r.bottom))"""


@pytest.mark.parametrize("width", [375, 1280])
@pytest.mark.parametrize(
    ("locale", "lang", "rule", "title"),
    [
        ("fr-FR", "fr", "pr-setup", "#pr-setup > h3"),  # a title on one line
        ("en-GB", "en", "pr-treasures-missions", "#pr-treasures-missions > h3"),  # 3 on a phone
        ("fr-FR", "fr", "pr-end", "section:has(> #pr-end) > h2"),  # titled by its section
    ],
)
def test_an_old_quotes_link_shows_the_rules_title_whole_then_the_notice(
    site: str, browser: Browser, locale: str, lang: str, rule: str, title: str, width: int
) -> None:
    page = open_page(browser, f"{site}/r/{rule}/v1/", locale, width=width, height=800)
    page.wait_for_url(f"**/{lang}/port-royal-morgan.html#{rule}--v1")
    page.wait_for_load_state("load")
    notice = page.locator(f"#{rule}--v1")
    notice.wait_for(state="visible")
    bar = page.evaluate(TOP_BAR)
    heading = page.locator(title).bounding_box()
    box = notice.bounding_box()
    assert bar >= 40, "no bar at the top: the test did not see it"
    assert heading is not None and box is not None
    assert bar <= heading["y"] and heading["y"] + heading["height"] <= box["y"] < 800, (
        f"bar to {bar}, title {heading['y']}-{heading['y'] + heading['height']}, notice {box['y']}"
    )


def test_on_a_phone_choosing_an_entry_of_the_contents_closes_them(
    site: str, browser: Browser
) -> None:
    page = open_page(browser, f"{site}/fr/port-royal-morgan.html", width=375, height=800)
    drawer = page.locator(".toc-drawer")
    shown = "e => { const r = e.getBoundingClientRect(); return r.left < innerWidth - 1; }"
    page.locator("label.toc-header-icon").click()
    page.wait_for_function(shown, arg=drawer.element_handle())
    entry = page.locator(".toc-drawer .toc-tree a[href='#pr-setup']")
    entry.click()
    page.wait_for_url("**#pr-setup")
    assert not page.locator("#__toc").is_checked()
    page.wait_for_function(f"e => !({shown})(e)", arg=drawer.element_handle())
    in_view = (
        "e => { const r = e.getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight; }"
    )
    page.wait_for_function(in_view, arg=page.locator("#pr-setup").element_handle())


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


@pytest.mark.parametrize(
    ("lang", "kind", "rule"),
    [
        ("fr", "url", "pr-mission-fulfilled"),
        ("fr", "bbcode", "pr-mission-fulfilled"),
        ("en", "markdown", "pr-mission-fulfilled"),
        ("en", "markdown", "pr-morgan-roll"),  # a list in a list
        ("fr", "bbcode", "pr-morgan-points"),  # quoted with the table it introduces
    ],
)
def test_the_cite_buttons_put_the_quote_of_rulebook_cite_on_the_clipboard(
    site: str, browser: Browser, lang: str, kind: str, rule: str
) -> None:
    page = open_page(browser, f"{site}/{lang}/port-royal-morgan.html#{rule}")
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site)
    page.locator(f"#{rule} .rb-share-toggle").click()
    page.locator(f"#{rule} .rb-copy-{kind}").click()
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == cite(book(), rule, lang, kind)


@pytest.mark.parametrize(("lang", "query"), [("fr", "mort subite"), ("en", "sudden death")])
def test_search_finds_a_rule_in_each_language(
    site: str, browser: Browser, lang: str, query: str
) -> None:
    page = open_page(browser, f"{site}/{lang}/search.html?q={query.replace(' ', '+')}")
    page.locator("#search-results p.search-summary").wait_for(timeout=10000)
    links = page.locator("#search-results ul.search li a")
    hrefs = [links.nth(i).get_attribute("href") or "" for i in range(links.count())]
    assert any(href.startswith("port-royal-morgan.html") for href in hrefs), hrefs


def search(browser: Browser, site: str, lang: str, query: str) -> tuple[list[str], str]:
    """The pages a search lists (their links) and the sentence it ends with."""
    page = open_page(browser, f"{site}/{lang}/search.html?q={query.replace(' ', '+')}")
    summary = page.locator("#search-results p.search-summary")
    summary.wait_for(timeout=10000)
    links = page.locator("#search-results ul.search li a")
    return [links.nth(i).get_attribute("href") or "" for i in range(links.count())], (
        summary.inner_text()
    )


@pytest.mark.parametrize(
    ("lang", "query", "found"),
    [
        ("fr", "chateau", "catan-dice-extra.html"),  # the castles: cd-castles and the rest
        ("fr", "château", "catan-dice-extra.html"),
        ("fr", "defausser", "stone-age-solo.html"),
        ("fr", "défausser", "stone-age-solo.html"),  # in no title: the query's stem folded
        ("fr", "ecole", "51st-state-solo.html"),
        ("en", "Ecole", "51st-state-solo.html"),  # a card's name the English keeps: École
        ("en", "École", "51st-state-solo.html"),
    ],
)
def test_search_finds_a_word_typed_with_or_without_its_accents(
    site: str, browser: Browser, lang: str, query: str, found: str
) -> None:
    """As a player types on a phone: each one without its accents found nothing; with them,
    the query is folded as the index is (sphinxext/search.py)."""
    hrefs, _ = search(browser, site, lang, query)
    assert found in [href.split("#")[0] for href in hrefs], hrefs


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_search_that_finds_nothing_says_so_without_speaking_of_categories(
    site: str, browser: Browser, lang: Lang
) -> None:
    """Sphinx's sentence asked the reader to select "enough categories": the site has none."""
    hrefs, said = search(browser, site, lang, "zzzqqq")
    assert hrefs == []
    assert said == smart(spaced(text(lang, "search_nothing"), lang), lang)
    assert "categor" not in said.lower()


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


# --- Reading view, proof-reading switch, rules as objects, tables on phones (issue 12) -----

GAME = "port-royal-morgan.html"


def proof_visible(page: Page) -> list[str]:
    """What a reader sees of the proof-reading tools: visible ``.rb-proof`` elements."""
    return list(
        page.evaluate(
            """() => [...document.querySelectorAll('.rb-proof')]
                .filter(e => e.getClientRects().length > 0)
                .map(e => (e.closest('.rb-rule') || e).id + ': ' + e.className)"""
        )
    )


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_reading_view_shows_no_proofreading_tool_and_one_share_menu_per_rule(
    site: str, browser: Browser, lang: str
) -> None:
    page = open_page(browser, f"{site}/{lang}/{GAME}", width=375)
    assert page.locator(".rb-proof").count() > 100  # the tools are there, hidden
    assert proof_visible(page) == []
    rules = page.locator(".rb-rule").count()
    assert rules == len(book().game("port-royal-morgan").fr.rules)
    shares = page.evaluate(
        "[...document.querySelectorAll('.rb-rule')]"
        ".map(r => r.querySelectorAll('.rb-share').length)"
    )
    assert shares == [1] * rules
    assert page.locator(".rb-share-toggle:visible").count() == rules
    # A number that is no game quantity is marked, but not underlined, for a reader.
    nq = page.locator(".rb-nq").first
    assert "underline" not in nq.evaluate("e => getComputedStyle(e).textDecorationLine")


def test_the_share_menu_opens_by_keyboard_and_offers_link_quotes_and_a_report(
    site: str, browser: Browser
) -> None:
    page = open_page(browser, f"{site}/fr/{GAME}#pr-end")
    toggle = page.locator("#pr-end .rb-share-toggle")
    assert toggle.get_attribute("aria-label") == "Partager ou signaler la règle pr-end"
    toggle.focus()
    page.keyboard.press("Enter")
    menu = page.locator("#pr-end .rb-share-menu")
    assert menu.is_visible()
    assert menu.locator("button:visible").all_inner_texts() == [
        "Copier le lien",
        "Copier la citation (BBCode)",
        "Copier la citation (Markdown)",
    ]
    report = menu.locator("a.rb-report")
    assert "issues/new?title=pr-end%3A" in (report.get_attribute("href") or "")
    page.keyboard.press("Escape")
    assert not menu.is_visible()


def test_the_proofreading_switch_shows_the_tools_remembers_and_turns_off(
    site: str, browser: Browser
) -> None:
    page = open_page(browser, f"{site}/fr/{GAME}")
    switch = page.locator("button.rb-proof-switch")
    assert switch.inner_text() == "Relecture" and switch.get_attribute("aria-pressed") == "false"
    switch.click()
    assert switch.get_attribute("aria-pressed") == "true"
    for tool in (".rb-original", ".rb-code", ".rb-rule-id", ".rb-corrected", ".rb-examples"):
        assert page.locator(f".rb-rule {tool}").first.is_visible(), tool
    assert "underline" in page.locator(".rb-nq").first.evaluate(
        "e => getComputedStyle(e).textDecorationLine"
    )
    # Remembered on another page, from its first paint (no flash of the reading view).
    page.goto(f"{site}/en/megawatts-solo.html")
    assert page.evaluate("document.documentElement.classList.contains('rb-proofreading')")
    switch = page.locator("button.rb-proof-switch")
    assert switch.inner_text() == "Proof-reading"
    assert switch.get_attribute("aria-pressed") == "true"
    assert page.locator(".rb-rule .rb-code").first.is_visible()
    switch.click()
    assert switch.get_attribute("aria-pressed") == "false" and proof_visible(page) == []
    page.goto(f"{site}/fr/{GAME}")
    assert proof_visible(page) == []


def test_without_scripts_the_page_reads_as_a_rulebook(site: str, browser: Browser) -> None:
    context = browser.new_context(java_script_enabled=False, viewport={"width": 375, "height": 667})
    page = context.new_page()
    page.goto(f"{site}/fr/{GAME}")
    assert proof_visible(page) == []
    assert not page.locator("button.rb-proof-switch").is_visible()
    assert page.locator("#pr-end h3").inner_text().startswith("Fin de la partie")
    context.close()


# Words split across lines inside table cells: for each word of each cell, the rectangles of
# its characters must sit on one line.
SPLIT_WORDS = """() => {
  const split = [];
  for (const cell of document.querySelectorAll('.rb-rule td, .rb-rule th')) {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of node.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
        if (tops.size > 1) split.push(match[0]);
      }
    }
    if (cell.scrollWidth > cell.clientWidth + 1) split.push('overflow: ' + cell.textContent);
  }
  return split;
}"""


@pytest.mark.parametrize(
    ("path", "width"),
    [(f"{lang}/{game}", width) for lang in ("fr", "en")
     for game in (GAME, "megawatts-solo.html") for width in (375, 1366)],
)  # fmt: skip
def test_no_word_breaks_inside_a_table_cell_and_the_page_does_not_scroll_sideways(
    site: str, browser: Browser, path: str, width: int
) -> None:
    page = open_page(browser, f"{site}/{path}", width=width)
    assert page.locator(".rb-rule table").count() > 0
    assert page.evaluate(SPLIT_WORDS) == []
    assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth")
    # A wide table scrolls in its own box, which a keyboard can reach and a screen reader names.
    box = page.locator("#pr-morgan-extra-point-table .table-wrapper")
    if box.count():
        assert box.get_attribute("tabindex") == "0" and box.get_attribute("role") == "region"
        assert "Tableau du point supplémentaire" in (box.get_attribute("aria-label") or "") or (
            "Extra point table" in (box.get_attribute("aria-label") or "")
        )


def test_the_split_word_check_sees_the_old_style_breaking_words(
    site: str, browser: Browser
) -> None:
    page = open_page(browser, f"{site}/fr/{GAME}", width=375)
    page.add_style_tag(
        content=".rb-rule td, .rb-rule th { overflow-wrap: anywhere !important } "
        ".rb-rule table { display: block }"
    )
    assert page.evaluate(SPLIT_WORDS) != []


@pytest.mark.parametrize("width", [1280, 375])
def test_switching_language_from_a_section_anchor_lands_on_the_rule_in_view(
    site: str, browser: Browser, width: int
) -> None:
    page = open_page(browser, f"{site}/fr/{GAME}#mise-en-place", width=width)
    page.click("a.rb-lang-switch")
    page.wait_for_url(f"**/en/{GAME}#pr-setup")
    rule = page.locator("#pr-setup")
    assert rule.evaluate("e => e.matches(':target')")


def test_switching_language_after_scrolling_away_from_the_rule_in_the_address(
    site: str, browser: Browser
) -> None:
    page = open_page(browser, f"{site}/fr/{GAME}#pr-end")
    page.evaluate("document.getElementById('pr-ex-morgan-2').scrollIntoView({behavior: 'instant'})")
    page.click("a.rb-lang-switch")
    page.wait_for_url(f"**/en/{GAME}#pr-ex-morgan-2")


def test_a_malformed_escape_in_the_anchor_breaks_no_script_and_the_switch_keeps_the_rule(
    site: str, browser: Browser
) -> None:
    page = open_page(browser, "about:blank", width=375, height=800)
    errors: list[str] = []

    def record(error: Exception) -> None:
        errors.append(str(error))

    page.on("pageerror", record)
    page.goto(f"{site}/fr/{GAME}#%E0%A4%A")  # decodeURIComponent throws on it
    page.wait_for_load_state("load")
    page.click("a.rb-lang-switch")
    page.wait_for_url(f"**/en/{GAME}#*")
    assert page.evaluate("document.querySelector(location.hash).matches('.rb-rule, .rb-sbs')")
    page.remove_listener("pageerror", record)  # the page is the next test's
    assert errors == []


def test_switching_language_keeps_the_anchor_of_a_page_without_rules(
    site: str, browser: Browser
) -> None:
    page = open_page(browser, f"{site}/fr/glossary.html#glossary-port-royal-morgan")
    link = page.locator("a.rb-lang-switch")
    link.focus()  # a key, a middle click or "copy link" follow the link without a click
    href = link.get_attribute("href") or ""
    assert href.endswith("/en/glossary.html#glossary-port-royal-morgan"), href
    link.click()
    page.wait_for_url("**/en/glossary.html#glossary-port-royal-morgan")


@pytest.mark.parametrize(
    ("lang", "query", "rule"),
    [("fr", "Tableau du point supplémentaire", "pr-morgan-extra-point-table"),
     ("en", "pr-end", "pr-end")],
)  # fmt: skip
def test_search_lists_a_rule_and_lands_on_it(
    site: str, browser: Browser, lang: str, query: str, rule: str
) -> None:
    page = open_page(browser, f"{site}/{lang}/search.html?q={query.replace(' ', '+')}")
    page.locator("#search-results p.search-summary").wait_for(timeout=10000)
    link = page.locator(f'#search-results ul.search li a[href$="{GAME}#{rule}"]').first
    link.click()
    page.wait_for_url(f"**/{lang}/{GAME}#{rule}")
    in_view = (
        "e => { const r = e.getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight; }"
    )
    page.wait_for_function(in_view, arg=page.locator(f"#{rule}").element_handle(), timeout=5000)


# --- A forum poster: copy a quote on the page, paste it into a forum, follow its link --------


def forum_post(quote: str, kind: str) -> str:
    """A quote as a phpBB-style forum shows it (the bbcode library) or a Markdown forum does."""
    import bbcode
    from markdown_it import MarkdownIt

    if kind == "bbcode":
        return str(bbcode.Parser().format(quote))
    return MarkdownIt("commonmark").enable("table").render(quote)


@pytest.mark.parametrize(("lang", "kind"), [("fr", "bbcode"), ("en", "markdown")])
def test_a_pasted_quote_reads_as_a_table_and_its_link_opens_the_rule_in_its_language(
    site: str, browser: Browser, lang: str, kind: str
) -> None:
    from rulebook.site.config import CONFIG

    rule = "pr-morgan-extra-point-table"
    page = open_page(browser, f"{site}/{lang}/port-royal-morgan.html#{rule}")
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site)
    page.locator(f"#{rule} .rb-share-toggle").click()
    page.locator(f"#{rule} .rb-copy-{kind}").click()
    quote = page.evaluate("navigator.clipboard.readText()")

    # The public address does not resolve here: the browser is sent to the local server.
    def local(route: Route) -> None:
        route.fulfill(
            response=page.request.get(route.request.url.replace(CONFIG.base_url, f"{site}/"))
        )

    page.context.route(f"{CONFIG.base_url}**", local)
    page.set_content(
        f"<!DOCTYPE html><html><body><div class='post'>{forum_post(quote, kind)}</div>"
    )
    rows = len(book().rule(rule, lang).tables[0]) - 1
    shown = "li" if kind == "bbcode" else "tbody tr"
    assert page.locator(f".post blockquote {shown}").count() == rows
    page.locator(".post blockquote a").last.click()
    page.wait_for_url(f"**/{lang}/port-royal-morgan.html#{rule}")
    target = page.locator(f"#{rule}")
    assert target.is_visible() and target.evaluate("e => e.matches(':target')")


@pytest.mark.parametrize(("motion", "scrolls"), [("reduce", "auto"), ("no-preference", "smooth")])
def test_a_reader_who_asks_for_less_motion_is_not_scrolled_smoothly(
    site: str, browser: Browser, motion: Literal["reduce", "no-preference"], scrolls: str
) -> None:
    page = open_page(browser, "about:blank", width=375, height=800)
    page.emulate_media(reduced_motion=motion)  # as a context made with it (undone after)
    page.goto(f"{site}/fr/port-royal-morgan.html")
    behaviour = "e => getComputedStyle(e).scrollBehavior"
    assert page.locator("html").evaluate(behaviour) == scrolls
    assert page.locator(".toc-scroll").evaluate(behaviour) == scrolls
