"""python-constraint backend for hint solving: an independent second answer for small cases.

It does not use the compiled bitmasks: every clue is evaluated field by field with the plain
reference semantics :func:`models.tobago.island.clues.holds_at`, and python-constraint's solver
finds the assignments. With ``distinct``, a (treasure, field) pair is a candidate when the joint
problem with that treasure fixed there has a solution (``AllDifferentConstraint`` over the
treasures that can share out fields).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from functools import lru_cache

from constraint import AllDifferentConstraint, InSetConstraint, NotInSetConstraint, Problem

from models.tobago.island.clues import Clue, holds_at
from models.tobago.island.hints import TREASURES
from models.tobago.island.map import Island
from models.tobago.island.options import ClueOptions
from solvers.limits import Deadline, SolverUnknown
from solvers.tobago.problem import HintProblem


def _holding(problem: HintProblem, clue: Clue) -> frozenset[int]:
    return _holding_fields(problem.island, clue, problem.options)


@lru_cache(maxsize=4096)
def _holding_fields(island: Island, clue: Clue, options: ClueOptions) -> frozenset[int]:
    return frozenset(
        i for i, f in enumerate(island.island_fields) if holds_at(island, clue, f, options)
    )


def _treasure_problem(
    problem: HintProblem, t: int, extra: Sequence[Clue] = (), negate_extra: bool = False
) -> Problem:
    csp = Problem()
    csp.addVariable(t, list(range(problem.size)))
    for clue in problem.hints.of(t):
        csp.addConstraint(InSetConstraint(_holding(problem, clue)), [t])
    for clue in extra:
        wanted = NotInSetConstraint if negate_extra else InSetConstraint
        csp.addConstraint(wanted(_holding(problem, clue)), [t])
    return csp


def _check(deadline: Deadline | None, started: float) -> None:
    """python-constraint has no time limit of its own: check the deadline between solves."""
    if deadline is not None and time.perf_counter() - started > deadline.left:
        raise SolverUnknown(deadline.time_limit)


def candidate_indices(
    problem: HintProblem, deadline: Deadline | None = None
) -> dict[int, list[int]]:
    started = time.perf_counter()
    alone = {}
    for t in TREASURES:
        alone[t] = sorted(s[t] for s in _treasure_problem(problem, t).getSolutions())
        _check(deadline, started)
    return alone


def distinct_indices(
    problem: HintProblem, alone: dict[int, list[int]], deadline: Deadline | None = None
) -> dict[int, list[int]]:
    started = time.perf_counter()
    out: dict[int, list[int]] = {}
    for t in alone:
        kept = []
        for f in alone[t]:
            joint = Problem()
            for u in alone:
                joint.addVariable(u, [f] if u == t else alone[u])
            joint.addConstraint(AllDifferentConstraint(), list(alone))
            if joint.getSolution() is not None:
                kept.append(f)
            _check(deadline, started)
        out[t] = kept
    return out


def clue_counts(
    problem: HintProblem, pairs: Sequence[tuple[Clue, int]], deadline: Deadline | None = None
) -> list[tuple[int, int]]:
    started = time.perf_counter()
    out = []
    for clue, t in pairs:
        _check(deadline, started)
        remaining = len(_treasure_problem(problem, t, [clue]).getSolutions())
        excluded = len(_treasure_problem(problem, t, [clue], negate_extra=True).getSolutions())
        out.append((excluded, remaining))
    return out
