"""Stone Age, the solo variant "survive as long as possible" (French translation by
boardandgamer.com).

The rules are ``rules_fr/stone-age-solo.md`` (French) and ``rules_en/stone-age-solo.md``
(English). Each function restates its rule; a docstring line ``[rule-id]`` binds the
doctests after it to that rule, and the checker compares their numbers with the rule's.
Dice are inputs: the values rolled, or a ``random.Random`` handed to ``roll``.
"""

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Final

from rulebook.errors import RuleError
from rulebook.kit.validate import each_member as _each_member
from rulebook.kit.validate import items as _items
from rulebook.kit.validate import member as _member

__all__ = [
    "ACTING_COLOURS",
    "BUILDER_FOOD_PER_BUILDING",
    "BUILDINGS_DISCARDED",
    "BUILDINGS_PER_STACK",
    "BUILDING_SLOTS_USED",
    "BUILDING_STACKS",
    "BUYABLE_CARDS",
    "BUYABLE_SLOTS",
    "COLOURS",
    "DICE_CARD_DICE",
    "DICE_PER_FIGURE",
    "EMPTY_SLOT",
    "FATIGUE_PER_MISSING_BUILDING",
    "FATIGUE_PER_MISSING_FOOD",
    "FEEDING_SLOT",
    "FIGURES_PER_COLOUR",
    "FOOD_PER_FIGURE",
    "GREEN_CARD_EXTRA_FOOD",
    "GREEN_CARD_FOOD",
    "INITIATIVE_START",
    "LOSING_FATIGUE_LIMIT",
    "PHASES",
    "PLAYER_COUNT_RULES",
    "RESERVE_PER_COLOUR",
    "SAND_CARD_FATIGUE",
    "SHAMAN_FOOD_PER_FIGURE",
    "START_AGRICULTURE",
    "START_BUILDINGS",
    "START_FATIGUE_LIMIT",
    "START_FIGURES",
    "START_FOOD",
    "TRACK_MARKER_TOKENS",
    "TRIBES",
    "ActionOrder",
    "Card",
    "CardBonus",
    "Colour",
    "Feeding",
    "Goods",
    "Level",
    "Outcome",
    "Setup",
    "Tribe",
    "action_order",
    "card_bonus",
    "dice_card",
    "extra_food",
    "feed",
    "game_outcome",
    "initiative",
    "roll",
    "setup",
]


class Colour(StrEnum):
    """The colours of the figures; you play them all, each colour a tribe."""

    RED = "red"
    BLUE = "blue"
    GREEN = "green"
    YELLOW = "yellow"


class Level(StrEnum):
    """The difficulty levels, from the easiest (sa-levels)."""

    BASIC = "basic"
    COLD_NIGHT = "cold night"
    BIG_TRIBE = "big tribe"
    ETERNAL_WINTER = "eternal winter"


class Card(StrEnum):
    """A civilisation card as the variant sees it: green background, or one of the four
    sand-background types."""

    GREEN = "green"
    SHAMAN = "shaman"
    BUILDER = "builder"
    FARMER = "farmer"
    TOOLMAKER = "toolmaker"


class Goods(StrEnum):
    """What a die of a dice-roll card gives, from 1 to 6 as printed on the base game's cards
    (agriculture: 1 step up the agriculture track)."""

    WOOD = "wood"
    BRICK = "brick"
    STONE = "stone"
    GOLD = "gold"
    TOOL = "tool"
    AGRICULTURE = "agriculture"


class Outcome(StrEnum):
    """Where the game stands (sa-end)."""

    PLAYING = "playing"
    LOST = "lost"
    WON = "won"


