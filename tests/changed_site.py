"""One small book published twice, and its site: what tests/test_publish.py and
tests/test_outdated_quotes.py read, built once a test run for both (``cached_build``: the
worker that asks second waits for the first's build under its lock, and copies it).

The book is Port Royal alone (tests/publishable_book.py), then changed as its editor would
change it: pr-end reworded in both languages and pr-name renamed pr-morgan-name
(tests/test_history.py), both recorded by `rulebook publish --date 2026-12-01`. The site is
built by `rulebook site`, a subprocess as a user runs it, with the public address set
(``RULEBOOK_BASE_URL=https://rules.test``). The publishing tests read every page and rule of
that book, whatever its history (a rule's links are made the same way at any version); the
quote tests read its history. Two builds of the same book, one before and one after the change,
cost 10 s of a test worker for nothing either file asserts.
"""

import contextlib
import io
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from rulebook.cli import main
from tests.conftest import BookCopy, pdf_dates
from tests.publishable_book import publishable_book
from tests.site_cache import cached_build, inputs_digest
from tests.test_history import change_the_end, rename_the_name_rule

GAME = "port-royal-morgan"
ADDRESS = "https://rules.test"  # the public address the site is built with
PUBLISHED = "2026-12-01"  # the date `rulebook publish` records the changes with


@dataclass(frozen=True)
class ChangedSite:
    book: Path  # the changed book (a test's own copy)
    published: str  # what `rulebook publish` printed
    out: Path  # the built site (a test's own copy)
    said: str  # what `rulebook site` printed on stderr


def environment(base: str | None) -> dict[str, str]:
    """This process's environment with ``RULEBOOK_BASE_URL`` set to ``base`` (None: unset)."""
    env = {k: v for k, v in os.environ.items() if k != "RULEBOOK_BASE_URL"}
    return env | ({"RULEBOOK_BASE_URL": base} if base is not None else {})


def changed_site(folder: Path) -> ChangedSite:
    """The changed book at ``folder / "book"``, and its site at ``folder / "html"``."""
    root = publishable_book(folder / "book", (GAME,))
    book = BookCopy(root)
    change_the_end(book)
    rename_the_name_rule(book)
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):  # the command's function, in this process
        assert main(["publish", str(root), "--date", PUBLISHED]) == 0

    def build(into: Path) -> str:
        command = [sys.executable, "-m", "rulebook", "site", str(root), "--out", str(into)]
        run = subprocess.run(command, capture_output=True, text=True, env=environment(ADDRESS))
        assert run.returncode == 0, run.stderr
        return run.stderr

    out = folder / "html"
    key = inputs_digest(root, "rulebook site", "changed and published", ADDRESS, pdf_dates(root))
    said = cached_build(key, out, build)
    return ChangedSite(root, printed.getvalue(), out, said)
