"""`make bench`'s rows for `rulebook check` as a command: its first run, and the book at scale.

- The first check: ``rulebook check`` with an empty cache (a fresh machine, or the first run
  after an upgrade: ``XDG_CACHE_HOME`` a new empty folder each run), then warm (the same
  folder, filled by a run before).
- At scale (``python -m tools.bench --scale 100``): the book with its games copied under new
  IDs until it holds that many (``tools/scaled_book.py``), checked cold, warm, and after one
  rule edited as a translator edits it (the text changed, ``rulebook translated`` and
  ``rulebook publish`` run, untimed, then the check).

Each row gives the wall-clock time and the processor time the command used: on a machine
busy with other work the first grows and the second much less.
"""

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from tools.scaled_book import scaled_book, scaled_environment

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Timing:
    """Several runs of one thing: their wall-clock seconds, and processor seconds (this
    process's and its children's)."""

    walls: tuple[float, ...]
    cpus: tuple[float, ...]

    @property
    def median(self) -> float:
        return statistics.median(self.walls)

    @property
    def best(self) -> float:
        return min(self.walls)

    @property
    def cpu(self) -> float:
        return statistics.median(self.cpus)


def processor() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed(
    action: Callable[[], object], runs: int, before: Callable[[], object] | None = None
) -> Timing:
    """``action`` run ``runs`` times, ``before`` (untimed) before each."""
    walls, cpus = [], []
    for _ in range(runs):
        if before is not None:
            before()
        start, used = time.perf_counter(), processor()
        action()
        walls.append(time.perf_counter() - start)
        cpus.append(processor() - used)
    return Timing(tuple(walls), tuple(cpus))


def rulebook(*words: str, env: dict[str, str]) -> Callable[[], None]:
    """A ``rulebook`` command, run as a user runs it; it must succeed."""
    command = [sys.executable, "-m", "rulebook", *words]

    def run() -> None:
        done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise SystemExit(f"bench: {' '.join(words)} failed:\n{done.stdout}{done.stderr}")

    return run


def environment(cache: Path, base: dict[str, str] | None = None) -> dict[str, str]:
    env = {k: v for k, v in (base or os.environ).items() if k != "RULEBOOK_CACHE"}
    env["XDG_CACHE_HOME"] = str(cache)
    return env


def cold_and_warm(
    root: Path, runs: tuple[int, int], base: dict[str, str] | None = None
) -> tuple[Timing, Timing]:
    """The check of ``root`` with an empty cache each run, then warm (a run fills it)."""
    with tempfile.TemporaryDirectory() as tmp:
        caches = iter(range(runs[0]))
        env = environment(Path(tmp) / "warm", base)

        def empty() -> None:
            env["XDG_CACHE_HOME"] = str(Path(tmp) / f"cold{next(caches)}")

        check = rulebook("check", str(root), env=env)
        cold = timed(check, runs[0], before=empty)
        env["XDG_CACHE_HOME"] = str(Path(tmp) / "warm")
        check()
        return cold, timed(check, runs[1])


@dataclass(frozen=True)
class Scaled:
    games: int
    rules: int
    cold: Timing
    warm: Timing
    edited: Timing


def scale(games: int, runs: tuple[int, int, int] = (1, 5, 3)) -> Scaled:
    """The book copied until it holds ``games`` games, checked cold, warm and after one rule
    edited (``runs``: how many times each)."""
    with tempfile.TemporaryDirectory() as tmp:
        root = scaled_book(Path(tmp) / "book", games)
        base = scaled_environment(root)
        subprocess.run(
            [sys.executable, "-m", "compileall", "-q", str(root / "src")],
            env=base,
            capture_output=True,
            check=True,
        )  # fmt: skip  (bytecode, as the package has it)
        cold, warm = cold_and_warm(root, runs[:2], base)
        env = environment(Path(tmp) / "edits", base)
        rulebook("check", str(root), env=env)()
        rules = root / "rules_en" / "port-royal-morgan.md"
        words = ["It also ends at once if", "It also ends immediately if"]
        turn = iter(range(runs[2]))

        def edit() -> None:
            n = next(turn)
            text = rules.read_text(encoding="utf-8")
            old, new = words[n % 2], words[(n + 1) % 2]
            assert old in text, f"the bench's edit expects {old!r} in {rules}"
            rules.write_text(text.replace(old, new), encoding="utf-8")
            rulebook("translated", "pr-end", "--root", str(root), env=env)()
            rulebook("publish", "--root", str(root), env=env)()

        edited = timed(rulebook("check", str(root), env=env), runs[2], before=edit)
        count = sum(
            path.read_text(encoding="utf-8").count(":::{rule}")
            for path in (root / "rules_fr").glob("*.md")
        )
        return Scaled(games, count, cold, warm, edited)
