"""Each rule's published versions (``rules_fr/<game>.history.toml``), written by ``rulebook
publish`` and read here: the text of each version in both languages, with its date.

A version's number is its place among the rule's records, from 1; a rule renamed carries its
versions under its new ID, the renaming recorded on the version it starts. A checkout
without the file still builds: its rules are simply not versioned yet (the check says so).
"""

import datetime
from pathlib import Path

from rulebook.book.model import History, Version
from rulebook.book.names import ID_SHAPE, is_rule_id
from rulebook.book.registers import load_toml, records, string, value_line
from rulebook.errors import BookError

KEYS = ("rule", "date", "fr_title", "fr", "en_title", "en", "renamed_from", "retired")


def load_history(path: Path) -> History:
    """The versions recorded for a game; a wrong record is a ``BookError`` at its line."""
    text, data = load_toml(path)
    unknown = sorted(set(data) - {"version"})
    if unknown:
        raise BookError(path, 1, f"unknown table {unknown[0]!r}: the file holds [[version]] tables")
    versions: list[Version] = []
    counts: dict[str, int] = {}
    for item, line in records(path, text, data, "version", KEYS):
        rule_id = string(path, item, "rule", line, text=text)
        date = item.get("date")
        if not isinstance(date, datetime.date) or isinstance(date, datetime.datetime):
            at = value_line(text, "date", line)
            raise BookError(path, at, "`date` must be a date without quotes: date = 2026-11-24")
        retired = item.get("retired", False)
        if not isinstance(retired, bool):
            raise BookError(
                path, value_line(text, "retired", line), "`retired` must be true or false"
            )
        fields = {key: string(path, item, key, line, text=text) for key in KEYS[2:7]}
        for key, name in (("rule", rule_id), ("renamed_from", fields["renamed_from"])):
            if name and not is_rule_id(name):
                at = value_line(text, key, line)
                raise BookError(path, at, f"`{key}` {name!r} is not a rule ID: {ID_SHAPE}")
        # A renamed rule goes on counting from its old ID's versions.
        counts[rule_id] = counts.get(rule_id, counts.get(fields["renamed_from"], 0)) + 1
        versions.append(
            Version(rule_id, counts[rule_id], date, line=line, retired=retired, **fields)
        )
    return History(path, tuple(versions))


def lineage(
    history: History, rule_id: str, seen: frozenset[str] = frozenset()
) -> tuple[Version, ...]:
    """A rule's versions, oldest first, those under the IDs it was renamed from included."""
    own = history.of(rule_id)
    old = own[0].renamed_from if own else ""
    if old and old not in seen | {rule_id}:
        return lineage(history, old, seen | {rule_id}) + own
    return own
