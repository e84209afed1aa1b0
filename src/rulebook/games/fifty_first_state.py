"""51st State (51e État): solo rules with a deck of cards for a virtual opponent.

The rules are ``rules_fr/51st-state-solo.md`` (French) and ``rules_en/51st-state-solo.md``
(English). Each function restates its rule; a docstring line ``[rule-id]`` binds the
doctests after it to that rule, and the checker compares their numbers with the text.

Cards are named by strings: the text names a few cards (``Card``), but a real deck holds
many more, so any name will do. The code knows of a card only what the text says: which
cards are Open Production is an input (the set-up example says which of its cards are),
and so is every shuffle (a ``random.Random``) and every draw (the draw pile, top card first).
"""

import random
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field, fields
from enum import Enum, StrEnum
from typing import Final, TypeVar

from rulebook.errors import RuleError
from rulebook.kit.tables import Table, table
from rulebook.kit.terms import Term
from rulebook.kit.validate import collection as _collection
from rulebook.kit.validate import flag as _flag
from rulebook.kit.validate import items as _items
from rulebook.kit.validate import member as _member

__all__ = [
    "HAND_DRAWS",
    "OPPONENT_DECK_SIZE",
    "OPPONENT_DRAWS",
    "PRODUCTION_DRAWS",
    "RESOURCE_TOKENS",
    "ROUNDS",
    "SOLO_EFFECTS",
    "STARTING_HAND",
    "Card",
    "Choice",
    "DrawPhase",
    "Effect",
    "GameTerm",
    "Kind",
    "OpponentCards",
    "OpponentDeck",
    "Reveal",
    "Solo",
    "YourCards",
    "draw_phase",
    "feed_opponent",
    "final_score",
    "game_over",
    "names_table",
    "opponent_deck",
    "reveal",
    "set_up",
    "solo_effect",
    "third_card_redraws",
    "your_cards",
]

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
    Card.PUB: "Pub",
}
"""The English edition's names known for sure; every other card keeps its French name."""

_UNCONFIRMED: Final = Term("unconfirmed", "nom anglais non confirmé", "English name not confirmed")

