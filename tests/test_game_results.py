"""Each game's share of a check, kept between runs (rulebook/checks/game_results.py): a warm
check answers as a cold one, works out again what an edit changed, and nothing else."""

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from rulebook.book import cache, load_book
from rulebook.book.model import Game
from rulebook.checks import game_results, run_checks
from rulebook.cli import main
from rulebook.text.spelling import missing
from tests.conftest import BookCopy

FR = "rules_fr/port-royal-morgan.md"


@pytest.fixture
def cache_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.delenv("RULEBOOK_CACHE", raising=False)
    return tmp_path / "xdg" / "rulebook" / "results"


def checked(book: BookCopy, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    status = main(["check", str(book.root)])
    return status, capsys.readouterr().out


def kept_shares(folder: Path) -> set[Path]:
    return set((folder / "game").glob("*.json"))


def test_a_rule_edited_in_one_game_is_checked_again_in_that_game_alone(
    book_copy: BookCopy, cache_folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert checked(book_copy, capsys) == (0, "")
    before = kept_shares(cache_folder)
    games = len(load_book(book_copy.root).games)
    assert before and len(before) % games == 0, "each game keeps as many shares as the others"
    assert checked(book_copy, capsys) == (0, "") and kept_shares(cache_folder) == before
    book_copy.edit(FR, "atteignez 20 points", "atteignez 25 points")
    status, out = checked(book_copy, capsys)
    assert status == 1
    assert "port-royal-morgan.md" in out and ": pr-end: " in out and "25" in out
    worked_out = kept_shares(cache_folder) - before
    assert len(worked_out) == len(before) // games, "the edited game's shares, no other game's"


def test_a_games_kept_shares_see_a_rule_id_another_game_takes(
    book_copy: BookCopy, cache_folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Stone Age's files do not change; a game before it takes the ID of one of its rules,
    which is then that game's entry: Stone Age's register now corrects a rule it lacks, and
    the IDs check (across games) names the duplicate."""
    assert checked(book_copy, capsys) == (0, "")
    book_copy.edit(
        "rules_fr/51st-state-solo.md", ":::{rule} fs-intro", ":::{rule} sa-setup-buyable-cards"
    )
    status, out = checked(book_copy, capsys)
    assert status == 1
    lines = out.splitlines()
    assert any(
        "stone-age-solo.corrections.toml" in line
        and ": sa-setup-buyable-cards: correction for an unknown rule" in line
        for line in lines
    ), out
    assert any("stone-age-solo.md" in line and "duplicate ID" in line for line in lines), out


def test_a_term_added_to_the_glossary_is_found_though_the_games_were_kept(
    book_copy: BookCopy, cache_folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert checked(book_copy, capsys) == (0, "")
    book_copy.edit(
        "rules_fr/glossary.toml",
        'avoid_en = ["boat", "boats"]',
        'avoid_en = ["boat", "boats", "board"]',
    )
    status, out = checked(book_copy, capsys)
    assert status == 1
    assert "«board» is another name for the glossary term «ship»" in out, out


@pytest.mark.skipif(
    bool(missing()),  # in CI, a skip fails the run (tests/ci_skips.py)
    reason="Hunspell dictionaries not installed; CI installs them and runs this test",
)
def test_a_word_taken_out_of_the_word_list_is_found_though_the_games_were_kept(
    book_copy: BookCopy, cache_folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert checked(book_copy, capsys) == (0, "")
    book_copy.edit("rules_en/spelling.txt", "\nYahtzee\n", "\n")
    status, out = checked(book_copy, capsys)
    assert status == 1
    assert "catan-dice-extra.md" in out and "'Yahtzee' is in no dictionary" in out, out


def test_no_games_share_of_a_check_opens_a_file_of_the_book_but_its_own(
    book_copy: BookCopy, cache_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What a share reads is what its key holds: its game's files, as loaded, and what its
    check gives it (the glossary's terms, the word lists), read before and given. A file of
    another game, opened or listed while a share is worked out, would be read behind its key.
    (A file's existence asked with ``stat`` raises no audit event: not seen here.)"""
    book = load_book(book_copy.root)
    pages = {book_copy.root / "rules_fr", book_copy.root / "rules_en"}
    working: list[Game] = []
    read: list[tuple[str, Path]] = []

    def audit(event: str, args: tuple[Any, ...]) -> None:
        if working and event in ("open", "os.listdir", "os.scandir") and args:
            if isinstance(args[0], str | bytes | os.PathLike):
                read.append((working[-1].slug, Path(os.fsdecode(args[0]))))

    sys.addaudithook(audit)  # for the rest of the process: it does nothing outside a share
    keyed: list[Game] = []
    game_key, remembered = game_results.game_key, cache.remembered

    def keying(book: Any, game: Game, *rest: Any) -> str | None:
        keyed.append(game)
        return game_key(book, game, *rest)

    def working_out(kind: str, key: str, compute: Callable[[], object]) -> object:
        if kind != "game":
            return remembered(kind, key, compute)

        def watched() -> object:
            working.append(keyed[-1])
            try:
                return compute()
            finally:
                working.pop()

        return remembered(kind, key, watched)

    monkeypatch.setattr(game_results, "game_key", keying)
    monkeypatch.setattr(cache, "remembered", working_out)
    cache.enable(cache_folder)
    try:
        assert run_checks(book) == []
    finally:
        cache.disable()
    assert {game.slug for game in keyed} == {game.slug for game in book.games}
    own = {game.slug: own_files(game) for game in book.games}
    behind = [
        (slug, path)
        for slug, path in read
        if any(path.is_relative_to(folder) for folder in pages) and path not in own[slug]
    ]
    assert read and not behind, behind


def own_files(game: Game) -> set[Path]:
    """The files a game is loaded from."""
    found = {game.fr.path, game.original_path}
    for part in (game.en, game.provenance, game.register, game.history):
        if part is not None:
            found.add(part.path)
    return found
