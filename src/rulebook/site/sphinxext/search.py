"""The site's search, for players who type on a phone: a word finds its pages with or without
its accents (``chateau`` the château rule, ``Ecole`` the card École), and a search that finds
nothing says so in the site's words.

Sphinx's search matches a query's stem against the stems in ``searchindex.js``: Snowball's
stemmer on both sides, Python's when the index is built (``stem``), the same algorithm in
JavaScript on the query (``language_data.js``). Each language here is Sphinx's own with its
stems folded (Unicode NFD, the marks dropped) after stemming, since French Snowball reads the
accents of a word's ending (``défaussée`` and ``défausser`` share ``défauss`` only because it
does). Folding after stemming is not enough alone: Snowball cuts ``achetée`` to ``achet`` but
``achetee`` to ``achete``, and English keeps ``école`` whole but cuts ``ecole`` to ``ecol``. So
the index holds each accented word twice, as written and as typed without its accents
(``split``), and the query's script looks its word up as typed and, when that is not in the
index, without its accents: a query with or without accents finds a text with or without them.

A folded stem that would fall on a stop word keeps its accents: ``dés`` (dice) stems to
``dé``, and ``de`` is a stop word, left out of the index and of every query; folded, the dice
would vanish from the search. The stop words folded are stop words too, on both sides:
``ete`` is dropped from a query as ``été`` is, rather than looked for in an index without it.

Sphinx's message for an empty result speaks of "categories" the site does not have: the
search page's catalog (``Documentation.TRANSLATIONS``, from Sphinx's ``translations.js`` in
French, empty in English) takes the site's own words after it, from the book's catalogs.
"""

import json
import unicodedata
from collections.abc import Set
from pathlib import Path
from typing import Any

import sphinx
from sphinx.application import Sphinx
from sphinx.search import SearchLanguage
from sphinx.search.en import SearchEnglish
from sphinx.search.fr import SearchFrench

from rulebook.language import Lang, lang_of, spaced, text
from rulebook.text.smart_quotes import smart

# Sphinx's minified Snowball stemmers (what language_data.js holds for a language of its own).
MINIFIED = Path(sphinx.package_dir) / "search" / "minified-js"
# The message searchtools.js shows for a search that found nothing, as Sphinx writes it (the
# key of its catalog).
NOTHING_FOUND = (
    "Your search did not match any documents. Please make sure that all words are spelled "
    "correctly and that you've selected enough categories."
)


def fold(word: str) -> str:
    """``word`` without its accents: decomposed (NFD), its marks (Unicode category M, what
    the script's ``\\p{M}`` drops) left out.

    >>> fold("château"), fold("École"), fold("défauss"), fold("coin")
    ('chateau', 'Ecole', 'defauss', 'coin')
    """
    decomposed = unicodedata.normalize("NFD", word)
    return "".join(c for c in decomposed if not unicodedata.category(c).startswith("M"))


def folded_stem(stem: str, stopwords: Set[str]) -> str:
    """A stem as the index and the query both hold it: folded, unless folding makes it a stop
    word (which neither holds).

    >>> stops = frozenset({"de", "des"})
    >>> folded_stem("chateau", stops), folded_stem("château", stops), folded_stem("dé", stops)
    ('chateau', 'chateau', 'dé')
    """
    folded = fold(stem)
    return stem if folded in stopwords and stem not in stopwords else folded


def with_folded(stopwords: Set[str]) -> frozenset[str]:
    """The stop words and each one folded: a query's ``ete`` is dropped as ``été`` is."""
    return frozenset(stopwords) | {fold(word) for word in stopwords}


# The query's stemmer: Sphinx's for the language, its stem folded as ``folded_stem`` folds it
# (``stopwords`` is language_data.js's own set, defined before this code); the word as typed,
# else without its accents, whichever the index holds (``Search``, searchtools.js's, has the
# index loaded when a query is read).
_FOLDING_STEMMER_JS = """
window.Stemmer = function () {
  const stemmer = new %sStemmer();
  const fold = (word) => word.normalize("NFD").replace(/\\p{M}/gu, "");
  const key = (word) => {
    const stem = stemmer.stemWord(word);
    const folded = fold(stem);
    if (stopwords.has(folded) && !stopwords.has(stem)) return stem;
    return folded;
  };
  this.stemWord = (word) => {
    const keys = [key(word), key(fold(word))];
    let index = null;
    if (typeof Search !== "undefined") index = Search._index;
    const indexed = (k) =>
      Boolean(index) && (index.terms.hasOwnProperty(k) || index.titleterms.hasOwnProperty(k));
    return keys.find(indexed) ?? keys[0];
  };
};
"""


def stemmer_js(language: type[SearchLanguage]) -> str:
    """What language_data.js holds to stem a query: Sphinx's stemmer for ``language``, as
    Sphinx writes it for its own (``IndexBuilder.get_js_stemmer_code``), wrapped to fold."""
    return "\n".join(
        (
            (MINIFIED / "base-stemmer.js").read_text(encoding="utf-8"),
            (MINIFIED / language.js_stemmer_rawcode).read_text(encoding="utf-8"),
            _FOLDING_STEMMER_JS % language.language_name,
        )
    )


class Folding(SearchLanguage):
    """A language whose index holds its stems folded (``folded_stem``)."""

    def split(self, input: str) -> list[str]:
        """The text's words, and each accented one as typed without its accents."""
        words = super().split(input)
        return words + [fold(word) for word in words if fold(word) != word]

    def stem(self, word: str) -> str:
        return folded_stem(super().stem(word), self.stopwords)


class FoldingFrench(Folding, SearchFrench):
    stopwords = with_folded(SearchFrench.stopwords)
    # The query's stemmer is this class's code (js_stemmer_code), which Sphinx writes into
    # language_data.js when no file is named: its readable copies of Snowball's scripts
    # (_static/base-stemmer.js, french-stemmer.js), which no page loads, are no longer copied.
    js_stemmer_rawcode = ""
    js_stemmer_code = stemmer_js(SearchFrench)


class FoldingEnglish(Folding, SearchEnglish):
    stopwords = with_folded(SearchEnglish.stopwords)
    js_stemmer_rawcode = ""
    js_stemmer_code = stemmer_js(SearchEnglish)


def nothing_found_script(lang: Lang) -> str:
    """The search page's script that puts the site's words for an empty result in Sphinx's
    catalog, in the page's language (French spaced and curled as every page's text is); a
    ``<`` in them escaped, so that no catalog text closes the script."""
    said = smart(spaced(text(lang, "search_nothing"), lang), lang)
    words = json.dumps({NOTHING_FOUND: said}, ensure_ascii=False).replace("<", "\\u003c")
    return f"Object.assign(Documentation.TRANSLATIONS, {words});"


def add_nothing_found(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: object
) -> None:
    # The builder's own add_js_file, within the page's context: this page only (Sphinx resets
    # the list after each page), after Sphinx's translations.js (priority 500).
    add_js_file = getattr(app.builder, "add_js_file", None)
    if pagename == "search" and add_js_file is not None:
        add_js_file("", body=nothing_found_script(lang_of(app.config.language)), priority=900)


def setup_search(app: Sphinx) -> None:
    app.add_search_language(FoldingFrench)
    app.add_search_language(FoldingEnglish)
    app.connect("html-page-context", add_nothing_found)
