"""Draw Glory Islands: the 7x7 board, islands with their icons, pirates, ships and sail track.

Uses :class:`matplotlib.figure.Figure` with the Agg canvas (no pyplot global state). The board
is drawn as the text view (:mod:`models.gloryislands.drawing`) lays it out — column letters
``a``-``g`` west to east, rows ``1``-``7`` north to south: the route cells numbered clockwise
from home (0) with the home and compass cells named and the corners whose diagonal takes
pirates marked by an arrow; each island in its own shade with a thick coast and its letter; the
icon of each island field (a skull for a pirate field, a chest, a barrel, nothing for a blank
one); placed pirates as discs and ships as boats in their player's colour. Beside it, each
player's fame, ship, sail field, pieces and treasures; below it, the sail track with the fame
printed on each field and each player's marker. A reconstructed board says so above the
picture. Artists carry gids (``pirate``, ``ship``, ``marker``, ``icon pirate``, ``icon
chest``, ``icon barrel``) for tests to count.

>>> import tempfile
>>> from models.core import load_game, make_rng, random_playout
>>> state = load_game("gloryislands", 3).new_initial_state()
>>> moves = random_playout(state, make_rng(2), max_moves=60)
>>> with tempfile.TemporaryDirectory() as tmp:
...     path = state.save_png(Path(tmp) / "pictures" / "gi.png")
...     path.is_file() and path.stat().st_size > 20_000
True
>>> state_png(state)[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True

A bare board (no state) is written by :func:`save_board_png`.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.colors import is_color_like, to_rgb
from matplotlib.figure import Figure
from matplotlib.patches import Circle, Ellipse, FancyArrow, Polygon, Rectangle

from models.gloryislands.components import (
    BARREL,
    CHEST,
    COLUMNS,
    PIRATE,
    SIZE,
    Components,
    is_corner,
    xy,
)
from models.gloryislands.position import OVER, GloryIslandsPosition, Phase
from models.gloryislands.render_panels import draw_players, draw_sail_track
from models.pictures import figure_png, save_figure

#: Player colours by card colour name (other names: a palette by seat).
PLAYER_COLOURS = {"red": "#d62728", "blue": "#1f5fd6", "green": "#2ca02c", "yellow": "#f2c500"}
_PALETTE = ("#d62728", "#1f5fd6", "#2ca02c", "#f2c500", "#8c564b", "#9467bd")
_ISLAND_SHADES = ("#b9dc8f", "#e8d59b", "#a7d3a0", "#d9e6a1", "#c8d98a", "#e3c98f", "#b4d6b4")
_ROUTE, _HOME, _COMPASS = "#bfe0f4", "#f7d98b", "#f4c2b0"
_COAST, _GRID, _WOOD = "#4a3b22", "#7fa7bf", "#6b4420"


def player_colours(
    board: Components, players: int, names: Sequence[str] | None = None
) -> list[str]:
    """The colour each seat is drawn in: its card colour (``names``, by default the board's in
    seat order) when that is a colour name."""
    names = board.colours if names is None else names
    out = []
    for p in range(players):
        name = names[p] if p < len(names) else ""
        known = PLAYER_COLOURS.get(name) or (name if name and is_color_like(name) else None)
        out.append(known or _PALETTE[p % len(_PALETTE)])
    return out


def draw_board(
    subject: GloryIslandsPosition | Components, *, title: str | None = None, note: str | None = None
) -> Figure:
    """The picture of a state (or of an empty board, given :class:`Components`)."""
    state = None if isinstance(subject, Components) else subject
    board = subject if isinstance(subject, Components) else subject.board
    players = len(state.fame) if state is not None else 0
    seats = state.colours if state is not None else None
    colours = player_colours(board, max(players, len(board.colours)), seats)
    fig = Figure(figsize=(12.0, 9.6))
    FigureCanvasAgg(fig)
    fig.text(0.02, 0.975, title or _title(state), fontsize=15, weight="bold", va="top")
    label = (
        "board: RECONSTRUCTION (atoll's, not the published board)"
        if board.reconstruction
        else "board: not marked as a reconstruction"
    )
    fig.text(0.02, 0.94, label, fontsize=10, va="top", weight="bold",
             color="#b00020" if board.reconstruction else "#333333")  # fmt: skip
    if note:
        fig.text(0.98, 0.94, note, fontsize=9, va="top", ha="right", style="italic")
    ax = fig.add_axes((0.01, 0.25, 0.56, 0.67))
    _draw_grid(ax, board)
    _draw_islands(ax, board)
    if state is not None:
        _draw_pirates(ax, state, colours)
        _draw_ships(ax, state, colours)
    side = fig.add_axes((0.58, 0.25, 0.41, 0.67))
    draw_players(side, board, state, colours)
    track = fig.add_axes((0.02, 0.015, 0.96, 0.2))
    draw_sail_track(track, board, state, colours)
    return fig


def _title(state: GloryIslandsPosition | None) -> str:
    if state is None:
        return "Glory Islands — the board"
    players = len(state.fame)
    if state.phase is OVER:
        return f"Glory Islands — {players} players, game over after round {state.round}"
    phase = _PHASES.get(state.phase, state.phase)
    return f"Glory Islands — {players} players, round {state.round}: {phase}"


_PHASES = {
    Phase.CHOOSE: "secret card choice",
    Phase.MOVE: "sailing",
    Phase.MOVE2: "sailing on after a stopover",
    Phase.PLACE: "placing a pirate",
    Phase.DRAW: "drawing treasure",
    Phase.KEEP: "keeping a treasure tile",
    Phase.SPECIAL: "special action",
}


def _corner(cell: int) -> tuple[float, float]:
    """The top-left corner of ``cell`` in board coordinates (y grows southward)."""
    x, y = xy(cell)
    return float(x), float(y)


def _draw_grid(ax: Axes, board: Components) -> None:
    ax.set_xlim(-0.45, SIZE + 0.05)
    ax.set_ylim(SIZE + 0.05, -0.45)
    ax.set_aspect("equal")
    ax.axis("off")
    for i, letter in enumerate(COLUMNS[:SIZE]):
        ax.text(i + 0.5, -0.22, letter, ha="center", va="center", fontsize=11, color="#333")
        ax.text(-0.22, i + 0.5, str(i + 1), ha="center", va="center", fontsize=11, color="#333")
    compass = board.route[board.compass]
    for index, cell in enumerate(board.route):
        x, y = _corner(cell)
        face = _HOME if cell == board.home else _COMPASS if cell == compass else _ROUTE
        ax.add_patch(Rectangle((x, y), 1, 1, facecolor=face, edgecolor=_GRID, lw=1))
        ax.text(x + 0.06, y + 0.06, str(index), ha="left", va="top", fontsize=8, color="#30586f")
        if cell in (board.home, compass):
            name = "HOME" if cell == board.home else "COMPASS"
            ax.text(x + 0.95, y + 0.07, name, ha="right", va="top", fontsize=6.5, weight="bold")
        if is_corner(cell) and cell in board.diagonals:
            _diagonal_arrow(ax, cell)
    for cell in range(SIZE * SIZE):  # cells neither route nor island: open sea
        if board.island_of[cell] < 0 and cell not in board.route:
            x, y = _corner(cell)
            ax.add_patch(Rectangle((x, y), 1, 1, facecolor="#8ec5e6", edgecolor=_GRID, lw=0.5))


def _diagonal_arrow(ax: Axes, cell: int) -> None:
    """A corner whose diagonal takes pirates (GI-X3): an arrow pointing along it."""
    x, y = _corner(cell)
    dx = 1 if x == 0 else -1
    dy = 1 if y == 0 else -1
    start_x, start_y = x + 0.5 - 0.07 * dx, y + 0.28 - 0.07 * dy  # above the ships' slots
    ax.add_patch(
        FancyArrow(start_x, start_y, 0.14 * dx, 0.14 * dy, width=0.03, head_width=0.1,
                   head_length=0.08, length_includes_head=True, color="#30586f", alpha=0.75)
    )  # fmt: skip


def _draw_islands(ax: Axes, board: Components) -> None:
    island_of = board.island_of
    for i, island in enumerate(board.islands):
        shade = _ISLAND_SHADES[i % len(_ISLAND_SHADES)]
        for cell, icon in zip(island.cells, island.icons, strict=True):
            x, y = _corner(cell)
            ax.add_patch(Rectangle((x, y), 1, 1, facecolor=shade, edgecolor="#9a9070", lw=0.4))
            _draw_icon(ax, icon, x + 0.3, y + 0.32)
        first = min(island.cells)
        x, y = _corner(first)
        letter = chr(ord("A") + i) if i < 26 else "?"
        ax.text(x + 0.94, y + 0.06, letter, ha="right", va="top", fontsize=10, weight="bold",
                color=_COAST)  # fmt: skip
    for cell in board.island_cells:  # the coast: a thick line where islands meet
        x, y = _corner(cell)
        cx, cy = xy(cell)
        for nx, ny, line in (
            (cx + 1, cy, ((x + 1, x + 1), (y, y + 1))),
            (cx, cy + 1, ((x, x + 1), (y + 1, y + 1))),
            (cx - 1, cy, ((x, x), (y, y + 1))),
            (cx, cy - 1, ((x, x + 1), (y, y))),
        ):
            inside = 0 <= nx < SIZE and 0 <= ny < SIZE
            if not inside or island_of[ny * SIZE + nx] != island_of[cell]:
                ax.plot(*line, color=_COAST, lw=2.6, solid_capstyle="round")


def _draw_icon(ax: Axes, icon: str, cx: float, cy: float) -> None:
    """The icon of an island field, centred at (cx, cy), about a third of a cell wide."""
    if icon == PIRATE:
        ax.text(cx, cy, "\u2620", ha="center", va="center", fontsize=19, color="#111111",
                gid="icon pirate")  # fmt: skip
    elif icon == CHEST:
        ax.add_patch(Rectangle((cx - 0.17, cy - 0.03), 0.34, 0.18, facecolor="#a0642a",
                               edgecolor=_WOOD, lw=1, gid="icon chest"))  # fmt: skip
        ax.add_patch(Polygon([(cx - 0.17, cy - 0.03), (cx - 0.13, cy - 0.14), (cx + 0.13,
                     cy - 0.14), (cx + 0.17, cy - 0.03)], facecolor="#c9843a", edgecolor=_WOOD,
                     lw=1))  # fmt: skip
        ax.add_patch(Rectangle((cx - 0.03, cy - 0.05), 0.06, 0.07, facecolor="#f2c500", lw=0))
    elif icon == BARREL:
        ax.add_patch(Ellipse((cx, cy), 0.26, 0.34, facecolor="#b07a3c", edgecolor=_WOOD, lw=1,
                             gid="icon barrel"))  # fmt: skip
        for dy in (-0.08, 0.08):
            ax.plot((cx - 0.12, cx + 0.12), (cy + dy, cy + dy), color="#3b2a14", lw=1.2)


def _draw_pirates(ax: Axes, state: GloryIslandsPosition, colours: list[str]) -> None:
    for cell, owner in enumerate(state.occupant):
        if owner < 0:
            continue
        x, y = _corner(cell)
        ax.add_patch(Circle((x + 0.68, y + 0.68), 0.21, facecolor=colours[owner],
                            edgecolor="black", lw=1.2, gid="pirate", zorder=4))  # fmt: skip
        ax.text(x + 0.68, y + 0.68, str(owner), ha="center", va="center", fontsize=10,
                weight="bold", color=_ink(colours[owner]), zorder=5)  # fmt: skip


#: Where up to four ships stand in one route cell (offsets from its top-left corner).
_SHIP_SLOTS = ((0.28, 0.63), (0.72, 0.63), (0.28, 0.91), (0.72, 0.91))


def _draw_ships(ax: Axes, state: GloryIslandsPosition, colours: list[str]) -> None:
    at: dict[int, int] = {}
    for p in range(len(state.fame)):
        if state.sunk[p]:
            continue
        cell = state.board.route[state.position(p)]
        slot = at.get(cell, 0)
        at[cell] = slot + 1
        x, y = _corner(cell)
        ox, oy = _SHIP_SLOTS[slot % len(_SHIP_SLOTS)]
        _ship(ax, x + ox, y + oy, colours[p], str(p))


def _ship(ax: Axes, cx: float, cy: float, colour: str, label: str) -> None:
    """A boat: a hull in the player's colour with a white sail, the seat on the hull."""
    hull = [(cx - 0.17, cy - 0.04), (cx + 0.17, cy - 0.04), (cx + 0.11, cy + 0.08),
            (cx - 0.11, cy + 0.08)]  # fmt: skip
    ax.add_patch(Polygon(hull, facecolor=colour, edgecolor="black", lw=1, gid="ship", zorder=6))
    sail = [(cx - 0.01, cy - 0.06), (cx - 0.01, cy - 0.25), (cx + 0.12, cy - 0.06)]
    ax.add_patch(Polygon(sail, facecolor="white", edgecolor="#333", lw=0.8, zorder=6))
    ax.text(cx, cy + 0.02, label, ha="center", va="center", fontsize=6.5, weight="bold",
            color=_ink(colour), zorder=7)  # fmt: skip


def _ink(colour: str) -> str:
    """Black or white, whichever reads on ``colour``."""
    r, g, b = to_rgb(colour)
    return "black" if 0.299 * r + 0.587 * g + 0.114 * b > 0.6 else "white"


def save_board_png(board: Components, path: str | Path, *, dpi: int = 100, **kw: Any) -> Path:
    """Draw an empty board (keywords as for :func:`draw_board`) and write a PNG (making
    folders), atomically; a state is written by its ``save_png``."""
    return save_figure(draw_board(board, **kw), path, dpi=dpi)


def state_png(state: GloryIslandsPosition) -> bytes:
    """PNG bytes of the state: what ``GloryIslandsState._repr_png_`` returns (notebooks)."""
    return figure_png(draw_board(state), dpi=72)


__all__ = ["PLAYER_COLOURS", "draw_board", "player_colours", "save_board_png", "state_png"]
