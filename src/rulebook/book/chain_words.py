"""The words of the chains of rules: how a page names, in its language, the values a rule
function recorded in the code's words (``kit.explain``).

``rules_fr/chain-words.toml`` holds two tables, ``[names]`` (the values' names: ``items``)
and ``[values]`` (values that are words: ``"red ship"``, ``True``), each key with its
``fr`` and ``en``. A game's own terms (its ``TERMS``: cards, levels, colours) need no line:
they are the game's words already. The explanations check asks for every word a chain
shows, and names a line no chain uses.
"""

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from rulebook.book.registers import load_toml, string, toml_type, value_line
from rulebook.errors import BookError
from rulebook.kit.terms import Term
from rulebook.language import Lang

CHAIN_WORDS = Path("rules_fr") / "chain-words.toml"
TABLES = ("names", "values")


@dataclass(frozen=True)
class ChainWord:
    """One name or value a chain shows, in each language, and the line that says so."""

    code: str
    fr: str
    en: str
    line: int


@dataclass(frozen=True)
class ChainWords:
    path: Path
    words: tuple[ChainWord, ...]

    def for_page(self, lang: Lang, terms: Iterable[Term] = ()) -> dict[str, str]:
        """Code word to page word, in ``lang``: this file's, then the game's terms."""
        said = {str(t.id): (t.fr if lang == "fr" else t.en) for t in terms}
        return said | {w.code: (w.fr if lang == "fr" else w.en) for w in self.words}


def load_chain_words(root: Path) -> ChainWords:
    """The file read once for each state of it: every chain of a build asks for it."""
    path = root / CHAIN_WORDS
    try:
        stat = path.stat()
    except OSError:
        return ChainWords(path, ())
    return _load(path, stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=8)
def _load(path: Path, mtime_ns: int, size: int) -> ChainWords:
    text, data = load_toml(path)
    unknown = sorted(set(data) - set(TABLES))
    if unknown:
        raise BookError(
            path, value_line(text, unknown[0]), f"unknown table {unknown[0]!r}: the tables are "
            "[names] and [values]",
        )  # fmt: skip
    words: list[ChainWord] = []
    seen: dict[str, int] = {}
    for table in TABLES:
        after = value_line(text, table)
        for code, pair in _table(path, text, data, table).items():
            line = value_line(text, code, after)
            if code in seen:
                raise BookError(path, line, f"{code!r} is already given at line {seen[code]}")
            seen[code] = line
            fr, en = (string(path, _pair(path, pair, code, line), k, line) for k in ("fr", "en"))
            if not fr.strip() or not en.strip():
                raise BookError(path, line, f"{code!r} needs both fr and en words")
            words.append(ChainWord(code, fr, en, line))
    return ChainWords(path, tuple(words))


def _table(path: Path, text: str, data: dict[str, Any], name: str) -> dict[str, Any]:
    table = data.get(name, {})
    if not isinstance(table, dict):
        raise BookError(path, value_line(text, name), f"`{name}` must be a table: [{name}]")
    return table


def _pair(path: Path, pair: object, code: str, line: int) -> dict[str, Any]:
    if not isinstance(pair, dict) or set(pair) != {"fr", "en"}:
        raise BookError(
            path, line, f"{code!r} must be {{ fr = \"…\", en = \"…\" }}, got {toml_type(pair)}"
            if not isinstance(pair, dict) else f"{code!r} must have fr and en, nothing else",
        )  # fmt: skip
    return pair
