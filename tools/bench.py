"""`make bench`: how fast the proof-reader's loop is, measured rather than assumed.

Prints the median of several runs of: `rulebook check` as a command (with Python's start-up),
the check in-process, a full build of the site (both languages, from nothing), an
incremental rebuild after one rules file changes, and a plain Sphinx build of the same
markdown files without the project's extension, to show what the extension costs. Then the
cost table (``tools/cost.py``): how the check's time grows with each kind of input, up to
20 times the book's largest; ``python -m tools.bench cost`` prints it alone.
"""

import contextlib
import datetime
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from rulebook.book import cache, load_book
from rulebook.book.translation_state import record
from rulebook.checks import run_checks
from rulebook.outputs.versions import record_versions
from rulebook.site.build import build_site
from rulebook.site.staging import work_folder
from tools import cost

ROOT = Path(__file__).resolve().parent.parent
# The baseline: plain Sphinx, MyST and furo on the same markdown files, the project's blocks
# rendered as plain containers of their text (tools/plain_sphinx/conf.py).
PLAIN_CONF = ROOT / "tools" / "plain_sphinx"


def timed(action: Callable[[], object], runs: int) -> tuple[float, float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times), min(times)


def quietly(action: Callable[..., object], *args: object) -> None:
    with open(os.devnull, "w") as quiet, contextlib.redirect_stdout(quiet):
        action(*args)


def report(name: str, median: float, best: float) -> float:
    print(f"{name:<48} median {median:7.3f} s   best {best:7.3f} s")
    return median


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
    check = report(
        "rulebook check (command, 10 runs)",
        *timed(lambda: subprocess.run(command, capture_output=True, check=False), 10),
    )
    report(
        "check in-process (load + checks, 20 runs)", *timed(lambda: run_checks(load_book(ROOT)), 20)
    )
    with tempfile.TemporaryDirectory() as tmp:
        root = book_copy(Path(tmp) / "book")
        edit = editor(root)
        on_copy = [sys.executable, "-m", "rulebook", "check", str(root)]

        def check_after_edit() -> None:
            edit()
            subprocess.run(on_copy, capture_output=True, check=False)

        report("rulebook check after one rule edited (10 runs)", *timed(check_after_edit, 10))
        out = Path(tmp) / "html"

        def full() -> None:
            shutil.rmtree(work_folder(out), ignore_errors=True)  # Sphinx's doctrees too
            shutil.rmtree(out, ignore_errors=True)
            quietly(build_site, ROOT, out)

        built = report("full site build, both languages (3 runs)", *timed(full, 3))
        built_size = html_size(out)
        quietly(build_site, root, out)

        def incremental() -> None:
            edit()
            quietly(build_site, root, out)

        rebuilt = report("rebuild after one rule edited (3 runs)", *timed(incremental, 3))
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

        baseline = report("plain Sphinx + MyST + furo, no rulebook extension", *timed(plain, 3))
        print(f"\nThe full build writes {built_size}; the plain one {html_size(plain_out)}.")
    print("The aims of the proof-reader's loop (medians):")
    verdict("rulebook check, as a command", check, 0.5, " s")
    verdict("full build, as a multiple of the plain one", built / baseline, 1.5, "x")
    verdict("rebuild after one rule edited", rebuilt, 1.5, " s")


if __name__ == "__main__":
    if sys.argv[1:] != ["cost"]:  # `python -m tools.bench cost`: the cost table alone
        main()
        print()
    cost.main()
