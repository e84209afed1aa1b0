"""The corrections register explains every change between the original and the cleaned French.

For each rule: every correction quotes text of the rule's original lines and gives text
found in the rule; and the original's words, with the corrections applied, are the cleaned
rule's words. Typography (spaces, apostrophes, punctuation) is no change of wording.
"""

from collections.abc import Iterator
from functools import partial

from rulebook.book import Book
from rulebook.book.folders import register_file
from rulebook.book.limits import MAX_DIFF_WORDS
from rulebook.book.model import Correction, Game, Problem, Rule
from rulebook.book.registers import KINDS
from rulebook.checks.game_results import kept_problems
from rulebook.checks.registry import register
from rulebook.text.prose import comparison_text, locate, normalize, words
from rulebook.text.worddiff import changes, original_text, sides, toml_string, word_count


@register(
    "corrections",
    "record the change in the game's corrections register (quote the original exactly, give "
    "the text as it now stands, a kind and reasons), or restore the wording",
)
def check(book: Book) -> Iterator[Problem]:
    for game in book.games:
        yield from kept_problems(book, game, "corrections", partial(check_game, book, game))


def check_game(book: Book, game: Game) -> Iterator[Problem]:
    if game.register is None:
        yield Problem(
            game.fr.path,
            1,
            game.slug,
            f"no corrections register {register_file(game.slug).as_posix()}",
        )
        return
    path = game.register.path
    own = {entry.id: entry for entry in book.entries_in(game)}
    texts: dict[str, tuple[str, str]] = {}  # each rule's texts, made once for its entries
    for c in game.register.corrections:
        entry = own.get(c.rule)
        if entry is None:  # no rule, or another game's
            yield Problem(path, c.line, c.rule or "-", "correction for an unknown rule")
            continue
        if c.rule not in texts:
            rule = entry.fr
            texts[c.rule] = (
                normalize(original_text(game, rule)),
                normalize(comparison_text(rule)),
            )
        yield from check_entry(game, entry.fr, c, *texts[c.rule])
    for entry in book.entries_in(game):
        yield from check_complete(game, entry.fr, list(entry.corrections))


def check_entry(
    game: Game, rule: Rule, c: Correction, original: str, cleaned: str
) -> Iterator[Problem]:
    """One entry of the register, against its rule's ``original`` lines and ``cleaned``
    French (both normalized)."""
    assert game.register is not None
    path = game.register.path
    if c.kind not in KINDS:
        yield Problem(
            path,
            c.line,
            rule.id,
            f"unknown kind {c.kind!r}",
            fix=f"give this entry one of the kinds: {', '.join(KINDS)}",
        )
    if not c.reason_fr or not c.reason_en:
        yield Problem(
            path,
            c.line,
            rule.id,
            "a correction gives its reason in French and English",
            fix="fill in reason_fr and reason_en of this entry",
        )
    if c.is_addition:
        return  # the editors' addition: held to its {ed} span by the editors check
    if normalize(c.original) not in original:
        yield Problem(
            path,
            c.line,
            rule.id,
            f"quotes {c.original!r}, which is not in the original lines of the rule",
            fix=f"quote the original lines {', '.join(map(str, rule.original))} exactly "
            "(rules_fr/original), or remove this entry",
        )
    if c.corrected and normalize(c.corrected) not in cleaned:
        yield Problem(
            path,
            c.line,
            rule.id,
            f"gives {c.corrected!r}, which is not in the cleaned French of the rule",
            fix="make this entry's corrected text the words the rule has now, or remove the "
            "entry if its change was undone",
        )


def check_complete(game: Game, rule: Rule, entries: list[Correction]) -> Iterator[Problem]:
    if rule.added is not None:
        for c in entries:
            yield Problem.at(
                rule, f"an addition of the book has no original to correct (entry line {c.line})"
            )
        return
    register = register_file(game.slug).as_posix()
    original = normalize(original_text(game, rule))
    before, after = sides(game, rule, entries)
    longest = max(word_count(before), word_count(after))
    if longest > MAX_DIFF_WORDS:
        yield Problem.at(
            rule,
            f"the rule or its original lines hold {longest:,} words, more than the "
            f"{MAX_DIFF_WORDS:,} the check compares word by word (the limit of a rule)",
            fix="split the rule into several, each with its own original lines",
        )
        return
    # The first entry that gives each word: a look-up for each change, not a pass over them.
    first_giving: dict[str, tuple[int, int]] = {}
    for index, c in enumerate(entries):
        for word in words(c.corrected):
            first_giving.setdefault(word, (index, c.line))
    for was, now in changes(before, after):
        if was and normalize(was) not in original:
            said = f"with the register's corrections, the original reads «{was}»"
            givers = [first_giving[word] for word in words(was) if word in first_giving]
            entry = f" (line {min(givers)[1]})" if givers else ""
            fix = (
                f"a correction of {rule.id}{entry} already covers these words: make its "
                f"corrected text the words the rule has now, in {register}"
            )
        else:
            said = f"the original says «{was}»" if was else "the original has no words here"
            fix = (
                f"record it in {register}: original = {toml_string(was)}, "
                f"corrected = {toml_string(now)}, with a kind and reasons"
            )
        yield Problem.at(
            rule,
            f"the cleaned French differs from the original, and no correction says why: {said}",
            line=locate(rule, now.split()[0] if now.split() else ""),
            fr=f"«{now}»",
            fix=f"{fix}; or restore the original wording",
        )
