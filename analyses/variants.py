"""The value of a rule: a report's study replayed with one rule switched, on the same seeds.

A game's report module (``analyses.reports.<game>``) may declare the variants worth measuring::

    VARIANTS = {"no-hunt": Variant("without the 2-card's treasure hunt (GI-C2)", {"hunt": False})}

``atoll GAME report`` then plays each variant beside the study — same games, seeds, agents and
seats, the variant's options laid over the study's — into ``OUT/variants/<slug>/`` (each a study
store of its own, so ``--resume`` continues them too; ``--no-variants`` skips them). Because
game ``i`` is played from the same seed in both, every effect is a paired, game-by-game
difference: the rule's worth to each agent, not the luck of the draw.

The report shows a section of their :func:`effects` (``analyses.report``), or the module's own
``variant_sections(frames, record, variants)`` when it defines one (``variants`` maps each slug
to a :class:`VariantRun`).

>>> variant = Variant("without amulets", {"amulets": 0})
>>> base = StudyConfig("southseas", players=2, games=4, seed=3, options={"recall": "never"})
>>> applied(base, variant).options == {"recall": "never", "amulets": 0}
True
>>> applied(base, variant).seed == base.seed
True
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Mapping
from typing import Any

import numpy as np
import pandas as pd

from analyses import stats
from analyses.frames import StudyFrames
from analyses.study import StudyConfig


@dataclasses.dataclass(frozen=True)
class Variant:
    """A rule variant: what it is called in the report and the rule options it sets."""

    label: str
    options: Mapping[str, Any]


@dataclasses.dataclass(frozen=True)
class VariantRun:
    """A variant as played: its definition, its stored frames and the options it ran with."""

    variant: Variant
    frames: StudyFrames
    options: Mapping[str, Any]


def declared(game: str) -> dict[str, Variant]:
    """The variants the game's report module declares (none if it declares none)."""
    try:
        module = importlib.import_module(f"analyses.reports.{game}")
    except ModuleNotFoundError:
        return {}
    return dict(getattr(module, "VARIANTS", {}))


def applied(config: StudyConfig, variant: Variant) -> StudyConfig:
    """The study's config with the variant's options laid over its own (nothing else changes:
    the same games, root seed, agents and seats)."""
    return dataclasses.replace(config, options={**config.options, **variant.options})


def redundant(config: StudyConfig, variant: Variant) -> bool:
    """Whether the study already plays with the variant's options (nothing to compare)."""
    return all(config.options.get(k) == v for k, v in variant.options.items())


def _win_share_by_agent(frames: StudyFrames) -> pd.DataFrame:
    """Per game, the mean win share of each agent's seats (columns: agent specs)."""
    players = frames.players
    return players.groupby(["game", "agent"])["win_share"].mean().unstack()


def effects(base: StudyFrames, variant: StudyFrames) -> pd.DataFrame:
    """The variant's paired effects on the games both studies finished: each agent's win share,
    the mean score and the game's length, each as baseline, variant and difference with 95%
    intervals and the number of games paired."""
    shared = base.games["game"][base.games["game"].isin(variant.games["game"])]
    index = pd.Index(sorted(shared))
    rows: list[dict[str, Any]] = []

    def add(metric: str, x: np.ndarray, y: np.ndarray) -> None:
        if len(x) < 2:
            return
        diff = stats.difference_of_means(y, x, paired=True)
        rows.append(
            {
                "metric": metric,
                "baseline": stats.mean(x),
                "variant": stats.mean(y),
                "difference": diff,
                "clear": diff.low > 0 or diff.high < 0,
                "n": diff.n,
            }
        )

    wins_a, wins_b = _win_share_by_agent(base), _win_share_by_agent(variant)
    agents = list(dict.fromkeys(base.players["agent"]))
    if len(agents) > 1:
        for agent in agents:
            a, b = wins_a[agent].reindex(index), wins_b[agent].reindex(index)
            keep = a.notna() & b.notna()
            add(f"win share of {agent}", a[keep].to_numpy(float), b[keep].to_numpy(float))
    score_a = base.players.groupby("game")["score"].mean().reindex(index).to_numpy(float)
    score_b = variant.players.groupby("game")["score"].mean().reindex(index).to_numpy(float)
    add("mean score of all seats", score_a, score_b)
    first_a = base.players[base.players["seat"] == 0].set_index("game")["win_share"]
    first_b = variant.players[variant.players["seat"] == 0].set_index("game")["win_share"]
    add(
        "first seat's win share",
        first_a.reindex(index).to_numpy(float),
        first_b.reindex(index).to_numpy(float),
    )
    moves_a = base.games.set_index("game")["moves"].reindex(index).to_numpy(float)
    moves_b = variant.games.set_index("game")["moves"].reindex(index).to_numpy(float)
    add("moves per game", moves_a, moves_b)
    return pd.DataFrame(rows)
