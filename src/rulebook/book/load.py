"""The whole book: every game's French and English rules, original, provenance and register.

Layout under ROOT::

    rules_fr/<game>.md                      cleaned French, the source of truth
    rules_fr/<game>.corrections.toml        its corrections register
    rules_fr/original/<game>.txt            the source text, byte for byte
    rules_fr/original/<game>.toml           its provenance
    rules_fr/published-ids.toml             every rule ID ever published
    rules_en/<game>.md                      the English translation
"""

import dataclasses
import hashlib
import inspect
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from rulebook.book.entries import Entry, resolve_entries
from rulebook.book.extract import parse_rules_text, read_rules_file
from rulebook.book.files import read_text, recorded_reads
from rulebook.book.folders import (
    EN_DIR,
    FR_DIR,
    history_file,
    original_file,
    provenance_file,
    register_file,
)
from rulebook.book.history import load_history
from rulebook.book.model import Game, Published, Rule
from rulebook.book.names import PREFIX, is_slug, module_error
from rulebook.book.registers import load_provenance, load_published, load_register
from rulebook.book.tree import refuse_strays
from rulebook.errors import BookError
from rulebook.language import Lang

if TYPE_CHECKING:
    from rulebook.book.code import BoundExamples

PUBLISHED = "published-ids.toml"


