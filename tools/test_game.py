"""`make test-game GAME=<slug>`: what `make test` would reject about one game, in about a minute.

For the contributor of a game, who would otherwise wait for the whole of `make test`. In order:

1. the check (`rulebook check`): the game's problems, then those elsewhere in the book;
2. lint and types: ruff on the game's code and tests, mypy on its code, as `make test` has them;
3. the site: both languages built strictly (Sphinx's warnings are errors, as `make test`
   builds it; no PDFs), the warnings of the game's pages and of its code's docstrings (the
   code page renders them), then those elsewhere;
4. its tests: its own (``tests/test_<package>.py``, its companion's), its doctests, and the
   tests the book runs on each game (fuzzing, examples, bad input, the text mutants) chosen
   with ``-k``;
5. its code mutants' record (``tools/mutation/mutation_results.json``): there, measured on
   the code and tests as they are (the digest the mutation test compares), and at the aim;
   else the command that measures it, and about how long it takes.

Not run here, left to `make test`: the browser tests (the companion, accessibility), the
PDFs and the tests that read them, and the tests of the book as a whole. Exit status 0 when
nothing was found, 1 otherwise, 2 for a game the book does not have.
"""

import importlib
import json
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from rulebook.book import Book, cache, load_book
from rulebook.book.model import Game, Problem
from rulebook.checks import run_checks
from rulebook.errors import BookError
from rulebook.language import LANGUAGES
from rulebook.site.build import sphinx_command
from rulebook.site.try_it import package_of

ROOT = Path(__file__).resolve().parent.parent
AIM = 0.9  # the share of code mutants killed that tests/test_mutations.py asks for
# The tests the book runs on each game, a parameter naming the game: run with -k.
PER_GAME_TESTS = ("test_fuzz.py", "test_examples.py", "test_bad_input.py", "test_mutations.py")
# "path:line: WARNING: …" (or ERROR, CRITICAL) as Sphinx writes them, with -q and -W.
SPHINX_PROBLEM = re.compile(r"^(?:(?P<where>.*?): )?(?P<level>WARNING|ERROR|CRITICAL|SEVERE): ")


class Report:
    """What each part found; the last line sums up."""

    def __init__(self) -> None:
        self.found: dict[str, int] = {}

    @contextmanager
    def part(self, title: str) -> Iterator[Callable[[int], None]]:
        print(f"\n== {title}", flush=True)
        start = time.perf_counter()
        counted: list[int] = []
        yield counted.append
        self.found[title] = sum(counted)
        print(f"   ({time.perf_counter() - start:.0f} s)", flush=True)

    def verdict(self, slug: str, seconds: float) -> int:
        bad = {title: n for title, n in self.found.items() if n}
        if not bad:
            print(f"\n{slug}: nothing `make test` would reject in these parts ({seconds:.0f} s)")
            return 0
        said = "; ".join(f"{title.split(':')[0]}: {n}" for title, n in bad.items())
        print(f"\n{slug}: to fix before `make test` passes: {said} ({seconds:.0f} s)")
        return 1


def code_files(game: Game) -> list[Path]:
    """The game's code, its companion's, and their tests: the files that are the game's."""
    package = package_of(game)
    code = ROOT / "src" / "rulebook" / "games" / package
    candidates = [
        code.with_suffix(".py"),
        *sorted(code.glob("*.py")),
        ROOT / "src" / "rulebook" / "companions" / f"{package}.py",
    ]
    tests = [ROOT / "tests" / f"test_{package}.py", ROOT / "tests" / f"test_companion_{package}.py"]
    return [path for path in [*candidates, *tests] if path.is_file()]


def is_the_games(problem: Problem, game: Game, rule_ids: set[str]) -> bool:
    """Whether a problem is the game's: at one of its rules, or in one of its files."""
    if problem.rule in rule_ids or problem.rule == game.slug:
        return True
    if problem.rule.startswith(f"{game.prefix}-"):
        return True
    path = problem.path if problem.path.is_absolute() else ROOT / problem.path
    return path.stem.split(".")[0] == game.slug or path in code_files(game)


