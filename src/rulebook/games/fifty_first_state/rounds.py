"""51st State solo: your cards and the opponent's each round, the draw phase, the solo
effects of cards, and the end of the game."""

import random
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field, fields
from typing import Final

from rulebook.errors import RuleError
from rulebook.kit.explain import Word, step
from rulebook.kit.validate import collection as _collection
from rulebook.kit.validate import flag as _flag
from rulebook.kit.validate import items as _items
from rulebook.kit.validate import member as _member
from rulebook.kit.validate import rng as _rng
from rulebook.kit.validate import whole

from .rules import (
    _MOST_CARDS,
    _SHUFFLE,
    HAND_DRAWS,
    OPPONENT_DRAWS,
    ROUNDS,
    Card,
    Choice,
    Effect,
    Kind,
    _card,
    _card_set,
    _cards,
    _shuffled,
)
from .setup import Solo


@dataclass(frozen=True)
class YourCards:
    """Your part of the Lookout phase: the cards kept, the cards discarded, what is left of
    the draw pile and the discard pile."""

    kept: tuple[str, ...]
    discarded: tuple[str, ...]
    draw_pile: tuple[str, ...]
    discard_pile: tuple[str, ...] = ()


@dataclass
class _Drawing:
    """Cards drawn one at a time from the top of a pile, with your choices in order; the
    cards you discard go on the discard pile."""

    pile: list[str]
    choices: list[Choice]
    discarded: list[str] = field(default_factory=list)
    discard_pile: list[str] = field(default_factory=list)
    rng: random.Random | None = None

    def draw(self) -> str | None:
        """The top card; an empty draw pile is first made again from the discard pile,
        shuffled, as in the base game; with the discard pile empty too, no card (``None``)
        is drawn (the book's reading, fs-draw-first-card)."""
        if not self.pile:
            if not self.discard_pile:
                return None
            self.pile = list(
                _shuffled(self.discard_pile, _rng("fs-draw-first-card", self.rng, _SHUFFLE))
            )
            self.discard_pile = []
        return self.pile.pop(0)

    def card_to_keep(self, rule: str, chances: int) -> str | None:
        """Draw a card; up to ``chances`` times, you may discard it and draw the next one.
        ``rule`` is the rule that lets you discard this card, named by a missing choice.
        ``None`` when no card is left to draw."""
        card = self.draw()
        for _ in range(chances):
            if card is None:
                break
            if not self.choices:
                raise RuleError(rule, f"a keep-or-discard choice for {card!r}", "no choice left")
            if _member(rule, Choice, self.choices.pop(0)) is Choice.KEEP:
                break
            self.discarded.append(card)
            self.discard_pile.append(card)
            card = self.draw()
        return card


def your_cards(
    draw_pile: Sequence[str],
    choices: Sequence[Choice],
    redraws: int = 0,
    discard_pile: Sequence[str] = (),
    rng: random.Random | None = None,
) -> YourCards:
    """The Lookout phase: you receive 3 cards, drawn from the top of the draw pile.

    Twice, draw a card and keep it or discard it; a card drawn after a discard must be kept.
    Then draw a last card, which you must keep, unless you have redraws (fs-pub-cooperation):
    each lets you discard the card to keep and draw another in its place. ``choices`` holds
    one ``Choice`` for each card you may discard, in the order you draw them. When the draw
    pile is empty, the discard pile (``discard_pile``, with the cards you discard), shuffled
    with ``rng``, becomes the new draw pile; with the discard pile empty too, you draw no
    more cards this phase.

    A missing or extra choice names the rule that lets you discard the card concerned:

    >>> your_cards([Card.BELLE_NITRO, Card.BAZAR, Card.PUB], [])
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: fs-draw-first-card: expected a keep-or-discard choice for
    'belle-nitro', got 'no choice left'
    >>> your_cards([Card.BELLE_NITRO, Card.BAZAR, Card.PUB], [Choice.KEEP])
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: fs-draw-second-and-last: expected a keep-or-discard choice for
    'bazar', got 'no choice left'
    >>> your_cards([Card.BELLE_NITRO, Card.BAZAR, Card.PUB, Card.ECOLE], [Choice.KEEP] * 2, 1)
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: fs-pub-cooperation: expected a keep-or-discard choice for
    'pub', got 'no choice left'
    >>> your_cards([Card.BELLE_NITRO, Card.BAZAR, Card.PUB], [Choice.KEEP] * 3)
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: fs-draw-second-and-last: expected no choice left once the
    cards are drawn, got ('keep',)

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

    [fs-draw-first-card] The draw pile runs out: the discard pile, Bazar and the Ancien dépôt
    just discarded, is shuffled into a new draw pile, from which you go on drawing.

    >>> drawn = your_cards([Card.BELLE_NITRO, Card.ANCIEN_DEPOT], [Choice.KEEP, Choice.DISCARD],
    ...                    discard_pile=[Card.BAZAR], rng=random.Random("solo"))
    >>> sorted(drawn.kept)
    ['ancien-depot', 'bazar', 'belle-nitro']
    >>> drawn.draw_pile, drawn.discard_pile
    ((), ())

    [fs-draw-first-card] The discard pile is empty too: you draw no more cards.

    >>> your_cards([Card.BELLE_NITRO], [Choice.KEEP]).kept
    ('belle-nitro',)
    """
    rule = "fs-draw-first-card"
    given = _items(rule, choices, "keep-or-discard choices", _MOST_CARDS)
    decided = [_member(rule, Choice, choice) for choice in given]
    pile = list(_cards(rule, draw_pile, "the draw pile"))
    discards = list(_cards(rule, discard_pile, "the discard pile"))
    # Checked now, not only once the draw pile runs out; None shuffles nothing (refused then).
    shuffler = _rng(rule, rng, _SHUFFLE, optional=True)
    drawing = _Drawing(pile, decided, discard_pile=discards, rng=shuffler)
    draws = _draws(whole("fs-pub-cooperation", redraws, "the redraws of the card to keep"))
    last = draws[-1][0]
    drawn = [drawing.card_to_keep(by, chances) for by, chances in draws]
    kept = [card for card in drawn if card is not None]
    if drawing.choices:
        raise RuleError(last, "no choice left once the cards are drawn", tuple(drawing.choices))
    step("fs-draw-second-and-last", kept=kept, discarded=drawing.discarded)
    return YourCards(
        tuple(kept), tuple(drawing.discarded), tuple(drawing.pile), tuple(drawing.discard_pile)
    )


