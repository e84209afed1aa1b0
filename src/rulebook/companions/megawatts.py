"""Megawatts solo, at the table: the artificial player's round, phase by phase, run by the
rule functions over its side of the table (``ArtificialPlayer``), carried from round to round.

Each round is a few taps:

1. the power plants it may take: their numbers (a card seen for the first time is entered
   once, as printed: what it burns, how much, the cities it powers), from the fourth round
   the cubes on the resource market (its prices break ties), and a draw number the page
   shows (the seed of its random draws): ``ai_plant_phase`` says which plant it takes, and
   which it discards;
2. the resource market after your purchases: ``ai_restock`` says what it takes;
3. the cities you built: ``ai_build_count`` says how many it builds, ``plants_to_remove``
   which power plants of the market entered this round are removed as small (they are not
   filled in again), ``step_2_begins`` whether step 2 begins;
4. Bureaucracy, and whether the power plant market could be refilled: ``ai_power`` says
   which plants it fires, ``game_ends`` whether the game ends; at the end your Elektros give
   your medal (``medal``).

Every form comes filled in with what the companion carries (the market last entered, the
cubes left once the artificial player has restocked), so that only what changed is entered
again. The resupply of the resource market is not made: the rules leave its table to the
base game and give no figures, so a form whose cubes predate it says so. "Make a
correction" sets what the table shows (the step, the cities, its power plants and their
cubes, a card entered wrongly); the "Step 3" card, which only the table shows, is a button.

The resource market is entered as the cubes of each resource on it. The base game's board
lays them out (``_BOARD``): a purchase takes the cheapest cubes and a resupply fills the
dearest empty spaces, so the cubes on the market always fill its dearest spaces. That is
the board, not a rule; the rule functions read the prices from the market it gives.
"""

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Final

from rulebook.errors import RuleError
from rulebook.games.megawatts import (
    CURRENT_MARKET_PLANTS,
    FIRST_ROUND_MIN_BUILD,
    MAX_PLANTS,
    STEP_2_CITIES,
    STEP_3_ROW_SIZES,
    YOUR_NETWORK_MARGIN,
    ArtificialPlayer,
    EndCondition,
    Fuel,
    Plant,
    Resource,
    Resources,
    ai_build_count,
    ai_capacity,
    ai_draws_at_random,
    ai_plant_phase,
    ai_power,
    ai_powerable,
    ai_restock,
    ai_stock_size,
    game_ends,
    market_prices,
    medal,
    plants_to_remove,
    rules,
    step_2_begins,
)
from rulebook.games.megawatts.rules import _MOST_BURNS, _MOST_COUNT, _STEPS
from rulebook.kit.companion import Ask, Choice, Field, Said, Say, Tap, expected_words, tap_value
from rulebook.kit.explain import Step, explained, quiet
from rulebook.kit.validate import flag, member, whole
from rulebook.language import grouped

# The base game's resource market, as its board prints it: each resource's spaces, by price,
# and the cubes each space holds.
_BOARD: Final = {
    Resource.COAL: tuple((price, 3) for price in range(1, 9)),
    Resource.OIL: tuple((price, 3) for price in range(1, 9)),
    Resource.GARBAGE: tuple((price, 3) for price in range(1, 9)),
    Resource.URANIUM: tuple((price, 1) for price in (*range(1, 9), 10, 12, 14, 16)),
}
_ROOM: Final = {resource: sum(n for _, n in spaces) for resource, spaces in _BOARD.items()}
# The cubes of the base game's set-up: coal 1 to 8, oil 3 to 8, garbage 7 and 8, uranium
# 14 and 16 (the first values of the forms, for the player to check).
_SET_UP: Final = (24, 18, 6, 2)
# Bounds of the forms, where the rules set none: a plant's number, cities, a draw, cubes on
# one power plant, cities you build in one round (the buttons), Elektros.
_MOST_NUMBER: Final = 99
_MOST_CITIES: Final = 99
_MOST_SEED: Final = 999_999_999
_MOST_HELD: Final = 99
_MOST_BUILT: Final = 12
_MOST_ELEKTROS: Final = 99_999
_STEP_3_MARKET: Final = sum(STEP_3_ROW_SIZES)


@dataclass(frozen=True)
class Game:
    """The table as the companion carries it: the round and step, the phase, the artificial
    player's side (``ai``), your cities, the cards entered, the market last entered, the
    cubes of each resource on the market and the round they were counted in (the set-up
    counts as the first), the power plants removed from the game as small; a form held while
    the cards it names are entered (``waiting``, ``pending``); the correction form open
    (``fixing``); the end conditions met once the game has ended."""

    round_number: int = 1
    step: int = 1
    phase: str = "plants"  # plants, resources, build, bureaucracy, medal, over
    ai: ArtificialPlayer = field(default_factory=ArtificialPlayer)
    you: int = 0
    cards: tuple[Plant, ...] = ()
    market: tuple[int, ...] = ()
    cubes: tuple[int, ...] = _SET_UP
    cubes_round: int = 1
    removed: tuple[int, ...] = ()
    pending: tuple[int, ...] = ()
    waiting: Tap = None
    fixing: bool = False
    ends: tuple[EndCondition, ...] = ()


def _number(rule: str, tap: Tap, key: str, what: str, most: int, least: int = 0) -> int:
    return whole(rule, tap_value(rule, tap, key), what, least, most)


def _distinct(rule: str, numbers: Sequence[int], what: str) -> tuple[int, ...]:
    """The numbers given, 0 for an empty place, each power plant once."""
    given = tuple(n for n in numbers if n)
    if len(set(given)) != len(given):
        raise RuleError(rule, what, list(numbers))
    return given


def _counts(tap: Tap) -> tuple[int, ...]:
    """The cubes of each resource on the market, as the form gives them."""
    rule = "mw-ai-restock"
    return tuple(
        _number(rule, tap, r.value, f"the {r.value} cubes on the market", _ROOM[r])
        for r in Resource
    )


