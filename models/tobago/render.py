"""Draw a Tobago island as a picture: terrain hexes, landmarks, statue gazes, treasure candidates.

The drawing uses :class:`matplotlib.figure.Figure` with the Agg canvas directly (no pyplot global
state), so it is safe in tests and threads. Hexes are pointy-top, row 0 at the top; the scale is
fixed per map size so markers always fit inside their hex.

>>> import tempfile
>>> from pathlib import Path
>>> from models.tobago.mapfile import EXAMPLE, parse_map
>>> island = parse_map(EXAMPLE)
>>> with tempfile.TemporaryDirectory() as tmp:
...     path = save_island_png(island, Path(tmp) / "maps" / "reef.png",
...                            candidates={1: [(1, 1), (2, 1)], 2: [(2, 1)]}, title="Reef")
...     path.is_file() and path.stat().st_size > 10_000
True
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping
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
from models.files import atomic_write
from models.tobago.hexgrid import Field, centre
from models.tobago.island import Island, LandmarkKind, Terrain

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

_DARK = {Terrain.SEA, Terrain.JUNGLE, Terrain.LAKE, Terrain.MOUNTAIN}
_EDGE = "#1c2833"
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
    coordinates: bool = True,
    below: float = 0.0,
) -> Figure:
    """A figure of the island: terrain hexes, landmarks, statue gazes and treasure candidates.

    ``candidates`` maps a treasure number (1..4) to the fields where it may lie; each candidate
    gets a dot in the treasure's colour at a fixed place in the hex (one place per treasure).
    ``note`` is printed small at the bottom (e.g. "clue deck: reconstruction");
    ``coordinates`` labels each field ``col,row``; ``below`` reserves that many inches of
    empty space under the map for the caller to draw into (the map is ``fig.axes[0]``).
    """
    candidates = dict(candidates or {})
    _check_candidates(island, candidates)
    half = math.sqrt(3) / 2
    pad = 0.3
    odd = 0.5 if island.height > 1 else 0.0
    x0, x1 = -half - pad, math.sqrt(3) * (island.width - 1 + odd) + half + pad
    y0, y1 = -1 - pad, 1.5 * (island.height - 1) + 1 + pad
    scale = min(max(min(12 / (x1 - x0), 10 / (y1 - y0)), 0.3), 0.5)  # inches per data unit
    pts = 72 * scale  # points per data unit
    map_w, map_h = (x1 - x0) * scale, (y1 - y0) * scale
    top = 0.55 if title else 0.15
    bottom = 0.45 if note else 0.15
    entries = len(Terrain) + len(LandmarkKind) + len(candidates)
    fig_w = 0.15 + map_w + 0.25 + _LEGEND_WIDTH
    fig_h = max(map_h + top + bottom, 0.27 * entries + 0.6 + top) + below
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

    ms = 2 * _LANDMARK_RADIUS * pts
    for lm in island.landmarks:
        x, y = centres[lm.at]
        if lm.gaze is not None:
            gx, gy = centre(lm.gaze)  # the arrow ends inside the field the statue looks at
            tip = (x + 0.72 * (gx - x), y + 0.72 * (gy - y))
            lw = max(1.5, 0.07 * pts)
            arrow = FancyArrowPatch((x, y), tip, mutation_scale=0.55 * pts, lw=lw, **_ARROW)
            arrow.set_gid("gaze")
            ax.add_patch(arrow)
        for style in _landmark_artists(lm.kind, ms):
            ax.plot([x], [y], ls="", zorder=4, gid=lm.kind.value, **style)

    dot_area = (2 * _DOT_RADIUS * pts) ** 2
    treasure_handles: list[Line2D] = []
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
        treasure_handles.append(
            Line2D([], [], ls="", marker="o", ms=9, mfc=colour, mec="black", label=label)
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
    labels = [t.word for t in Terrain] + ["palm", "hut", "statue, arrow: its facing"]
    handles += treasure_handles
    labels += [str(h.get_label()) for h in treasure_handles]
    anchor = ((0.15 + map_w + 0.25) / fig_w, 1 - top / fig_h)
    kw: dict[str, Any] = {"bbox_to_anchor": anchor, "handler_map": handler_map, "handlelength": 2.4}
    fig.legend(handles, labels, borderaxespad=0, **kw, **_LEGEND)
    if title:
        fig.text(0.15 / fig_w, 1 - 0.3 / fig_h, title, fontsize=14, weight="bold", va="center")
    if note:
        fig.text(0.15 / fig_w, 0.22 / fig_h, note, **_NOTE)
    return fig


def draw_field_values(
    island: Island,
    values: Mapping[Field, int | None],
    *,
    title: str | None = None,
    note: str | None = None,
    label: str = "fewest clues to pin the field",
) -> Figure:
    """A heat map: each island field coloured by its value (a darker hex needs more), the value
    written in it; fields whose value is ``None`` (unfindable) are light grey with a cross.
    Landmarks are drawn small so that a designer sees what the numbers come from.

    >>> from models.tobago.mapfile import EXAMPLE, parse_map
    >>> island = parse_map(EXAMPLE)
    >>> fig = draw_field_values(island, {f: (None if f == (1, 1) else 2) for f in
    ...                                  island.island_fields})
    >>> sorted(a.get_gid() for a in fig.axes[0].collections if a.get_gid())
    ['hexes', 'unfindable']
    """
    from matplotlib import colormaps
    from matplotlib.cm import ScalarMappable
    from matplotlib.colors import BoundaryNorm

    known = [v for v in values.values() if v is not None]
    low, high = (min(known), max(known)) if known else (0, 1)
    norm = BoundaryNorm([b - 0.5 for b in range(low, high + 2)], ncolors=256)
    cmap = colormaps["YlOrRd"]
    width = math.sqrt(3) * (island.width + 0.5) * 0.45
    height = (1.5 * island.height + 0.5) * 0.45
    fig = Figure(figsize=(width + 1.6, height + (0.9 if title else 0.3) + (0.4 if note else 0)))
    FigureCanvasAgg(fig)
    ax = fig.add_axes(
        (0.02, 0.06 if note else 0.02, width / (width + 1.6), 0.86 if title else 0.96)
    )
    ax.set_aspect("equal")
    ax.set_axis_off()
    centres = {f: centre(f) for f in island.fields}
    colours = []
    for f in island.fields:
        v = values.get(f)
        sea = island.terrain_at(f) is Terrain.SEA
        colours.append(COLOURS["sea"] if sea else "#d9d9d9" if v is None else cmap(norm(v)))
    hexes = PolyCollection(
        [_hexagon(*centres[f]) for f in island.fields],
        facecolors=colours,
        edgecolors=_EDGE,
        linewidths=0.5,
        gid="hexes",
    )
    ax.add_collection(hexes)
    crosses = [f for f in island.island_fields if values.get(f) is None]
    if crosses:
        xs, ys = zip(*(centres[f] for f in crosses), strict=True)
        marks = ax.scatter(xs, ys, marker="x", s=60)
        marks.set(color="#555555", gid="unfindable", linewidths=1.5)
        key = Line2D([], [], ls="", marker="x", ms=8, mew=1.5, color="#555555", mfc="#d9d9d9")
        ax.legend([key], ["unfindable: no set of the deck's clues pins it"], **_CORNER)
    for f in island.island_fields:
        v = values.get(f)
        if v is not None:
            dark = norm(v) > 170
            x, y = centres[f]
            ax.text(x, y + 0.05, str(v), color="white" if dark else "#222222", fontsize=9, **_LABEL)
    for lm in island.landmarks:
        x, y = centres[lm.at]
        for style in _landmark_artists(lm.kind, 9.0):
            ax.plot([x + 0.5], [y - 0.5], ls="", zorder=4, **style)
    ax.autoscale_view()
    ax.set_ylim(ax.get_ylim()[::-1])
    bar = fig.colorbar(ScalarMappable(norm=norm, cmap=cmap), ax=ax, fraction=0.05, pad=0.02)
    bar.set_ticks(list(range(low, high + 1)))
    bar.set_label(label)
    if title:
        fig.suptitle(title, fontsize=13, weight="bold", x=0.02, ha="left")
    if note:
        fig.text(0.02, 0.02, note, **_NOTE)
    return fig


def save_field_values_png(
    island: Island, path: str | Path, values: Mapping[Field, int | None], **kwargs: Any
) -> Path:
    """:func:`draw_field_values` written to a PNG, atomically."""
    fig = draw_field_values(island, values, **kwargs)
    with atomic_write(path) as handle:
        fig.savefig(handle, dpi=120, format="png", facecolor="white", bbox_inches="tight")
    return Path(path)


def save_island_png(island: Island, path: str | Path, *, dpi: int = 120, **kwargs: Any) -> Path:
    """Draw the island (keywords as for :func:`draw_island`), write a PNG (making folders),
    atomically: an interrupted write leaves any earlier picture intact."""
    fig = draw_island(island, **kwargs)
    with atomic_write(path) as handle:
        fig.savefig(handle, dpi=dpi, format="png", facecolor="white")
    return Path(path)


__all__ = [
    "COLOURS",
    "TREASURE_OFFSETS",
    "draw_field_values",
    "draw_island",
    "save_field_values_png",
    "save_island_png",
]
