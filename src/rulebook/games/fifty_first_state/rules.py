"""51st State solo: the game's numbers, the cards and terms the text names with their
French and English names, and the checks of input every rule shares."""

import random
from collections.abc import Iterable
from enum import Enum, StrEnum
from typing import Final, TypeVar

from rulebook.errors import RuleError
from rulebook.kit.tables import Table, table
from rulebook.kit.terms import Term
from rulebook.kit.validate import collection as _collection
from rulebook.kit.validate import items as _items

ROUNDS: Final = 6
"""The solo game lasts this many rounds; you count your points after the last (fs-goal)."""


OPPONENT_DECK_SIZE: Final = 3
"""Open Production cards drawn at set-up for the virtual opponent (fs-setup-opponent-deck)."""


STARTING_HAND: Final = 4
"""Cards you draw once the opponent's deck is made (fs-setup-hand)."""


HAND_DRAWS: Final = 3
"""Cards you receive in the Lookout phase (fs-draw-phase); the last is the one you must keep
(fs-draw-second-and-last, fs-pub-cooperation)."""


OPPONENT_DRAWS: Final = 3
"""Cards drawn after yours in the Lookout phase, to feed the opponent (fs-draw-opponent-cards)."""


RESOURCE_TOKENS: Final = 1
"""Resource tokens of your choice that Caravane de pillards gives you (fs-raiders-caravan)."""


PRODUCTION_DRAWS: Final = 1
"""Cards that Pub, incorporated, draws you in the Production phase (fs-pub-incorporated)."""


class _Named(StrEnum):
    """An identifier shown as its value, as in the doctests on the pages."""

    def __repr__(self) -> str:
        return repr(self.value)


class Card(_Named):
    """The cards the text names, one identifier each (French names: see fs-card-names)."""

    MERCENAIRES = "mercenaires"
    ENGIN_LOURD = "engin-lourd"
    ECOLE = "ecole"
    PLACE_DU_MARCHE = "place-du-marche"
    FABRIQUE = "fabrique"
    EPAVE_D_AVION = "epave-d-avion"
    BAZAR = "bazar"
    TOUR_DE_GUET = "tour-de-guet"
    BELLE_NITRO = "belle-nitro"
    ANCIEN_DEPOT = "ancien-depot"
    VIEUX_PARKING = "vieux-parking"
    BRIQUETERIE = "briqueterie"
    CARAVANE_DE_PILLARDS = "caravane-de-pillards"
    PUB = "pub"
    ANCIENNE_BIBLIOTHEQUE = "ancienne-bibliotheque"


class Kind(_Named):
    """The kinds the text names: a location type, and the two ways of holding a card."""

    OPEN_PRODUCTION = "open-production"
    INCORPORATION = "incorporation"
    COOPERATION = "cooperation"


class GameTerm(_Named):
    """The other things of the game the text names, whose English-edition names the page uses."""

    LOOKOUT_PHASE = "lookout-phase"
    PRODUCTION_PHASE = "production-phase"
    WORKER = "worker"
    RESOURCE_TOKEN = "resource-token"
    UNIVERSAL_TOKEN = "universal-token"
    VICTORY_POINT = "victory-point"


class Choice(_Named):
    """What you do with a card you may discard in the Lookout phase."""

    KEEP = "keep"
    DISCARD = "discard"


class Effect(_Named):
    """The solo effects of the cards whose effect the text changes (fs-raiders-caravan to
    fs-draw-phase-cards)."""

    TAKE_RESOURCE_TOKEN = "take-resource-token"
    DRAW_IN_PRODUCTION = "draw-in-production"
    REDRAW_THIRD_CARD = "redraw-third-card"