def _market(counts: Sequence[int]) -> dict[Resource, dict[int, int]]:
    """The resource market the board makes of these cubes: the dearest spaces filled."""
    market: dict[Resource, dict[int, int]] = {}
    for resource, left in zip(Resource, counts, strict=True):
        spaces: dict[int, int] = {}
        for price, room in reversed(_BOARD[resource]):
            if left:
                spaces[price] = min(room, left)
                left -= spaces[price]
        market[resource] = spaces
    return market


def _held(tap: Tap, plant: Plant) -> Resources:
    """The cubes on one of the artificial player's power plants, as the form gives them."""
    what = "cubes on a power plant"
    return Resources(
        **{
            r.value: _number(
                "mw-ai-restock", tap, f"cubes_{plant.number}_{r.value}", what, _MOST_HELD
            )
            for r in plant.fuel.resources
        }
    )


def _slots(step: int) -> int:
    """The power plants the artificial player may take from: the actual market, or in
    step 3 the whole market."""
    return _STEP_3_MARKET if step == _STEPS else CURRENT_MARKET_PLANTS


def _choosing(round_number: int) -> bool:
    with quiet():
        return not ai_draws_at_random(round_number)


def _listed(say: Say, items: Sequence[str]) -> str:
    """Items in the page's words: "a", "a and b", "a, b and c"; none: ""."""
    if len(items) < 2:
        return "".join(items)
    return say("and", first=", ".join(items[:-1]), last=items[-1])


def _cubes(say: Say, held: Resources) -> str:
    """Cubes in the page's words: "3 coal and 1 oil"; nothing: ""."""
    return _listed(say, [say.counted(f"cubes_{r.value}", held[r]) for r in Resource if held[r]])


def _plants_words(say: Say, numbers: Sequence[int]) -> str:
    listed = _listed(say, [str(n) for n in numbers])
    return say("plant_1", number=listed) if len(numbers) == 1 else say("plant_n", numbers=listed)


def _tie(steps: Sequence[Step]) -> tuple[tuple[str, ...], str] | None:
    """The power plants a tie-break drew among at random, and the one drawn, as the rule
    function's step records them; ``None``: no plant was drawn at random between ties."""
    for step in steps:
        values = dict(step.values)
        among = values.get("drawn_among")
        if step.rule == "mw-ai-choice-ties" and isinstance(among, tuple) and among:
            numbers = sorted(map(str, among), key=lambda n: (len(n), n))  # numerical order
            return tuple(numbers), str(values["chosen"])
    return None


