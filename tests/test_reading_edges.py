"""The reading view's edges, in a real browser (issue 26): on a phone and on a desktop, in the
reading and the proof-reading view, no floating control covers text; a table wider than the
screen shows that it scrolls; a page opened as a file says that its "try" panels and its
companion need the site served; the search quotes the text a reader reads; and every page
writes typographic apostrophes, and a no-break space before a French colon.

Playwright driving Debian's Chromium over the built site served on the loopback; outside CI
the tests skip, saying so, when no Chromium is found (as tests/test_browser.py).
"""

import re
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from rulebook.language import text
from rulebook.site.pdf import GET_CHROMIUM, find_chromium
from rulebook.site.try_it import can_try
from tests.conftest import ROOT, QuietHandler, book_games, serving

CHROMIUM = find_chromium()
if CHROMIUM is None:
    pytest.skip(
        f"no Chromium found ({GET_CHROMIUM}): browser tests skipped",
        allow_module_level=True,
    )

from playwright.sync_api import Browser, Page, Route, sync_playwright  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]


class NoPython(QuietHandler):
    """The site as a host serves it, but for Python's runtime, refused (no test here runs it;
    a companion page starts fetching its 14 MB at once). Refused by the server, not by a
    Playwright route: a route turns the browser's cache off, and every page then fetches its
    styles and scripts again (the pages loaded 40% slower)."""

    def do_GET(self) -> None:
        if "/_try/pyodide/" in self.path:
            self.send_error(404)
        else:
            super().do_GET()


@pytest.fixture(scope="module")
def site(built_site: Path) -> Iterator[str]:
    with serving(built_site, NoPython) as url:
        yield url


# One reader's page, kept for the module and navigated by each test: a new context a test
# (a fresh profile, which fetches and parses every style and script again) cost four times
# the CPU of a navigation in a page kept. What a test changes in it is undone after it
# (``close_pages``): its storage, routes and emulated media; its document, by leaving for
# about:blank (so that the next test's address loads the page anew).
READER: list[Page] = []


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        READER.clear()
        launched.close()


@pytest.fixture(autouse=True)
def close_pages(browser: Browser) -> Iterator[None]:
    """Each test's own pages closed after it; the reader's page left as a new context
    leaves it."""
    yield
    for context in browser.contexts:
        if not READER or context is not READER[0].context:
            context.close()
    for page in READER:
        page.unroute_all(behavior="ignoreErrors")
        page.evaluate("try { localStorage.clear(); sessionStorage.clear() } catch (e) {}")
        page.emulate_media(color_scheme="null")
        page.goto("about:blank")


def open_page(
    browser: Browser, url: str, width: int = 1280, proofreading: bool = False, scheme: str = "light"
) -> Page:
    """The reader's page at a phone's or a desktop's width, in the reading or the
    proof-reading view (as the switch leaves it, remembered: set on the site's own address
    first, which ``close_pages`` clears)."""
    if not READER:
        READER.append(browser.new_context().new_page())
    page = READER[0]
    page.set_viewport_size({"width": width, "height": 800})
    page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
    if proofreading:
        origin = "{0.scheme}://{0.netloc}".format(urlsplit(url))
        page.goto(f"{origin}/robots.txt")
        page.evaluate("localStorage.setItem('rb-proofreading', '1')")
    page.goto(url)
    page.wait_for_load_state("load")
    return page


# --- No floating control covers text -----------------------------------------------------