COLOURS: Final = len(Colour)
"""Your colours, all played (sa-goal, sa-place-colour, sa-place-every-colour)."""
TRIBES: Final = COLOURS
"""The tribes you must keep alive, one per colour (sa-goal)."""
PHASES: Final = 3
"""Phases of a round, as in the base game (sa-round)."""
BUYABLE_SLOTS: Final = (1, 2)
"""Civilisation card slots, named by their cost in resources, whose cards you may buy
(sa-setup-buyable-cards, sa-end-of-round)."""
BUYABLE_CARDS: Final = len(BUYABLE_SLOTS)
"""The cards you may buy each round, one per buyable slot (sa-setup-buyable-cards)."""
FEEDING_SLOT: Final = 4
"""The slot whose card, its cost covered, sets the extra food of the feeding
(sa-setup-feeding-card, sa-feeding-card, sa-end-of-round)."""
EMPTY_SLOT: Final = 3
"""The slot that stays empty all game (sa-setup-empty-slot)."""
FIGURES_PER_COLOUR: Final = 2
"""Figures of each colour on your player board at the start (sa-setup-figures,
sa-place-colour)."""
START_FIGURES: Final = FIGURES_PER_COLOUR * COLOURS
"""Figures on your player board at the start (sa-setup-figures)."""
START_FOOD: Final = 20
"""Food tokens you start with (sa-setup-food)."""
START_BUILDINGS: Final = 3
"""Building tiles on your player board at the start, those costing 1-7 resources
(sa-setup-buildings)."""
BUILDING_STACKS: Final = 2
"""Stacks of building tiles on the game board (sa-setup-buildings)."""
BUILDINGS_PER_STACK: Final = 7
"""Building tiles in each stack (sa-setup-buildings)."""
BUILDING_SLOTS_USED: Final = BUILDING_STACKS
"""Building slots of the game board in use, one per stack (sa-setup-buildings)."""
RESERVE_PER_COLOUR: Final = 5
"""Figures of each colour in the supply beside your player board (sa-setup-reserve)."""
TRACK_MARKER_TOKENS: Final = 1
"""Food tokens used as the marker of the fatigue limit, and of the agriculture track
(sa-setup-fatigue, sa-setup-agriculture)."""
START_FATIGUE_LIMIT: Final = 15
"""The space of the score track where the fatigue limit starts (sa-setup-fatigue)."""
LOSING_FATIGUE_LIMIT: Final = 0
"""At this fatigue limit or below, you lose at once (sa-setup-fatigue, sa-end)."""
START_AGRICULTURE: Final = 0
"""The space of the agriculture track where its marker starts (sa-setup-agriculture)."""
PLAYER_COUNT_RULES: Final = 4
"""The locations keep their base-game restrictions for this many players
(sa-place-restrictions)."""
DICE_PER_FIGURE: Final = 1
"""Initiative dice rolled for each figure of a colour (sa-initiative)."""
ACTING_COLOURS: Final = COLOURS - 1
"""Colours that take actions each round: all but the highest initiative
(sa-end-of-actions)."""
INITIATIVE_START: Final = 0
"""The space of the score track where the initiative markers go back (sa-end-of-actions)."""
DICE_CARD_DICE: Final = 2
"""Dice rolled for a dice-roll card; you take one of them (sa-civilisation-cards)."""
GREEN_CARD_FOOD: Final = 2
"""Food a green-background card gives when bought (sa-civilisation-cards)."""
SAND_CARD_FATIGUE: Final = 1
"""What a sand-background card adds to the fatigue limit, once, when bought
(sa-sand-cards)."""
FOOD_PER_FIGURE: Final = 1
"""Food owed for each figure on your player board (sa-feeding-figures,
sa-summary-feeding)."""
GREEN_CARD_EXTRA_FOOD: Final = 4
"""Extra food a green-background card on the feeding slot demands (sa-feeding-card)."""
SHAMAN_FOOD_PER_FIGURE: Final = 1
"""Extra food a shaman demands per figure of your largest colour (sa-feeding-card)."""
BUILDER_FOOD_PER_BUILDING: Final = 1
"""Extra food a builder demands per building on your player board (sa-feeding-card)."""
FATIGUE_PER_MISSING_FOOD: Final = 1
"""What each food still missing takes off the fatigue limit (sa-summary-feeding)."""
BUILDINGS_DISCARDED: Final = 1
"""Building tiles discarded at the end of each feeding (sa-feeding-buildings,
sa-summary-feeding)."""
FATIGUE_PER_MISSING_BUILDING: Final = 3
"""What each building tile you cannot discard takes off the fatigue limit
(sa-feeding-buildings, sa-level-2, sa-summary-feeding)."""

# sa-level-4: the buyable slot that still gets a card at the eternal winter level.
_ETERNAL_WINTER_BUYABLE: Final = (2,)
# Dice faces, and the base game's agriculture track (its marker moves from 0 to 10).
_DIE_FACES: Final = range(1, 7)
_AGRICULTURE_TOP: Final = 10


