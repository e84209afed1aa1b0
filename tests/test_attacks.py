"""A rules file stays text (docs/security.md): one test per attack, each on a scratch copy.

Text cannot choose code, reach outside the book or the output, lose a writer's work, break
an output's format or a setting's link; a build is published whole or not at all. Each test
makes the attack and asserts that it is refused in one line, or has no effect.
"""

import concurrent.futures
import os
import re
import signal
import subprocess
import sys
import time
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import rulebook.games
from rulebook.addresses import address_error, base_url_error, repo_url_error
from rulebook.book import code as codebind
from rulebook.book.characters import REFUSED
from rulebook.book.files import inside
from rulebook.cli import main
from rulebook.errors import BookError
from rulebook.site import build as site
from rulebook.site import staging
from tests.conftest import ROOT, BookCopy

FR = "rules_fr/port-royal-morgan.md"
EN = "rules_en/port-royal-morgan.md"
PUBLISHED = "rules_fr/published-ids.toml"
HISTORY = "rules_fr/port-royal-morgan.history.toml"
ORIGINAL = "rules_fr/original/port-royal-morgan.txt"
REGISTER = "rules_fr/port-royal-morgan.corrections.toml"
MODULE = "module: rulebook.games.port_royal\n"
RULEBOOK = [sys.executable, "-m", "rulebook"]


def run(*args: str, cwd: Path | None = None, env: dict[str, str] | None = None) -> tuple[int, str]:
    """The command line in a process of its own: its exit status and stderr."""
    done = subprocess.run(
        [*RULEBOOK, *args], capture_output=True, text=True, cwd=cwd, env=env, timeout=120
    )
    assert "Traceback" not in done.stderr, done.stderr
    return done.returncode, done.stderr


