"""Atomic writes: the target is replaced whole or not at all, even when the writer dies; reads
only of regular files, and, while confined to a folder, only of files under it."""

from __future__ import annotations

import errno
import os
import signal
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from models.data import bundled_path, read_text
from models.errors import AtollError, PathRefused
from models.files import (
    atomic_write,
    confined_to,
    confinement,
    read_regular,
    same_file,
    write_bytes_atomically,
)

WRITER = """
import sys, time
from models.files import atomic_write
with atomic_write(sys.argv[1]) as handle:
    handle.write(b"NEW" * 1000)
    handle.flush()
    print("half written", flush=True)
    time.sleep(60)
    handle.write(b"END")
"""


def test_a_writer_killed_mid_write_leaves_the_old_file(tmp_path: Path) -> None:
    target = tmp_path / "picture.png"
    target.write_bytes(b"OLD picture")
    for sig in (signal.SIGKILL, signal.SIGTERM):
        writer = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(target)], stdout=subprocess.PIPE, text=True
        )
        assert writer.stdout is not None and writer.stdout.readline() == "half written\n"
        writer.send_signal(sig)
        writer.wait(timeout=30)
        assert target.read_bytes() == b"OLD picture"


def test_a_failed_write_leaves_the_old_file_and_no_debris(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "picture.png"
    target.write_bytes(b"OLD picture")

    def full_disk(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(OSError, match="No space left"), atomic_write(target) as handle:
        handle.write(b"NEW")
    assert target.read_bytes() == b"OLD picture"
    assert [p.name for p in tmp_path.iterdir()] == ["picture.png"]


def test_a_completed_write_replaces_the_file_with_ordinary_permissions(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "picture.png"
    write_bytes_atomically(target, b"first")
    write_bytes_atomically(target, b"second")
    assert target.read_bytes() == b"second"
    umask = os.umask(0)
    os.umask(umask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~umask
    assert [p.name for p in target.parent.iterdir()] == ["picture.png"]


def test_same_file(tmp_path: Path) -> None:
    a = tmp_path / "a.toml"
    a.write_text("x")
    assert same_file(a, tmp_path / "." / "a.toml")
    assert not same_file(a, tmp_path / "b.toml")
    assert same_file(tmp_path / "new.png", tmp_path / "new.png")  # not there yet


def test_a_failed_write_names_the_target_not_the_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "picture.png"

    def full_disk(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(OSError) as info, atomic_write(target) as handle:
        handle.write(b"NEW")
    assert (info.value.filename, info.value.errno) == (str(target), errno.ENOSPC)


def test_a_file_where_a_folder_must_be_is_named(tmp_path: Path) -> None:
    blocking = tmp_path / "somefile.txt"
    blocking.write_text("x")
    for target in (blocking / "x.png", blocking / "deeper" / "x.png"):
        with pytest.raises(NotADirectoryError) as info:
            write_bytes_atomically(target, b"x")
        assert info.value.filename == str(target)
        assert info.value.strerror == f"{blocking} is a file, not a folder"
    assert blocking.read_text() == "x"


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (Linux)")
def test_a_character_device_is_written_in_place_never_renamed_over() -> None:
    write_bytes_atomically(os.devnull, b"gone")
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)
    with pytest.raises(OSError) as info:
        write_bytes_atomically("/dev/full", b"x" * 100_000)
    assert (info.value.filename, info.value.errno) == ("/dev/full", errno.ENOSPC)
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)


def test_a_pipe_or_folder_as_target_is_refused(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for target, words in ((fifo, "is not a regular file"), (tmp_path, "is a folder")):
        with pytest.raises(OSError, match=words) as info:
            write_bytes_atomically(target, b"x")
        assert info.value.filename == str(target)
    assert stat.S_ISFIFO(fifo.stat().st_mode)


def test_only_regular_files_are_read(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)  # no writer: opening it to read would block for ever
    for path, words in (
        (fifo, "is a named pipe (FIFO): not a regular file"),
        (tmp_path, "is a directory, not a file"),
        (Path("/dev/zero"), "is a device: not a regular file"),
        (tmp_path / "missing", "no such file"),
    ):
        with pytest.raises(AtollError) as info:
            read_regular(path, 10)
        assert str(info.value) == f"{path}: {words}"
    assert read_regular(Path(os.devnull), 10) == b""
    (tmp_path / "a.toml").write_bytes(b"a = 1\n")
    assert read_regular(tmp_path / "a.toml", 3) == b"a ="


def test_confined_reads_open_only_files_under_the_folder_or_bundled(tmp_path: Path) -> None:
    root, outside = tmp_path / "root", tmp_path / "outside"
    (root / "sub").mkdir(parents=True)
    outside.mkdir()
    (root / "a.toml").write_text("inside")
    (outside / "b.toml").write_text("outside")
    (root / "sub" / "in.toml").symlink_to(root / "a.toml")
    (root / "sub" / "out.toml").symlink_to(outside / "b.toml")
    (root / "sub" / "dir-out").symlink_to(outside)
    with confined_to(root):
        assert confinement() == (root.resolve(),)
        assert read_regular(root / "sub" / ".." / "a.toml", 10) == b"inside"
        assert read_regular(root / "sub" / "in.toml", 10) == b"inside"  # a link kept inside
        assert read_text(bundled_path("tobago", "clues.toml")).startswith("#")  # bundled data
        for path in (
            root / ".." / "outside" / "b.toml",
            outside / "b.toml",
            root / "sub" / "out.toml",
            root / "sub" / "dir-out" / "b.toml",
            Path(os.devnull),
            Path(__file__),
        ):
            with pytest.raises(PathRefused) as refused:
                read_regular(path, 10)
            assert str(refused.value) == f"{path}: outside the root: not opened"
    assert confinement() is None
    assert read_regular(outside / "b.toml", 10) == b"outside"  # unconfined: the CLI


def test_a_name_as_long_as_the_system_allows_is_written_atomically(tmp_path: Path) -> None:
    target = tmp_path / ("n" * 251 + ".txt")  # 255 bytes: the temporary file's name is shorter
    write_bytes_atomically(target, b"x")
    assert target.read_bytes() == b"x" and [p.name for p in tmp_path.iterdir()] == [target.name]
