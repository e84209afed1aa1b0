"""Rules files hold markdown only: no raw HTML or script, and no text outside a rule."""

from collections.abc import Iterator

from rulebook.book import Book
from rulebook.model import Problem, RulesFile


def rule_at(rules_file: RulesFile, line: int) -> str:
    for rule in rules_file.rules:
        if rule.line_start <= line <= rule.line_end:
            return rule.id
    return rules_file.meta.get("game", rules_file.path.stem)


def check(book: Book) -> Iterator[Problem]:
    for game in book.games:
        for rules_file in (game.fr, game.en):
            if rules_file is None:
                continue
            for found in rules_file.raw_html:
                yield Problem(
                    found.path,
                    found.line,
                    rule_at(rules_file, found.line),
                    "raw HTML or script in a rules file: write it in markdown",
                )
            for found in rules_file.stray:
                yield Problem(
                    found.path,
                    found.line,
                    game.slug,
                    "text outside any rule block: put it in a rule",
                )
