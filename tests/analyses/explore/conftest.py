"""A live explore app over a copy of the examples (a free loopback port), and plain HTTP."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from analyses.explore.server import Running

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
#: The CLI as a user runs it, in a process of its own.
ATOLL = [sys.executable, "-m", "analyses.cli.main"]


def atoll_json(*args: str) -> Any:
    """What an ``atoll ... --json`` command prints, read as JSON."""
    done = subprocess.run([*ATOLL, *args, "--json"], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A root folder: the bundled examples, copied (the tests write into it)."""
    folder = tmp_path_factory.mktemp("root")
    shutil.copytree(EXAMPLES, folder, dirs_exist_ok=True)
    return folder


@pytest.fixture(scope="module")
def server(root: Path) -> Iterator[str]:
    with Running(root, time_limit=30.0) as url:
        yield url


class Answer:
    def __init__(self, status: int, body: bytes, headers: Any) -> None:
        self.status = status
        self.body = body
        self.headers = headers

    @property
    def text(self) -> str:
        return self.body.decode("utf-8")

    def json(self) -> Any:
        return json.loads(self.body)


def request(
    url: str,
    data: Any = None,
    *,
    headers: dict[str, str] | None = None,
    raw: bytes | None = None,
) -> Answer:
    """GET (or POST ``data`` as JSON with the app's write header) and the answer, errors too."""
    sent = dict(headers or {})
    body = raw
    if data is not None:
        body = json.dumps(data).encode()
        sent.setdefault("Content-Type", "application/json")
        sent.setdefault("X-Atoll", "1")
    req = urllib.request.Request(
        url, data=body, headers=sent, method="POST" if body is not None else "GET"
    )
    try:
        with urllib.request.urlopen(req, timeout=60) as response:
            return Answer(response.status, response.read(), response.headers)
    except urllib.error.HTTPError as exc:
        return Answer(exc.code, exc.read(), exc.headers)
