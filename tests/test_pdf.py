"""The PDF of a game, read back with a PDF text extractor: the reading view, every rule's
short link, the edition date, nothing of the proof-reading aids, and no half-empty page.

Outside CI the tests skip, saying so, when no Chromium is found; in CI (.ci/run installs it)
a missing browser is a failure.
"""

import asyncio
import os
import re
import subprocess
from io import BytesIO
from pathlib import Path

import pytest
from pypdf import PageObject, PdfReader

from rulebook.book import load_book
from rulebook.book.model import RulesFile
from rulebook.outputs.cite import short_url
from rulebook.site.build import sphinx_command
from rulebook.site.config import text as ui_text
from rulebook.site.pdf import (
    ARGS,
    WORDS,
    build_pdfs,
    can_print,
    edition_line,
    find_chromium,
    print_page,
)
from tests.conftest import PDF_GAME, ROOT

if not can_print():
    if os.environ.get("CI"):
        raise RuntimeError("CI needs Chromium for the PDFs: .ci/run installs it")
    pytest.skip(
        "no Chromium found (apt-get install chromium): PDF tests skipped", allow_module_level=True
    )

from playwright.async_api import async_playwright

pytestmark = pytest.mark.recorded  # tests/recorded.py: not rerun on the inputs they passed on

GAME = "port-royal-morgan"
# Page body between the running head and foot (A4 is 842 pt high; margins 18 mm and 16 mm).
BODY_TOP, BODY_BOTTOM = 842 - 51, 45
# What print.css moves whole to the next page: a heading with its rule's title and first 3
# lines (about 10 of the 45 lines a page holds), a table row, a table of 8 rows or fewer (with
# its title, about a quarter of a page). So every page but the last is about 3/4 full or more;
# 60 % leaves room for a tall row and still catches a half-empty page.
LEAST_FILL = 0.6
PROOF_KEYS = ("original", "no_code", "examples", "corrections_of")


@pytest.fixture(scope="module")
def site(built_site: Path) -> Path:
    assert GAME == PDF_GAME  # the session's site has this game's PDFs
    return built_site


def rules_of(lang: str) -> RulesFile:
    game = load_book(ROOT).game(GAME)
    rules = game.fr if lang == "fr" else game.en
    assert rules is not None
    return rules


def pages_of(pdf: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(BytesIO(pdf)).pages]


def plain(text: str) -> str:
    """Text with its line breaks, spaces and apostrophes made comparable."""
    return re.sub(r"\s+", " ", text.replace("\u2019", "'")).strip()


def missing_links(pdf: bytes, rules: RulesFile) -> list[str]:
    """The rules whose short link is not printed (a link may wrap: spaces do not count)."""
    squeezed = re.sub(r"\s+", "", "".join(pages_of(pdf)))
    return [rule.id for rule in rules.rules if short_url(rule.id) not in squeezed]


def fills(pdf: bytes) -> list[float]:
    """How far down each page the text reaches, as a share of the page body."""
    return [
        (BODY_TOP - lowest_text(page)) / (BODY_TOP - BODY_BOTTOM)
        for page in PdfReader(BytesIO(pdf)).pages
    ]


def lowest_text(page: PageObject) -> float:
    """The height of the lowest line of the page body (the running head and foot left out)."""
    heights: list[float] = [BODY_TOP]

    def note(text: str, cm: list[float], tm: list[float], *_: object) -> None:
        height = cm[5] + tm[5] * cm[3]
        if text.strip() and BODY_BOTTOM < height < BODY_TOP:
            heights.append(height)

    page.extract_text(visitor_text=note)
    return min(heights)


def half_empty(pdf: bytes) -> list[int]:
    """The pages (numbered from 1), the last excepted, whose text stops above LEAST_FILL."""
    shares = fills(pdf)[:-1]
    return [number for number, share in enumerate(shares, 1) if share < LEAST_FILL]


