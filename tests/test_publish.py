"""Publishing for real: the public address flows into every absolute link (canonical,
hreflang, OpenGraph, sitemaps, robots.txt, short links), a build or a quote that would
publish the placeholder says so, and text from the rules files never runs in a browser.

The site is built once, as a user would (`rulebook site` with RULEBOOK_BASE_URL set), of a
small book of one game (tests/publishable_book.py): the links are made the same way for each
page and rule of any game, and the whole book took a minute longer to build, PDFs included.
It is the build tests/test_outdated_quotes.py reads (tests/changed_site.py: made once for
both), of that book after a rule was reworded and another renamed, and both recorded: every
rule's links are asserted, whatever its history."""

import dataclasses
import functools
import html
import http.server
import re
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest

from rulebook.book import load_book
from rulebook.site import build as site
from rulebook.site.config import CONFIG
from rulebook.site.moved import MOVED
from tests.changed_site import ADDRESS, ChangedSite, changed_site
from tests.conftest import BookCopy, chromium_found
from tests.small_book import GAME, cut_book

BASE = "https://rules.test/"
PLACEHOLDER = "regles-verifiees.example"
SITEMAP = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
XHTML = "{http://www.w3.org/1999/xhtml}"
ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]
PAGES = ["index.html", "port-royal-morgan.html", "corrections/port-royal-morgan.html"]


@pytest.fixture(scope="module")
def changed(tmp_path_factory: pytest.TempPathFactory) -> ChangedSite:
    return changed_site(tmp_path_factory.mktemp("published"))


@pytest.fixture(scope="module")
def book(changed: ChangedSite) -> Path:
    """The small book the site is built of: port-royal-morgan (``GAME``) alone."""
    return changed.book


@pytest.fixture(scope="module")
def built(changed: ChangedSite) -> tuple[Path, str]:
    """The site built by `rulebook site` with the public address set, and what it printed
    on stderr."""
    assert ADDRESS == BASE.rstrip("/")
    return changed.out, changed.said


def head_links(page: str) -> dict[str, str]:
    """``rel=alternate`` links of a page's head by hreflang, and its canonical link."""
    links = dict(re.findall(r'<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"', page))
    canonical = re.search(r'<link rel="canonical" href="([^"]+)"', page)
    return links | ({"canonical": canonical.group(1)} if canonical else {})


def meta(page: str, key: str) -> str:
    found = re.search(rf'<meta (?:property|name)="{key}" content="([^"]*)"', page)
    assert found, f"no {key}"
    return html.unescape(found.group(1))


def test_with_the_address_set_no_link_points_at_the_placeholder(
    built: tuple[Path, str], book: Path
) -> None:
    out, stderr = built
    assert "WARNING" not in stderr and PLACEHOLDER not in stderr
    files = [p for p in out.rglob("*") if p.suffix in (".html", ".xml", ".txt", ".json")]
    assert len(files) > 3 * len(list(load_book(book).rules("fr")))  # its short links, and more
    assert [p for p in files if PLACEHOLDER in p.read_text(encoding="utf-8")] == []


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("page", PAGES)
def test_every_page_has_absolute_canonical_alternates_and_og_url(
    built: tuple[Path, str], lang: str, page: str
) -> None:
    text = (built[0] / lang / page).read_text(encoding="utf-8")
    links = head_links(text)
    assert links["canonical"] == f"{BASE}{lang}/{page}"
    assert links["fr"] == f"{BASE}fr/{page}" and links["en"] == f"{BASE}en/{page}"
    # x-default: the root (which sends each reader to their language) for the home pages,
    # the French page, the reference text, for the others.
    assert links["x-default"] == (BASE if page == "index.html" else f"{BASE}fr/{page}")
    assert meta(text, "og:url") == f"{BASE}{lang}/{page}"
    assert meta(text, "og:locale") == {"fr": "fr_FR", "en": "en_GB"}[lang]


@pytest.mark.parametrize(("lang", "start"), [("fr", "Variante solo"), ("en", "Anke Logtenberg")])
def test_a_game_page_describes_itself_in_its_language(
    built: tuple[Path, str], lang: str, start: str
) -> None:
    text = (built[0] / lang / "port-royal-morgan.html").read_text(encoding="utf-8")
    assert meta(text, "description").startswith(start)
    assert meta(text, "og:description") == meta(text, "description")


