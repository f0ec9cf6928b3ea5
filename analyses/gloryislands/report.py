"""The Glory Islands sections of a study report: card colours and the tie-breakers, the sail
cards, sinking, island scorings, the race, and what each special action is worth.

Everything is read from the study's tables — the games and players summaries
(:mod:`models.gloryislands.summary`) and the event log (:mod:`models.gloryislands.events`) —
never from a game object. The game is the unit (:mod:`analyses.statistics.pergame`): ties, card
plays and scorings are ratios of per-game sums with intervals over games. Every table of choices is
split by agent (an agent's habits are not the game's). Seat and colour: with the default ``colours =
"by_seat"`` seat i always plays colour i and the two cannot be told apart; with ``colours =
"dealt"`` the colours are dealt at random and the report tests the colours on their own.

The plug-in's variants (:mod:`analyses.gloryislands.plugin`) switch off each special action
(GI-C2..C4); ``atoll gloryislands report`` replays the study's games on the same seeds without
it (:mod:`analyses.reports.variants`) and the shared variants section shows the paired differences.

>>> sections.__name__
'sections'
"""

from __future__ import annotations

from typing import Any

import pandas as pd
from matplotlib.figure import Figure

from analyses.gloryislands.colours import colours_and_ties, tie_breaks
from analyses.gloryislands.variants import paired_effects
from analyses.reports.figures import error_bars, figure_uri, legend_outside
from analyses.reports.sections import sample_note
from analyses.reports.tables import Section, Table, estimate_text
from analyses.statistics import pergame
from analyses.studies.frames import StudyFrames, detail, events_of

#: The island-scoring rules by ID, as the rule catalogue names them (GI-I1..I5).
ISLAND_RULES = {
    "GI-I1": "majorities, no tie",
    "GI-I2": "tie for 1st",
    "GI-I3": "tie for 2nd",
    "GI-I4": "tie for 3rd",
    "GI-I5": "all players present tied",
}


def _rule_names(rules: str) -> str:
    """Rule IDs with their names: "GI-I2,GI-I4" as "GI-I2 tie for 1st + GI-I4 tie for 3rd"."""
    parts = [r.strip() for r in str(rules).split(",") if r.strip()]
    return " + ".join(f"{r} {ISLAND_RULES[r]}" if r in ISLAND_RULES else r for r in parts)


def _games(frames: StudyFrames) -> list[int]:
    return list(frames.games["game"])


# -- the sail cards -------------------------------------------------------------------------------


def _plays(frames: StudyFrames) -> pd.DataFrame:
    agent_of = frames.players.set_index(["game", "seat"])["agent"]
    return pd.DataFrame(
        [
            {
                "game": e["game"],
                "round": e["turn"],
                "value": v,
                "agent": agent_of.get((e["game"], int(p)), "?"),
            }
            for _, e in events_of(frames, "reveal").iterrows()
            for p, v in e["data"]["values"].items()
        ],
        columns=["game", "round", "value", "agent"],
    )


def sail_cards(frames: StudyFrames, record: dict[str, Any]) -> Section:
    plays, games = _plays(frames), _games(frames)
    values = sorted(plays["value"].unique())
    rows = []
    for agent, group in plays.groupby("agent", sort=False):
        for label, chosen in (("all rounds", group), ("round 1", group[group["round"] == 1])):
            row: dict[str, Any] = {"agent": agent, "rounds": label}
            for v in values:
                row[f"value {v}"] = pergame.rows_ratio(
                    chosen.assign(hit=(chosen["value"] == v).astype(float)), games, "hit"
                )
            rows.append(row)
    opening = []
    players = frames.players[frames.players["opening_card"] > 0]
    fig = Figure(figsize=(6.5, 3))
    ax = fig.subplots()
    agents = list(dict.fromkeys(players["agent"]))
    width = 0.8 / max(1, len(agents))
    for k, (agent, group) in enumerate(players.groupby("agent", sort=False)):
        es, xs = [], []
        for value, seats in group.groupby("opening_card"):
            e = pergame.share(seats.groupby("game")["win_share"].mean().to_numpy(float))
            opening.append({"agent": agent, "card played in round 1": value, "win share": e})
            es.append(e)
            xs.append(value + (k - (len(agents) - 1) / 2) * width)
        error_bars(ax, xs, es, width, label=str(agent))
    ax.axhline(1 / int(record["config"]["players"]), color="#c0392b", ls="--", label="even share")
    ax.set_xlabel("value of the sail card played in round 1")
    ax.set_ylabel("win share")
    legend_outside(ax)
    return Section(
        "Sail cards",
        "How often each card value is played, by agent: the share of an agent's cards of each "
        "value, over all rounds and in round 1, and how the seats that opened with each value "
        "fared — split by agent, since an agent's choice of card and its strength go together.",
        tables=[
            Table("Card plays by value, per agent", pd.DataFrame(rows), over="games"),
            Table(
                "Win share by the card played in round 1, per agent",
                pd.DataFrame(opening),
                over="games in which the agent opened with that card",
            ),
        ],
        figures=[
            (
                "Win share by opening card and agent, 95% intervals over games; "
                f"{sample_note(frames, record)}.",
                figure_uri(fig),
            )
        ],
    )


