"""Megawatts solo: the end of the game, and the medal the final Elektros earn."""

from rulebook.errors import RuleError
from rulebook.kit.explain import step
from rulebook.kit.tables import Table, runs, span, table
from rulebook.kit.validate import whole

from .rules import _MEDAL_FROM, _MOST_COUNT, AI_FINAL_CITY, EndCondition, Medal


def game_ends(market_refilled: bool, ai_cities: int) -> tuple[EndCondition, ...]:
    """The end conditions met this round (none: the game goes on): the power plant market
    could not be refilled in the Bureaucracy phase; the artificial player has built its
    fifteenth city. The game ends at the end of the round.

    >>> game_ends(market_refilled=True, ai_cities=14)
    ()

    [mw-end] There are two end conditions; the artificial player's 15th city is one.

    >>> len(EndCondition)
    2
    >>> [str(condition) for condition in game_ends(market_refilled=True, ai_cities=15)]
    ['ai-last-city']
    """
    if not isinstance(market_refilled, bool):
        raise RuleError("mw-end", "whether the power plant market was refilled", market_refilled)
    met = [EndCondition.PLANT_MARKET_SHORT] if not market_refilled else []
    if (
        whole("mw-end", ai_cities, "the artificial player's cities", most=_MOST_COUNT)
        >= AI_FINAL_CITY
    ):
        met.append(EndCondition.AI_LAST_CITY)
    step("mw-end", market_refilled=market_refilled, ai_cities=ai_cities, ends=met)
    return tuple(met)


def medal(elektros: int) -> Medal | None:
    """Your medal for your Elektros at the end: bronze from 250, silver from 275, gold from
    300; below 250, none.

    >>> [medal(n) for n in (249, 250, 299, 300, 412)]
    [None, <Medal.BRONZE: 'bronze'>, <Medal.SILVER: 'silver'>, <Medal.GOLD: 'gold'>,
     <Medal.GOLD: 'gold'>]

    Counts the rules leave open have a generous bound, a million, so that no input keeps a
    function busy:

    >>> medal(10**6)
    <Medal.GOLD: 'gold'>
    >>> medal(10**6 + 1)
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: mw-medals: expected your final Elektros, a whole number from 0
    to 1000000, got 1000001
    """
    elektros = whole("mw-medals", elektros, "your final Elektros", most=_MOST_COUNT)
    return next((m for least, m in _MEDAL_FROM if elektros >= least), None)


@table
def medal_table() -> Table:
    """The final ranking, as ``medal`` computes it: one row per medal."""
    top = _MEDAL_FROM[0][0]
    rows = [
        ((span(low, None if high == top else high),), (won.value,))
        for low, high, won in runs(range(top + 1), medal)
        if won is not None
    ]
    return (((), ()), *rows)
