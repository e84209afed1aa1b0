"""The house style (docs/style.md): each slip a machine can see, planted in a scratch copy of
the book, is named with its rule; the book as it stands has none."""

import pytest

from tests.conftest import BookCopy

SLIPS = [
    (
        "a sentence opening on a figure",
        "rules_en/port-royal-morgan.md",
        "2. There are 3 items left on the board:",
        "2. 3 items are left on the board:",
        "pr-ex-morgan-1",
        "opens on a figure",
    ),
    (
        "« que 1 » in French",
        "rules_fr/port-royal-morgan.md",
        "vous auriez marqué seulement 1 point",
        "vous n'auriez marqué que 1 point",
        "pr-ex-mission",
        "« que 1 »",
    ),
    (
        "a phrase in single quotes",
        "rules_en/stone-age-solo.md",
        'its "type" matters',
        "its 'type' matters",
        "sa-feeding-card",
        "single quotes",
    ),
    (
        "he for a player",
        "rules_en/51st-state-solo.md",
        "The player adds this card to their hand.",
        "The player adds this card to his hand.",
        "fs-ex-draw",
        "'his' for a player",
    ),
    (
        "a heading every game shares, named otherwise",
        "rules_en/stone-age-solo.md",
        "## Object of the game\n",
        "## Goal of the game\n",
        "sa-goal",
        "'Goal of the game' is one every game shares as 'Object of the game'",
    ),
    (
        "a title ending with a full stop",
        "rules_fr/port-royal-morgan.md",
        ":title: Fin de la partie\n",
        ":title: Fin de la partie.\n",
        "pr-end",
        "full stop",
    ),
]


def test_the_book_follows_the_house_style(book_copy: BookCopy) -> None:
    assert book_copy.lines("style") == []


@pytest.mark.parametrize(
    ("path", "old", "new", "rule", "words"), [s[1:] for s in SLIPS], ids=[s[0] for s in SLIPS]
)
def test_a_slip_is_named_with_its_rule(
    book_copy: BookCopy, path: str, old: str, new: str, rule: str, words: str
) -> None:
    book_copy.edit(path, old, new)
    lines = book_copy.lines("style")
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"{path}:") and f": {rule}: " in lines[0] and words in lines[0]


def test_a_named_character_keeps_his_pronoun(book_copy: BookCopy) -> None:
    assert "He moves to 19" in (book_copy.root / "rules_en/port-royal-morgan.md").read_text()
    assert book_copy.lines("style") == []


def test_a_table_read_aloud_is_no_sentence_opening_on_a_figure(book_copy: BookCopy) -> None:
    book_copy.edit(
        "rules_en/port-royal-morgan.md", "Table: 5 items = 2 points.", "5 items = 2 points."
    )
    assert book_copy.lines("style") == []
