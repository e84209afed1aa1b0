"""What a rule's prose says, projected for the checks: its numbers, words and table atoms."""

import re
from collections.abc import Iterable
from functools import lru_cache

from rulebook.book.glossary import GlossaryTerm
from rulebook.book.model import Rule, SegmentKind
from rulebook.kit.terms import Term
from rulebook.language import Lang
from rulebook.text.numerals import Number, find_numbers

SPACES = re.compile(r"[\s\u00a0\u202f]+")


def normalize(text: str) -> str:
    """Fold the typography that is no change of wording: spaces, apostrophes, dashes.

    >>> normalize("l’île  du\u00a0Bouffon")
    "l'île du Bouffon"
    """
    text = text.replace("\u2019", "'").replace("\u2013", "-").replace("\u2011", "-")
    return SPACES.sub(" ", text).strip()


def words(text: str) -> list[str]:
    """The words of a text, case folded: capitals and punctuation are typography.

    >>> words("Port royal - le jeu")
    ['port', 'royal', 'le', 'jeu']
    """
    return re.findall(r"\w+", normalize(text).casefold())


def prose_numbers(
    rule: Rule, *, marked: bool = True, cells: bool = True, names: tuple[str, ...] = ()
) -> list[Number]:
    """The numbers of a rule's text; ``marked=False`` drops those marked not-a-quantity, and
    a number inside one of ``names`` (a game term's name, "three of a kind") is no number."""
    kinds = {SegmentKind.TEXT, SegmentKind.ADDED} | ({SegmentKind.NQ} if marked else set())
    kinds |= {SegmentKind.CELL} if cells else set()
    return [
        n
        for s in rule.segments
        if s.kind in kinds
        for n in find_numbers(s.text, rule.lang)
        if not in_spans(n.start, named_spans(s.text, names))
    ]


def named_spans(text: str, names: tuple[str, ...]) -> list[tuple[int, int]]:
    """Where the text names one of ``names``: a whole word, in any case for a name in lower
    case, as written for one with a capital (as the glossary's term links find a term).

    >>> named_spans("Un brelan ou Three of a kind ; three of a kindness", ("three of a kind",))
    [(13, 28)]
    """
    spans: list[tuple[int, int]] = []
    for name in names:
        flags = re.IGNORECASE if name == name.lower() else 0
        pattern = rf"(?<!\w){re.escape(name)}(?!\w)"
        spans += [m.span() for m in re.finditer(pattern, text.replace("\u2019", "'"), flags)]
    return spans


def numbered_names(terms: list[GlossaryTerm], game: str | None, lang: Lang) -> tuple[str, ...]:
    """The forms of the game's terms that hold a number word or figure ("three of a kind",
    "brelan"'s English): the number names the term, it counts nothing, so the checks that
    compare numbers (and the text mutants) pass over it (``named_spans``);
    ``game=None`` takes every term given.

    >>> term = GlossaryTerm("x", "brelan", "three of a kind", "", "", (), ("threes",), (), (), 1)
    >>> numbered_names([term], "x", "en"), numbered_names([term], "x", "fr")
    (('three of a kind',), ())
    """
    forms = (f for t in terms if game is None or t.applies_to(game) for f in t.forms(lang))
    return tuple(sorted({f for f in forms if find_numbers(f, lang)}, key=len, reverse=True))


def in_spans(at: int, spans: list[tuple[int, int]]) -> bool:
    return any(start <= at < end for start, end in spans)


def comparison_text(rule: Rule) -> str:
    """Heading, list numbers and text of a rule: what is compared with the original's words.
    The editors' additions (``{ed}``) are not: the source has nothing there to compare."""
    heading = f"{rule.heading} " if rule.heading else ""
    return heading + "".join(s.text for s in rule.segments if s.kind != SegmentKind.ADDED)


def additions(rule: Rule) -> list[str]:
    """The editors' additions of a rule (``{ed}`` spans), in order."""
    return [s.text for s in rule.segments if s.kind == SegmentKind.ADDED]


def plain_text(rule: Rule) -> str:
    r"""The rule as a reader would quote it: list numbers kept, a table row per line.

    >>> from pathlib import Path
    >>> from rulebook.book.extract import parse_rules_text
    >>> source = ":::{rule} x-a\n\n1. Un *deux*\n\n| a | b |\n| - | - |\n| 1 | 2 |\n:::\n"
    >>> print(plain_text(parse_rules_text(source, Path("x.md"), "fr").rules[0]))
    1. Un deux
    a | b
    1 | 2
    """
    parts: list[str] = []
    for segment in rule.segments:
        if segment.kind == SegmentKind.CELL:
            if segment.col > 0:
                parts[-1] = parts[-1].rstrip("\n") + " | "
            parts.append(segment.text)
        elif segment.kind == SegmentKind.ADDED:  # the editors' addition, as the page shows it
            parts.append(f"[{segment.text}]")
        else:
            parts.append(segment.text)
    lines = (SPACES.sub(one_space, line).strip() for line in "".join(parts).split("\n"))
    return "\n".join(line for line in lines if line)


