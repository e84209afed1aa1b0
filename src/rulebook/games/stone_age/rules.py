"""Stone Age solo: colours, levels, cards, goods and outcomes, the game's numbers, and the
checks of input every rule shares."""

from enum import StrEnum
from typing import Final

from rulebook.kit.terms import Term


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
    """A civilization card as the variant sees it: green background, or one of the four
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


# The pages' words for the values above, the glossary's terms (a chain of rules shows them).
TERMS: Final = tuple(
    Term(thing.value, fr, en)
    for things, words in (
        (Colour, (("rouge", "red"), ("bleu", "blue"), ("vert", "green"), ("jaune", "yellow"))),
        (Level, (("basique", "basic"), ("nuit fraîche", "cold night"),
                 ("grande tribu", "big tribe"), ("hiver éternel", "eternal winter"))),
        (Card, (("fond vert", "green background"), ("Chamane", "Shaman"),
                ("Constructeur", "Hut builder"), ("Paysan", "Farmer"),
                ("Fabricant d'outils", "Tool maker"))),
        (Goods, (("bois", "wood"), ("argile", "brick"), ("pierre", "stone"), ("or", "gold"),
                 ("outil", "tool"), ("agriculture", "agriculture"))),
        (Outcome, (("en cours", "playing"), ("perdue", "lost"), ("gagnée", "won"))),
    )
    for thing, (fr, en) in zip(things, words, strict=True)
)  # fmt: skip


COLOURS: Final = len(Colour)
"""Your colours, all played (sa-goal, sa-place-colour, sa-place-every-colour)."""


TRIBES: Final = COLOURS
"""The tribes you must keep alive, one per colour (sa-goal)."""


PHASES: Final = 3
"""Phases of a round, as in the base game (sa-round)."""


BUYABLE_SLOTS: Final = (1, 2)
"""Civilization card slots, named by their cost in resources, whose cards you may buy
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
"""Food you start with, in tiles of any value (sa-setup-food)."""


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
"""The space of the scoring track where the fatigue limit starts (sa-setup-fatigue)."""


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
"""The space of the scoring track where the initiative markers go back (sa-end-of-actions)."""


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


# Dice faces.
_DIE_FACES: Final = range(1, 7)


AGRICULTURE_TOP: Final = 10
"""The last space of the base game's agriculture track: its marker moves from 0 up to this
space, and no further (sa-setup-agriculture)."""


FOOD_PER_RESOURCE: Final = 1
"""Food each resource handed in pays for, when food runs short (sa-feeding-resources)."""
