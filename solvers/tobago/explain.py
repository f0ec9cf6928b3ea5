"""Answers a hint solver wants: why a field is out, which clue to lay, which hints conflict.

* :func:`why` — for a treasure and a field, the laid clue that excluded it (the first in the
  order laid), and every laid clue that excludes it.
* :func:`rank` — for every legal clue of a deck at every treasure: the candidates it leaves,
  whether it pins the treasure (TB-H6), and the expected count after one more card; best first.
  Pure set algebra on compiled masks (the bitset path): a whole deck x 4 treasures takes
  milliseconds.
* :func:`smallest_conflict` — the fewest of a treasure's clues that together exclude every field
  (CP-SAT set cover, :mod:`solvers.tobago.backend_cover`).

>>> from models.tobago.island.mapfile import EXAMPLE, parse_map
>>> from models.tobago.island.hints import parse_hints
>>> island = parse_map(EXAMPLE)
>>> hints = parse_hints('[treasure.1]\\nhints = ["in jungle", "not next to palm"]')
>>> answer = why(island, hints, 1, (2, 1))
>>> answer.candidate, [(i, str(c)) for i, c in answer.excluded_by]
(False, [(1, 'not next to palm')])
>>> first = parse_hints('[treasure.1]\\nhints = ["in jungle"]')
>>> deck = [Clue.parse(t) for t in ("in mountain", "next to river", "not next to palm")]
>>> [(str(r.clue), r.remaining, r.pins) for r in rank(island, first, deck, treasures=[1])]
[('not next to palm', 1, True), ('next to river', 2, False)]
>>> [str(c) for c in smallest_conflict(island, [Clue.parse(t) for t in
...      ("next to sea", "in jungle", "in mountain")])]
['in jungle', 'in mountain']
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from models.errors import AtollError
from models.tobago.island.clues import Clue, clue_mask
from models.tobago.island.hexgrid import Field
from models.tobago.island.hints import TREASURES, Hints
from models.tobago.island.legality import LEGAL, candidate_mask, legality_code
from models.tobago.island.map import Island
from models.tobago.island.options import ClueOptions
from solvers.limits import DEFAULT_TIME_LIMIT, Deadline
from solvers.tobago.backend_cover import smallest_covers


@dataclasses.dataclass(frozen=True)
class Why:
    """Why a field is or is not a candidate of a treasure: the laid clues (position in the order
    laid, clue) that exclude it; the first of them excluded it when it was laid."""

    treasure: int
    field: Field
    excluded_by: tuple[tuple[int, Clue], ...]

    @property
    def candidate(self) -> bool:
        return not self.excluded_by

    @property
    def first(self) -> tuple[int, Clue] | None:
        return self.excluded_by[0] if self.excluded_by else None


def island_field(island: Island, field: Field, what: str = "field") -> int:
    """The bit index of an island field; an error naming ``what`` for a sea or off-map field."""
    if not island.on_map(field):
        raise AtollError(
            f"[{field[0]}, {field[1]}] is off the map ({island.width}x{island.height})", field=what
        )
    if field not in island.index:
        raise AtollError(
            f"[{field[0]}, {field[1]}] is a sea field: treasures lie on island fields", field=what
        )
    return island.index[field]


def why(
    island: Island,
    hints: Hints,
    treasure: int,
    field: Field,
    options: ClueOptions | None = None,
) -> Why:
    """The laid clues at ``treasure`` that exclude ``field``, in the order laid."""
    _check_treasure(treasure)
    bit = 1 << island_field(island, field)
    options = options or ClueOptions()
    out = tuple(
        (i, clue)
        for i, clue in enumerate(hints.of(treasure))
        if not clue_mask(island, clue, options) & bit
    )
    return Why(treasure, field, out)


@dataclasses.dataclass(frozen=True)
class Rank:
    """One legal clue at one treasure: the candidates it leaves, whether it pins the treasure,
    and ``expected``: the mean count left after it and one more card of the deck, chosen
    uniformly among those then legal there (``remaining`` when none is)."""

    treasure: int
    clue: Clue
    remaining: int
    pins: bool
    expected: float


def rank(
    island: Island,
    hints: Hints,
    clues: Sequence[Clue],
    *,
    treasures: Sequence[int] = TREASURES,
    options: ClueOptions | None = None,
) -> list[Rank]:
    """Every legal (clue, treasure) pair, best first: pinning clues, then fewest candidates
    left, then lowest expected count after one more card, then treasure and deck order."""
    options = options or ClueOptions()
    for t in treasures:
        _check_treasure(t)
    deck = list(dict.fromkeys(clues))
    masks = [clue_mask(island, c, options) for c in deck]
    out = []
    for t in treasures:
        cand = candidate_mask(island, hints, t, options)
        for clue, mask in zip(deck, masks, strict=True):
            if legality_code(cand, mask) != LEGAL:
                continue
            left = cand & mask
            remaining = left.bit_count()
            after = [n for m in masks if 0 < (n := (left & m).bit_count()) < remaining]
            expected = sum(after) / len(after) if after else float(remaining)
            out.append(Rank(t, clue, remaining, remaining == 1, expected))
    order = {c: i for i, c in enumerate(deck)}
    out.sort(key=lambda r: (not r.pins, r.remaining, r.expected, r.treasure, order[r.clue]))
    return out


def smallest_conflict(
    island: Island,
    clues: Sequence[Clue],
    options: ClueOptions | None = None,
    time_limit: float | Deadline = DEFAULT_TIME_LIMIT,
) -> tuple[Clue, ...]:
    """The fewest of ``clues`` that together leave no field (in their order); ``()`` when all
    of them together leave a field. Raises :class:`~solvers.limits.SolverUnknown` past the
    time limit."""
    options = options or ClueOptions()
    everything = (1 << len(island.island_fields)) - 1
    excludes = [everything & ~clue_mask(island, c, options) for c in clues]
    deadline = time_limit if isinstance(time_limit, Deadline) else Deadline(time_limit)
    covers = smallest_covers(everything, excludes, limit=1, deadline=deadline)
    return tuple(clues[i] for i in covers[0]) if covers else ()


def _check_treasure(treasure: int) -> None:
    if treasure not in TREASURES:
        raise AtollError(f"no treasure {treasure} (treasures are 1 to 4)", field="treasure")
