"""The whole site, built as `make site` builds it but with warnings as errors (-n -W): what
only the whole site shows, every page and every file around the two builds (short links,
rules.json, sitemaps, feeds). Each directive and role of the extension is tested on a small
book: tests/extension/."""

import html
import json
import re
from pathlib import Path
from xml.etree import ElementTree

import pytest

from rulebook.book import load_book
from rulebook.site.build import HASH_SEED
from rulebook.site.config import CONFIG
from tests.conftest import ROOT, constant_repr


@pytest.fixture(scope="module")
def site(built_site: Path) -> Path:
    return built_site


def ids_in(html: str) -> list[str]:
    return re.findall(r'\sid="([^"]+)"', html)


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


def test_no_page_of_the_site_has_a_duplicate_html_id(site: Path) -> None:
    pages = list(site.rglob("*.html"))
    assert len(pages) > 20
    for page in pages:
        ids = ids_in(page.read_text(encoding="utf-8"))
        duplicates = sorted({i for i in ids if ids.count(i) > 1})
        assert duplicates == [], f"{page.relative_to(site)}: {duplicates}"


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


def test_the_published_reference_writes_a_constants_sets_as_every_build_does(site: Path) -> None:
    """`rulebook site` seeds its builds' string hashes (``HASH_SEED``): a set inside a module
    constant (Catan Dice's example islands) is written in the same order by every build."""
    module, name = "rulebook.games.catan_dice.examples", "COAST"
    assert constant_repr("1", module, name) != constant_repr("2", module, name), "no set"
    page = (site / "fr" / "code" / "catan-dice-extra.html").read_text(encoding="utf-8")
    page = " ".join(html.unescape(re.sub(r"<[^>]+>", "", page)).split())
    assert " ".join(constant_repr(HASH_SEED["PYTHONHASHSEED"], module, name).split()) in page
