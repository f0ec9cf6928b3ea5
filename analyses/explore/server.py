"""Serving the explore app: on a socket of its own (port 0: a free one), on loopback unless
told otherwise, with uvicorn; and :class:`Running`, the app in a background thread (what the
browser tests use).

>>> with Running("examples") as url:
...     import urllib.request
...     urllib.request.urlopen(url).status
200
"""

from __future__ import annotations

import ipaddress
import socket
import threading
import time
from pathlib import Path
from types import TracebackType

import uvicorn

from analyses.explore.app import make_app
from models.errors import AtollError

__all__ = ["LOOPBACK", "Running", "bind", "is_loopback", "server_for"]

LOOPBACK = "127.0.0.1"


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port`` (a one-line error when it cannot be had)."""
    try:
        infos = socket.getaddrinfo(host.strip("[]"), port, type=socket.SOCK_STREAM)
    except socket.gaierror as exc:
        raise AtollError(f"{host!r}: no such address ({exc.strerror})", field="--host") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
    except OSError as exc:
        sock.close()
        raise AtollError(
            f"cannot listen on {host}:{port}: {exc.strerror}", field="--port"
        ) from None
    sock.listen(128)
    return sock


def address_of(sock: socket.socket) -> str:
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


def server_for(
    root: str | Path, sock: socket.socket, *, time_limit: float = 10.0
) -> uvicorn.Server:
    """A uvicorn server of the app over ``root`` for the bound ``sock``: a server on loopback
    answers requests addressed to loopback names only (a page of another site reaching it
    through a name of its own, DNS rebinding, is refused)."""
    host = sock.getsockname()[0]
    hosts: tuple[str, ...] = ("127.0.0.1", "localhost", "[::1]")
    if not is_loopback(host):
        hosts = ("*",)
    app = make_app(root, time_limit=time_limit, hosts=hosts)
    config = uvicorn.Config(app, log_level="warning", lifespan="off", access_log=False)
    return uvicorn.Server(config)


class Running:
    """The app over ``root`` served from a background thread on a free loopback port; the
    ``with`` block gets its address and the server stops when it ends."""

    def __init__(self, root: str | Path, *, time_limit: float = 10.0) -> None:
        self.sock = bind(LOOPBACK, 0)
        self.url = address_of(self.sock)
        self.server = server_for(root, self.sock, time_limit=time_limit)
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True
        )

    def __enter__(self) -> str:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the explore server did not start")
            time.sleep(0.02)
        return self.url

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)
        self.sock.close()
