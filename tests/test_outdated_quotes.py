"""A quote outlives its rule: a rule quoted, then changed in both languages and recorded (and
another renamed); the old quote's link, opened in a fresh browser, says in the reader's
language that the rule changed, when, and what changed, above the rule as it stands; a
current quote shows nothing extra; the changes page and the Atom feed list the change.

The book is a copy of this one, changed as its editor would: `rulebook publish` records the
versions with the date 2026-12-01; the site is built by `rulebook site` (tests/changed_site.py:
the same build tests/test_publish.py reads, made once for both).
"""

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import bbcode
import pytest

from rulebook.book import load_book
from rulebook.outputs.cite import cite
from tests.changed_site import changed_site
from tests.conftest import ROOT, serving

GAME = "port-royal-morgan"
BASE = "https://rules.test/"
OLD = len(load_book(ROOT).entry("pr-end").versions)  # the version quoted before the change
NEW = OLD + 1


@pytest.fixture(scope="module")
def quoted(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The BBCode quotes of pr-end, taken before the change (its last version, ``OLD``)."""
    return {lang: cite(load_book(ROOT), "pr-end", lang, "bbcode", BASE) for lang in ("fr", "en")}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    # Port Royal alone: the quotes are of its rules, and a whole book would cost a minute of
    # building (and its PDFs) for nothing more of what these tests read.
    changed = changed_site(tmp_path_factory.mktemp("changed"))
    assert "pr-end: new version recorded (2026-12-01)" in changed.published
    return changed.out


@pytest.fixture(scope="module")
def served(site: Path) -> Iterator[str]:
    with serving(site) as url:
        yield url


def link_of(quote: str) -> str:
    """The link a forum shows for a BBCode quote, as phpBB's tags render it."""
    rendered = bbcode.render_html(quote)
    start = rendered.index('href="') + len('href="')
    return rendered[start : rendered.index('"', start)]


def test_the_old_quote_names_its_version_and_its_short_links_lead_to_the_notice(
    quoted: dict[str, str], site: Path
) -> None:
    assert link_of(quoted["fr"]) == f"{BASE}r/pr-end/v{OLD}/fr/"
    page = (site / "r" / "pr-end" / f"v{OLD}" / "fr" / "index.html").read_text(encoding="utf-8")
    assert f"url=../../../../fr/{GAME}.html#pr-end--v{OLD}" in page
    current = (site / "r" / "pr-end" / f"v{NEW}" / "en" / "index.html").read_text(encoding="utf-8")
    assert f'url=../../../../en/{GAME}.html#pr-end"' in current
    old_id = (site / "r" / "pr-name" / "index.html").read_text(encoding="utf-8")
    assert "port-royal-morgan.html#pr-morgan-name--was-pr-name" in old_id


def test_the_changes_page_and_the_feed_list_the_change(site: Path) -> None:
    page = (site / "en" / "changes.html").read_text(encoding="utf-8")
    assert "1 December 2026" in page and f'href="{GAME}.html#pr-end--history"' in page
    assert "renamed (pr-name → pr-morgan-name)" in page
    atom = "{http://www.w3.org/2005/Atom}"
    feed = ET.parse(site / "fr" / "changes.atom").getroot()
    entries = feed.findall(f"{atom}entry")
    titles = [e.findtext(f"{atom}title") for e in entries]
    assert "Fin de la partie (pr-end)\u00a0: formulation" in titles
    assert entries[0].findtext(f"{atom}updated") == "2026-12-01T00:00:00Z"  # newest first
    links = [e.find(f"{atom}link").get("href") for e in entries]  # type: ignore[union-attr]
    assert any(link.endswith(f"fr/{GAME}.html#pr-end--history") for link in links)


@pytest.mark.parametrize(
    ("lang", "locale", "said", "date"),
    [
        ("fr", "fr-FR", "Cette règle a changé depuis votre citation", "1er décembre 2026"),
        ("en", "en-GB", "This rule has changed since your quote", "1 December 2026"),
    ],
)
def test_the_old_quote_opened_in_a_fresh_browser_says_what_changed_and_when(
    quoted: dict[str, str],
    served: str,
    chromium: Any,
    lang: str,
    locale: str,
    said: str,
    date: str,
) -> None:
    path = link_of(quoted[lang]).removeprefix(BASE)
    context = chromium.new_context(locale=locale, viewport={"width": 375, "height": 800})
    page = context.new_page()
    page.goto(f"{served}/{path}")
    page.wait_for_url(f"**/{lang}/{GAME}.html#pr-end--v{OLD}")
    notice = page.locator(f"#pr-end--v{OLD}")
    notice.wait_for(state="visible")
    text = notice.inner_text()
    assert said in text and date in text
    assert notice.locator("del").count() >= 1 and notice.locator("ins").count() >= 1
    new_words = "immediately" if lang == "en" else "prend fin"
    assert new_words in page.locator("#pr-end .rb-rule-body").inner_text()  # the rule as it is now
    page.goto(f"{served}/r/pr-end/v{NEW}/{lang}/")  # a current quote: nothing extra
    page.wait_for_url(f"**/{lang}/{GAME}.html#pr-end")
    assert not page.locator(f"#pr-end--v{OLD}").is_visible()
    page.goto(f"{served}/r/pr-name/{lang}/")  # the renamed rule's old ID
    page.wait_for_url("**#pr-morgan-name--was-pr-name")
    renamed = page.locator("#pr-morgan-name--was-pr-name")
    renamed.wait_for(state="visible")
    assert "pr-morgan-name" in renamed.inner_text() and date in renamed.inner_text()
    context.close()
