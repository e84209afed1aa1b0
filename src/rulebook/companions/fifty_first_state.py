"""51st State solo, at the table: the virtual opponent's deck run by the rule functions, one
card at a time.

The player first says who shuffles the opponent's cards: the companion, with a draw number
it shows (the seed of its shuffles: the same number replays the same game), or the player,
with the real cards. The deck
and the draw pile stay real: the rules need to know of a card drawn only whether it is Open
Production (set-up, the opponent's cards) or whether you keep it (your cards), so that is
what the player enters. The rules text names only a few of the game's cards, so the code
names the others ``any-card``; an Open Production card is ``open-production`` when the
player shuffles (the cards are alike to the code: no shuffle can change them), or a letter
when the companion does (A, B, C…: the player lays the opponent's cards face down in a row,
in that order, and the companion says which one to turn over). A chain of rules shows a list
of cards the code names only by such a word as their count (``_plain``).

Set-up: ``open_production_to_draw`` after each card, then ``opponent_deck``. Each round:
``your_draw`` after each keep-or-discard choice, then ``draw_phase`` once the opponent's
cards are entered (your cards, the opponent's, the card revealed), then the player's Victory
Points and ``game_over``; after the sixth round, ``final_score``. Between rounds, the cards
held with a solo effect (``third_card_redraws``, ``solo_effect``) set the redraws of the card
to keep and the reminders of the Production phase.
"""

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Final

from rulebook.errors import RuleError
from rulebook.games.fifty_first_state import rules
from rulebook.games.fifty_first_state.rounds import (
    YourDraw,
    draw_phase,
    final_score,
    game_over,
    solo_effect,
    third_card_redraws,
    your_draw,
)
from rulebook.games.fifty_first_state.rules import (
    OPPONENT_DECK_SIZE,
    OPPONENT_DRAWS,
    PRODUCTION_DRAWS,
    RESOURCE_TOKENS,
    ROUNDS,
    STARTING_HAND,
    Card,
    Choice,
    Effect,
    Kind,
)
from rulebook.games.fifty_first_state.setup import Solo, open_production_to_draw, opponent_deck
from rulebook.kit.companion import OFFERED, Ask, Field, Said, Say, Tap, tap_value
from rulebook.kit.companion import Choice as Button
from rulebook.kit.explain import Step, explained
from rulebook.kit.terms import Term
from rulebook.kit.validate import member, whole
from rulebook.language import grouped

# A card the rules need to know nothing of (the chain's words say "any card").
OTHER: Final = "any-card"
# An Open Production card when the player shuffles the real cards: they are alike to the code.
OPEN: Final = Kind.OPEN_PRODUCTION.value
# The companion's seeds, as the page draws them.
MOST_SEED: Final = 99999
# Generous bounds for what the player types: the rules set none.
MOST_POINTS: Final = 999
MOST_HELD: Final = 9
# No card anywhere: the game before its set-up.
NO_CARDS: Final = Solo((), (), (), (), ())
# The cards held with a solo effect, as the form asks for them: field, card, way of holding.
HELD: Final = (
    ("pub-cooperation", Card.PUB.value, Kind.COOPERATION),
    ("pub-incorporation", Card.PUB.value, Kind.INCORPORATION),
    ("library", Card.ANCIENNE_BIBLIOTHEQUE.value, Kind.INCORPORATION),
    ("caravan", Card.CARAVANE_DE_PILLARDS.value, Kind.INCORPORATION),
    ("other", OTHER, Kind.INCORPORATION),  # any other card acting in the Lookout phase
)


@dataclass(frozen=True)
class Table:
    """The solo game between two taps: who shuffles (the draw number, or none: the player), the
    stage, the set-up's cards, the game's piles as the code names them, the rounds played,
    this Lookout phase's choices, the cards held with a solo effect and the scores."""

    stage: str = "mode"  # mode, setup, lookout, opponent, round-end, held, over
    seed: int | None = None
    setup: tuple[str, ...] = ()
    game: Solo = NO_CARDS
    rounds: int = 0
    choices: tuple[Choice, ...] = ()
    draw: YourDraw | None = None
    redraws: int = 0
    held: tuple[tuple[str, Kind], ...] = ()
    scores: tuple[int, ...] = ()
    named: int = 0  # the opponent's cards named so far, when the companion shuffles


def _letter(n: int) -> str:
    """The name of the opponent's card ``n`` (from 0) in its row: A, B, C… (at most 21 cards
    ever join it: 3 at set-up, 3 a round for 6 rounds)."""
    return chr(ord("A") + n)


