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

from rulebook.book import FR_DIR, PUBLISHED, Book
from rulebook.book.files import read_text, write_text
from rulebook.book.folders import history_file
from rulebook.book.model import Game, Version
from rulebook.book.unrecorded import Snapshot, unrecorded
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
    return write_versions(book, date, plan_versions(book, date, only, retire))


Planned = list[tuple[Game, list[tuple[str, Snapshot, str, bool]]]]


def plan_versions(
    book: Book, date: datetime.date, only: tuple[str, ...] = (), retire: tuple[str, ...] = ()
) -> Planned:
    """The versions ``record_versions`` would add, per game, every one of them checked (its
    date, the rules to retire): a ``BookError`` before anything is written."""
    games = [game for game in book.games if not only or game.slug in only]
    retiring = retired_versions(book, games, retire)
    planned: Planned = []
    for game in games:
        added = [
            (entry.id, Snapshot.of(entry), old, False) for entry, old in unrecorded(book, game)
        ]
        added += [(v.rule, Snapshot.of_version(v), "", True) for v in retiring.get(game.slug, [])]
        for rule_id, *_ in added:
            refuse_earlier(book, game, rule_id, date)
        planned.append((game, added))
    return planned


def write_versions(book: Book, date: datetime.date, planned: Planned) -> list[str]:
    """Append the planned versions to the games' histories; a line per version."""
    said = []
    for game, added in planned:  # every version checked before any file is written
        if added:
            append(book, game, date, added)
            said += [f"{rule_id}: {describe(old, gone)}" for rule_id, _, old, gone in added]
    return said


def retired_versions(
    book: Book, games: list[Game], retire: tuple[str, ...]
) -> dict[str, list[Version]]:
    """The last version of each rule to retire, per game; an ID that names no rule with a
    version in those games, a rule still in the book, or one already retired, is a
    ``BookError``: nothing is retired in silence, nor by mistake."""
    found: dict[str, list[Version]] = {}
    for rule_id in retire:
        homes = [(g, g.history.of(rule_id)) for g in games if g.history and g.history.of(rule_id)]
        where = book.root / FR_DIR / PUBLISHED
        if not homes:
            raise BookError(
                where, 0, f"--retire {rule_id}: no rule of that ID has a recorded version: "
                "check the ID (`rulebook changes` lists the rules recorded); nothing was written",
            )  # fmt: skip
        game, versions = homes[0]
        if rule_id in book.entries:
            raise BookError(game.fr.path, 1, f"{rule_id} is still a rule: it cannot retire")
        if versions[-1].retired:
            raise BookError(
                book.root / history_file(game.slug), versions[-1].line,
                f"--retire {rule_id}: retired already, on {versions[-1].date.isoformat()}; "
                "nothing was written",
            )  # fmt: skip
        found.setdefault(game.slug, []).append(versions[-1])
    return found


def refuse_earlier(book: Book, game: Game, rule_id: str, date: datetime.date) -> None:
    """A version dated before the rule's last one would make its history run backwards."""
    entry = book.entries.get(rule_id)
    versions = entry.versions if entry else (game.history.of(rule_id) if game.history else ())
    if versions and versions[-1].date > date:
        raise BookError(
            book.root / history_file(game.slug), versions[-1].line,
            f"--date {date.isoformat()} precedes {rule_id}'s last version, of "
            f"{versions[-1].date.isoformat()}: a history runs forward; give that date or a "
            "later one (nothing was written)",
        )  # fmt: skip


def describe(old: str, retired: bool) -> str:
    if retired:
        return "retired"
    return f"renamed from {old}" if old else "new version recorded"


def append(
    book: Book, game: Game, date: datetime.date, added: list[tuple[str, Snapshot, str, bool]]
) -> None:
    path = book.root / history_file(game.slug)
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
