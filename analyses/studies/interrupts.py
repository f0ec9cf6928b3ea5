"""How a run stops when it is asked to: Ctrl-C (SIGINT) or a plain ``kill`` (SIGTERM).

The CLI turns either signal into :class:`KeyboardInterrupt` in the main thread
(:func:`stop_on_signals`) and remembers the first one, so that it exits as a shell reports a
process that signal ended: 130 for SIGINT, 143 for SIGTERM (:func:`exit_status`). A command that
keeps what it finished says so in the one line it prints (:class:`Interrupted`, :func:`keeping`).

Python runs a signal handler between two steps of the main thread, wherever it is, so two things
guard the places where that would do harm:

* :func:`deferred` holds the signals back while a few steps must not be cut in half (starting
  worker processes: a worker forked then would run this process's handler before it has set its
  own; stopping them) and delivers them afterwards;
* code that swallows every exception (a fork hook, a finaliser: "Exception ignored in ...") can
  lose the :class:`KeyboardInterrupt`, so long loops call :func:`check` between their steps:
  a stop that was asked for is raised again there (and Python's "Exception ignored" report of
  it, a traceback, is not printed).

>>> with stop_on_signals():
...     exit_status()
130
"""

from __future__ import annotations

import contextlib
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from typing import Any

#: The signals that stop a run.
STOPPING = (signal.SIGINT, signal.SIGTERM)

#: The stop signals this process received while :func:`stop_on_signals` was in force.
_received: list[int] = []
#: The stop signals held back by :func:`deferred` (also read by a worker forked meanwhile).
_held: list[int] = []


class Interrupted(BaseException):
    """A stop, with what was kept for the user: ``kept`` is the end of the line the CLI prints
    ("7 of 70 games are kept in out/s: ..."). Not a KeyboardInterrupt, which click turns into
    its own Abort (after an empty line): the CLI prints this one line itself."""

    def __init__(self, kept: str) -> None:
        super().__init__(kept)
        self.kept = kept


def _stop(signum: int, frame: object) -> None:
    if signum not in _received:
        _received.append(signum)
    raise KeyboardInterrupt


@contextlib.contextmanager
def stop_on_signals() -> Iterator[None]:
    """While in force (in the main thread), SIGINT and SIGTERM raise KeyboardInterrupt and are
    remembered (for :func:`exit_status` and :func:`check`, until it ends); the handlers before
    are restored after. Off the main thread nothing changes."""
    _received.clear()
    try:
        previous = {s: signal.signal(s, _stop) for s in STOPPING}
    except ValueError:  # not the main thread: signals are the main thread's business
        yield
        return
    hook, sys.unraisablehook = sys.unraisablehook, _quiet_about_stops(sys.unraisablehook)
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        sys.unraisablehook = hook
        _received.clear()  # a later run in this process (a test's) starts clean


def _quiet_about_stops(hook: Callable[[Any], object]) -> Callable[[Any], object]:
    """``hook`` (Python's report of an exception a finaliser or a callback could not raise:
    "Exception ignored in ...") silent about a stop: that stop is remembered and raised again
    at the next :func:`check`, so its traceback would only be noise on the way out."""

    def report(unraisable: Any) -> None:
        if isinstance(unraisable.exc_value, KeyboardInterrupt) and _received:
            return
        hook(unraisable)

    return report


def exit_status() -> int:
    """128 + the first stop signal received (130 when a KeyboardInterrupt came otherwise)."""
    return 128 + (_received[0] if _received else signal.SIGINT)


def check() -> None:
    """Raise KeyboardInterrupt again if a stop was asked for: a loop calls this between its
    steps, so that an interrupt swallowed by a finaliser or a fork hook still stops the run."""
    if _received:
        raise KeyboardInterrupt


def held_back(signum: int) -> bool:
    """Whether ``signum`` arrived while the signals were held back (in a worker forked then:
    before it set its own handlers)."""
    return signum in _held


def _hold(signum: int, frame: object) -> None:
    _held.append(signum)


@contextlib.contextmanager
def deferred() -> Iterator[None]:
    """Hold SIGINT and SIGTERM back for the ``with`` block and deliver them afterwards, to the
    handlers that were in force (in the main thread, and not again inside itself; elsewhere
    nothing changes). Keep the block short: a stop waits for it."""
    if (
        threading.current_thread() is not threading.main_thread()
        or signal.getsignal(signal.SIGINT) is _hold
    ):
        yield
        return
    _held.clear()
    previous: dict[int, Any] = {s: signal.signal(s, _hold) for s in STOPPING}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        caught, _held[:] = list(dict.fromkeys(_held)), []
        for signum in caught:
            signal.raise_signal(signum)  # as if it arrived now: the usual handler acts


@contextlib.contextmanager
def keeping(kept: Callable[[], str], *, recheck: bool = True) -> Iterator[None]:
    """A KeyboardInterrupt in the block becomes :class:`Interrupted` saying ``kept()``
    (asked once the run has stopped, so that it counts what was finished); so does, with
    ``recheck``, a stop that was swallowed on the way (:func:`check` at the block's end): it is
    never ignored. Without it, a block that caught its stop itself ends as it meant to."""
    try:
        yield
        if recheck:
            check()
    except KeyboardInterrupt:
        raise Interrupted(kept()) from None
