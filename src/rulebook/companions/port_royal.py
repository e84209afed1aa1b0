"""Port Royal solo, at the table: Morgan run by the rule functions, one roll at a time.

The level is chosen once. On Morgan's turn each roll is one tap (one of the 12 ships and
ship's wheels); ``morgan_roll`` says what it does, and once he stops ``morgan_turn`` scores
the whole turn ("Morgan: 8 → 9"). Between his turns, his score answers a treasure or a
mission on a roll of the colour die (``treasure_gone``, ``mission_fulfilled``,
``mission_points``). The sudden-death count of his space is the player's to set: the score
track prints it, the rules do not; it is cleared whenever his marker moves.
"""

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final

from rulebook.errors import RuleError
from rulebook.games.port_royal import morgan, rolls, rules
from rulebook.games.port_royal.morgan import (
    Outcome,
    mission_fulfilled,
    mission_points,
    morgan_roll,
    morgan_turn,
    treasure_gone,
)
from rulebook.games.port_royal.rolls import Roll
from rulebook.games.port_royal.rules import _MAX_ITEMS, WINNING_SCORE, Colour, Level, Piece
from rulebook.kit.companion import OFFERED, Ask, Choice, Field, Said, Say, Tap, tap_value
from rulebook.kit.explain import explained
from rulebook.kit.validate import member, whole


@dataclass(frozen=True)
class Game:
    """Morgan's side of the table: his level, score and sudden-death count; on his turn, his
    rolls so far and the board."""

    level: Level | None = None
    score: int = 0
    sudden_death_at: int | None = None
    rolling: bool = False
    rolls: tuple[Roll, ...] = ()
    board: tuple[Roll, ...] = ()
    checking: str = ""  # "treasure" while the colour die is rolled for one
    over: str = ""  # "morgan" or "you" once the game has ended


def _roll_choice(say: Say, roll: Roll) -> Choice:
    """A roll's button: its words, its tap, its colour."""
    tap: Tap = {"colour": roll.colour.value, "piece": roll.piece.value}
    return Choice(say.term(str(roll)).capitalize(), tap, roll.colour.value)


def _tap(rule: str, tap: Tap, key: str) -> object:
    """``tap_value``, refused in words that name what the key asks for (``WORDS``)."""
    return tap_value(rule, tap, key, f"a tap naming {key}")


