"""Glory Islands components as values: the grid and its cells, islands, sail cards, and the
whole component set (:class:`Components`) with the geometry every turn needs precomputed.

Cells of the 7x7 grid are numbered ``y * 7 + x`` and named like a chess square turned upside
down: column letter ``a``-``g`` from west to east, row number ``1``-``7`` from north to south
(``a1`` is the north-west corner, ``d4`` the centre). The ring of 24 cells is the route; the
inner 5x5 (``b2``-``f6``) holds the islands.

A ship on a route cell faces one *line* of island cells: its column from the north and south
sides, its row from the west and east sides, and the diagonal from a corner whose diagonal takes
pirates (GI-X3). The line is ordered by distance from the ship (1 to 5); it is computed once per
route cell (:attr:`Components.lines`), so placement and line fame never scan the board.

The file format that describes a component set is in :mod:`models.gloryislands.boardfile`.

>>> cell_name(0), cell_name(24), parse_cell("g7")
('a1', 'd4', 48)
>>> from models.gloryislands.boardfile import load_board
>>> board = load_board()
>>> [cell_name(c) for c in board.lines[board.route.index(parse_cell("d1"))]]
['d2', 'd3', 'd4', 'd5', 'd6']
>>> [cell_name(c) for c in board.lines[0]]  # the home corner a1 has no diagonal
[]
"""

from __future__ import annotations

import dataclasses
import functools
import re

SIZE = 7
CELLS = SIZE * SIZE
COLUMNS = "abcdefg"
#: The kinds of island field (GI-W1..W3); a blank field gives no reward.
ICONS = ("pirate", "chest", "barrel", "blank")
PIRATE, CHEST, BARREL, BLANK = ICONS
SYMBOLS = ("black", "white")
_CELL = re.compile(r"([a-g])([1-7])")


def cell_name(cell: int) -> str:
    """``a1`` for cell 0: column letter, then row number from the north."""
    y, x = divmod(cell, SIZE)
    return f"{COLUMNS[x]}{y + 1}"


def parse_cell(text: str) -> int:
    """The cell named ``text`` (``"c4"``); a malformed name raises :class:`ValueError`."""
    found = _CELL.fullmatch(text.strip().lower()) if isinstance(text, str) else None
    if not found:
        raise ValueError(f"a cell is a column a-g and a row 1-7 (like c4), not {text!r}")
    return (int(found.group(2)) - 1) * SIZE + COLUMNS.index(found.group(1))


def xy(cell: int) -> tuple[int, int]:
    y, x = divmod(cell, SIZE)
    return x, y


def is_ring(cell: int) -> bool:
    x, y = xy(cell)
    return x in (0, SIZE - 1) or y in (0, SIZE - 1)


def is_corner(cell: int) -> bool:
    x, y = xy(cell)
    return x in (0, SIZE - 1) and y in (0, SIZE - 1)


def ring_cells() -> tuple[int, ...]:
    return tuple(c for c in range(CELLS) if is_ring(c))


def inner_cells() -> tuple[int, ...]:
    return tuple(c for c in range(CELLS) if not is_ring(c))


def clockwise_step(at: tuple[int, int]) -> tuple[int, int]:
    """The (dx, dy) of a clockwise step from ring cell ``at`` (north up: east along row 1)."""
    x, y = at
    last = SIZE - 1
    if y == 0 and x < last:
        return (1, 0)
    if x == last and y < last:
        return (0, 1)
    if y == last and x > 0:
        return (-1, 0)
    return (0, -1)


def connected(cells: list[int]) -> bool:
    """Whether ``cells`` form one piece, side by side (a polyomino)."""
    members = set(cells)
    todo, seen = [cells[0]], {cells[0]}
    while todo:
        x, y = xy(todo.pop())
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            n = ny * SIZE + nx
            if 0 <= nx < SIZE and 0 <= ny < SIZE and n in members and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(members)


def facing_line(cell: int) -> tuple[int, ...]:
    """The inner cells a ship on ring ``cell`` faces, nearest first: its column or row, or the
    diagonal from a corner (whether a corner's diagonal takes pirates is the board's say)."""
    x, y = xy(cell)
    last = SIZE - 1
    if is_corner(cell):
        dx = 1 if x == 0 else -1
        dy = 1 if y == 0 else -1
        return tuple((y + dy * k) * SIZE + x + dx * k for k in range(1, last))
    if y == 0:
        return tuple(k * SIZE + x for k in range(1, last))
    if y == last:
        return tuple((last - k) * SIZE + x for k in range(1, last))
    if x == 0:
        return tuple(y * SIZE + k for k in range(1, last))
    return tuple(y * SIZE + last - k for k in range(1, last))


