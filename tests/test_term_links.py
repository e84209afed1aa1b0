"""Game terms linked: the first use of a glossary term in each rule links to its entry, and
shows its definition on a hover, a keyboard focus or a tap; headings, quotes, the print
edition and the player aid keep plain text; a definition is text, whatever it holds.

The matching is tested on doctrees made here; the pages of each game (its links, the plain
text elsewhere, a definition holding markup) on the small books of tests/extension/
test_term_links.py; the print edition and the popup in Chromium, at 375 px and 1280 px, in
both colour schemes, on the session's site (built as `make test` builds it).
"""

import json
import re
from collections.abc import Iterator
from io import BytesIO
from pathlib import Path
from typing import Any

import pytest
from docutils import nodes
from pypdf import PdfReader

from rulebook.book.glossary import GlossaryTerm, load_glossary
from rulebook.language import text as ui_text
from rulebook.site.sphinxext.term_links import Matcher, anchors, link_terms, term_link
from rulebook.text.smart_quotes import smart
from tests.conftest import PDF_GAME, ROOT

GAME = "port-royal-morgan"


def term(
    fr: str, en: str, forms_fr: tuple[str, ...] = (), forms_en: tuple[str, ...] = ()
) -> GlossaryTerm:
    return GlossaryTerm("g", fr, en, f"{fr}, défini", f"{en}, defined", forms_fr, forms_en,
                        (), (), 1)  # fmt: skip


SHIP = term("navire", "ship", ("navires",), ("ships",))
WHEEL = term("roue de navire", "ship's wheel", ("roue",), ("wheel",))
ARMY = term("plus grande armée", "Largest Army")
GREEN = term("centrale «\u00a0verte\u00a0»", "green power plant")
DIE = term("dé", "die", ("dés",), ("dice",))
ITEM = term("objet", "item", ("objets",), ("items",))
TERMS = [SHIP, WHEEL, ARMY, GREEN, DIE, ITEM]


def paragraph(*parts: str | nodes.Node) -> nodes.paragraph:
    return nodes.paragraph("", "", *(nodes.Text(p) if isinstance(p, str) else p for p in parts))


def linked(lang: str, *children: nodes.Node) -> list[tuple[str, str]]:
    """The links made in a rule's body holding ``children``: (text, anchor), in order."""
    body = nodes.container(classes=["rb-rule-body"])
    body.extend(children)
    link_terms(body, Matcher.of(TERMS, lang), anchors(TERMS))
    return [(link.astext(), link["anchor"]) for link in body.findall(term_link)]


def anchor(of: GlossaryTerm) -> str:
    return anchors(TERMS)[of]


def test_a_term_is_linked_at_its_first_use_in_a_rule_and_only_there() -> None:
    found = linked(
        "en",
        paragraph("Ships sail. A ship docks; ships leave."),
        paragraph("Roll the dice: one die per ship."),
    )
    assert found == [("Ships", anchor(SHIP)), ("dice", anchor(DIE))]


def test_the_longest_form_wins_and_no_term_is_linked_inside_a_word() -> None:
    text = "Shipshape, re-ship and ship-to-shore; the ship\u2019s wheel, then a ship."
    assert linked("en", paragraph(text)) == [
        ("ship\u2019s wheel", anchor(WHEEL)),
        ("ship", anchor(SHIP)),
    ]
    split = paragraph(nodes.emphasis("", "ship"), "s, a ", nodes.strong("", "Ship"))
    assert linked("en", split) == [("Ship", anchor(SHIP))], "a word split by markup is one word"
    assert linked("fr", paragraph("Le dédale, les idées, de la roue de navire.")) == [
        ("roue de navire", anchor(WHEEL)),
    ]


def test_a_lower_case_form_matches_any_case_and_a_name_only_as_written() -> None:
    text = "Ship first. The largest army is not the Largest Army."
    assert linked("en", paragraph(text)) == [("Ship", anchor(SHIP)), ("Largest Army", anchor(ARMY))]


