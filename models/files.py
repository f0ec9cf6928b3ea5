"""Writing files atomically: a kill or a full disk never leaves a truncated file behind; and
reading only regular files (:func:`read_regular`): a named pipe never hangs a command; and,
while :func:`confined_to` a folder, reading nothing outside it.

Every data file atoll reads on a user's behalf (scenarios, maps and their sections, tiles,
ships, boards, clue decks, cards, hints) is read by :func:`read_regular`, so the confinement
is checked in that one place: a component a file names with ``../``, an absolute path or a link
out of the folder is refused before it is opened, whichever loader follows the name.

Every file atoll writes (pictures, reports, result chunks) goes through :func:`atomic_write`:
the content is written to a temporary file in the same folder, flushed to disk, and renamed
over the target in one step. If anything fails on the way, the old file (if any) is intact and
the temporary file is removed.

>>> import tempfile
>>> from pathlib import Path
>>> with tempfile.TemporaryDirectory() as tmp:
...     target = Path(tmp) / "out" / "note.txt"
...     with atomic_write(target) as handle:
...         _ = handle.write(b"hello")
...     target.read_bytes(), sorted(p.name for p in target.parent.iterdir())
(b'hello', ['note.txt'])
"""

from __future__ import annotations

import contextlib
import contextvars
import errno
import os
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from models.errors import AtollError, PathRefused

#: How much of a target's name its temporary file keeps (characters: 4 bytes each at most).
_TEMP_NAME = 48


@contextlib.contextmanager
def atomic_write(path: str | Path) -> Iterator[BinaryIO]:
    """A binary file handle whose content replaces ``path`` only once it is complete (folders
    are made as needed). On any exception the target is untouched and no debris is left; an
    :class:`OSError` names ``path`` as its ``filename`` (the CLI says which output failed).

    A character device (``/dev/null``, ``/dev/full``, a terminal) is written in place: there is
    no file to replace, and renaming over it would replace the device. A pipe, a socket or a
    folder in its place is refused."""
    target = Path(path)
    mode = _existing_mode(target)
    if mode is not None and stat.S_ISCHR(mode):
        try:
            with open(target, "wb") as handle:
                yield handle
        except OSError as exc:
            raise _naming(exc, target) from exc
        return
    if mode is not None and not stat.S_ISREG(mode):
        kind = "is a folder" if stat.S_ISDIR(mode) else "is not a regular file"
        raise OSError(errno.EISDIR if stat.S_ISDIR(mode) else errno.EINVAL, kind, str(target))
    try:
        _make_folder(target)
        # the temporary name is cut short: a target's name may be as long as the system allows
        prefix = f".{target.name[:_TEMP_NAME]}."
        fd, temp = tempfile.mkstemp(prefix=prefix, suffix=".part", dir=target.parent)
    except OSError as exc:
        raise _naming(exc, target) from exc
    try:
        with os.fdopen(fd, "wb") as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temp, _mode_for(target))  # mkstemp makes 0600; keep what a plain write gives
        os.replace(temp, target)
    except BaseException as exc:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temp)
        if isinstance(exc, OSError):
            raise _naming(exc, target) from exc
        raise


def _existing_mode(target: Path) -> int | None:
    try:
        return target.stat().st_mode
    except OSError:
        return None


def _make_folder(target: Path) -> None:
    """The target's folder, made as needed; a file where a folder must be is named."""
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        blocking = next((p for p in reversed(target.parents) if p.is_file()), target.parent)
        raise NotADirectoryError(
            errno.ENOTDIR, f"{blocking} is a file, not a folder", str(target)
        ) from None


def _naming(exc: OSError, target: Path) -> OSError:
    """``exc`` with the target as its file name (a temporary file's name says nothing)."""
    if exc.filename == str(target):
        return exc
    return OSError(exc.errno, exc.strerror or str(exc), str(target))  # its subclass by errno


def _mode_for(target: Path) -> int:
    try:
        return target.stat().st_mode & 0o777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def write_bytes_atomically(path: str | Path, data: bytes) -> Path:
    """Write ``data`` to ``path`` atomically; returns the path."""
    with atomic_write(path) as handle:
        handle.write(data)
    return Path(path)


