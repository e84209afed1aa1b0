"""Build the site: one Sphinx build per language, run side by side, and the files around
them (root page, short links, sitemaps, robots.txt, 404 page)."""

import contextlib
import shlex
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path

from rulebook.addresses import placeholder_warning, settings_error
from rulebook.book import Book, cache, load_book
from rulebook.book.folders import rules_path
from rulebook.checks import run_checks
from rulebook.errors import BookError
from rulebook.language import LANGUAGES, Lang
from rulebook.site.config import CONFIG
from rulebook.site.feeds import write_feeds
from rulebook.site.files import (
    write_not_found,
    write_root_page,
    write_search_files,
)
from rulebook.site.moved import write_moved_pages
from rulebook.site.pdf import build_pdfs
from rulebook.site.short_links import write_export, write_short_links
from rulebook.site.staging import forget_work, publish_folder, refuse_foreign_output, work_folder
from rulebook.site.try_it import write_try_it


def sphinx_command(root: Path, site: Path, doctrees: Path, lang: Lang, strict: bool) -> list[str]:
    """One language's Sphinx build; ``-P``: no folder of the book is put on the module path."""
    command = [
        sys.executable, "-P", "-m", "sphinx", "-b", "html", "-q",
        "-c", str(root / "docs"), "-D", f"language={lang}",
        "-d", str(doctrees / lang),
        str(rules_path(root, lang)), str(site / lang),
    ]  # fmt: skip
    return command + (["-n", "-W", "--keep-going"] if strict else [])


# Python's string hashes, seeded alike in every build: a set is written in their order. The
# reference pages give each module constant's value as autodoc writes it, ``repr()`` for a
# dataclass, whose sets come in that order (Catan Dice's example islands: their coasts, the
# sides of their knights' hexes), and two builds of the same book differed there.
HASH_SEED = {"PYTHONHASHSEED": "0"}


def run_together(commands: list[list[str]], env: dict[str, str]) -> list[int]:
    """Run the commands side by side and wait for all; interrupted (Ctrl-C, a signal), stop
    every one of them before going on: no build goes on writing behind the command's back."""
    runs: list[subprocess.Popen[bytes]] = []
    try:
        with signals_held():  # an interruption while they start stops every one started
            for command in commands:
                runs.append(subprocess.Popen(command, env=env))
        return [run.wait() for run in runs]
    finally:
        for run in runs:
            if run.poll() is None:
                run.terminate()
        for run in runs:
            try:
                run.wait(timeout=10)
            except subprocess.TimeoutExpired:
                run.kill()
                run.wait()


@contextlib.contextmanager
def signals_held() -> Iterator[None]:
    """Ctrl-C and SIGTERM held back while the builds start, then acted on. Arriving inside
    ``Popen`` (the child already forked, its ``Popen`` not yet returned), either one left that
    child unknown to the command, running on after it (a full test run saw it). A build's
    process starts with the signals' usual handling: a caught signal is reset by ``exec``."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    held: list[int] = []
    kept = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}
    for sig in kept:
        signal.signal(sig, lambda number, _: held.append(number))
    try:
        yield
    finally:
        for sig, handler in kept.items():
            signal.signal(sig, signal.SIG_DFL if handler is None else handler)
        for number in held[:1]:
            signal.raise_signal(number)  # as if it came now: the command's own handling


def write_publication(book: Book, out: Path, base: str) -> None:
    """What a host serves beside the two builds, every link made with the public address."""
    write_short_links(book, out, base)
    write_export(book, out, base)
    write_search_files(out, base)
    write_not_found(out, base)
    write_feeds(book, out, base)
    write_try_it(book, out)
    write_moved_pages(out)


REFUSAL = "refusing to build: fix the problems above (or `make live` to see them while editing)"


def book_is_publishable(root: Path, book: Book | None = None) -> bool:
    """The gate: a book the check rejects is not published (live builds never come here)."""
    problems = run_checks(book or load_book(root))
    for problem in problems:
        print(problem.format(root), file=sys.stderr)
    if problems:
        print(f"rulebook site: {len(problems)} problem(s); {REFUSAL}", file=sys.stderr)
    return not problems


def build_site(
    root: Path,
    out: Path | None = None,
    strict: bool = False,
    pdfs: bool = False,
    pdf_games: Sequence[str] = (),
) -> int:
    """Build the site (and, with ``pdfs``, the PDFs of ``pdf_games``, or of every game) in
    the work folder, then publish it whole at ``out`` (``staging``); 0 when published."""
    base = CONFIG.base_url
    error = settings_error(CONFIG)
    if error:
        print(f"rulebook site: {error}", file=sys.stderr)
        return 2
    root = root.resolve()
    book = load_book(root)
    if not book_is_publishable(root, book):
        return 1
    conf = root / "docs" / "conf.py"
    if not conf.is_file():  # the installed command on a folder holding the rules alone
        raise BookError(conf, 0, "is missing: the site is built with the book's Sphinx "
                        "configuration (docs/ in the book's repository)")  # fmt: skip
    out = (out or root / "docs" / "_build" / "html").resolve()
    refuse_foreign_output(out)
    work = work_folder(out)
    site = work / "site"
    try:
        site.mkdir(parents=True, exist_ok=True)
    except OSError as failure:
        raise BookError(
            out, 0, f"cannot be written ({failure.strerror}): give --out a folder you can write to"
        ) from None
    env = cache.child_environment() | HASH_SEED  # the two builds read the same kept parses
    finished = False
    try:
        commands = [
            sphinx_command(root, site, work / "doctrees", lang, strict) for lang in LANGUAGES
        ]
        if any(run_together(commands, env)):
            print("rulebook site: the build failed; the site published before is unchanged",
                  file=sys.stderr)  # fmt: skip
            return 1
        write_root_page(site, base)
        write_publication(book, site, base)
        if pdfs and build_pdfs(root, site, slugs=list(pdf_games) or None):
            return 1
        finished = True
    finally:
        if not finished:
            forget_work(work)
    publish_folder(site, out)
    warning = placeholder_warning(base)
    if warning:
        print(f"rulebook site: {warning}", file=sys.stderr)
    sys.stderr.flush()  # the warning first: the last line is the command that serves the site
    print(f"rulebook site: built {out}; serve it, then open http://127.0.0.1:8000/:")
    print(f"  {serve_command(root, out)}")
    return 0


def serve_command(root: Path, out: Path) -> str:
    """The one command that serves a built site over HTTP, as a reader must read it: opened
    as a file, a page cannot run its "try" panels nor the companions. ``make serve`` for the
    site `make site` builds, Python's own server for any other folder.

    >>> serve_command(Path("/book"), Path("/tmp/site"))
    'python3 -m http.server --bind 127.0.0.1 --directory /tmp/site 8000'
    """
    if out == root / "docs" / "_build" / "html" and (root / "Makefile").is_file():
        return "make serve"
    return f"python3 -m http.server --bind 127.0.0.1 --directory {shlex.quote(str(out))} 8000"
