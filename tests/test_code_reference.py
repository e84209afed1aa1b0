"""The code reference: a page per game and language, from the docstrings, that every code
name on the rule pages links to, and whose examples link back to their rules."""

import importlib
import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from rulebook.book import load_book
from rulebook.book.code import defining_module, resolve
from tests.conftest import ROOT

GAMES = [(game.slug, game.module) for game in load_book(ROOT).games]
ENTRY = re.compile(r'<dt class="sig sig-object py" id="([^"]+)"')
CODE_LINK = re.compile(r'<a class="rb-code-link" href="([^"]+)">')


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize(("slug", "module_name"), GAMES)
def test_every_name_of_the_rule_api_has_its_entry(
    built_site: Path, lang: str, slug: str, module_name: str
) -> None:
    page = (built_site / lang / "code" / f"{slug}.html").read_text(encoding="utf-8")
    entries = set(ENTRY.findall(page))
    module = importlib.import_module(module_name)
    for name in module.__all__:
        home = defining_module(module, name, resolve(module, name)).__name__
        assert f"{home}.{name}" in entries, f"{name} has no entry in {lang}/code/{slug}.html"
    assert ("Code\u00a0:" if lang == "fr" else "Code:") in page


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize(("slug", "module_name"), GAMES)
def test_each_code_name_of_a_rule_links_to_its_entry(
    built_site: Path, lang: str, slug: str, module_name: str
) -> None:
    game_page = (built_site / lang / f"{slug}.html").read_text(encoding="utf-8")
    links = CODE_LINK.findall(game_page)
    named = sum(len(rule.code) for rule in load_book(ROOT).game(slug).fr.rules)
    assert len(links) == named, "every code name a rule gives links to the reference"
    code_page = (built_site / lang / "code" / f"{slug}.html").read_text(encoding="utf-8")
    ids = set(ENTRY.findall(code_page))
    for href in links:
        path, fragment = urlsplit(href).path, urlsplit(href).fragment
        assert path == f"code/{slug}.html" and fragment in ids, href


def test_an_example_of_the_reference_links_to_the_rule_it_belongs_to(built_site: Path) -> None:
    page = (built_site / "en" / "code" / "port-royal-morgan.html").read_text(encoding="utf-8")
    assert 'href="../port-royal-morgan.html#pr-ex-mission"' in page
    assert "[pr-ex-mission]" not in page, "the marker became a link"
