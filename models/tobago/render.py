"""Draw a Tobago game position: the island (:func:`models.tobago.island.render.draw_island`)
with the vehicles, the amulets lying on it, each treasure's candidates or fixed field, and under the
map the roses queued at each treasure and what each player holds.

What the picture shows lies open on the table: hands are not shown, and gold cards are counted,
not valued, until the game is over (taken cards lie face down; each was turned up when it was
shared, TB-G3, so a player who remembers knows them, as his observation does):

* a treasure with fewer candidates than the marker threshold (TB-H5) gets a dot in its colour on
  each candidate; a fixed one (TB-H6) also a ring in its colour around its field; a treasure
  with many candidates is listed under the map with their number only;
* vehicles are drawn large, in their player's colour and named P0, P1, ..., at the top of
  their field (side by side and smaller when several share a field); amulets on the island are
  gold diamonds with their count (TB-A1); the legend beside the map (never over it) names them;
* under the map, one row per treasure: its roses from front to back in their owners' colours
  (the raiser's rose joins at the back, TB-D2; cards are offered from the back, TB-G3), its
  hints and how often that colour was raised; one row per player: gold cards, amulets, roses
  left in his supply.

>>> from models.core import load_game, make_rng, random_playout
>>> state = load_game("tobago", 3).new_initial_state()
>>> _ = random_playout(state, make_rng(2), max_moves=60)
>>> fig = draw_game(state)
>>> sorted(a.get_gid() for a in fig.axes[0].collections if a.get_gid())[:2]
['hexes', 'treasure 1']
>>> state._repr_png_()[:4] == b"\\x89PNG"
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import RegularPolygon
from matplotlib.path import Path as MPath

from models.tobago.island.hexgrid import Field, centre
from models.tobago.island.render import COLOURS, draw_island
from models.tobago.position import Phase

if TYPE_CHECKING:
    from models.tobago.position import TobagoPosition

#: Each player's colour (vehicles and roses), by seat.
PLAYER_COLOURS = ("#ffffff", "#111111", "#e0218a", "#1f3fff")
_AMULET = "#f5c400"
#: A vehicle seen from the side (marker coordinates, y upward): the body, then its two wheels.
_BODY = MPath(
    [
        (-1, -0.35),
        (1, -0.35),
        (1, 0.15),
        (0.55, 0.2),
        (0.3, 0.65),
        (-0.45, 0.65),
        (-0.6, 0.2),
        (-1, 0.15),
        (-1, -0.35),
    ]
)
# matplotlib scales every marker path to its own largest coordinate: the wheels carry an
# invisible point at (1, 0) so that they scale exactly as the body does.
_WHEELS = MPath.make_compound_path(
    MPath([(1, 0)], [MPath.MOVETO]), *(MPath.circle((x, -0.42), 0.26) for x in (-0.55, 0.55))
)
_LAYERS = ("vehicle", "vehicle wheels")  # gids of a vehicle's two markers
_VEHICLE_WIDTH = 1.15  # data units (a hex is sqrt 3 = 1.73 wide): one vehicle fills its top
_VEHICLE_Y = -0.45  # above the field's centre, clear of the coordinates and the amulets
_ROW = 0.32  # inches per row of the panel under the map
_PHASES = {
    Phase.TURN: "a hint, a drive or an exchange (TB-T1)",
    Phase.LEGS: "the next leg of a drive (TB-D1)",
    Phase.EXTRA: "one more action for an amulet, or end the turn (TB-A2)",
    Phase.OFFER: "take or refuse the gold card offered (TB-G3)",
    Phase.CURSING: "pay the curse with gold or an amulet (TB-G5)",
    Phase.NEW: "the first hint of a new treasure (TB-G6)",
    Phase.VEHICLE: "where to put the vehicle (TB-S4)",
    Phase.CLAIM: "which starting hint to mark (TB-S4)",
}


def _fields(pos: TobagoPosition, mask: int) -> list[Field]:
    fields = pos.game.fields
    return [fields[i] for i in range(len(fields)) if mask >> i & 1]


def _title(pos: TobagoPosition) -> str:
    where = f"Tobago on {pos.game.island.name}"
    if pos.is_terminal():
        return f"{where}: game over after {pos.turn} turns"
    player = pos.current_player()
    who = "chance" if player < 0 else f"P{player}"
    return f"{where}: turn {pos.turn}, {who} to move"


def _subtitle(pos: TobagoPosition) -> str:
    player = pos.current_player()
    doing = _PHASES.get(pos.phase, pos.phase) if player >= 0 else f"chance ({pos.phase})"
    return f"gold deck {pos.deck_size} cards, clue pile {pos.pile_size}; next: {doing}"


def draw_game(pos: TobagoPosition, *, coordinates: bool = True) -> Figure:
    """A figure of the position (see the module); ``coordinates`` labels the fields."""
    island = pos.game.island
    threshold = pos.options.marker_threshold
    shown = {
        t + 1: _fields(pos, pos.cand[t])
        for t in range(4)
        if pos.hints[t] and pos.cand[t].bit_count() < threshold
    }
    rows = 4 + pos.n + 3
    fig = draw_island(
        island,
        candidates=shown,
        title=_title(pos),
        note=_note(pos),
        coordinates=coordinates,
        below=rows * _ROW + 0.3,
        legend_extra=_legend_entries(pos),
    )
    ax = fig.axes[0]
    x0, x1 = ax.get_xlim()
    pts = ax.get_position().width * fig.get_figwidth() * 72 / (x1 - x0)  # points per unit
    for t, fields in shown.items():
        if len(fields) == 1:
            ring = RegularPolygon(
                centre(fields[0]),
                6,
                radius=0.93,
                fill=False,
                lw=3.5,
                ec=COLOURS[f"treasure {t}"],
                zorder=3,
                gid=f"fixed {t}",
            )
            ax.add_patch(ring)
    _amulets(pos, ax)
    _vehicles(pos, ax, pts)
    _panel(pos, fig, rows)
    return fig


def _note(pos: TobagoPosition) -> str:
    made = [n for n, part in pos.game.components().items() if part["reconstruction"]]
    shown = "; ".join(f"{n}: RECONSTRUCTION" for n in made)
    told = "gold cards face down, counted only (each was turned up when shared, TB-G3)"
    return f"{told}{'; ' + shown if shown else ''}"


def _amulets(pos: TobagoPosition, ax: Any) -> None:
    """One diamond per amulet lying on a field (up to 3 side by side; more get a count)."""
    fields = pos.game.fields
    for index, count in sorted(pos.amulets_on.items()):
        x, y = centre(fields[index])
        shown = min(count, 3)
        xs = [x + (k - (shown - 1) / 2) * 0.22 for k in range(shown)]
        style: dict[str, Any] = {"ls": "", "marker": "D", "ms": 6, "mec": "#5a4500"}
        ax.plot(xs, [y + 0.44] * shown, mfc=_AMULET, zorder=6, gid="amulet", **style)
        if count > 3:
            ax.text(x, y + 0.2, f"×{count}", fontsize=7, weight="bold", ha="center", zorder=6)


def _edge(player: int) -> str:
    return "#ffffff" if player == 1 else "#000000"  # the black vehicle outlined in white


def _vehicle_styles(player: int, ms: float) -> list[dict[str, Any]]:
    """Marker styles of one vehicle ``ms`` points wide: body in the player's colour, wheels."""
    colour, edge = PLAYER_COLOURS[player], _edge(player)
    return [
        {"marker": _BODY, "ms": ms, "mfc": colour, "mec": edge, "mew": max(1.0, ms / 22)},
        {"marker": _WHEELS, "ms": ms, "mfc": "#333333", "mec": edge, "mew": max(0.6, ms / 40)},
    ]