# What the floating controls cover in the window as it is: every text, icon, button or
# field that shows under one of them. A control drawn as a frame (an opaque band across the
# whole text column at the top or the bottom of the window, as furo's header) takes that band
# out of the window: what scrolls under it is outside the page's window, not covered; but at
# the end of the page (``atEnd``) nothing scrolls out from under a frame at the bottom any
# more, and it covers what lies under it. Any other fixed or sticky control (a pill, a band
# narrower than the column, "back to top" outside the band) covers what shows under it.
COVERED = """(atEnd) => {
  const H = innerHeight, W = innerWidth;
  const column = document.querySelector('article[role="main"]').getBoundingClientRect();
  const CONTROLS = '.rb-languages, .back-to-top, .mobile-header';
  const controls = [...document.querySelectorAll(CONTROLS)].filter(e => {
    const r = e.getBoundingClientRect();
    return ['fixed', 'sticky'].includes(getComputedStyle(e).position) && r.width > 0
      && r.height > 0 && e.checkVisibility({visibilityProperty: true, opacityProperty: true});
  });
  let top = 0, bottom = H;
  const floating = [];
  for (const e of controls) {
    const r = e.getBoundingClientRect();
    const paint = getComputedStyle(e).backgroundColor;
    const opaque = paint.startsWith('rgb(') || /rgba\\(.*,\\s*1\\)$/.test(paint);
    const across = r.left <= column.left + 1 && r.right >= column.right - 1;
    if (across && opaque && r.top <= 1) top = Math.max(top, r.bottom);
    else if (across && opaque && r.bottom >= H - 1 && !atEnd) bottom = Math.min(bottom, r.top);
    else floating.push(r);
  }
  const backToTop = document.querySelector('.back-to-top');
  const shown = Boolean(backToTop && backToTop.getClientRects().length);
  const hits = [];
  if (!floating.length) return {hits, shown};
  const near = (r) => floating.some(
    c => r.left < c.right && r.right > c.left && r.top < c.bottom && r.bottom > c.top);
  function test(rect, what) {
    const t = Math.max(rect.top, top), b = Math.min(rect.bottom, bottom);
    const l = Math.max(rect.left, 0), r = Math.min(rect.right, W);
    if (b - t < 1 || r - l < 1) return;
    for (const c of floating) {
      if (l < c.right - 0.5 && r > c.left + 0.5 && t < c.bottom - 0.5 && b > c.top + 0.5) {
        hits.push(what);
      }
    }
  }
  // Only the boxes under a floating control are looked into.
  const walker = document.createTreeWalker(
    document.body, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {acceptNode: (n) =>
      n.nodeType === Node.TEXT_NODE ? NodeFilter.FILTER_ACCEPT
        : (n.matches(CONTROLS) || !near(n.getBoundingClientRect())) ? NodeFilter.FILTER_REJECT
        : NodeFilter.FILTER_SKIP});
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!node.data.trim() || !parent) continue;
    if (!parent.checkVisibility({visibilityProperty: true, opacityProperty: true})) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) test(r, node.data.trim().slice(0, 40));
  }
  for (const e of document.querySelectorAll('svg, img, button, input, select, textarea, summary')) {
    if (e.closest(CONTROLS) || !near(e.getBoundingClientRect())) continue;
    if (!e.checkVisibility({visibilityProperty: true, opacityProperty: true})) continue;
    test(e.getBoundingClientRect(), '<' + e.tagName.toLowerCase() + '> in '
      + ((e.closest('[id]') || {}).id || 'the page'));
  }
  return {hits, shown};
}"""


# Waits two frames: a scroll handler, or a resize observer, runs in the frame after what it
# watches changed.
NEXT_FRAMES = """async () => {
  for (let frame = 0; frame < 2; frame++) await new Promise(requestAnimationFrame);
}"""

# Scrolls to ``y`` at once, not with the page's smooth scrolling, which paints every frame of
# the way (over a second a scroll, where this takes a few frames); then waits for furo's
# scroll handler (which shows "back to top" to a reader scrolling up).
SCROLL_TO = """async (y) => {
  scrollTo({top: y, behavior: 'instant'});
  await (NEXT_FRAMES)();
}""".replace("NEXT_FRAMES", NEXT_FRAMES)

# What COVERED finds at ``stops`` places from the end of the page up to its top, in one call:
# the end, reached from the top; 40 px above it, scrolled up from the end ("back to top" shows
# there, over the page's last lines, and furo hides it again at the very end); then each place
# reached scrolling up from the one below. Each text covered, with a place where it was;
# whether "back to top" showed.
WHILE_SCROLLING = """async (stops) => {
  const scrollTo_ = SCROLL_TO, covered = COVERED;
  const end = document.scrollingElement.scrollHeight - innerHeight;
  const places = [end, Math.max(end - 40, 0)];
  for (let stop = stops - 1; stop >= 0; stop--) places.push(Math.floor(end * stop / stops));
  const found = {};
  let shown = false;
  for (const y of places) {
    await scrollTo_(y);
    const seen = covered(scrollY >= document.scrollingElement.scrollHeight - innerHeight - 1);
    shown ||= seen.shown;
    for (const hit of seen.hits) found[hit] ??= y;
  }
  return [found, shown];
}""".replace("SCROLL_TO", SCROLL_TO).replace("COVERED", COVERED)


