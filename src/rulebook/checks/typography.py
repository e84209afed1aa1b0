"""French typography: a non-breaking space before « : ; ! ? » and inside guillemets, in
every French text a reader sees: the rules, the register's reasons, the glossary's
descriptions and the provenance's sentences (the credits).

A plain space there lets a line break strand the mark at the start of a line.
"""

import re
from collections.abc import Iterator
from functools import partial
from pathlib import Path

from rulebook.book import Book
from rulebook.book.files import read_text
from rulebook.book.glossary import load_glossary
from rulebook.book.model import Game, Problem, Rule
from rulebook.book.registers import header_lines, value_line
from rulebook.checks.game_results import kept_problems
from rulebook.checks.registry import register
from rulebook.language.spacing import FRENCH_SPACES, HIGH_MARKS, WORD_END
from rulebook.text.prose import locate

# A plain space (or none) before a high mark that ends a word, or around guillemets: what
# ``spaced`` (rulebook.language) mends, read with its marks and spaces.
_MARKS = "".join(sorted(HIGH_MARKS))
BAD = re.compile(
    rf"(?<={WORD_END})( ?)([{_MARKS}])(?=\s|$)|«(?![{FRENCH_SPACES}])|(?<![{FRENCH_SPACES}])»"
)


@register("typography", "put a non-breaking space (U+00A0) before : ; ! ? and inside « »")
def check(book: Book) -> Iterator[Problem]:
    for game in book.games:
        yield from kept_problems(book, game, "typography", partial(check_game, game))
    path, terms = load_glossary(book.root)
    for term in terms:
        for key, value in (("what_fr", term.what_fr), *(("fr", f) for f in term.forms("fr"))):
            yield from check_text(path, term.line, term.game, key, value)


def check_game(game: Game) -> Iterator[Problem]:
    """The game's French rules, its register's French reasons and its provenance's French."""
    for rule in game.fr.rules:
        yield from check_rule(rule)
    if game.register is not None:
        path = game.register.path
        for entry in game.register.corrections:
            yield from check_text(path, entry.line, entry.rule, "reason_fr", entry.reason_fr)
        for left in game.register.left_out:
            yield from check_text(path, left.line, game.slug, "reason_fr", left.reason_fr)
    if game.provenance is not None:
        text = read_text(game.provenance.path)
        for key, value in game.provenance.values.items():
            table, _, lang = key.rpartition(".")
            if lang == "fr" and table:
                header = header_lines(text, f"[{table}]")
                line = value_line(text, "fr", header[0] if header else 1)
                yield from check_text(game.provenance.path, line, game.slug, key, value)


def check_text(path: Path, line: int, owner: str, key: str, text: str) -> Iterator[Problem]:
    """The first slip of a French text of a register, the glossary or the provenance."""
    for match in BAD.finditer(text):
        mark = match.group(2) or match.group(0)
        context = text[max(match.start() - 12, 0) : match.end() + 2].strip()
        yield Problem(
            path,
            line,
            owner,
            f"French typography: a non-breaking space goes with {mark!r} (in {key}: «{context}»)",
        )
        return


def check_rule(rule: Rule) -> Iterator[Problem]:
    """One problem at most per rule: its title, then its text (list numbers left out)."""
    for text in (rule.title, rule.text):
        for match in BAD.finditer(text):
            mark = match.group(2) or match.group(0)
            context = text[max(match.start() - 12, 0) : match.end() + 2].strip()
            yield Problem.at(
                rule,
                f"French typography: a non-breaking space goes with {mark!r} (in «{context}»)",
                line=locate(rule, context[:8]),
            )
            return
