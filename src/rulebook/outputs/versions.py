"""Recording versions: ``rulebook publish`` appends to each game's history
(``rules_fr/<game>.history.toml``) a version of every rule whose text, in either language,
differs from its last recorded version: a new rule, a changed one, a renamed one (its old ID
under ``[aliases]`` in the published-ID registry) or one retired on purpose (``--retire``).

The file is edited with tomlkit, appended to and never rewritten from data, so a person's
comments and layout stay; it is written whole, and only when a version is added.
"""

import datetime

import tomlkit
from tomlkit.items import AoT

from rulebook.book import Book
from rulebook.book.files import read_text, write_text
from rulebook.book.history import Snapshot, history_path, unrecorded
from rulebook.book.model import Game
from rulebook.errors import BookError

HEADER = """\
# Every published version of each rule of this game, oldest first, written by
# `rulebook publish`: a quote's link names the version it quotes, and the site shows a reader
# who follows an old one what changed since. Never edit or remove a version: add one.
"""


def record_versions(
    book: Book, date: datetime.date, only: tuple[str, ...] = (), retire: tuple[str, ...] = ()
) -> list[str]:
    """Record a version of every rule changed since its last one (and of each rule of
    ``retire``, which must have left the book); return a line per version recorded."""
    said = []
    for game in book.games:
        if only and game.slug not in only:
            continue
        added = [
            (entry.id, Snapshot.of(entry), old, False) for entry, old in unrecorded(book, game)
        ]
        for rule_id in retire:
            last = game.history.of(rule_id)[-1:] if game.history else ()
            if last:
                if rule_id in book.entries:
                    raise BookError(game.fr.path, 1, f"{rule_id} is still a rule: it cannot retire")
                added.append((rule_id, Snapshot.of_version(last[0]), "", True))
        if added:
            append(book, game, date, added)
            said += [f"{rule_id}: {describe(old, gone)}" for rule_id, _, old, gone in added]
    return said


def describe(old: str, retired: bool) -> str:
    if retired:
        return "retired"
    return f"renamed from {old}" if old else "new version recorded"


def append(
    book: Book, game: Game, date: datetime.date, added: list[tuple[str, Snapshot, str, bool]]
) -> None:
    path = history_path(book.root, game.slug)
    document = tomlkit.parse(read_text(path) if path.exists() else HEADER)
    versions = document.get("version")
    if not isinstance(versions, AoT):
        versions = tomlkit.aot()
        document.append("version", versions)
    for rule_id, snapshot, old, retired in added:
        table = tomlkit.table()
        table["rule"] = rule_id
        table["date"] = date
        if old:
            table["renamed_from"] = old
        if retired:
            table["retired"] = True
        for key in ("fr_title", "fr", "en_title", "en"):
            value: str = getattr(snapshot, key)
            table[key] = tomlkit.string(value, multiline="\n" in value)
        versions.append(table)
    write_text(path, tomlkit.dumps(document))
