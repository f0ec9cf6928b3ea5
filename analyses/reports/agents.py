"""The report's section on agents: how strong each agent was in these games, with the seats
balanced where the design balances them, head to head, what the pairing of a duplicate design
was worth, and each agent's measured strength from the ladder (:mod:`solvers.agents.ladder`).

An agent's win share is its share of each game's win per seat it held. Under a duplicate
design the deal is the unit (the mean over its rotations: every agent sat in every seat of
it), so the agent effect is estimated with the seats balanced, and the report says how much
variance the pairing of the rotations removed (:func:`analyses.statistics.balance.pairing_gain`).
With two agents one's share fixes the other's, so the effect is tested once. In fixed seats the
agent and seat are confounded and nothing about the agents is tested.

>>> from analyses.statistics.balance import read_design
>>> games = pd.DataFrame({"game": range(6), "deal": [0, 0, 1, 1, 2, 2], "rotation": [0, 1] * 3})
>>> players = pd.DataFrame({"game": [g for g in range(6) for _ in "ab"], "seat": [0, 1] * 6,
...                         "agent": ["g", "r", "r", "g"] * 3,
...                         "win_share": [1.0, 0, 1, 0, 1, 0, 1, 0, 1, 0, 0, 1]})
>>> sentence = pairing_sentence(read_design(games, players, "duplicate"), players)
>>> import textwrap
>>> print(textwrap.fill(sentence, 90))
Pairing the 2 rotations of each deal removed 38% of the variance of the agent comparison
(g against r): the 3 deals weigh as much as 10 unpaired games (they are 6 games).
"""

from __future__ import annotations

import math
from itertools import combinations
from typing import Any

import numpy as np
import pandas as pd

from analyses.reports.sections import small_sample
from analyses.reports.tables import P_DETAILS, Finding, Power, Section, Table, estimate_text
from analyses.statistics import formats, pergame
from analyses.statistics.balance import Design, design_of, pairing_gain
from analyses.studies.frames import StudyFrames
from models.core import game_info
from solvers.agents.ladder import Ladder, load_ladder

__all__ = ["agent_strength", "agents_section", "pairing_sentence"]


def agents_section(
    frames: StudyFrames, record: dict[str, Any], ladder: Ladder | None = None
) -> Section:
    design = design_of(frames, record)
    players = design.used(frames.players)
    size = int(record["config"]["players"])
    even, units = 1 / size, design.units
    strength = agent_strength(record, ladder)
    confounded = design.fixed_seats and not design.alike
    merged = players.merge(frames.timings, on=["game", "seat"], how="left")
    agents = list(dict.fromkeys(players["agent"]))
    rows, unit_shares = [], {}
    for agent, group in merged.groupby("agent", sort=False):
        shares = _per_unit(design, pergame.agent_shares(players, agent))
        unit_shares[str(agent)] = shares
        scores = _per_unit(design, group.groupby("game")["score"].mean())
        moves = group["moves"].sum()
        tested = not confounded and len(agents) > 1 and (len(agents) > 2 or agent == agents[0])
        rows.append(
            {
                "agent": agent,
                units: shares.size,
                "seats per game": len(group) / group["game"].nunique(),
                "win share per seat": pergame.share(shares.to_numpy(float)),
                "mean score": pergame.mean(scores.to_numpy(float)),
                "ms per move": 1000 * group["seconds"].sum() / moves if moves else math.nan,
                "measured strength": strength[str(agent)]["short"],
                **pergame.test_columns(
                    pergame.sign_flip_test(shares.to_numpy(float) - even) if tested else None
                ),
                "adjusted p": math.nan,
            }
        )
    table = pd.DataFrame(rows)
    section = Section("Agents", _intro(design, size, even))
    section.strength = [s["text"] for s in strength.values()]
    section.data["agent_strength"] = list(strength.values())
    if len(agents) < 2:
        table = table.drop(columns=["p", "adjusted p", *P_DETAILS])
    for k, row in enumerate(table.to_dict("records")):
        if not math.isnan(row.get("p", math.nan)):
            e = row["win share per seat"]
            more = "more" if e.value > even else "less"
            claim = (
                f"{row['agent']} wins {more} often than the even {even:.2f} per seat: "
                f"{estimate_text(e, units)}"
                + (", the seats balanced within each deal" if design.paired else "")
            )
            section.findings.append(Finding(claim, e, row["p"], row=(table, k)))
            section.powers.append(
                Power(
                    f"{row['agent']}'s win share per seat",
                    unit_shares[str(row["agent"])].to_numpy(float),
                    units,
                    f"the even {even:.2f}",
                )
            )
    section.tables.append(
        Table("Agents", table, over=_over(design), units={"mean score": "points"})
    )
    if len(agents) == 2 and not confounded:
        section.notes.append(
            f"With two agents one's win share fixes the other's (the shares of a game sum to "
            f"1), so the agents are tested once: {agents[1]}'s row is {agents[0]}'s again."
        )
    if confounded:
        section.notes.append(
            "The agents sat in fixed seats, so an agent's win share is also its seat's: agent "
            "and seat are confounded and nothing here is tested. Play the study with --design "
            "duplicate to tell them apart."
        )
    if len(agents) > 1:
        # with two agents the head-to-head is the same effect as the win share (which agent
        # is stronger): stated once, as the win share, when that holds
        stated = tuple(section.findings) if len(agents) == 2 else ()
        h2h = _head_to_head(players, agents, design, section, confounded, unit_shares, stated)
        section.tables.append(h2h)
    section.data["pairing"] = None
    if design.paired and not design.alike:
        sentence = pairing_sentence(design, players)
        section.notes.append(sentence)
        section.resolution.append(sentence)
        section.data["pairing"] = pairing_record(design, players, sentence)
    small_sample(section, design.count, units)
    return section


