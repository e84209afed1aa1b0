"""51st State solo: bad input raises ValueError naming the rule and what was expected; the
draw protocols, the readings the book chose, and the card names of the two pages."""

import itertools
import random
from collections import Counter
from collections.abc import Callable

import pytest

from rulebook.book import load_book
from rulebook.errors import RuleError
from rulebook.games import port_royal
from rulebook.games.fifty_first_state import (
    HAND_DRAWS,
    OPPONENT_DECK_SIZE,
    ROUNDS,
    STARTING_HAND,
    Card,
    Choice,
    Effect,
    Kind,
    Solo,
    draw_phase,
    feed_opponent,
    final_score,
    game_over,
    open_production_to_draw,
    opponent_deck,
    reveal,
    set_up,
    solo_effect,
    third_card_redraws,
    your_cards,
    your_draw,
)
from rulebook.games.fifty_first_state.rules import TERMS
from rulebook.kit.terms import Term
from rulebook.text.prose import cell_atoms
from tests.conftest import ROOT

SLUG = "51st-state-solo"
EXAMPLE_DECK = (
    Card.MERCENAIRES,
    Card.ENGIN_LOURD,
    Card.ECOLE,
    Card.PLACE_DU_MARCHE,
    Card.FABRIQUE,
    Card.EPAVE_D_AVION,
    Card.BAZAR,
    Card.TOUR_DE_GUET,
)
EXAMPLE_OPEN = frozenset({Card.ENGIN_LOURD, Card.ECOLE, Card.TOUR_DE_GUET})
KEEP, DISCARD = Choice.KEEP, Choice.DISCARD


def rng() -> random.Random:
    return random.Random("test")


@pytest.mark.parametrize(
    ("call", "rule", "expected"),
    [
        (
            lambda: opponent_deck(EXAMPLE_DECK[:-1], EXAMPLE_OPEN, rng()),
            "fs-setup-opponent-deck",
            "a deck holding 3 Open Production cards",
        ),
        (
            lambda: opponent_deck("engin-lourd", EXAMPLE_OPEN, rng()),
            "fs-setup-opponent-deck",
            "the deck, at most 1000 in a list or tuple",
        ),
        (
            lambda: opponent_deck([Card.ECOLE, ""], EXAMPLE_OPEN, rng()),
            "fs-setup-opponent-deck",
            "a card name, a non-empty string",
        ),
        (
            lambda: opponent_deck(EXAMPLE_DECK, EXAMPLE_OPEN, 7),  # type: ignore[arg-type]
            "fs-setup-opponent-deck",
            "a random.Random",
        ),
        (
            lambda: set_up([*sorted(EXAMPLE_OPEN), Card.BAZAR], EXAMPLE_OPEN, rng()),
            "fs-setup-hand",
            "a draw pile of 4 cards or more",
        ),
        (
            lambda: your_cards([Card.PUB], [KEEP], discard_pile=[Card.BAZAR, Card.ECOLE]),
            "fs-draw-first-card",
            "a random.Random to shuffle with",
        ),
        (
            lambda: your_cards([Card.PUB, Card.BAZAR, Card.ECOLE], [KEEP]),
            "fs-draw-second-and-last",
            "a keep-or-discard choice for 'bazar'",
        ),
        (
            lambda: your_cards([Card.PUB, Card.BAZAR, Card.ECOLE], [KEEP, KEEP, KEEP]),
            "fs-draw-second-and-last",
            "no choice left once the cards are drawn",
        ),
        (
            lambda: your_cards([Card.PUB, Card.BAZAR, Card.ECOLE], ["keep", "maybe"]),  # type: ignore[list-item]
            "fs-draw-first-card",
            "a choice among keep, discard",
        ),
        (
            lambda: your_cards([Card.PUB, Card.BAZAR, Card.ECOLE], [KEEP, KEEP], -1),
            "fs-pub-cooperation",
            "a whole number of 0 or more",
        ),
        (
            lambda: reveal([Card.PUB], "bazar"),
            "fs-draw-reveal",
            "in a list or tuple",
        ),
        (
            lambda: draw_phase("game", [KEEP, KEEP], EXAMPLE_OPEN, rng()),  # type: ignore[arg-type]
            "fs-draw-phase",
            "a Solo game",
        ),
        (
            lambda: solo_effect(Card.PUB, Kind.OPEN_PRODUCTION),
            "fs-draw-phase-cards",
            "incorporation or cooperation",
        ),
        (
            lambda: solo_effect(Card.PUB, "conquest"),  # type: ignore[arg-type]
            "fs-draw-phase-cards",
            "a kind among",
        ),
        (
            lambda: third_card_redraws([Card.PUB]),  # type: ignore[list-item]
            "fs-draw-phase-cards",
            "as \\(card, incorporation or cooperation\\)",
        ),
        (lambda: game_over(7), "fs-goal", "at most 6 rounds played"),
        (lambda: game_over(-1), "fs-goal", "a whole number of 0 or more"),
        (lambda: final_score([1, 2, 3]), "fs-goal", "a score for each of the 6 rounds"),
        (lambda: final_score([0, 1, 2, 3, 4, -5]), "fs-goal", "a score, a whole number"),
    ],
)
def test_bad_input_names_the_rule_and_what_was_expected(
    call: Callable[[], object], rule: str, expected: str
) -> None:
    with pytest.raises(ValueError, match=rf"^{rule}: expected .*{expected}"):
        call()