def _steps(steps: Sequence[Step], rule: str) -> tuple[Step, ...]:
    return tuple(s for s in steps if s.rule == rule)


def _plain(step: Step) -> Step:
    """A step as the companion shows it: a list of cards the code names only as "any card"
    or "Open Production" (the player enters no more of a card) shown as their count."""
    values = tuple(
        (name, str(len(value)))
        if isinstance(value, tuple) and value and all(v in (OTHER, OPEN) for v in value)
        else (name, value)
        for name, value in step.values
    )
    return Step(step.rule, step.by, values)


def _listed(say: Say, cards: Sequence[str]) -> str:
    return say("and", first=", ".join(cards[:-1]), last=cards[-1]) if len(cards) > 1 else cards[0]


class FiftyFirstStateCompanion:
    # Plain class attributes, as the Companion protocol declares them.
    TERMS: tuple[Term, ...] = rules.TERMS
    WORDS: Mapping[str, Mapping[str, str]] = {
        "en": {
            "mode": "Shuffling",
            "mode_seeded": "the companion, draw no. {seed}",
            "mode_entered": "you, with the real cards",
            "round": "Round",
            "round_setup": "set-up",
            "round_value": "{n} of {total}",
            "round_over": "game over",
            "setup": "Cards drawn",
            "setup_value": "{n}, {open} of them Open Production",
            "deck": "Opponent's deck",
            "deck_letters": "{cards} face down",
            "deck_count_1": "1 card face down",
            "deck_count_n": "{n} cards face down",
            "deck_empty": "empty",
            "in_play": "Revealed cards",
            "in_play_none": "none",
            "in_play_count_1": "1 card",
            "in_play_count_n": "{n} cards",
            "lookout": "Your Lookout phase",
            "lookout_value": "{drawn}, {kept}",
            "drawn_1": "1 card drawn",
            "drawn_n": "{n} cards drawn",
            "kept_1": "1 kept",
            "kept_n": "{n} kept",
            "discarded_0": "none discarded",
            "discarded_1": "1 discarded",
            "discarded_n": "{n} discarded",
            "held": "Cards with a solo effect",
            "held_card": "{card} in {kind}",
            "held_other": "other card in {kind}",
            "redraws": "Redraws of the third card",
            "points": "Your Victory Points",
            "result": "Your result",
            "points_value_1": "1 Victory Point",
            "points_value_n": "{n} Victory Points",
            "and": "{first} and {last}",
            "ask_mode": "Who shuffles the opponent's cards? The companion, with a draw number "
            "it shows: you lay the cards in a row, and it says which one to turn over. Or you, "
            "with the real cards.",
            "seed": "Draw number (the same number replays the same game)",
            "seed_submit": "The companion shuffles",
            "you_shuffle": "I shuffle the real cards",
            "ask_setup": "Set-up: draw a card from the deck. Is it an Open Production card?",
            "other": "Another card",
            "ask_first": "Round {n}, Lookout phase: draw a card from the draw pile. Do you "
            "keep it?",
            "ask_second": "Draw another card from the draw pile. Do you keep it?",
            "ask_redraw": "Draw the third (last) card: your cards with a solo effect let you "
            "discard it and draw another instead. Do you keep it?",
            "ask_redraw_again": "Draw another card in its place: your cards with a solo effect "
            "let you discard this one too. Do you keep it?",
            "keep": "Keep it",
            "discard": "Discard it",
            "ask_opponent": "Draw {n} cards from the draw pile for the opponent. How many "
            "are Open Production cards?",
            "ask_round_end": "Play the other phases of round {n} as in the base game, then "
            "enter your Victory Points at the end of the round.",
            "points_field": "Victory Points",
            "round_submit": "End of round {n}",
            "held_button": "Cards with a solo effect",
            "ask_held": "Your cards with a solo effect in play: how many of each?",
            "held_other_field": "Other cards in Incorporation acting in the Lookout phase",
            "held_submit": "Done",
            "chose_seed": "The companion shuffles the opponent's cards with draw number "
            "{seed}: enter it again to replay the same game.",
            "chose_you": "You shuffle the opponent's cards and reveal them yourself.",
            "setup_open": "An Open Production card: set it aside face down. Draw {n} more.",
            "setup_open_first": "An Open Production card: lay it face down on the opposite "
            "side of the table; it is the opponent's card {card}, the first of a row. Draw {n} "
            "more.",
            "setup_open_named": "An Open Production card: lay it face down to the right of "
            "card {previous}; it is the opponent's card {card}. Draw {n} more.",
            "setup_other_1": "Another card: set it aside. Draw {n} more Open Production card.",
            "setup_other_n": "Another card: set it aside. Draw {n} more Open Production cards.",
            "setup_stop": "That is the third Open Production card: stop drawing.",
            "setup_row": "Lay it face down to the right of card {previous}: from left to "
            "right, the opponent's row is {cards}. The companion has shuffled these cards and "
            "will say which one to turn over: they are the opponent's deck.",
            "setup_shuffle": "Shuffle these {n} cards and place them face down on the "
            "opposite side of the table: they are the opponent's deck.",
            "setup_pile_0": "Shuffle the rest of the deck to form the draw pile, face down in "
            "the middle of the table.",
            "setup_pile_1": "Shuffle the other card drawn with all the rest of the deck to "
            "form the draw pile, face down in the middle of the table.",
            "setup_pile_n": "Shuffle the {n} other cards drawn with all the rest of the deck "
            "to form the draw pile, face down in the middle of the table.",
            "setup_hand": "Then draw {n} cards: they are your starting hand. The rest of the "
            "set-up is done as in the base game.",
            "kept": "You keep the card: add it to your hand.",
            "discarded": "You discard the card.",
            "forced_1": "Draw another card: you cannot discard it and must add it to your hand.",
            "forced_n": "Draw {n} more cards: you cannot discard them and must add them to "
            "your hand.",
            "lookout_done": "You have received your {n} cards of this Lookout phase.",
            "phase_yours": "Your Lookout phase: {kept}, {discarded}.",
            "fed_none": "No Open Production card: discard the {n} cards.",
            "fed_row_1": "For the opponent: its card {cards}. Place it face down at the right "
            "end of its row.",
            "fed_row_n": "For the opponent: its cards {cards}. Place them face down at the "
            "right end of its row, in this order.",
            "fed_shuffle_1": "Shuffle the Open Production card into the opponent's deck.",
            "fed_shuffle_n": "Shuffle the {n} Open Production cards into the opponent's deck.",
            "discard_rest_1": "Discard the other card.",
            "discard_rest_n": "Discard the {n} others.",
            "reveal_row": "Turn over the opponent's card {card}: it comes into play, so you "
            "may send a Worker to it if you wish to use it.",
            "reveal_top": "Reveal the top card of the opponent's deck: it comes into play, so "
            "you may send a Worker to it if you wish to use it.",
            "reveal_none": "The opponent's deck is empty: reveal nothing.",
            "remind_production": "Reminder: with {card}, draw {n} card during the "
            "Production phase.",
            "remind_token": "Reminder: with {card}, take {n} Resource token of your choice "
            "each time the card would act in the base game.",
            "scored": "End of round {round}: {points}.",
            "over": "The {rounds} rounds are played: the game is over. Your result: "
            "{points}; the virtual opponent scores nothing.",
            "held_saved": "Your cards with a solo effect: {cards}.",
            "held_none": "You hold no card with a solo effect.",
            "redraws_0": "The third (last) card of your Lookout phase must be kept.",
            "redraws_1": "In the Lookout phase, you may discard the third (last) card once and "
            "draw another instead.",
            "redraws_n": "In the Lookout phase, you may discard the third (last) card and draw "
            "another instead, up to {n} times.",
            # Refusals: what to do, as a sentence a player can follow.
            f"expected:the draw number, a whole number from 1 to {MOST_SEED}": "Enter a draw "
            f"number from 1 to {grouped(MOST_SEED, 'en')}.",
            "expected:a choice among keep, discard": "Choose to keep or discard the card.",
            "expected:the Open Production cards drawn, a whole number from 0 to "
            f"{OPPONENT_DRAWS}": "Choose the number of Open Production cards drawn, from 0 to "
            f"{OPPONENT_DRAWS}.",
            f"expected:your Victory Points, a whole number from 0 to {MOST_POINTS}": "Enter "
            f"your Victory Points, from 0 to {MOST_POINTS}.",
            f"expected:the cards held, a whole number from 0 to {MOST_HELD}": "Enter how "
            f"many of each card you hold, from 0 to {MOST_HELD}.",
        },
        "fr": {
            "mode": "Mélange",
            "mode_seeded": "le compagnon, tirage n°\u00a0{seed}",
            "mode_entered": "vous, avec les vraies cartes",
            "round": "Tour",
            "round_setup": "mise en place",
            "round_value": "{n} sur {total}",
            "round_over": "partie terminée",
            "setup": "Cartes piochées",
            "setup_value": "{n}, dont {open} « Production publique »",
            "deck": "Paquet de l'adversaire",
            "deck_letters": "{cards} face cachée",
            "deck_count_1": "{n} carte face cachée",
            "deck_count_n": "{n} cartes face cachée",
            "deck_empty": "vide",
            "in_play": "Cartes révélées",
            "in_play_none": "aucune",
            "in_play_count_1": "{n} carte",
            "in_play_count_n": "{n} cartes",
            "lookout": "Votre phase de pioche",
            "lookout_value": "{drawn}, {kept}",
            "drawn_1": "{n} carte piochée",
            "drawn_n": "{n} cartes piochées",
            "kept_1": "{n} gardée",
            "kept_n": "{n} gardées",
            "discarded_0": "aucune défaussée",
            "discarded_1": "1 défaussée",
            "discarded_n": "{n} défaussées",
            "held": "Cartes à effet solo",
            "held_card": "{card} en {kind}",
            "held_other": "autre carte en {kind}",
            "redraws": "Nouvelles pioches de la troisième carte",
            "points": "Vos points de victoire",
            "result": "Votre résultat",
            "points_value_1": "{n} point de victoire",
            "points_value_n": "{n} points de victoire",
            "and": "{first} et {last}",
            "ask_mode": "Qui mélange les cartes de l'adversaire ? Le compagnon, avec un numéro "
            "de tirage qu'il affiche : vous posez les cartes en rangée, et il dit laquelle "
            "retourner. Ou vous, avec les vraies cartes.",
            "seed": "Numéro de tirage (le même numéro rejoue la même partie)",
            "seed_submit": "Le compagnon mélange",
            "you_shuffle": "Je mélange les vraies cartes",
            "ask_setup": "Mise en place : piochez une carte du paquet. Est-ce une carte "
            "« Production publique » ?",
            "other": "Autre carte",
            "ask_first": "Tour {n}, phase de pioche : piochez une carte de la pile de pioche. "
            "La gardez-vous ?",
            "ask_second": "Piochez une autre carte de la pile de pioche. La gardez-vous ?",
            "ask_redraw": "Piochez la troisième (dernière) carte : vos cartes à effet solo vous "
            "permettent de la défausser et d'en piocher une autre à la place. La gardez-vous ?",
            "ask_redraw_again": "Piochez une autre carte à sa place : vos cartes à effet solo "
            "vous permettent de défausser celle-ci aussi. La gardez-vous ?",
            "keep": "Je la garde",
            "discard": "Je la défausse",
            "ask_opponent": "Piochez {n} cartes de la pile de pioche pour l'adversaire. "
            "Combien sont des cartes « Production publique » ?",
            "ask_round_end": "Jouez les autres phases du tour {n} comme dans le jeu de base, "
            "puis indiquez vos points de victoire à la fin du tour.",
            "points_field": "Points de victoire",
            "round_submit": "Fin du tour {n}",
            "held_button": "Cartes à effet solo",
            "ask_held": "Vos cartes à effet solo en jeu : combien de chacune ?",
            "held_other_field": "Autres cartes en rattachement agissant en phase de pioche",
            "held_submit": "Valider",
            "chose_seed": "Le compagnon mélange les cartes de l'adversaire avec le numéro de "
            "tirage {seed} : saisissez-le de nouveau pour rejouer la même partie.",
            "chose_you": "Vous mélangez vous-même les cartes de l'adversaire et les révélez.",
            "setup_open": "Une carte « Production publique » : mettez-la de côté, face "
            "cachée. Encore {n} à piocher.",
            "setup_open_first": "Une carte « Production publique » : posez-la face cachée du "
            "côté opposé de la table ; c'est la carte {card} de l'adversaire, la première d'une "
            "rangée. Encore {n} à piocher.",
            "setup_open_named": "Une carte « Production publique » : posez-la face cachée à "
            "droite de la carte {previous} ; c'est la carte {card} de l'adversaire. Encore {n} "
            "à piocher.",
            "setup_other_1": "Une autre carte : mettez-la de côté. Encore {n} carte "
            "« Production publique » à piocher.",
            "setup_other_n": "Une autre carte : mettez-la de côté. Encore {n} cartes "
            "« Production publique » à piocher.",
            "setup_stop": "C'est la troisième carte « Production publique » : arrêtez de piocher.",
            "setup_row": "Posez-la face cachée à droite de la carte {previous} : de gauche à "
            "droite, la rangée de l'adversaire est {cards}. Le compagnon a mélangé ces cartes "
            "et dira laquelle retourner : c'est le paquet de l'adversaire.",
            "setup_shuffle": "Mélangez ces {n} cartes et placez-les face cachée du côté "
            "opposé de la table : c'est le paquet de l'adversaire.",
            "setup_pile_0": "Mélangez le reste du paquet pour former la pile de pioche, face "
            "cachée au milieu de la table.",
            "setup_pile_1": "Mélangez l'autre carte piochée avec tout le reste du paquet pour "
            "former la pile de pioche, face cachée au milieu de la table.",
            "setup_pile_n": "Mélangez les {n} autres cartes piochées avec tout le reste du "
            "paquet pour former la pile de pioche, face cachée au milieu de la table.",
            "setup_hand": "Ensuite, piochez {n} cartes : c'est votre main de départ. Le reste "
            "de la mise en place se fait comme dans le jeu de base.",
            "kept": "Vous gardez la carte : ajoutez-la à votre main.",
            "discarded": "Vous défaussez la carte.",
            "forced_1": "Piochez une autre carte : vous ne pouvez pas la défausser et devez "
            "l'ajouter à votre main.",
            "forced_n": "Piochez {n} autres cartes : vous ne pouvez pas les défausser et "
            "devez les ajouter à votre main.",
            "lookout_done": "Vous avez reçu vos {n} cartes de cette phase de pioche.",
            "phase_yours": "Votre phase de pioche : {kept}, {discarded}.",
            "fed_none": "Aucune carte « Production publique » : défaussez les {n} cartes.",
            "fed_row_1": "Pour l'adversaire : sa carte {cards}. Posez-la face cachée au bout "
            "droit de sa rangée.",
            "fed_row_n": "Pour l'adversaire : ses cartes {cards}. Posez-les face cachée au "
            "bout droit de sa rangée, dans cet ordre.",
            "fed_shuffle_1": "Mélangez la carte « Production publique » dans le paquet de "
            "l'adversaire.",
            "fed_shuffle_n": "Mélangez les {n} cartes « Production publique » dans le paquet "
            "de l'adversaire.",
            "discard_rest_1": "Défaussez l'autre carte.",
            "discard_rest_n": "Défaussez les {n} autres.",
            "reveal_row": "Retournez la carte {card} de l'adversaire : elle entre en jeu et "
            "vous pouvez donc y envoyer un Travailleur si vous souhaitez l'utiliser.",
            "reveal_top": "Révélez la carte du dessus du paquet de l'adversaire : elle entre "
            "en jeu et vous pouvez donc y envoyer un Travailleur si vous souhaitez "
            "l'utiliser.",
            "reveal_none": "Le paquet de l'adversaire est vide : ne révélez rien.",
            "remind_production": "Rappel : avec {card}, piochez {n} carte lors de la phase "
            "de production.",
            "remind_token": "Rappel : avec {card}, prenez {n} jeton de Ressource de votre "
            "choix chaque fois que la carte agirait dans le jeu de base.",
            "scored": "Fin du tour {round} : {points}.",
            "over": "Les {rounds} tours sont joués : la partie est terminée. Votre résultat : "
            "{points} ; l'adversaire virtuel ne marque rien.",
            "held_saved": "Vos cartes à effet solo : {cards}.",
            "held_none": "Vous n'avez aucune carte à effet solo.",
            "redraws_0": "La troisième (dernière) carte de votre phase de pioche est à garder.",
            "redraws_1": "À la phase de pioche, vous pouvez défausser 1 fois la troisième "
            "(dernière) carte et en piocher une autre à la place.",
            "redraws_n": "À la phase de pioche, vous pouvez défausser la troisième (dernière) "
            "carte et en piocher une autre à la place, jusqu'à {n} fois.",
            f"expected:the draw number, a whole number from 1 to {MOST_SEED}": "Indiquez un "
            f"numéro de tirage de 1 à {grouped(MOST_SEED, 'fr')}.",
            "expected:a choice among keep, discard": "Choisissez de garder ou de défausser la "
            "carte.",
            "expected:the Open Production cards drawn, a whole number from 0 to "
            f"{OPPONENT_DRAWS}": "Choisissez le nombre de cartes « Production publique » "
            f"piochées, de 0 à {OPPONENT_DRAWS}.",
            f"expected:your Victory Points, a whole number from 0 to {MOST_POINTS}": "Indiquez "
            f"vos points de victoire, de 0 à {MOST_POINTS}.",
            f"expected:the cards held, a whole number from 0 to {MOST_HELD}": "Indiquez "
            f"combien vous avez de chaque carte, de 0 à {MOST_HELD}.",
        },
    }

    def start(self) -> Table:
        return Table()

    def take(self, table: Table, tap: Tap, say: Say) -> tuple[Table, Sequence[Said]]:
        table, said = self._take(table, tap, say)
        return table, [Said(s.text, tuple(map(_plain, s.steps))) for s in said]

    def _take(self, table: Table, tap: Tap, say: Say) -> tuple[Table, Sequence[Said]]:
        if table.stage == "over":
            raise RuleError("fs-goal", "no tap once the game has ended", tap)
        if table.stage == "mode":
            return self._mode(table, tap, say)
        if table.stage == "setup":
            return self._setup(table, tap, say)
        if table.stage == "lookout":
            return self._lookout(table, tap, say)
        if table.stage == "opponent":
            return self._opponent(table, tap, say)
        if table.stage == "held":
            return self._held(table, tap, say)
        if tap == "held":
            return replace(table, stage="held"), []
        return self._round_end(table, tap, say)

    def _rng(self, table: Table) -> random.Random:
        """The shuffles of this round (0: the set-up): the companion's, from its seed; when
        the player shuffles, the opponent's cards are alike to the code and no draw of this
        generator can change them."""
        return random.Random(0 if table.seed is None else f"{table.seed}-{table.rounds}")

    def _mode(self, table: Table, tap: Tap, say: Say) -> tuple[Table, Sequence[Said]]:
        if tap == "entered":
            return replace(table, stage="setup"), [Said(say("chose_you"))]
        rule = "fs-setup-opponent-deck"
        seed = whole(rule, tap_value(rule, tap, "seed"), "the draw number", 1, MOST_SEED)
        return replace(table, stage="setup", seed=seed), [Said(say("chose_seed", seed=seed))]

    def _setup(self, table: Table, tap: Tap, say: Say) -> tuple[Table, Sequence[Said]]:
        rule = "fs-setup-opponent-deck"
        kind = tap_value(rule, tap, "card")
        if kind not in (OPEN, "other"):
            raise RuleError(rule, OFFERED, tap)
        named = table.named
        card = OTHER
        if kind == OPEN:
            card = OPEN if table.seed is None else _letter(named)
            named += 1
        drawn = (*table.setup, card)
        opens = {c for c in drawn if c != OTHER}
        left, steps = explained(open_production_to_draw, drawn, opens)
        table = replace(table, setup=drawn, named=named)
        if left:
            if card == OTHER:
                return table, [Said(say.counted("setup_other", left), steps)]
            key = "setup_open" if table.seed is None else "setup_open_named"
            key = "setup_open_first" if key == "setup_open_named" and named == 1 else key
            previous = _letter(named - 2) if named > 1 else ""  # the card it lies next to
            return table, [Said(say(key, n=left, card=card, previous=previous), steps)]
        made, more = explained(opponent_deck, drawn, opens, self._rng(table))
        game = Solo((), (OTHER,) * STARTING_HAND, (), made.opponent_deck, ())
        others = len(made.drawn) - len(made.taken)
        if table.seed is None:
            deck = say("setup_shuffle", n=OPPONENT_DECK_SIZE)
        else:
            deck = say("setup_row", cards=_listed(say, made.taken), previous=_letter(named - 2))
        said = [
            Said(say("setup_stop"), steps),
            Said(deck, more),
            Said(say.counted("setup_pile", others)),
            Said(say("setup_hand", n=STARTING_HAND)),
        ]
        return self._next_round(replace(table, game=game)), said

    def _next_round(self, table: Table) -> Table:
        return replace(table, stage="lookout", choices=(), draw=your_draw((), table.redraws))

    def _lookout(self, table: Table, tap: Tap, say: Say) -> tuple[Table, Sequence[Said]]:
        before = table.draw
        assert before is not None and before.may_discard_by is not None
        choice = member(before.may_discard_by, Choice, tap)
        choices = (*table.choices, choice)
        after, steps = explained(your_draw, choices, table.redraws)
        texts = [say("kept" if choice is Choice.KEEP else "discarded")]
        forced = after.drawn - before.drawn - (after.may_discard_by is not None)
        if forced:
            texts.append(say.counted("forced", forced))
        stage = "lookout"
        if after.may_discard_by is None:
            texts.append(say("lookout_done", n=after.kept))
            stage = "opponent"
        said = [Said(" ".join(texts), steps)]
        return replace(table, stage=stage, choices=choices, draw=after), said

    def _opponent(self, table: Table, tap: Tap, say: Say) -> tuple[Table, Sequence[Said]]:
        rule = "fs-draw-opponent-cards"
        count = tap_value(rule, tap, "open")
        fed = whole(rule, count, "the Open Production cards drawn", 0, OPPONENT_DRAWS)
        assert table.draw is not None
        if table.seed is None:
            new = (OPEN,) * fed
        else:
            new = tuple(_letter(table.named + n) for n in range(fed))
        drawn = (*new, *(OTHER,) * (OPPONENT_DRAWS - fed))
        game = replace(table.game, draw_pile=(*(OTHER,) * table.draw.drawn, *drawn))
        opens = {c for c in (*drawn, *game.opponent_deck, *game.opponent_in_play) if c != OTHER}
        phase, steps = explained(
            draw_phase, game, table.choices, opens, self._rng(table), table.redraws
        )
        kept = say.counted("kept", len(phase.yours.kept))
        yours = say(
            "phase_yours", kept=kept, discarded=say.counted("discarded", len(phase.yours.discarded))
        )
        said = [
            Said(yours, _steps(steps, "fs-draw-second-and-last")),
            Said(self._fed(table, drawn, phase.opponent.discarded, say),
                 _steps(steps, "fs-draw-opponent-cards")),
            Said(self._revealed(table, phase.revealed, say), _steps(steps, "fs-draw-reveal")),
            *self._reminders(table, say),
        ]  # fmt: skip
        table = replace(table, stage="round-end", game=phase.game, named=table.named + fed)
        return table, said

    def _fed(self, table: Table, drawn: Sequence[str], discarded: Sequence[str], say: Say) -> str:
        if len(discarded) == len(drawn):
            return say("fed_none", n=len(drawn))
        fed = [card for card in drawn if card not in discarded]
        if table.seed is None:
            text = say.counted("fed_shuffle", len(fed))
        else:
            text = say.counted("fed_row", len(fed), cards=_listed(say, fed))
        if discarded:
            text += " " + say.counted("discard_rest", len(discarded))
        return text

    def _revealed(self, table: Table, card: str | None, say: Say) -> str:
        if card is None:
            return say("reveal_none")
        return say("reveal_top") if table.seed is None else say("reveal_row", card=card)

    def _reminders(self, table: Table, say: Say) -> list[Said]:
        """The solo effects of the cards held that act outside the Lookout phase."""
        said = []
        for card, held_as in table.held:
            effect, steps = explained(solo_effect, card, held_as, card == OTHER)
            shown = self._held_card(card, held_as, say)
            if effect is Effect.DRAW_IN_PRODUCTION:
                said.append(Said(say("remind_production", card=shown, n=PRODUCTION_DRAWS), steps))
            elif effect is Effect.TAKE_RESOURCE_TOKEN:
                said.append(Said(say("remind_token", card=shown, n=RESOURCE_TOKENS), steps))
        return said

    def _held_card(self, card: str, held_as: Kind, say: Say) -> str:
        if card == OTHER:
            return say("held_other", kind=say.term(held_as))
        return say("held_card", card=say.term(card), kind=say.term(held_as))

    def _round_end(self, table: Table, tap: Tap, say: Say) -> tuple[Table, Sequence[Said]]:
        rule = "fs-goal"
        points = whole(rule, tap_value(rule, tap, "points"), "your Victory Points", 0, MOST_POINTS)
        played = table.rounds + 1
        over, steps = explained(game_over, played)
        scores = (*table.scores, points)
        shown = say.counted("points_value", points)
        said = [Said(say("scored", round=played, points=shown), steps)]
        table = replace(table, rounds=played, scores=scores)
        if not over:
            return self._next_round(table), said
        result = say.counted("points_value", final_score(scores))
        said.append(Said(say("over", rounds=played, points=result)))
        return replace(table, stage="over", draw=None), said

    def _held(self, table: Table, tap: Tap, say: Say) -> tuple[Table, Sequence[Said]]:
        rule = "fs-draw-phase-cards"
        if not isinstance(tap, dict):
            raise RuleError(rule, OFFERED, tap)
        held: list[tuple[str, Kind]] = []
        for name, card, held_as in HELD:
            count = whole(rule, tap_value(rule, tap, name), "the cards held", 0, MOST_HELD)
            held += [(card, held_as)] * count
        redraws, steps = explained(third_card_redraws, held, (OTHER,))
        shown = [self._held_card(card, held_as, say) for card, held_as in held]
        text = say("held_saved", cards=", ".join(shown)) if held else say("held_none")
        text += " " + say.counted("redraws", redraws)
        table = replace(table, stage="round-end", held=tuple(held), redraws=redraws)
        return table, [Said(text, steps)]

    def ask(self, table: Table, say: Say) -> Ask | None:
        if table.stage == "over":
            return None
        if table.stage == "mode":
            seed = Field("seed", say("seed"), 1, MOST_SEED, drawn=True)
            return Ask(
                say("ask_mode"),
                (Button(say("you_shuffle"), "entered"),),
                (seed,),
                say("seed_submit"),
            )
        if table.stage == "setup":
            return Ask(
                say("ask_setup"),
                (
                    Button(say.term(Kind.OPEN_PRODUCTION), {"card": OPEN}, "main"),
                    Button(say("other"), {"card": "other"}),
                ),
            )
        if table.stage == "lookout":
            return self._ask_lookout(table, say)
        if table.stage == "opponent":
            counts = tuple(Button(str(n), {"open": n}) for n in range(OPPONENT_DRAWS + 1))
            return Ask(say("ask_opponent", n=OPPONENT_DRAWS), counts)
        if table.stage == "held":
            return self._ask_held(table, say)
        n = table.rounds + 1
        last = table.scores[-1] if table.scores else 0
        points = Field("points", say("points_field"), 0, MOST_POINTS, last)
        return Ask(
            say("ask_round_end", n=n),
            (Button(say("held_button"), "held"),),
            (points,),
            say("round_submit", n=n),
        )

    def _ask_lookout(self, table: Table, say: Say) -> Ask:
        assert table.draw is not None
        by = table.draw.may_discard_by
        if by == "fs-draw-first-card":
            question = say("ask_first", n=table.rounds + 1)
        elif by == "fs-pub-cooperation":
            # the card drawn in place of the third one, discarded with a redraw
            before = your_draw(table.choices[:-1], table.redraws) if table.choices else None
            again = before is not None and before.may_discard_by == by
            question = say("ask_redraw_again" if again else "ask_redraw")
        else:
            question = say("ask_second")
        keep = Button(say("keep"), Choice.KEEP.value, "main")
        return Ask(question, (keep, Button(say("discard"), Choice.DISCARD.value)))

    def _ask_held(self, table: Table, say: Say) -> Ask:
        fields = []
        for name, card, held_as in HELD:
            label = (
                say("held_other_field") if card == OTHER else self._held_card(card, held_as, say)
            )
            count = table.held.count((card, held_as))
            fields.append(Field(name, label, 0, MOST_HELD, count))
        return Ask(say("ask_held"), fields=tuple(fields), submit=say("held_submit"))

    def status(self, table: Table, say: Say) -> Sequence[tuple[str, str]]:
        if table.stage == "mode":
            return []
        seeded = table.seed is not None
        mode = say("mode_seeded", seed=table.seed) if seeded else say("mode_entered")
        lines = [(say("mode"), mode)]
        if table.stage == "setup":
            opens = sum(card != OTHER for card in table.setup)
            value = say("setup_value", n=len(table.setup), open=opens)
            return [*lines, (say("round"), say("round_setup")), (say("setup"), value)]
        if table.stage == "over":
            lines.append((say("round"), say("round_over")))
        else:
            lines.append((say("round"), say("round_value", n=table.rounds + 1, total=ROUNDS)))
        deck, in_play = table.game.opponent_deck, table.game.opponent_in_play
        if not deck:
            shown = say("deck_empty")
        elif seeded:
            shown = say("deck_letters", cards=", ".join(sorted(deck)))
        else:
            shown = say.counted("deck_count", len(deck))
        lines.append((say("deck"), shown))
        if not in_play:
            revealed = say("in_play_none")
        else:
            revealed = ", ".join(in_play) if seeded else say.counted("in_play_count", len(in_play))
        lines.append((say("in_play"), revealed))
        if table.stage == "lookout" and table.draw is not None:
            # the rules count the card the question is about as drawn: the player has not
            # drawn it yet
            drawn = say.counted("drawn", table.draw.drawn - 1)
            kept = say.counted("kept", table.draw.kept)
            value = say("lookout_value", drawn=drawn, kept=kept)
            lines.append((say("lookout"), value))
        if table.held:
            shown = ", ".join(self._held_card(card, kind, say) for card, kind in table.held)
            lines.append((say("held"), shown))
        if table.redraws:
            lines.append((say("redraws"), str(table.redraws)))
        if table.stage == "over":
            lines.append((say("result"), say.counted("points_value", final_score(table.scores))))
        elif table.scores:
            lines.append((say("points"), str(table.scores[-1])))
        return lines


COMPANION: Final = FiftyFirstStateCompanion()
