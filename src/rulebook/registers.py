"""The TOML registers beside the rules: corrections, provenance, published IDs.

TOML has no line numbers, so each record's line is found by counting its table headers
(``[[correction]]``) or its quoted key in the text, for problems to point at.
"""

import tomllib
from pathlib import Path
from typing import Any

from rulebook.extract import parse_line_ranges
from rulebook.model import Correction, LeftOut, Provenance, Published, Register

KINDS = (
    "spelling",
    "grammar",
    "terminology",
    "mistranslation",
    "markup",
    "source-error",
    "interpretation",
)
# Kinds that change or settle what a rule means: shown on the rule itself, not only listed.
NOTABLE_KINDS = ("source-error", "interpretation")


def header_lines(text: str, header: str) -> list[int]:
    return [n for n, line in enumerate(text.splitlines(), 1) if line.strip() == header]


def key_line(text: str, key: str, default: int = 1) -> int:
    quoted = f'"{key}"'
    for n, line in enumerate(text.splitlines(), 1):
        if quoted in line:
            return n
    return default


def load_register(path: Path) -> Register:
    text = path.read_text(encoding="utf-8")
    data = tomllib.loads(text)
    c_lines = header_lines(text, "[[correction]]")
    l_lines = header_lines(text, "[[left_out]]")
    corrections = tuple(
        Correction(
            rule=str(c.get("rule", "")),
            original=str(c.get("original", "")),
            corrected=str(c.get("corrected", "")),
            kind=str(c.get("kind", "")),
            reason_fr=str(c.get("reason_fr", "")),
            reason_en=str(c.get("reason_en", "")),
            line=c_lines[i] if i < len(c_lines) else 1,
        )
        for i, c in enumerate(data.get("correction", []))
    )
    left_out = tuple(
        LeftOut(
            lines=parse_line_ranges(str(item.get("lines", ""))),
            reason_fr=str(item.get("reason_fr", "")),
            reason_en=str(item.get("reason_en", "")),
            line=l_lines[i] if i < len(l_lines) else 1,
        )
        for i, item in enumerate(data.get("left_out", []))
    )
    return Register(path, corrections, left_out)


def load_provenance(path: Path) -> Provenance:
    """Flat values stay as they are; a table of languages becomes ``key.fr``, ``key.en``."""
    data: dict[str, Any] = tomllib.loads(path.read_text(encoding="utf-8"))
    values: dict[str, str] = {}
    for key, value in data.items():
        if isinstance(value, dict):
            values.update({f"{key}.{lang}": str(text) for lang, text in value.items()})
        else:
            values[key] = str(value)
    return Provenance(path, values)


def load_published(path: Path) -> Published:
    text = path.read_text(encoding="utf-8")
    data = tomllib.loads(text)
    ids = {
        rule_id: key_line(text, rule_id)
        for game_ids in data.get("ids", {}).values()
        for rule_id in game_ids
    }
    aliases = {old: (str(new), key_line(text, old)) for old, new in data.get("aliases", {}).items()}
    return Published(path, ids, aliases)