_EN: Final = {
    # Status
    "round": "Round",
    "round_value": "{round}, step {step}",
    "ai": "Artificial player",
    "ai_value": "{cities}, capacity {capacity}",
    "its_plant": "Its power plant {number}",
    "card": "{fuel} ×{burns}, {cities}",
    "card_green": "{fuel}, {cities}",
    "held": "{card}; held: {cubes}",
    "your_cities": "Your cities",
    "resource_market": "Resource market",
    "end": "End of the game",
    # A term of the code's vocabulary, with the page's apostrophes and spaces
    "typeset": "{text}",
    "nothing": "nothing",
    "list_sep": "; ",
    "and": "{first} and {last}",
    # Plants
    "ask_plants": "Round {round}, power plants: the numbers of the actual market, where the "
    "artificial player takes its power plant (0 for an empty place).",
    "ask_plants_3": "Round {round}, power plants: the numbers of the whole market, where the "
    "artificial player takes its power plant (0 for an empty place).",
    "ask_plants_cubes": "Round {round}, power plants: the numbers of the actual market, where "
    "the artificial player chooses its power plant (0 for an empty place); and the cubes on "
    "the resource market.",
    "ask_plants_cubes_3": "Round {round}, power plants: the numbers of the whole market, where "
    "the artificial player chooses its power plant (0 for an empty place); and the cubes on "
    "the resource market.",
    "cubes_before_resupply": "The cubes are filled in as the artificial player left them last "
    "round, before the resupply: add the resupply for 2 players (the base game's table; the "
    "solo rules do not give it).",
    "slot": "Place {n}",
    "seed": "Draw number (changes the random draw; keep it to replay)",
    "plants_submit": "Its power plant",
    "step_3_card": "“Step 3” card revealed",
    "step_3": "Step 3 begins: from now on, enter all the power plants of the market.",
    "drawn": "Random draw (no. {seed}): the artificial player draws power plant {number} among "
    "those of the actual market it may acquire. It pays nothing. Place it apart from your own "
    "power plants; its power plants stay in descending numerical order.",
    "drawn_none": "No power plant of the actual market keeps the artificial player within its "
    "capacity limit: it takes no power plant this round.",
    "chosen": "The artificial player takes power plant {number}, the one that increases its "
    "capacity the most: it reaches {capacity}. It pays nothing. Place it apart from your own "
    "power plants; its power plants stay in descending numerical order.",
    "tie": "Power plants {plants} tie: the random draw (no. {seed}) gives {number}.",
    "passes": "No power plant increases the artificial player's capacity within its limit: it "
    "passes in this phase. If you pass as well, remove the lowest-numbered power plant of "
    "the market from the game.",
    "discards": "It already had 3 power plants: discard its weakest, power plant {number}.",
    "moved": "Share out its resources: {moves}.",
    "moved_to": "{cubes} to power plant {number}",
    "to_supply": "Return {cubes} to the general supply.",
    "plant_1": "power plant {number}",
    "plant_n": "power plants {numbers}",
    # Cards
    "ask_card": "New power plant {number}: as its card shows.",
    "ask_card_again": "Power plant {number}: as its card shows.",
    "card_fuel": "Power plant type",
    "card_burns": "Resources it burns",
    "card_powers": "Cities it powers",
    "card_submit": "Confirm",
    "after_cards": "The cards are noted, but the artificial player cannot take its power "
    "plant. {why}",
    # Resources
    "ask_resources": "You have bought your resources. How many cubes of each resource are "
    "left on the resource market?",
    "resources_submit": "It restocks",
    "restocks": "The artificial player restocks, each power plant from left to right with "
    "whole stocks: {takes}.",
    "restock_for": "{cubes} for power plant {number}",
    "no_restock": "Its power plants burn no resources: the artificial player does not restock.",
    # Building
    "ask_build": "How many cities did you build this round? Reminder: you may not extend your "
    "network more than {margin} cities beyond your capacity.",
    "ask_build_first": "How many cities did you build this round? In the first round, at "
    "least {least}. Reminder: you may not extend your network more than {margin} cities beyond "
    "your capacity.",
    "builds": "The artificial player builds {cities}, as many as you, each at the cheapest "
    "connection from your network. Between cities at the same cost, draw at random; if fewer "
    "cities are free, it builds in all of them. Update the scoring track.",
    "builds_none_you": "You built no city: the artificial player builds none.",
    "builds_none_power": "Its power plants that hold their resources can power only "
    "{powerable} of its {cities}: the artificial player does not extend its network.",
    "remove_small_1": "Remove from the game every power plant of the market numbered no higher "
    "than the cities of either network, and replace each with a new one, as in the rules of "
    "the base game: of those entered this round, {plants}, if still on offer.",
    "remove_small_n": "Remove from the game every power plant of the market numbered no higher "
    "than the cities of either network, and replace each with a new one, as in the rules of "
    "the base game: of those entered this round, {plants}, if still on offer.",
    "step_2": "A player has connected a {n}th city: step 2 begins. Remove the lowest-numbered "
    "power plant of the market from the game and draw a new one.",
    # Bureaucracy
    "ask_bureaucracy": "Bureaucracy: first resupply the resource market, then power your "
    "cities and rearrange the power plant market. Could the power plant market be refilled "
    "completely?",
    "refilled": "Market refilled",
    "short": "Not enough power plants",
    "powers": "The artificial player fires {plants} and powers {cities}.",
    "returned": "Return {cubes} to the general supply.",
    "reserve_down": "Move its reserve stocks down into its active stocks.",
    "powers_none": "Its power plants that hold their resources can power only {powerable} of "
    "its {cities}: the artificial player fires no power plant.",
    "no_cities": "The artificial player has no city to power.",
    "ends": "The game ends at the end of this round: {why}. Count your Elektro.",
    "next_round": "Round {round}. Change the player order if needed, under the rules of the "
    "base game.",
    # Medal
    "ask_medal": "How many Elektro do you have?",
    "elektros": "Your Elektro",
    "medal_submit": "My medal",
    "medal_gold": "{elektros} Elektro: a gold medal.",
    "medal_silver": "{elektros} Elektro: a silver medal.",
    "medal_bronze": "{elektros} Elektro: a bronze medal.",
    "medal_none": "{elektros} Elektro: no medal.",
    # Corrections
    "fix": "Make a correction",
    "ask_fix": "Enter what the table shows: the step, the cities, the artificial player's "
    "power plants and their cubes, and a card to enter again; 0 for none.",
    "fix_step": "Step",
    "step_n": "Step {n}",
    "fix_ai_cities": "Artificial player's cities",
    "fix_ai_plant": "Its power plant, place {n}",
    "fix_cubes": "{resource} on power plant {number}",
    "fix_card": "Card to enter again",
    "fix_submit": "Save",
    "fixed": "Noted.",
    # Counts
    "cities_1": "{n} city",
    "cities_n": "{n} cities",
    "cubes_coal_1": "{n} coal",
    "cubes_coal_n": "{n} coal",
    "cubes_oil_1": "{n} oil",
    "cubes_oil_n": "{n} oil",
    "cubes_garbage_1": "{n} garbage",
    "cubes_garbage_n": "{n} garbage",
    "cubes_uranium_1": "{n} uranium",
    "cubes_uranium_n": "{n} uranium",
    # Refusals: what to do, as a sentence a player can follow
    "expected:a fuel among coal, oil, garbage, uranium, hybrid, green": "Choose the power "
    "plant type.",
}

