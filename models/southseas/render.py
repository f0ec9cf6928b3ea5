"""Draw a South Seas board: sea, islands, bridges, markets, symbols, islanders, and a legend.

Uses :class:`matplotlib.figure.Figure` with the Agg canvas (no pyplot global state). A tile is a
unit square at ``(x, y)``, row 0 at the top; each piece is drawn from its rotated ports (islands
as caps joined through the centre, bridges from side middles to the centre). Artists carry gids
(``tiles``, ``islander``, ``fish``, ``covered fish``, ``boat token``, ...) for tests to count.

>>> import tempfile
>>> from pathlib import Path
>>> from models.core import load_game, make_rng, random_playout
>>> state = load_game("southseas", 2).new_initial_state()
>>> moves = random_playout(state, make_rng(3), max_moves=30)
>>> with tempfile.TemporaryDirectory() as tmp:
...     path = state.save_png(Path(tmp) / "boards" / "b.png", dpi=120, title="Thirty moves")
...     path.is_file() and path.stat().st_size > 10_000
True
"""

from __future__ import annotations

import functools
import math
from typing import Any

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.collections import LineCollection, PolyCollection
from matplotlib.figure import Figure
from matplotlib.legend_handler import HandlerTuple
from matplotlib.lines import Line2D
from matplotlib.patches import Patch
from matplotlib.path import Path as MPath

from models.southseas.components import Kind, TileType
from models.southseas.position import Phase, SouthSeasPosition
from models.southseas.render_panel import WIDTH, draw_coordinates, draw_panel, panel_height
from models.southseas.render_symbols import COLOURS, STYLES

Point = tuple[float, float]
Text = str | None
_NORMAL: tuple[Point, ...] = ((0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0))
_CORNER: tuple[Point, ...] = ((-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5))  # side s starts
_N = 20  # grid cells per tile side: where a piece has room for its symbols
_G = np.stack(np.meshgrid(*[np.linspace(-0.475, 0.475, _N)] * 2), -1).reshape(-1, 2)
_HALF = (-0.3, 0.0, 0.3)  # where a side's three ports lie along it, clockwise
_PORTS = np.array([(0.47 * u - k * v, 0.47 * v + k * u) for u, v in _NORMAL for k in _HALF])
_NOTE: dict[str, Any] = {"fontsize": 9, "style": "italic", "va": "center", "color": "#444444"}
_LEGEND: dict[str, Any] = {"loc": "upper left", "frameon": False, "fontsize": 9}
_LEGEND.update(labelspacing=0.8, borderaxespad=0, handlelength=2.4)


def _island(sides: set[int]) -> tuple[np.ndarray, list[np.ndarray]]:
    """An island polygon over whole sides, cut inward between them, and its coast curves."""
    if len(sides) == 4:
        return np.array(_CORNER), []
    s = start = next(s for s in range(4) if s in sides and (s - 1) % 4 not in sides)
    points: list[Any] = []
    coast: list[np.ndarray] = []
    while not coast or s != start:
        while s in sides:
            points.append([_CORNER[s]])
            s = (s + 1) % 4
        first, gap = s, 0
        while s not in sides:
            s, gap = (s + 1) % 4, gap + 1
        if gap == 2:  # two adjacent island sides: cut across, near the centre
            q = 0.2 * np.array(_CORNER[(first + 1) % 4])
        else:  # a cap (one island side) or a bay (one sea side): a curve 0.3 deep
            q = -0.1 * np.array(_NORMAL[(first - 1) % 4 if gap == 3 else first])
        t, a, b = np.linspace(0.0, 1.0, 12)[:, None], _CORNER[first], _CORNER[s]
        coast.append((1 - t) ** 2 * np.array(a) + 2 * (1 - t) * t * q + t**2 * np.array(b))
        points.append(coast[-1][:-1])
    return np.concatenate(points), coast


def _bridge(sides: list[int]) -> np.ndarray:
    """A bridge's centre line, 13 evenly spaced points: straight, or a quarter circle."""
    mid, t = [np.array(_NORMAL[s]) * 0.5 for s in sides], np.linspace(0, 1, 13)[:, None]
    if len(sides) == 1 or (sides[0] - sides[1]) % 2 == 0:
        return mid[0] + t * ((mid[1] if len(sides) == 2 else 0) - mid[0])
    corner, a = mid[0] + mid[1], t * math.pi / 2
    return corner + np.cos(a) * (mid[0] - corner) + np.sin(a) * (mid[1] - corner)