def pdf_of(site: Path, lang: str) -> bytes:
    return (site / lang / "pdf" / f"{GAME}.pdf").read_bytes()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_rule_prints_with_its_title_and_short_link(site: Path, lang: str) -> None:
    pdf = pdf_of(site, lang)
    assert missing_links(pdf, rules_of(lang)) == []
    text = plain(" ".join(pages_of(pdf)))
    untitled = [r.id for r in rules_of(lang).rules if plain(r.title) not in text]
    assert untitled == []


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_edition_date_is_on_the_first_page_and_in_every_foot(site: Path, lang: str) -> None:
    edition = edition_line(ROOT, rules_of(lang))
    assert re.search(r"(Édition du|Edition of) \d", edition)
    pages = [plain(page) for page in pages_of(pdf_of(site, lang))]
    total = len(pages)
    assert plain(pages[0]).count(edition) == 2, "under the title and in the foot"
    for number, page in enumerate(pages, 1):
        assert edition in page and f"p. {number}/{total}" in page, f"page {number}"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_nothing_of_the_proof_reading_aids_is_printed(site: Path, lang: str) -> None:
    text = plain(" ".join(pages_of(pdf_of(site, lang))))
    words = [plain(ui_text(lang, key)) for key in PROOF_KEYS]
    words += [f"{ui_text(lang, 'corrected')} (", WORDS[lang]["link"]]
    words += [name for rule in rules_of(lang).rules for name in rule.code if "_" in name]
    assert [word for word in words if word in text] == []
    without_links = re.sub(r"https?://\S+", "", re.sub(r"/\s+", "/", text))
    chips = [
        rule.id
        for rule in rules_of(lang).rules
        if re.search(rf"(?<![\w/-]){rule.id}(?![\w-])", without_links)
    ]
    assert chips == [], "rule IDs printed outside their short links"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_no_page_but_the_last_is_half_empty(site: Path, lang: str) -> None:
    pdf = pdf_of(site, lang)
    assert len(fills(pdf)) >= 3
    assert half_empty(pdf) == [], [round(share, 2) for share in fills(pdf)]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_game_page_links_to_its_pdf(site: Path, lang: str) -> None:
    page = (site / lang / f"{GAME}.html").read_text(encoding="utf-8")
    hrefs = re.findall(r'href="([^"]+\.pdf)"', page)
    assert hrefs == [f"pdf/{GAME}.pdf"]
    assert (site / lang / hrefs[0]).stat().st_size > 10_000


async def print_broken(site: Path) -> bytes:
    """The French page printed with each section on a new page and the short links hidden."""
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=find_chromium(), args=ARGS)
        page = await browser.new_page()
        await page.goto((site / "fr" / f"{GAME}.html").as_uri())
        await page.add_style_tag(
            content="section section { break-before: page; } "
            ".rb-rule::after { content: none !important; }"
        )
        printed = await print_page(page, rules_of("fr").title, "Édition du 1er mai 2026", "fr")
        await browser.close()
        return printed


def test_the_checks_name_half_empty_pages_and_missing_short_links(site: Path) -> None:
    broken_pdf = asyncio.run(print_broken(site))
    assert half_empty(broken_pdf) != []
    assert "pr-end" in missing_links(broken_pdf, rules_of("fr"))


def test_without_chromium_no_pdf_and_no_link_to_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("rulebook.site.pdf.find_chromium", lambda: None)
    assert build_pdfs(ROOT, tmp_path) == 0
    assert "no PDFs: they need Chromium" in capsys.readouterr().out
    assert not (tmp_path / "fr" / "pdf").exists()
    doctrees = tmp_path / "doctrees"
    command = [
        *sphinx_command(ROOT, tmp_path, doctrees, "fr", strict=False),
        "-D",
        "rulebook_pdf=0",
    ]
    assert subprocess.run(command, check=False).returncode == 0
    page = (tmp_path / "fr" / f"{GAME}.html").read_text(encoding="utf-8")
    assert "Registre des corrections" in page and ".pdf" not in page


def test_a_browser_that_fails_gives_one_line_and_a_failure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("RULEBOOK_CHROMIUM", "/bin/false")
    assert build_pdfs(ROOT, tmp_path, slugs=[GAME]) == 1
    error = capsys.readouterr().err
    assert error.startswith("rulebook site: the PDFs failed: ") and error.count("\n") == 1
