"""Spelling in both languages: rule titles and texts, and the register's reasons.

A word no dictionary knows is a problem naming the word and the rule; a game term or a name
goes into the language's word list. Where a dictionary is not installed the check says so once
(``rulebook check`` prints it) instead of passing in silence.
"""

import re
from collections.abc import Iterable, Iterator
from functools import partial
from pathlib import Path

from rulebook.book import Book
from rulebook.book.folders import rules_path
from rulebook.book.limits import MAX_WORD_CHARS
from rulebook.book.model import Game, Problem
from rulebook.checks.game_results import fingerprint, kept_problems
from rulebook.checks.registry import register
from rulebook.language import LANGUAGES, Lang, catalog
from rulebook.text.prose import locate
from rulebook.text.spelling import (
    WORD_LIST,
    Speller,
    speller,
    too_long,
    unknown_words,
)

# A register's reasons quote the source and the other language: quotes are not its words, nor
# is code, nor are rule IDs (``rule_ids``).
QUOTED = re.compile(r"«[^»]*»|“[^”]*”|‘[^’]*’|\"[^\"]*\"|`[^`]*`|(?<!\w)'[^']*'(?!\w)")


def rule_ids(prefixes: Iterable[str]) -> re.Pattern[str]:
    """A rule ID of the book as it stands in prose: one of its games' prefixes, whatever its
    length, then hyphenated words.

    >>> rule_ids(["pr", "catan"]).findall("see pr-end, catan-road-2, and well-known")
    ['pr-end', 'catan-road-2']
    """
    names = "|".join(sorted(map(re.escape, prefixes), key=len, reverse=True)) or "(?!)"
    return re.compile(rf"\b(?:{names})-[a-z0-9]+(?:-[a-z0-9]+)*\b")


# The quotes that open and close with different marks: an opening with no closing after it
# would have the pattern read on to the end of the text, from each one of them.
PAIRED = (("«", "»"), ("“", "”"), ("‘", "’"))


def own_words(reason: str, ids: re.Pattern[str] | None = None) -> str:
    """A reason without what it quotes, nor the rule IDs ``ids`` finds.

    >>> ids = rule_ids(["pr"])
    >>> own_words("« vitoire » was a typo; 'on' is fine; see `pr-end` and pr-end.", ids)
    ' was a typo;  is fine; see  and .'
    >>> own_words("«a» «b " + "« " * 3)
    ' «b « « « '
    """
    masked = reason  # the same length, the openings that nothing closes made spaces
    for opening, closing in PAIRED:
        after = reason.rfind(closing) + 1
        masked = masked[:after] + masked[after:].replace(opening, " ")
    kept: list[str] = []
    at = 0
    for quoted in QUOTED.finditer(masked):
        kept.append(reason[at : quoted.start()])
        at = quoted.end()
    kept.append(reason[at:])
    text = "".join(kept)
    return ids.sub("", text) if ids is not None and "-" in text else text  # an ID has a "-"


def word_list(book: Book, lang: Lang) -> Path:
    return rules_path(book.root, lang) / WORD_LIST


@register(
    "spelling",
    "correct the word, or add it to the language's spelling.txt if it is a game term or a name",
)
def check(book: Book) -> Iterator[Problem]:
    spellers = [s for lang in LANGUAGES if (s := speller(lang, word_list(book, lang))) is not None]
    ids = rule_ids(game.prefix for game in book.games)
    # What a game's words are held to: each language's dictionary (its files and the code
    # that asks it) and word list, and the book's prefixes (a reason's rule IDs are no words).
    lists = [(s.lang, s.verdicts.key.digest, sorted(s.extra)) for s in spellers]
    also = fingerprint(ids.pattern, lists)
    for game in book.games:
        compute = partial(check_game, book, game, spellers, ids)
        yield from kept_problems(book, game, "spelling", compute, also)
    for spell in spellers:
        spell.save()


def check_language(book: Book, lang: Lang, spell: Speller) -> Iterator[Problem]:
    ids = rule_ids(game.prefix for game in book.games)
    for game in book.games:
        yield from check_game_language(book, game, lang, spell, ids)


def check_game(
    book: Book, game: Game, spellers: list[Speller], ids: re.Pattern[str]
) -> Iterator[Problem]:
    for spell in spellers:
        yield from check_game_language(book, game, spell.lang, spell, ids)


def check_game_language(
    book: Book, game: Game, lang: Lang, spell: Speller, ids: re.Pattern[str]
) -> Iterator[Problem]:
    rules_file = game.rules_in(lang)
    for rule in rules_file.rules if rules_file else ():
        for word in unknown_words(spell, (rule.title, rule.text)):
            message, fix = misspelt(word, lang, book)
            yield Problem.at(rule, message, locate(rule, word), fix=fix)
    if game.register is None:
        return
    for entry in game.register.corrections:
        reason = entry.reason(lang)
        for word in unknown_words(spell, (own_words(reason, ids),)):
            message, fix = misspelt(word, lang, book)
            # At a line of the register, not at a rule: a Problem of its own.
            yield Problem(game.register.path, entry.line, entry.rule, message, fix=fix)


def misspelt(word: str, lang: Lang, book: Book) -> tuple[str, str]:
    """What a word in no dictionary is told: the message, and what to do about it."""
    listed = word_list(book, lang).relative_to(book.root)
    if too_long(word):
        return (
            f"{catalog(lang).english_name} spelling: a word of {len(word):,} letters "
            f"({word[:20]!r}…) is longer than the {MAX_WORD_CHARS} the spelling check reads",
            "correct it, or break it up with spaces",
        )
    return (
        f"{catalog(lang).english_name} spelling: {word!r} is in no dictionary",
        f"correct it, or add it to {listed} if it is a game term or a name",
    )
