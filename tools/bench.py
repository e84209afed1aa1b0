"""`make bench`: how fast the proof-reader's loop is, measured rather than assumed.

Prints a table of several runs of each (the median and best wall-clock time, and the
processor time used, which a machine busy with other work changes less): `rulebook check` as
a command (with Python's start-up), its first run (an empty cache) and warm, the check
in-process, the check after one rule edited, a full build of the site (both languages, from
nothing), an incremental rebuild after one rules file changes, and a plain Sphinx build of
the same markdown files without the project's extension, to show what the extension costs.
Then the book at scale (``tools/check_bench.py``): its games copied under new IDs until it
holds 100, checked cold, warm and after one rule edited (``python -m tools.bench --scale N``
prints that alone, for N games). Then the cost table (``tools/cost.py``): how the check's
time grows with each kind of input, up to 20 times the book's largest; ``python -m
tools.bench cost`` prints it alone.
"""

import argparse
import contextlib
import datetime
import io
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from rulebook.book import cache, load_book
from rulebook.book.translation_state import record
from rulebook.checks import run_checks
from rulebook.outputs.versions import record_versions
from rulebook.site.build import build_site
from rulebook.site.staging import work_folder
from tools import cost
from tools.check_bench import Scaled, Timing, cold_and_warm, scale, timed

ROOT = Path(__file__).resolve().parent.parent
# The baseline: plain Sphinx, MyST and furo on the same markdown files, the project's blocks
# rendered as plain containers of their text (tools/plain_sphinx/conf.py).
PLAIN_CONF = ROOT / "tools" / "plain_sphinx"


def built_quietly(root: Path, out: Path) -> None:
    """The site of the book at ``root`` built at ``out``, what the build says kept out of the
    figures (both streams: the placeholder address's warning, each build); said, and the
    bench stopped, when the build fails: a build that failed measured nothing.
    ``tools/companion_bench.py`` builds its site with it too."""
    said = io.StringIO()
    with contextlib.redirect_stdout(said), contextlib.redirect_stderr(said):
        failed = build_site(root, out)
    if failed:
        sys.exit(f"bench: the site did not build, nothing measured:\n{said.getvalue()}")


COLUMNS = f"{'':<50} {'runs':>4} {'median':>9} {'best':>9} {'processor':>10}"


def report(name: str, timing: Timing) -> float:
    """One row of the table: the median and best wall-clock time, and the processor time
    (this process's and its children's: the median of the runs)."""
    print(
        f"{name:<50} {len(timing.walls):>4} {timing.median:7.3f} s {timing.best:7.3f} s "
        f"{timing.cpu:8.3f} s"
    )
    return timing.median


def html_size(folder: Path) -> str:
    pages = list(folder.rglob("*.html"))
    return f"{len(pages)} pages, {sum(p.stat().st_size for p in pages) / 1e6:.1f} MB of HTML"


def verdict(name: str, value: float, aim: float, unit: str) -> None:
    met = "met" if value < aim or (unit == "x" and value <= aim) else "MISSED"
    print(
        f"  {name:<44} {value:5.2f}{unit}  aim {'<' if unit == ' s' else '<='} {aim}{unit}: {met}"
    )


def book_copy(tmp: Path) -> Path:
    """The book's rules, configuration and code paths, copied: the bench edits the copy."""
    for folder in ("rules_fr", "rules_en", "docs"):
        shutil.copytree(ROOT / folder, tmp / folder, ignore=shutil.ignore_patterns("_build"))
    return tmp


def editor(root: Path) -> Callable[[], None]:
    """One rule edited as a translator edits it: a few words of the English pr-end changed,
    then `rulebook translated pr-end` and `rulebook publish` (the book stays publishable);
    in turn two ways, so no run finds the file as a run before it left it."""
    rules = root / "rules_en" / "port-royal-morgan.md"
    words = ["It also ends at once if", "It also ends immediately if"]
    state = {"turn": 0}

    def edit() -> None:
        text = rules.read_text(encoding="utf-8")
        old, new = words[state["turn"] % 2], words[(state["turn"] + 1) % 2]
        assert old in text, f"the bench's edit expects {old!r} in {rules}"
        rules.write_text(text.replace(old, new), encoding="utf-8")
        record(load_book(root), ["pr-end"])
        record_versions(load_book(root), datetime.date.today())  # `rulebook publish`
        state["turn"] += 1

    return edit


