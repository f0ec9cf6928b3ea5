"""Hex geometry in "odd-r" offset coordinates: odd rows sit half a field to the right.

A field is ``(col, row)``, both from 0 at the top left. Directions are named as on a compass
drawn on the map: E, NE, NW, W, SW, SE.

>>> neighbour((2, 2), "NE"), neighbour((2, 1), "NE")
((2, 1), (3, 0))
>>> hex_distance((0, 0), (3, 3))
5
"""

from __future__ import annotations

from collections.abc import Iterator

Field = tuple[int, int]

DIRECTIONS: tuple[str, ...] = ("E", "NE", "NW", "W", "SW", "SE")

# (dcol, drow) per direction, for even rows and for odd rows.
_EVEN_ROW = {"E": (1, 0), "NE": (0, -1), "NW": (-1, -1), "W": (-1, 0), "SW": (-1, 1), "SE": (0, 1)}
_ODD_ROW = {"E": (1, 0), "NE": (1, -1), "NW": (0, -1), "W": (-1, 0), "SW": (0, 1), "SE": (1, 1)}


def neighbour(field: Field, direction: str) -> Field:
    """The field one step from ``field`` in ``direction`` (it may lie off the map)."""
    col, row = field
    dcol, drow = (_ODD_ROW if row & 1 else _EVEN_ROW)[direction]
    return col + dcol, row + drow


def neighbours(field: Field) -> Iterator[Field]:
    """The six fields around ``field``, in :data:`DIRECTIONS` order (some may lie off the map)."""
    for direction in DIRECTIONS:
        yield neighbour(field, direction)


def to_cube(field: Field) -> tuple[int, int, int]:
    """Cube coordinates ``(x, y, z)`` with ``x + y + z == 0``."""
    col, row = field
    x = col - (row - (row & 1)) // 2
    z = row
    return x, -x - z, z


def hex_distance(a: Field, b: Field) -> int:
    """Number of hex steps between two fields, ignoring terrain."""
    ax, ay, az = to_cube(a)
    bx, by, bz = to_cube(b)
    return max(abs(ax - bx), abs(ay - by), abs(az - bz))


def centre(field: Field, size: float = 1.0) -> tuple[float, float]:
    """Drawing position of a pointy-top hex of circumradius ``size``; y grows downward."""
    col, row = field
    width = 3**0.5 * size
    return width * (col + 0.5 * (row & 1)), 1.5 * size * row
