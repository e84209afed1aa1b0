"""The typed records the extractor makes of the rules files and registers."""

import datetime
import re
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from pathlib import Path

from rulebook.language import Lang


class SegmentKind(StrEnum):
    TEXT = "text"
    NQ = "nq"  # a number marked as not a game quantity
    MARKER = "marker"  # an ordered list's number
    CELL = "cell"  # a table cell
    ADDED = "added"  # the editors' addition ({ed}): rule text the source does not have


class RuleKind(StrEnum):
    """The ``:kind:`` a rule block may give (a rules file may give another: the ids check
    names it)."""

    RULE = "rule"
    EXAMPLE = "example"


class CorrectionKind(StrEnum):
    """The kinds of a corrections register's entries."""

    SPELLING = "spelling"
    GRAMMAR = "grammar"
    TERMINOLOGY = "terminology"
    MISTRANSLATION = "mistranslation"
    MARKUP = "markup"
    SOURCE_ERROR = "source-error"  # the source contradicts itself: one reading chosen
    INTERPRETATION = "interpretation"  # the source is ambiguous: one reading chosen


_LINE_BREAKS = re.compile(r"\s*[\r\n]+\s*")


@dataclass(frozen=True)
class Segment:
    """A piece of a rule's plain text. ``kind`` is ``text``, ``nq`` (a number marked as not a
    game quantity), ``marker`` (an ordered-list number) or ``cell``, with ``row``/``col`` set."""

    text: str
    kind: SegmentKind = SegmentKind.TEXT
    row: int = -1
    col: int = -1


@dataclass(frozen=True)
class Rule:
    """One citable rule, in one language."""

    id: str
    game: str
    lang: Lang
    title: str
    path: Path
    line_start: int
    line_end: int
    body: str
    body_line: int
    segments: tuple[Segment, ...]
    heading: str | None = None
    code: tuple[str, ...] = ()
    no_code: str | None = None
    original: tuple[int, ...] = ()
    added: str | None = None
    kind: str = RuleKind.RULE
    options: dict[str, str] = field(default_factory=dict)
    # Marked ``:aid:`` (French file): the rule is on its game's player aid, as it stands.
    aid: bool = False
    # The line of the rules file of each row of each table (header first), so that a problem
    # with a cell points at its row; and what is wrong with the tables' markup, where the
    # page would show something other than what the rules file says (a row with more cells
    # than its header, whose last cells the page drops; a table without its separator row,
    # which the page shows as a paragraph).
    table_lines: tuple[tuple[int, ...], ...] = ()
    table_faults: tuple["Located", ...] = ()

    @cached_property  # asked some 15,000 times by one check run
    def text(self) -> str:
        """The rule's plain text: what a reader reads, with markup gone."""
        return "".join(s.text for s in self.segments if s.kind != SegmentKind.MARKER)

    @property
    def tables(self) -> list[list[list[str]]]:
        """The markdown tables of the rule, as rows of cell texts."""
        tables: list[list[list[str]]] = []
        for s in self.segments:
            if s.kind != SegmentKind.CELL:
                continue
            if s.row == 0 and s.col == 0:
                tables.append([])
            if s.col == 0:
                tables[-1].append([])
            tables[-1][-1].append(s.text)
        return tables


@dataclass(frozen=True)
class Located:
    """Something found in a file, for a problem to point at."""

    path: Path
    line: int
    what: str


@dataclass(frozen=True)
class RulesFile:
    path: Path
    lang: Lang
    meta: dict[str, str]
    title: str
    rules: tuple[Rule, ...]
    raw_html: tuple[Located, ...] = ()
    stray: tuple[Located, ...] = ()
    headings: tuple[Located, ...] = ()  # every heading of the file, H1 included, in order

    def rule_after(self, line: int) -> Rule | None:
        """The first rule below ``line``: the one a heading there heads; None at the end."""
        return next((rule for rule in self.rules if rule.line_start > line), None)


@dataclass(frozen=True)
class Correction:
    rule: str
    original: str
    corrected: str
    kind: str
    reason_fr: str
    reason_en: str
    line: int
    # The editors' decision: does the corrected text change what a player does (a number, an
    # action, a choice, who acts)? True: shown at the rule. None: not said (the check asks).
    changes_play: bool | None = None

    @property
    def is_addition(self) -> bool:
        """An editors' addition: text of an ``{ed}`` span, where the source says nothing."""
        return not self.original

    def reason(self, lang: Lang) -> str:
        """Why the text was corrected, in ``lang``."""
        return self.reason_fr if lang == "fr" else self.reason_en