def covered_while_scrolling(page: Page, stops: int = 10) -> tuple[dict[str, int], bool]:
    """What the floating controls cover as the reader scrolls through the page: at its end,
    40 px above it, then at ``stops`` places up to its top, each reached scrolling up; each
    text covered with a place where it was; and whether "back to top" showed at all."""
    found, shown = page.evaluate(WHILE_SCROLLING, stops)
    return found, shown


GAMES = ["fr/port-royal-morgan.html", "en/megawatts-solo.html"]
VIEWS = ("reading", "proof-reading")


def show_view(page: Page, view: str) -> int:
    """The page in that view, turned in place as the switch turns it (a class on the page);
    the page's height in it."""
    return int(
        page.evaluate(
            """(on) => {
              document.documentElement.classList.toggle('rb-proofreading', on);
              return document.scrollingElement.scrollHeight;
            }""",
            view == "proof-reading",
        )
    )


@pytest.mark.parametrize("width", [375, 1280])
@pytest.mark.parametrize("path", GAMES)
def test_no_floating_control_covers_text_anywhere_on_a_game_page(
    site: str, browser: Browser, path: str, width: int
) -> None:
    """In the reading view, then in the proof-reading view, switched in place: one page load
    serves both."""
    page = open_page(browser, f"{site}/{path}", width)
    heights: dict[str, int] = {}
    seen: dict[str, tuple[dict[str, int], bool]] = {}
    for view in VIEWS:
        heights[view] = show_view(page, view)
        seen[view] = covered_while_scrolling(page)
    assert heights["proof-reading"] > heights["reading"], "the proof-reading view did not show"
    assert {view: covered for view, (covered, _) in seen.items()} == {view: {} for view in VIEWS}
    unseen = [view for view, (_, shown) in seen.items() if not shown]
    assert unseen == [], "scrolling up showed no 'back to top': the test did not see it"


@pytest.mark.parametrize("width", [375, 1280])
def test_no_floating_control_covers_text_on_a_review_page(
    site: str, browser: Browser, width: int
) -> None:
    page = open_page(browser, f"{site}/fr/side-by-side/port-royal-morgan.html", width)
    assert covered_while_scrolling(page, stops=6)[0] == {}


@pytest.mark.parametrize(
    ("width", "style"),
    [
        # The language switch as it was on phones: a pill floating at the bottom left.
        (375, ".rb-languages { right: auto !important; bottom: 0.8em !important; "
              "left: 0.8em !important; border-radius: 1em; }"),
        # The desktop bar as it was: a flex box, which leaves a gap beside furo's icons where
        # the text scrolling under it shows (a dropdown's arrow did).
        (1280, ".rb-languages { display: flex !important; justify-content: flex-end; }"),
        # "Back to top" out of the language bar it sits in, over the text: it shows only
        # while the reader scrolls up.
        (375, ".back-to-top { bottom: 40% !important; }"),
    ],
)  # fmt: skip
def test_the_overlap_check_sees_a_control_that_floats_over_text(
    site: str, browser: Browser, width: int, style: str
) -> None:
    page = open_page(browser, f"{site}/fr/port-royal-morgan.html", width, proofreading=True)
    assert page.evaluate("document.documentElement.classList.contains('rb-proofreading')")
    page.add_style_tag(content=style)
    assert covered_while_scrolling(page, stops=4)[0] != {}


@pytest.mark.parametrize(
    ("style", "from_end"),
    [
        # The page's last lines under the phone's language bar, where they stay at the end.
        (".page { padding-bottom: 0 !important; }", 0),
        # "Back to top" just above the bar: scrolling up from the end, it shows over the last
        # lines (at the end itself furo hides it).
        (".back-to-top { bottom: 4.5rem !important; }", 40),
    ],
)
def test_the_overlap_check_sees_the_last_lines_covered_at_the_end_of_a_phones_page(
    site: str, browser: Browser, style: str, from_end: int
) -> None:
    page = open_page(browser, f"{site}/fr/port-royal-morgan.html", 375)
    page.add_style_tag(content=style)
    end = page.evaluate("document.scrollingElement.scrollHeight - innerHeight")
    found, _ = covered_while_scrolling(page)
    assert end - from_end in found.values(), found


