"""Small independent checks over the book; each yields ``Problem`` records.

Run them all with ``run_checks(book)``; ``rulebook check`` prints one line per problem,
``path:line: rule-id: message``.
"""

from collections.abc import Callable, Iterator

from rulebook.book import Book
from rulebook.checks import (
    code,
    corrections,
    ids,
    markup,
    numbers,
    original,
    quantities,
    typography,
)
from rulebook.model import Problem

Check = Callable[[Book], Iterator[Problem]]

CHECKS: dict[str, Check] = {
    "ids": ids.check,
    "code": code.check,
    "numbers": numbers.check,
    "quantities": quantities.check,
    "corrections": corrections.check,
    "original": original.check,
    "markup": markup.check,
    "typography": typography.check,
}


def run_checks(book: Book, only: tuple[str, ...] = ()) -> list[Problem]:
    problems = [
        Problem(p.path, p.line, p.rule, p.message, name)
        for name, check in CHECKS.items()
        if not only or name in only
        for p in check(book)
    ]
    return sorted(problems, key=lambda p: (str(p.path), p.line, p.rule, p.message))