def one_line(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    """The command line in this process: its status and its one line on stderr."""
    status = main(list(args))
    err = capsys.readouterr().err.strip()
    assert "Traceback" not in err and len(err.splitlines()) == 1, err
    return status, err


@pytest.fixture
def canary(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A module on the path that, if it were ever imported, would leave a file behind (and
    exit with status 0, as a module that raises SystemExit on import would)."""
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    mark = tmp_path / "imported"
    (folder / "canary_module.py").write_text(
        f"open({str(mark)!r}, 'w').close()\nraise SystemExit(0)\n", encoding="utf-8"
    )
    monkeypatch.syspath_prepend(str(folder))
    yield mark
    sys.modules.pop("canary_module", None)


# Text chooses no code.


@pytest.mark.parametrize(
    "module",
    ["canary_module", "venv", "this", "os", "rulebook.games", "rulebook.games.port_royal.rules",
     "rulebook.cli", "rulebook.games.port_royal; canary_module", "../rulebook/games/port_royal"],
)  # fmt: skip
def test_a_front_matter_names_only_a_game_package_of_the_book(
    module: str, book_copy: BookCopy, canary: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    book_copy.edit(FR, MODULE, f"module: {module}\n")
    imported = set(sys.modules)
    status, err = one_line(capsys, "check", str(book_copy.root))
    assert status == 2
    line = (book_copy.root / FR).read_text(encoding="utf-8").split("\n").index(f"module: {module}")
    assert err.startswith(f"{book_copy.root / FR}:{line + 1}: `module: {module}` is not a game")
    assert not canary.exists()
    assert module not in set(sys.modules) - imported


def test_a_game_package_added_to_the_books_games_is_one_of_them(
    book_copy: BookCopy, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """How the tests put a scratch game's code beside the book's: the games' folders."""
    folder = tmp_path / "more_games"
    folder.mkdir()
    (folder / "tiny_game.py").write_text("WINNING_SCORE = 20\n", encoding="utf-8")
    monkeypatch.setattr(rulebook.games, "__path__", [*rulebook.games.__path__, str(folder)])
    book_copy.edit(FR, MODULE, "module: rulebook.games.tiny_game\n")
    try:
        lines = book_copy.lines("code")
    finally:
        sys.modules.pop("rulebook.games.tiny_game", None)
        codebind.forget_code()
    assert any("names code that does not exist: rulebook.games.tiny_game" in x for x in lines)


def test_python_m_rulebook_imports_nothing_from_the_current_folder(
    book_copy: BookCopy, tmp_path: Path
) -> None:
    mark = tmp_path / "imported"
    for name in ("doctest", "tomli", "difflib", "markdown_it"):  # imported after start-up
        (book_copy.root / f"{name}.py").write_text(
            f"open({str(mark)!r}, 'w').close()\n", encoding="utf-8"
        )
    status, _ = run("check", ".", cwd=book_copy.root)
    assert status in (0, 1) and not mark.exists()


# Text reaches nothing outside the book.


@pytest.mark.parametrize("alias", ["../../x", "/tmp/outside", "r/../../y", "pr-end/../..", ""])
def test_an_alias_that_is_not_a_rule_id_is_refused_before_anything_uses_it(
    alias: str, book_copy: BookCopy, capsys: pytest.CaptureFixture[str]
) -> None:
    book_copy.edit(PUBLISHED, "[aliases]\n", f'[aliases]\n"{alias}" = "pr-end"\n')
    line = (book_copy.root / PUBLISHED).read_text(encoding="utf-8").split("\n").index(
        f'"{alias}" = "pr-end"'
    ) + 1
    status, err = one_line(capsys, "site", str(book_copy.root), "--out", str(book_copy.root / "o"))
    assert status == 2
    assert err.startswith(f"{book_copy.root / PUBLISHED}:{line}: [aliases]: {alias!r} is not")
    assert not (book_copy.root / "o").exists()


def test_a_history_record_that_is_not_a_rule_id_is_refused(
    book_copy: BookCopy, capsys: pytest.CaptureFixture[str]
) -> None:
    path = book_copy.root / HISTORY
    text = path.read_text(encoding="utf-8")
    path.write_text(
        text + '\n[[version]]\nrule = "../../../etc"\ndate = 2026-11-24\nretired = true\n',
        encoding="utf-8",
    )
    status, err = one_line(capsys, "check", str(book_copy.root))
    line = text.count("\n") + 3
    assert status == 2 and err.startswith(f"{path}:{line}: `rule` '../../../etc' is not a rule")


def test_an_output_path_made_of_text_never_leaves_the_output(tmp_path: Path) -> None:
    assert inside(tmp_path, "r", "pr-end", "fr") == tmp_path / "r" / "pr-end" / "fr"
    for part in ("..", "../x", "/etc", "a/b", "", ".", "a\0b"):
        with pytest.raises(BookError, match="outside the output"):
            inside(tmp_path, "r", part)
    (tmp_path / "r").symlink_to("/tmp")
    with pytest.raises(BookError, match="outside the output folder"):
        inside(tmp_path, "r", "pr-end")


def checked_at_once(book: BookCopy, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """The check of the copy, which must answer within seconds (never read for ever)."""
    started = time.monotonic()
    said = one_line(capsys, "check", str(book.root))
    assert time.monotonic() - started < 10
    return said


@pytest.mark.parametrize("target", ["/proc/self/environ", "/etc/hostname", "/dev/zero"])
def test_a_file_of_the_book_linked_outside_it_is_refused_unread(
    target: str, book_copy: BookCopy, capsys: pytest.CaptureFixture[str]
) -> None:
    original = book_copy.root / ORIGINAL
    original.unlink()
    original.symlink_to(target)
    status, err = checked_at_once(book_copy, capsys)
    assert status == 2
    assert err == f"{original}: is a symbolic link leading outside the book: replace it by the file"


def test_a_link_inside_the_book_is_followed(book_copy: BookCopy) -> None:
    spelling = book_copy.root / "rules_en" / "spelling.txt"
    (book_copy.root / "rules_en" / "words.txt").write_bytes(spelling.read_bytes())
    spelling.unlink()
    spelling.symlink_to("words.txt")
    assert book_copy.lines("ids") == []


def test_a_fifo_in_the_book_is_refused_without_waiting(
    book_copy: BookCopy, capsys: pytest.CaptureFixture[str]
) -> None:
    original = book_copy.root / ORIGINAL
    original.unlink()
    os.mkfifo(original)
    status, err = checked_at_once(book_copy, capsys)
    assert (status, err) == (2, f"{original}: is a FIFO, not a file of text: remove it")


# Two writers lose nothing.


def unpublish(book: BookCopy, games: tuple[str, ...]) -> dict[str, list[str]]:
    """Take every ID of ``games`` out of the registry, as if never published; the IDs."""
    path = book.root / PUBLISHED
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    text = path.read_text(encoding="utf-8")
    for game in games:
        listed = re.search(rf"(?ms)^{re.escape(game)} = \[.*?^\]\n", text)
        assert listed, game
        text = text.replace(listed.group(0), "")
    path.write_text(text, encoding="utf-8")
    return {game: data["ids"][game] for game in games}


def test_two_publish_at_once_lose_no_id_and_list_none_twice(book_copy: BookCopy) -> None:
    games = ("port-royal-morgan", "stone-age-solo")
    for _ in range(4):
        wanted = unpublish(book_copy, games)
        with concurrent.futures.ThreadPoolExecutor(2) as pool:
            runs = pool.map(lambda game: run("publish", str(book_copy.root), "--game", game), games)
            assert all(status == 0 for status, _ in runs)
        text = (book_copy.root / PUBLISHED).read_text(encoding="utf-8")
        ids = tomllib.loads(text)["ids"]
        for game in games:
            assert ids[game] == wanted[game]
            assert all(text.count(f'"{rule_id}"') == 1 for rule_id in wanted[game])


# Outputs stay their format: no control or bidirectional character gets in.


@pytest.mark.parametrize(
    "path,old,new,line",
    [
        (FR, ":title: Fin de la partie", ":title: Fin de\x01 la partie", "U+0001"),
        (FR, ":title: Fin de la partie", ":title: Fin de\x0b la partie", "U+000B"),
        (EN, ":title: End of the game", ":title: End of \u202ethe game", "U+202E RIGHT-TO-LEFT"),
        (PUBLISHED, "[ids]", "[ids]\n# \u2066isolate\u2069", "U+2066"),
        (EN, ":title: End of the game", ":title: End of\uffff the game", "U+FFFF"),
        (EN, ":title: End of the game", ":title: End of\u2028the game", "U+2028 LINE SEP"),
        (REGISTER, "Pour une référence plus", "Pour une\x1b référence plus", "U+001B"),
    ],
)
def test_a_control_or_bidirectional_character_is_refused_at_its_line(
    path: str,
    old: str,
    new: str,
    line: str,
    book_copy: BookCopy,
    capsys: pytest.CaptureFixture[str],
) -> None:
    book_copy.edit(path, old, new)
    text = (book_copy.root / path).read_text(encoding="utf-8")
    bad = text.index(new) + REFUSED.search(new).start()  # type: ignore[union-attr]
    number = text[:bad].count("\n") + 1
    status, err = one_line(capsys, "check", str(book_copy.root))
    assert status == 2
    assert err.startswith(f"{book_copy.root / path}:{number}: holds {line}"), err


# Settings and options are validated.


@pytest.mark.parametrize(
    "value", ["javascript:alert(1)//", "data:text/html,x", "https://x.org/a]b[url=y", "ftp://x.org"]
)
def test_a_repository_address_that_is_no_http_address_is_refused(value: str) -> None:
    assert repo_url_error(value), value
    status, err = run("cite", "pr-end", "--root", str(ROOT), env=os.environ | {
        "RULEBOOK_REPO_URL": value})  # fmt: skip
    assert status == 2 and err.startswith("rulebook cite: RULEBOOK_REPO_URL: ")


@pytest.mark.parametrize(
    "value",
    ["https://x.org/]b[url=javascript:alert(1)]", 'https://x.org/"a', "https://x.org/a b",
     "https://x.org/(a)", "https://x.org/%zz", "https://x.org/a\\b", "https://x.org/<a>"],
)  # fmt: skip
def test_a_public_address_that_would_break_a_quote_is_refused(value: str) -> None:
    assert base_url_error(value)
    assert address_error("X", "https://rules.example.org:8443/a-b_c/~d/%C3%A9/", "") is None
    status, err = run("cite", "pr-end", "--format", "bbcode", "--root", str(ROOT),
                      env=os.environ | {"RULEBOOK_BASE_URL": value})  # fmt: skip
    assert status == 2 and err.startswith("rulebook cite: RULEBOOK_BASE_URL: ")


def test_publish_refuses_a_date_before_a_rules_last_version(
    book_copy: BookCopy, capsys: pytest.CaptureFixture[str]
) -> None:
    book_copy.edit(FR, "La partie se termine", "La partie s'achève")
    before = (book_copy.root / HISTORY).read_bytes()
    status, err = one_line(capsys, "publish", str(book_copy.root), "--date", "0001-01-01")
    assert status == 2 and "--date 0001-01-01 precedes pr-end's last version, of " in err
    assert (book_copy.root / HISTORY).read_bytes() == before


def test_publish_refuses_to_retire_an_id_that_names_nothing(
    book_copy: BookCopy, capsys: pytest.CaptureFixture[str]
) -> None:
    before = (book_copy.root / HISTORY).read_bytes()
    status, err = one_line(capsys, "publish", str(book_copy.root), "--retire", "pr-nothing")
    assert status == 2 and "--retire pr-nothing: no rule of that ID has a recorded version" in err
    assert (book_copy.root / HISTORY).read_bytes() == before


# A build is published whole or not at all.


def fake_sphinx(monkeypatch: pytest.MonkeyPatch, pages: dict[str, str], sleep: float = 0) -> None:
    """``build_site`` with two Sphinx builds that write ``pages`` in their language."""

    def command(root: Path, out: Path, doctrees: Path, lang: str, strict: bool) -> list[str]:
        write = "".join(
            f"p = pathlib.Path({str(out / lang / name)!r}); p.parent.mkdir(parents=True, "
            f"exist_ok=True); p.write_text({text!r});"
            for name, text in pages.items()
        )
        return [sys.executable, "-c", f"import pathlib, time; time.sleep({sleep}); {write}"]

    monkeypatch.setattr(site, "sphinx_command", command)
    monkeypatch.setattr(site, "write_publication", lambda *args: None)
    monkeypatch.setattr(site, "book_is_publishable", lambda *args: True)


def test_a_page_no_longer_built_leaves_the_published_site(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "html"
    fake_sphinx(monkeypatch, {"a.html": "a", "b.html": "b"})
    assert site.build_site(ROOT, out) == 0
    first = (out / "fr" / "a.html").stat().st_ino
    work = staging.work_folder(out) / "site"
    (work / "fr" / "b.html").unlink()  # as the stale-pages hook removes a document gone
    fake_sphinx(monkeypatch, {})
    assert site.build_site(ROOT, out) == 0
    assert (out / "fr" / "a.html").read_text() == "a" and not (out / "fr" / "b.html").exists()
    assert (out / "fr" / "a.html").stat().st_ino == first, "an unchanged file is linked"


def test_a_failed_build_leaves_the_published_site_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "html"
    fake_sphinx(monkeypatch, {"a.html": "first"})
    assert site.build_site(ROOT, out) == 0
    monkeypatch.setattr(site, "sphinx_command", lambda *a: [sys.executable, "-c", "exit(1)"])
    assert site.build_site(ROOT, out) == 1
    assert (out / "fr" / "a.html").read_text() == "first"
    assert not list(tmp_path.glob(".html.new-*")) and not list(tmp_path.glob(".html.old-*"))


def test_publishing_refuses_to_replace_a_folder_it_did_not_build(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    status, err = one_line(capsys, "site", str(ROOT), "--out", str(tmp_path))
    assert status == 2 and err.startswith(f"{tmp_path}: holds files that are not a site")
    assert (tmp_path / "notes.txt").read_text(encoding="utf-8") == "mine"


def test_an_output_folder_that_cannot_be_written_is_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, err = one_line(capsys, "site", str(ROOT), "--out", "/proc/no-such/html")
    assert status == 2 and err.startswith("/proc/no-such/html: cannot be written")


def started(pid: int) -> str | None:
    """When a process started (``/proc/<pid>/stat``'s 22nd field), ``None`` once it is gone:
    a process number is given again to a new process (at most 32,768 here), its start not."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return stat.rsplit(")", 1)[1].split()[19]


def children(pid: int) -> list[int]:
    found = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(p) for p in found.read_text().split()] if found.exists() else []


def with_ctrl_c() -> None:
    """Ctrl-C as a terminal delivers it: a test run started in the background (``make test &``)
    ignores it, and what a process ignores, the commands it starts ignore too."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_stops_both_builds_and_publishes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "html"
    process = subprocess.Popen(
        [*RULEBOOK, "site", str(ROOT), "--out", str(out)],
        stderr=subprocess.PIPE, text=True, preexec_fn=with_ctrl_c,
    )  # fmt: skip
    deadline = time.monotonic() + 60
    while len(children(process.pid)) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    builds = {pid: started(pid) for pid in children(process.pid)}
    assert len(builds) == 2, "the two Sphinx builds did not start"
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=30)
    assert process.returncode == 130
    assert err.strip().splitlines()[-1] == "rulebook site: interrupted; nothing more was written"
    for pid, start in builds.items():  # gone, or a zombie, or its number now another's
        assert started(pid) != start or " Z " in Path(f"/proc/{pid}/stat").read_text()
    assert not out.exists()


def test_a_ctrl_c_while_the_builds_start_is_acted_on_once_every_build_is_known() -> None:
    """Inside ``Popen`` a Ctrl-C left the child forked but unknown, running on after the
    command; held back while the builds start, it stops the command right after."""
    started = []
    before = signal.signal(signal.SIGINT, signal.default_int_handler)  # as Python starts
    try:
        with pytest.raises(KeyboardInterrupt):
            with site.signals_held():
                os.kill(os.getpid(), signal.SIGINT)
                started.append("the second build")  # not interrupted halfway
        assert started == ["the second build"]
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # given back
    finally:
        signal.signal(signal.SIGINT, before)


def test_sphinx_leaves_no_page_of_a_document_removed_from_the_book(tmp_path: Path) -> None:
    """On a tiny project: the page of a removed document is deleted after the next build
    (Sphinx's incremental build keeps it, and the sitemaps listed it)."""
    from sphinx.application import Sphinx

    from rulebook.site.sphinxext.stale_pages import setup_stale_pages

    source, out = tmp_path / "source", tmp_path / "html"
    source.mkdir()
    (source / "conf.py").write_text("", encoding="utf-8")
    (source / "index.rst").write_text("Home\n====\n\n.. toctree::\n\n   gone\n", encoding="utf-8")
    (source / "gone.rst").write_text("Gone\n====\n\nA page.\n", encoding="utf-8")

    def build() -> None:
        app = Sphinx(source, source, out, tmp_path / "doctrees", "html", status=None)
        setup_stale_pages(app)
        app.build()

    build()
    assert (out / "gone.html").exists() and (out / "search.html").exists()
    (source / "gone.rst").unlink()
    (source / "index.rst").write_text("Home\n====\n", encoding="utf-8")
    build()
    assert not (out / "gone.html").exists()
    assert (out / "index.html").exists() and (out / "search.html").exists()
    assert (out / "_static").is_dir()


@pytest.mark.parametrize("name", ["random", "random._os.abort", "morgan_turn.__globals__"])
def test_a_rule_names_only_the_public_code_of_its_game(
    name: str, book_copy: BookCopy, names_rule: Callable[[list[str], str, str], bool]
) -> None:
    """``:code:`` reaches the game's ``__all__`` only: not what its modules import (a
    function of the standard library would be called, or its doctests run)."""
    book_copy.edit(FR, ":code: WINNING_SCORE\n", f":code: {name}\n")
    lines = book_copy.lines("code")
    assert names_rule(
        lines, "pr-end", f"names code that does not exist: rulebook.games.port_royal.{name}"
    )


@pytest.mark.parametrize("name", ['x" onload="alert(1).md', "<script>.md", "a b.md", "é.md"])
def test_a_file_of_the_book_named_unlike_an_address_is_refused(
    name: str, book_copy: BookCopy, capsys: pytest.CaptureFixture[str]
) -> None:
    (book_copy.root / "rules_fr" / name).write_text("# Page\n", encoding="utf-8")
    status, err = one_line(capsys, "check", str(book_copy.root))
    assert status == 2
    assert err.startswith(f"{book_copy.root / 'rules_fr' / name}: is not named with letters")
