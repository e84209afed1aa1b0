"""The ``{code-reference}`` directive (``code_reference.py``): a page per game and language,
from the docstrings, that every code name on the rule pages links to, and whose examples
link back to their rules. Run on each game of the book, each on its small book."""

import html
import importlib
import json
import re
from typing import Any
from urllib.parse import urlsplit

import pytest
import snowballstemmer

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


def read_index(index_js: str) -> Any:
    """The search index, from the script that holds it (``Search.setIndex({...})``)."""
    return json.loads(index_js[index_js.index("(") + 1 : index_js.rindex(")")])


def found_pages(index_js: str, word: str, lang: str) -> set[str]:
    """The pages the text search finds for a word: its stem (Snowball's, the algorithm the
    page's script runs) among the words of the pages' text or of their headings."""
    index = read_index(index_js)
    stem = snowballstemmer.stemmer({"fr": "french", "en": "english"}[lang]).stemWord(word.lower())
    found: set[int] = set()
    for words in (index["terms"], index["titleterms"]):
        pages = words.get(stem, [])
        found |= {pages} if isinstance(pages, int) else set(pages)
    return {index["titles"][page] for page in found}


def offered_objects(index_js: str, query: str) -> list[tuple[str, str, str]]:
    """The objects the search page offers for a one-word query, as its script finds them
    (``performObjectSearch`` of Sphinx's ``searchtools.js``: the query within the object's
    full name, whatever the case): each object's name, its kind as the result says it, and
    the title of its page (the result's "in …")."""
    index = read_index(index_js)
    offered = []
    for prefix, objects in index["objects"].items():
        for page, kind, _priority, _anchor, name in objects:
            full_name = f"{prefix}.{name}" if prefix else name
            if query.lower() in full_name.lower():
                offered.append((full_name, index["objnames"][str(kind)][2], index["titles"][page]))
    return offered


@pytest.mark.parametrize(
    ("lang", "query", "offered"),
    [
        ("en", "capacity", [("mw-limit-ai-capacity", "rule", "Power Grid: solo rules")]),
        ("fr", "Elektros", []),  # no rule ID has the word: the text search finds the rules
    ],
)
def test_the_search_offers_rules_and_none_of_the_code_pages_python_objects(
    small_sites: SmallSites, lang: str, query: str, offered: list[tuple[str, str, str]]
) -> None:
    """A player searching "capacity" was offered three Python names "(Python function, in )"
    beside the rule, and "Elektros" one "(Python données, dans )": the code pages are out of
    the search (``nosearch``), so their titles are empty in the index, and so are their
    objects now."""
    index_js = small_sites("megawatts-solo").page(lang, "searchindex.js")
    assert offered_objects(index_js, query) == offered
    game = {"en": "Power Grid: solo rules", "fr": "Mégawatts\u00a0: règles solo"}[lang]
    assert game in found_pages(index_js, query, lang), "the text search finds the rules"
    kinds = {kind for _name, kind, _title in offered_objects(index_js, "")}
    assert kinds == {"rule" if lang == "en" else "règle"}, "every object offered is a rule"
    assert all(title for _name, _kind, title in offered_objects(index_js, "")), "no empty in )"
