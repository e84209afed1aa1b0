"""make live: both languages built into one root, and every problem of the check on every page.

On a small book of two games (tests/publishable_book.py: the check agrees with it as with the
whole book), one rule broken in each: what is asserted, every problem on every page of either
game and on the shared pages, needs two games, not every game of the book."""

import html
from pathlib import Path

from rulebook.site.live_server import build_both
from tests.conftest import BookCopy
from tests.publishable_book import publishable_book


def test_the_live_build_makes_both_languages_and_lists_every_problem_on_every_page(
    tmp_path: Path,
) -> None:
    book = BookCopy(publishable_book(tmp_path / "book", ("port-royal-morgan", "stone-age-solo")))
    # Two broken rules in two games: a page about one must list the other's problems too.
    book.edit("rules_fr/port-royal-morgan.md", "atteignez 20 points", "atteignez 25 points")
    book.edit(
        "rules_fr/stone-age-solo.md", "des 4 tribus (4 couleurs)", "des 5 tribus (5 couleurs)"
    )
    problems = book.lines()
    assert any("pr-end" in line for line in problems), problems
    assert any("sa-goal" in line for line in problems), problems

    out = book.root / "docs" / "_build" / "live" / "html"
    build_both(book.root, out)

    for lang in ("fr", "en"):
        assert (out / lang / "port-royal-morgan.html").exists(), lang
    assert (out / "index.html").exists()
    pages = ("fr/port-royal-morgan.html", "en/stone-age-solo.html", "en/index.html")
    for page in (*pages, "en/glossary.html"):
        text = html.unescape((out / page).read_text(encoding="utf-8"))
        banner = text[text.index('class="rb-live-check"') :]
        banner = banner[: banner.index("</div>")]
        assert f" {len(problems)}\n" in banner, (page, banner[:200])
        missing = [line for line in problems if line not in banner]
        assert not missing, (page, missing)
