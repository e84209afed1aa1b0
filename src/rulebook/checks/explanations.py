"""Explanations: each step the code takes in a worked example names a rule of the book, and
that rule names, in its ``:code:``, the function that took the step; so the chain a reader
sees under an example leads to the rules that say what the code did."""

from collections.abc import Iterator

from rulebook.book import Book
from rulebook.book.code import example_steps, load_module
from rulebook.book.model import Problem


def check(book: Book) -> Iterator[Problem]:
    for game in book.games:
        module = load_module(game.module)
        if module is None:
            continue  # the code check says why
        for entry in book.entries_in(game):
            rule = entry.fr
            for group in entry.examples:
                for step in example_steps(group, module):
                    applied = book.entries.get(step.rule)
                    if applied is None:
                        said = f"its example's code applies {step.rule} ({step.by}), no rule"
                    elif step.by not in {name.split(".")[0] for name in applied.fr.code}:
                        said = (
                            f"its example's code applies {step.rule} in {step.by}, which "
                            f"{step.rule} does not name in its :code:"
                        )
                    else:
                        continue
                    yield Problem(rule.path, rule.line_start, rule.id, said)