def _vehicles(pos: TobagoPosition, ax: Any, pts: float) -> None:
    """Each vehicle large at the top of its field in its player's colour, named P0, P1, ...;
    two sharing a field stand side by side, smaller; three or four in two rows of two."""
    fields = pos.game.fields
    by_field: dict[int, list[int]] = {}
    for p, at in enumerate(pos.vehicles):
        if at >= 0:
            by_field.setdefault(at, []).append(p)
    for at, players in by_field.items():
        x, y = centre(fields[at])
        k = len(players)
        width = _VEHICLE_WIDTH * (1.0, 0.72, 0.66, 0.66)[min(k, 4) - 1]
        per_row = 1 if k == 1 else 2
        for i, p in enumerate(players):
            row, col = divmod(i, per_row)
            in_row = min(per_row, k - row * per_row)
            vx = x + (col - (in_row - 1) / 2) * width * 1.04
            vy = y + _VEHICLE_Y - (0.1 if k > 2 else 0) + row * 0.72 * width
            for style, gid in zip(_vehicle_styles(p, width * pts), _LAYERS, strict=True):
                ax.plot([vx], [vy], ls="", zorder=4.6, gid=gid, **style)
            ink = "#111111" if p == 0 else "#ffffff"
            ax.text(
                vx - 0.08 * width,
                vy + 0.02 * width,
                f"P{p}",
                fontsize=0.26 * width * pts,
                weight="bold",
                color=ink,
                ha="center",
                va="center",
                zorder=4.7,
            )


