"""The editors' decisions show: every correction says whether it changes what a player does,
and every editors' addition is marked in the text and explained in the register.

- An entry of the corrections register whose kind can change meaning (all but spelling and
  markup), or whose corrected text states other numbers than its original, says so with
  ``changes_play = true`` (the site then shows it at the rule, as an editor's note, in both
  languages) or ``changes_play = false``. The decision is the editors'; the check requires it.
- An editors' addition, the answer to a question the source leaves open, stands in the rule
  as ``{ed}`` text, in both languages, and has its register entry: ``original = ""``, the
  added words as ``corrected``, kind ``interpretation`` or ``source-error``, and its reasons.
"""

from collections.abc import Iterator
from functools import partial

from rulebook.book import Book
from rulebook.book.model import Correction, CorrectionKind, Game, Problem, Rule
from rulebook.checks.game_results import kept
from rulebook.checks.registry import register
from rulebook.text.numerals import number_atoms
from rulebook.text.prose import additions, locate, normalize

# Kinds that cannot change what a player does: the letters of a word, the page's markup.
FORM_ONLY = (CorrectionKind.SPELLING, CorrectionKind.MARKUP)
# Kinds an addition may have: the source is silent (interpretation) or wrong (source-error).
ADDITION_KINDS = (CorrectionKind.INTERPRETATION, CorrectionKind.SOURCE_ERROR)


@register(
    "editors",
    "say in the register whether the correction changes what a player does (changes_play), "
    "and mark the editors' additions {ed} in both languages",
)
def check(book: Book) -> Iterator[Problem]:
    for game in book.games:
        if game.register is not None:  # else the corrections check says so
            yield from kept(book, game, "editors", partial(game_problems, book, game))


def game_problems(book: Book, game: Game) -> list[Problem]:
    assert game.register is not None
    found = [problem for c in game.register.corrections for problem in decided(game, c)]
    for entry in book.entries_in(game):
        found += explained(game, entry.fr, list(entry.corrections))
        found += both_languages(entry.fr, entry.en)
    return found


def decided(game: Game, c: Correction) -> Iterator[Problem]:
    """An entry that may change play says whether it does."""
    assert game.register is not None
    was, now = number_atoms(c.original, "fr"), number_atoms(c.corrected, "fr")
    if c.changes_play is not None or (c.kind in FORM_ONLY and was == now):
        return
    why = (
        f"its corrected text states other numbers ({', '.join(now) or 'none'} for "
        f"{', '.join(was) or 'none'})"
        if was != now
        else f"a {c.kind} may change what a player does"
    )
    yield Problem(
        game.register.path,
        c.line,
        c.rule,
        f"this correction does not say whether it changes what a player does: {why}",
        fix="add changes_play = true (the reader then sees the editor's note at the rule, in "
        "both languages) or changes_play = false",
    )


def explained(game: Game, rule: Rule, entries: list[Correction]) -> Iterator[Problem]:
    """Each ``{ed}`` span of the French has its entry, and each addition entry its span."""
    assert game.register is not None
    rule_id, added = rule.id, additions(rule)
    spans = [normalize(text) for text in added]
    for c in (c for c in entries if c.is_addition):
        if c.kind not in ADDITION_KINDS:
            yield Problem(
                game.register.path, c.line, rule_id,
                f"an editors' addition is of kind {c.kind}, which says nothing of why",
                fix="give it the kind interpretation (the source is silent) or source-error",
            )  # fmt: skip
        if not any(normalize(c.corrected) in span for span in spans):
            yield Problem(
                game.register.path, c.line, rule_id,
                f"adds {c.corrected!r}, which no {{ed}} text of the rule holds",
                fix="mark the added words in the French rule as {ed}`…`, or quote them exactly",
            )  # fmt: skip
    covered = [normalize(c.corrected) for c in entries if c.is_addition]
    for text, span in zip(added, spans, strict=True):
        if not any(words and words in span for words in covered):
            yield Problem.at(
                rule,
                f"the editors' addition {{ed}}`{text}` has no entry in the register",
                line=locate(rule, text.split()[0] if text.split() else ""),
                fix=f'add [[correction]] rule = "{rule_id}", original = "", corrected = '
                'the added words, kind = "interpretation", with its reasons',
            )


def both_languages(french: Rule, english: Rule | None) -> Iterator[Problem]:
    """The English marks as many additions as the French."""
    if english is None or len(additions(english)) == len(additions(french)):
        return
    yield Problem.at(
        english,
        f"the English marks {len(additions(english))} editors' addition(s) ({{ed}}), the French "
        f"{len(additions(french))}",
        fix="mark the same additions in both languages",
    )
