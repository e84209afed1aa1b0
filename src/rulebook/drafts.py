"""Draft register entries: the changes between a rule's original and its cleaned French that
no correction explains yet, as TOML for a proof-reader to complete with a kind and reasons."""

import difflib
import re
from collections.abc import Iterator

from rulebook.model import Game, Rule
from rulebook.prose import comparison_text, normalize

WORD = re.compile(r"\w+")


def original_text(game: Game, rule: Rule) -> str:
    """The lines of the original the rule comes from."""
    lines = game.original_lines
    return "\n".join(lines[n - 1] for n in rule.original if 0 < n <= len(lines))


def spans(text: str) -> list[tuple[int, int]]:
    return [m.span() for m in WORD.finditer(text)]


def draft(game: Game, rule: Rule) -> Iterator[tuple[str, str]]:
    """Yield (original, corrected) fragments, each cut at word boundaries with punctuation kept."""
    entries = [c for c in game.register.corrections if c.rule == rule.id] if game.register else []
    before = normalize(original_text(game, rule))
    for c in sorted(entries, key=lambda c: -len(c.original)):
        before = before.replace(normalize(c.original), normalize(c.corrected))
    after = normalize(comparison_text(rule))
    a_spans, b_spans = spans(before), spans(after)
    a_words = [before[s:e].casefold() for s, e in a_spans]
    b_words = [after[s:e].casefold() for s, e in b_spans]
    matcher = difflib.SequenceMatcher(a=a_words, b=b_words, autojunk=False)
    for tag, a0, a1, b0, b1 in matcher.get_opcodes():
        if tag == "equal":
            continue
        a0, b0 = max(a0 - 1, 0), max(b0 - 1, 0)
        a1, b1 = min(a1 + 1, len(a_words)), min(b1 + 1, len(b_words))
        yield (
            before[a_spans[a0][0] : a_spans[a1 - 1][1]] if a1 > a0 else "",
            after[b_spans[b0][0] : b_spans[b1 - 1][1]] if b1 > b0 else "",
        )


def draft_toml(game: Game) -> str:
    out = []
    for rule in game.fr.rules:
        for original, corrected in draft(game, rule):
            out.append(
                f'[[correction]]\nrule = "{rule.id}"\noriginal = {toml_string(original)}\n'
                f'corrected = {toml_string(corrected)}\nkind = ""\nreason_fr = ""\nreason_en = ""\n'
            )
    return "\n".join(out)


def toml_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
