"""The command line: `rulebook check` exit codes, and `rulebook rules --json`, the export."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rulebook.book import load_book
from rulebook.cli import main
from tests.conftest import ROOT, BookCopy


def version(rule: str) -> int:
    """The version of a rule a quote names today: its last one."""
    return len(load_book(ROOT).entry(rule).versions)


def test_check_exits_0_when_everything_agrees_and_1_with_one_line_per_problem(
    book_copy: BookCopy, capsys
) -> None:
    assert main(["check", str(book_copy.root)]) == 0
    book_copy.edit(
        "rules_en/port-royal-morgan.md",
        "Morgan reaches 20 points. It",
        "Morgan reaches 21 points. It",
    )
    assert main(["check", str(book_copy.root)]) == 1
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines and all(line.startswith("rules_") and ": pr-end: " in line for line in lines)


def test_the_advice_to_record_a_translation_names_the_book_checked(
    book_copy: BookCopy, capsys
) -> None:
    book_copy.edit(
        "rules_fr/port-royal-morgan.md", "un pirate qui vivait", "un flibustier qui vivait"
    )
    main(["check", str(book_copy.root)])
    out = capsys.readouterr().out
    assert f"`rulebook translated pr-name --root {book_copy.root.resolve()}`" in out


def test_every_command_takes_the_books_folder_as_root_as_the_advice_writes_it(
    book_copy: BookCopy, capsys
) -> None:
    """The check advises `rulebook publish --root …` and `rulebook translated --root …`: the
    commands that take the folder first take it named too, and refuse two different ones."""
    root = str(book_copy.root)
    assert main(["check", "--root", root]) == main(["check", root]) == 0
    assert main(["publish", "--root", root, "--game", "port-royal-morgan"]) == 0
    with pytest.raises(SystemExit) as stopped:
        main(["check", root, "--root", str(ROOT / "docs")])
    assert stopped.value.code == 2
    assert "two folders given" in capsys.readouterr().err


def test_check_json_gives_the_same_problems_as_data(book_copy: BookCopy, capsys) -> None:
    book_copy.edit(
        "rules_en/port-royal-morgan.md",
        "Morgan reaches 20 points. It",
        "Morgan reaches 21 points. It",
    )
    main(["check", "--json", str(book_copy.root)])
    problems = json.loads(capsys.readouterr().out)
    assert {p["rule"] for p in problems} == {"pr-end"}
    assert {p["check"] for p in problems} == {"numbers", "quantities", "translation", "history"}


def rules_json(base: str | None) -> subprocess.CompletedProcess[str]:
    """`rulebook rules --json` with RULEBOOK_BASE_URL set to ``base`` (None: unset)."""
    import os

    env = {k: v for k, v in os.environ.items() if k != "RULEBOOK_BASE_URL"}
    env |= {"RULEBOOK_BASE_URL": base} if base is not None else {}
    command = [sys.executable, "-m", "rulebook", "rules", "--json", str(ROOT)]
    return subprocess.run(command, capture_output=True, text=True, env=env)


def test_rules_json_exports_every_rule_with_its_text_version_links_and_places() -> None:
    from rulebook.outputs.cite import cite
    from rulebook.text.prose import plain_text

    done = rules_json("https://rules.test/book")
    assert (done.returncode, done.stderr) == (0, "")
    exported = json.loads(done.stdout)
    assert exported["base_url"] == "https://rules.test/book/"
    assert exported["$schema"] == "https://rules.test/book/rules.schema.json"
    book = load_book(ROOT)
    assert [r["id"] for r in exported["rules"]] == list(book.entries)
    newest = max(v.date for g in book.games if g.history for v in g.history.versions)
    assert exported["generated"] == newest.isoformat()
    end = {r["id"]: r for r in exported["rules"]}["pr-end"]
    n = version("pr-end")
    assert (end["game"], end["kind"]) == ("port-royal-morgan", "rule")
    assert end["version"] == {
        "number": n,
        "date": book.entry("pr-end").versions[-1].date.isoformat(),
        "link": f"https://rules.test/book/r/pr-end/v{n}/",
    }
    assert end["short_link"] == "https://rules.test/book/r/pr-end/"
    for lang, title in (("fr", "Fin de la partie"), ("en", "End of the game")):
        rule, at = end[lang], "https://rules.test/book/"
        assert rule["title"] == title and rule["plain"] == plain_text(book.rule("pr-end", lang))
        quote = cite(book, "pr-end", lang, "markdown", at)
        assert f"> {rule['markdown']}\n" in quote, "the Markdown a quote carries"
        assert rule["version_link"] == cite(book, "pr-end", lang, "url", at)
        assert rule["short_link"] == f"{at}r/pr-end/{lang}/"
        assert rule["page"] == f"{at}{lang}/port-royal-morgan.html#pr-end"
        assert rule["url"] == f"{lang}/port-royal-morgan.html#pr-end"
        assert rule["path"] == f"rules_{lang}/port-royal-morgan.md"
        assert rule["line_start"] < rule["line_end"]
    assert end["fr"]["game_title"].startswith("Port Royal, le jeu de dés")
    assert end["code"] == ["rulebook.games.port_royal.WINNING_SCORE"]
    assert end["original_lines"] == [83, 84, 85]
    name = {r["id"]: r for r in exported["rules"]}["pr-name"]
    assert name["code"] == [] and name["no_code"] == "background"


def test_rules_json_is_the_sites_file_and_warns_while_links_point_at_the_placeholder(
    tmp_path: Path,
) -> None:
    from rulebook.site.short_links import write_export

    done = rules_json(None)
    assert done.returncode == 0 and '"base_url": "https://regles-verifiees.example/"' in done.stdout
    assert done.stderr.startswith("rulebook rules: WARNING: links point at the placeholder")
    write_export(load_book(ROOT), tmp_path, "https://regles-verifiees.example/")
    assert (tmp_path / "rules.json").read_text(encoding="utf-8") == done.stdout
    bad = rules_json("rules.test/book")
    assert (bad.returncode, bad.stdout) == (2, "")
    assert bad.stderr.startswith("rulebook rules: RULEBOOK_BASE_URL: expected an absolute")
    assert bad.stderr.count("\n") == 1


def run(*args: str) -> str:
    command = [sys.executable, "-m", "rulebook", *args, "--root", str(ROOT)]
    return subprocess.run(command, capture_output=True, text=True, check=True).stdout


def test_cite_gives_the_permanent_short_link_of_the_rule_in_its_language() -> None:
    for lang in ("fr", "en"):
        url = run("cite", "pr-end", "--lang", lang, "--format", "url").strip()
        assert url.endswith(f"/r/pr-end/v{version('pr-end')}/{lang}/")


def test_a_bbcode_quote_names_the_game_and_rule_and_links_back() -> None:
    quote = run("cite", "pr-end", "--lang", "fr", "--format", "bbcode").strip()
    assert quote.startswith("[quote][b]Port Royal, le jeu de dés")
    assert "Fin de la partie[/b] (pr-end)" in quote
    assert "atteignez 20 points" in quote
    assert quote.endswith(f"/r/pr-end/v{version('pr-end')}/fr/]pr-end[/url][/quote]")


def test_a_markdown_quote_keeps_a_table_row_per_line() -> None:
    quote = run("cite", "pr-morgan-extra-point-table", "--lang", "en", "--format", "markdown")
    assert "> **Port Royal, the dice game: solo against Morgan · Extra point table**" in quote
    assert "> | walking | 0-16 | 17-19 |\n" in quote
    table = "pr-morgan-extra-point-table"
    assert "(https://" in quote and f"/r/{table}/v{version(table)}/en/)" in quote


def test_show_prints_a_rule_as_text_with_its_links() -> None:
    out = run("show", "pr-mission-fulfilled", "--lang", "en")
    assert out.startswith("The mission is already fulfilled (pr-mission-fulfilled)\n")
    assert "it scores 1 point less" in out
    assert "/en/port-royal-morgan.html#pr-mission-fulfilled" in out


def test_a_renamed_rule_keeps_its_old_short_link_through_its_alias(
    book_copy: BookCopy, tmp_path_factory
) -> None:
    from rulebook.book import load_book
    from rulebook.site.short_links import write_short_links

    fr, en = "rules_fr/port-royal-morgan.md", "rules_en/port-royal-morgan.md"
    for path in (fr, en):
        book_copy.edit(path, ":::{rule} pr-end\n", ":::{rule} pr-game-end\n")
    book_copy.edit(
        "rules_fr/published-ids.toml", "[aliases]\n", '[aliases]\n"pr-end" = "pr-game-end"\n'
    )
    out = tmp_path_factory.mktemp("short")
    write_short_links(load_book(book_copy.root), out)
    old = (out / "r" / "pr-end" / "index.html").read_text(encoding="utf-8")
    # It leads to the rule's new home, to the notice that says it was renamed.
    assert 'href="../../fr/port-royal-morgan.html#pr-game-end--was-pr-end"' in old
    assert 'href="../../en/port-royal-morgan.html#pr-game-end--was-pr-end"' in old
    assert (out / "r" / "pr-game-end" / "index.html").exists()


def cite_with(base: str | None) -> subprocess.CompletedProcess[str]:
    """`rulebook cite pr-end` with RULEBOOK_BASE_URL set to ``base`` (None: unset)."""
    import os

    env = {k: v for k, v in os.environ.items() if k != "RULEBOOK_BASE_URL"}
    env |= {"RULEBOOK_BASE_URL": base} if base is not None else {}
    command = [sys.executable, "-m", "rulebook", "cite", "pr-end", "--root", str(ROOT)]
    return subprocess.run(command, capture_output=True, text=True, env=env)


def test_cite_warns_on_stderr_while_links_point_at_the_placeholder() -> None:
    quote = cite_with(None)
    assert quote.returncode == 0
    at = f"/r/pr-end/v{version('pr-end')}/fr/\n"
    assert quote.stdout == f"https://regles-verifiees.example{at}"
    assert quote.stderr == (
        "rulebook cite: WARNING: links point at the placeholder "
        "https://regles-verifiees.example/ — set RULEBOOK_BASE_URL before publishing "
        "(see Publishing in README.md)\n"
    )
    published = cite_with("https://rules.test/book")
    assert (published.returncode, published.stderr) == (0, "")
    assert published.stdout == f"https://rules.test/book{at}"


def test_an_unusable_base_url_is_one_line_for_cite_and_site() -> None:
    for bad in ("rules.test/book", "ftp://rules.test/", "https://rules.test/?x=1"):
        quote = cite_with(bad)
        assert (quote.returncode, quote.stdout) == (2, "")
        assert quote.stderr.startswith("rulebook cite: RULEBOOK_BASE_URL: expected an absolute")
        assert bad in quote.stderr and quote.stderr.count("\n") == 1
    import os

    env = os.environ | {"RULEBOOK_BASE_URL": "regles.example.org"}
    command = [sys.executable, "-m", "rulebook", "site", str(ROOT), "--out", "/nonexistent/x"]
    site = subprocess.run(command, capture_output=True, text=True, env=env)
    assert site.returncode == 2 and site.stdout == ""
    assert site.stderr == (
        "rulebook site: RULEBOOK_BASE_URL: expected an absolute http(s) address such as "
        "https://example.org/rules/, got 'regles.example.org'\n"
    )


def test_a_book_without_its_english_folder_is_one_line(book_copy: BookCopy, capsys) -> None:
    """As a missing rules_fr/: not a problem for every English rule and every word."""
    import shutil

    shutil.rmtree(book_copy.root / "rules_en")
    assert main(["check", str(book_copy.root)]) == 2
    captured = capsys.readouterr()
    [line] = captured.err.splitlines()
    assert captured.out == ""
    assert line.startswith(f"{book_copy.root}: no rules_en/ folder here"), line
