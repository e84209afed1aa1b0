"""`make bench`'s cost table: how the check's time grows with its input.

For each of the book's largest inputs (its longest rules file, its longest table, its
published IDs given as many aliases, its longest paragraph, its deepest list, its longest
word), a copy of the book is given that input 1, 10 and 20 times over, and the check is
timed in-process: load the book, run every check. Each run is made in a fork of a process
that has checked the book once (imports done, dictionaries loaded, the book's own texts
read), so that no run finds what another read before it; the best of three is kept.

The table prints the time each input adds to the book's own, and how that grows: a check
whose time is in proportion to its input adds some 10 times as much for 10 times the input
(less where each added rule's own costs weigh), one whose time grows with the square 100.
An input past one of the book's limits (``rulebook/book/limits.py``) is refused in one line:
the table shows how fast.
"""

import gc
import os
import random
import shutil
import string
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from rulebook.book import cache, load_book
from rulebook.checks import run_checks
from rulebook.errors import BookError
from rulebook.text.hunspell import dictionary
from rulebook.text.spelling import DICTIONARIES, dictionary_files

ROOT = Path(__file__).resolve().parent.parent
RUNS = 3
FR = "rules_fr/port-royal-morgan.md"
EN = "rules_en/port-royal-morgan.md"
LONGEST = "megawatts-solo.md"  # the longest rules file
TABLE = "rules_fr/51st-state-solo.md"  # the longest table: the names of the cards, 23 rows
LONGEST_WORD = "lieutenant-gouverneur"
PARAGRAPH = 1_382  # characters of the longest paragraph (the card names' table, in English)
DEEPEST_LIST = 2


@dataclass(frozen=True)
class Input:
    """One kind of input, as large as the book's largest at 1x; ``make`` grows a copy of
    the book by ``times`` that (``chance`` makes each run's new words its own)."""

    name: str
    make: Callable[[Path, int, random.Random], None]
    sizes: tuple[int, ...] = (1, 10, 20)


def add_rules(root: Path, bodies: list[tuple[str, str]]) -> None:
    """Rules added at the end of Port Royal, French and English (no code, no original)."""
    fr = "".join(
        f"\n:::{{rule}} pr-cost-{n}\n:title: Coût {n}\n:code: none (bench)\n"
        f":original: none (bench)\n\n{french}\n:::\n"
        for n, (french, _) in enumerate(bodies)
    )
    en = "".join(
        f"\n:::{{rule}} pr-cost-{n}\n:title: Cost {n}\n\n{english}\n:::\n"
        for n, (_, english) in enumerate(bodies)
    )
    for relative, added in ((FR, fr), (EN, en)):
        path = root / relative
        path.write_text(path.read_text(encoding="utf-8") + added, encoding="utf-8")


def rules_file(root: Path, times: int, chance: random.Random) -> None:
    """The longest rules file's rules, ``times`` copies more (IDs numbered), in both
    languages: a game ``times + 1`` times as long, its register left as it was."""
    for lang in ("fr", "en"):
        path = root / f"rules_{lang}" / LONGEST
        text = path.read_text(encoding="utf-8")
        start = text.index(":::{rule}")
        rules = text[start:]
        copies = (
            rules.replace(":::{rule} mw-", f":::{{rule}} mw-c{copy}-").replace(
                ":title: ", f":title: {copy} "
            )
            for copy in range(times)
        )
        path.write_text(text + "\n" + "\n".join(copies), encoding="utf-8")


def table_rows(root: Path, times: int, chance: random.Random) -> None:
    """Ten rules, each with a table ``times`` as long as the longest one."""
    lines = (root / TABLE).read_text(encoding="utf-8").split("\n")
    rows = [line for line in lines if line.startswith("|")]
    head, body = rows[:2], rows[2:]
    table = "\n".join(head + body * times)
    add_rules(root, [(table, table)] * 10)


def aliases(root: Path, times: int, chance: random.Random) -> None:
    """As many aliases as the book has published IDs, ``times`` over."""
    path = root / "rules_fr" / "published-ids.toml"
    text = path.read_text(encoding="utf-8")
    published = text.count('    "')
    added = "".join(f'"pr-old-{n}" = "pr-end"\n' for n in range(published * times))
    path.write_text(text.replace("[aliases]\n", "[aliases]\n" + added, 1), encoding="utf-8")


