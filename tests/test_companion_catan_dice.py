"""The Catan Dice "Extra" score sheet at the table: every figure it shows is the rule
functions' own, every build it refuses is refused by a rule and said in the page's language,
and any choice it offers can be tapped next."""

import json
import re
from random import Random

import pytest

from rulebook.companions.catan_dice import COMPANION, Game
from rulebook.games.catan_dice import (
    Built,
    Piece,
    Symbol,
    awards_on_sheet,
    castle_table,
    dice_for_turn,
    has_won,
    largest_army_holder,
    longest_road_holder,
    most_points,
    parse_symbols,
    pay,
    victory_points,
)
from rulebook.kit.companion import Ask, Screen, Tap, page_play, play, say_for


def roll(text: str) -> dict[str, Tap]:
    """The final result of a turn as the form sends it: a count for each symbol."""
    words = text.split()
    return {s.value: words.count(s.value) for s in Symbol}


def road(length: int) -> list[Tap]:
    return [{"build": "road"}, {"length": length}]


NO_BREAK: Tap = {"broken": None}

# Two players, castles played. Player 1 wins on turn 17 with 10 victory points: 2 castles
# (one with both desert jokers, one with an ore joker), the Largest Army, a city and a
# settlement; player 2 holds the Longest Road, has a city, 2 settlements and a castle.
WHOLE_GAME: list[Tap] = [
    {"players": 2},
    {"castles": True},
    # turn 1, player 1, 3 dice
    roll("brick lumber ore"), *road(2), "end",
    # turn 2, player 2, 4 dice: a settlement on a city site; player 1 has 2 roads
    roll("brick lumber wool grain"), {"build": "settlement", "city_site": True}, NO_BREAK, "end",
    # turn 3, player 1, 5 dice: 2 gold pay for nothing missing
    roll("brick lumber wool grain gold"), {"build": "settlement", "city_site": False}, "end",
    # turn 4, player 2: a city, the wool left
    roll("ore ore ore grain grain wool"), {"build": "city"}, "end",
    # turn 5, player 1: both knights of the desert
    roll("ore wool grain ore wool grain"),
    {"build": "knight"}, {"terrain": "desert"},
    {"build": "knight"}, {"terrain": "desert"},
    "end",
    # turn 6, player 2: 3 roads
    roll("brick lumber brick lumber brick lumber"), *road(2), *road(3), *road(4), "end",
    # turn 7, player 1: both desert jokers turn the gold into ore, then a castle
    roll("ore ore ore ore gold gold"),
    {"joker": "k1"}, {"die": "gold"}, {"into": "ore"},
    {"joker": "k2"}, {"die": "gold"}, {"into": "ore"},
    {"build": "castle"}, "end",
    # turn 8, player 2: 5 road pieces, the Longest Road; then 6
    roll("brick lumber brick lumber wool grain"), *road(5), *road(6), "end",
    # turn 9, player 1: a third knight, the Largest Army, and a fourth
    roll("ore wool grain ore wool grain"),
    {"build": "knight"}, {"terrain": "ore"},
    {"build": "knight"}, {"terrain": "grain"},
    "end",
    # turn 10, player 2
    roll("brick lumber wool grain brick lumber"),
    {"build": "settlement", "city_site": False}, NO_BREAK, *road(7), "end",
    # turn 11, player 1: the ore joker turns the gold into ore by itself, then a castle
    roll("ore ore ore ore ore gold"), {"joker": "k3"}, {"die": "gold"}, {"build": "castle"}, "end",
    # turn 12, player 2
    roll("brick lumber wool grain brick lumber"),
    {"build": "settlement", "city_site": True}, NO_BREAK, *road(8), "end",
    # turn 13, player 1: a road, then a settlement that breaks player 2's road
    roll("brick lumber wool grain brick lumber"),
    *road(3), {"build": "settlement", "city_site": True}, {"broken": "2"}, {"length": 5}, "end",
    # turn 14, player 2: 6 gold, a castle
    roll("gold gold gold gold gold gold"), {"build": "castle"}, "end",
    # turn 15, player 1: the grain joker turns the brick into grain, then a city
    roll("ore ore ore grain gold brick"), {"joker": "k4"}, {"die": "brick"}, {"build": "city"},
    "end",
    # turn 16, player 2: nothing to build
    roll("brick brick brick brick brick brick"), "end",
    # turn 17, player 1: a settlement, 10 victory points
    roll("brick lumber wool grain ore ore"), {"build": "settlement", "city_site": False}, NO_BREAK,
]  # fmt: skip


