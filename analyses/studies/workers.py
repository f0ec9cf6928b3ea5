"""Worker processes that end with their parent, and a Ctrl-C that stops them cleanly.

:func:`process_pool` is the local executor of benchmarks and studies. Its workers:

* die when the parent dies, even by SIGKILL (Linux: the kernel's parent-death signal; elsewhere
  a watchdog thread notices that the parent is gone), so nothing is left orphaned;
* ignore Ctrl-C, which the terminal sends to the whole process group: the parent alone decides,
  stops the workers, and re-raises :class:`KeyboardInterrupt` for its caller to report in one
  line. A worker is forked with the signals held back
  (:func:`analyses.studies.interrupts.deferred`), so it never runs the parent's handlers (a
  traceback) before it has set its own;
* end at once, quietly, on SIGTERM: when the parent stops (an interrupt, or an error while the
  workers play) it ends them, busy or idle, without waiting for what they play. Nothing
  finished is lost: results come back to the parent, which stores them as they arrive.

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
from concurrent.futures import Future, InvalidStateError, ProcessPoolExecutor
from multiprocessing.process import BaseProcess
from typing import Any

from analyses.studies import interrupts
from models.data import brief
from models.errors import AtollError

_PR_SET_PDEATHSIG = 1


def _watch_parent(parent: int) -> None:
    """In a worker: ignore Ctrl-C, end quietly on SIGTERM, and end as soon as the parent
    process is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if interrupts.held_back(signal.SIGTERM):  # the parent was stopped as this worker began
        os._exit(128 + signal.SIGTERM)
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
    futures that were just cancelled (CPython 3.11 raises InvalidStateError in its thread),
    which is no news after a stop and must not print a traceback."""

    def quiet(args: threading.ExceptHookArgs) -> None:
        if not isinstance(args.exc_value, InvalidStateError):
            hook(args)

    return quiet


class _Pool(ProcessPoolExecutor):
    """A process pool that starts its workers with the stop signals held back (a pool starts
    them in ``submit``)."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        with interrupts.deferred():
            return super().submit(fn, *args, **kwargs)


#: How long stopped workers get to end before they are killed.
_GRACE = 2.0


def _end_workers(pool: ProcessPoolExecutor) -> None:
    """End every worker of ``pool`` now (SIGTERM, SIGKILL for any still there after a grace),
    busy or idle. The pool's manager thread then finds them gone and fails what was pending
    (CPython's own path for a broken pool), so the pool shuts down without waiting for work."""
    workers: list[BaseProcess]
    if hasattr(pool, "_processes"):  # CPython's pid -> process map (None once shut down)
        workers = list((pool._processes or {}).values())
    else:  # another Python's pool: every worker process of this one
        workers = multiprocessing.active_children()
    for worker in workers:
        worker.terminate()
    deadline = time.monotonic() + _GRACE
    for worker in workers:
        worker.join(max(0.0, deadline - time.monotonic()))
    for worker in workers:
        if worker.is_alive():
            worker.kill()
            worker.join(_GRACE)


def _unblock_manager(pool: ProcessPoolExecutor) -> None:
    """After :func:`_end_workers`: a worker ended while it sent a result leaves the pool's
    manager thread reading the rest of that message forever (no end of file comes: this
    process holds the result pipe's write end too), and the pool's shutdown, and the exit,
    wait for that thread. With every worker gone nothing else writes there, so close this
    process's end: the manager reads the end of the pipe, takes the pool for broken, and
    ends."""
    manager = getattr(pool, "_executor_manager_thread", None)
    if manager is None:
        return
    manager.join(_GRACE)
    if manager.is_alive():
        writer = getattr(getattr(pool, "_result_queue", None), "_writer", None)
        if writer is not None:
            writer.close()


@contextlib.contextmanager
def process_pool(workers: int) -> Iterator[ProcessPoolExecutor]:
    """A process pool whose workers end with this process; Ctrl-C (or any error in the
    ``with`` block) ends them at once, busy or idle, and is raised on."""
    pool = _Pool(max_workers=workers, initializer=_watch_parent, initargs=(os.getpid(),))
    hook = threading.excepthook
    try:
        yield pool
    except BaseException:
        threading.excepthook = _quiet_cancel_race(hook)
        with interrupts.deferred():  # a second Ctrl-C must not leave workers half stopped
            _end_workers(pool)
            _unblock_manager(pool)
        raise
    finally:
        try:
            pool.shutdown(wait=True, cancel_futures=True)  # the manager thread has ended now
        finally:
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
