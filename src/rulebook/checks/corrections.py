"""The corrections register explains every change between the original and the cleaned French.

For each rule: every correction quotes text of the rule's original lines and gives text
found in the rule; and the original's words, with the corrections applied, are the cleaned
rule's words. Typography (spaces, apostrophes, punctuation) is no change of wording.
"""

import difflib
from collections.abc import Iterator

from rulebook.book import Book
from rulebook.model import Correction, Game, Problem, Rule
from rulebook.prose import comparison_text, locate, normalize, words
from rulebook.registers import KINDS


def original_text(game: Game, rule: Rule) -> str:
    lines = game.original_lines
    return "\n".join(lines[n - 1] for n in rule.original if 0 < n <= len(lines))


def check(book: Book) -> Iterator[Problem]:
    for game in book.games:
        if game.register is None:
            yield Problem(
                game.fr.path,
                1,
                game.slug,
                f"no corrections register rules_fr/{game.slug}.corrections.toml",
            )
            continue
        rules = {r.id: r for r in game.fr.rules}
        path = game.register.path
        for c in game.register.corrections:
            rule = rules.get(c.rule)
            if rule is None:
                yield Problem(path, c.line, c.rule or "-", "correction for an unknown rule")
                continue
            yield from check_entry(game, rule, c)
        for rule in game.fr.rules:
            entries = [c for c in game.register.corrections if c.rule == rule.id]
            yield from check_complete(game, rule, entries)


def check_entry(game: Game, rule: Rule, c: Correction) -> Iterator[Problem]:
    assert game.register is not None
    path = game.register.path
    if c.kind not in KINDS:
        yield Problem(path, c.line, rule.id, f"unknown kind {c.kind!r}: one of {', '.join(KINDS)}")
    if not c.reason_fr or not c.reason_en:
        yield Problem(path, c.line, rule.id, "a correction gives its reason in French and English")
    if not c.original or normalize(c.original) not in normalize(original_text(game, rule)):
        yield Problem(
            path,
            c.line,
            rule.id,
            f"quotes {c.original!r}, which is not in the original lines of the rule",
        )
    if c.corrected and normalize(c.corrected) not in normalize(comparison_text(rule)):
        yield Problem(
            path,
            c.line,
            rule.id,
            f"gives {c.corrected!r}, which is not in the cleaned French of the rule",
        )


def check_complete(game: Game, rule: Rule, entries: list[Correction]) -> Iterator[Problem]:
    if rule.added is not None:
        for c in entries:
            yield Problem(
                rule.path,
                rule.line_start,
                rule.id,
                f"an addition of the book has no original to correct (entry line {c.line})",
            )
        return
    text = normalize(original_text(game, rule))
    for c in sorted(entries, key=lambda c: -len(c.original)):
        text = text.replace(normalize(c.original), normalize(c.corrected))
    before, after = words(text), words(comparison_text(rule))
    if before == after:
        return
    matcher = difflib.SequenceMatcher(a=before, b=after, autojunk=False)
    for tag, a0, a1, b0, b1 in matcher.get_opcodes():
        if tag == "equal":
            continue
        was = " ".join(before[max(a0 - 2, 0) : a1 + 2])
        now = " ".join(after[max(b0 - 2, 0) : b1 + 2])
        yield Problem(
            rule.path,
            locate(rule, after[b0] if b0 < len(after) else ""),
            rule.id,
            "the cleaned French differs from the original, and no correction says why",
            fr=f"«{now}»",
            code="",
            en="",
            fix=f"the original says «{was}»: record the change in the register, or restore it",
        )
        return
