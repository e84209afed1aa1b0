"""A site published whole or not at all.

``rulebook site`` never builds in the folder a host serves. Sphinx builds incrementally in a
work folder beside the output (``.<out>.build/``: the site, then Sphinx's doctrees), the files
around the two languages and the PDFs are written there too, and only a build that finished
is published: a new folder beside the output is made of the built files (each file the
published site already holds unchanged is linked, not copied: Sphinx rewrites the work
folder's pages in place, never the published ones), then renamed over the output. So a page
removed from the book disappears from the site, and a build that fails or is interrupted
(Ctrl-C) leaves the previous site as it was.

The output folder given must be new, empty, or a site this command published: a folder of
anything else is refused, never replaced.
"""

import contextlib
import os
import shutil
import subprocess
from pathlib import Path

from rulebook.errors import BookError

MARKER = ".rulebook-site"  # in every site this command publishes: the folder may be replaced
# What a site published before the marker existed holds at its top.
EARLIER_SITE = ("index.html", "rules.json", "fr", "en")


def work_folder(out: Path) -> Path:
    """Where the site is built before it is published: beside the output, hidden."""
    return out.parent / f".{out.name}.build"


def refuse_foreign_output(out: Path) -> None:
    """A ``BookError`` when ``out`` holds anything but a site this command published."""
    if out.is_symlink() or (out.exists() and not out.is_dir()):
        raise BookError(out, 0, "is not a folder: give --out a new or empty folder")
    if not out.exists() or not any(out.iterdir()):
        return
    if (out / MARKER).is_file() or all((out / name).exists() for name in EARLIER_SITE):
        return
    raise BookError(
        out,
        0,
        "holds files that are not a site built by `rulebook site`, and publishing replaces "
        "the whole folder: give --out a new or empty folder",
    )


def publish_folder(built: Path, out: Path) -> None:
    """Make ``out`` an exact copy of ``built``, at once: a new folder beside it, then a
    rename. A file unchanged since the last publication is linked to the published one."""
    fresh = out.parent / f".{out.name}.new-{os.getpid()}"
    old = out.parent / f".{out.name}.old-{os.getpid()}"
    shutil.rmtree(fresh, ignore_errors=True)
    try:
        copy_tree(built, out, fresh)
        (fresh / MARKER).write_text("A site published by `rulebook site`.\n", encoding="utf-8")
        if out.exists():
            os.rename(out, old)
        os.rename(fresh, out)
    except BaseException:
        if old.exists() and not out.exists():
            os.rename(old, out)  # put the previous site back
        shutil.rmtree(fresh, ignore_errors=True)
        raise
    remove_later(old)


def remove_later(folder: Path) -> None:
    """Remove the site published before, off the command's time (a tenth of a second of a
    rebuild's one and a half): a process of its own removes it, the command returns. Where
    none can be started, it is removed here."""
    try:
        subprocess.Popen(
            ["rm", "-rf", "--", str(folder)],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True,
        )  # fmt: skip
    except OSError:
        shutil.rmtree(folder, ignore_errors=True)


def copy_tree(built: Path, published: Path, fresh: Path) -> None:
    """``built`` into ``fresh``: linked from ``published`` where the file is the same (size
    and modification time, which copying keeps), copied otherwise."""
    for folder, _, files in os.walk(built):
        relative = os.path.relpath(folder, built)
        os.makedirs(fresh / relative, exist_ok=True)
        for name in files:
            source = Path(folder, name)
            target = fresh / relative / name
            if not linked(source, published / relative / name, target):
                shutil.copy2(source, target)


def linked(source: Path, earlier: Path, target: Path) -> bool:
    """Link ``earlier`` as ``target`` when it is the same as ``source``; False otherwise."""
    try:
        now, then = source.stat(), earlier.stat()
    except OSError:
        return False
    if (now.st_size, now.st_mtime_ns) != (then.st_size, then.st_mtime_ns):
        return False
    try:
        os.link(earlier, target)
    except OSError:  # a file system without links: the copy costs time, nothing else
        return False
    return True


def forget_work(work: Path) -> None:
    """After a failed or interrupted build, forget Sphinx's environment: pages it had not
    written yet would otherwise be taken for up to date by the next build."""
    with contextlib.suppress(OSError):
        shutil.rmtree(work / "doctrees")
