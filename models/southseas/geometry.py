"""Square-tile geometry: sides, the three ports of each side, rotation, neighbours.

A tile has four sides N, E, S, W (indices 0..3). Each side has three ports, numbered clockwise
around the tile from 0 to 11: side ``s`` holds ports ``3s`` (first half, clockwise), ``3s + 1``
(the middle) and ``3s + 2`` (second half)::

          N.W  N  N.E
          (0) (1) (2)
    W.N (11)         (3) E.N
    W   (10)         (4) E
    W.S  (9)         (5) E.S
          (8) (7) (6)
          S.W  S  S.E

An island side fills all three ports; a sea side is sea on all three; a bridge side is sea, bridge,
sea. Half-sides are named by side and corner: ``N.W`` is the west half of the north side.
Rotating a tile clockwise by 90 degrees moves port ``p`` to ``p + 3`` (mod 12). Two tiles meet
port to mirrored port: port ``3s + k`` touches the neighbour's port ``3((s + 2) % 4) + (2 - k)``.

Positions are ``(x, y)`` with y growing southward.

>>> facing_port(1), facing_port(3)   # N middle meets S middle; E.N meets W.N
(7, 11)
>>> rotate_port(0, 1), port_name(4)
(3, 'E')
"""

from __future__ import annotations

SIDES: tuple[str, ...] = ("N", "E", "S", "W")
#: (dx, dy) of the neighbour across each side.
STEP: tuple[tuple[int, int], ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))
#: The corner each side's first and second half lies toward, clockwise.
HALVES: dict[str, tuple[str, str]] = {
    "N": ("W", "E"),
    "E": ("N", "S"),
    "S": ("E", "W"),
    "W": ("S", "N"),
}
#: The 8 positions around a tile (a market's neighbourhood).
AROUND: tuple[tuple[int, int], ...] = tuple(
    (dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0)
)

Position = tuple[int, int]


def facing_port(port: int) -> int:
    """The neighbour's port that touches ``port``."""
    side, k = divmod(port, 3)
    return 3 * ((side + 2) % 4) + (2 - k)


def rotate_port(port: int, rotation: int) -> int:
    """Where ``port`` lies after turning the tile ``rotation`` quarter turns clockwise."""
    return (port + 3 * rotation) % 12


def port_name(port: int) -> str:
    """``"N"`` for a middle port, ``"N.W"`` for a half."""
    side, k = divmod(port, 3)
    name = SIDES[side]
    return name if k == 1 else f"{name}.{HALVES[name][0 if k == 0 else 1]}"


def parse_port_name(name: str) -> tuple[int, ...] | None:
    """Ports named by ``name``: a side alone (its middle, or all three for island and sea
    sides — the caller decides) returns the middle port; a half returns its one port."""
    if name in SIDES:
        return (3 * SIDES.index(name) + 1,)
    side, _, corner = name.partition(".")
    if side in SIDES and corner in HALVES[side]:
        return (3 * SIDES.index(side) + (0 if corner == HALVES[side][0] else 2),)
    return None


def neighbour(position: Position, side: int) -> Position:
    dx, dy = STEP[side]
    return position[0] + dx, position[1] + dy


#: The code of each side letter in a frontier requirement (two bits a side, N first).
EDGE_CODE = {"I": 1, "B": 2, "S": 3}
_LETTER = (None, "I", "B", "S")


def requirement(code: int) -> tuple[str | None, ...]:
    """The side letters (N, E, S, W) a frontier code asks for, ``None`` where free.

    >>> requirement(1 | 3 << 4)  # island to the north, sea to the south
    ('I', None, 'S', None)
    """
    return tuple(_LETTER[code >> 2 * side & 3] for side in range(4))


def fit_table(key: tuple[str, tuple[int, ...]]) -> list[int]:
    """For a legality class, each frontier code's fitting rotations as a bit mask."""
    table = _TABLES.get(key)
    if table is None:
        edges, rotations = key
        table = _TABLES[key] = [0] * 256
        for code in range(256):
            need = requirement(code)
            for r in rotations:
                if all(n is None or n == edges[(s - r) % 4] for s, n in enumerate(need)):
                    table[code] |= 1 << r
    return table


#: Per legality class, the fitting rotations of every frontier code (shared by all boards).
_TABLES: dict[tuple[str, tuple[int, ...]], list[int]] = {}
