"""make live: both languages built into one root, and every problem of the check on every page."""

import html
import shutil

import pytest

from rulebook.site.live_server import build_both
from tests.conftest import ROOT, BookCopy



def test_the_live_build_makes_both_languages_and_lists_every_problem_on_every_page(
    book_copy: BookCopy,
) -> None:
    shutil.copytree(ROOT / "docs", book_copy.root / "docs", ignore=shutil.ignore_patterns("_build"))
    # Two broken rules in two games: a page about one must list the other's problems too.
    book_copy.edit("rules_fr/port-royal-morgan.md", "atteignez 20 points", "atteignez 25 points")
    book_copy.edit(
        "rules_fr/stone-age-solo.md", "des 4 tribus (4 couleurs)", "des 5 tribus (5 couleurs)"
    )
    problems = book_copy.lines()
    assert any("pr-end" in line for line in problems), problems
    assert any("sa-goal" in line for line in problems), problems

    out = book_copy.root / "docs" / "_build" / "live" / "html"
    build_both(book_copy.root, out)

    for lang in ("fr", "en"):
        assert (out / lang / "port-royal-morgan.html").exists(), lang
    assert (out / "index.html").exists()
    for page in ("fr/port-royal-morgan.html", "en/index.html", "en/glossary.html"):
        text = html.unescape((out / page).read_text(encoding="utf-8"))
        banner = text[text.index('class="rb-live-check"') :]
        banner = banner[: banner.index("</div>")]
        assert f" {len(problems)}\n" in banner, (page, banner[:200])
        missing = [line for line in problems if line not in banner]
        assert not missing, (page, missing)
