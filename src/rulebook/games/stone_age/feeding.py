"""Stone Age solo: the dice card and the cards' bonuses, feeding the tribe, and the end of
the game."""

from collections.abc import Sequence
from dataclasses import dataclass, replace

from rulebook.errors import RuleError
from rulebook.kit.explain import quiet, step
from rulebook.kit.validate import items as _items
from rulebook.kit.validate import member as _member
from rulebook.kit.validate import whole

from .rules import (
    BUILDER_FOOD_PER_BUILDING,
    DICE_CARD_DICE,
    FATIGUE_PER_MISSING_BUILDING,
    FATIGUE_PER_MISSING_FOOD,
    FOOD_PER_RESOURCE,
    GREEN_CARD_EXTRA_FOOD,
    GREEN_CARD_FOOD,
    LOSING_FATIGUE_LIMIT,
    SAND_CARD_FATIGUE,
    SHAMAN_FOOD_PER_FIGURE,
    Card,
    Goods,
    Level,
    Outcome,
)
from .turn import Setup, Tribe, _checked, _die, setup


# One face an example line below: the numbers check holds each figure the rule states to the
# code, so the doctest states each of the 6 faces once, as the rule does.
def die_goods(face: int) -> Goods:
    """What a die of a dice-roll card gives, by its face, as the base game's cards print it.

    [sa-civilisation-cards] The faces: wood for a 1, brick for a 2, stone for a 3, gold for a
    4, a tool for a 5, a step up the agriculture track for a 6.

    >>> str(die_goods(1))
    'wood'
    >>> str(die_goods(2))
    'brick'
    >>> str(die_goods(3))
    'stone'
    >>> str(die_goods(4))
    'gold'
    >>> str(die_goods(5))
    'tool'
    >>> str(die_goods(6))
    'agriculture'
    """
    return tuple(Goods)[_die("sa-civilisation-cards", face) - 1]


