"""What a Tobago map designer measures: clue counts per field, how useful each card is, coverage.

For one map and a clue deck (:func:`measure_map`):

* the fewest deck clues that pin every field, and the unfindable fields
  (:func:`solvers.tobago.puzzles.min_clue_counts`);
* per card, in random positions (hints laid at random by the rules, TB-H2..H4, from a seeded
  generator): how often it may be laid, and how many candidates it removes when it may;
* per terrain type: fields, areas, the largest area's size; per landmark kind and the sea: how
  many fields lie next to one and in sight of one (the rule options' readings).

:func:`compare_maps` tabulates generated maps
(:func:`models.tobago.island.generator.generate_island`) on the same measures, one row per
map, so a designer can pick a map and tune the generator.

>>> from models.tobago.island.deck import load_deck
>>> from models.tobago.island.mapfile import load_bundled_map
>>> measures = measure_map(load_bundled_map("reef"), load_deck().cards, positions=20, seed=1)
>>> measures.summary()["unfindable"], len(measures.cards) == 52
(8, True)
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from statistics import mean
from typing import Any

import pandas as pd

from analyses.tobago import DEFAULT_POSITIONS
from models.core import make_rng, spawn_seeds
from models.tobago.island.clues import Clue, clue_mask, referent_fields
from models.tobago.island.generator import generate_island
from models.tobago.island.hexgrid import Field
from models.tobago.island.hints import TREASURES, Hints
from models.tobago.island.legality import LEGAL, legality_code
from models.tobago.island.map import LAND_TYPES, Island, LandmarkKind
from models.tobago.island.options import ClueOptions
from solvers.limits import DEFAULT_TIME_LIMIT
from solvers.tobago.puzzles import min_clue_counts

#: The most hints laid at one treasure in a random position.
MAX_RANDOM_HINTS = 5


@dataclasses.dataclass(frozen=True)
class MapMeasures:
    """The measures of one map (see the module docstring); frames are pandas tables."""

    island: Island
    min_clues: dict[Field, int | None]
    cards: pd.DataFrame
    terrain: pd.DataFrame
    landmarks: pd.DataFrame
    positions: int
    seed: int

    @property
    def unfindable(self) -> list[Field]:
        return sorted(f for f, k in self.min_clues.items() if k is None)

    def summary(self) -> dict[str, Any]:
        """One row of :func:`compare_maps`: scalar measures of the map."""
        known = [k for k in self.min_clues.values() if k is not None]
        n = len(self.min_clues)
        row: dict[str, Any] = {
            "island fields": n,
            "unfindable": n - len(known),
            "unfindable share": (n - len(known)) / n,
            "mean fewest clues": mean(known) if known else float("nan"),
            "most fewest clues": max(known, default=0),
            "share pinned by 2": sum(k <= 2 for k in known) / n,
            "mean legal share": float(self.cards["legal share"].mean()),
            "cards never legal": int((self.cards["legal share"] == 0).sum()),
        }
        for terrain, size in self.terrain["largest area"].items():
            row[f"largest {terrain}"] = int(size)
        return row


def random_positions(
    island: Island,
    deck: Sequence[Clue],
    count: int,
    rng: random.Random,
    options: ClueOptions | None = None,
) -> list[Hints]:
    """``count`` positions: at each treasure 0 to :data:`MAX_RANDOM_HINTS` cards drawn from
    the deck and laid when the rules allow it (a card that may not be laid is passed over)."""
    options = options or ClueOptions()
    cards = list(deck)
    masks = {c: clue_mask(island, c, options) for c in cards}
    everything = (1 << len(island.island_fields)) - 1
    out = []
    for _ in range(count):
        laid: dict[int, tuple[Clue, ...]] = {}
        for t in TREASURES:
            wanted, cand = rng.randint(0, MAX_RANDOM_HINTS), everything
            clues: list[Clue] = []
            for card in rng.sample(cards, len(cards)):
                if len(clues) == wanted:
                    break
                if legality_code(cand, masks[card]) == LEGAL:
                    clues.append(card)
                    cand &= masks[card]
            laid[t] = tuple(clues)
        out.append(Hints(laid))
    return out


def card_usefulness(
    island: Island,
    deck: Sequence[Clue],
    positions: Sequence[Hints],
    options: ClueOptions | None = None,
) -> pd.DataFrame:
    """Per distinct card: in how many (position, treasure) cells it may be laid (``legal`` of
    ``cells``, and the share), and the candidates it removes there on average (absolute and as
    a share of the candidates)."""
    options = options or ClueOptions()
    cards = list(dict.fromkeys(deck))
    masks = [clue_mask(island, c, options) for c in cards]
    everything = (1 << len(island.island_fields)) - 1
    cells = []
    for hints in positions:
        for t in TREASURES:
            cand = everything
            for clue in hints.of(t):
                cand &= clue_mask(island, clue, options)
            cells.append(cand)
    rows = []
    for clue, mask in zip(cards, masks, strict=True):
        removed = [
            ((c & ~mask).bit_count(), c.bit_count())
            for c in cells
            if legality_code(c, mask) == LEGAL
        ]
        rows.append(
            {
                "card": str(clue),
                "legal": len(removed),
                "cells": len(cells),
                "legal share": len(removed) / len(cells) if cells else float("nan"),
                "mean removed": mean(r for r, _ in removed) if removed else float("nan"),
                "mean share removed": mean(r / n for r, n in removed) if removed else float("nan"),
            }
        )
    return pd.DataFrame(rows).set_index("card")


def terrain_coverage(island: Island) -> pd.DataFrame:
    """Per terrain type: fields, share of the island, areas, largest and second area sizes."""
    n = len(island.island_fields)
    rows = []
    for t in LAND_TYPES:
        sizes = [len(a) for a in island.areas[t]]
        rows.append(
            {
                "terrain": t.word,
                "fields": sum(sizes),
                "share": sum(sizes) / n,
                "areas": len(sizes),
                "largest area": sizes[0] if sizes else 0,
                "second area": sizes[1] if len(sizes) > 1 else 0,
            }
        )
    return pd.DataFrame(rows).set_index("terrain")


def landmark_coverage(island: Island, options: ClueOptions | None = None) -> pd.DataFrame:
    """Per landmark kind and the sea: how many there are, and the share of island fields
    "next to" one and "in sight of" one under the rule options."""
    options = options or ClueOptions()
    n = len(island.island_fields)
    rows = []
    for referent in (*(k.value for k in LandmarkKind), "sea"):
        share = {
            relation: clue_mask(island, Clue.parse(f"{relation} {referent}"), options).bit_count()
            for relation in ("next to", "in sight of")
        }
        count = len(referent_fields(island, referent)) if referent != "sea" else None
        rows.append(
            {
                "referent": referent,
                "on the map": count,
                "next to (share)": share["next to"] / n,
                "in sight of (share)": share["in sight of"] / n,
            }
        )
    return pd.DataFrame(rows).set_index("referent")


def measure_map(
    island: Island,
    deck: Sequence[Clue],
    *,
    options: ClueOptions | None = None,
    positions: int = DEFAULT_POSITIONS,
    seed: int = 0,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> MapMeasures:
    """Every measure of one map (random positions from ``seed``)."""
    options = options or ClueOptions()
    rng = make_rng(seed)
    laid = random_positions(island, deck, positions, rng, options)
    return MapMeasures(
        island=island,
        min_clues=min_clue_counts(island, deck, options=options, time_limit=time_limit),
        cards=card_usefulness(island, deck, laid, options),
        terrain=terrain_coverage(island),
        landmarks=landmark_coverage(island, options),
        positions=positions,
        seed=seed,
    )


def compare_maps(
    count: int,
    seed: int,
    deck: Sequence[Clue],
    *,
    island_fields: int = 110,
    options: ClueOptions | None = None,
    positions: int = DEFAULT_POSITIONS,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> pd.DataFrame:
    """``count`` maps generated from seeds spawned from ``seed``, one row of measures each
    (the map's own seed first: ``generate_island(seed, ...)`` makes it again)."""
    rows = []
    for i, map_seed in enumerate(spawn_seeds(seed, count)):
        island = generate_island(map_seed, name=f"Map {i + 1}", island_fields=island_fields)
        measures = measure_map(
            island, deck, options=options, positions=positions, seed=map_seed, time_limit=time_limit
        )
        rows.append({"map": island.name, "seed": map_seed, **measures.summary()})
    return pd.DataFrame(rows).set_index("map")
