"""A Tobago hint problem compiled once to bitmasks, and what every backend provides.

>>> from models.tobago.island.mapfile import EXAMPLE, parse_map
>>> from models.tobago.island.hints import parse_hints
>>> problem = HintProblem(parse_map(EXAMPLE), parse_hints('[treasure.1]\\nhints = ["in jungle"]'))
>>> problem.size > 0, len(problem.hint_masks[1])
(True, 1)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from functools import cached_property
from typing import Protocol

from models.tobago.island.clues import Clue, clue_mask
from models.tobago.island.hexgrid import Field
from models.tobago.island.hints import TREASURES, Hints
from models.tobago.island.map import Island
from models.tobago.island.options import ClueOptions
from solvers.limits import Deadline

__all__ = ["Backends", "HintProblem"]


@dataclasses.dataclass(frozen=True, eq=False)
class HintProblem:
    """An island, the hints at each treasure and the rule options, compiled once to bitmasks.

    Bit ``i`` of a mask stands for ``island.island_fields[i]``. Every backend builds its model
    from these same compiled sets (the csp backend re-derives them independently).
    """

    island: Island
    hints: Hints
    options: ClueOptions = dataclasses.field(default_factory=ClueOptions)

    @property
    def size(self) -> int:
        return len(self.island.island_fields)

    def mask(self, clue: Clue) -> int:
        return clue_mask(self.island, clue, self.options)

    @cached_property
    def hint_masks(self) -> dict[int, tuple[int, ...]]:
        return {t: tuple(self.mask(c) for c in self.hints.of(t)) for t in TREASURES}

    def fields(self, indices: Iterable[int]) -> tuple[Field, ...]:
        """Fields of the given bit indices, sorted as ``[col, row]`` pairs."""
        return tuple(sorted(self.island.island_fields[i] for i in indices))


class Backends(Protocol):
    """What each backend module (``solvers.tobago.backend_<name>``) provides; each honours
    the deadline (raising :class:`~solvers.cpsat.SolverUnknown` when it runs out)."""

    def candidate_indices(self, problem: HintProblem, deadline: Deadline) -> dict[int, list[int]]:
        """Each treasure's candidates alone."""

    def distinct_indices(
        self, problem: HintProblem, alone: dict[int, list[int]], deadline: Deadline
    ) -> dict[int, list[int]]:
        """The candidates of the treasures of ``alone`` when they lie on distinct fields (they
        can: the caller has set conflicting treasures aside)."""

    def clue_counts(
        self, problem: HintProblem, pairs: Sequence[tuple[Clue, int]], deadline: Deadline
    ) -> list[tuple[int, int]]: ...