def same_file(a: str | Path, b: str | Path) -> bool:
    """Whether two paths name the same file (existing files compared by inode, others by their
    resolved path)."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return Path(a).resolve() == Path(b).resolve()


#: The folders :func:`read_regular` may read from (``None``: any; the CLI reads the files its
#: user names). A context variable: each request of the explore app, and the threads it hands
#: work to (which copy the context), sees its own.
_CONFINED: contextvars.ContextVar[tuple[Path, ...] | None] = contextvars.ContextVar(
    "atoll_confined_to", default=None
)
#: The ``models`` package: its ``<game>/data/`` folders hold the bundled component files, which
#: stay readable under any confinement (a scenario may name the bundled map or tiles).
_PACKAGE = Path(__file__).resolve().parent


@contextlib.contextmanager
def confined_to(*folders: str | Path) -> Iterator[None]:
    """Within the block, :func:`read_regular` opens only files that resolve (links followed)
    under one of ``folders`` or among atoll's bundled data; any other is a :class:`PathRefused`,
    raised before the file is opened.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp, confined_to(tmp):
    ...     read_regular(Path("/etc/passwd"), 10)
    Traceback (most recent call last):
    ...
    models.errors.PathRefused: /etc/passwd: outside the root: not opened
    """
    token = _CONFINED.set(tuple(Path(f).resolve() for f in folders))
    try:
        yield
    finally:
        _CONFINED.reset(token)


def confinement() -> tuple[Path, ...] | None:
    """The folders reads are confined to here (``None``: not confined); a cache of what was
    read must keep it in its key, so that nothing read under one is shown under another."""
    return _CONFINED.get()


def confined(path: str | Path) -> Path:
    """``path`` as it is to be opened: unchanged when reads are not confined, else resolved
    (links followed) and checked to lie under the confinement (:func:`confined_to`)."""
    folders = _CONFINED.get()
    if folders is None:
        return Path(path)
    real = Path(os.path.realpath(path))
    if any(real.is_relative_to(f) for f in folders) or _bundled(real):
        return real
    raise PathRefused("outside the root: not opened", source=path)


def _bundled(real: Path) -> bool:
    """Whether a resolved path is a bundled data file (``models/<game>/data/...``)."""
    if not real.is_relative_to(_PACKAGE):
        return False
    parts = real.relative_to(_PACKAGE).parts
    return len(parts) > 2 and parts[1] == "data"


def read_regular(path: Path, limit: int) -> bytes:
    """The first ``limit`` bytes of a regular file, ``/dev/null`` read as empty; anything else
    is an :class:`AtollError` naming it. The file is opened without blocking and checked before
    it is read: a named pipe with no writer would wait for ever, and a socket or a device
    (``/dev/zero``, a terminal) is no data file. While :func:`confined_to` a folder, a file
    outside it is refused unopened (its resolved path is opened, never following a link).

    >>> read_regular(Path(os.devnull), 10)
    b''
    """
    real = confined(path)
    follow = 0 if confinement() is None else os.O_NOFOLLOW  # resolved: a link now is a swap
    try:
        fd = os.open(real, os.O_RDONLY | os.O_NONBLOCK | follow)
    except FileNotFoundError:
        raise AtollError("no such file", source=path) from None
    except OSError as exc:  # a socket cannot be opened at all (ENXIO): say what it is
        why = _not_a_file(path) or f"cannot read: {exc.strerror or exc}"
        raise AtollError(why, source=path) from None
    mode, device = _kind(fd)
    if not stat.S_ISREG(mode):
        os.close(fd)
        if stat.S_ISCHR(mode) and device == _devnull():
            return b""  # "--hints /dev/null": no hints, as the README shows
        raise AtollError(_KINDS.get(stat.S_IFMT(mode), _NOT_REGULAR), source=path)
    with os.fdopen(fd, "rb") as file:
        os.set_blocking(fd, True)
        try:
            return file.read(limit)
        except OSError as exc:
            raise AtollError(f"cannot read: {exc.strerror or exc}", source=path) from None


def _kind(fd: int) -> tuple[int, int]:
    """The file type bits and device number of an open file."""
    info = os.fstat(fd)
    return info.st_mode, info.st_rdev


_NOT_REGULAR = "not a regular file"
_KINDS = {
    stat.S_IFDIR: "is a directory, not a file",
    stat.S_IFIFO: f"is a named pipe (FIFO): {_NOT_REGULAR}",
    stat.S_IFSOCK: f"is a socket: {_NOT_REGULAR}",
    stat.S_IFCHR: f"is a device: {_NOT_REGULAR}",
    stat.S_IFBLK: f"is a device: {_NOT_REGULAR}",
}


def _not_a_file(path: Path) -> str | None:
    try:
        mode = path.stat().st_mode
    except OSError:
        return None
    return None if stat.S_ISREG(mode) else _KINDS.get(stat.S_IFMT(mode), _NOT_REGULAR)


def _devnull() -> int | None:
    try:
        return os.stat(os.devnull).st_rdev
    except OSError:
        return None
