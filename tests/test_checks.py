"""Each check of `rulebook check`, shown to fail: a copy of the book is broken in exactly one
way and the check must name the rule (or the line) that no longer agrees."""

import shutil
from pathlib import Path

import pytest

from rulebook.book import load_book
from rulebook.games import catan_dice, port_royal
from tests.conftest import ROOT, BookCopy

FR = "rules_fr/port-royal-morgan.md"
EN = "rules_en/port-royal-morgan.md"
REGISTER = "rules_fr/port-royal-morgan.corrections.toml"
PUBLISHED = "rules_fr/published-ids.toml"


def test_the_book_as_committed_agrees_with_itself(book_copy: BookCopy) -> None:
    assert book_copy.lines() == []


# IDs


def test_a_rule_missing_from_the_english_file_is_named(book_copy: BookCopy, names_rule) -> None:
    book_copy.edit(EN, ":::{rule} pr-name\n", ":::{rule} pr-name-gone\n")
    lines = book_copy.lines("ids")
    assert names_rule(lines, "pr-name", "missing from the English file")
    assert names_rule(lines, "pr-name-gone", "not in the French one")


def test_a_duplicated_id_is_named(book_copy: BookCopy, names_rule) -> None:
    book_copy.edit(FR, ":::{rule} pr-name\n", ":::{rule} pr-overview\n")
    assert names_rule(book_copy.lines("ids"), "pr-overview", "duplicate ID")


def test_rules_out_of_order_between_languages_are_named(book_copy: BookCopy, names_rule) -> None:
    text = (book_copy.root / EN).read_text(encoding="utf-8")
    start = text.index(":::{rule} pr-name")
    end = text.index(":::\n", start) + 4
    block = text[start:end]
    text = text[:start] + text[end:]
    text = text.replace(":::{rule} pr-overview", block + "\n:::{rule} pr-overview")
    (book_copy.root / EN).write_text(text, encoding="utf-8")
    assert names_rule(book_copy.lines("ids"), "pr-name", "out of order")


def test_a_malformed_id_is_named(book_copy: BookCopy, names_rule) -> None:
    for path in (FR, EN):
        book_copy.edit(path, ":::{rule} pr-name\n", ":::{rule} PR_Name\n")
    assert names_rule(book_copy.lines("ids"), "PR_Name", "malformed ID")


def test_a_published_id_that_vanishes_is_named_until_kept_as_an_alias(
    book_copy: BookCopy, names_rule
) -> None:
    for path in (FR, EN):
        book_copy.edit(path, ":::{rule} pr-end\n", ":::{rule} pr-game-end\n")
    book_copy.edit(REGISTER, 'rule = "pr-end"', 'rule = "pr-game-end"', count=3)
    lines = book_copy.lines("ids")
    assert names_rule(lines, "pr-end", "published ID has vanished")
    assert names_rule(lines, "pr-game-end", "not in the published-ID registry")
    book_copy.edit(PUBLISHED, "[aliases]\n", '[aliases]\n"pr-end" = "pr-game-end"\n')
    book_copy.edit(
        PUBLISHED, '    "pr-ex-mission",\n', '    "pr-ex-mission",\n    "pr-game-end",\n'
    )
    assert book_copy.lines("ids") == []


def test_an_alias_to_no_rule_is_named(book_copy: BookCopy, names_rule) -> None:
    book_copy.edit(PUBLISHED, "[aliases]\n", '[aliases]\n"pr-old" = "pr-nowhere"\n')
    assert names_rule(book_copy.lines("ids"), "pr-old", "which is no rule")


# Code links


def test_a_rule_naming_code_that_does_not_exist_is_named(book_copy: BookCopy, names_rule) -> None:
    book_copy.edit(FR, ":code: WINNING_SCORE\n", ":code: WINNING_SCORE WINING_SCORE\n")
    assert names_rule(book_copy.lines("code"), "pr-end", "does not exist")


def test_a_public_constant_named_by_no_rule_is_named(book_copy: BookCopy) -> None:
    book_copy.edit(FR, ":code: extra_point EXTRA_POINT\n", ":code: extra_point\n")
    lines = book_copy.lines("code")
    assert any("port_royal.EXTRA_POINT is named by no rule" in line for line in lines)


