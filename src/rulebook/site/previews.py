"""What a page or a rule says in a sentence or two: the description of link previews.

A preview is read as prose, so a rule's tables are left out (a run of cell numbers means
nothing in a forum's preview card) and the text is cut at the end of a sentence.
"""

import re

from rulebook.book.model import Rule, SegmentKind

SENTENCE_END = re.compile(r"(?<=[.!?…]) +")
# Runs of ordinary white space; the no-break spaces of French typography are kept.
BLANKS = re.compile(r"[ \t\r\n]+")


def one_line(text: str) -> str:
    r"""A text on one line, its no-break spaces kept.

    >>> one_line(" Niveau\u00a0:  2\n ou 3 ")
    'Niveau\xa0: 2 ou 3'
    """
    return BLANKS.sub(" ", text).strip()


def summary(text: str, limit: int = 200) -> str:
    """The first sentences of a text that fit in ``limit`` characters; one cut at a word,
    with an ellipsis, when the first sentences are too long.

    >>> summary("One. Two words. Three and more words here.", 20)
    'One. Two words.'
    >>> summary("A long sentence that will not fit at all.", 20)
    'A long sentence…'
    """
    text = one_line(text)
    if len(text) <= limit:
        return text
    kept = ""
    for sentence in SENTENCE_END.split(text):
        longer = f"{kept} {sentence}".strip()
        if len(longer) > limit:
            break
        kept = longer
    if len(kept) >= limit // 2:
        return kept
    cut = text[: limit - 1].rsplit(" ", 1)[0]
    return cut.rstrip(" ,;:–—(«\u00a0\u202f") + "…"


def rule_prose(rule: Rule) -> str:
    """A rule's text without its tables and list numbers: the sentences around them.

    >>> from pathlib import Path
    >>> from rulebook.book.extract import parse_rules_text
    >>> source = ":::{rule} x-a\\n\\nLe tableau :\\n\\n| a | b |\\n| - | - |\\n| 1 | 2 |\\n:::\\n"
    >>> rule_prose(parse_rules_text(source, Path("x.md"), "fr").rules[0])
    'Le tableau :'
    """
    prose = "".join(
        s.text for s in rule.segments if s.kind not in (SegmentKind.CELL, SegmentKind.MARKER)
    )
    return one_line(prose)


def rule_description(rule: Rule, limit: int = 200) -> str:
    """The rule's title as a sentence, then the first sentences of its prose."""
    title = rule.title.strip()
    lead = title if title.endswith(("?", "!", ".", "…")) else f"{title}."
    return summary(f"{lead} {rule_prose(rule)}", limit)
