"""Every bad input a careless editor makes gets a clear error: one line naming the file (and
line), what is wrong and what to do, a non-zero exit; never a traceback, never a silent pass.

A file that cannot be read is one line ``path:line: message`` and exit status 2; a rule block
that reads but is wrong is a check problem ``path:line: rule-id: message → fix``, exit 1.
"""

import json
import os
import random
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

import rulebook.games
from rulebook.book import code as codebind
from rulebook.cli import main
from rulebook.errors import RuleError
from rulebook.games import catan_dice as cd
from rulebook.games import fifty_first_state as fs
from rulebook.games import megawatts as mw
from rulebook.games.megawatts import rules as mw_rules
from tests.conftest import ROOT, BookCopy, book_games

FR = "rules_fr/port-royal-morgan.md"
EN = "rules_en/port-royal-morgan.md"
REGISTER = "rules_fr/port-royal-morgan.corrections.toml"
PUBLISHED = "rules_fr/published-ids.toml"
STONE = "rules_fr/stone-age-solo.md"
CATAN = "rules_fr/catan-dice-extra.corrections.toml"
GLOSSARY = "rules_fr/glossary.toml"
ORIGINAL = "rules_fr/original/port-royal-morgan.txt"
PROVENANCE = "rules_fr/original/port-royal-morgan.toml"
END = ":::{rule} pr-end\n:title: Fin de la partie\n:code: WINNING_SCORE\n:original: 83-85\n"


def files_of(root: Path) -> dict[Path, bytes]:
    return {path: path.read_bytes() for path in root.rglob("*") if path.is_file()}


@pytest.fixture(scope="module")
def pristine_copy(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[Path, bytes]]:
    root = tmp_path_factory.mktemp("book")
    for folder in ("rules_fr", "rules_en"):
        shutil.copytree(ROOT / folder, root / folder)
    return root, files_of(root)


@pytest.fixture
def book_copy(pristine_copy: tuple[Path, dict[Path, bytes]]) -> Iterator[BookCopy]:
    """One copy of the book for this module's tests, each test's damage undone after it (the
    files it changed rewritten, those it added removed): a copy at the same place each time,
    so that the check's cache (keyed by a file's path and content) spares each test the
    parse of every file it left alone, which a fresh copy a test paid (0.5 s a test)."""
    root, kept = pristine_copy
    yield BookCopy(root)
    for path in sorted(root.rglob("*"), reverse=True):  # what a test added, deepest first
        if path.is_symlink() or path.is_file():
            if path not in kept:
                path.unlink()
        elif path in kept or not any(file.is_relative_to(path) for file in kept):
            shutil.rmtree(path)  # a folder where a file was, or a folder a test added
    for path, data in kept.items():
        if not path.is_file() or path.read_bytes() != data:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
    assert files_of(root) == kept, "the book copy is the book again"


def line_of(book: BookCopy, relative: str, text: str) -> int:
    """The line of a file where ``text`` first occurs."""
    source = (book.root / relative).read_text(encoding="utf-8")
    assert text in source, f"{text!r} is not in {relative}"
    return source[: source.index(text)].count("\n") + 1


def break_bytes(book: BookCopy, relative: str, text: str) -> int:
    """Put a Latin-1 byte (not UTF-8) in the place of ``text``; return its line."""
    line = line_of(book, relative, text)
    path = book.root / relative
    path.write_bytes(path.read_bytes().replace(text.encode(), b"d\xe9j\xe0", 1))
    return line