def test_french_forms_match_with_their_accents_apostrophes_and_typographic_spaces() -> None:
    text = "L\u2019objet de la centrale «\u202fverte\u202f», puis deux dés."
    assert linked("fr", paragraph(text)) == [
        ("objet", anchor(ITEM)),
        ("centrale «\u202fverte\u202f»", anchor(GREEN)),
        ("dés", anchor(DIE)),
    ]
    assert linked("fr", paragraph("Le de, la centrale verte, l\u2019objectif.")) == []


def test_no_term_is_linked_in_code_a_link_a_number_span_a_heading_or_a_tables_head() -> None:
    head = nodes.thead("", nodes.row("", nodes.entry("", paragraph("ship"))))
    cells = nodes.tbody("", nodes.row("", nodes.entry("", paragraph("die"))))
    table = nodes.table("", nodes.tgroup("", head, cells, cols=1))
    found = linked(
        "en",
        nodes.title("", "", nodes.Text("The ship")),
        paragraph(
            nodes.literal("", "ship"),
            " ",
            nodes.reference("", "ship", refuri="#x"),
            " ",
            nodes.inline("", "wheel", classes=["rb-nq"]),
            " ",
            nodes.inline("", "[a ship]", classes=["rb-ed"]),  # an editors' addition is text
        ),
        table,
    )
    assert found == [("ship", anchor(SHIP)), ("die", anchor(DIE))]


def test_each_glossary_term_has_its_own_anchor_the_same_in_both_languages() -> None:
    _, terms = load_glossary(ROOT)
    made = anchors(terms)
    assert len(set(made.values())) == len(terms) > 100
    assert all(re.fullmatch(r"term-[a-z0-9-]+", a) for a in made.values())
    twin = [GlossaryTerm(t.game, t.fr, t.en + " (bis)", "", "", (), (), (), (), 0) for t in terms]
    assert list(anchors(twin).values()) == list(made.values()), "made of the French term only"


# The built site.


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("paper", ["", "-letter"])  # Letter is printed second, from one load
def test_the_printed_game_holds_its_terms_as_plain_text(
    built_site: Path, lang: str, paper: str
) -> None:
    printed = built_site / lang / "pdf" / f"{PDF_GAME}{paper}.pdf"
    pdf = PdfReader(BytesIO(printed.read_bytes()))
    addresses = [
        str(note.get_object()["/A"].get("/URI", ""))
        for page in pdf.pages
        for note in page.get("/Annots") or []
        if "/A" in note.get_object()
    ]
    assert [a for a in addresses if "glossary" in a] == []
    words = re.sub(r"\s+", " ", "".join(page.extract_text() for page in pdf.pages))
    assert ("roue de navire" if lang == "fr" else "ship\u2019s wheel") in words


# In Chromium.

TERM = "a.rb-term"
POP = ".rb-term-pop"


@pytest.fixture
def pages(chromium: Any, site_url: str) -> Iterator[Any]:
    """A new page at a width, touch or not, in a colour scheme; closed after the test."""
    opened: list[Any] = []

    def open_page(path: str, width: int = 375, touch: bool = False, scheme: str = "light") -> Any:
        context = chromium.new_context(
            viewport={"width": width, "height": 800}, has_touch=touch, is_mobile=touch,
            color_scheme=scheme,
        )  # fmt: skip
        opened.append(context)
        page = context.new_page()
        page.goto(f"{site_url}/{path}")
        page.wait_for_load_state("load")
        return page

    yield open_page
    for context in opened:
        context.close()


def definition_of(page: Any, link: Any) -> str:
    return str(page.locator(f"#{link.get_attribute('aria-describedby')}").text_content())


