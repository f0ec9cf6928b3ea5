"""Draw a Tobago island as a picture: terrain hexes, landmarks, statue gazes, treasure candidates.

The drawing uses :class:`matplotlib.figure.Figure` with the Agg canvas directly (no pyplot global
state), so it is safe in tests and threads. Hexes are pointy-top, row 0 at the top; the scale is
fixed per map size so markers always fit inside their hex.

>>> import tempfile
>>> from pathlib import Path
>>> from models.tobago.island.mapfile import EXAMPLE, parse_map
>>> island = parse_map(EXAMPLE)
>>> with tempfile.TemporaryDirectory() as tmp:
...     path = save_island_png(island, Path(tmp) / "maps" / "reef.png",
...                            candidates={1: [(1, 1), (2, 1)], 2: [(2, 1)]}, title="Reef")
...     path.is_file() and path.stat().st_size > 10_000
True
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from typing import Any

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.collections import PolyCollection
from matplotlib.figure import Figure
from matplotlib.legend_handler import HandlerTuple
from matplotlib.lines import Line2D
from matplotlib.patches import FancyArrowPatch, Patch
from matplotlib.path import Path as MPath

from models.errors import AtollError
from models.pictures import save_figure
from models.tobago.island.hexgrid import Field, centre
from models.tobago.island.map import Island, LandmarkKind, Terrain

#: Every colour of the picture, by terrain word, landmark kind and ``"treasure N"`` (reusable).
COLOURS: dict[str, str] = {
    "sea": "#2c5d9e",
    "beach": "#f3e2a9",
    "jungle": "#1e6b30",
    "river": "#8ee6f2",
    "scrubland": "#b3ad5c",
    "lake": "#4f9ce8",
    "mountain": "#8a7a6c",
    "palm": "#7fdc4a",
    "hut": "#a0522d",
    "statue": "#c4c4c4",
    "treasure 1": "#e8112d",
    "treasure 2": "#ffd500",
    "treasure 3": "#b23cfd",
    "treasure 4": "#ff8c00",
}

#: Where each treasure's candidate dot sits inside a hex of circumradius 1 (y downward).
TREASURE_OFFSETS: dict[int, tuple[float, float]] = {
    1: (-0.5, -0.3),
    2: (0.5, -0.3),
    3: (-0.5, 0.3),
    4: (0.5, 0.3),
}

#: What the legend calls each landmark's symbol (the picture's and the explore page's).
LANDMARK_LABELS: dict[str, str] = {
    "palm": "palm",
    "hut": "hut",
    "statue": "statue, arrow: its facing",
}

_DARK = {Terrain.SEA, Terrain.JUNGLE, Terrain.LAKE, Terrain.MOUNTAIN}
_EDGE = "#1c2833"
_WARN = "#9b1c1c"  # a warning the reader must not miss (a reconstructed deck)
_LANDMARK_RADIUS = 0.36  # data units: landmark symbols stay inside the hex
_DOT_RADIUS = 0.12
_LEGEND_WIDTH = 2.7  # inches
_ARROW: dict[str, Any] = dict(arrowstyle="-|>", color="#111111", shrinkA=0, shrinkB=0, zorder=3)
_LABEL: dict[str, Any] = {"ha": "center", "va": "center", "alpha": 0.8}
_NOTE: dict[str, Any] = {"fontsize": 9, "style": "italic", "va": "center", "color": "#444444"}
_LEGEND: dict[str, Any] = dict(loc="upper left", frameon=False, fontsize=9, labelspacing=0.7)
_CORNER: dict[str, Any] = dict(loc="lower left", bbox_to_anchor=(0, 1), frameon=False, fontsize=9)

# Marker shapes (display coordinates, y upward): a house and a statue-like stone head.
_HUT = MPath([(-0.8, -0.9), (0.8, -0.9), (0.8, 0.2), (0.0, 1.0), (-0.8, 0.2), (-0.8, -0.9)])
_STATUE = MPath(
    [(-0.7, -1.0), (0.7, -1.0), (0.6, 0.6), (0.45, 1.0), (-0.45, 1.0), (-0.6, 0.6), (-0.7, -1.0)]
)


def _palm_paths() -> tuple[MPath, MPath]:
    """A palm tree as two marker paths: the trunk and the crown of fronds (fits in [-1, 1])."""
    trunk = MPath([(-0.22, -1.0), (0.12, -1.0), (0.1, 0.3), (-0.06, 0.3), (-0.22, -1.0)])
    leaves = []
    for degrees in (165, 125, 85, 50, 15, 205, -25):
        a = math.radians(degrees)
        c, s = math.cos(a), math.sin(a)
        length = 0.85 if degrees in (205, -25) else 1.0
        base, tip = (0.0, 0.35), (length * c, min(0.35 + length * s, 1.0))
        mx, my, wx, wy = 0.5 * length * c, 0.35 + 0.5 * length * s, 0.14 * s, 0.14 * c
        leaves.append(MPath([base, (mx - wx, my + wy), tip, (mx + wx, my - wy), base]))
    return trunk, MPath.make_compound_path(*leaves)


_PALM_TRUNK, _PALM_CROWN = _palm_paths()


def _hexagon(x: float, y: float, size: float = 1.0) -> list[tuple[float, float]]:
    """Corners of a pointy-top hex around ``(x, y)``."""
    angles = (math.radians(30 + 60 * i) for i in range(6))
    return [(x + size * math.cos(a), y + size * math.sin(a)) for a in angles]


def _landmark_artists(kind: LandmarkKind, ms: float) -> list[dict[str, Any]]:
    """Marker styles (for ``ax.plot`` and for legend handles) drawing one landmark kind."""
    colour = COLOURS[kind.value]
    if kind is LandmarkKind.PALM:
        return [
            {"marker": "o", "ms": ms * 1.1, "mfc": "#fff8e0", "mec": "#5b3a1a", "mew": 1.2},
            {"marker": _PALM_TRUNK, "ms": ms * 0.8, "mfc": "#7a4a1e", "mec": "#4a2a0e", "mew": 0.6},
            {"marker": _PALM_CROWN, "ms": ms * 0.8, "mfc": colour, "mec": "#145214", "mew": 0.6},
        ]
    if kind is LandmarkKind.HUT:
        return [{"marker": _HUT, "ms": ms * 1.05, "mfc": colour, "mec": "#2b1608", "mew": 1.2}]
    return [{"marker": _STATUE, "ms": ms * 1.05, "mfc": colour, "mec": "#202020", "mew": 1.2}]


def _check_candidates(island: Island, candidates: Mapping[int, Collection[Field]]) -> None:
    for number, fields in candidates.items():
        if number not in TREASURE_OFFSETS:
            raise AtollError(f"no treasure {number} (treasures are 1..4)", field="candidates")
        for f in fields:
            if not island.on_map(f):
                raise AtollError(
                    f"treasure {number} candidate {list(f)} is off the map", field="candidates"
                )


def draw_island(
    island: Island,
    *,
    candidates: Mapping[int, Collection[Field]] | None = None,
    title: str | None = None,
    note: str | None = None,
    subtitle: str | None = None,
    coordinates: bool = True,
    below: float = 0.0,
    inseparable: Collection[int] = (),
    small_landmarks: bool = False,
    legend_extra: Sequence[tuple[Any, str]] = (),
) -> Figure:
    """A figure of the island: terrain hexes, landmarks, statue gazes and treasure candidates.

    ``candidates`` maps a treasure number (1..4) to the fields where it may lie; each candidate
    gets a dot in the treasure's colour at a fixed place in the hex (one place per treasure).
    ``inseparable`` names treasures whose candidates no card of the deck can tell apart: their
    dots get a black ring, and a bold line under the title and the legend say so.
    ``subtitle`` is printed in bold under the title (e.g. that the clue deck is a
    reconstruction); ``note`` small at the bottom (lines split by newlines); ``coordinates``
    labels each field ``col,row``; ``below`` reserves that many inches of empty space under the
    map for the caller to draw into (the map is ``fig.axes[0]``). ``small_landmarks`` draws the
    landmarks small at the top of their hex (the centre is then free for the caller);
    ``legend_extra`` adds (handle, label) entries at the end of the legend.
    """
    candidates = dict(candidates or {})
    _check_candidates(island, candidates)
    flagged = {t for t in inseparable if t in candidates}
    half = math.sqrt(3) / 2
    pad = 0.3
    odd = 0.5 if island.height > 1 else 0.0
    x0, x1 = -half - pad, math.sqrt(3) * (island.width - 1 + odd) + half + pad
    y0, y1 = -1 - pad, 1.5 * (island.height - 1) + 1 + pad
    scale = min(max(min(12 / (x1 - x0), 10 / (y1 - y0)), 0.3), 0.5)  # inches per data unit
    pts = 72 * scale  # points per data unit
    map_w, map_h = (x1 - x0) * scale, (y1 - y0) * scale
    heads = [subtitle] if subtitle else []
    heads += [
        f"treasure {t}: no card of the deck can narrow its {len(candidates[t])} candidates "
        "(ringed): no hint can ever pin it"
        for t in sorted(flagged)
    ]
    top = (0.55 if title else 0.15) + 0.27 * len(heads)
    note_lines = note.count("\n") + 1 if note else 0
    bottom = 0.3 + 0.17 * note_lines if note else 0.15
    entries = len(Terrain) + len(LandmarkKind) + len(candidates) + 2 * len(flagged)
    entries += sum(label.count("\n") + 1 for _, label in legend_extra)
    fig_w = 0.15 + map_w + 0.25 + _LEGEND_WIDTH
    fig_h = max(map_h + top + bottom, 0.27 * entries + 0.6 + top + bottom) + below
    fig = Figure(figsize=(fig_w, fig_h))
    FigureCanvasAgg(fig)
    ax = fig.add_axes((0.15 / fig_w, (fig_h - top - map_h) / fig_h, map_w / fig_w, map_h / fig_h))
    ax.set_xlim(x0, x1)
    ax.set_ylim(y1, y0)  # y grows downward: row 0 at the top
    ax.set_aspect("equal")
    ax.set_axis_off()

    centres = {f: centre(f) for f in island.fields}
    hexes = PolyCollection(
        [_hexagon(*centres[f]) for f in island.fields],
        facecolors=[COLOURS[island.terrain_at(f).word] for f in island.fields],
        edgecolors=_EDGE,
        linewidths=max(0.4, 0.02 * pts),
        gid="hexes",
    )
    ax.add_collection(hexes)

    if coordinates:
        size = 0.2 * pts
        for f, (x, y) in centres.items():
            colour = "#e8eef4" if island.terrain_at(f) in _DARK else "#3a3a3a"
            ax.text(x, y + 0.68, f"{f[0]},{f[1]}", fontsize=size, color=colour, **_LABEL)

    _draw_landmarks(island, ax, pts, small=small_landmarks)

    dot_area = (2 * _DOT_RADIUS * pts) ** 2
    treasure_handles: list[tuple[Any, str]] = []
    for number in sorted(candidates):
        fields = sorted(candidates[number], key=lambda f: (f[1], f[0]))
        dx, dy = TREASURE_OFFSETS[number]
        xs = [centres[f][0] + dx for f in fields]
        ys = [centres[f][1] + dy for f in fields]
        count = len(fields)
        label = f"treasure {number}: {count} candidate{'s' if count != 1 else ''}"
        colour = COLOURS[f"treasure {number}"]
        dots = ax.scatter(xs, ys, s=dot_area, c=colour, edgecolors="black", zorder=5, label=label)
        dots.set(linewidths=max(0.6, 0.03 * pts), gid=f"treasure {number}")
        dot = Line2D([], [], ls="", marker="o", ms=9, mfc=colour, mec="black", label=label)
        if number not in flagged:
            treasure_handles.append((dot, label))
            continue
        # A black ring round every dot: these candidates stay as they are whatever is laid.
        ring = ax.scatter(xs, ys, s=dot_area * 4.4, facecolors="none", edgecolors="black")
        ring.set(linewidths=max(2.0, 0.1 * pts), zorder=5, gid=f"inseparable {number}")
        halo = Line2D([], [], ls="", marker="o", ms=17, mfc="none", mec="black", mew=2.5)
        treasure_handles.append(
            ((halo, dot), f"{label}:\nINSEPARABLE, no card of the\ndeck tells them apart")
        )

    handles: list[Any] = [
        Patch(facecolor=COLOURS[t.word], edgecolor=_EDGE, label=t.word) for t in Terrain
    ]
    handler_map: dict[Any, Any] = {tuple: HandlerTuple(ndivide=1, pad=0.0)}
    for kind in LandmarkKind:
        parts = tuple(Line2D([], [], ls="", **s) for s in _landmark_artists(kind, 11.0))
        if kind is LandmarkKind.STATUE:  # the statue, then an arrow beside it
            pointer = Line2D([], [], ls="", marker=r"$\rightarrow$", ms=10, color="#111111")
            parts = (*parts, pointer)
            handler_map[parts] = HandlerTuple(ndivide=None, pad=0.1)
        handles.append(parts)
    labels = [t.word for t in Terrain] + [LANDMARK_LABELS[k.value] for k in LandmarkKind]
    for handle, label in [*treasure_handles, *legend_extra]:
        handles.append(handle)
        labels.append(label)
    anchor = ((0.15 + map_w + 0.25) / fig_w, 1 - top / fig_h)
    kw: dict[str, Any] = {"bbox_to_anchor": anchor, "handler_map": handler_map, "handlelength": 2.4}
    fig.legend(handles, labels, borderaxespad=0, **kw, **_LEGEND)
    if title:
        fig.text(0.15 / fig_w, 1 - 0.3 / fig_h, title, fontsize=14, weight="bold", va="center")
    for k, head in enumerate(heads):
        y = 1 - ((0.62 if title else 0.3) + 0.27 * k) / fig_h
        fig.text(0.15 / fig_w, y, head, fontsize=10.5, weight="bold", color=_WARN, va="center")
    if note:
        fig.text(0.15 / fig_w, 0.12 / fig_h, note, linespacing=1.4, **{**_NOTE, "va": "bottom"})
    return fig


def _draw_landmarks(island: Island, ax: Any, pts: float, *, small: bool) -> None:
    """Landmarks with the statues' gaze arrows: large in the centre of their hex, or small at
    its top (leaving the centre to a heat-map disc)."""
    radius, lift = (0.19, -0.64) if small else (_LANDMARK_RADIUS, 0.0)
    z = 5 if small else 4  # small ones sit above what the caller draws in the centre
    ms = 2 * radius * pts
    for lm in island.landmarks:
        x, y = centre(lm.at)
        y += lift
        if lm.gaze is not None:
            gx, gy = centre(lm.gaze)  # the arrow ends inside the field the statue looks at
            reach = 0.72 if not small else 0.5
            tip = (x + reach * (gx - x), y + reach * (gy + lift - y))
            lw = max(1.5, 0.07 * pts) * (0.7 if small else 1.0)
            mutation = 0.55 * pts * (0.7 if small else 1.0)
            arrow = FancyArrowPatch((x, y), tip, mutation_scale=mutation, lw=lw, **_ARROW)
            arrow.set(gid="gaze", zorder=z - 1 if not small else z)
            ax.add_patch(arrow)
        for style in _landmark_artists(lm.kind, ms):
            ax.plot([x], [y], ls="", zorder=z, gid=lm.kind.value, **style)


def save_island_png(island: Island, path: str | Path, *, dpi: int = 120, **kwargs: Any) -> Path:
    """Draw the island (keywords as for :func:`draw_island`), write a PNG (making folders),
    atomically: an interrupted write leaves any earlier picture intact."""
    return save_figure(draw_island(island, **kwargs), path, dpi=dpi)


__all__ = [
    "COLOURS",
    "LANDMARK_LABELS",
    "TREASURE_OFFSETS",
    "draw_island",
    "save_island_png",
]