_FR: Final = {
    "round": "Tour",
    "round_value": "{round}, étape {step}",
    "ai": "Le JA",
    "ai_value": "{cities}, capacité {capacity}",
    "its_plant": "Sa centrale {number}",
    "card": "{fuel} ×{burns}, {cities}",
    "card_green": "{fuel}, {cities}",
    "held": "{card} ; en stock : {cubes}",
    "your_cities": "Vos villes",
    "resource_market": "Marché des ressources",
    "end": "Fin de la partie",
    "typeset": "{text}",
    "nothing": "rien",
    "list_sep": " ; ",
    "and": "{first} et {last}",
    "ask_plants": "Tour {round}, centrales : les numéros du marché actuel, où le JA prend sa "
    "centrale (0 pour une place vide).",
    "ask_plants_3": "Tour {round}, centrales : les numéros de tout le marché, où le JA prend sa "
    "centrale (0 pour une place vide).",
    "ask_plants_cubes": "Tour {round}, centrales : les numéros du marché actuel, où le JA "
    "choisit sa centrale (0 pour une place vide) ; et les cubes du marché des ressources.",
    "ask_plants_cubes_3": "Tour {round}, centrales : les numéros de tout le marché, où le JA "
    "choisit sa centrale (0 pour une place vide) ; et les cubes du marché des ressources.",
    "cubes_before_resupply": "Les cubes sont préremplis tels que le JA les a laissés au tour "
    "précédent, avant le réapprovisionnement : ajoutez celui pour 2 joueurs (le tableau du jeu "
    "de base ; les règles solo ne le donnent pas).",
    "slot": "Place {n}",
    "seed": "Numéro de tirage (il change le tirage au hasard ; gardez-le pour rejouer)",
    "plants_submit": "Sa centrale",
    "step_3_card": "Carte « Étape 3 » révélée",
    "step_3": "L'étape 3 commence : indiquez désormais toutes les centrales du marché.",
    "drawn": "Tirage au hasard (n°\u00a0{seed}) : le JA tire la centrale {number} parmi celles du "
    "marché actuel qu'il peut acquérir. Il ne la paye pas. Placez-la à part de vos centrales ; ses "
    "centrales restent par ordre numérique décroissant.",
    "drawn_none": "Aucune centrale du marché actuel ne garde le JA dans sa limite de capacité : "
    "il ne prend pas de centrale à ce tour.",
    "chosen": "Le JA prend la centrale {number}, celle qui augmente le plus sa capacité : elle "
    "passe à {capacity}. Il ne la paye pas. Placez-la à part de vos centrales ; ses centrales "
    "restent par ordre numérique décroissant.",
    "tie": "Les centrales {plants} sont à égalité : le tirage au hasard (n°\u00a0{seed}) donne la "
    "{number}.",
    "passes": "Aucune centrale n'augmente la capacité du JA dans sa limite : il passe cette "
    "phase. Si vous passez également, retirez du jeu la centrale de plus petit numéro du "
    "marché.",
    "discards": "Il avait déjà 3 centrales : défaussez la moins puissante, la centrale {number}.",
    "moved": "Répartissez ses ressources : {moves}.",
    "moved_to": "{cubes} sur la centrale {number}",
    "to_supply": "Remettez {cubes} dans la réserve générale.",
    "plant_1": "la centrale {number}",
    "plant_n": "les centrales {numbers}",
    "ask_card": "Nouvelle centrale {number} : ce qu'indique sa carte.",
    "ask_card_again": "Centrale {number} : ce qu'indique sa carte.",
    "card_fuel": "Type de centrale",
    "card_burns": "Ressources consommées",
    "card_powers": "Villes alimentées",
    "card_submit": "Valider",
    "after_cards": "Les cartes sont notées, mais le JA ne peut pas prendre sa centrale. {why}",
    "ask_resources": "Vous avez acheté vos ressources. Combien de cubes de chaque ressource "
    "reste-t-il sur le marché des ressources ?",
    "resources_submit": "Il se ravitaille",
    "restocks": "Le JA se ravitaille, chaque centrale de gauche à droite, par stocks "
    "complets : {takes}.",
    "restock_for": "{cubes} pour la centrale {number}",
    "no_restock": "Ses centrales ne consomment aucune ressource : le JA ne se ravitaille pas.",
    "ask_build": "Combien de villes avez-vous construites à ce tour ? Rappel : vous ne pouvez "
    "pas étendre votre réseau de plus de {margin} villes au-delà de votre capacité.",
    "ask_build_first": "Combien de villes avez-vous construites à ce tour ? Au premier tour, "
    "au moins {least}. Rappel : vous ne pouvez pas étendre votre réseau de plus de {margin} "
    "villes au-delà de votre capacité.",
    "builds": "Le JA construit {cities}, autant que vous, chacune à la connexion la moins chère "
    "depuis votre réseau. Entre villes au même coût, tirez au hasard ; s'il y a moins de "
    "villes libres, il construit dans toutes. Mettez à jour la piste de score.",
    "builds_none_you": "Vous n'avez construit aucune ville : le JA n'en construit pas.",
    "builds_none_power": "Ses centrales qui ont leurs ressources ne peuvent alimenter que "
    "{powerable} de ses {cities} : le JA n'étend pas son réseau.",
    "remove_small_1": "Retirez du jeu chaque centrale du marché dont le numéro ne dépasse pas "
    "le nombre de villes de l'un ou l'autre réseau, et remplacez-la par une nouvelle, comme "
    "dans les règles du jeu de base : parmi celles entrées à ce tour, {plants}, si elle y est "
    "encore.",
    "remove_small_n": "Retirez du jeu chaque centrale du marché dont le numéro ne dépasse pas "
    "le nombre de villes de l'un ou l'autre réseau, et remplacez-la par une nouvelle, comme "
    "dans les règles du jeu de base : parmi celles entrées à ce tour, {plants}, si elles y "
    "sont encore.",
    "step_2": "Un joueur a connecté sa {n}e ville : l'étape 2 commence. Retirez du jeu la "
    "centrale de plus petit numéro du marché et piochez-en une nouvelle.",
    "ask_bureaucracy": "Bureaucratie : réapprovisionnez d'abord le marché des ressources, puis "
    "alimentez vos villes et réorganisez le marché des centrales. A-t-il pu être complété ?",
    "refilled": "Marché complété",
    "short": "Pas assez de centrales",
    "powers": "Le JA active {plants} et alimente {cities}.",
    "returned": "Remettez {cubes} dans la réserve générale.",
    "reserve_down": "Descendez ses stocks de réserve dans ses stocks actifs.",
    "powers_none": "Ses centrales qui ont leurs ressources ne peuvent alimenter que "
    "{powerable} de ses {cities} : le JA n'active aucune centrale.",
    "no_cities": "Le JA n'a aucune ville à alimenter.",
    "ends": "La partie se termine à la fin de ce tour : {why}. Comptez vos Elektros.",
    "next_round": "Tour {round}. Changez l'ordre du tour, si nécessaire, selon les règles du "
    "jeu de base.",
    "ask_medal": "Combien d'Elektros avez-vous ?",
    "elektros": "Vos Elektros",
    "medal_submit": "Ma médaille",
    "medal_gold": "{elektros} Elektros : médaille d'or.",
    "medal_silver": "{elektros} Elektros : médaille d'argent.",
    "medal_bronze": "{elektros} Elektros : médaille de bronze.",
    "medal_none": "{elektros} Elektros : pas de médaille.",
    "fix": "Corriger",
    "ask_fix": "Indiquez ce que montre la table : l'étape, les villes, les centrales du JA et "
    "leurs cubes, et une carte à entrer de nouveau ; 0 pour aucune.",
    "fix_step": "Étape",
    "step_n": "Étape {n}",
    "fix_ai_cities": "Villes du JA",
    "fix_ai_plant": "Centrale du JA, place {n}",
    "fix_cubes": "{resource} sur la centrale {number}",
    "fix_card": "Carte à entrer de nouveau",
    "fix_submit": "Enregistrer",
    "fixed": "C'est noté.",
    "cities_1": "{n} ville",
    "cities_n": "{n} villes",
    "cubes_coal_1": "{n} cube de charbon",
    "cubes_coal_n": "{n} cubes de charbon",
    "cubes_oil_1": "{n} cube de pétrole",
    "cubes_oil_n": "{n} cubes de pétrole",
    "cubes_garbage_1": "{n} cube de déchets",
    "cubes_garbage_n": "{n} cubes de déchets",
    "cubes_uranium_1": "{n} cube d'uranium",
    "cubes_uranium_n": "{n} cubes d'uranium",
    "expected:a fuel among coal, oil, garbage, uranium, hybrid, green": "Choisissez le type de "
    "centrale.",
}

