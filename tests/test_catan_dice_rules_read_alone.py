"""Catan Dice "Extra" rules read where each is shown alone: on the player aid (which holds
neither the components nor the rules before a rule), in a quote, in the PDF. A player's
review found a rule pointing "above" at nothing on the aid (every game's aid is now read for
that: tests/test_aid_rules_read_alone.py), a rule ending on a colon that led into the next
rule block, and a table with two columns under the same header."""

from pathlib import Path

import pytest

from rulebook.book import load_book
from rulebook.book.model import Game
from rulebook.language import punctuation
from tests.conftest import ROOT, BookCopy, book_games

GAME = "catan-dice-extra"
FR, EN = f"rules_fr/{GAME}.md", f"rules_en/{GAME}.md"


def game_at(root: Path) -> Game:
    return load_book(root).game(GAME)


def rules_ending_on_a_colon(game: Game) -> list[str]:
    """Rules whose text ends on a colon: a sentence that leads into nothing of its own."""
    assert game.en is not None
    return [
        f"{rule.lang} {rule.id}"
        for rule in (*game.fr.rules, *game.en.rules)
        if rule.body.rstrip().endswith(":")
    ]


def tables_repeating_a_header(game: Game) -> list[str]:
    """Tables in which two columns carry the same header: a reader cannot tell them apart."""
    assert game.en is not None
    return [
        f"{rule.lang} {rule.id}: {table[0]}"
        for rule in (*game.fr.rules, *game.en.rules)
        for table in rule.tables
        if len(set(table[0])) != len(table[0])
    ]


def test_no_rule_ends_on_a_colon_leading_into_the_next_rule() -> None:
    assert rules_ending_on_a_colon(game_at(ROOT)) == []


@pytest.mark.parametrize("game", book_games(), ids=lambda game: game.slug)
def test_every_column_of_a_table_has_a_header_of_its_own(game: Game) -> None:
    """Not Catan Dice's alone: any game's table can repeat a header."""
    assert tables_repeating_a_header(game) == []


def test_the_two_faults_the_review_found_are_each_caught(book_copy: BookCopy) -> None:
    """The review's wordings put back in a copy of the book: each test above would fail."""
    book_copy.edit(FR, "le jeu de dés Catan.\n", f"le jeu de dés Catan{punctuation('fr', ':')}\n")
    book_copy.edit(EN, "| per cent | about |", "| about | about |")
    game = game_at(book_copy.root)
    assert rules_ending_on_a_colon(game) == ["fr cd-first-turn"]
    assert tables_repeating_a_header(game) == [
        "en cd-castle-tip: ['desert jokers', 'exact chance', 'about', 'about']"
    ]
