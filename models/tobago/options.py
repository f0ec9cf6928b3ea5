"""Tobago rule options: every open point of the catalogue, with the published reading as default.

>>> TobagoOptions().sight
frozenset({1, 2})
>>> TobagoOptions.from_mapping({"sight": [2, 3]}).sight  # the source text's reading
frozenset({2, 3})
"""

from __future__ import annotations

import dataclasses
from typing import Annotated

from annotated_types import Interval, MinLen
from pydantic import StrictBool, StrictInt

from models.options import RuleOptions

#: TB-C4 published reading (BGA help: "within 2 fields").
SIGHT_PUBLISHED = frozenset({1, 2})
#: TB-C4 source text: "one or two fields lie between the treasure and a palm" = distance 2 or 3.
SIGHT_SOURCE_TEXT = frozenset({2, 3})
#: The farthest distance "in sight of" may cover: no published reading goes past 3, and a map
#: is small enough that 10 fields is as good as anywhere.
MAX_SIGHT = 10
#: The largest marker threshold: more candidates than any real map has fields.
MAX_MARKER_THRESHOLD = 1000


@dataclasses.dataclass(frozen=True)
class TobagoOptions(RuleOptions):
    """Rule options of Tobago.

    Attributes:
        sight: TB-C4. The hex distances that "in sight of X" covers. Default ``{1, 2}`` (published
            help: within 2); ``{2, 3}`` is the source text's "one or two fields lie between".
        next_to_includes_inside: TB-C4. Whether a field inside X is "next to" X. Default false:
            "next to X" means distance exactly 1; true makes it distance 0 or 1.
        marker_threshold: TB-H5 (published). A treasure's candidates are marked with its stones
            once fewer than this many remain. Default 17 (there are 17 stones per colour).

    Numbers must be integers (not ``2.0``, ``"2"`` or ``true``): sight distances 1 to
    :data:`MAX_SIGHT`, the marker threshold 1 to :data:`MAX_MARKER_THRESHOLD`.
    """

    sight: Annotated[frozenset[Annotated[StrictInt, Interval(gt=0, le=MAX_SIGHT)]], MinLen(1)] = (
        SIGHT_PUBLISHED
    )
    next_to_includes_inside: StrictBool = False
    marker_threshold: Annotated[StrictInt, Interval(gt=0, le=MAX_MARKER_THRESHOLD)] = 17