def test_the_companion_keeps_its_language_switch_at_the_top_and_no_back_to_top(
    site: str, browser: Browser
) -> None:
    page = open_page(browser, f"{site}/fr/companion/port-royal-morgan.html", 375)
    bar = page.locator(".rb-languages")
    assert bar.evaluate("e => getComputedStyle(e).position") == "static"
    page.evaluate(SCROLL_TO, 400)
    page.evaluate(SCROLL_TO, 200)
    assert not page.locator(".back-to-top").is_visible()


# --- A wide table shows that it scrolls ----------------------------------------------------

TABLES = """() => [...document.querySelectorAll('.rb-rule .table-wrapper')].map(box => {
  const style = getComputedStyle(box);
  const mask = style.maskImage || style.webkitMaskImage || 'none';
  return {rule: box.closest('.rb-rule').id, wider: box.scrollWidth > box.clientWidth + 1,
          fades: mask !== 'none', classes: [...box.classList].filter(c => c.startsWith('rb-'))};
})"""


def silent_tables(page: Page) -> list[str]:
    """The tables that scroll sideways without a sign of it (no fade on their edge), and
    those that fade though they do not scroll."""
    return [
        f"{box['rule']}: {'scrolls, no fade' if box['wider'] else 'fades, no scroll'}"
        for box in page.evaluate(TABLES)
        if box["wider"] != box["fades"]
    ]


# No table of a game page is wider than a phone any more (below): one made so, as a table
# with more columns would be.
WIDE = "#pr-treasures-table table { min-width: 40rem; }"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_table_wider_than_a_phone_fades_on_the_side_where_more_of_it_lies(
    site: str, browser: Browser, lang: str
) -> None:
    page = open_page(browser, f"{site}/{lang}/port-royal-morgan.html", 375)
    page.add_style_tag(content=WIDE)
    page.evaluate(NEXT_FRAMES)
    tables = {box["rule"]: box for box in page.evaluate(TABLES)}
    assert tables["pr-treasures-table"]["wider"]  # 640 px of table in a 343 px column
    assert tables["pr-treasures-table"]["classes"] == ["rb-more-right"]
    assert silent_tables(page) == []
    # Scrolled to its end, it fades on the left, where the rest of it now lies.
    page.evaluate("document.querySelector('#pr-treasures-table .table-wrapper').scrollLeft = 9999")
    page.evaluate(NEXT_FRAMES)
    tables = {box["rule"]: box for box in page.evaluate(TABLES)}
    assert tables["pr-treasures-table"]["classes"] == ["rb-more-left"]
    assert silent_tables(page) == []


def test_on_a_desktop_no_table_scrolls_nor_fades(site: str, browser: Browser) -> None:
    page = open_page(browser, f"{site}/fr/port-royal-morgan.html", 1280)
    assert [box for box in page.evaluate(TABLES) if box["wider"] or box["fades"]] == []


def test_the_table_check_sees_a_wide_table_with_no_sign_that_it_scrolls(
    site: str, browser: Browser
) -> None:
    page = open_page(browser, f"{site}/fr/port-royal-morgan.html", 375)
    page.add_style_tag(content=WIDE + " .table-wrapper { mask-image: none !important; "
                       "-webkit-mask-image: none !important; }")  # fmt: skip
    assert "pr-treasures-table: scrolls, no fade" in silent_tables(page)


