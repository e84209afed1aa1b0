"""The TOML registers beside the rules: corrections, provenance, published IDs.

TOML has no line numbers, so each record's line is found by counting its table headers
(``[[correction]]``) or its quoted key in the text, for problems to point at.
"""

import bisect
import re
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

import tomli

from rulebook.book.cache import remembered
from rulebook.book.extract import parse_line_ranges
from rulebook.book.files import read_text
from rulebook.book.limits import check_toml_nesting
from rulebook.book.model import Correction, CorrectionKind, LeftOut, Provenance, Published, Register
from rulebook.book.names import ID_SHAPE, is_rule_id, is_slug
from rulebook.errors import BookError

KINDS = tuple(CorrectionKind)
# Kinds that change or settle what a rule means: shown on the rule itself, not only listed.
NOTABLE_KINDS = (CorrectionKind.SOURCE_ERROR, CorrectionKind.INTERPRETATION)


def header_lines(text: str, header: str) -> list[int]:
    return [n for n, line in enumerate(text.splitlines(), 1) if line.strip() == header]


def key_line(text: str, key: str, default: int = 1) -> int:
    """The first line where ``key`` stands in double quotes (``default`` when none does).

    >>> key_line('[aliases]\\n"pr-old" = "pr-end"\\n', "pr-end")
    2
    """
    return quoted_lines(text).get(key, default)


# Each problem a register may hold asks for a line, some once for every item of the file: the
# text is indexed once (for the last few texts read), then each question costs a look-up.
@lru_cache(maxsize=16)
def quoted_lines(text: str) -> Mapping[str, int]:
    """Each text in double quotes in ``text``, with the first line that holds it (read only:
    every caller shares what the cache keeps)."""
    found: dict[str, int] = {}
    for number, line in enumerate(text.split("\n"), 1):
        for quoted in QUOTED.findall(line):
            found.setdefault(quoted, number)
    return MappingProxyType(found)


QUOTED = re.compile(r'"([^"]*)"')
HEADER = re.compile(r"\s*\[([^\]]*)\]")
# A header's names that the key search knows: the whole, then what follows each dot, bracket,
# space or quote; a header has a few of them (MAX_TOML_NESTING bounds its dots).
HEADER_BREAK = re.compile(r"[.\[\s\"']+")
MAX_HEADER_NAMES = 16


@lru_cache(maxsize=16)
def key_lines(text: str) -> Mapping[str, tuple[int, ...]]:
    """Each name given a value (what stands before a line's first '=') or a table in
    ``text``, with the lines it is given at (read only: every caller shares what the cache
    keeps)."""
    found: dict[str, list[int]] = {}
    for number, line in enumerate(text.split("\n"), 1):
        names: set[str] = set()
        key, equals, _ = line.partition("=")
        if equals:
            key = key.strip()
            names.add(key)
            if len(key) > 1 and key[0] == key[-1] == '"':
                names.add(key[1:-1])
        if header := HEADER.match(line):
            content = header.group(1)
            names.add(content)
            breaks = list(HEADER_BREAK.finditer(content))[-MAX_HEADER_NAMES:]
            names.update(content[b.end() :] for b in breaks)
        for name in names:
            found.setdefault(name, []).append(number)
    return MappingProxyType({name: tuple(lines) for name, lines in found.items()})


def value_line(text: str, key: str, after: int = 1) -> int:
    """The line, from ``after`` on, where ``key`` is given a value (or opens a table).

    >>> value_line('[[term]]\\nfr = "dé"\\nforms_fr = "dés"\\n', "forms_fr")
    3
    >>> value_line('[names]\\na = 1\\n[values]\\na = 2\\n', "a", after=3)
    4
    """
    lines = key_lines(text).get(key, ())
    at = bisect.bisect_left(lines, after)
    return lines[at] if at < len(lines) else after


def scanned_and_parsed(path: Path, text: str) -> dict[str, Any]:
    check_toml_nesting(path, text)
    return tomli.loads(text)


def load_toml(path: Path) -> tuple[str, dict[str, Any]]:
    """A TOML file's text and data; a syntax error, or nesting deeper than tomli can read,
    is a ``BookError`` at its line."""
    text = read_text(path)
    return text, parse_toml(path, text)


