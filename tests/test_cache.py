"""The command line's cache (rulebook/book/cache.py) changes how fast, never what is found."""

import errno
import io
import os
import pickle
import random
import subprocess
import sys
import threading
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import jinja2
import pytest

from rulebook.book import cache
from rulebook.book.chain_words import CHAIN_WORDS, load_chain_words
from rulebook.book.glossary import GLOSSARY
from rulebook.cli import main
from rulebook.site.sphinxext import html_templates
from rulebook.site.sphinxext.html_templates import html_text
from rulebook.site.sphinxext.template_cache import CompiledTemplates, keep_compiled_templates
from rulebook.site.sphinxext.term_links import glossary_of
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
    assert list((cache_folder / "rules").glob("*.json")), "the first run keeps its parses"
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
        for kept in (cache_folder / "kind").glob("*.json"):
            kept.write_bytes(b"not an entry")
        assert cache.remembered("kind", "bad", lambda: "again") == "again"
        assert cache.remembered("kind", "bad", lambda: "never") == "again", "rewritten"
    finally:
        cache.disable()


def test_the_library_keeps_nothing_unless_asked(cache_folder: Path) -> None:
    assert cache.remembered("kind", "key", lambda: 1) == 1
    assert not cache_folder.exists()


# What a damaged cache may not do: be used, or stop a run -------------------------------------

# 150 damages, one byte each, in 75 different entries per run: each run is a process (1 s of
# CPU), and each damage is still asserted on its own (the entry rewritten whole); two runs, so
# that a run also starts from what the run before it repaired.
RUNS, PER_RUN = 2, 75


def check_command(root: Path, env: dict[str, str]) -> tuple[int, str, str]:
    done = subprocess.run(
        [sys.executable, "-m", "rulebook", "check", str(root)],
        env=env, capture_output=True, text=True, check=False,
    )  # fmt: skip
    return done.returncode, done.stdout, done.stderr


def damaged(data: bytes, pick: random.Random) -> tuple[str, bytes]:
    """One byte of ``data`` damaged: changed, dropped, or the entry cut short there."""
    at = pick.randrange(len(data))
    how = pick.choice(("changed", "changed", "dropped", "cut"))
    if how == "changed":
        other = bytes([data[at] ^ pick.randrange(1, 256)])
        return f"byte {at} changed", data[:at] + other + data[at + 1 :]
    if how == "dropped":
        return f"byte {at} dropped", data[:at] + data[at + 1 :]
    return f"cut at byte {at}", data[:at]


def test_a_damaged_entry_is_never_used_and_never_stops_a_run(
    book_copy: BookCopy, tmp_path: Path
) -> None:
    """Each run is a process of its own, as a reader's runs are: what one run damaged, the
    next finds on disk."""
    book_copy.edit(FR, "atteignez 20 points", "atteignez 25 points")  # a problem to report
    env = {k: v for k, v in os.environ.items() if not k.startswith("RULEBOOK_CACHE")}
    env |= {"XDG_CACHE_HOME": str(tmp_path / "xdg"), "PYTHONHASHSEED": "0"}  # the same bytes
    uncached = check_command(book_copy.root, {**env, "RULEBOOK_CACHE": "off"})
    assert uncached[0] == 1 and ": pr-end: " in uncached[1]
    assert check_command(book_copy.root, env) == uncached, "the run that fills the cache"
    entries = sorted((tmp_path / "xdg" / "rulebook" / "results").rglob("*.json"))
    kinds = {entry.parent.name for entry in entries}
    assert {"rules", "toml", "markup", "steps", "examples", "table"} <= kinds
    good = {entry: entry.read_bytes() for entry in entries}
    pick = random.Random(23)
    for run in range(RUNS):
        damages = {}
        for entry in pick.sample(entries, PER_RUN):
            damages[entry], broken = damaged(good[entry], pick)
            entry.write_bytes(broken)
        said = f"run {run}, damages {[(e.parent.name, d) for e, d in damages.items()]}"
        assert check_command(book_copy.root, env) == uncached, said
        # A game's share of a check, kept whole (checks/game_results.py), spares a run what
        # it was worked out from (steps, examples, tables): without the shares, a run reads it.
        for share in (tmp_path / "xdg" / "rulebook" / "results" / "game").glob("*.json"):
            share.unlink()
        assert check_command(book_copy.root, env) == uncached, f"{said}, no share kept"
        for entry, damage in damages.items():
            assert entry.read_bytes() == good[entry], f"{said}: {damage} not rewritten"
    left = [p for p in (tmp_path / "xdg" / "rulebook" / "results").rglob("*") if p.is_file()]
    assert sorted(left) == entries, "no temporary file is left"


