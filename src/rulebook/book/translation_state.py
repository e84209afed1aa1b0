"""Which version of its French rule each English rule translates, and which version of the
English was checked against it.

An English rule carries ``:translates: FRENCH ENGLISH``, the digests of the French rule and
of the English rule (title and text) when the translation was last checked. `rulebook
translated RULE-ID` records them (never by hand). When the French rule changes, the check
reports the English rule as stale; when the English changes, as unchecked: no wording of
either language changes without a translator saying the two still agree. The digests and
the state they give are read in ``translates``; here they are recorded.
"""

from collections.abc import Iterable
from pathlib import Path

from rulebook.book import Book
from rulebook.book.files import read_text, write_text
from rulebook.book.model import Rule
from rulebook.book.translates import OPTION, digest

# What `rulebook new` writes in the English skeleton for every title, heading and text not
# yet translated (``book/scaffold.py``). The translation check names each one left, even once
# `rulebook translated` has recorded the rule: a placeholder never passes as a translation.
UNTRANSLATED = "(to translate)"


def untranslated(rule: Rule) -> bool:
    """Whether an English rule still holds the placeholder, in its title or its text.

    >>> from rulebook.book.model import Rule
    >>> rule = Rule("x-a", "x", "en", UNTRANSLATED, Path("x.md"), 1, 3, "", 2, ())
    >>> untranslated(rule)
    True
    """
    return UNTRANSLATED in rule.title or UNTRANSLATED in rule.body


def set_option(lines: list[str], rule: Rule, value: str) -> None:
    """Write ``:translates: value`` among the rule's option lines (0-based list of lines)."""
    at = rule.line_start  # the line after ':::{rule} id' (line_start is 1-based)
    while at < len(lines) and lines[at].startswith(":") and lines[at] != ":::":
        if lines[at].startswith(f":{OPTION}:"):
            lines[at] = f":{OPTION}: {value}"
            return
        at += 1
    lines.insert(at, f":{OPTION}: {value}")


def record(book: Book, rule_ids: Iterable[str]) -> list[str]:
    """Record that the English rules translate the current French ones; return those changed."""
    wanted = set(rule_ids)
    changed: list[str] = []
    for game in book.games:
        if game.en is None:
            continue
        path: Path = game.en.path
        before = read_text(path)
        lines = before.split("\n")
        # From the end, so inserting a line does not move the rules still to do.
        for rule in reversed(game.en.rules):
            entry = book.entries.get(rule.id)
            if rule.id in wanted and entry is not None and entry.game.slug == game.slug:
                value = f"{digest(entry.fr)} {digest(rule)}"
                if rule.options.get(OPTION) != value:
                    set_option(lines, rule, value)
                    changed.append(rule.id)
        write_text(path, "\n".join(lines))  # whole, and only if it changed
    return sorted(changed)
