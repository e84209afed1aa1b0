"""The print edition read back with a PDF text extractor: every game, in both languages, in A4
and US Letter, its rules and its player aid.

Nothing of the web is printed (no control, whatever the page holds; no proof-reading aid; no
address under each rule); each rule's ID stands beside its title, and the foot says where any
ID leads online; the page's QR code is on page 1; each kind of editor's note is explained
once, the notes under the rules are short; no page but the last is half empty, and the last
holds more than a stray line; no page ends on a heading, its text on the next. The player aid
holds its rules word for word, in two columns, on two pages at most. Each of these checks is
also broken on purpose.

Outside CI the tests skip, saying so, when no Chromium is found; in CI (.ci/run installs it)
a skip fails the run (tests/ci_skips.py).
"""

import asyncio
import functools
import re
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path

import pytest
from pypdf import PdfReader

from rulebook.book import load_book
from rulebook.book.model import RulesFile
from rulebook.language import punctuation
from rulebook.language import text as ui_text
from rulebook.site.config import CONFIG
from rulebook.site.pdf import (
    ARGS,
    GET_CHROMIUM,
    PAPERS,
    add_edition,
    build_pdfs,
    can_print,
    edition_line,
    find_chromium,
    game_edition_date,
    pdf_href,
    print_page,
)
from rulebook.site.qr import qr_svg
from rulebook.site.sphinxext.rule import note_kinds
from rulebook.text.prose import words
from tests.conftest import PDF_GAME, ROOT

if not can_print():
    pytest.skip(
        f"no Chromium found ({GET_CHROMIUM}): PDF tests skipped",
        allow_module_level=True,
    )

from playwright.async_api import async_playwright

GAME = PDF_GAME  # the game broken on purpose
BOOK = load_book(ROOT)
SLUGS = [game.slug for game in BOOK.games]
LANGS = ("fr", "en")
# The page body lies between the running head and foot: 18 mm and 16 mm margins (pdf.py).
HEAD, FOOT = 51, 45
# What print.css moves whole to the next page: a heading with its rule's title and first 3
# lines (about 10 of the 45 lines a page holds), a table row, a table of 8 rows or fewer (with
# its title, about a quarter of a page). So every page but the last is about 3/4 full or more;
# 60 % leaves room for a tall row and still catches a half-empty page.
LEAST_FILL = 0.6
# The last page carries at least this many lines: never one or two stranded from a rule.
LEAST_LAST_LINES = 3
# Runs closer than this in height (points) are one line: a rule's ID is drawn about 3 points
# above its title's baseline, and the tightest lines (an editor's note) are 12 points apart.
LINE_SLACK = 6
PROOF_KEYS = ("original", "no_code", "examples", "corrections_of")
# The interface words of what is a control on screen, or says something of the screen: they
# mean nothing on paper.
CONTROL_KEYS = (
    "try_title", "chain_title", "why", "companion_link", "aid_link", "aid_print", "pdf_a4",
    "pdf_letter", "permalink", "copy_link", "copy_bbcode", "copy_markdown", "report",
    "proofreading", "proofreading_title", "see_change", "share_label", "served_only",
)  # fmt: skip


@dataclass(frozen=True)
class Edition:
    """One PDF of the print edition."""

    lang: str
    slug: str
    paper: str
    aid: bool

    def __str__(self) -> str:
        return f"{self.lang}/{pdf_href(self.slug, self.paper, self.aid)}"

    @property
    def rules(self) -> RulesFile:
        game = BOOK.game(self.slug)
        rules = game.fr if self.lang == "fr" else game.en
        assert rules is not None
        return rules


EDITIONS = [
    Edition(lang, slug, paper, aid)
    for lang in LANGS
    for slug in SLUGS
    for paper in PAPERS
    for aid in (False, True)
]
RULEBOOKS = [edition for edition in EDITIONS if not edition.aid]
AIDS = [edition for edition in EDITIONS if edition.aid]


@pytest.fixture(scope="module")
def site(built_site: Path) -> Path:
    return built_site


@functools.cache
def read(path: Path) -> PdfReader:
    return PdfReader(BytesIO(path.read_bytes()))


def reader(site: Path, edition: Edition) -> PdfReader:
    return read(site / str(edition))


def pages_of(pdf: PdfReader) -> list[str]:
    return [text for text, _ in extracted(pdf)]


