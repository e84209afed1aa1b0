"""``rules.json`` as a public interface: the export of the real book holds to its published
JSON Schema (draft 2020-12, checked with the reference validator), the schema names a field
the export grew or lost, and the README's consumer script quotes a rule from the file."""

import copy
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from rulebook.book import load_book
from rulebook.outputs.export import export_json, export_rules, schema
from tests.conftest import ROOT

BASE = "https://rules.test/book/"


@pytest.fixture(scope="module")
def exported() -> dict[str, Any]:
    found: dict[str, Any] = json.loads(export_json(load_book(ROOT), BASE))
    return found


def validator() -> jsonschema.Draft202012Validator:
    jsonschema.Draft202012Validator.check_schema(schema())
    checker = jsonschema.Draft202012Validator.FORMAT_CHECKER  # dates are held to YYYY-MM-DD
    return jsonschema.Draft202012Validator(schema(), format_checker=checker)


def problems(document: dict[str, Any]) -> list[tuple[str, str]]:
    """What the schema says of a document: where, and what."""
    return [(error.json_path, error.message) for error in validator().iter_errors(document)]


def test_the_export_of_the_real_book_holds_to_its_schema(exported: dict[str, Any]) -> None:
    assert problems(exported) == []
    assert len(exported["rules"]) == len(load_book(ROOT).entries)


def subschemas(node: object, where: str = "$") -> Iterator[tuple[str, dict[str, Any]]]:
    """Every property schema of the schema, with where it is."""
    if isinstance(node, dict):
        for name, value in node.get("properties", {}).items():
            yield f"{where}.{name}", value
        for key, value in node.items():
            yield from subschemas(value, f"{where}/{key}")
    elif isinstance(node, list):
        for n, value in enumerate(node):
            yield from subschemas(value, f"{where}[{n}]")


def test_every_field_of_the_schema_is_described_and_closed() -> None:
    fields = list(subschemas(schema()))
    assert len(fields) >= 29, "top level, rule, version, language"
    assert [where for where, field in fields if not field.get("description")] == []
    objects = [schema(), *(v for v in schema()["$defs"].values() if "properties" in v)]
    objects += [field for _, field in fields if "properties" in field]
    assert all(node.get("additionalProperties") is False for node in objects)


def broken(exported: dict[str, Any], change: str) -> dict[str, Any]:
    """The export with one thing broken on purpose."""
    document = copy.deepcopy(exported)
    end = next(rule for rule in document["rules"] if rule["id"] == "pr-end")
    if change == "extra top-level field":
        document["built_at"] = "2026-11-26T10:00:00"
    elif change == "extra rule field":
        end["score"] = 20
    elif change == "extra language field":
        end["en"]["html"] = "<p>The game ends…</p>"
    elif change == "missing text":
        del end["en"]["markdown"]
    elif change == "empty text":
        end["fr"]["plain"] = ""
    elif change == "missing French":
        end["fr"] = None
    elif change == "relative link":
        end["fr"]["version_link"] = "r/pr-end/v2/fr/"
    elif change == "date not a date":
        end["version"]["date"] = "25/11/2026"
    elif change == "unknown kind":
        end["kind"] = "house-rule"
    return document


@pytest.mark.parametrize(
    ("change", "where", "said"),
    [
        ("extra top-level field", "$", "'built_at' was unexpected"),
        ("extra rule field", "$.rules[*]", "'score' was unexpected"),
        ("extra language field", "$.rules[*].en", "'html' was unexpected"),
        ("missing text", "$.rules[*].en", "'markdown' is a required property"),
        ("empty text", "$.rules[*].fr.plain", "'' should be non-empty"),
        ("missing French", "$.rules[*].fr", "None is not of type 'object'"),
        ("relative link", "$.rules[*].fr.version_link", "does not match '^https?://'"),
        ("date not a date", "$.rules[*].version.date", "'25/11/2026' is not a 'date'"),
        ("unknown kind", "$.rules[*].kind", "'house-rule' is not one of ['rule', 'example']"),
    ],
)
def test_the_schema_names_what_a_drifting_export_broke(
    exported: dict[str, Any], change: str, where: str, said: str
) -> None:
    found = problems(broken(exported, change))
    at = next(n for n, rule in enumerate(exported["rules"]) if rule["id"] == "pr-end")
    assert found == [(where.replace("[*]", f"[{at}]"), found[0][1])]
    assert said in found[0][1]


def test_the_file_is_the_same_for_the_same_book_and_dated_by_its_newest_version() -> None:
    book = load_book(ROOT)
    assert export_json(book, BASE) == export_json(load_book(ROOT), BASE)
    newest = max(v.date for g in book.games if g.history for v in g.history.versions)
    assert export_rules(book, BASE)["generated"] == newest.isoformat()


def readme_example() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    start = readme.index("## rules.json: the book as data")
    section = readme[start : readme.index("\n## ", start + 1)]
    [block] = re.findall(r"```python\n(.*?)```", section, flags=re.DOTALL)
    return str(block)


def test_the_readme_example_quotes_a_rule_with_its_link(
    exported: dict[str, Any], tmp_path: Path
) -> None:
    script = readme_example()
    lines = script.strip().splitlines()
    assert 6 <= len(lines) <= 10, "a short example"
    published = tmp_path / "rules.json"
    published.write_text(export_json(load_book(ROOT), BASE), encoding="utf-8")
    address = "https://rules.example.org/rules.json"
    assert address in script
    script = script.replace(address, published.as_uri())  # urlopen reads a file: URL as well
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=False, timeout=60
    )
    assert (done.returncode, done.stderr) == (0, "")
    end = next(rule for rule in exported["rules"] if rule["id"] == "pr-end")
    assert done.stdout == (
        "End of the game (pr-end)\n"
        f"> {end['en']['plain']}\n"
        f"{BASE}r/pr-end/v{end['version']['number']}/en/\n"
    )
