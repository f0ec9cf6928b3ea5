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
from collections.abc import Iterable, Mapping
from typing import Any

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


def per_game(
    frames: StudyFrames, column: str, *, by: str | None = None, key: Any = None
) -> pd.Series:
    """A players column averaged per game (indexed by game), over the seats whose ``by`` column
    equals ``key`` when given (``by="agent"``: one agent's seats)."""
    players = frames.players if by is None else frames.players[frames.players[by] == key]
    return players.groupby("game")[column].mean()


#: A measure compared: its name, its values per game in the study and in the variant.
Measure = tuple[str, pd.Series, pd.Series]


def compared(measures: Iterable[Measure]) -> pd.DataFrame:
    """Each measure paired on the games where both the study and the variant have a value: the
    study's mean, the variant's and the difference (variant minus study, game by game), each an
    :class:`~analyses.stats.Estimate` with its 95% interval; ``clear`` when the difference's
    interval leaves 0; ``n`` games. A measure with fewer than 2 such games is left out."""
    rows: list[dict[str, Any]] = []
    for name, study, variant in measures:
        x, y = study.align(variant, join="inner")
        keep = x.notna() & y.notna()
        if keep.sum() < 2:
            continue
        a, b = x[keep].to_numpy(float), y[keep].to_numpy(float)
        diff = stats.difference_of_means(b, a, paired=True)
        rows.append(
            {
                "measure": name,
                "study": stats.mean(a),
                "variant": stats.mean(b),
                "difference": diff,
                "clear": diff.low > 0 or diff.high < 0,
                "n": diff.n,
            }
        )
    return pd.DataFrame(rows, columns=["measure", "study", "variant", "difference", "clear", "n"])


def effect_measures(base: StudyFrames, variant: StudyFrames) -> list[Measure]:
    """What every game's variant is judged on: each agent's win share (when several agents
    play), the mean score, the first seat's win share and the moves a game takes."""
    measures: list[Measure] = []
    agents = list(dict.fromkeys(base.players["agent"]))
    if len(agents) > 1:
        measures += [
            (
                f"win share of {agent}",
                per_game(base, "win_share", by="agent", key=agent),
                per_game(variant, "win_share", by="agent", key=agent),
            )
            for agent in agents
        ]
    measures += [
        ("mean score of all seats", per_game(base, "score"), per_game(variant, "score")),
        (
            "first seat's win share",
            per_game(base, "win_share", by="seat", key=0),
            per_game(variant, "win_share", by="seat", key=0),
        ),
        (
            "moves per game",
            base.games.set_index("game")["moves"],
            variant.games.set_index("game")["moves"],
        ),
    ]
    return measures


def effects(base: StudyFrames, variant: StudyFrames) -> pd.DataFrame:
    """The variant's paired effects (:func:`effect_measures`, :func:`compared`) with the
    columns ``metric``, ``baseline``, ``variant``, ``difference``, ``clear`` and ``n``."""
    table = compared(effect_measures(base, variant))
    return table.rename(columns={"measure": "metric", "study": "baseline"})
