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


def test_an_addition_shows_nothing_before_it_as_an_empty_set_not_an_empty_box(
    small_site: SmallSite,
) -> None:
    """An entry that adds words (``original = ""``) showed an empty pink box before its
    arrow (a translator's review); it shows "∅", as an entry that takes words out shows
    after it."""
    book = load_book(small_site.root)
    added = next(
        c for e in book.entries_in(book.game(GAME)) for c in e.corrections if c.is_addition
    )
    entries = element(small_site.page("en", f"corrections/{GAME}.html"), f'id="{added.rule}"')
    assert '<code class="rb-was docutils literal notranslate"></code>' not in entries
    assert '<code class="rb-was docutils literal notranslate">∅</code> →' in entries
