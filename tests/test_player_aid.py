"""The player aid: the rules the editors mark ``:aid:`` in the French file, read by the
extractor and held by the checks (a mark with a value, a mark in the English file, a marked
game without its aid page, an aid page with nothing marked or naming no game). Its pages,
under the game's headings, in the contents and out of the search: tests/extension/
test_player_aid.py; how it prints: tests/test_pdf.py and tests/test_print_view.py."""

from rulebook.book import load_book
from rulebook.checks import run_checks
from rulebook.site.sphinxext.player_aid import aid_rules
from tests.conftest import ROOT, BookCopy

FR, EN = "rules_fr/port-royal-morgan.md", "rules_en/port-royal-morgan.md"
LEVEL = ":title: Choix du niveau\n:code: Level\n"  # a rule the aid leaves out


def test_the_extractor_reads_the_mark_of_the_french_file() -> None:
    game = load_book(ROOT).game("port-royal-morgan")
    marked = [rule.id for rule in game.fr.rules if rule.aid]
    assert "pr-morgan-points-table" in marked and "pr-treasures-table" in marked
    assert "pr-setup" not in marked and "pr-ex-morgan-1" not in marked, "no set-up, no example"
    assert game.en is not None and not any(rule.aid for rule in game.en.rules)


def test_every_game_marks_rules_for_its_aid_and_the_book_agrees() -> None:
    book = load_book(ROOT)
    assert all(any(rule.aid for rule in game.fr.rules) for game in book.games)
    assert run_checks(book, ("aid", "ids", "code", "markup")) == []


def test_a_mark_with_a_value_is_named(book_copy: BookCopy) -> None:
    book_copy.edit(FR, LEVEL, LEVEL + ":aid: non\n")
    lines = book_copy.lines("ids")
    said = ": pr-setup-level: :aid: takes no value (given 'non')"
    assert any(said in line for line in lines), lines


def test_a_mark_in_the_english_file_is_named(book_copy: BookCopy) -> None:
    book_copy.edit(EN, ":title: Choosing a level\n", ":title: Choosing a level\n:aid:\n")
    lines = book_copy.lines("code")
    said = ": pr-setup-level: :aid: belongs in the French file"
    assert any(said in line for line in lines), lines


def test_a_marked_game_without_its_aid_page_is_named(book_copy: BookCopy) -> None:
    (book_copy.root / "rules_en" / "aid" / "port-royal-morgan.md").unlink()
    [line] = book_copy.lines("aid")
    assert "port-royal-morgan.md:" in line and ": pr-you-active: " in line
    assert "rules_en/aid/port-royal-morgan.md, the player aid page, is missing" in line


def test_an_aid_page_with_no_marked_rule_is_named(book_copy: BookCopy) -> None:
    path = book_copy.root / FR
    path.write_text(path.read_text(encoding="utf-8").replace(":aid:\n", ""), encoding="utf-8")
    lines = book_copy.lines("aid")
    assert len(lines) == 2, lines  # the French and the English page
    assert all("the player aid of port-royal-morgan holds no rule" in line for line in lines)


def test_an_aid_page_naming_no_game_is_named(book_copy: BookCopy) -> None:
    book_copy.edit(
        "rules_fr/aid/stone-age-solo.md", "{player-aid} stone-age-solo", "{player-aid} stone-ages"
    )
    lines = book_copy.lines("aid")
    assert any(
        "aid/stone-age-solo.md:7: " in line and "names no game of the book ('stone-ages')" in line
        for line in lines
    ), lines
    assert any(
        "rules_fr/aid/stone-age-solo.md, the player aid page, is missing" in line for line in lines
    )


def test_the_aid_keeps_the_game_pages_headings_once_each() -> None:
    game = load_book(ROOT).game("port-royal-morgan")
    marked = {rule.id for rule in game.fr.rules if rule.aid}
    placed = [(heading, rule.id) for heading, rule in aid_rules(game.fr, marked)]
    assert placed[:3] == [
        ("Jeu lorsque vous êtes le joueur actif", "pr-you-active"),
        (None, "pr-morgan-passive"),
        ("Jeu lorsque Morgan est le joueur actif", "pr-morgan-phase-1"),
    ]
    assert [rule_id for _, rule_id in placed] == [r.id for r in game.fr.rules if r.id in marked]
    headings = [heading for heading, _ in placed if heading]
    assert len(headings) == len(set(headings)) and game.fr.title not in headings