def _per_unit(design: Design, values: pd.Series) -> pd.Series:
    return design.per_unit(values) if design.paired else values


def _over(design: Design) -> str:
    return design.over if design.paired else "games the agent played"


def _intro(design: Design, size: int, even: float) -> str:
    unit = (
        "over deals (each the mean of its rotations, so every agent held every seat equally "
        "often on the same deals)"
        if design.paired
        else "over the games it played"
    )
    return (
        f"How strong each agent is: its share of each game's win per seat it held (the even "
        f"share is 1/{size} = {even:.2f}), averaged {unit}, with an interval; its mean score "
        "per seat; and its measured strength from the agent ladder (what a balance claim made "
        "from its games rests on). p: a sign-flip test of the per-"
        f"{'deal' if design.paired else 'game'} shares against the even share, adjusted with "
        "all the report's tests together (Holm)."
    )


def _head_to_head(
    players: pd.DataFrame,
    agents: list[str],
    design: Design,
    section: Section,
    confounded: bool,
    shares: dict[str, pd.Series],
    unless: tuple[Finding, ...] = (),
) -> Table:
    rows = []
    for a, b in combinations(agents, 2):
        values = _per_unit(design, pergame.head_to_head(players, a, b))
        if values.empty:
            continue
        twin = _same(values, shares[a])
        if twin:
            section.notes.append(
                f"Head to head, {a} against {b} is {a}'s win share again (being ahead of the "
                "only other seat is winning): tested once, as the win share."
            )
        tested = not (confounded or twin)
        rows.append(
            {
                "pair": f"{a} against {b}",
                "first ahead": pergame.share(values.to_numpy(float)),
                design.units: values.size,
                **pergame.test_columns(
                    pergame.sign_flip_test(values.to_numpy(float) - 0.5) if tested else None
                ),
                "adjusted p": math.nan,
            }
        )
    columns = ["pair", "first ahead", design.units, "p", "adjusted p", *P_DETAILS]
    table = pd.DataFrame(rows, columns=columns)
    for k, row in enumerate(table.to_dict("records")):
        if math.isnan(row["p"]):
            continue
        first, second = row["pair"].split(" against ")
        e = row["first ahead"]
        ahead = "ahead of" if e.value > 0.5 else "behind"
        claim = (
            f"Seat for seat, {first} is {ahead} {second}: {estimate_text(e, design.units)} of "
            "their pairs of seats (even: 0.50)"
        )
        section.findings.append(Finding(claim, e, row["p"], row=(table, k), unless=unless))
    return Table(
        "Head to head, seat by seat (every pair of the two agents' seats in a game counts once; "
        "ahead = more points, equal counts half)",
        table,
        over=f"{design.units} where both played",
    )


