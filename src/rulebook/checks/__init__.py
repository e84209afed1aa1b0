"""Small independent checks over the book; each yields ``Problem`` records.

Run them all with ``run_checks(book)``; ``rulebook check`` prints one line per problem,
``path:line: rule-id: message``.
"""

import dataclasses
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from enum import StrEnum

from rulebook.book import Book
from rulebook.book.entries import Translation
from rulebook.book.model import Problem
from rulebook.checks import (
    code,
    code_ids,
    comparisons,
    corrections,
    editors,
    examples,
    explanations,
    glossary,
    history,
    ids,
    markup,
    numbers,
    original,
    player_aid,
    quantities,
    review_pages,
    spelling,
    style,
    translation,
    typography,
)


class Name(StrEnum):
    """The checks' names: what ``rulebook check`` prints and ``run_checks(only=…)`` takes."""

    IDS = "ids"
    CODE = "code"
    CODE_IDS = "code-ids"
    NUMBERS = "numbers"
    QUANTITIES = "quantities"
    COMPARISONS = "comparisons"
    BOUNDS = "bounds"
    EXAMPLES = "examples"
    CORRECTIONS = "corrections"
    EDITORS = "editors"
    ORIGINAL = "original"
    MARKUP = "markup"
    TYPOGRAPHY = "typography"
    TRANSLATION = "translation"
    GLOSSARY = "glossary"
    SPELLING = "spelling"
    STYLE = "style"
    HISTORY = "history"
    EXPLANATIONS = "explanations"
    AID = "aid"
    REVIEW_PAGES = "review-pages"


@dataclass(frozen=True)
class Check:
    """One check of the book: where it lives, what to do about its problems, and whether
    it holds the text against the code (a stale translation then says what the code thinks)."""

    name: Name
    run: Callable[[Book], Iterator[Problem]]
    fix: str  # what to do, for a problem that does not say it itself
    reads_code: bool = False


CHECKS: tuple[Check, ...] = (
    Check(
        Name.IDS,
        ids.check,
        "keep the same IDs in the same order in both files; never drop a published ID: "
        "keep it as an alias in rules_fr/published-ids.toml",
    ),
    Check(
        Name.CODE,
        code.check,
        "name existing code of the game's module in :code:, or ':code: none (why)'; "
        "every public name of the module is named by a rule",
        reads_code=True,
    ),
    Check(
        Name.CODE_IDS,
        code_ids.check,
        "name a rule of the game in the code's errors and explanation steps",
        reads_code=True,
    ),
    Check(Name.NUMBERS, numbers.check, "make both languages state the same numbers"),
    Check(
        Name.QUANTITIES,
        quantities.check,
        "make the text and the code agree, in both languages",
        reads_code=True,
    ),
    Check(
        Name.COMPARISONS,
        comparisons.check_languages,
        "make both languages bound the number the same way",
    ),
    Check(
        Name.BOUNDS,
        comparisons.check_code,
        "make the text and the code put the bound on the same side of the number",
        reads_code=True,
    ),
    Check(
        Name.EXAMPLES,
        examples.check,
        "run the module's doctests (see the README) and make the example hold: fix the "
        "code where the rule still says what the example shows, or update the example where the "
        "rule was changed on purpose (both languages and the corrections register say so)",
        reads_code=True,
    ),
    Check(
        Name.CORRECTIONS,
        corrections.check,
        "record the change in the game's corrections register (quote the original "
        "exactly, give the text as it now stands, a kind and reasons), or restore the wording",
    ),
    Check(
        Name.EDITORS,
        editors.check,
        "say in the register whether the correction changes what a player does "
        "(changes_play), and mark the editors' additions {ed} in both languages",
    ),
    Check(
        Name.ORIGINAL,
        original.check,
        "put the line in a rule's :original:, or list it as [[left_out]] with its "
        "reasons; the original itself is never edited",
    ),
    Check(Name.MARKUP, markup.check, "write it in markdown inside a rule block"),
    Check(
        Name.TYPOGRAPHY,
        typography.check,
        "put a non-breaking space (U+00A0) before : ; ! ? and inside « »",
    ),
    Check(
        Name.TRANSLATION,
        translation.check,
        "update the English rule, then run `rulebook translated RULE-ID`",
    ),
    Check(
        Name.GLOSSARY,
        glossary.check,
        "use the glossary's pair of terms in both languages, or fix the glossary",
    ),
    Check(
        Name.SPELLING,
        spelling.check,
        "correct the word, or add it to the language's spelling.txt if it is a game term or a name",
    ),
    Check(Name.STYLE, style.check, "follow the house style, docs/style.md"),
    Check(
        Name.EXPLANATIONS,
        explanations.check,
        "make the step name the rule whose :code: names the function taking it, or name that "
        "function in the rule's :code:",
        reads_code=True,
    ),
    Check(
        Name.AID,
        player_aid.check,
        "mark with ':aid:' (French file) the rules a player looks up during play, and give the "
        "game its aid page in both languages, rules_<lang>/aid/<game>.md",
    ),
    Check(
        Name.REVIEW_PAGES,
        review_pages.check,
        "give the game its review pages in both languages: rules_<lang>/corrections/<game>.md, "
        "side-by-side/<game>.md and code/<game>.md",
    ),
    Check(
        Name.HISTORY,
        history.check,
        "when the change is meant, both languages done, run `rulebook publish` (it records the "
        "version with today's date)",
    ),
)

BY_NAME = {c.name: c for c in CHECKS}
# The checks that hold the text against the code.
CODE_CHECKS = tuple(c.name for c in CHECKS if c.reads_code)


def run_checks(book: Book, only: tuple[str, ...] = ()) -> list[Problem]:
    unknown = [name for name in only if name not in BY_NAME]
    if unknown:
        raise ValueError(
            f"run_checks: no check named {', '.join(unknown)}; the checks: {', '.join(BY_NAME)}"
        )
    problems = [
        dataclasses.replace(p, check=check.name, fix=p.fix or check.fix)
        for check in CHECKS
        if not only or check.name in only
        for p in check.run(book)
    ]
    if not only or set(CODE_CHECKS) <= set(only):
        by_rule: dict[str, list[Problem]] = {}  # grouped once: a look-up for each problem
        for p in problems:
            if p.check in CODE_CHECKS:
                by_rule.setdefault(p.rule, []).append(p)
        problems = [with_code_verdict(book, p, by_rule.get(p.rule, [])) for p in problems]
    return sorted(problems, key=lambda p: (str(p.path), p.line, p.rule, p.message))


def with_code_verdict(book: Book, problem: Problem, problems: list[Problem]) -> Problem:
    """A stale translation also says whether the code agrees with the French as it now is:
    the proof-reader learns from one line which English rule to update and whether the code
    must change too."""
    if problem.check != "translation":
        return problem
    entry = book.entries.get(problem.rule)
    if entry is None or entry.translation != Translation.STALE:
        return problem
    french = entry.fr
    against = sorted(
        (p for p in problems if p.rule == problem.rule and p.check in CODE_CHECKS),
        key=lambda p: (p.path.parent.name != "rules_fr", p.line),
    )
    if french.no_code is not None:
        verdict = "none, the rule describes no behaviour"
    elif against:
        first = against[0]
        verdict = (
            f"disagrees with the French, see {first.where(book.root)}:{first.line} "
            f"({len(against)} problem(s))"
        )
    else:
        verdict = (
            f"no disagreement with the French in its numbers, bounds, tables and examples "
            f"({', '.join(french.code)}); a change of meaning beyond those is yours to check"
        )
    return dataclasses.replace(problem, code=verdict)
