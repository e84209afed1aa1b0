"""The site, built as `make site` builds it but with warnings as errors (-n -W): both
languages, every rule's anchor on its game page, and language links to the same page."""

import html
import re
from pathlib import Path

import pytest

from rulebook.book import load_book
from rulebook.site import build_site
from rulebook.site_config import CONFIG
from tests.conftest import ROOT


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site") / "html"
    assert build_site(ROOT, out, strict=True) == 0, "the strict build (-n -W) failed"
    return out


def text_of(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html)


def ids_in(html: str) -> list[str]:
    return re.findall(r'\sid="([^"]+)"', html)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_each_language_has_a_home_a_game_page_and_a_corrections_page(site: Path, lang: str) -> None:
    for page in (
        "index.html",
        "port-royal-morgan.html",
        "corrections/port-royal-morgan.html",
        "search.html",
        "searchindex.js",
    ):
        assert (site / lang / page).exists(), f"{lang}/{page} is missing"
    home = (site / lang / "index.html").read_text(encoding="utf-8")
    assert 'href="port-royal-morgan.html"' in home
    assert re.search(rf'<html[^>]* lang="{lang}"', home)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_rule_has_its_anchor_once_on_its_game_page(site: Path, lang: str) -> None:
    html = (site / lang / "port-royal-morgan.html").read_text(encoding="utf-8")
    ids = ids_in(html)
    for rule in load_book(ROOT).game("port-royal-morgan").fr.rules:
        assert ids.count(rule.id) == 1, f"{rule.id} appears {ids.count(rule.id)} times"
    assert len(ids) == len(set(ids)), "duplicate HTML ids"


@pytest.mark.parametrize(("lang", "other"), [("fr", "en"), ("en", "fr")])
def test_every_page_links_to_the_same_page_in_the_other_language(
    site: Path, lang: str, other: str
) -> None:
    for page in ("index.html", "port-royal-morgan.html", "corrections/port-royal-morgan.html"):
        html = (site / lang / page).read_text(encoding="utf-8")
        up = "../" * (page.count("/") + 1)
        assert f'class="rb-lang-switch" href="{up}{other}/{page}"' in html
        alternate = f"{CONFIG.base_url}{other}/{page}"  # absolute: search engines want it so
        assert f'<link rel="alternate" hreflang="{other}" href="{alternate}">' in html


def test_a_rule_shows_its_examples_from_the_docstring_and_its_original_lines(site: Path) -> None:
    html = (site / "en" / "port-royal-morgan.html").read_text(encoding="utf-8")
    block = html[html.index('id="pr-ex-morgan-2"') :]
    block = text_of(block[: block.index('class="rb-code"')])
    assert "Examples from the code" in block and "morgan_turn" in block
    assert "8, Level.WALKING" in block  # the doctest, rendered from the docstring
    assert "Original text (lines 95–99)" in block
    assert "situation de départ : Morgan a 8 points" in block


def test_a_corrected_rule_links_to_its_entries_and_a_source_error_is_shown_on_the_rule(
    site: Path,
) -> None:
    html = (site / "fr" / "port-royal-morgan.html").read_text(encoding="utf-8")
    assert 'href="corrections/port-royal-morgan.html#pr-ex-treasure-2"' in html
    block = html[html.index('id="pr-ex-treasure-2"') :]
    assert "Note de l’éditeur (erreur de la source)" in block[:4000]
    corrections = (site / "fr" / "corrections" / "port-royal-morgan.html").read_text(
        encoding="utf-8"
    )
    assert 'id="pr-ex-treasure-2"' in corrections and "Le trésor a disparu" in corrections


@pytest.mark.parametrize(("lang", "term"), [("fr", "subit"), ("en", "sudden")])
def test_each_language_has_its_own_search_index(site: Path, lang: str, term: str) -> None:
    index = (site / lang / "searchindex.js").read_text(encoding="utf-8")
    assert f'"{term}' in index


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("fr", ["par Anke Logtenberg", "traducteur non nommé", "Registre des corrections"]),
        ("en", ["by Anke Logtenberg", "translator not named", "Corrections register"]),
    ],
)
def test_the_credits_stay_visible_on_the_game_page(site: Path, lang: str, words: list[str]) -> None:
    html = text_of((site / lang / "port-royal-morgan.html").read_text(encoding="utf-8"))
    for word in words:
        assert word in html


