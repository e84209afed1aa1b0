"""The site, built as `make site` builds it but with warnings as errors (-n -W): both
languages, every rule's anchor on its game page, and language links to the same page."""

import html
import json
import re
from pathlib import Path
from xml.etree import ElementTree

import pytest

from rulebook.book import load_book
from rulebook.site.config import CONFIG
from tests.conftest import ROOT


@pytest.fixture(scope="module")
def site(built_site: Path) -> Path:
    return built_site


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
    block = text_of(block[: block.index('class="rb-code')])
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
    assert (
        "Note de l’éditeur (erreur de la source)" in block[: block.index('<div class="rb-rule ', 9)]
    )
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
        ("fr", ["Par Anke Logtenberg", "traducteur non nommé", "Registre des corrections"]),
        ("en", ["By Anke Logtenberg", "translator not named", "Corrections register"]),
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


def test_the_machine_readable_book_is_published_with_its_schema_and_holds_to_it(
    site: Path,
) -> None:
    import json

    import jsonschema

    exported = json.loads((site / "rules.json").read_text(encoding="utf-8"))
    assert {r["id"] for r in exported["rules"]} == {r.id for r in load_book(ROOT).rules()}
    schema = json.loads((site / "rules.schema.json").read_text(encoding="utf-8"))
    assert schema["$id"] == exported["$schema"] == f"{CONFIG.base_url}rules.schema.json"
    checker = jsonschema.Draft202012Validator.FORMAT_CHECKER
    validator = jsonschema.Draft202012Validator(schema, format_checker=checker)
    assert [error.message for error in validator.iter_errors(exported)] == []


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
    said = "A pirate’s “home base”" if lang == "en" else "«\u00a0Home base\u00a0» d’un pirate"
    assert said in row


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_traceability_page_lists_every_rule_with_its_examples_state(
    site: Path, lang: str
) -> None:
    html = text_of((site / lang / "traceability.html").read_text(encoding="utf-8"))
    for rule in load_book(ROOT).rules():
        assert rule.id in html
    from rulebook.book.code import load_module
    from rulebook.checks.quantities import code_says

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


# --- Reading view and rules as objects of the site (issue 12) -----------------------------


def test_both_languages_have_the_same_interface_words() -> None:
    from rulebook.site.config import STRINGS

    assert STRINGS["fr"].keys() == STRINGS["en"].keys()


def test_a_rule_is_a_section_whose_title_is_a_heading_under_its_page_section(site: Path) -> None:
    """The HTML of one rule's opening, as a snapshot: the rule's ``div`` (ID, quotes), its
    title as an ``h3`` under the page's ``##`` section, linking to itself, then its menu."""
    page = (site / "fr" / "port-royal-morgan.html").read_text(encoding="utf-8")
    # The section is titled like the rule: the rule's title is there for screen readers.
    start = page.index('<div class="rb-rule rb-kind-rule rb-titled-by-section" id="pr-end"')
    opening = page[start : page.index('<div class="rb-rule-body', start)]
    head = opening[opening.index("<h3") :]
    assert head.startswith(  # no-search: the search lists its section's title, once
        '<h3 class="no-search">Fin de la partie<a class="headerlink" href="#pr-end" '
        'title="Lien vers cette rubrique">¶</a></h3>\n'
        '<div class="no-search"><details class="rb-share">'
    )
    corrected = len(load_book(ROOT).entry("pr-end").corrections)
    assert 'class="rb-rule-meta rb-proof"' in head and f"corrigée ({corrected})" in head
    # The page's contents (furo's "On this page") name it once, as its section, not
    # « Fin de la partie › Fin de la partie » (tests/test_small_faults.py: every page).
    toc = page[page.index('<div class="toc-tree">') :]
    toc = toc[: toc.index("</div>")]
    assert '<a class="reference internal" href="#fin-de-la-partie">Fin de la partie</a>' in toc
    assert 'href="#pr-end"' not in toc


def test_the_doctree_holds_each_rule_as_a_titled_section(site: Path) -> None:
    import pickle

    from docutils import nodes

    from rulebook.site.sphinxext.rule import rule_block

    doctree = pickle.loads(
        (site.parent / "doctrees" / "en" / "port-royal-morgan.doctree").read_bytes()
    )
    rules = [n for n in doctree.findall(rule_block)]
    assert len(rules) == len(load_book(ROOT).game("port-royal-morgan").fr.rules)
    end = next(r for r in rules if r["ids"] == ["pr-end"])
    assert isinstance(end, nodes.section) and isinstance(end[0], nodes.title)
    assert end[0].astext() == "End of the game"
    assert isinstance(end.parent, nodes.section)  # under the page's "##" section


