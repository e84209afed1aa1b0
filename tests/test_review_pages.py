"""The review pages (corrections, side by side, code) of every game, in both languages: the
`review-pages` check names a missing one at its game, and a page that names no game."""

import pytest

from rulebook.book import load_book
from rulebook.checks import run_checks
from tests.conftest import ROOT, BookCopy

GAME = "port-royal-morgan"


def test_every_game_of_the_book_has_its_review_pages() -> None:
    assert run_checks(load_book(ROOT), ("review-pages",)) == []


@pytest.mark.parametrize(
    "page", ["rules_fr/corrections", "rules_en/side-by-side", "rules_fr/code", "rules_en/code"]
)
def test_a_missing_review_page_is_named_at_its_games_front_matter(
    page: str, book_copy: BookCopy
) -> None:
    (book_copy.root / page / f"{GAME}.md").unlink()
    [line] = book_copy.lines("review-pages")
    assert line.startswith(f"rules_fr/{GAME}.md:2: {GAME}: its review page {page}/{GAME}.md ")
    assert "is missing: the game's page links to it → add it: " in line


def test_a_review_page_that_names_no_game_is_named(book_copy: BookCopy) -> None:
    book_copy.edit(f"rules_en/code/{GAME}.md", f"{{code-reference}} {GAME}", "{code-reference} pr")
    [line] = book_copy.lines("review-pages")  # the page is there: it names the wrong game
    assert line.startswith(
        f"rules_en/code/{GAME}.md:10: {GAME}: the review page names no game of the book ('pr') → "
    )


def test_a_review_page_under_another_games_name_is_named(book_copy: BookCopy) -> None:
    old = book_copy.root / "rules_fr" / "side-by-side" / f"{GAME}.md"
    old.rename(old.with_name("port-royal.md"))
    lines = book_copy.lines("review-pages")
    assert len(lines) == 2
    said = f"{GAME}: the review page of {GAME} is named port-royal.md"
    assert f"rules_fr/side-by-side/port-royal.md:8: {said}" in "\n".join(lines), lines
    assert any(f"rules_fr/side-by-side/{GAME}.md is missing" in line for line in lines), lines
