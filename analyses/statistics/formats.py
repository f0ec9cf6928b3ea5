"""How atoll prints a number with its interval: the one place for the display rules of every
report, page, sentence and console line.

* An interval is printed with enough decimals to show its width: at least ``digits`` (2 by
  default), more while two different numbers of ``value [low, high]`` would print the same, up
  to :data:`MOST` — so ``1.00 [1.00, 1.00]`` is never printed for 0.9992 [0.9975, 1.0]; equal
  ends are printed only when the interval is exactly certain (both ends equal).
* Never ``-0.00``: a number that rounds to zero is printed without a sign.
* A column of a table prints all its numbers with the same decimals (:func:`column_decimals`
  for intervals, :func:`column_places` and :func:`plain` for plain numbers).
* A p-value: three decimals, ``< 0.001`` below that, ``–`` when there is none (:func:`p_value`).
* A file a page names: atoll's own data as ``bundled models/...``, any other file relative to
  the folder the page is written to (:func:`source`), never this machine's absolute path.

Pure functions of plain floats (no atoll types), so the statistics and every page can use them.

>>> interval(0.9992, 0.9975, 1.0)
'0.999 [0.998, 1.000]'
>>> interval(0.00067, 0.0, 0.002), interval(0.5, 0.4, 0.6)
('0.001 [0.000, 0.002]', '0.50 [0.40, 0.60]')
>>> fixed(-0.0004, 2), p_value(0.0004), p_value(0.0312)
('0.00', '< 0.001', '0.031')
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterable
from pathlib import Path

__all__ = [
    "MOST",
    "column_decimals",
    "column_places",
    "decimals",
    "fixed",
    "interval",
    "p_value",
    "plain",
    "source",
    "width_places",
]

#: atoll's bundled component files live under ``models/<game>/data/``.
_MODELS = Path(__file__).resolve().parents[2] / "models"

#: The most decimals an interval widens to (a difference beyond them is not worth reading).
MOST = 4


def fixed(x: float, places: int) -> str:
    """``x`` with ``places`` decimals, never ``-0.00`` (a number that rounds to zero has no
    sign); ``–`` for nan.

    >>> fixed(-0.001, 2), fixed(-0.01, 2), fixed(float("nan"), 2)
    ('0.00', '-0.01', '–')
    """
    if x is None or math.isnan(x):
        return "–"
    text = f"{x:.{places}f}"
    if text.startswith("-") and float(text) == 0:
        text = text[1:]
    return text


def decimals(numbers: Iterable[float], least: int = 2, most: int = MOST) -> int:
    """The fewest decimals from ``least`` to ``most`` at which no two different (finite)
    ``numbers`` print the same.

    >>> decimals([0.9992, 0.9975, 1.0]), decimals([0.3, 0.236]), decimals([5.0, 5.0])
    (3, 2, 2)
    """
    values = sorted({float(x) for x in numbers if x is not None and math.isfinite(x)})
    places = least
    while places < most:
        shown = [fixed(x, places) for x in values]
        if len(set(shown)) == len(shown):
            break
        places += 1
    return places


def interval(
    value: float, low: float, high: float, least: int = 2, places: int | None = None
) -> str:
    """``value [low, high]`` with ``places`` decimals, by default the decimals that keep its
    different numbers apart (:func:`decimals`).

    >>> interval(0.236, 0.2, 0.3), interval(12.0, 11.0, 13.5, least=1)
    ('0.24 [0.20, 0.30]', '12.0 [11.0, 13.5]')
    >>> interval(-0.00003, -0.0003, 0.00023, places=5)
    '-0.00003 [-0.00030, 0.00023]'
    """
    if places is None:
        places = decimals((value, low, high), least)
    return f"{fixed(value, places)} [{fixed(low, places)}, {fixed(high, places)}]"


def width_places(*spans: tuple[float, float], least: int = 2, most: int = 8) -> int:
    """The decimals of a quantity whose scale is unknown (a tuning's objective may be 0.0001
    or 40): two significant digits of its narrowest interval's width, from ``least`` to
    ``most``; 3 when no interval has a width (nothing changed).

    >>> width_places((-0.0003, 0.0002)), width_places((0.1, 0.4)), width_places((0, 0))
    (5, 2, 3)
    """
    widths = [hi - lo for lo, hi in spans if hi > lo]
    if not widths:
        return 3
    return min(most, max(least, 1 - math.floor(math.log10(min(widths)))))


def column_decimals(rows: Iterable[tuple[float, float, float]], least: int = 2) -> int:
    """The decimals of a table column of intervals ``(value, low, high)``: the most any of its
    rows needs, so that the column reads with one precision.

    >>> column_decimals([(0.5, 0.4, 0.6), (0.9992, 0.9975, 1.0)])
    3
    """
    return max((decimals(row, least) for row in rows), default=least)


def p_value(p: float | None) -> str:
    """A p-value for reading: three decimals, ``< 0.001`` below that, ``–`` when untested."""
    if p is None or math.isnan(p):
        return "–"
    return "< 0.001" if p < 0.001 else f"{p:.3f}"


def source(text: str, folder: str | Path) -> str:
    """A component's source as a page shows it: a file of atoll's own data as ``bundled
    models/<game>/data/<file>``, another file relative to ``folder`` (where the page is), a
    name that is no absolute path (a bundled map's name) as it is.

    >>> source(str(_MODELS / "tobago" / "data" / "cards.toml"), "/tmp/out")
    'bundled models/tobago/data/cards.toml'
    >>> source("/home/me/study/tiles.toml", "/home/me/study/report"), source("lagoon", "/tmp")
    ('../tiles.toml', 'lagoon')
    """
    path = Path(text)
    if not path.is_absolute():
        return text
    try:
        return f"bundled models/{path.resolve().relative_to(_MODELS).as_posix()}"
    except ValueError:
        pass
    try:
        return Path(os.path.relpath(path, Path(folder).resolve())).as_posix()
    except ValueError:  # another drive (Windows): no relative path exists
        return path.name


def column_places(values: Iterable[float]) -> int:
    """The decimals of a column of plain numbers: none for whole numbers, else three
    significant digits of the column's median size (from 0 to :data:`MOST`).

    >>> column_places([8.77, 0.00219, 12.5]), column_places([3.0, 40.0]), column_places([0.3])
    (2, 0, 3)
    """
    finite = [float(v) for v in values if v is not None and math.isfinite(v)]
    if all(v == round(v) for v in finite):
        return 0
    sizes = sorted(abs(v) for v in finite if v != 0)
    if not sizes:
        return 2
    size = sizes[len(sizes) // 2]
    return max(0, min(MOST, 2 - math.floor(math.log10(size))))


def plain(x: float, places: int) -> str:
    """A plain number with ``places`` decimals; one too small to show at all as ``< 0.01``
    (never a bare 0 for something that is not 0).

    >>> plain(0.00219, 2), plain(8.77, 2), plain(0.0, 2), plain(-0.004, 2)
    ('< 0.01', '8.77', '0.00', '> -0.01')
    """
    text = fixed(x, places)
    if x != 0 and math.isfinite(x) and float(text) == 0:
        smallest = fixed(10.0**-places, places)
        return f"< {smallest}" if x > 0 else f"> -{smallest}"
    return text
