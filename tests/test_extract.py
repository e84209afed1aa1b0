"""The extractor reads rule blocks with markdown-it into records a check can trust."""

from pathlib import Path

from rulebook.book.extract import parse_rules_text

SOURCE = """---
game: demo
prefix: dm
module: demo.module
---

# Démo

:::{rule} dm-first
:title: Premier
:code: A B
:original: 3-5, 9

Voir la {nq}`page 3`, puis gagnez deux points.
:::

## Section

:::{rule} dm-second
:title: Second
:code: none (credits)
:kind: example
:original: 12

2. deux
3. trois

| niveau | score |
| --- | --- |
| facile | 0-19 |
:::
"""


def parse() -> list:  # type: ignore[type-arg]
    return list(parse_rules_text(SOURCE, Path("demo.md"), "fr").rules)


def test_a_rule_block_gives_its_id_title_code_and_original_lines() -> None:
    first = parse()[0]
    assert (first.id, first.title, first.code, first.original) == (
        "dm-first",
        "Premier",
        ("A", "B"),
        (3, 4, 5, 9),
    )
    assert (first.line_start, first.body_line, first.line_end) == (9, 14, 15)


def test_the_h1_title_and_section_headings_belong_to_the_next_rule() -> None:
    first, second = parse()
    assert first.heading == "Démo"
    assert second.heading == "Section"


def test_a_rule_with_no_behaviour_says_why() -> None:
    second = parse()[1]
    assert second.code == () and second.no_code == "credits" and second.kind == "example"


def test_marked_numbers_list_numbers_and_table_cells_are_told_apart() -> None:
    first, second = parse()
    assert [(s.kind, s.text) for s in first.segments if s.kind == "nq"] == [("nq", "page 3")]
    assert [s.text for s in second.segments if s.kind == "marker"] == ["2. ", "3. "]
    assert second.tables == [[["niveau", "score"], ["facile", "0-19"]]]


def test_raw_html_and_stray_text_are_found() -> None:
    source = SOURCE.replace("puis gagnez", "<b>puis</b> gagnez") + "\nUn paragraphe perdu.\n"
    parsed = parse_rules_text(source, Path("demo.md"), "fr")
    lines = source.splitlines()
    assert [found.line for found in parsed.raw_html] == [14]
    assert [found.line for found in parsed.stray] == [lines.index("Un paragraphe perdu.") + 1]


def test_line_ranges_that_are_no_lines_say_what_to_write() -> None:
    import pytest

    from rulebook.book.extract import parse_line_ranges

    assert parse_line_ranges("83-85, 90") == (83, 84, 85, 90)
    for wrong, says in (
        ("83-x", "expected line numbers such as 83-85, 90"),
        ("85-83", "runs backwards"),
        ("0", "lines count from 1"),
        ("1-999999999", "spans more lines than any original holds"),
    ):
        with pytest.raises(ValueError, match=says):
            parse_line_ranges(wrong)


def test_a_rule_block_left_open_is_an_error_at_its_first_line() -> None:
    import pytest

    from rulebook.errors import BookError

    open_last = SOURCE[: SOURCE.rindex(":::")]
    with pytest.raises(BookError, match=r"demo.md:19: the rule block dm-second is never closed"):
        parse_rules_text(open_last, Path("demo.md"), "fr")
    open_first = SOURCE.replace("deux points.\n:::\n", "deux points.\n")
    with pytest.raises(BookError, match=r"demo.md:9: the rule block dm-first is not closed befo"):
        parse_rules_text(open_first, Path("demo.md"), "fr")
