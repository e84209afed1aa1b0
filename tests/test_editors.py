"""Every editorial decision shows, and the code names only rules that exist.

Each test breaks a scratch copy of the book (or of a game's code) on purpose and asserts
that the check names the slip where it stands.
"""

import shutil
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import rulebook.games
from rulebook.book import code as codebind
from rulebook.book import load_book
from rulebook.book.extract import parse_rules_text
from rulebook.cli import main
from rulebook.outputs.cite import cite
from rulebook.text.prose import additions, comparison_text, plain_text
from tests.conftest import ROOT, BookCopy

FR = "rules_fr/port-royal-morgan.md"
EN = "rules_en/port-royal-morgan.md"
REGISTER = "rules_fr/port-royal-morgan.corrections.toml"
END_FR = "comme décrit dans les règles du jeu de base."
END_EN = "as described in the rules of the base game."
ADDED_FR = "Si vous l’atteignez tous deux au même tour, vous gagnez."
ADDED_EN = "If you both reach it in the same turn, you win."
ENTRY = f"""
[[correction]]
rule = "pr-end"
original = ""
corrected = "{ADDED_FR}"
kind = "KIND"
reason_fr = "La source ne dit pas qui gagne si les deux atteignent 20 points au même tour."
reason_en = "The source does not say who wins if both reach 20 points in the same turn."
changes_play = true
"""

Names = Callable[[list[str], str, str], bool]


def add_to_pr_end(book: BookCopy, kind: str = "interpretation", english: bool = True) -> None:
    """An editors' addition to pr-end, in French (and English), with its register entry."""
    book.edit(FR, END_FR, f"{END_FR} {{ed}}`{ADDED_FR}`")
    if english:
        book.edit(EN, END_EN, f"{END_EN} {{ed}}`{ADDED_EN}`")
    if kind:
        with (book.root / REGISTER).open("a", encoding="utf-8") as register:
            register.write(ENTRY.replace("KIND", kind))


def editors_lines(book: BookCopy, rule_id: str) -> list[str]:
    """What the editors check says of a rule's additions."""
    lines = [line for line in book.lines("editors") if f": {rule_id}: " in line]
    return [line for line in lines if "addition" in line or "{ed}" in line]


def test_an_addition_in_both_languages_with_its_entry_is_no_problem(book_copy: BookCopy) -> None:
    add_to_pr_end(book_copy)
    assert editors_lines(book_copy, "pr-end") == []
    assert [line for line in book_copy.lines("corrections") if ": pr-end: " in line] == []


def test_an_addition_with_no_register_entry_is_named_at_its_rule(
    book_copy: BookCopy, names_rule: Names
) -> None:
    add_to_pr_end(book_copy, kind="")
    lines = editors_lines(book_copy, "pr-end")
    assert names_rule(lines, "pr-end", "has no entry in the register"), lines
    # the line of the rule's text, where the addition stands (not its block's opening line)
    text = (book_copy.root / FR).read_text(encoding="utf-8").splitlines()
    opening = text.index(":::{rule} pr-end")
    body = next(i for i in range(opening + 1, len(text)) if text[i] and not text[i].startswith(":"))
    assert lines[0].startswith(f"{FR}:{body + 1}: ")


def test_an_addition_of_a_kind_that_gives_no_reason_is_named(
    book_copy: BookCopy, names_rule: Names
) -> None:
    add_to_pr_end(book_copy, kind="grammar")
    assert names_rule(editors_lines(book_copy, "pr-end"), "pr-end", "of kind grammar")


def test_an_addition_the_english_does_not_mark_is_named(
    book_copy: BookCopy, names_rule: Names
) -> None:
    add_to_pr_end(book_copy, english=False)
    lines = editors_lines(book_copy, "pr-end")
    assert names_rule(
        lines, "pr-end", "the English marks 0 editors' addition(s) ({ed}), the French 1"
    )


def test_an_addition_entry_whose_words_no_rule_marks_is_named(
    book_copy: BookCopy, names_rule: Names
) -> None:
    with (book_copy.root / REGISTER).open("a", encoding="utf-8") as register:
        register.write(ENTRY.replace("KIND", "interpretation"))
    assert names_rule(editors_lines(book_copy, "pr-end"), "pr-end", "which no {ed} text")