_FRENCH: Final[dict[str, str]] = {
    Kind.OPEN_PRODUCTION: "Production publique",
    Kind.INCORPORATION: "rattachement",
    Kind.COOPERATION: "coopération",
    GameTerm.LOOKOUT_PHASE: "phase de pioche",
    GameTerm.PRODUCTION_PHASE: "phase de production",
    GameTerm.WORKER: "Travailleur",
    GameTerm.RESOURCE_TOKEN: "jeton de Ressource",
    GameTerm.UNIVERSAL_TOKEN: "jeton Universel",
    GameTerm.VICTORY_POINT: "point de victoire",
    Card.MERCENAIRES: "Mercenaires",
    Card.ENGIN_LOURD: "Engin lourd",
    Card.ECOLE: "École",
    Card.PLACE_DU_MARCHE: "Place du marché",
    Card.FABRIQUE: "Fabrique",
    Card.EPAVE_D_AVION: "Épave d'avion",
    Card.BAZAR: "Bazar",
    Card.TOUR_DE_GUET: "Tour de guet",
    Card.BELLE_NITRO: "Belle Nitro",
    Card.ANCIEN_DEPOT: "Ancien dépôt",
    Card.VIEUX_PARKING: "Vieux parking",
    Card.BRIQUETERIE: "Briqueterie",
    Card.CARAVANE_DE_PILLARDS: "Caravane de pillards",
    Card.PUB: "Pub",
    Card.ANCIENNE_BIBLIOTHEQUE: "Ancienne bibliothèque",
}
"""The French edition's names, in the order of the names table (fs-card-names)."""


_ENGLISH: Final[dict[str, str]] = {
    Kind.OPEN_PRODUCTION: "Open Production",
    Kind.INCORPORATION: "Incorporation",
    Kind.COOPERATION: "Cooperation",
    GameTerm.LOOKOUT_PHASE: "Lookout phase",
    GameTerm.PRODUCTION_PHASE: "Production phase",
    GameTerm.WORKER: "Worker",
    GameTerm.RESOURCE_TOKEN: "Resource token",
    GameTerm.UNIVERSAL_TOKEN: "Universal token",
    GameTerm.VICTORY_POINT: "Victory Point",
    Card.PUB: "Pub",
}
"""The English edition's names known for sure; every other card keeps its French name."""


_UNCONFIRMED: Final = Term("unconfirmed", "nom anglais non confirmé", "English name not confirmed")


TERMS: Final = (
    # The names table quotes both editions on both pages: each English name that differs
    # from the French one is also read on the French page, and the French name on the English.
    # First, so that a page mapping each term to one word (a chain's, a companion's) keeps
    # the term in its own language, given last.
    *(Term(key, en, _FRENCH[key]) for key, en in _ENGLISH.items() if en != _FRENCH[key]),
    *(Term(key, fr, _ENGLISH.get(key, fr)) for key, fr in _FRENCH.items()),
    _UNCONFIRMED,
)


@table
def names_table() -> Table:
    """The names table: each kind, game term and card, its French name and its English
    name, the English column marked where the French name is kept for want of a sure one."""
    rows = [((key,), (key,) if key in _ENGLISH else (key, _UNCONFIRMED.id)) for key in _FRENCH]
    return (((), ()), *rows)


E = TypeVar("E", bound=StrEnum)


# The rules set no size for the deck: a generous bound, far above any deck of the game, so
# that no pile keeps a function busy.
_MOST_CARDS: Final = 1000


def _card(rule_id: str, card: object) -> str:
    """A card name: a non-empty string, or a ``Card``; no other enum (another game's
    ``red`` is no card of this one)."""
    if not isinstance(card, str) or not card or (isinstance(card, Enum) and card not in Card):
        raise RuleError(rule_id, "a card name, a non-empty string", card)
    return card


def _cards(rule_id: str, value: object, what: str) -> tuple[str, ...]:
    """A pile, in order (top card first): a list or a tuple of card names."""
    return tuple(_card(rule_id, card) for card in _items(rule_id, value, what, _MOST_CARDS))


def _card_set(rule_id: str, value: object, what: str) -> frozenset[str]:
    """Cards whose order does not matter (which are Open Production): a set will do."""
    return frozenset(
        _card(rule_id, card) for card in _collection(rule_id, value, what, _MOST_CARDS)
    )


_SHUFFLE: Final = "a random.Random to shuffle with"
"""What every shuffle of the solo game expects (the draw pile run out, the opponent's deck)."""


def _shuffled(cards: Iterable[str], rng: random.Random) -> tuple[str, ...]:
    pile = list(cards)
    rng.shuffle(pile)
    return tuple(pile)
