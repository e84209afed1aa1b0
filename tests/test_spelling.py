"""Spelling: misspellings planted in a scratch copy of the book are named, with their rule."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rulebook.book import load_book
from rulebook.checks.spelling import check_language, word_list
from rulebook.text import hunspell
from rulebook.text.spelling import (
    DICTIONARIES,
    Speller,
    dictionary_files,
    missing,
    read_word_list,
)
from tests.conftest import ROOT, BookCopy

pytestmark = pytest.mark.skipif(
    bool(missing()),  # in CI, a skip fails the run (tests/ci_skips.py)
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


# The verdicts kept between runs (text/hunspell.py) follow everything they depend on --------


def test_a_word_added_to_the_word_list_counts_at_once_with_the_cache_on(
    book_copy: BookCopy, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A hyphenated word Hunspell does not know whole is known when each part is: once a part
    is added to the word list, the word passes, though its verdict was kept while it failed."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.delenv("RULEBOOK_CACHE", raising=False)
    book_copy.edit(
        "rules_fr/port-royal-morgan.md", "atteignez 20 points", "atteignez 20 points-Piastrouilles"
    )
    word_list = book_copy.root / "rules_fr" / "spelling.txt"
    listed = word_list.read_text(encoding="utf-8")

    def run() -> list[str]:
        hunspell.verdicts.cache_clear()  # read from the disk, as a new run does
        return book_copy.lines("spelling")

    [line] = run()
    assert ": pr-end: " in line and "'points-Piastrouilles'" in line
    kept = list((tmp_path / "xdg" / "rulebook" / "spelling").glob("fr_FR-*.json"))
    assert [p for p in kept if "points-Piastrouilles" in p.read_text(encoding="utf-8")], kept
    word_list.write_text(
        listed + "Piastrouilles  # an invented coin, for this test\n", encoding="utf-8"
    )
    assert run() == [], "the word list's new word counts though the verdict was kept"
    word_list.write_text(listed, encoding="utf-8")
    assert len(run()) == 1, "and taken out of the list, the word fails again"


def test_verdicts_are_keyed_by_the_dictionarys_content_not_its_date(tmp_path: Path) -> None:
    files = dictionary_files("en")
    assert files is not None
    copies = (tmp_path / "en_GB.aff", tmp_path / "en_GB.dic")
    for source, copy in zip(files, copies, strict=True):
        shutil.copy2(source, copy)
    before = hunspell.key_of(copies)
    stat = copies[1].stat()
    text = copies[1].read_bytes()
    copies[1].write_bytes(text.replace(b"colour", b"colxur", 1))  # the same size
    os.utime(copies[1], ns=(stat.st_atime_ns, stat.st_mtime_ns))  # and the same date
    after = hunspell.key_of(copies)
    assert after.digest != before.digest
    hunspell.write_kept(tmp_path / "kept.json", before, {"colour": True})
    assert hunspell.read_kept(tmp_path / "kept.json", before) == {"colour": True}
    assert hunspell.read_kept(tmp_path / "kept.json", after) == {}, "kept for other files"


def test_the_verdicts_change_key_with_the_code_that_gives_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    files = dictionary_files("en")
    assert files is not None
    before = hunspell.key_of(files)
    monkeypatch.setattr(hunspell, "engine_digest", lambda: "another spylls")
    assert hunspell.key_of(files).digest != before.digest


def test_the_packages_verdicts_are_hunspells_under_their_key() -> None:
    """The verdicts shipped in the package (tools/spelling_verdicts.py writes them) are read
    only under the key of the dictionaries installed; where they are read, each is what
    Hunspell says."""
    for lang in ("fr", "en"):
        files = dictionary_files(lang)
        assert files is not None
        key = hunspell.key_of(files)
        shipped = hunspell.read_kept(hunspell.shipped_file(key), key)
        sample = sorted(shipped)[:: max(1, len(shipped) // 40)]
        loaded = hunspell.dictionary(files)
        assert {w: shipped[w] for w in sample} == {w: hunspell.verdict(loaded, w) for w in sample}
        other = hunspell.Key(key.name, "other dictionary files", key.engine)
        assert hunspell.read_kept(hunspell.shipped_file(key), other) == {}


class ShippedOnly(hunspell.Verdicts):
    """The package's verdicts alone: a word they lack is noted, and Hunspell is not asked."""

    def __call__(self, word: str) -> bool:
        if word not in self.known:
            self.added[word] = True
        return self.known.get(word, True)


def test_the_packages_verdicts_hold_every_word_of_the_book() -> None:
    """A first check on a fresh machine loads no dictionary (five seconds of the check's
    seven, and again in each process of a test run that starts with an empty cache): every
    word the book asks Hunspell about has its verdict in the package. A word the book gains
    fails this test until ``python -m tools.spelling_verdicts`` is run."""
    book = load_book(ROOT)
    lacking = {}
    for lang, name in DICTIONARIES.items():
        files = dictionary_files(lang)
        assert files is not None
        key = hunspell.key_of(files)
        asked = ShippedOnly(files, key, hunspell.read_kept(hunspell.shipped_file(key), key))
        list(
            check_language(book, lang, Speller(lang, read_word_list(word_list(book, lang)), asked))
        )
        lacking[name] = sorted(asked.added)
    assert lacking == {name: [] for name in DICTIONARIES.values()}, (
        "run python -m tools.spelling_verdicts"
    )
