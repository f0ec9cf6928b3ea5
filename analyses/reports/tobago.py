"""The Tobago sections of a study report: hints or drives, how fast treasures are found, what a
rose is worth by its place in the queue, curses, and amulets (with the rule variant that plays
the same seeds without them).

Everything is read from the study's tables (the games and players summaries of
:mod:`models.tobago.summary` and the public event log of :mod:`models.tobago.events`), never
from a game object. Numbers of one game are not independent (the shares of one game draw from
one deck), so intervals over shares or treasures are on the narrow side; intervals over seats
or games are the ones to trust.

>>> import tempfile
>>> from analyses.store import StudyStore
>>> from analyses.study import StudyConfig, run_study
>>> with tempfile.TemporaryDirectory() as tmp:
...     config = StudyConfig("tobago", players=3, games=3, seed=2, agents=("greedy", "random"))
...     store = StudyStore.create(tmp, config)
...     _ = run_study(config, store=store, workers=1)
...     found = sections(store.frames(), store.record)
>>> [s.title for s in found][:2]
['Hints or drives', 'How fast a treasure is found and raised']
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from analyses import stats
from analyses.frames import StudyFrames
from analyses.report import (
    Section,
    effects_html,
    estimate_cell,
    figure_uri,
    sample_note,
    table_html,
    variants_section,
)
from analyses.variants import Measure, Variant, VariantRun, compared, per_game

#: Rule variants the report replays on the study's seeds (``analyses.variants``).
VARIANTS = {
    "no-amulets": Variant(
        "without amulets (TB-A1..A2: no amulet washes up)", {"amulets_when": "never"}
    ),
}
#: Queue places (from the back) shown one by one; further places are pooled.
PLACES = 6
_ACTIONS = ("hint", "drive", "exchange")
_COLOURS = {"hint": "#5d7f94", "drive": "#d08c3c", "exchange": "#9a9a9a"}


def _events(frames: StudyFrames, *kinds: str) -> pd.DataFrame:
    chosen = frames.events[frames.events["kind"].isin(kinds)]
    return chosen.assign(data=chosen["data"].map(json.loads))


def _seats(frames: StudyFrames) -> pd.DataFrame:
    return frames.players[["game", "seat", "agent"]]


def _cell(values: Any, digits: int = 2) -> str:
    data = np.asarray(values, dtype=float)
    return estimate_cell(stats.mean(data), digits) if len(data) else "–"


def _bars(ax: Any, xs: Any, es: list[stats.Estimate], width: float = 0.8, **kw: Any) -> None:
    """Bars of estimates with their 95% intervals as error bars."""
    ax.bar(xs, [e.value for e in es], width, **kw)
    low = [e.value - e.low for e in es]
    high = [e.high - e.value for e in es]
    ax.errorbar(xs, [e.value for e in es], yerr=[low, high], fmt="none", color="black", capsize=3)


# -- hints or drives -----------------------------------------------------------------------------


def action_counts(frames: StudyFrames) -> pd.DataFrame:
    """Per seat of every game: the hints laid in turns (not a new treasure's first hint,
    TB-G6), drives (a raise without driving counts as a drive of no legs) and hand exchanges;
    extra actions bought with amulets included."""
    acts = _events(frames, "hint", "drive", "exchange", "raise")
    in_turn = (acts["kind"] != "hint") | ~acts["data"].map(lambda d: bool(d.get("new")))
    in_place = acts["kind"].eq("raise") & acts["data"].map(lambda d: bool(d.get("in_place")))
    acts = acts[in_turn & (acts["kind"].ne("raise") | in_place)]
    kinds = acts["kind"].replace({"raise": "drive"})
    counts = (
        acts.assign(kind=kinds, seat=acts["player"].astype(int))
        .groupby(["game", "seat", "kind"])
        .size()
        .unstack(fill_value=0)
        .reindex(columns=list(_ACTIONS), fill_value=0)
    )
    seats = _seats(frames).set_index(["game", "seat"])
    return seats.join(counts).fillna(0).reset_index()


def hints_or_drives(frames: StudyFrames, record: dict[str, Any]) -> Section:
    counts = action_counts(frames)
    total = counts[list(_ACTIONS)].sum(axis=1)
    counts = counts[total > 0]
    shares = counts[list(_ACTIONS)].div(total[total > 0], axis=0)
    rows, bars = [], {}
    for agent, group in shares.groupby(counts["agent"]):
        row: dict[str, Any] = {"agent": agent, "seats": len(group)}
        for kind in _ACTIONS:
            e = stats.mean(group[kind].to_numpy(float))
            row[f"{kind}s [95% CI]"] = estimate_cell(e)
            bars[(agent, kind)] = e
        row["actions per seat"] = float(total[counts.index.isin(group.index)].mean())
        rows.append(row)
    fig = Figure(figsize=(6.5, 3))
    ax = fig.subplots()
    agents = list(dict.fromkeys(counts["agent"]))
    width = 0.8 / len(_ACTIONS)
    for k, kind in enumerate(_ACTIONS):
        xs = [i + (k - 1) * width for i in range(len(agents))]
        es = [bars[(a, kind)] for a in agents]
        _bars(ax, xs, es, width, color=_COLOURS[kind], label=f"{kind}s")
    ax.set_xticks(range(len(agents)), agents)
    ax.set_ylabel("share of a seat's actions")
    ax.set_ylim(0, 1)
    ax.legend(ncols=3, loc="upper center", fontsize=8)
    return Section(
        "Hints or drives",
        "What each agent does with its actions (TB-T1): lay a hint, drive, or exchange its hand "
        "(option exchange_hand). A share is taken per seat and game, then averaged over seats; "
        "extra actions bought with amulets count, a new treasure's first hint (TB-G6) does not.",
        tables=[("Share of each seat's actions", table_html(pd.DataFrame(rows), index=False))],
        figures=[
            (
                f"Share of actions by kind and agent, 95% intervals over seats; "
                f"{sample_note(frames, record)}.",
                figure_uri(fig),
            )
        ],
    )


# -- finding and raising -------------------------------------------------------------------------


def treasure_times(frames: StudyFrames) -> pd.DataFrame:
    """One row per treasure begun: game, treasure, the turn of its first hint, and the turns
    from it until the treasure was fixed (TB-H6) and raised (TB-D2); NaN if it never was."""
    found = _events(frames, "start-hint", "hint", "fixed", "raise")
    rows: list[dict[str, Any]] = []
    for game, events in found.groupby("game", sort=True):
        open_: dict[int, dict[str, Any]] = {}
        for kind, turn, data in zip(events["kind"], events["turn"], events["data"], strict=True):
            t = data["treasure"]
            if kind == "start-hint" or (kind == "hint" and data.get("new")):
                row = {"game": game, "treasure": t, "begun": turn, "fixed": np.nan}
                open_[t] = row | {"raised": np.nan}
                rows.append(open_[t])
            elif kind == "fixed" and t in open_:
                open_[t]["fixed"] = turn - open_[t]["begun"]
            elif kind == "raise" and t in open_:
                open_[t]["raised"] = turn - open_[t]["begun"]
                del open_[t]
    return pd.DataFrame(rows, columns=["game", "treasure", "begun", "fixed", "raised"])


def finding(frames: StudyFrames, record: dict[str, Any]) -> Section:
    times = treasure_times(frames)
    fixed, raised = times["fixed"].dropna(), times["raised"].dropna()
    wait = (times["raised"] - times["fixed"]).dropna()
    begun = len(times)
    rows = [
        {
            "measure": what,
            "turns [95% CI]": _cell(values, 1),
            "median": float(np.median(values)) if len(values) else np.nan,
            "treasures": len(values),
        }
        for what, values in (
            ("first hint to fixed (TB-H6)", fixed),
            ("fixed to raised (TB-D2)", wait),
            ("first hint to raised", raised),
        )
    ]
    fig = Figure(figsize=(6.5, 3))
    ax = fig.subplots()
    top = int(max(raised.max() if len(raised) else 1, fixed.max() if len(fixed) else 1))
    bins: list[float] | int = [b - 0.5 for b in range(top + 2)] if top <= 40 else 30
    ax.hist(fixed, bins=bins, alpha=0.6, color="#5d7f94", label="to fixed")
    ax.hist(raised, bins=bins, alpha=0.6, color="#d08c3c", label="to raised")
    ax.set_xlabel("turns since the treasure's first hint")
    ax.set_ylabel("treasures")
    ax.legend()
    fixed_rate = stats.rate(len(fixed), begun) if begun else None
    return Section(
        "How fast a treasure is found and raised",
        "Turns (of all players together) from a treasure's first hint (its starting hint, "
        "TB-S4, or the first hint of a new treasure, TB-G6) until one candidate is left "
        "(TB-H6), and until a vehicle raises it (TB-D2).",
        tables=[("Turns per treasure", table_html(pd.DataFrame(rows), index=False))],
        figures=[
            (
                f"Turns from the first hint to fixed and to raised, per treasure; "
                f"{sample_note(frames, record)}.",
                figure_uri(fig),
            )
        ],
        notes=[
            f"{begun} treasures begun; fixed before the game ended: "
            + (estimate_cell(fixed_rate) if fixed_rate else "–")
            + f"; raised: {len(raised)}."
        ],
    )


# -- roses ---------------------------------------------------------------------------------------


def rose_values(frames: StudyFrames) -> pd.DataFrame:
    """One row per rose at a share: ``place`` counted from the back (0: the raiser's extra
    rose, TB-D2) and the gold it ``received`` (0: none), ``cursed`` if a curse stopped it."""
    ends = _events(frames, "share-end")
    rows = [
        {"game": game, "place": place, "received": value, "cursed": data["cursed"]}
        for game, data in zip(ends["game"], ends["data"], strict=True)
        for place, value in enumerate(data["received"])
    ]
    return pd.DataFrame(rows, columns=["game", "place", "received", "cursed"])


def roses(frames: StudyFrames, record: dict[str, Any]) -> Section:
    values = rose_values(frames)
    pooled = values.assign(place=values["place"].clip(upper=PLACES))
    rows, means = [], []
    for place, group in pooled.groupby("place"):
        gold = group["received"].to_numpy(float)
        label = f"{place}" if place < PLACES else f"{PLACES} or more"
        e = stats.mean(gold)
        means.append((label, e))
        rows.append(
            {
                "place from the back": label,
                "gold received [95% CI]": estimate_cell(e),
                "received a card [95% CI]": estimate_cell(
                    stats.rate(float((gold > 0).sum()), len(gold))
                ),
                "roses": len(gold),
            }
        )
    fig = Figure(figsize=(6.5, 3))
    ax = fig.subplots()
    _bars(ax, [label for label, _ in means], [e for _, e in means], color="#5d7f94")
    ax.set_xlabel("rose's place in the queue, from the back (0: the raiser's)")
    ax.set_ylabel("gold received")
    shares = values.groupby("game").size().sum()
    return Section(
        "What a rose is worth by its place in the queue",
        "Cards are offered from the back of the queue (TB-G3): the raiser's rose first, then "
        "the author of the last hint, and so on; a curse stops the sharing (TB-G5). The gold a "
        "rose received, by its place, over every rose of every share (0 when it got nothing). "
        "The gold values are the bundled cards file's (a reconstruction, see the top).",
        tables=[("Gold per rose by place", table_html(pd.DataFrame(rows), index=False))],
        figures=[
            (
                f"Mean gold received per rose by place with 95% intervals; {shares} roses; "
                f"{sample_note(frames, record)}.",
                figure_uri(fig),
            )
        ],
    )


# -- curses and amulets --------------------------------------------------------------------------


def curses(frames: StudyFrames, record: dict[str, Any]) -> Section:
    games = frames.games
    ends = _events(frames, "share-end")
    cursed = ends["data"].map(lambda d: bool(d["cursed"]))
    losses = _events(frames, "curse-loss")
    lost = losses["data"].map(lambda d: d["lost"])
    gold = losses.loc[lost == "gold", "data"].map(lambda d: d["value"]).to_numpy(float)
    n = len(losses)

    def share(what: str) -> str:
        return estimate_cell(stats.rate(float((lost == what).sum()), n)) if n else "–"

    stopped = stats.rate(float(cursed.sum()), len(ends)) if len(ends) else None
    rows = [
        ("curses turned up per game", _cell(games["curses"])),
        ("shares stopped by a curse", estimate_cell(stopped) if stopped else "–"),
        ("rose holders hit per curse", _cell(losses.groupby(["game", "turn"]).size())),
        ("a holder gave up gold", share("gold")),
        ("a holder gave up an amulet", share("amulet")),
        ("a holder had nothing to give", share("nothing")),
        ("gold value of a card given up", _cell(gold)),
        ("gold lost to curses per player per game", _cell(frames.players["curse_gold_lost"])),
    ]
    table = pd.DataFrame(rows, columns=["measure", "mean or rate [95% CI]"])
    by_agent = frames.players.groupby("agent").agg(
        seats=("seat", "size"),
        gold_lost=("curse_gold_lost", lambda s: _cell(s)),
        amulets_given=("amulets_for_curses", lambda s: _cell(s)),
    )
    by_agent.columns = ["seats", "gold lost per game [95% CI]", "amulets given up [95% CI]"]
    by_agent = by_agent.reset_index()
    return Section(
        "Curses",
        "How often a curse card comes up (TB-G5: two in the bottom 27 cards), what it costs the "
        "holders of the roses still in the queue (their most valuable gold card, or an amulet "
        "instead, TB-A2), over every holder a curse hit.",
        tables=[
            (f"Curses ({n} holders hit)", table_html(table, index=False)),
            ("Curse losses per seat by agent", table_html(by_agent, index=False)),
        ],
    )


def amulets(frames: StudyFrames, record: dict[str, Any]) -> Section:
    players, games = frames.players, frames.games
    columns = {
        "amulets_picked": "picked up (TB-D3)",
        "extra_actions": "spent on an extra action (TB-A2)",
        "amulets_for_curses": "given up to a curse (TB-A2)",
        "amulets_held": "held at the end",
    }
    rows = []
    fig = Figure(figsize=(6.5, 3))
    ax = fig.subplots()
    groups = list(players.groupby("agent"))
    width = 0.8 / len(groups)
    for k, (agent, group) in enumerate(groups):
        row: dict[str, Any] = {"agent": agent, "seats": len(group)}
        es = [stats.mean(group[c].to_numpy(float)) for c in columns]
        row.update(
            {
                f"{label} [95% CI]": estimate_cell(e)
                for label, e in zip(columns.values(), es, strict=True)
            }
        )
        rows.append(row)
        xs = [i + (k - (len(groups) - 1) / 2) * width for i in range(len(columns))]
        _bars(ax, xs, es, width, label=str(agent))
    ax.set_xticks(range(len(columns)), ["picked up", "extra action", "against a curse", "held"])
    ax.set_ylabel("amulets per seat and game")
    ax.legend(fontsize=8)
    return Section(
        "Amulets",
        "Amulets wash up where the statues look (TB-A1, option amulets_when) and are picked "
        "up by vehicles (TB-D3); each buys one more action or keeps gold from a curse (TB-A2). "
        "Per seat and game, by agent. What amulets are worth to the game as a whole is in "
        "'What each rule is worth' below: the same seeds replayed without them.",
        tables=[("Amulets per seat and game", table_html(pd.DataFrame(rows), index=False))],
        figures=[
            (
                "Amulets per seat and game by agent, 95% intervals over seats; "
                f"{sample_note(frames, record)}.",
                figure_uri(fig),
            )
        ],
        notes=[
            f"Washed up per game: {_cell(games['amulets_washed'])}; still lying on the island "
            f"at the end: {_cell(games['amulets_left'])}."
        ],
    )


def variant_sections(
    frames: StudyFrames, record: dict[str, Any], variants: Mapping[str, VariantRun]
) -> list[Section]:
    """The shared paired section, plus what each variant does to Tobago's own measures: each
    agent's gold, the gold lost to curses and the turns a game lasts, game by game."""
    section = variants_section(frames, variants)
    agents = list(dict.fromkeys(frames.players["agent"]))
    for run in variants.values():
        other = run.frames
        measures: list[Measure] = [
            (
                f"gold of a {a} seat",
                per_game(frames, "score", by="agent", key=a),
                per_game(other, "score", by="agent", key=a),
            )
            for a in agents
        ]
        measures += [
            (
                "gold lost to curses per seat",
                per_game(frames, "curse_gold_lost"),
                per_game(other, "curse_gold_lost"),
            ),
            (
                "turns per game",
                frames.games.set_index("game")["turns"],
                other.games.set_index("game")["turns"],
            ),
        ]
        table = compared(measures)
        if not table.empty:
            caption = f"{run.variant.label}: Tobago's measures, paired by seed"
            section.tables.append((caption, effects_html(table)))
    return [section]


def sections(frames: StudyFrames, record: dict[str, Any]) -> list[Section]:
    return [
        hints_or_drives(frames, record),
        finding(frames, record),
        roses(frames, record),
        curses(frames, record),
        amulets(frames, record),
    ]
