"""Stone Age solo: the set-up of each level, the dice, initiative, and the order of actions."""

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Final

from rulebook.errors import RuleError
from rulebook.kit.explain import step
from rulebook.kit.validate import each_member as _each_member
from rulebook.kit.validate import items as _items
from rulebook.kit.validate import member as _member
from rulebook.kit.validate import rng as _rng
from rulebook.kit.validate import whole

from .rules import (
    _DIE_FACES,
    _ETERNAL_WINTER_BUYABLE,
    ACTING_COLOURS,
    AGRICULTURE_TOP,
    BUILDINGS_DISCARDED,
    BUYABLE_SLOTS,
    COLOURS,
    DICE_PER_FIGURE,
    FEEDING_SLOT,
    FIGURES_PER_COLOUR,
    FOOD_PER_FIGURE,
    LOSING_FATIGUE_LIMIT,
    RESERVE_PER_COLOUR,
    START_AGRICULTURE,
    START_BUILDINGS,
    START_FATIGUE_LIMIT,
    START_FOOD,
    Colour,
    Level,
)


@dataclass(frozen=True)
class Setup:
    """What a level sets up: your figures, food and fatigue limit, the card slots that get
    a card each round (the feeding slot last), and what each feeding takes."""

    level: Level
    figures_per_colour: int
    food: int
    fatigue_limit: int
    buyable_slots: tuple[int, ...]
    food_per_figure: int
    buildings_discarded: int
    buildings: int = START_BUILDINGS
    agriculture: int = START_AGRICULTURE
    reserve_per_colour: int = RESERVE_PER_COLOUR

    @property
    def figures(self) -> int:
        """Figures on your player board at the start."""
        return self.figures_per_colour * COLOURS

    @property
    def card_slots(self) -> tuple[int, ...]:
        """The slots that get a card each round, by cost."""
        return (*self.buyable_slots, FEEDING_SLOT)

    def tribe(self) -> "Tribe":
        """Your tribe as the game starts."""
        figures = dict.fromkeys(Colour, self.figures_per_colour)
        return Tribe(figures, self.food, self.fatigue_limit, self.agriculture, self.buildings)


def setup(level: Level) -> Setup:
    """The set-up of a level: the basic set-up, changed as the level says.

    >>> basic = setup(Level.BASIC)
    >>> basic.figures, basic.card_slots, basic.buildings, basic.agriculture
    (8, (1, 2, 4), 3, 0)

    [sa-level-1] Basic: start with 20 food and a fatigue limit of 15.

    >>> basic = setup(Level.BASIC)
    >>> basic.food, basic.fatigue_limit
    (20, 15)

    [sa-level-2] Cold night: 20 food, a fatigue limit of 20; 2 building tiles to discard at
    the end of each round.

    >>> cold = setup(Level.COLD_NIGHT)
    >>> cold.food, cold.fatigue_limit
    (20, 20)
    >>> cold.buildings_discarded
    2

    [sa-level-3] Big tribe: 75 food, a fatigue limit of 10, 3 figures per colour; 2 food
    per figure at the end of each round.

    >>> big = setup(Level.BIG_TRIBE)
    >>> big.food, big.fatigue_limit, big.figures_per_colour
    (75, 10, 3)
    >>> big.food_per_figure
    2

    [sa-level-4] Eternal winter: 20 food, a fatigue limit of 10; cards only on the
    2-resource and 4-resource slots, so only 1 card to buy.

    >>> winter = setup(Level.ETERNAL_WINTER)
    >>> winter.food, winter.fatigue_limit
    (20, 10)
    >>> winter.card_slots
    (2, 4)
    >>> len(winter.buyable_slots)
    1
    >>> 1 in winter.card_slots
    False
    """
    level = _member("sa-levels", Level, level)
    basic = Setup(
        level, FIGURES_PER_COLOUR, START_FOOD, START_FATIGUE_LIMIT, BUYABLE_SLOTS,
        FOOD_PER_FIGURE, BUILDINGS_DISCARDED,
    )  # fmt: skip
    chosen = basic
    if level is Level.COLD_NIGHT:
        chosen = replace(basic, fatigue_limit=20, buildings_discarded=2)
    if level is Level.BIG_TRIBE:
        chosen = replace(basic, food=75, fatigue_limit=10, figures_per_colour=3, food_per_figure=2)
    if level is Level.ETERNAL_WINTER:
        chosen = replace(basic, fatigue_limit=10, buyable_slots=_ETERNAL_WINTER_BUYABLE)
    step("sa-levels", level=level, food=chosen.food, fatigue_limit=chosen.fatigue_limit)
    return chosen


# sa-setup-figures, sa-setup-reserve: a colour has at most its figures at set-up and its
# whole reserve, so that is the most dice a colour rolls (sa-initiative).
_MOST_FIGURES: Final = max(setup(level).figures_per_colour for level in Level) + RESERVE_PER_COLOUR


_MOST_INITIATIVE: Final = _MOST_FIGURES * _DIE_FACES[-1]


def roll(rng: random.Random, dice: int) -> tuple[int, ...]:
    """Roll ``dice`` six-sided dice with the random source you hand in: at most the 8 dice
    of a colour with all its figures (3 at the big tribe level and its reserve of 5).

    >>> roll(random.Random("sa"), 3) == roll(random.Random("sa"), 3)
    True
    >>> roll(random.Random("sa"), 10**9)
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: sa-setup-reserve: expected a number of dice, 1 per figure of a
    colour, a whole number from 1 to 8, got 1000000000
    >>> roll(None, 2)
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: sa-initiative: expected a random.Random to roll with, got None
    """
    rng = _rng("sa-initiative", rng, "a random.Random to roll with")
    dice = whole("sa-initiative", dice, "a number of dice", 1)
    dice = whole(
        "sa-setup-reserve", dice, "a number of dice, 1 per figure of a colour", 1, _MOST_FIGURES
    )
    return tuple(rng.choice(_DIE_FACES) for _ in range(dice))


