"""CP-SAT backend for hint solving: all solutions enumerated, exact.

The model for treasures solved alone has one Boolean per treasure (which treasure a solution is
about, exactly one) and one integer ``field`` (which island field it lies on, by index). Each
hint of treasure t says "``field`` lies in the hint's compiled set", a domain constraint enforced
only if t is chosen; enumerating all solutions lists every (treasure, candidate) pair in one
solve, in a fixed search order (no restarts). For legality, the candidates a clue leaves and
removes are counted from that enumeration with the clue's compiled set (a clue Boolean per
solution made the enumeration ten times slower on big maps). Domains, not one Boolean per field,
keep the model small.

With ``distinct`` the treasures that can share out fields (:mod:`solvers.tobago.hints` sets the
conflicting ones aside first) get one joint model: one ``field`` each over its own candidates,
all different. The same model is asked about one pair no solution has shown yet at
a time ("t lies on f": t's domain narrowed to f, then restored); each solution found shows four
pairs at once, so a few small solves settle every pair.

Every solve has a time limit and reports ``unknown`` when it is reached (:mod:`solvers.cpsat`).
"""

from __future__ import annotations

from collections.abc import Sequence

from ortools.sat.python import cp_model

from models.tobago.island.clues import Clue, mask_bits
from models.tobago.island.hints import TREASURES
from solvers.cpsat import Collector, new_solver, solve
from solvers.limits import Deadline
from solvers.tobago.problem import HintProblem


def _within(mask: int) -> cp_model.Domain:
    return cp_model.Domain.from_values(mask_bits(mask))


def _solve_alone(
    problem: HintProblem, treasures: Sequence[int], deadline: Deadline
) -> list[tuple[int, ...]]:
    """All (treasure, field) pairs consistent with the hints."""
    model = cp_model.CpModel()
    chosen = {t: model.new_bool_var(f"treasure_{t}") for t in treasures}
    model.add_exactly_one(chosen.values())
    field = model.new_int_var(0, max(problem.size - 1, 0), "field")
    for t in treasures:
        for mask in problem.hint_masks[t]:
            model.add_linear_expression_in_domain(field, _within(mask)).only_enforce_if(chosen[t])
    treasure = model.new_int_var(min(treasures), max(treasures), "treasure")
    model.add(treasure == sum(t * v for t, v in chosen.items()))
    # Enumerate in a fixed order (treasure, then field): no restarts, each solution once.
    model.add_decision_strategy([treasure, field], cp_model.CHOOSE_FIRST, cp_model.SELECT_MIN_VALUE)
    solver = new_solver(enumerate_all=True)
    solver.parameters.search_branching = cp_model.FIXED_SEARCH
    collect = Collector([treasure, field])
    solve(model, time_limit=deadline, collect=collect, solver=solver)
    return collect.solutions


def candidate_indices(problem: HintProblem, deadline: Deadline) -> dict[int, list[int]]:
    """Each treasure's candidates alone, as sorted field indices."""
    found: dict[int, list[int]] = {t: [] for t in TREASURES}
    for t, i in _solve_alone(problem, TREASURES, deadline):
        found[t].append(i)
    return {t: sorted(v) for t, v in found.items()}


def distinct_indices(
    problem: HintProblem, alone: dict[int, list[int]], deadline: Deadline
) -> dict[int, list[int]]:
    """The pairs (t, f) of some placement of the treasures of ``alone`` on distinct fields."""
    model = cp_model.CpModel()
    field = {
        t: model.new_int_var_from_domain(cp_model.Domain.from_values(alone[t]), f"field_{t}")
        for t in alone
    }
    model.add_all_different(field.values())
    seen: set[tuple[int, int]] = set()
    solver = new_solver()
    for t in alone:
        domain = field[t].proto.domain  # the query "t lies on f" narrows t's domain to f
        whole = list(domain)
        for f in alone[t]:
            if (t, f) in seen:
                continue
            domain.clear()
            domain.extend((f, f))
            if solve(model, time_limit=deadline, solver=solver) == "complete":
                seen |= {(u, solver.value(field[u])) for u in alone}  # all pairs at once
            domain.clear()
            domain.extend(whole)
    return {t: sorted(f for u, f in seen if u == t) for t in alone}


def clue_counts(
    problem: HintProblem, pairs: Sequence[tuple[Clue, int]], deadline: Deadline
) -> list[tuple[int, int]]:
    """(excluded, remaining) for each (clue, treasure) pair: the candidates come from one
    enumeration; a clue's truth at each is read from its compiled set."""
    if not pairs:
        return []
    treasures = sorted({t for _, t in pairs})
    found: dict[int, int] = dict.fromkeys(treasures, 0)  # candidates as a bitmask
    for t, i in _solve_alone(problem, treasures, deadline):
        found[t] |= 1 << i
    out = []
    for clue, t in pairs:
        remaining = (found[t] & problem.mask(clue)).bit_count()
        out.append((found[t].bit_count() - remaining, remaining))
    return out
