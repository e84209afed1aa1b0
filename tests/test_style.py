"""The house style (docs/style.md): each slip a machine can see, planted in a scratch copy of
the book, is named with its rule; the book as it stands has none."""

import functools

import pytest

from rulebook.book import load_book
from rulebook.checks import run_checks
from tests.conftest import ROOT, BookCopy

SLIPS = [
    (
        "a sentence opening on a figure",
        "rules_en/port-royal-morgan.md",
        "2. There are 3 items left on the board:",
        "2. 3 items are left on the board:",
        "pr-ex-morgan-1",
        "opens on a figure",
    ),
    (
        "« que 1 » in French",
        "rules_fr/port-royal-morgan.md",
        "vous auriez marqué seulement 1 point",
        "vous n'auriez marqué que 1 point",
        "pr-ex-mission",
        "« que 1 »",
    ),
    (
        "a phrase in single quotes",
        "rules_en/stone-age-solo.md",
        'does its "type" matter',
        "does its 'type' matter",
        "sa-feeding-card",
        "single quotes",
    ),
    (
        "he for a player",
        "rules_en/51st-state-solo.md",
        "You add this card to your hand.",
        "You add this card to his hand.",
        "fs-ex-draw",
        "'his' for a player",
    ),
    (
        "a heading every game shares, named otherwise",
        "rules_en/stone-age-solo.md",
        "## Object of the game\n",
        "## Goal of the game\n",
        "sa-goal",
        "'Goal of the game' is one every game shares as 'Object of the game'",
    ),
    (
        "a title ending with a full stop",
        "rules_fr/port-royal-morgan.md",
        ":title: Fin de la partie\n",
        ":title: Fin de la partie.\n",
        "pr-end",
        "full stop",
    ),
]


def test_the_book_follows_the_house_style(book_copy: BookCopy) -> None:
    assert book_copy.lines("style") == []


@pytest.mark.parametrize(
    ("path", "old", "new", "rule", "words"), [s[1:] for s in SLIPS], ids=[s[0] for s in SLIPS]
)
def test_a_slip_is_named_with_its_rule(
    book_copy: BookCopy, path: str, old: str, new: str, rule: str, words: str
) -> None:
    book_copy.edit(path, old, new)
    lines = book_copy.lines("style")
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"{path}:") and f": {rule}: " in lines[0] and words in lines[0]


def test_a_named_character_keeps_his_pronoun(book_copy: BookCopy) -> None:
    assert "He moves to 19" in (book_copy.root / "rules_en/port-royal-morgan.md").read_text()
    assert book_copy.lines("style") == []


def test_a_table_read_aloud_is_no_sentence_opening_on_a_figure(book_copy: BookCopy) -> None:
    book_copy.edit(
        "rules_en/port-royal-morgan.md", "Table: 5 items = 2 points.", "5 items = 2 points."
    )
    assert book_copy.lines("style") == []


def planted(book_copy: BookCopy, path: str, rule: str, words: str, where: str = "text") -> str:
    """Put ``words`` into ``rule`` of ``path``: a paragraph at the end of its text, its title
    (``where="title"``) or a heading just above it (``"heading"``); return the planted line."""
    file = book_copy.root / path
    text = file.read_text(encoding="utf-8")
    start = text.index(f":::{{rule}} {rule}\n")
    if where == "title":
        title_start = text.index(":title: ", start)
        title_end = text.index("\n", title_start)
        text = f"{text[:title_start]}:title: {words}{text[title_end:]}"
    elif where == "heading":
        text = f"{text[:start]}## {words}\n\n{text[start:]}"
    else:
        end = text.index("\n:::\n", start)
        text = f"{text[:end]}\n\n{words}{text[end:]}"
    file.write_text(text, encoding="utf-8")
    return words


def unplaced(line: str) -> str:
    """A problem's line without its line number, which a planted line moves."""
    path, _, rest = line.split(":", 2)
    return f"{path}:{rest}"


@functools.cache
def before() -> frozenset[str]:
    """The style problems of the book as it stands (a copy's are the same: its paths are
    named from its root), worked out once rather than once a planted slip."""
    return frozenset(unplaced(p.format(ROOT)) for p in run_checks(load_book(ROOT), ("style",)))


