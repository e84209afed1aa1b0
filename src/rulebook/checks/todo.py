"""What is left to write for a new game, step by step: not a check, but the checks' problems
of a game not yet published, sorted into the steps of docs/authoring.md ("A new game, step
by step"), so that a contributor who ran `rulebook new` reads, after `rulebook check`, what to
do next and where.

A game is new until `rulebook publish` has recorded its rule IDs (the last step); the
published games get no to-do, and no problem line changes: the to-do is a few lines after
them.
"""

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from rulebook.book import EN_DIR, FR_DIR, Book
from rulebook.book.entries import Translation
from rulebook.book.folders import register_file
from rulebook.book.model import Game, Problem
from rulebook.book.translation_state import UNTRANSLATED, untranslated
from rulebook.checks import (
    code_checks,
    comparisons,
    glossary,
    history,
    ids,
    numbers,
    player_aid,
    review_pages,
    translation,
)

FRENCH, ENGLISH, CODE, TRANSLATED, PUBLISH = range(5)
# Checks that hold the English to the French: translating settles them.
BETWEEN_LANGUAGES = (numbers.check.name, comparisons.check_languages.name, glossary.check.name)
# Checks of the pages around the rules (the review pages `rulebook new` writes, the player
# aid's): listed apart, whatever line of the rules file they point at.
PAGES = (review_pages.check.name, player_aid.check.name)


@dataclass(frozen=True)
class Step:
    """One step of a new game: what to do, the problems it settles, and the rules it still
    has to do that no problem names (a placeholder is recorded once it is translated)."""

    what: str
    problems: tuple[Problem, ...]
    rules_left: int = 0
    unit: str = "rule(s) left"


def new_games(book: Book) -> list[Game]:
    """The games none of whose rule IDs is published yet."""
    published = book.published.games if book.published else {}
    return [game for game in book.games if not published.get(game.slug)]


def step_of(problem: Problem, root: Path) -> int | None:
    """The step that settles a problem; None for one of no step (it is listed apart)."""
    if problem.check in PAGES:
        return None
    if problem.check in code_checks():
        return CODE
    if problem.check == translation.check.name:
        return ENGLISH if UNTRANSLATED in problem.message else TRANSLATED
    if problem.check == history.check.name or (
        problem.check == ids.check.name and "rulebook publish" in problem.message
    ):
        return PUBLISH
    folder = problem.path.parent  # a rules file, a register, an original: not a page's
    if problem.check in BETWEEN_LANGUAGES or folder == root / EN_DIR:
        return ENGLISH
    if folder in (root / FR_DIR, root / FR_DIR / "original"):
        return FRENCH
    return None


def belongs(problem: Problem, book: Book, game: Game) -> bool:
    """Whether a problem is about ``game``: one of its rules, the game itself, or its files."""
    entry = book.entries.get(problem.rule)
    if entry is not None:
        return entry.game.slug == game.slug
    return problem.rule == game.slug or problem.path.name.split(".")[0] == game.slug


def steps(book: Book, game: Game, problems: Iterable[Problem]) -> tuple[list[Step], list[Problem]]:
    """The steps of a new game, in order, with their problems; and its problems of no step."""
    module_folder = "src/" + game.module.replace(".", "/") + "/"
    sorted_out: list[list[Problem]] = [[] for _ in range(5)]
    other: list[Problem] = []
    for problem in problems:
        if belongs(problem, book, game):
            step = step_of(problem, book.root)
            (other if step is None else sorted_out[step]).append(problem)
    entries = list(book.entries_in(game))
    unrecorded = sum(
        1
        for e in entries
        if e.translation != Translation.CHECKED or (e.en is not None and untranslated(e.en))
    )
    published = book.published.ids if book.published else {}
    unpublished = sum(1 for e in entries if e.id not in published)
    found = [
        Step(
            "the French: clean each rule and record each change of wording in "
            f"{register_file(game.slug).as_posix()}",
            tuple(sorted_out[FRENCH]),
        ),
        Step(
            f"the English: translate each title, heading and text of {EN_DIR}/{game.slug}.md",
            tuple(sorted_out[ENGLISH]),
        ),
        Step(
            f"the code: write the rules in {module_folder}, name it in each rule's :code: "
            f"(or ':code: none (why)'), and test it in tests/test_{game.module.split('.')[-1]}.py",
            tuple(sorted_out[CODE]),
        ),
        Step(
            "the translations: check each English rule against its French one, then "
            f"{book.command(f'translated --game {game.slug}')}",
            tuple(sorted_out[TRANSLATED]),
            unrecorded,
            "rule(s) to record",
        ),
        Step(
            "publish: make the drafted IDs and titles final (a published ID stays for good), "
            f"then {book.command(f'publish --game {game.slug}')}",
            tuple(sorted_out[PUBLISH]),
            unpublished,
            "rule(s) not published",
        ),
    ]
    return found, other


def todo_lines(book: Book, problems: list[Problem]) -> list[str]:
    """The to-do of every new game, a few lines each; nothing when every game is published."""
    lines: list[str] = []
    for game in new_games(book):
        found, other = steps(book, game, problems)
        lines.append(
            f"rulebook check: left to write for {game.slug}, in the order of docs/authoring.md "
            '("A new game, step by step"):'
        )
        for number, step in enumerate(found, 1):
            lines.append(f"  {number}. {step.what}: {progress(book.root, step)}")
        if other:
            first = other[0]
            lines.append(
                f"  and {len(other)} other problem(s), the first at "
                f"{first.where(book.root)}:{first.line}"
            )
    return lines


def progress(root: Path, step: Step) -> str:
    """Where a step stands: its problems and the first of them, the rules it has left, or
    done."""
    count = f"{step.rules_left} {step.unit}" if step.rules_left else ""
    if step.problems:
        first = step.problems[0]
        count = count or f"{len(step.problems)} problem(s)"
        return f"{count}, the first at {first.where(root)}:{first.line}"
    return count or "done"
