"""Build the site: one Sphinx build per language, run side by side, and the files around
them (root page, short links, sitemaps, robots.txt, 404 page)."""

import subprocess
import sys
from pathlib import Path

from rulebook.book import Book, cache, load_book
from rulebook.checks import run_checks
from rulebook.site.config import CONFIG, LANGUAGES, base_url_error, placeholder_warning
from rulebook.site.feeds import write_feeds
from rulebook.site.files import (
    write_not_found,
    write_root_page,
    write_search_files,
)
from rulebook.site.short_links import write_export, write_short_links
from rulebook.site.try_it import write_try_it


def sphinx_command(root: Path, out: Path, lang: str, strict: bool) -> list[str]:
    command = [
        sys.executable, "-m", "sphinx", "-b", "html", "-q",
        "-c", str(root / "docs"), "-D", f"language={lang}",
        "-d", str(out.parent / "doctrees" / lang),
        str(root / f"rules_{lang}"), str(out / lang),
    ]  # fmt: skip
    return command + (["-n", "-W", "--keep-going"] if strict else [])


def write_publication(book: Book, out: Path, base: str) -> None:
    """What a host serves beside the two builds, every link made with the public address."""
    write_short_links(book, out, base)
    write_export(book, out)
    write_search_files(out, base)
    write_not_found(out, base)
    write_feeds(book, out, base)
    write_try_it(book, out)


REFUSAL = "refusing to build: fix the problems above (or `make live` to see them while editing)"


def book_is_publishable(root: Path, book: Book | None = None) -> bool:
    """The gate: a book the check rejects is not published (live builds never come here)."""
    problems = run_checks(book or load_book(root))
    for problem in problems:
        print(problem.format(root), file=sys.stderr)
    if problems:
        print(f"rulebook site: {len(problems)} problem(s); {REFUSAL}", file=sys.stderr)
    return not problems


def build_site(root: Path, out: Path | None = None, strict: bool = False) -> int:
    base = CONFIG.base_url
    error = base_url_error(base)
    if error:
        print(f"rulebook site: {error}", file=sys.stderr)
        return 2
    root = root.resolve()
    book = load_book(root)
    if not book_is_publishable(root, book):
        return 1
    out = (out or root / "docs" / "_build" / "html").resolve()
    env = cache.child_environment()  # the two builds read the same kept parses
    runs = [
        subprocess.Popen(sphinx_command(root, out, lang, strict), env=env) for lang in LANGUAGES
    ]
    codes = [run.wait() for run in runs]
    write_root_page(out, base)
    if not any(codes):
        write_publication(book, out, base)
    if any(codes):
        print("rulebook site: the build failed", file=sys.stderr)
        return 1
    print(f"Open {out / 'index.html'} (French: {out / 'fr' / 'index.html'})")
    warning = placeholder_warning(base)
    if warning:
        print(f"rulebook site: {warning}", file=sys.stderr)
    return 0