def test_set_up_loses_no_card_and_gives_the_opponent_only_open_production_cards() -> None:
    deck = [*EXAMPLE_DECK, Card.PUB, Card.BRIQUETERIE, Card.BELLE_NITRO]
    game = set_up(deck, EXAMPLE_OPEN, rng())
    assert sorted(game.opponent_deck) == sorted(EXAMPLE_OPEN)
    assert len(game.hand) == STARTING_HAND
    assert Counter([*game.opponent_deck, *game.hand, *game.draw_pile]) == Counter(deck)


def test_cards_after_the_third_open_production_card_are_shuffled_into_the_draw_pile() -> None:
    setup = opponent_deck([*EXAMPLE_DECK, Card.PUB], EXAMPLE_OPEN, rng())
    assert setup.stopped_at == Card.TOUR_DE_GUET
    assert len(setup.opponent_deck) == OPPONENT_DECK_SIZE
    assert Card.PUB in setup.draw_pile and Card.PUB not in setup.drawn


def test_a_card_drawn_after_a_discard_is_kept_without_a_choice() -> None:
    drawn = your_cards(
        [Card.BAZAR, Card.PUB, Card.ECOLE, Card.FABRIQUE, Card.MERCENAIRES], [DISCARD, DISCARD]
    )
    assert drawn.kept == (Card.PUB, Card.FABRIQUE, Card.MERCENAIRES)
    assert drawn.discarded == (Card.BAZAR, Card.ECOLE)
    assert len(drawn.kept) == HAND_DRAWS and drawn.draw_pile == ()


def test_the_last_card_is_kept_without_a_choice_when_you_have_no_redraw() -> None:
    drawn = your_cards([Card.BAZAR, Card.PUB, Card.ECOLE, Card.FABRIQUE], [KEEP, KEEP])
    assert drawn.kept == (Card.BAZAR, Card.PUB, Card.ECOLE)
    assert drawn.draw_pile == (Card.FABRIQUE,)


def test_a_redraw_you_do_not_use_is_answered_keep() -> None:
    drawn = your_cards([Card.BAZAR, Card.PUB, Card.ECOLE, Card.FABRIQUE], [KEEP, KEEP, KEEP], 1)
    assert drawn.kept == (Card.BAZAR, Card.PUB, Card.ECOLE)


def test_each_card_with_the_effect_of_pub_held_as_a_cooperation_gives_one_redraw() -> None:
    held = [
        (Card.PUB, Kind.COOPERATION),
        (Card.ANCIENNE_BIBLIOTHEQUE, Kind.INCORPORATION),
        ("a-card-acting-in-the-lookout-phase", Kind.INCORPORATION),
        (Card.CARAVANE_DE_PILLARDS, Kind.INCORPORATION),
    ]
    redraws = third_card_redraws(held, ["a-card-acting-in-the-lookout-phase"])
    assert redraws == 3
    pile = [Card.BAZAR, Card.PUB, Card.ECOLE, Card.FABRIQUE, Card.MERCENAIRES, Card.BRIQUETERIE]
    drawn = your_cards(pile, [KEEP, KEEP, DISCARD, DISCARD, DISCARD], redraws)
    assert drawn.kept == (Card.BAZAR, Card.PUB, Card.BRIQUETERIE)
    assert drawn.discarded == (Card.ECOLE, Card.FABRIQUE, Card.MERCENAIRES)


