"""Stone Age solo, at the table: the level, the fatigue limit, the food due each round and
why, the civilization cards bought, and the end of the game, each said by the rule functions.

The level is chosen once (``setup``); then, round after round, the player taps the card on
the 4-resource slot, each civilization card bought (``buy_card``: its bonus, and at most one
card per buyable slot), then what the player board shows for phase 3, each number prefilled
from the round before. ``feed`` says the food due with its chain of rules; when food runs
short, the player says how many resources they hand in, and ``feed`` lowers the fatigue
limit. At the end of the round, ``game_outcome`` says, from the cards left in the pile,
whether the tribes have survived. The companion keeps the fatigue limit; the player keeps
the food, the figures and the pile.
"""

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from rulebook.errors import RuleError
from rulebook.games.stone_age import rules
from rulebook.games.stone_age.feeding import (
    Feeding,
    buy_card,
    extra_food,
    feed,
    game_outcome,
)
from rulebook.games.stone_age.rules import (
    AGRICULTURE_TOP,
    BUILDER_FOOD_PER_BUILDING,
    FATIGUE_PER_MISSING_BUILDING,
    LOSING_FATIGUE_LIMIT,
    SHAMAN_FOOD_PER_FIGURE,
    Card,
    Colour,
    Level,
    Outcome,
)
from rulebook.games.stone_age.turn import Tribe, setup
from rulebook.kit.companion import (
    OFFERED,
    Ask,
    Choice,
    Field,
    Said,
    Say,
    Tap,
    expected_words,
    tap_value,
)
from rulebook.kit.explain import Step, explained, quiet
from rulebook.kit.validate import member
from rulebook.language import Lang

# The steps of phase 3 that say the food due, and those that say how it is paid.
# The level's rule is cited where it changes a figure (2 food per figure, 2 tiles to discard).
_DUE: Final = ("sa-feeding-income", "sa-level-3", "sa-feeding-figures", "sa-feeding-card")
_PAID: Final = ("sa-feeding-resources",)
_TILES: Final = ("sa-level-2", "sa-feeding-buildings")
# What the number fields let a player enter where the rules set no bound: far more food,
# building tiles and tools than a game holds. The food a form can leave missing is below
# _MOST_SHORT (at most 163: 32 figures at 2 food each, and 99 tiles or tools for the card),
# and the refusal of each number of resources beyond it has its words.
_MOST_FOOD: Final = 999
_MOST_TILES: Final = 99
_MOST_SHORT: Final = 300


@dataclass(frozen=True)
class Game:
    """The solo table: the level, the round and its stage, the fatigue limit, the card on
    the 4-resource slot, the cards bought, and the tribe as last entered or fed (to prefill
    the next round's form). While resources are asked, the tribe being fed waits in
    ``feeding``."""

    level: Level | None = None
    stage: str = ""  # "card", "actions", "feeding", "resources", "pile", "over"
    round: int = 0
    fatigue_limit: int = 0
    slots: tuple[int, ...] = ()  # the card slots filled each round at this level
    card: Card | None = None
    bought: tuple[Card, ...] = ()
    bought_this_round: int = 0
    left_to_buy: int | None = None  # None until a card is bought this round
    food_bonus: int = 0  # food the cards bought this round gave
    tribe: Tribe | None = None
    feeding: Tribe | None = None
    short: int = 0
    outcome: Outcome = Outcome.PLAYING


def _tap(rule: str, tap: Tap, key: str) -> Tap:
    """``tap_value``, refused in words that name what the key asks for (``WORDS``)."""
    return tap_value(rule, tap, key, f"a tap naming {key}")


def _given(value: Tap) -> Any:
    """What the player entered, handed as it is to the rule function, which checks it."""
    return value


def _cap(text: str) -> str:
    """A term on its own (a button, a status line, a sentence's start): a capital first,
    and the typographic apostrophe ``say`` gives a sentence."""
    return text[:1].upper() + text[1:].replace("'", "\u2019")


def _steps(steps: Sequence[Step], rule_ids: tuple[str, ...]) -> tuple[Step, ...]:
    return tuple(s for s in steps if s.rule in rule_ids)