def _draws(redraws: int) -> list[tuple[str, int]]:
    """Your cards of the Lookout phase, in order: for each card to keep, the rule that lets
    you discard it and how many times you may (the last: once for each redraw)."""
    last = "fs-pub-cooperation" if redraws else "fs-draw-second-and-last"
    first = [("fs-draw-first-card", 1)] + [("fs-draw-second-and-last", 1)] * (HAND_DRAWS - 2)
    return [*first, (last, redraws)]


@dataclass(frozen=True)
class YourDraw:
    """Your Lookout phase so far: the cards drawn, the cards kept, and the rule that lets you
    discard the card just drawn (``None`` once your cards are all in hand)."""

    drawn: int
    kept: int
    may_discard_by: str | None


def your_draw(choices: Sequence[Choice], redraws: int = 0) -> YourDraw:
    """Your Lookout phase, one card at a time: after the keep-or-discard choices made so far,
    how many cards you have drawn and kept, and whether you may discard the card just drawn.

    A card drawn after a discard is kept with no choice, and so is the last card, unless a
    redraw is left (fs-pub-cooperation). Drawn from the top of the draw pile, as in
    ``your_cards``; ``may_discard_by`` names the rule that lets you discard the card.

    >>> your_draw([Choice.DISCARD])
    YourDraw(drawn=3, kept=1, may_discard_by='fs-draw-second-and-last')

    [fs-draw-first-card] The first card drawn may be discarded; the card drawn after the
    discard is kept, and the next choice is the second card's.

    >>> your_draw([]).may_discard_by
    'fs-draw-first-card'
    >>> your_draw([Choice.DISCARD]).may_discard_by
    'fs-draw-second-and-last'

    [fs-draw-second-and-last] Once more; then the last card is kept with no choice: 3 cards
    in all.

    >>> your_draw([Choice.KEEP]).may_discard_by
    'fs-draw-second-and-last'
    >>> drawn = your_draw([Choice.KEEP, Choice.DISCARD])
    >>> drawn.kept, drawn.may_discard_by is None
    (3, True)

    [fs-pub-cooperation] With Pub held as a cooperation, the third card, the one to keep, may
    be discarded once, and the card drawn in its place is kept.

    >>> pub = third_card_redraws([(Card.PUB, Kind.COOPERATION)])
    >>> your_draw([Choice.KEEP, Choice.KEEP], pub).may_discard_by
    'fs-pub-cooperation'
    >>> your_draw([Choice.KEEP, Choice.KEEP, Choice.DISCARD], pub).kept
    3
    """
    rule = "fs-draw-first-card"
    given = _items(rule, choices, "keep-or-discard choices", _MOST_CARDS)
    left = [_member(rule, Choice, choice) for choice in given]
    draws = _draws(whole("fs-pub-cooperation", redraws, "the redraws of the card to keep"))
    drawn = kept = 0
    for by, chances in draws:
        drawn += 1
        for _ in range(chances):
            if not left:
                step(by, drawn=drawn, kept=kept)
                return YourDraw(drawn, kept, by)
            if left.pop(0) is Choice.KEEP:
                break
            drawn += 1
        kept += 1
    if left:
        raise RuleError(draws[-1][0], "no choice left once the cards are drawn", tuple(left))
    step("fs-draw-second-and-last", drawn=drawn, kept=kept)
    return YourDraw(drawn, kept, None)


@dataclass(frozen=True)
class OpponentCards:
    """The cards drawn for the opponent: its deck after them, the others discarded, what is
    left of the draw pile, and the discard pile with the cards discarded."""

    opponent_deck: tuple[str, ...]
    discarded: tuple[str, ...]
    draw_pile: tuple[str, ...]
    discard_pile: tuple[str, ...] = ()


