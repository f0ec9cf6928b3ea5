"""The Glory Islands sections of a study report: seats and card colours, the sail cards, sinking,
island scorings, the race, and what each special action is worth.

Everything is read from the study's tables — the games and players summaries
(:mod:`models.gloryislands.summary`) and the event log (:mod:`models.gloryislands.events`) —
never from a game object. Every rate has its Wilson interval and every mean its t interval,
each with the number of observations it rests on; the board the study played is named, and
labelled when it is a reconstruction.

:data:`VARIANTS` switches off each special action (GI-C2..C4); ``atoll gloryislands report``
replays the study's games on the same seeds without it (:mod:`analyses.variants`), and
:func:`variant_sections` shows the paired, game-by-game differences.

>>> sorted(VARIANTS)
['no-extra-pirate', 'no-hunt', 'no-relocate']
"""

from __future__ import annotations

import json
from itertools import combinations
from typing import Any

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from analyses import stats
from analyses.frames import StudyFrames
from analyses.report import Section, estimate_cell, figure_uri, sample_note, table_html
from analyses.reports.gloryislands_variants import VARIANTS, paired_effects, variant_sections


def _events(frames: StudyFrames, kind: str) -> pd.DataFrame:
    chosen = frames.events[frames.events["kind"] == kind]
    return chosen.assign(data=chosen["data"].map(json.loads))


def _rate(successes: float, n: int, digits: int = 2) -> str:
    return estimate_cell(stats.rate(successes, n), digits)


def _mean(values: Any, digits: int = 1) -> str:
    return estimate_cell(stats.mean(np.asarray(values, dtype=float)), digits)


def _board_note(record: dict[str, Any]) -> str:
    board = record.get("components", {}).get("board", {})
    label = (
        "a RECONSTRUCTION (atoll's, not the published board)"
        if board.get("reconstruction")
        else "not marked as a reconstruction"
    )
    return f"Board: {board.get('source', '?')} — {label}; every figure is about this board."


# -- seats, colours and the tie-breakers -----------------------------------------------------------


def tie_breaks(frames: StudyFrames) -> pd.DataFrame:
    """Every pair of equal cards revealed together: the value, both cards' colours and ids, and
    which went first (GI-R3: dots, then black before white). One row per pair and reveal."""
    rows = []
    for _, event in _events(frames, "reveal").iterrows():
        data = event["data"]
        order = [str(p) for p in data["order"]]
        for a, b in combinations(sorted(data["values"], key=order.index), 2):
            if data["values"][a] == data["values"][b]:  # a is ahead of b in the turn order
                rows.append(
                    {
                        "game": event["game"],
                        "value": data["values"][a],
                        "winner": data["colours"][a],
                        "loser": data["colours"][b],
                        "winner_card": data["cards"][a],
                        "loser_card": data["cards"][b],
                    }
                )
    return pd.DataFrame(
        rows, columns=["game", "value", "winner", "loser", "winner_card", "loser_card"]
    )


def seats_and_colours(frames: StudyFrames, record: dict[str, Any]) -> Section:
    players = frames.players
    rows = []
    for (seat, colour), group in players.groupby(["seat", "colour"]):
        rows.append(
            {
                "seat": seat,
                "card colour": colour,
                "games": len(group),
                "win rate [95% CI]": _rate(float(group["win_share"].sum()), len(group)),
                "mean fame [95% CI]": _mean(group["fame"]),
            }
        )
    pairs = tie_breaks(frames)
    colours = list(dict.fromkeys(players.sort_values("seat")["colour"]))
    tie_rows, by_value = [], {}
    for colour in colours:
        won = int((pairs["winner"] == colour).sum())
        contested = won + int((pairs["loser"] == colour).sum())
        tie_rows.append(
            {
                "card colour": colour,
                "ties contested": contested,
                "ties won [95% CI]": _rate(won, contested),
            }
        )
        by_value[colour] = {
            value: _rate(
                int((group["winner"] == colour).sum()),
                int(((group["winner"] == colour) | (group["loser"] == colour)).sum()),
            )
            for value, group in pairs.groupby("value")
        }
    section = Section(
        "Seats, card colours and the tie-breakers",
        "Seat i plays the i-th colour's cards, so a colour's win rate is its seat's. Cards of "
        "equal value are ordered by the tie-breakers printed on them (dots, then a black symbol "
        "before a white one, GI-R3); a fair pattern lets each colour win about half of the ties "
        "it is part of. After swaps of equal cards (GI-E1) a hand may hold another colour's "
        "cards: ties count the colour of the card played. " + _board_note(record),
        tables=[
            ("Win rate by seat and card colour", table_html(pd.DataFrame(rows), index=False)),
            (
                "Ties of equal cards won, by card colour (a pair of equal cards revealed together "
                "is one tie)",
                table_html(pd.DataFrame(tie_rows), index=False),
            ),
        ],
    )
    if by_value:
        frame = pd.DataFrame(by_value).rename_axis("card value").reset_index()
        section.tables.append(
            ("Ties won [95% CI], by card value and colour", table_html(frame, index=False))
        )
    section.notes.append(f"{len(pairs)} ties of equal cards in {sample_note(frames, record)}.")
    return section


