"""Draw a Tobago game position: the island (:func:`models.tobago.render.draw_island`) with the
vehicles, the amulets lying on it, each treasure's candidates or fixed field, and under the map
the roses queued at each treasure and what each player holds.

What the picture shows is public (TB-G1: gold values are secret, so only the number of gold
cards is shown until the game is over; hands are not shown):

* a treasure with fewer candidates than the marker threshold (TB-H5) gets a dot in its colour on
  each candidate; a fixed one (TB-H6) also a ring in its colour around its field; a treasure
  with many candidates is listed under the map with their number only;
* vehicles are squares in their player's colour at the top of their field (side by side when
  several share a field); amulets on the island are gold diamonds with their count (TB-A1);
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
>>> game_png(state)[:4] == b"\\x89PNG"
True
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import TYPE_CHECKING, Any

from matplotlib.figure import Figure
from matplotlib.patches import RegularPolygon

from models.files import atomic_write
from models.tobago.hexgrid import Field, centre
from models.tobago.render import COLOURS, draw_island

if TYPE_CHECKING:
    from models.tobago.state import TobagoState

#: Each player's colour (vehicles and roses), by seat.
PLAYER_COLOURS = ("#ffffff", "#111111", "#e0218a", "#1f3fff")
_AMULET = "#f5c400"
_ROW = 0.32  # inches per row of the panel under the map
_PHASES = {
    "turn": "a hint, a drive or an exchange (TB-T1)",
    "legs": "the next leg of a drive (TB-D1)",
    "extra": "one more action for an amulet, or end the turn (TB-A2)",
    "offer": "take or refuse the gold card offered (TB-G3)",
    "curse": "pay the curse with gold or an amulet (TB-G5)",
    "new": "the first hint of a new treasure (TB-G6)",
    "vehicle": "where to put the vehicle (TB-S4)",
    "claim": "which starting hint to mark (TB-S4)",
}


def _fields(state: TobagoState, mask: int) -> list[Field]:
    fields = state.game.fields
    return [fields[i] for i in range(len(fields)) if mask >> i & 1]


def _title(state: TobagoState) -> str:
    where = f"Tobago on {state.game.island.name}"
    if state.is_terminal():
        return f"{where}: game over after {state.turn} turns"
    player = state.current_player()
    who = "chance" if player < 0 else f"P{player}"
    return f"{where}: turn {state.turn}, {who} to move"


def _subtitle(state: TobagoState) -> str:
    player = state.current_player()
    doing = _PHASES.get(state.phase, state.phase) if player >= 0 else f"chance ({state.phase})"
    return f"gold deck {state.deck_size} cards, clue pile {state.pile_size}; next: {doing}"


def draw_game(state: TobagoState, *, coordinates: bool = True) -> Figure:
    """A figure of the position (see the module); ``coordinates`` labels the fields."""
    island = state.game.island
    threshold = state.options.marker_threshold
    shown = {
        t + 1: _fields(state, state.cand[t])
        for t in range(4)
        if state.hints[t] and state.cand[t].bit_count() < threshold
    }
    rows = 4 + state.n + 3
    fig = draw_island(
        island,
        candidates=shown,
        title=_title(state),
        note=_note(state),
        coordinates=coordinates,
        below=rows * _ROW + 0.3,
    )
    ax = fig.axes[0]
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
    _amulets(state, ax)
    _vehicles(state, ax)
    _panel(state, fig, rows)
    return fig


def _note(state: TobagoState) -> str:
    made = [n for n, part in state.game.components().items() if part["reconstruction"]]
    shown = "; ".join(f"{n}: RECONSTRUCTION" for n in made)
    return f"gold values are secret: cards counted only{'; ' + shown if shown else ''}"


def _amulets(state: TobagoState, ax: Any) -> None:
    """One diamond per amulet lying on a field (up to 3 side by side; more get a count)."""
    fields = state.game.fields
    for index, count in sorted(state.amulets_on.items()):
        x, y = centre(fields[index])
        shown = min(count, 3)
        xs = [x + (k - (shown - 1) / 2) * 0.22 for k in range(shown)]
        style: dict[str, Any] = {"ls": "", "marker": "D", "ms": 6, "mec": "#5a4500"}
        ax.plot(xs, [y + 0.44] * shown, mfc=_AMULET, zorder=6, gid="amulet", **style)
        if count > 3:
            ax.text(x, y + 0.2, f"×{count}", fontsize=7, weight="bold", ha="center", zorder=6)


def _vehicles(state: TobagoState, ax: Any) -> None:
    fields = state.game.fields
    by_field: dict[int, list[int]] = {}
    for p, at in enumerate(state.vehicles):
        if at >= 0:
            by_field.setdefault(at, []).append(p)
    for at, players in by_field.items():
        x, y = centre(fields[at])
        for k, p in enumerate(players):
            dx = (k - (len(players) - 1) / 2) * 0.3
            ax.plot(
                [x + dx],
                [y - 0.6],
                ls="",
                marker="s",
                ms=8,
                mfc=PLAYER_COLOURS[p],
                mec="#000000" if p != 1 else "#ffffff",
                mew=1.2,
                zorder=7,
                gid="vehicle",
            )


def _rose(ax: Any, x: float, y: float, player: int) -> None:
    edge = "#000000" if player != 1 else "#bbbbbb"
    ax.plot([x], [y], ls="", marker="*", ms=13, mfc=PLAYER_COLOURS[player], mec=edge, mew=0.9)


def _panel(state: TobagoState, fig: Figure, rows: int) -> None:
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
    ax.text(0, _ROW / 2, _subtitle(state), **text)
    ax.text(0, 1.5 * _ROW, "treasure", weight="bold", **text)
    longest = max((len(q) for q in state.queues), default=0)
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
        ax.text(0.3, y, f"T{t + 1} ({_count(len(state.hints[t]), 'hint')})", **text)
        for k, owner in enumerate(state.queues[t]):
            _rose(ax, 1.75 + 0.3 * k, y, owner)
        ax.text(where, y, _where(state, t), **text)
    for p in range(state.n):
        y = (p + 6.5) * _ROW
        ax.plot(
            [0.1],
            [y],
            ls="",
            marker="s",
            ms=9,
            mfc=PLAYER_COLOURS[p],
            mec="#000000" if p != 1 else "#ffffff",
        )
        _rose(ax, 0.4, y, p)
        gold = state.gold[p]
        owned = _count(len(gold), "gold card")
        if state.is_terminal():
            owned += f" worth {sum(gold)}"
        ax.text(
            0.65,
            y,
            f"P{p}: {owned}, {_count(state.amulets[p], 'amulet')} held, "
            f"{_count(state.roses[p], 'rose')} in supply, "
            f"{_count(len(state.hands[p]), 'hint card')} in hand",
            **text,
        )
    lying = sum(state.amulets_on.values())
    raised = sum(state.raised)
    ax.plot([0.1], [(state.n + 6.5) * _ROW], ls="", marker="D", ms=7, mfc=_AMULET, mec="#5a4500")
    ax.text(
        0.3,
        (state.n + 6.5) * _ROW,
        f"{lying} amulets on the island, "
        f"{state.amulet_supply} in the supply; treasures raised so far: {raised}",
        **text,
    )


def _count(n: int, what: str) -> str:
    return f"{n} {what}{'' if n == 1 else 's'}"


def _where(state: TobagoState, t: int) -> str:
    if state.share is not None and state.share.treasure == t:
        return "being shared (TB-G)"
    if not state.hints[t]:
        return "not begun"
    k = state.cand[t].bit_count()
    if k == 1:
        (field,) = _fields(state, state.cand[t])
        return f"fixed at {field[0]},{field[1]} (ring)"
    if k < state.options.marker_threshold:
        return f"{k} candidates (dots)"
    return f"{k} candidates (not marked yet)"


def game_png(state: TobagoState, *, dpi: int = 100) -> bytes:
    """The position as PNG bytes (what a notebook shows)."""
    buffer = io.BytesIO()
    draw_game(state).savefig(buffer, dpi=dpi, format="png", facecolor="white")
    return buffer.getvalue()


def save_game_png(state: TobagoState, path: str | Path, *, dpi: int = 110) -> Path:
    """Draw the position and write a PNG (making folders), atomically."""
    fig = draw_game(state)
    with atomic_write(path) as handle:
        fig.savefig(handle, dpi=dpi, format="png", facecolor="white")
    return Path(path)


__all__ = ["PLAYER_COLOURS", "draw_game", "game_png", "save_game_png"]
