"""The ``{code-reference}`` directive (``code_reference.py``): a page per game and language,
from the docstrings, that every code name on the rule pages links to, and whose examples
link back to their rules. Run on each game of the book, each on its small book."""

import html
import importlib
import re
from urllib.parse import urlsplit

import pytest

from rulebook.book import load_book
from rulebook.book.code import defining_module, resolve
from rulebook.site.build import HASH_SEED
from tests.conftest import book_games, constant_repr
from tests.small_book import GAME, SmallSite, SmallSites, assert_snapshot, element

GAMES = [(game.slug, game.module) for game in book_games()]
ENTRY = re.compile(r'<dt class="sig sig-object py" id="([^"]+)"')
CODE_LINK = re.compile(r'<a class="rb-code-link" href="([^"]+)">')


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize(("slug", "module_name"), GAMES)
def test_every_name_of_the_rule_api_has_its_entry(
    small_sites: SmallSites, lang: str, slug: str, module_name: str
) -> None:
    page = small_sites(slug).page(lang, f"code/{slug}.html")
    entries = set(ENTRY.findall(page))
    module = importlib.import_module(module_name)
    for name in module.__all__:
        home = defining_module(module, name, resolve(module, name)).__name__
        assert f"{home}.{name}" in entries, f"{name} has no entry in {lang}/code/{slug}.html"
    assert ("Code\u00a0:" if lang == "fr" else "Code:") in page


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize(("slug", "module_name"), GAMES)
def test_each_code_name_of_a_rule_links_to_its_entry(
    small_sites: SmallSites, lang: str, slug: str, module_name: str
) -> None:
    site = small_sites(slug)
    game_page = site.page(lang, f"{slug}.html")
    links = CODE_LINK.findall(game_page)
    named = sum(len(rule.code) for rule in load_book(site.root).game(slug).fr.rules)
    assert len(links) == named, "every code name a rule gives links to the reference"
    ids = set(ENTRY.findall(site.page(lang, f"code/{slug}.html")))
    for href in links:
        path, fragment = urlsplit(href).path, urlsplit(href).fragment
        assert path == f"code/{slug}.html" and fragment in ids, href


def test_an_example_of_the_reference_links_to_the_rule_it_belongs_to(
    small_site: SmallSite,
) -> None:
    page = small_site.page("en", f"code/{GAME}.html")
    assert f'href="../{GAME}.html#pr-ex-mission"' in page
    assert "[pr-ex-mission]" not in page, "the marker became a link"
    # One function's entry, its examples bound to their rule, as a snapshot.
    entry = page[page.rindex("<dl", 0, page.index('.mission_points"')) :]
    assert_snapshot("code_reference/mission_points.en.html", element(entry, "<dl"))


def test_a_constants_value_holding_sets_is_written_alike_by_every_build(
    small_sites: SmallSites,
) -> None:
    """Catan Dice's example islands are dataclasses holding sets, whose ``repr()`` (what
    autodoc shows) follows Python's string hashes: seeded alike in every build (``HASH_SEED``),
    the page is the same from one build to the next."""
    module, name = "rulebook.games.catan_dice.examples", "COAST"
    assert constant_repr("1", module, name) != constant_repr("2", module, name), "no set to order"
    page = small_sites("catan-dice-extra").page("en", "code/catan-dice-extra.html")
    entry = html.unescape(re.sub(r"<[^>]+>", "", element(page, f'id="{module}.{name}"')))
    assert " ".join(constant_repr(HASH_SEED["PYTHONHASHSEED"], module, name).split()) in " ".join(
        entry.split()
    )
