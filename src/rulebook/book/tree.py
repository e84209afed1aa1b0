"""The book's tree holds folders and regular files, and nothing that leads outside it.

A contributor's change is text, but a tree of text can hold more than text: a symbolic link
to ``/proc/self/environ`` or to any file of the reader's machine (whose lines a problem
message would then print), to ``/dev/zero`` (read for ever), a FIFO (a read that never
returns). Before anything is read, every entry under ``rules_fr/`` and ``rules_en/`` is looked
at without following links: a link must lead to a file or folder inside the book, and
anything that is neither a regular file, a folder nor such a link is refused, in one line, and
so is a name that would not make a plain address (``rules_fr/<script>.md`` becomes a page).
"""

import os
import re
import stat
from pathlib import Path

from rulebook.errors import BookError

# A name every system and every address keeps as it is (a dot file, .DS_Store say, is fine).
NAME = re.compile(r"\.?[A-Za-z0-9_][A-Za-z0-9._-]{0,99}", re.ASCII)
KINDS = {
    stat.S_IFIFO: "a FIFO",
    stat.S_IFCHR: "a character device",
    stat.S_IFBLK: "a block device",
    stat.S_IFSOCK: "a socket",
}


def refuse_strays(root: Path, folders: tuple[str, ...]) -> None:
    """A ``BookError`` for the first entry of ``folders`` (under ``root``, resolved) that is a
    link leading outside ``root`` or to something not a file, or that is not a file or a
    folder. Folders are walked without following links."""
    for name in folders:
        top = root / name
        if not top.is_dir():
            continue
        for folder, subfolders, files in os.walk(top, followlinks=False):
            for entry in sorted(subfolders + files):
                path = Path(folder, entry)
                if not NAME.fullmatch(entry):
                    raise BookError(
                        path,
                        0,
                        "is not named with letters, digits, '.', '-' and '_' only: rename it "
                        "(a file's name becomes a page's address)",
                    )
                mode = path.lstat().st_mode
                if stat.S_ISLNK(mode):
                    refuse_link(root, path)
                elif not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
                    what = KINDS.get(stat.S_IFMT(mode), "not a regular file")
                    raise BookError(path, 0, f"is {what}, not a file of text: remove it")


def refuse_link(root: Path, path: Path) -> None:
    """A symbolic link is followed only when it leads to a file or folder inside the book."""
    target = Path(os.path.realpath(path))
    if not target.is_relative_to(root):
        raise BookError(
            path,
            0,
            "is a symbolic link leading outside the book: replace it by the file",
        )
    try:
        mode = target.stat().st_mode
    except OSError:
        raise BookError(path, 0, "is a symbolic link that leads nowhere: remove it") from None
    if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
        raise BookError(path, 0, "is a symbolic link to something not a file: remove it")
