"""One writer of the book's registers at a time.

``rulebook publish`` and ``rulebook translated`` read the book, decide, and write registers
(the published IDs, the histories, the English files' ``:translates:``). Two of them at once,
each reading before the other wrote, would lose what the first wrote or list an ID twice.
Each holds the book's lock from before it reads until after it wrote: an exclusive
``flock`` on the ``rules_fr/`` folder itself, which leaves no lock file behind and is
released by the system when the process ends, however it ends.

A few lines of ``fcntl`` rather than the filelock library: it would leave a lock file in the
book (or need one ignored by git), and the folder is already there to lock.
"""

import contextlib
import fcntl
import os
import sys
from collections.abc import Iterator
from pathlib import Path


@contextlib.contextmanager
def book_lock(folder: Path, command: str) -> Iterator[None]:
    """Hold the lock of the book whose French folder is ``folder``; wait, saying so, while
    another command holds it. A folder that cannot be opened is left to the loading of the
    book to report."""
    try:
        descriptor = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        yield
        return
    try:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            print(
                f"rulebook {command}: waiting for another command writing the book", file=sys.stderr
            )
            fcntl.flock(descriptor, fcntl.LOCK_EX)
        yield
    finally:
        os.close(descriptor)
