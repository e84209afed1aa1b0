"""51st State (51e État): solo rules with a deck of cards for a virtual opponent.

The rules are ``rules_fr/51st-state-solo.md`` (French) and ``rules_en/51st-state-solo.md``
(English). Each function restates its rule; a docstring line ``[rule-id]`` binds the
doctests after it to that rule, and the checker compares their numbers with the text.

Cards are named by strings: the text names a few cards (``Card``), but a real deck holds
many more, so any name will do. The code knows of a card only what the text says: which
cards are Open Production is an input (the set-up example says which of its cards are),
and so is every shuffle (a ``random.Random``) and every draw (the draw pile, top card first).

The package, a file a topic (each under 400 lines):

- ``rules``: the game's numbers, the cards and terms the text names, and input checks;
- ``setup``: the opponent's deck and the solo game's set-up;
- ``rounds``: your cards and the opponent's each round, the draw phase, the solo effects
  of cards, and the end of the game.
"""

from .rounds import (
    SOLO_EFFECTS,
    DrawPhase,
    OpponentCards,
    Reveal,
    YourCards,
    YourDraw,
    draw_phase,
    feed_opponent,
    final_score,
    game_over,
    reveal,
    solo_effect,
    third_card_redraws,
    your_cards,
    your_draw,
)
from .rules import (
    HAND_DRAWS,
    OPPONENT_DECK_SIZE,
    OPPONENT_DRAWS,
    PRODUCTION_DRAWS,
    RESOURCE_TOKENS,
    ROUNDS,
    STARTING_HAND,
    Card,
    Choice,
    Effect,
    GameTerm,
    Kind,
    names_table,
)
from .setup import OpponentDeck, Solo, open_production_to_draw, opponent_deck, set_up

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
    "YourDraw",
    "draw_phase",
    "feed_opponent",
    "final_score",
    "game_over",
    "names_table",
    "open_production_to_draw",
    "opponent_deck",
    "reveal",
    "set_up",
    "solo_effect",
    "third_card_redraws",
    "your_cards",
    "your_draw",
]