def plain(text: str) -> str:
    """Text with its line breaks, spaces, quotation marks and ligatures made comparable."""
    for curly, straight in (("\u2019", "'"), ("\u201c", '"'), ("\u201d", '"'), ("\ufb01", "fi"),
                            ("\ufb02", "fl")):  # fmt: skip
        text = text.replace(curly, straight)
    return re.sub(r"\s+", " ", text).strip()


def whole_text(pdf: PdfReader) -> str:
    return plain(" ".join(pages_of(pdf)))


def controls_in(text: str, lang: str) -> list[str]:
    """The words of the site's controls found in a printed text (plain)."""
    found = [ui_text(lang, key) for key in CONTROL_KEYS]
    found += [ui_text(lang, "changed_on").split("{")[0]]
    return [word for word in map(plain, found) if word in text]


@dataclass(frozen=True)
class Run:
    """A piece of text of a PDF page where it is drawn (points from the bottom left)."""

    page: int
    x: float
    y: float
    text: str


@functools.cache
def extracted(pdf: PdfReader) -> tuple[tuple[str, tuple[Run, ...]], ...]:
    """Each page's text and its runs, read once a PDF (pypdf's extraction is most of what
    these tests cost: a PDF is read by half a dozen of them)."""
    pages = []
    for number, page in enumerate(pdf.pages, 1):
        found: list[Run] = []

        def note(
            text: str, cm: list[float], tm: list[float], *_: object, n: int = number,
            into: list[Run] = found,
        ) -> None:  # fmt: skip
            if text.strip():
                into.append(Run(n, cm[4] + tm[4] * cm[0], cm[5] + tm[5] * cm[3], text))

        pages.append((page.extract_text(visitor_text=note), tuple(found)))
    return tuple(pages)


def runs_of(pdf: PdfReader) -> list[Run]:
    return [run for _, runs in extracted(pdf) for run in runs]


def ids_not_beside_their_titles(pdf: PdfReader, rules: RulesFile) -> list[str]:
    """The rules whose ID is not printed once, on the right of the line of their title (or of
    their section's heading, which says the title when the page shows it once)."""
    runs = runs_of(pdf)
    missing = []
    for rule in rules.rules:
        ids = [run for run in runs if run.text.strip() == rule.id]
        title = plain(rule.title)
        titles = [
            run
            for run in runs
            if len(plain(run.text)) >= min(6, len(title)) and title.startswith(plain(run.text))
        ]
        if len(ids) != 1 or not any(
            run.page == ids[0].page and run.x < ids[0].x and -30 < ids[0].y - run.y < 8
            for run in titles
        ):
            missing.append(rule.id)
    return missing


def lines_of(pdf: PdfReader, index: int) -> list[list[Run]]:
    """A page's body as lines, top to bottom, each line's runs left to right. A rule's ID is
    set a few points off its title's baseline (print.css): runs less than LINE_SLACK points
    apart in height are one line."""
    top = float(pdf.pages[index].mediabox.height) - HEAD
    runs = sorted(
        (run for run in extracted(pdf)[index][1] if FOOT < run.y < top), key=lambda run: -run.y
    )
    lines: list[list[Run]] = []
    for run in runs:
        if lines and lines[-1][0].y - run.y < LINE_SLACK:
            lines[-1].append(run)
        else:
            lines.append([run])
    return [sorted(line, key=lambda run: run.x) for line in lines]


def orphaned_headings(pdf: PdfReader, rules: RulesFile) -> list[tuple[int, str]]:
    """The headings that end a page, what they head beginning on the next: (page, heading).
    A page's last line, or its last two (a heading that wraps), is a rule's title or its
    section's heading, whole, with at most a rule's ID beside it (which stands beside its
    title, or beside the first line of text of a rule its section's heading titles)."""
    ids = {rule.id for rule in rules.rules}
    headings = {
        squeezed(plain(heading)): heading
        for rule in rules.rules
        for heading in (rule.title, rule.heading)
        if heading
    }
    orphaned = []
    for index in range(len(pdf.pages)):
        lines = lines_of(pdf, index)
        for count in (1, 2):
            last = [run.text for line in lines[-count:] for run in line]
            words = squeezed(plain("".join(text for text in last if text.strip() not in ids)))
            if words in headings:
                orphaned.append((index + 1, headings[words]))
                break
    return orphaned


def squeezed(text: str) -> str:
    """Text without its spaces: how a PDF's runs split a line is no concern here."""
    return re.sub(r"\s+", "", text)