def replay(taps: list[Tap], lang: str = "en") -> Game:
    say = say_for(COMPANION, lang)
    game = COMPANION.start()
    for tap in taps:
        game, _ = COMPANION.take(game, tap, say)
    return game


def screen(taps: list[Tap], lang: str = "en") -> Screen:
    return play(COMPANION, taps, lang)


def status(taps: list[Tap], lang: str = "en") -> dict[str, str]:
    return dict(screen(taps, lang).status)


def said(taps: list[Tap], lang: str = "en") -> str:
    return " ".join(s.text for s in screen(taps, lang).said)


def labels(ask: Ask | None) -> list[str]:
    assert ask is not None
    return [c.label for c in ask.choices]


def until(marker: str) -> list[Tap]:
    """The whole game's taps up to the turn whose comment names ``marker``: the taps
    before the roll of that turn."""
    turns = [i for i, tap in enumerate(WHOLE_GAME) if isinstance(tap, dict) and "brick" in tap]
    return WHOLE_GAME[: turns[int(marker) - 1]]


# The whole game


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_whole_game_is_played_to_its_end_without_a_refusal(lang: str) -> None:
    last = screen(WHOLE_GAME, lang)
    assert last.refused == "" and last.kept == len(WHOLE_GAME)
    assert last.ask is None


def test_player_1_wins_the_whole_game_on_reaching_10_victory_points() -> None:
    game = replay(WHOLE_GAME)
    assert game.winners == ("1",)
    assert victory_points(game.built, "1") == 10 and has_won(10)
    assert said(WHOLE_GAME).endswith("Player 1 reaches 10 victory points and wins the game.")
    assert dict(screen(WHOLE_GAME, "fr").status)["Gagnant"] == "Joueur 1"


def test_the_whole_game_s_final_sheet_holds_what_the_rules_score() -> None:
    """Built again from the game's rule functions alone: the same victory points."""
    settlements = {"s1": "2", "s2": "1", "s3": "2", "s4": "2", "s5": "1", "s6": "1"}
    knights = dict.fromkeys(("k1", "k2", "k3", "k4"), "1")
    built = Built(
        settlements=settlements, cities=frozenset({"s1", "s5"}), knights=knights,
        castles=("1", "1", "2"), longest_road="2", largest_army="1",
    )  # fmt: skip
    game = replay(WHOLE_GAME)
    assert game.built.settlements == settlements and game.built.cities == built.cities
    assert game.built.castles == built.castles and game.built.knights == knights
    assert [victory_points(built, p) for p in ("1", "2")] == [10, 7]
    sheet = status(WHOLE_GAME)
    assert sheet["Player 1"].startswith(
        "10 victory points · 3 roads, longest 3 · 2 settlements · 1 city"
    )
    assert sheet["Player 2"].startswith("7 victory points · 8 roads, longest 5 · 2 settlements")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_figure_on_every_screen_of_the_whole_game_is_the_rules(lang: str) -> None:
    say = say_for(COMPANION, lang)
    game = COMPANION.start()
    for n, tap in enumerate(WHOLE_GAME, 1):
        game, _ = COMPANION.take(game, tap, say)
        lines = dict(COMPANION.status(game, say))
        if not game.turn:
            continue
        for player in ("1", "2"):
            points = victory_points(game.built, player)
            shown = lines[say("player_n", player=player)]
            assert shown.split(" ")[0] == str(points), (n, shown)
            roads = sum(1 for owner in game.built.roads.values() if owner == player)
            if roads > 1:
                assert say("roads_n", n=roads, longest=game.lengths[int(player) - 1]) in shown
        if not game.winners:
            player = str((game.turn - 1) % 2 + 1)
            want = say("turn_value", turn=game.turn, player=player, dice=dice_for_turn(game.turn))
            assert lines[say("turn")] == want
        holders = [game.built.longest_road, game.built.largest_army]
        for key, holder in zip(("longest_road", "largest_army"), holders, strict=True):
            want = say("nobody_holds") if holder is None else say("player_n", player=holder)
            assert lines[say(key)] == want
        built = len(game.built.castles)
        assert lines[say("castles")] == say("castles_value", n=built, most=4)


