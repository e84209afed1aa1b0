"""No lost work: the files the tools write are written whole, only when they change, and keep
what a person wrote (comments, order, line endings, BOM)."""

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from rulebook.book import load_book
from rulebook.book.files import write_text
from rulebook.book.translation_state import OPTION, record
from rulebook.cli import main
from rulebook.errors import BookError
from tests.conftest import BookCopy

EN = "rules_en/port-royal-morgan.md"
FR = "rules_fr/port-royal-morgan.md"
PUBLISHED = "rules_fr/published-ids.toml"


def unrecord(book: BookCopy, relative: str = EN) -> Path:
    """Drop every recorded translation of a file, so `rulebook translated` rewrites it."""
    path = book.root / relative
    lines = path.read_bytes().split(b"\n")
    path.write_bytes(b"\n".join(x for x in lines if not x.startswith(f":{OPTION}:".encode())))
    return path


def add_rule(book: BookCopy, rule_id: str) -> None:
    options = ":title: Nouvelle\n:code: none (test)\n:original: none\n"
    new = f":::{{rule}} {rule_id}\n{options}\nTexte.\n:::\n"
    for relative in (FR, EN):
        path = book.root / relative
        path.write_text(path.read_text(encoding="utf-8") + "\n" + new, encoding="utf-8")


def snapshot(path: Path) -> tuple[bytes, int, int]:
    found = path.stat()
    return path.read_bytes(), found.st_ino, found.st_mtime_ns


def test_a_write_cut_short_by_a_full_disk_leaves_the_old_file_intact(book_copy: BookCopy) -> None:
    """`rulebook translated` under a file-size limit (a full disk): the English is as it was."""
    path = unrecord(book_copy)
    before = path.read_bytes()
    limit = len(before) + 100  # the rewritten file, holding every digest, is larger
    program = (
        "import resource, signal, sys\n"
        "signal.signal(signal.SIGXFSZ, signal.SIG_IGN)\n"
        f"resource.setrlimit(resource.RLIMIT_FSIZE, ({limit}, {limit}))\n"
        "from rulebook.cli import main\n"
        "sys.exit(main(sys.argv[1:]))\n"
    )
    command = [sys.executable, "-c", program, "translated", "--all", "--root", str(book_copy.root)]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.strip() == (
        f"{path}: cannot be written (File too large); the file is as it was: free some space "
        "or fix the permissions, then run the command again"
    )
    assert path.read_bytes() == before  # byte for byte
    assert sorted(p.name for p in path.parent.iterdir() if p.name.startswith(".")) == []


def test_a_rename_that_fails_leaves_the_old_file_and_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "published-ids.toml"
    path.write_bytes(b"# mine\r\n[ids]\r\n")

    def fail(*_: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(BookError, match="cannot be written \\(No space left on device\\)"):
        write_text(path, "[ids]\nx = []\n")
    assert path.read_bytes() == b"# mine\r\n[ids]\r\n"
    assert [p.name for p in tmp_path.iterdir()] == ["published-ids.toml"]


def test_crlf_and_a_bom_survive_recording_a_translation(book_copy: BookCopy) -> None:
    path = unrecord(book_copy)
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes().replace(b"\n", b"\r\n"))
    assert record(load_book(book_copy.root), ["pr-end"]) == ["pr-end"]
    data = path.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf---\r\n")
    assert data.count(b"\n") == data.count(b"\r\n")  # no bare LF crept in
    assert b":translates: " in data
    assert load_book(book_copy.root).rule("pr-end", "en").options[OPTION]


def test_recording_what_is_already_recorded_leaves_the_file_untouched(
    book_copy: BookCopy,
) -> None:
    path = book_copy.root / EN
    before = snapshot(path)
    assert main(["translated", "--all", "--root", str(book_copy.root)]) == 0
    assert snapshot(path) == before  # same bytes, same inode, same modification time


def test_publish_with_nothing_new_leaves_the_registry_untouched(book_copy: BookCopy) -> None:
    path = book_copy.root / PUBLISHED
    before = snapshot(path)
    assert main(["publish", str(book_copy.root)]) == 0
    assert snapshot(path) == before


def test_publish_keeps_a_persons_comments_order_and_line_endings(book_copy: BookCopy) -> None:
    path = book_copy.root / PUBLISHED
    text = path.read_text(encoding="utf-8")
    text = text.replace('    "pr-end",\n', '    "pr-end",  # linked from the BGG forum\n')
    text = text.replace("[aliases]\n", "[aliases]\n# none yet: see the authoring guide\n")
    path.write_bytes(text.replace("\n", "\r\n").encode())
    add_rule(book_copy, "pr-zz-new")
    assert main(["publish", str(book_copy.root)]) == 0
    after = path.read_bytes().decode()
    assert after.count("\n") == after.count("\r\n")
    expected = text.replace('    "pr-ex-mission",\n', '    "pr-ex-mission",\n    "pr-zz-new",\n')
    assert after.replace("\r\n", "\n") == expected  # one line more, nothing else moved
    assert tomllib.loads(after)["ids"]["port-royal-morgan"][-1] == "pr-zz-new"


def test_publish_refuses_a_malformed_id_and_writes_nothing(
    book_copy: BookCopy, capsys: pytest.CaptureFixture[str]
) -> None:
    path = book_copy.root / PUBLISHED
    before = snapshot(path)
    add_rule(book_copy, 'pr-bad"x')
    assert main(["publish", str(book_copy.root)]) == 2
    assert "malformed ID" in capsys.readouterr().err
    assert snapshot(path) == before


def test_publish_creates_the_registry_when_there_is_none(book_copy: BookCopy) -> None:
    path = book_copy.root / PUBLISHED
    path.unlink()
    assert main(["publish", str(book_copy.root), "--game", "port-royal-morgan"]) == 0
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert data["ids"]["port-royal-morgan"][0] == "pr-credits"
    assert set(data["ids"]) == {"port-royal-morgan"} and data["aliases"] == {}
