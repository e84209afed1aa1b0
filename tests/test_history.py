"""Rules over time: a rule changed in both languages and recorded gets a new version; the
check names a change not yet recorded; a renamed rule goes on counting; the changes list it;
a quote names its version; a wrong history file is one line naming it."""

import datetime
import subprocess
import sys

import pytest

from rulebook.book import load_book
from rulebook.errors import BookError
from rulebook.outputs.changes import Change, ChangeKind, book_changes
from rulebook.outputs.cite import cite
from rulebook.outputs.versions import record_versions
from tests.conftest import BookCopy

GAME = "port-royal-morgan"
DAY = datetime.date(2026, 12, 1)


def change_the_end(book: BookCopy) -> None:
    """pr-end changed in both languages, the correction that covers its words made to agree,
    the translation recorded: everything agrees but the history."""
    book.edit(
        f"rules_fr/{GAME}.md",
        "Elle se termine aussi immédiatement",
        "Elle prend fin aussi immédiatement",
    )
    book.edit(
        f"rules_fr/{GAME}.corrections.toml",
        'corrected = "Elle se termine aussi"',
        'corrected = "Elle prend fin aussi"',
    )
    book.edit(f"rules_en/{GAME}.md", "It also ends at once if", "It also ends immediately if")
    from rulebook.book.translation_state import record

    record(load_book(book.root), ["pr-end"])


def rename_the_name_rule(book: BookCopy) -> None:
    """pr-name becomes pr-morgan-name, its old ID kept as an alias, the new one published."""
    book.edit(f"rules_fr/{GAME}.md", "{rule} pr-name\n", "{rule} pr-morgan-name\n")
    book.edit(f"rules_en/{GAME}.md", "{rule} pr-name\n", "{rule} pr-morgan-name\n")
    book.edit(f"rules_fr/{GAME}.corrections.toml", 'rule = "pr-name"', 'rule = "pr-morgan-name"')
    book.edit(
        "rules_fr/published-ids.toml", "[aliases]\n", '[aliases]\n"pr-name" = "pr-morgan-name"\n'
    )
    from rulebook.outputs.publish import publish

    publish(load_book(book.root))


def changes_on(book: BookCopy, day: datetime.date) -> list[Change]:
    """The changes recorded on ``day``: a test's own, whatever the book recorded before."""
    return [c for c in book_changes(load_book(book.root)) if c.version.date == day]


def test_a_change_not_recorded_is_named_and_publishing_records_version_2(
    book_copy: BookCopy,
) -> None:
    first = load_book(book_copy.root).entry("pr-end")
    line, recorded = first.fr.line_start, first.versions[-1]
    n = recorded.number  # the rule's last version in the book as it stands
    change_the_end(book_copy)
    assert book_copy.lines() == [
        f"rules_fr/{GAME}.md:{line}: pr-end: changed since its version {n} "
        f"({recorded.date.isoformat()}): record version {n + 1} → when the change is meant, both "
        "languages done, run `rulebook publish` (it records the version with today's date)"
    ]
    said = record_versions(load_book(book_copy.root), DAY)
    assert said == ["pr-end: new version recorded"]
    assert book_copy.lines() == []
    entry = load_book(book_copy.root).entry("pr-end")
    assert [(v.number, v.date) for v in entry.versions][-2:] == [(n, recorded.date), (n + 1, DAY)]
    assert "prend fin" in entry.versions[-1].fr and "immediately" in entry.versions[-1].en
    assert record_versions(load_book(book_copy.root), DAY) == []  # nothing new: nothing written


def test_an_english_only_change_not_recorded_is_named_at_the_english_line(
    book_copy: BookCopy,
) -> None:
    first = load_book(book_copy.root).entry("pr-end")
    recorded, english = first.versions[-1], first.en
    assert english is not None and english.line_start != first.fr.line_start  # lines differ
    book_copy.edit(f"rules_en/{GAME}.md", "It also ends at once if", "It also ends immediately if")
    from rulebook.book.translation_state import record

    record(load_book(book_copy.root), ["pr-end"])  # the translator checked it: only history
    assert book_copy.lines() == [
        f"rules_en/{GAME}.md:{english.line_start}: pr-end: the English changed since its "
        f"version {recorded.number} ({recorded.date.isoformat()}): record version "
        f"{recorded.number + 1} → when the change is meant, both languages done, run "
        "`rulebook publish` (it records the version with today's date)"
    ]


def test_a_french_only_change_not_recorded_is_named_at_the_french_line(
    book_copy: BookCopy,
) -> None:
    first = load_book(book_copy.root).entry("pr-end")
    book_copy.edit(f"rules_fr/{GAME}.md", ":title: Fin de la partie", ":title: La fin de la partie")
    history = [p for p in book_copy.problems() if p.check == "history"]
    assert [(p.path.parent.name, p.line) for p in history] == [("rules_fr", first.fr.line_start)]
    assert history[0].message.startswith("changed since its version")


