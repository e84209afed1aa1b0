"""Every number of the Port Royal text, changed on one side, then (game quantities) on both
sides: the check must fail each time. The rates are printed at the end of the run."""

import json
from collections.abc import Callable

import pytest
from tools.mutation.text_mutants import code_can_tell, measure

from rulebook.book import load_book
from tests.conftest import ROOT


@pytest.mark.parametrize("game", [game.slug for game in load_book(ROOT).games])
def test_every_number_and_comparison_changed_is_caught(
    game: str, record_property: Callable[[str, object], None]
) -> None:
    """Numbers changed on one side or both, comparisons swapped on one side: all caught.
    Comparisons swapped on both sides are caught wherever the code compares with a constant
    the rule names; the others (a limit only returned, a count in prose) are listed."""
    book = load_book(ROOT)
    rates = measure(book, game)
    record_property("text mutation rates", rates.line(game))  # printed at the end of the run
    assert rates.one_side_total > 0 and rates.both_total > 0, "no number found to change"
    assert rates.survivors == []
    missed = [site for site in rates.comparison_survivors if code_can_tell(book, site)]
    assert missed == [], "the code compares with these constants, yet the swap went unseen"


@pytest.mark.parametrize("game", [game.slug for game in load_book(ROOT).games])
def test_the_rule_code_mutants_were_measured_on_this_code_and_meet_the_target(
    game: str, record_property: Callable[[str, object], None]
) -> None:
    """`make mutate` mutates the rule code (too slow to run at every `make test`) and records
    what it measured; the record must be of the code as it is now."""
    from tools.mutate import RESULTS, digest

    found = load_book(ROOT).game(game)
    recorded = json.loads(RESULTS.read_text(encoding="utf-8")).get(game)
    assert recorded is not None, f"no code mutation results for {game}: run `make mutate`"
    tests = ROOT / "tests" / f"test_{found.module.rsplit('.', 1)[1]}.py"
    assert recorded["measured_on"] == digest(found.module, tests), (
        f"{game}: the rule code or its tests changed since `make mutate` measured them: "
        f"run `python -m tools.mutate {game}` (a comment or the layout of a line is no change)"
    )
    killed, total = recorded["code"]
    rate = f"{game}: rule code {killed}/{total} ({100 * killed / total:.1f}%)"
    record_property("code mutation rates", rate)
    assert killed / total >= 0.9
    from tools.mutate import explanation

    code_survivors = [s for s in recorded["survivors"] if ".py:" in s]
    assert [s for s in code_survivors if not explanation(s)] == [], "kill it or explain it"


def test_the_quick_catcher_sees_what_the_whole_check_sees() -> None:
    """The text sweep checks one game and stops at the first new problem: on mutants caught
    and not caught alike, it answers as the whole check over the whole book does."""
    from tools.mutation.text_mutants import (
        Catcher,
        comparison_sites,
        game_sites,
        mutate,
        pairs,
        problems,
        with_sources,
    )

    book = load_book(ROOT)
    slug = "port-royal-morgan"
    caught = Catcher(book, slug)
    fr_source, fr_sites = game_sites(book, slug, "fr", comparison_sites)
    en_source, en_sites = game_sites(book, slug, "en", comparison_sites)
    seen = []
    for fr_site, en_site in pairs(fr_sites, en_sites):
        assert en_site is not None
        mutant = with_sources(book, slug, mutate(fr_source, fr_site), mutate(en_source, en_site))
        only = ("bounds", "quantities")
        seen.append(caught(mutant, only))
        assert seen[-1] == bool(problems(mutant, only)), fr_site
    one_side = with_sources(book, slug, mutate(fr_source, fr_sites[0]), None)
    assert caught(one_side, ()) and problems(one_side, ())
    assert True in seen and False in seen, "both outcomes were compared"