# Each table of a page, and how far it reaches beyond its column (its scrolling box on a game
# page, its block on a player aid).
OVERFLOWS = """() => [...document.querySelectorAll('article table')].map(table => {
  const box = table.closest('.table-wrapper') || table.parentElement;
  const rule = table.closest('.rb-rule, .rb-aid-rule');
  const name = rule.id || rule.querySelector('a[href*="#"]').hash.slice(1);
  return [name, Math.round(table.getBoundingClientRect().width - box.clientWidth)];
})"""


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_on_a_phone_every_table_of_a_game_page_and_its_aid_fits_its_column(
    site: str, built_site: Path, browser: Browser, lang: str
) -> None:
    """At 375 px the treasures table was 504 px (526 in English) in a 343 px column, its third
    column cut behind a fade; the French extra-point table 373 px, on the aid too."""
    page = open_page(browser, "about:blank", 375)
    seen: dict[str, int] = {}
    wider: dict[str, int] = {}
    slugs = [game.slug for game in book_games()]
    paths = [f"{lang}/{slug}.html" for slug in slugs] + [
        f"{lang}/aid/{slug}.html" for slug in slugs
    ]
    for path in [path for path in paths if (built_site / path).exists()]:
        page.goto(f"{site}/{path}")
        page.wait_for_load_state("load")
        for name, beyond in page.evaluate(OVERFLOWS):
            seen[f"{path}#{name}"] = beyond
            if beyond > 1:
                wider[f"{path}#{name}"] = beyond
    assert {"pr-treasures-table", "pr-morgan-extra-point-table", "cd-castle-tip"} <= {
        key.split("#")[1] for key in seen
    }, "the tables that were too wide: not seen"
    assert wider == {}


# --- A page opened as a file ---------------------------------------------------------------

needs_try = pytest.mark.skipif(not can_try(ROOT), reason="Pyodide is not installed (make does)")


@needs_try
def test_a_game_page_opened_as_a_file_says_its_try_panels_need_the_site_served(
    built_site: Path, browser: Browser
) -> None:
    errors: list[str] = []
    page = open_page(browser, (built_site / "fr" / "port-royal-morgan.html").as_uri(), 375)
    page.on("pageerror", lambda error: errors.append(str(error)))
    said = text("fr", "served_only")
    notice = page.locator(".rb-served-only")
    assert notice.is_visible() and notice.inner_text() == said
    panel = page.locator(".rb-try").first
    panel.locator("summary").click()
    assert panel.locator(".rb-try-error").inner_text() == said
    assert "make serve" in said and "http://127.0.0.1:8000/" in said
    assert errors == []


@needs_try
def test_a_companion_opened_as_a_file_says_so_in_its_place(
    built_site: Path, browser: Browser
) -> None:
    errors: list[str] = []
    page = open_page(browser, "about:blank", 375)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto((built_site / "en" / "companion" / "port-royal-morgan.html").as_uri())
    page.wait_for_load_state("load")
    assert page.locator(".rb-companion-state").inner_text() == text("en", "served_only")
    assert page.locator(".rb-companion button").count() == 0  # nothing to tap in vain
    assert not page.locator(".rb-served-only").is_visible()  # said once, in the companion
    assert errors == []  # companion.js did not start (a worker from a file would throw)


@needs_try
def test_served_the_pages_say_nothing_of_files(site: str, browser: Browser) -> None:
    page = open_page(browser, f"{site}/fr/port-royal-morgan.html", 375)
    assert not page.locator(".rb-served-only").is_visible()
    panel = page.locator(".rb-try").first
    panel.locator("summary").click()
    panel.locator(".rb-try-run").wait_for()
    assert panel.locator(".rb-try-error").count() == 0


# --- Search snippets from the reading text --------------------------------------------------


def proofreading_words(lang: str) -> list[str]:
    """What a snippet of the reading text never holds: the proof-reading tools' and the
    menus' words, and a rule's title said twice under its section's own."""
    twice = {"fr": "Matériel Matériel", "en": "Components Components"}[lang]
    keys = ("original", "proofreading", "copy_link", "report", "no_code", "outdated_title")
    return [text(lang, key).split("\u00a0")[0] for key in keys] + [twice]


def snippets(page: Page) -> list[str]:
    """Every result's snippet, once the search has listed them all (it says so) and each has
    its snippet, made from its page as fetched."""
    page.wait_for_function(
        """() => {
          const said = document.querySelector('#search-results p.search-summary');
          const results = [...document.querySelectorAll('#search-results li')];
          return Boolean(said && said.textContent) && results.length >= 2
            && results.every((li) => li.querySelector('p.context'));
        }""",
        timeout=15000,
    )
    return page.locator("#search-results li p.context").all_inner_texts()


