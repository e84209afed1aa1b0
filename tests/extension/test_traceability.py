"""The ``{traceability}`` directive (``traceability.py``): every rule of the book with its
code, the state of the examples bound to it (run at build time) and its corrections."""

import re

import pytest

from rulebook.book import load_book
from rulebook.book.code import load_module
from rulebook.checks.quantities import code_says
from tests.small_book import GAME, SmallSite, assert_snapshot, element


def text_of(page: str) -> str:
    return re.sub(r"<[^>]+>", "", page)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_traceability_page_lists_every_rule_with_its_examples_state(
    small_site: SmallSite, lang: str
) -> None:
    page = small_site.page(lang, "traceability.html")
    shown = text_of(page)
    book = load_book(small_site.root)
    for rule in book.rules():
        assert rule.id in shown
    game = book.game(GAME)
    rule = next(r for r in game.fr.rules if r.id == "pr-ex-morgan-2")
    module = load_module(game.module)
    assert module is not None
    count = sum(len(g.examples) for g in code_says(module, rule).examples)
    assert count > 0
    assert (f"{count} liés, réussis" if lang == "fr" else f"{count} bound, passing") in shown
    row = page[page.rindex("<tr", 0, page.index(f'href="{GAME}.html#pr-ex-morgan-2"')) :]
    assert_snapshot(f"traceability/pr-ex-morgan-2.{lang}.html", element(row, "<tr"))