@dataclasses.dataclass(frozen=True)
class Island:
    """One island: its name, its cells and the icon of each (GI-W1..W3)."""

    name: str
    cells: tuple[int, ...]
    icons: tuple[str, ...]

    @property
    def size(self) -> int:
        return len(self.cells)


@dataclasses.dataclass(frozen=True)
class Card:
    """A sail card: value (movement, range, sail cost), tie-breaker dots and symbol colour."""

    id: str
    colour: str
    value: int
    dots: int
    symbol: str

    @property
    def rank(self) -> tuple[int, int, int]:
        """GI-R3: the higher rank goes first — value, then dots, then black before white."""
        return (self.value, self.dots, 1 if self.symbol == "black" else 0)

    def describe(self) -> str:
        return f"{self.id} ({self.colour} {self.value}, {self.dots} dots {self.symbol})"


@dataclasses.dataclass(frozen=True)
class Components:
    """Everything printed or counted in a Glory Islands box, and where it came from."""

    route: tuple[int, ...]  # clockwise from the home field
    compass: int  # route index of the compass field
    diagonals: tuple[int, ...]  # corner cells whose diagonal takes pirates
    islands: tuple[Island, ...]
    island_scoring: tuple[tuple[int, tuple[int, int, int]], ...]  # (size, fame 1st/2nd/3rd)
    sail_track: tuple[int, ...]  # fame printed on each field from the start
    cards: tuple[Card, ...]
    pirates: int
    barrels: int
    barrels_at_start: int
    barrel_limit: int
    treasure_kinds: tuple[str, ...]
    treasure_copies: int
    set_fame: tuple[int, ...]  # fame of a set of 1, 2, ... different treasures
    compass_bonus: tuple[int, ...]
    home_bonus: tuple[int, ...]
    source: str = "<board>"
    reconstruction: bool = False
    note: str = ""

    # -- derived once (not part of equality) ---------------------------------------------------
    @functools.cached_property
    def colours(self) -> tuple[str, ...]:
        """Card colours in file order: seat ``i`` plays colour ``i``."""
        return tuple(dict.fromkeys(c.colour for c in self.cards))

    @functools.cached_property
    def lines(self) -> tuple[tuple[int, ...], ...]:
        """For each route index, the island cells its ship faces, nearest first."""
        island = self.island_of
        out: list[tuple[int, ...]] = []
        for cell in self.route:
            if is_corner(cell) and cell not in self.diagonals:
                out.append(())
            else:
                out.append(tuple(c for c in facing_line(cell) if island[c] >= 0))
        return tuple(out)

    @functools.cached_property
    def pirate_lines(self) -> tuple[tuple[int, ...], ...]:
        """For each route index, the pirate fields of its line (GI-A3)."""
        icon = self.icon_of
        return tuple(tuple(c for c in line if icon[c] == PIRATE) for line in self.lines)

    @functools.cached_property
    def island_of(self) -> tuple[int, ...]:
        """For each cell, the index of its island (-1 for route and sea cells)."""
        out = [-1] * CELLS
        for i, island in enumerate(self.islands):
            for c in island.cells:
                out[c] = i
        return tuple(out)

    @functools.cached_property
    def icon_of(self) -> tuple[str, ...]:
        out = [""] * CELLS
        for island in self.islands:
            for c, icon in zip(island.cells, island.icons, strict=True):
                out[c] = icon
        return tuple(out)

    @functools.cached_property
    def island_cells(self) -> tuple[int, ...]:
        return tuple(sorted(c for island in self.islands for c in island.cells))

    @functools.cached_property
    def scoring_table(self) -> dict[int, tuple[int, int, int]]:
        return dict(self.island_scoring)

    @functools.cached_property
    def card_index(self) -> dict[str, int]:
        return {c.id: i for i, c in enumerate(self.cards)}

    @property
    def home(self) -> int:
        return self.route[0]

    @property
    def treasures(self) -> int:
        return len(self.treasure_kinds) * self.treasure_copies

    def hand_of(self, colour: str) -> tuple[int, ...]:
        """The card indices of one colour (a player's starting hand)."""
        return tuple(i for i, c in enumerate(self.cards) if c.colour == colour)
