"""The parts of a South Seas picture around the board: coordinates on its edges, a player panel.

* :func:`draw_coordinates` writes each column's x along the top and bottom edges of the board
  and each row's y along the left and right edges — the numbers a scenario's ``at = [x, y]``
  uses (y grows downward: negative rows lie north of the start tile).
* :func:`draw_panel` draws, under the board, one row per player — score (SS-F3: ship points
  plus one point per three wares), shells, bananas and fish held, islanders in supply, ships
  taken with their points — and a line with the tiles left in the stack and the ships left.

Both draw into axes the board picture made (:func:`models.southseas.render.draw_board`); the
panel's axes carry the gid ``panel`` and each of its numbers a gid such as ``player 0 score``.
"""

from __future__ import annotations

from typing import Any

from matplotlib.axes import Axes
from matplotlib.figure import Figure

from models.southseas.components import WARES
from models.southseas.position import Phase, SouthSeasPosition
from models.southseas.render_symbols import COLOURS, STYLES

#: Inches per row of the panel, and the panel's columns: (heading, inches from its left edge).
ROW = 0.3
COLUMNS: tuple[tuple[str, float], ...] = (
    ("player", 0.0),
    ("score", 1.6),
    ("shells", 2.3),
    ("bananas", 3.2),
    ("fish", 4.25),
    ("islanders in supply", 5.0),
    ("ships taken", 6.55),
)
#: The panel's width in inches (the picture is made at least this wide, plus its margins).
WIDTH = 7.7
_TEXT: dict[str, Any] = {"fontsize": 9.5, "va": "center"}
_WARE_SYMBOL = {"shells": "shell", "bananas": "banana", "fish": "fish"}
_ICON = 60  # legend-size markers: points per tile of a symbol's size


def panel_height(players: int) -> float:
    """Inches the panel needs: a heading row, a row per player, two lines under them."""
    return ROW * (players + 3.2)


def draw_coordinates(ax: Axes, xs: range, ys: range, pts: float) -> None:
    """Column numbers above and below the board, row numbers left and right of it, in the
    margin of ``ax`` (``pts``: points per tile)."""
    (x0, x1), (y1, y0) = ax.get_xlim(), ax.get_ylim()  # y is inverted: row y0 at the top
    size = min(max(0.2 * pts, 7.0), 11.0)
    style: dict[str, Any] = {"fontsize": size, "color": "#4a5a66", "ha": "center"}
    style.update(va="center", gid="coordinate")
    for column in xs:
        for y in (y0 + 0.22, y1 - 0.22):
            ax.text(column, y, str(column), **style)
    for row in ys:
        for x in (x0 + 0.22, x1 - 0.22):
            ax.text(x, row, str(row), **style)
    corner = {**style, "fontsize": size * 0.85, "style": "italic", "gid": "axis name"}
    ax.text(x0 + 0.22, y0 + 0.22, "y↓ x→", **corner)


def _icon(ax: Axes, kind: str, x: float, y: float) -> None:
    for marker, size, face, edge in STYLES[kind]:
        ax.plot([x], [y], ls="", marker=marker, ms=_ICON * size, mfc=face, mec=edge, mew=0.8)


def draw_panel(state: SouthSeasPosition, fig: Figure, left: float, bottom: float) -> Axes:
    """The player panel, its top-left corner ``left`` inches from the figure's left edge and
    its bottom ``bottom`` inches above the figure's bottom edge; returns its axes."""
    players = state.game.num_players
    height = panel_height(players)
    width, fig_w, fig_h = WIDTH, fig.get_figwidth(), fig.get_figheight()
    ax = fig.add_axes((left / fig_w, bottom / fig_h, width / fig_w, height / fig_h))
    ax.set(xlim=(0, width), ylim=(height, 0))  # inches, y downward
    ax.set_axis_off()
    ax.set_gid("panel")
    heading = {**_TEXT, "weight": "bold"}
    for name, x in COLUMNS:
        if name in _WARE_SYMBOL:
            _icon(ax, _WARE_SYMBOL[name], x + 0.08, ROW / 2)
            ax.text(x + 0.22, ROW / 2, name, **heading)
        else:
            ax.text(x, ROW / 2, name, **heading)
    final = state.phase is Phase.OVER
    for p in range(players):
        y = (p + 1.5) * ROW
        _row(ax, state, p, y, final)
    tiles = state.tiles_left
    yard = state.yard
    notes = [
        f"tiles left in the stack: {tiles}; ships: {len(yard.display)} on display, "
        f"{len(yard.hidden)} face down",
        "score: ship points + one point per three wares (SS-F3)" + (", final" if final else ""),
    ]
    for k, line in enumerate(notes):
        gid = "tiles left" if k == 0 else "score rule"
        ax.text(0, (players + 1.55 + 0.8 * k) * ROW, line, gid=gid, **{**_TEXT, "fontsize": 9})
    return ax


def _row(ax: Axes, state: SouthSeasPosition, p: int, y: float, final: bool) -> None:
    """One player's row: colour and name, score, wares, islanders, ships."""
    at = dict(COLUMNS)
    ax.plot([0.1], [y], ls="", marker="o", ms=11, mfc=COLOURS[f"player {p}"], mec="black")
    mover = not final and _deciding(state) == p
    ax.text(0.3, y, f"player {p}" + (" (to move)" if mover else ""), **_TEXT)
    score = {**_TEXT, "weight": "bold", "gid": f"player {p} score"}
    ax.text(at["score"], y, str(state.score(p)), **score)
    for ware, count in zip(WARES, state.ledger.wares[p], strict=True):
        ax.text(at[ware] + 0.22, y, str(count), gid=f"player {p} {ware}", **_TEXT)
    supply = state.ledger.islanders[p]
    ax.text(at["islanders in supply"], y, str(supply), gid=f"player {p} islanders", **_TEXT)
    ships = state.yard.taken[p]
    points = state.yard.points(p)
    text = f"{len(ships)} ({points} point{'s' if points != 1 else ''})" if ships else "0"
    ax.text(at["ships taken"], y, text, gid=f"player {p} ships", **_TEXT)


def _deciding(state: SouthSeasPosition) -> int | None:
    """The seat whose decision the position waits for (none while chance moves)."""
    if state.phase is Phase.DRAW or state.phase is Phase.REVEAL:
        return None
    return state.awards[0] if state.phase is Phase.CHOOSE_SHIP else state.player


__all__ = ["COLUMNS", "ROW", "WIDTH", "draw_coordinates", "draw_panel", "panel_height"]