def parse_toml(path: Path, text: str) -> dict[str, Any]:
    """The data of ``text``, the TOML file at ``path`` (``load_toml``)."""
    if not text.strip():
        raise BookError(path, 0, "is empty (cut short?): restore it (git checkout), or remove it")
    try:
        # The nesting scan guards tomli, so it runs with it: a text kept parsed was scanned
        # (by the same code) before it was parsed. Key: the text (book/cache.py).
        return remembered("toml", text, lambda: scanned_and_parsed(path, text))
    except RecursionError:  # the scan above keeps tomli far from it: never a traceback
        raise BookError(
            path, 0, "nested too deep for the TOML reader: flatten its arrays and tables"
        ) from None
    except tomli.TOMLDecodeError as error:
        message = str(error)
        at = re.search(r"\s*\(at line (\d+), column (\d+)\)$", message)
        line = int(at.group(1)) if at else text.count("\n") + 1
        what = message[: at.start()] if at else message.replace(" (at end of document)", "")
        column = f" (column {at.group(2)})" if at else ""
        raise BookError(
            path, line, f"not valid TOML: {what}{column}: fix the syntax (strings in quotes)"
        ) from None


def records(
    path: Path, text: str, data: dict[str, Any], name: str, keys: tuple[str, ...]
) -> list[tuple[dict[str, Any], int]]:
    """The ``[[name]]`` tables of a register, each with its line, their keys checked."""
    lines = header_lines(text, f"[[{name}]]")
    items = data.get(name, [])
    if not isinstance(items, list) or not all(isinstance(i, dict) for i in items):
        raise BookError(path, lines[0] if lines else 1, f"`{name}` must be [[{name}]] tables")
    found = []
    for i, item in enumerate(items):
        line = lines[i] if i < len(lines) else 1
        unknown = sorted(set(item) - set(keys))
        if unknown:
            raise BookError(
                path,
                value_line(text, unknown[0], line),
                f"unknown key {unknown[0]!r} in [[{name}]]: the keys are {', '.join(keys)}",
            )
        found.append((item, line))
    return found


def string(
    path: Path, item: dict[str, Any], key: str, line: int, default: str = "", text: str = ""
) -> str:
    """A text value of a record; anything but a string is a ``BookError`` at its line (found
    in ``text`` from the record's ``line`` on)."""
    value = item.get(key, default)
    if not isinstance(value, str):
        raise BookError(
            path,
            value_line(text, key, line) if text else line,
            f'`{key}` must be a string in quotes, got {toml_type(value)}: write {key} = "…"',
        )
    return value


def strings(
    path: Path, item: dict[str, Any], key: str, line: int, text: str = ""
) -> tuple[str, ...]:
    """A list of texts; a single string or a list of anything else is a ``BookError``."""
    value = item.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise BookError(
            path,
            value_line(text, key, line) if text else line,
            f'`{key}` must be a list of strings, got {toml_type(value)}: write {key} = ["…", "…"]',
        )
    return tuple(value)


def toml_type(value: object) -> str:
    names = {bool: "a boolean", int: "a number", float: "a number", str: "a string"}
    names |= {list: "a list", dict: "a table"}
    return names.get(type(value), type(value).__name__)


def line_ranges(path: Path, line: int, text: str, what: str) -> tuple[int, ...]:
    try:
        return parse_line_ranges(text)
    except ValueError as error:
        raise BookError(path, line, f"{what} {text!r}: {error}") from None


