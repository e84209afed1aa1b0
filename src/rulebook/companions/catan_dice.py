"""Catan Dice "Extra", at the table: a score sheet for 2 to 4 players on the printed island.

The book does not reproduce the game map, so no rule function knows where a road may go:
the players see that on the map. The sheet keeps the rest, one tap at a time. Each turn,
the player enters the final result of the turn's dice (``final_roll``), then taps each build;
the rule functions pay for it from the dice (``pay``, 2 gold for a missing resource), upgrade
a settlement of a city site (``city_on_sheet``), place a knight (``knight_terrain``), build a
castle (``castle_on_sheet``), turn a die with a joker (``can_use_joker``, ``use_joker``), then
give the Longest Road and the Largest Army (``awards_on_sheet``) and count the victory points
(``victory_points``, ``has_won``). A refused build is answered with the rule's reason.

What only the map shows, the players tap: whether a settlement stands on a city site, the
resource of a knight's hex, the length of the builder's longest road after a road, and the
road a settlement breaks. Only the builds the dice left can pay for are offered (as ``pay``,
``city_on_sheet`` and ``castle_on_sheet`` accept them). When nobody can build any more, a tap,
confirmed by a second, ends the game (``most_points``). On turns whose dice can make a castle
(``dice_for_turn``, ``castle_rolled``), the castle odds of the player whose turn it is are kept
in view, from the book's table (``castle_table``).
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Final

from rulebook.errors import RuleError
from rulebook.games.catan_dice import (
    CASTLE_SYMBOLS,
    CASTLES,
    DICE,
    PENS,
    PLAYERS_MIN,
    Built,
    Piece,
    Symbol,
    Terrain,
    awards_on_sheet,
    can_use_joker,
    castle_on_sheet,
    castle_rolled,
    castle_table,
    city_on_sheet,
    dice_for_turn,
    final_roll,
    has_won,
    joker_symbols,
    knight_terrain,
    most_points,
    pay,
    use_joker,
    victory_points,
)
from rulebook.kit.companion import (
    OFFERED,
    REFUSAL_LANGUAGES,
    SHARED_WORDS,
    Ask,
    Choice,
    Field,
    Said,
    Say,
    Tap,
    expected_words,
    tap_value,
)
from rulebook.kit.explain import quiet
from rulebook.kit.validate import flag, member, whole

_RESOURCES: Final = tuple(s for s in Symbol if s is not Symbol.GOLD)
# A road can be broken only where the player's roads reach a site from each side.
_BREAKABLE: Final = 2


# What each rule expects, as the refusal of a tap words it: the code's words, the page's, each a
# sentence that ends with a full stop (the page adds a link to the rule after it). ``Say``
# curls the apostrophes and sets the French spaces (rulebook.language.spaced).
_EACH_MISSING: Final = (
    "2 gold can stand for each one missing.",
    "2 ors peuvent remplacer chaque ressource manquante.",
)
# An option not offered, of any kind: the refusal every companion shares (SHARED_WORDS).
_CHOOSE: Final = tuple(SHARED_WORDS[lang][f"expected:{OFFERED}"] for lang in REFUSAL_LANGUAGES)
_REFUSALS: Final = {
    "dice that pay for a road": (
        f"A road costs 1 brick and 1 lumber; {_EACH_MISSING[0]}",
        f"Une route coûte 1 argile et 1 bois ; {_EACH_MISSING[1]}",
    ),
    "dice that pay for a settlement": (
        f"A settlement costs 1 brick, 1 lumber, 1 wool and 1 grain; {_EACH_MISSING[0]}",
        f"Une colonie coûte 1 argile, 1 bois, 1 laine et 1 blé ; {_EACH_MISSING[1]}",
    ),
    "dice that pay for a city": (
        f"A city costs 3 ore and 2 grain; {_EACH_MISSING[0]}",
        f"Une ville coûte 3 minerais et 2 blés ; {_EACH_MISSING[1]}",
    ),
    "dice that pay for a knight": (
        f"A knight costs 1 ore, 1 wool and 1 grain; {_EACH_MISSING[0]}",
        f"Un chevalier coûte 1 minerai, 1 laine et 1 blé ; {_EACH_MISSING[1]}",
    ),
    "as many dice as the turn rolls": (
        "Enter as many dice as the turn rolls.",
        "Indiquez autant de dés que le tour en lance.",
    ),
    "a settlement of the builder's on a city site, not yet a city": (
        "A city needs one of your settlements on a city site, not yet a city.",
        "Une ville demande une de vos colonies sur un site de ville, pas encore transformée en"
        " ville.",
    ),
    "6 identical symbols": (
        "A castle needs 6 identical symbols, with the 6 dice of the turn, none spent yet.",
        "Un château demande 6 symboles identiques, avec les 6 dés du tour, aucun encore utilisé.",
    ),
    "fewer than 4 castles built": (
        "All 4 castles are built.",
        "Les 4 châteaux sont construits.",
    ),
    "a knight outside the desert, whose 2 knights are created": (
        "The 2 knights of the desert are built: this knight goes on another hex.",
        "Les 2 chevaliers du désert sont créés : ce chevalier va sur un autre hexagone.",
    ),
    "an unused joker of the player's knights, created on an earlier turn": (
        "Only an unused joker of one of your knights, built on an earlier turn, can be used.",
        "Seul le joker inutilisé d'un de vos chevaliers, créé lors d'un tour précédent, peut"
        " servir.",
    ),
    "a die of the final result": (
        "Choose a die of the final result.",
        "Choisissez un dé du résultat final.",
    ),
    "a resource the knight's joker gives": (
        "Choose a resource the knight's joker gives.",
        "Choisissez une ressource que donne le joker du chevalier.",
    ),
    "a length the player's roads can make": (
        "Choose a length their roads can make.",
        "Choisissez une longueur que ses routes peuvent former.",
    ),
    "players, a whole number from 2 to 4": (
        "Choose from 2 to 4 players.",
        "Choisissez de 2 à 4 joueurs.",
    ),
    "dice, a whole number from 0 to 6": (
        "Enter from 0 to 6 dice of each symbol.",
        "Indiquez de 0 à 6 dés de chaque symbole.",
    ),
    "a city site or not, True or False": _CHOOSE,
    "castles played, True or False": _CHOOSE,
    "a piece among road, settlement, city, knight": _CHOOSE,
    "a symbol among brick, lumber, wool, grain, ore, gold": _CHOOSE,
    "a terrain among brick, lumber, wool, grain, ore, desert": _CHOOSE,
}


@dataclass(frozen=True)
class Knight:
    """A knight on the sheet: its name, owner, hex and the turn it was created on."""

    name: str
    owner: str
    terrain: Terrain
    created_on: int


@dataclass(frozen=True)
class Game:
    """The sheet: the players, whether castles are played, the turn (counted from the first
    player's first), the dice left of its final result (``None`` until it is entered), what
    is built (``Built``, named by the sheet), the settlements marked on city sites, the
    knights, each player's longest road as measured on the map, each player's victory points
    as last said, the question under way (with the player or knight it is about, and the die
    a joker changes), the winners."""

    players: int = 0
    castles: bool | None = None
    turn: int = 0
    dice: tuple[Symbol, ...] | None = None
    built: Built = field(default_factory=Built)
    city_sites: frozenset[str] = frozenset()
    knights: tuple[Knight, ...] = ()
    lengths: tuple[int, ...] = ()
    points: tuple[int, ...] = ()
    asking: str = ""  # "knight", "length", "broken", "broken_length", "die", "into", "nobody"
    about: str = ""
    die: Symbol | None = None
    winners: tuple[str, ...] = ()


def _names(game: Game) -> tuple[str, ...]:
    return tuple(str(n) for n in range(1, game.players + 1))


def _current(game: Game) -> str:
    return str((game.turn - 1) % game.players + 1)


def _roads(game: Game, player: str) -> int:
    return sum(1 for owner in game.built.roads.values() if owner == player)


def _listed(say: Say, items: Sequence[str]) -> str:
    """``1, 2 and 3``."""
    return say("and").join(filter(None, (", ".join(items[:-1]), items[-1])))


def _dice(say: Say, dice: Sequence[Symbol]) -> str:
    counts = [(s, dice.count(s)) for s in Symbol if s in dice]
    return ", ".join(say("count", n=n, what=say.counted(s, n)) for s, n in counts)


class CatanDiceCompanion:
    TERMS: Final = ()
    WORDS: Final = {
        "en": {
            "ask_players": "How many players?",
            "players_n": "{n} players",
            "players_set": "{n} players. Player 1, the youngest, begins; play goes clockwise.",
            "ask_castles": "Play with the optional rule \u201cCastles\u201d?",
            "with_castles": "With castles",
            "without_castles": "Without castles",
            "castles_on": "Castles are played: the 4 corners of the game map hold them.",
            "castles_off": "Castles are not played.",
            "starting": "Each player, from player 1 and clockwise, marks a coastal starting "
            "road on the game map, with at least 5 unbuilt roads between it and every other "
            "starting road.",
            "next_turn": "Turn {turn}: player {player} rolls {dice} dice, up to 3 times.",
            "ask_roll": "Turn {turn}, player {player}: {dice} dice. Your final result?",
            "submit_roll": "Build with it",
            "rolled": "Player {player}'s final result: {dice}.",
            "ask_build": "Player {player}, what do you build? Dice left: {dice}.",
            "nothing": "none",
            "b_road": "Road",
            "b_settlement": "Settlement",
            "b_house": "Settlement, city site",
            "b_city": "City",
            "b_knight": "Knight",
            "b_castle": "Castle",
            "b_joker": "Joker: {joker}",
            "end_turn": "End of turn",
            "nobody": "Nobody can build",
            "ask_nobody": "Does nobody at the table have a build left?",
            "nobody_yes": "Yes, end the game",
            "nobody_no": "No, go back",
            "built_road": "Player {player} builds a road. Dice left: {dice}.",
            "built_settlement": "Player {player} builds a settlement. Dice left: {dice}.",
            "built_house": "Player {player} builds a settlement on a city site, marking its "
            "house. Dice left: {dice}.",
            "built_city": "Player {player} upgrades a settlement to a city, marking its "
            "tower. Dice left: {dice}.",
            "paid_knight": "Player {player} pays for a knight. Dice left: {dice}.",
            "built_knight": "Player {player} builds a knight: on a later turn, once, its joker "
            "turns 1 die into {joker}.",
            "built_castle": "Player {player} builds a castle with {dice}: the turn's dice are "
            "all used.",
            "any_resource": "the resource of your choice",
            "any_short": "any resource",
            "ask_knight": "Which resource does the knight's hex give?",
            "desert": "Desert",
            "ask_length": "Player {player}'s longest continuous road on the map now: how many "
            "road pieces?",
            "length_set": "Player {player}'s longest road: {n} road pieces.",
            "ask_broken": "Does this settlement break another player's road?",
            "no": "No",
            "player_n": "Player {player}",
            "ask_broken_length": "Player {player}'s road is broken: their longest continuous "
            "road now, how many road pieces?",
            "broken_set": "Player {player}'s road is broken: {n} road pieces in a line.",
            "ask_die": "Which die does the joker turn into {joker}?",
            "ask_into": "Into which resource?",
            "joked": "Player {player}'s joker: one {die} die becomes {into}. Dice left: {dice}.",
            "takes_road": "Player {player} takes the Longest Road.",
            "takes_army": "Player {player} takes the Largest Army.",
            "score": "Player {player}: {points}.",
            "won": "Player {player} reaches {points} and wins the game.",
            "most": "Nobody can build any more: player {player} wins with {points}, the most.",
            "tie": "Nobody can build any more: players {players} have the most, {points} "
            "each. The rules do not say how to break the tie.",
            "and": " and ",
            "players": "Players",
            "castles_rule": "Optional rule \u201cCastles\u201d",
            "to_choose": "to choose",
            "turn": "Turn",
            "turn_value": "{turn}: player {player}, {dice} dice",
            "winner": "Winner",
            "winners": "Most points",
            "player_value": "{points}{pieces}",
            "roads_1": "{n} road",
            "roads_n": "{n} roads, longest {longest}",
            "settlements_1": "{n} settlement",
            "settlements_n": "{n} settlements",
            "cities_1": "{n} city",
            "cities_n": "{n} cities",
            "knights_1": "{n} knight",
            "knights_n": "{n} knights",
            "castles_1": "{n} castle",
            "castles_n": "{n} castles",
            "jokers": "jokers: {jokers}",
            "longest_road": "Longest Road",
            "largest_army": "Largest Army",
            "nobody_holds": "nobody",
            "dice_left": "Dice left",
            "castles": "Castles built",
            "castles_value": "{n} of {most}",
            "odds": "Castle odds, player {player}",
            "odds_value": "{percent}% a turn, 1 turn in {turns}, with {jokers}",
            "odds_none": "none this turn: a castle needs {n} dice",
            "desert_jokers_1": "1 desert joker",
            "desert_jokers_n": "{n} desert jokers",
            "points_1": "{n} victory point",
            "points_n": "{n} victory points",
            "count": "{n} {what}",
            "brick_1": "brick",
            "brick_n": "brick",
            "lumber_1": "lumber",
            "lumber_n": "lumber",
            "wool_1": "wool",
            "wool_n": "wool",
            "grain_1": "grain",
            "grain_n": "grain",
            "ore_1": "ore",
            "ore_n": "ore",
            "gold_1": "gold",
            "gold_n": "gold",
            **expected_words(_REFUSALS, "en"),
        },
        "fr": {
            "ask_players": "Combien de joueurs ?",
            "players_n": "{n} joueurs",
            "players_set": "{n} joueurs. Le joueur 1, le plus jeune, commence ; le jeu tourne "
            "dans le sens des aiguilles d'une montre.",
            "ask_castles": "Jouer avec la règle optionnelle « Châteaux » ?",
            "with_castles": "Avec les châteaux",
            "without_castles": "Sans les châteaux",
            "castles_on": "Les châteaux sont joués : ils sont dans les 4 coins de la carte de jeu.",
            "castles_off": "Les châteaux ne sont pas joués.",
            "starting": "Chaque joueur, à partir du joueur 1 et dans le sens des aiguilles "
            "d'une montre, marque sur la carte de jeu une route de départ côtière, séparée "
            "des autres routes de départ par au moins 5 routes non construites.",
            "next_turn": "Tour {turn} : le joueur {player} lance {dice} dés, jusqu'à 3 fois.",
            "ask_roll": "Tour {turn}, joueur {player} : {dice} dés. Votre résultat final ?",
            "submit_roll": "Construire avec ce résultat",
            "rolled": "Résultat final du joueur {player} : {dice}.",
            "ask_build": "Joueur {player}, que construisez-vous ? Dés restants : {dice}.",
            "nothing": "aucun",
            "b_road": "Route",
            "b_settlement": "Colonie",
            "b_house": "Colonie, site de ville",
            "b_city": "Ville",
            "b_knight": "Chevalier",
            "b_castle": "Château",
            "b_joker": "Joker : {joker}",
            "end_turn": "Fin du tour",
            "nobody": "Plus personne ne peut construire",
            "ask_nobody": "Vraiment, plus personne à la table ne peut construire ?",
            "nobody_yes": "Oui, finir la partie",
            "nobody_no": "Non, revenir",
            "built_road": "Le joueur {player} construit une route. Dés restants : {dice}.",
            "built_settlement": "Le joueur {player} construit une colonie. Dés restants : {dice}.",
            "built_house": "Le joueur {player} construit une colonie sur un site de ville et "
            "en marque la maison. Dés restants : {dice}.",
            "built_city": "Le joueur {player} transforme une colonie en ville et en marque la "
            "tour. Dés restants : {dice}.",
            "paid_knight": "Le joueur {player} paie un chevalier. Dés restants : {dice}.",
            "built_knight": "Le joueur {player} crée un chevalier : lors d'un tour suivant, une "
            "seule fois, son joker change 1 dé en {joker}.",
            "built_castle": "Le joueur {player} construit un château avec {dice} : tous les "
            "dés du tour sont utilisés.",
            "any_resource": "la ressource de votre choix",
            "any_short": "au choix",
            "ask_knight": "Quelle ressource donne l'hexagone du chevalier ?",
            "desert": "Désert",
            "ask_length": "Plus longue route continue du joueur {player} sur la carte, "
            "maintenant : combien de tronçons ?",
            "length_set": "Plus longue route du joueur {player} : {n} tronçons.",
            "ask_broken": "Cette colonie interrompt-elle la route d'un autre joueur ?",
            "no": "Non",
            "player_n": "Joueur {player}",
            "ask_broken_length": "La route du joueur {player} est interrompue : combien de "
            "tronçons compte maintenant sa plus longue route continue ?",
            "broken_set": "La route du joueur {player} est interrompue : {n} tronçons à la suite.",
            "ask_die": "Quel dé le joker change-t-il en {joker} ?",
            "ask_into": "En quelle ressource ?",
            "joked": "Joker du joueur {player} : un dé « {die} » devient « {into} ». Dés "
            "restants : {dice}.",
            "takes_road": "Le joueur {player} prend la plus longue route.",
            "takes_army": "Le joueur {player} prend la plus grande armée.",
            "score": "Joueur {player} : {points}.",
            "won": "Le joueur {player} atteint {points} et gagne la partie.",
            "most": "Plus personne ne peut construire : le joueur {player} gagne avec {points}, "
            "le plus grand total.",
            "tie": "Plus personne ne peut construire : les joueurs {players} ont le plus grand "
            "total, {points} chacun. Les règles ne disent pas comment les départager.",
            "and": " et ",
            "players": "Joueurs",
            "castles_rule": "Règle optionnelle « Châteaux »",
            "to_choose": "à choisir",
            "turn": "Tour",
            "turn_value": "{turn} : joueur {player}, {dice} dés",
            "winner": "Gagnant",
            "winners": "Le plus de points",
            "player_value": "{points}{pieces}",
            "roads_1": "{n} route",
            "roads_n": "{n} routes, la plus longue : {longest}",
            "settlements_1": "{n} colonie",
            "settlements_n": "{n} colonies",
            "cities_1": "{n} ville",
            "cities_n": "{n} villes",
            "knights_1": "{n} chevalier",
            "knights_n": "{n} chevaliers",
            "castles_1": "{n} château",
            "castles_n": "{n} châteaux",
            "jokers": "jokers : {jokers}",
            "longest_road": "Plus longue route",
            "largest_army": "Plus grande armée",
            "nobody_holds": "personne",
            "dice_left": "Dés restants",
            "castles": "Châteaux construits",
            "castles_value": "{n} sur {most}",
            "odds": "Chances de château, joueur {player}",
            "odds_value": "{percent} % par tour, 1 tour sur {turns}, avec {jokers}",
            "odds_none": "aucune ce tour : un château demande {n} dés",
            "desert_jokers_1": "{n} joker du désert",
            "desert_jokers_n": "{n} jokers du désert",
            "points_1": "{n} point de victoire",
            "points_n": "{n} points de victoire",
            "count": "{n} {what}",
            "brick_1": "argile",
            "brick_n": "argiles",
            "lumber_1": "bois",
            "lumber_n": "bois",
            "wool_1": "laine",
            "wool_n": "laines",
            "grain_1": "blé",
            "grain_n": "blés",
            "ore_1": "minerai",
            "ore_n": "minerais",
            "gold_1": "or",
            "gold_n": "ors",
            **expected_words(_REFUSALS, "fr"),
        },
    }

    def start(self) -> Game:
        return Game()

    def take(self, game: Game, tap: Tap, say: Say) -> tuple[Game, Sequence[Said]]:
        if game.winners:
            raise RuleError("cd-goal", "no tap once the game has ended", tap)
        if not game.players:
            n = whole(
                "cd-material",
                tap_value("cd-material", tap, "players"),
                "players",
                PLAYERS_MIN,
                PENS,
            )
            return replace(game, players=n), [Said(say("players_set", n=n))]
        if game.castles is None:
            return self._begin(game, tap, say)
        if game.asking:
            return self._answer(game, tap, say)
        if tap == "nobody":  # asked again before the game ends
            return replace(game, asking="nobody"), []
        if game.dice is None:
            return self._roll(game, tap, say)
        return self._build(game, tap, say)

    def _begin(self, game: Game, tap: Tap, say: Say) -> tuple[Game, Sequence[Said]]:
        castles = flag("cd-castles", tap_value("cd-castles", tap, "castles"), "castles played")
        names = _names(game)
        roads = {f"r{n}": player for n, player in enumerate(names, 1)}
        built = Built(roads=roads)
        game = replace(
            game, castles=castles, turn=1, built=built, lengths=(1,) * len(names),
            points=tuple(victory_points(built, p) for p in names),
        )  # fmt: skip
        played = say("castles_on" if castles else "castles_off")
        return game, [Said(f"{played} {say('starting')}"), self._next(game, say)]

    def _next(self, game: Game, say: Say) -> Said:
        dice = dice_for_turn(game.turn)
        return Said(say("next_turn", turn=game.turn, player=_current(game), dice=dice))

    def _roll(self, game: Game, tap: Tap, say: Say) -> tuple[Game, Sequence[Said]]:
        if not isinstance(tap, dict):
            raise RuleError("cd-rolls", OFFERED, tap)
        counts = [whole("cd-rolls", tap.get(s.value, 0), "dice", 0, DICE) for s in Symbol]
        symbols = [s for s, n in zip(Symbol, counts, strict=True) for _ in range(n)]
        dice = final_roll(game.turn, symbols)
        player = _current(game)
        return replace(game, dice=dice), [Said(say("rolled", player=player, dice=_dice(say, dice)))]

    def _build(self, game: Game, tap: Tap, say: Say) -> tuple[Game, Sequence[Said]]:
        player, dice = _current(game), game.dice or ()
        if tap == "end":
            game = replace(game, turn=game.turn + 1, dice=None)
            return game, [self._next(game, say)]
        if isinstance(tap, dict) and "joker" in tap:
            return self._joker(game, tap["joker"])
        what = tap_value("cd-road-settlement", tap, "build")
        built = game.built
        if what == "castle" and not game.castles:
            raise RuleError("cd-castles", OFFERED, tap)
        if what == "castle":
            built = castle_on_sheet(built, player, dice)
            said = Said(say("built_castle", player=player, dice=_dice(say, dice)))
            return self._awarded(replace(game, built=built, dice=()), say, [said])
        piece = member("cd-road-settlement", Piece, what)
        if piece is Piece.CITY:
            built = city_on_sheet(built, player, game.city_sites)
        left = pay(dice, piece)
        game = replace(game, dice=left)
        words = {"player": player, "dice": _dice(say, left) or say("nothing")}
        if piece is Piece.ROAD:
            built = replace(built, roads={**built.roads, f"r{len(built.roads) + 1}": player})
            return replace(game, built=built, asking="length"), [Said(say("built_road", **words))]
        if piece is Piece.KNIGHT:
            return replace(game, asking="knight"), [Said(say("paid_knight", **words))]
        if piece is Piece.CITY:
            return self._awarded(
                replace(game, built=built), say, [Said(say("built_city", **words))]
            )
        assert isinstance(tap, dict)  # it names what is built
        city_site = flag("cd-city-sites", tap.get("city_site", False), "a city site or not")
        return self._settle(game, city_site, say, words)

    def _settle(
        self, game: Game, city_site: bool, say: Say, words: dict[str, str]
    ) -> tuple[Game, Sequence[Said]]:
        built, name = game.built, f"s{len(game.built.settlements) + 1}"
        built = replace(built, settlements={**built.settlements, name: _current(game)})
        sites = game.city_sites | {name} if city_site else game.city_sites
        game = replace(game, built=built, city_sites=sites)
        said = [Said(say("built_house" if city_site else "built_settlement", **words))]
        if self._breakable(game):
            return replace(game, asking="broken"), said
        return self._awarded(game, say, said)

    def _breakable(self, game: Game) -> tuple[str, ...]:
        """The other players whose roads a settlement might break."""
        mover = _current(game)
        return tuple(p for p in _names(game) if p != mover and _roads(game, p) >= _BREAKABLE)

    def _joker(self, game: Game, name: Tap) -> tuple[Game, Sequence[Said]]:
        player = _current(game)
        knight = next((k for k in game.knights if k.name == name and k.owner == player), None)
        usable = knight is not None and can_use_joker(
            knight.created_on, game.turn, knight.name in game.built.used_jokers
        )
        if knight is None or not usable:
            expected = "an unused joker of the player's knights, created on an earlier turn"
            raise RuleError("cd-knight-joker", expected, name)
        if not game.dice:
            raise RuleError("cd-knight-joker", "a die of the final result", game.dice)
        return replace(game, asking="die", about=knight.name), []

    def _answer(self, game: Game, tap: Tap, say: Say) -> tuple[Game, Sequence[Said]]:
        asking, player = game.asking, _current(game)
        game = replace(game, asking="")
        if asking == "nobody":
            if tap == {"nobody": True}:
                return self._nobody(game, say)
            if tap != {"nobody": False}:
                raise RuleError("cd-goal", OFFERED, tap)
            return game, []
        if asking == "knight":
            created = [k.terrain for k in game.knights]
            terrain = knight_terrain(created, tap_value("cd-knight", tap, "terrain"))  # type: ignore[arg-type]
            name = f"k{len(game.knights) + 1}"
            knight = Knight(name, player, terrain, game.turn)
            built = replace(game.built, knights={**game.built.knights, name: player})
            game = replace(game, built=built, knights=(*game.knights, knight))
            said = Said(say("built_knight", player=player, joker=self._gives(say, terrain)))
            return self._awarded(game, say, [said])
        if asking in ("length", "broken_length"):
            return self._length(game, asking, tap, say)
        if asking == "broken":
            other = tap_value("cd-longest-road-broken", tap, "broken")
            if other is None:
                return self._awarded(game, say, [])
            if other not in self._breakable(game):
                raise RuleError("cd-longest-road-broken", OFFERED, tap)
            return replace(game, asking="broken_length", about=str(other)), []
        return self._joke(game, asking, tap, say)

    def _length(self, game: Game, asking: str, tap: Tap, say: Say) -> tuple[Game, Sequence[Said]]:
        mover = _current(game)
        player = game.about if asking == "broken_length" else mover
        at = int(player) - 1
        least, most = (
            (1, game.lengths[at])
            if asking == "broken_length"
            else (game.lengths[at], _roads(game, player))
        )
        n = tap_value("cd-longest-road", tap, "length")
        if isinstance(n, bool) or not isinstance(n, int) or not least <= n <= most:
            raise RuleError("cd-longest-road", "a length the player's roads can make", n)
        lengths = (*game.lengths[:at], n, *game.lengths[at + 1 :])
        game = replace(game, lengths=lengths, about="")
        key = "broken_set" if asking == "broken_length" else "length_set"
        return self._awarded(game, say, [Said(say(key, player=player, n=n))])

    def _joke(self, game: Game, asking: str, tap: Tap, say: Say) -> tuple[Game, Sequence[Said]]:
        knight = next(k for k in game.knights if k.name == game.about)
        dice = game.dice or ()
        if asking == "die":
            die = member("cd-knight-joker", Symbol, tap_value("cd-knight-joker", tap, "die"))
            gives = sorted(joker_symbols(knight.terrain), key=list(Symbol).index)
            if len(gives) > 1:
                return replace(game, asking="into", die=die), []
            into = gives[0]
        else:
            assert game.die is not None  # chosen on the question before
            die = game.die
            into = member("cd-knight-joker", Symbol, tap_value("cd-knight-joker", tap, "into"))
        left = use_joker(dice, knight.terrain, die, into)
        built = replace(game.built, used_jokers=game.built.used_jokers | {knight.name})
        game = replace(game, dice=left, built=built, about="", die=None)
        words = {"die": say(f"{die}_1"), "into": say(f"{into}_1"), "dice": _dice(say, left)}
        return game, [Said(say("joked", player=knight.owner, **words))]

    def _awarded(self, game: Game, say: Say, said: list[Said]) -> tuple[Game, Sequence[Said]]:
        """After a build: the Longest Road and the Largest Army, then the builder's points."""
        player, before = _current(game), game.built
        lengths = dict(zip(_names(game), game.lengths, strict=True))
        built = awards_on_sheet(before, player, lengths)
        game = replace(game, built=built)
        said = list(said)
        if built.longest_road != before.longest_road:
            said.append(Said(say("takes_road", player=player)))
        if built.largest_army != before.largest_army:
            said.append(Said(say("takes_army", player=player)))
        names = _names(game)
        points = {p: victory_points(built, p) for p in names}
        if has_won(points[player]):
            said.append(
                Said(say("won", player=player, points=say.counted("points", points[player])))
            )
            return replace(game, winners=(player,)), said
        # Each player's points, said only when this build changed them (the builder's first).
        for p in sorted(names, key=lambda p: p != player):
            if points[p] != game.points[int(p) - 1]:
                said.append(Said(say("score", player=p, points=say.counted("points", points[p]))))
        return replace(game, points=tuple(points[p] for p in names)), said

    def _nobody(self, game: Game, say: Say) -> tuple[Game, Sequence[Said]]:
        points = {p: victory_points(game.built, p) for p in _names(game)}
        winners = most_points(points)
        shown = say.counted("points", points[winners[0]])
        if len(winners) == 1:
            return replace(game, winners=winners), [
                Said(say("most", player=winners[0], points=shown))
            ]
        players = _listed(say, winners)
        return replace(game, winners=winners), [Said(say("tie", players=players, points=shown))]

    def _gives(self, say: Say, terrain: Terrain, short: bool = False) -> str:
        """What a knight's joker turns a die into, in words."""
        if terrain is Terrain.DESERT:
            return say("any_short" if short else "any_resource")
        return say(f"{terrain}_1")

    def ask(self, game: Game, say: Say) -> Ask | None:
        if game.winners:
            return None
        if not game.players:
            counts = range(PLAYERS_MIN, PENS + 1)
            return Ask(
                say("ask_players"),
                tuple(Choice(say("players_n", n=n), {"players": n}) for n in counts),
            )
        if game.castles is None:
            return Ask(
                say("ask_castles"),
                (
                    Choice(say("with_castles"), {"castles": True}),
                    Choice(say("without_castles"), {"castles": False}),
                ),
            )
        if game.asking:
            return self._question(game, say)
        # Last, never the usual tap, and asked again before the game ends.
        player, nobody = _current(game), Choice(say("nobody"), "nobody")
        if game.dice is None:
            dice = dice_for_turn(game.turn)
            fields = tuple(Field(s.value, say(f"{s}_1").capitalize(), 0, dice, 0) for s in Symbol)
            question = say("ask_roll", turn=game.turn, player=player, dice=dice)
            return Ask(question, (nobody,), fields, say("submit_roll"))
        builds = self._builds(game, say)
        for knight in self._usable(game) if game.dice else ():
            joker = say("b_joker", joker=self._gives(say, knight.terrain, short=True))
            builds.append(Choice(joker, {"joker": knight.name}))
        builds += [Choice(say("end_turn"), "end", "main"), nobody]
        left = _dice(say, game.dice) or say("nothing")
        return Ask(say("ask_build", player=player, dice=left), tuple(builds))

    def _builds(self, game: Game, say: Say) -> list[Choice]:
        """The builds the turn's dice left can still pay for, as ``pay`` says; a city only
        with a settlement to upgrade (``city_on_sheet``), a castle only as
        ``castle_on_sheet`` allows it."""
        player, dice, built = _current(game), game.dice or (), game.built
        builds = []
        if _accepts(pay, dice, Piece.ROAD):
            builds.append(Choice(say("b_road"), {"build": "road"}))
        if _accepts(pay, dice, Piece.SETTLEMENT):
            builds += [
                Choice(say("b_settlement"), {"build": "settlement", "city_site": False}),
                Choice(say("b_house"), {"build": "settlement", "city_site": True}),
            ]
        if _accepts(pay, dice, Piece.CITY) and _accepts(
            city_on_sheet, built, player, game.city_sites
        ):
            builds.append(Choice(say("b_city"), {"build": "city"}))
        if _accepts(pay, dice, Piece.KNIGHT):
            builds.append(Choice(say("b_knight"), {"build": "knight"}))
        if game.castles and _accepts(castle_on_sheet, built, player, dice):
            builds.append(Choice(say("b_castle"), {"build": "castle"}))
        return builds

    def _usable(self, game: Game) -> list[Knight]:
        player, used = _current(game), game.built.used_jokers
        return [
            k for k in game.knights
            if k.owner == player and can_use_joker(k.created_on, game.turn, k.name in used)
        ]  # fmt: skip

    def _question(self, game: Game, say: Say) -> Ask:
        player = _current(game)
        if game.asking == "knight":
            options = [Choice(say(f"{s}_1").capitalize(), {"terrain": s.value}) for s in _RESOURCES]
            created = [k.terrain for k in game.knights]
            if _accepts(knight_terrain, created, Terrain.DESERT):  # the desert holds 2
                options.append(Choice(say("desert"), {"terrain": Terrain.DESERT.value}))
            return Ask(say("ask_knight"), tuple(options))
        if game.asking == "broken":
            others = [
                Choice(say("player_n", player=p), {"broken": p}) for p in self._breakable(game)
            ]
            return Ask(say("ask_broken"), (Choice(say("no"), {"broken": None}, "main"), *others))
        if game.asking in ("length", "broken_length"):
            broken = game.asking == "broken_length"
            who = game.about if broken else player
            at = int(who) - 1
            least, most = (1, game.lengths[at]) if broken else (game.lengths[at], _roads(game, who))
            key = "ask_broken_length" if broken else "ask_length"
            lengths = tuple(Choice(str(n), {"length": n}) for n in range(least, most + 1))
            return Ask(say(key, player=who), lengths)
        if game.asking == "nobody":
            return Ask(
                say("ask_nobody"),
                (
                    Choice(say("nobody_yes"), {"nobody": True}),
                    Choice(say("nobody_no"), {"nobody": False}, "main"),
                ),
            )
        knight = next(k for k in game.knights if k.name == game.about)
        if game.asking == "die":
            dice = game.dice or ()
            faces = [s for s in Symbol if s in dice]
            return Ask(
                say("ask_die", joker=self._gives(say, knight.terrain)),
                tuple(Choice(say(f"{s}_1").capitalize(), {"die": s.value}) for s in faces),
            )
        gives = [s for s in Symbol if s in joker_symbols(knight.terrain)]
        return Ask(
            say("ask_into"),
            tuple(Choice(say(f"{s}_1").capitalize(), {"into": s.value}) for s in gives),
        )

    def status(self, game: Game, say: Say) -> Sequence[tuple[str, str]]:
        if not game.players:
            return [(say("players"), say("to_choose"))]
        if not game.turn:
            return [(say("players"), str(game.players)), (say("castles_rule"), say("to_choose"))]
        lines = []
        if game.winners:
            key = "winner" if len(game.winners) == 1 else "winners"
            shown = _listed(say, [say("player_n", player=p) for p in game.winners])
            lines.append((say(key), shown))
        else:
            dice = dice_for_turn(game.turn)
            value = say("turn_value", turn=game.turn, player=_current(game), dice=dice)
            lines.append((say("turn"), value))
        for player in _names(game):
            lines.append((say("player_n", player=player), self._sheet(game, player, say)))
        for key, holder in (
            ("longest_road", game.built.longest_road),
            ("largest_army", game.built.largest_army),
        ):
            shown = say("nobody_holds") if holder is None else say("player_n", player=holder)
            lines.append((say(key), shown))
        if game.dice is not None and not game.winners:
            lines.append((say("dice_left"), _dice(say, game.dice) or say("nothing")))
        if game.castles:
            built = len(game.built.castles)
            lines.append((say("castles"), say("castles_value", n=built, most=CASTLES)))
            if not game.winners:
                lines.append(self._odds(game, say))
        return lines

    def _sheet(self, game: Game, player: str, say: Say) -> str:
        built = game.built
        mine = [s for s, owner in built.settlements.items() if owner == player]
        cities = sum(1 for s in mine if s in built.cities)
        knights = [k for k in game.knights if k.owner == player]
        counts = (
            ("roads", _roads(game, player)),
            ("settlements", len(mine) - cities),
            ("cities", cities),
            ("knights", len(knights)),
            ("castles", built.castles.count(player)),
        )
        longest = game.lengths[int(player) - 1]
        pieces = [say.counted(key, n, longest=longest) for key, n in counts if n]
        jokers = [
            self._gives(say, k.terrain, short=True)
            for k in knights
            if k.name not in built.used_jokers
        ]
        if jokers:
            pieces.append(say("jokers", jokers=", ".join(jokers)))
        points = say.counted("points", victory_points(built, player))
        return say("player_value", points=points, pieces="".join(f" · {p}" for p in pieces))

    def _odds(self, game: Game, say: Say) -> tuple[str, str]:
        player = _current(game)
        dice = dice_for_turn(game.turn)
        with quiet():  # whether the turn's dice, all alike, can make a castle at all
            possible = castle_rolled((Symbol.GOLD,) * dice)
        if not possible:
            return say("odds", player=player), say("odds_none", n=CASTLE_SYMBOLS)
        jokers = sum(1 for k in self._usable(game) if k.terrain is Terrain.DESERT)
        row = _CASTLE_TABLE[1 + jokers]
        percent, turns = row[2][0], row[3][1]
        count = say.counted("desert_jokers", jokers)
        value = say("odds_value", percent=percent, turns=turns, jokers=count)
        return say("odds", player=player), value


def _accepts(rule: Callable[..., object], *args: object) -> bool:
    """Whether a rule function accepts these values (its steps unrecorded: a build offered,
    not made)."""
    with quiet():
        try:
            rule(*args)
        except RuleError:
            return False
    return True


# The castle odds, computed once when the module is imported (a fifth of a second in the
# page's Python): Python's snapshot then holds them, and no tap waits for them.
_CASTLE_TABLE: Final = castle_table()
COMPANION: Final = CatanDiceCompanion()
