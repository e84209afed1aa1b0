"""Spelling: misspellings planted in a scratch copy of the book are named, with their rule."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from rulebook.text.spelling import missing
from tests.conftest import ROOT, BookCopy

pytestmark = pytest.mark.skipif(
    bool(missing()) and os.environ.get("CI") != "true",
    reason="Hunspell dictionaries not installed (apt-get install hunspell-fr-classical "
    "hunspell-en-gb); CI installs them and runs these tests",
)


def test_the_book_is_spelt_right_in_both_languages() -> None:
    assert missing() == []
    out = subprocess.run(
        [sys.executable, "-m", "rulebook", "check", str(ROOT)], capture_output=True, text=True
    )
    assert "spelling" not in out.stdout
    assert "not checked" not in out.stderr


@pytest.mark.parametrize(
    ("path", "old", "new", "rule", "word"),
    [
        (
            "rules_fr/port-royal-morgan.md",
            "atteignez 20 points",
            "atteignez 20 poinst",
            "pr-end",
            "poinst",
        ),
        (
            "rules_en/port-royal-morgan.md",
            ":title: End of the game",
            ":title: End of the gmae",
            "pr-end",
            "gmae",
        ),
        (
            "rules_fr/port-royal-morgan.corrections.toml",
            "(en anglais «\u00a0game sheet\u00a0»)",
            "(en anglais «\u00a0game sheet\u00a0», orthographe vérifée)",
            "pr-material",
            "vérifée",
        ),
        (
            "rules_fr/stone-age-solo.corrections.toml",
            "including the cards not bought on the",
            "including the cards not bougth on the",
            "sa-end-of-round",
            "bougth",
        ),
    ],
    ids=["a French rule text", "an English title", "a French reason", "an English reason"],
)
def test_a_misspelling_is_named_with_its_rule(
    book_copy: BookCopy, path: str, old: str, new: str, rule: str, word: str
) -> None:
    book_copy.edit(path, old, new)
    lines = book_copy.lines("spelling")
    assert len(lines) == 1, lines
    assert f": {rule}: " in lines[0] and repr(word) in lines[0]
    assert lines[0].startswith(path + ":")


def test_a_game_term_in_the_word_list_is_not_a_misspelling(book_copy: BookCopy) -> None:
    book_copy.edit("rules_fr/port-royal-morgan.md", "atteignez 20 points", "atteignez 20 doublons")
    book_copy.edit("rules_fr/port-royal-morgan.md", "doublons", "Piastrouilles")
    assert [": pr-end: " in line for line in book_copy.lines("spelling")] == [True]
    with (book_copy.root / "rules_fr" / "spelling.txt").open("a", encoding="utf-8") as out:
        out.write("Piastrouilles  # an invented coin, for this test\n")
    assert book_copy.lines("spelling") == []


def test_without_dictionaries_the_check_says_spelling_was_not_checked(tmp_path: Path) -> None:
    env = {**os.environ, "RULEBOOK_HUNSPELL_DIR": str(tmp_path), "PATH": os.environ["PATH"]}
    script = (
        "import rulebook.text.spelling as s; s.SEARCH = (); from rulebook.cli import main; main()"
    )
    out = subprocess.run(
        [sys.executable, "-c", script, "check", str(ROOT)], capture_output=True, text=True, env=env
    )
    assert "French spelling not checked" in out.stderr
    assert "hunspell-fr-classical" in out.stderr