def load_register(path: Path) -> Register:
    text, data = load_toml(path)
    keys = ("rule", "original", "corrected", "kind", "reason_fr", "reason_en")
    corrections = []
    seen: dict[tuple[str, str], int] = {}
    for c, line in records(path, text, data, "correction", (*keys, "changes_play")):
        rule, original, corrected, kind, reason_fr, reason_en = (
            string(path, c, key, line, text=text) for key in keys
        )
        play = c.get("changes_play")
        if play is not None and not isinstance(play, bool):
            raise BookError(
                path,
                value_line(text, "changes_play", line),
                "`changes_play` must be true or false, without quotes",
            )
        correction = Correction(
            rule, original, corrected, kind, reason_fr, reason_en, line, changes_play=play
        )
        same = (correction.rule, correction.original or f"addition: {correction.corrected}")
        if same in seen:
            raise BookError(
                path,
                line,
                f"this correction repeats the one at line {seen[same]} (same rule "
                "and original): keep one",
            )
        seen[same] = line
        corrections.append(correction)
    left_out = []
    listed: dict[int, int] = {}
    fields = ("lines", "reason_fr", "reason_en")
    for item, line in records(path, text, data, "left_out", fields):
        if isinstance(item.get("lines"), int) and not isinstance(item["lines"], bool):
            item = {**item, "lines": str(item["lines"])}
        listed_lines = string(path, item, "lines", line, text=text)
        numbers = line_ranges(path, value_line(text, "lines", line), listed_lines, "lines")
        for number in numbers:
            if number in listed:
                raise BookError(
                    path,
                    line,
                    f"original line {number} is already left out at line "
                    f"{listed[number]}: keep one entry",
                )
            listed[number] = line
        reasons = tuple(string(path, item, key, line, text=text) for key in fields[1:])
        left_out.append(LeftOut(numbers, reasons[0], reasons[1], line=line))
    return Register(path, tuple(corrections), tuple(left_out))


def load_provenance(path: Path) -> Provenance:
    """Flat values stay as they are; a table of languages becomes ``key.fr``, ``key.en``."""
    _, data = load_toml(path)
    values: dict[str, str] = {}
    for key, value in data.items():
        if isinstance(value, dict):
            values.update({f"{key}.{lang}": str(text) for lang, text in value.items()})
        else:
            values[key] = str(value)
    return Provenance(path, values)


def load_published(path: Path) -> Published:
    text, data = load_toml(path)
    unknown = sorted(set(data) - {"ids", "aliases"})
    if unknown:
        raise BookError(
            path,
            key_line(text, unknown[0]),
            f"unknown table {unknown[0]!r}: the registry holds "
            '[ids] (a list of rule IDs per game) and [aliases] ("old-id" = "new-id")',
        )
    games: dict[str, tuple[str, ...]] = {}
    table = data.get("ids", {})
    if not isinstance(table, dict):
        raise BookError(path, 1, '`ids` must be a table: [ids] then game = ["id", …]')
    places: dict[str, list[int]] = {}
    for number, line in enumerate(text.split("\n"), 1):
        for quoted in re.findall(r'"([^"]*)"', line):
            places.setdefault(quoted, []).append(number)
    ids: dict[str, int] = {}
    for game in table:
        games[game] = strings(path, table, game, 1, text=text)
        for rule_id in games[game]:
            found = places.get(rule_id, [1])
            if rule_id in ids:
                again = found[1] if len(found) > 1 else found[0]
                raise BookError(path, again, f"{rule_id} is listed twice: keep it once")
            ids[rule_id] = found[0]
    aliases_table = data.get("aliases", {})
    if not isinstance(aliases_table, dict):
        raise BookError(path, 1, '`aliases` must be a table: [aliases] then "old-id" = "new-id"')
    aliases = {
        old: (string(path, aliases_table, old, key_line(text, old), text=text), key_line(text, old))
        for old in aliases_table
    }
    refuse_bad_names(path, games, ids, aliases)
    return Published(path, ids, aliases, games)


def refuse_bad_names(
    path: Path,
    games: dict[str, tuple[str, ...]],
    ids: dict[str, int],
    aliases: dict[str, tuple[str, int]],
) -> None:
    """Every game, ID and alias of the registry is a well-formed name before anything uses
    it: an alias key becomes a folder of the site (``r/<old-id>/``), so ``"../../x"`` or an
    absolute path must never get that far."""
    for game in games:
        if not is_slug(game):
            raise BookError(path, 1, f"[ids]: {game!r} is not a game's name: name a game's slug")
    for rule_id, line in ids.items():
        if not is_rule_id(rule_id):
            raise BookError(path, line, f"{rule_id!r} is not a rule ID: {ID_SHAPE}")
    for old, (new, line) in aliases.items():
        for name in (old, new):
            if not is_rule_id(name):
                raise BookError(path, line, f"[aliases]: {name!r} is not a rule ID: {ID_SHAPE}")