def test_the_castle_odds_shown_are_the_book_s_table_for_the_desert_jokers_usable() -> None:
    table = castle_table()
    before_7 = status(until("7"))  # player 1, both desert jokers usable
    assert table[3][2] == ("47",) and table[3][3] == ("1", "2")
    assert before_7["Castle odds, player 1"] == "47% a turn, 1 turn in 2, with 2 desert jokers"
    fr = status(until("7"), "fr")
    assert (
        fr["Chances de château, joueur 1"] == "47 % par tour, 1 tour sur 2, avec 2 jokers du désert"
    )
    # On turn 5 the knights are created: their jokers serve from a later turn only.
    on_5 = until("6")[:-1]
    assert status(on_5)["Castle odds, player 1"] == "2% a turn, 1 turn in 49, with 0 desert jokers"
    on_11 = status([*until("11"), roll("ore ore ore ore ore gold")], "fr")
    assert (
        on_11["Chances de château, joueur 1"]
        == "2 % par tour, 1 tour sur 49, avec 0 joker du désert"
    )
    assert table[1][2:] == (("2",), ("1", "49"))


def test_the_longest_road_goes_to_player_2_with_5_road_pieces_as_longest_road_holder_says() -> None:
    taps = until("8")
    before = replay([*taps, roll("brick lumber brick lumber wool grain"), *road(5)[:1]])
    assert before.built.longest_road is None
    after = replay([*taps, roll("brick lumber brick lumber wool grain"), *road(5)])
    assert after.built.longest_road == longest_road_holder(None, "2", {"1": 2, "2": 5}) == "2"
    text = said([*taps, roll("brick lumber brick lumber wool grain"), *road(5)])
    assert "Player 2 takes the Longest Road." in text
    assert "Player 2: 3 victory points." in text


def test_the_largest_army_goes_to_player_1_with_a_third_knight_as_largest_army_holder_says() -> (
    None
):
    taps = [*until("9"), roll("ore wool grain ore wool grain"), {"build": "knight"}]
    game = replay([*taps, {"terrain": "ore"}])
    assert game.built.largest_army == largest_army_holder(None, "1", {"1": 3, "2": 0}) == "1"
    assert "Le joueur 1 prend la plus grande armée." in said([*taps, {"terrain": "ore"}], "fr")


def test_a_settlement_that_breaks_a_road_shortens_it_before_the_awards() -> None:
    taps = until("14")
    game = replay(taps)
    assert game.lengths == (3, 5) and game.built.longest_road == "2"
    # The holder keeps the tile, its road broken: player 1's 3 pieces are not more.
    assert awards_on_sheet(game.built, "1", {"1": 3, "2": 5}).longest_road == "2"


