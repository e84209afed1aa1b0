"""Draft register entries: the changes between a rule's original and its cleaned French that
no correction explains yet, as TOML for a proof-reader to complete with a kind and reasons."""

import difflib
import re
from collections.abc import Iterator, Sequence

from rulebook.book.model import Correction, Game, Rule
from rulebook.text.prose import comparison_text, normalize

WORD = re.compile(r"\w+")


def original_text(game: Game, rule: Rule) -> str:
    """The lines of the original the rule comes from."""
    lines = game.original_lines
    return "\n".join(lines[n - 1] for n in rule.original if 0 < n <= len(lines))


def spans(text: str) -> list[tuple[int, int]]:
    return [m.span() for m in WORD.finditer(text)]


def draft(
    game: Game, rule: Rule, entries: Sequence[Correction] | None = None
) -> Iterator[tuple[str, str]]:
    """Yield (original, corrected) fragments, each cut at word boundaries with punctuation kept
    (``entries``: the rule's corrections, when the caller has them at hand)."""
    yield from changes(*sides(game, rule, entries))


def sides(game: Game, rule: Rule, entries: Sequence[Correction] | None = None) -> tuple[str, str]:
    """The rule's original with its corrections applied, and its cleaned French."""
    if entries is None:
        register = game.register.corrections if game.register else ()
        entries = [c for c in register if c.rule == rule.id]
    before = normalize(original_text(game, rule))
    for c in sorted((c for c in entries if not c.is_addition), key=lambda c: -len(c.original)):
        before = before.replace(normalize(c.original), normalize(c.corrected))
    return before, normalize(comparison_text(rule))


def word_count(text: str) -> int:
    """How many words ``changes`` compares in a text.

    >>> word_count("Piochez ensuite, l'une des cartes.")
    6
    """
    return sum(1 for _ in WORD.finditer(text))


def changes(before: str, after: str) -> Iterator[tuple[str, str]]:
    """The changed stretches between two texts, word by word. difflib's time grows with the
    product of the two lengths: the caller keeps each under ``MAX_DIFF_WORDS``."""
    a_spans, b_spans = spans(before), spans(after)
    a_words = [before[s:e].casefold() for s, e in a_spans]
    b_words = [after[s:e].casefold() for s, e in b_spans]
    matcher = difflib.SequenceMatcher(a=a_words, b=b_words, autojunk=False)
    for a0, a1, b0, b1 in _grouped(matcher.get_opcodes()):
        a0, b0 = max(a0 - 1, 0), max(b0 - 1, 0)
        a1, b1 = min(a1 + 1, len(a_words)), min(b1 + 1, len(b_words))
        yield (
            before[a_spans[a0][0] : a_spans[a1 - 1][1]] if a1 > a0 else "",
            after[b_spans[b0][0] : b_spans[b1 - 1][1]] if b1 > b0 else "",
        )


def _grouped(opcodes: Sequence[tuple[str, int, int, int, int]]) -> list[tuple[int, int, int, int]]:
    """The changed stretches, those at most 2 words apart taken as one, so that a moved word
    (« Ensuite, piochez » → « Piochez ensuite ») makes one entry whose quotes apply together.

    >>> _grouped([("delete", 0, 1, 0, 0), ("equal", 1, 2, 0, 1), ("insert", 2, 2, 1, 2),
    ...           ("equal", 2, 6, 2, 6), ("insert", 6, 6, 6, 7)])
    [(0, 2, 0, 2), (6, 6, 6, 7)]
    """
    groups: list[tuple[int, int, int, int]] = []
    for tag, a0, a1, b0, b1 in opcodes:
        if tag == "equal":
            continue
        if groups and a0 - groups[-1][1] <= 2 and b0 - groups[-1][3] <= 2:
            groups[-1] = (groups[-1][0], a1, groups[-1][2], b1)
        else:
            groups.append((a0, a1, b0, b1))
    return groups


def toml_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