def test_a_rule_that_names_no_code_and_says_nothing_is_named(
    book_copy: BookCopy, names_rule
) -> None:
    book_copy.edit(FR, ":code: none (background)\n", "")
    assert names_rule(book_copy.lines("code"), "pr-name", "names no code")


# Numbers between French and English


def test_a_number_changed_in_the_english_only_is_named(book_copy: BookCopy, names_rule) -> None:
    book_copy.edit(
        EN, "either you or Morgan reaches 20 points", "either you or Morgan reaches 21 points"
    )
    assert names_rule(book_copy.lines("numbers"), "pr-end", "numbers differ")


def test_numbers_written_as_words_count(book_copy: BookCopy, names_rule) -> None:
    book_copy.edit(EN, "cross out only the 2 boxes", "cross out only the three boxes")
    lines = book_copy.lines("numbers")
    assert names_rule(lines, "pr-setup-jester-island", "the French says 2 where the English says 3")
    assert names_rule(lines, "pr-setup-jester-island", "only the three boxes")
    assert len(lines) == 1, "one change, one problem"


def test_a_number_dropped_from_one_language_is_named(book_copy: BookCopy, names_rule) -> None:
    book_copy.edit(EN, "cross out only the 2 boxes", "cross out only the boxes")
    lines = book_copy.lines("numbers")
    assert names_rule(lines, "pr-setup-jester-island", "2 appears once in French, not in English")


def test_a_marked_page_number_is_still_compared_between_languages(
    book_copy: BookCopy, names_rule
) -> None:
    book_copy.edit(EN, "{nq}`page 3` of its rulebook", "{nq}`page 4` of its rulebook")
    assert names_rule(book_copy.lines("numbers"), "pr-setup", "numbers differ")


def test_a_number_word_inside_a_game_term_counts_nothing_once_the_glossary_pairs_it(
    book_copy: BookCopy, names_rule
) -> None:
    """A "three of a kind" names a hand and counts nothing: once the glossary pairs it with
    « brelan », neither the French nor the code is asked for a 3, nor the English for a
    figure; before, all three are."""
    book_copy.edit(FR, "par mort subite, comme", "par mort subite ou par brelan, comme")
    book_copy.edit(EN, "by sudden death, as", "by sudden death or by a three of a kind, as")
    assert names_rule(book_copy.lines("numbers"), "pr-end", "3 appears once in English")
    assert names_rule(book_copy.lines("quantities"), "pr-end", "glossary.toml")
    assert names_rule(book_copy.lines("style"), "pr-end", "words: «three»")
    (book_copy.root / "rules_fr" / "glossary.toml").open("a", encoding="utf-8").write(
        '\n[[term]]\ngame = "port-royal-morgan"\nfr = "brelan"\nen = "three of a kind"\n'
        'what_fr = "Trois dés identiques."\nwhat_en = "Three identical dice."\n'
    )
    assert book_copy.lines("numbers") == book_copy.lines("quantities") == []
    assert book_copy.lines("style") == [], "a term's number word is no quantity to write in figures"
    # Only the term's own words are passed over: a 3 beside it is still a number.
    book_copy.edit(EN, "or by a three of a kind", "or by three of a kind in 3 turns")
    assert names_rule(book_copy.lines("numbers"), "pr-end", "3 appears once in English")


# Prose against code


def both(book_copy: BookCopy, fr: tuple[str, str], en: tuple[str, str]) -> None:
    book_copy.edit(FR, *fr)
    book_copy.edit(EN, *en)


def test_a_game_quantity_changed_in_both_languages_disagrees_with_the_code(
    book_copy: BookCopy, names_rule
) -> None:
    both(
        book_copy,
        ("atteignez 20 points", "atteignez 25 points"),
        ("Morgan reaches 20 points", "Morgan reaches 25 points"),
    )
    lines = book_copy.lines("quantities")
    score = port_royal.WINNING_SCORE
    assert names_rule(lines, "pr-end", f"the French says '25' where WINNING_SCORE says {score}")
    assert names_rule(lines, "pr-end", f"the English says '25' where WINNING_SCORE says {score}")
    assert len([line for line in lines if ": pr-end: " in line]) == 2, "one per language"


