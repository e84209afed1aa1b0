"""Every number of the Port Royal text, changed on one side, then (game quantities) on both
sides: the check must fail each time. The rates are printed at the end of the run."""

import pytest

from rulebook.book import load_book
from rulebook.mutations import measure
from tests.conftest import ROOT

RATES: dict[str, str] = {}


@pytest.mark.parametrize("game", [game.slug for game in load_book(ROOT).games])
def test_every_number_changed_is_caught(game: str) -> None:
    rates = measure(load_book(ROOT), game)
    RATES[game] = rates.line(game)
    assert rates.one_side_total > 0 and rates.both_total > 0, "no number found to change"
    assert rates.survivors == []