@pytest.mark.parametrize(
    ("taps", "fr"),
    [
        ([roll("brick ore ore"), {"build": "road"}], "Une route coûte 1 argile et 1 bois"),
        ([roll("ore ore gold"), {"build": "knight"}], "Un chevalier coûte 1 minerai"),
        ([roll("brick lumber wool"), {"build": "settlement"}], "Une colonie coûte 1 argile"),
        (
            [roll("brick lumber gold"), {"build": "city"}],
            "Une ville demande une de vos colonies sur un site de ville",
        ),
        ([roll("brick lumber ore gold")], "Indiquez autant de dés que le tour en lance."),
        ([roll("ore ore ore"), {"build": "castle"}], "Un château demande 6 symboles identiques"),
    ],
)
def test_a_refused_build_is_answered_in_french_with_the_rule_s_reason_and_dropped(
    taps: list[Tap], fr: str
) -> None:
    full: list[Tap] = [{"players": 3}, {"castles": True}, *taps]
    shown = screen(full, "fr")
    assert shown.refused.startswith(fr), shown.refused
    assert shown.kept == len(full) - 1
    assert shown.refused_rule.startswith("cd-")


def test_a_refused_roll_asks_again_with_what_the_player_entered_not_an_empty_form() -> None:
    """The first turn rolls 3 dice; 4 entered are refused, and the form comes back holding
    the 4, so that the player takes one away rather than enters the turn again."""
    entered = roll("brick lumber ore gold")
    shown = screen([{"players": 3}, {"castles": True}, entered], "en")
    assert shown.refused == "Enter as many dice as the turn rolls." and shown.ask is not None
    assert {f.name: f.value for f in shown.ask.fields} == entered
    assert sum(f.value for f in screen([{"players": 3}, {"castles": True}], "en").ask.fields) == 0


def test_a_city_without_a_settlement_on_a_city_site_is_refused_by_the_city_rule() -> None:
    taps = [*until("3"), roll("ore ore ore grain grain"), {"build": "city"}]
    shown = screen(taps, "fr")
    assert shown.refused_rule == "cd-city" and shown.kept == len(taps) - 1
    assert shown.refused == (
        "Une ville demande une de vos colonies sur un site de ville, pas encore transformée en "
        "ville."
    )


def test_a_third_desert_knight_is_refused_the_desert_holds_2() -> None:
    taps = [*until("9"), roll("ore wool grain ore wool grain"), {"build": "knight"}]
    shown = screen([*taps, {"terrain": "desert"}], "fr")
    assert shown.refused_rule == "cd-castle-desert-jokers"
    assert shown.refused == (
        "Les 2 chevaliers du désert sont créés\u00a0: ce chevalier va sur un autre hexagone."
    )
    assert screen([*taps, {"terrain": "desert"}], "en").refused == (
        "The 2 knights of the desert are built: this knight goes on another hex."
    )


def test_a_knight_s_joker_is_not_offered_on_the_turn_it_is_created_and_is_refused() -> None:
    taps = [*until("5"), roll("ore wool grain ore wool grain"), {"build": "knight"}]
    taps.append({"terrain": "desert"})
    assert not any(label.startswith("Joker") for label in labels(screen(taps).ask))
    shown = screen([*taps, {"joker": "k1"}], "fr")
    assert shown.refused_rule == "cd-knight-joker"
    assert shown.refused.startswith("Seul le joker inutilisé d\u2019un de vos chevaliers")
    # On player 1's next turn, it is offered once, then spent.
    later = until("7")
    offered = labels(screen([*later, roll("ore ore ore ore gold gold")]).ask)
    assert offered.count("Joker: any resource") == 2
    assert status(later)["Player 1"].endswith("jokers: any resource, any resource")


def test_a_fifth_castle_is_refused_the_map_has_4() -> None:
    game = replay(until("17"))
    assert len(game.built.castles) == 3
    taps = [*until("17"), roll("gold gold gold gold gold gold"), {"build": "castle"}]
    assert replay(taps).built.castles == ("1", "1", "2", "1")


def test_a_castle_after_a_build_is_refused_its_dice_are_spent() -> None:
    taps = [*until("7"), roll("ore ore ore ore gold gold"), {"joker": "k1"}, {"die": "gold"}]
    taps += [{"into": "ore"}, {"build": "road"}]
    shown = screen(taps, "fr")
    assert shown.refused.startswith("Une route coûte")
    spent = [*until("15"), roll("ore ore ore grain grain gold"), {"build": "city"}]
    shown = screen([*spent, {"build": "castle"}], "fr")
    assert shown.refused_rule == "cd-castle-building"


