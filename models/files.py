"""Writing files atomically: a kill or a full disk never leaves a truncated file behind.

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
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO


@contextlib.contextmanager
def atomic_write(path: str | Path) -> Iterator[BinaryIO]:
    """A binary file handle whose content replaces ``path`` only once it is complete (folders
    are made as needed). On any exception the target is untouched and no debris is left."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temp, _mode_for(target))  # mkstemp makes 0600; keep what a plain write gives
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temp)
        raise


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
