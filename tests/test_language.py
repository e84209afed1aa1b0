"""Each language's words in one place (``rulebook.language``): both catalogs hold the same
keys, and French punctuation is spaced by ``punctuation`` and ``spaced`` alone; no source file
outside the catalogs sets a French colon (or ; ! ?) by hand, and no template, page or script
writes French at all. A count's grammatical number is ``singular``'s, which follows CLDR."""

import ast
import importlib
import re
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest
from babel import Locale
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.book import load_book
from rulebook.checks import typography
from rulebook.language import (
    LANGUAGES,
    catalog,
    is_lang,
    lang_of,
    punctuation,
    singular,
    spaced,
    text,
)
from tests.conftest import ROOT

SRC = Path(__file__).resolve().parent.parent / "src" / "rulebook"
# The only files that write a French mark's space by hand: the catalogs.
CATALOGS = SRC / "language"
# A companion's words are written with plain spaces and spaced when said (kit.companion.Say).
SPACED_WHEN_SAID = SRC / "companions"
# A high mark after a non-breaking space: French typed by hand.
HAND_SET = re.compile(r"[\u00a0\u202f][:;!?]")
# A high mark after a plain space, in a sentence: French that lost its non-breaking space. A
# mark listed (": ; ! ?"), quoted in guillemets (« Remarque : ») or naming markup (:code:)
# is not matched.
PLAIN = re.compile(r"(?<=[\w})»]) [:;!?](?= [\w{«\"“]|$)")
# The templates, pages and front-end scripts have no language of their own: their words come
# from the catalogs, through a template's context or a page's markup. French in one of them
# is a French word written there: a letter English does not use, or a word of French grammar
# (enough for a sentence; a lone word without an accent, such as "Langue", slips through).
MARKUP = (".html", ".js")
FRENCH = re.compile(
    r"[àâçéèêëîïôùûüÿœæ]|\b(?:aucune?|avec|ce|cette|ces|dans|des|du|est|et|la|le|les|ne|"
    r"pas|pour|sont|sur|une|vous|votre)\b",
    re.IGNORECASE,
)
# A mark's space typed by hand in markup: the character, an HTML entity, a Jinja or JS escape.
HAND_SET_MARKUP = re.compile(
    r"(?:[\u00a0\u202f]|&nbsp;|&#160;|&#x0*a0;|&#8239;|&#x202f;|\\u00a0|\\u202f|\\xa0)"
    r"[:;!?]",
    re.IGNORECASE,
)
# What says why, to the book's editors, in English, and may quote the French it is about:
# Jinja and HTML comments, a script's comments (// after a space or at a line's start, not
# the // of an address).
COMMENTS = re.compile(r"\{#.*?#\}|<!--.*?-->|/\*.*?\*/|(?:^|(?<=\s))//.*?$", re.S | re.M)


def unpaired_keys(catalogs: Mapping[str, Mapping[str, str]]) -> dict[str, set[str]]:
    """Each language's keys that some other language lacks."""
    every = set().union(*(words.keys() for words in catalogs.values()))
    return {lang: every - words.keys() for lang, words in catalogs.items() if every - words.keys()}


def literals(source: str) -> Iterator[tuple[int, str]]:
    """Each string literal of a module, docstrings aside (their examples are inputs): an
    f-string as one text, ``{}`` where it holds a value."""
    tree = ast.parse(source)
    skipped: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            skipped.add(id(body[0].value))  # a docstring, or some other bare expression
        if isinstance(node, ast.JoinedStr):
            skipped.update(id(value) for value in node.values)
            parts = (v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
            yield node.lineno, "".join(str(part) for part in parts)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) not in skipped:
                yield node.lineno, node.value


def hand_set_marks(root: Path) -> list[str]:
    """Every literal under ``root`` that sets a French high mark by hand, as ``path:line``."""
    found = []
    for path in sorted(root.rglob("*.py")):
        if path.is_relative_to(CATALOGS):
            continue
        for line, value in sorted(literals(path.read_text(encoding="utf-8"))):
            plain = not path.is_relative_to(SPACED_WHEN_SAID) and PLAIN.search(value)
            if HAND_SET.search(value) or plain:
                found.append(f"{path.relative_to(root)}:{line}: {value[:60]!r}")
    return found


def words_in_markup(root: Path) -> list[str]:
    """Every line of a template, page or script under ``root`` that writes French or sets a
    French mark's space by hand, comments aside, as ``path:line``."""
    found = []
    for path in sorted(p for p in root.rglob("*") if p.suffix in MARKUP):
        source = COMMENTS.sub(lambda c: "\n" * c[0].count("\n"), path.read_text(encoding="utf-8"))
        for line, content in enumerate(source.splitlines(), 1):
            match = HAND_SET_MARKUP.search(content) or FRENCH.search(content)
            if match:
                found.append(f"{path.relative_to(root)}:{line}: {match[0]!r}")
    return found


def test_both_catalogs_hold_the_same_keys() -> None:
    assert unpaired_keys({lang: catalog(lang).words for lang in LANGUAGES}) == {}


def test_a_key_in_one_catalog_only_is_named() -> None:
    french = dict(catalog("fr").words, only_here="seulement ici")
    assert unpaired_keys({"fr": french, "en": catalog("en").words}) == {"en": {"only_here"}}


def test_each_catalog_names_its_language_in_itself_and_in_english() -> None:
    assert [(catalog(lang).name, catalog(lang).english_name) for lang in LANGUAGES] == [
        ("Français", "French"),
        ("English", "English"),
    ]
    assert text("fr", "site_title") == "Règles vérifiées"