def body_heights(pdf: PdfReader, index: int) -> list[float]:
    """The heights of the lines of a page's body (the running head and foot left out)."""
    top = float(pdf.pages[index].mediabox.height) - HEAD
    return [run.y for run in extracted(pdf)[index][1] if FOOT < run.y < top]


def fills(pdf: PdfReader) -> list[float]:
    """How far down each page the text reaches, as a share of the page body."""
    shares = []
    for index, page in enumerate(pdf.pages):
        top = float(page.mediabox.height) - HEAD
        shares.append((top - min(body_heights(pdf, index), default=top)) / (top - FOOT))
    return shares


def half_empty(pdf: PdfReader) -> list[int]:
    """The pages (numbered from 1), the last excepted, whose text stops above LEAST_FILL."""
    return [number for number, share in enumerate(fills(pdf)[:-1], 1) if share < LEAST_FILL]


def last_page_lines(pdf: PdfReader) -> int:
    return len({round(height) for height in body_heights(pdf, len(pdf.pages) - 1)})


# Every PDF: what is printed and what is not.


@pytest.mark.parametrize("edition", EDITIONS, ids=str)
def test_no_web_control_is_printed(site: Path, edition: Edition) -> None:
    text = whole_text(reader(site, edition))
    assert controls_in(text, edition.lang) == []
    proof = [plain(ui_text(edition.lang, key)) for key in PROOF_KEYS]
    proof += [f"{ui_text(edition.lang, 'corrected')} ("]
    proof += [name for rule in edition.rules.rules for name in rule.code if "_" in name]
    assert [word for word in proof if word in text] == []


@pytest.mark.parametrize("edition", EDITIONS, ids=str)
def test_the_paper_is_the_editions_and_the_foot_says_how_to_reach_any_rule(
    site: Path, edition: Edition
) -> None:
    pdf = reader(site, edition)
    size = (round(float(pdf.pages[0].mediabox.width)), round(float(pdf.pages[0].mediabox.height)))
    assert size == {"a4": (596, 843), "letter": (612, 792)}[edition.paper]
    edition_words = edition_line(ROOT, edition.rules)
    assert re.search(r"(Édition du|Edition of) \d", edition_words)
    pages = [plain(page) for page in pages_of(pdf)]
    reach = plain(f"{CONFIG.base_url}r/{ui_text(edition.lang, 'rule_online_id')}")
    assert pages[0].count(edition_words) == 2, "under the title and in the foot"
    for number, page in enumerate(pages, 1):
        assert edition_words in page and f"p. {number}/{len(pages)}" in page, f"page {number}"
        assert reach in page, f"page {number}"


@pytest.mark.parametrize("edition", EDITIONS, ids=str)
def test_the_pdf_is_dated_with_its_edition_so_every_build_prints_the_same_bytes(
    site: Path, edition: Edition
) -> None:
    """Chromium dates a PDF to the second it prints it; the book dates it with its edition
    (``pdf.dated``), so a build of the same rules writes the same file."""
    day = game_edition_date(ROOT, edition.rules)
    pdf = reader(site, edition)
    stamp = f"D:{day:%Y%m%d}000000"
    assert pdf.metadata is not None
    assert str(pdf.metadata["/CreationDate"]).startswith(stamp)
    assert str(pdf.metadata["/ModDate"]).startswith(stamp)


def links_of(pdf: PdfReader) -> list[str]:
    """The addresses a PDF's links lead to, page after page."""
    found = []
    for page in pdf.pages:
        for note in page.get("/Annots") or []:
            action = note.get_object().get("/A") or {}
            if "/URI" in action:
                found.append(str(action["/URI"]))
    return found


@pytest.mark.parametrize("edition", EDITIONS, ids=str)
def test_every_link_of_a_pdf_leads_to_the_published_site_not_the_builders_disk(
    site: Path, edition: Edition
) -> None:
    """Printed from the built files, a page's relative links became links to the printing
    machine's disk (``file:///tmp/…``); they lead to the published site (``publish_links``).
    Each rule ID on a player aid leads to the rule on its game's page."""
    links = links_of(reader(site, edition))
    assert [link for link in links if not link.startswith(("https://", "mailto:"))] == []
    if edition.aid:
        page = f"{CONFIG.base_url}{edition.lang}/{edition.slug}.html"
        aid_rules = [rule.id for rule in BOOK.game(edition.slug).fr.rules if rule.aid]
        assert len(aid_rules) >= 5
        assert [
            f"{page}#{rule_id}" for rule_id in aid_rules if f"{page}#{rule_id}" not in links
        ] == []


