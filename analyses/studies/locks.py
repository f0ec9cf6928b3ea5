"""A folder an atoll run writes into is locked for the run's life: a second run into it stops at
once with one line, and the first goes on unharmed.

Two runs in one folder would spoil each other's work: a second ``--resume`` of a study removes
the chunk the first is writing as "left by a killed run"; a second ``tune --resume`` marks the
first's running trial failed, and the first then dies trying to finish it. So every command that
writes into a folder (``study``, ``report``, ``compare``, ``skill``, ``tune``, ``verify
--repair``) holds its lock: an OS lock (``flock``) on ``FOLDER/.atoll-lock``, which the kernel
releases when the process ends however it ends (SIGKILL too), so a lock is never stale. The file
holds the holder's process id for the message; the last holder removes it. Readers take no lock
(``verify``, ``explore``): a chunk appears whole or not at all, so a running study is always
read as a consistent set of finished chunks.

A process may lock a folder again while it holds it (a command locks its ``--out``, the store
inside it the same folder). Where ``fcntl`` is missing (Windows) folders are not locked.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as tmp, in_use(Path(tmp) / "study"):
...     (Path(tmp) / "study" / LOCK).exists()
True
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
from collections.abc import Iterator
from pathlib import Path

from models.errors import AtollError

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

#: The lock file's name in a locked folder.
LOCK = ".atoll-lock"


@dataclasses.dataclass
class _Held:
    fd: int
    count: int
    made: bool  # the folder was made by the lock: removed again if it is left empty
    pid: int  # the process holding it (a worker forked meanwhile holds nothing)


_held: dict[Path, _Held] = {}


@contextlib.contextmanager
def in_use(folder: str | Path) -> Iterator[None]:
    """Hold ``folder``'s lock for the ``with`` block (made with its parents if missing, and
    removed again if it is left empty); another process holding it is a one-line error
    naming the folder and that process."""
    key = lock(folder)
    try:
        yield
    finally:
        unlock(key)


def lock(folder: str | Path) -> Path:
    """Take ``folder``'s lock (see :func:`in_use`); returns the key :func:`unlock` takes."""
    key = Path(folder).resolve()
    if key in _held and _held[key].pid == os.getpid():
        _held[key].count += 1
        return key
    made = not key.exists()
    key.mkdir(parents=True, exist_ok=True)
    if fcntl is None:  # pragma: no cover - Windows
        _held[key] = _Held(-1, 1, made, os.getpid())
        return key
    try:
        fd = _take(key / LOCK)
    except BaseException:
        if made:
            _remove_if_empty(key)
        raise
    if fd is None:
        raise AtollError(
            f"{folder} is in use by another atoll run ({_holder(key / LOCK)}): wait for it to "
            "end, or name another folder"
        )
    os.ftruncate(fd, 0)
    os.write(fd, f"{os.getpid()}\n".encode())
    _held[key] = _Held(fd, 1, made, os.getpid())
    return key


def unlock(key: Path) -> None:
    """Give back one hold of the lock :func:`lock` returned ``key`` for; the last one removes
    the lock file (and the folder when the lock made it and nothing else is in it)."""
    held = _held.get(key)
    if held is None or held.pid != os.getpid():
        return
    held.count -= 1
    if held.count:
        return
    del _held[key]
    if held.fd >= 0:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(key / LOCK)  # while still locked: nobody can take the file meanwhile
        os.close(held.fd)
    if held.made:
        _remove_if_empty(key)


def _take(path: Path) -> int | None:
    """An open, locked descriptor of the lock file at ``path``, or ``None`` when another
    process holds it."""
    assert fcntl is not None
    while True:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            return None
        except BaseException:
            os.close(fd)
            raise
        try:  # its last holder may have removed the file we opened: lock the one there now
            if os.stat(path).st_ino == os.fstat(fd).st_ino:
                return fd
        except FileNotFoundError:
            pass
        os.close(fd)


def _holder(path: Path) -> str:
    """``pid N`` of the process holding the lock, as its file says."""
    try:
        text = path.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        text = ""
    return f"pid {text}" if text.isdigit() else "its process id not yet written"


def _remove_if_empty(folder: Path) -> None:
    with contextlib.suppress(OSError):
        folder.rmdir()