def test_a_table_cell_changed_in_both_languages_disagrees_with_the_code(
    book_copy: BookCopy, names_rule
) -> None:
    both(
        book_copy,
        ("| marche | 0-16 | 17-19 |", "| marche | 0-15 | 16-19 |"),
        ("| walking | 0-16 | 17-19 |", "| walking | 0-15 | 16-19 |"),
    )
    lines = book_copy.lines("quantities")
    assert names_rule(lines, "pr-morgan-extra-point-table", "row 3, column 2: the text says 0-15")


def test_a_colour_moved_in_a_table_disagrees_with_the_code(book_copy: BookCopy, names_rule) -> None:
    book_copy.edit(EN, "| 5-8 | yellow/orange | green/", "| 5-8 | yellow/orange/green | ")
    lines = book_copy.lines("quantities")
    assert names_rule(lines, "pr-treasures-table", "yellow/orange/green")


def test_a_worked_example_changed_in_both_languages_disagrees_with_its_doctest(
    book_copy: BookCopy, names_rule
) -> None:
    both(
        book_copy,
        ("Déplacez le marqueur de 8 à 10.", "Déplacez le marqueur de 8 à 11."),
        ("Move the marker from 8 to 10.", "Move the marker from 8 to 11."),
    )
    lines = book_copy.lines("quantities")
    assert names_rule(lines, "pr-ex-morgan-2", "says '11', which the code does not say")


def test_a_repeated_number_of_an_example_is_counted(book_copy: BookCopy, names_rule) -> None:
    both(
        book_copy,
        ("Il laisse son marqueur sur 1.", "Il laisse son marqueur sur 0."),
        ("His marker stays on 1.", "His marker stays on 0."),
    )
    lines = book_copy.lines("quantities")
    assert names_rule(lines, "pr-ex-morgan-1", "says 0 3 times")


def test_a_number_marked_as_no_quantity_escapes_the_code_comparison(book_copy: BookCopy) -> None:
    both(
        book_copy,
        ("{nq}`page 3` de son livret", "{nq}`page 4` de son livret"),
        ("{nq}`page 3` of its rulebook", "{nq}`page 4` of its rulebook"),
    )
    assert book_copy.lines("quantities") == []


def test_a_worked_example_without_a_doctest_is_named(book_copy: BookCopy, names_rule) -> None:
    book_copy.edit(
        FR,
        ":code: WINNING_SCORE\n:original: 83-85",
        ":code: WINNING_SCORE\n:kind: example\n:original: 83-85",
    )
    assert names_rule(book_copy.lines("quantities"), "pr-end", "bound to no doctest")


def test_a_constant_changed_in_the_code_is_named(
    book_copy: BookCopy, names_rule, monkeypatch: pytest.MonkeyPatch
) -> None:
    stated = port_royal.WINNING_SCORE  # what the text still says
    monkeypatch.setattr(port_royal, "WINNING_SCORE", stated + 1)
    lines = book_copy.lines("quantities")
    changed = f"says '{stated}' where WINNING_SCORE says {stated + 1}"
    assert names_rule(lines, "pr-end", changed)
    assert names_rule(lines, "pr-overview", changed)


def test_a_table_changed_in_the_code_is_named(
    book_copy: BookCopy, names_rule, monkeypatch: pytest.MonkeyPatch
) -> None:
    changed = dict(port_royal.morgan._EXTRA_POINT_FROM, **{port_royal.Level.EXTREME: 9})
    monkeypatch.setattr(port_royal.morgan, "_EXTRA_POINT_FROM", changed)
    assert names_rule(book_copy.lines("quantities"), "pr-morgan-extra-point-table", "says 0-8")


