"""Game terms linked (``term_links.py``) on the small books: the first use of a glossary term
in each rule links to its entry, never in a heading; the quotes, the player aid and the review
pages keep plain text; a definition holding markup stays text, in the page and in a browser's
popup. The matching itself: tests/test_term_links.py, on doctrees made there; the popup's
behaviour at each width, in each scheme: there too, on the whole site."""

import html
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from typing import Any

import pytest

from rulebook.book import load_book
from rulebook.outputs.cite import cite
from rulebook.site.sphinxext.html_templates import html_block
from tests.conftest import serving
from tests.small_book import (
    GAME,
    GAMES,
    SmallSite,
    SmallSites,
    assert_snapshot,
    build,
    cut_book,
    element,
)


class Links(HTMLParser):
    """The term links of a page: each with its rule, and where it stands."""

    WATCHED = ("h1", "h2", "h3", "h4", "h5", "h6", "thead", "blockquote", "code", "pre")

    def __init__(self) -> None:
        super().__init__()
        self.rule = ""
        self.depth = 0
        self.inside: dict[str, int] = dict.fromkeys(self.WATCHED, 0)
        self.links: list[dict[str, Any]] = []
        self.definitions: dict[str, str] = {}
        self.definition = ""
        self.anchors: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        classes = (found.get("class") or "").split()
        if "id" in found:
            self.anchors.add(found["id"] or "")
        if tag == "div":
            if self.rule:
                self.depth += 1
            elif "rb-rule" in classes:
                self.rule, self.depth = found["id"] or "", 1
        if tag in self.inside:
            self.inside[tag] += 1
        if tag == "a" and "rb-term" in classes:
            where = [name for name, count in self.inside.items() if count]
            self.links.append({**found, "rule": self.rule, "in": where})
        if tag == "span" and (found.get("id") or "").startswith("rb-def-"):
            self.definition = found["id"] or ""
            self.definitions[self.definition] = ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "div" and self.rule:
            self.depth -= 1
            self.rule = self.rule if self.depth else ""
        if tag in self.inside:
            self.inside[tag] -= 1
        if tag == "span":
            self.definition = ""

    def handle_data(self, data: str) -> None:
        if self.definition:
            self.definitions[self.definition] += data


def links_of(page: str) -> Links:
    parser = Links()
    parser.feed(page)
    return parser


def test_a_rules_first_use_of_a_term_links_to_the_glossary(small_site: SmallSite) -> None:
    """The text of ``pr-material``, as a snapshot: its terms linked, their definitions."""
    page = small_site.page("fr", f"{GAME}.html")
    body = element(page[page.index('id="pr-material"') :], '<div class="rb-rule-body')
    assert 'class="rb-term"' in body
    assert_snapshot("term_links/pr-material.fr.html", body)


@pytest.mark.parametrize(
    ("slug", "lang", "rule_id", "name", "term"),
    [
        ("megawatts-solo", "fr", "mw-overview", "Benelux/Europe centrale", "centrales"),
        ("catan-dice-extra", "en", "cd-credits", "Die Siedler von Catan", None),
    ],
)
def test_a_name_that_holds_a_terms_word_is_no_use_of_the_term(
    small_sites: SmallSites, slug: str, lang: str, rule_id: str, name: str, term: str | None
) -> None:
    """A player's review tapped "centrale" in the map's name "Benelux/Europe centrale" and
    "Die" in the game's German title, and read the definitions of a power plant and a die.
    The glossary lists such names (``not_in_fr``, ``not_in_en``): no link inside them; the
    term's own use in the same rule still links ("centrales", in Megawatts' overview)."""
    page = small_sites(slug).page(lang, f"{slug}.html")
    body = element(page[page.index(f'id="{rule_id}"') :], '<div class="rb-rule-body')
    assert name in re.sub(r"<[^>]+>", "", body)
    assert name in body, "a link cut into the name"
    linked = re.findall(r'<a [^>]*class="rb-term"[^>]*>([^<]+)</a>', body)
    assert (term in linked) if term else linked == [], linked


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_each_game_page_links_a_term_once_per_rule_and_never_in_a_heading(
    small_sites: SmallSites, lang: str
) -> None:
    linked = 0
    for slug in GAMES:
        site = small_sites(slug)
        glossary = links_of(site.page(lang, "glossary.html")).anchors
        page = links_of(site.page(lang, f"{slug}.html"))
        assert page.links, slug  # every game has terms (a short one, a few)
        linked += len(page.links)
        assert [link for link in page.links if not link["rule"] or link["in"]] == []
        pairs = [(link["rule"], link["href"]) for link in page.links]
        assert len(pairs) == len(set(pairs)), "a term is linked once in a rule"
        for link in page.links:
            target = link["href"].partition("#")[2]
            assert link["href"] == f"glossary.html#{target}" and target in glossary
            assert page.definitions[link["aria-describedby"]].strip(), "its definition is there"
    assert linked > 20 * len(GAMES), "the book's pages link their terms (about 40 a game)"


