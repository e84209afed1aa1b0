"""The book copied under new IDs: `make bench`'s scale mode checks a book of 100 games.

``scaled_book(folder, games)`` writes, into ``folder``, the book (its rules, configuration and
package) with each of its games copied until it holds ``games`` games (a multiple of the
book's own count): each copy under its own slug (``port-royal-morgan-c2``), prefix (``prc2``,
so rule IDs ``prc2-end``) and module (``rulebook.games.port_royal_c2``, the game's package
copied with its rule IDs and its own imports renamed), with its files beside the game's
(rules, original and provenance, registers, review pages), its published IDs and its terms of
the glossary. A game cannot share its module with another: the code names its rules by ID
(``pr-end``), and the check holds those to the game's own rules.

The copy checks as the book does ("everything agrees"): every check does for each copy the
work it does for the game copied. Run the copy's own package (``PYTHONPATH=<folder>/src``),
which holds the copied modules: ``scaled_environment`` gives that environment.
"""

import os
import re
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
IGNORED = shutil.ignore_patterns("__pycache__", "_build", "*.mo")
GAME_FOLDERS = ("", "aid", "code", "companion", "corrections", "side-by-side", "original")
FRONT = re.compile(r"\A---\n(.*?)\n---\n", re.S)


@dataclass(frozen=True)
class Original:
    slug: str
    prefix: str
    package: str  # the last part of its module: port_royal


@dataclass(frozen=True)
class Renamed:
    """One game's copy: its names, and the rewriting of any text of the game into the copy's."""

    slug: str
    prefix: str
    package: str
    rewrite: Callable[[str], str]


def games_of(root: Path) -> list[Original]:
    found = []
    for path in sorted((root / "rules_fr").glob("*.md")):
        front = FRONT.match(path.read_text(encoding="utf-8"))
        if front is None or "\ngame:" not in "\n" + front.group(1):
            continue
        meta = dict(line.split(": ", 1) for line in front.group(1).split("\n") if ": " in line)
        found.append(Original(meta["game"], meta["prefix"], meta["module"].rsplit(".", 1)[-1]))
    return found


def renamed(game: Original, copy: int) -> Renamed:
    slug, prefix, package = (
        f"{game.slug}-c{copy}",
        f"{game.prefix}c{copy}",
        f"{game.package}_c{copy}",
    )
    patterns = (
        # the slug, whole (not a longer slug that starts with it)
        (re.compile(rf"(?<![\w-]){re.escape(game.slug)}(?![\w-])"), slug),
        # a rule ID, or its beginning in code (f"{game.prefix}-{{name}}")
        (re.compile(rf"(?<![\w-]){re.escape(game.prefix)}-(?=[a-z0-9{{])"), f"{prefix}-"),
        (re.compile(rf"^prefix: {re.escape(game.prefix)}$", re.M), f"prefix: {prefix}"),
        # the module, as imported and named
        (re.compile(rf"\brulebook\.games\.{game.package}\b"), f"rulebook.games.{package}"),
        (re.compile(rf"\bfrom rulebook\.games import {game.package}\b"),
         f"from rulebook.games import {package}"),
    )  # fmt: skip

    def rewrite(text: str) -> str:
        for pattern, replacement in patterns:
            text = pattern.sub(replacement, text)
        return text

    return Renamed(slug, prefix, package, rewrite)


def copy_text(source: Path, target: Path, rewrite: Callable[[str], str]) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(rewrite(source.read_text(encoding="utf-8")), encoding="utf-8")


def copy_game(root: Path, game: Original, copy: Renamed) -> None:
    """The game's files and its package, written again under the copy's names."""
    for lang in ("fr", "en"):
        for folder in GAME_FOLDERS:
            place = root / f"rules_{lang}" / folder
            for path in sorted(place.glob(f"{game.slug}.*")):
                copy_text(path, place / f"{copy.slug}{path.name[len(game.slug) :]}", copy.rewrite)
    games = root / "src" / "rulebook" / "games"
    source = games / game.package
    if source.is_dir():
        for path in sorted(source.rglob("*.py")):
            copy_text(path, games / copy.package / path.relative_to(source), copy.rewrite)
    else:
        copy_text(games / f"{game.package}.py", games / f"{copy.package}.py", copy.rewrite)


def grow_published(path: Path, copies: list[tuple[Original, Renamed]]) -> None:
    """Each copy's published IDs and aliases, after the game's own."""
    text = path.read_text(encoding="utf-8")
    ids, aliases = text.split("\n[aliases]\n", 1)
    for game, copy in copies:
        block = re.search(rf"^{re.escape(game.slug)} = \[\n.*?^\]\n", ids, re.M | re.S)
        assert block is not None, f"no published IDs of {game.slug} in {path}"
        ids += "\n" + copy.rewrite(block.group(0)).rstrip("\n")
        own = [line for line in aliases.split("\n") if line.startswith(f'"{game.prefix}-')]
        aliases += "".join(copy.rewrite(line) + "\n" for line in own)
    path.write_text(ids.rstrip("\n") + "\n\n[aliases]\n" + aliases, encoding="utf-8")


def grow_glossary(path: Path, copies: list[tuple[Original, Renamed]]) -> None:
    """Each copy's terms (the game's own, not the whole book's ``*``)."""
    text = path.read_text(encoding="utf-8")
    blocks = text.split("\n[[term]]\n")
    added = []
    for game, copy in copies:
        mine = [b for b in blocks[1:] if re.search(rf'^game = "{re.escape(game.slug)}"$', b, re.M)]
        added += [copy.rewrite(block) for block in mine]
    path.write_text(
        text.rstrip("\n") + "".join(f"\n\n[[term]]\n{b.rstrip()}" for b in added) + "\n",
        encoding="utf-8",
    )


def scaled_book(folder: Path, games: int) -> Path:
    """The book with its games copied until it holds ``games``; returns ``folder``."""
    for name in ("rules_fr", "rules_en", "docs", "src"):
        shutil.copytree(ROOT / name, folder / name, ignore=IGNORED)
    own = games_of(folder)
    times, left = divmod(games, len(own))
    assert left == 0 and times >= 1, f"{games} games: give a multiple of {len(own)}"
    copies = [(game, renamed(game, n)) for n in range(2, times + 1) for game in own]
    for game, copy in copies:
        copy_game(folder, game, copy)
    grow_published(folder / "rules_fr" / "published-ids.toml", copies)
    grow_glossary(folder / "rules_fr" / "glossary.toml", copies)
    return folder


def scaled_environment(folder: Path) -> dict[str, str]:
    """The environment a command checks the copy in: the copy's package, its modules with."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, (str(folder / "src"), env.get("PYTHONPATH"))))
    return env
