"""The print edition: each game and language printed by headless Chromium, in A4 and in US
Letter, its rules and its player aid.

A page is printed as a reader's browser prints it (the print stylesheet, ``print.css``),
with the game's title in the running head; in the foot, the edition date, how to reach any
rule online (the site's address, then ``r/`` and the rule's ID, printed beside each rule's
title) and "p. 3/12"; the edition date again under the title on the first page. The PDFs land
next to the pages, in ``<lang>/pdf/``: ``<game>.pdf`` (A4, the address the first editions
had), ``<game>-letter.pdf``, ``<game>-aid.pdf`` and ``<game>-aid-letter.pdf`` (the player aid,
``aid/<game>.html``, printed when the game has one).

The edition date is the later of the days the game's French and English rules files were
last committed (both languages print one edition, and the same PDF built twice says the same
thing), a file with changes not yet committed or no git history at hand counting as the day
of the build. It is the PDF's own date too (``dated``), at midnight UTC.

Chromium is Debian's headless shell (``.ci/ensure-chromium`` installs it); Playwright drives
it and is imported only here, so the site builds without either, without PDFs and without
links to them.
"""

import asyncio
import datetime
import html
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from rulebook.book import load_book
from rulebook.book.files import write_whole
from rulebook.book.folders import rules_path
from rulebook.book.model import RulesFile
from rulebook.language import LANGUAGES, Lang, text
from rulebook.language.dates import long_date
from rulebook.site.config import CONFIG
from rulebook.text.smart_quotes import smart

if TYPE_CHECKING:
    from playwright.async_api import Page

# The papers of the print edition: its name in the files' names, and Chromium's format.
PAPERS = {"a4": "A4", "letter": "Letter"}
ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]
MARGIN_STYLE = "font: 9px sans-serif; color: #555; width: 100%; margin: 0 16mm;"


# The Chromiums found on the PATH, the first found serving: Debian's headless shell (the same
# Blink, without the browser around it: it prints, and runs the tests' pages, with less
# processor time), then a whole browser (GitHub's runners have only that).
CHROMIUMS = ("chromium-headless-shell", "chromium", "chromium-browser")
# How a Debian machine gets the first (as ``.ci/ensure-chromium`` does), said where none is found.
GET_CHROMIUM = "sudo apt-get install chromium-headless-shell"


def find_chromium() -> str | None:
    """The Chromium to print with (``RULEBOOK_CHROMIUM`` or the first of ``CHROMIUMS`` on
    the PATH), if any."""
    found = (shutil.which(name) for name in CHROMIUMS)
    return os.environ.get("RULEBOOK_CHROMIUM") or next((path for path in found if path), None)


def can_print() -> bool:
    """Whether this machine can print the PDFs (the game pages link to them only then)."""
    return find_chromium() is not None and importlib.util.find_spec("playwright") is not None


def pdf_name(slug: str, paper: str = "a4", aid: bool = False) -> str:
    """The file name of a game's PDF on a paper, of its rules or of its player aid.

    >>> pdf_name("pr"), pdf_name("pr", "letter"), pdf_name("pr", aid=True)
    ('pr.pdf', 'pr-letter.pdf', 'pr-aid.pdf')
    >>> pdf_name("pr", "letter", aid=True)
    'pr-aid-letter.pdf'
    """
    if paper not in PAPERS:
        raise ValueError(f"expected a paper among {', '.join(PAPERS)}, got {paper!r}")
    return f"{slug}{'-aid' if aid else ''}{'' if paper == 'a4' else f'-{paper}'}.pdf"


def pdf_href(slug: str, paper: str = "a4", aid: bool = False) -> str:
    """Where a game's PDF is, relative to its game page."""
    return f"pdf/{pdf_name(slug, paper, aid)}"


def edition_date(root: Path, path: Path) -> datetime.date:
    """The day ``path`` was last committed, or today when it has changes or no history."""
    try:
        changed = git(root, "status", "--porcelain", "--", str(path))
        committed = git(root, "log", "-1", "--format=%cs", "--", str(path))
    except (OSError, subprocess.CalledProcessError):
        return datetime.date.today()
    if changed or not committed:
        return datetime.date.today()
    return datetime.date.fromisoformat(committed)


