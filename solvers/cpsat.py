"""Running CP-SAT honestly: every solve has a time limit, and only a finished search is an answer.

A solve stops early for two reasons: its time limit, or Ctrl-C. Neither is an answer.
:func:`solve` turns them into :class:`SolverUnknown` (the time limit: say "unknown") and
:class:`KeyboardInterrupt` (the user stopped it: print nothing), so no caller can mistake a
partial enumeration for the whole.

Ctrl-C is caught here, not by CP-SAT: CP-SAT's own SIGINT handler logs from inside the signal
handler, which allocates memory, and a Ctrl-C that lands while the solver is allocating
deadlocks the process for good (seen here: a solve stuck forever in ``malloc``). So CP-SAT's
handler is off, Python's handler notes the signal on a wakeup socket (``signal.set_wakeup_fd``,
async-signal-safe), and a watcher thread asks the solver to stop (``stop_search`` is
thread-safe); Python acts on the signal once the solver has returned.

>>> from ortools.sat.python import cp_model
>>> model = cp_model.CpModel()
>>> x = model.new_int_var(0, 3, "x")
>>> collect = Collector([x])
>>> solve(model, time_limit=5, collect=collect)
'complete'
>>> sorted(v for (v,) in collect.solutions)
[0, 1, 2, 3]
"""

from __future__ import annotations

import select
import signal
import socket
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress

from ortools.sat.python import cp_model

from solvers.limits import Deadline, SolverUnknown


class Collector(cp_model.CpSolverSolutionCallback):
    """Records the values of ``variables`` in every solution found."""

    def __init__(self, variables: Sequence[cp_model.IntVar]) -> None:
        super().__init__()
        self._variables = list(variables)
        self.solutions: list[tuple[int, ...]] = []

    def on_solution_callback(self) -> None:
        self.solutions.append(tuple(self.value(v) for v in self._variables))


def new_solver(*, enumerate_all: bool = False) -> cp_model.CpSolver:
    """A one-worker solver tuned for the small pure models of atoll."""
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.enumerate_all_solutions = enumerate_all
    # The models are tiny: LP relaxation, probing and symmetry detection cost more than they
    # save (measured: 129 ms -> 90 ms for 580 solutions x 52 clues).
    solver.parameters.linearization_level = 0
    solver.parameters.cp_model_probing_level = 0
    solver.parameters.symmetry_level = 0
    return solver


def solve(
    model: cp_model.CpModel,
    *,
    time_limit: float | Deadline,
    collect: Collector | None = None,
    solver: cp_model.CpSolver | None = None,
) -> str:
    """Solve ``model`` to the end: ``"complete"`` (every solution went to ``collect``, or one
    was found without it) or ``"infeasible"``.

    Raises :class:`SolverUnknown` when the time limit ran out first and
    :class:`KeyboardInterrupt` when the search was interrupted (Ctrl-C).
    """
    deadline = time_limit if isinstance(time_limit, Deadline) else Deadline(time_limit)
    if deadline.left <= 0:
        raise SolverUnknown(deadline.time_limit)
    solver = solver or new_solver(enumerate_all=collect is not None)
    solver.parameters.max_time_in_seconds = deadline.left
    solver.parameters.catch_sigint_signal = False  # see the module docstring
    started = time.perf_counter()
    with _signals_stop(solver) as stopped:
        status = solver.solve(model, collect)
    # CP-SAT's own clock starts after it has loaded the model: on a busy machine the time it
    # reports can fall short of the limit it stopped at, which must not read as an interrupt.
    deadline.spent += max(solver.wall_time, time.perf_counter() - started)
    if status == cp_model.OPTIMAL:
        return "complete"
    if status == cp_model.INFEASIBLE:
        return "infeasible"
    if status == cp_model.MODEL_INVALID:
        raise RuntimeError(f"CP-SAT: invalid model: {model.validate()}")
    # FEASIBLE or UNKNOWN: stopped before the end, by Ctrl-C or by the clock
    if stopped():
        raise KeyboardInterrupt("CP-SAT was interrupted")
    raise SolverUnknown(deadline.time_limit)


_STOPPING = frozenset({signal.SIGINT, signal.SIGTERM})


@contextmanager
def _signals_stop(solver: cp_model.CpSolver) -> Iterator[Callable[[], bool]]:
    """During the ``with`` block, Ctrl-C (or a SIGTERM that Python handles) stops ``solver``
    safely; yields whether that happened. Python's own async-signal-safe handler writes the
    signal number to a wakeup socket whichever thread the signal lands on; a watcher thread
    reads it and calls ``stop_search``. Python then runs its usual handler (KeyboardInterrupt
    for Ctrl-C) once the solver has returned. Off the main thread signals are left alone."""
    if threading.current_thread() is not threading.main_thread():
        yield lambda: False
        return
    reader, writer = socket.socketpair()
    writer.setblocking(False)
    caught: list[int] = []
    done = threading.Event()

    def watch() -> None:
        while not done.is_set():
            ready, _, _ = select.select([reader], [], [], 0.5)
            if ready:
                for signum in reader.recv(64):
                    if signum in _STOPPING:
                        caught.append(signum)
                        solver.stop_search()

    previous = signal.set_wakeup_fd(writer.fileno(), warn_on_full_buffer=False)
    watcher = threading.Thread(target=watch, name="cpsat-signals", daemon=True)
    watcher.start()
    try:
        yield lambda: bool(caught)
    finally:
        done.set()
        with suppress(OSError):
            writer.send(b"\0")  # wake the watcher now (0 is no signal), not at its next poll
        watcher.join()
        signal.set_wakeup_fd(previous)
        reader.close()
        writer.close()