def test_the_root_page_redirects_by_language_with_canonical_and_alternates(
    built: tuple[Path, str],
) -> None:
    text = (built[0] / "index.html").read_text(encoding="utf-8")
    links = head_links(text)
    assert links == {
        "canonical": BASE,
        "fr": f"{BASE}fr/index.html",
        "en": f"{BASE}en/index.html",
        "x-default": BASE,
    }
    assert 'location.replace(readerLanguage() + "/index.html"' in text
    assert meta(text, "og:url") == BASE


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_each_language_has_a_sitemap_of_every_page_with_its_alternates(
    built: tuple[Path, str], lang: str
) -> None:
    out = built[0]
    urls = ElementTree.parse(out / lang / "sitemap.xml").getroot().findall(f"{SITEMAP}url")
    listed = {u.findtext(f"{SITEMAP}loc"): u for u in urls}
    pages = {
        p.relative_to(out / lang).as_posix()
        for p in (out / lang).rglob("*.html")
        if "_static" not in p.parts and p.name not in ("search.html", "genindex.html", *MOVED)
    }  # a moved page's old address only sends the reader on: not a page to index
    assert {"index.html", "glossary.html", f"{GAME}.html", f"corrections/{GAME}.html"} <= pages
    assert set(listed) == {f"{BASE}{lang}/{page}" for page in pages}
    for page in pages:
        alternates = {
            link.get("hreflang"): link.get("href")
            for link in listed[f"{BASE}{lang}/{page}"].findall(f"{XHTML}link")
        }
        assert alternates["fr"] == f"{BASE}fr/{page}" and alternates["en"] == f"{BASE}en/{page}"
        assert alternates["x-default"] in (BASE, f"{BASE}fr/{page}")


def test_the_sitemap_index_and_robots_txt_name_the_sitemaps(built: tuple[Path, str]) -> None:
    out = built[0]
    index = ElementTree.parse(out / "sitemap.xml").getroot()
    assert index.tag == f"{SITEMAP}sitemapindex"
    named = [loc.text for loc in index.iter(f"{SITEMAP}loc")]
    assert named == [f"{BASE}fr/sitemap.xml", f"{BASE}en/sitemap.xml"]
    robots = (out / "robots.txt").read_text(encoding="utf-8")
    for url in [f"{BASE}sitemap.xml", *named]:
        assert f"\nSitemap: {url}\n" in robots
    assert robots.startswith("User-agent: *\n")


def short_link(out: Path, rule_id: str, lang: str = "") -> str:
    folder = out / "r" / rule_id / lang if lang else out / "r" / rule_id
    return (folder / "index.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_rule_has_a_short_link_per_language_to_its_rule(
    built: tuple[Path, str], book: Path, lang: str
) -> None:
    out = built[0]
    for rule in load_book(book).rules(lang):
        page = short_link(out, rule.id, lang)
        target = f"{lang}/{rule.game}.html#{rule.id}"
        assert head_links(page)["canonical"] == f"{BASE}{target}"
        assert f'<meta http-equiv="refresh" content="0; url=../../../{target}">' in page
        assert f'location.replace("../../../{target}")' in page
        assert f'href="../../../{target}"' in page.split("<body>")[1]  # a visible link
        assert meta(page, "og:url") == f"{BASE}r/{rule.id}/{lang}/"
        assert f'<html lang="{lang}">' in page
    neutral = short_link(out, "pr-end")
    assert head_links(neutral)["canonical"] == f"{BASE}fr/port-royal-morgan.html#pr-end"
    assert meta(neutral, "og:url") == f"{BASE}r/pr-end/"


END = {
    "fr": "Fin de la partie. La partie se termine dès que vous ou Morgan atteignez 20 points.",
    "en": "End of the game. The game ends as soon as either you or Morgan reaches 20 points.",
}
CELL_NUMBERS = re.compile(r"\d+(?:-\d+)?\s*\|?\s*\d+-\d+")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_short_link_describes_its_rule_in_prose_in_its_language(
    built: tuple[Path, str], book: Path, lang: str
) -> None:
    out = built[0]
    for rule in load_book(book).rules(lang):
        description = meta(short_link(out, rule.id, lang), "description")
        assert description.startswith(rule.title.replace("'", "’")), (rule.id, description)
        assert "|" not in description and not CELL_NUMBERS.search(description), description
        assert len(description) <= 200
    table = meta(short_link(out, "pr-morgan-extra-point-table", lang), "og:description")
    assert "0-16" not in table and "17-19" not in table
    end = meta(short_link(out, "pr-end", lang), "og:description")
    assert end.startswith(END[lang])


