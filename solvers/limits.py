"""Time limits for solvers: every solve has one, and running out of it means "unknown".

A :class:`Deadline` is a budget shared by the solves of one question; a solver that runs out
raises :class:`SolverUnknown`, never a partial answer. (No OR-Tools import here, so callers can
name limits cheaply.)

>>> deadline = Deadline(2.0)
>>> deadline.spent += 0.5
>>> deadline.left
1.5
"""

from __future__ import annotations

#: Seconds a solve may take unless the caller says otherwise (``--time-limit`` in the CLI).
DEFAULT_TIME_LIMIT = 60.0


class SolverUnknown(RuntimeError):
    """The solver reached its time limit before it could answer: nothing is known."""

    def __init__(self, time_limit: float) -> None:
        self.time_limit = time_limit
        super().__init__(
            f"unknown: the solver reached its time limit of {time_limit:g} s before the answer was "
            "complete (raise it with --time-limit)"
        )


class Deadline:
    """A time budget shared by several solves: each gets what is left of it."""

    def __init__(self, time_limit: float) -> None:
        if not time_limit > 0:
            raise ValueError(f"a time limit must be positive, got {time_limit!r}")
        self.time_limit = time_limit
        self.spent = 0.0

    @property
    def left(self) -> float:
        return self.time_limit - self.spent