def _resources_refusals(lang: Lang) -> dict[str, str]:
    """``feed`` refuses more resources than the food missing, naming that number: one
    wording for each number a form can lead to."""
    said = "resources handed in for missing food, a whole number from 0 to {n}"
    words = {
        "en": "Enter the resources you hand in, from 0 to {n}, 1 per food missing.",
        "fr": "Indiquez les ressources que vous donnez, de 0 à {n}, 1 par nourriture manquante.",
    }
    return {f"expected:{said.format(n=n)}": words[lang].format(n=n) for n in range(_MOST_SHORT)}


# The refusals of the rules a player can reach: the code's words, then the page's (in
# REFUSAL_LANGUAGES' order), each what to do, as a sentence a player can follow.
_REFUSALS: Final = {
    "a level among basic, cold night, big tribe, eternal winter": (
        "Choose a level among basic, cold night, big tribe, eternal winter.",
        "Choisissez un niveau parmi basique, nuit fraîche, grande tribu, hiver éternel.",
    ),
    "a card among green, shaman, builder, farmer, toolmaker": (
        "Choose a card among green background, Shaman, Hut builder, Farmer, Tool maker.",
        "Choisissez une carte parmi fond vert, Chamane, Constructeur, Paysan, Fabricant d’outils.",
    ),
    "cards bought this round, at most 2": (
        "Buy no more than 2 cards this round.",
        "Achetez au plus 2 cartes à ce tour.",
    ),
    "cards bought this round, at most 1": (
        "Buy no more than 1 card this round.",
        "Achetez au plus 1 carte à ce tour.",
    ),
    "figures of a colour, a whole number from 1 to 7": (
        "Enter from 1 to 7 figures of each colour.",
        "Indiquez de 1 à 7 figurines de chaque couleur.",
    ),
    "figures of a colour, a whole number from 1 to 8": (
        "Enter from 1 to 8 figures of each colour.",
        "Indiquez de 1 à 8 figurines de chaque couleur.",
    ),
    "food, a whole number of 0 or more": (
        "Enter your food, 0 or more.",
        "Indiquez votre nourriture, 0 ou plus.",
    ),
    "an agriculture position, a whole number from 0 to 10": (
        "Enter your space on the agriculture track, from 0 to 10.",
        "Indiquez votre case sur la piste d’agriculture, de 0 à 10.",
    ),
    "building tiles, a whole number of 0 or more": (
        "Enter your number of building tiles, 0 or more.",
        "Indiquez votre nombre de tuiles bâtiment, 0 ou plus.",
    ),
    "the total value of the tools, a whole number of 0 or more": (
        "Enter the total of your tool tiles, 0 or more.",
        "Indiquez le total de vos tuiles outil, 0 ou plus.",
    ),
    "civilization cards left to reveal, a whole number of 0 or more": (
        "Choose the number of civilization cards left in the pile.",
        "Choisissez le nombre de cartes civilisation qui restent dans la pile.",
    ),
}


def _refusals(lang: Lang) -> dict[str, str]:
    """The refusals a player can reach, keyed as ``Say.refusal`` looks them up."""
    return expected_words(_REFUSALS, lang) | _resources_refusals(lang)