TERMS: Final = (
    *(Term(key, fr, _ENGLISH.get(key, fr)) for key, fr in _FRENCH.items()),
    # The names table quotes both editions on both pages: each English name that differs
    # from the French one is also read on the French page, and the French name on the English.
    *(Term(key, en, _FRENCH[key]) for key, en in _ENGLISH.items() if en != _FRENCH[key]),
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


def _rng(rule_id: str, value: object) -> random.Random:
    if not isinstance(value, random.Random):
        raise RuleError(rule_id, "a random.Random to shuffle with", value)
    return value


def _count(rule_id: str, value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise RuleError(rule_id, f"{what}, a whole number from 0", value)
    return value


def _shuffled(cards: Iterable[str], rng: random.Random) -> tuple[str, ...]:
    pile = list(cards)
    rng.shuffle(pile)
    return tuple(pile)


@dataclass(frozen=True)
class OpponentDeck:
    """Set-up: the cards drawn, the Open Production cards taken, the opponent's shuffled deck
    and the draw pile made of everything else."""

    drawn: tuple[str, ...]
    taken: tuple[str, ...]
    opponent_deck: tuple[str, ...]
    draw_pile: tuple[str, ...]

    @property
    def stopped_at(self) -> str:
        """The card at which drawing stopped: the last Open Production card taken."""
        return self.drawn[-1]


def opponent_deck(
    deck: Sequence[str], open_production: Collection[str], rng: random.Random
) -> OpponentDeck:
    """Set-up: draw from the top of the deck until the third Open Production card.

    Those cards, shuffled, are the virtual opponent's deck. The other cards drawn and the
    rest of the deck are shuffled together into the draw pile. ``deck`` is the shuffled deck,
    top card first; ``open_production`` holds the cards that are Open Production.

    [fs-setup-opponent-deck] Drawing stops at the third Open Production card, wherever it is.

    >>> setup = opponent_deck([Card.ECOLE, Card.ENGIN_LOURD, Card.TOUR_DE_GUET, Card.BAZAR],
    ...                       {Card.ECOLE, Card.ENGIN_LOURD, Card.TOUR_DE_GUET},
    ...                       random.Random("solo"))
    >>> len(setup.opponent_deck), setup.draw_pile
    (3, ('bazar',))

    [fs-ex-setup] The player draws the cards below; the example says that Engin lourd, École
    and Tour de guet are Open Production.

    >>> drawn = [Card.MERCENAIRES, Card.ENGIN_LOURD, Card.ECOLE, Card.PLACE_DU_MARCHE,
    ...          Card.FABRIQUE, Card.EPAVE_D_AVION, Card.BAZAR, Card.TOUR_DE_GUET]
    >>> example_open_production = {Card.ENGIN_LOURD, Card.ECOLE, Card.TOUR_DE_GUET}
    >>> setup = opponent_deck(drawn, example_open_production, random.Random("exemple"))
    >>> setup.drawn
    ('mercenaires', 'engin-lourd', 'ecole', 'place-du-marche', 'fabrique', 'epave-d-avion',
     'bazar', 'tour-de-guet')
    >>> setup.stopped_at
    'tour-de-guet'
    >>> sum(card in example_open_production for card in setup.drawn)
    3
    >>> len(setup.taken)
    3
    >>> setup.taken
    ('engin-lourd', 'ecole', 'tour-de-guet')
    >>> sorted(setup.opponent_deck) == sorted(setup.taken), len(setup.opponent_deck)
    (True, 3)
    >>> sorted(setup.draw_pile)
    ['bazar', 'epave-d-avion', 'fabrique', 'mercenaires', 'place-du-marche']
    """
    rule = "fs-setup-opponent-deck"
    cards = _cards(rule, deck, "the deck")
    wanted = _card_set(rule, open_production, "the Open Production cards")
    rng = _rng(rule, rng)
    taken: list[str] = []
    for position, card in enumerate(cards, 1):
        if card in wanted:
            taken.append(card)
        if len(taken) == OPPONENT_DECK_SIZE:
            drawn, rest = cards[:position], cards[position:]
            others = [c for c in drawn if c not in wanted]
            return OpponentDeck(
                drawn, tuple(taken), _shuffled(taken, rng), _shuffled([*others, *rest], rng)
            )
    raise RuleError(
        rule,
        f"a deck holding {OPPONENT_DECK_SIZE} Open Production cards",
        f"{len(taken)} in {len(cards)} cards",
    )


@dataclass(frozen=True)
class Solo:
    """The cards of a solo game between two steps: the piles, your hand, the opponent's."""

    draw_pile: tuple[str, ...]
    hand: tuple[str, ...]
    discard_pile: tuple[str, ...]
    opponent_deck: tuple[str, ...]
    opponent_in_play: tuple[str, ...]


def set_up(deck: Sequence[str], open_production: Collection[str], rng: random.Random) -> Solo:
    """Set-up: the opponent's deck (fs-setup-opponent-deck), then your 4 cards from the new
    draw pile (fs-setup-hand).

    >>> game = set_up([Card.MERCENAIRES, Card.ENGIN_LOURD, Card.ECOLE, Card.PLACE_DU_MARCHE,
    ...                Card.FABRIQUE, Card.EPAVE_D_AVION, Card.BAZAR, Card.TOUR_DE_GUET],
    ...               {Card.ENGIN_LOURD, Card.ECOLE, Card.TOUR_DE_GUET}, random.Random("exemple"))
    >>> len(game.hand), len(game.draw_pile), sorted(game.opponent_deck)
    (4, 1, ['ecole', 'engin-lourd', 'tour-de-guet'])
    """
    setup = opponent_deck(deck, open_production, rng)
    if len(setup.draw_pile) < STARTING_HAND:
        raise RuleError(
            "fs-setup-hand",
            f"a draw pile of {STARTING_HAND} cards or more after set-up",
            len(setup.draw_pile),
        )
    hand, pile = setup.draw_pile[:STARTING_HAND], setup.draw_pile[STARTING_HAND:]
    return Solo(pile, hand, (), setup.opponent_deck, ())


@dataclass(frozen=True)
class YourCards:
    """Your part of the Lookout phase: the cards kept, the cards discarded, what is left."""

    kept: tuple[str, ...]
    discarded: tuple[str, ...]
    draw_pile: tuple[str, ...]


@dataclass
class _Drawing:
    """Cards drawn one at a time from the top of a pile, with your choices in order."""

    pile: list[str]
    choices: list[Choice]
    discarded: list[str] = field(default_factory=list)

    def draw(self) -> str:
        if not self.pile:
            raise RuleError(
                "fs-draw-first-card", "a draw pile holding every card drawn", "no card left"
            )
        return self.pile.pop(0)

    def card_to_keep(self, chances: int) -> str:
        """Draw a card; up to ``chances`` times, you may discard it and draw the next one."""
        card = self.draw()
        for _ in range(chances):
            if not self.choices:
                raise RuleError(
                    "fs-draw-first-card", f"a keep-or-discard choice for {card!r}", "no choice left"
                )
            if _member("fs-draw-first-card", Choice, self.choices.pop(0)) is Choice.KEEP:
                break
            self.discarded.append(card)
            card = self.draw()
        return card


def your_cards(draw_pile: Sequence[str], choices: Sequence[Choice], redraws: int = 0) -> YourCards:
    """The Lookout phase: you receive 3 cards, drawn from the top of the draw pile.

    Twice, draw a card and keep it or discard it; a card drawn after a discard must be kept.
    Then draw a last card, which you must keep, unless you have redraws (fs-pub-cooperation):
    each lets you discard the card to keep and draw another in its place. ``choices`` holds
    one ``Choice`` for each card you may discard, in the order you draw them.

    [fs-ex-draw] Belle Nitro kept, Ancien dépôt discarded, Vieux parking drawn and kept,
    Briqueterie the last card, added to the hand.

    >>> drawn = your_cards([Card.BELLE_NITRO, Card.ANCIEN_DEPOT, Card.VIEUX_PARKING,
    ...                     Card.BRIQUETERIE], [Choice.KEEP, Choice.DISCARD])
    >>> drawn.discarded
    ('ancien-depot',)
    >>> drawn.kept
    ('belle-nitro', 'vieux-parking', 'briqueterie')

    [fs-pub-cooperation] With Pub held as a cooperation, the card to keep may be discarded
    once, and the card drawn in its place is kept.

    >>> pub = third_card_redraws([(Card.PUB, Kind.COOPERATION)])
    >>> your_cards([Card.BELLE_NITRO, Card.VIEUX_PARKING, Card.ANCIEN_DEPOT,
    ...             Card.BRIQUETERIE], [Choice.KEEP, Choice.KEEP, Choice.DISCARD], pub).kept
    ('belle-nitro', 'vieux-parking', 'briqueterie')
    """
    rule = "fs-draw-first-card"
    given = _items(rule, choices, "keep-or-discard choices", _MOST_CARDS)
    decided = [_member(rule, Choice, choice) for choice in given]
    drawing = _Drawing(list(_cards(rule, draw_pile, "the draw pile")), decided)
    redraws = _count("fs-pub-cooperation", redraws, "the redraws of the card to keep")
    kept = [drawing.card_to_keep(chances=1) for _ in range(HAND_DRAWS - 1)]
    kept.append(drawing.card_to_keep(chances=redraws))
    if drawing.choices:
        raise RuleError(rule, "no choice left once the cards are drawn", tuple(drawing.choices))
    return YourCards(tuple(kept), tuple(drawing.discarded), tuple(drawing.pile))


@dataclass(frozen=True)
class OpponentCards:
    """The cards drawn for the opponent: its deck after them, the others discarded."""

    opponent_deck: tuple[str, ...]
    discarded: tuple[str, ...]
    draw_pile: tuple[str, ...]


def feed_opponent(
    draw_pile: Sequence[str],
    opponent_deck: Sequence[str],
    open_production: Collection[str],
    rng: random.Random,
) -> OpponentCards:
    """After your cards: draw 3 cards; the Open Production ones are shuffled into the
    opponent's deck, the others discarded.

    >>> fed = feed_opponent([Card.ECOLE, Card.BAZAR, Card.FABRIQUE, Card.PUB],
    ...                     [Card.TOUR_DE_GUET], {Card.ECOLE}, random.Random("solo"))
    >>> sorted(fed.opponent_deck), fed.discarded, fed.draw_pile
    (['ecole', 'tour-de-guet'], ('bazar', 'fabrique'), ('pub',))
    """
    rule = "fs-draw-opponent-cards"
    pile = _cards(rule, draw_pile, "the draw pile")
    deck = _cards(rule, opponent_deck, "the opponent's deck")
    wanted = _card_set(rule, open_production, "the Open Production cards")
    rng = _rng(rule, rng)
    if len(pile) < OPPONENT_DRAWS:
        raise RuleError(rule, f"a draw pile of {OPPONENT_DRAWS} cards or more", len(pile))
    drawn, rest = pile[:OPPONENT_DRAWS], pile[OPPONENT_DRAWS:]
    fed = [card for card in drawn if card in wanted]
    discarded = tuple(card for card in drawn if card not in wanted)
    new_deck = _shuffled([*deck, *fed], rng) if fed else deck
    return OpponentCards(new_deck, discarded, rest)


@dataclass(frozen=True)
class Reveal:
    """The opponent's top card, now in play (``None`` when its deck was empty)."""

    card: str | None
    opponent_deck: tuple[str, ...]
    opponent_in_play: tuple[str, ...]


def reveal(opponent_deck: Sequence[str], opponent_in_play: Sequence[str] = ()) -> Reveal:
    """Reveal the opponent's top card: it leaves the deck and stays in play, open to your
    Workers. An empty deck reveals nothing (the book's reading, fs-draw-reveal).

    [fs-draw-reveal] The revealed card joins the opponent's cards in play; an empty deck
    reveals nothing.

    >>> shown = reveal([Card.TOUR_DE_GUET, Card.ECOLE], [Card.ENGIN_LOURD])
    >>> shown.card, shown.opponent_deck, shown.opponent_in_play
    ('tour-de-guet', ('ecole',), ('engin-lourd', 'tour-de-guet'))
    >>> reveal([], shown.opponent_in_play).card is None
    True
    """
    rule = "fs-draw-reveal"
    deck = _cards(rule, opponent_deck, "the opponent's deck")
    in_play = _cards(rule, opponent_in_play, "the opponent's cards in play")
    if not deck:
        return Reveal(None, (), in_play)
    return Reveal(deck[0], deck[1:], (*in_play, deck[0]))


@dataclass(frozen=True)
class DrawPhase:
    """A whole Lookout phase: the game after it, your cards, the opponent's, the card revealed."""

    game: Solo
    yours: YourCards
    opponent: OpponentCards
    revealed: str | None


def _solo(game: object) -> Solo:
    """A solo game whose every pile is a pile of card names."""
    rule = "fs-draw-phase"
    if not isinstance(game, Solo):
        raise RuleError(rule, "a Solo game, as set_up makes it", game)
    piles = [_cards(rule, getattr(game, f.name), f.name) for f in fields(Solo)]
    return Solo(*piles)


def draw_phase(
    game: Solo,
    choices: Sequence[Choice],
    open_production: Collection[str],
    rng: random.Random,
    redraws: int = 0,
) -> DrawPhase:
    """The solo Lookout phase: your 3 cards, then 3 cards for the opponent, then its top
    card revealed.

    >>> game = Solo((Card.BELLE_NITRO, Card.ANCIEN_DEPOT, Card.VIEUX_PARKING, Card.BRIQUETERIE,
    ...              Card.ECOLE, Card.BAZAR, Card.FABRIQUE), (), (), (Card.TOUR_DE_GUET,), ())
    >>> phase = draw_phase(game, [Choice.KEEP, Choice.DISCARD], {Card.ECOLE},
    ...                    random.Random("solo"))
    >>> phase.game.hand, phase.revealed, phase.game.opponent_in_play
    (('belle-nitro', 'vieux-parking', 'briqueterie'), 'ecole', ('ecole',))
    >>> phase.game.opponent_deck, phase.game.discard_pile
    (('tour-de-guet',), ('ancien-depot', 'bazar', 'fabrique'))
    """
    game = _solo(game)
    yours = your_cards(game.draw_pile, choices, redraws)
    fed = feed_opponent(yours.draw_pile, game.opponent_deck, open_production, rng)
    shown = reveal(fed.opponent_deck, game.opponent_in_play)
    after = Solo(
        fed.draw_pile,
        (*game.hand, *yours.kept),
        (*game.discard_pile, *yours.discarded, *fed.discarded),
        shown.opponent_deck,
        shown.opponent_in_play,
    )
    return DrawPhase(after, yours, fed, shown.card)


SOLO_EFFECTS: Final[dict[tuple[str, Kind], Effect]] = {
    (Card.CARAVANE_DE_PILLARDS, Kind.INCORPORATION): Effect.TAKE_RESOURCE_TOKEN,
    (Card.PUB, Kind.INCORPORATION): Effect.DRAW_IN_PRODUCTION,
    (Card.PUB, Kind.COOPERATION): Effect.REDRAW_THIRD_CARD,
    (Card.ANCIENNE_BIBLIOTHEQUE, Kind.INCORPORATION): Effect.REDRAW_THIRD_CARD,
}
"""The cards whose effect the solo game changes, and how each is held (fs-raiders-caravan,
fs-pub-incorporated, fs-pub-cooperation, fs-old-library)."""


def solo_effect(card: str, held_as: Kind, acts_in_draw_phase: bool = False) -> Effect | None:
    """The solo effect of a card you hold, or ``None`` when it keeps its own effect.

    A card the text names keeps the effect the text gives it; any other incorporated card
    with an ability in the Lookout phase has the effect of Pub held as a cooperation.

    [fs-raiders-caravan]

    >>> solo_effect(Card.CARAVANE_DE_PILLARDS, Kind.INCORPORATION)
    'take-resource-token'

    [fs-pub-incorporated]

    >>> solo_effect(Card.PUB, Kind.INCORPORATION)
    'draw-in-production'

    [fs-old-library] Same rule as Pub held as a cooperation.

    >>> solo_effect(Card.ANCIENNE_BIBLIOTHEQUE, Kind.INCORPORATION)
    'redraw-third-card'
    >>> solo_effect(Card.PUB, Kind.COOPERATION)
    'redraw-third-card'

    [fs-draw-phase-cards] Any incorporated card acting in the Lookout phase: same effect.

    >>> solo_effect("any-card", Kind.INCORPORATION, acts_in_draw_phase=True)
    'redraw-third-card'
    >>> solo_effect("any-card", Kind.COOPERATION, acts_in_draw_phase=True) is None
    True
    """
    rule = "fs-draw-phase-cards"
    card = _card(rule, card)
    held = _member(rule, Kind, held_as)
    acting = _flag(rule, acts_in_draw_phase, "whether the card acts in the Lookout phase")
    if held is Kind.OPEN_PRODUCTION:
        raise RuleError(rule, "a way of holding a card: incorporation or cooperation", held_as)
    listed = SOLO_EFFECTS.get((card, held))
    if listed is not None:
        return listed
    if held is Kind.INCORPORATION and acting:
        return Effect.REDRAW_THIRD_CARD
    return None


def third_card_redraws(
    held: Iterable[tuple[str, Kind]], acting_in_draw_phase: Collection[str] = ()
) -> int:
    """How many times you may discard the card to keep: once for each card you hold that
    has the effect of Pub held as a cooperation (the book's reading, fs-draw-phase-cards).
    ``acting_in_draw_phase`` names your cards that have an ability in the Lookout phase.

    >>> third_card_redraws([(Card.PUB, Kind.COOPERATION), (Card.PUB, Kind.INCORPORATION)])
    1
    """
    rule = "fs-draw-phase-cards"
    acting = _card_set(rule, acting_in_draw_phase, "the acting cards")
    pairs = _collection(rule, held, "the cards you hold", _MOST_CARDS)
    checked = [pair for pair in pairs if isinstance(pair, tuple) and len(pair) == 2]
    if len(checked) != len(pairs):
        raise RuleError(rule, "the cards you hold, as (card, incorporation or cooperation)", held)
    return sum(
        solo_effect(card, held_as, _card(rule, card) in acting) is Effect.REDRAW_THIRD_CARD
        for card, held_as in checked
    )


def game_over(rounds_played: int) -> bool:
    """Whether the solo game is over: it lasts 6 rounds.

    [fs-goal]

    >>> game_over(6)
    True
    """
    rounds = _count("fs-goal", rounds_played, "the rounds played")
    if rounds > ROUNDS:
        raise RuleError("fs-goal", f"at most {ROUNDS} rounds played", rounds_played)
    return rounds == ROUNDS


def final_score(scores: Sequence[int]) -> int:
    """Your result: your score once the sixth round is over. ``scores`` is your score at
    the end of each round, one per round.

    >>> final_score([2, 5, 9, 14, 20, 27])
    27
    """
    rule = "fs-goal"
    if isinstance(scores, str) or not isinstance(scores, Sequence) or len(scores) != ROUNDS:
        raise RuleError(rule, f"a score for each of the {ROUNDS} rounds", scores)
    for score in scores:
        _count(rule, score, "a score")
    return scores[-1]