def one_space(run: re.Match[str]) -> str:
    """A run of spaces as one, a no-break space when it holds one (French typography: a
    plain space before « : » would let a line break strand the colon).

    >>> SPACES.sub(one_space, "cartes \u00a0: la  pioche")
    'cartes\xa0: la pioche'
    """
    return next((char for char in run.group() if char in "\u00a0\u202f"), " ")


def locate(rule: Rule, needle: str) -> int:
    r"""The line of the rules file where ``needle`` first stands in the rule as a whole word,
    else where it first appears in it, else the rule's start (a needle that spans lines is on
    none).

    A check asks once for each problem it finds, and a rule may have thousands: the rule's
    words are indexed once, and a word is a look-up rather than a search of the rule.

    >>> from pathlib import Path
    >>> from rulebook.book.extract import parse_rules_text
    >>> source = ":::{rule} x-a\n\nUn dé, 12 dés.\n\nDeux dés : 2.\n:::\n"
    >>> rule = parse_rules_text(source, Path("x.md"), "fr").rules[0]
    >>> locate(rule, "2"), locate(rule, "dés :"), locate(rule, "trois")
    (5, 5, 1)
    """
    if not needle or "\n" in needle:
        return rule.line_start
    line = word_lines(rule.body).get(needle)
    if line is not None:
        return rule.body_line + line
    at = rule.body.find(needle)
    if at < 0:
        return rule.line_start
    return rule.body_line + rule.body.count("\n", 0, at)


def locate_term(rule: Rule, term: str) -> int:
    """The line where ``term`` (a glossary form, in lower case) first stands in the rule as a
    whole word, whatever its case ("Navire" opening a sentence), else the rule's start."""
    found = re.search(rf"(?<!\w){re.escape(term)}(?!\w)", rule.body, re.IGNORECASE)
    return (
        rule.line_start
        if found is None
        else rule.body_line + rule.body.count("\n", 0, found.start())
    )


def blocks(body: str) -> list[list[int]]:
    r"""The lines of each block of a rule's body (a paragraph, a list, a table: lines with no
    blank line between them), counted from 0.

    >>> blocks("Un.\n\n- a\n- b\n\n\nFin.")
    [[0], [2, 3], [6]]
    """
    found: list[list[int]] = []
    blank = True
    for number, line in enumerate(body.split("\n")):
        if not line.strip():
            blank = True
        elif blank:
            found.append([number])
            blank = False
        else:
            found[-1].append(number)
    return found


def counterpart_line(source: Rule, line: int, target: Rule) -> int:
    r"""The line of ``target``, a translation of ``source``, that stands where ``line`` of
    ``source`` does: a translation keeps its French's blocks, so the block of the same rank,
    on the line of the same rank when both blocks have as many lines, else on its first line.
    The target's start when ``line`` is in no block of ``source`` or ``target`` has fewer.

    >>> from pathlib import Path
    >>> from rulebook.book.extract import parse_rules_text
    >>> fr = parse_rules_text(":::{rule} x-a\n\nUn.\n\nDeux\ntrois.\n:::\n", Path("f"), "fr")
    >>> en = parse_rules_text(":::{rule} x-a\n\nOne.\n\nTwo, three.\n:::\n", Path("e"), "en")
    >>> counterpart_line(fr.rules[0], 6, en.rules[0])
    5
    """
    offset = line - source.body_line
    theirs = blocks(target.body)
    for rank, block in enumerate(blocks(source.body)):
        if offset in block and rank < len(theirs):
            other = theirs[rank]
            at = other[block.index(offset)] if len(other) == len(block) else other[0]
            return target.body_line + at
    return target.line_start


@lru_cache(maxsize=64)
def word_lines(text: str) -> dict[str, int]:
    r"""Each word of ``text`` with the line it first stands on, counted from 0.

    >>> word_lines("un dé\ndeux dés, un")
    {'un': 0, 'dé': 0, 'deux': 1, 'dés': 1}
    """
    found: dict[str, int] = {}
    line = last = 0
    for word in WORD.finditer(text):
        line += text.count("\n", last, word.start())
        last = word.start()
        found.setdefault(word.group(), line)
    return found


WORD = re.compile(r"\w+")


@lru_cache(maxsize=4096)
def whole_word(word: str) -> re.Pattern[str]:
    """The pattern of ``word`` as a whole word (compiled once: a cell asks for each term)."""
    return re.compile(rf"(?<!\w){re.escape(word)}(?!\w)")


def cell_atoms(text: str, lang: Lang, terms: Iterable[Term]) -> tuple[str, ...]:
    """The numbers and glossary terms a table cell states, in order.

    >>> cell_atoms("jaune/orange", "fr", [Term("yellow", "jaune", "yellow"),
    ...                                   Term("orange", "orange", "orange")])
    ('yellow', 'orange')
    >>> cell_atoms("0-16", "fr", [])
    ('0-16',)
    """
    found: list[tuple[int, str]] = []
    seen_ranges: set[tuple[int, str]] = set()
    for number in find_numbers(text, lang):
        key = (number.start, number.atom)
        if key not in seen_ranges:
            seen_ranges.add(key)
            found.append(key)
    lowered = normalize(text).lower()
    for term in terms:
        for match in whole_word(getattr(term, lang).lower()).finditer(lowered):
            found.append((match.start(), term.id))
    return tuple(atom for _, atom in sorted(found))
