"""Which clues together exclude every field of a set: set cover over compiled clue masks.

Masks are integers over ``island.island_fields`` (bit i = field i). Clue ``i`` *excludes* the
fields of ``excludes[i]``; a set of clues *covers* ``universe`` when every field of it is
excluded by one of them. Setting a puzzle for a target field is covering every other field with
clues true at the target; hints that contradict each other cover the whole island.

CP-SAT answers exactly: one Boolean per clue, for every field of the universe at least one
chosen clue that excludes it (``add_bool_or``), the count minimised. Every inclusion-minimal
cover, smallest first, comes from re-solving with a no-good per cover found ("not all of these
clues"): it forbids the cover and its supersets, so the next optimum is again a cover with no
redundant clue. Each solve goes through :func:`solvers.cpsat.solve` with what is left of the
deadline. :func:`min_cover_size` tries small sizes by plain bitset search first, which settles
most fields of a map without CP-SAT.

>>> universe, excludes = 0b1111, [0b0011, 0b1100, 0b0110, 0b1001, 0b0001]
>>> smallest_covers(universe, excludes, limit=5, deadline=Deadline(10))
[(0, 1), (2, 3), (1, 2, 4)]
>>> min_cover_size(universe, excludes, Deadline(10)), min_cover_size(0b1, [0b10], Deadline(10))
(2, None)
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from math import comb

from ortools.sat.python import cp_model

from models.tobago.island.clues import mask_bits
from solvers.cpsat import new_solver, solve
from solvers.limits import Deadline

#: :func:`min_cover_size` tries every set of k clues by plain bitset search while there are at
#: most this many such sets; beyond, CP-SAT settles the size.
BRUTE_FORCE_SETS = 3000


def coverable(universe: int, excludes: Sequence[int]) -> bool:
    """Whether all the clues together exclude every field of ``universe``."""
    union = 0
    for e in excludes:
        union |= e
    return universe & ~union == 0


def _model(
    universe: int, excludes: Sequence[int]
) -> tuple[cp_model.CpModel, list[cp_model.IntVar]]:
    model = cp_model.CpModel()
    chosen = [model.new_bool_var(f"clue_{i}") for i in range(len(excludes))]
    for u in mask_bits(universe):
        model.add_bool_or([x for x, e in zip(chosen, excludes, strict=True) if e >> u & 1])
    return model, chosen


def smallest_covers(
    universe: int, excludes: Sequence[int], *, limit: int, deadline: Deadline
) -> list[tuple[int, ...]]:
    """Up to ``limit`` covers with no redundant clue, smallest first, then in index order
    (indices into ``excludes``, ascending); ``[]`` when no set of clues covers ``universe``.
    When ``limit`` cuts a size short, which covers of that size are listed is CP-SAT's choice
    (the same on every run: one worker, no randomness)."""
    if not coverable(universe, excludes):
        return []
    if not universe:
        return [()]
    model, chosen = _model(universe, excludes)
    model.minimize(sum(chosen))
    solver = new_solver()
    found: list[tuple[int, ...]] = []
    while len(found) < limit:
        if solve(model, time_limit=deadline, solver=solver) != "complete":
            break
        cover = tuple(i for i, x in enumerate(chosen) if solver.boolean_value(x))
        found.append(cover)
        model.add_bool_or([chosen[i].Not() for i in cover])  # never these clues all together
    return sorted(found, key=lambda c: (len(c), c))


def min_cover_size(universe: int, excludes: Sequence[int], deadline: Deadline) -> int | None:
    """The fewest clues that cover ``universe`` (``None`` when none do)."""
    if not coverable(universe, excludes):
        return None
    useful = _undominated([e & universe for e in excludes])
    best = len(_greedy(universe, useful))
    for k in range(1, best):
        if comb(len(useful), k) > BRUTE_FORCE_SETS:
            return _cpsat_size(universe, useful, best, deadline)
        if any(_union(group) & universe == universe for group in combinations(useful, k)):
            return k
    return best


def _undominated(excludes: Sequence[int]) -> list[int]:
    """The distinct non-empty exclusion sets that no other one contains (a smallest cover
    never needs a clue whose fields another clue excludes as well), largest first."""
    distinct = sorted({e for e in excludes if e}, key=lambda e: -e.bit_count())
    kept: list[int] = []
    for e in distinct:
        if not any(e & k == e for k in kept):
            kept.append(e)
    return kept


def _greedy(universe: int, excludes: Sequence[int]) -> list[int]:
    """A cover by always taking the clue that excludes most of what is left (an upper bound)."""
    left, taken = universe, []
    while left:
        best = max(excludes, key=lambda e: (e & left).bit_count())
        taken.append(best)
        left &= ~best
    return taken


def _union(masks: Sequence[int]) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


def _cpsat_size(universe: int, excludes: Sequence[int], upper: int, deadline: Deadline) -> int:
    model, chosen = _model(universe, excludes)
    model.add(sum(chosen) <= upper)
    model.minimize(sum(chosen))
    solver = new_solver()
    solve(model, time_limit=deadline, solver=solver)  # feasible: the greedy cover fits
    return round(solver.objective_value)


def irredundant_cover(
    universe: int,
    excludes: Sequence[int],
    size: int,
    order: Sequence[int],
    deadline: Deadline,
) -> tuple[int, ...] | None:
    """A cover of exactly ``size`` clues in which every clue excludes a field no other chosen
    clue excludes (none is redundant); ``None`` when none exists. The search tries clues in
    ``order`` (a permutation of the indices), so a shuffled order gives a random cover.

    Every clue of such a cover may be laid in any order: each removes its own field, and the
    fields outside ``universe`` stay candidates.
    """
    if not coverable(universe, excludes) or size < 1:
        return None
    model, chosen = _model(universe, excludes)
    model.add(sum(chosen) == size)
    # once: "field u is excluded by exactly one chosen clue"; a chosen clue needs such a field
    once = {}
    for u in mask_bits(universe):
        once[u] = model.new_bool_var(f"once_{u}")
        hits = sum(x for x, e in zip(chosen, excludes, strict=True) if e >> u & 1)
        model.add(hits == 1).only_enforce_if(once[u])
    for x, e in zip(chosen, excludes, strict=True):
        model.add_bool_or([once[u] for u in mask_bits(e & universe)]).only_enforce_if(x)
    model.add_decision_strategy(
        [chosen[i] for i in order], cp_model.CHOOSE_FIRST, cp_model.SELECT_MAX_VALUE
    )
    solver = new_solver()
    solver.parameters.search_branching = cp_model.FIXED_SEARCH
    if solve(model, time_limit=deadline, solver=solver) != "complete":
        return None
    return tuple(i for i, x in enumerate(chosen) if solver.boolean_value(x))
