"""Tobago hint solving: the candidates of each treasure, and whether a clue may be laid.

Three backends give the same answers (property tests keep them equal):

* ``"cpsat"`` — OR-Tools CP-SAT, all solutions enumerated (the reference, exact);
* ``"csp"`` — python-constraint, an independent second answer that evaluates every clue with the
  plain reference semantics (:func:`models.tobago.island.clues.holds_at`), for small cases;
* ``"bitset"`` — integer bitmasks and bit counts, for use inside simulations.

Clue legality (TB-H2..H4) is judged on a treasure's own candidates — the fields its marker stones
would show: a clue is ``legal`` when it removes at least one candidate and leaves at least one;
otherwise ``excludes-none`` or ``excludes-all`` (contradicting an earlier hint is excluding all).
When a treasure has no candidate at all, every clue is ``excludes-all``.

Each treasure's status (:func:`treasure_status`): ``open``, ``marked`` (fewer candidates than
the marker threshold, TB-H5), ``pinned`` (one, TB-H6) or ``contradictory`` (none). With
``distinct``, treasures whose own hints leave nothing, and groups of treasures that cannot lie
on distinct fields (k treasures sharing fewer than k fields: Hall's condition), are reported as
:class:`Conflict` s; the other treasures keep their answers, solved among themselves.

>>> from models.tobago.island.mapfile import EXAMPLE, parse_map
>>> from models.tobago.island.hints import parse_hints
>>> island = parse_map(EXAMPLE)
>>> hints = parse_hints('[treasure.1]\\nhints = ["in jungle"]')
>>> candidates(island, hints)[1]
((2, 1), (3, 1), (3, 2))
>>> check(island, hints, 1, Clue.parse("next to palm"))
Legality(legal=True, reason='legal', excluded=1, remaining=2)
>>> both = parse_hints('[treasure.1]\\nhints = ["in mountain"]\\n'
...                    '[treasure.2]\\nhints = ["in mountain"]')
>>> answer = solve_candidates(island, both, distinct=True)
>>> answer.conflicts, answer.fields[3] == candidates(island, both)[3]
((Conflict(treasures=(1, 2), fields=((2, 2),)),), True)

A treasure none of a deck's cards may be laid at, though it has two or more candidates, can
never be narrowed by hints (:meth:`LegalityMatrix.inseparable`):

>>> deck = [Clue.parse("in jungle"), Clue.parse("in beach")]
>>> legality_matrix(island, hints, deck).inseparable()
(1,)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from itertools import combinations
from typing import Literal, cast

import pandas as pd

from models.errors import AtollError
from models.tobago.island.clues import Clue
from models.tobago.island.hexgrid import Field
from models.tobago.island.hints import TREASURES, Hints
from models.tobago.island.map import Island
from models.tobago.island.options import ClueOptions
from solvers.limits import DEFAULT_TIME_LIMIT, Deadline
from solvers.tobago import BACKENDS, Backend
from solvers.tobago.problem import Backends, HintProblem

Reason = Literal["legal", "excludes-none", "excludes-all"]
Status = Literal["open", "marked", "pinned", "contradictory"]


@dataclasses.dataclass(frozen=True)
class Legality:
    """Whether a clue may be laid at a treasure, and how many candidates it removes and leaves."""

    legal: bool
    reason: Reason
    excluded: int
    remaining: int

    @classmethod
    def from_counts(cls, excluded: int, remaining: int) -> Legality:
        if remaining == 0:
            return cls(False, "excludes-all", excluded, remaining)
        if excluded == 0:
            return cls(False, "excludes-none", excluded, remaining)
        return cls(True, "legal", excluded, remaining)


@dataclasses.dataclass(frozen=True)
class LegalityMatrix:
    """Legality of every (clue, treasure) pair: rows are clues, columns treasures."""

    clues: tuple[Clue, ...]
    treasures: tuple[int, ...]
    cells: Mapping[tuple[Clue, int], Legality]

    def __getitem__(self, key: tuple[Clue, int]) -> Legality:
        return self.cells[key]

    def legal_count(self, treasure: int) -> int:
        """How many of the clues may be laid at ``treasure``."""
        return sum(self.cells[(c, treasure)].legal for c in self.clues)

    def inseparable(self) -> tuple[int, ...]:
        """The treasures with two or more candidates that none of the clues may be laid at:
        each clue excludes none or all of their candidates, so no hint from these clues can
        ever narrow them (TB-H2..H4). A treasure's candidates are read from any of its cells
        (excluded + remaining)."""
        out = []
        for t in self.treasures:
            cells = [self.cells[(c, t)] for c in self.clues]
            if (
                cells
                and cells[0].excluded + cells[0].remaining >= 2
                and not any(cell.legal for cell in cells)
            ):
                out.append(t)
        return tuple(out)

    def to_frame(self, value: str = "reason") -> pd.DataFrame:
        """A table of one attribute (``reason``, ``legal``, ``excluded``, ``remaining``)."""
        data = {t: [getattr(self.cells[(c, t)], value) for c in self.clues] for t in self.treasures}
        frame = pd.DataFrame(data, index=[str(c) for c in self.clues])
        frame.index.name = "clue"
        frame.columns.name = "treasure"
        return frame


@dataclasses.dataclass(frozen=True)
class Conflict:
    """Treasures that cannot all be placed: one treasure whose own hints leave no field, or (with
    ``distinct``) a group of treasures with fewer fields open to them than there are of them."""

    treasures: tuple[int, ...]
    fields: tuple[Field, ...]


@dataclasses.dataclass(frozen=True)
class CandidateAnswer:
    """The candidates of each treasure and the conflicts that left some without any."""

    fields: Mapping[int, tuple[Field, ...]]
    conflicts: tuple[Conflict, ...] = ()

    def conflict_of(self, treasure: int) -> Conflict | None:
        return next((c for c in self.conflicts if treasure in c.treasures), None)


def treasure_status(count: int, options: ClueOptions | None = None) -> Status:
    """``contradictory`` (no candidate), ``pinned`` (one, TB-H6), ``marked`` (fewer than the
    marker threshold, TB-H5) or ``open``.

    >>> [treasure_status(n) for n in (0, 1, 16, 17)]
    ['contradictory', 'pinned', 'marked', 'open']
    """
    threshold = (options or ClueOptions()).marker_threshold
    if count == 0:
        return "contradictory"
    if count == 1:
        return "pinned"
    return "marked" if count < threshold else "open"


def _bitset() -> Backends:
    from solvers.tobago import backend_bitset  # each backend loads its library when first used

    return cast(Backends, backend_bitset)


def _cpsat() -> Backends:
    from solvers.tobago import backend_cpsat

    return cast(Backends, backend_cpsat)


def _csp() -> Backends:
    from solvers.tobago import backend_csp

    return cast(Backends, backend_csp)


#: How each backend is loaded (its module imports OR-Tools or python-constraint).
_LOADERS: dict[str, Callable[[], Backends]] = {"bitset": _bitset, "cpsat": _cpsat, "csp": _csp}


def _backend(name: str) -> Backends:
    if name not in BACKENDS:
        raise AtollError(
            f"unknown backend {name!r} (one of {', '.join(BACKENDS)})", field="backend"
        )
    return _LOADERS[name]()


def candidates(
    island: Island,
    hints: Hints,
    *,
    backend: Backend = "cpsat",
    distinct: bool = False,
    options: ClueOptions | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> dict[int, tuple[Field, ...]]:
    """The candidate fields of each treasure (1..4), sorted.

    With ``distinct`` the treasures must lie on pairwise distinct fields (one joint model); by
    default each treasure is solved alone. Raises :class:`~solvers.cpsat.SolverUnknown` when
    ``time_limit`` seconds are not enough to finish. :func:`solve_candidates` says why a
    treasure has none.
    """
    answer = solve_candidates(
        island, hints, backend=backend, distinct=distinct, options=options, time_limit=time_limit
    )
    return dict(answer.fields)


def solve_candidates(
    island: Island,
    hints: Hints,
    *,
    backend: Backend = "cpsat",
    distinct: bool = False,
    options: ClueOptions | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> CandidateAnswer:
    """The candidates of each treasure with the conflicts that leave treasures without any.

    With ``distinct``, a treasure in a conflict gets no candidate and the others are solved
    among themselves, as if the conflicting ones were not searched.
    """
    problem = HintProblem(island, hints, options or ClueOptions())
    solver = _backend(backend)
    deadline = Deadline(time_limit)
    alone = solver.candidate_indices(problem, deadline)
    conflicts = [Conflict((t,), ()) for t in TREASURES if not alone[t]]
    found = alone
    if distinct:
        groups = _hall_violations({t: alone[t] for t in TREASURES if alone[t]})
        conflicts += [
            Conflict(g, problem.fields(set().union(*(alone[t] for t in g)))) for g in groups
        ]
        stuck = {t for c in conflicts for t in c.treasures}
        free = {t: alone[t] for t in TREASURES if t not in stuck}
        together = solver.distinct_indices(problem, free, deadline) if free else {}
        found = {t: together.get(t, []) for t in TREASURES}
    fields = {t: problem.fields(found[t]) for t in TREASURES}
    return CandidateAnswer(fields, tuple(sorted(conflicts, key=lambda c: c.treasures)))


def _hall_violations(alone: dict[int, list[int]]) -> list[tuple[int, ...]]:
    """The smallest groups of treasures with fewer fields between them than treasures (no
    group holds a smaller one)."""
    found: list[tuple[int, ...]] = []
    for k in range(2, len(alone) + 1):
        for group in combinations(sorted(alone), k):
            if any(set(g) <= set(group) for g in found):
                continue
            if len(set().union(*(alone[t] for t in group))) < k:
                found.append(group)
    return found


def legality_matrix(
    island: Island,
    hints: Hints,
    clues: Sequence[Clue],
    *,
    treasures: Sequence[int] = TREASURES,
    backend: Backend = "cpsat",
    options: ClueOptions | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> LegalityMatrix:
    """Legality of every clue at every treasure at once (a hand or a whole deck); raises
    :class:`~solvers.cpsat.SolverUnknown` when ``time_limit`` seconds are not enough."""
    for t in treasures:
        if t not in TREASURES:
            raise AtollError(f"no treasure {t} (treasures are 1 to 4)", field="treasure")
    problem = HintProblem(island, hints, options or ClueOptions())
    unique = tuple(dict.fromkeys(clues))
    pairs = [(c, t) for c in unique for t in treasures]
    counts = _backend(backend).clue_counts(problem, pairs, Deadline(time_limit))
    cells = {pair: Legality.from_counts(*n) for pair, n in zip(pairs, counts, strict=True)}
    return LegalityMatrix(unique, tuple(treasures), cells)


def check(
    island: Island,
    hints: Hints,
    treasure: int,
    clue: Clue,
    *,
    backend: Backend = "cpsat",
    options: ClueOptions | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> Legality:
    """May ``clue`` be laid at ``treasure`` (TB-H2..H4)? With the counts it removes and leaves."""
    matrix = legality_matrix(
        island,
        hints,
        [clue],
        treasures=[treasure],
        backend=backend,
        options=options,
        time_limit=time_limit,
    )
    return matrix[(clue, treasure)]
