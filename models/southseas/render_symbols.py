"""The colours and marker shapes of the South Seas pictures (the board and its player panel).

Marker shapes are paths with y upward; :data:`STYLES` gives each kind of marker as layers of
(marker, size in tiles, face colour, edge colour), drawn in that order.
"""

from __future__ import annotations

from typing import Any

from matplotlib.path import Path as MPath

#: Every colour of the picture; ``"player N"`` is the colour of player N's islanders.
COLOURS: dict[str, str] = {"sea": "#a9d6f0", "island": "#86bf6a", "beach": "#efdca2"}
COLOURS |= {"bridge": "#a8713a", "wood": "#5a3612", "junction": "#3a3a3a", "border": "#5d7f94"}
COLOURS |= {"market": "#f4e3c1", "awning": "#c0392b", "banana": "#ffd21f", "shell": "#f7a8c4"}
COLOURS |= {"fish": "#1b2f6b", "covered fish": "#9aa3ad", "token": "#d9b77e", "boat": "#7a4a1e"}
_PLAYERS = ("#d62728", "#1f5fd6", "#f2c500", "#2ca02c", "#111111")  # red blue yellow green black
COLOURS |= {f"player {p}": colour for p, colour in enumerate(_PLAYERS)}


def _shape(*polygons: str) -> MPath:
    """A marker path (y upward) from polygons written ``"x,y x,y ..."``."""
    parts = [[tuple(map(float, q.split(","))) for q in p.split()] for p in polygons]
    return MPath.make_compound_path(*(MPath([*p, p[0]], closed=True) for p in parts))


_BANANA = _shape("-.95,.3 -.75,-.05 -.4,-.33 0,-.42 .4,-.33 .75,-.05 .95,.3 .5,0 0,-.12 -.5,0")
_SHELL = _shape("0,-1 .55,-.35 .9,0 .8,.45 .45,.8 0,.9 -.45,.8 -.8,.45 -.9,0 -.55,-.35")
_FISH = _shape("1,0 .55,.38 0,.45 -.45,.18 -1,.5 -.8,0 -1,-.5 -.45,-.18 0,-.45 .55,-.38")
_HULL = _shape("-1,-.2 1,-.2 .65,-.75 -.65,-.75")
_SAIL = _shape("-.05,-.1 -.05,1 .75,-.1", "-.6,-.1 -.15,.75 -.15,-.1")
_STALL, _AWNING = _shape("-.8,-1 .8,-1 .8,.35 -.8,.35"), _shape("-1,.3 1,.3 .65,1 -.65,1")
_C = COLOURS
#: Marker kinds in drawing order, each as layers (marker, size in tiles, face, edge colour).
STYLES: dict[str, list[tuple[Any, float, str | None, str]]] = {
    "junction stone": [("o", 0.16, _C["junction"], "#9a9a9a")],
    "market": [(_STALL, 0.3, _C["market"], _C["wood"]), (_AWNING, 0.3, _C["awning"], _C["wood"])],
    "banana": [(_BANANA, 0.2, _C["banana"], "#6b5200")],
    "shell": [(_SHELL, 0.13, _C["shell"], "#8a2d52")],
    "fish": [(_FISH, 0.15, _C["fish"], _C["fish"])],
    "boat token": [("o", 0.25, _C["token"], _C["wood"])],
    "covered fish": [(_FISH, 0.15, _C["covered fish"], "#5f6670")],
    "fishing boat": [(_HULL, 0.22, _C["boat"], _C["wood"]), (_SAIL, 0.22, "white", "#333")],
    "islander": [("o", 0.2, None, "black")],
}


__all__ = ["COLOURS", "STYLES"]