def test_every_published_id_and_alias_has_a_short_link_to_its_rule(site: Path) -> None:
    book = load_book(ROOT)
    assert book.published is not None
    for rule_id in book.published.ids:
        target = book.published.aliases.get(rule_id, (rule_id, 0))[0]
        page = (site / "r" / rule_id / "index.html").read_text(encoding="utf-8")
        game = book.rule(target).game
        assert f'hreflang="fr" href="../../fr/{game}.html#{target}"' in page
        assert f'hreflang="en" href="../../en/{game}.html#{target}"' in page
        assert '<meta property="og:title"' in page


def test_the_machine_readable_book_is_published_with_the_site(site: Path) -> None:
    import json

    rules = json.loads((site / "rules.json").read_text(encoding="utf-8"))
    assert {r["id"] for r in rules} == {r.id for r in load_book(ROOT).rules()}


def test_each_rule_carries_its_quotes_for_the_copy_buttons(site: Path) -> None:
    html = (site / "fr" / "port-royal-morgan.html").read_text(encoding="utf-8")
    tag = re.search(r'<div class="rb-rule[^>]*id="pr-end"[^>]*>', html, re.S)
    assert tag is not None
    assert 'data-url="https://' in tag.group(0) and "/r/pr-end/" in tag.group(0)
    assert 'data-bbcode="[quote][b]Port Royal' in tag.group(0)
    assert "data-markdown=" in tag.group(0)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_side_by_side_page_shows_original_french_and_english_with_marks(
    site: Path, lang: str
) -> None:
    page = (site / lang / "side-by-side" / "port-royal-morgan.html").read_text(encoding="utf-8")
    row = html.unescape(page[page.index('id="pr-name"') :])
    row = row[: row.index('class="rb-sbs ', 20)]
    assert '<span class="rb-was">comme ville de base</span>' in row
    # Quoted text is shown as the file writes it, straight apostrophe included.
    assert '<span class="rb-now">comme port d\'attache</span>' in row
    assert "Morgan is named after Henry Morgan" in row
    assert ("A pirate’s “home base”" if lang == "en" else "« Home base » d’un pirate") in row


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_traceability_page_lists_every_rule_with_its_examples_state(
    site: Path, lang: str
) -> None:
    html = text_of((site / lang / "traceability.html").read_text(encoding="utf-8"))
    for rule in load_book(ROOT).rules():
        assert rule.id in html
    from rulebook.checks.quantities import code_says
    from rulebook.codebind import load_module

    game = load_book(ROOT).game("port-royal-morgan")
    rule = next(r for r in game.fr.rules if r.id == "pr-ex-morgan-2")
    module = load_module(game.module)
    assert module is not None
    count = sum(len(g.examples) for g in code_says(module, rule).examples)
    assert count > 0
    assert (f"{count} liés, réussis" if lang == "fr" else f"{count} bound, passing") in html


def test_no_page_of_the_site_has_a_duplicate_html_id(site: Path) -> None:
    pages = list(site.rglob("*.html"))
    assert len(pages) > 20
    for page in pages:
        ids = ids_in(page.read_text(encoding="utf-8"))
        duplicates = sorted({i for i in ids if ids.count(i) > 1})
        assert duplicates == [], f"{page.relative_to(site)}: {duplicates}"


@pytest.mark.parametrize(("lang", "pair"), [("fr", ("navire", "ship")), ("en", ("ship", "navire"))])
def test_the_glossary_page_lists_the_term_pairs(
    site: Path, lang: str, pair: tuple[str, str]
) -> None:
    html = (site / lang / "glossary.html").read_text(encoding="utf-8")
    assert f"<p>{pair[0]}</p></td>\n<td><p>{pair[1]}</p>" in html