def _distance(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """For each point of ``a``, its distance to the nearest point of ``b``."""
    return np.linalg.norm(a[:, None] - b[None], axis=-1).min(1)


def _slots(seeds: np.ndarray, free: np.ndarray, k: int) -> list[Point]:
    """``k`` well separated points with room around them in the region of free grid cells
    4-connected to the seed cells (both cell masks)."""
    free, region, grown = free.reshape(_N, _N), (seeds & free).reshape(_N, _N), None
    while grown is None or (region != grown).any():  # flood fill, one cell further each time
        g, grown = np.pad(region, 1), region
        region = (region | g[:-2, 1:-1] | g[2:, 1:-1] | g[1:-1, :-2] | g[1:-1, 2:]) & free
    inside, outside = _G[region.reshape(-1)], _G[~region.reshape(-1)]
    if not len(inside):
        return [(0.0, 0.0)] * k
    score = 0.56 - np.abs(inside).max(1)  # room to the tile's edge (the sea goes on beyond)
    score = np.minimum(score, _distance(inside, outside)) if len(outside) else score
    chosen: list[Point] = []
    for _ in range(k):
        i = int(score.argmax())
        chosen.append((float(inside[i, 0]), float(inside[i, 1])))
        score = np.minimum(score, 0.55 * np.linalg.norm(inside - inside[i], axis=1))
    return chosen


@functools.lru_cache(maxsize=512)
def _layout(tile: TileType, rotation: int) -> dict[str, Any]:
    """A tile's drawing around (0, 0): islands, bridges, junction, per piece slots (islander
    first, then symbols)."""
    table = tile.port_piece[rotation]
    ports = {i: [p for p, j in enumerate(table) if j == i] for i in range(len(tile.pieces))}
    islands, bridges, blocked = {}, {}, np.zeros(len(_G), bool)
    for i, piece in enumerate(tile.pieces):
        sides = sorted({p // 3 for p in ports.get(i, [])})
        if piece.kind is Kind.ISLAND:
            islands[i] = _island(set(sides))
            blocked |= MPath(islands[i][0]).contains_points(_G)
        elif piece.kind is Kind.BRIDGE:
            bridges[i] = _bridge(sides)
            blocked |= _distance(_G, bridges[i]) < 0.09
    junction = any(p.end == "junction" for p in tile.pieces)
    blocked |= np.abs(_G).max(1) < (0.22 if tile.market else 0.1 if junction else 0)
    slots: dict[int, list[Point]] = {}
    for i, piece in enumerate(tile.pieces):
        k = 1 + (piece.bananas > 0) + piece.boat + len(piece.fish)
        if piece.kind is Kind.SEA:  # the free cells reached from the piece's ports
            slots[i] = _slots(_distance(_G, _PORTS[ports[i]]) < 0.06, ~blocked, k)
        elif piece.kind is Kind.ISLAND:
            land = MPath(islands[i][0]).contains_points(_G)
            slots[i] = _slots(land, land, k)
        elif piece.kind is Kind.BRIDGE:
            t = [0.5, 0.18, 0.34] if len(ports[i]) == 1 else [0.5, 0.2, 0.8]
            slots[i] = [tuple(bridges[i][round(12 * x)]) for x in t[: 1 + piece.shells]]
        else:  # the market: its merchant stands beside the stall
            slots[i] = [(0.17, 0.15)]
    return {"islands": islands, "bridges": bridges, "junction": junction, "slots": slots}


def _marks(state: SouthSeasPosition) -> tuple[dict[str, list[Any]], dict[str, list[Any]]]:
    """Islands, coasts and bridges as point arrays, and markers (x, y, colour) by kind."""
    board = state.board
    lines: dict[str, list[Any]] = {"islands": [], "coast": [], "bridges": []}
    marks: dict[str, list[Any]] = {}

    def mark(kind: str, x: float, y: float, colour: str | None = None) -> None:
        marks.setdefault(kind, []).append((x, y, colour))

    for (x, y), placed in board.tiles.items():
        lay, off = _layout(placed.tile, placed.rotation), np.array((x, y))
        for poly, coast in lay["islands"].values():
            lines["islands"].append(poly + off)
            lines["coast"].extend(c + off for c in coast)
        lines["bridges"].extend(b + off for b in lay["bridges"].values())
        if lay["junction"]:
            mark("junction stone", x, y)
        for i, piece in enumerate(placed.tile.pieces):
            rest = [(x + a, y + b) for a, b in lay["slots"][i][1:]]
            if piece.kind is Kind.MARKET:
                mark("market", x, y)
            for j in range(piece.shells):
                mark("shell", *rest[min(j, len(rest) - 1)])
            if piece.bananas:
                bx, by = rest.pop(0)
                for j in range(piece.bananas):
                    mark("banana", bx + 0.13 * (j - (piece.bananas - 1) / 2), by)
            if piece.boat:
                mark("fishing boat", *rest.pop(0))
            for g, n in enumerate(piece.fish):
                fx, fy = rest.pop(0)
                covered = (x, y, i, g) in state.covered
                if covered:
                    mark("boat token", fx, fy)
                for j in range(n):
                    mark("covered fish" if covered else "fish", fx, fy + 0.09 * (j - (n - 1) / 2))
    for feature in board.features.values():
        for player, node in feature.islanders:
            (x, y), i = board.node_place[node]
            placed = board.tiles[(x, y)]
            u, v = _layout(placed.tile, placed.rotation)["slots"][i][0]
            mark("islander", x + u, y + v, COLOURS[f"player {player}"])
    return lines, marks


def draw_board(state: SouthSeasPosition, *, title: Text = None, note: Text = None) -> Figure:
    """The board with coordinates on its edges and a legend, a title (default "South Seas —
    turn N"), the player panel under it (:mod:`models.southseas.render_panel`) and a note line
    saying which components are reconstructions, then ``note``."""
    board, c = state.board, COLOURS
    over = state.phase is Phase.OVER
    frontier = [] if over else list(board.frontier)
    cells = np.array([*board.tiles, *frontier], dtype=float)
    low, high = cells.min(0).astype(int), cells.max(0).astype(int)
    (x0, y0), (x1, y1) = low - 0.95, high + 0.95  # room for the coordinates round the board
    scale = min(max(min(13 / (x1 - x0), 11 / (y1 - y0)), 0.45), 1.1)  # inches per tile
    pts, players, top = 72 * scale, state.game.num_players, 0.55
    map_w, map_h, legend_x = (x1 - x0) * scale, (y1 - y0) * scale, 0.4 + (x1 - x0) * scale
    below = panel_height(players) + 0.45  # the player panel, then the note line
    fig_w = max(legend_x + 2.4, WIDTH + 0.3)
    fig_h = max(map_h + top, 0.3 * (11 + players) + top) + below
    FigureCanvasAgg(fig := Figure(figsize=(fig_w, fig_h)))
    ax = fig.add_axes((0.15 / fig_w, (fig_h - top - map_h) / fig_h, map_w / fig_w, map_h / fig_h))
    ax.set(xlim=(x0, x1), ylim=(y1, y0), aspect="equal")  # y grows downward: row 0 at the top
    ax.set_axis_off()
    lines, marks = _marks(state)
    square, lw, add = np.array(_CORNER), max(0.4, 0.012 * pts), ax.add_collection
    tiles, frame = [square + p for p in board.tiles], [square + p for p in frontier]
    add(PolyCollection(tiles, fc=c["sea"], ec=c["border"], lw=lw, zorder=1, gid="tiles"))
    add(PolyCollection(frame, fc="none", ec="#8aa0ad", ls=":", lw=lw, gid="frontier"))
    bridge = (("wood", 13, "-", 2), ("bridge", 9, "-", 2.1), ("wood", 7, (0, (0.12, 1.2)), 2.2))
    for colour, width, ls, z in bridge:  # a dark edge, the wood, then the planks
        line = LineCollection(lines["bridges"], colors=c[colour], lw=width * pts / 100, ls=ls)
        add(line).set(capstyle="butt", zorder=z, gid=f"bridges {z}")
    add(PolyCollection(lines["islands"], fc=c["island"], lw=0, zorder=3, gid="islands"))
    coast = LineCollection(lines["coast"], colors=c["beach"], lw=0.05 * pts, capstyle="round")
    add(coast).set(zorder=3.1, gid="coast")
    add(PolyCollection(tiles, fc="none", ec="white", alpha=0.35, lw=lw, zorder=3.2))
    for kind, layers in STYLES.items():
        if kind in marks:
            xs, ys, colours = zip(*marks[kind], strict=True)
            for k, (marker, size, face, ec) in enumerate(layers):
                z, gid = 5 + 0.1 * k + (kind == "islander"), kind if k == 0 else f"{kind} {k}"
                dots = ax.scatter(
                    xs, ys, s=(size * pts) ** 2, marker=marker, c=face or list(colours)
                )
                dots.set(edgecolor=ec, linewidth=max(0.5, 0.012 * pts), zorder=z, gid=gid)
    draw_coordinates(ax, range(low[0], high[0] + 1), range(low[1], high[1] + 1), pts)
    draw_panel(state, fig, 0.15, 0.45)
    styles = {k: v for k, v in STYLES.items() if k not in ("boat token", "islander")}
    styles["covered fish (boat token)"] = STYLES["boat token"] + styles.pop("covered fish")
    styles |= {f"player {p} islander": [("o", 0.22, c[f"player {p}"], "k")] for p in range(players)}
    handles: list[Any] = [Patch(fc=c["sea"], ec=c["border"]), Patch(fc=c["island"], ec=c["beach"])]
    handles.append(Line2D([], [], color=c["bridge"], lw=6))
    for layers in styles.values():
        handles.append(
            tuple(Line2D([], [], ls="", marker=m, ms=60 * s, mfc=f, mec=e) for m, s, f, e in layers)
        )
    handler, anchor = {tuple: HandlerTuple(ndivide=1, pad=0.0)}, (legend_x / fig_w, 1 - top / fig_h)
    labels = ["sea", "island", "bridge", *styles]
    fig.legend(handles, labels, bbox_to_anchor=anchor, handler_map=handler, **_LEGEND)
    title = title or f"South Seas — turn {state.turn}" + " (game over)" * over
    fig.text(0.15 / fig_w, 1 - 0.3 / fig_h, title, fontsize=14, weight="bold", va="center")
    sets = (("tiles", state.game.tiles), ("ships", state.game.ships))
    parts = [f"{what}: RECONSTRUCTION" for what, data in sets if data.reconstruction]
    if parts or note:
        text = "; ".join([*parts, *([note] if note else [])])
        fig.text(0.15 / fig_w, 0.22 / fig_h, text, gid="note", **_NOTE)
    return fig


__all__ = ["COLOURS", "draw_board"]