def test_the_quotes_the_player_aid_and_the_review_pages_keep_plain_text(
    small_sites: SmallSites,
) -> None:
    site = small_sites(GAME)
    book = load_book(site.root)
    page = site.page("en", f"{GAME}.html")
    quotes = re.findall(r'data-(?:bbcode|markdown)="([^"]*)"', page)
    assert len(quotes) > 40 and 'class="rb-term"' in page
    assert [q for q in quotes if "glossary" in q or "rb-term" in html.unescape(q)] == []
    for form in ("url", "bbcode", "markdown"):
        assert "glossary" not in cite(book, "pr-material", "en", form)
    others = [
        p
        for slug in GAMES
        for lang in ("fr", "en")
        for folder in ("aid", "side-by-side", "corrections", "companion")
        for p in (small_sites(slug).html(lang) / folder).glob("*.html")
    ]
    assert len(others) > 20
    assert [p for p in others if "rb-term" in p.read_text(encoding="utf-8")] == []


# A definition holding markup, through a build and into the popup.

MARKUP = "<img src=x onerror=alert(7)> <b>bold</b> **strong** [link](javascript:alert(8)) &amp;"
TERM = "a.rb-term"
POP = ".rb-term-pop"


def test_a_glossary_definition_holding_markup_is_written_as_text() -> None:
    block = html_block("term_definitions.html", "en", ("no-search",),
                       terms=[("term-g-x", 'a "ship"', MARKUP)])  # fmt: skip
    written = block.astext()
    assert "<img" not in written and "<b>" not in written and "<a " not in written
    assert "&lt;img src=x onerror=alert(7)&gt; &lt;b&gt;bold&lt;/b&gt;" in written
    assert "&amp;amp;" in written and 'data-term="a “ship”"' in written
    assert block["classes"] == ["no-search"], "definitions stay out of the search index"


@pytest.fixture(scope="module")
def marked_up_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The English pages of a small book whose "ship" definition holds markup, served."""
    root = cut_book(tmp_path_factory.mktemp("markup") / "book", (GAME,))
    glossary = root / "rules_fr" / "glossary.toml"
    old = 'what_en = "A piece rolled on the dice'
    text = glossary.read_text(encoding="utf-8")
    assert text.count(old) == 1
    glossary.write_text(text.replace(old, f'what_en = "{MARKUP} A piece'), encoding="utf-8")
    out = root / "_build" / "en"
    assert build(root, out, "en", {}, strict=False) == 0, (out / "warnings.txt").read_text()
    with serving(out / "html") as url:
        yield url


def test_a_glossary_definition_holding_markup_stays_text_in_the_page_and_the_popup(
    chromium: Any, marked_up_site: str
) -> None:
    page = chromium.new_page(viewport={"width": 375, "height": 800})
    dialogs: list[str] = []

    def dismiss(dialog: Any) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", dismiss)
    page.goto(f"{marked_up_site}/en/{GAME}.html")
    page.wait_for_load_state("load")
    ship = page.locator(f'{TERM}[aria-describedby="rb-def-term-{GAME}-navire"]').first
    ship.focus()
    shown = page.locator(POP).inner_text()
    assert MARKUP in shown, shown
    assert page.locator(f"{POP} img, {POP} b, .rb-term-defs img").count() == 0
    assert page.locator(f"{POP} a").count() == 1, "only its own link to the glossary"
    page.close()
    assert dialogs == []