# -- sinking, islands, the race -------------------------------------------------------------------


def sinking(frames: StudyFrames, record: dict[str, Any]) -> Section:
    players, games = frames.players.assign(sank=frames.players["sunk"].astype(float)), frames.games
    rows = [
        {
            "agent": agent,
            "ships sunk (share of its seats)": pergame.share(
                pergame.seat_means(players, "sank", agent).to_numpy(float)
            ),
        }
        for agent in dict.fromkeys(players["agent"])
    ]
    rows.append(
        {
            "agent": "all",
            "ships sunk (share of its seats)": pergame.share(
                pergame.seat_means(players, "sank").to_numpy(float)
            ),
        }
    )
    section = Section(
        "Sinking",
        "A ship sinks when its sail-track marker passes the last field: by the card's cost at "
        "the reveal (GI-R2) or by 2 fields paid for a special action (GI-C3, GI-C4).",
        tables=[Table("Ships sunk, by agent", pd.DataFrame(rows), over="games")],
    )
    sunk = players[players["sank"] > 0]
    if sunk.empty:
        section.notes.append(f"No ship sank in {len(games)} games.")
        return section
    index = list(games["game"])
    causes = [
        {
            "cause": cause,
            "share of sinkings": pergame.rows_ratio(
                sunk.assign(hit=(sunk["sunk_by"] == cause).astype(float)), index, "hit"
            ),
        }
        for cause in ("card", "special")
    ]
    after = [
        {
            "measure": "games with a sinking",
            "estimate": pergame.share((games["sunk"] > 0).to_numpy(float)),
        },
        {
            "measure": "round of a sinking",
            "estimate": pergame.rows_ratio(sunk, index, "sunk_round", is_share=False),
        },
        {
            "measure": "win share of a sunk ship",
            "estimate": pergame.share(sunk.groupby("game")["win_share"].mean().to_numpy(float)),
        },
    ]
    section.tables += [
        Table("What sank them", pd.DataFrame(causes), over="games with a sinking"),
        Table("Sinkings", pd.DataFrame(after), over="games (with a sinking, for the last two)"),
    ]
    return section


