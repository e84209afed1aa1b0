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


def test_each_table_row_is_known_by_its_line_in_the_rules_file() -> None:
    second = parse()[1]
    lines = SOURCE.splitlines()
    rows = (lines.index("| niveau | score |") + 1, lines.index("| facile | 0-19 |") + 1)
    assert second.table_lines == (rows,)
    assert second.table_faults == ()


def faults(source: str) -> list[tuple[int, str]]:
    second = parse_rules_text(source, Path("demo.md"), "fr").rules[1]
    return [(found.line, found.what) for found in second.table_faults]


def test_a_row_with_more_or_fewer_cells_than_its_header_is_a_fault_at_its_line() -> None:
    row = SOURCE.splitlines().index("| facile | 0-19 |") + 1
    more = faults(SOURCE.replace("| facile | 0-19 |", "| facile | 0-19 | 9 |"))
    drops = "this table row has 3 cell(s), its header row 2: the page drops the cells past"
    assert [(line, what[: len(drops)]) for line, what in more] == [(row, drops)]
    fewer = faults(SOURCE.replace("| facile | 0-19 |", "| facile |"))
    fills = "this table row has 1 cell(s), its header row 2: the page fills the row"
    assert [(line, what[: len(fills)]) for line, what in fewer] == [(row, fills)]


def test_a_table_without_its_separator_row_is_read_as_meant_and_named_at_its_first_line() -> None:
    header = SOURCE.splitlines().index("| niveau | score |") + 1
    source = SOURCE.replace("| --- | --- |\n", "")
    second = parse_rules_text(source, Path("demo.md"), "fr").rules[1]
    assert second.tables == [[["niveau", "score"], ["facile", "0-19"]]], "its cells, no prose"
    assert second.table_lines == ((header, header + 1),)
    [(line, what)] = faults(source)
    assert (line, what.split(":")[0]) == (
        header,
        "this table lacks its separator row (| --- | under the header row)",
    )
    [(line, what)] = faults(SOURCE.replace("| --- | --- |\n", "| --- |\n"))
    assert (line, what.split(":")[0]) == (
        header,
        "this table's separator row has 1 cell(s), its header row 2",
    )
