"""Whether the compiled exhaustive search is ready, and making it ready without a user waiting.

numba compiles :mod:`~solvers.southseas.exhaust_kernel` once and keeps it in its disk cache
(next to that file, or in the user's cache, or ``NUMBA_CACHE_DIR``); compiling takes 15 s to a
minute, loading it a second or two. The compiled search is a pure speed-up of the Python
reference (:class:`~solvers.southseas.exhaust._Search`: the same boards in the same order,
the same answers), so :func:`~solvers.southseas.exhaust.exhaust` asks :func:`ready` first:
when it is not, it starts a build in a process of its own (:func:`build_elsewhere`, which runs
:mod:`~solvers.southseas.exhaust_build`) and answers with the reference, which looks every
:data:`LOOK_EVERY` seconds whether the build is done and then gives the search to the compiled
one from its start (the same answer: it searches the same boards, counted the same way). A
first call thus answers as fast as the reference does (most features take it a fraction of a
second) and never compiles; only a time limit can tell the two paths apart (the reference,
10 to 20 times slower on the hardest features, may reach it where the compiled one would not).

One build at a time: it holds a lock file in the cache folder (another build exits at once).
numba writes a function's index before its code, each to a temporary name renamed into place,
so a process that finds the index with no build holding the lock finds the code too.

Whether the cache holds the search is read with numba's cache internals (``Dispatcher._cache``,
its index), the same lookup numba makes before it compiles; if they ever change, :func:`ready`
says ready and the search compiles in the calling process, as it did before.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

from solvers.southseas.exhaust_arrays import Tables, arguments
from solvers.southseas.exhaust_kernel import grow

#: How often (seconds) a reference search running while the compiled one is built looks
#: whether the build is done.
LOOK_EVERY = 0.25
#: The lock a build holds, in numba's cache folder for the compiled search.
LOCK_NAME = "exhaust_kernel.build.lock"

_signature: list[tuple[Any, ...]] = []  # grow's argument types (the same for every search)
_builds: list[subprocess.Popen[bytes]] = []  # the build this process started


def ready(t: Tables) -> bool:
    """Whether the compiled search runs on ``t`` without compiling: loaded in this process,
    or in numba's disk cache for its argument types and no build under way."""
    if grow.signatures:
        return True
    try:
        if not _signature:
            _signature.append(tuple(grow.typeof_pyval(a) for a in (*arguments(t, 0, 0.0), 0)))
        return _cached(_signature[0]) and not building()
    except (AttributeError, TypeError, OSError):  # numba's cache internals changed
        return True


def _cached(signature: tuple[Any, ...]) -> bool:
    """Whether numba's disk cache holds ``grow`` for ``signature`` (its index names the code,
    and that file is there)."""
    dispatcher: Any = grow  # its cache's internals are not typed
    cache = dispatcher._cache
    key = cache._index_key(signature, dispatcher.targetctx.codegen())
    name = cache._cache_file._load_index().get(key)
    return name is not None and os.path.exists(os.path.join(cache.cache_path, name))


def lock_path() -> str:
    """The lock file of a build, beside numba's cache of the compiled search."""
    dispatcher: Any = grow
    return os.path.join(dispatcher._cache.cache_path, LOCK_NAME)


def building() -> bool:
    """Whether a build holds the lock now."""
    return held(lock_path())


def held(lock: str) -> bool:
    """Whether a process holds the lock file ``lock`` (a missing file is not held)."""
    if sys.platform == "win32":  # no build locks there: numba's writes are atomic all the same
        return False
    import fcntl

    try:
        fd = os.open(lock, os.O_RDONLY)
    except FileNotFoundError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)  # and with it the shared lock, if it was taken
    return False


def hold_lock() -> int | None:
    """Take the build lock for the rest of this process (its file descriptor), or ``None``
    when another build holds it."""
    os.makedirs(os.path.dirname(lock_path()), exist_ok=True)
    fd = os.open(lock_path(), os.O_RDWR | os.O_CREAT, 0o644)
    if sys.platform != "win32":
        import fcntl

        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            return None
    return fd


def build_elsewhere(t: Tables) -> Callable[[], bool]:
    """Start building the compiled search in a process of its own (once per process, unless
    a build is under way), and give :func:`ready` for ``t`` as a search that asks often wants
    it: it looks at most every :data:`LOOK_EVERY` seconds (``False`` in between).

    The build reads nothing, writes only numba's cache, and runs in a session of its own: it
    holds neither this process's exit nor its output, and an interrupt of this process's
    group passes it by. A thread waits for its end (no zombie while this process lives on)."""
    if not _builds and not building():  # (one that another process started will do)
        build = subprocess.Popen(
            [sys.executable, "-m", "solvers.southseas.exhaust_build"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True,
        )  # fmt: skip
        _builds.append(build)
        threading.Thread(target=build.wait, name="exhaust-build-reaper", daemon=True).start()
    last = [time.perf_counter()]

    def look() -> bool:
        now = time.perf_counter()
        if now - last[0] < LOOK_EVERY:
            return False
        last[0] = now
        return ready(t)

    return look
