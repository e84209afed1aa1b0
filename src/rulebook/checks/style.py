"""The house style (docs/style.md), where a machine can tell: one voice per language.

Each rule is one problem at most per kind of slip: a sentence that opens on a figure, « que 1 »
in French, a phrase in single quotes or "he"/"his" for a player in English, a title that ends
with a full stop.
"""

import re
from collections.abc import Iterator
from functools import partial

from rulebook.book import Book
from rulebook.book.glossary import GlossaryTerm, load_glossary, terms_of_games
from rulebook.book.model import Game, Problem, Rule
from rulebook.checks import voice
from rulebook.checks.game_results import fingerprint, kept_problems
from rulebook.checks.registry import register
from rulebook.text.prose import locate

# A figure where a sentence starts (``figure_first``): at the start of a paragraph, or after
# . ! ? and a space; not a table read aloud ("4 items = 1 point").
SENTENCE_FIGURE = re.compile(r"(?:^|(?<=[.!?])\s+)(?=\d)")
FIGURES = re.compile(r"[\d\s]*")
SPACES = re.compile(r"\s+")
WORD = re.compile(r"\w+")
SENTENCE_STOP = re.compile(r"[.!?=]")
QUE_FIGURE = re.compile(r"\bque\s+1\b", re.IGNORECASE)
SINGLE_QUOTED = re.compile(r"(?<![\w’'])['‘][^'‘’\n]{2,}['’](?![\w’'])")
HE_OR_SHE = re.compile(r"\b(he|his|him|himself|she|her|hers|herself)\b", re.IGNORECASE)
ORDERED = re.compile(r"^\d+[.)]\s+")
# Named characters keep their pronoun: a rule about them may say "he".
CHARACTERS = ("Morgan",)

# The headings every game shares (docs/style.md), and the other names a source gives them.
SHARED_HEADINGS = {
    "fr": {
        "Matériel de jeu": "Matériel",
        "Préparation": "Mise en place",
        "Objectif du jeu": "But du jeu",
        "But de la partie": "But du jeu",
        "Fin de partie": "Fin de la partie",
        "Conditions de fin de partie": "Fin de la partie",
    },
    "en": {
        "Material": "Components",
        "Preparation": "Set-up",
        "Setup": "Set-up",
        "Goal of the game": "Object of the game",
        "Aim of the game": "Object of the game",
        "Game end": "End of the game",
    },
}

SLIPS = {
    "figure": "a sentence opens on a figure ({found!r}): write it out or reword the sentence",
    "que": "« que 1 » ({found!r}): « seulement 1 », « 1 seul », « 1 seule »",
    "quotes": "a phrase in single quotes ({found!r}): the house style quotes with double ones",
    "pronoun": "{found!r} for a player: the house style says “they”, “their”",
    "title": "the title ends with a full stop",
    "heading": "the heading {found!r} is one every game shares as {shared!r}",
}


def paragraphs(rule: Rule) -> list[str]:
    """The rule's sentences, line by line of its markdown: paragraphs and numbered items
    without their numbers; not table rows, nor bulleted items (fragments, not sentences)."""
    lines = (ORDERED.sub("", line.strip()) for line in rule.body.split("\n"))
    return [line for line in lines if line and not line.startswith(("-", "*", "|", "+"))]


def slips(rule: Rule) -> Iterator[tuple[str, str]]:
    """What in a rule breaks the house style, as (kind, what was found)."""
    if rule.title.rstrip().endswith("."):
        yield "title", rule.title
    if rule.heading and rule.heading.strip() in SHARED_HEADINGS[rule.lang]:
        yield "heading", rule.heading.strip()
    names_character = any(name in rule.text for name in CHARACTERS)  # once, not per paragraph
    for paragraph in paragraphs(rule):
        if figure := figure_first(paragraph):
            yield "figure", figure
        if rule.lang == "fr" and (found := QUE_FIGURE.search(paragraph)):
            yield "que", found.group(0)
        if rule.lang == "en" and (found := SINGLE_QUOTED.search(paragraph)):
            yield "quotes", found.group(0)
        if rule.lang == "en" and not names_character:
            if found := HE_OR_SHE.search(paragraph):
                yield "pronoun", found.group(0)


def figure_first(text: str) -> str | None:
    r"""The first figure that opens a sentence of ``text``, with the word after it, in a
    sentence with no '=' after them (a table read aloud); else None.

    What the pattern ``(?:^|(?<=[.!?])\s+)(\d[\d\s]*\s+\w+)(?![^.!?=]*=)`` finds, in one
    pass: the pattern backtracks, and one figure followed by many spaces costs it the square
    of their number.

    >>> figure_first("Piochez. 3 cartes ou 1 000 points."), figure_first("4 objets = 1 point")
    ('3 cartes', None)
    >>> figure_first("1 000 points"), figure_first("Lancez 3 dés.")
    ('1 000 points', None)
    """
    for start in SENTENCE_FIGURE.finditer(text):
        first = start.end()
        figures_end = FIGURES.match(text, first + 1)
        assert figures_end is not None  # the pattern matches the empty string
        end = figures_end.end()
        # The word follows the last run of spaces that a word follows: the one that ends
        # the figures when a word comes after them, else the one before (the figures' last
        # digits are then the word).
        runs = [space.end() for space in SPACES.finditer(text, first + 1, end)][-2:]
        if runs and (runs[-1] < end or WORD.match(text, end)):
            word = WORD.match(text, runs[-1])
        elif len(runs) > 1:
            word = WORD.match(text, runs[-2])
        else:
            continue
        if word is None:
            continue
        stop = SENTENCE_STOP.search(text, word.end())
        if stop is None or stop.group() != "=":
            return text[first : word.end()]
    return None


@register("style", "follow the house style, docs/style.md")
def check(book: Book) -> Iterator[Problem]:
    _, terms = load_glossary(book.root)
    of_game = terms_of_games(terms)
    for game in book.games:
        mine = of_game(game.slug)
        compute = partial(check_game, game, mine)
        yield from kept_problems(book, game, "style", compute, fingerprint(mine))


def check_game(game: Game, terms: list[GlossaryTerm]) -> Iterator[Problem]:
    """A game's slips; ``terms``: the glossary's terms of the game (its voice's capitals)."""
    for rules_file in (game.fr, game.en):
        for rule in rules_file.rules if rules_file else ():
            seen: set[str] = set()
            for kind, found in slips(rule):
                if kind not in seen:
                    seen.add(kind)
                    shared = SHARED_HEADINGS[rule.lang].get(found, "")
                    message = SLIPS[kind].format(found=found, shared=shared)
                    yield Problem.at(rule, f"style: {message}", line=locate(rule, found))
    yield from voice.check_game(game, terms)