def check(book: Book, game: Game, count: Callable[[int], None]) -> None:
    rule_ids = {entry.id for entry in book.entries_in(game)}
    problems = run_checks(book)
    mine = [p for p in problems if is_the_games(p, game, rule_ids)]
    others = [p for p in problems if p not in mine]
    for problem in mine:
        print(problem.format(ROOT))
    print(f"   {len(mine)} problem(s) of {game.slug}")
    if others:
        print(f"   and {len(others)} elsewhere in the book (`make test` rejects them too):")
        for problem in others:
            print(problem.format(ROOT))
    count(len(mine) + len(others))


def run(command: list[str], timeout: int = 600) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command, cwd=ROOT, capture_output=True, text=True, timeout=timeout, check=False
    )


def lint(game: Game, count: Callable[[int], None]) -> None:
    files = [str(path.relative_to(ROOT)) for path in code_files(game)]
    source = [name for name in files if name.startswith("src/")]
    for name, command in (
        ("ruff check", ["ruff", "check", "--quiet", *files]),
        ("ruff format", ["ruff", "format", "--check", "--quiet", *files]),
        ("mypy", ["mypy", *source]),
    ):
        done = run([sys.executable, "-m", *command])
        if done.returncode != 0:
            print(f"   {name}: {(done.stdout + done.stderr).strip() or 'failed'}")
            count(1)
    print(f"   ruff on {', '.join(files)}; mypy on its code")


def sphinx_problems(text: str) -> list[tuple[str, str]]:
    """Sphinx's warnings and errors, each with its place (``""`` when it gives none) and its
    lines (a warning may go on over the next lines)."""
    found: list[tuple[str, str]] = []
    for line in text.splitlines():
        match = SPHINX_PROBLEM.match(line)
        if match:
            found.append((match.group("where") or "", line))
        elif found and line.strip() and not line.startswith("build finished"):
            found[-1] = (found[-1][0], f"{found[-1][1]}\n{line}")
    return found


def is_the_games_page(where: str, game: Game) -> bool:
    """A place of a warning that is the game's: one of its pages (the game, its review, aid
    and companion pages), its code, or a docstring of its code (the code page's)."""
    package = package_of(game)
    return bool(
        re.search(rf"rules_(?:fr|en)/(?:[a-z-]+/)?{re.escape(game.slug)}\.md", where)
        or f"rulebook/games/{package}" in where
        or f"rulebook/companions/{package}" in where
        or re.search(rf"\brulebook\.games\.{package}\b", where)
    )


def site(game: Game, count: Callable[[int], None]) -> None:
    env = cache.child_environment()  # the builds read the parses the check kept
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        runs = []
        for lang in LANGUAGES:
            command = sphinx_command(ROOT, folder / "site", folder / "doctrees", lang, True)
            log = (folder / f"{lang}.log").open("w", encoding="utf-8")
            runs.append((subprocess.Popen(command, stdout=log, stderr=log, env=env), log))
        for process, log in runs:
            process.wait()
            log.close()
        said = "\n".join((folder / f"{lang}.log").read_text(encoding="utf-8") for lang in LANGUAGES)
        failed = [process.returncode for process, _ in runs if process.returncode != 0]
    problems = list(dict.fromkeys(sphinx_problems(said)))  # a docstring's, once a language
    mine = [line for where, line in problems if not where or is_the_games_page(where, game)]
    others = [line for where, line in problems if where and not is_the_games_page(where, game)]
    for line in mine:
        print(line.replace(str(ROOT) + "/", ""))
    print(f"   {len(mine)} warning(s) of {game.slug}'s pages and docstrings (or of no page)")
    if others:
        print(f"   and {len(others)} elsewhere in the book:")
        for line in others:
            print(line.replace(str(ROOT) + "/", ""))
    if failed and not problems:
        print(f"   the build failed with no warning to show:\n{said[-2000:]}")
        count(1)
    count(len(mine) + len(others))


def tests(game: Game, count: Callable[[int], None]) -> None:
    package = package_of(game)
    code = ROOT / "src" / "rulebook" / "games" / package
    own = [path for path in code_files(game) if path.name.startswith("test_")]
    doctests = [path for path in (code, code.with_suffix(".py")) if path.exists()]
    companion = ROOT / "src" / "rulebook" / "companions" / f"{package}.py"
    doctests += [companion] if companion.exists() else []
    shared = [ROOT / "tests" / name for name in PER_GAME_TESTS]
    targets = [str(path.relative_to(ROOT)) for path in [*own, *doctests, *shared]]
    command = [
        # -v against pyproject's -q: the usual output, its last line the counts
        sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-v", "-n", "2",
        "--dist", "loadfile", "-k", f"{package} or {game.slug}", *targets,
    ]  # fmt: skip
    done = run(command, timeout=900)
    lines = done.stdout.strip().splitlines()
    failures = [line for line in lines if line.startswith(("FAILED", "ERROR"))]
    failures += [f"SKIPPED in CI {line}" for line in skipped_in_ci(lines)]
    for line in failures:
        print(f"   {line}")
    print(f"   pytest -k '{package} or {game.slug}' {' '.join(targets)}")
    print(f"   {lines[-1] if lines else done.stderr.strip()[-500:]}")
    if failures:
        print("   run that command to see each failure")
    count(len(failures) or (done.returncode != 0))


