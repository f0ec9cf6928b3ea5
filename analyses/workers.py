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
"""

from __future__ import annotations

import contextlib
import ctypes
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import InvalidStateError, ProcessPoolExecutor
from typing import Any

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