@pytest.mark.parametrize("edition", RULEBOOKS, ids=str)
def test_each_rule_id_is_printed_beside_its_title_and_no_address_under_it(
    site: Path, edition: Edition
) -> None:
    pdf = reader(site, edition)
    assert ids_not_beside_their_titles(pdf, edition.rules) == []
    text = whole_text(pdf)
    untitled = [rule.id for rule in edition.rules.rules if plain(rule.title) not in text]
    assert untitled == []
    squeezed = re.sub(r"\s+", "", text)
    assert re.findall(r"/r/[a-z0-9]+-[a-z0-9-]+", squeezed) == [], "a rule's address printed"


@pytest.mark.parametrize("edition", RULEBOOKS, ids=str)
def test_no_page_is_half_empty_and_the_last_is_no_stray_line(site: Path, edition: Edition) -> None:
    pdf = reader(site, edition)
    assert len(pdf.pages) >= 2, "a game's rules are longer than its first page"  # any game
    assert half_empty(pdf) == [], [round(share, 2) for share in fills(pdf)]
    assert last_page_lines(pdf) >= LEAST_LAST_LINES


@pytest.mark.parametrize("edition", RULEBOOKS, ids=str)
def test_no_page_ends_on_a_heading_whose_text_begins_on_the_next(
    site: Path, edition: Edition
) -> None:
    """A rule's title and ID, or a section's heading, never end a page: what they head
    begins on the same page (print.css)."""
    assert orphaned_headings(reader(site, edition), edition.rules) == []


@pytest.mark.parametrize("edition", RULEBOOKS, ids=str)
def test_each_kind_of_editors_note_is_explained_once_and_the_notes_are_short(
    site: Path, edition: Edition
) -> None:
    text = whole_text(reader(site, edition))
    lang, game = edition.lang, BOOK.game(edition.slug)
    kinds = [note_kinds(entry) for entry in BOOK.entries_in(game)]
    for kind in dict.fromkeys(kind for rule_kinds in kinds for kind in rule_kinds):
        assert text.count(plain(ui_text(lang, f"note.{kind}"))) == 1, kind
        note = ui_text(lang, "editor_note")
        short = f"{note}{punctuation(lang, ':')} {ui_text(lang, f'note_short.{kind}')}"
        assert text.count(plain(short) + ".") == sum(kind in found for found in kinds), kind


@pytest.mark.parametrize("lang", LANGS)
def test_the_qr_code_of_the_game_page_is_on_the_first_page(site: Path, lang: str) -> None:
    caption = ui_text(lang, "qr_caption")
    for slug in SLUGS:
        page = (site / lang / f"{slug}.html").read_text(encoding="utf-8")
        assert qr_svg(f"{CONFIG.base_url}{lang}/{slug}.html", caption) in page, slug
        for paper in PAPERS:
            pages = [
                plain(text) for text in pages_of(reader(site, Edition(lang, slug, paper, False)))
            ]
            assert [caption in text for text in pages] == [True] + [False] * (len(pages) - 1)


@pytest.mark.parametrize("lang", LANGS)
def test_the_game_page_links_to_its_a4_and_letter_editions_and_its_player_aid(
    site: Path, lang: str
) -> None:
    for slug in SLUGS:
        page = (site / lang / f"{slug}.html").read_text(encoding="utf-8")
        assert re.findall(r'href="([^"]+\.pdf)"', page) == [
            f"pdf/{slug}.pdf",
            f"pdf/{slug}-letter.pdf",
        ]
        assert f'href="aid/{slug}.html"' in page
        aid = (site / lang / "aid" / f"{slug}.html").read_text(encoding="utf-8")
        hrefs = re.findall(r'href="([^"]+\.pdf)"', aid)
        assert hrefs == [f"../pdf/{slug}-aid.pdf", f"../pdf/{slug}-aid-letter.pdf"]
        for href in re.findall(r'href="([^"]+\.pdf)"', page):
            assert (site / lang / href).stat().st_size > 10_000


# The player aid.


@pytest.mark.parametrize("edition", AIDS, ids=str)
def test_the_player_aid_prints_its_rules_on_two_pages_at_most(site: Path, edition: Edition) -> None:
    pdf = reader(site, edition)
    assert len(pdf.pages) <= 2, f"{len(pdf.pages)} pages: mark fewer rules ':aid:'"
    marked = [rule for rule in edition.rules.rules if BOOK.entry(rule.id).fr.aid]
    assert marked
    runs = runs_of(pdf)
    text = whole_text(pdf)
    assert [rule.id for rule in marked if not any(r.text.strip() == rule.id for r in runs)] == []
    titled = [
        rule for rule in marked if not (rule.heading and words(rule.heading) == words(rule.title))
    ]
    assert [rule.id for rule in titled if plain(rule.title) not in text] == []
    unmarked = [rule.id for rule in edition.rules.rules if rule not in marked]
    assert [rule_id for rule_id in unmarked if rule_id in {r.text.strip() for r in runs}] == []