def _same(values: pd.Series, other: pd.Series) -> bool:
    """Whether two per-unit series are the same numbers (one effect under two names)."""
    a, b = values.align(other, join="inner")
    return len(a) == len(values) == len(other) and bool(np.allclose(a, b))


# -- the pairing of a duplicate design ----------------------------------------------------------


def pairing_sentence(design: Design, players: pd.DataFrame) -> str:
    """How much variance the pairing of each deal's rotations removed from the agent
    comparison, in one sentence (for two agents one number: one's share fixes the other's)."""
    agents = list(dict.fromkeys(design.used(players)["agent"]))
    gains = [pairing_gain(players, design, a) for a in agents]
    head = f"Pairing the {design.players} rotations of each deal"
    if len(gains) <= 2:
        g = gains[0]
        pair = f" ({agents[0]} against {agents[1]})" if len(agents) > 1 else ""
        worth = (
            f": the {g.deals} deals weigh as much as {g.worth:.0f} unpaired games "
            f"(they are {g.games} games)"
            if not math.isnan(g.worth)
            else ""
        )
        return f"{head} {_change(g.removed, f'the agent comparison{pair}')}{worth}."
    parts = [_change(g.removed, f"{g.agent}'s win share") for g in gains]
    return f"{head} {', '.join(parts[:-1])} and {parts[-1]} (against the same games unpaired)."


def _change(removed: float, what: str) -> str:
    """What the pairing did to the variance of ``what``, in words that follow its sign."""
    if math.isnan(removed):
        return f"changed nothing measurable in {what} (it did not vary)"
    if removed >= 0:
        return f"removed {removed:.0%} of the variance of {what}"
    return f"added {-removed:.0%} to the variance of {what}"


def pairing_record(design: Design, players: pd.DataFrame, sentence: str) -> dict[str, Any]:
    """What report.json says of the pairing: the unit, counts, every agent's variances and the
    share removed (``variance_removed``: the agent comparison's, with two agents)."""
    agents = list(dict.fromkeys(design.used(players)["agent"]))
    gains = [pairing_gain(players, design, a).to_dict() for a in agents]
    return {
        "unit": "deal",
        "rotations": design.players,
        "deals": design.count,
        "games": len(design.deal),
        "variance_removed": gains[0]["variance_removed"] if len(gains) <= 2 else None,
        "agents": gains,
        "sentence": sentence,
    }


# -- measured strength ----------------------------------------------------------------------------


def agent_strength(record: dict[str, Any], ladder: Ladder | None = None) -> dict[str, Any]:
    """Each agent's measured strength in the study's game at its player count, from the
    ladder (the bundled one by default): by agent, a sentence (``text``), a table cell
    (``short``) and the ladder's entries (``measured``, empty when not measured)."""
    config = record["config"]
    game, players = config["game"], int(config["players"])
    ladder = ladder if ladder is not None else load_ladder()
    title = game_info(game).title
    out = {}
    for agent in dict.fromkeys(config["agents"]):
        rungs = ladder.measured(game, players, agent)
        if rungs:
            text = f"{agent}: " + "; ".join(r.text() for r in rungs) + "."
            best = rungs[0]
            short = (
                f"{formats.interval(best.win_share, best.low, best.high)} against "
                f"{best.opponents} ({best.games} games)"
            )
        else:
            text = (
                f"{agent}: not measured (the agent ladder has no entry for {players}-player "
                f"{title})."
            )
            short = "not measured"
        measured = [r.to_dict() for r in rungs]
        out[agent] = {"agent": agent, "text": text, "short": short, "measured": measured}
    return out
