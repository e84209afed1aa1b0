"""Shared fixtures: a copy of the book to break on purpose, and a way to run the check on it."""

import functools
import http.server
import shutil
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from rulebook.book import load_book
from rulebook.book.model import Problem
from rulebook.checks import run_checks

ROOT = Path(__file__).resolve().parent.parent


class BookCopy:
    """A copy of rules_fr/ and rules_en/ in a temporary folder, with helpers to break it."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def edit(self, relative: str, old: str, new: str, count: int = 1) -> None:
        """Replace ``old`` by ``new`` in a file; ``old`` must occur exactly ``count`` times."""
        path = self.root / relative
        text = path.read_text(encoding="utf-8")
        assert text.count(old) == count, f"{old!r} occurs {text.count(old)} times in {relative}"
        path.write_text(text.replace(old, new), encoding="utf-8")

    def problems(self, check: str = "") -> list[Problem]:
        return run_checks(load_book(self.root), (check,) if check else ())

    def lines(self, check: str = "") -> list[str]:
        return [p.format(self.root) for p in self.problems(check)]


@pytest.fixture
def book_copy(tmp_path: Path) -> BookCopy:
    for folder in ("rules_fr", "rules_en"):
        shutil.copytree(ROOT / folder, tmp_path / folder)
    return BookCopy(tmp_path)


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built once for the whole test session as `make test` builds it (strict:
    Sphinx's warnings are errors), with the PDFs of one game."""
    from rulebook.site.build import build_site
    from rulebook.site.pdf import build_pdfs

    out = tmp_path_factory.mktemp("site") / "html"
    assert build_site(ROOT, out, strict=True) == 0, "the strict build (-n -W) failed"
    assert build_pdfs(ROOT, out, slugs=[PDF_GAME]) == 0
    return out


PDF_GAME = "port-royal-morgan"


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="session")
def site_url(built_site: Path) -> Iterator[str]:
    """The built site served on the loopback, as a host would serve it."""
    handler = functools.partial(QuietHandler, directory=str(built_site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


@pytest.fixture
def names_rule() -> Callable[[list[str], str, str], bool]:
    def check(lines: list[str], rule_id: str, words: str) -> bool:
        return any(f": {rule_id}: " in line and words in line for line in lines)

    return check


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    from tests.test_mutations import CODE_RATES, RATES

    if RATES:
        terminalreporter.section("mutation rates (numbers changed in the rules text)")
        for line in RATES.values():
            terminalreporter.write_line(line)
    if CODE_RATES:
        terminalreporter.section("mutation rates (rule code, as measured by make mutate)")
        for line in CODE_RATES.values():
            terminalreporter.write_line(line)