# What to do, for each refusal a player can reach: the code's words, then the page's
# (English, French), each a sentence a player can follow.
_EXPECTED: Final = {
    f"a power plant's number or 0, a whole number from 0 to {_MOST_NUMBER}": (
        f"Enter a power plant's number from 1 to {_MOST_NUMBER}, or 0 for none.",
        f"Indiquez un numéro de centrale de 1 à {_MOST_NUMBER}, ou 0 pour aucune.",
    ),
    "the numbers of the power plants on offer, all different": (
        "Enter power plant numbers that are all different.",
        "Indiquez des numéros de centrales tous différents.",
    ),
    "the artificial player's power plants, all different": (
        "Enter the artificial player's power plants, all different.",
        "Indiquez des centrales du JA toutes différentes.",
    ),
    f"a draw number, a whole number from 0 to {_MOST_SEED}": (
        f"Enter a draw number from 0 to {grouped(_MOST_SEED, 'en')}.",
        f"Indiquez un numéro de tirage de 0 à {grouped(_MOST_SEED, 'fr')}.",
    ),
    f"the resources a power plant burns, a whole number from 0 to {_MOST_BURNS}": (
        f"Enter the resources the power plant burns, from 0 to {_MOST_BURNS}.",
        f"Indiquez les ressources que consomme la centrale, de 0 à {_MOST_BURNS}.",
    ),
    f"the cities a power plant powers, a whole number from 1 to {_MOST_COUNT}": (
        "Enter the cities the power plant powers, at least 1.",
        "Indiquez les villes qu’alimente la centrale, au moins 1.",
    ),
    "a green power plant to burn nothing, any other to burn": (
        "Enter 0 resources for a green power plant, and at least 1 for any other.",
        "Indiquez 0 ressource pour une centrale « verte », et au moins 1 pour toute autre.",
    ),
    "the artificial player's power plants before it draws one, fewer than 3": (
        f"The artificial player draws a power plant only while it holds fewer than 3: choose "
        f"“{_EN['fix']}” and leave it 2 power plants at most.",
        f"Le JA ne tire une centrale que s’il en a moins de 3 : choisissez « {_FR['fix']} » et "
        "laissez-lui 2 centrales au plus.",
    ),
    "a market without the artificial player's own power plants": (
        "Enter a market without the artificial player's power plants.",
        "Indiquez un marché sans les centrales du JA.",
    ),
    **{
        f"the {r.value} cubes on the market, a whole number from 0 to {_ROOM[r]}": (
            f"Enter the {r.value} cubes on the market, from 0 to {_ROOM[r]}.",
            f"Indiquez les cubes {fr} sur le marché, de 0 à {_ROOM[r]}.",
        )
        for r, fr in (
            (Resource.COAL, "de charbon"),
            (Resource.OIL, "de pétrole"),
            (Resource.GARBAGE, "de déchets"),
            (Resource.URANIUM, "d’uranium"),
        )
    },
    f"the cities you built this round, a whole number from 0 to {_MOST_CITIES}": (
        f"Choose the number of cities you built this round, from 0 to {_MOST_CITIES}.",
        "Choisissez le nombre de villes que vous avez construites à ce tour, de 0 à "
        f"{_MOST_CITIES}.",
    ),
    "whether the power plant market was refilled, True or False": (
        f"Choose “{_EN['refilled']}” or “{_EN['short']}”.",
        f"Choisissez « {_FR['refilled']} » ou « {_FR['short']} ».",
    ),
    f"your final Elektros, a whole number from 0 to {_MOST_ELEKTROS}": (
        f"Enter your Elektro at the end of the game, from 0 to {grouped(_MOST_ELEKTROS, 'en')}.",
        f"Indiquez vos Elektros en fin de partie, de 0 à {grouped(_MOST_ELEKTROS, 'fr')}.",
    ),
    f"a step, a whole number from 1 to {_STEPS}": (
        f"Choose a step from 1 to {_STEPS}.",
        f"Choisissez une étape de 1 à {_STEPS}.",
    ),
    f"your cities, a whole number from 0 to {_MOST_CITIES}": (
        f"Enter your cities, from 0 to {_MOST_CITIES}.",
        f"Indiquez vos villes, de 0 à {_MOST_CITIES}.",
    ),
    f"the artificial player's cities, a whole number from 0 to {_MOST_CITIES}": (
        f"Enter the artificial player's cities, from 0 to {_MOST_CITIES}.",
        f"Indiquez les villes du JA, de 0 à {_MOST_CITIES}.",
    ),
    f"cubes on a power plant, a whole number from 0 to {_MOST_HELD}": (
        f"Enter the cubes on each power plant, from 0 to {_MOST_HELD}.",
        f"Indiquez les cubes de chaque centrale, de 0 à {_MOST_HELD}.",
    ),
    "the cubes of its power plants, by number: resources each burns, two stocks at most": (
        "On each of the artificial player's power plants, enter only the resources it "
        "burns, 2 stocks at most.",
        "Sur chaque centrale du JA, indiquez les seules ressources qu’elle consomme, 2 stocks "
        "au plus.",
    ),
}


