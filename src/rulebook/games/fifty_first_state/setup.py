"""51st State solo: the opponent's deck, and the solo game's set-up."""

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from rulebook.errors import RuleError
from rulebook.kit.explain import step
from rulebook.kit.validate import rng as _rng

from .rules import (
    _SHUFFLE,
    OPPONENT_DECK_SIZE,
    STARTING_HAND,
    _card_set,
    _cards,
    _shuffled,
)


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

    >>> from rulebook.games.fifty_first_state.rules import Card
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
    rng = _rng(rule, rng, _SHUFFLE)
    taken: list[str] = []
    for position, card in enumerate(cards, 1):
        if card in wanted:
            taken.append(card)
        if len(taken) == OPPONENT_DECK_SIZE:
            drawn, rest = cards[:position], cards[position:]
            others = [c for c in drawn if c not in wanted]
            pile = len(cards) - OPPONENT_DECK_SIZE
            step(rule, drawn=len(drawn), stopped_at=card, open_production=taken, draw_pile=pile)
            return OpponentDeck(
                drawn, tuple(taken), _shuffled(taken, rng), _shuffled([*others, *rest], rng)
            )
    raise RuleError(
        rule,
        f"a deck holding {OPPONENT_DECK_SIZE} Open Production cards",
        f"{len(taken)} in {len(cards)} cards",
    )


def open_production_to_draw(drawn: Sequence[str], open_production: Collection[str]) -> int:
    """Set-up, one card at a time: how many more Open Production cards you must draw for the
    opponent's deck; at 0, the third is drawn and you stop drawing. ``drawn`` holds the cards
    drawn so far, in order; no card is drawn after the third Open Production card.

    >>> from rulebook.games.fifty_first_state.rules import Card
    >>> open_production_to_draw([Card.MERCENAIRES, Card.ENGIN_LOURD], {Card.ENGIN_LOURD})
    2

    [fs-setup-opponent-deck] No Open Production card drawn yet: 3 to draw. Drawing stops at
    the third, wherever it is; no card is drawn after it.

    >>> open_production_to_draw([Card.MERCENAIRES], {Card.ENGIN_LOURD})
    3
    >>> to_draw = open_production_to_draw([Card.ECOLE, Card.BAZAR, Card.PUB, Card.TOUR_DE_GUET],
    ...                                   {Card.ECOLE, Card.PUB, Card.TOUR_DE_GUET})
    >>> "stop" if not to_draw else "draw on"
    'stop'
    >>> open_production_to_draw([Card.ECOLE, Card.PUB, Card.TOUR_DE_GUET, Card.BAZAR],
    ...                         {Card.ECOLE, Card.PUB, Card.TOUR_DE_GUET})
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: fs-setup-opponent-deck: expected no card drawn after the third
    Open Production card, got 'bazar'
    """
    rule = "fs-setup-opponent-deck"
    cards = _cards(rule, drawn, "the cards drawn")
    wanted = _card_set(rule, open_production, "the Open Production cards")
    taken: list[str] = []
    for card in cards:
        if len(taken) == OPPONENT_DECK_SIZE:
            raise RuleError(rule, "no card drawn after the third Open Production card", card)
        if card in wanted:
            taken.append(card)
    left = OPPONENT_DECK_SIZE - len(taken)
    step(rule, drawn=len(cards), open_production=taken, left=left)
    return left


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

    >>> from rulebook.games.fifty_first_state.rules import Card
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
