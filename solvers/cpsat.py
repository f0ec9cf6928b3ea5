"""Running CP-SAT honestly: every solve has a time limit, and only a finished search is an answer.

CP-SAT stops early for two reasons: its time limit, or Ctrl-C (it catches SIGINT itself and
returns what it has, with a "feasible" status). Neither is an answer. :func:`solve` turns them
into :class:`SolverUnknown` (the time limit: say "unknown") and :class:`KeyboardInterrupt` (the
user stopped it: print nothing), so no caller can mistake a partial enumeration for the whole.

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

import time
from collections.abc import Sequence

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
    started = time.perf_counter()
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
    # FEASIBLE or UNKNOWN: stopped before the end, by the clock or by Ctrl-C
    if deadline.left <= 0.01 * deadline.time_limit:
        raise SolverUnknown(deadline.time_limit)
    raise KeyboardInterrupt("CP-SAT was interrupted")