def test_the_changes_list_a_wording_change_and_a_renaming_after_the_first_edition(
    book_copy: BookCopy,
) -> None:
    change_the_end(book_copy)
    rename_the_name_rule(book_copy)
    assert sorted(record_versions(load_book(book_copy.root), DAY)) == [
        "pr-end: new version recorded",
        "pr-morgan-name: renamed from pr-name",
    ]
    assert book_copy.lines() == []
    changes = {c.version.rule: c for c in changes_on(book_copy, DAY)}
    assert changes["pr-end"].kind == ChangeKind.WORDING
    renamed = changes["pr-morgan-name"]
    assert renamed.kind == ChangeKind.RENAMED and renamed.version.number == 2
    assert renamed.version.renamed_from == "pr-name"


def test_a_number_changed_is_a_change_of_number(book_copy: BookCopy) -> None:
    book_copy.edit(f"rules_fr/{GAME}.md", "atteignez 20 points. Elle", "atteignez 21 points. Elle")
    book_copy.edit(f"rules_en/{GAME}.md", "reaches 20 points.", "reaches 21 points.")
    record_versions(load_book(book_copy.root), DAY)
    changes = changes_on(book_copy, DAY)
    assert [(c.version.rule, c.kind) for c in changes] == [("pr-end", ChangeKind.NUMBER)]


def test_a_quote_names_the_version_it_quotes(book_copy: BookCopy) -> None:
    base = "https://example.org/"
    n = len(load_book(book_copy.root).entry("pr-end").versions)
    assert (
        cite(load_book(book_copy.root), "pr-end", "fr", "url", base) == f"{base}r/pr-end/v{n}/fr/"
    )
    change_the_end(book_copy)
    record_versions(load_book(book_copy.root), DAY)
    bbcode = cite(load_book(book_copy.root), "pr-end", "en", "bbcode", base)
    assert f"[url={base}r/pr-end/v{n + 1}/en/]pr-end[/url]" in bbcode


def test_a_retired_rule_is_recorded_only_when_asked_and_its_id_no_longer_vanishes(
    book_copy: BookCopy,
) -> None:
    for lang in ("fr", "en"):
        path = book_copy.root / f"rules_{lang}" / f"{GAME}.md"
        text = path.read_text(encoding="utf-8")
        start = text.index(":::{rule} pr-name")
        path.write_text(text[:start] + text[text.index(":::\n", start) + 4 :], encoding="utf-8")
    assert any("pr-name: published ID has vanished" in line for line in book_copy.lines("ids"))
    assert record_versions(load_book(book_copy.root), DAY) == []  # not retired unasked
    said = record_versions(load_book(book_copy.root), DAY, retire=("pr-name",))
    assert said == ["pr-name: retired"]
    assert not any("pr-name" in line for line in book_copy.lines("ids"))
    changes = changes_on(book_copy, DAY)
    assert [(c.version.rule, c.kind) for c in changes] == [("pr-name", ChangeKind.RETIRED)]
    from rulebook.site.short_links import write_short_links

    out = book_copy.root / "out"
    write_short_links(load_book(book_copy.root), out, "https://rules.test/")
    for path, target in [("r/pr-name/fr", "../../../fr"), ("r/pr-name/v1/en", "../../../../en")]:
        page = (out / path / "index.html").read_text(encoding="utf-8")
        assert f'url={target}/changes.html#pr-name--v2"' in page, path  # where it went


@pytest.mark.parametrize(
    ("right", "wrong", "said"),
    [
        ("date = 2026-11-23\n", 'date = "yesterday"\n', "`date` must be a date"),
        ('rule = "pr-credits"\n', "rule = 3\n", "`rule` must be a string"),
    ],
)
def test_a_wrong_history_record_is_a_book_error_at_its_line(
    book_copy: BookCopy, right: str, wrong: str, said: str
) -> None:
    path = book_copy.root / "rules_fr" / f"{GAME}.history.toml"
    text = path.read_text(encoding="utf-8")
    assert right in text
    path.write_text(text.replace(right, wrong, 1), encoding="utf-8")
    with pytest.raises(BookError, match=said) as caught:
        load_book(book_copy.root)
    where = text[: text.index(right)].count("\n") + 1
    assert caught.value.line == where  # the line of the wrong value


def test_rulebook_changes_prints_each_change_since_a_date(book_copy: BookCopy) -> None:
    n = len(load_book(book_copy.root).entry("pr-end").versions)
    change_the_end(book_copy)
    record_versions(load_book(book_copy.root), DAY)
    command = [sys.executable, "-m", "rulebook", "changes", str(book_copy.root)]
    done = subprocess.run(
        [*command, "--since", "2026-11-30", "--lang", "fr"], capture_output=True, text=True
    )
    assert done.returncode == 0
    assert done.stdout.startswith(f"2026-12-01  pr-end  v{n + 1}  formulation  Fin de la partie  ")
    assert done.stdout.rstrip().endswith("/fr/port-royal-morgan.html#pr-end--history")
    later = subprocess.run([*command, "--since", "2026-12-02"], capture_output=True, text=True)
    assert later.stdout == "" and "no rule changed since 2026-12-02" in later.stderr
    wrong = subprocess.run([*command, "--since", "yesterday"], capture_output=True, text=True)
    assert wrong.returncode == 2 and "expected a date as 2026-11-24" in wrong.stderr
