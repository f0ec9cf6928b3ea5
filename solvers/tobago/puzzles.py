"""Setting Tobago hint puzzles: which clues of a deck pin a target field, and how many it takes.

A puzzle is a target field and clues laid at one treasure that leave the target as the only
candidate. For a map, a clue deck and a target:

* the clues that may be used are the deck's clues true at the target (a clue false there would
  exclude the treasure itself);
* a set of them *pins* the target when every other island field is excluded by one of them —
  a set cover (:mod:`solvers.tobago.backend_cover`): one Boolean per clue, for every other
  field at least one chosen clue that excludes it, the count minimised by CP-SAT;
* the target is *unfindable* when even all those clues together leave another field.

:func:`minimal_clue_sets` lists the sets with no redundant clue, smallest first;
:func:`min_clue_counts` gives the smallest count for every field of a map;
:func:`random_puzzle` sets a puzzle of exactly k clues with a unique answer and no redundant clue.
The answers a solver of a position wants (why a field is out, the best clue to lay, the smallest
conflicting hints) are re-exported from :mod:`solvers.tobago.explain`.

>>> from models.tobago.island.mapfile import EXAMPLE, parse_map
>>> island = parse_map(EXAMPLE)
>>> deck = [Clue.parse(t) for t in ("in jungle", "next to river", "not next to palm",
...                                 "in beach", "in mountain")]
>>> answer = minimal_clue_sets(island, (3, 1), deck)
>>> answer.findable, [[str(c) for c in s] for s in answer.minimal_sets]
(True, [['in jungle', 'not next to palm'], ['next to river', 'not next to palm']])
>>> unfindable_fields(island, deck)
((1, 1), (1, 2), (2, 1), (3, 2), (4, 2))
>>> puzzle = random_puzzle(island, deck, clues=2, seed=1)
>>> len(puzzle.clues), puzzle.target in island.island_fields
(2, True)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from models.core import make_rng
from models.errors import AtollError
from models.tobago.island.clues import Clue, clue_mask
from models.tobago.island.hexgrid import Field
from models.tobago.island.map import Island
from models.tobago.island.options import ClueOptions
from solvers.limits import DEFAULT_TIME_LIMIT, Deadline
from solvers.tobago import DEFAULT_MAX_SETS
from solvers.tobago.backend_cover import (
    coverable,
    irredundant_cover,
    min_cover_size,
    smallest_covers,
)
from solvers.tobago.explain import Rank, Why, island_field, rank, smallest_conflict, why


@dataclasses.dataclass(frozen=True)
class PuzzleAnswer:
    """Whether the deck can pin ``target``, and its sets of clues that do with no redundant clue,
    smallest first (empty when it cannot)."""

    target: Field
    findable: bool
    minimal_sets: tuple[tuple[Clue, ...], ...]

    def to_json(self) -> dict[str, object]:
        return {
            "target": list(self.target),
            "findable": self.findable,
            "minimal_sets": [[str(c) for c in s] for s in self.minimal_sets],
        }


@dataclasses.dataclass(frozen=True)
class Puzzle:
    """A puzzle: clues laid at one treasure whose only candidate is ``target``."""

    target: Field
    clues: tuple[Clue, ...]


class _Covering:
    """A map's deck clues compiled once: for each clue, the fields it holds on."""

    def __init__(self, island: Island, deck: Sequence[Clue], options: ClueOptions) -> None:
        self.island = island
        self.clues = tuple(dict.fromkeys(deck))
        self.masks = [clue_mask(island, c, options) for c in self.clues]
        self.everything = (1 << len(island.island_fields)) - 1

    def usable(self, bit: int) -> tuple[list[int], list[int]]:
        """The clues true at the field of ``bit`` (indices) and what each excludes."""
        chosen = [i for i, m in enumerate(self.masks) if m >> bit & 1]
        return chosen, [self.everything & ~self.masks[i] for i in chosen]

    def findable(self, bit: int) -> bool:
        _, excludes = self.usable(bit)
        return coverable(self.everything & ~(1 << bit), excludes)