def test_no_tap_is_taken_once_the_game_has_ended() -> None:
    shown = screen([*WHOLE_GAME, "end"], "fr")
    assert shown.refused == "La partie est terminée\u00a0: commencez une nouvelle partie."
    assert shown.kept == len(WHOLE_GAME)


@pytest.mark.parametrize(
    "tap",
    [
        {"build": "tower"}, {"build": "castle", "x": 1}, "start", None, 3, [1], {"joker": "k9"},
        {"length": 9}, {"terrain": "moon"}, {"broken": "3"},
        {"build": "settlement", "city_site": "yes"}, {"brick": 7}, {"brick": True},
    ],
)  # fmt: skip
def test_a_tap_not_offered_is_refused_in_french(tap: Tap) -> None:
    for prefix in (until("2"), [*until("1"), roll("brick lumber ore")]):
        shown = screen([*prefix, tap], "fr")
        if shown.refused:
            assert not re.search(r"[A-Za-z]+ among|a tap|True|False", shown.refused), shown
            assert shown.kept == len(prefix)


def test_every_refusal_the_sheet_knows_has_french_words() -> None:
    en, fr = COMPANION.WORDS["en"], COMPANION.WORDS["fr"]
    refusals = [key for key in en if key.startswith("expected:")]
    assert len(refusals) >= 15
    for key in refusals:
        assert fr[key] and fr[key] != key.removeprefix("expected:"), key


# Stalemate and ties


def test_when_nobody_can_build_the_most_victory_points_win() -> None:
    taps = [*until("5"), "nobody", {"nobody": True}]
    game = replay(taps)
    points = {p: victory_points(game.built, p) for p in ("1", "2")}
    assert points == {"1": 1, "2": 2} and game.winners == most_points(points) == ("2",)
    assert said(taps, "fr") == (
        "Plus personne ne peut construire\u00a0: le joueur 2 gagne avec 2 points de victoire, "
        "le plus grand total."
    )
    assert screen(taps).ask is None


def test_a_tie_when_nobody_can_build_is_said_and_not_broken() -> None:
    taps: list[Tap] = [{"players": 3}, {"castles": False}, "nobody", {"nobody": True}]
    game = replay(taps)
    assert game.winners == ("1", "2", "3")
    assert said(taps) == (
        "Nobody can build any more: players 1, 2 and 3 have the most, 0 victory points each. "
        "The rules do not say how to break the tie."
    )
    assert status(taps)["Most points"] == "Player 1, Player 2 and Player 3"
    assert "Castle" not in " ".join(label for label, _ in screen(taps).status)


# Words and screens


def test_both_languages_have_the_same_words() -> None:
    assert set(COMPANION.WORDS["fr"]) == set(COMPANION.WORDS["en"])


def prefixes() -> list[list[Tap]]:
    return [WHOLE_GAME[:n] for n in range(len(WHOLE_GAME) + 1)]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_no_screen_of_the_whole_game_shows_a_python_value(lang: str) -> None:
    chain = {"values": {"True": "oui" if lang == "fr" else "yes"}}
    for taps in prefixes():
        shown = json.loads(
            page_play("rulebook.companions.catan_dice", json.dumps(taps), lang, chain)
        )
        texts = [v for line in shown["status"] for v in line]
        texts += [s["text"] for s in shown["said"]]
        ask = shown["ask"]
        if ask:
            texts += [ask["question"], ask["submit"]]
            texts += [c["label"] for c in ask["choices"]]
            texts += [f["label"] for f in ask["fields"]]
        for text in texts:
            assert not re.search(r"True|False|None|[(\[<]|Enum\.|Symbol\.|Terrain\.", text), (
                taps[-1:],
                text,
            )
            assert "{" not in text and "_" not in text, text