def test_a_rule_function_changed_in_the_code_fails_the_bound_example(
    book_copy: BookCopy, names_rule, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(port_royal.morgan, "points_for_items", lambda n: 2 if n == 5 else 1)
    lines = book_copy.lines("examples")
    assert names_rule(lines, "pr-ex-morgan-3", "doctest of port_royal.morgan_turn failed")


# Comparisons

CATAN_FR = "rules_fr/catan-dice-extra.md"
CATAN_EN = "rules_en/catan-dice-extra.md"


def test_a_comparison_changed_in_the_english_only_is_named(book_copy: BookCopy, names_rule) -> None:
    book_copy.edit(EN, "with 5 or more items", "with more than 5 items")
    lines = book_copy.lines("comparisons")
    assert names_rule(lines, "pr-ex-morgan-5", "comparisons differ on 5")
    assert names_rule(lines, "pr-ex-morgan-5", "«5 objets ou plus» (5 or more)")
    assert names_rule(lines, "pr-ex-morgan-5", "«more than 5» (6 or more)")


def test_a_comparison_dropped_from_one_language_is_named(book_copy: BookCopy, names_rule) -> None:
    book_copy.edit(EN, "with 5 or more items", "with 5 items")
    assert names_rule(book_copy.lines("comparisons"), "pr-ex-morgan-5", "English no bound")


def test_reaching_a_score_is_not_exceeding_it(book_copy: BookCopy, names_rule) -> None:
    book_copy.edit(
        EN, "either you or Morgan reaches 20 points", "either you or Morgan exceeds 20 points"
    )
    assert names_rule(book_copy.lines("comparisons"), "pr-end", "«exceeds 20» (21 or more)")


def test_a_comparison_changed_in_both_languages_disagrees_with_the_code(
    book_copy: BookCopy, names_rule
) -> None:
    book_copy.edit(CATAN_FR, "continue d'au moins 5 tronçons", "continue de plus de 5 tronçons")
    book_copy.edit(CATAN_EN, "road of at least 5 road pieces", "road of more than 5 road pieces")
    problems = {
        p.path.parent.name: p for p in book_copy.problems("bounds") if p.rule == "cd-longest-road"
    }
    assert sorted(problems) == ["rules_en", "rules_fr"], "one per language, none between them"
    least = catan_dice.LONGEST_ROAD_MIN
    message = problems["rules_fr"].format(book_copy.root)
    assert f"«plus de {least}» puts the bound between {least} and {least + 1}" in message
    assert f"LONGEST_ROAD_MIN = {least} put it between {least - 1} and {least}" in message
    assert f"catan_dice.LONGEST_ROAD_MIN = {least}" in problems["rules_en"].code


def test_a_bound_changed_in_the_code_is_named(
    book_copy: BookCopy, names_rule, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    awards = catan_dice.awards  # the module of the package that compares the road's length
    source = Path(awards.__file__ or "").read_text(encoding="utf-8")
    broken = "length > LONGEST_ROAD_MIN"
    assert source.count("length >= LONGEST_ROAD_MIN") == 1
    copy = tmp_path / "awards_broken.py"
    copy.write_text(source.replace("length >= LONGEST_ROAD_MIN", broken), encoding="utf-8")
    monkeypatch.setattr(awards, "__file__", str(copy))
    lines = book_copy.lines("bounds")
    least = catan_dice.LONGEST_ROAD_MIN
    for rule in ("cd-longest-road", "cd-longest-road-taken"):
        for words in ("au moins", "at least"):
            said = f"«{words} {least}» puts the bound between {least - 1} and {least}"
            assert names_rule(lines, rule, said)
    now = f"LONGEST_ROAD_MIN = {least} put it between {least} and {least + 1}"
    assert names_rule(lines, "cd-longest-road", now)


# Corrections register and the original


def test_a_correction_quoting_text_not_in_the_original_is_named(
    book_copy: BookCopy, names_rule
) -> None:
    book_copy.edit(
        REGISTER, 'original = "comme ville de base"', 'original = "comme ville de départ"'
    )
    assert names_rule(book_copy.lines("corrections"), "pr-name", "not in the original lines")


def test_a_correction_whose_text_is_not_in_its_rule_is_named(
    book_copy: BookCopy, names_rule
) -> None:
    book_copy.edit(REGISTER, 'corrected = "comme port d\'attache"', 'corrected = "comme repaire"')
    assert names_rule(book_copy.lines("corrections"), "pr-name", "not in the cleaned French")


def test_a_silent_change_of_wording_is_named(book_copy: BookCopy, names_rule) -> None:
    book_copy.edit(FR, "un pirate qui vivait", "un corsaire qui vivait")
    lines = book_copy.lines("corrections")
    assert names_rule(
        lines, "pr-name", "the original says «un pirate qui» [French: «un corsaire qui»]"
    )
    # The entry to add, quoted exactly, ready to paste into the register.
    assert names_rule(lines, "pr-name", 'original = "un pirate qui", corrected = "un corsaire qui"')
    assert names_rule(lines, "pr-name", "in rules_fr/port-royal-morgan.corrections.toml")


def test_a_moved_word_gives_one_entry_whose_quotes_apply_together(book_copy: BookCopy) -> None:
    fs = "rules_fr/51st-state-solo.md"
    book_copy.edit(fs, "Ensuite, piochez 4 cartes", "Piochez ensuite 4 cartes")
    problems = [p for p in book_copy.problems("corrections") if p.path.name == "51st-state-solo.md"]
    assert len(problems) == 1
    assert 'original = "Ensuite, piochez 4", corrected = "Piochez ensuite 4"' in problems[0].fix


def test_a_change_inside_words_already_corrected_asks_to_update_that_correction(
    book_copy: BookCopy, names_rule
) -> None:
    book_copy.edit(FR, "comme port d'attache", "comme port d'origine")
    lines = book_copy.lines("corrections")
    assert names_rule(lines, "pr-name", "with the register's corrections, the original reads")
    assert names_rule(lines, "pr-name", "a correction of pr-name (line ")
    assert names_rule(lines, "pr-name", "already covers these words")


def test_every_problem_says_what_to_do(book_copy: BookCopy) -> None:
    book_copy.edit(FR, ":original: 9\n", ":original: 8\n")
    book_copy.edit(EN, "By Anke Logtenberg.\n", "By <b>Anke</b> Logtenberg.\n")
    book_copy.edit(REGISTER, 'corrected = "comme port d\'attache"', 'corrected = "comme repaire"')
    problems = book_copy.problems()
    assert {p.check for p in problems} >= {"original", "markup", "corrections"}
    assert all(p.fix for p in problems)
    assert not any("<" in p.fix for p in problems), "no placeholder left for the reader to fill"


def test_a_correction_of_an_unknown_kind_is_named(book_copy: BookCopy, names_rule) -> None:
    book_copy.edit(
        REGISTER,
        'corrected = "comme port d\'attache"\nkind = "mistranslation"',
        'corrected = "comme port d\'attache"\nkind = "style"',
    )
    assert names_rule(book_copy.lines("corrections"), "pr-name", "unknown kind 'style'")


def test_a_line_of_the_original_accounted_for_by_nothing_is_named(book_copy: BookCopy) -> None:
    book_copy.edit(FR, ":original: 9\n", ":original: 8\n")
    lines = book_copy.lines("original")
    expected = (
        "rules_fr/original/port-royal-morgan.txt:9: port-royal-morgan: this line of the original"
        " is accounted for by nothing"
    )
    assert any(line.startswith(expected) for line in lines)


def test_a_line_claimed_by_two_rules_is_named(book_copy: BookCopy) -> None:
    book_copy.edit(FR, ":original: 9\n", ":original: 7, 9\n")
    assert any(
        "original/port-royal-morgan.txt:7: " in line and "pr-overview and pr-name" in line
        for line in book_copy.lines("original")
    )


def test_a_left_out_line_accounts_for_it(book_copy: BookCopy) -> None:
    book_copy.edit(FR, ":original: 9\n", ":original: 8\n")
    register = book_copy.root / REGISTER
    register.write_text(
        register.read_text(encoding="utf-8") + '\n[[left_out]]\nlines = "9"\n'
        'reason_fr = "Anecdote."\nreason_en = "An anecdote."\n',
        encoding="utf-8",
    )
    assert not any("accounted for by nothing" in line for line in book_copy.lines("original"))


def test_an_original_that_is_no_longer_byte_for_byte_is_named(book_copy: BookCopy) -> None:
    book_copy.edit(
        "rules_fr/original/port-royal-morgan.txt", "par Anke Logtenberg", "par A. Logtenberg"
    )
    assert any(
        "the original is not the recorded source" in line for line in book_copy.lines("original")
    )


# Markup


def test_raw_html_in_a_rule_is_named(book_copy: BookCopy, names_rule) -> None:
    book_copy.edit(EN, "By Anke Logtenberg.\n", "By <script>alert(1)</script> Anke Logtenberg.\n")
    assert names_rule(book_copy.lines("markup"), "pr-credits", "raw HTML or script")


def test_text_outside_any_rule_is_named(book_copy: BookCopy) -> None:
    book_copy.edit(FR, "## Mise en place\n", "## Mise en place\n\nUn paragraphe égaré.\n")
    assert any("text outside any rule block" in line for line in book_copy.lines("markup"))


# French typography


def test_a_plain_space_before_a_colon_in_french_is_named(book_copy: BookCopy, names_rule) -> None:
    book_copy.edit(
        FR, "à l'exception des points suivants\u00a0:", "à l'exception des points suivants :"
    )
    assert names_rule(book_copy.lines("typography"), "pr-setup", "non-breaking space goes with ':'")


def test_a_problem_whose_quote_spans_lines_is_still_printed_on_one_line(
    book_copy: BookCopy, names_rule
) -> None:
    """A quote that crosses a list item's line ("…\n- b :") keeps the one-line contract."""
    book_copy.edit(
        FR, "à l'exception des points suivants\u00a0:", "à l'exception des points\n- ceux-ci :"
    )
    lines = book_copy.lines("typography")
    assert names_rule(lines, "pr-setup", "non-breaking space goes with ':'")
    assert all("\n" not in line for line in lines), lines
    assert "(in «ints ceux-ci : L»)" in lines[0]


def test_french_spacing_in_a_reason_the_glossary_and_the_credits_is_named(
    book_copy: BookCopy,
) -> None:
    """Readers see the register's reasons, the glossary's descriptions and the provenance's
    sentences too: a plain space before « ; » or « : » in each is named at its line."""
    book_copy.edit(REGISTER, "dice-based\u00a0»\u00a0;", "dice-based\u00a0» ;")
    book_copy.edit(
        "rules_fr/glossary.toml",
        "au dé et que l'on place sur le plateau.",
        "au dé : on la place sur le plateau.",
    )
    book_copy.edit(
        "rules_fr/original/port-royal-morgan.toml",
        "fr = \"Variante solo d'Anke Logtenberg, avec",
        "fr = \"Variante solo : d'Anke Logtenberg, avec",
    )
    lines = book_copy.lines("typography")
    assert len(lines) == 3, lines
    assert lines[0].startswith("rules_fr/glossary.toml:")
    assert "(in what_fr: «btient au dé : o»)" in lines[0]
    assert lines[1].startswith("rules_fr/original/port-royal-morgan.toml:11: port-royal-morgan:")
    assert "(in origin.fr:" in lines[1]
    assert lines[2].startswith(f"{REGISTER}:") and ": pr-overview: " in lines[2]
    assert "(in reason_fr: «" in lines[2]


def test_guillemets_without_non_breaking_spaces_are_named(book_copy: BookCopy, names_rule) -> None:
    book_copy.edit(FR, "{nq}`«\u00a03\u00a0»`", "{nq}`«3»`")
    assert names_rule(book_copy.lines("typography"), "pr-setup-jester-island", "'«'")


def test_a_provenance_without_its_translator_is_named(book_copy: BookCopy) -> None:
    provenance = "rules_fr/original/port-royal-morgan.toml"
    text = (book_copy.root / provenance).read_text(encoding="utf-8")
    start = text.index("[translator_fr]")
    end = text.index("[edition]")
    (book_copy.root / provenance).write_text(text[:start] + text[end:], encoding="utf-8")
    assert any(
        "provenance lacks 'translator_fr.fr'" in line for line in book_copy.lines("original")
    )


def test_a_plain_space_before_a_question_mark_in_a_french_title_is_named(
    book_copy: BookCopy, names_rule
) -> None:
    book_copy.edit(FR, "si une mission est remplie\n", "si une mission est remplie ?\n")
    assert names_rule(book_copy.lines("typography"), "pr-treasures-missions", "'?'")


def test_a_plain_space_after_a_marked_number_in_french_is_named(
    book_copy: BookCopy, names_rule
) -> None:
    book_copy.edit(FR, "{nq}`Étape 7`\u00a0:", "{nq}`Étape 7` :")
    assert names_rule(book_copy.lines("typography"), "pr-setup-jester-island", "':'")


def test_an_addition_of_the_book_needs_no_original_but_takes_no_correction(
    book_copy: BookCopy, names_rule
) -> None:
    book_copy.edit(
        FR,
        ":code: none (background)\n:original: 9\n",
        ":code: none (background)\n:original: none (a note)\n",
    )
    register = book_copy.root / REGISTER
    left_out = '\n[[left_out]]\nlines = "9"\nreason_fr = "Anecdote."\nreason_en = "An anecdote."\n'
    register.write_text(register.read_text(encoding="utf-8") + left_out, encoding="utf-8")
    lines = book_copy.lines()
    assert not any("names no original lines" in line for line in lines)
    assert names_rule(lines, "pr-name", "an addition of the book has no original to correct")


# Glossary

GLOSSARY = "rules_fr/glossary.toml"


def test_an_english_rule_lacking_the_paired_glossary_term_is_named(
    book_copy: BookCopy, names_rule
) -> None:
    book_copy.edit(
        EN, "he takes neither a ship nor a ship's wheel", "he takes nothing from the board"
    )
    assert names_rule(book_copy.lines("glossary"), "pr-morgan-passive", "the English lacks «ship»")


def test_another_name_for_a_glossary_term_is_named(book_copy: BookCopy, names_rule) -> None:
    book_copy.edit(
        FR, "il ne prend ni navire ni roue de navire.", "il ne prend ni bateau ni roue de navire."
    )
    assert names_rule(book_copy.lines("glossary"), "pr-morgan-passive", "«bateau» is another name")


def test_a_term_paired_twice_is_named(book_copy: BookCopy) -> None:
    shutil.copy(ROOT / GLOSSARY, book_copy.root / GLOSSARY)
    extra = (
        '\n[[term]]\ngame = "port-royal-morgan"\nfr = "navire"\nen = "vessel"\n'
        'what_fr = "x"\nwhat_en = "x"\n'
    )
    path = book_copy.root / GLOSSARY
    path.write_text(path.read_text(encoding="utf-8") + extra, encoding="utf-8")
    assert any("«navire» is paired twice" in line for line in book_copy.lines("glossary"))


# Stale translations


def test_a_french_rule_changed_after_its_translation_makes_the_english_stale(
    book_copy: BookCopy, names_rule
) -> None:
    from rulebook.book.translation_state import record

    record(load_book(book_copy.root), [r.id for r in load_book(book_copy.root).rules("en")])
    assert book_copy.lines("translation") == []
    book_copy.edit(FR, "un pirate qui vivait", "un flibustier qui vivait")
    lines = book_copy.lines("translation")
    assert names_rule(lines, "pr-name", "stale translation")
    assert len(lines) == 1
    record(load_book(book_copy.root), ["pr-name"])
    assert book_copy.lines("translation") == []


def test_an_english_rule_edited_after_its_translation_was_checked_is_named(
    book_copy: BookCopy, names_rule
) -> None:
    from rulebook.book.translation_state import record

    # A change of meaning with no number, term or comparison in it: only the record sees it.
    stone_age = "rules_en/stone-age-solo.md"
    book_copy.edit(stone_age, "This card cannot be bought", "This card can be bought")
    lines = book_copy.lines("translation")
    rule = "sa-setup-feeding-card"
    assert names_rule(lines, rule, "the English changed since its translation was checked")
    assert names_rule(lines, rule, f"run `rulebook translated {rule} --root {book_copy.root}`")
    assert len(lines) == 1
    record(load_book(book_copy.root), [rule])
    assert book_copy.lines("translation") == []


def test_an_english_rule_without_a_record_is_named(book_copy: BookCopy, names_rule) -> None:
    from rulebook.book.translation_state import record

    record(load_book(book_copy.root), [r.id for r in load_book(book_copy.root).rules("en")])
    text = (book_copy.root / EN).read_text(encoding="utf-8")
    start = text.index(":::{rule} pr-end")
    line_start = text.index(":translates:", start)
    line_end = text.index("\n", line_start) + 1
    (book_copy.root / EN).write_text(text[:line_start] + text[line_end:], encoding="utf-8")
    advice = f"run `rulebook translated pr-end --root {book_copy.root}`"
    assert names_rule(book_copy.lines("translation"), "pr-end", advice)


def test_a_problem_says_what_the_text_and_the_code_say_and_what_to_do(book_copy: BookCopy) -> None:
    both(
        book_copy,
        ("atteignez 20 points", "atteignez 25 points"),
        ("Morgan reaches 20 points", "Morgan reaches 25 points"),
    )
    problem = next(
        p
        for p in book_copy.problems("quantities")
        if p.path.name == "port-royal-morgan.md" and p.rule == "pr-end" and p.fr
    )
    assert "atteignez 25 points" in problem.fr
    assert problem.code == f"{port_royal.WINNING_SCORE} (WINNING_SCORE)"
    assert "fix the code" in problem.fix and "fix the text" in problem.fix


# Tables' markup, and where a problem points


def line_of(book_copy: BookCopy, relative: str, text: str) -> int:
    """The line of a file of the copy that holds ``text`` (once)."""
    lines = (book_copy.root / relative).read_text(encoding="utf-8").split("\n")
    [number] = [n for n, line in enumerate(lines, 1) if text in line]
    return number


POINTS_FR = "| Morgan gagne … points | 0 | 1 | 2 | 3 |"
POINTS_EN = "| Morgan gains … points | 0 | 1 | 2 | 3 |"


def test_a_table_row_with_another_count_of_cells_than_its_header_is_named_at_its_line(
    book_copy: BookCopy,
) -> None:
    """markdown-it drops a row's cells past the header's and pads a short row: the 9 would
    vanish from the page with no problem of any check."""
    book_copy.edit(FR, POINTS_FR, POINTS_FR + " 9 |")
    book_copy.edit(EN, POINTS_EN, "| Morgan gains … points | 0 | 1 | 2 |")
    lines = book_copy.lines("markup")
    fr_row, en_row = line_of(book_copy, FR, "Morgan gagne …"), line_of(book_copy, EN, "gains …")
    says = ": pr-morgan-points-table: this table row has {} cell(s), its header row 5: the page "
    assert any(line.startswith(f"{FR}:{fr_row}{says.format(6)}drops") for line in lines), lines
    assert any(line.startswith(f"{EN}:{en_row}{says.format(4)}fills") for line in lines), lines


def test_a_table_without_its_separator_row_is_named_once_at_its_first_line(
    book_copy: BookCopy,
) -> None:
    header = "| nombre de navires + roues de navire | 0 | 1-4 | 5 | 6+ |\n"
    book_copy.edit(FR, header + "| --- | --- | --- | --- | --- |\n", header)
    first = line_of(book_copy, FR, header.strip())
    lines = [line for line in book_copy.lines() if ": pr-morgan-points-table: " in line]
    assert any(
        line.startswith(f"{FR}:{first}: pr-morgan-points-table: this table lacks its separator")
        for line in lines
    ), lines
    # Read as the table it is meant to be, its numbers are not taken for prose.
    assert not [line for line in lines if "which the code does not say" in line], lines
    assert len(lines) == len(set(lines)), "no line twice"


def test_a_range_the_code_does_not_state_is_named_once(book_copy: BookCopy) -> None:
    """'1-4' states 1 and 4: one problem names it, not one for each."""
    book_copy.edit(FR, "atteignez 20 points.", "atteignez 20 points en 1-4 manches.")
    lines = [line for line in book_copy.lines("quantities") if "'1-4'" in line]
    assert len(lines) == 1, lines


def test_a_table_cell_that_disagrees_with_the_code_is_named_at_its_row(
    book_copy: BookCopy,
) -> None:
    book_copy.edit(EN, POINTS_EN, "| Morgan gains … points | 0 | 1 | 2 | 4 |")
    row = line_of(book_copy, EN, "Morgan gains …")
    [problem] = [p for p in book_copy.problems("quantities") if "row 2, column 5" in p.message]
    assert problem.line == row


def test_a_comparison_dropped_from_one_language_is_named_at_its_number(
    book_copy: BookCopy,
) -> None:
    book_copy.edit(EN, "reaches 20 points", "gets 20 points")
    [problem] = book_copy.problems("comparisons")
    assert problem.line == line_of(book_copy, EN, "gets 20 points")
    assert f"(line {line_of(book_copy, FR, 'atteignez 20 points')})" in problem.fr


def test_a_missing_glossary_term_is_named_at_the_paragraph_that_lacks_it(
    book_copy: BookCopy,
) -> None:
    book_copy.edit(EN, "he takes no ships or ship's wheels", "he takes nothing")
    [problem] = book_copy.problems("glossary")
    assert "the English lacks «ship's wheel»" in problem.message
    assert problem.line == line_of(book_copy, EN, "he takes nothing")