def replace(book: BookCopy, relative: str, old: str, new: str) -> int:
    """Replace the first ``old`` by ``new``; return the line where it was."""
    line = line_of(book, relative, old)
    path = book.root / relative
    path.write_text(path.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")
    return line


@dataclass(frozen=True)
class Case:
    """A bad input: how to make it, the command to run, and the line it must give."""

    name: str
    make: Callable[[BookCopy], int]  # breaks the copy; returns the line at fault (0: none)
    command: tuple[str, ...]  # {root} stands for the copy
    where: str  # the file named, relative to the copy
    says: str  # words of the message (a regular expression)
    status: int = 2


def first_correction(book: BookCopy) -> str:
    text = (book.root / REGISTER).read_text(encoding="utf-8")
    start = text.index("[[correction]]")
    return text[start : text.index("[[correction]]", start + 1)]


def duplicate_correction(book: BookCopy) -> int:
    entry = first_correction(book)
    path = book.root / REGISTER
    path.write_text(path.read_text(encoding="utf-8") + "\n" + entry, encoding="utf-8")
    return path.read_text(encoding="utf-8").count("\n") - entry.count("\n") + 1


def left_out_line(relative: str, lines: str) -> int:
    """The line of the ``[[left_out]]`` header of the entry leaving out ``lines``."""
    text = (ROOT / relative).read_text(encoding="utf-8").splitlines()
    return text.index(f'lines = "{lines}"')  # the header is the line before (0-based + 1)


def append(book: BookCopy, relative: str, text: str) -> int:
    path = book.root / relative
    before = path.read_text(encoding="utf-8")
    path.write_text(before + text, encoding="utf-8")
    return before.count("\n") + 1 + (text.startswith("\n"))


def unclose_last_rule(book: BookCopy) -> int:
    path = book.root / FR
    text = path.read_text(encoding="utf-8").rstrip("\n")
    assert text.endswith("\n:::")
    path.write_text(text[: -len(":::")], encoding="utf-8")
    last = text.rindex(":::{rule}")
    return text[:last].count("\n") + 1


def unclose_a_rule(book: BookCopy) -> int:
    line = line_of(book, FR, END)
    text = (book.root / FR).read_text(encoding="utf-8")
    start = text.index(END)
    end = text.index("\n:::\n", start)
    (book.root / FR).write_text(text[:end] + text[end + 4 :], encoding="utf-8")
    return line


def cut_in_half(book: BookCopy, relative: str) -> int:
    path = book.root / relative
    data = path.read_bytes()
    cut = data[: data.index(b'    "pr-end",') + 8]
    path.write_bytes(cut)
    return cut.count(b"\n") + 1


def no_front_matter(book: BookCopy) -> int:
    path = book.root / FR
    text = path.read_text(encoding="utf-8")
    path.write_text(text[text.index("---", 3) + 4 :], encoding="utf-8")
    return 1


def empty(book: BookCopy, relative: str) -> int:
    (book.root / relative).write_text("", encoding="utf-8")
    return 1


def remove(book: BookCopy, relative: str) -> int:
    (book.root / relative).unlink()
    return 0


def same_game_twice(book: BookCopy) -> int:
    text = (book.root / FR).read_text(encoding="utf-8")
    (book.root / "rules_fr/zz-copy.md").write_text(text, encoding="utf-8")
    return 2  # game: port-royal-morgan


def folder_instead_of_file(book: BookCopy) -> int:
    (book.root / REGISTER).unlink()
    (book.root / REGISTER).mkdir()
    return 0


LOADER_CASES = [
    Case("invalid UTF-8 in the French rules file",
         lambda b: break_bytes(b, FR, "Morgan est"), ("check", "{root}"), FR, "not UTF-8.*UTF-8"),
    Case("invalid UTF-8 in the English rules file",
         lambda b: break_bytes(b, EN, "Morgan reaches 20"), ("rules", "--json", "{root}"), EN,
         "not UTF-8"),
    Case("invalid UTF-8 in the corrections register",
         lambda b: break_bytes(b, REGISTER, "comme ville de base"), ("check", "{root}"),
         REGISTER, "not UTF-8"),
    Case("invalid UTF-8 in the original",
         lambda b: break_bytes(b, ORIGINAL, "Morgan"), ("show", "pr-end", "--root", "{root}"),
         ORIGINAL, "not UTF-8"),
    Case("invalid UTF-8 in the published-ID registry",
         lambda b: break_bytes(b, PUBLISHED, "pr-end"), ("publish", "{root}"), PUBLISHED,
         "not UTF-8"),
    Case("invalid UTF-8 in the glossary",
         lambda b: break_bytes(b, GLOSSARY, "[[term]]\ngame = \"port"), ("check", "{root}"),
         GLOSSARY, "not UTF-8"),
    Case("invalid UTF-8 in the provenance",
         lambda b: break_bytes(b, PROVENANCE, "Anke"), ("check", "{root}"), PROVENANCE,
         "not UTF-8"),
    Case("malformed TOML register",
         lambda b: replace(b, REGISTER, 'kind = "mistranslation"', "kind = mistranslation"),
         ("check", "{root}"), REGISTER, "not valid TOML.*fix the syntax"),
    Case("published-ID registry cut short by a full disk",
         lambda b: cut_in_half(b, PUBLISHED), ("cite", "pr-end", "--root", "{root}"), PUBLISHED,
         "not valid TOML"),
    Case("malformed TOML glossary",
         lambda b: append(b, GLOSSARY, "\n[[term]\n"), ("check", "{root}"), GLOSSARY,
         "not valid TOML"),
    Case("malformed TOML provenance",
         lambda b: replace(b, PROVENANCE, 'author = "Anke', 'author = Anke'), ("check", "{root}"),
         PROVENANCE, "not valid TOML"),
    Case("a number where the register wants text",
         lambda b: replace(b, REGISTER, 'rule = "pr-name"', "rule = 3"), ("check", "{root}"),
         REGISTER, "`rule` must be a string in quotes, got a number"),
    Case("a misspelt key in the register",
         lambda b: replace(b, REGISTER, 'reason_fr = "Calque', 'reson_fr = "Calque'),
         ("check", "{root}"), REGISTER, "unknown key 'reson_fr'.*the keys are"),
    Case("a single string where the glossary wants a list",
         lambda b: append(b, GLOSSARY, '\n[[term]]\nfr = "dé"\nen = "die"\nforms_fr = "dés"\n')
         + 3,
         ("check", "{root}"), GLOSSARY, "`forms_fr` must be a list of strings"),
    Case("a number where an alias wants a rule ID",
         lambda b: replace(b, PUBLISHED, "[aliases]\n", '[aliases]\n"pr-x" = 3\n') + 1,
         ("check", "{root}"), PUBLISHED, "`pr-x` must be a string in quotes, got a number"),
    Case("a string where the registry wants a list of IDs",
         lambda b: append(b, PUBLISHED, '\n[ids.more]\n'), ("check", "{root}"), PUBLISHED,
         "`more` must be a list of strings, got a table"),
    Case("duplicated register entry",
         duplicate_correction, ("check", "{root}"), REGISTER,
         "repeats the one at line [0-9]+ .*keep one"),
    Case("duplicated glossary term",
         lambda b: append(b, GLOSSARY, '\n[[term]]\ngame = "port-royal-morgan"\nfr = "navire"\n'
                          'en = "ship"\n'), ("check", "{root}"), GLOSSARY,
         "the pair 'navire' / 'ship' \\(port-royal-morgan\\) is already given at line 7"),
    Case("the same original line left out twice",
         lambda b: append(b, CATAN, '\n[[left_out]]\nlines = "22"\nreason_fr = "x"\n'
                          'reason_en = "x"\n'), ("check", "{root}"), CATAN,
         f"original line 22 is already left out at line {left_out_line(CATAN, '22')}"),
    Case("an ID listed twice in the published-ID registry",
         lambda b: replace(b, PUBLISHED, '    "pr-credits",\n',
                           '    "pr-credits",\n    "pr-credits",\n') + 1,
         ("check", "{root}"), PUBLISHED, "pr-credits is listed twice"),
    Case("`:original: 83-x`",
         lambda b: replace(b, FR, ":original: 83-85", ":original: 83-x"), ("check", "{root}"),
         FR, r"`:original: 83-x`: expected line numbers such as 83-85"),
    Case("huge `:original:` range",
         lambda b: replace(b, FR, ":original: 83-85", ":original: 83-999999999"),
         ("rules", "--json", "{root}"), FR, "spans more lines than any original holds"),
    Case("backwards `:original:` range",
         lambda b: replace(b, FR, ":original: 83-85", ":original: 85-83"),
         ("check", "{root}"), FR, "runs backwards"),
    Case("unclosed final `:::`",
         unclose_last_rule, ("check", "{root}"), FR, "is never closed: add a line ':::'"),
    Case("a `:::` missing between two rules",
         unclose_a_rule, ("rules", "--json", "{root}"), FR,
         "pr-end is not closed before the next rule block"),
    Case("front matter without a module",
         lambda b: replace(b, FR, "module: rulebook.games.port_royal\n", "") - 3,
         ("check", "{root}"), FR, "gives no `module:`"),
    Case("a game module that does not exist",
         lambda b: rename_module(b, "rulebook.games.port_royale"), ("check", "{root}"), FR,
         "`module: rulebook.games.port_royale` is not a game package of this book"),
    Case("a game named unlike its file",
         lambda b: replace(b, FR, "game: port-royal-morgan", "game: port-royal"),
         ("check", "{root}"), FR, "names the game 'port-royal', but the file is port-royal-m"),
    Case("an upper-case prefix",
         lambda b: replace(b, FR, "prefix: pr\n", "prefix: PR\n"), ("check", "{root}"), FR,
         "the prefix 'PR' is not lowercase ASCII"),
    Case("empty French file",
         lambda b: empty(b, FR),
         ("rules", "--json", "{root}"), FR, "is empty, so the whole game port-royal-morgan"),
    Case("French file without its front matter",
         no_front_matter, ("check", "{root}"), FR, "has no front matter naming its game"),
    Case("two French files naming the same game",
         same_game_twice, ("check", "{root}"), "rules_fr/zz-copy.md",
         "names the game 'port-royal-morgan', but the file is zz-copy.md"),
    Case("a folder where the register should be",
         folder_instead_of_file, ("check", "{root}"), REGISTER, "is a folder, not a file"),
    Case("a folder that is not a book passed as ROOT",
         lambda b: remove_folder(b, "rules_fr"), ("check", "{root}"), "",
         "not a rulebook: no rules_fr/ folder"),
    Case("a ROOT that does not exist",
         lambda b: 0, ("rules", "--json", "{root}/nowhere"), "nowhere", "does not exist"),
    Case("cite --lang en with the English file gone",
         lambda b: remove(b, EN), ("cite", "pr-end", "--lang", "en", "--root", "{root}"), EN,
         "missing: pr-end has no English text"),
    Case("show --lang en with the English file gone",
         lambda b: remove(b, EN), ("show", "pr-end", "--lang", "en", "--root", "{root}"), EN,
         "missing"),
    Case("cite of an unknown ID, with a near miss",
         lambda b: 0, ("cite", "pr-ned", "--root", "{root}"), "rules_fr",
         "no rule 'pr-ned'.*did you mean pr-end"),
    Case("show of an ID written in capitals",
         lambda b: 0, ("show", "PR-END", "--root", "{root}"), "rules_fr",
         "no rule 'PR-END'.*did you mean pr-end"),
    Case("show of an unknown ID",
         lambda b: 0, ("show", "zz-nothing", "--root", "{root}"), "rules_fr",
         "no rule 'zz-nothing'"),
    Case("cite of a renamed rule's old ID",
         lambda b: rename_end(b), ("cite", "pr-end", "--root", "{root}"), "rules_fr",
         "pr-end was renamed: use pr-game-end"),
    Case("mistyped --game (publish)",
         lambda b: 0, ("publish", "{root}", "--game", "port-royal"), "rules_fr",
         "no game 'port-royal': did you mean port-royal-morgan"),
    Case("mistyped --game (translated)",
         lambda b: 0, ("translated", "--game", "stone-age", "--root", "{root}"), "rules_fr",
         "no game 'stone-age'"),
    Case("translated of an unknown rule",
         lambda b: 0, ("translated", "pr-nope", "--root", "{root}"), "rules_fr",
         "no rule 'pr-nope'"),
    Case("empty published-ID registry",
         lambda b: empty(b, PUBLISHED) - 1, ("check", "{root}"), PUBLISHED,
         "is empty \\(cut short\\?\\): restore it"),
    Case("empty glossary", lambda b: empty(b, GLOSSARY) - 1, ("check", "{root}"), GLOSSARY,
         "is empty"),
    Case("empty corrections register", lambda b: empty(b, REGISTER) - 1, ("check", "{root}"),
         REGISTER, "is empty"),
    Case("empty original", lambda b: empty(b, ORIGINAL) - 1, ("check", "{root}"), ORIGINAL,
         "is empty, but port-royal-morgan.toml records it: restore the source text"),
    Case("missing original", lambda b: remove(b, ORIGINAL), ("check", "{root}"), ORIGINAL,
         "is missing, but port-royal-morgan.toml records it"),
    Case("a rule block without its ID",
         lambda b: replace(b, FR, ":::{rule} pr-end\n", ":::{rule}\n"), ("check", "{root}"), FR,
         "a rule block without its ID"),
    Case("`:title:` given twice",
         lambda b: replace(b, FR, ":title: Fin de la partie\n", ":title: Fin\n:title: Autre\n")
         + 1, ("check", "{root}"), FR, "`:title:` is given twice in the rule block pr-end"),
    Case("publish of a malformed ID",
         lambda b: replace(b, FR, ":::{rule} pr-end\n", ':::{rule} pr-End"x\n'),
         ("publish", "{root}"), FR, "malformed ID.*nothing was published"),
]  # fmt: skip


def rename_end(book: BookCopy) -> int:
    for relative in (FR, EN):
        replace(book, relative, ":::{rule} pr-end\n", ":::{rule} pr-game-end\n")
    replace(book, PUBLISHED, "[aliases]\n", '[aliases]\n"pr-end" = "pr-game-end"\n')
    return 0


def remove_folder(book: BookCopy, relative: str) -> int:
    import shutil

    shutil.rmtree(book.root / relative)
    return 0


def run(command: tuple[str, ...], root: Path, capsys: pytest.CaptureFixture[str]) -> tuple:  # type: ignore[type-arg]
    status = main([part.replace("{root}", str(root)) for part in command])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("case", LOADER_CASES, ids=[case.name for case in LOADER_CASES])
def test_a_file_that_cannot_be_read_is_one_line_naming_it(
    case: Case, book_copy: BookCopy, capsys: pytest.CaptureFixture[str]
) -> None:
    line = case.make(book_copy)
    status, out, err = run(case.command, book_copy.root, capsys)
    assert status == case.status
    assert out == "" and "Traceback" not in err
    [message] = err.splitlines()  # one line
    where = f"{book_copy.root / case.where}:{line}: " if line else f"{book_copy.root / case.where}"
    assert message.startswith(where.rstrip("/")), message
    assert re.search(case.says, message), message


USAGE_CASES = [
    ("translated with no argument", ("translated",), "name the rules whose translation"),
    ("unknown option", ("check", "--jsn"), "unrecognized arguments: --jsn"),
    (
        "an argument too many, said by the command",
        ("check", ".", "--json", "extra"),
        "rulebook check: error: unrecognized arguments: extra",
    ),
    ("wrong --format", ("cite", "pr-end", "--format", "html"), "invalid choice: 'html'"),
    ("wrong --lang", ("show", "pr-end", "--lang", "de"), "invalid choice: 'de'"),
    ("no command", (), "the following arguments are required: command"),
    ("unknown command", ("chek",), "invalid choice: 'chek'"),
    ("rules without --json", ("rules",), "the following arguments are required: --json"),
]


@pytest.mark.parametrize(
    "command,says", [c[1:] for c in USAGE_CASES], ids=[c[0] for c in USAGE_CASES]
)
def test_a_command_used_wrongly_says_how_and_exits_2(
    command: tuple[str, ...], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        status = main(list(command))
    except SystemExit as exit:  # argparse's own usage errors
        status = int(exit.code or 0)
    out, err = capsys.readouterr()
    assert status == 2 and out == ""
    assert says in err.splitlines()[-1]
    assert "Traceback" not in err


def broken_module(book: BookCopy, source: str, name: str) -> int:
    """A game module whose own code fails while importing (a syntax error, an exception),
    in a folder of game packages the test adds to the book's (``rulebook.games``)."""
    folder = book.root / "code"
    folder.mkdir(exist_ok=True)
    (folder / f"{name}.py").write_text(source, encoding="utf-8")
    rulebook.games.__path__.append(str(folder))
    rename_module(book, f"rulebook.games.{name}")
    return 1  # the game's problem is at the top of its file


def rename_module(book: BookCopy, name: str) -> int:
    replace(book, FR, "module: rulebook.games.port_royal", f"module: {name}")
    return 4  # the front matter's line


@pytest.fixture(autouse=True)
def restore_sys_path(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Also: a bug of the tool raises here (its traceback shown), never passes as an error."""
    monkeypatch.setenv("RULEBOOK_DEBUG", "1")
    saved, games = list(sys.path), list(rulebook.games.__path__)
    yield
    sys.path[:] = saved
    rulebook.games.__path__[:] = games
    codebind.forget_code()


@dataclass(frozen=True)
class CheckCase:
    """A rule block or book that reads but is wrong: a check problem, exit status 1."""

    name: str
    make: Callable[[BookCopy], int]  # breaks the copy; returns the line of the problem
    where: str
    rule: str
    says: str


CHECK_CASES = [
    CheckCase("empty `:title:`",
              lambda b: replace(b, FR, ":title: Fin de la partie\n", ":title:\n") - 1, FR,
              "pr-end", "an empty :title: → give the rule its title"),
    CheckCase("missing `:title:`",
              lambda b: replace(b, EN, ":title: End of the game\n", "") - 1, EN, "pr-end",
              "no :title: → give the rule its title"),
    CheckCase("unknown `:kind:`",
              lambda b: replace(b, FR, ":code: WINNING_SCORE\n", ":code: WINNING_SCORE\n"
                                ":kind: exemple\n") - 2, FR, "pr-end",
              "unknown :kind: exemple → the kinds are rule, example"),
    CheckCase("misspelt option `:titel:`",
              lambda b: replace(b, FR, ":title: Fin de la partie\n", ":titel: Fin de la partie\n")
              - 1, FR, "pr-end", "unknown option :titel: → the options are title, code"),
    CheckCase("`:code:` naming a missing function",
              lambda b: replace(b, FR, END, END.replace("WINNING", "WINING")), FR,
              "pr-end", "names code that does not exist: rulebook.games.port_royal.WINING_SCORE"),
    CheckCase("rule ID duplicated across games",
              lambda b: replace(b, STONE, ":::{rule} sa-", ":::{rule} pr-end\n:::\n\n"
                                ":::{rule} sa-"), STONE, "pr-end",
              "duplicate ID: already used at port-royal-morgan.md"),
    CheckCase("an upper-case rule ID",
              lambda b: replace(b, FR, ":::{rule} pr-end", ":::{rule} pr-End"), FR, "pr-End",
              "malformed ID: expected lowercase ASCII words"),
    CheckCase("game module fails to import (syntax error)",
              lambda b: broken_module(b, "WINNING_SCORE = (20\n", "broken_syntax_game"), FR,
              "port-royal-morgan", "cannot be imported: SyntaxError at .*broken_syntax_game.py:1"),
    CheckCase("game module fails to import (error in its code)",
              lambda b: broken_module(b, "X = 1\nY = 1 / 0\n", "broken_code_game"), FR,
              "port-royal-morgan",
              "cannot be imported: ZeroDivisionError at .*broken_code_game.py:2: division by zero"),
    CheckCase("missing English file",
              lambda b: remove(b, EN) + 1, FR, "port-royal-morgan",
              "no English file rules_en/port-royal-morgan.md"),
    CheckCase("empty English file",
              lambda b: empty(b, EN), EN, "port-royal-morgan",
              "the English file is empty: every rule is missing → restore"),
    CheckCase("French file deleted",
              lambda b: remove(b, FR) + 1, FR, "port-royal-morgan",
              "the game's rules file is missing, so its 34 published IDs have vanished"),
    CheckCase("`:original:` past the end of the original",
              lambda b: replace(b, FR, ":original: 83-85", ":original: 83-85, 500") - 3, FR,
              "pr-end", "original line 500 does not exist"),
]  # fmt: skip


@pytest.mark.parametrize("case", CHECK_CASES, ids=[case.name for case in CHECK_CASES])
def test_a_wrong_rule_block_is_a_check_problem_naming_it(
    case: CheckCase, book_copy: BookCopy, capsys: pytest.CaptureFixture[str]
) -> None:
    line = case.make(book_copy)
    status, out, err = run(("check", "{root}"), book_copy.root, capsys)
    assert status == 1 and "Traceback" not in out + err
    expected = re.compile(f"^{re.escape(case.where)}:{line}: {re.escape(case.rule)}: .*{case.says}")
    assert any(expected.search(found) for found in out.splitlines()), out
    if case.name == "French file deleted":  # the cause is named, not its 34 effects
        assert "published ID has vanished" not in out


def bom(book: BookCopy, relative: str) -> None:
    path = book.root / relative
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())


def crlf(book: BookCopy, relative: str) -> None:
    path = book.root / relative
    path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n"))


ACCEPTED = [
    ("BOM at the start of a rules file", lambda b: bom(b, FR)),
    ("BOM at the start of the English file", lambda b: bom(b, EN)),
    ("BOM at the start of a register", lambda b: bom(b, REGISTER)),
    ("BOM at the start of the published-ID registry", lambda b: bom(b, PUBLISHED)),
    ("CRLF line endings in a rules file", lambda b: crlf(b, FR)),
    ("CRLF line endings in the glossary", lambda b: crlf(b, GLOSSARY)),
]


@pytest.mark.parametrize("make", [c[1] for c in ACCEPTED], ids=[c[0] for c in ACCEPTED])
def test_a_bom_or_windows_line_endings_hide_nothing(
    make: Callable[[BookCopy], None], book_copy: BookCopy, capsys: pytest.CaptureFixture[str]
) -> None:
    """A BOM or CRLF an editor saved is read as if absent: the game stays in the book."""
    make(book_copy)
    assert run(("check", "{root}"), book_copy.root, capsys)[0] == 0
    status, out, _ = run(("rules", "--json", "{root}"), book_copy.root, capsys)
    games = {rule["game"] for rule in json.loads(out)["rules"]}
    assert status == 0 and games == {game.slug for game in book_games()}


@pytest.mark.parametrize("slug", [game.slug for game in book_games()])
def test_a_bom_and_windows_line_endings_in_a_games_own_files_hide_nothing_of_it(
    slug: str, book_copy: BookCopy, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each game of the book, its French file saved with a BOM, its English file and its
    register with Windows line endings: every rule of it is still read and agrees."""
    bom(book_copy, f"rules_fr/{slug}.md")
    crlf(book_copy, f"rules_en/{slug}.md")
    if (book_copy.root / f"rules_fr/{slug}.corrections.toml").exists():
        crlf(book_copy, f"rules_fr/{slug}.corrections.toml")
    status, out, err = run(("check", "{root}"), book_copy.root, capsys)
    assert status == 0, f"the check must agree on the game first (`rulebook check`):\n{out}{err}"
    status, out, _ = run(("rules", "--json", "{root}"), book_copy.root, capsys)
    found = [rule["id"] for rule in json.loads(out)["rules"] if rule["game"] == slug]
    [game] = [game for game in book_games() if game.slug == slug]
    assert status == 0 and found == [rule.id for rule in game.fr.rules]


def test_a_reader_that_stops_early_is_no_error() -> None:
    """`rulebook rules --json | head -1`: the closed pipe is the reader's choice."""
    command = f"{sys.executable} -m rulebook rules --json {ROOT} | head -1"
    env = os.environ | {"RULEBOOK_BASE_URL": "https://rules.test/"}  # no placeholder warning
    done = subprocess.run(command, shell=True, capture_output=True, text=True, env=env, check=False)
    assert done.stdout == "{\n" and "Traceback" not in done.stderr and done.stderr == ""


def test_a_bug_of_the_tool_is_one_line_saying_where_unless_debugging(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import rulebook.outputs.export

    def broken(*_: object) -> None:
        raise TypeError("a bug")

    monkeypatch.setattr(rulebook.outputs.export, "export_rules", broken)
    monkeypatch.delenv("RULEBOOK_DEBUG")
    assert main(["rules", "--json", str(ROOT)]) == 3
    [line] = capsys.readouterr().err.splitlines()
    assert line.startswith("rulebook: internal error at ") and "TypeError: a bug" in line
    monkeypatch.setenv("RULEBOOK_DEBUG", "1")
    with pytest.raises(TypeError, match="a bug"):
        main(["rules", "--json", str(ROOT)])


# Rule functions: bad input is a RuleError naming the rule, what was expected and, after
# "got", the value passed; every argument is checked on every path, not only where it is used.
def owned() -> list[mw.Plant]:
    return [mw.Plant(4, mw.Fuel.COAL, 2, 1), mw.Plant(5, mw.Fuel.HYBRID, 2, 1),
            mw.Plant(10, mw.Fuel.COAL, 2, 2)]  # fmt: skip


def offer() -> list[mw.Plant]:
    return [mw.Plant(13, mw.Fuel.GREEN, 0, 1), mw.Plant(15, mw.Fuel.COAL, 2, 3),
            mw.Plant(16, mw.Fuel.OIL, 2, 3), mw.Plant(25, mw.Fuel.COAL, 2, 5)]  # fmt: skip


COAL, OIL = mw.Resource.COAL, mw.Resource.OIL
# The bounds the messages name, as the code holds them.
MOST_ITEMS, MOST_COUNT = mw_rules._MOST_ITEMS, mw_rules._MOST_COUNT
TIED = {COAL: 3, OIL: 3}  # plants 15 (coal) and 16 (oil) stay tied: a draw is needed
UNTIED = {COAL: 4, OIL: 3}  # oil is cheaper: plant 16, no draw
PRICE = f"the price of the cheapest cube of each resource, {MOST_ITEMS} at most"
DRAW = "a random.Random to draw between power plants still tied"
FIRST = [mw.Plant(n, mw.Fuel.OIL, 2, 1) for n in (3, 4, 5, 6)]
NUMBER = f"a power plant's number, a whole number from 1 to {MOST_COUNT}"
CAPACITY = f"a power plant's capacity, a whole number from 1 to {MOST_COUNT}"
OCCUPIED = "whether another player occupies the city, True or False"
USED = "whether the joker is used, True or False"
CARDS = [fs.Card.BELLE_NITRO, fs.Card.BAZAR, fs.Card.PUB]

RULE_CASES = [
    ("a plant number that is True", lambda: mw.plant_price(True, (1, 2, 3, 4), step=1),
     f"mw-first-buy: expected {NUMBER}, got True"),
    ("a plant number that is a float", lambda: mw.plant_price(47.0, (47, 48, 49, 50), step=3),
     f"mw-first-buy: expected {NUMBER}, got 47.0"),
    ("occupied that is None", lambda: mw.build_cost(1, 0, occupied=None),
     f"mw-one-player-per-city: expected {OCCUPIED}, got None"),
    ("occupied that is 0", lambda: mw.build_cost(1, 0, occupied=0),
     f"mw-one-player-per-city: expected {OCCUPIED}, got 0"),
    ("occupied that is a word", lambda: mw.build_cost(1, 0, occupied="no"),
     f"mw-one-player-per-city: expected {OCCUPIED}, got 'no'"),
    ("an occupied city", lambda: mw.build_cost(2, 8, occupied=True),
     "mw-one-player-per-city: expected a city no player occupies (occupied=False), got True"),
    ("a bad connection to an occupied city", lambda: mw.build_cost(1, -3, occupied=True),
     f"mw-ai-build: expected a connection cost, a whole number from 0 to {MOST_COUNT}, got -3"),
    ("an idle plant's capacity that is a word", lambda: mw.ai_fires((5, 3, "x"), cities=6),
     f"mw-ai-power-order: expected {CAPACITY}, got 'x'"),
    ("an idle plant's capacity below 1", lambda: mw.ai_fires((5, 3, -1), cities=6),
     f"mw-ai-power-order: expected {CAPACITY}, got -1"),
    ("a joker used 'yes' on its creation turn", lambda: cd.can_use_joker(4, 4, used="yes"),
     f"cd-knight-joker: expected {USED}, got 'yes'"),
    ("a joker used None on its creation turn", lambda: cd.can_use_joker(4, 4, used=None),
     f"cd-knight-joker: expected {USED}, got None"),
    ("a bad price of a resource the fuel does not burn",
     lambda: mw.single_resource_price(mw.Fuel.OIL, {COAL: "x", OIL: 3}),
     f"mw-ai-choice-ties: expected the price of coal, a whole number from 1 to {MOST_COUNT}, "
     "got 'x'"),
    ("a price for no resource", lambda: mw.single_resource_price(mw.Fuel.GREEN, {"zzz": 3}),
     "mw-ai-choice-ties: expected a resource among coal, oil, garbage, uranium, got 'zzz'"),
    ("prices that are a word, no plant helping",
     lambda: mw.ai_choose_plant(owned(), 1, offer(), "garbage"),
     f"mw-ai-choice-ties: expected {PRICE}, got 'garbage'"),
    ("a draw that is a word, no plant helping",
     lambda: mw.ai_choose_plant(owned(), 1, offer(), UNTIED, rng="x"),
     f"mw-ai-choice-ties: expected {DRAW}, got 'x'"),
    ("a draw that is a word, no tie",
     lambda: mw.ai_choose_plant(owned(), 3, offer(), UNTIED, rng="notarng"),
     f"mw-ai-choice-ties: expected {DRAW}, got 'notarng'"),
    ("a draw that is a word, a tie", lambda: mw.ai_choose_plant(owned(), 3, offer(), TIED, rng="x"),
     f"mw-ai-choice-ties: expected {DRAW}, got 'x'"),
    ("no draw for a tie", lambda: mw.ai_choose_plant(owned(), 3, offer(), TIED),
     f"mw-ai-choice-ties: expected {DRAW} (16, 15), got None"),
    ("a tie-break draw that is a float", lambda: mw.ai_tie_break(offer()[:1], {}, rng=1.5),
     f"mw-ai-choice-ties: expected {DRAW}, got 1.5"),
    ("a city draw that is a word, no tie",
     lambda: mw.ai_build(2, {"Essen": 10, "Bremen": 3, "Kiel": 7}, 2, 2, rng="seed"),
     "mw-ai-build: expected a random.Random to draw between cities at the same cost, got 'seed'"),
    ("no draw for cities at the same cost", lambda: mw.ai_build(1, {"Essen": 3, "Bremen": 3}, 0, 0),
     "mw-ai-build: expected a random.Random to draw between cities at the same cost "
     "(Essen, Bremen), got None"),
    ("a shuffle that is a float, the draw pile not run out",
     lambda: fs.your_cards(CARDS, [fs.Choice.KEEP, fs.Choice.KEEP], rng=1.5),
     "fs-draw-first-card: expected a random.Random to shuffle with, got 1.5"),
    ("prices that are a word, a plant drawn at random",
     lambda: mw.ai_plant_phase(mw.ArtificialPlayer(), 1, 1, FIRST, "garbage", random.Random(1)),
     f"mw-ai-choice-ties: expected {PRICE}, got 'garbage'"),
    ("no draw, a plant chosen",
     lambda: mw.ai_plant_phase(mw.ArtificialPlayer(), 4, 1, FIRST, {}, None),
     "mw-first-ai-plant: expected a random.Random for the artificial player's draws, got None"),
]  # fmt: skip


@pytest.mark.parametrize("call,says", [c[1:] for c in RULE_CASES], ids=[c[0] for c in RULE_CASES])
def test_bad_input_to_a_rule_function_names_the_rule_and_the_value_passed(
    call: Callable[[], object], says: str
) -> None:
    with pytest.raises(RuleError) as raised:
        call()
    assert " ".join(str(raised.value).split()) == says


class Dice(random.Random):
    """A draw of the caller's own: a random.Random subclass is a random.Random."""


def test_good_input_next_to_the_bad_keeps_its_answer() -> None:
    """The contrasts: no draw where none comes up, a subclass draw, prices by name."""
    assert mw.ai_choose_plant(owned(), 3, offer(), UNTIED).number == 16
    assert mw.ai_choose_plant(owned(), 3, offer(), TIED, Dice(1)).number in (15, 16)
    assert mw.ai_build(1, {"Essen": 3, "Bremen": 3}, 0, 0, Dice(7))[0] in ("Essen", "Bremen")
    assert mw.single_resource_price(mw.Fuel.COAL, {"coal": 3, "oil": 2}) == 3
    assert mw.build_cost(2, 8, occupied=False) == 23
    assert mw.ai_fires((5, 3, 2), cities=6) == (5, 3)
    assert cd.can_use_joker(4, 7, used=False) is True
    assert mw.plant_price(6, (3, 4, 5, 6), step=1) == 11
    kept = fs.your_cards(CARDS, [fs.Choice.KEEP, fs.Choice.KEEP], rng=Dice(1)).kept
    assert kept == ("belle-nitro", "bazar", "pub")