class PortRoyalCompanion:
    TERMS: Final = (*rules.TERMS, *rolls.TERMS, *morgan.TERMS)
    WORDS: Final = {
        "en": {
            "level": "Morgan's level",
            "score": "Morgan's score",
            "score_value": "{score} of {goal}",
            "sudden": "Sudden death on his space",
            "sudden_none": "none",
            "sudden_value": "{count} ships and wheels",
            "board": "On the board",
            "board_empty": "nothing",
            "ask_level": "Choose Morgan's level.",
            "chosen": "Morgan plays at level {level}, from 0 points. Place the treasure chest "
            "beside the game board.",
            "ask_next": "What now?",
            "morgan_turn": "Morgan's turn",
            "treasure": "A treasure: still there?",
            "mission": "A mission: fulfilled?",
            "set_sudden": "Sudden death on his space",
            "you_won": "I have won",
            "turn_started": "Place the treasure chest on the game board: Morgan is the "
            "active player.",
            "ask_roll": "Morgan rolls. What did he roll?",
            "added_ship": "{roll}: put it on the board. Morgan rolls again.",
            "added_wheel": "{roll}: put it on the board. Morgan rolls again.",
            "put_back": "{roll}, already on the board: put it back beside the board. Morgan "
            "rolls again.",
            "failed": "{roll}, already on the board: remove it. Morgan has failed phase 1.",
            "sudden_won": "{roll}: {count} ships and wheels on the board. Morgan wins by "
            "sudden death.",
            "scored": "{items} on the board: {points}. Morgan: {start} → {after}.",
            "extra": "Extra point at {level} level: Morgan: {after} → {score}.",
            "no_extra": "No extra point at {level} level.",
            "marker_moved": "His marker has moved: if his new space is in the sudden-death "
            "zone, set the number it requires.",
            "reached": "Morgan has {score} points: he wins the game.",
            "phase_2": "Morgan's phase 2: you play it as the passive player, then remove the "
            "treasure chest.",
            "ask_treasure": "Roll the colour die for the treasure. Which colour?",
            "gone": "{colour} with Morgan on {score}: the treasure has gone. Mark it on your "
            "game map.",
            "there": "{colour} with Morgan on {score}: the treasure is still there.",
            "mission_value": "The mission's value",
            "mission_colour": "The colour die",
            "mission_submit": "Check the mission",
            "ask_mission": "The mission's value as printed, and the colour you roll.",
            "fulfilled": "{colour} with Morgan on {score}: Morgan has fulfilled the mission. "
            "It scores you {scored} instead of {worth}. Mark it fulfilled on your game map.",
            "not_fulfilled": "{colour} with Morgan on {score}: the mission is not fulfilled "
            "yet. It scores you {scored}.",
            "ask_sudden": "How many ships and wheels does Morgan's space require for sudden "
            "death? The score track shows it.",
            "sudden_set": "Sudden death on Morgan's space: {value}.",
            "you_win": "You win the game. Morgan ends on {score} points.",
            "morgan_wins": "Morgan has won.",
            "items_1": "{n} item",
            "items_n": "{n} items",
            "points_1": "{n} point",
            "points_n": "{n} points",
            # Refusals: what to do, as a sentence a player can follow.
            "expected:a tap naming level": "Choose one of the levels offered.",
            "expected:a tap naming colour": "Choose one of the colours offered.",
            "expected:a tap naming roll": "Choose one of the rolls offered.",
            "expected:a tap naming sudden": (
                "Choose the number of ships and ship's wheels required for sudden death."
            ),
            "expected:a level among easy, walking, accelerating, running, extreme": (
                "Choose a level among easy, walking, accelerating, running, extreme."
            ),
            "expected:a colour among yellow, orange, green, blue, red, black": (
                "Choose a colour among yellow, orange, green, blue, red, black."
            ),
            "expected:a piece among ship, wheel": "Choose one of the rolls offered.",
            "expected:a sudden-death count, a whole number from 1 to 12": (
                "Choose the number of ships and ship's wheels required for sudden death, from "
                "1 to 12."
            ),
            "expected:a mission's value as the base game prints it, a whole number of 0 or "
            "more": "Enter the mission's value as the base game prints it, 0 or more.",
            "expected:a mission's value and a colour": (
                "Enter the mission's value and choose a colour."
            ),
        },
        "fr": {
            "level": "Niveau de Morgan",
            "score": "Score de Morgan",
            "score_value": "{score} sur {goal}",
            "sudden": "Mort subite sur sa case",
            "sudden_none": "aucune",
            "sudden_value": "{count} navires et roues de navire",
            "board": "Sur le plateau",
            "board_empty": "rien",
            "ask_level": "Choisissez le niveau de Morgan.",
            "chosen": "Morgan joue au niveau {level}, à partir de 0 point. Placez le coffre "
            "au trésor à côté du plateau de jeu.",
            "ask_next": "Et maintenant ?",
            "morgan_turn": "Tour de Morgan",
            "treasure": "Un trésor : est-il encore là ?",
            "mission": "Une mission : est-elle remplie ?",
            "set_sudden": "Mort subite sur sa case",
            "you_won": "J’ai gagné",
            "turn_started": "Placez le coffre au trésor sur le plateau de jeu : Morgan est le "
            "joueur actif.",
            "ask_roll": "Morgan lance les dés. Qu'a-t-il obtenu ?",
            "added_ship": "{roll} : mettez-le sur le plateau. Morgan lance à nouveau.",
            "added_wheel": "{roll} : mettez-la sur le plateau. Morgan lance à nouveau.",
            "put_back": "{roll}, déjà sur le plateau : remettez-la à côté du plateau. "
            "Morgan relance.",
            "failed": "{roll}, déjà sur le plateau : retirez-le. Morgan a échoué à la phase 1.",
            "sudden_won": "{roll} : {count} navires et roues de navire sur le plateau. Morgan "
            "gagne par mort subite.",
            "scored": "{items} sur le plateau : {points}. Morgan : {start} → {after}.",
            "extra": "Point supplémentaire au niveau {level} : Morgan : {after} → {score}.",
            "no_extra": "Pas de point supplémentaire au niveau {level}.",
            "marker_moved": "Son marqueur a avancé : si sa nouvelle case est dans la zone de "
            "mort subite, indiquez le nombre qu'elle exige.",
            "reached": "Morgan a {score} points : il gagne la partie.",
            "phase_2": "Phase 2 de Morgan : vous la jouez en tant que joueur passif, puis "
            "retirez le coffre au trésor.",
            "ask_treasure": "Lancez le dé de couleur pour le trésor. Quelle couleur ?",
            "gone": "{colour} avec Morgan à {score} : le trésor a disparu. Notez-le sur "
            "votre carte de jeu.",
            "there": "{colour} avec Morgan à {score} : le trésor est encore là.",
            "mission_value": "Valeur de la mission",
            "mission_colour": "Dé de couleur",
            "mission_submit": "Vérifier la mission",
            "ask_mission": "La valeur imprimée de la mission, et la couleur obtenue.",
            "fulfilled": "{colour} avec Morgan à {score} : Morgan a rempli la mission. Elle "
            "vous rapporte {scored} au lieu de {worth}. Notez sur votre carte de jeu qu'elle "
            "est remplie.",
            "not_fulfilled": "{colour} avec Morgan à {score} : la mission n’est pas encore "
            "remplie. Elle vous rapporte {scored}.",
            "ask_sudden": "Combien de navires et de roues de navire la case de Morgan "
            "exige-t-elle pour la mort subite ? La piste de score l’indique.",
            "sudden_set": "Mort subite sur la case de Morgan : {value}.",
            "you_win": "Vous gagnez la partie. Morgan finit à {score} points.",
            "morgan_wins": "Morgan a gagné.",
            "items_1": "{n} objet",
            "items_n": "{n} objets",
            "points_1": "{n} point",
            "points_n": "{n} points",
            "expected:a tap naming level": "Choisissez l'un des niveaux proposés.",
            "expected:a tap naming colour": "Choisissez l'une des couleurs proposées.",
            "expected:a tap naming roll": "Choisissez l'un des lancers proposés.",
            "expected:a tap naming sudden": (
                "Choisissez le nombre de navires et de roues de navire qu'exige la mort subite."
            ),
            "expected:a level among easy, walking, accelerating, running, extreme": (
                "Choisissez un niveau parmi facile, marche, accélération, course, extrême."
            ),
            "expected:a colour among yellow, orange, green, blue, red, black": (
                "Choisissez une couleur parmi jaune, orange, vert, bleu, rouge, noir."
            ),
            "expected:a piece among ship, wheel": "Choisissez l'un des lancers proposés.",
            "expected:a sudden-death count, a whole number from 1 to 12": (
                "Choisissez le nombre de navires et de roues de navire qu'exige la mort subite, "
                "de 1 à 12."
            ),
            "expected:a mission's value as the base game prints it, a whole number of 0 or "
            "more": "Indiquez la valeur de la mission telle que l'imprime le jeu de base, 0 "
            "ou plus.",
            "expected:a mission's value and a colour": (
                "Indiquez la valeur de la mission et choisissez une couleur."
            ),
        },
    }

    def start(self) -> Game:
        return Game()

    def take(self, game: Game, tap: Tap, say: Say) -> tuple[Game, Sequence[Said]]:
        if game.over:
            raise RuleError("pr-end", "no tap once the game has ended", tap)
        if game.level is None:
            level = member("pr-setup-level", Level, _tap("pr-setup-level", tap, "level"))
            return replace(game, level=level), [Said(say("chosen", level=say.term(level)))]
        if game.rolling:
            return self._roll(game, tap, say)
        if game.checking == "treasure":
            colour = member("pr-treasures-table", Colour, _tap("pr-treasures-table", tap, "colour"))
            gone, steps = explained(treasure_gone, game.score, colour)
            words = {
                "colour": say.term(colour).capitalize(),
                "score": say.counted("points", game.score),
            }
            text = say("gone" if gone else "there", **words)
            return replace(game, checking=""), [Said(text, steps)]
        if game.checking == "mission":
            if not isinstance(tap, dict):
                raise RuleError("pr-mission-fulfilled", "a mission's value and a colour", tap)
            return replace(game, checking=""), [self._mission(game, tap, say)]
        if game.checking == "sudden":
            value = _tap("pr-morgan-roll", tap, "sudden")
            count = (
                None
                if value is None
                else whole("pr-morgan-roll", value, "a sudden-death count", 1, _MAX_ITEMS)
            )
            shown = say("sudden_none") if count is None else say("sudden_value", count=count)
            game = replace(game, sudden_death_at=count, checking="")
            return game, [Said(say("sudden_set", value=shown))]
        if tap == "morgan":
            return replace(game, rolling=True, rolls=(), board=()), [Said(say("turn_started"))]
        if tap in ("treasure", "mission", "sudden"):
            return replace(game, checking=str(tap)), []
        if tap == "you":
            return replace(game, over="you"), [Said(say("you_win", score=game.score))]
        raise RuleError("pr-morgan-phase-1", OFFERED, tap)

    def _roll(self, game: Game, tap: Tap, say: Say) -> tuple[Game, Sequence[Said]]:
        rule = "pr-morgan-roll"
        if not isinstance(tap, dict) or "colour" not in tap or "piece" not in tap:
            raise RuleError(rule, "a tap naming roll", tap)
        roll = Roll(member(rule, Colour, tap["colour"]), member(rule, Piece, tap["piece"]))
        result, steps = explained(morgan_roll, game.board, roll, game.sudden_death_at)
        game = replace(game, rolls=(*game.rolls, roll), board=result.board)
        shown = say.term(str(roll)).capitalize()
        if result.again:
            key = "put_back" if result.outcome is Outcome.PUT_BACK else f"added_{roll.piece.value}"
            return game, [Said(say(key, roll=shown), steps)]
        assert game.level is not None
        turn, scoring = explained(
            morgan_turn, game.score, game.level, game.rolls, game.sudden_death_at
        )
        moved = turn.score != game.score  # his space changed: its sudden-death count is unknown
        sudden = None if moved else game.sudden_death_at
        game = replace(game, rolling=False, rolls=(), board=(), score=turn.score)
        game = replace(game, sudden_death_at=sudden)
        if turn.won and result.outcome is Outcome.WON:
            count = len(result.board)
            won = Said(say("sudden_won", roll=shown, count=count), (*steps, *scoring))
            return replace(game, over="morgan"), [won]
        said = [Said(say("failed", roll=shown), steps)]
        items = say.counted("items", turn.items)
        points = say.counted("points", turn.points)
        scored = say(
            "scored", items=items, points=points, start=turn.start, after=turn.after_points
        )
        said.append(Said(scored, scoring))
        level = say.term(game.level)
        if turn.after_points < WINNING_SCORE:
            key = "extra" if turn.extra else "no_extra"
            said.append(Said(say(key, level=level, after=turn.after_points, score=turn.score)))
        if turn.won:
            said.append(Said(say("reached", score=turn.score)))
            return replace(game, over="morgan"), said
        said.append(Said(say("phase_2")))
        if moved:
            said.append(Said(say("marker_moved")))
        return game, said

    def _mission(self, game: Game, tap: dict[str, Tap], say: Say) -> Said:
        rule = "pr-mission-fulfilled"
        colour = member(rule, Colour, tap.get("colour"))
        worth = tap.get("mission")
        with_steps = explained(mission_fulfilled, game.score, colour)
        done, steps = with_steps
        scored, more = explained(mission_points, worth, done)  # type: ignore[arg-type]
        key = "fulfilled" if done else "not_fulfilled"
        words = {
            "colour": say.term(colour).capitalize(),
            "score": say.counted("points", game.score),
        }
        # ``mission_points`` took ``worth`` (it refuses all but a whole number): an int here.
        worth_said = say.counted("points", worth)  # type: ignore[arg-type]
        points = {"scored": say.counted("points", scored), "worth": worth_said}
        return Said(say(key, **words, **points), (*steps, *more))

    def ask(self, game: Game, say: Say) -> Ask | None:
        if game.over:
            return None
        if game.level is None:
            return Ask(
                say("ask_level"),
                tuple(Choice(say.term(lv).capitalize(), {"level": lv.value}) for lv in Level),
            )
        colours = tuple(
            Choice(say.term(c).capitalize(), {"colour": c.value}, c.value) for c in Colour
        )
        if game.rolling:  # the 12 results of the dice, by colour, a ship then its wheel
            rolls = tuple(_roll_choice(say, Roll(c, p)) for c in Colour for p in Piece)
            return Ask(say("ask_roll"), rolls)
        if game.checking == "treasure":
            return Ask(say("ask_treasure"), colours)
        if game.checking == "mission":
            fields = (
                Field("mission", say("mission_value"), 0, 20, 2),
                Field(
                    "colour",
                    say("mission_colour"),
                    value=None,  # the colour rolled, picked by the player: none at first
                    options=tuple(Choice(c.label, c.tone, c.tone) for c in colours),
                ),
            )
            return Ask(say("ask_mission"), fields=fields, submit=say("mission_submit"))
        if game.checking == "sudden":
            counts = tuple(Choice(str(n), {"sudden": n}) for n in range(1, _MAX_ITEMS + 1))
            return Ask(say("ask_sudden"), (Choice(say("sudden_none"), {"sudden": None}), *counts))
        return Ask(
            say("ask_next"),
            (
                Choice(say("morgan_turn"), "morgan", "main"),
                Choice(say("treasure"), "treasure"),
                Choice(say("mission"), "mission"),
                Choice(say("set_sudden"), "sudden"),
                Choice(say("you_won"), "you"),
            ),
        )

    def status(self, game: Game, say: Say) -> Sequence[tuple[str, str]]:
        lines = []
        if game.level is not None:
            lines.append((say("level"), say.term(game.level)))
        lines.append((say("score"), say("score_value", score=game.score, goal=WINNING_SCORE)))
        sudden = game.sudden_death_at
        lines.append(
            (
                say("sudden"),
                say("sudden_none") if sudden is None else say("sudden_value", count=sudden),
            )
        )
        if game.rolling:
            board = ", ".join(say.term(str(r)) for r in game.board) or say("board_empty")
            lines.append((say("board"), board))
        return lines


COMPANION: Final = PortRoyalCompanion()