class MegawattsCompanion:
    TERMS: Final = rules.TERMS
    WORDS: Final = {
        "en": {**_EN, **expected_words(_EXPECTED, "en")},
        "fr": {**_FR, **expected_words(_EXPECTED, "fr")},
    }

    def start(self) -> Game:
        return Game()

    def take(self, game: Game, tap: Tap, say: Say) -> tuple[Game, Sequence[Said]]:
        if game.phase == "over":
            raise RuleError("mw-end", "no tap once the game has ended", tap)
        if game.pending:
            return self._card(game, tap, say)
        if game.fixing:
            return self._fix(game, tap, say)
        if tap == "fix" and game.phase != "medal":
            return replace(game, fixing=True), []
        if game.phase == "plants":
            return self._plants(game, tap, say)
        if game.phase == "resources":
            return self._resources(game, tap, say)
        if game.phase == "build":
            return self._build(game, tap, say)
        if game.phase == "bureaucracy":
            return self._bureaucracy(game, tap, say)
        return self._medal(game, tap, say)

    # The power plant phase ------------------------------------------------------------

    def _plants(self, game: Game, tap: Tap, say: Say) -> tuple[Game, Sequence[Said]]:
        rule = "mw-first-ai-plant"
        if tap == "step3" and game.step < _STEPS:
            return replace(game, step=_STEPS), [Said(say("step_3"))]
        what = "a power plant's number or 0"
        numbers = tuple(
            _number(rule, tap, f"plant_{i}", what, _MOST_NUMBER)
            for i in range(1, _slots(game.step) + 1)
        )
        market = _distinct(rule, numbers, "the numbers of the power plants on offer, all different")
        choosing = _choosing(game.round_number)
        seed = _number(rule, tap, "seed", "a draw number", _MOST_SEED)
        if choosing:
            game = replace(game, cubes=_counts(tap), cubes_round=game.round_number)
        game = replace(game, market=numbers)
        known = {p.number: p for p in game.cards}
        unknown = tuple(n for n in market if n not in known)
        if unknown:
            return replace(game, pending=unknown, waiting=tap), []
        prices = market_prices(_market(game.cubes)) if choosing else {}
        phase, steps = explained(
            ai_plant_phase, game.ai, game.round_number, game.step,
            [known[n] for n in market], prices, random.Random(seed),
        )  # fmt: skip
        if phase.taken is None:
            said = [Said(say("drawn_none" if phase.at_random else "passes"), steps)]
        elif phase.at_random:
            said = [Said(say("drawn", number=phase.taken.number, seed=seed), steps)]
        else:
            capacity = ai_capacity(phase.ai.plants)
            text = say("chosen", number=phase.taken.number, capacity=capacity)
            tie = _tie(steps)
            if tie is not None:
                plants, drawn = tie
                text += " " + say("tie", plants=_listed(say, plants), seed=seed, number=drawn)
            said = [Said(text, steps)]
        if phase.discarded is not None:
            said += self._discard(game.ai, phase.ai, phase.discarded.number, phase.to_supply, say)
        restocks = any(plant.burns for plant in phase.ai.plants)
        if not restocks:
            said.append(Said(say("no_restock")))
        return replace(game, ai=phase.ai, phase="resources" if restocks else "build"), said

    def _discard(
        self, before: ArtificialPlayer, after: ArtificialPlayer, number: int,
        to_supply: Resources, say: Say,
    ) -> list[Said]:  # fmt: skip
        said = say("discards", number=number)
        moves = [
            say("moved_to", cubes=_cubes(say, moved), number=plant.number)
            for plant in after.plants
            if (moved := after.stocks[plant.number] - before.stocks.get(plant.number, Resources()))
            != Resources()
        ]
        if moves:
            said += " " + say("moved", moves=say("list_sep").join(moves))
        if to_supply != Resources():
            said += " " + say("to_supply", cubes=_cubes(say, to_supply))
        return [Said(said)]

    def _card(self, game: Game, tap: Tap, say: Say) -> tuple[Game, Sequence[Said]]:
        # The card is entered for the artificial player's power plant: the rule that takes it.
        rule = "mw-ai-choice" if _choosing(game.round_number) else "mw-first-ai-plant"
        number = game.pending[0]
        fuel = member(rule, Fuel, tap_value(rule, tap, "fuel"))
        burns = _number(rule, tap, "burns", "the resources a power plant burns", _MOST_BURNS)
        powers = _number(
            rule, tap, "powers", "the cities a power plant powers", _MOST_COUNT, least=1
        )
        plant = Plant(number, fuel, burns, powers)
        cards = (*(p for p in game.cards if p.number != number), plant)
        ai = game.ai
        if any(p.number == number for p in ai.plants):
            held = tuple(plant if p.number == number else p for p in ai.plants)
            ai = ArtificialPlayer(held, ai.stocks, ai.cities)
        game = replace(game, cards=cards, ai=ai, pending=game.pending[1:])
        if game.pending or game.waiting is None:
            return game, []
        waiting, game = game.waiting, replace(game, waiting=None)
        try:
            return self.take(game, waiting, say)
        except RuleError as error:
            return game, [Said(say("after_cards", why=say.refusal(error)))]

    # Resources, building, Bureaucracy ---------------------------------------------------

    def _resources(self, game: Game, tap: Tap, say: Say) -> tuple[Game, Sequence[Said]]:
        ai = game.ai
        (stocks, left), steps = explained(ai_restock, ai.plants, ai.stocks, _market(_counts(tap)))
        takes = [
            say(
                "restock_for",
                cubes=_cubes(say, stocks[p.number] - ai.stocks[p.number]) or say("nothing"),
                number=p.number,
            )
            for p in ai.plants
            if p.burns
        ]
        cubes = tuple(sum(left[r].values()) for r in Resource)
        game = replace(
            game, ai=replace(ai, stocks=stocks), cubes=cubes, cubes_round=game.round_number,
            phase="build",
        )  # fmt: skip
        return game, [Said(say("restocks", takes=say("list_sep").join(takes)), steps)]

    def _build(self, game: Game, tap: Tap, say: Say) -> tuple[Game, Sequence[Said]]:
        what = "the cities you built this round"
        built = _number("mw-ai-build", tap, "built", what, _MOST_CITIES)
        ai = game.ai
        powerable = ai_powerable(ai.plants, ai.stocks)
        builds, steps = explained(ai_build_count, built, powerable, ai.cities)
        if builds:
            said = say("builds", cities=say.counted("cities", builds))
        elif built:
            said = say(
                "builds_none_power", powerable=powerable, cities=say.counted("cities", ai.cities)
            )
        else:
            said = say("builds_none_you")
        game = replace(game, ai=replace(ai, cities=ai.cities + builds), you=game.you + built)
        removed, reminder = self._remove_small(game, say)
        game = replace(game, removed=(*game.removed, *removed))
        answers = [Said(said, steps), *reminder]
        if game.step == 1 and step_2_begins(game.you, game.ai.cities):
            game = replace(game, step=2)
            answers.append(Said(say("step_2", n=STEP_2_CITIES)))
        return replace(game, phase="bureaucracy"), answers

    def _remove_small(self, game: Game, say: Say) -> tuple[tuple[int, ...], list[Said]]:
        """The power plants of the market entered this round (the artificial player's
        excepted) that the rule removes as small, and the reminder that names them."""
        held = {plant.number for plant in game.ai.plants}
        known = [n for n in game.market if n and n not in held and n not in game.removed]
        if not known:
            return (), []
        removed, steps = explained(plants_to_remove, known, game.you, game.ai.cities)
        if not removed:
            return (), []
        key = "remove_small_1" if len(removed) == 1 else "remove_small_n"
        return removed, [Said(say(key, plants=_plants_words(say, removed)), steps)]

    def _bureaucracy(self, game: Game, tap: Tap, say: Say) -> tuple[Game, Sequence[Said]]:
        rule = "mw-end"
        what = "whether the power plant market was refilled"
        refilled = flag(rule, tap_value(rule, tap, "refilled"), what)
        ai = game.ai
        powering, steps = explained(ai_power, ai.plants, ai.stocks, ai.cities)
        if powering.fired:
            said = say(
                "powers",
                plants=_plants_words(say, powering.fired),
                cities=say.counted("cities", powering.powered),
            )
            if powering.returned != Resources():
                said += " " + say("returned", cubes=_cubes(say, powering.returned))
            if any(held != Resources() for held in powering.stocks.values()):
                said += " " + say("reserve_down")
        elif ai.cities:
            said = say(
                "powers_none",
                powerable=ai_powerable(ai.plants, ai.stocks),
                cities=say.counted("cities", ai.cities),
            )
        else:
            said = say("no_cities")
        game = replace(game, ai=replace(ai, stocks=powering.stocks))
        ends, end_steps = explained(game_ends, refilled, game.ai.cities)
        if ends:
            why = say("list_sep").join(say.term(end) for end in ends)
            over = Said(say("ends", why=why), end_steps)
            return replace(game, phase="medal", ends=ends), [Said(said, steps), over]
        after = replace(game, round_number=game.round_number + 1, phase="plants")
        nxt = Said(say("next_round", round=after.round_number), end_steps)
        return after, [Said(said, steps), nxt]

    def _medal(self, game: Game, tap: Tap, say: Say) -> tuple[Game, Sequence[Said]]:
        rule = "mw-medals"
        elektros = _number(rule, tap, "elektros", "your final Elektros", _MOST_ELEKTROS)
        won = medal(elektros)
        key = "medal_none" if won is None else f"medal_{won.value}"
        return replace(game, phase="over"), [Said(say(key, elektros=elektros))]

    # Corrections ------------------------------------------------------------------------

    def _fix(self, game: Game, tap: Tap, say: Say) -> tuple[Game, Sequence[Said]]:
        rule = "mw-first-ai-plant"
        step = _number(rule, tap, "step", "a step", _STEPS, least=1)
        you = _number(rule, tap, "you", "your cities", _MOST_CITIES)
        cities = _number(rule, tap, "ai_cities", "the artificial player's cities", _MOST_CITIES)
        what = "a power plant's number or 0"
        numbers = [
            _number(rule, tap, f"ai_plant_{i}", what, _MOST_NUMBER)
            for i in range(1, MAX_PLANTS + 1)
        ]
        held = _distinct(rule, numbers, "the artificial player's power plants, all different")
        card = _number(rule, tap, "card", what, _MOST_NUMBER)
        known = {p.number: p for p in game.cards}
        unknown = tuple(n for n in held if n not in known)
        if unknown:
            return replace(game, pending=unknown, waiting=tap), []
        stocks = {
            plant.number: _held(tap, plant) for plant in game.ai.plants if plant.number in held
        }
        ai = ArtificialPlayer(tuple(known[n] for n in held), stocks, cities)
        fixed = replace(game, step=step, you=you, ai=ai, fixing=False)
        return replace(fixed, pending=(card,) if card else ()), [Said(say("fixed"))]

    # Questions and status ---------------------------------------------------------------

    def ask(self, game: Game, say: Say) -> Ask | None:
        if game.phase == "over":
            return None
        if game.pending:
            return self._ask_card(game, say)
        if game.fixing:
            return self._ask_fix(game, say)
        fix = Choice(say("fix"), "fix")
        if game.phase == "plants":
            return self._ask_plants(game, say, fix)
        if game.phase == "resources":
            question = say("ask_resources") + self._before_resupply(game, say)
            return Ask(question, (fix,), self._cube_fields(game, say), say("resources_submit"))
        if game.phase == "build":
            first = game.round_number == 1
            least = FIRST_ROUND_MIN_BUILD if first else 0
            key = "ask_build_first" if first else "ask_build"
            question = say(key, least=least, margin=YOUR_NETWORK_MARGIN)
            built = tuple(Choice(str(n), {"built": n}) for n in range(least, _MOST_BUILT + 1))
            return Ask(question, (*built, fix))
        if game.phase == "bureaucracy":
            return Ask(
                say("ask_bureaucracy"),
                (
                    Choice(say("refilled"), {"refilled": True}, "main"),
                    Choice(say("short"), {"refilled": False}),
                    fix,
                ),
            )
        fields = (Field("elektros", say("elektros"), 0, _MOST_ELEKTROS, 0),)
        return Ask(say("ask_medal"), fields=fields, submit=say("medal_submit"))

    def _before_resupply(self, game: Game, say: Say) -> str:
        """A note when the cubes filled in were counted before the last resupply, which the
        companion cannot make: the rules refer to the base game's table, which they do not
        give (mw-resupply)."""
        return " " + say("cubes_before_resupply") if game.cubes_round < game.round_number else ""

    def _cube_fields(self, game: Game, say: Say) -> tuple[Field, ...]:
        return tuple(
            Field(r.value, say.term(r).capitalize(), 0, _ROOM[r], n)
            for r, n in zip(Resource, game.cubes, strict=True)
        )

    def _ask_plants(self, game: Game, say: Say, fix: Choice) -> Ask:
        slots = _slots(game.step)
        held = {plant.number for plant in game.ai.plants}
        entered = (n for n in game.market if n and n not in held and n not in game.removed)
        shown = (*entered, *(0,) * slots)[:slots]
        fields = tuple(
            Field(f"plant_{i}", say("slot", n=i), 0, _MOST_NUMBER, n)
            for i, n in enumerate(shown, 1)
        )
        choosing = _choosing(game.round_number)
        if choosing:
            fields += self._cube_fields(game, say)
        fields += (Field("seed", say("seed"), 0, _MOST_SEED, 0, drawn=True),)
        key = "ask_plants_cubes" if choosing else "ask_plants"
        key += "_3" if game.step == _STEPS else ""
        question = say(key, round=game.round_number)
        question += self._before_resupply(game, say) if choosing else ""
        choices = (fix,) if game.step == _STEPS else (Choice(say("step_3_card"), "step3"), fix)
        return Ask(question, choices, fields, say("plants_submit"))

    def _ask_card(self, game: Game, say: Say) -> Ask:
        number = game.pending[0]
        known = {p.number: p for p in game.cards}.get(number)
        fuels = tuple(Choice(say("typeset", text=say.term(f)), f.value) for f in Fuel)
        fuel = None if known is None else known.fuel.value
        fields = (
            Field("fuel", say("card_fuel"), value=fuel, options=fuels),
            Field("burns", say("card_burns"), 0, _MOST_BURNS, known.burns if known else 1),
            Field("powers", say("card_powers"), 1, _MOST_NUMBER, known.powers if known else 1),
        )
        key = "ask_card_again" if known else "ask_card"
        return Ask(say(key, number=number), fields=fields, submit=say("card_submit"))

    def _ask_fix(self, game: Game, say: Say) -> Ask:
        ai = game.ai
        steps = tuple(Choice(say("step_n", n=n), n) for n in range(1, _STEPS + 1))
        numbers = (*(p.number for p in ai.plants), *(0,) * MAX_PLANTS)[:MAX_PLANTS]
        fields = [
            Field("step", say("fix_step"), value=game.step, options=steps),
            Field("you", say("your_cities"), 0, _MOST_CITIES, game.you),
            Field("ai_cities", say("fix_ai_cities"), 0, _MOST_CITIES, ai.cities),
            *(
                Field(f"ai_plant_{i}", say("fix_ai_plant", n=i), 0, _MOST_NUMBER, n)
                for i, n in enumerate(numbers, 1)
            ),
        ]
        for plant in ai.plants:
            for r in plant.fuel.resources:
                label = say("fix_cubes", resource=say.term(r).capitalize(), number=plant.number)
                held = ai.stocks[plant.number][r]
                most = ai_stock_size(plant.burns)
                fields.append(Field(f"cubes_{plant.number}_{r.value}", label, 0, most, held))
        fields.append(Field("card", say("fix_card"), 0, _MOST_NUMBER, 0))
        return Ask(say("ask_fix"), fields=tuple(fields), submit=say("fix_submit"))

    def status(self, game: Game, say: Say) -> Sequence[tuple[str, str]]:
        ai = game.ai
        cities = say.counted("cities", ai.cities)
        lines = [
            (say("round"), say("round_value", round=game.round_number, step=game.step)),
            (say("ai"), say("ai_value", cities=cities, capacity=ai_capacity(ai.plants))),
        ]
        for plant in ai.plants:
            powers = say.counted("cities", plant.powers)
            fuel = say.term(plant.fuel)
            card = (
                say("card_green", fuel=fuel, cities=powers)
                if plant.green
                else say("card", fuel=fuel, burns=plant.burns, cities=powers)
            )
            cubes = _cubes(say, ai.stocks[plant.number]) or say("nothing")
            value = card if plant.green else say("held", card=card, cubes=cubes)
            lines.append((say("its_plant", number=plant.number), value))
        market = ", ".join(f"{say.term(r)} {n}" for r, n in zip(Resource, game.cubes, strict=True))
        lines += [(say("your_cities"), str(game.you)), (say("resource_market"), market)]
        if game.ends:
            ends = say("list_sep").join(say.term(end) for end in game.ends)
            lines.append((say("end"), say("typeset", text=ends)))
        return lines


COMPANION: Final = MegawattsCompanion()
