"""A folder in use by one atoll run is locked against another (analyses.studies.locks)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from analyses.studies.locks import LOCK, in_use
from models.errors import AtollError

ROOT = Path(__file__).resolve().parents[3]
HOLD = """
import sys
from analyses.studies.locks import in_use
with in_use(sys.argv[1]):
    print("held", flush=True)
    sys.stdin.read()
"""


def _holder(folder: Path) -> subprocess.Popen[str]:
    """Another process holding ``folder``'s lock until its stdin closes."""
    other = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(folder)],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert other.stdout is not None and other.stdout.readline() == "held\n"
    return other


def test_a_folder_in_use_is_refused_naming_the_process(tmp_path: Path) -> None:
    other = _holder(tmp_path / "out")
    try:
        with pytest.raises(AtollError) as info, in_use(tmp_path / "out"):
            pass
        assert str(info.value) == (
            f"{tmp_path / 'out'} is in use by another atoll run (pid {other.pid}): wait for it "
            "to end, or name another folder"
        )
    finally:
        other.communicate("")
    with in_use(tmp_path / "out"):  # given back when the other run ended
        assert (tmp_path / "out" / LOCK).read_text() == f"{os.getpid()}\n"
    assert not (tmp_path / "out").exists()  # made for the lock, left empty: removed


def test_a_killed_run_leaves_no_lock(tmp_path: Path) -> None:
    other = _holder(tmp_path)
    other.send_signal(signal.SIGKILL)
    other.wait(timeout=30)
    assert (tmp_path / LOCK).exists()  # the file stays, the kernel's lock went with the process
    with in_use(tmp_path):
        pass
    assert not (tmp_path / LOCK).exists() and tmp_path.is_dir()  # a folder it did not make


def test_a_run_may_lock_its_own_folder_again(tmp_path: Path) -> None:
    with in_use(tmp_path), in_use(tmp_path / "." / ""):
        assert (tmp_path / LOCK).exists()
    assert not (tmp_path / LOCK).exists()
