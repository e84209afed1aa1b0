"""The command line's cache (rulebook/book/cache.py) changes how fast, never what is found."""

import pickle
from pathlib import Path

import pytest

from rulebook.book import cache
from rulebook.cli import main
from tests.conftest import BookCopy

FR = "rules_fr/port-royal-morgan.md"


@pytest.fixture
def cache_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(folder))
    return folder / "rulebook" / "results"


def checked(book: BookCopy, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    status = main(["check", str(book.root)])
    return status, capsys.readouterr().out


def test_an_edit_after_a_cached_run_is_found(book_copy: BookCopy, cache_folder: Path, capsys):
    assert checked(book_copy, capsys) == (0, "")
    assert list((cache_folder / "rules").glob("*.pickle")), "the first run keeps its parses"
    book_copy.edit(FR, "atteignez 20 points", "atteignez 25 points")
    status, out = checked(book_copy, capsys)
    assert status == 1 and ": pr-end: " in out


def test_the_same_book_gives_the_same_problems_with_and_without_the_cache(
    book_copy: BookCopy, cache_folder: Path, capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    book_copy.edit(FR, "atteignez 20 points", "atteignez 25 points")
    first = checked(book_copy, capsys)
    assert first == checked(book_copy, capsys), "a warm cache answers as a cold one"
    monkeypatch.setenv("RULEBOOK_CACHE", "off")
    assert first == checked(book_copy, capsys)


def test_a_result_kept_by_other_code_is_never_read(cache_folder: Path, monkeypatch) -> None:
    cache.enable(cache_folder)
    try:
        assert cache.remembered("kind", "key", lambda: "first") == "first"
        assert cache.remembered("kind", "key", lambda: "second") == "first"
        monkeypatch.setattr(cache, "code_version", lambda: "other code")
        assert cache.remembered("kind", "key", lambda: "third") == "third"
    finally:
        cache.disable()


def test_an_error_is_never_kept_and_a_broken_entry_is_computed_again(cache_folder: Path) -> None:
    cache.enable(cache_folder)
    try:

        def broken() -> str:
            raise ValueError("a broken file")

        with pytest.raises(ValueError):
            cache.remembered("kind", "bad", broken)
        assert cache.remembered("kind", "bad", lambda: "fixed") == "fixed"
        for kept in (cache_folder / "kind").glob("*.pickle"):
            kept.write_bytes(b"not a pickle")
        assert cache.remembered("kind", "bad", lambda: "again") == "again"
        kept = next((cache_folder / "kind").glob("*.pickle"))
        assert pickle.loads(kept.read_bytes()) == "again"
    finally:
        cache.disable()


def test_the_library_keeps_nothing_unless_asked(cache_folder: Path) -> None:
    assert cache.remembered("kind", "key", lambda: 1) == 1
    assert not cache_folder.exists()
