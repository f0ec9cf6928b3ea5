"""South Seas tiles as values: piece kinds, pieces, tile types with their rotations, tile sets.

The file format that describes them is in :mod:`models.southseas.tilefile`.

>>> from models.southseas.tilefile import load_tiles
>>> tiles = load_tiles()
>>> tiles.total, tiles.start.id is not None
(73, True)
"""

from __future__ import annotations

import dataclasses
import enum
import functools
from typing import Any

from models.southseas.geometry import (
    EDGE_CODE,
    SIDES,
    STEP,
    fit_table,
    port_name,
    rotate_port,
)


class Kind(enum.Enum):
    ISLAND = "island"
    BRIDGE = "bridge"
    SEA = "sea"
    MARKET = "market"


#: Side letters of the ``edges`` string and the piece kind that owns the side's middle port.
EDGE_KINDS = {"I": Kind.ISLAND, "B": Kind.BRIDGE, "S": Kind.SEA}
BRIDGE_ENDS = ("junction", "island", "market")
WARES = ("shells", "bananas", "fish")


@dataclasses.dataclass(frozen=True)
class Piece:
    """One part of a tile: an island part, a bridge segment, a sea part or the market."""

    kind: Kind
    ports: tuple[int, ...]
    bananas: int = 0
    shells: int = 0
    fish: tuple[int, ...] = ()
    boat: bool = False
    end: str | None = None

    def side_names(self) -> list[str]:
        """The sides and halves this piece reaches, as written in the tile file."""
        names = []
        for p in self.ports:
            if p % 3 == 1:
                names.append(SIDES[p // 3])
            elif p - p % 3 + 1 not in self.ports:
                names.append(port_name(p))
        return names

    def describe(self) -> str:
        """A short text like ``sea[S,W,E.N] (fish 2+1, boat)``."""
        extra = []
        if self.bananas:
            extra.append(f"{self.bananas} banana" + ("s" if self.bananas > 1 else ""))
        if self.shells:
            extra.append(f"{self.shells} shell" + ("s" if self.shells > 1 else ""))
        if self.fish:
            extra.append("fish " + "+".join(map(str, self.fish)))
        if self.boat:
            extra.append("boat")
        if self.end:
            extra.append(f"ends at {self.end}")
        sides = f"[{','.join(self.side_names())}]" if self.ports else ""
        return f"{self.kind.value}{sides}" + (f" ({', '.join(extra)})" if extra else "")


@dataclasses.dataclass(frozen=True, eq=False)
class TileType:
    """A kind of tile with its count, sides and pieces, plus precomputed rotations."""

    id: str
    count: int
    edges: str
    pieces: tuple[Piece, ...]
    start: bool = False

    def __post_init__(self) -> None:
        patterns = tuple(tuple(self.edges[(s - r) % 4] for s in range(4)) for r in range(4))
        object.__setattr__(self, "patterns", patterns)
        port_piece = []
        for r in range(4):
            table = [-1] * 12
            for i, piece in enumerate(self.pieces):
                for p in piece.ports:
                    table[rotate_port(p, r)] = i
            port_piece.append(tuple(table))
        object.__setattr__(self, "port_piece", tuple(port_piece))
        sides = tuple(tuple(tuple(t[3 * s : 3 * s + 3]) for s in range(4)) for t in port_piece)
        object.__setattr__(self, "side_pieces", sides)
        canonical = self._canonical_rotations()
        object.__setattr__(self, "canonical", canonical)
        object.__setattr__(self, "rotations", tuple(sorted(set(canonical))))
        object.__setattr__(self, "legality", (self.edges, self.rotations))

    #: For each rotation, the side letters N, E, S, W after turning.
    patterns: tuple[tuple[str, ...], ...] = dataclasses.field(init=False, repr=False)
    #: For each rotation, which piece owns each of the 12 ports.
    port_piece: tuple[tuple[int, ...], ...] = dataclasses.field(init=False, repr=False)
    #: For each rotation, the pieces at the three ports of each side (N, E, S, W).
    side_pieces: tuple[tuple[tuple[int, ...], ...], ...] = dataclasses.field(init=False, repr=False)
    #: For each rotation, the first rotation showing the same picture.
    canonical: tuple[int, ...] = dataclasses.field(init=False, repr=False)
    #: The rotations that give different tiles (legal-action lists offer only these).
    rotations: tuple[int, ...] = dataclasses.field(init=False, repr=False)
    #: Tiles with equal keys have the same legal placements: (edges, distinct rotations).
    legality: tuple[str, tuple[int, ...]] = dataclasses.field(init=False, repr=False)

    @functools.cached_property
    def market(self) -> bool:
        return any(p.kind is Kind.MARKET for p in self.pieces)

    @functools.cached_property
    def boats(self) -> int:
        return sum(p.boat for p in self.pieces)

    @functools.cached_property
    def side_codes(self) -> tuple[tuple[int, ...], ...]:
        """For each rotation and side, the frontier requirement it puts on the neighbour across
        that side: the side's code, placed where the neighbour's facing side is encoded."""
        return tuple(
            tuple(EDGE_CODE[letter] << 2 * ((side + 2) % 4) for side, letter in enumerate(p))
            for p in self.patterns
        )

    @functools.cached_property
    def piece_steps(self) -> tuple[tuple[tuple[tuple[tuple[int, int], int], ...], ...], ...]:
        """For each rotation and piece: the step to each side the piece reaches, with how many
        of its ports lie on that side (sides in :data:`~models.southseas.geometry.STEP`'s
        order)."""
        return tuple(
            tuple(
                tuple(
                    (STEP[side], count)
                    for side in range(4)
                    if (count := sum(table[p] == i for p in range(3 * side, 3 * side + 3)))
                )
                for i in range(len(self.pieces))
            )
            for table in self.port_piece
        )

    @functools.cached_property
    def table(self) -> list[int]:
        """For each frontier requirement code, the rotations that meet it (a bit mask)."""
        return fit_table(self.legality)

    def distinct_rotations(self) -> tuple[int, ...]:
        """Rotations that give different tiles (a symmetric tile has fewer than 4)."""
        return self.rotations

    def _canonical_rotations(self) -> tuple[int, ...]:
        """For each rotation, the first one that shows the same picture."""
        seen: dict[tuple[Any, ...], int] = {}
        out = []
        for r in range(4):
            key = tuple(
                sorted(
                    (
                        p.kind.value,
                        tuple(sorted(rotate_port(q, r) for q in p.ports)),
                        p.bananas,
                        p.shells,
                        p.fish,
                        p.boat,
                        p.end,
                    )
                    for p in self.pieces
                )
            )
            out.append(seen.setdefault(key, r))
        return tuple(out)


@dataclasses.dataclass(frozen=True)
class TileSet:
    """All tile types of a game, the start tile, and where they came from."""

    types: tuple[TileType, ...]
    source: str
    reconstruction: bool
    note: str = ""

    @property
    def start(self) -> TileType:
        return next(t for t in self.types if t.start)

    @property
    def total(self) -> int:
        return sum(t.count for t in self.types)

    def by_id(self) -> dict[str, TileType]:
        return {t.id: t for t in self.types}

    def draw_pile(self) -> list[TileType]:
        """Every tile copy except the start tile, in file order (shuffle before play)."""
        pile: list[TileType] = []
        for t in self.types:
            pile.extend([t] * (t.count - (1 if t.start else 0)))
        return pile
