"""The key of a site the tests keep (tests/site_cache.py): each thing a build depends on,
changed alone, changes it; nothing else does."""

import datetime
import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from rulebook.text.spelling import dictionary_files
from tests import site_cache
from tests.conftest import ROOT, pdf_dates


@pytest.fixture
def book(tmp_path: Path) -> Path:
    """The book's own inputs, copied (the package is read where it is)."""
    for folder in ("rules_fr", "rules_en", "docs"):
        ignored = shutil.ignore_patterns("_build", "__pycache__")
        shutil.copytree(ROOT / folder, tmp_path / "book" / folder, ignore=ignored)
    return tmp_path / "book"


def key_of(book: Path) -> str:
    site_cache.machine.cache_clear()
    return site_cache.inputs_digest(book, "a test's build")


def program(folder: Path, name: str, prints: str) -> Path:
    """A program that prints ``prints``, standing for a system's command."""
    path = folder / name
    path.write_text(f"#!/bin/sh\necho '{prints}'\n", encoding="utf-8")
    path.chmod(0o755)
    return path


def fake_chromium(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    chromium = program(tmp_path, "chromium", "Chromium 999.0.0.1 built on a test")
    monkeypatch.setenv("RULEBOOK_CHROMIUM", str(chromium))


def one_more_distribution(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    info = tmp_path / "newly_installed-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: newly-installed\nVersion: 1.0\n")
    monkeypatch.syspath_prepend(str(tmp_path))


def changed_dictionary(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for lang in ("fr", "en"):
        for path in dictionary_files(lang) or pytest.skip("no Hunspell dictionary"):
            shutil.copy(path, tmp_path / path.name)
    with (tmp_path / "fr_FR.dic").open("a", encoding="utf-8") as dic:
        dic.write("nouveaumot\n")
    monkeypatch.setenv("RULEBOOK_HUNSPELL_DIR", str(tmp_path))


CHANGES: dict[str, Callable[[pytest.MonkeyPatch, Path], None]] = {
    "another Chromium (its --version)": fake_chromium,
    "one more installed distribution": one_more_distribution,
    "a dictionary's words": changed_dictionary,
    "another site address": lambda m, _: m.setenv("RULEBOOK_BASE_URL", "https://other.test/"),
}


@pytest.mark.parametrize("change", CHANGES)
def test_each_thing_the_machine_lends_a_build_changes_the_key(
    book: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, change: str
) -> None:
    before = key_of(book)
    assert key_of(book) == before  # the same inputs, the same key
    CHANGES[change](monkeypatch, tmp_path)
    assert key_of(book) != before, f"{change} does not change the key"
    monkeypatch.undo()
    assert key_of(book) == before


def test_other_fonts_change_the_key(
    book: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    before = key_of(book)
    program(tmp_path, "fc-list", "/usr/share/fonts/new/Font.ttf|65536")
    monkeypatch.setenv("PATH", f"{tmp_path}:{Path('/usr/bin')}:{Path('/bin')}")
    assert key_of(book) != before
    monkeypatch.undo()
    assert key_of(book) == before


@pytest.mark.parametrize(
    "changed", ["rules_fr/port-royal-morgan.md", "rules_en/glossary.md", "docs/conf.py"]
)
def test_a_file_of_the_book_changes_the_key(book: Path, changed: str) -> None:
    before = key_of(book)
    with (book / changed).open("a", encoding="utf-8") as file:
        file.write("\n")
    assert key_of(book) != before


def test_the_cache_keeps_the_last_sites_and_no_lock_file_of_a_site_gone(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    kept = tmp_path / "sites"
    monkeypatch.setattr(site_cache, "SITE_CACHE", kept)
    for n in range(site_cache.KEPT):
        key = f"old{n}"
        (kept / key).mkdir(parents=True)
        (kept / key / "done").touch()
        os.utime(kept / key / "done", (1000 - n, 1000 - n))  # old0 the newest
        (kept / f"{key}.lock").touch()
    (kept / "stopped.lock").touch()  # a build stopped before its site was made
    os.utime(kept / "stopped.lock", (1000, 1000))
    (kept / "running.lock").touch()  # a build under way (a minute old at most)

    def build(out: Path) -> str:
        out.mkdir(parents=True)
        (out / "index.html").write_text("a site", encoding="utf-8")
        return "built"

    assert site_cache.cached_build("new", tmp_path / "out" / "html", build) == "built"
    left = sorted(path.name for path in kept.iterdir())
    last = [f"old{n}" for n in range(site_cache.KEPT - 1)]  # the newest, but one
    assert left == sorted(["new", "new.lock", "running.lock", *last, *(f"{k}.lock" for k in last)])
    assert (tmp_path / "out" / "html" / "index.html").read_text(encoding="utf-8") == "a site"


def test_the_date_a_pdf_prints_is_in_the_key_file_by_file(tmp_path: Path) -> None:
    """The whole site's key holds each rules file's date as its PDF prints it: a file changed
    and not committed prints today, though the folder's last commit is older."""

    def git(*args: str, date: str = "2026-01-02T12:00:00") -> None:
        env = os.environ | {"GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date}
        subprocess.run(
            ["git", "-C", str(tmp_path), *args], check=True, env=env, capture_output=True
        )

    (tmp_path / "rules_fr").mkdir()
    for name in ("a.md", "b.md"):
        (tmp_path / "rules_fr" / name).write_text("# Règle\n", encoding="utf-8")
    git("init", "-q")
    git("-c", "user.name=t", "-c", "user.email=t@t", "add", ".")
    git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "first")
    assert pdf_dates(tmp_path).splitlines() == [
        "rules_fr/a.md 2026-01-02",
        "rules_fr/b.md 2026-01-02",
    ]
    (tmp_path / "rules_fr" / "b.md").write_text("# Règle changée\n", encoding="utf-8")
    today = datetime.date.today().isoformat()
    assert pdf_dates(tmp_path).splitlines() == [
        "rules_fr/a.md 2026-01-02",
        f"rules_fr/b.md {today}",
    ]
