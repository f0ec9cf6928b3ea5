"""``atoll explore``: it prints its address, serves the root, stops on Ctrl-C; bad arguments
are one-line errors with exit status 2."""

from __future__ import annotations

import signal
import socket
import subprocess
from pathlib import Path

from tests.analyses.explore.conftest import ATOLL, EXAMPLES, request


def test_it_prints_its_address_serves_the_root_and_stops_on_ctrl_c() -> None:
    process = subprocess.Popen(
        [*ATOLL, "explore", "--root", str(EXAMPLES), "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        first = process.stdout.readline()
        assert first.startswith(f"atoll explore: serving {EXAMPLES} at http://127.0.0.1:")
        url = first.split(" at ")[1].split(" ")[0]
        assert request(url).status == 200
        assert "close-island.toml" in request(url + "positions").text
    finally:
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
    assert process.returncode == 0, err
    assert out.strip().endswith("atoll explore: stopped")


def test_a_missing_root_is_a_one_line_error(tmp_path: Path) -> None:
    done = subprocess.run(
        [*ATOLL, "explore", "--root", str(tmp_path / "nowhere"), "--port", "0"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr == f"atoll: error: {tmp_path / 'nowhere'}: --root: is not a folder\n"


def test_a_port_in_use_is_a_one_line_error() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        done = subprocess.run(
            [*ATOLL, "explore", "--root", str(EXAMPLES), "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert done.returncode == 2
    assert done.stderr.startswith(f"atoll: error: --port: cannot listen on 127.0.0.1:{port}: ")
    assert done.stderr.count("\n") == 1


def test_a_bad_port_is_click_s_one_line_error() -> None:
    done = subprocess.run(
        [*ATOLL, "explore", "--port", "70000"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "--port" in done.stderr
