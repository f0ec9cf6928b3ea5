"""Atomic writes: the target is replaced whole or not at all, even when the writer dies."""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from models.files import atomic_write, same_file, write_bytes_atomically

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