def feed_opponent(
    draw_pile: Sequence[str],
    opponent_deck: Sequence[str],
    open_production: Collection[str],
    rng: random.Random,
    discard_pile: Sequence[str] = (),
) -> OpponentCards:
    """After your cards: draw 3 cards; the Open Production ones are shuffled into the
    opponent's deck, the others discarded. When the draw pile is empty, the discard pile,
    shuffled, becomes the new draw pile; with the discard pile empty too, no more cards are
    drawn (fs-draw-first-card).

    >>> fed = feed_opponent([Card.ECOLE, Card.BAZAR, Card.FABRIQUE, Card.PUB],
    ...                     [Card.TOUR_DE_GUET], {Card.ECOLE}, random.Random("solo"))
    >>> sorted(fed.opponent_deck), fed.discarded, fed.draw_pile
    (['ecole', 'tour-de-guet'], ('bazar', 'fabrique'), ('pub',))
    """
    rule = "fs-draw-opponent-cards"
    pile = _cards(rule, draw_pile, "the draw pile")
    deck = _cards(rule, opponent_deck, "the opponent's deck")
    wanted = _card_set(rule, open_production, "the Open Production cards")
    discards = _cards(rule, discard_pile, "the discard pile")
    rng = _rng(rule, rng, _SHUFFLE)
    drawing = _Drawing(list(pile), [], discard_pile=list(discards), rng=rng)
    drawn = [card for _ in range(OPPONENT_DRAWS) if (card := drawing.draw()) is not None]
    fed = [card for card in drawn if card in wanted]
    discarded = tuple(card for card in drawn if card not in wanted)
    new_deck = _shuffled([*deck, *fed], rng) if fed else deck
    step("fs-draw-opponent-cards", to_opponent=fed, discarded=discarded)
    after = (*drawing.discard_pile, *discarded)
    return OpponentCards(new_deck, discarded, tuple(drawing.pile), after)


_NO_CARD: Final = Word("no-card")  # a chain's word for no card revealed


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
    step("fs-draw-reveal", revealed=deck[0] if deck else _NO_CARD)
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
    yours = your_cards(game.draw_pile, choices, redraws, game.discard_pile, rng)
    fed = feed_opponent(
        yours.draw_pile, game.opponent_deck, open_production, rng, yours.discard_pile
    )
    shown = reveal(fed.opponent_deck, game.opponent_in_play)
    after = Solo(
        fed.draw_pile,
        (*game.hand, *yours.kept),
        fed.discard_pile,
        shown.opponent_deck,
        shown.opponent_in_play,
    )
    return DrawPhase(after, yours, fed, shown.card)


# Each card the text names, as it is held: its solo effect and the rule that gives it.
_SOLO_RULES: Final[dict[tuple[str, Kind], tuple[Effect, str]]] = {
    (Card.CARAVANE_DE_PILLARDS, Kind.INCORPORATION): (
        Effect.TAKE_RESOURCE_TOKEN, "fs-raiders-caravan"
    ),
    (Card.PUB, Kind.INCORPORATION): (Effect.DRAW_IN_PRODUCTION, "fs-pub-incorporated"),
    (Card.PUB, Kind.COOPERATION): (Effect.REDRAW_THIRD_CARD, "fs-pub-cooperation"),
    (Card.ANCIENNE_BIBLIOTHEQUE, Kind.INCORPORATION): (Effect.REDRAW_THIRD_CARD, "fs-old-library"),
}  # fmt: skip


SOLO_EFFECTS: Final[dict[tuple[str, Kind], Effect]] = {
    held: effect for held, (effect, _) in _SOLO_RULES.items()
}
"""The cards whose effect the solo game changes, and how each is held (fs-raiders-caravan,
fs-pub-incorporated, fs-pub-cooperation, fs-old-library)."""


_OWN: Final = Word("its-own")  # a chain's word for a card that keeps its own effect


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
    listed = _SOLO_RULES.get((card, held))
    if listed is not None:
        step(listed[1], card=card, held_as=held, effect=listed[0])
        return listed[0]
    effect = Effect.REDRAW_THIRD_CARD if held is Kind.INCORPORATION and acting else None
    step(rule, card=card, held_as=held, acts_in_draw_phase=acting, effect=effect or _OWN)
    return effect


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
    redraws = sum(
        solo_effect(card, held_as, _card(rule, card) in acting) is Effect.REDRAW_THIRD_CARD
        for card, held_as in checked
    )
    step("fs-draw-phase-cards", redraws=redraws)
    return redraws


def game_over(rounds_played: int) -> bool:
    """Whether the solo game is over: it lasts 6 rounds.

    [fs-goal]

    >>> game_over(6)
    True
    """
    rounds = whole("fs-goal", rounds_played, "the rounds played")
    if rounds > ROUNDS:
        raise RuleError("fs-goal", f"at most {ROUNDS} rounds played", rounds_played)
    step("fs-goal", rounds=rounds, over=rounds == ROUNDS)
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
        whole(rule, score, "a score")
    return scores[-1]