def test_french_screens_use_the_book_s_words() -> None:
    ask = screen([*until("1"), roll("brick lumber ore")], "fr").ask
    assert labels(ask) == ["Route", "Fin du tour", "Plus personne ne peut construire"]
    six = screen([*until("6"), roll("brick lumber wool grain ore grain")], "fr").ask
    assert labels(six)[:4] == ["Route", "Colonie", "Colonie, site de ville", "Chevalier"]
    assert ask is not None and "Dés restants\u00a0: 1 argile, 1 bois, 1 minerai" in ask.question
    rolled = said([*until("7"), roll("ore ore ore ore gold gold")], "fr")
    assert rolled == "Résultat final du joueur 1\u00a0: 4 minerais, 2 ors."
    fields = screen(until("1"), "fr").ask
    assert fields is not None
    assert [f.label for f in fields.fields] == ["Argile", "Bois", "Laine", "Blé", "Minerai", "Or"]
    assert {f.most for f in fields.fields} == {dice_for_turn(1)}


def test_each_build_pays_as_pay_says() -> None:
    taps = [*until("3"), roll("brick lumber wool grain gold")]
    game = replay([*taps, {"build": "settlement", "city_site": False}])
    assert game.dice == pay(parse_symbols("brick lumber wool grain gold"), Piece.SETTLEMENT)
    assert game.dice == (Symbol.GOLD,)


def test_the_steps_of_a_build_name_the_rules_it_applied() -> None:
    taps = [*until("8"), roll("brick lumber brick lumber wool grain"), *road(5)]
    steps = [s.rule for part in screen(taps).said for s in part.steps]
    assert "cd-longest-road" in steps and "cd-victory-points" in steps
    paid = screen(taps[:-1]).said[0].steps
    assert [s.rule for s in paid] == ["cd-rolls"]


# Fuzz


def test_every_choice_offered_can_be_tapped_next() -> None:
    """From 300 points of the whole game, 12 taps at random among those offered. Each
    game goes on from the state the tap before left (what the page's replay of the taps
    reaches: `play` asks ``COMPANION.ask`` of that same state), not replayed from the start."""
    rng = Random("catan-dice-extra companion")
    say = say_for(COMPANION, "en")
    states = [COMPANION.start()]
    for tap in WHOLE_GAME:
        states.append(COMPANION.take(states[-1], tap, say)[0])
    for _ in range(300):
        game = states[rng.randrange(len(WHOLE_GAME))]
        for _ in range(12):
            ask = COMPANION.ask(game, say)
            if ask is None:
                break
            if ask.fields and (not ask.choices or rng.random() < 0.8):
                faces = [rng.choice(list(Symbol)) for _ in range(dice_for_turn(game.turn))]
                tap: Tap = roll(" ".join(faces))
            else:
                tap = rng.choice(ask.choices).tap
            game, _ = COMPANION.take(game, tap, say)  # never refused


def test_nobody_can_build_is_last_never_the_usual_tap_and_asks_before_ending_the_game() -> None:
    for taps in (until("1"), [*until("1"), roll("brick lumber ore")]):
        ask = screen(taps).ask
        assert ask is not None
        assert (ask.choices[-1].tap, ask.choices[-1].tone) == ("nobody", "")
    taps = [*until("5"), "nobody"]
    shown = screen(taps)
    assert replay(taps).winners == () and shown.said == ()
    assert shown.ask is not None
    assert shown.ask.question == "Does nobody at the table have a build left?"
    assert [(c.label, c.tap) for c in shown.ask.choices] == [
        ("Yes, end the game", {"nobody": True}),
        ("No, go back", {"nobody": False}),
    ]
    back = screen([*taps, {"nobody": False}])
    assert back.ask == screen(until("5")).ask and back.status == screen(until("5")).status
    assert screen([*taps, "end"], "fr").refused == "Choisissez l\u2019une des options proposées."