def _die(rule_id: str, value: object) -> int:
    return whole(rule_id, value, "a die", _DIE_FACES.start, _DIE_FACES.stop - 1)


def initiative(figures: int, dice: Sequence[int]) -> int:
    """A colour's initiative: the sum of its dice, 1 die per figure of the colour, shown by
    its figure on the scoring track.

    >>> initiative(3, (1, 5, 2))
    8
    >>> initiative(2, (6,))
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: sa-initiative: expected 2 dice, 1 per figure, got (6,)

    [sa-ex-initiative] The 2 red figures go to the hunting grounds and the forest: 2 dice,
    which show 6 and 3.

    >>> dice = (6, 3)
    >>> len(dice)
    2
    >>> initiative(2, dice)
    9
    """
    rule = "sa-initiative"
    figures = whole(rule, figures, "a number of figures", 1)
    figures = whole("sa-setup-reserve", figures, "figures of a colour", 1, _MOST_FIGURES)
    wanted = f"{figures * DICE_PER_FIGURE} dice, 1 per figure"
    rolled = _items(rule, dice, wanted, figures * DICE_PER_FIGURE)
    if len(rolled) != figures * DICE_PER_FIGURE:
        raise RuleError(rule, wanted, dice)
    total = sum(_die(rule, die) for die in rolled)
    step(rule, figures=figures, dice=rolled, initiative=total)
    return total


@dataclass(frozen=True)
class ActionOrder:
    """Phase 2: the colours that act, lowest initiative first, and the one that rests."""

    acting: tuple[Colour, ...]
    resting: Colour


def action_order(
    initiatives: Mapping[Colour, int], tie_break: Sequence[Colour] = ()
) -> ActionOrder:
    """The colours act from the lowest initiative up; the highest does not act.

    Ties are yours to break: ``tie_break`` lists the tied colours in the order you choose,
    the first acting first; of colours tied on the highest initiative, the last one listed
    is the one that does not act.

    >>> red, blue, green, yellow = Colour
    >>> order = action_order({red: 9, blue: 4, green: 7, yellow: 11})
    >>> [str(c) for c in order.acting], str(order.resting)
    (['blue', 'green', 'red'], 'yellow')
    >>> order = action_order({red: 9, blue: 4, green: 9, yellow: 9}, (yellow, red, green))
    >>> [str(c) for c in order.acting], str(order.resting)
    (['blue', 'yellow', 'red'], 'green')
    >>> action_order({red: 9, blue: 4, green: 7})
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: sa-action-order: expected initiatives, one for each of red, blue,
    green, yellow, got {...}
    """
    rule = "sa-action-order"
    given = _each_member(rule, Colour, initiatives, "initiatives")
    scores = {c: whole(rule, v, "an initiative", 1) for c, v in given.items()}
    # sa-setup-reserve: at most 8 figures, so 8 dice, in a colour.
    for v in scores.values():
        whole(
            "sa-setup-reserve",
            v,
            "an initiative, at most 6 per figure of a colour",
            1,
            _MOST_INITIATIVE,
        )
    ranks = _tie_ranks(scores, tie_break)
    order = sorted(Colour, key=lambda c: (scores[c], ranks[c]))
    return ActionOrder(tuple(order[:ACTING_COLOURS]), order[-1])


def _tie_ranks(initiatives: Mapping[Colour, int], tie_break: object) -> dict[Colour, int]:
    order = _items("sa-action-order", tie_break, "a tie-break", COLOURS)
    listed = [_member("sa-action-order", Colour, c) for c in order]
    if len(set(listed)) != len(listed):
        raise RuleError("sa-action-order", "a tie-break naming each colour once", tie_break)
    top = max(initiatives.values())
    for value in sorted(set(initiatives.values())):
        tied = [c for c in Colour if initiatives[c] == value]
        if len(tied) > 1 and not set(tied) <= set(listed):
            rule = "sa-resting-colour" if value == top else "sa-action-order"
            names = ", ".join(tied)
            raise RuleError(rule, f"a tie-break ordering {names} (tied on {value})", tie_break)
    return {c: listed.index(c) if c in listed else len(listed) for c in Colour}


@dataclass(frozen=True)
class Tribe:
    """Your tribe as the feeding starts: figures on your player board by colour, food,
    fatigue limit, agriculture position, building tiles on your player board, and the
    total value of your tool tiles (used or not)."""

    figures: Mapping[Colour, int]
    food: int
    fatigue_limit: int
    agriculture: int = START_AGRICULTURE
    buildings: int = 0
    tools: int = 0


def _checked(tribe: Tribe) -> Tribe:
    if not isinstance(tribe, Tribe):
        raise RuleError("sa-feeding-income", "a Tribe", tribe)
    rule = "sa-feeding-figures"
    given = _each_member(rule, Colour, tribe.figures, "figures")
    figures = {
        colour: whole("sa-setup-reserve", count, "figures of a colour", 1, _MOST_FIGURES)
        for colour, count in given.items()
    }
    whole("sa-feeding-income", tribe.food, "food")
    whole("sa-end", tribe.fatigue_limit, "a fatigue limit", LOSING_FATIGUE_LIMIT + 1)
    whole("sa-setup-agriculture", tribe.agriculture, "an agriculture position", 0, AGRICULTURE_TOP)
    whole("sa-feeding-buildings", tribe.buildings, "building tiles")
    whole("sa-feeding-card", tribe.tools, "the total value of the tools")
    return replace(tribe, figures=figures)
