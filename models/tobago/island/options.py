"""Tobago rule options: every open point of the catalogue, with the published reading as default.

>>> ClueOptions().sight  # within two, the field itself included
frozenset({0, 1, 2})
>>> ClueOptions.from_mapping({"sight": [2, 3]}).sight  # the source text's reading
frozenset({2, 3})
>>> ClueOptions.from_mapping({"next_to": "within"}).next_to
'within'

Options files written before ``next_to`` existed keep working: ``next_to_includes_inside =
true`` reads as ``next_to = "within"`` and ``false`` as ``"outside"``, with a one-line
deprecation warning saying what to write instead.
"""

from __future__ import annotations

import dataclasses
import warnings
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any, Literal, Self

from annotated_types import Interval, MinLen
from pydantic import StrictInt

from models.data import brief
from models.errors import AtollError, AtollWarning
from models.options import RuleOptions

#: TB-C4 published reading (Board Game Arena help: "within 2 fields"): distance 0, 1 or 2 —
#: a treasure on a palm's own field is in sight of that palm.
SIGHT_PUBLISHED = frozenset({0, 1, 2})
#: TB-C4 source text: "one or two fields lie between the treasure and a palm" = distance 2 or 3.
SIGHT_SOURCE_TEXT = frozenset({2, 3})
#: What atoll used before issue 10: within two, the field itself excluded.
SIGHT_WITHOUT_SELF = frozenset({1, 2})
#: The farthest distance "in sight of" may cover. The readings in the sources use 0 to 3; a map
#: is small enough that 10 fields is as good as anywhere (older options files may say up to 10).
MAX_SIGHT = 10
#: The largest marker threshold: more candidates than any real map has fields.
MAX_MARKER_THRESHOLD = 1000

#: TB-C4 readings of "next to X" (see :class:`ClueOptions`).
NextTo = Literal["outside", "neighbour", "within"]
NEXT_TO_READINGS: tuple[str, ...] = ("outside", "neighbour", "within")
#: The options key replaced by ``next_to``, and what its values mean now.
OLD_NEXT_TO_KEY = "next_to_includes_inside"
OLD_NEXT_TO_VALUES: dict[bool, str] = {True: "within", False: "outside"}


@dataclasses.dataclass(frozen=True)
class ClueOptions(RuleOptions):
    """Rule options of Tobago.

    Attributes:
        sight: TB-C4. The hex distances that "in sight of X" covers: any set of 0 to
            :data:`MAX_SIGHT`. Default ``{0, 1, 2}``, "within two" as the Board Game Arena help
            puts it, the field itself included (a treasure on a palm is in sight of it, and "not
            in sight of lake" excludes the lake). ``{2, 3}`` is the source text's "one or two
            fields lie between"; ``{1, 2}`` is what atoll used before.
        next_to: TB-C4. What "next to X" means for a field f: ``"outside"`` (default, atoll's
            reading so far) — f is adjacent to X and not in X; ``"neighbour"`` — one of f's six
            neighbours is in X, the literal text (a field inside an area of two or more is next
            to it, a lone field is not); ``"within"`` — f is in X or adjacent to it.
        marker_threshold: TB-H5 (published). A treasure's candidates are marked with its stones
            once fewer than this many remain. Default 17 (there are 17 stones per colour).

    Numbers must be integers (not ``2.0``, ``"2"`` or ``true``): sight distances 0 to
    :data:`MAX_SIGHT`, the marker threshold 1 to :data:`MAX_MARKER_THRESHOLD`.
    """

    sight: Annotated[frozenset[Annotated[StrictInt, Interval(ge=0, le=MAX_SIGHT)]], MinLen(1)] = (
        SIGHT_PUBLISHED
    )
    next_to: NextTo = "outside"
    marker_threshold: Annotated[StrictInt, Interval(gt=0, le=MAX_MARKER_THRESHOLD)] = 17

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], *, source: str | Path | None = None) -> Self:
        """Options from a mapping; the old ``next_to_includes_inside`` key is read with a
        deprecation warning (both keys at once is an error)."""
        if isinstance(data, Mapping) and OLD_NEXT_TO_KEY in data:
            data = dict(data)
            data["next_to"] = old_next_to(data.pop(OLD_NEXT_TO_KEY), data, source)
        return super().from_mapping(data, source=source)


def old_next_to(value: Any, data: Mapping[str, Any], source: str | Path | None) -> str:
    """The ``next_to`` reading an old ``next_to_includes_inside`` value stands for (warning
    once that it is deprecated); an error if it is not a boolean or ``next_to`` is also given."""
    where: dict[str, Any] = {"source": source, "field": OLD_NEXT_TO_KEY}
    if not isinstance(value, bool):
        raise AtollError(
            f"Input should be a valid boolean (got {brief(value)}); better, write next_to = "
            '"outside", "neighbour" or "within" instead',
            **where,
        )
    reading = OLD_NEXT_TO_VALUES[value]
    if "next_to" in data:
        raise AtollError(
            f"give next_to only (next_to_includes_inside = {str(value).lower()} is the old way "
            f'to write next_to = "{reading}")',
            **where,
        )
    place = f"{source}: " if source is not None else ""
    warnings.warn(
        f"{place}{OLD_NEXT_TO_KEY} = {str(value).lower()} is deprecated: write "
        f'next_to = "{reading}" instead',
        AtollWarning,
        stacklevel=3,
    )
    return reading
