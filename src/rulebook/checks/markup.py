"""Rules files hold markdown only, from an allow-list (``rulebook.text.markup``): nothing in a
rules file, a register or the glossary may run in a reader's browser; no text outside a rule;
and a table is shown as it is written (its separator row there, each row as many cells as its
header: the extractor names a table markdown reads otherwise, ``Rule.table_faults``).
"""

from collections.abc import Iterator
from functools import partial
from pathlib import Path

from rulebook.book import EN_DIR, FR_DIR, Book
from rulebook.book.files import read_text
from rulebook.book.glossary import load_glossary
from rulebook.book.limits import check_blocks
from rulebook.book.model import Game, Problem
from rulebook.checks.game_results import kept_problems
from rulebook.checks.registry import register
from rulebook.text.markup import Finding, scan_source, scan_text


def pages(root: Path) -> list[Path]:
    """Every markdown file the site renders: the rules files and the book's own pages."""
    return [
        path
        for folder in (FR_DIR, EN_DIR)
        for path in sorted((root / folder).rglob("*.md"))
        if not {"original", "_build"} & set(path.relative_to(root / folder).parts)
    ]


def problem(path: Path, found: Finding) -> Problem:
    rule = found.rule or path.stem
    return Problem(path, found.line, rule, f"{found.what}: not allowed", fix=found.fix)


def check_pages(book: Book) -> Iterator[Problem]:
    for path in pages(book.root):
        text = read_text(path)  # within the limits of a file of the book, as every file read
        check_blocks(path, text)
        for found in scan_source(text):
            yield problem(path, found)


def check_registers(game: Game) -> Iterator[Problem]:
    """Reasons and corrected text are shown on the pages (the original is quoted as it is),
    and so are the credits of the provenance file."""
    if game.provenance is not None:
        for key, value in game.provenance.values.items():
            for found in scan_text(value, 1, game.slug, f"the provenance's {key}"):
                yield problem(game.provenance.path, found)
    if game.register is None:
        return
    for c in game.register.corrections:
        for name, value in (("corrected", c.corrected), ("reason_fr", c.reason_fr),
                            ("reason_en", c.reason_en)):  # fmt: skip
            for found in scan_text(value, c.line, c.rule, name):
                yield problem(game.register.path, found)
    for left in game.register.left_out:
        for value in (left.reason_fr, left.reason_en):
            for found in scan_text(value, left.line, game.slug, "a reason"):
                yield problem(game.register.path, found)


def check_glossary(book: Book) -> Iterator[Problem]:
    """The glossary's words are shown on the pages too."""
    path, terms = load_glossary(book.root)
    for term in terms:
        texts = (term.fr, term.en, term.what_fr, term.what_en, *term.forms_fr, *term.forms_en)
        for value in texts + term.avoid_fr + term.avoid_en:
            for found in scan_text(value, term.line, term.game, "the glossary"):
                yield problem(path, found)


@register("markup", "write it in markdown inside a rule block")
def check(book: Book) -> Iterator[Problem]:
    yield from check_pages(book)
    yield from check_glossary(book)
    for game in book.games:
        yield from kept_problems(book, game, "markup", partial(check_game, game))


TABLE_FIX = (
    "give the table a separator row under its header (| --- |, one --- a column) and every "
    "row as many cells as its header row"
)


def check_game(game: Game) -> Iterator[Problem]:
    yield from check_registers(game)
    for rules_file in (game.fr, game.en):
        for rule in rules_file.rules if rules_file else ():
            for fault in rule.table_faults:
                yield Problem.at(rule, fault.what, fault.line, fix=TABLE_FIX)
        for found in rules_file.stray if rules_file else ():
            yield Problem(
                found.path,
                found.line,
                game.slug,
                "text outside any rule block: put it in a rule",
            )