@dataclass(frozen=True)
class Book:
    root: Path
    games: tuple[Game, ...]
    published: Published | None
    # One entry per rule ID, both languages joined once (``entries.py``).
    entries: Mapping[str, Entry] = field(init=False, repr=False, compare=False)
    # The entries of each game (by slug), in its order: a check asks for them per game, and
    # "try it" per rule, which a scan of the whole book made quadratic (2 s at 100 games).
    _by_game: Mapping[str, tuple[Entry, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "entries", resolve_entries(self.games))
        by_game: dict[str, list[Entry]] = {}
        for entry in self.entries.values():
            by_game.setdefault(entry.game.slug, []).append(entry)
        object.__setattr__(self, "_by_game", {k: tuple(v) for k, v in by_game.items()})

    def rules(self, lang: Lang = "fr") -> Iterator[Rule]:
        for game in self.games:
            rules_file = game.rules_in(lang)
            if rules_file is not None:
                yield from rules_file.rules

    def command(self, words: str) -> str:
        """A ``rulebook`` command to advise, in backquotes, acting on this book from the
        current folder (the commands that write default to the current folder).

        >>> Book(Path.cwd().resolve(), (), None).command("translated pr-end")
        '`rulebook translated pr-end`'
        >>> Book(Path("/tmp/book"), (), None).command("translated pr-end")
        '`rulebook translated pr-end --root /tmp/book`'
        """
        return advise(words, self.root)

    def entry(self, rule_id: str) -> Entry:
        return self.entries[rule_id]

    def entries_in(self, game: Game) -> Iterator[Entry]:
        """The entries of one game, in its order."""
        return iter(self._by_game.get(game.slug, ()))

    def runnable_examples(self, entry: Entry) -> "list[BoundExamples]":
        """What a reader can run at a rule ("try it"), its chain's words checked: its worked
        examples; or, for the first rule naming a function, that function's general
        examples (Stone Age's feeding, at its first rule)."""
        from rulebook.book.code import GENERAL, bound_examples

        if entry.examples:
            return list(entry.examples)
        groups = []
        for code in entry.code:
            if not inspect.isfunction(code.obj):
                continue
            first = next(e for e in self.entries_in(entry.game) if code.name in e.fr.code)
            if first.id == entry.id:
                groups += [g for g in bound_examples(code.name, code.obj) if g.rule == GENERAL]
        return groups

    def game(self, slug: str) -> Game:
        for game in self.games:
            if game.slug == slug:
                return game
        raise KeyError(slug)

    def rule(self, rule_id: str, lang: Lang = "fr") -> Rule:
        rule = self.entries[rule_id].rule(lang)
        if rule is None:
            raise KeyError(rule_id)
        return rule


def advise(words: str, root: Path | None = None) -> str:
    """A ``rulebook`` command in backquotes, with ``--root`` unless the book is here."""
    here = root is None or root == Path.cwd().resolve()
    return f"`rulebook {words}{'' if here else f' --root {root}'}`"


FRONT_MATTER = ("game", "prefix", "module")


def game_files(root: Path, published: Published | None = None) -> list[tuple[Path, str]]:
    """The French rules files of the games, with their text: markdown files whose front
    matter names a game. A file that should be a game's (it has an original, a register or
    published IDs) but names none is a ``BookError``: it would hide the whole game."""
    folder = root / FR_DIR
    if not folder.is_dir():
        raise BookError(
            root,
            0,
            f"not a rulebook: no {FR_DIR}/ folder here: run the command in the book's "
            "folder, or pass the folder that holds rules_fr/ and rules_en/",
        )
    found = []
    for path in sorted(folder.glob("*.md")):
        text = read_text(path)
        if text.startswith("---") and "\ngame:" in text.split("\n---", 2)[0]:
            found.append((path, text))
        elif is_game_name(root, path.stem, published):
            what = "is empty" if not text.strip() else "has no front matter naming its game"
            raise BookError(
                path,
                1,
                f"{what}, so the whole game {path.stem} is missing: start the file "
                f"with ---, game: {path.stem}, prefix: …, module: …, ---",
            )
    if not found:
        raise BookError(
            folder,
            0,
            "holds no game: a game's rules file starts with front matter "
            "(---, game: …, prefix: …, module: …, ---)",
        )
    return found


def is_game_name(root: Path, stem: str, published: Published | None) -> bool:
    return (
        (root / original_file(stem)).exists()
        or (root / register_file(stem)).exists()
        or (published is not None and stem in published.games)
    )


def load_game(fr_path: Path, text: str) -> Game:
    """The game whose French rules file is ``fr_path`` (its text read), with its other files;
    its ``sources`` a digest of every file read for it, by path and content: the game as
    loaded, to the byte, even when a file changes while the command runs."""
    with recorded_reads() as read:
        game = read_game(fr_path, text)
    digest = hashlib.sha256(f"{fr_path}\0{text}".encode("utf-8", "surrogatepass"))
    for path, data in read:
        digest.update(b"\0" + str(path).encode("utf-8", "surrogatepass") + b"\0")
        digest.update(hashlib.sha256(data).digest())
    return dataclasses.replace(game, sources=digest.hexdigest())


def check_front_matter(fr_path: Path, text: str, meta: dict[str, str]) -> None:
    """A ``BookError`` at the line of the first thing wrong in a game's front matter: a key
    missing, a slug that is not the file's name or not lowercase words, a prefix or a module
    that cannot be one."""
    for key in FRONT_MATTER:
        if not meta.get(key):
            raise BookError(
                fr_path,
                1,
                f"the front matter gives no `{key}:`: add it between the --- lines "
                f"({', '.join(FRONT_MATTER)})",
            )
    slug = meta["game"]
    if slug != fr_path.stem:
        raise BookError(
            fr_path,
            2,
            f"the front matter names the game {slug!r}, but the file is "
            f"{fr_path.name}: a game's file is named by its slug (game: {fr_path.stem})",
        )
    if not is_slug(slug):
        raise BookError(
            fr_path,
            front_matter_line(text, "game"),
            f"the game {slug!r} is not lowercase ASCII words joined by hyphens: its files and "
            "pages are named by it (game: port-royal-morgan)",
        )
    if not PREFIX.fullmatch(meta["prefix"]):
        raise BookError(
            fr_path,
            front_matter_line(text, "prefix"),
            f"the prefix {meta['prefix']!r} is not lowercase ASCII letters and "
            "digits (12 at most): every rule ID starts with it (prefix: pr for pr-end)",
        )
    wrong = module_error(meta["module"])
    if wrong:
        raise BookError(fr_path, front_matter_line(text, "module"), wrong)


def read_game(fr_path: Path, text: str) -> Game:
    """The game whose French rules file is ``fr_path`` (its ``text``), with the files named
    after its slug beside it: the English, the source and where it comes from, the register
    and the history."""
    root = fr_path.parent.parent
    fr = parse_rules_text(text, fr_path, "fr")
    check_front_matter(fr_path, text, fr.meta)
    slug = fr.meta["game"]
    en_path = root / EN_DIR / f"{slug}.md"
    original_path = root / original_file(slug)
    provenance_path = root / provenance_file(slug)
    register_path = root / register_file(slug)
    history_path = root / history_file(slug)
    original = read_text(original_path) if original_path.exists() else ""
    if provenance_path.exists() and not original.strip():
        what = "is empty" if original_path.exists() else "is missing"
        raise BookError(
            original_path,
            0,
            f"{what}, but {provenance_path.name} records it: restore the "
            "source text byte for byte (git checkout)",
        )
    return Game(
        slug=slug,
        prefix=fr.meta["prefix"],
        module=fr.meta["module"],
        fr=fr,
        en=read_rules_file(en_path, "en") if en_path.exists() else None,
        original_path=original_path,
        original_lines=tuple(original.split("\n")),
        provenance=load_provenance(provenance_path) if provenance_path.exists() else None,
        register=load_register(register_path) if register_path.exists() else None,
        history=load_history(history_path) if history_path.exists() else None,
    )


def front_matter_line(text: str, key: str) -> int:
    """The line of the front matter that gives ``key`` (1 when none does).

    >>> front_matter_line("---\\ngame: x\\nmodule: y\\n---\\n", "module")
    3
    """
    for number, line in enumerate(text.split("\n")[:40], 1):
        if line.startswith(f"{key}:"):
            return number
    return 1


def load_book(root: Path) -> Book:
    """Every game of the book; a file that cannot be read is a ``BookError`` naming it."""
    root = root.resolve()
    if not root.is_dir():
        what = "is not a folder" if root.exists() else "does not exist"
        raise BookError(root, 0, f"{what}: pass the book's folder (it holds rules_fr/)")
    refuse_strays(root, (FR_DIR, EN_DIR))
    published_path = root / FR_DIR / PUBLISHED
    published = load_published(published_path) if published_path.exists() else None
    files = game_files(root, published)
    if not (root / EN_DIR).is_dir():  # else every English rule is a problem of its own
        raise BookError(
            root,
            0,
            f"no {EN_DIR}/ folder here, so every game's English is missing: restore it "
            f"(git checkout {EN_DIR}), or pass the folder that holds {FR_DIR}/ and {EN_DIR}/",
        )
    games = tuple(load_game(path, text) for path, text in files)
    return Book(root=root, games=games, published=published)
