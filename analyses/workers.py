"""Worker processes that end with their parent, and a Ctrl-C that stops them cleanly.

:func:`process_pool` is the local executor of benchmarks and studies. Its workers:

* die when the parent dies, even by SIGKILL (Linux: the kernel's parent-death signal; elsewhere
  a watchdog thread notices that the parent is gone), so nothing is left orphaned;
* ignore Ctrl-C, which the terminal sends to the whole process group: the parent alone decides,
  stops the workers, and re-raises :class:`KeyboardInterrupt` for its caller to report in one
  line.

>>> with process_pool(1) as pool:
...     pool.submit(pow, 2, 10).result()
1024

A Dask cluster is named by its scheduler's address, checked by :func:`scheduler_address`
before anything connects to it.
"""

from __future__ import annotations

import contextlib
import ctypes
import multiprocessing
import os
import re
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import InvalidStateError, ProcessPoolExecutor
from typing import Any

from models.data import brief
from models.errors import AtollError

_PR_SET_PDEATHSIG = 1


def _watch_parent(parent: int) -> None:
    """In a worker: ignore Ctrl-C, and end as soon as the parent process is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:  # the parent died before we got here
        os._exit(1)

    def watchdog() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(1)

    threading.Thread(target=watchdog, daemon=True).start()


def _quiet_cancel_race(hook: Callable[[threading.ExceptHookArgs], Any]) -> Callable[..., Any]:
    """``hook`` without the pool manager's race after a cancel: it may still try to fail
    futures that were just cancelled (CPython raises InvalidStateError in its thread), which is
    no news after Ctrl-C and must not print a traceback."""

    def quiet(args: threading.ExceptHookArgs) -> None:
        if not isinstance(args.exc_value, InvalidStateError):
            hook(args)

    return quiet


@contextlib.contextmanager
def process_pool(workers: int) -> Iterator[ProcessPoolExecutor]:
    """A process pool whose workers end with this process; Ctrl-C stops them at once."""
    pool = ProcessPoolExecutor(
        max_workers=workers, initializer=_watch_parent, initargs=(os.getpid(),)
    )
    hook = threading.excepthook
    try:
        yield pool
    except KeyboardInterrupt:
        threading.excepthook = _quiet_cancel_race(hook)
        pool.shutdown(wait=False, cancel_futures=True)
        for child in multiprocessing.active_children():
            child.terminate()
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)  # the manager thread has ended now
        threading.excepthook = hook


#: A scheduler's host: a name, an IPv4 address, or an IPv6 address in brackets.
_HOST = re.compile(r"\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+", re.ASCII)
_USE = "give HOST:PORT or tcp://HOST:PORT"


def scheduler_address(text: str) -> str:
    """A Dask scheduler address as ``tcp://HOST:PORT``, from ``HOST:PORT`` or
    ``tcp://HOST:PORT`` (a port 1 to 65535); anything else is a one-line error (field
    ``--scheduler``) saying what to give.

    >>> scheduler_address("127.0.0.1:8786"), scheduler_address("tcp://[::1]:8786")
    ('tcp://127.0.0.1:8786', 'tcp://[::1]:8786')
    >>> scheduler_address("tls://host:8786")
    Traceback (most recent call last):
    ...
    models.errors.AtollError: --scheduler: 'tls://host:8786': tls needs a security context ...
    """
    scheme, sep, rest = text.strip().partition("://")
    if not sep:
        scheme, rest = "tcp", text.strip()
    if scheme.lower() in ("tls", "wss"):  # certificates cannot be named on the command line
        raise _bad(
            text,
            f"{scheme} needs a security context (certificates), which atoll cannot take "
            f"from the command line: {_USE} (a TLS cluster: reach it through an SSH tunnel)",
        )
    if scheme.lower() != "tcp":
        raise _bad(text, f"atoll connects over tcp only, not {brief(scheme)}: {_USE}")
    host, colon, port = rest.rpartition(":")
    if not colon or not _HOST.fullmatch(host):
        raise _bad(text, f"not an address: {_USE}")
    if not (port.isascii() and port.isdigit() and len(port) <= 5 and 1 <= int(port) <= 65535):
        raise _bad(text, f"the port must be a whole number 1 to 65535, got {brief(port)}")
    return f"tcp://{host}:{int(port)}"


def _bad(text: str, why: str) -> AtollError:
    return AtollError(f"{brief(text)}: {why}", field="--scheduler")