def minimal_clue_sets(
    island: Island,
    target: Field,
    deck: Sequence[Clue],
    *,
    options: ClueOptions | None = None,
    max_sets: int = DEFAULT_MAX_SETS,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> PuzzleAnswer:
    """The sets of ``deck`` clues (each true at ``target``) that leave ``target`` as the only
    candidate and hold no redundant clue, smallest first, at most ``max_sets`` of them; none
    when the clues cannot pin it. Raises :class:`~solvers.limits.SolverUnknown` past the time
    limit."""
    if max_sets < 1:
        raise AtollError(f"must be at least 1, got {max_sets}", field="max_sets")
    cover = _Covering(island, deck, options or ClueOptions())
    bit = island_field(island, target, "target")
    usable, excludes = cover.usable(bit)
    found = smallest_covers(
        cover.everything & ~(1 << bit), excludes, limit=max_sets, deadline=Deadline(time_limit)
    )
    sets = tuple(tuple(cover.clues[usable[i]] for i in s) for s in found)
    return PuzzleAnswer(target, bool(found), sets)


def unfindable_fields(
    island: Island, deck: Sequence[Clue], options: ClueOptions | None = None
) -> tuple[Field, ...]:
    """The island fields no set of ``deck`` clues can pin: all the clues true there together
    still leave another field (pure set algebra)."""
    cover = _Covering(island, deck, options or ClueOptions())
    fields = island.island_fields
    return tuple(sorted(f for i, f in enumerate(fields) if not cover.findable(i)))


def min_clue_counts(
    island: Island,
    deck: Sequence[Clue],
    *,
    options: ClueOptions | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> dict[Field, int | None]:
    """For every island field, the fewest ``deck`` clues that pin it (``None``: unfindable).
    Small counts are settled by bitset search, the rest by CP-SAT; one deadline for the map."""
    cover = _Covering(island, deck, options or ClueOptions())
    deadline = Deadline(time_limit)
    out: dict[Field, int | None] = {}
    for bit, field in enumerate(island.island_fields):
        _, excludes = cover.usable(bit)
        out[field] = min_cover_size(cover.everything & ~(1 << bit), excludes, deadline)
    return out


def random_puzzle(
    island: Island,
    deck: Sequence[Clue],
    *,
    clues: int,
    seed: int = 0,
    options: ClueOptions | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> Puzzle:
    """A puzzle of exactly ``clues`` clues of ``deck`` with a unique answer and no redundant
    clue: the target drawn at random among the fields that allow one, the clues by a CP-SAT
    search that tries them in a random order. The same seed gives the same puzzle.

    Raises :class:`~models.errors.AtollError` when no field of the map allows such a puzzle.
    """
    if clues < 1:
        raise AtollError(f"must be at least 1, got {clues}", field="clues")
    rng = make_rng(seed)
    cover = _Covering(island, deck, options or ClueOptions())
    deadline = Deadline(time_limit)
    bits = list(range(len(island.island_fields)))
    rng.shuffle(bits)
    fewest: list[int] = []
    for bit in bits:
        usable, excludes = cover.usable(bit)
        universe = cover.everything & ~(1 << bit)
        least = min_cover_size(universe, excludes, deadline)
        if least is not None:
            fewest.append(least)
        if least is None or least > clues:
            continue
        order = list(range(len(usable)))
        rng.shuffle(order)
        chosen = irredundant_cover(universe, excludes, clues, order, deadline)
        if chosen is not None:
            picked = [cover.clues[usable[i]] for i in chosen]
            rng.shuffle(picked)
            return Puzzle(island.island_fields[bit], tuple(picked))
    raise AtollError(
        f"no field of {island.name} can be pinned by exactly {clues} of these clues with none "
        "redundant" + (f" (the fewest any field needs is {min(fewest)})" if fewest else ""),
        field="clues",
    )


__all__ = [
    "DEFAULT_MAX_SETS",
    "Puzzle",
    "PuzzleAnswer",
    "Rank",
    "Why",
    "min_clue_counts",
    "minimal_clue_sets",
    "random_puzzle",
    "rank",
    "smallest_conflict",
    "unfindable_fields",
    "why",
]
