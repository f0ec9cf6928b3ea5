"""One home for the measures atoll reports, compares, tunes and judges rule variants on: each
declared once, here (or, for a game's own, in its plug-in's ``metrics``).

A :class:`Metric` is one value per game computed from a study's frames, with its name, unit,
definition, the table (the test family) it belongs to on a compare page, how its interval over
games is made, and whether every rule variant's table judges it. Metrics that exist per agent or
per seat of a study (``win share of seat 2``) are made from the frames by a *metric set* (a
function of the frames). :func:`metrics` lists every metric of a study in a fixed order — the
shared ones of :data:`SHARED`, then the game's own — and everything that measures takes them
from there: the compare page (:mod:`analyses.reports.compare`), the variants' tables
(:func:`analyses.reports.variants.effect_measures`), the report's decisiveness table
(:mod:`analyses.reports.measures`) and the tuning objectives (``metric:NAME``,
:mod:`analyses.tuning.objectives`). Adding a measure is one declaration in :data:`SHARED` (or
a game plug-in's ``metrics``) and its test.

>>> [m.name for m in SHARED if isinstance(m, Metric)][:2]
['score (mean of all seats)', 'decisions per game']
>>> races = pd.DataFrame({"game": [0] * 6, "point": [0, 0, 1, 1, 2, 2], "seat": [0, 1] * 3,
...                       "turn": [1, 1, 2, 2, 3, 3], "score": [1, 0, 0, 2, 3, 2.0]})
>>> lead_changes(races).tolist(), led_for_good(races, {0: (0,)}).tolist()
([2], [1.0])
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Mapping, Sequence

import numpy as np
import pandas as pd

from analyses.statistics import pergame
from analyses.statistics.stats import Estimate
from analyses.studies.frames import GAME_COLUMNS, StudyFrames
from models.errors import AtollError

__all__ = [
    "COMPARED",
    "SHARED",
    "Metric",
    "definitions",
    "estimate",
    "lead_changes",
    "led_for_good",
    "margins",
    "metric",
    "metrics",
]

#: The tables (test families) of a compare page, in the order shown.
COMPARED = ("rates", "points", "per-game counts")


@dataclasses.dataclass(frozen=True)
class Metric:
    """A measure of a study: one value per game (``per_game``: the frames to a series indexed
    by game; a game it says nothing of is missing), its ``unit`` and ``definition`` in words,
    the compare page's table it is tested in (``family``, one of :data:`COMPARED`; ``None``:
    not compared, e.g. a value only games with one winner have), how its interval is made
    (``kind``: "share" in [0, 1], "count" at least 0 and exact when always 0, "positive" at
    least 0, "mean" otherwise) and whether every rule
    variant's table judges it (``variant``)."""

    name: str
    unit: str
    definition: str
    per_game: Callable[[StudyFrames], pd.Series]
    family: str | None = "per-game counts"
    kind: str = "mean"
    variant: bool = False


#: A metric set: the metrics that exist per agent or seat of a study, made from its frames.
MetricSet = Callable[[StudyFrames], list[Metric]]


def _seat_means(column: str, agent: str | None = None) -> Callable[[StudyFrames], pd.Series]:
    """Per game, a players column's mean over the seats (one agent's when named)."""
    return lambda frames: pergame.seat_means(frames.players, column, agent)


def _by_agent(frames: StudyFrames) -> list[Metric]:
    agents = list(dict.fromkeys(frames.players["agent"]))
    out: list[Metric] = []
    for agent in agents if len(agents) > 1 else []:
        out += [
            Metric(
                f"win share per seat of {agent}",
                "share",
                f"the mean win share of {agent}'s seats (a win shared by k counts 1/k)",
                _seat_means("win_share", agent),
                "rates",
                "share",
                variant=True,
            ),
            Metric(
                f"score per seat of {agent}",
                "points",
                f"the mean final score of {agent}'s seats",
                _seat_means("score", agent),
                "points",
            ),
        ]
    return out


def _seat_share(seat: int) -> Callable[[StudyFrames], pd.Series]:
    def per_game(frames: StudyFrames) -> pd.Series:
        chosen = frames.players[frames.players["seat"] == seat]
        return chosen.set_index("game")["win_share"]

    return per_game


