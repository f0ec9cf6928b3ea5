"""The value of a rule: a report's study replayed with one rule switched, on the same seeds.

A game's plug-in (:mod:`analyses.plugin`) may declare the variants worth measuring::

    variants={"no-hunt": Variant("without the 2-card's treasure hunt (GI-C2)", {"hunt": False})}

``atoll GAME report`` then plays each variant beside the study — same games, seeds, agents and
seats, the variant's options laid over the study's — into ``OUT/variants/<slug>/`` (each a study
store of its own, so ``--resume`` continues them too; ``--no-variants`` skips them). Because
game ``i`` is played from the same seed in both, every effect is a paired, game-by-game
difference: the rule's worth to each agent, not the luck of the draw.

The report shows one section of their effects (:func:`analyses.reports.sections.variants_section`),
laid out as the plug-in's :class:`~analyses.plugin.VariantReport` says; ``atoll GAME compare
--variant SLUG`` plays the same variant against the study's options.

>>> variant = Variant("without amulets", {"amulets": 0})
>>> base = StudyConfig("southseas", players=2, games=4, seed=3, options={"recall": "never"})
>>> applied(base, variant).options == {"recall": "never", "amulets": 0}
True
>>> applied(base, variant).seed == base.seed
True
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd

from analyses.plugin import Measure, Variant, VariantRun
from analyses.reports.metrics import metrics
from analyses.statistics import pergame, stats
from analyses.studies.frames import StudyFrames
from analyses.studies.study import StudyConfig
from models.core import game_info

__all__ = [
    "Measure",
    "Variant",
    "VariantRun",
    "applied",
    "compared",
    "direct_effects",
    "effect_measures",
    "effects",
    "games_changed",
    "is_direct",
    "redundant",
]


def applied(config: StudyConfig, variant: Variant) -> StudyConfig:
    """The study's config with the variant's options laid over its own (nothing else changes:
    the same games, root seed, agents and seats)."""
    return dataclasses.replace(config, options={**config.options, **variant.options})


def redundant(config: StudyConfig, variant: Variant) -> bool:
    """Whether the study already plays with the variant's options (nothing to compare)."""
    return all(config.options.get(k) == v for k, v in variant.options.items())


#: The columns of a table of paired comparisons (:func:`compared`).
COLUMNS = ["measure", "study", "variant", "difference", "games changed", "p", "adjusted p",
           "clear", "games", "p method", "p error"]  # fmt: skip


def direct_effects(
    game: str,
    base_options: Mapping[str, Any],
    variant_options: Mapping[str, Any],
    declared: Sequence[str] = (),
) -> tuple[str, ...]:
    """Words naming the measures a switch of rule options changes by construction: the
    ``events: KIND`` of every event kind the game's glossary makes possible under one set of
    options and not the other (:class:`models.events.Gloss`), and the variant's ``declared``
    words (:attr:`analyses.plugin.Variant.direct`).

    >>> direct_effects("gloryislands", {}, {"colours": "dealt"})
    ('events: deal',)
    """
    options = game_info(game).options
    a = options.from_mapping(dict(base_options)).to_dict()
    b = options.from_mapping(dict(variant_options)).to_dict()
    glossary = game_info(game).events.glossary()
    switched = [
        f"events: {kind}"
        for kind, gloss in glossary.items()
        if gloss.possible(a) != gloss.possible(b)
    ]
    return tuple(dict.fromkeys([*switched, *declared]))


def is_direct(name: str, direct: Sequence[str]) -> bool:
    """Whether the measure ``name`` is a direct effect (:func:`direct_effects`): it is one of
    them or contains one of the declared words."""
    return any(word == name or word in name for word in direct)


