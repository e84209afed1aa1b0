"""Small independent checks over the book; each yields ``Problem`` records.

Run them all with ``run_checks(book)``; ``rulebook check`` prints one line per problem,
``path:line: rule-id: message``.
"""

import dataclasses
from collections.abc import Callable, Iterator

from rulebook.book import Book
from rulebook.book.model import Problem
from rulebook.book.translation_state import state
from rulebook.checks import (
    code,
    comparisons,
    corrections,
    examples,
    glossary,
    ids,
    markup,
    numbers,
    original,
    quantities,
    spelling,
    style,
    translation,
    typography,
)

Check = Callable[[Book], Iterator[Problem]]

CHECKS: dict[str, Check] = {
    "ids": ids.check,
    "code": code.check,
    "numbers": numbers.check,
    "quantities": quantities.check,
    "comparisons": comparisons.check_languages,
    "bounds": comparisons.check_code,
    "examples": examples.check,
    "corrections": corrections.check,
    "original": original.check,
    "markup": markup.check,
    "typography": typography.check,
    "translation": translation.check,
    "glossary": glossary.check,
    "spelling": spelling.check,
    "style": style.check,
}


# What to do, for a problem that does not say it itself.
FIXES: dict[str, str] = {
    "ids": "keep the same IDs in the same order in both files; never drop a published ID: "
    "keep it as an alias in rules_fr/published-ids.toml",
    "code": "name existing code of the game's module in :code:, or ':code: none (why)'; "
    "every public name of the module is named by a rule",
    "corrections": "record the change in the game's corrections register (quote the original "
    "exactly, give the text as it now stands, a kind and reasons), or restore the wording",
    "original": "put the line in a rule's :original:, or list it as [[left_out]] with its "
    "reasons; the original itself is never edited",
    "markup": "write it in markdown inside a rule block",
    "typography": "put a non-breaking space (U+00A0) before : ; ! ? and inside « »",
    "translation": "update the English rule, then run `rulebook translated RULE-ID`",
    "glossary": "use the glossary's pair of terms in both languages, or fix the glossary",
    "numbers": "make both languages state the same numbers",
    "quantities": "make the text and the code agree, in both languages",
    "comparisons": "make both languages bound the number the same way",
    "bounds": "make the text and the code put the bound on the same side of the number",
    "style": "follow the house style, docs/style.md",
    "spelling": "correct the word, or add it to the language's spelling.txt if it is a game "
    "term or a name",
    "examples": "run the module's doctests (see the README) and make the example hold: fix the "
    "code where the rule still says what the example shows, or update the example where the "
    "rule was changed on purpose (both languages and the corrections register say so)",
}


# The checks that hold the text against the code.
CODE_CHECKS = ("code", "quantities", "bounds", "examples")


def run_checks(book: Book, only: tuple[str, ...] = ()) -> list[Problem]:
    problems = [
        dataclasses.replace(p, check=name, fix=p.fix or FIXES[name])
        for name, check in CHECKS.items()
        if not only or name in only
        for p in check(book)
    ]
    if not only or set(CODE_CHECKS) <= set(only):
        problems = [with_code_verdict(book, p, problems) for p in problems]
    return sorted(problems, key=lambda p: (str(p.path), p.line, p.rule, p.message))


def with_code_verdict(book: Book, problem: Problem, problems: list[Problem]) -> Problem:
    """A stale translation also says whether the code agrees with the French as it now is:
    the proof-reader learns from one line which English rule to update and whether the code
    must change too."""
    if problem.check != "translation":
        return problem
    french = book.rule(problem.rule, "fr")
    if state(french, book.rule(problem.rule, "en")) != "stale":
        return problem
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