def paragraph(root: Path, times: int, chance: random.Random) -> None:
    """Ten rules, each with a paragraph ``times`` as long as the longest one."""
    words = "la partie se termine quand vous atteignez vingt points".split()
    text = " ".join(chance.choice(words) for _ in range(PARAGRAPH * times // 6))
    add_rules(root, [(text, text)] * 10)


def list_depth(root: Path, times: int, chance: random.Random) -> None:
    """Ten rules, each with a list ``times`` as deep as the deepest one."""
    items = "\n".join("  " * depth + "- un" for depth in range(DEEPEST_LIST * times))
    add_rules(root, [(items, items)] * 10)


def word_length(root: Path, times: int, chance: random.Random) -> None:
    """Ten rules, each with a word no dictionary knows, ``times`` as long as the longest
    word (new letters each run: Hunspell reads each)."""
    bodies = []
    for _ in range(10):
        word = "".join(chance.choice(string.ascii_lowercase) for _ in range(21 * times))
        bodies.append((f"Un {word}.", f"A {word}."))
    add_rules(root, bodies)


INPUTS = (
    Input(f"rules file ({LONGEST})", rules_file),
    Input("table rows (23 a table)", table_rows),
    Input("aliases (one per published ID)", aliases),
    Input(f"paragraph ({PARAGRAPH:,} characters)", paragraph),
    Input(f"list depth ({DEEPEST_LIST})", list_depth, (1, 4, 10)),
    Input(f"word length ({len(LONGEST_WORD)} letters)", word_length),
)


def timed_check(root: Path) -> float | str:
    """Seconds to load and check the book, or the line that refused it (with its time)."""
    start = time.perf_counter()
    try:
        run_checks(load_book(root))
    except BookError as error:
        return f"refused in {time.perf_counter() - start:.3f} s: {error.message}"
    return time.perf_counter() - start


def in_fork(action: Callable[[], float | str]) -> float | str:
    """``action()`` run in a fork of this process: what it reads leaves no trace here."""
    read, write = os.pipe()
    child = os.fork()
    if child == 0:  # the fork: run, report, leave without running the parent's clean-ups
        os.close(read)
        try:
            outcome = action()
            report = f"T{outcome}" if isinstance(outcome, float) else f"R{outcome}"
        except BaseException as error:  # a bug: said in the table rather than lost
            report = f"Rfailed: {type(error).__name__}: {error}"
        os.write(write, report.encode())
        os._exit(0)
    os.close(write)
    with os.fdopen(read) as pipe:
        report = pipe.read()
    os.waitpid(child, 0)
    return float(report[1:]) if report.startswith("T") else report[1:]


def measure(make: Callable[[Path, random.Random], None], folder: Path) -> float | str:
    """The best of ``RUNS`` checks of a fresh copy of the book that ``make`` grows."""
    outcomes = []
    for run in range(RUNS):
        root = folder / f"run{run}"
        shutil.rmtree(root, ignore_errors=True)
        for name in ("rules_fr", "rules_en"):
            shutil.copytree(ROOT / name, root / name, ignore=shutil.ignore_patterns("_build"))
        make(root, random.Random(f"{folder.name}{run}{time.time()}"))
        outcomes.append(in_fork(lambda: timed_check(root)))  # noqa: B023 (run at once)
    refused = [o for o in outcomes if isinstance(o, str)]
    return refused[0] if refused else min(o for o in outcomes if isinstance(o, float))


def main() -> None:
    cache.disable()  # every run reads its input afresh (the bench's loop turns it on)
    for lang in DICTIONARIES:  # loaded once, as by a run that meets a new word
        files = dictionary_files(lang)
        if files is not None:
            dictionary(files)
    run_checks(load_book(ROOT))
    # What is loaded by now (the dictionaries hold millions of objects) is left out of the
    # garbage collector's passes: else one of them, at random, costs a run half a second.
    gc.freeze()
    print(__doc__.split("\n\n")[2].replace("\n", " "), "\n")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        book = measure(lambda root, chance: None, folder / "book")
        assert isinstance(book, float), book
        print(f"The book as it is: {book:.3f} s (in-process, best of {RUNS}).\n")
        print(f"{'input, as large as the book’s largest at 1x':<44} {'size':>5} {'time':>8} "
              f"{'added':>8} {'added / added at 1x':>20}")  # fmt: skip
        for kind in INPUTS:
            first_added = None
            for times in kind.sizes:
                outcome = measure(
                    lambda root, chance: kind.make(root, times, chance),  # noqa: B023
                    folder / f"{kind.make.__name__}{times}",
                )
                label = kind.name if times == kind.sizes[0] else ""
                if isinstance(outcome, str):
                    print(f"{label:<44} {times:>4}x {outcome}")
                    continue
                added = outcome - book
                first_added = added if first_added is None else first_added
                growth = f"{added / first_added:20.1f}" if first_added > 0.001 else f"{'-':>20}"
                print(f"{label:<44} {times:>4}x {outcome:7.3f}s {added:7.3f}s {growth}")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