def test_the_404_page_is_bilingual_and_needs_no_relative_address(
    built: tuple[Path, str],
) -> None:
    page = (built[0] / "404.html").read_text(encoding="utf-8")
    assert '<section lang="fr">' in page and '<section lang="en">' in page
    assert 'data-root="/"' in page and "rules.json" in page
    assert not re.search(r'(?:href|src)="(?!/|https?:)', page), "a relative address"


def placeholder_build(monkeypatch: pytest.MonkeyPatch, base: str) -> None:
    """`build_site` as it runs, without Sphinx (the two builds do nothing)."""
    monkeypatch.setattr(site, "CONFIG", dataclasses.replace(CONFIG, base_url=base))
    monkeypatch.setattr(site, "sphinx_command", lambda *args: [sys.executable, "-c", "pass"])


def test_a_build_with_the_placeholder_says_so_loudly_at_the_end(
    book: Path,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    placeholder_build(monkeypatch, f"https://{PLACEHOLDER}/")
    assert site.build_site(book, tmp_path / "html") == 0
    last = capsys.readouterr().err.strip().splitlines()[-1]
    assert last == (
        f"rulebook site: WARNING: links point at the placeholder https://{PLACEHOLDER}/ — "
        "set RULEBOOK_BASE_URL before publishing (see Publishing in README.md)"
    )
    placeholder_build(monkeypatch, "https://example.org/rules/")
    assert site.build_site(book, tmp_path / "html") == 0
    assert "WARNING" not in capsys.readouterr().err


INJECTION = '"><script>alert(1)</script>'


def test_a_rule_title_never_becomes_markup_in_short_links_sitemaps_or_404(tmp_path: Path) -> None:
    book_copy = BookCopy(cut_book(tmp_path / "book", (GAME,)))  # the rule's game is enough
    book_copy.edit(
        "rules_fr/port-royal-morgan.md", ":title: Fin de la partie\n", f":title: {INJECTION}\n"
    )
    book_copy.edit(
        "rules_en/port-royal-morgan.md", ":title: End of the game\n", f":title: {INJECTION}\n"
    )
    out = tmp_path / "html"
    for lang in ("fr", "en"):  # stand-ins for the built pages the sitemaps list
        (out / lang).mkdir(parents=True)
        (out / lang / "port-royal-morgan.html").write_text("<p></p>", encoding="utf-8")
    book = load_book(book_copy.root)
    site.write_publication(book, out, BASE)
    site.write_root_page(out, BASE)
    written = [p for p in out.rglob("*") if p.suffix in (".html", ".xml", ".txt")]
    assert out / "r" / "pr-end" / "en" / "index.html" in written and out / "404.html" in written
    assert [p for p in written if "<script>alert" in p.read_text(encoding="utf-8")] == []
    page = short_link(out, "pr-end", "fr")
    assert "&#34;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" in page


class StaticHost(http.server.SimpleHTTPRequestHandler):
    """A plain static host that serves the site's 404 page for a missing address."""

    def __init__(self, *args: Any, not_found: Path, **kwargs: Any) -> None:
        self.not_found = not_found
        super().__init__(*args, **kwargs)

    def log_message(self, *args: object) -> None:
        pass

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        if code != 404:
            super().send_error(code, message, explain)
            return
        body = self.not_found.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


@pytest.fixture(scope="module")
def hosts(built: tuple[Path, str]) -> Iterator[dict[str, str]]:
    """The built site served at a host's root (""), and at /preview/, a path other than the
    one it was built for; each address is the site's root."""
    out = built[0]
    (out.parent / "host").mkdir(exist_ok=True)
    preview = out.parent / "host" / "preview"
    if not preview.exists():
        preview.symlink_to(out, target_is_directory=True)
    servers, roots = [], {}
    for at, folder in (("", out), ("/preview", preview.parent)):
        handler = functools.partial(StaticHost, directory=str(folder), not_found=out / "404.html")
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        roots[at] = f"http://127.0.0.1:{server.server_address[1]}{at}"
    yield roots
    for server in servers:
        server.shutdown()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    executable = chromium_found()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=ARGS)
        yield launched
        launched.close()