def test_a_card_the_text_names_keeps_the_effect_the_text_gives_it() -> None:
    assert solo_effect(Card.PUB, Kind.INCORPORATION, acts_in_draw_phase=True) == (
        Effect.DRAW_IN_PRODUCTION
    )
    assert solo_effect(Card.CARAVANE_DE_PILLARDS, Kind.COOPERATION) is None


def test_only_the_open_production_cards_drawn_for_the_opponent_join_its_deck() -> None:
    fed = feed_opponent(
        [Card.ECOLE, Card.BAZAR, Card.TOUR_DE_GUET, Card.PUB],
        [Card.ENGIN_LOURD],
        EXAMPLE_OPEN,
        rng(),
    )
    assert sorted(fed.opponent_deck) == sorted(EXAMPLE_OPEN)
    assert fed.discarded == (Card.BAZAR,)
    assert fed.draw_pile == (Card.PUB,)


def test_with_no_open_production_card_drawn_the_opponent_deck_is_not_shuffled() -> None:
    deck = (Card.ENGIN_LOURD, Card.ECOLE, Card.TOUR_DE_GUET)
    fed = feed_opponent([Card.BAZAR, Card.PUB, Card.FABRIQUE], deck, EXAMPLE_OPEN, rng())
    assert fed.opponent_deck == deck and fed.discarded == (Card.BAZAR, Card.PUB, Card.FABRIQUE)


def test_with_the_discard_pile_empty_too_no_more_cards_are_drawn() -> None:
    drawn = your_cards([Card.PUB, Card.BAZAR], [KEEP, KEEP])
    assert drawn.kept == (Card.PUB, Card.BAZAR) and drawn.draw_pile == drawn.discard_pile == ()
    assert your_cards([], []).kept == ()
    fed = feed_opponent([Card.ECOLE, Card.BAZAR], (), EXAMPLE_OPEN, rng())
    assert fed.opponent_deck == (Card.ECOLE,) and fed.discarded == (Card.BAZAR,)
    assert fed.draw_pile == () and fed.discard_pile == (Card.BAZAR,)
    empty = feed_opponent([], (Card.ECOLE,), EXAMPLE_OPEN, rng())
    assert empty.opponent_deck == (Card.ECOLE,) and empty.discarded == empty.draw_pile == ()


def test_an_empty_draw_pile_is_made_again_from_the_shuffled_discard_pile() -> None:
    fed = feed_opponent([Card.BAZAR], (), EXAMPLE_OPEN, rng(), [Card.ECOLE, Card.PUB])
    assert fed.opponent_deck == (Card.ECOLE,) and fed.draw_pile == ()
    assert fed.discarded[0] == Card.BAZAR and sorted(fed.discard_pile) == [Card.BAZAR, Card.PUB]
    cards = [Card.BELLE_NITRO, Card.ECOLE, Card.BAZAR, Card.PUB, Card.FABRIQUE, Card.MERCENAIRES]
    game = Solo((cards[0],), (Card.BRIQUETERIE,), tuple(cards[1:]), (), ())
    after = draw_phase(game, [KEEP, KEEP], EXAMPLE_OPEN, rng()).game
    assert after.hand[:2] == (Card.BRIQUETERIE, Card.BELLE_NITRO) and len(after.hand) == 4
    held = [*after.hand, *after.draw_pile, *after.discard_pile, *after.opponent_in_play]
    assert Counter(held) == Counter([*cards, Card.BRIQUETERIE])


def test_revealed_cards_build_up_in_play_and_an_empty_deck_reveals_nothing() -> None:
    first = reveal([Card.ECOLE, Card.TOUR_DE_GUET])
    second = reveal(first.opponent_deck, first.opponent_in_play)
    third = reveal(second.opponent_deck, second.opponent_in_play)
    assert (first.card, second.card, third.card) == (Card.ECOLE, Card.TOUR_DE_GUET, None)
    assert third.opponent_in_play == (Card.ECOLE, Card.TOUR_DE_GUET)


