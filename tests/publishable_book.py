"""A small book that `rulebook site` publishes: the book cut to a few games
(``small_book.cut_book``), made whole again where the book keeps something of every game.

A cut book is refused by the check, and so by the command's gate: the registry of published IDs
names games it no longer holds, and the chains' words file holds words only their chains show.
Here both keep only what the games left hold, and the whole check agrees: a test runs the
command itself (`rulebook site`, `make live`, the installed wheel's) on one or two games, as a
user runs it on the book, where the whole book would cost a minute of building for no more
of what the test asserts. Its ``docs/`` is a copy, not a link: ``docs/conf.py`` takes the book
to build from its own folder.
"""

import shutil
from pathlib import Path

import tomlkit

from rulebook.book import load_book
from rulebook.checks import run_checks
from tests.conftest import ROOT
from tests.small_book import cut_book

REGISTRY = Path("rules_fr") / "published-ids.toml"


def publishable_book(root: Path, games: tuple[str, ...]) -> Path:
    """The book with only ``games``, at ``root``, the check agreeing; ``root``."""
    cut_book(root, games)
    (root / "docs").unlink()
    shutil.copytree(ROOT / "docs", root / "docs", ignore=shutil.ignore_patterns("_build"))
    registry = tomlkit.parse((root / REGISTRY).read_text(encoding="utf-8"))
    ids = registry["ids"]
    assert isinstance(ids, dict)
    for slug in [slug for slug in ids if slug not in games]:
        del ids[slug]
    (root / REGISTRY).write_text(tomlkit.dumps(registry), encoding="utf-8")
    # The lines no chain of these games shows, as the explanations check names them.
    unshown = {
        problem.line
        for problem in run_checks(load_book(root), ("explanations",))
        if problem.path.name == "chain-words.toml"
    }
    words = root / "rules_fr" / "chain-words.toml"
    lines = words.read_text(encoding="utf-8").splitlines(keepends=True)
    kept = [line for number, line in enumerate(lines, 1) if number not in unshown]
    words.write_text("".join(kept), encoding="utf-8")
    problems = [problem.format(root) for problem in run_checks(load_book(root))]
    assert problems == [], f"the small book of {games} is not publishable: {problems[:5]}"
    return root
