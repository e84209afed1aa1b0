"""The ``{corrections}`` directive (``corrections.py``): a game's register, rule by rule, each
entry with its kind and its reason, and the lines of the original the book left out."""

import pytest

from rulebook.book import load_book
from tests.small_book import GAME, SmallSite, assert_snapshot, element


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_each_rule_has_its_entries_with_their_kind_and_reason(
    small_site: SmallSite, lang: str
) -> None:
    page = small_site.page(lang, f"corrections/{GAME}.html")
    book = load_book(small_site.root)
    for entry in book.entries_in(book.game(GAME)):
        assert f'id="{entry.id}"' in page, entry.id
    name = element(page, 'id="pr-name"')  # one correction, a mistranslation
    assert f'href="../{GAME}.html#pr-name"' in name
    assert_snapshot(f"corrections/pr-name.{lang}.html", name)


def test_a_source_error_is_listed_with_what_the_source_said(small_site: SmallSite) -> None:
    entries = element(small_site.page("fr", f"corrections/{GAME}.html"), 'id="pr-ex-treasure-2"')
    assert "Le trésor a disparu" in entries and "Le trésor est toujours là" in entries
