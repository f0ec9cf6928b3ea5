"""The Tobago sections of a study report: hints or drives, how fast treasures are found, what a
rose is worth by its place in the queue, curses, and amulets (with the rule variant that plays
the same seeds without them).

Everything is read from the study's tables (the games and players summaries of
:mod:`models.tobago.summary` and the public event log of :mod:`models.tobago.events`), never
from a game object. Numbers of one game are not independent (the shares of one game draw from
one deck), so every estimate has the game as its unit: a ratio of per-game sums over shares,
treasures or roses, with its interval over games (:mod:`analyses.statistics.pergame`).

>>> import tempfile
>>> from analyses.studies.store import StudyStore
>>> from analyses.studies.study import StudyConfig, run_study
>>> with tempfile.TemporaryDirectory() as tmp:
...     config = StudyConfig("tobago", players=3, games=3, seed=2, agents=("greedy", "random"))
...     store = StudyStore.create(tmp, config)
...     _ = run_study(config, store=store, workers=1)
...     found = sections(store.frames(), store.record)
>>> [s.title for s in found][:2]
['Hints or drives', 'How fast a treasure is found and raised']
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from analyses.reports.figures import error_bars, figure_uri, legend_outside
from analyses.reports.sections import sample_note
from analyses.reports.tables import Section, Table
from analyses.reports.variants import Measure
from analyses.statistics import pergame
from analyses.studies.frames import StudyFrames, detail, events_of
from analyses.tobago.stalls import stalls_section

#: Queue places (from the back) shown one by one; further places are pooled.
PLACES = 6
_ACTIONS = ("hint", "drive", "exchange")
_COLOURS = {"hint": "#5d7f94", "drive": "#d08c3c", "exchange": "#9a9a9a"}


def _seats(frames: StudyFrames) -> pd.DataFrame:
    return frames.players[["game", "seat", "agent"]]


# -- hints or drives -----------------------------------------------------------------------------


def action_counts(frames: StudyFrames) -> pd.DataFrame:
    """Per seat of every game: the hints laid in turns (not a new treasure's first hint,
    TB-G6), drives (a raise without driving counts as a drive of no legs) and hand exchanges;
    extra actions bought with amulets included."""
    acts = events_of(frames, "hint", "drive", "exchange", "raise")
    in_turn = (acts["kind"] != "hint") | ~detail(acts, lambda d: bool(d.get("new")), bool)
    in_place = acts["kind"].eq("raise") & detail(acts, lambda d: bool(d.get("in_place")), bool)
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
    return seats.join(counts).fillna(dict.fromkeys(_ACTIONS, 0)).reset_index()


def hints_or_drives(frames: StudyFrames, record: dict[str, Any]) -> Section:
    counts = action_counts(frames)
    total = counts[list(_ACTIONS)].sum(axis=1)
    counts = counts[total > 0].assign(total=total[total > 0])
    shares = (
        counts[list(_ACTIONS)]
        .div(counts["total"], axis=0)
        .assign(game=counts["game"], agent=counts["agent"])
    )
    rows, bars = [], {}
    for agent, group in shares.groupby("agent", sort=False):
        row: dict[str, Any] = {"agent": agent}
        for kind in _ACTIONS:
            e = pergame.share(group.groupby("game")[kind].mean().to_numpy(float))
            row[f"{kind}s"] = e
            bars[(agent, kind)] = e
        mine = counts[counts["agent"] == agent]
        row["actions per seat"] = pergame.count(
            mine.groupby("game")["total"].mean().to_numpy(float)
        )
        rows.append(row)
    fig = Figure(figsize=(6.5, 3))
    ax = fig.subplots()
    agents = list(dict.fromkeys(counts["agent"]))
    width = 0.8 / len(_ACTIONS)
    for k, kind in enumerate(_ACTIONS):
        xs = [i + (k - 1) * width for i in range(len(agents))]
        es = [bars[(a, kind)] for a in agents]
        error_bars(ax, xs, es, width, color=_COLOURS[kind], label=f"{kind}s")
    ax.set_xticks(range(len(agents)), agents)
    ax.set_ylabel("share of a seat's actions")
    ax.set_ylim(0, 1)
    legend_outside(ax)
    return Section(
        "Hints or drives",
        "What each agent does with its actions (TB-T1): lay a hint, drive, or exchange its hand "
        "(option exchange_hand). A share is taken per seat, averaged over the agent's seats in "
        "a game, with an interval over games; extra actions bought with amulets count, a new "
        "treasure's first hint (TB-G6) does not.",
        tables=[Table("Share of each seat's actions", pd.DataFrame(rows), over="games")],
        figures=[
            (
                "Share of actions by kind and agent, 95% intervals over games; "
                f"{sample_note(frames, record)}.",
                figure_uri(fig),
            )
        ],
    )


# -- finding and raising -------------------------------------------------------------------------


def treasure_times(frames: StudyFrames) -> pd.DataFrame:
    """One row per treasure begun: game, treasure, the turn of its first hint, and the turns
    from it until the treasure was fixed (TB-H6) and raised (TB-D2); NaN if it never was. A
    treasure's first hint is its starting hint (TB-S4) or, once the one before it was raised,
    the next hint laid at it: the new treasure's first hint (TB-G6), or a hint laid in a turn
    when nobody could lay that one (option first_hint_without_receiver, or no card for it)."""
    found = events_of(frames, "start-hint", "hint", "fixed", "raise")
    rows: list[dict[str, Any]] = []
    for game, events in found.groupby("game", sort=True):
        open_: dict[int, dict[str, Any]] = {}
        for kind, turn, data in zip(events["kind"], events["turn"], events["data"], strict=True):
            t = data["treasure"]
            if kind == "start-hint" or (kind == "hint" and (data.get("new") or t not in open_)):
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
    games = list(frames.games["game"])
    times = times.assign(
        waited=times["raised"] - times["fixed"],
        was_fixed=times["fixed"].notna().astype(float),
        was_raised=times["raised"].notna().astype(float),
    )
    rows = []
    for what, column in (
        ("first hint to fixed (TB-H6)", "fixed"),
        ("fixed to raised (TB-D2)", "waited"),
        ("first hint to raised", "raised"),
    ):
        done = times[times[column].notna()]
        rows.append(
            {
                "measure": what,
                "turns": pergame.rows_ratio(done, games, column, is_share=False),
                "median": float(done[column].median()) if len(done) else math.nan,
                "treasures": len(done),
            }
        )
    fig = Figure(figsize=(6.5, 3))
    ax = fig.subplots()
    fixed, raised = times["fixed"].dropna(), times["raised"].dropna()
    top = int(max(raised.max() if len(raised) else 1, fixed.max() if len(fixed) else 1))
    bins: list[float] | int = [b - 0.5 for b in range(top + 2)] if top <= 40 else 30
    ax.hist(fixed, bins=bins, alpha=0.6, color="#5d7f94", label="to fixed")
    ax.hist(raised, bins=bins, alpha=0.6, color="#d08c3c", label="to raised")
    ax.set_xlabel("turns since the treasure's first hint")
    ax.set_ylabel("treasures")
    legend_outside(ax)
    begun = [
        {
            "measure": "treasures begun per game",
            "estimate": pergame.count(pergame.per_game_sums(times, games)),
        },
        {
            "measure": "fixed before the game ended",
            "estimate": pergame.rows_ratio(times, games, "was_fixed"),
        },
        {
            "measure": "raised before the game ended",
            "estimate": pergame.rows_ratio(times, games, "was_raised"),
        },
    ]
    return Section(
        "How fast a treasure is found and raised",
        "Turns (of all players together) from a treasure's first hint (its starting hint, "
        "TB-S4, or the first hint of a new treasure, TB-G6) until one candidate is left "
        "(TB-H6), and until a vehicle raises it (TB-D2): per treasure, as ratios of per-game "
        "sums with intervals over games.",
        tables=[
            Table("Turns per treasure", pd.DataFrame(rows), over="games", units={"turns": "turns"}),
            Table("Treasures", pd.DataFrame(begun), over="games"),
        ],
        figures=[
            (
                "Turns from the first hint to fixed and to raised, per treasure; "
                f"{sample_note(frames, record)}.",
                figure_uri(fig),
            )
        ],
    )


# -- roses ---------------------------------------------------------------------------------------


def rose_values(frames: StudyFrames) -> pd.DataFrame:
    """One row per rose at a share: ``place`` counted from the back (0: the raiser's extra
    rose, TB-D2) and the gold it ``received`` (0: none), ``cursed`` if a curse stopped it."""
    ends = events_of(frames, "share-end")
    rows = [
        {"game": game, "place": place, "received": value, "cursed": data["cursed"]}
        for game, data in zip(ends["game"], ends["data"], strict=True)
        for place, value in enumerate(data["received"])
    ]
    return pd.DataFrame(rows, columns=["game", "place", "received", "cursed"])


def roses(frames: StudyFrames, record: dict[str, Any]) -> Section:
    values = rose_values(frames)
    games = list(frames.games["game"])
    pooled = values.assign(
        place=values["place"].clip(upper=PLACES),
        got=(values["received"] > 0).astype(float),
        received=values["received"].astype(float),
    )
    rows, means = [], []
    for place, group in pooled.groupby("place"):
        label = f"{place}" if place < PLACES else f"{PLACES} or more"
        e = pergame.rows_ratio(group, games, "received", is_share=False)
        means.append((label, e))
        rows.append(
            {
                "place from the back": label,
                "gold received": e,
                "received a card": pergame.rows_ratio(group, games, "got"),
                "roses": len(group),
            }
        )
    fig = Figure(figsize=(6.5, 3))
    ax = fig.subplots()
    error_bars(ax, [label for label, _ in means], [e for _, e in means], color="#5d7f94")
    ax.set_xlabel("rose's place in the queue, from the back (0: the raiser's)")
    ax.set_ylabel("gold received")
    return Section(
        "What a rose is worth by its place in the queue",
        "Cards are offered from the back of the queue (TB-G3): the raiser's rose first, then "
        "the author of the last hint, and so on; a curse stops the sharing (TB-G5). The gold a "
        "rose received, by its place, over every rose of every share (0 when it got nothing), "
        "as ratios of per-game sums with intervals over games. The gold values are the bundled "
        "cards file's (a reconstruction, see the top).",
        tables=[
            Table(
                "Gold per rose by place",
                pd.DataFrame(rows),
                over="games",
                units={"gold received": "gold"},
            )
        ],
        figures=[
            (
                f"Mean gold received per rose by place, 95% intervals over games; {len(values)} "
                f"roses; {sample_note(frames, record)}.",
                figure_uri(fig),
            )
        ],
    )


# -- curses and amulets --------------------------------------------------------------------------


def curses(frames: StudyFrames, record: dict[str, Any]) -> Section:
    games_frame, players = frames.games, frames.players
    games = list(games_frame["game"])
    ends = events_of(frames, "share-end")
    ends = ends.assign(cursed=detail(ends, lambda d: bool(d["cursed"])))
    losses = events_of(frames, "curse-loss")
    lost = detail(losses, lambda d: d["lost"], object)
    losses = losses.assign(
        gold=(lost == "gold").astype(float),
        amulet=(lost == "amulet").astype(float),
        nothing=(lost == "nothing").astype(float),
        value=detail(losses, lambda d: d.get("value", 0)),
    )
    curses_per_game = games_frame["curses"].to_numpy(float)
    rows = [
        ("curses turned up per game", pergame.count(curses_per_game)),
        ("shares stopped by a curse", pergame.rows_ratio(ends, games, "cursed")),
        (
            "rose holders hit per curse",
            pergame.ratio(pergame.per_game_sums(losses, games), curses_per_game, is_share=False),
        ),
        ("a holder gave up gold", pergame.rows_ratio(losses, games, "gold")),
        ("a holder gave up an amulet", pergame.rows_ratio(losses, games, "amulet")),
        ("a holder had nothing to give", pergame.rows_ratio(losses, games, "nothing")),
        (
            "gold value of a card given up",
            pergame.rows_ratio(losses, games, "value", "gold", is_share=False),
        ),
        (
            "gold lost to curses per player per game",
            pergame.count(pergame.seat_means(players, "curse_gold_lost")),
        ),
    ]
    table = pd.DataFrame(rows, columns=["measure", "estimate"])
    by_agent = [
        {
            "agent": agent,
            "gold lost per seat and game": pergame.count(
                pergame.seat_means(players, "curse_gold_lost", agent)
            ),
            "amulets given up per seat and game": pergame.count(
                pergame.seat_means(players, "amulets_for_curses", agent)
            ),
        }
        for agent in dict.fromkeys(players["agent"])
    ]
    return Section(
        "Curses",
        "How often a curse card comes up (TB-G5: two in the bottom 27 cards), what it costs the "
        "holders of the roses still in the queue (their most valuable gold card, or an amulet "
        "instead, TB-A2; option curse_without_gold for a holder without gold): ratios of per-"
        "game sums, intervals over games.",
        tables=[
            Table(f"Curses ({len(losses)} holders hit)", table, over="games"),
            Table("Curse losses by agent", pd.DataFrame(by_agent), over="games"),
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
    agents = list(dict.fromkeys(players["agent"]))
    width = 0.8 / len(agents)
    for k, agent in enumerate(agents):
        es = [pergame.count(pergame.seat_means(players, c, agent)) for c in columns]
        rows.append({"agent": agent, **dict(zip(columns.values(), es, strict=True))})
        xs = [i + (k - (len(agents) - 1) / 2) * width for i in range(len(columns))]
        error_bars(ax, xs, es, width, label=str(agent))
    ax.set_xticks(range(len(columns)), ["picked up", "extra action", "against a curse", "held"])
    ax.set_ylabel("amulets per seat and game")
    legend_outside(ax)
    washed = [
        {
            "measure": "washed up per game",
            "estimate": pergame.count(games["amulets_washed"].to_numpy(float)),
        },
        {
            "measure": "still on the island at the end",
            "estimate": pergame.count(games["amulets_left"].to_numpy(float)),
        },
    ]
    return Section(
        "Amulets",
        "Amulets wash up where the statues look (TB-A1, option amulets_when) and are picked "
        "up by vehicles (TB-D3); each buys one more action or keeps gold from a curse (TB-A2). "
        "Per seat, averaged over the agent's seats in a game, intervals over games. What "
        "amulets are worth to the game as a whole is in 'What each rule is worth' below: the "
        "same seeds replayed without them.",
        tables=[
            Table("Amulets per seat and game", pd.DataFrame(rows), over="games"),
            Table("Amulets on the island", pd.DataFrame(washed), over="games"),
        ],
        figures=[
            (
                "Amulets per seat and game by agent, 95% intervals over games; "
                f"{sample_note(frames, record)}.",
                figure_uri(fig),
            )
        ],
    )


def variant_measures(base: StudyFrames, other: StudyFrames) -> list[Measure]:
    """Tobago's own measures of a variant, game by game: each agent's gold, the gold lost to
    curses and the turns a game lasts (the second table of the variants section)."""
    agents = list(dict.fromkeys(base.players["agent"]))
    measures: list[Measure] = [
        (
            f"gold of a {a} seat",
            pergame.seat_means(base.players, "score", a),
            pergame.seat_means(other.players, "score", a),
        )
        for a in agents
    ]
    measures += [
        (
            "gold lost to curses per seat",
            pergame.seat_means(base.players, "curse_gold_lost"),
            pergame.seat_means(other.players, "curse_gold_lost"),
        ),
        (
            "turns per game",
            base.games.set_index("game")["turns"],
            other.games.set_index("game")["turns"],
        ),
    ]
    return measures


def sections(frames: StudyFrames, record: dict[str, Any]) -> list[Section]:
    made = (hints_or_drives, finding, roses, curses, amulets, stalls_section)
    return [make(frames, record) for make in made]
