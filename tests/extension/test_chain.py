"""Under a worked example, the chain of rules its code applied (``chain.py``): each step links
to its rule, in the page's words, with the values it used; a long chain shows its first steps
and says how many more."""

import html
import os
import re
import subprocess
import sys

import pytest

from rulebook.book import load_book
from rulebook.language import text
from rulebook.site.sphinxext.chain import SHOWN_STEPS
from rulebook.text.smart_quotes import smart
from tests.conftest import ROOT
from tests.small_book import GAME, SmallSite, SmallSites, assert_snapshot, element


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("fr", ("objets\u00a0: 3", "points\u00a0: 1", "navire rouge, roue de navire bleue",
                "victoire\u00a0: non", "niveau\u00a0: facile")),
        ("en", ("items: 3", "points: 1", "red ship, blue ship\u2019s wheel", "won: no",
                "level: easy")),
    ],
)  # fmt: skip
def test_each_worked_example_shows_its_chain_linking_each_rule_in_the_pages_words(
    small_site: SmallSite, lang: str, words: tuple[str, ...]
) -> None:
    # the rule's title with the typography its heading has (Morgan’s, not Morgan's)
    title = smart(load_book(small_site.root).rule("pr-morgan-points-table", lang).title, lang)
    page = small_site.page(lang, f"{GAME}.html")
    chain = element(page, 'id="pr-ex-morgan-1--chain"')
    assert chain.index('href="#pr-morgan-phase-1"') < chain.index('href="#pr-morgan-points-table"')
    assert f'href="#pr-morgan-points-table">{title}</a>' in chain
    shown = re.sub(r"<[^>]+>", "", chain)
    assert all(said in shown for said in words), shown
    assert_snapshot(f"chain/pr-ex-morgan-1.{lang}.html", chain)


def test_a_step_taken_again_with_the_same_values_is_shown_once(small_site: SmallSite) -> None:
    page = small_site.page("en", f"{GAME}.html")
    chain = element(page, 'id="pr-ex-morgan-5--chain"')
    assert chain.count('href="#pr-morgan-phase-1"') == 1


def test_a_long_chain_shows_its_first_steps_and_says_how_many_more(
    small_sites: SmallSites,
) -> None:
    """Catan's dice over 23 turns and a final roll checked (24 steps): the first steps, then
    how many more, in the page's words."""
    site = small_sites("catan-dice-extra")
    for lang in ("fr", "en"):
        page = site.page(lang, "catan-dice-extra.html")
        chain = element(page, 'id="cd-dice-per-turn--chain"')
        assert chain.count("<li><a ") == SHOWN_STEPS
        assert text(lang, "chain_more").format(n=24 - SHOWN_STEPS) in chain


def test_a_chains_words_are_curled_as_the_pages_are(small_sites: SmallSites) -> None:
    """The chain's words come from ``chain-words.toml``, written straight like every source
    ("artificial player's cities"); the page shows them curled, as its own text."""
    page = small_sites("megawatts-solo").page("en", "megawatts-solo.html")
    shown = re.sub(r"<[^>]+>", "", element(page, 'id="mw-end--chain"'))
    assert "artificial player\u2019s cities" in shown
    assert "player's" not in html.unescape(shown)


def test_a_chain_is_the_same_whatever_pythons_string_hashes() -> None:
    """Catan Dice measured each player's army over a set of players, so the steps of
    ``cd-largest-army-used-knights`` under an example came in the order of Python's string
    hashes: the chain differed between two processes, the site's check (in the command's
    own process) and its Sphinx builds. The rule code now measures them in order."""
    shown = (
        "from pathlib import Path\n"
        "from rulebook.book import load_book\n"
        "from rulebook.site.sphinxext.chain import chain\n"
        "book = load_book(Path('.'))\n"
        "for rule in ('cd-shared-island', 'cd-largest-army-taken', 'cd-longest-road-taken'):\n"
        "    print([step['used'] for step in chain(book, book.entry(rule), 'fr')])\n"
    )
    said = [
        subprocess.run(
            [sys.executable, "-c", shown], cwd=ROOT, capture_output=True, text=True, check=True,
            env=os.environ | {"PYTHONHASHSEED": seed, "RULEBOOK_CACHE": "0"},
        ).stdout
        for seed in ("1", "2", "3")
    ]  # fmt: skip
    assert "rouge" in said[0] and said[0] == said[1] == said[2]