class StoneAgeCompanion:
    TERMS: Final = rules.TERMS
    WORDS: Final = {
        "en": {
            "level": "Level",
            "round": "Round",
            "fatigue": "Fatigue limit",
            "feeding_card": "4-resource slot",
            "bought": "Cards bought",
            "bought_value": "{total} in all, {now} this round",
            "result": "Result",
            "result_won": "you survived",
            "result_lost": "you lost",
            "to_choose": "to choose",
            "ask_level": "Choose your level.",
            "level_choice": "Level {n}: {level}",
            "chosen": "{Level} level: take {food}, put the fatigue limit on space {limit} of "
            "the scoring track and {figures} of each colour on your player board. "
            "Civilization cards go on {slots}.",
            "each_round": "At the end of each round: {per} per figure, and {tiles} to discard.",
            "ends": "You lose as soon as your fatigue limit reaches {lost} or less; you win "
            "when, at the end of a round, the pile cannot fill the {n} slots.",
            "ask_card": "Which civilization card is on the 4-resource slot?",
            "card_known": "On the 4-resource slot: {card}. It asks for {extra} at the end of "
            "the round.",
            "card_later": "On the 4-resource slot: {card}. It asks for {what}, counted when "
            "you feed your tribe at the end of the round.",
            "later_shaman": "{per_figure} per figure of your colour with the most figures on "
            "your player board",
            "later_builder": "{per_building} per building tile on your player board",
            "later_farmer": "as much extra food as your position on the agriculture track",
            "later_toolmaker": "as much extra food as the total of your tool tiles",
            "ask_actions": "Round {n}: place your figures, then take actions. Choose each "
            "civilization card you buy.",
            "ask_actions_done": "Round {n}: you may buy no more cards this round. Feed your "
            "tribe once the actions are done.",
            "feed": "Feed the tribe",
            "green_bought": "{card}: take {food} from the supply.",
            "sand_bought": "{card}: fatigue limit {before} → {after}.",
            "last_card": "That is the last card you may buy this round.",
            "ask_feeding": "Round {n}, phase 3: feed your tribe. Enter what your player "
            "board shows.",
            "figures_red": "Red figures",
            "figures_blue": "Blue figures",
            "figures_green": "Green figures",
            "figures_yellow": "Yellow figures",
            "food": "Food",
            "agriculture": "Agriculture track",
            "buildings": "Building tiles",
            "tools": "Tool tile total",
            "due": "Food due: {due}, that is {figures_food} for your {figures} and {extra} "
            "for the card on the 4-resource slot. With {income} from the agriculture track, "
            "you have {food}.",
            "paid_all": "You pay {due}: {left} left.",
            "short": "Your food is not enough: you pay {paid}, {short} still missing.",
            "short_none": "You have no food to pay with: {short} missing.",
            "ask_resources": "{short} missing. How many resources do you hand in?",
            "resources": "Resources",
            "pay": "Pay",
            "handed_missing": "You hand in {resources}: {missing} still missing.",
            "handed_enough": "You hand in {resources}: no food is missing.",
            "discard": "Return {tiles} of your choice from your player board to the box: "
            "{left} left.",
            "no_tile": "You cannot discard {tiles}: your fatigue limit goes down by {cost}.",
            "fatigue_now": "Fatigue limit: {before} → {after}.",
            "lost": "Your fatigue limit is at {limit}: you lose the game, in round {n}, with "
            "{cards}.",
            "ask_pile": "End of round {n}: how many civilization cards are left in the pile?",
            "pile_or_more": "{n} or more",
            "reveal": "Discard the civilization cards left on the game board, then reveal "
            "cards on {slots}.",
            "won": "The pile cannot fill the {n} slots: you win the game! Your tribes "
            "survived for {rounds}, with {cards}.",
            "slot": "{n}-resource",
            "slots": "the {slots} slots",
            "and": "and",
            "food_1": "{n} food",
            "food_n": "{n} food",
            "extra_1": "{n} extra food",
            "extra_n": "{n} extra food",
            "figures_1": "{n} figure",
            "figures_n": "{n} figures",
            "tiles_1": "{n} building tile",
            "tiles_n": "{n} building tiles",
            "resources_1": "{n} resource",
            "resources_n": "{n} resources",
            "cards_1": "{n} civilization card bought",
            "cards_n": "{n} civilization cards bought",
            "rounds_1": "{n} round",
            "rounds_n": "{n} rounds",
            "expected:a tap naming level": "Choose one of the levels offered.",
            "expected:a tap naming card": "Choose one of the cards offered.",
            "expected:a tap naming pile": "Choose the number of civilization cards left in the "
            "pile.",
            "expected:a tap naming resources": "Enter the resources you hand in.",
            "expected:what your player board shows": "Enter what your player board shows.",
            **_refusals("en"),
        },
        "fr": {
            "level": "Niveau",
            "round": "Tour",
            "fatigue": "Limite de fatigue",
            "feeding_card": "Emplacement à 4 ressources",
            "bought": "Cartes achetées",
            "bought_value": "{total} en tout, dont {now} à ce tour",
            "result": "Résultat",
            "result_won": "vous avez survécu",
            "result_lost": "vous avez perdu",
            "to_choose": "à choisir",
            "ask_level": "Choisissez votre niveau.",
            "level_choice": "Niveau {n} : {level}",
            "chosen": "Niveau {level} : prenez {food}, placez la limite de fatigue sur la "
            "case {limit} de la piste de score et {figures} de chaque couleur sur votre "
            "plateau joueur. Les cartes civilisation vont sur {slots}.",
            "each_round": "À la fin de chaque tour : {per} par figurine, et {tiles} à défausser.",
            "ends": "Vous perdez dès que votre limite de fatigue atteint {lost} ou moins ; "
            "vous gagnez quand, à la fin d'un tour, la pile ne peut plus remplir les {n} "
            "emplacements.",
            "ask_card": "Quelle carte civilisation est sur l'emplacement à 4 ressources ?",
            "card_known": "Sur l'emplacement à 4 ressources : {card}. Cette carte demande "
            "{extra} à la fin du tour.",
            "card_later": "Sur l'emplacement à 4 ressources : {card}. Cette carte demande "
            "{what} ; le compte se fait quand vous nourrissez votre tribu, à la fin du tour.",
            "later_shaman": "{per_figure} par figurine de votre couleur la plus nombreuse sur "
            "votre plateau joueur",
            "later_builder": "{per_building} par tuile bâtiment de votre plateau joueur",
            "later_farmer": "autant de nourritures supplémentaires que votre position sur la "
            "piste d'agriculture",
            "later_toolmaker": "autant de nourritures supplémentaires que le total de vos "
            "tuiles outil",
            "ask_actions": "Tour {n} : placez vos figurines, puis réalisez vos actions. "
            "Choisissez chaque carte civilisation que vous achetez.",
            "ask_actions_done": "Tour {n} : vous ne pouvez plus acheter de carte à ce tour. "
            "Nourrissez votre tribu une fois les actions réalisées.",
            "feed": "Nourrir la tribu",
            "green_bought": "{card} : prenez {food} de la réserve.",
            "sand_bought": "{card} : limite de fatigue {before} → {after}.",
            "last_card": "C'est la dernière carte que vous pouvez acheter à ce tour.",
            "ask_feeding": "Tour {n}, phase 3 : nourrissez votre tribu. Indiquez ce que "
            "montre votre plateau joueur.",
            "figures_red": "Figurines rouges",
            "figures_blue": "Figurines bleues",
            "figures_green": "Figurines vertes",
            "figures_yellow": "Figurines jaunes",
            "food": "Nourriture",
            "agriculture": "Piste d'agriculture",
            "buildings": "Tuiles bâtiment",
            "tools": "Total des tuiles outil",
            "due": "Nourriture due : {due}, soit {figures_food} pour vos {figures} et "
            "{extra} pour la carte de l'emplacement à 4 ressources. Avec {income} de la piste "
            "d'agriculture, vous avez {food}.",
            "paid_all": "Vous payez {due} : il vous en reste {left}.",
            "short": "Votre nourriture ne suffit pas : vous payez {paid}, il manque encore "
            "{short}.",
            "short_none": "Vous n'avez pas de nourriture pour payer : il manque {short}.",
            "ask_resources": "Il manque {short}. Combien de ressources donnez-vous ?",
            "resources": "Ressources",
            "pay": "Payer",
            "handed_missing": "Vous donnez {resources} : il en manque encore {missing}.",
            "handed_enough": "Vous donnez {resources} : il ne manque plus de nourriture.",
            "discard": "Remettez dans la boîte {tiles} de votre plateau joueur, à votre "
            "choix : il en reste {left}.",
            "no_tile": "Vous ne pouvez pas défausser {tiles} : votre limite de fatigue baisse "
            "de {cost}.",
            "fatigue_now": "Limite de fatigue : {before} → {after}.",
            "lost": "Votre limite de fatigue est à {limit} : vous perdez la partie, au tour "
            "{n}, avec {cards}.",
            "ask_pile": "Fin du tour {n} : combien de cartes civilisation reste-t-il dans "
            "la pile ?",
            "pile_or_more": "{n} ou plus",
            "reveal": "Défaussez les cartes civilisation restées sur le plateau de jeu, puis "
            "révélez des cartes sur {slots}.",
            "won": "La pile ne peut plus remplir les {n} emplacements : vous gagnez la "
            "partie ! Vos tribus ont survécu pendant {rounds}, avec {cards}.",
            "slot": "{n}",
            "slots": "les emplacements à {slots} ressources",
            "and": "et",
            "food_1": "{n} nourriture",
            "food_n": "{n} nourritures",
            "extra_1": "{n} nourriture supplémentaire",
            "extra_n": "{n} nourritures supplémentaires",
            "figures_1": "{n} figurine",
            "figures_n": "{n} figurines",
            "tiles_1": "{n} tuile bâtiment",
            "tiles_n": "{n} tuiles bâtiment",
            "resources_1": "{n} ressource",
            "resources_n": "{n} ressources",
            "cards_1": "{n} carte civilisation achetée",
            "cards_n": "{n} cartes civilisation achetées",
            "rounds_1": "{n} tour",
            "rounds_n": "{n} tours",
            "expected:a tap naming level": "Choisissez l’un des niveaux proposés.",
            "expected:a tap naming card": "Choisissez l’une des cartes proposées.",
            "expected:a tap naming pile": "Choisissez le nombre de cartes civilisation qui "
            "restent dans la pile.",
            "expected:a tap naming resources": "Indiquez les ressources que vous donnez.",
            "expected:what your player board shows": (
                "Indiquez ce que montre votre plateau joueur."
            ),
            **_refusals("fr"),
        },
    }

    def start(self) -> Game:
        return Game()

    def take(self, game: Game, tap: Tap, say: Say) -> tuple[Game, Sequence[Said]]:
        if game.stage == "over":
            raise RuleError("sa-end", "no tap once the game has ended", tap)
        if game.level is None:
            return self._level(tap, say)
        if game.stage == "card":
            card = member("sa-feeding-card", Card, _tap("sa-feeding-card", tap, "card"))
            assert game.tribe is not None
            tribe = replace(game.tribe, fatigue_limit=game.fatigue_limit)
            return replace(game, card=card, stage="actions"), [_card_said(card, tribe, say)]
        if game.stage == "actions":
            if tap == "feed":
                return replace(game, stage="feeding"), []
            if isinstance(tap, dict) and "bought" in tap:
                return self._buy(game, tap["bought"], say)
            raise RuleError("sa-civilisation-cards", OFFERED, tap)
        if game.stage == "feeding":
            return self._feed(game, tap, say)
        if game.stage == "resources":
            resources = _tap("sa-feeding-resources", tap, "resources")
            assert game.feeding is not None and game.level is not None and game.card
            done, steps = explained(feed, game.level, game.feeding, game.card, _given(resources))
            return self._fed(game, done, steps, say, [])
        return self._end_of_round(game, _tap("sa-end", tap, "pile"), say)

    def _level(self, tap: Tap, say: Say) -> tuple[Game, Sequence[Said]]:
        level = member("sa-levels", Level, _tap("sa-levels", tap, "level"))
        start, steps = explained(setup, level)
        game = Game(
            level=level, stage="card", round=1, fatigue_limit=start.fatigue_limit,
            slots=start.card_slots, tribe=start.tribe(),
        )  # fmt: skip
        chosen = say(
            "chosen", level=say.term(level), Level=_cap(say.term(level)),
            food=say.counted("food", start.food),
            limit=start.fatigue_limit, figures=say.counted("figures", start.figures_per_colour),
            slots=_slots(say, start.card_slots),
        )  # fmt: skip
        each_round = say(
            "each_round", per=say.counted("food", start.food_per_figure),
            tiles=say.counted("tiles", start.buildings_discarded),
        )  # fmt: skip
        ends = say("ends", lost=LOSING_FATIGUE_LIMIT, n=len(start.card_slots))
        return game, [Said(chosen, steps), Said(each_round), Said(ends)]

    def _buy(self, game: Game, card: Tap, say: Say) -> tuple[Game, Sequence[Said]]:
        assert game.level is not None
        bought, steps = explained(
            buy_card, game.level, _given(card), game.bought_this_round, game.fatigue_limit
        )
        card = member("sa-civilisation-cards", Card, card)
        said = []
        if bought.food:
            said.append(
                say(
                    "green_bought", card=_cap(say.term(card)), food=say.counted("food", bought.food)
                )
            )
        if bought.fatigue_limit != game.fatigue_limit:
            said.append(
                say("sand_bought", card=_cap(say.term(card)), before=game.fatigue_limit,
                    after=bought.fatigue_limit)
            )  # fmt: skip
        if not bought.left:
            said.append(say("last_card"))
        game = replace(
            game, fatigue_limit=bought.fatigue_limit, bought=(*game.bought, card),
            bought_this_round=game.bought_this_round + 1, left_to_buy=bought.left,
            food_bonus=game.food_bonus + bought.food,
        )  # fmt: skip
        return game, [Said(" ".join(said), steps)]

    def _feed(self, game: Game, tap: Tap, say: Say) -> tuple[Game, Sequence[Said]]:
        if not isinstance(tap, dict):
            raise RuleError("sa-feeding-income", "what your player board shows", tap)
        assert game.level is not None and game.card is not None
        figures = {colour: _given(tap.get(colour.value)) for colour in Colour}
        tribe = Tribe(
            figures, _given(tap.get("food")), game.fatigue_limit,
            _given(tap.get("agriculture")), _given(tap.get("buildings")),
            _given(tap.get("tools")),
        )  # fmt: skip
        done, steps = explained(feed, game.level, tribe, game.card)
        food = done.food_paid + done.tribe.food
        due = say(
            "due", due=done.due, figures_food=done.figures_food,
            figures=say.counted("figures", sum(done.tribe.figures.values())),
            extra=done.extra_food, income=done.income,
            food=say.counted("food", food),
        )  # fmt: skip
        said = [Said(due, _steps(steps, _DUE))]
        if done.missing:
            # How it is paid is said once the player has chosen the resources they hand in.
            short = say.counted("food", done.missing)
            if done.food_paid:
                text = say("short", paid=say.counted("food", done.food_paid), short=short)
            else:
                text = say("short_none", short=short)
            said.append(Said(text))
            return replace(game, stage="resources", feeding=tribe, short=done.missing), said
        return self._fed(game, done, steps, say, said)

    def _fed(
        self, game: Game, done: Feeding, steps: Sequence[Step], say: Say, said: list[Said]
    ) -> tuple[Game, Sequence[Said]]:
        if game.stage == "resources":
            resources = say.counted("resources", done.resources_paid)
            if done.missing:
                text = say("handed_missing", resources=resources, missing=done.missing)
            else:
                text = say("handed_enough", resources=resources)
            said.append(Said(text, _steps(steps, _PAID)))
        else:
            due = say.counted("food", done.due)
            paid = say("paid_all", due=due, left=done.tribe.food)
            said.append(Said(paid, _steps(steps, _PAID)))
        tiles = []
        if done.discarded:
            tiles.append(
                say(
                    "discard", tiles=say.counted("tiles", done.discarded), left=done.tribe.buildings
                )
            )
        if done.tiles_missing:
            cost = done.tiles_missing * FATIGUE_PER_MISSING_BUILDING
            tiles.append(say("no_tile", tiles=say.counted("tiles", done.tiles_missing), cost=cost))
        if tiles:
            said.append(Said(" ".join(tiles), _steps(steps, _TILES)))
        after = done.tribe.fatigue_limit
        if after != game.fatigue_limit:
            said.append(
                Said(say("fatigue_now", before=_signed(game.fatigue_limit), after=_signed(after)))
            )
        game = replace(game, fatigue_limit=after, tribe=done.tribe, feeding=None, short=0)
        if done.lost:
            cards = say.counted("cards", len(game.bought))
            lost = say("lost", limit=_signed(after), n=game.round, cards=cards)
            said.append(Said(lost))
            return replace(game, stage="over", outcome=Outcome.LOST), said
        return replace(game, stage="pile"), said

    def _end_of_round(self, game: Game, pile: Tap, say: Say) -> tuple[Game, Sequence[Said]]:
        assert game.level is not None
        outcome, steps = explained(game_outcome, game.fatigue_limit, _given(pile), game.level)
        if outcome is Outcome.WON:
            won = say(
                "won", n=len(game.slots), rounds=say.counted("rounds", game.round),
                cards=say.counted("cards", len(game.bought)),
            )  # fmt: skip
            return replace(game, stage="over", outcome=outcome), [Said(won, steps)]
        game = replace(
            game, stage="card", round=game.round + 1, card=None, bought_this_round=0,
            left_to_buy=None, food_bonus=0,
        )  # fmt: skip
        return game, [Said(say("reveal", slots=_slots(say, game.slots)), steps)]

    def ask(self, game: Game, say: Say) -> Ask | None:
        if game.stage == "over":
            return None
        if game.level is None:
            levels = tuple(
                Choice(say("level_choice", n=n, level=say.term(lv)), {"level": lv.value})
                for n, lv in enumerate(Level, 1)
            )
            return Ask(say("ask_level"), levels)
        if game.stage == "card":
            cards = tuple(Choice(_cap(say.term(c)), {"card": c.value}) for c in Card)
            return Ask(say("ask_card"), cards)
        if game.stage == "actions":
            feed_it = Choice(say("feed"), "feed", "main")
            if game.left_to_buy == 0:
                return Ask(say("ask_actions_done", n=game.round), (feed_it,))
            cards = tuple(Choice(_cap(say.term(c)), {"bought": c.value}) for c in Card)
            return Ask(say("ask_actions", n=game.round), (*cards, feed_it))
        if game.stage == "feeding":
            return Ask(
                say("ask_feeding", n=game.round), fields=self._fields(game, say),
                submit=say("feed"),
            )  # fmt: skip
        if game.stage == "resources":
            field = Field("resources", say("resources"), 0, game.short, 0)
            return Ask(say("ask_resources", short=say.counted("food", game.short)), fields=(field,),
                       submit=say("pay"))  # fmt: skip
        most = len(game.slots)
        piles = tuple(Choice(str(n), {"pile": n}) for n in range(most))
        more = Choice(say("pile_or_more", n=most), {"pile": most}, "main")
        return Ask(say("ask_pile", n=game.round), (*piles, more))

    def _fields(self, game: Game, say: Say) -> tuple[Field, ...]:
        assert game.level is not None and game.tribe is not None
        start = setup(game.level)
        most = start.figures_per_colour + start.reserve_per_colour
        tribe = game.tribe
        figures = tuple(
            Field(c.value, say(f"figures_{c.value}"), 1, most, tribe.figures[c]) for c in Colour
        )
        return (
            *figures,
            Field("food", say("food"), 0, _MOST_FOOD, tribe.food + game.food_bonus),
            Field("agriculture", say("agriculture"), 0, AGRICULTURE_TOP, tribe.agriculture),
            Field("buildings", say("buildings"), 0, _MOST_TILES, tribe.buildings),
            Field("tools", say("tools"), 0, _MOST_TILES, tribe.tools),
        )

    def status(self, game: Game, say: Say) -> Sequence[tuple[str, str]]:
        if game.level is None:
            return [(say("level"), say("to_choose"))]
        lines = [
            (say("level"), say.term(game.level)),
            (say("round"), str(game.round)),
            (say("fatigue"), _signed(game.fatigue_limit)),
        ]
        if game.card is not None:
            lines.append((say("feeding_card"), _cap(say.term(game.card))))
        total, now = len(game.bought), game.bought_this_round
        lines.append((say("bought"), say("bought_value", total=total, now=now)))
        if game.stage == "over":
            key = "result_won" if game.outcome is Outcome.WON else "result_lost"
            lines.append((say("result"), say(key)))
        return lines


