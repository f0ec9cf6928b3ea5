"""Tobago hint rules (TB-H1..H6) on compiled clue masks.

A treasure's candidates are the island fields where all its hints hold: the AND of the hints'
bitmasks (:func:`models.tobago.island.clues.clue_mask`). A clue may be laid when it removes at least
one candidate (TB-H2) and leaves at least one (TB-H3); contradicting an earlier hint means leaving
none, so TB-H4 follows. Stones mark the candidates once fewer than ``marker_threshold`` remain
(TB-H5); one candidate left fixes the treasure's place (TB-H6). :func:`replay` checks that a hints
file could have been laid in the order it lists them.

>>> from models.tobago.island.mapfile import EXAMPLE, parse_map
>>> from models.tobago.island.hints import TREASURES, Hints
>>> island = parse_map(EXAMPLE)
>>> hints = lay_hint(island, Hints(), 1, Clue.parse("in jungle"))
>>> [str(c) for c in hints.of(1)], marked_fields(island, hints, 1)
(['in jungle'], ((2, 1), (3, 1), (3, 2)))
>>> lay_hint(island, hints, 1, Clue.parse("in lake"))
Traceback (most recent call last):
...
models.errors.AtollError: treasure 1: 'in lake': TB-H3: it would exclude every candidate
"""

from __future__ import annotations

from models.errors import AtollError
from models.tobago.island.clues import Clue, clue_mask, mask_bits
from models.tobago.island.hexgrid import Field
from models.tobago.island.hints import TREASURES, Hints
from models.tobago.island.map import Island
from models.tobago.island.options import ClueOptions

LEGAL, EXCLUDES_NONE, EXCLUDES_ALL = 0, 1, 2
REASONS = ("legal", "excludes-none", "excludes-all")


def candidate_mask(
    island: Island, hints: Hints, treasure: int, options: ClueOptions | None = None
) -> int:
    """The fields consistent with every hint at ``treasure``, as a bitmask."""
    options = options or ClueOptions()
    mask = (1 << len(island.island_fields)) - 1
    for clue in hints.of(treasure):
        mask &= clue_mask(island, clue, options)
    return mask


def legality_code(candidates: int, clue: int) -> int:
    """:data:`LEGAL`, :data:`EXCLUDES_NONE` or :data:`EXCLUDES_ALL` for a clue mask."""
    remaining = candidates & clue
    if not remaining:
        return EXCLUDES_ALL
    return EXCLUDES_NONE if remaining == candidates else LEGAL


def lay_hint(
    island: Island, hints: Hints, treasure: int, clue: Clue, options: ClueOptions | None = None
) -> Hints:
    """TB-H1: the hints with ``clue`` laid behind those at ``treasure``, if TB-H2/H3 allow it."""
    cand = candidate_mask(island, hints, treasure, options)
    code = legality_code(cand, clue_mask(island, clue, options or ClueOptions()))
    if code == EXCLUDES_NONE:
        raise AtollError(f"'{clue}': TB-H2: it excludes no candidate", entry=f"treasure {treasure}")
    if code == EXCLUDES_ALL:
        raise AtollError(
            f"'{clue}': TB-H3: it would exclude every candidate", entry=f"treasure {treasure}"
        )
    return hints.with_hint(treasure, clue)


def fields_of_mask(island: Island, mask: int) -> tuple[Field, ...]:
    """The fields of a mask, sorted as [col, row]."""
    return tuple(sorted(island.island_fields[i] for i in mask_bits(mask)))


def marked_fields(
    island: Island, hints: Hints, treasure: int, options: ClueOptions | None = None
) -> tuple[Field, ...] | None:
    """TB-H5: the fields holding the treasure's stones, or ``None`` while too many remain."""
    options = options or ClueOptions()
    mask = candidate_mask(island, hints, treasure, options)
    if mask.bit_count() >= options.marker_threshold:
        return None
    return fields_of_mask(island, mask)


def fixed_field(
    island: Island, hints: Hints, treasure: int, options: ClueOptions | None = None
) -> Field | None:
    """TB-H6: the treasure's field once exactly one candidate remains."""
    mask = candidate_mask(island, hints, treasure, options)
    return fields_of_mask(island, mask)[0] if mask.bit_count() == 1 else None


def replay(
    island: Island,
    hints: Hints,
    options: ClueOptions | None = None,
    *,
    source: str | None = None,
) -> None:
    """TB-H1..H4 in the order laid: raise a one-line :class:`AtollError` naming the treasure
    and the first clue that excluded no candidate (TB-H2) or every candidate (TB-H3, H4) when
    it was laid behind the ones before it.

    >>> from models.tobago.island.mapfile import EXAMPLE, parse_map
    >>> island = parse_map(EXAMPLE)
    >>> try:
    ...     replay(island, Hints({2: (Clue.parse("in jungle"), Clue.parse("in beach"))}))
    ... except AtollError as error:
    ...     print(error.entry, error.field, error.message.split(":")[1])
    treasure.2 hints[1]  TB-H3
    """
    options = options or ClueOptions()
    for t in TREASURES:
        mask = (1 << len(island.island_fields)) - 1
        for i, clue in enumerate(hints.of(t)):
            code = legality_code(mask, clue_mask(island, clue, options))
            if code != LEGAL:
                what = (
                    "TB-H2: when it was laid it excluded no candidate"
                    if code == EXCLUDES_NONE
                    else "TB-H3: when it was laid it excluded every candidate left"
                )
                raise AtollError(
                    f"'{clue}': {what} on the map {island.name}",
                    source=source,
                    entry=f"treasure.{t}",
                    field=f"hints[{i}]",
                )
            mask &= clue_mask(island, clue, options)
