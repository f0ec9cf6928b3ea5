"""What the exhaustive search (:mod:`solvers.southseas.exhaust`) reads of a tile type turned,
for the pieces of one kind: their ports, the sides each port's piece reaches, and the pieces a
neighbouring position faces. The same in every search, so made once per type and kind.

>>> from models.southseas.components import Kind
>>> from models.southseas.tilefile import load_tiles
>>> tile = load_tiles().start
>>> pieces, sides, faced = kind_tables(tile, Kind.SEA)
>>> len(pieces) == len(sides) == len(faced) == 4
True
"""

from __future__ import annotations

import functools

from models.southseas.components import Kind, TileType
from models.southseas.geometry import facing_port

__all__ = ["FACING", "Facing", "Pieces", "Reach", "Tables", "facing", "kind_tables", "reach"]

#: For each port, the port of the neighbour across its side that it faces.
FACING = tuple(facing_port(p) for p in range(12))


#: Per rotation, each piece of the kind with its ports: (piece index, ports).
Pieces = list[tuple[tuple[int, tuple[int, ...]], ...]]
#: Per rotation, :func:`reach`; per rotation, :func:`facing`.
Reach = list[tuple[int, ...]]
Facing = list[tuple[tuple[tuple[int, int], ...], ...]]
Tables = tuple[Pieces, Reach, Facing]


@functools.cache  # a type hashes by identity (``eq=False``), and the cache keeps it alive
def kind_tables(tile: TileType, kind: Kind) -> Tables:
    """For each rotation of ``tile``: its pieces of ``kind`` with their ports, :func:`reach`,
    and :func:`facing`; the same in every search, so made once per type and kind."""
    pieces = [
        tuple(
            (i, tuple(p for p in range(12) if tile.port_piece[r][p] == i))
            for i, piece in enumerate(tile.pieces)
            if piece.kind is kind and piece.ports
        )
        for r in range(4)
    ]
    return (
        pieces,
        [reach(tile, r, kind) for r in range(4)],
        [facing(tile, r, kind) for r in range(4)],
    )


def facing(tile: TileType, rotation: int, kind: Kind) -> tuple[tuple[tuple[int, int], ...], ...]:
    """For ``tile`` turned ``rotation`` lying across side ``s`` of a position (sides in
    :data:`~models.southseas.geometry.STEP`'s order), per ``s``: each piece of ``kind`` on the
    side facing that position, with the ports of the position it faces (a bit each)."""
    table = tile.port_piece[rotation]
    found = []
    for side in range(4):
        masks: dict[int, int] = {}
        for p in range(3 * side, 3 * side + 3):
            i = table[FACING[p]]
            if i >= 0 and tile.pieces[i].kind is kind:
                masks[i] = masks.get(i, 0) | 1 << p
        found.append(tuple(masks.items()))
    return tuple(found)


def reach(tile: TileType, rotation: int, kind: Kind) -> tuple[int, ...]:
    """For each port of ``tile`` turned ``rotation``: the sides (a bit each) that the piece
    there reaches when it is of ``kind``, else 0."""
    table = tile.port_piece[rotation]
    sides = [0] * len(tile.pieces)
    for p in range(12):
        if table[p] >= 0:
            sides[table[p]] |= 1 << (p // 3)
    return tuple(
        sides[table[p]] if table[p] >= 0 and tile.pieces[table[p]].kind is kind else 0
        for p in range(12)
    )
