"""The words of the chains of rules: how a page names, in its language, the values a rule
function recorded in the code's words (``kit.explain``).

``rules_fr/chain-words.toml`` holds two tables, ``[names]`` (the values' names: ``items``)
and ``[values]`` (values that are words: ``"red ship"``, ``True``), each key with its
``fr`` and ``en``. A game's own terms (its ``TERMS``: cards, levels, colours) need no line
for its values: they are the game's words already. A name and a value are looked up apart
(``ChainWords.for_page``), so a key may stand in both tables. The explanations check asks
for every word a chain shows, and names a line no chain uses as its table says.
"""

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from rulebook.book.cache import signature
from rulebook.book.folders import FR_DIR
from rulebook.book.registers import load_toml, string, toml_type, value_line
from rulebook.errors import BookError
from rulebook.kit.explain import Wording
from rulebook.kit.terms import Term
from rulebook.language import Lang

CHAIN_WORDS = Path(FR_DIR) / "chain-words.toml"
TABLES = ("names", "values")


@dataclass(frozen=True)
class ChainWord:
    """One name or value a chain shows (``table``: ``names`` or ``values``), in each
    language, and the line that says so."""

    table: str
    code: str
    fr: str
    en: str
    line: int


@dataclass(frozen=True)
class ChainWords:
    path: Path
    words: tuple[ChainWord, ...]

    def for_page(self, lang: Lang, terms: Iterable[Term] = ()) -> Wording:
        """A page's words for its chains, in ``lang``. A name takes its word from [names]
        only. A value takes it from the game's terms first, then from [values]: the game's
        glossary is its one term for the thing (Stone Age's ``builder`` card is its "Hut
        builder" wherever it shows, whatever another game names ``builder``), and [values],
        shared by all games, holds what no game's terms say (yes, no, Catan Dice's symbols)."""

        def word(fr: str, en: str) -> str:
            return fr if lang == "fr" else en

        names = {w.code: word(w.fr, w.en) for w in self.words if w.table == "names"}
        values = {w.code: word(w.fr, w.en) for w in self.words if w.table == "values"}
        return Wording(names, values | {str(t.id): word(t.fr, t.en) for t in terms})


def load_chain_words(root: Path) -> ChainWords:
    """The file read once for each state of it: every chain of a build asks for it."""
    path = root / CHAIN_WORDS
    stamp = signature(path)  # size, date and inode, as every cache of what a file says
    return ChainWords(path, ()) if stamp is None else _load(path, stamp)


@lru_cache(maxsize=8)
def _load(path: Path, stamp: tuple[int, int, int]) -> ChainWords:
    text, data = load_toml(path)
    unknown = sorted(set(data) - set(TABLES))
    if unknown:
        raise BookError(
            path, value_line(text, unknown[0]), f"unknown table {unknown[0]!r}: the tables are "
            "[names] and [values]",
        )  # fmt: skip
    words: list[ChainWord] = []
    for table in TABLES:  # a key twice in one table is the TOML reader's error, at its line
        after = value_line(text, table)
        for code, pair in _table(path, text, data, table).items():
            line = value_line(text, code, after)
            fr, en = (string(path, _pair(path, pair, code, line), k, line) for k in ("fr", "en"))
            if not fr.strip() or not en.strip():
                raise BookError(path, line, f"{code!r} needs both fr and en words")
            words.append(ChainWord(table, code, fr, en, line))
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