def inside_window(page: Any, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    return bool(box and box["x"] >= 0 and box["x"] + box["width"] <= width and box["y"] >= 0
                and box["y"] + box["height"] <= height)  # fmt: skip


@pytest.mark.parametrize(("lang", "width"), [("fr", 375), ("en", 1280)])
def test_a_keyboard_reaches_a_term_hears_its_definition_and_escape_closes_it(
    pages: Any, lang: str, width: int
) -> None:
    from playwright.sync_api import expect

    page = pages(f"{lang}/{GAME}.html", width)
    for _ in range(200):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('a.rb-term')"):
            break
    link = page.locator(f"{TERM}:focus")
    said = definition_of(page, link)
    _, terms = load_glossary(ROOT)
    assert said in {smart(t.what_fr if lang == "fr" else t.what_en, lang) for t in terms}
    expect(link).to_have_accessible_description(said)
    expect(page.locator(POP)).to_be_visible()
    assert said in page.locator(POP).inner_text() and inside_window(page, POP)
    page.keyboard.press("Escape")
    expect(page.locator(POP)).to_be_hidden()
    assert page.evaluate("document.activeElement.matches('a.rb-term')"), "focus stays"
    href = link.get_attribute("href")
    page.keyboard.press("Enter")
    page.wait_for_url(f"**/{lang}/{href}")
    expect(page.locator(f"#{href.partition('#')[2]}")).to_be_in_viewport()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_tap_at_375_px_shows_the_definition_and_a_second_tap_follows_the_link(
    pages: Any, lang: str
) -> None:
    from playwright.sync_api import expect

    page = pages(f"{lang}/{GAME}.html#pr-material", touch=True)
    link = page.locator(f"#pr-material {TERM}").first
    address = page.url
    link.tap()
    expect(page.locator(POP)).to_be_visible()
    assert page.url == address, "the first tap stays on the page"
    assert definition_of(page, link) in page.locator(POP).inner_text()
    more = page.locator(f"{POP} a")
    expect(more).to_have_text(ui_text(lang, "term_more"))
    assert inside_window(page, POP) and more.bounding_box()["height"] >= 44
    page.locator("h1").tap()
    expect(page.locator(POP)).to_be_hidden()
    href = link.get_attribute("href")
    link.tap()
    link.tap()
    page.wait_for_url(f"**/{lang}/{href}")


def test_a_hover_shows_the_definition_and_moving_away_hides_it(pages: Any) -> None:
    from playwright.sync_api import expect

    page = pages(f"en/{GAME}.html", 1280)
    link = page.locator(TERM).nth(3)
    link.hover()
    expect(page.locator(POP)).to_be_visible()
    assert definition_of(page, link) in page.locator(POP).inner_text()
    page.locator(POP).hover()  # the pointer may move onto the definition
    page.wait_for_timeout(400)
    expect(page.locator(POP)).to_be_visible()
    page.mouse.move(5, 5)
    expect(page.locator(POP)).to_be_hidden()


# The page's HTML but for the definition's box: what opening a definition must leave as it was.
AROUND_THE_POP = f"""() => {{
  const copy = document.body.cloneNode(true);
  copy.querySelector({json.dumps(POP)}).remove();
  return copy.innerHTML;
}}"""


def test_axe_finds_nothing_serious_in_an_open_definition(pages: Any) -> None:
    """The open definition, audited in both schemes at both widths (tests/axe.py, changed in
    place; the definition stays open through each change, asserted before each audit). The
    page around it is tests/test_a11y.py's game page, audited there in full: opening the
    definition changes nothing of it (asserted), so it is not audited again here."""
    from playwright.sync_api import expect

    from tests.axe import serious_violations

    page = pages(f"fr/{GAME}.html#pr-material", 1280)
    closed = page.evaluate(AROUND_THE_POP)
    page.locator(f"#pr-material {TERM}").first.focus()
    expect(page.locator(POP)).to_be_visible()
    assert page.evaluate(AROUND_THE_POP) == closed, "opening a definition changed the page"

    def still_open() -> None:
        expect(page.locator(POP)).to_be_visible()

    found = serious_violations(page, ready=still_open, within=POP)
    assert len(found) == 4, "light and dark, at 1280 px and 375 px"
    assert {state: lines for state, lines in found.items() if lines} == {}
    # The audit sees the definition: its words made pale, at one width in one scheme.
    page.add_style_tag(content=".rb-term-pop-what { color: #c8c8c8 !important }")
    pale = serious_violations(page, (375, 375), ("light",), still_open, within=POP)
    assert [line.split(" at ")[0] for line in pale["light", 375]] == ["color-contrast (serious)"]
