"""The search finds a word typed with or without its accents (``search.py``), as a player
types it on a phone: the index holds each stem folded, Snowball's stemming kept; and the search
page says in the site's words that a search found nothing. The query's side, the page's
script, is tried in a browser (tests/test_browser.py)."""

import json
from typing import Any

import pytest
from sphinx.search import SearchLanguage

from rulebook.language import Lang, spaced, text
from rulebook.site.sphinxext import search
from rulebook.site.sphinxext.search import (
    NOTHING_FOUND,
    FoldingEnglish,
    FoldingFrench,
    fold,
    nothing_found_script,
)
from rulebook.text.smart_quotes import smart
from tests.small_book import SmallSites

# The château rule (Catan: the dice game), the card École (51st State), which the English
# text keeps, and "défausser" (51st State).
BOOK = ("catan-dice-extra", "51st-state-solo")


def read_index(index_js: str) -> Any:
    """The search index, from the script that holds it (``Search.setIndex({...})``)."""
    return json.loads(index_js[index_js.index("(") + 1 : index_js.rindex(")")])


def indexed_words(small_sites: SmallSites, lang: str) -> dict[str, Any]:
    """Each word of the index, from the pages' text or their headings, and its pages."""
    index = read_index(small_sites(*BOOK).page(lang, "searchindex.js"))
    return dict(index["terms"]) | dict(index["titleterms"])


@pytest.mark.parametrize(
    ("lang", "stems", "accented"),
    [
        ("fr", ["chateau", "defauss", "ecol"], ["château", "défauss", "écol"]),
        ("en", ["ecol"], ["écol"]),
    ],
)
def test_the_index_holds_each_stem_without_its_accents(
    small_sites: SmallSites, lang: str, stems: list[str], accented: list[str]
) -> None:
    words = indexed_words(small_sites, lang)
    assert [stem for stem in stems if stem not in words] == []
    assert [stem for stem in accented if stem in words] == []


def test_a_stem_that_folded_would_be_a_stop_word_keeps_its_accents() -> None:
    """ "dés" (the dice) stems to "dé"; folded, "de", a stop word, which the index leaves out:
    the dice would not be found at all."""
    french = FoldingFrench({})
    assert french.stem("dés") == french.stem("dé") == "dé"
    assert french.word_filter(french.stem("dés")) and not french.word_filter(french.stem("des"))


def test_the_dice_are_still_found_in_french(small_sites: SmallSites) -> None:
    """The query "dés" looks for its stem, which the index holds."""
    assert FoldingFrench({}).stem("dés") in indexed_words(small_sites, "fr")


def finds(language: SearchLanguage, query: str, written: str) -> bool:
    """Whether a one-word query finds a text that holds ``written``: the keys the index holds
    for the word (``split``, ``stem``) against the query's, as the page's script takes them
    (the word as typed, else without its accents)."""
    indexed = {language.stem(word) for word in language.split(written)}
    return language.stem(query) in indexed or language.stem(fold(query)) in indexed


@pytest.mark.parametrize(
    ("language", "words"),
    [
        (FoldingFrench, ["château", "défausser", "défaussée", "École", "achetée", "capacité"]),
        (FoldingEnglish, ["École", "marché", "coopération"]),
    ],
)
def test_a_word_is_found_with_or_without_its_accents_in_the_query_or_the_text(
    language: type[SearchLanguage], words: list[str]
) -> None:
    """Both ways: "chateau" finds "château", and "château" would find "chateau"."""
    search = language({})
    missed = [
        (query, written)
        for word in words
        for query, written in [(fold(word), word), (word, fold(word)), (word.lower(), word)]
        if not finds(search, query, written)
    ]
    assert missed == []


def test_stemming_still_joins_a_words_forms() -> None:
    french = FoldingFrench({})
    assert finds(french, "défausser", "défaussée") and finds(french, "defaussez", "défaussée")
    assert finds(FoldingEnglish({}), "discarding", "discards")


def test_a_stop_word_without_its_accents_is_a_stop_word() -> None:
    """ "ete" typed for "été" is left out of the query as "été" is, rather than looked for in
    an index that holds neither."""
    assert {"été", "ete", "meme"} <= FoldingFrench.stopwords


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_search_page_says_nothing_was_found_in_the_sites_words(
    small_sites: SmallSites, lang: Lang
) -> None:
    page = small_sites(*BOOK).page(lang, "search.html")
    assert nothing_found_script(lang) in page
    said = smart(spaced(text(lang, "search_nothing"), lang), lang)
    assert json.dumps(said, ensure_ascii=False) in nothing_found_script(lang)
    assert NOTHING_FOUND in nothing_found_script(lang) and "categor" not in said.lower()


def test_the_empty_results_words_cannot_close_their_script(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search, "text", lambda lang, key: "</script><script>alert(1)")
    assert "</script>" not in search.nothing_found_script("en")
