"""French typography: a non-breaking space before « : ; ! ? » and inside guillemets.

A plain space there lets a line break strand the mark at the start of a line.
"""

import re
from collections.abc import Iterator

from rulebook.book import Book
from rulebook.book.model import Problem, Rule
from rulebook.text.prose import locate

NBSP = "\u00a0\u202f"
# A plain space (or none) before a high mark that follows a word, or around guillemets.
BAD = re.compile(rf"(?<=\w)( ?)([:;!?])(?=\s|$)|«(?![{NBSP}])|(?<![{NBSP}])»")


def check(book: Book) -> Iterator[Problem]:
    for game in book.games:
        for rule in game.fr.rules:
            yield from check_rule(rule)


def check_rule(rule: Rule) -> Iterator[Problem]:
    """One problem at most per rule: its title, then its text (list numbers left out)."""
    for text in (rule.title, rule.text):
        for match in BAD.finditer(text):
            mark = match.group(2) or match.group(0)
            context = text[max(match.start() - 12, 0) : match.end() + 2].strip()
            yield Problem(
                rule.path,
                locate(rule, context[:8]),
                rule.id,
                f"French typography: a non-breaking space goes with {mark!r} (in «{context}»)",
            )
            return
