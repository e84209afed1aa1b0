"""The small books the extension's tests build (``tests/small_book.py``): strict builds with
no warning, each language in its own words, the game's files and no other game's; and the
snapshots they are compared with, which a difference fails and ``UPDATE_SNAPSHOTS=1`` writes."""

from pathlib import Path

import pytest

from tests import small_book
from tests.small_book import GAME, GAMES, SmallSite, assert_snapshot, element


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_small_book_builds_strict_with_no_warning(small_site: SmallSite, lang: str) -> None:
    assert small_site.warnings(lang) == ""
    assert (small_site.html(lang) / f"{GAME}.html").is_file()


def test_each_language_is_built_in_its_own_words_one_after_the_other(
    small_site: SmallSite,
) -> None:
    """Two builds in one process would share Sphinx's translations, and the labels a module
    translated when it was imported: the second language's pages would hold the first's."""
    for lang, said, not_said in (
        ("fr", ("Lien vers cette rubrique", "Paramètres"), ("Link to this heading", "Parameters")),
        ("en", ("Link to this heading", "Parameters"), ("Lien vers cette rubrique", "Paramètres")),
    ):
        pages = small_site.page(lang, f"{GAME}.html") + small_site.page(lang, f"code/{GAME}.html")
        assert all(s in pages for s in said) and not any(s in pages for s in not_said), lang


def test_the_small_book_holds_its_game_and_no_other(small_site: SmallSite) -> None:
    names = {p.name.split(".")[0] for p in small_site.root.glob("rules_*/**/*") if p.is_file()}
    assert GAME in names and not (set(GAMES) - {GAME}) & names
    assert {"index", "glossary", "changes", "traceability"} <= names


def test_a_snapshot_that_differs_fails_and_names_the_difference(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("UPDATE_SNAPSHOTS", raising=False)
    with pytest.raises(pytest.fail.Exception) as failed:
        assert_snapshot("footer/glossary.en.html", "<div>another footer</div>\n")
    said = str(failed.value)
    assert "tests/snapshots/footer/glossary.en.html" in said
    assert "+<div>another footer</div>" in said, "the difference, line by line"
    with pytest.raises(AssertionError, match="missing: UPDATE_SNAPSHOTS=1 writes it"):
        assert_snapshot("footer/no-such-snapshot.html", "x")


def test_update_snapshots_writes_the_snapshot_whole(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(small_book, "SNAPSHOTS", tmp_path)
    monkeypatch.setenv("UPDATE_SNAPSHOTS", "1")
    small_book.assert_snapshot("a/b.html", "<p>x</p>  \n<p>y</p>")
    assert (tmp_path / "a" / "b.html").read_text(encoding="utf-8") == "<p>x</p>\n<p>y</p>\n"
    assert [p.name for p in (tmp_path / "a").iterdir()] == ["b.html"], "no temporary file left"
    monkeypatch.setenv("UPDATE_SNAPSHOTS", "0")
    small_book.assert_snapshot("a/b.html", "<p>x</p>\n<p>y</p>")  # the same: it passes


def test_an_element_is_cut_at_its_own_end_tag() -> None:
    page = '<p>a</p><div class="x" id="a"><div>b</div><br><div id="c">c</div></div><div>z</div>'
    outer = '<div class="x" id="a"><div>b</div><br><div id="c">c</div></div>'
    assert element(page, 'id="a"') == outer
    assert element(page, 'id="c"') == '<div id="c">c</div>'
    assert element(page, "<p>") == "<p>a</p>"
