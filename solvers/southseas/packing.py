"""A board position packed into one int, as the exhaustive search keeps it (hashed and stepped
from far faster than a pair): x and y each shifted by ``OFF`` into ``BITS`` bits; a
neighbour is a sum, ``D[side]`` in :data:`~models.southseas.geometry.STEP`'s order.

>>> unpack(pack((3, -2))), unpack(pack((3, -2)) + D[0])
((3, -2), (3, -3))
"""

from __future__ import annotations

from models.southseas.geometry import Position

BITS, OFF = 10, 512
D = (-1, 1 << BITS, 1, -(1 << BITS))


def pack(q: Position) -> int:
    return (q[0] + OFF) << BITS | (q[1] + OFF)


def unpack(p: int) -> Position:
    return ((p >> BITS) - OFF, (p & ((1 << BITS) - 1)) - OFF)