def play_two_rounds() -> tuple[Solo, Solo]:
    deck: list[str] = [*EXAMPLE_DECK, Card.BELLE_NITRO, Card.ANCIEN_DEPOT, Card.VIEUX_PARKING]
    deck += [Card.BRIQUETERIE, Card.PUB, Card.CARAVANE_DE_PILLARDS, Card.ANCIENNE_BIBLIOTHEQUE]
    deck += [f"location-{n}" for n in range(12)]
    shuffles = random.Random("two rounds")
    game = set_up(deck, EXAMPLE_OPEN, shuffles)
    after_one = draw_phase(game, [KEEP, DISCARD], EXAMPLE_OPEN, shuffles).game
    after_two = draw_phase(after_one, [DISCARD, KEEP], EXAMPLE_OPEN, shuffles).game
    return after_one, after_two


def test_two_rounds_from_the_same_draws_give_the_same_opponent_deck_and_hand() -> None:
    first, second = play_two_rounds(), play_two_rounds()
    assert first == second
    after_one, after_two = first
    assert len(after_one.hand) == STARTING_HAND + HAND_DRAWS
    assert len(after_two.hand) == STARTING_HAND + 2 * HAND_DRAWS
    assert len(after_two.opponent_in_play) == 2


def test_the_game_is_over_after_the_sixth_round_and_scores_that_round() -> None:
    assert [game_over(n) for n in range(ROUNDS + 1)] == [False] * ROUNDS + [True]
    assert final_score([0, 3, 3, 8, 12, 15]) == 15


# The plural a rule may name a term by, where the other language writes it in the singular
# (« votre total de points de victoire », "your Victory Point total").
PLURALS = (Term("victory-point", "points de victoire", "Victory Points"),)


def names_by_rule(lang: str) -> dict[str, Counter[str]]:
    game = load_book(ROOT).game(SLUG)
    rules = game.fr.rules if lang == "fr" else game.en.rules if game.en else ()
    found: dict[str, Counter[str]] = {}
    for rule in rules:
        atoms = cell_atoms(rule.text, lang, (*TERMS, *PLURALS))
        found[rule.id] = Counter(a for a in atoms if not a[0].isdigit() and a != "unconfirmed")
    return found


def test_every_card_and_kind_a_french_rule_names_its_english_rule_names_as_often() -> None:
    french, english = names_by_rule("fr"), names_by_rule("en")
    assert french.keys() == english.keys()
    for rule_id, names in french.items():
        assert english[rule_id] == names, rule_id


def test_the_english_page_writes_every_french_card_name_in_italics() -> None:
    game = load_book(ROOT).game(SLUG)
    assert game.en is not None
    kept = [t.en for t in TERMS if t.en == t.fr and t.id in set(Card) and t.id != Card.PUB]
    for rule in game.en.rules:
        for line in rule.body.split("\n"):
            plain = line.split("|")[2] if line.startswith("| ") else line
            for name in kept:
                bare = plain.replace(f"*{name}*", "")
                assert name not in bare, f"{rule.id}: {name!r} is not in italics"


# Edges of the validation, found by mutating the code (make mutate).


def test_a_draw_pile_of_exactly_4_cards_after_the_opponents_deck_is_enough() -> None:
    deck = [
        Card.ENGIN_LOURD,
        Card.ECOLE,
        Card.TOUR_DE_GUET,
        Card.MERCENAIRES,
        Card.FABRIQUE,
        Card.BAZAR,
        Card.PUB,
    ]
    game = set_up(deck, {Card.ENGIN_LOURD, Card.ECOLE, Card.TOUR_DE_GUET}, random.Random(1))
    assert len(game.hand) == 4 and game.draw_pile == ()


def test_choices_given_as_one_string_are_refused() -> None:
    with pytest.raises(ValueError, match=r"^fs-draw-first-card: expected keep-or-discard choices"):
        your_cards([Card.BELLE_NITRO, Card.ANCIEN_DEPOT, Card.VIEUX_PARKING], "keep")  # type: ignore[arg-type]


