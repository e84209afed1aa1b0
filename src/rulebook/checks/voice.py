"""One voice for every game (docs/style.md): the conventions a line shows
(``text.voice``), the case of the glossary's terms, and how examples are titled. Part of the
``style`` check; each slip is named at its line.
"""

import re
from collections.abc import Iterator

from rulebook.book.glossary import GlossaryTerm
from rulebook.book.model import Game, Problem, Rule, RuleKind, RulesFile
from rulebook.language import LANGUAGES, Lang, text
from rulebook.text.prose import named_spans, numbered_names
from rulebook.text.voice import Place, slips

# The conventions read the rule's markdown line by line, not the extractor's segments: a slip
# is named at its line, and some slips are markup the segments no longer hold (bold, a list
# marker before an infinitive). These few patterns only take out what is no text of the line.
NOT_QUANTITY = re.compile(r"\{nq\}`[^`]*`")
ROLE = re.compile(r"\{[a-z]+\}`([^`]*)`")
CODE = re.compile(r"`[^`]*`")
LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
# Where a sentence starts, so that a capital there is no slip: a line's start (after a list
# marker), or after . ! ? and a space.
HEAD = re.compile(r"(?:^\s*(?:[-*+|]|\d+[.)]|[a-z][.)])?\s*[*_]*|[.!?][*_]*\s+|[«\"]\s?|\|\s*)$")
ARTICLE = re.compile(r"^(?:(?:Les|Le|La|The)\s|L')")
# A capitalised word beside the term: the term is part of a name ("Catan Dice Game").
NAME_BEFORE = re.compile(r"[A-Z][\w'’-]*\s$")
NAME_AFTER = re.compile(r"\s[A-Z]")
# A worked example's title ("Exemple, …") and its label in a rule ("Exemple :"), in the
# catalog's word for an example.
EXAMPLE_TITLE = {lang: text(lang, "example_id") + ", " for lang in LANGUAGES}
EXAMPLE_LABEL = {
    lang: re.compile(rf"^\s*{re.escape(text(lang, 'example_id'))}\s?:") for lang in LANGUAGES
}


def plain(line: str) -> str:
    """A markdown line as the conventions read it: what is marked ``{nq}`` gone, other roles'
    words kept, inline code gone, links' words kept.

    >>> plain("Lisez la {nq}`page 3` et {ed}`deux mots` : [ici](https://x/y.html).")
    'Lisez la § et deux mots : ici.'
    """
    line = NOT_QUANTITY.sub("§", line)
    line = ROLE.sub(r"\1", line)
    return LINK.sub(r"\1", CODE.sub("", line))


def check_game(game: Game, terms: list[GlossaryTerm]) -> Iterator[Problem]:
    """The slips of a game's two files; ``terms``: the glossary's terms of the game (the
    style check keeps what it finds per game, ``checks/game_results.py``)."""
    # The French file says which rules are examples (`:kind:`); the English follows it.
    kinds = {rule.id: rule.kind for rule in game.fr.rules} if game.fr else {}
    for rules_file in (game.fr, game.en):
        if rules_file is not None:
            yield from check_file(rules_file, Capitals(terms, rules_file.lang), kinds)


def unnumbered(text: str, names: tuple[str, ...]) -> str:
    """The text with each glossary term whose name holds a number ("three of a kind") set
    aside as ``{nq}`` spans are: its number word is no quantity to write in figures.

    >>> unnumbered("Three of a kind, or three dice", ("three of a kind",))
    '§, or three dice'
    """
    for start, end in sorted(named_spans(text, names), reverse=True):
        text = text[:start] + "§" + text[end:]
    return text


def check_file(
    rules_file: RulesFile, capitals: "Capitals", kinds: dict[str, str]
) -> Iterator[Problem]:
    lang = rules_file.lang
    first_rule = rules_file.rules[0].id if rules_file.rules else ""
    for heading in rules_file.headings:
        headed = rules_file.rule_after(heading.line)
        owner = headed.id if headed else first_rule
        text = plain(heading.what)
        for name, found, advice in line_slips(text, lang, Place.HEADING, capitals):
            if name == "heading" and found not in "!?" and capitals.is_name(ARTICLE.sub("", text)):
                continue
            yield Problem(heading.path, heading.line, owner, f"style: {name}: «{found}»: {advice}")
    for rule in rules_file.rules:
        yield from check_rule(rule, capitals, kinds.get(rule.id, rule.kind) == RuleKind.EXAMPLE)