def dice_card(dice: Sequence[int], take: Goods) -> Goods:
    """A dice-roll card: you roll 2 dice and take the goods of one of them (usually the
    higher); 1 is wood, 2 brick, 3 stone, 4 gold, 5 a tool, 6 a step of agriculture.

    >>> dice_card((5, 2), take=Goods.GOLD)
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: sa-civilisation-cards: expected goods shown by the dice (tool,
    brick), got 'gold'

    [sa-civilisation-cards] Roll 2 dice and take the goods of one of the two.

    >>> import random
    >>> from rulebook.games.stone_age.turn import roll
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
    shown = [die_goods(_die(rule, die)) for die in rolled]
    take = _member(rule, Goods, take)
    if take not in shown:
        names = ", ".join(shown)
        raise RuleError(rule, f"goods shown by the dice ({names})", str(take))
    step(rule, dice=rolled, shown=shown, taken=take)
    return take


@dataclass(frozen=True)
class CardBonus:
    """What buying a civilization card adds to its base-game gains."""

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
class Purchase:
    """A civilization card bought: the food it gives, the fatigue limit after it, and the
    cards you may still buy this round."""

    food: int
    fatigue_limit: int
    left: int


def buy_card(level: Level, card: Card, bought: int, fatigue_limit: int) -> Purchase:
    """Buying a civilization card in phase 2, ``bought`` cards already bought this round:
    one card per slot you may buy from, so 2 a round (1 at the eternal winter level); the
    card's background gives its bonus at once (``card_bonus``).

    >>> buy_card(Level.BASIC, Card.GREEN, bought=0, fatigue_limit=15)
    Purchase(food=2, fatigue_limit=15, left=1)
    >>> buy_card(Level.BASIC, Card.FARMER, bought=1, fatigue_limit=15)
    Purchase(food=0, fatigue_limit=16, left=0)
    >>> buy_card(Level.BASIC, Card.SHAMAN, bought=2, fatigue_limit=16)
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: sa-setup-buyable-cards: expected cards bought this round, at
    most 2, got 3
    >>> buy_card(Level.ETERNAL_WINTER, Card.TOOLMAKER, bought=0, fatigue_limit=10)
    Purchase(food=0, fatigue_limit=11, left=0)
    >>> buy_card(Level.ETERNAL_WINTER, Card.GREEN, bought=1, fatigue_limit=11)
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: sa-level-4: expected cards bought this round, at most 1, got 2
    """
    with quiet():  # the level's set-up is no step of the purchase
        game = setup(level)
    rule = "sa-level-4" if game.level is Level.ETERNAL_WINTER else "sa-setup-buyable-cards"
    bought = whole(rule, bought, "cards already bought this round")
    buyable = len(game.buyable_slots)
    if bought + 1 > buyable:
        raise RuleError(rule, f"cards bought this round, at most {buyable}", bought + 1)
    before = whole("sa-end", fatigue_limit, "a fatigue limit", LOSING_FATIGUE_LIMIT + 1)
    bonus = card_bonus(card)
    step(rule, bought=bought + 1, left=buyable - bought - 1)
    if bonus.fatigue_limit:
        step("sa-sand-cards", card=card, fatigue_limit=before + bonus.fatigue_limit)
    else:
        step("sa-civilisation-cards", card=card, food=bonus.food)
    return Purchase(bonus.food, before + bonus.fatigue_limit, buyable - bought - 1)


def extra_food(card: Card, tribe: Tribe) -> int:
    """The extra food the card on the 4-resource slot demands, by its type only: 4 for a
    green background; 1 per figure of your largest colour (shaman); 1 per building on your
    player board (builder); your agriculture position (farmer); the total of your tool tiles
    (toolmaker).

    >>> from rulebook.games.stone_age.rules import Colour
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
    step("sa-feeding-card", card=card, extra_food=demands[card])
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
    all your food first, then with the ``resources`` you choose to hand in (1 food each);
    each food still missing lowers the fatigue limit by 1. Then discard the level's building
    tiles; each tile you cannot discard lowers the limit by 3.

    >>> from rulebook.games.stone_age.rules import Colour
    >>> round_1 = feed(Level.BASIC, setup(Level.BASIC).tribe(), Card.GREEN)
    >>> round_1.due, round_1.tribe.food, round_1.tribe.buildings, round_1.tribe.fatigue_limit
    (12, 8, 2, 15)
    >>> round_2 = feed(Level.BASIC, round_1.tribe, Card.SHAMAN, resources=1)
    >>> round_2.due, round_2.food_paid, round_2.missing, round_2.tribe.fatigue_limit
    (10, 8, 1, 14)

    A colour has at most its set-up figures and its supply: 7 at this level, 8 with the 3
    figures of the big tribe.

    >>> crowded = Tribe(dict(zip(Colour, (8, 2, 2, 2))), 20, 15)
    >>> feed(Level.BASIC, crowded, Card.SHAMAN)
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: sa-setup-reserve: expected figures of a colour, a whole number
    from 1 to 7, got 8
    >>> feed(Level.BIG_TRIBE, crowded, Card.SHAMAN).extra_food
    8
    """
    game = setup(level)
    tribe = _within_supply(game, _checked(tribe))
    income = tribe.agriculture
    figures_food = game.food_per_figure * sum(tribe.figures.values())
    food = tribe.food + income
    step("sa-feeding-income", agriculture=income, food=food)
    if game.level is Level.BIG_TRIBE:  # its rule, not sa-feeding-figures, sets 2 per figure
        step("sa-level-3", level=game.level, food_per_figure=game.food_per_figure)
    step("sa-feeding-figures", figures=sum(tribe.figures.values()), food_due=figures_food)
    extra = extra_food(card, tribe)
    paid = min(food, figures_food + extra)
    short = figures_food + extra - paid
    what = "resources handed in for missing food"
    resources = whole("sa-feeding-resources", resources, what, 0, short // FOOD_PER_RESOURCE)
    missing = short - resources * FOOD_PER_RESOURCE
    fatigue = tribe.fatigue_limit - missing * FATIGUE_PER_MISSING_FOOD
    step(
        "sa-feeding-resources",
        food_paid=paid,
        resources=resources,
        missing=missing,
        fatigue_limit=fatigue,
    )
    discarded = tiles_missing = 0
    if fatigue > LOSING_FATIGUE_LIMIT:
        discarded = min(tribe.buildings, game.buildings_discarded)
        tiles_missing = game.buildings_discarded - discarded
        fatigue -= tiles_missing * FATIGUE_PER_MISSING_BUILDING
        if game.level is Level.COLD_NIGHT:  # its rule sets the 2 tiles, not the general one
            step("sa-level-2", level=game.level)
        step(
            "sa-feeding-buildings",
            discarded=discarded,
            missing=tiles_missing,
            fatigue_limit=fatigue,
        )
    after = replace(
        tribe, food=food - paid, fatigue_limit=fatigue, buildings=tribe.buildings - discarded
    )
    lost = fatigue <= LOSING_FATIGUE_LIMIT
    return Feeding(
        income, figures_food, extra, paid, resources, missing, discarded, tiles_missing, after, lost
    )


def _within_supply(game: Setup, tribe: Tribe) -> Tribe:
    """A colour never has more figures than its set-up figures and its supply, at the level
    played (sa-setup-reserve)."""
    most = game.figures_per_colour + game.reserve_per_colour
    for count in tribe.figures.values():
        whole("sa-setup-reserve", count, "figures of a colour", 1, most)
    return tribe


def game_outcome(fatigue_limit: int, cards_to_reveal: int, level: Level) -> Outcome:
    """Lost as soon as the fatigue limit reaches 0 or less; won when, at the end of a
    round, the pile holds too few civilization cards to fill every slot that gets one at
    this level (so the round of the last cards revealed is still played).

    >>> game_outcome(-2, 0, Level.BASIC), game_outcome(4, 0, Level.BASIC)
    (<Outcome.LOST: 'lost'>, <Outcome.WON: 'won'>)
    >>> game_outcome(4, 2, Level.BASIC), game_outcome(4, 3, Level.BASIC)
    (<Outcome.WON: 'won'>, <Outcome.PLAYING: 'playing'>)
    >>> game_outcome(4, 2, Level.ETERNAL_WINTER)
    <Outcome.PLAYING: 'playing'>
    """
    if isinstance(fatigue_limit, bool) or not isinstance(fatigue_limit, int):
        raise RuleError("sa-end", "a fatigue limit, a whole number", fatigue_limit)
    cards = whole("sa-end", cards_to_reveal, "civilization cards left to reveal")
    with quiet():  # the level's set-up is no step of the end
        slots = setup(level).card_slots
    if fatigue_limit <= LOSING_FATIGUE_LIMIT:
        outcome = Outcome.LOST
    else:
        outcome = Outcome.WON if cards < len(slots) else Outcome.PLAYING
    step(
        "sa-end", fatigue_limit=fatigue_limit, cards_to_reveal=cards, card_slots=slots, game=outcome
    )
    return outcome