@pytest.mark.parametrize("card", ["", 5])
def test_a_card_that_is_no_name_is_refused(card: object) -> None:
    with pytest.raises(ValueError, match=r"^fs-draw-phase-cards: expected a card name"):
        solo_effect(card, Kind.INCORPORATION)  # type: ignore[arg-type]


@pytest.mark.parametrize("held", ["pub", 5, [("pub",)], [("pub", Kind.COOPERATION, 1)]])
def test_held_cards_not_given_as_card_and_kind_pairs_are_refused(held: object) -> None:
    with pytest.raises(ValueError, match=r"^fs-draw-phase-cards: expected the cards you hold"):
        third_card_redraws(held)  # type: ignore[arg-type]


# Wrong input that used to answer or crash (issue 13): each refused by its rule.

_EXAMPLE = [Card.ECOLE, Card.ENGIN_LOURD, Card.TOUR_DE_GUET, Card.BAZAR, Card.PUB, Card.FABRIQUE]


@pytest.mark.parametrize(
    ("call", "rule", "expected"),
    [
        pytest.param(
            lambda: opponent_deck(set(_EXAMPLE), set(_EXAMPLE[:3]), random.Random(1)),  # type: ignore[arg-type]
            "fs-setup-opponent-deck",
            "in a list or tuple",
            id="a-set-is-no-deck",
        ),
        pytest.param(
            lambda: opponent_deck(iter(_EXAMPLE), set(_EXAMPLE[:3]), random.Random(1)),  # type: ignore[arg-type]
            "fs-setup-opponent-deck",
            "in a list or tuple",
            id="a-generator-is-no-deck",
        ),
        pytest.param(
            lambda: opponent_deck(["pub"] * 1001, {"pub"}, random.Random(1)),
            "fs-setup-opponent-deck",
            "at most 1000",
            id="a-deck-beyond-the-generous-bound",
        ),
        pytest.param(
            lambda: reveal([port_royal.Colour.RED]),
            "fs-draw-reveal",
            "a card name",
            id="another-games-enum-is-no-card",
        ),
        pytest.param(
            lambda: reveal([Kind.COOPERATION]),
            "fs-draw-reveal",
            "a card name",
            id="a-kind-is-no-card",
        ),
        pytest.param(
            lambda: feed_opponent(_EXAMPLE, [], "ecole", random.Random(1)),
            "fs-draw-opponent-cards",
            "list, tuple or set",
            id="open-production-as-one-string",
        ),
        pytest.param(
            lambda: solo_effect(Card.PUB, Kind.INCORPORATION, acts_in_draw_phase="no"),  # type: ignore[arg-type]
            "fs-draw-phase-cards",
            "True or False",
            id="acts-as-a-string",
        ),
        pytest.param(
            lambda: third_card_redraws((c, Kind.COOPERATION) for c in ["pub"]),
            "fs-draw-phase-cards",
            "list, tuple or set",
            id="held-cards-as-a-generator",
        ),
        pytest.param(
            lambda: third_card_redraws([(["pub"], Kind.COOPERATION)]),  # type: ignore[list-item]
            "fs-draw-phase-cards",
            "a card name",
            id="a-held-card-named-by-a-list",
        ),
        pytest.param(
            lambda: your_cards(_EXAMPLE, [Choice.KEEP, "maybe"]),  # type: ignore[list-item]
            "fs-draw-first-card",
            "a choice among",
            id="a-choice-neither-keep-nor-discard",
        ),
        pytest.param(
            lambda: draw_phase(
                Solo(tuple(_EXAMPLE), None, (), (), ()),  # type: ignore[arg-type]
                [Choice.KEEP, Choice.KEEP],
                {Card.ECOLE},
                random.Random(1),
            ),
            "fs-draw-phase",
            "hand",
            id="a-game-with-no-hand",
        ),
    ],
)
def test_wrong_input_is_refused_by_its_rule(
    call: Callable[[], object], rule: str, expected: str
) -> None:
    with pytest.raises(RuleError, match=rf"^{rule}: expected .*{expected}"):
        call()


