"""Tobago's own solvers: the treasure candidates a set of hints allows (four interchangeable
backends), why a field is ruled out, and setting hint puzzles.

The names a command line offers live here, so that making the ``atoll tobago`` commands loads
no solver (:mod:`solvers.tobago.hints` loads pandas and OR-Tools).
"""

from __future__ import annotations

from typing import Literal

__all__ = ["BACKENDS", "DEFAULT_MAX_SETS", "Backend"]

#: The hint backends: CP-SAT (exact, the default), python-constraint (an independent second
#: answer), bitsets (fast inside simulations).
Backend = Literal["cpsat", "csp", "bitset"]
BACKENDS: tuple[Backend, ...] = ("cpsat", "csp", "bitset")
#: The most minimal clue sets a puzzle lists unless asked for more.
DEFAULT_MAX_SETS = 10