def _count(rule_id: str, what: str, value: object, least: int = 0, most: int | None = None) -> int:
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or value < least
        or (most is not None and value > most)
    ):
        bounds = f"{least} or more" if most is None else f"from {least} to {most}"
        raise RuleError(rule_id, f"{what}, a whole number {bounds}", value)
    return value


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
    """
    level = _member("sa-levels", Level, level)
    basic = Setup(
        level, FIGURES_PER_COLOUR, START_FOOD, START_FATIGUE_LIMIT, BUYABLE_SLOTS,
        FOOD_PER_FIGURE, BUILDINGS_DISCARDED,
    )  # fmt: skip
    if level is Level.COLD_NIGHT:
        return replace(basic, fatigue_limit=20, buildings_discarded=2)
    if level is Level.BIG_TRIBE:
        return replace(basic, food=75, fatigue_limit=10, figures_per_colour=3, food_per_figure=2)
    if level is Level.ETERNAL_WINTER:
        return replace(basic, fatigue_limit=10, buyable_slots=_ETERNAL_WINTER_BUYABLE)
    return basic


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
    rulebook.errors.RuleError: sa-initiative: expected a number of dice, a whole number from 1
    to 8, got 1000000000
    >>> roll(None, 2)
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: sa-initiative: expected a random.Random to roll with, got None
    """
    if not isinstance(rng, random.Random):
        raise RuleError("sa-initiative", "a random.Random to roll with", rng)
    dice = _count("sa-initiative", "a number of dice", dice, least=1, most=_MOST_FIGURES)
    return tuple(rng.choice(_DIE_FACES) for _ in range(dice))


def _die(rule_id: str, value: object) -> int:
    return _count(rule_id, "a die", value, least=_DIE_FACES.start, most=_DIE_FACES.stop - 1)