def said(function: Callable[..., object], *args: object) -> list[str]:
    """The steps a call takes (kit.explain), as the chain under an example shows them."""
    from rulebook.kit.explain import explained

    return [str(s) for s in explained(function, *args)[1]]


def test_the_set_up_says_where_drawing_stopped_and_what_the_opponent_takes() -> None:
    from rulebook.games.fifty_first_state import Card, opponent_deck

    deck = [Card.MERCENAIRES, Card.ENGIN_LOURD, Card.ECOLE, Card.TOUR_DE_GUET, Card.BAZAR]
    wanted = {Card.ENGIN_LOURD, Card.ECOLE, Card.TOUR_DE_GUET}
    assert said(opponent_deck, deck, wanted, random.Random(1)) == [
        "fs-setup-opponent-deck: drawn = 4, stopped_at = tour-de-guet, "
        "open_production = [engin-lourd, ecole, tour-de-guet], draw_pile = 2"
    ]


def test_the_end_of_the_game_says_how_many_rounds_were_played() -> None:
    from rulebook.games.fifty_first_state import game_over

    assert said(game_over, 5) == ["fs-goal: rounds = 5, over = False"]
    assert said(game_over, 6) == ["fs-goal: rounds = 6, over = True"]


def test_each_solo_effect_names_the_rule_that_gives_it() -> None:
    from rulebook.games.fifty_first_state import Card, Kind, solo_effect

    inc, coop = Kind.INCORPORATION, Kind.COOPERATION
    assert said(solo_effect, Card.CARAVANE_DE_PILLARDS, inc) == [
        "fs-raiders-caravan: card = caravane-de-pillards, held_as = incorporation, "
        "effect = take-resource-token"
    ]
    assert said(solo_effect, Card.PUB, inc) == [
        "fs-pub-incorporated: card = pub, held_as = incorporation, effect = draw-in-production"
    ]
    assert said(solo_effect, Card.PUB, coop) == [
        "fs-pub-cooperation: card = pub, held_as = cooperation, effect = redraw-third-card"
    ]
    assert said(solo_effect, Card.ANCIENNE_BIBLIOTHEQUE, inc) == [
        "fs-old-library: card = ancienne-bibliotheque, held_as = incorporation, "
        "effect = redraw-third-card"
    ]
    assert said(solo_effect, Card.BAZAR, inc, True) == [
        "fs-draw-phase-cards: card = bazar, held_as = incorporation, acts_in_draw_phase = True, "
        "effect = redraw-third-card"
    ]
    assert said(solo_effect, Card.BAZAR, inc) == [
        "fs-draw-phase-cards: card = bazar, held_as = incorporation, acts_in_draw_phase = False, "
        "effect = its-own"
    ]


def test_revealing_says_what_was_revealed_even_from_an_empty_deck() -> None:
    from rulebook.games.fifty_first_state import Card, reveal

    assert said(reveal, [Card.ECOLE]) == ["fs-draw-reveal: revealed = ecole"]
    assert said(reveal, []) == ["fs-draw-reveal: revealed = no-card"]


def test_the_redraws_of_the_third_card_count_each_card_with_pubs_effect() -> None:
    from rulebook.games.fifty_first_state import Card, Kind, third_card_redraws

    held = [(Card.PUB, Kind.COOPERATION), (Card.ANCIENNE_BIBLIOTHEQUE, Kind.INCORPORATION)]
    steps = said(third_card_redraws, held)
    assert len(steps) == 3 and steps[-1] == "fs-draw-phase-cards: redraws = 2"


# The Lookout phase and the set-up one card at a time (the companion at the table).


@pytest.mark.parametrize("redraws", [0, 1, 2])
def test_drawing_one_card_at_a_time_agrees_with_the_whole_lookout_phase(redraws: int) -> None:
    pile = [f"card-{n}" for n in range(12)]
    for length in range(7):
        for choices in itertools.product([KEEP, DISCARD], repeat=length):
            try:
                whole_phase = your_cards(pile, list(choices), redraws)
            except RuleError as error:
                if error.got != "no choice left":  # one choice too many
                    with pytest.raises(RuleError, match=r"no choice left once the cards"):
                        your_draw(list(choices), redraws)
                    continue
                now = your_draw(list(choices), redraws)
                assert now.may_discard_by == error.rule_id
                assert error.expected.endswith(repr(pile[now.drawn - 1]))
                assert now.kept == now.drawn - 1 - choices.count(DISCARD)
                continue
            now = your_draw(list(choices), redraws)
            assert now.may_discard_by is None
            assert now.kept == len(whole_phase.kept) == HAND_DRAWS
            assert now.drawn == HAND_DRAWS + len(whole_phase.discarded)