def _card_said(card: Card, tribe: Tribe, say: Say) -> Said:
    """The card on the 4-resource slot: the extra food it asks when ``extra_food`` asks it of
    any tribe alike; else what it counts, since the round can change the figures, the
    agriculture track, the building tiles and the tools before the feeding."""
    least = Tribe(dict.fromkeys(Colour, 1), tribe.food, tribe.fatigue_limit, 0, 0, 0)
    grown = Tribe(dict.fromkeys(Colour, 2), tribe.food, tribe.fatigue_limit, 1, 1, 1)
    with quiet():
        known = extra_food(card, least) == extra_food(card, grown)
    if known:
        extra, steps = explained(extra_food, card, tribe)
        said = say("card_known", card=say.term(card), extra=say.counted("extra", extra))
        return Said(said, steps)
    what = say(
        f"later_{card.value}", per_figure=say.counted("extra", SHAMAN_FOOD_PER_FIGURE),
        per_building=say.counted("extra", BUILDER_FOOD_PER_BUILDING),
    )  # fmt: skip
    return Said(say("card_later", card=say.term(card), what=what))


def _signed(n: int) -> str:
    """A number as a page prints it: a true minus sign below 0.

    >>> _signed(-1), _signed(15)
    ('\u22121', '15')
    """
    return str(n).replace("-", "\u2212")


def _slots(say: Say, slots: Sequence[int]) -> str:
    """The slots that get a card each round, by their cost: « 1, 2 et 4 »."""
    named = [say("slot", n=n) for n in slots]
    listed = ", ".join(named[:-1]) + f" {say('and')} " + named[-1] if len(named) > 1 else named[0]
    return say("slots", slots=listed)


COMPANION: Final = StoneAgeCompanion()