@pytest.mark.parametrize(("lang", "query"), [("fr", "matériel"), ("en", "components")])
def test_search_snippets_quote_the_reading_text(
    site: str, browser: Browser, lang: str, query: str
) -> None:
    page = open_page(browser, f"{site}/{lang}/search.html?q={query}")
    found = snippets(page)
    assert len(found) >= 2
    words = proofreading_words(lang)
    assert [(s[:60], w) for s in found for w in words if w in s] == []
    # Sphinx's own snippet of the same rule holds them: the check would see them.
    sphinx = page.evaluate(
        """async () => {
          const html = await (await fetch('port-royal-morgan.html')).text();
          const rule = '#pr-material';
          return [Search.htmlToText.sphinx(html, rule), Search.htmlToText(html, rule)];
        }"""
    )
    assert [w for w in words if w in sphinx[0]] != []
    assert [w for w in words if w in sphinx[1]] == []


# --- Typography everywhere a reader reads ----------------------------------------------------

# What a reader reads of a page, in the reading view then the proof-reading view: its text,
# its title, and the words of its attributes (labels, tooltips, link previews). Not quoted
# text: code, the source's lines, and the side-by-side columns, the files as written (a
# proof-reader compares characters). For each reading asked, [quoted, only] (``only``: in
# that language), each piece once: one walk of the page in each view serves every reading.
READ = """(readings) => {
  const out = readings.map(() => new Set());
  const root = document.documentElement;
  const langOf = (e) => (e.closest('[lang]') || {lang: ''}).lang;
  const skipped = (e, [quoted, only]) =>
    Boolean(e.closest(quoted)) || Boolean(only && !langOf(e).startsWith(only));
  const proofreading = root.classList.contains('rb-proofreading');
  for (const view of [proofreading, !proofreading]) {
    root.classList.toggle('rb-proofreading', view);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent) continue;
      let visible = null;  // asked once, if some reading wants the text
      readings.forEach((reading, i) => {
        if (skipped(parent, reading)) return;
        visible ??= parent.checkVisibility({visibilityProperty: true});
        if (visible) out[i].add(node.data);
      });
    }
  }
  root.classList.toggle('rb-proofreading', proofreading);
  readings.forEach((reading, i) => {
    out[i].add(document.title);
    for (const e of document.querySelectorAll(
        '[aria-label], [title], [alt], meta[name="description"], meta[property^="og:"]')) {
      if (reading[1] && !langOf(e).startsWith(reading[1])) continue;
      for (const name of ['aria-label', 'title', 'alt', 'content']) {
        if (e.hasAttribute(name) && !(name === 'content' && e.matches('meta[property="og:url"]'))) {
          out[i].add(e.getAttribute(name));
        }
      }
    }
  });
  return out.map((pieces) => [...pieces]);
}"""
CODE = "code, pre, kbd, samp, script, style, .highlight, .rb-original-text"
# The side-by-side columns quote the files as written (a proof-reader compares characters):
# the rules files' apostrophes are straight; the source's spaces are its own.
FILES, SOURCE = ".rb-sbs-col", ".rb-sbs-col:first-child"
STRAIGHT_APOSTROPHE = re.compile(r"\w'\w")
# A plain space (or none) where French typography puts a no-break space.
FRENCH_SPACE = re.compile(r"(?<=[\w»)\]]) ?[:;!?](?=\s|$)|(?<=[\w»)\]]) »|« ")


def faults(texts: list[str], pattern: re.Pattern[str]) -> list[str]:
    """Each match of ``pattern`` in the texts, with what stands around it."""
    return [
        f"…{piece[max(m.start() - 16, 0) : m.end() + 4]}…"
        for piece in texts
        for m in pattern.finditer(piece)
    ]


def pages_of(site_folder: Path, lang: str) -> list[str]:
    """A language's pages a reader reads: not the search page, nor a moved page's address,
    which sends the browser on at once."""
    found = [
        p
        for p in (site_folder / lang).rglob("*.html")
        if "_sources" not in p.parts
        and p.name != "search.html"
        and 'http-equiv="refresh"' not in p.read_text(encoding="utf-8")
    ]
    return sorted(p.relative_to(site_folder).as_posix() for p in found)