def test_each_card_drawn_says_what_was_drawn_and_kept_under_the_rule_that_lets_you_discard() -> (
    None
):
    from rulebook.games.fifty_first_state import your_draw

    assert said(your_draw, []) == ["fs-draw-first-card: drawn = 1, kept = 0"]
    assert said(your_draw, [DISCARD]) == ["fs-draw-second-and-last: drawn = 3, kept = 1"]
    assert said(your_draw, [KEEP, DISCARD]) == ["fs-draw-second-and-last: drawn = 4, kept = 3"]
    assert said(your_draw, [KEEP, KEEP], 1) == ["fs-pub-cooperation: drawn = 3, kept = 2"]
    assert said(your_draw, [KEEP, KEEP, DISCARD], 2) == ["fs-pub-cooperation: drawn = 4, kept = 2"]


def test_the_set_up_says_how_many_open_production_cards_are_left_to_draw() -> None:
    from rulebook.games.fifty_first_state import open_production_to_draw

    drawn = [Card.MERCENAIRES, Card.ENGIN_LOURD]
    assert said(open_production_to_draw, drawn, EXAMPLE_OPEN) == [
        "fs-setup-opponent-deck: drawn = 2, open_production = [engin-lourd], left = 2"
    ]
    assert open_production_to_draw([], EXAMPLE_OPEN) == OPPONENT_DECK_SIZE
    assert open_production_to_draw(EXAMPLE_DECK, EXAMPLE_OPEN) == 0
    assert open_production_to_draw(EXAMPLE_DECK[:-1], EXAMPLE_OPEN) == 1


@pytest.mark.parametrize(
    ("call", "rule", "expected"),
    [
        (
            lambda: open_production_to_draw([*EXAMPLE_DECK, Card.PUB], EXAMPLE_OPEN),
            "fs-setup-opponent-deck",
            "no card drawn after the third Open Production card, got 'pub'",
        ),
        (
            lambda: open_production_to_draw(
                [Card.ECOLE, Card.ENGIN_LOURD, Card.TOUR_DE_GUET, Card.ECOLE], EXAMPLE_OPEN
            ),
            "fs-setup-opponent-deck",
            "no card drawn after the third Open Production card, got 'ecole'",
        ),
        (
            lambda: open_production_to_draw("ecole", EXAMPLE_OPEN),
            "fs-setup-opponent-deck",
            "the cards drawn, at most 1000 in a list or tuple",
        ),
        (
            lambda: open_production_to_draw([Card.ECOLE], "ecole"),
            "fs-setup-opponent-deck",
            "the Open Production cards",
        ),
        (lambda: your_draw([KEEP, KEEP, KEEP]), "fs-draw-second-and-last", "no choice left"),
        (lambda: your_draw([KEEP, KEEP, KEEP, KEEP], 1), "fs-pub-cooperation", "no choice"),
        (
            lambda: your_cards(_EXAMPLE, [KEEP, KEEP, KEEP, KEEP], 1),
            "fs-pub-cooperation",
            "no choice left once the cards are drawn",
        ),
        (lambda: your_draw(["maybe"]), "fs-draw-first-card", "a choice among keep, discard"),  # type: ignore[list-item]
        (lambda: your_draw("keep"), "fs-draw-first-card", "keep-or-discard choices"),  # type: ignore[arg-type]
        (lambda: your_draw([], -1), "fs-pub-cooperation", "a whole number of 0 or more"),
    ],
)
def test_wrong_input_one_card_at_a_time_is_refused_by_its_rule(
    call: Callable[[], object], rule: str, expected: str
) -> None:
    with pytest.raises(RuleError, match=rf"^{rule}: expected .*{expected}"):
        call()