# Each check, broken on purpose.

BROKEN = (
    "section section { break-before: page; } .rb-rule::before { content: none !important; } "
    "html details.rb-try, html details.rb-try > summary { display: block !important; } "
    "html .rb-note-long { display: inline !important; } "
)
# A rule's text sent to the next page, its title and ID left at the foot of a page.
ORPHANED_RULE = "pr-setup-sheet"
ORPHANED = f"html #{ORPHANED_RULE} > .rb-rule-body {{ break-before: page !important; }}"
# The book's last paragraph, small, on a page of its own.
STRANDED = (
    "html .rb-rule:last-child:not(section:has(~ section) *) > .rb-rule-body > :last-child "
    "{ break-before: page !important; font-size: 5pt !important; }"
)


async def print_broken(site: Path, *styles: str) -> list[PdfReader]:
    """The French page printed once with each of ``styles`` added: loaded once, each style
    taken away before the next is added."""
    edition = "Édition du 1er mai 2026"
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=find_chromium(), args=ARGS)
        page = await browser.new_page()
        await page.goto((site / "fr" / f"{GAME}.html").as_uri())
        await add_edition(page, edition)
        printed = []
        for style in styles:
            added = await page.add_style_tag(content=style)
            printed.append(await print_page(page, "Port Royal", edition, "fr"))
            await added.evaluate("style => style.remove()")
        await browser.close()
        return [PdfReader(BytesIO(pdf)) for pdf in printed]


def test_the_checks_catch_controls_ids_notes_half_empty_pages_and_headings_ending_pages(
    site: Path,
) -> None:
    """Each section on a new page, no rule ID, the "try" buttons, the editor's notes in full
    under each rule; then the last paragraph alone on the last page; then a rule's text
    alone on a new page, its heading left behind."""
    broken, stranded, orphaned = asyncio.run(print_broken(site, BROKEN, STRANDED, ORPHANED))
    rules = Edition("fr", GAME, "a4", False).rules
    text = whole_text(broken)
    assert plain(ui_text("fr", "try_title")) in controls_in(text, "fr")
    assert "pr-end" in ids_not_beside_their_titles(broken, rules)
    assert text.count(plain(ui_text("fr", "note.interpretation"))) > 1
    assert half_empty(broken) != []
    assert last_page_lines(stranded) < LEAST_LAST_LINES
    title = BOOK.entry(ORPHANED_RULE).fr.title
    assert title in [heading for _, heading in orphaned_headings(orphaned, rules)]


# Without Chromium, or with a broken one.


def test_without_chromium_no_pdf(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """No PDF then, and the pages the build then makes (``rulebook_pdf`` off) link to none:
    tests/extension/test_credits.py, on a small book."""
    monkeypatch.setattr("rulebook.site.pdf.find_chromium", lambda: None)
    assert build_pdfs(ROOT, tmp_path) == 0
    assert "no PDFs: they need Chromium" in capsys.readouterr().out
    assert not (tmp_path / "fr" / "pdf").exists()


def test_the_headless_shell_is_chosen_before_a_whole_browser_and_a_named_one_before_both(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("chromium", "chromium-headless-shell"):
        (tmp_path / name).write_text("#!/bin/sh\n")
        (tmp_path / name).chmod(0o755)
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.delenv("RULEBOOK_CHROMIUM", raising=False)
    assert find_chromium() == str(tmp_path / "chromium-headless-shell")
    (tmp_path / "chromium-headless-shell").unlink()
    assert find_chromium() == str(tmp_path / "chromium")
    monkeypatch.setenv("RULEBOOK_CHROMIUM", "/opt/my/chrome")
    assert find_chromium() == "/opt/my/chrome"


def test_a_browser_that_fails_gives_one_line_and_a_failure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("RULEBOOK_CHROMIUM", "/bin/false")
    assert build_pdfs(ROOT, tmp_path, slugs=[GAME]) == 1
    error = capsys.readouterr().err
    assert error.startswith("rulebook site: the PDFs failed: ") and error.count("\n") == 1
