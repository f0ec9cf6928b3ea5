"""The one folder the explore app may read and write: every path it is given is checked here.

A path from the page is relative to the root, with ``/`` between its parts. It is refused —
a one-line :class:`PathRefused` naming the path — when it is absolute, holds ``..``, a NUL or a
backslash, or leads outside the root once symbolic links are followed (a link inside the root
to a file outside it is refused like the file itself). Listing files never follows a link out
of the root either, and skips hidden entries (``.git``, the store's staging folders).

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as tmp:
...     root = Root(tmp)
...     _ = (root.path / "a.toml").write_text("x = 1")
...     root.file("a.toml").name, [p for p, _ in root.files(".toml")]
('a.toml', ['a.toml'])
>>> Root("/tmp").file("../etc/passwd")
Traceback (most recent call last):
...
models.errors.PathRefused: '../etc/passwd': outside the root: '..' is not allowed

The files a file under the root names (a scenario's map, tiles or board, a map's sections) are
checked where every loader reads them (:func:`models.files.confined_to`, which the app sets for
each request). A name the system cannot hold (longer than 255 bytes) is refused in one line.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

from models.errors import AtollError, PathRefused
from models.files import read_regular, write_bytes_atomically

__all__ = ["MAX_FILE_BYTES", "PathRefused", "ReplaceRefused", "Root"]

#: The largest file the app reads or writes (a scenario of a whole game is well under 1 MB).
MAX_FILE_BYTES = 4 * 1024 * 1024
#: How deep :meth:`Root.files` looks below the root, and how many files it lists at most.
MAX_DEPTH = 6
MAX_LISTED = 2000


class ReplaceRefused(AtollError):
    """A write that would replace an existing file, sent without the confirmation to replace
    it: nothing is written (the page asks the user, then sends the request again)."""


class Root:
    """The folder the app serves (resolved once: a link as the root itself is fine)."""

    def __init__(self, path: str | Path) -> None:
        self.path = _real(path)
        if not stat.S_ISDIR(_mode(self.path, str(path), "--root")):
            raise AtollError("is not a folder", source=str(path), field="--root")

    def _inside(self, text: str) -> Path:
        if not isinstance(text, str) or not text.strip():
            raise PathRefused("name a file under the root", field="path")
        if "\x00" in text or "\\" in text:
            raise PathRefused(f"{text!r}: not a plain path")
        if text.startswith("/") or Path(text).is_absolute():
            raise PathRefused(f"{text!r}: outside the root: give a path relative to it")
        parts = text.split("/")
        if ".." in parts:
            raise PathRefused(f"{text!r}: outside the root: '..' is not allowed")
        candidate = self.path.joinpath(*[p for p in parts if p not in ("", ".")])
        resolved = _real(candidate)
        if resolved != self.path and not resolved.is_relative_to(self.path):
            raise PathRefused(f"{text!r}: outside the root (a link out of it)")
        return resolved

    def file(self, text: str) -> Path:
        """An existing regular file under the root."""
        path = self._inside(text)
        if not stat.S_ISREG(_mode(path, text)):
            raise AtollError("no such file under the root", source=text)
        return path

    def folder(self, text: str) -> Path:
        """An existing folder under the root (``""`` or ``"."``: the root)."""
        if text in ("", "."):
            return self.path
        path = self._inside(text)
        if not stat.S_ISDIR(_mode(path, text)):
            raise AtollError("no such folder under the root", source=text)
        return path

    def relative(self, path: Path) -> str:
        """``path`` (under the root) as the page names it."""
        return _real(path).relative_to(self.path).as_posix()

    def read_text(self, text: str) -> str:
        """A file's text (at most :data:`MAX_FILE_BYTES`; a bigger one is refused)."""
        path = self.file(text)
        data = read_regular(path, MAX_FILE_BYTES + 1)
        if len(data) > MAX_FILE_BYTES:
            raise AtollError(f"larger than {MAX_FILE_BYTES // 1024} KiB", source=text)
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            raise AtollError("is not UTF-8 text", source=text) from None

    def writable(self, text: str, *, suffixes: tuple[str, ...], replace: bool = False) -> Path:
        """A file under the root that may be written: its name ends in one of ``suffixes``
        (the app writes hints and scenarios, never anything else), it is no link, and it does
        not exist yet unless ``replace`` (the user confirmed replacing it)."""
        path = self._inside(text)
        if path.suffix.lower() not in suffixes:
            raise AtollError(f"name a {' or '.join(suffixes)} file", source=text)
        mode = _mode(path, text)
        if Path(self.path, *text.split("/")).is_symlink():
            raise PathRefused(f"{text!r}: is a link; name a plain file")
        if mode and not stat.S_ISREG(mode):
            raise AtollError("is not a plain file", source=text)
        if path.exists() and not replace:
            raise ReplaceRefused("exists already: replace it?", source=text)
        return path

    def write_text(
        self, text: str, content: str, *, suffixes: tuple[str, ...], replace: bool = False
    ) -> Path:
        """Write ``content`` to a file under the root (:meth:`writable`), atomically."""
        path = self.writable(text, suffixes=suffixes, replace=replace)
        data = content.encode("utf-8")
        if len(data) > MAX_FILE_BYTES:
            raise AtollError(f"larger than {MAX_FILE_BYTES // 1024} KiB", source=text)
        return write_bytes_atomically(path, data)

    def files(self, *suffixes: str, under: str = "") -> Iterator[tuple[str, Path]]:
        """Regular files under ``under`` ending in one of ``suffixes``, as (name, path), in
        name order; links leading out of the root and hidden entries are skipped."""
        start = self.folder(under)
        listed = 0
        for folder, dirs, names in os.walk(start, followlinks=False):
            here = Path(folder)
            depth = len(here.relative_to(start).parts)
            dirs[:] = sorted(d for d in dirs if not d.startswith(".") and depth < MAX_DEPTH)
            for name in sorted(names):
                if name.startswith(".") or not name.lower().endswith(suffixes):
                    continue
                path = here / name
                real = _real(path)
                if not real.is_relative_to(self.path) or not real.is_file():
                    continue
                yield self.relative(path), real
                listed += 1
                if listed >= MAX_LISTED:
                    return

    def folders_with(self, *markers: str) -> Iterator[Path]:
        """Folders under the root holding a file named one of ``markers`` (a study's
        ``study.json``, a report's ``report.json``), not looking inside them."""
        for folder, dirs, names in os.walk(self.path, followlinks=False):
            here = Path(folder)
            depth = len(here.relative_to(self.path).parts)
            found = [m for m in markers if m in names]
            if found and all(_real(here / m).is_relative_to(self.path) for m in found):
                yield here
                dirs[:] = []
                continue
            dirs[:] = sorted(d for d in dirs if not d.startswith(".") and depth < MAX_DEPTH)


def _mode(path: Path, text: str, field: str | None = None) -> int:
    """A file's type and mode bits (0: nothing there); a name the system refuses (too long, a
    loop of links) is a one-line error naming it as the page gave it."""
    try:
        return path.stat().st_mode
    except (FileNotFoundError, NotADirectoryError):
        return 0
    except OSError as exc:
        raise AtollError(
            f"cannot be opened: {exc.strerror or exc}", source=text, field=field
        ) from None


def _real(path: str | Path) -> Path:
    """``path`` with its links followed (a loop of links is left as it is: opening it fails
    with one line, where :meth:`Path.resolve` would raise a ``RuntimeError``)."""
    return Path(os.path.realpath(path))