def compared(measures: Iterable[Measure], direct: Sequence[str] = ()) -> pd.DataFrame:
    """Each measure paired on the games where both the study and the variant have a value: the
    study's mean, the variant's and the mean per-game difference (variant minus study), each an
    :class:`~analyses.statistics.stats.Estimate` with its interval over games; the games in which it
    changed at all; the p-value of "no difference" (:func:`analyses.statistics.pergame.paired`) and
    that p-value adjusted by Holm over the table (a report adjusts it again with all its tests,
    :mod:`analyses.reports.family`). ``clear`` means adjusted p < 0.05. A measure the variant
    changed in no game is not tested (nothing to test: its p is nan), and neither is a ``direct``
    effect of the rule change (:func:`direct_effects`: ``clear`` says "direct effect").
    ``table.attrs["differences"]``
    keeps each tested measure's paired differences, for what the tests could find.

    One effect is tested once: a measure whose per-game differences are another's (or a
    multiple of them: the other agent's share of a two-agent game, the same measure under
    another name) is shown with "same as ..." and gets no test of its own. A measure with fewer
    than 2 such games is left out.
    """
    rows: list[dict[str, Any]] = []
    tested: list[tuple[str, np.ndarray]] = []
    spreads: dict[str, np.ndarray] = {}
    for name, study, variant in measures:
        x, y = study.align(variant, join="inner")
        keep = x.notna() & y.notna()
        if keep.sum() < 2:
            continue
        a, b = x[keep].to_numpy(float), y[keep].to_numpy(float)
        result = pergame.paired(a, b)
        mechanical = is_direct(name, direct)
        twin = None if mechanical else _same_effect(b - a, tested, list(x[keep].index))
        rows.append(
            {
                "measure": name,
                "study": result.study,
                "variant": result.variant,
                "difference": result.difference,
                "games changed": result.changed,
                **pergame.test_columns(
                    None if mechanical or twin or not result.changed else result.test
                ),
                "adjusted p": math.nan,
                "clear": "direct effect" if mechanical else f"same as {twin}" if twin else "",
                "games": len(a),
            }
        )
        if not twin and not mechanical:
            tested.append((name, _keyed(b - a, list(x[keep].index))))
            if result.changed:
                spreads[name] = b - a
    table = pd.DataFrame(rows, columns=COLUMNS)
    table.attrs["differences"] = spreads  # each tested measure's paired differences
    if not table.empty:
        table["adjusted p"] = stats.holm(table["p"].to_numpy(float))
        clear = table["adjusted p"] < 0.05
        table.loc[clear, "clear"] = "yes"
    return table


def _keyed(d: np.ndarray, games: list[Any]) -> np.ndarray:
    return np.asarray(pd.Series(d, index=games).sort_index(), dtype=float)


def _same_effect(d: np.ndarray, tested: list[tuple[str, np.ndarray]], games: list[Any]) -> str:
    """The name of an earlier measure whose per-game differences are a multiple of ``d``."""
    mine = _keyed(d, games)
    for name, other in tested:
        if len(other) != len(mine) or not other.any() or not mine.any():
            continue
        k = int(np.flatnonzero(other)[0])
        factor = mine[k] / other[k]
        if factor and np.allclose(mine, factor * other, rtol=1e-9, atol=1e-12):
            return name
    return ""


def effect_measures(base: StudyFrames, variant: StudyFrames) -> list[Measure]:
    """What every game's variant is judged on: the :mod:`analyses.reports.metrics` metrics marked
    ``variant`` (each agent's win share per seat when several agents play, the first seat's
    win share, the mean score, the decisions a game takes), in the study and in the variant."""
    return [(m.name, m.per_game(base), m.per_game(variant)) for m in metrics(base) if m.variant]


def effects(base: StudyFrames, variant: StudyFrames) -> pd.DataFrame:
    """The variant's paired effects (:func:`effect_measures`, :func:`compared`), with the
    columns ``metric`` and ``baseline`` for ``measure`` and ``study``."""
    table = compared(effect_measures(base, variant))
    return table.rename(columns={"measure": "metric", "study": "baseline"})


def games_changed(base: StudyFrames, variant: StudyFrames) -> tuple[int, int]:
    """In how many of the games both played the variant changed anything that was logged
    (the events after the setup, in order), and how many games they share."""

    def logs(frames: StudyFrames) -> pd.Series:
        events = frames.events[frames.events["kind"] != "setup"]  # it records the options
        return events.groupby("game")[["kind", "data"]].apply(
            lambda g: tuple(zip(g["kind"], g["data"], strict=True))
        )

    a, b = logs(base), logs(variant)
    shared = a.index.intersection(b.index)
    return int(sum(a[g] != b[g] for g in shared)), len(shared)