# One slip of each convention of docs/style.md that a line shows, planted in a rule that has
# none: (what, file, rule, where, the planted words, what the problem must say).
VOICE_SLIPS = [
    ("a curly apostrophe in English", "rules_en/port-royal-morgan.md", "pr-end", "text",
     "Morgan’s turn ends.", "quotes: «’»"),
    ("a straight double quote in French", "rules_fr/port-royal-morgan.md", "pr-end", "text",
     'La partie "finit".', 'quotes: «"»'),
    ("a number word in French", "rules_fr/megawatts-solo.md", "mw-end", "text",
     "Comptez les trois villes.", "words: «trois»"),
    ("both in English", "rules_en/megawatts-solo.md", "mw-end", "text",
     "Count both players.", "words: «both»"),
    ("a number word in a title", "rules_en/stone-age-solo.md", "sa-goal", "title",
     "The three tribes", "words: «three»"),
    ("a small ordinal in figures", "rules_fr/51st-state-solo.md", "fs-old-library", "text",
     "Piochez la 3e carte.", "ordinals: «3e»"),
    ("« 15ème »", "rules_fr/51st-state-solo.md", "fs-old-library", "text",
     "Construisez la 15ème ville.", "ordinals: «15ème»"),
    ("a large ordinal in words", "rules_en/51st-state-solo.md", "fs-old-library", "text",
     "Build the fifteenth city.", "ordinals: «fifteenth»"),
    ("an infinitive instruction", "rules_fr/catan-dice-extra.md", "cd-material", "text",
     "- Prendre 6 dés.", "mood: «- Prendre»"),
    ("an infinitive after a label", "rules_fr/catan-dice-extra.md", "cd-material", "text",
     "Rappel\u00a0: retirer le dé.", "mood: «Rappel\u00a0: retirer»"),
    ("« il faut »", "rules_fr/catan-dice-extra.md", "cd-material", "text",
     "Ensuite, il faut lancer les dés.", "mood: «il faut»"),
    ("the future in French", "rules_fr/stone-age-solo.md", "sa-goal", "text",
     "Vous gagnerez la partie.", "tense: «gagnerez»"),
    ("the future in English", "rules_en/stone-age-solo.md", "sa-goal", "text",
     "The game shall end.", "tense: «shall»"),
    ("bold in a rule", "rules_en/port-royal-morgan.md", "pr-end", "text",
     "The game **ends**.", "bold: «**»"),
    ("« Note : »", "rules_fr/port-royal-morgan.md", "pr-end", "text",
     "Note\u00a0: la partie finit.", "note: «Note\u00a0:»"),
    ("« règles classiques »", "rules_fr/megawatts-solo.md", "mw-end", "text",
     "Suivez les règles classiques.", "base rules: «règles classiques»"),
    ("\"standard rules\"", "rules_en/megawatts-solo.md", "mw-end", "text",
     "Follow the standard rules.", "base rules: «standard rules»"),
    ("« la règle solo »", "rules_fr/port-royal-morgan.md", "pr-end", "text",
     "La règle solo finit ici.", "variant: «La règle solo»"),
    ("« Point de règle : »", "rules_fr/port-royal-morgan.md", "pr-end", "text",
     "Point de règle\u00a0: la partie finit.", "note: «Point de règle\u00a0:»"),
    ("\"Rule note:\"", "rules_en/port-royal-morgan.md", "pr-end", "text",
     "Rule note: the game ends.", "note: «Rule note:»"),
    ("a title that asks", "rules_en/port-royal-morgan.md", "pr-end", "title",
     "Is the game over?", "title: «?»"),
    ("« Par exemple, » opening an example", "rules_fr/port-royal-morgan.md", "pr-end", "text",
     "Par exemple, la partie finit.", "examples: «Par exemple,»"),
    ("« ce solo »", "rules_fr/port-royal-morgan.md", "pr-end", "text",
     "Dans ce solo, la partie finit.", "variant: «ce solo»"),
    ("\"this solo game\"", "rules_en/port-royal-morgan.md", "pr-end", "text",
     "In this solo game the game ends.", "variant: «this solo game»"),
    ("a heading with an article", "rules_en/megawatts-solo.md", "mw-end", "heading",
     "The last round", "heading: «The»"),
    ("a heading that exclaims", "rules_fr/megawatts-solo.md", "mw-end", "heading",
     "Fin de la partie\u00a0!", "heading: «!»"),
    ("a numbered example", "rules_en/51st-state-solo.md", "fs-ex-draw", "title",
     "Example 2, the Lookout phase", "examples: «Example 2»"),
    ("an example titled otherwise", "rules_fr/51st-state-solo.md", "fs-ex-draw", "title",
     "La phase de pioche, exemple", "examples: an example rule is titled «Exemple, …»"),
    ("an example that opens on its label", "rules_en/port-royal-morgan.md", "pr-ex-mission", "text",
     "Example: the player draws.", "examples: an example rule's text does not open"),
    ("a game term capitalised", "rules_en/megawatts-solo.md", "mw-end", "text",
     "It buys a Power Plant.", "capitals: «Power Plant»"),
    ("a base game's name in lower case", "rules_en/catan-dice-extra.md", "cd-material", "text",
     "It is the longest road.", "capitals: «longest road»"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("path", "rule", "where", "words", "said"),
    [s[1:] for s in VOICE_SLIPS],
    ids=[s[0] for s in VOICE_SLIPS],
)
def test_a_convention_slip_is_named_at_its_line(
    book_copy: BookCopy, path: str, rule: str, where: str, words: str, said: str
) -> None:
    planted(book_copy, path, rule, words, where)
    lines = [line for line in book_copy.lines("style") if unplaced(line) not in before()]
    assert len(lines) == 1, lines
    file_lines = (book_copy.root / path).read_text(encoding="utf-8").split("\n")
    where_at = int(lines[0].split(":")[1])
    # A title's slip is named at its rule's first line, the title's just below it.
    planted_line = f":::{{rule}} {rule}" if where == "title" else words
    assert planted_line in file_lines[where_at - 1].replace("## ", ""), (lines, where_at)
    assert f": {rule}: style: " in lines[0] and said in lines[0], lines


@pytest.mark.parametrize(
    ("path", "rule", "words"),
    [
        ("rules_fr/megawatts-solo.md", "mw-end", "Choisissez l'un des deux."),
        ("rules_en/megawatts-solo.md", "mw-end", "Choose one of the two."),
        ("rules_en/megawatts-solo.md", "mw-end", "It builds its 15th city."),
        ("rules_fr/megawatts-solo.md", "mw-end", "Vous pouvez découper et utiliser la carte."),
        ("rules_en/catan-dice-extra.md", "cd-material", "The Catan Dice Game is needed."),
        ("rules_en/catan-dice-extra.md", "cd-material", "Dice are rolled. Power plants too."),
    ],
)
def test_what_the_house_style_allows_is_no_slip(
    book_copy: BookCopy, path: str, rule: str, words: str
) -> None:
    planted(book_copy, path, rule, words)
    assert [line for line in book_copy.lines("style") if unplaced(line) not in before()] == []