def _by_seat(frames: StudyFrames) -> list[Metric]:
    return [
        Metric(
            f"win share of seat {seat}",
            "share",
            f"seat {seat}'s win share (a win shared by k counts 1/k)",
            _seat_share(int(seat)),
            "rates",
            "share",
            variant=seat == 0,  # the first seat's: in every variant's table
        )
        for seat in sorted(frames.players["seat"].unique())
    ]


def _games_column(column: str) -> Callable[[StudyFrames], pd.Series]:
    def per_game(frames: StudyFrames) -> pd.Series:
        return frames.games.set_index("game")[column].astype(float)

    return per_game


def _game_columns(frames: StudyFrames) -> list[Metric]:
    """Each number the game's own summary records per game (its ``games`` columns)."""
    games = frames.games
    return [
        Metric(
            column.replace("_", " "),
            "",
            f"the games table's {column!r} column",
            _games_column(column),
        )
        for column in games.columns
        if column not in GAME_COLUMNS and pd.api.types.is_numeric_dtype(games[column])
    ]


def _event_count(kind: str) -> Callable[[StudyFrames], pd.Series]:
    def per_game(frames: StudyFrames) -> pd.Series:
        events = frames.events
        counts = events[events["kind"] == kind].groupby("game").size()
        return counts.reindex(frames.games["game"], fill_value=0)

    return per_game


def _events(frames: StudyFrames) -> list[Metric]:
    kinds = [k for k in dict.fromkeys(sorted(frames.events["kind"].unique())) if k != "setup"]
    return [
        Metric(
            f"events: {kind}",
            "events",
            f"how often a {kind!r} event was logged",
            _event_count(kind),
            kind="count",
        )
        for kind in kinds
    ]


def _tied(frames: StudyFrames) -> pd.Series:
    return frames.games.set_index("game")["tied"].astype(float)


def _margin_points(frames: StudyFrames) -> pd.Series:
    return margins(frames)["points"]


def _margin_share(frames: StudyFrames) -> pd.Series:
    return margins(frames)["share"].dropna().clip(0, 1)


def _lead_changes(frames: StudyFrames) -> pd.Series:
    if frames.trajectory.empty:
        return pd.Series(dtype=float)
    return lead_changes(frames.trajectory)


def _led_for_good(frames: StudyFrames) -> pd.Series:
    if frames.trajectory.empty:
        return pd.Series(dtype=float)
    return led_for_good(frames.trajectory, _winners(frames))


def _leaders(races: pd.DataFrame) -> pd.DataFrame:
    """Per game and point: the sole leader (-1 when the lead is shared) and the point's turn."""
    best = races.groupby(["game", "point"])["score"].transform("max")
    top = races[races["score"] == best]
    counted = top.groupby(["game", "point"]).agg(
        leader=("seat", "first"), tied=("seat", "size"), turn=("turn", "first")
    )
    counted.loc[counted["tied"] > 1, "leader"] = -1
    return counted.reset_index()


def lead_changes(races: pd.DataFrame) -> pd.Series:
    """Per game: how often the sole leader changed (a shared lead in between is no change)."""
    leaders = _leaders(races)
    sole = leaders[leaders["leader"] >= 0]

    def changes(seq: pd.Series) -> int:
        values = seq.to_numpy()
        return int(np.count_nonzero(values[1:] != values[:-1]))

    per_game = sole.groupby("game")["leader"].apply(changes)
    games = races["game"].unique()
    return per_game.reindex(games, fill_value=0).astype(int)


def led_for_good(races: pd.DataFrame, winners: Mapping[int, tuple[int, ...]]) -> pd.Series:
    """Per game with one winner: the share of the game (by turn) from which he was the sole
    leader at every later point — near 0 when he led from the start, 1 when only at the end."""
    leaders = _leaders(races)
    out = {}
    for game, points in leaders.groupby("game"):
        won = winners.get(int(game), ())
        if len(won) != 1:
            continue
        ahead = (points["leader"] == won[0]).to_numpy()
        turns = points["turn"].to_numpy(float)
        lost = np.flatnonzero(~ahead)
        first = 0 if len(lost) == 0 else int(lost[-1]) + 1
        first = min(first, len(ahead) - 1)
        span = turns[-1] - turns[0]
        out[game] = float((turns[first] - turns[0]) / span) if span > 0 else 1.0
    return pd.Series(out, dtype=float)