def initiative(figures: int, dice: Sequence[int]) -> int:
    """A colour's initiative: the sum of its dice, 1 die per figure of the colour, shown by
    its figure on the score track.

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
    figures = _count(rule, "a number of figures", figures, least=1, most=_MOST_FIGURES)
    rolled = _items(rule, dice, "the dice", _MOST_FIGURES * DICE_PER_FIGURE)
    if len(rolled) != figures * DICE_PER_FIGURE:
        raise RuleError(rule, f"{figures * DICE_PER_FIGURE} dice, 1 per figure", dice)
    return sum(_die(rule, die) for die in rolled)


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
    scores = {
        c: _count(rule, "an initiative", v, least=1, most=_MOST_INITIATIVE)
        for c, v in given.items()
    }
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


def dice_card(dice: Sequence[int], take: Goods) -> Goods:
    """A dice-roll card: you roll 2 dice and take the goods of one of them (usually the
    higher); 1 is wood, 2 brick, 3 stone, 4 gold, 5 a tool, 6 a step of agriculture.

    >>> dice_card((5, 2), take=Goods.GOLD)
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: sa-civilisation-cards: expected goods shown by the dice (tool,
    brick), got 'gold'

    [sa-civilisation-cards] Roll 2 dice and take the goods of one of the two.

    >>> dice = roll(random.Random("dice card"), DICE_CARD_DICE)
    >>> len(dice)
    2

    [sa-ex-green-card] The dice show 3 (stone) and 1 (wood); you take the stone. The card
    has a green background: it gives 2 food.

    >>> dice = (3, 1)
    >>> str(dice_card(dice, take=Goods.STONE))
    'stone'
    >>> str(dice_card(dice, take=Goods.WOOD))
    'wood'
    >>> card_bonus(Card.GREEN).food
    2
    """
    rule = "sa-civilisation-cards"
    rolled = _items(rule, dice, "the dice", DICE_CARD_DICE)
    if len(rolled) != DICE_CARD_DICE:
        raise RuleError(rule, f"{DICE_CARD_DICE} dice", dice)
    shown = [tuple(Goods)[_die(rule, die) - 1] for die in rolled]
    take = _member(rule, Goods, take)
    if take not in shown:
        names = ", ".join(shown)
        raise RuleError(rule, f"goods shown by the dice ({names})", str(take))
    return take


@dataclass(frozen=True)
class CardBonus:
    """What buying a civilisation card adds to its base-game gains."""

    food: int
    fatigue_limit: int


def card_bonus(card: Card) -> CardBonus:
    """Buying a card: a green background gives 2 food; a sand background raises the
    fatigue limit by 1, once, when the card is bought.

    >>> card_bonus(Card.FARMER)
    CardBonus(food=0, fatigue_limit=1)
    """
    card = _member("sa-civilisation-cards", Card, card)
    if card is Card.GREEN:
        return CardBonus(GREEN_CARD_FOOD, 0)
    return CardBonus(0, SAND_CARD_FATIGUE)


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
        colour: _count(rule, "figures of a colour", count, least=1, most=_MOST_FIGURES)
        for colour, count in given.items()
    }
    _count("sa-feeding-income", "food", tribe.food)
    _count("sa-end", "a fatigue limit", tribe.fatigue_limit, least=LOSING_FATIGUE_LIMIT + 1)
    _count("sa-feeding-income", "an agriculture position", tribe.agriculture, most=_AGRICULTURE_TOP)
    _count("sa-feeding-buildings", "building tiles", tribe.buildings)
    _count("sa-feeding-card", "the total value of the tools", tribe.tools)
    return replace(tribe, figures=figures)


def extra_food(card: Card, tribe: Tribe) -> int:
    """The extra food the card on the 4-resource slot demands, by its type only: 4 for a
    green background; 1 per figure of your largest colour (shaman); 1 per building on your
    player board (builder); your agriculture position (farmer); the total of your tool tiles
    (toolmaker).

    >>> tribe = Tribe(dict(zip(Colour, (3, 2, 2, 2))), 0, 9, agriculture=5, buildings=2, tools=7)
    >>> [extra_food(card, tribe) for card in Card]
    [4, 3, 2, 5, 7]
    """
    card = _member("sa-feeding-card", Card, card)
    tribe = _checked(tribe)
    demands = {
        Card.GREEN: GREEN_CARD_EXTRA_FOOD,
        Card.SHAMAN: SHAMAN_FOOD_PER_FIGURE * max(tribe.figures.values()),
        Card.BUILDER: BUILDER_FOOD_PER_BUILDING * tribe.buildings,
        Card.FARMER: tribe.agriculture,
        Card.TOOLMAKER: tribe.tools,
    }
    return demands[card]


@dataclass(frozen=True)
class Feeding:
    """Phase 3, step by step, and your tribe after it (``lost`` as soon as the fatigue
    limit reaches 0 or less, in which case no tile is discarded)."""

    income: int
    figures_food: int
    extra_food: int
    food_paid: int
    resources_paid: int
    missing: int
    discarded: int
    tiles_missing: int
    tribe: Tribe
    lost: bool

    @property
    def due(self) -> int:
        """The food the tribe must pay this round."""
        return self.figures_food + self.extra_food


def feed(level: Level, tribe: Tribe, card: Card, resources: int = 0) -> Feeding:
    """Phase 3, feeding your tribe, the whole phase in order.

    Take food from the agriculture track; owe food for each figure (``FOOD_PER_FIGURE``, 2
    at the big tribe level) and the extra food of the card on the 4-resource slot; pay with
    food, then with the ``resources`` you choose to hand in (1 each, as in the base game);
    each food still missing lowers the fatigue limit by 1. Then discard the level's building
    tiles; each tile you cannot discard lowers the limit by 3.

    >>> round_1 = feed(Level.BASIC, setup(Level.BASIC).tribe(), Card.GREEN)
    >>> round_1.due, round_1.tribe.food, round_1.tribe.buildings, round_1.tribe.fatigue_limit
    (12, 8, 2, 15)
    >>> round_2 = feed(Level.BASIC, round_1.tribe, Card.SHAMAN, resources=1)
    >>> round_2.due, round_2.food_paid, round_2.missing, round_2.tribe.fatigue_limit
    (10, 8, 1, 14)
    """
    game = setup(level)
    tribe = _checked(tribe)
    extra = extra_food(card, tribe)
    income = tribe.agriculture
    figures_food = game.food_per_figure * sum(tribe.figures.values())
    food = tribe.food + income
    paid = min(food, figures_food + extra)
    short = figures_food + extra - paid
    what = "resources handed in for missing food"
    resources = _count("sa-feeding-resources", what, resources, most=short)
    missing = short - resources
    fatigue = tribe.fatigue_limit - missing * FATIGUE_PER_MISSING_FOOD
    discarded = tiles_missing = 0
    if fatigue > LOSING_FATIGUE_LIMIT:
        discarded = min(tribe.buildings, game.buildings_discarded)
        tiles_missing = game.buildings_discarded - discarded
        fatigue -= tiles_missing * FATIGUE_PER_MISSING_BUILDING
    after = replace(
        tribe, food=food - paid, fatigue_limit=fatigue, buildings=tribe.buildings - discarded
    )
    lost = fatigue <= LOSING_FATIGUE_LIMIT
    return Feeding(
        income, figures_food, extra, paid, resources, missing, discarded, tiles_missing, after, lost
    )


def game_outcome(fatigue_limit: int, cards_to_reveal: int) -> Outcome:
    """Lost as soon as the fatigue limit reaches 0 or less; won when, at the end of a
    round, no civilisation card is left to reveal.

    >>> game_outcome(-2, 0), game_outcome(4, 0), game_outcome(4, 3)
    (<Outcome.LOST: 'lost'>, <Outcome.WON: 'won'>, <Outcome.PLAYING: 'playing'>)
    """
    if isinstance(fatigue_limit, bool) or not isinstance(fatigue_limit, int):
        raise RuleError("sa-end", "a fatigue limit, a whole number", fatigue_limit)
    cards = _count("sa-end", "civilisation cards left to reveal", cards_to_reveal)
    if fatigue_limit <= LOSING_FATIGUE_LIMIT:
        return Outcome.LOST
    return Outcome.WON if cards == 0 else Outcome.PLAYING