# -- the sail cards -------------------------------------------------------------------------------


def sail_cards(frames: StudyFrames, record: dict[str, Any]) -> Section:
    reveals = _events(frames, "reveal")
    agent_of = frames.players.set_index(["game", "seat"])["agent"]
    plays = pd.DataFrame(
        [
            {
                "game": e["game"],
                "round": e["turn"],
                "value": value,
                "agent": agent_of.get((e["game"], int(p)), "?"),
            }
            for _, e in reveals.iterrows()
            for p, value in e["data"]["values"].items()
        ],
        columns=["game", "round", "value", "agent"],
    )
    table: dict[str, dict[int, str]] = {}
    for name, group in [("all plays", plays), *plays.groupby("agent")]:
        counts = group["value"].value_counts()
        table[f"{name} (n={len(group)})"] = {
            v: _rate(int(counts.get(v, 0)), len(group)) for v in sorted(plays["value"].unique())
        }
    first = plays[plays["round"] == 1]
    table[f"round 1 (n={len(first)})"] = {
        v: _rate(int((first["value"] == v).sum()), len(first))
        for v in sorted(plays["value"].unique())
    }
    players = frames.players[frames.players["opening_card"] > 0]
    opening = []
    for value, group in players.groupby("opening_card"):
        opening.append(
            {
                "card played in round 1": value,
                "seats": len(group),
                "win rate [95% CI]": _rate(float(group["win_share"].sum()), len(group)),
                "mean fame [95% CI]": _mean(group["fame"]),
            }
        )
    fig = Figure(figsize=(6, 3))
    ax = fig.subplots()
    grouped = players.groupby("opening_card")
    estimates = [stats.rate(float(g["win_share"].sum()), len(g)) for _, g in grouped]
    values = [v for v, _ in grouped]
    ax.bar(values, [e.value for e in estimates], color="#5d7f94")
    ax.errorbar(
        values,
        [e.value for e in estimates],
        yerr=[[e.value - e.low for e in estimates], [e.high - e.value for e in estimates]],
        fmt="none",
        color="black",
        capsize=4,
    )
    ax.axhline(1 / int(record["config"]["players"]), color="#c0392b", ls="--", label="even share")
    ax.set_xlabel("value of the sail card played in round 1")
    ax.set_ylabel("win rate")
    ax.legend()
    return Section(
        "Sail cards",
        "How often each card value is played (share of all cards revealed, overall, by agent and "
        "in round 1), and how the seats that opened with each value fared.",
        tables=[
            (
                "Card plays by value: share [95% CI]",
                table_html(
                    pd.DataFrame(table).rename_axis("card value").reset_index(), index=False
                ),
            ),
            (
                "Win rate by the card played in round 1",
                table_html(pd.DataFrame(opening), index=False),
            ),
        ],
        figures=[
            (
                f"Win rate by opening card with 95% intervals; {sample_note(frames, record)}.",
                figure_uri(fig),
            )
        ],
    )


# -- sinking --------------------------------------------------------------------------------------


def sinking(frames: StudyFrames, record: dict[str, Any]) -> Section:
    players, games = frames.players, frames.games
    sunk = players[players["sunk"].astype(bool)]
    rows = [
        {
            "agent": agent,
            "seats": len(group),
            "sink rate [95% CI]": _rate(int(group["sunk"].astype(bool).sum()), len(group), 3),
        }
        for agent, group in players.groupby("agent")
    ]
    rows.append(
        {
            "agent": "all",
            "seats": len(players),
            "sink rate [95% CI]": _rate(len(sunk), len(players), 3),
        }
    )
    causes = [
        {
            "cause": cause,
            "ships": int((sunk["sunk_by"] == cause).sum()),
            "share of sinkings [95% CI]": _rate(int((sunk["sunk_by"] == cause).sum()), len(sunk)),
        }
        for cause in ("card", "special")
    ]
    section = Section(
        "Sinking",
        "A ship sinks when its sail-track marker passes the last field: by the card's cost at "
        "the reveal (GI-R2) or by 2 fields paid for a special action (GI-C3, GI-C4).",
        tables=[
            ("Ships sunk, by agent", table_html(pd.DataFrame(rows), index=False)),
        ],
    )
    with_sink = int((games["sunk"] > 0).sum())
    if sunk.empty:
        section.notes.append(f"No ship sank in {len(games)} games: games with a sinking "
                             f"{_rate(0, len(games), 3)}.")  # fmt: skip
        return section
    section.tables.append(("What sank them", table_html(pd.DataFrame(causes), index=False)))
    section.notes.append(
        f"Games with a sinking: {_rate(with_sink, len(games), 3)} (n={len(games)}); round of "
        f"sinking: {_mean(sunk['sunk_round'])}; a sunk ship won "
        f"{_rate(float(sunk['win_share'].sum()), len(sunk))} of its games (n={len(sunk)})."
    )
    return section