def margins(frames: StudyFrames) -> pd.DataFrame:
    """Per game: the winner's margin over the runner-up in points and as a share of the
    winning score (0 for a shared win)."""
    scores = frames.players.pivot(index="game", columns="seat", values="score")
    ordered = np.sort(scores.to_numpy(float), axis=1)
    top, second = ordered[:, -1], ordered[:, -2]
    share = np.where(top > 0, (top - second) / np.where(top > 0, top, 1), np.nan)
    return pd.DataFrame({"points": top - second, "share": share}, index=scores.index)


def _winners(frames: StudyFrames) -> dict[int, tuple[int, ...]]:
    return {
        int(g): tuple(int(w) for w in ws)
        for g, ws in zip(frames.games["game"], frames.games["winners"], strict=True)
    }


#: Every study's metrics, in the order a compare page and a variant's table show them: metrics
#: and metric sets (per agent, per seat, per games column, per event kind).
SHARED: tuple[Metric | MetricSet, ...] = (
    _by_agent,
    _by_seat,
    Metric(
        "score (mean of all seats)",
        "points",
        "the mean final score of a game's seats",
        _seat_means("score"),
        "points",
        variant=True,
    ),
    Metric(
        "decisions per game",
        "decisions",
        "the moves made in a game, forced ones and chance outcomes not counted",
        _games_column("moves"),
        variant=True,
    ),
    _game_columns,
    _events,
    Metric(
        "games ending in a shared win (drawishness)",
        "share of games",
        "1 for a game whose win is shared, else 0",
        _tied,
        None,
        "share",
    ),
    Metric(
        "winner's margin over the runner-up",
        "points",
        "the winner's score minus the best other's (0 for a shared win)",
        _margin_points,
        None,
        "positive",
    ),
    Metric(
        "winner's margin, share of the winning score",
        "share",
        "the margin over the winning score (games with a positive winning score)",
        _margin_share,
        None,
        "share",
    ),
    Metric(
        "lead changes per game",
        "changes",
        "how often the sole leader of the score race changed (a shared lead is no change)",
        _lead_changes,
        None,
        "count",
    ),
    Metric(
        "share of the game before the winner led for good",
        "share of turns",
        "of a game with one winner: the share of its turns before he was the sole leader "
        "at every later point",
        _led_for_good,
        None,
        "share",
    ),
)


def metrics(frames: StudyFrames, own: Sequence[Metric | MetricSet] = ()) -> list[Metric]:
    """Every metric of the study in ``frames``: :data:`SHARED`, then ``own`` (a game's, from
    its plug-in), each metric set expanded from the frames."""
    out: list[Metric] = []
    for entry in (*SHARED, *own):
        out += [entry] if isinstance(entry, Metric) else entry(frames)
    return out


def metric(frames: StudyFrames, name: str, own: Sequence[Metric | MetricSet] = ()) -> Metric:
    """The metric called ``name`` of the study (a one-line error naming the ones there are)."""
    found = {m.name: m for m in metrics(frames, own)}
    if name not in found:
        raise AtollError(f"no measure {name!r} (measures: {', '.join(found)})", field="measure")
    return found[name]


def definitions(frames: StudyFrames, own: Sequence[Metric | MetricSet] = ()) -> dict[str, str]:
    """Each metric's definition by its name (what report.json says a row's measure is)."""
    return {m.name: m.definition for m in metrics(frames, own)}


def table(found: Sequence[Metric], frames: StudyFrames) -> pd.DataFrame:
    """The metrics' values, one row per game of the study (a game a metric says nothing of:
    0 for a count or rate that never arose, as a compare page pairs them)."""
    games = pd.Index(frames.games["game"], name="game")
    return pd.DataFrame({m.name: m.per_game(frames) for m in found}, index=games).fillna(0.0)


def estimate(found: Metric, frames: StudyFrames) -> Estimate:
    """The metric's mean over the study's games with its interval
    (:mod:`analyses.statistics.pergame`, by the metric's ``kind``)."""
    values = found.per_game(frames).to_numpy(float)
    if found.kind == "share":
        return pergame.share(values)
    if found.kind == "count":
        return pergame.count(values)
    if found.kind == "positive":
        return pergame.mean(values, bounds=(0, math.inf))
    return pergame.mean(values)
