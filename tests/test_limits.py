"""The limits of what a file of the book may hold (``rulebook/book/limits.py``): a file past
one is named in one line, at its file and line, with the limit and what to do; never a
traceback, never a long wait. Within them the check's time grows in proportion to its input:
``make bench`` measures that (``tools/bench.py``, its cost table); these tests do not time.
"""

import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
import tomli

from rulebook.book import limits, load_book
from rulebook.book.limits import (
    MAX_BLOCK_BRACKETS,
    MAX_BLOCK_CHARS,
    MAX_CITED_LINES,
    MAX_DIFF_WORDS,
    MAX_FILE_BYTES,
    MAX_MARKDOWN_CHARS,
    MAX_NESTING,
    MAX_TOML_NESTING,
    MAX_WORD_CHARS,
    MAX_WORD_HYPHENS,
    check_toml_nesting,
)
from rulebook.book.registers import key_line, parse_toml, value_line
from rulebook.checks import run_checks
from rulebook.checks.spelling import QUOTED, own_words
from rulebook.checks.style import figure_first
from rulebook.cli import main
from rulebook.errors import BookError
from rulebook.text import hunspell as kept_verdicts
from rulebook.text import spelling
from rulebook.text.markup import BBCODE, HTML_TAG, has_bbcode
from tests.conftest import ROOT, BookCopy

FR = "rules_fr/port-royal-morgan.md"
REGISTER = "rules_fr/port-royal-morgan.corrections.toml"
PUBLISHED = "rules_fr/published-ids.toml"
GLOSSARY = "rules_fr/glossary.toml"
HISTORY = "rules_fr/port-royal-morgan.history.toml"
END_TEXT = "La partie se termine"  # the first words of pr-end's text


def insert_before(book: BookCopy, relative: str, anchor: str, text: str) -> int:
    """Put ``text`` before the first ``anchor`` of a file; return the line ``text`` starts on."""
    path = book.root / relative
    source = path.read_text(encoding="utf-8")
    assert anchor in source, f"{anchor!r} is not in {relative}"
    at = source.index(anchor)
    path.write_text(source[:at] + text + source[at:], encoding="utf-8")
    return source[:at].count("\n") + 1


def oversized(book: BookCopy) -> int:
    path = book.root / PUBLISHED
    path.write_text(path.read_text(encoding="utf-8") + "# " + "x" * MAX_FILE_BYTES + "\n")
    return 0