def test_a_refusal_says_in_a_sentence_what_the_build_costs() -> None:
    taps: list[Tap] = [{"players": 3}, {"castles": True}, roll("brick lumber wool")]
    assert screen([*taps, {"build": "settlement"}]).refused == (
        "A settlement costs 1 brick, 1 lumber, 1 wool and 1 grain; 2 gold can stand for each "
        "one missing."
    )
    wool = [{"players": 3}, {"castles": True}, roll("brick wool wool"), {"build": "road"}]
    assert screen(wool, "fr").refused == (
        "Une route coûte 1 argile et 1 bois\u00a0; 2 ors peuvent remplacer chaque ressource "
        "manquante."
    )
    for lang in ("en", "fr"):
        refusals = [v for k, v in COMPANION.WORDS[lang].items() if k.startswith("expected:")]
        assert all(text[0].isupper() and text.endswith(".") for text in refusals)


def test_the_castle_odds_are_shown_only_on_turns_that_roll_6_dice() -> None:
    for turn, marker in ((1, "1"), (2, "2"), (3, "3")):
        assert dice_for_turn(turn) < 6
        odds = [v for k, v in screen(until(marker)).status if k.startswith("Castle odds")]
        assert odds == ["none this turn: a castle needs 6 dice"], turn
    assert status(until("3"), "fr")["Chances de château, joueur 1"] == (
        "aucune ce tour\u00a0: un château demande 6 dés"
    )
    assert dice_for_turn(4) == 6
    assert status(until("4"))["Castle odds, player 2"].startswith("2% a turn")


def test_only_what_the_dice_left_can_pay_for_is_offered() -> None:
    castle = [*until("7"), roll("ore ore ore ore gold gold")]
    castle += [{"joker": "k1"}, {"die": "gold"}, {"into": "ore"}]
    assert "Castle" not in labels(screen(castle).ask)  # 5 ore: not yet
    castle += [{"joker": "k2"}, {"die": "gold"}, {"into": "ore"}]
    assert labels(screen(castle).ask) == ["Castle", "End of turn", "Nobody can build"]
    assert labels(screen([*castle, {"build": "castle"}]).ask) == ["End of turn", "Nobody can build"]
    # A city only for a player with a settlement on a city site: player 1 has none on turn 3.
    ore = [*until("3"), roll("ore ore ore grain grain")]
    assert labels(screen(ore).ask) == ["End of turn", "Nobody can build"]
    city = [*until("4"), roll("ore ore ore grain grain wool")]
    assert labels(screen(city).ask)[:2] == ["City", "Knight"]


def test_every_choice_offered_on_the_whole_game_s_screens_is_taken() -> None:
    say = say_for(COMPANION, "en")
    for taps in prefixes():
        game, ask = replay(taps), screen(taps).ask
        for choice in ask.choices if ask else ():
            COMPANION.take(game, choice.tap, say)  # never refused


def test_victory_points_are_said_only_when_a_build_changes_them() -> None:
    first_road = [*until("1"), roll("brick lumber ore"), *road(2)]
    assert said(first_road) == "Player 1\u2019s longest road: 2 road pieces."
    knight = [*until("6"), roll("ore ore wool grain gold gold"), {"build": "knight"}]
    assert "victory point" not in said([*knight, {"terrain": "ore"}])
    settled = [*until("3"), roll("brick lumber wool grain gold")]
    settled.append({"build": "settlement", "city_site": False})
    assert said(settled).endswith("Player 1: 1 victory point.")


def test_the_words_before_the_first_turn_fill_the_status_and_quote_as_the_rules_do() -> None:
    assert screen([]).status == (("Players", "to choose"),)
    assert screen([{"players": 2}]).status == (
        ("Players", "2"), ("Optional rule \u201cCastles\u201d", "to choose"),
    )  # fmt: skip
    ask = screen([{"players": 2}]).ask
    assert ask is not None and ask.question == "Play with the optional rule \u201cCastles\u201d?"
    assert screen([{"players": 2}], "fr").status[1] == (
        "Règle optionnelle «\u00a0Châteaux\u00a0»",
        "à choisir",
    )