# -- island scorings ------------------------------------------------------------------------------


def island_scorings(frames: StudyFrames, record: dict[str, Any]) -> Section:
    islands = _events(frames, "island")
    n = len(frames.games)
    rows = []
    for name, group in islands.groupby(islands["data"].map(lambda d: d["island"])):
        data = group["data"]
        fame = data.map(lambda d: sorted(d["fame"].values(), reverse=True))
        rows.append(
            {
                "island": name,
                "size": int(sum(data.iloc[0]["pirates"].values())),  # full: a pirate per field
                "scored in games [95% CI]": _rate(group["game"].nunique(), n),
                "round [95% CI]": _mean(group["turn"]),
                "tie rule [95% CI]": _rate(
                    int((data.map(lambda d: d["rule"]) != "GI-I1").sum()), len(group)
                ),
                "players paid": _mean(data.map(lambda d: sum(v > 0 for v in d["fame"].values()))),
                "best paid fame": _mean(fame.map(lambda f: f[0] if f else 0)),
                "fame paid in all": _mean(data.map(lambda d: sum(d["fame"].values()))),
            }
        )
    rules = islands["data"].map(lambda d: d["rule"]).value_counts()
    rule_rows = [
        {"rule": r, "scorings": int(c), "share [95% CI]": _rate(int(c), len(islands))}
        for r, c in rules.items()
    ]
    by_agent = [
        {
            "agent": agent,
            "seats": len(group),
            "island fame per game [95% CI]": _mean(group["fame_islands"]),
            "share of its fame [95% CI]": estimate_cell(
                stats.mean(
                    (group["fame_islands"] / group["fame"].where(group["fame"] > 0))
                    .dropna()
                    .to_numpy(float)
                )
            ),
        }
        for agent, group in frames.players.groupby("agent")
    ]
    per_game = islands.groupby("game").size().reindex(frames.games["game"], fill_value=0)
    return Section(
        "Island scorings",
        f"An island is scored when its last field is filled (GI-I1); ties follow GI-I2..I5. "
        f"Island scorings per game: {_mean(per_game)} (n={n}).",
        tables=[
            (
                "By island (size = fields; fame = what one scoring paid)",
                table_html(pd.DataFrame(rows), index=False),
            ),
            ("Which rule decided the scoring", table_html(pd.DataFrame(rule_rows), index=False)),
            ("Who gets the island fame", table_html(pd.DataFrame(by_agent), index=False)),
        ],
    )


# -- the race -------------------------------------------------------------------------------------


def race(frames: StudyFrames, record: dict[str, Any]) -> Section:
    games, players = frames.games, frames.players
    rounds = games["rounds"].to_numpy(float)
    counts = games["rounds"].value_counts().sort_index()
    length = [
        {"rounds": int(r), "games": int(c), "share [95% CI]": _rate(int(c), len(games))}
        for r, c in counts.items()
    ]
    home = players[players["home_place"] == 1]
    ahead = players[players["compass_place"] == 1]
    fig = Figure(figsize=(6, 2.8))
    ax = fig.subplots()
    ax.hist(
        rounds,
        bins=[r - 0.5 for r in range(int(rounds.min()), int(rounds.max()) + 2)]
        if len(rounds)
        else 5,
        color="#86bf6a",
        edgecolor="white",
    )
    ax.set_xlabel("rounds played")
    ax.set_ylabel("games")
    sources = [c for c in players.columns if c.startswith("fame_")]
    where = (
        pd.DataFrame(
            {
                agent: {c.removeprefix("fame_").replace("_", " "): _mean(group[c]) for c in sources}
                for agent, group in players.groupby("agent")
            }
        )
        .rename_axis("fame from")
        .reset_index()
    )
    return Section(
        "The race",
        f"The game ends after the round in which a ship first completes the route (GI-G1). "
        f"Rounds per game: {_mean(rounds)}.",
        tables=[
            ("Race length", table_html(pd.DataFrame(length), index=False)),
            (
                "Where each agent's fame comes from (mean per game [95% CI])",
                table_html(where, index=False),
            ),
        ],
        figures=[(f"Rounds per game; {sample_note(frames, record)}.", figure_uri(fig))],
        notes=[
            f"The first ship home won {_rate(float(home['win_share'].sum()), len(home))}"
            f" of its games (n={len(home)}); the first at the compass "
            f"{_rate(float(ahead['win_share'].sum()), len(ahead))} (n={len(ahead)}). Why games "
            f"ended: " + "; ".join(f"{w} ({c})" for w, c in games["ended"].value_counts().items())
        ],
    )


def sections(frames: StudyFrames, record: dict[str, Any]) -> list[Section]:
    return [
        seats_and_colours(frames, record),
        sail_cards(frames, record),
        sinking(frames, record),
        island_scorings(frames, record),
        race(frames, record),
    ]


__all__ = ["VARIANTS", "paired_effects", "sections", "variant_sections"]