def _legend_entries(pos: TobagoPosition) -> list[tuple[Any, str]]:
    """What the picture adds to the map's legend: the vehicles, amulets, a fixed treasure."""
    entries: list[tuple[Any, str]] = []
    for p in range(pos.n):
        parts = tuple(Line2D([], [], ls="", **s) for s in _vehicle_styles(p, 22))
        entries.append((parts, f"P{p}'s vehicle"))
    amulet = Line2D([], [], ls="", marker="D", ms=7, mfc=_AMULET, mec="#5a4500")
    entries.append((amulet, "amulet lying on the island"))
    ring = Line2D([], [], ls="", marker="h", ms=15, mfc="none", mec="#555555", mew=2.5)
    entries.append((ring, "fixed treasure: a ring in\nits colour round its field"))
    return entries


def _rose(ax: Any, x: float, y: float, player: int) -> None:
    edge = "#000000" if player != 1 else "#bbbbbb"
    ax.plot([x], [y], ls="", marker="*", ms=13, mfc=PLAYER_COLOURS[player], mec=edge, mew=0.9)


def _panel(pos: TobagoPosition, fig: Figure, rows: int) -> None:
    """Treasures (roses front to back) and players, in rows under the map."""
    width = fig.get_figwidth()
    height = rows * _ROW
    ax = fig.add_axes(
        (0.15 / width, 0.5 / fig.get_figheight(), 1 - 0.3 / width, height / fig.get_figheight())
    )
    ax.set_xlim(0, width - 0.3)
    ax.set_ylim(height, 0)
    ax.set_axis_off()
    ax.set_gid("panel")
    text: dict[str, Any] = {"fontsize": 9.5, "va": "center"}
    ax.text(0, _ROW / 2, _subtitle(pos), **text)
    ax.text(0, 1.5 * _ROW, "treasure", weight="bold", **text)
    longest = max((len(q) for q in pos.queues), default=0)
    where = max(6.3, 1.75 + 0.3 * longest + 0.2)
    ax.text(
        1.6,
        1.5 * _ROW,
        "roses, front → back (the back is offered gold first)",
        weight="bold",
        **text,
    )
    ax.text(where, 1.5 * _ROW, "where", weight="bold", **text)
    for t in range(4):
        y = (t + 2.5) * _ROW
        colour = COLOURS[f"treasure {t + 1}"]
        ax.plot([0.1], [y], ls="", marker="o", ms=10, mfc=colour, mec="black")
        ax.text(0.3, y, f"T{t + 1} ({_count(len(pos.hints[t]), 'hint')})", **text)
        for k, owner in enumerate(pos.queues[t]):
            _rose(ax, 1.75 + 0.3 * k, y, owner)
        ax.text(where, y, _where(pos, t), **text)
    for p in range(pos.n):
        y = (p + 6.5) * _ROW
        for style in _vehicle_styles(p, 17):
            ax.plot([0.12], [y], ls="", **style)
        _rose(ax, 0.4, y, p)
        gold = pos.gold[p]
        owned = _count(len(gold), "gold card")
        if pos.is_terminal():
            owned += f" worth {sum(gold)}"
        ax.text(
            0.65,
            y,
            f"P{p}: {owned}, {_count(pos.amulets[p], 'amulet')} held, "
            f"{_count(pos.roses[p], 'rose')} in supply, "
            f"{_count(len(pos.hands[p]), 'hint card')} in hand",
            **text,
        )
    lying = sum(pos.amulets_on.values())
    raised = sum(pos.raised)
    ax.plot([0.1], [(pos.n + 6.5) * _ROW], ls="", marker="D", ms=7, mfc=_AMULET, mec="#5a4500")
    ax.text(
        0.3,
        (pos.n + 6.5) * _ROW,
        f"{lying} amulets on the island, "
        f"{pos.amulet_supply} in the supply; treasures raised so far: {raised}",
        **text,
    )


def _count(n: int, what: str) -> str:
    return f"{n} {what}{'' if n == 1 else 's'}"


def _where(pos: TobagoPosition, t: int) -> str:
    if pos.share is not None and pos.share.treasure == t:
        return "being shared (TB-G)"
    if not pos.hints[t]:
        return "not begun"
    k = pos.cand[t].bit_count()
    if k == 1:
        (field,) = _fields(pos, pos.cand[t])
        return f"fixed at {field[0]},{field[1]} (ring)"
    if k < pos.options.marker_threshold:
        return f"{k} candidates (dots)"
    return f"{k} candidates (not marked yet)"


__all__ = ["PLAYER_COLOURS", "draw_game"]