@dataclass(frozen=True)
class LeftOut:
    lines: tuple[int, ...]
    reason_fr: str
    reason_en: str
    line: int

    def reason(self, lang: Lang) -> str:
        """Why these lines of the source are left out, in ``lang``."""
        return self.reason_fr if lang == "fr" else self.reason_en


@dataclass(frozen=True)
class Register:
    path: Path
    corrections: tuple[Correction, ...]
    left_out: tuple[LeftOut, ...]


@dataclass(frozen=True)
class Provenance:
    path: Path
    values: dict[str, str]


@dataclass(frozen=True)
class Game:
    slug: str
    prefix: str
    module: str
    fr: RulesFile
    en: RulesFile | None
    original_path: Path
    original_lines: tuple[str, ...]
    provenance: Provenance | None
    register: Register | None
    history: "History | None" = None
    # A digest of every file the game was read from, by path and content (``load_game``):
    # what a check's result for the game is kept under (``checks/game_results.py``).
    sources: str = field(default="", compare=False, repr=False)

    def rules_in(self, lang: Lang) -> RulesFile | None:
        """The game's rules file in ``lang``; None for an English not written yet."""
        return self.fr if lang == "fr" else self.en

    def shown_in(self, lang: Lang) -> RulesFile:
        """The rules file a page in ``lang`` shows the game from: the French while the
        English is not written."""
        return self.rules_in(lang) or self.fr


@dataclass(frozen=True)
class Version:
    """One published version of a rule, in both languages, as ``rulebook publish`` recorded
    it (``<game>.history.toml``); ``number`` counts the rule's versions from 1."""

    rule: str
    number: int
    date: datetime.date
    fr_title: str
    fr: str
    en_title: str
    en: str
    line: int
    renamed_from: str = ""  # the rule's ID before this version, when it was renamed
    retired: bool = False  # the rule left the book with this version

    def title(self, lang: Lang) -> str:
        """The rule's title in this version, in ``lang``: the French one where no English
        title was recorded."""
        return (self.en_title if lang == "en" else "") or self.fr_title

    def body(self, lang: Lang) -> str:
        """The rule's text in this version, in ``lang``."""
        return self.fr if lang == "fr" else self.en


@dataclass(frozen=True)
class History:
    path: Path
    versions: tuple[Version, ...]

    @cached_property
    def by_rule(self) -> dict[str, tuple[Version, ...]]:
        found: dict[str, list[Version]] = {}
        for version in self.versions:
            found.setdefault(version.rule, []).append(version)
        return {rule_id: tuple(versions) for rule_id, versions in found.items()}

    def of(self, rule_id: str) -> tuple[Version, ...]:
        return self.by_rule.get(rule_id, ())


@dataclass(frozen=True)
class Published:
    path: Path
    ids: dict[str, int]
    aliases: dict[str, tuple[str, int]]
    games: dict[str, tuple[str, ...]] = field(default_factory=dict)  # the IDs listed per game


@dataclass(frozen=True)
class Problem:
    """One disagreement, printed ``path:line: rule-id: message``."""

    path: Path
    line: int
    rule: str
    message: str
    check: str = ""
    fr: str = ""  # what the French says, where it matters
    en: str = ""  # what the English says
    code: str = ""  # what the code says
    fix: str = ""  # what to do about it

    @classmethod
    def at(
        cls,
        rule: Rule,
        message: str,
        line: int | None = None,
        *,
        fr: str = "",
        en: str = "",
        code: str = "",
        fix: str = "",
    ) -> "Problem":
        """A problem about ``rule``: in its rules file, at ``line`` (the rule's first line
        unless told), named by its ID. ``Problem`` itself is for what is not at a rule (a
        file, a register's line, a line of code)."""
        start = rule.line_start if line is None else line
        return cls(rule.path, start, rule.id, message, fr=fr, en=en, code=code, fix=fix)

    def where(self, root: Path) -> str:
        try:
            return str(self.path.relative_to(root))
        except ValueError:
            return str(self.path)

    def format(self, root: Path) -> str:
        said = [
            f"{name}: {value}"
            for name, value in (("French", self.fr), ("English", self.en), ("code", self.code))
            if value
        ]
        details = f" [{'; '.join(said)}]" if said else ""
        fix = f" → {self.fix}" if self.fix else ""
        line = f"{self.where(root)}:{self.line}: {self.rule}: {self.message}{details}{fix}"
        return _LINE_BREAKS.sub(" ", line)  # one problem, one line, whatever a quote spans

    def as_dict(self, root: Path) -> dict[str, object]:
        return {
            "path": self.where(root),
            "line": self.line,
            "rule": self.rule,
            "check": self.check,
            "message": self.message,
            "french": self.fr,
            "english": self.en,
            "code": self.code,
            "fix": self.fix,
        }