@pytest.mark.parametrize("at", ["", "/preview"])
def test_a_mistyped_short_link_suggests_the_closest_rule_with_working_links(
    hosts: dict[str, str], browser: Any, at: str
) -> None:
    page = browser.new_context(locale="en-GB").new_page()
    response = page.goto(f"{hosts[at]}/r/pr-nd/")
    assert response is not None and response.status == 404
    suggestion = page.locator('section[lang="en"] .rb-suggest a', has_text="End of the game")
    suggestion.wait_for(timeout=10000)
    assert suggestion.get_attribute("href") == f"{at}/r/pr-end/en/"
    french = page.locator('section[lang="fr"] .rb-suggest a', has_text="Fin de la partie")
    assert french.get_attribute("href") == f"{at}/r/pr-end/fr/"
    assert "pr-nd" in page.locator('section[lang="fr"] .rb-asked').inner_text()
    suggestion.click()
    page.wait_for_url(f"**{at}/en/port-royal-morgan.html#pr-end")
    assert page.locator("#pr-end").is_visible()
    page.context.close()


@pytest.mark.parametrize(
    ("asked", "shown"), [("pr-nd%", "pr-nd%"), ("pr-end%E0%A4%A", "pr-end\ufffd%a")]
)  # a stray "%"; an escape that is no UTF-8, then one cut short: decodeURIComponent throws
def test_a_short_link_with_a_malformed_escape_still_gets_the_message_and_suggestions(
    hosts: dict[str, str], browser: Any, asked: str, shown: str
) -> None:
    page = browser.new_context(locale="en-GB", viewport={"width": 375, "height": 800}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    response = page.goto(f"{hosts['']}/r/{asked}/")
    assert response is not None and response.status == 404
    suggestion = page.locator('section[lang="en"] .rb-suggest a', has_text="End of the game")
    suggestion.wait_for(timeout=10000)
    assert page.locator('section[lang="en"] .rb-asked code').inner_text() == shown
    assert page.locator('section[lang="fr"] h1').inner_text() == "Page introuvable"
    assert errors == []
    page.context.close()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_short_link_per_language_lands_on_the_rule_in_that_language(
    hosts: dict[str, str], browser: Any, lang: str
) -> None:
    page = browser.new_context(locale="de-DE").new_page()
    page.goto(f"{hosts['']}/r/pr-mission-fulfilled/{lang}/")
    page.wait_for_url(f"**/{lang}/port-royal-morgan.html#pr-mission-fulfilled")
    assert page.locator("#pr-mission-fulfilled").is_visible()
    page.context.close()


def test_the_404_page_passes_an_accessibility_audit(hosts: dict[str, str], browser: Any) -> None:
    from axe_playwright_python.sync_playwright import Axe

    for scheme in ("light", "dark"):
        context = browser.new_context(color_scheme=scheme, viewport={"width": 375, "height": 800})
        page = context.new_page()
        page.goto(f"{hosts['']}/r/pr-nd/")
        page.locator(".rb-suggest li").first.wait_for(timeout=10000)
        violations = Axe().run(page).response["violations"]
        assert [(v["id"], v["impact"]) for v in violations] == []
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
        context.close()


def test_a_page_description_is_its_first_prose_not_a_table() -> None:
    from docutils.core import publish_doctree

    from rulebook.site.sphinxext.languages import description

    source = (
        """
=======  ===========
niveau   points
=======  ===========
facile   de 0 à 19 points, jamais de point supplémentaire pour Morgan
marche   de 0 à 16 points, puis de 17 à 19 avec le point supplémentaire
=======  ===========

.. note:: Une note de l'éditeur, assez longue pour passer pour un paragraphe de texte.

La variante se joue seule contre Morgan, un pirate. Elle a cinq niveaux\u00a0; le premier est
facile. """
        + "Une phrase de plus pour dépasser la longueur d'un aperçu. " * 5
    )
    found = description(publish_doctree(source))
    assert found.startswith("La variante se joue seule contre Morgan, un pirate.")
    assert "niveaux\u00a0; le premier" in found and "0 à 19" not in found
    assert found.endswith(".") and len(found) <= 200
