"""Small independent checks over the book; each yields ``Problem`` records.

Run them all with ``run_checks(book)``; ``rulebook check`` prints one line per problem,
``path:line: rule-id: message``.
"""

import dataclasses
from collections.abc import Callable, Iterator

from rulebook.book import Book
from rulebook.checks import (
    code,
    corrections,
    glossary,
    ids,
    markup,
    numbers,
    original,
    quantities,
    translation,
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
    "translation": translation.check,
    "glossary": glossary.check,
}


def run_checks(book: Book, only: tuple[str, ...] = ()) -> list[Problem]:
    problems = [
        dataclasses.replace(p, check=name)
        for name, check in CHECKS.items()
        if not only or name in only
        for p in check(book)
    ]
    return sorted(problems, key=lambda p: (str(p.path), p.line, p.rule, p.message))