def git(root: Path, *args: str) -> str:
    run = subprocess.run(
        # No fsmonitor: a checkout's own git configuration could name a program to run.
        ["git", "-c", "core.fsmonitor=false", "-C", str(root), *args],
        capture_output=True,
        text=True,
        check=True,
    )
    return run.stdout.strip()


def rule_address_line(lang: Lang, base: str | None = None) -> str:
    """The foot's "Any rule online: https://…/r/ID", as markup (the ID in italics).

    >>> rule_address_line("en", "https://x.org/")
    'Any rule online: https://x.org/r/<i>ID</i>'
    """
    address = f"{html.escape(base or CONFIG.base_url)}r/<i>{text(lang, 'rule_online_id')}</i>"
    return html.escape(text(lang, "rule_online")).replace("{address}", address)


def margins(title: str, edition: str, lang: Lang) -> tuple[str, str]:
    """Chromium's running head (the game) and foot (the edition, how to reach any rule
    online, the page number)."""
    head = f'<div style="{MARGIN_STYLE}">{html.escape(smart(title, lang))}</div>'
    foot = (
        f'<div style="{MARGIN_STYLE} display: flex; justify-content: space-between; gap: 4mm;">'
        f"<span>{html.escape(edition)}</span><span>{rule_address_line(lang)}</span>"
        f"<span>{text(lang, 'pdf_page')}\u00a0"
        '<span class="pageNumber"></span>/<span class="totalPages"></span></span></div>'
    )
    return head, foot


# Run in the page before printing: the edition under the title (as text, never as markup).
ADD_EDITION = """edition => {
  const line = document.createElement("p");
  line.className = "rb-edition";
  line.textContent = edition;
  const credits = document.querySelector(".rb-credits") || document.querySelector("h1");
  credits.after(line);
}"""


async def add_edition(page: "Page", edition: str) -> None:
    """The edition under the title of an open page, once before it is printed."""
    await page.evaluate(ADD_EDITION, edition)


# A page is printed from the built file; Chromium makes each of its links a link of the PDF,
# where a relative one would lead to the builder's own disk (file:///tmp/…/aid/x.html#id).
PUBLISHED_LINKS = """address => {
  for (const link of document.querySelectorAll("a[href]")) {
    if (link.protocol === "file:") link.href = new URL(link.getAttribute("href"), address).href;
  }
}"""


async def publish_links(page: "Page", address: str) -> None:
    """Each link of an open page that leads to a file of the built site, made to lead to that
    page on the published site (``address``: the page's own, where the site is published)."""
    await page.evaluate(PUBLISHED_LINKS, address)


async def print_page(
    page: "Page", title: str, edition: str, lang: Lang, paper: str = "a4"
) -> bytes:
    """An open page, given its edition (``add_edition``), as a PDF on ``paper`` with the
    running head and foot. Printed again on another paper, the same page gives the PDF a
    freshly loaded one would (what the page changes for paper on ``beforeprint``, it undoes
    on ``afterprint``): the 40 PDFs of the book, each page loaded once for both papers, read
    the same, page for page, as when each was loaded twice."""
    head, foot = margins(title, edition, lang)
    return await page.pdf(
        format=PAPERS[paper], print_background=True,
        # Room in the margins for the running head and foot Chromium draws.
        margin={"top": "18mm", "bottom": "16mm", "left": "16mm", "right": "16mm"},
        display_header_footer=True, header_template=head, footer_template=foot,
    )  # fmt: skip


def game_edition_date(root: Path, rules: RulesFile) -> datetime.date:
    """The day of a game's edition: the later of its French and English files' (``edition_date``).
    Both languages print the same edition: a reader holding the French and the English PDF
    of a game read two dates when each took its own file's."""
    files = (rules_path(root, lang) / rules.path.name for lang in LANGUAGES)
    return max(edition_date(root, path) for path in files if path.exists())


def edition_line(root: Path, rules: RulesFile, day: datetime.date | None = None) -> str:
    """ "Édition du 22 novembre 2026": the edition of a game's rules in their language (of
    ``day``, when the caller has read it already)."""
    day = day or game_edition_date(root, rules)
    return text(rules.lang, "pdf_edition").format(date=long_date(day, rules.lang))


