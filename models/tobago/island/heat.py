"""A Tobago heat map: a number per island field (the fewest clues that pin it) over the terrain.

The map is :func:`models.tobago.island.render.draw_island` (terrain colours, field coordinates, the
landmarks drawn small at the top of their hex) with a disc in the middle of every island field:
its colour and the number written in it give the value. The colour scale is fixed —
:data:`HEAT_COLOURS`, 1 to :data:`HEAT_TOP` clues, the top colour standing for that many or more,
and :data:`UNFINDABLE` its own colour with a cross — so that the pictures of two maps (or two
decks) can be set side by side and compared colour for colour.

>>> from models.tobago.island.mapfile import EXAMPLE, parse_map
>>> island = parse_map(EXAMPLE)
>>> fig = draw_field_values(island, {f: (None if f == (1, 1) else 2) for f in
...                                  island.island_fields})
>>> sorted(a.get_gid() for a in fig.axes[0].collections if a.get_gid())
['heat', 'hexes', 'unfindable', 'unfindable cross']
>>> heat_colour(2) == HEAT_COLOURS[1], heat_colour(12) == HEAT_COLOURS[-1], heat_colour(None)
(True, True, '#2b2b2b')
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from matplotlib.figure import Figure
from matplotlib.lines import Line2D

from models.pictures import save_figure
from models.tobago.island.hexgrid import Field, centre
from models.tobago.island.map import Island
from models.tobago.island.render import draw_island

#: The most clues the scale tells apart: a field needing this many or more gets the top colour
#: (the number written in its disc is still exact). Bundled maps need 2 to 8 with atoll's deck.
HEAT_TOP = 8

#: The colour of 1, 2, ..., HEAT_TOP (or more) clues, light to dark: matplotlib's "plasma"
#: reversed, sampled at 8 points (perceptually even, readable with a colour vision deficiency,
#: a new hue at every step). The same on every picture.
HEAT_COLOURS: tuple[str, ...] = (
    "#fcce25",
    "#fa9c3c",
    "#e97158",
    "#ce4b75",
    "#ac2694",
    "#8004a8",
    "#4c02a1",
    "#0d0887",
)

#: The colour of a field no set of the deck's clues can pin (drawn with a white cross).
UNFINDABLE = "#2b2b2b"

_DISC_RADIUS = 0.4  # data units (a hex has circumradius 1): room left for coordinates above
_DARK_FROM = 4  # values from here on get white numbers


def heat_colour(value: int | None) -> str:
    """The fixed colour of a value: ``None`` is unfindable; below 1 counts as 1, above
    :data:`HEAT_TOP` as the top."""
    if value is None:
        return UNFINDABLE
    return HEAT_COLOURS[min(max(value, 1), HEAT_TOP) - 1]


def _key(label: str) -> list[tuple[Any, str]]:
    """Legend entries of the whole scale (every bin, whether the map uses it or not)."""
    entries: list[tuple[Any, str]] = [
        (Line2D([], [], ls=""), f"{label}\n(one scale for every map):")
    ]
    for k, colour in enumerate(HEAT_COLOURS, start=1):
        text = f"{k} clue{'s' if k > 1 else ''}" + (" or more" if k == HEAT_TOP else "")
        disc = Line2D([], [], ls="", marker="o", ms=12, mfc=colour, mec="black", mew=0.8)
        entries.append((disc, text))
    disc = Line2D([], [], ls="", marker="o", ms=12, mfc=UNFINDABLE, mec="black", mew=0.8)
    cross = Line2D([], [], ls="", marker="x", ms=6, color="white", mew=1.6)
    entries.append(((disc, cross), "unfindable: no set of the\ndeck's clues pins it"))
    return entries


def draw_field_values(
    island: Island,
    values: Mapping[Field, int | None],
    *,
    title: str | None = None,
    note: str | None = None,
    subtitle: str | None = None,
    label: str = "fewest clues to pin the field",
) -> Figure:
    """The heat map of ``values`` (an island field to its count, ``None``: unfindable; fields
    without a value get no disc). ``subtitle`` is printed under the title in bold (e.g. that the
    clue deck is a reconstruction), ``note`` small at the bottom, ``label`` heads the scale."""
    fig = draw_island(
        island,
        title=title,
        subtitle=subtitle,
        note=note,
        small_landmarks=True,
        legend_extra=_key(label),
    )
    ax = fig.axes[0]
    x0, x1 = ax.get_xlim()
    pts = ax.get_position().width * fig.get_figwidth() * 72 / (x1 - x0)  # points per unit
    shown = [f for f in island.island_fields if f in values]
    known = [f for f in shown if values[f] is not None]
    lost = [f for f in shown if values[f] is None]
    area = (2 * _DISC_RADIUS * pts) ** 2
    edge = max(0.6, 0.03 * pts)
    if known:
        xs, ys = zip(*(centre(f) for f in known), strict=True)
        discs = ax.scatter(xs, ys, s=area, c=[heat_colour(values[f]) for f in known], zorder=4.5)
        discs.set(edgecolors="black", linewidths=edge, gid="heat")
    if lost:
        xs, ys = zip(*(centre(f) for f in lost), strict=True)
        marks = ax.scatter(xs, ys, s=area, c=UNFINDABLE, zorder=4.5)
        marks.set(edgecolors="black", linewidths=edge, gid="unfindable")
        cross = ax.scatter(xs, ys, s=area * 0.3, marker="x", c="white", zorder=4.6)
        cross.set(linewidths=max(1.2, 0.07 * pts), gid="unfindable cross")
    for f in known:
        value = values[f]
        assert value is not None
        x, y = centre(f)
        colour = "white" if value >= _DARK_FROM else "#1a1a1a"
        ax.text(
            x,
            y,
            str(value),
            fontsize=0.36 * pts,
            weight="bold",
            color=colour,
            zorder=6,
            ha="center",
            va="center_baseline",
            gid="heat value",
        )
    return fig


def save_field_values_png(
    island: Island, path: str | Path, values: Mapping[Field, int | None], **kwargs: Any
) -> Path:
    """:func:`draw_field_values` written to a PNG (making folders), atomically."""
    return save_figure(draw_field_values(island, values, **kwargs), path, dpi=120)


__all__ = [
    "HEAT_COLOURS",
    "HEAT_TOP",
    "UNFINDABLE",
    "draw_field_values",
    "heat_colour",
    "save_field_values_png",
]
