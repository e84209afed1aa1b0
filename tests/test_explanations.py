"""The rules explain themselves: a rule function's result comes with the chain of rules it
applied; the check holds each step's rule to the code it names. The site shows each worked
example's chain: tests/extension/test_chain.py."""

import pytest

from rulebook.book.chain_words import load_chain_words
from rulebook.book.code import game_terms
from rulebook.games import stone_age
from rulebook.games.port_royal import Level, morgan_turn, parse_rolls
from rulebook.kit.explain import Step, Word, explained, listening, step
from rulebook.language import Lang
from tests.conftest import ROOT, BookCopy

FIRST_EXAMPLE = "red ship, blue wheel, yellow ship, black ship, red ship"


def test_morgans_turn_says_which_rules_gave_his_score() -> None:
    turn, steps = explained(morgan_turn, 0, Level.EASY, parse_rolls(FIRST_EXAMPLE))
    assert turn.score == 1
    assert [str(s) for s in steps] == [
        "pr-morgan-phase-1: rolled = [red ship, blue wheel, yellow ship, black ship, red ship],"
        " removed = [red ship], left = [blue wheel, yellow ship, black ship], won = False",
        "pr-morgan-points-table: items = 3, points = 1",
        "pr-morgan-extra-point: level = easy, score = 1, extra = 0",
    ]
    assert [s.by for s in steps] == ["morgan_rolls", "points_for_items", "extra_point"]


def test_a_sudden_death_win_takes_no_step_of_points() -> None:
    rolls = parse_rolls("red ship, blue ship, green ship, yellow ship, black ship")
    turn, steps = explained(morgan_turn, 16, Level.EASY, rolls, sudden_death_at=5)
    assert turn.won and [s.rule for s in steps] == ["pr-morgan-phase-1"]
    assert "won = True" in str(steps[0])


def test_a_step_is_recorded_only_when_someone_listens() -> None:
    step("pr-end", score=20)  # nobody listens: nothing kept, nothing raised
    with listening() as steps:
        step("pr-end", score=20)
    assert [str(s) for s in steps] == ["pr-end: score = 20"]
    assert steps[0].by == "test_a_step_is_recorded_only_when_someone_listens"


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("fr", (("bâtisseur", "rouge"), ("carte", "Constructeur"), ("victoire", "gagnée"))),
        ("en", (("builder", "red"), ("card", "Hut builder"), ("won", "won"))),
    ],
)
def test_a_name_and_a_value_spelled_alike_each_get_their_own_words(
    lang: Lang, said: tuple[tuple[str, str], ...]
) -> None:
    """``builder`` and ``won`` are names in the chain words' [names] (Catan Dice's player
    who built, Port Royal's sudden death) and values in Stone Age's terms (a card, the game's
    outcome): a name takes the [names] word, a value the game's own term."""
    words = load_chain_words(ROOT).for_page(lang, game_terms(stone_age))
    values = (("builder", Word("red")), ("card", Word("builder")), ("won", Word("won")))
    assert Step("sa-x", "f", values).worded(words) == said


def test_the_check_names_a_step_whose_rule_does_not_name_its_function(
    book_copy: BookCopy,
) -> None:
    assert book_copy.lines("explanations") == []
    fr = "rules_fr/port-royal-morgan.md"
    book_copy.edit(fr, ":code: points_table points_for_items\n", ":code: points_table\n")
    book_copy.edit(
        fr, ":code: morgan_turn MorganTurn\n", ":code: morgan_turn MorganTurn points_for_items\n"
    )
    lines = book_copy.lines("explanations")
    assert lines and all("pr-morgan-points-table in points_for_items" in line for line in lines)
    assert any(": pr-ex-morgan-1: its example's code applies" in line for line in lines)


def test_the_check_asks_for_the_words_of_a_value_a_chain_shows(book_copy: BookCopy) -> None:
    words = "rules_fr/chain-words.toml"
    book_copy.edit(words, 'items = { fr = "objets", en = "items" }\n', "")
    book_copy.edit(words, 'False = { fr = "non", en = "no" }\n', "")
    lines = book_copy.lines("explanations")
    assert any(": pr-ex-morgan-1: its example's chain shows 'items'," in line for line in lines)
    assert any(": pr-ex-morgan-1: its example's chain shows 'False'," in line for line in lines)
    assert all("add " in line and "chain-words.toml" in line for line in lines)


def test_the_check_asks_for_a_value_s_words_though_a_name_is_spelled_alike(
    book_copy: BookCopy,
) -> None:
    """Catan Dice's ``road`` is a name (the road built) and a value (the piece a roll
    builds): the [names] line does not word the value."""
    words = "rules_fr/chain-words.toml"
    book_copy.edit(
        words,
        'city = { fr = "ville", en = "city" }\nroad = { fr = "route", en = "road" }\n',
        'city = { fr = "ville", en = "city" }\n',
    )
    lines = book_copy.lines("explanations")
    assert lines and all("chain shows 'road', a value with no French" in line for line in lines)
    assert all("to [values] of rules_fr/chain-words.toml" in line for line in lines)


def test_the_check_names_a_word_no_chain_shows(book_copy: BookCopy) -> None:
    book_copy.edit(
        "rules_fr/chain-words.toml",
        "\n[values]\n",
        '\n[values]\nshipwreck = { fr = "x", en = "y" }\n',
    )
    [line] = book_copy.lines("explanations")
    assert "rules_fr/chain-words.toml:" in line and "'shipwreck' is shown by no chain" in line
    number = int(line.split(":")[1])
    text = (book_copy.root / "rules_fr" / "chain-words.toml").read_text(encoding="utf-8")
    assert text.splitlines()[number - 1].startswith("shipwreck =")


def test_the_check_names_a_word_its_table_has_that_chains_show_only_as_the_other_kind(
    book_copy: BookCopy,
) -> None:
    """A name and a value are looked up apart: ``items``, a name of Port Royal's chains, is
    no value of any chain, and its line in [values] would never be read."""
    book_copy.edit(
        "rules_fr/chain-words.toml",
        "\n[values]\n",
        '\n[values]\nitems = { fr = "objets", en = "items" }\n',
    )
    [line] = book_copy.lines("explanations")
    assert "'items' is shown by no chain as one of its values" in line


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        ('items = { fr = "objets", en = "items" }', 'items = "objets"', "must be { fr"),
        ('items = { fr = "objets", en = "items" }', 'items = { fr = "objets" }', "fr and en"),
        ('items = { fr = "objets", en = "items" }', 'items = { fr = "", en = "x" }', "both fr"),
        (
            'True = { fr = "oui", en = "yes" }',
            'True = { fr = "oui", en = "yes" }\nTrue = { fr = "a", en = "b" }',
            "overwrite",
        ),
        ("\n[values]\n", "\n[value]\n", "unknown table 'value'"),
    ],
)
def test_a_bad_line_of_chain_words_is_named_at_its_line(
    book_copy: BookCopy, old: str, new: str, said: str
) -> None:
    """The file is the translators' to edit: a mistake is one line, at its place."""
    from rulebook.book.chain_words import load_chain_words
    from rulebook.errors import BookError

    book_copy.edit("rules_fr/chain-words.toml", old, new)
    with pytest.raises(BookError) as error:
        load_chain_words(book_copy.root)
    assert said in error.value.message
    text = (book_copy.root / "rules_fr" / "chain-words.toml").read_text(encoding="utf-8")
    assert new.strip().splitlines()[-1] in text.splitlines()[error.value.line - 1]
