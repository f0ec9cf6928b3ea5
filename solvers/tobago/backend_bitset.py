"""Bitset backend for hint solving: candidates and legality as integer AND and bit counts.

Made for simulations: after the clue masks are compiled (once per map), a treasure's candidates
are the AND of its hint masks and a legality cell costs two ANDs and two bit counts.
With ``distinct``, a candidate (treasure t, field f) survives when the other treasures can still
take pairwise distinct fields other than f — Hall's condition over the (at most 3) others.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from models.tobago.island.clues import Clue, mask_bits
from models.tobago.island.hints import TREASURES
from models.tobago.island.legality import EXCLUDES_ALL, EXCLUDES_NONE, LEGAL, candidate_mask
from solvers.limits import Deadline
from solvers.tobago.problem import HintProblem


def candidate_masks(problem: HintProblem) -> dict[int, int]:
    """Each treasure's candidates as a bitmask (treasures solved alone)."""
    return {t: candidate_mask(problem.island, problem.hints, t, problem.options) for t in TREASURES}


def distinct_masks(alone: dict[int, int]) -> dict[int, int]:
    """Candidates when the treasures of ``alone`` (their candidate masks) must lie on pairwise
    distinct fields."""
    out = {}
    for t in alone:
        others = [alone[u] for u in alone if u != t]
        keep = 0
        m = alone[t]
        while m:
            bit = m & -m
            m ^= bit
            if _has_distinct_representatives(others, ~bit):
                keep |= bit
        out[t] = keep
    return out


def _has_distinct_representatives(sets: list[int], allowed: int) -> bool:
    """Hall's condition: every k of the sets together offer at least k allowed fields."""
    for k in range(1, len(sets) + 1):
        for group in combinations(sets, k):
            union = 0
            for s in group:
                union |= s
            if (union & allowed).bit_count() < k:
                return False
    return True


def candidate_indices(
    problem: HintProblem, deadline: Deadline | None = None
) -> dict[int, list[int]]:
    return {t: mask_bits(m) for t, m in candidate_masks(problem).items()}


def distinct_indices(
    problem: HintProblem, alone: dict[int, list[int]], deadline: Deadline | None = None
) -> dict[int, list[int]]:
    masks = {t: sum(1 << i for i in fields) for t, fields in alone.items()}
    return {t: mask_bits(m) for t, m in distinct_masks(masks).items()}


def legality_codes(candidates: Sequence[int], clue_masks: Sequence[int]) -> list[int]:
    """The simulation fast path: one legality code per (clue, treasure), clue-major.

    ``candidates`` are the treasures' candidate masks, ``clue_masks`` the compiled clues (see
    :func:`models.tobago.island.clues.clue_mask`); nothing is compiled or allocated per cell.
    """
    out: list[int] = []
    append = out.append
    for m in clue_masks:
        for c in candidates:
            r = (
                c & m
            )  # the same test as models.tobago.island.legality.legality_code, inlined for speed
            append(EXCLUDES_ALL if not r else EXCLUDES_NONE if r == c else LEGAL)
    return out


def clue_counts(
    problem: HintProblem, pairs: Sequence[tuple[Clue, int]], deadline: Deadline | None = None
) -> list[tuple[int, int]]:
    """(excluded, remaining) for each (clue, treasure) pair (set algebra: no deadline needed)."""
    cand = candidate_masks(problem)
    sizes = {t: m.bit_count() for t, m in cand.items()}
    masks = {c: problem.mask(c) for c, _ in pairs}
    out = []
    for clue, t in pairs:
        remaining = (cand[t] & masks[clue]).bit_count()
        out.append((sizes[t] - remaining, remaining))
    return out