def skipped_in_ci(lines: list[str]) -> list[str]:
    """The tests a CI run skipped (with ``CI`` set, each fails the run: tests/ci_skips.py),
    as its end names them: ``test: why`` (tests/test_one_game_report.py)."""
    heading = next((i for i, line in enumerate(lines) if "skipped in CI" in line), None)
    if heading is None:
        return []
    named = []
    for line in lines[heading + 1 :]:
        if line.startswith("="):
            break
        named.append(line)
    return named


def mutation_record(game: Game, count: Callable[[int], None]) -> None:
    from tools.mutate import RESULTS, digest, explanation

    package = package_of(game)
    test_file = ROOT / "tests" / f"test_{package}.py"
    recorded = json.loads(RESULTS.read_text(encoding="utf-8")).get(game.slug)
    command = f"`python -m tools.mutate {game.slug}` (or `make mutate`, every game)"
    if recorded is None:
        print(f"   no record of {game.slug}'s code mutants: run {command}")
        print(f"   {how_long(game)}")
        count(1)
        return
    if recorded["measured_on"] != digest(game.module, test_file):
        print(
            f"   the record was measured on other code or tests ({test_file.name}) than "
            f"today's: run {command}\n   {how_long(game)}"
        )
        count(1)
        return
    killed, total = recorded["code"]
    print(f"   {killed}/{total} code mutants killed ({100 * killed / total:.1f}%; aim {AIM:.0%})")
    if killed / total < AIM:
        print("   below the aim: kill the survivors with new tests, or explain the harmless ones")
    unexplained = [s for s in recorded["survivors"] if ".py:" in s and not explanation(s)]
    for survivor in unexplained:
        print(f"   survived, unexplained: {survivor}")
    if unexplained:
        print("   kill each with a test, or explain it in tools/mutation/mutants_explained.toml")
    count((killed / total < AIM) + len(unexplained))


def how_long(game: Game) -> str:
    """About how long measuring the game's mutants takes: its code mutants counted, each a run
    of the check, the doctests and the game's tests (Port Royal's 76 took some 20 s, text
    mutants included, on a 2-core machine)."""
    from tools.mutation.code_mutants import code_files as sources
    from tools.mutation.code_mutants import mutants

    module = importlib.import_module(game.module)
    count = sum(len(mutants(source)) for source in sources(module).values())
    seconds = 10 + count * 0.5  # measured: 0.15 s (Port Royal) to 0.5 s (Catan) a mutant
    took = f"{seconds:.0f} s" if seconds < 90 else f"{seconds / 60:.0f} min"
    return f"it mutates {count} places of the code: at most about {took} here"


def main(argv: list[str]) -> int:
    start = time.perf_counter()
    try:
        book = load_book(ROOT)
    except BookError as error:
        print(f"make test-game: {error}", file=sys.stderr)
        return 2
    slugs = [game.slug for game in book.games]
    if len(argv) != 1 or argv[0] not in slugs:
        said = f"no game {argv[0]!r}" if argv and argv[0] else "name the game"
        print(f"make test-game: {said}: make test-game GAME=<{'|'.join(slugs)}>", file=sys.stderr)
        return 2
    game = book.game(argv[0])
    report = Report()
    with report.part("check: rulebook check") as count:
        check(book, game, count)
    with report.part("lint: ruff and mypy") as count:
        lint(game, count)
    with report.part("site: strict build, both languages, no PDFs") as count:
        site(game, count)
    with report.part("tests: its own, its doctests, and the book's tests of each game") as count:
        tests(game, count)
    with report.part("mutants: the record of its code mutants") as count:
        mutation_record(game, count)
    return report.verdict(game.slug, time.perf_counter() - start)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