class RunsCommand:
    """What a crafted pickle holds: loading it runs a shell command."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return os.system, (f"touch {self.marker}",)


CRAFTED = {
    "a pickle that runs a command": None,
    "os.system": b'[["c", "os", "system", []]]\n{"$c": [0]}',
    "subprocess.Popen": b'[["c", "subprocess", "Popen", ["args"]]]\n{"$c": [0, ["touch", "x"]]}',
    "a class outside the package": b'[["c", "pathlib", "Path", []]]\n{"$c": [0]}',
    "a package class that is no dataclass": b'[["c", "rulebook.errors", "BookError", []]]\n'
    b'{"$c": [0]}',
    "a package module never imported": b'[["e", "rulebook.no_such_module", "X", []]]\n'
    b'{"$e": [0, "A"]}',
    "a name the module imported": b'[["c", "rulebook.book.model", "Path", []]]\n{"$c": [0]}',
    "a field the dataclass does not declare": b'[["c", "rulebook.book.model", "Segment", '
    b'["text", "kind", "row", "col", "run"]]]\n{"$c": [0, "x", null, 1, 1, "rm"]}',
    "a field missing": b'[["c", "rulebook.book.model", "Segment", ["text", "kind", "row", "col"]]]'
    b'\n{"$c": [0, "x"]}',
    "a member the enumeration has not": b'[["e", "rulebook.book.model", "SegmentKind", []]]\n'
    b'{"$e": [0, "RUN"]}',
    "a class of the wrong form": b'[["e", "rulebook.book.model", "Segment", []]]\n'
    b'{"$e": [0, "text"]}',
    "a form that does not exist": b'[]\n{"$x": "os.system"}',
    "a class number out of range": b'[]\n{"$c": [0, "x"]}',
}


@pytest.mark.parametrize("crafted", CRAFTED)
def test_a_crafted_entry_is_never_run_and_is_computed_again(
    crafted: str, cache_folder: Path, tmp_path: Path
) -> None:
    import rulebook.book.model  # noqa: F401 (the classes a crafted entry may name)

    marker = tmp_path / "ran"
    payload = CRAFTED[crafted] or pickle.dumps(RunsCommand(marker))
    cache.enable(cache_folder)
    try:
        who = cache.identity("kind", "key")
        path = cache.entry_path(cache_folder, "kind", who)
        path.parent.mkdir(parents=True)
        path.write_bytes(cache.sealed(who, payload))  # whole, as this code would seal it
        modules = set(sys.modules)
        assert cache.remembered("kind", "key", lambda: "computed") == "computed"
        assert set(sys.modules) == modules, "reading imports nothing"
        assert cache.remembered("kind", "key", lambda: "again") == "computed", "rewritten"
    finally:
        cache.disable()
    assert not marker.exists(), "the crafted entry ran a command"


def remembered_within(seconds: float, compute: Any) -> list[object]:
    """What ``remembered`` returns, when it returns within ``seconds`` (a thread: a FIFO read
    by mistake would block it for ever)."""
    said: list[object] = []
    thread = threading.Thread(
        target=lambda: said.append(cache.remembered("kind", "key", compute)), daemon=True
    )
    thread.start()
    thread.join(seconds)
    return said


@pytest.mark.parametrize("made", ["a FIFO", "a link to /dev/zero"])
def test_an_entry_that_is_no_regular_file_is_never_waited_for(
    made: str, cache_folder: Path
) -> None:
    cache.enable(cache_folder)
    try:
        path = cache.entry_path(cache_folder, "kind", cache.identity("kind", "key"))
        path.parent.mkdir(parents=True)
        if made == "a FIFO":
            os.mkfifo(path)
        else:
            path.symlink_to("/dev/zero")
        assert remembered_within(10, lambda: "computed") == ["computed"], f"{made} stopped the run"
        assert path.is_file() and not path.is_symlink(), "replaced by the entry"
        assert remembered_within(10, lambda: "again") == ["computed"]
    finally:
        cache.disable()


class DiskFull:
    """A file on a full disk: nothing can be written to it."""

    def __init__(self, real: Any) -> None:
        self.real = real

    def write(self, data: bytes) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)

    def __enter__(self) -> "DiskFull":
        return self

    def __exit__(self, *exc: object) -> None:
        self.real.close()


@pytest.fixture
def full_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    real_open = io.open

    def full_open(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        opened = real_open(file, mode, *args, **kwargs)
        return DiskFull(opened) if set(mode) & set("wax+") else opened

    monkeypatch.setattr(io, "open", full_open)


def test_a_full_disk_costs_time_never_a_result_and_leaves_no_file(
    cache_folder: Path, full_disk: None
) -> None:
    cache.enable(cache_folder)
    try:
        assert [cache.remembered("kind", str(n), lambda n=n: n) for n in range(50)] == [*range(50)]
        assert cache.remembered("kind", "0", lambda: "again") == "again", "nothing was kept"
    finally:
        cache.disable()
    assert not [p for p in cache_folder.rglob("*") if p.is_file()], "a temporary file is left"


@dataclass(frozen=True)
class Outside:
    """A class outside the package: the cache's format does not hold it."""

    n: int