def island_scorings(frames: StudyFrames, record: dict[str, Any]) -> Section:
    islands, index = events_of(frames, "island"), _games(frames)
    islands = islands.assign(
        island=detail(islands, lambda d: d["island"], object),
        tie=detail(islands, lambda d: d["rule"] != "GI-I1"),
        paid=detail(islands, lambda d: sum(v > 0 for v in d["fame"].values())),
        best=detail(islands, lambda d: max(d["fame"].values(), default=0)),
        fame=detail(islands, lambda d: sum(d["fame"].values())),
        rule=detail(islands, lambda d: d["rule"], object),
    )
    rows = []
    for name, group in islands.groupby("island"):
        rows.append(
            {
                "island": name,
                "size": int(sum(group["data"].iloc[0]["pirates"].values())),
                "scored in games": pergame.share(pergame.per_game_sums(group, index).clip(max=1)),
                "round": pergame.rows_ratio(group, index, "turn", is_share=False),
                "decided by a tie rule": pergame.rows_ratio(group, index, "tie"),
                "players paid": pergame.rows_ratio(group, index, "paid", is_share=False),
                "best paid fame": pergame.rows_ratio(group, index, "best", is_share=False),
                "fame paid in all": pergame.rows_ratio(group, index, "fame", is_share=False),
            }
        )
    rules = [
        {
            "rule": _rule_names(rule),
            "share of scorings": pergame.rows_ratio(
                islands.assign(hit=(islands["rule"] == rule).astype(float)), index, "hit"
            ),
        }
        for rule in sorted(islands["rule"].unique())
    ]
    players = frames.players
    by_agent = [
        {
            "agent": agent,
            "island fame per seat": pergame.mean(
                pergame.seat_means(players, "fame_islands", agent).to_numpy(float)
            ),
            "share of its fame": pergame.ratio(
                players[players["agent"] == agent]
                .groupby("game")["fame_islands"]
                .sum()
                .to_numpy(float),
                players[players["agent"] == agent]
                .groupby("game")["fame"]
                .sum()
                .clip(lower=0)
                .to_numpy(float),
            ),
        }
        for agent in dict.fromkeys(players["agent"])
    ]
    per_game = pergame.count(pergame.per_game_sums(islands, index))
    return Section(
        "Island scorings",
        "An island is scored when its last field is filled (GI-I1); ties follow GI-I2..I5. "
        f"Island scorings per game: {estimate_text(per_game)}. Per scoring, the figures are "
        "ratios of per-game sums with intervals over games.",
        tables=[
            Table(
                "By island (size = fields; fame = what one scoring paid)",
                pd.DataFrame(rows),
                over="games in which the island was scored",
            ),
            Table(
                "Which rule decided the scoring", pd.DataFrame(rules), over="games with a scoring"
            ),
            Table("Who gets the island fame", pd.DataFrame(by_agent), over="games"),
        ],
    )


def race(frames: StudyFrames, record: dict[str, Any]) -> Section:
    games, players = frames.games, frames.players
    rounds = games["rounds"].to_numpy(float)
    length = [
        {"rounds": int(r), "share of games": pergame.share((rounds == r).astype(float))}
        for r in sorted(set(rounds.tolist()))
    ]
    fig = Figure(figsize=(6, 2.8))
    ax = fig.subplots()
    if len(rounds):
        edges = [r - 0.5 for r in range(int(rounds.min()), int(rounds.max()) + 2)]
        ax.hist(rounds, bins=edges, color="#86bf6a", edgecolor="white")
    ax.set_xlabel("rounds played")
    ax.set_ylabel("games")
    sources = [c for c in players.columns if c.startswith("fame_")]
    where = []
    for agent in dict.fromkeys(players["agent"]):
        row: dict[str, Any] = {"agent": agent}
        for c in sources:
            row[c.removeprefix("fame_").replace("_", " ")] = pergame.mean(
                pergame.seat_means(players, c, agent).to_numpy(float)
            )
        where.append(row)
    leaders = [
        {
            "ship": what,
            "win share": pergame.share(
                players[players[column] == 1].groupby("game")["win_share"].mean().to_numpy(float)
            ),
        }
        for what, column in (
            ("first home", "home_place"),
            ("first at the compass", "compass_place"),
        )
    ]
    ended = "; ".join(f"{w} ({c})" for w, c in games["ended"].value_counts().items())
    return Section(
        "The race",
        "The game ends after the round in which a ship first completes the route (GI-G1). "
        f"Rounds per game: {estimate_text(pergame.count(rounds))}.",
        tables=[
            Table("Race length", pd.DataFrame(length), over="games"),
            Table(
                "Where each agent's fame comes from (per seat)",
                pd.DataFrame(where),
                over="games",
                units={c: "fame" for c in where[0]} if where else {},
            ),
            Table("How the leaders fared", pd.DataFrame(leaders), over="games"),
        ],
        figures=[(f"Rounds per game; {sample_note(frames, record)}.", figure_uri(fig))],
        notes=[f"Why games ended: {ended}."],
    )


def sections(frames: StudyFrames, record: dict[str, Any]) -> list[Section]:
    return [
        colours_and_ties(frames, record),
        sail_cards(frames, record),
        sinking(frames, record),
        island_scorings(frames, record),
        race(frames, record),
    ]


__all__ = ["paired_effects", "sections", "tie_breaks"]