def main() -> None:
    cache.enable()  # as the command line runs: `rulebook check`, `rulebook site`
    command = [sys.executable, "-m", "rulebook", "check", str(ROOT)]
    subprocess.run(command, capture_output=True, check=False)  # the cache as a user has it
    print(COLUMNS)
    check = report(
        "rulebook check (command, your cache)",
        timed(lambda: subprocess.run(command, capture_output=True, check=False), 10),
    )
    cold, warm = cold_and_warm(ROOT, (5, 10))
    first = report("rulebook check, first run (an empty cache)", cold)
    report("rulebook check, warm (the cache that run filled)", warm)
    report("check in-process (load + checks)", timed(lambda: run_checks(load_book(ROOT)), 20))
    with tempfile.TemporaryDirectory() as tmp:
        root = book_copy(Path(tmp) / "book")
        edit = editor(root)
        on_copy = [sys.executable, "-m", "rulebook", "check", str(root)]

        def check_after_edit() -> None:
            edit()
            subprocess.run(on_copy, capture_output=True, check=False)

        report("rulebook check after one rule edited (with the edit)", timed(check_after_edit, 10))
        out = Path(tmp) / "html"

        def full() -> None:
            shutil.rmtree(work_folder(out), ignore_errors=True)  # Sphinx's doctrees too
            shutil.rmtree(out, ignore_errors=True)
            built_quietly(ROOT, out)

        built = report("full site build, both languages", timed(full, 3))
        built_size = html_size(out)
        built_quietly(root, out)

        def incremental() -> None:
            edit()
            built_quietly(root, out)

        rebuilt = report("rebuild after one rule edited (with the edit)", timed(incremental, 3))
        plain_out = Path(tmp) / "plain"

        def plain() -> None:
            shutil.rmtree(plain_out, ignore_errors=True)
            runs = [
                subprocess.Popen(
                    [sys.executable, "-m", "sphinx", "-b", "html", "-q", "-c", str(PLAIN_CONF),
                     "-D", f"language={lang}", str(ROOT / f"rules_{lang}"), str(plain_out / lang)],
                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                )
                for lang in ("fr", "en")
            ]  # fmt: skip
            for run in runs:
                run.wait()

        baseline = report("plain Sphinx + MyST + furo, no rulebook extension", timed(plain, 3))
        print(f"\nThe full build writes {built_size}; the plain one {html_size(plain_out)}.\n")
    scaled = scaled_rows(SCALE)
    print("\nThe aims of the proof-reader's loop (medians):")
    verdict("rulebook check, as a command", check, 0.5, " s")
    verdict("rulebook check, first run (an empty cache)", first, 2, " s")
    verdict(f"rulebook check, warm, {SCALE} games", scaled.warm.median, 3, " s")
    verdict("full build, as a multiple of the plain one", built / baseline, 1.5, "x")
    verdict("rebuild after one rule edited", rebuilt, 1.5, " s")


SCALE = 100  # games: the book's own copied under new IDs


def scaled_rows(games: int) -> Scaled:
    """The rows of the book at scale, under a line that says what was checked."""
    scaled = scale(games)
    print(
        COLUMNS.replace(
            " " * 50, f"{f'rulebook check, {games} games ({scaled.rules:,} rules)':<50}"
        )
    )
    report("  first run (an empty cache)", scaled.cold)
    report("  warm", scaled.warm)
    report("  after one rule edited (the check alone)", scaled.edited)
    return scaled


if __name__ == "__main__":
    arguments = argparse.ArgumentParser(
        prog="python -m tools.bench", description=__doc__.split("\n\n")[0]
    )
    arguments.add_argument("only", nargs="?", choices=["cost"], help="the cost table alone")
    arguments.add_argument("--scale", type=int, metavar="GAMES", help="the book at scale alone")
    given = arguments.parse_args()
    if given.scale:
        scaled_rows(given.scale)
    elif given.only == "cost":
        cost.main()
    else:
        main()
        print()
        cost.main()