def test_a_build_without_a_language_reads_english() -> None:
    assert (lang_of(None), lang_of("de"), lang_of("fr")) == ("en", "en", "fr")
    assert not is_lang("FR")


def test_an_unknown_key_is_a_key_error_naming_it() -> None:
    with pytest.raises(KeyError, match="no_such_word"):
        text("fr", "no_such_word")


def test_french_sets_a_non_breaking_space_before_each_high_mark_and_english_none() -> None:
    assert [punctuation("fr", mark) for mark in ":;!?"] == ["\xa0:", "\xa0;", "\xa0!", "\xa0?"]
    assert [punctuation("en", mark) for mark in ":;!?"] == [":", ";", "!", "?"]
    assert spaced("Dés restants : 3 ; « joker » !", "fr") == (
        "Dés restants\u00a0: 3\u00a0; «\u00a0joker\u00a0»\u00a0!"
    )
    assert spaced("Dés restants\u00a0: 3", "fr") == "Dés restants\u00a0: 3"  # set once only


def test_a_count_takes_the_singular_where_cldr_says_each_language_does() -> None:
    """Babel's reading of CLDR is the reference; ``singular`` is the book's own because the
    package runs in the browser with the standard library alone."""
    for lang in LANGUAGES:
        plural_form = Locale.parse(catalog(lang).locale).plural_form
        assert [singular(lang, n) for n in range(200)] == [
            plural_form(n) == "one" for n in range(200)
        ], lang


def ones_written_out(words: Mapping[str, str]) -> list[str]:
    """The singular words (``key_1``) that write their count as a figure 1 instead of
    ``{n}``, with no words of their own for none (``key_0``)."""
    return [
        key
        for key, said in words.items()
        if key.endswith("_1") and f"{key[:-2]}_0" not in words and re.search(r"(?<!\{)\b1\b", said)
    ]


def test_a_french_singular_gives_its_count_as_n_for_french_counts_zero_in_the_singular() -> None:
    """French puts 0 in the singular (``singular``), so ``Say.counted`` reads a count of 0
    with the ``_1`` words: "1 route" would say 1 where there is none; "{n} route" says 0."""
    companions = [
        importlib.import_module(f"rulebook.companions.{game.module.rsplit('.', 1)[-1]}")
        for game in load_book(ROOT).games
    ]
    assert companions and all(c.COMPANION.WORDS["fr"] for c in companions)
    assert {c.__name__: ones_written_out(c.COMPANION.WORDS["fr"]) for c in companions} == {
        c.__name__: [] for c in companions
    }
    assert ones_written_out({"roads_1": "1 route", "roads_n": "{n} routes"}) == ["roads_1"]
    assert ones_written_out({"roads_1": "{n} route", "roads_0": "aucune"}) == []


def test_no_source_file_outside_the_catalogs_sets_a_french_colon_by_hand() -> None:
    assert hand_set_marks(SRC) == []


def test_the_scan_names_a_french_colon_set_by_hand_with_or_without_its_space(
    tmp_path: Path,
) -> None:
    (tmp_path / "page.py").write_text(
        '"""A docstring may show « Résultat : 3 »."""\n\n'
        'RESULT = "Résultat\\u00a0: "\n'
        'def said(n: int) -> str:\n    return f"Résultat : {n}"\n'
        'MARKUP = "the rule\'s :code: option, the marks : ; ! ?"\n',
        encoding="utf-8",
    )
    assert hand_set_marks(tmp_path) == [
        "page.py:3: 'Résultat\\xa0: '",
        "page.py:5: 'Résultat : {}'",
    ]


def test_no_template_page_or_script_writes_french_or_a_french_mark_by_hand() -> None:
    assert words_in_markup(SRC) == []


def test_the_markup_scan_names_french_words_and_hand_set_spaces_but_not_comments(
    tmp_path: Path,
) -> None:
    (tmp_path / "banner.html").write_text(
        "{#- Shown in French as « problème(s) », from the catalog. -#}\n"
        "<!-- Vouliez-vous dire : the catalog's not_found_guess -->\n"
        "<p>{{ words.count }} {{ words.problems }}</p>\n"
        "<p>Sur cette page, en gras</p>\n"
        '<p class="rb-asked">Did you mean&nbsp;:</p>\n'
        '<p>rulebook check{{ "\\u00a0:" if language == "fr" else ":" }}</p>\n',
        encoding="utf-8",
    )
    (tmp_path / "picker.js").write_text(
        "// Le choix de la langue: the reader's, else English.\n"
        'fetch("https://example.org/rules.json");  /* à la racine */\n'
        'box.textContent = "Problème";\n',
        encoding="utf-8",
    )
    assert words_in_markup(tmp_path) == [
        "banner.html:4: 'Sur'",
        "banner.html:5: '&nbsp;:'",
        "banner.html:6: '\\\\u00a0:'",
        "picker.js:3: 'è'",
    ]


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="ab1 .:;!?«»()\u00a0\u202f", max_size=24))
def test_french_set_by_spaced_is_what_the_typography_check_asks_for(written: str) -> None:
    """One rule, stated once (language/spacing.py): whatever ``spaced`` returns, the
    typography check, which reads the book's French with the same marks, finds no slip."""
    assert typography.BAD.search(spaced(written, "fr")) is None, repr(spaced(written, "fr"))
