"""How long the games are, and how often each rule event happens: two sections every report
has, read through the protocol's tables only.

* **Game length**: turns per game (the game's own turns), decisions per player and seconds per
  game, each with its mean and interval over games, median, p95 and maximum; the games beyond
  Tukey's far-out fence (:func:`outliers`) and those that ended by the turn limit are listed
  with their seeds, so that they can be replayed.
* **Rule events**, with a glossary: what each kind counts and the rule it comes from; per game
  with an interval over games; kinds that never happened listed; where one event stands for
  several items (three amulets picked up at once) the items are counted apart.

>>> frames_games = pd.DataFrame({"game": range(5), "seed": range(5), "turns": [10, 11, 9, 10, 40]})
>>> outliers(frames_games, "turns").tolist()
[4]
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from analyses.reports.figures import figure_uri
from analyses.reports.tables import Section, Table
from analyses.statistics import pergame
from analyses.studies.frames import StudyFrames, detail, events_of
from models.core import game_info

#: Tukey's far-out fence: a game longer than the upper quartile plus this many interquartile
#: ranges is far longer than the rest (a normal sample passes it about twice in 10 million).
FENCE = 3.0
#: When half the games or more have the same length (no spread between the quartiles), a game
#: this many times the median length is far longer.
LONG = 3.0


def outliers(games: pd.DataFrame, column: str) -> pd.Series:
    """The games (by ``game``) far longer than the rest, by a robust rule that lists none in a
    study without outliers: beyond the upper quartile plus :data:`FENCE` interquartile ranges
    (Tukey's far-out fence; beyond :data:`LONG` times the median when the quartiles are equal);
    and any that ended by the turn limit.

    >>> rows = pd.DataFrame({"game": range(400), "turns": [20 + i % 9 for i in range(400)]})
    >>> outliers(rows, "turns").tolist()  # the longest 1% is not "far longer" by itself
    []
    """
    values = games[column].astype(float)
    q1, q3 = values.quantile(0.25), values.quantile(0.75)
    cut = q3 + FENCE * (q3 - q1) if q3 > q1 else LONG * values.median()
    far = values > cut
    if "ended" in games.columns:
        far |= games["ended"].astype(str).str.contains("limit")
    return games.loc[far, "game"]


def integer_bins(values: np.ndarray) -> list[float] | int:
    """Bins one unit wide centred on the integers (when the values are integers and few
    enough distinct ones), else 30."""
    if len(values) and np.all(values == np.round(values)) and values.max() - values.min() <= 60:
        return [v - 0.5 for v in range(int(values.min()), int(values.max()) + 2)]
    return 30


def length_section(frames: StudyFrames, record: dict[str, Any]) -> Section:
    games = frames.games
    players = int(record["config"]["players"])
    per_game = pd.DataFrame({"game": games["game"]})
    if "turns" in games.columns:
        per_game["turns"] = games["turns"].to_numpy(float)
    per_game["decisions per player"] = games["moves"].to_numpy(float) / players
    seconds = frames.timings.groupby("game")["seconds"].sum()
    per_game["seconds of thinking"] = seconds.reindex(games["game"], fill_value=0).to_numpy(float)
    rows = []
    for column in per_game.columns[1:]:
        values = per_game[column].to_numpy(float)
        rows.append(
            {
                "measure": column,
                "mean": pergame.mean(values, bounds=(0, math.inf)),
                "median": float(np.median(values)),
                "p95": float(np.quantile(values, 0.95)),
                "max": float(values.max()),
            }
        )
    # the turns are fixed by the rules in some games (South Seas: one tile a turn); decisions
    # per player vary with what the players do, so the picture shows those
    shown = per_game["decisions per player"].to_numpy(float)
    fig = Figure(figsize=(6, 2.8))
    ax = fig.subplots()
    ax.hist(shown, bins=integer_bins(np.round(shown)), color="#86bf6a", edgecolor="white")
    ax.set_xlabel("decisions per player")
    ax.set_ylabel("games")
    section = Section(
        "Game length",
        "Turns per game, decisions per player and the agents' seconds of thinking per game, "
        "with intervals over games. Games far longer than the rest (beyond the upper quartile "
        f"plus {FENCE:g} interquartile ranges, Tukey's far-out fence: a study without outliers "
        "lists none) or that ended by the turn limit are listed with their seeds, so that they "
        "can be replayed.",
        tables=[Table("Length", pd.DataFrame(rows), over="games")],
        figures=[
            (
                f"Decisions per player; {len(games)} games, seed {record['config']['seed']}.",
                figure_uri(fig),
            )
        ],
    )
    long = outliers(
        games.assign(turns=per_game.get("turns", per_game["decisions per player"])), "turns"
    )
    if len(long):
        listed = games[games["game"].isin(long)]
        keep = [c for c in ("game", "seed", "turns", "moves", "ended") if c in listed.columns]
        section.tables.append(
            Table("Games far longer than the rest", listed[keep].head(20), over="games")
        )
        named = [
            f"game {g} (seed {s})" for g, s in zip(listed["game"], listed["seed"], strict=True)
        ]
        more = f" and {len(named) - 5} more" if len(named) > 5 else ""
        section.warnings.append(
            f"{len(named)} of {len(games)} games ran far longer than the rest or to the turn "
            f"limit: {', '.join(named[:5])}{more} (replay them by their seeds)."
        )
    return section


def events_section(frames: StudyFrames, record: dict[str, Any]) -> Section:
    events, n = frames.events, len(frames.games)
    kinds_class = game_info(record["config"]["game"]).events
    glossary = kinds_class.glossary()
    kinds = [k.value for k in kinds_class]
    counts = events.groupby(["game", "kind"]).size().unstack(fill_value=0)
    counts = counts.reindex(index=frames.games["game"], columns=kinds, fill_value=0)
    rows = []
    for kind in kinds:
        gloss = glossary.get(kind)
        row: dict[str, Any] = {
            "event": kind,
            "rule": gloss.rule if gloss else "",
            "what it counts": gloss.meaning if gloss else "",
            "per game": pergame.count(counts[kind].to_numpy(float)),
            "games with it": pergame.share((counts[kind] > 0).to_numpy(float)),
        }
        row["items per game"] = _items(frames, kind, gloss.items) if gloss and gloss.items else None
        rows.append(row)
    # a kind the options rule out is 0 by construction: said in its row, not warned of
    chosen = options_of(record)
    impossible = {k for k in kinds if k in glossary and not glossary[k].possible(chosen)}
    for row in rows:
        if row["event"] in impossible:  # no rate to bound: it cannot happen at all
            name, _ = glossary[row["event"]].needs or ("", ())
            row["what it counts"] += f" (cannot happen with {name} = {chosen[name]})"
            row["per game"] = row["games with it"] = math.nan
    table = pd.DataFrame(rows)
    if table["items per game"].isna().all():
        table = table.drop(columns="items per game")
    never = [kind for kind in kinds if not counts[kind].any() and kind not in impossible]
    section = Section(
        "How often each rule event happens",
        "Every event kind of the game with what it counts and its rule, per game with an "
        "interval over games (a kind that never happened shows 0 with the largest rate its "
        "absence is consistent with; one the study's rule options rule out says so). Where "
        "one event stands for several items (amulets picked up together, cards drawn at "
        "once), 'items per game' counts the items.",
        tables=[Table("Events per game", table, over="games")],
    )
    if never:
        section.warnings.append(
            f"Rule events that never happened in {n} games, though the rule options allow "
            f"them: {', '.join(never)}."
        )
    return section


def options_of(record: dict[str, Any]) -> dict[str, Any]:
    """Every rule option's value in the study of ``record`` (defaults filled in)."""
    options = game_info(record["config"]["game"]).options
    return options.from_mapping(dict(record["config"].get("options") or {})).to_dict()


def _items(frames: StudyFrames, kind: str, field: str) -> Any:
    chosen = events_of(frames, kind)
    items = chosen.assign(items=detail(chosen, lambda d: d.get(field, 1)))
    return pergame.count(pergame.per_game_sums(items, list(frames.games["game"]), "items"))