def test_a_correction_that_does_not_say_whether_it_changes_play_is_named(
    book_copy: BookCopy, names_rule: Names
) -> None:
    path = book_copy.root / REGISTER
    text = path.read_text(encoding="utf-8")
    entry = text.index('kind = "mistranslation"')
    decision = text.index("changes_play = ", entry)
    end = text.index("\n", decision) + 1
    path.write_text(text[:decision] + text[end:], encoding="utf-8")
    header = text[: text.rindex("[[correction]]", 0, entry)].count("\n") + 1
    lines = book_copy.lines("editors")
    assert any(
        x.startswith(f"{REGISTER}:{header}: ")
        and "does not say whether it changes what a player does" in x
        for x in lines
    ), lines


def test_a_spelling_fix_that_changes_a_number_must_say_whether_it_changes_play(
    book_copy: BookCopy,
) -> None:
    book_copy.edit(FR, "atteignez 20 points", "atteignez 21 points")
    entry = ENTRY.replace('original = ""', 'original = "20 points"').replace(
        f'corrected = "{ADDED_FR}"', 'corrected = "21 points"'
    )
    entry = entry.replace("KIND", "spelling").replace("changes_play = true\n", "")
    with (book_copy.root / REGISTER).open("a", encoding="utf-8") as register:
        register.write(entry)
    lines = book_copy.lines("editors")
    assert any(": pr-end: " in x and "states other numbers (21 for 20)" in x for x in lines)


def test_changes_play_must_be_true_or_false(
    book_copy: BookCopy, capsys: pytest.CaptureFixture[str]
) -> None:
    path = book_copy.root / REGISTER
    text = path.read_text(encoding="utf-8")
    at = text.index("changes_play = ")
    end = text.index("\n", at)
    path.write_text(text[:at] + 'changes_play = "yes"' + text[end:], encoding="utf-8")
    status = main(["check", str(book_copy.root)])
    err = capsys.readouterr().err.strip()
    assert status == 2
    assert err.endswith("`changes_play` must be true or false, without quotes"), err


def test_an_addition_is_kept_out_of_the_comparison_with_the_source_and_shown_in_brackets() -> None:
    source = ":::{rule} x-a\n:title: A\n\nUn texte. {ed}`Ajout des éditeurs.`\n:::\n"
    rule = parse_rules_text(source, Path("x.md"), "fr").rules[0]
    assert additions(rule) == ["Ajout des éditeurs."]
    assert "Ajout" not in comparison_text(rule)
    assert plain_text(rule) == "Un texte. [Ajout des éditeurs.]"


@pytest.mark.parametrize("form", ["markdown", "bbcode"])
def test_a_quote_shows_the_editors_addition_in_brackets(book_copy: BookCopy, form: str) -> None:
    add_to_pr_end(book_copy)
    quote = cite(load_book(book_copy.root), "pr-end", "en", form)
    # both show [ ]; each escapes the bracket its markup would read (BBCode: a word joiner)
    shown = f"\\[{ADDED_EN}\\]" if form == "markdown" else f"[\u2060{ADDED_EN}]"
    assert shown in quote, quote


# The code's rule IDs.


@pytest.fixture
def scratch_game(
    book_copy: BookCopy, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Path]:
    """A copy of Port Royal's code as a game package of the book, which the copy names."""
    folder = tmp_path / "games"
    shutil.copytree(
        ROOT / "src" / "rulebook" / "games" / "port_royal",
        folder / "scratch_ids_game",
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    monkeypatch.setattr(rulebook.games, "__path__", [*rulebook.games.__path__, str(folder)])
    book_copy.edit(
        FR, "module: rulebook.games.port_royal\n", "module: rulebook.games.scratch_ids_game\n"
    )
    yield folder / "scratch_ids_game"
    for name in [n for n in sys.modules if n.startswith("rulebook.games.scratch_ids_game")]:
        del sys.modules[name]
    codebind.forget_code()


def test_a_misspelt_rule_id_in_the_code_is_named_at_its_line(
    scratch_game: Path, book_copy: BookCopy
) -> None:
    morgan = scratch_game / "morgan.py"
    text = morgan.read_text(encoding="utf-8")
    old = 'raise RuleError("pr-morgan-roll", "no roll after Morgan stops", rest)'
    assert text.count(old) == 1
    morgan.write_text(text.replace(old, old.replace("pr-morgan-roll", "pr-morgan-rol")))
    line = text[: text.index(old)].count("\n") + 1
    lines = book_copy.lines("code-ids")
    where = morgan.relative_to(book_copy.root)
    assert lines == [
        f"{where}:{line}: pr-morgan-rol: the code names the rule pr-morgan-rol, which is no "
        "rule of port-royal-morgan → write pr-morgan-roll"
    ], lines


def test_the_books_code_names_only_its_rules() -> None:
    from rulebook.checks import run_checks

    assert run_checks(load_book(ROOT), ("code-ids",)) == []