def read_in_both_views(page: Page, *readings: tuple[str, str]) -> list[list[str]]:
    """What a reader reads of the page in either view, for each reading (quoted, only): not
    what ``quoted`` selects; if ``only``, only what is in that language."""
    read: list[list[str]] = page.evaluate(READ, [list(reading) for reading in readings])
    return read


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_page_writes_typographic_apostrophes_and_french_spaces(
    site: str, built_site: Path, browser: Browser, lang: str
) -> None:
    paths = pages_of(built_site, lang)
    page = open_page(browser, "about:blank")
    found: dict[str, list[str]] = {}
    for path in paths:
        page.goto(f"{site}/{path}")
        page.wait_for_load_state("load")
        readings = [(f"{CODE}, {FILES}", "")]
        if lang == "fr" and not path.startswith("fr/code/"):  # those: the code's docstrings,
            # in English (the page's own words are its title: tests/extension/test_page_titles.py)
            readings.append((f"{CODE}, {SOURCE}", "fr"))
        read = read_in_both_views(page, *readings)
        seen = faults(read[0], STRAIGHT_APOSTROPHE)
        if len(read) > 1:
            seen += faults(read[1], FRENCH_SPACE)
        if seen:
            found[path] = sorted(set(seen))[:5]
    assert len(paths) > 30
    assert found == {}


def test_the_typography_check_sees_a_plain_space_and_a_straight_apostrophe() -> None:
    assert faults(["Sans code : rien", "« Extra »"], FRENCH_SPACE) == [
        "…Sans code : rie…",
        "…« Extr…",
        "…« Extra »…",
    ]
    assert faults(["Sans code\u00a0: rien", "«\u00a0Extra\u00a0»\u00a0!"], FRENCH_SPACE) == []
    assert faults(["Note de l'éditeur", "The editor’s note"], STRAIGHT_APOSTROPHE) == [
        "…Note de l'édite…"
    ]


# The space between a change's label ("Correction of the source") and its colon, in px, as
# drawn: from the label's last letter to the colon, and what the text holds there (the
# catalog's punctuation: nothing in English, U+00A0 in French). In the rule's history folds,
# opened; a notice is drawn the same (word_changes.html).
LABEL_GAP = """() => {
  document.querySelectorAll('details.rb-history').forEach(d => { d.open = true; });
  return [...document.querySelectorAll('.rb-history .rb-change-reason')].map(reason => {
    const label = reason.querySelector('.rb-kind');
    const word = label.lastChild, after = label.nextSibling, colon = after.data.indexOf(':');
    const last = document.createRange(), drawn = document.createRange();
    last.setStart(word, word.length - 1);
    last.setEnd(word, word.length);
    drawn.setStart(after, colon);
    drawn.setEnd(after, colon + 1);
    const space = document.createRange();
    space.setStart(after, 0);
    space.setEnd(after, colon);
    return [drawn.getBoundingClientRect().left - last.getBoundingClientRect().right,
            space.getBoundingClientRect().width];
  });
}"""


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_changes_label_stands_before_its_colon_as_the_language_spaces_it(
    site: str, browser: Browser, lang: str
) -> None:
    """ "CORRECTION OF THE SOURCE : The…" showed a space the text does not hold (the label's
    margin): in English the colon follows the label, no further from it than a letter's side
    bearing; in French the space is the catalog's no-break space, and nothing more."""
    page = open_page(browser, f"{site}/{lang}/port-royal-morgan.html", 375)
    gaps = page.evaluate(LABEL_GAP)
    assert len(gaps) > 3
    if lang == "en":
        assert [round(drawn, 1) for drawn, held in gaps if held > 0 or drawn > 1] == []
    else:
        assert all(held > 2 for _, held in gaps), "no space held before the French colon"
        assert [round(drawn - held, 1) for drawn, held in gaps if abs(drawn - held) > 1] == []


def test_the_404_page_suggests_rules_with_typographic_apostrophes(
    site: str, built_site: Path, browser: Browser
) -> None:
    page = open_page(browser, "about:blank")
    not_found = (built_site / "404.html").read_text(encoding="utf-8")

    def serve_404(route: Route) -> None:
        route.fulfill(status=404, content_type="text/html", body=not_found)

    page.route("**/r/pr-nam/", serve_404)  # unrouted after the test (close_pages)
    page.goto(f"{site}/r/pr-nam/")
    suggestion = page.locator("section[lang=fr] .rb-suggest li").first
    suggestion.wait_for()
    said = suggestion.inner_text()
    assert "D’où vient le nom de Morgan" in said and "Where Morgan’s name comes from" in said
    assert faults([page.locator("body").inner_text()], STRAIGHT_APOSTROPHE) == []