def long_paragraph(book: BookCopy) -> int:
    words = "mot " * (MAX_BLOCK_CHARS // 4 + 1)
    return insert_before(book, FR, END_TEXT, words.strip() + "\n\n")


def long_paragraph_on_a_page(book: BookCopy) -> int:
    """A page that is no game's (the markup check reads it, the loader does not)."""
    path = book.root / "rules_fr" / "index.md"
    text = path.read_text(encoding="utf-8")
    path.write_text(text + "\n" + "mot " * (MAX_BLOCK_CHARS // 4 + 1) + "\n", encoding="utf-8")
    return text.count("\n") + 2


def many_brackets(book: BookCopy) -> int:
    """The costliest text markdown-it reads: « ![![![… » took 17 s for 456 kB."""
    return insert_before(book, FR, END_TEXT, "![" * (MAX_BLOCK_BRACKETS + 1) + "\n\n")


def large_markdown(book: BookCopy) -> int:
    paragraphs = ("mot " * 1_000 + "\n\n") * (MAX_MARKDOWN_CHARS // 4_000 + 1)
    insert_before(book, FR, END_TEXT, paragraphs)
    return 0


def deep_list(book: BookCopy) -> int:
    items = "".join("  " * depth + "- un\n" for depth in range(MAX_NESTING + 1))
    return insert_before(book, FR, END_TEXT, items + "\n") + MAX_NESTING


def deep_quote(book: BookCopy) -> int:
    return insert_before(book, FR, END_TEXT, "> " * (MAX_NESTING + 1) + "un\n\n")


def deep_array(book: BookCopy) -> int:
    """Nesting that made the TOML reader run out of stack (a RecursionError, exit 3)."""
    path = book.root / REGISTER
    text = path.read_text(encoding="utf-8")
    old = 'kind = "mistranslation"'
    path.write_text(text.replace(old, "kind = " + "[" * 5000 + "]" * 5000, 1), encoding="utf-8")
    return text[: text.index(old)].count("\n") + 1


def deep_dotted_key(book: BookCopy) -> int:
    key = ".".join(["a"] * (MAX_TOML_NESTING + 2))
    return insert_before(book, GLOSSARY, "[[term]]", f"{key} = 1\n\n")


def deep_header(book: BookCopy) -> int:
    header = ".".join(["a"] * (MAX_TOML_NESTING + 2))
    path = book.root / HISTORY
    text = path.read_text(encoding="utf-8")
    path.write_text(text + f"\n[{header}]\nb = 1\n", encoding="utf-8")
    return text.count("\n") + 2


def many_cited_lines(book: BookCopy) -> int:
    """The first rule cites the limit's worth of lines: the next one passes it."""
    path = book.root / FR
    text = path.read_text(encoding="utf-8")
    old = ":original: 3-5\n"
    path.write_text(text.replace(old, f":original: 1-{MAX_CITED_LINES}\n", 1), encoding="utf-8")
    return text[: text.index(":::{rule} pr-overview")].count("\n") + 1


@dataclass(frozen=True)
class Case:
    name: str
    make: Callable[[BookCopy], int]  # breaks the copy; returns the line at fault (0: none)
    where: str  # the file named, relative to the copy
    says: str  # words of the message


CASES = [
    Case("a file over the size limit", oversized, PUBLISHED, f"more than {MAX_FILE_BYTES:,} bytes"),
    Case(
        "a paragraph over the limit of a block, in a rule",
        long_paragraph,
        FR,
        f"more than {MAX_BLOCK_CHARS:,} characters without a blank line",
    ),
    Case(
        "a paragraph over the limit of a block, on a page",
        long_paragraph_on_a_page,
        "rules_fr/index.md",
        f"more than {MAX_BLOCK_CHARS:,} characters without a blank line",
    ),
    Case("lists nested too deep", deep_list, FR, f"nested more than {MAX_NESTING} deep"),
    Case("a block of square brackets", many_brackets, FR, f"more than {MAX_BLOCK_BRACKETS} square"),
    Case("a markdown file too large", large_markdown, FR, f"more than {MAX_MARKDOWN_CHARS:,} char"),
    Case("block quotes nested too deep", deep_quote, FR, f"nested more than {MAX_NESTING} deep"),
    Case(
        "a TOML array 5,000 deep",
        deep_array,
        REGISTER,
        f"nested more than {MAX_TOML_NESTING} deep",
    ),
    Case(
        "a TOML dotted key too deep",
        deep_dotted_key,
        GLOSSARY,
        f"nested more than {MAX_TOML_NESTING} deep",
    ),
    Case("a TOML header too deep", deep_header, HISTORY, f"nested more than {MAX_TOML_NESTING}"),
    Case(
        "rules citing too many original lines",
        many_cited_lines,
        FR,
        f"cite more than {MAX_CITED_LINES:,} lines of the original in all",
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_a_file_past_a_limit_is_one_line_naming_the_limit(
    case: Case, book_copy: BookCopy, capsys: pytest.CaptureFixture[str]
) -> None:
    line = case.make(book_copy)
    status = main(["check", str(book_copy.root)])
    out, err = capsys.readouterr()
    assert status == 2 and out == "" and "Traceback" not in err, err
    [message] = err.splitlines()
    where = f"{book_copy.root / case.where}:{line}: " if line else f"{book_copy.root / case.where}:"
    assert message.startswith(where), message
    assert case.says in message and "the limit of" in message, message


def test_a_rule_too_long_to_compare_word_by_word_is_a_problem_at_its_line(
    book_copy: BookCopy,
) -> None:
    paragraph = "mot " * 500 + "\n\n"
    insert_before(book_copy, FR, END_TEXT, paragraph * (MAX_DIFF_WORDS // 500 + 1))
    rule = load_book(book_copy.root).rule("pr-end")
    lines = book_copy.lines("corrections")
    expected = f"{FR}:{rule.line_start}: pr-end: the rule or its original lines hold "
    assert any(line.startswith(expected) for line in lines), lines
    assert any(f"more than the {MAX_DIFF_WORDS:,} the check compares" in line for line in lines)


class Hunspell:
    """A dictionary that knows every word without a hyphen, and notes what it was asked."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    def lookup(self, word: str) -> bool:
        self.asked.append(word)
        return "-" not in word


def test_hunspell_is_never_given_a_word_past_the_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hunspell's time grows with a word's length and doubles with each hyphen."""
    hunspell = Hunspell()
    monkeypatch.setattr(kept_verdicts, "dictionary", lambda files: hunspell)
    files = (Path("fr.aff"), Path("fr.dic"))
    verdicts = kept_verdicts.Verdicts(files, kept_verdicts.Key("fr_FR", "none", "none"), {})
    speller = spelling.Speller("fr", frozenset(), verdicts)
    hyphens = "-".join(["zz"] * (MAX_WORD_HYPHENS + 2))
    long_word = "a" * (MAX_WORD_CHARS + 1)
    assert speller.unknown(f"Un {hyphens} et un {long_word}.") == [long_word]
    assert hunspell.asked and "zz" in hunspell.asked
    assert all(word.count("-") <= MAX_WORD_HYPHENS for word in hunspell.asked), hunspell.asked
    assert all(len(word) <= MAX_WORD_CHARS for word in hunspell.asked)
    assert long_word not in verdicts.known  # nor kept in the cache of verdicts


@pytest.mark.skipif(bool(spelling.missing()), reason="Hunspell dictionaries not installed")
def test_a_word_too_long_to_spell_check_is_a_problem_naming_the_limit(
    book_copy: BookCopy,
) -> None:
    line = insert_before(book_copy, FR, END_TEXT, "Un " + "a" * (MAX_WORD_CHARS + 1) + ".\n\n")
    lines = book_copy.lines("spelling")
    expected = f"{FR}:{line}: pr-end: French spelling: a word of {MAX_WORD_CHARS + 1} letters"
    assert any(found.startswith(expected) for found in lines), lines
    assert any(f"longer than the {MAX_WORD_CHARS} the spelling check reads" in x for x in lines)


@pytest.mark.skipif(bool(spelling.missing()), reason="Hunspell dictionaries not installed")
def test_a_word_list_over_the_size_limit_is_one_line(
    book_copy: BookCopy, capsys: pytest.CaptureFixture[str]
) -> None:
    path = book_copy.root / "rules_fr" / "spelling.txt"
    path.write_text(path.read_text(encoding="utf-8") + "x" * MAX_FILE_BYTES + "\n")
    assert main(["check", str(book_copy.root)]) == 2
    [message] = capsys.readouterr().err.splitlines()
    assert message.startswith(f"{path}: holds more than {MAX_FILE_BYTES:,} bytes"), message


def test_a_number_is_located_where_it_stands_as_a_word(book_copy: BookCopy) -> None:
    """The line (and the words quoted) of a number are where it stands, not where its
    figures first appear inside another number: 2 is not in 12."""
    line = insert_before(book_copy, FR, END_TEXT, "Au tour 12, rien.\n\nEnsuite, 2 dés.\n\n")
    lines = book_copy.lines("quantities")
    said = [found for found in lines if "the French says '2'" in found]
    assert said and said[0].startswith(f"{FR}:{line + 2}: pr-end:"), lines
    assert "«Au tour 12, rien. Ensuite, 2 dés." in said[0], said[0]


def test_the_book_passes_as_it_did() -> None:
    assert [p.format(ROOT) for p in run_checks(load_book(ROOT))] == []


def test_the_book_is_far_within_its_limits() -> None:
    """Each limit is some ten times the book's largest: growing never meets one."""
    files = [p for p in ROOT.glob("rules_*/**/*") if p.is_file() and "_build" not in p.parts]
    assert max(p.stat().st_size for p in files) * 5 < MAX_FILE_BYTES
    for path in ROOT.glob("rules_fr/**/*.toml"):
        check_toml_nesting(path, path.read_text(encoding="utf-8"))  # no error
    book = load_book(ROOT)
    assert max(len(rule.text.split()) for rule in book.rules("fr")) * 5 < MAX_DIFF_WORDS


# The one-pass functions below replace patterns or scans whose time grew with the square of
# their input; on any input they give what those gave.

FIGURE_FIRST = re.compile(r"(?:^|(?<=[.!?])\s+)(\d[\d\s]*\s+\w+)(?![^.!?=]*=)")
OLD_HTML_TAG = re.compile(r"<\s*/?\s*[a-zA-Z!?]")


def samples(alphabet: list[str], count: int = 20_000, seed: int = 1) -> list[str]:
    chance = random.Random(seed)
    return [
        "".join(chance.choice(alphabet) for _ in range(chance.randint(0, 16))) for _ in range(count)
    ]


def test_figure_first_finds_what_its_pattern_found() -> None:
    alphabet = ["1", "2", " ", "  ", "\t", ".", "!", "?", "=", "a", "é", "_", "-", ",", "٣"]
    for text in samples(alphabet):
        found = FIGURE_FIRST.search(text)
        assert figure_first(text) == (found.group(1) if found else None), text


def test_quotes_bbcode_and_tags_are_found_as_their_patterns_found_them() -> None:
    alphabet = ["«", "»", "“", "”", "‘", "’", '"', "`", "'", "a", " ", "pr-end", "[", "]", "/"]
    alphabet += ["url", "B", "*", "<", "!", "=", "\n"]
    for text in samples(alphabet):
        assert own_words(text) == QUOTED.sub("", text), text
        assert has_bbcode(text) == bool(BBCODE.search(text)), text
        assert bool(HTML_TAG.search(text)) == bool(OLD_HTML_TAG.search(text)), text


def old_key_line(text: str, key: str) -> int:
    return next((n for n, line in enumerate(text.splitlines(), 1) if f'"{key}"' in line), 1)


def old_value_lines(text: str, key: str) -> list[int]:
    """Every line the old pattern matched for ``key``: the old scan from ``after`` on found
    the first of them from ``after`` on (``after`` when none). Scanned once a name rather than
    once a name and a start (the pattern compiled anew each time took 30 s)."""
    name = re.escape(key)
    pattern = re.compile(rf'^\s*(?:"{name}"|{name})\s*=|^\s*\[[^\]]*\b{name}\]')
    return [n for n, line in enumerate(text.split("\n"), 1) if pattern.match(line)]


def old_value_line(lines: list[int], after: int) -> int:
    return next((n for n in lines if n >= after), after)


def names(data: object) -> set[str]:
    """The keys and the texts of a TOML file's data."""
    if isinstance(data, dict):
        return set(data) | {name for value in data.values() for name in names(value)}
    if isinstance(data, list):
        return {name for value in data for name in names(value)}
    return {data} if isinstance(data, str) else set()


def test_the_registers_lines_are_those_the_line_scans_found() -> None:
    for path in ROOT.glob("rules_fr/**/*.toml"):
        text = path.read_text(encoding="utf-8")
        last = text.count("\n")
        for name in names(tomli.loads(text)) - {""}:
            assert key_line(text, name) == old_key_line(text, name), (path, name)
            found = old_value_lines(text, name)
            for after in (1, last // 3, last // 2):
                assert value_line(text, name, after) == old_value_line(found, after), (path, name)


def depth(data: object) -> int:
    if isinstance(data, dict | list):
        values = data.values() if isinstance(data, dict) else data
        return 1 + max((depth(value) for value in values), default=0)
    return 0


# What TOML 1.1 adds, each at its line 2; Python's tomllib (3.11) reads TOML 1.0 and refuses
# them all.
TOML_1_1 = {
    "an inline table over two lines": "a = 1\nb = {x = 1,\n  y = 2,}\n",
    "the escape \\e": 'a = 1\nb = "\\e"\n',
    "the escape \\x": 'a = 1\nb = "\\x41"\n',
    "a time without seconds": "a = 1\nb = 07:32\n",
}


@pytest.mark.parametrize("text", TOML_1_1.values(), ids=TOML_1_1.keys())
def test_a_register_is_read_as_toml_1_0_as_pythons_tomllib_reads_it(text: str) -> None:
    """tomli reads TOML 1.1 from its version 2.4 (pyproject.toml keeps it below)."""
    with pytest.raises(BookError, match=r"^x\.toml:2: not valid TOML: "):
        parse_toml(Path("x.toml"), text)
    assert parse_toml(Path("x.toml"), "a = 1\nb = {x = 1, y = 2}\n")["b"] == {"x": 1, "y": 2}


def test_the_toml_scan_counts_at_least_the_nesting_tomli_reads(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Strings and comments that hold brackets and dots do not hide nesting from the scan."""
    chance = random.Random(3)
    values = ['"[{.\\"[{"', "'[[{.'", '"""a\n[[{.\n""""', "'''b\n[[{.''''", '"\\\\"', "1.5"]
    values += ["2024-01-02T03:04:05.5", "true", '"""x"""""', "[1, [2]]", "{ a.b = [3] }"]
    keys = ["a{}", "b{}", '"q.[x{}"', "'l.{{y{}'"]  # bare, and quoted with brackets and dots

    def value(level: int) -> str:
        if level < 6 and chance.random() < 0.3:
            return "[" + ", ".join(value(level + 1) for _ in range(chance.randint(0, 3))) + "]"
        if level < 6 and chance.random() < 0.2:
            items = (f"{key()} = {value(level + 1)}" for _ in range(chance.randint(0, 2)))
            return "{" + ", ".join(items) + "}"
        return chance.choice([v for v in values if level == 0 or "\n" not in v])

    def key() -> str:
        parts = [chance.choice(keys).format(chance.randint(0, 10**6)) for _ in range(3)]
        return ".".join(parts[: chance.choice([1, 1, 2, 3])])

    checked = 0
    for _ in range(3000):
        lines = [f"{key()} = {value(0)}" + chance.choice(["", " # [[{."]) for _ in range(3)]
        if chance.random() < 0.5:
            brackets = chance.choice([("[", "]"), ("[[", "]]")])
            lines.insert(0, brackets[0] + key() + brackets[1])
        text = "\n".join(lines) + "\n"
        try:
            data = tomli.loads(text)
        except tomli.TOMLDecodeError:
            continue
        checked += 1
        for limit in range(depth(data) - 2):  # a count of depth - 2 or more must stop here
            monkeypatch.setattr(limits, "MAX_TOML_NESTING", limit)
            with pytest.raises(BookError):
                check_toml_nesting(Path("x.toml"), text)
    assert checked > 500
