"""A search space of whole numbers and choices, played without repeats: every combination in
order when they all fit in the trials (a *grid*, the starting values first), else a value
already played replaced by one not yet played, drawn from a seeded generator. Shared by
``atoll GAME tune`` (:mod:`analyses.tuning.search`) and ``atoll GAME best-response``
(:mod:`analyses.strategies.bestresponse`).

>>> small_grid({"a": [1, 2], "b": ["x", "y"]}, {"a": 2, "b": "y"}, 4)
[{'a': 2, 'b': 'y'}, {'a': 1, 'b': 'x'}, {'a': 1, 'b': 'y'}, {'a': 2, 'b': 'x'}]
>>> small_grid({"a": [1, 2], "b": ["x", "y"]}, {"a": 2, "b": "y"}, 3) is None
True
>>> from models.seeds import make_rng
>>> unplayed({"a": [1, 2, 3]}, [{"a": 1}, {"a": 3}], make_rng(5))
{'a': 2}
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any

__all__ = ["combinations", "key", "small_grid", "unplayed"]

#: Up to this many combinations the ones not played are listed; beyond, they are drawn.
LISTED = 200_000


def combinations(values: Mapping[str, Sequence[Any]]) -> int:
    """How many combinations of ``values`` (each name's possible values) there are."""
    return math.prod(len(v) for v in values.values())


def key(values: Mapping[str, Any], names: Iterable[str]) -> tuple[Hashable, ...]:
    """The combination of ``values`` over ``names`` as a set key (``True`` is not ``1``)."""
    return tuple((type(values[n]).__name__, values[n]) for n in names)


def small_grid(
    values: Mapping[str, Sequence[Any]], start: Mapping[str, Any], trials: int
) -> list[dict[str, Any]] | None:
    """Every combination of ``values``, ``start`` first and then in the order of the values
    given, when there are no more combinations than ``trials`` (a search would only repeat
    itself); else ``None``."""
    if combinations(values) > trials:
        return None
    names = list(values)
    first = tuple(start.get(n) for n in names)
    combos = [c for c in itertools.product(*values.values()) if c != first]
    if all(v in values[n] for n, v in zip(names, first, strict=True)):
        combos.insert(0, first)
    return [dict(zip(names, c, strict=True)) for c in combos]


def unplayed(
    values: Mapping[str, Sequence[Any]],
    played: Iterable[Mapping[str, Any]],
    rng: random.Random,
) -> dict[str, Any] | None:
    """A combination of ``values`` not among ``played``, drawn uniformly with ``rng``; ``None``
    when every one is played."""
    names = list(values)
    seen = {key(p, names) for p in played}
    total = combinations(values)
    if total <= len(seen):
        return None
    if total <= LISTED:
        free = [
            c
            for c in itertools.product(*values.values())
            if key(dict(zip(names, c, strict=True)), names) not in seen
        ]
        return dict(zip(names, rng.choice(free), strict=True)) if free else None
    while True:  # more than LISTED combinations, at most half of them played: few draws
        drawn = {n: rng.choice(v) for n, v in values.items()}
        if key(drawn, names) not in seen:
            return drawn