# The dates Chromium gives a PDF (its creation and last change, to the second):
# ``/CreationDate (D:20261126145922+00'00')``.
PDF_DATE = re.compile(rb"(/(?:CreationDate|ModDate) \(D:)\d{14}([+-]\d\d'\d\d'|Z)?(?=\))")


def dated(pdf: bytes, day: datetime.date) -> bytes:
    """A printed PDF dated with its edition, at midnight, instead of the second it was printed:
    the same rules print the same bytes in every build (a reader's offline copy and the host's
    cache keep the file until the rules change), at midnight UTC whatever the builder's time
    zone. The characters are replaced one for one, so the byte offsets the PDF's index holds
    stay true.

    >>> dated(b"<</CreationDate (D:20261126145922+01'00')>>", datetime.date(2026, 11, 22))
    b"<</CreationDate (D:20261122000000+00'00')>>"
    """
    stamp = day.strftime("%Y%m%d000000").encode()

    def utc(zone: bytes | None) -> bytes:  # the builder's time zone, same length: UTC
        return b"" if zone is None else b"Z" if zone == b"Z" else b"+00'00'"

    return PDF_DATE.sub(lambda found: found.group(1) + stamp + utc(found.group(2)), pdf)


@dataclass(frozen=True)
class Printing:
    """One built page to print, its margins' words, and where its PDF on each paper goes."""

    page: Path
    targets: tuple[tuple[str, Path], ...]  # (paper, PDF) for every paper
    title: str
    edition: str
    lang: Lang
    day: datetime.date  # the edition's, which the PDF's own dates give
    address: str  # the page's on the published site, which its links lead from


def printings(root: Path, out: Path, pages: list[tuple[RulesFile, str]]) -> list[Printing]:
    """Every page to print: each game's rules and, where it was built, its player aid, each
    on every paper."""
    found = []
    for rules, slug in pages:
        day = game_edition_date(root, rules)
        edition = edition_line(root, rules, day)
        folder = out / rules.lang
        for aid, page in (
            (False, folder / f"{slug}.html"),
            (True, folder / "aid" / f"{slug}.html"),
        ):
            if aid and not page.exists():
                continue
            targets = tuple((paper, folder / pdf_href(slug, paper, aid)) for paper in PAPERS)
            address = CONFIG.base_url + page.relative_to(out).as_posix()
            found.append(Printing(page, targets, rules.title, edition, rules.lang, day, address))
    return found


def build_pdfs(
    root: Path, out: Path, langs: Iterable[Lang] = LANGUAGES, slugs: Iterable[str] | None = None
) -> int:
    """Print every game page of the built site at ``out``; 0 when done or not possible here."""
    if not can_print():
        print(f"rulebook site: no PDFs: they need Chromium ({GET_CHROMIUM})")
        return 0
    root, out = root.resolve(), out.resolve()
    book = load_book(root)
    games = [book.game(slug) for slug in slugs] if slugs else list(book.games)
    pages = [(r, g.slug) for lang in langs for g in games if (r := g.rules_in(lang))]
    jobs = printings(root, out, pages)
    start = time.perf_counter()
    from playwright.async_api import Error

    try:
        asyncio.run(print_all(jobs))
    except Error as error:
        print(f"rulebook site: the PDFs failed: {error.message.splitlines()[0]}", file=sys.stderr)
        return 1
    took = time.perf_counter() - start
    printed = sum(len(job.targets) for job in jobs)
    print(f"rulebook site: {printed} PDFs in {took:.1f} s", file=sys.stderr)
    return 0


async def print_all(jobs: list[Printing]) -> None:
    """Print the pages side by side, a few at a time, in one browser; each page is loaded
    once and printed on every paper (loading a page costs about twice what printing it does)."""
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=find_chromium(), args=ARGS)
        context = await browser.new_context(color_scheme="light")
        at_once = asyncio.Semaphore(4)

        async def print_one(job: Printing) -> None:
            async with at_once:
                page = await context.new_page()
                await page.goto(job.page.as_uri())
                await publish_links(page, job.address)
                await add_edition(page, job.edition)
                for paper, target in job.targets:
                    printed = await print_page(page, job.title, job.edition, job.lang, paper)
                    write_whole(target, dated(printed, job.day))
                await page.close()

        await asyncio.gather(*(print_one(job) for job in jobs))
        await browser.close()