def check_rule(rule: Rule, capitals: "Capitals", example: bool) -> Iterator[Problem]:
    title = plain(rule.title)
    for name, found, advice in line_slips(title, rule.lang, Place.TITLE, capitals):
        yield Problem.at(rule, f"style: {name}: «{found}»: {advice}")
    label = EXAMPLE_TITLE[rule.lang]
    if example and not rule.title.startswith(label[:-2]):  # « Exemple 2 » is the numbers' slip
        yield Problem.at(rule, f"style: examples: an example rule is titled «{label}…»")
    lines = rule.body.split("\n")
    for number, line in enumerate(lines):
        text = plain(line)
        if example and EXAMPLE_LABEL[rule.lang].match(text):
            yield Problem.at(
                rule,
                "style: examples: an example rule's text does not open on «Exemple :» or "
                "«Example:» again: its title says it",
                line=rule.body_line + number,
            )
        for name, found, advice in line_slips(text, rule.lang, Place.TEXT, capitals):
            message = f"style: {name}: «{found}»: {advice}"
            yield Problem.at(rule, message, line=rule.body_line + number)


def line_slips(
    text: str, lang: Lang, place: Place, capitals: "Capitals"
) -> Iterator[tuple[str, str, str]]:
    for convention, found in slips(unnumbered(text, capitals.numbered), lang, place):
        yield convention.name, found, convention.advice
    if found_case := capitals.slip(text, place):
        yield "capitals", found_case, capitals.advice


class Capitals:
    """The case of a language's glossary terms for one game: a term the glossary writes in
    lower case is not capitalised inside a sentence ("the Power Plant"), and one it
    capitalises (the base game's names: "Longest Road") is never written in lower case.

    >>> from rulebook.book.glossary import GlossaryTerm as Term
    >>> def term(fr, en):
    ...     return Term("*", fr, en, "", "", (), (), (), (), 1)
    >>> terms = [term("centrale", "power plant"), term("plus longue route", "Longest Road")]
    >>> capitals = Capitals(terms, "en")
    >>> capitals.slip("Buy a Power Plant.", Place.TEXT), capitals.slip("Power plants.", Place.TEXT)
    ('Power Plant', None)
    >>> capitals.slip("the longest road", Place.TEXT), capitals.slip("the Longest Road", Place.TEXT)
    ('longest road', None)
    """

    def __init__(self, terms: list[GlossaryTerm], lang: Lang) -> None:
        lower = sorted({f for t in terms for f in t.forms(lang) if f[:1].islower()}, key=len)
        upper = sorted({f for t in terms for f in t.forms(lang) if f[:1].isupper()}, key=len)
        self.names = set(upper)  # written as the glossary writes them, whatever their place
        # The forms whose name holds a number ("three of a kind"): no quantity in words.
        self.numbered = numbered_names(terms, None, lang)
        # The base game's names, in either language: those the English capitalises.
        self.base_names = {f.casefold() for t in terms if t.en[:1].isupper() for f in t.forms(lang)}
        self.lower_forms = {f.casefold(): f for f in lower}
        self.lower = alternation(reversed(lower), re.IGNORECASE)
        self.upper = alternation(reversed(upper), re.IGNORECASE)
        self.advice = (
            "a game term is written as the glossary writes it: lower case, except the base "
            "game's own names"
        )

    def is_name(self, text: str) -> bool:
        """Whether a heading without its article is a name that keeps it: the base game's
        (« La plus longue route », "The Longest Road") or a work's (« Les Colons de Catane »)."""
        return text.casefold() in self.base_names or text[:1].isupper()

    def slip(self, text: str, place: Place) -> str | None:
        """The first glossary term of ``text`` written in the wrong case, else None."""
        for found in self.lower.finditer(text) if self.lower else ():
            word, form = found.group(0), self.lower_forms.get(found.group(0).casefold(), "")
            before, after = text[: found.start()], text[found.end() :]
            if word == form or word in self.names:
                continue
            if word == form[:1].upper() + form[1:] and HEAD.search(before):
                continue  # a sentence's first word
            if NAME_BEFORE.search(before) or NAME_AFTER.match(after):
                continue  # part of a name: "Catan Dice Game"
            return word
        for found in self.upper.finditer(text) if self.upper else ():
            if found.group(0) not in self.names:
                return found.group(0)
        return None


def alternation(words: Iterator[str] | list[str], flags: int = 0) -> re.Pattern[str] | None:
    """One pattern for whole words or phrases, longest first; None for no word."""
    listed = list(words)
    if not listed:
        return None
    return re.compile(
        r"(?<![\w'’-])(?:" + "|".join(map(re.escape, listed)) + r")(?![\w'’-])", flags
    )
