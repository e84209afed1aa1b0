"""Reading and writing the book's files so that no work is lost.

A file is read whole as UTF-8 (a byte-order mark is tolerated, line endings read as ``\\n``);
bytes that are not UTF-8 are a ``BookError`` naming the line. A file is written whole: to a
temporary file in the same folder, flushed to disk, then renamed over the old one, so an
interrupted write (a full disk, a killed process) leaves the old file as it was. It is
rewritten only when its content changes, and keeps its line endings (CRLF stays CRLF) and its
byte-order mark.
"""

import contextlib
import os
import stat
import tempfile
from collections.abc import Iterator
from contextvars import ContextVar
from pathlib import Path

from rulebook.book.characters import refuse_controls
from rulebook.book.limits import MAX_FILE_BYTES, too_large
from rulebook.errors import BookError

BOM = b"\xef\xbb\xbf"


def read_text(path: Path) -> str:
    """The text of a file, with ``\\n`` line endings and no byte-order mark.

    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "x.md"
    >>> _ = path.write_bytes(BOM + b"a\\r\\nb\\r\\n")
    >>> read_text(path)
    'a\\nb\\n'
    >>> _ = path.write_bytes(b"ok\\nd\\xe9j\\xe0\\n")
    >>> read_text(path)
    Traceback (most recent call last):
    ...
    rulebook.errors.BookError: ...x.md:2: not UTF-8: byte 0xe9 at column 2 ...
    """
    data = read_regular(path)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        raise BookError(
            path,
            line,
            f"not UTF-8: byte 0x{data[error.start]:02x} at column {column} cannot be decoded: "
            "save the file as UTF-8",
        ) from None
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    refuse_controls(path, text)
    return text


def read_regular(path: Path) -> bytes:
    """The bytes of a regular file. A FIFO, a device or a socket is a ``BookError``: it is
    opened without waiting (a FIFO would hang the command) and never read."""
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except IsADirectoryError:
        raise BookError(path, 0, "is a folder, not a file: rename or remove it") from None
    except OSError as error:
        raise BookError(path, 0, f"cannot be read ({error.strerror}): check it exists") from None
    kind = os.fstat(descriptor).st_mode
    if not stat.S_ISREG(kind):
        os.close(descriptor)
        if stat.S_ISDIR(kind):
            raise BookError(path, 0, "is a folder, not a file: rename or remove it")
        raise BookError(path, 0, "is not a regular file (a FIFO, a device?): replace it")
    with os.fdopen(descriptor, "rb") as handle:
        try:
            data = handle.read(MAX_FILE_BYTES + 1)  # no further than the limit
        except OSError as error:
            raise BookError(path, 0, f"cannot be read ({error.strerror})") from None
    if len(data) > MAX_FILE_BYTES:
        raise BookError(path, 0, too_large())
    recording = _RECORDING.get()
    if recording is not None:
        recording.append((path, data))
    return data


_RECORDING: ContextVar[list[tuple[Path, bytes]] | None] = ContextVar("recording", default=None)


@contextlib.contextmanager
def recorded_reads() -> Iterator[list[tuple[Path, bytes]]]:
    """Every file ``read_regular`` reads in the block (``read_text`` too), with its bytes, in
    the order read: what a game was loaded from, to the byte (``load.load_game``).

    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "x.md"
    >>> _ = path.write_bytes(b"a\\n")
    >>> with recorded_reads() as read:
    ...     _ = read_text(path)
    >>> [(p.name, data) for p, data in read]
    [('x.md', b'a\\n')]
    """
    recording: list[tuple[Path, bytes]] = []
    token = _RECORDING.set(recording)
    try:
        yield recording
    finally:
        _RECORDING.reset(token)


def encode_like(text: str, old: bytes | None) -> bytes:
    """``text`` (``\\n`` line endings) encoded as the old file was: its line endings, its BOM.

    >>> encode_like("a\\nb\\n", BOM + b"x\\r\\ny\\r\\n")
    b'\\xef\\xbb\\xbfa\\r\\nb\\r\\n'
    >>> encode_like("a\\nb\\n", None)
    b'a\\nb\\n'
    """
    if old is None:
        return text.encode("utf-8")
    first_end = old.find(b"\n")
    crlf = first_end > 0 and old[first_end - 1 : first_end] == b"\r"
    data = (text.replace("\n", "\r\n") if crlf else text).encode("utf-8")
    return BOM + data if old.startswith(BOM) else data


def write_text(path: Path, text: str) -> bool:
    """Write ``text`` whole in place of the file, keeping its line endings and BOM; leave the
    file untouched when nothing changes. True when the file was written.

    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "x.toml"
    >>> _ = path.write_bytes(b"a = 1\\r\\n")
    >>> write_text(path, "a = 1\\n"), write_text(path, "a = 2\\n"), path.read_bytes()
    (False, True, b'a = 2\\r\\n')
    """
    path = Path(os.path.realpath(path))  # a symbolic link stays a link to the file written
    try:
        old: bytes | None = path.read_bytes()
    except FileNotFoundError:
        old = None
    except OSError as error:
        raise BookError(path, 0, f"cannot be read ({error.strerror}): check it") from None
    data = encode_like(text, old)
    if data == old:
        return False
    try:
        replace_whole(path, data)
    except OSError as error:
        raise BookError(
            path,
            0,
            f"cannot be written ({error.strerror}); the file is as it was: "
            "free some space or fix the permissions, then run the command again",
        ) from None
    return True


def inside(folder: Path, *parts: str) -> Path:
    """``folder`` joined with ``parts``, proven to lie inside it: a part that is empty, ``.``,
    ``..``, absolute or holds a separator, or a path that resolves outside ``folder`` (a link),
    is a ``BookError``. Names that come from the book's text are checked before they get here
    (``book.names``); this is the last guard of every output path made of them.

    >>> inside(Path("/tmp/site"), "r", "pr-end").as_posix()
    '/tmp/site/r/pr-end'
    >>> inside(Path("/tmp/site"), "r", "../../x")
    Traceback (most recent call last):
    ...
    rulebook.errors.BookError: /tmp/site: '../../x' would lead outside the output folder: ...
    """
    for part in parts:
        if part in ("", ".", "..") or any(c in part for c in "/\\\0"):
            raise BookError(
                folder, 0, f"{part!r} would lead outside the output folder: nothing was written"
            )
    path = folder.joinpath(*parts)
    if not Path(os.path.realpath(path)).is_relative_to(os.path.realpath(folder)):
        raise BookError(path, 0, "lies outside the output folder (a link?): nothing was written")
    return path


def write_whole(path: Path, text: str | bytes) -> None:
    """A build output (a page, ``rules.json``, an archive) written whole, its folder made
    first; one that already holds ``text`` is left alone, so a rebuild rewrites only what
    changed. Not synced to disk: a build is made again, a person's file is not."""
    data = text.encode("utf-8") if isinstance(text, str) else text
    if path.exists() and path.read_bytes() == data:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    replace_whole(path, data, durable=False)


def replace_whole(path: Path, data: bytes, durable: bool = True) -> None:
    """Write ``data`` to a temporary file beside ``path``, sync it (``durable``), and rename
    it into place."""
    mode = stat.S_IMODE(path.stat().st_mode) if path.exists() else None
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            if durable:
                os.fsync(out.fileno())
        os.chmod(temporary, 0o644 if mode is None else mode)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    if durable:
        sync_folder(path.parent)


def sync_folder(folder: Path) -> None:
    """Make the rename itself durable (where the system allows opening a folder)."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)