@pytest.mark.parametrize(("lang", "title"), [("fr", "Fin de la partie"), ("en", "End of the game")])
def test_every_rule_is_an_object_in_the_inventory_and_the_search_index(
    site: Path, lang: str, title: str
) -> None:
    from sphinx.util.inventory import InventoryFile

    with (site / lang / "objects.inv").open("rb") as stream:
        inventory = InventoryFile.load(stream, "", lambda base, uri: uri)
    rules = inventory.data["std:rule"] if hasattr(inventory, "data") else inventory["std:rule"]
    assert {r.id for r in load_book(ROOT).rules()} <= set(rules)
    end = rules["pr-end"]
    uri = end.uri if hasattr(end, "uri") else end[2]
    assert uri == "port-royal-morgan.html#pr-end"
    index = (site / lang / "searchindex.js").read_text(encoding="utf-8")
    assert f'"{title}":[[' in index  # the rule's title, as a title of its own
    assert ',"","pr-end"]' in index  # the rule, as an object (its anchor is its name)


@pytest.mark.recorded  # a whole build: not rerun on the inputs it passed on (tests/recorded.py)
def test_the_rule_role_links_a_rule_by_its_title_and_an_unknown_rule_fails_the_strict_build(
    book_copy: object, tmp_path: Path
) -> None:
    """One strict build (it keeps going past an error) of a book citing one rule that exists
    and one that does not: the first is a link showing the rule's title, the second fails the
    build, named."""
    import subprocess

    from rulebook.site.build import sphinx_command

    path = tmp_path / "rules_fr" / "port-royal-morgan.md"
    marker = "facile, marche, accélération, course, extrême."
    text = path.read_text(encoding="utf-8")
    assert text.count(marker) == 1
    cited = marker + " Voir {rule}`pr-morgan-extra-point-table`. {rule}`pr-no-such-rule`"
    path.write_text(text.replace(marker, cited), encoding="utf-8")
    (tmp_path / "docs").mkdir()
    conf = (ROOT / "docs" / "conf.py").read_text(encoding="utf-8")
    (tmp_path / "docs" / "conf.py").write_text(conf, encoding="utf-8")
    out = tmp_path / "_build" / "html"
    command = sphinx_command(tmp_path, out, tmp_path / "doctrees", "fr", strict=True)
    done = subprocess.run(command, capture_output=True)
    assert done.returncode != 0
    errors = [line for line in done.stderr.decode().splitlines() if "WARNING" in line]
    assert len(errors) == 1 and "pr-no-such-rule" in errors[0], errors
    page = (out / "fr" / "port-royal-morgan.html").read_text(encoding="utf-8")
    assert (
        '<a class="reference internal" href="#pr-morgan-extra-point-table">'
        '<span class="xref std std-rule">Tableau du point supplémentaire</span></a>'
    ) in page


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_rule_has_a_report_link_carrying_its_id(site: Path, lang: str) -> None:
    from rulebook.site.config import CONFIG

    page = html.unescape((site / lang / "port-royal-morgan.html").read_text(encoding="utf-8"))
    link = re.search(r'<a class="rb-report" href="([^"]+)"', page[page.index('id="pr-end"') :])
    assert link is not None
    assert link.group(1).startswith(f"{CONFIG.repo_url}/issues/new?title=pr-end%3A%20")
    assert f"&body={CONFIG.base_url}{lang}/port-royal-morgan.html#pr-end".replace(
        ":", "%3A"
    ).replace("/", "%2F").replace("#", "%23") in link.group(1)


def test_an_editors_decision_reads_as_one_line_linked_to_its_reason(site: Path) -> None:
    page = (site / "en" / "port-royal-morgan.html").read_text(encoding="utf-8")
    block = page[page.index('id="pr-ex-treasure-2"') :]
    block = block[: block.index('<div class="rb-rule ', 10)]
    line = re.search(r'<p class="rb-editor-line">(.*?)</p>', block)
    assert line is not None
    assert text_of(line.group(1)).startswith("Editor’s note: the source is wrong here")
    assert 'href="corrections/port-royal-morgan.html#pr-ex-treasure-2"' in line.group(1)
    # The full reason and what the source said: for proof-readers.
    assert 'class="rb-editor-note note rb-proof admonition"' in block


def test_a_rule_titled_like_its_section_shows_its_title_once(site: Path) -> None:
    page = (site / "fr" / "port-royal-morgan.html").read_text(encoding="utf-8")
    material = re.search(r'<div class="([^"]*)"[^>]*id="pr-material"', page)
    setup = re.search(r'<div class="([^"]*)"[^>]*id="pr-setup"', page)
    assert material and "rb-titled-by-section" in material.group(1)
    assert setup and "rb-titled-by-section" not in setup.group(1)  # its own title


def refuse_constant(name: str) -> object:
    raise ValueError(f"{name} is not JSON a strict reader accepts")


def test_every_xml_and_json_output_is_well_formed_for_a_strict_parser(site: Path) -> None:
    """Sitemaps, feeds and every JSON file the site ships parse with strict parsers: expat
    (no control character, every entity declared) and json (no control character in a
    string, no NaN)."""
    xml = sorted([*site.rglob("*.xml"), *site.rglob("*.atom")])
    data = sorted(site.rglob("*.json"))
    assert len(xml) >= 5 and len(data) >= 10, (xml, data)
    for path in xml:
        parser = ElementTree.XMLParser()
        parser.feed(path.read_bytes())
        parser.close()
    for path in data:
        json.loads(path.read_text(encoding="utf-8"), parse_constant=refuse_constant)