def test_a_result_the_format_cannot_hold_is_computed_each_time(cache_folder: Path) -> None:
    cache.enable(cache_folder)
    try:
        assert cache.remembered("kind", "key", lambda: (1, Outside(1))) == (1, Outside(1))
        assert cache.remembered("kind", "key", lambda: (1, Outside(2))) == (1, Outside(2))
    finally:
        cache.disable()
    assert not list(cache_folder.rglob("*.json"))


def test_what_the_pickle_cache_left_is_removed(cache_folder: Path) -> None:
    folder = cache_folder / "kind"
    folder.mkdir(parents=True)
    (folder / "0123abcd.pickle").write_bytes(pickle.dumps(1))
    for name in ("tmpx1y2z3", ".0123.json.abc.tmp"):
        (folder / name).write_bytes(b"half a result")
        os.utime(folder / name, (0, 0))  # left long ago by a killed run
    (folder / ".4567.json.def.tmp").write_bytes(b"a run writing now")
    cache.enable(cache_folder)
    try:
        cache.remembered("kind", "key", lambda: 1)
    finally:
        cache.disable()
    assert sorted(p.suffix for p in folder.iterdir()) == [".json", ".tmp"]


def test_a_library_upgrade_is_other_code(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cache.code_version.cache_clear()
    before = cache.code_version()
    (tmp_path / "markdown_it_py-99.0.dist-info").mkdir()
    monkeypatch.syspath_prepend(str(tmp_path))
    cache.code_version.cache_clear()
    try:
        assert cache.code_version() != before
    finally:
        cache.code_version.cache_clear()


# The compiled page templates: kept beside Sphinx's own pickles, never in the cache folder -----


def test_compiled_templates_are_kept_in_the_build_not_in_the_cache_folder(
    cache_folder: Path, tmp_path: Path
) -> None:
    environment = jinja2.Environment(loader=jinja2.DictLoader({"t.html": "{{ 6 * 7 }}"}))
    templates = SimpleNamespace(environment=environment)
    app = SimpleNamespace(
        doctreedir=str(tmp_path / "doctrees"), builder=SimpleNamespace(templates=templates)
    )
    cache.enable(cache_folder)
    try:
        keep_compiled_templates(app)  # type: ignore[arg-type]
        assert environment.get_template("t.html").render() == "42"
        html_text("code_line.html", "en", no_code=True)
        kept = [html_templates._ENV.bytecode_cache, environment.bytecode_cache]
        assert {getattr(bytecode, "folder", None) for bytecode in kept} == {
            tmp_path / "doctrees" / "templates"
        }, "the page templates and the book's own, both kept in the build"
    finally:
        cache.disable()
        html_templates.keep_compiled(None)
    assert not [p for p in cache_folder.rglob("*") if p.is_file()], "no code in the cache folder"
    assert list((tmp_path / "doctrees" / "templates").glob("*.jinja"))


def compiled_render(folder: Path) -> str:
    environment = jinja2.Environment(
        loader=jinja2.DictLoader({"t.html": "{{ 6 * 7 }}"}),
        bytecode_cache=CompiledTemplates(folder),
    )
    return environment.get_template("t.html").render()


def test_a_damaged_compiled_template_is_compiled_again(tmp_path: Path) -> None:
    assert compiled_render(tmp_path) == "42"
    kept = next(tmp_path.glob("*.jinja"))
    good = kept.read_bytes()
    pick = random.Random(23)
    for _ in range(100):
        damage, broken = damaged(good, pick)
        kept.write_bytes(broken)
        assert compiled_render(tmp_path) == "42", damage
        assert kept.read_bytes() == good, f"{damage}: not rewritten"


def test_a_template_compiled_under_other_settings_is_compiled_again(tmp_path: Path) -> None:
    """Escaping and whitespace control are compiled into a template's code: the same source
    under other settings is another kept file, never the code compiled for the first."""
    source = {"t.html": "{% if true %}\nA\n{% endif %}<b>{{ '<i>' }}</b>"}

    def render(**settings: bool) -> str:
        environment = jinja2.Environment(
            loader=jinja2.DictLoader(source), bytecode_cache=CompiledTemplates(tmp_path), **settings
        )
        return environment.get_template("t.html").render()

    assert render(trim_blocks=True, autoescape=True) == "A\n<b>&lt;i&gt;</b>"
    assert render() == "\nA\n<b><i></b>"
    assert render(trim_blocks=True, autoescape=True) == "A\n<b>&lt;i&gt;</b>"
    assert len(list(tmp_path.glob("*.jinja"))) == 2


def test_a_full_disk_costs_a_compile_not_the_build(tmp_path: Path, full_disk: None) -> None:
    assert compiled_render(tmp_path) == "42"
    assert not list(tmp_path.iterdir()), "a temporary file is left"


# What the cache keeps, and the in-process look-ups that feed its keys -------------------------


@pytest.mark.parametrize(
    ("relative", "read"),
    [(GLOSSARY, glossary_of), (CHAIN_WORDS, load_chain_words)],
    ids=["glossary", "chain words"],
)
def test_a_file_read_once_a_build_is_read_again_when_it_changes_under_the_same_date(
    book_copy: BookCopy, relative: Path, read: Any
) -> None:
    """The in-process look-ups of the glossary and the chain words are keyed by the file's
    ``cache.signature`` (size, date, inode): an edit saved within the same clock tick as the
    last read (or with its date put back) is still read."""
    path = book_copy.root / relative
    first = read(book_copy.root)
    before = path.stat()
    path.write_text(path.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert read(book_copy.root) is not first


def test_a_run_that_needs_more_than_keep_entries_keeps_them_all(
    cache_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pruning removes the oldest entries, never one the running process uses: else a book
    whose check needs more than ``KEEP`` would remove at each run what the next one needs."""
    monkeypatch.setattr(cache, "KEEP", 4)
    monkeypatch.setattr(cache, "_USED", set())
    monkeypatch.setattr(cache, "_COUNT", {})
    monkeypatch.setattr(cache, "_LIMIT", {})
    old = cache_folder / "kind"
    old.mkdir(parents=True)
    for n in range(6):  # what an earlier run left, long ago
        (old / f"{n:032x}.json").write_bytes(b"an earlier run's entry")
        os.utime(old / f"{n:032x}.json", (0, 0))
    cache.enable(cache_folder)
    try:
        assert [cache.remembered("kind", str(n), lambda n=n: n) for n in range(10)] == [*range(10)]
        computed: list[int] = []
        again = [cache.remembered("kind", str(n), partial(computed.append, n)) for n in range(10)]
    finally:
        cache.disable()
    assert again == [*range(10)] and computed == [], "every entry of this run was kept"
    assert not [p for p in old.glob("*.json") if p.read_bytes() == b"an earlier run's entry"]


def test_a_modules_digest_follows_an_edit_in_the_same_process(tmp_path: Path) -> None:
    package = tmp_path / "game_for_digest"
    package.mkdir()
    (package / "__init__.py").write_text("X = 1\n", encoding="utf-8")
    module = SimpleNamespace(__file__=str(package / "__init__.py"))
    first = cache.module_digest(module)  # type: ignore[arg-type]
    assert cache.module_digest(module) == first  # type: ignore[arg-type]
    (package / "rules.py").write_text("Y = 2\n", encoding="utf-8")
    added = cache.module_digest(module)  # type: ignore[arg-type]
    assert added != first, "a file added to the package"
    (package / "rules.py").write_text("Y = 3\n", encoding="utf-8")  # the same size
    assert cache.module_digest(module) != added, "a file edited"  # type: ignore[arg-type]


def test_the_game_packages_follow_a_module_added_in_the_same_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import rulebook.games
    from rulebook.book.names import game_packages

    monkeypatch.setattr(rulebook.games, "__path__", [*rulebook.games.__path__, str(tmp_path)])
    assert "rulebook.games.added_later" not in game_packages()
    (tmp_path / "added_later.py").write_text("", encoding="utf-8")
    os.utime(tmp_path, ns=(0, os.stat(tmp_path).st_mtime_ns + 1))  # the folder's date moves
    assert "rulebook.games.added_later" in game_packages()


def test_a_template_compiled_by_another_jinja_is_not_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert compiled_render(tmp_path) == "42"
    [kept] = tmp_path.glob("*.jinja")
    assert jinja2.__version__ in kept.name
    monkeypatch.setattr(jinja2, "__version__", "99.0")
    assert compiled_render(tmp_path) == "42"
    assert len(list(tmp_path.glob("*.jinja"))) == 2, "compiled again, for the other Jinja"


def test_the_sphinx_environment_follows_an_upgraded_library(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from rulebook.site.sphinxext import code_digest

    before = code_digest()
    (tmp_path / "myst_parser-99.0.dist-info").mkdir()
    monkeypatch.syspath_prepend(str(tmp_path))
    assert code_digest() != before
