"""Small independent checks over the book; each yields ``Problem`` records.

Each module declares its checks itself, ``@register(name, fix=…)`` on the function
(``registry``): a new check is a new module of this package and no other edit. Run them all
with ``run_checks(book)``; ``rulebook check`` prints one line per problem,
``path:line: rule-id: message``.
"""

import dataclasses

from rulebook.book import Book
from rulebook.book.entries import Translation
from rulebook.book.folders import FR_DIR
from rulebook.book.model import Problem
from rulebook.checks.registry import Check, by_name, checks, code_checks, register

__all__ = ["Check", "by_name", "checks", "code_checks", "register", "run_checks"]


def run_checks(book: Book, only: tuple[str, ...] = ()) -> list[Problem]:
    named = by_name()
    unknown = [name for name in only if name not in named]
    if unknown:
        raise ValueError(
            f"run_checks: no check named {', '.join(unknown)}; the checks: {', '.join(named)}"
        )
    problems = [
        dataclasses.replace(p, check=check.name, fix=p.fix or check.fix)
        for check in checks()
        if not only or check.name in only
        for p in check.run(book)
    ]
    reading_code = code_checks()
    if not only or set(reading_code) <= set(only):
        by_rule: dict[str, list[Problem]] = {}  # grouped once: a look-up for each problem
        for p in problems:
            if p.check in reading_code:
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
        (p for p in problems if p.rule == problem.rule and p.check in code_checks()),
        key=lambda p: (p.path.parent.name != FR_DIR, p.line),
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
