"""Glory Islands: the card colours and the tie-breakers printed on the cards (GI-R3).

With ``colours = "by_seat"`` (the default) seat i always plays colour i, so a colour's effect is
its seat's; with ``colours = "dealt"`` the colours are dealt at random and their effect is tested
on its own (:func:`analyses.statistics.seating.label_test`; in a duplicate design over deals, whose
rotations share the colours dealt: :func:`colour_units`). Ties of equal cards are counted by the
colour of the card played, a pair of one colour as one win and one loss, split by agent, as
ratios of per-game sums with intervals over games.
"""

from __future__ import annotations

from itertools import combinations
from pathlib import Path
from typing import Any

import pandas as pd

from analyses.reports.sections import sample_note
from analyses.reports.tables import Finding, Section, Table, estimate_text
from analyses.statistics import formats, pergame, seating
from analyses.statistics.balance import design_of
from analyses.studies.frames import StudyFrames, events_of


def _board_note(record: dict[str, Any]) -> str:
    board = record.get("components", {}).get("board", {})
    label = (
        "a RECONSTRUCTION (atoll's, not the published board)"
        if board.get("reconstruction")
        else "not marked as a reconstruction"
    )
    source = board.get("source", "?")
    shown = formats.source(str(source), Path.cwd()) if source != "?" else source
    return f"Board: {shown} — {label}; every figure is about this board."


def tie_breaks(frames: StudyFrames) -> pd.DataFrame:
    """Every pair of equal cards revealed together: the value, both cards' colours, their
    players' agents, and which went first (GI-R3: dots, then black before white). One row per
    pair and reveal; a pair of one colour is a win and a loss for that colour."""
    agent_of = frames.players.set_index(["game", "seat"])["agent"]
    rows = []
    for _, event in events_of(frames, "reveal").iterrows():
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
                        "winner_agent": agent_of.get((event["game"], int(a)), "?"),
                        "loser_agent": agent_of.get((event["game"], int(b)), "?"),
                    }
                )
    columns = ["game", "value", "winner", "loser", "winner_card", "loser_card"]
    columns += ["winner_agent", "loser_agent"]
    return pd.DataFrame(rows, columns=columns)


def _colour_ties(pairs: pd.DataFrame, games: list[int], colour: str, agent: str | None) -> Any:
    """The share of the ties a colour contested that it won (each side of a pair counts)."""
    won = pairs["winner"] == colour
    lost = pairs["loser"] == colour
    if agent is not None:
        won &= pairs["winner_agent"] == agent
        lost &= pairs["loser_agent"] == agent
    rows = pd.concat(
        [pairs.loc[won, ["game"]].assign(won=1.0), pairs.loc[lost, ["game"]].assign(won=0.0)]
    )
    return pergame.rows_ratio(rows, games, "won"), len(rows)


def colour_units(frames: StudyFrames, record: dict[str, Any]) -> tuple[pd.DataFrame, str]:
    """The players table as the colour test reads it, and what its shares are over. In a
    duplicate design a deal's rotations share its chance seed, so also the colours dealt to the
    seats: the deal is the unit (each seat's win share the mean over the deal's rotations, one
    row per deal and seat, ``game`` the deal), and the test deals the colours again once per
    deal, as chance dealt them (not once per game, which would take the rotations for
    independent deals)."""
    design = design_of(frames, record)
    if not design.paired:
        return frames.players, "games the colour played"
    players = design.used(frames.players)
    players = players.assign(game=design.deal.reindex(players["game"]).to_numpy())
    if players.groupby(["game", "seat"])["colour"].nunique().max() > 1:
        raise ValueError("the rotations of a deal were dealt different colours")
    units = players.groupby(["game", "seat"], as_index=False).agg(
        colour=("colour", "first"), win_share=("win_share", "mean")
    )
    return units, "deals the colour played (each the mean of its rotations)"


def colours_and_ties(frames: StudyFrames, record: dict[str, Any]) -> Section:
    players, games = frames.players, list(frames.games["game"])
    dealt = record.get("options", {}).get("colours") == "dealt"
    colours = list(dict.fromkeys(players.sort_values("seat")["colour"]))
    section = Section(
        "Card colours and the tie-breakers",
        "Cards of equal value are ordered by the tie-breakers printed on them (dots, then a "
        "black symbol before a white one, GI-R3); a fair pattern lets each colour win about "
        "half of the ties it is part of. A tie between two cards of one colour is a win and a "
        "loss for it. Ties count the colour of the card played (after swaps, GI-E1, a hand may "
        "hold another colour's cards). " + _board_note(record),
    )
    if dealt:
        units, over = colour_units(frames, record)
        test = seating.label_test(units, "colour")
        rows = [
            {
                "card colour": test.labels[i],
                "win share": test.shares[i],
                **test.test_columns(i),
            }
            for i in sorted(test.shares)
        ]
        table = pd.DataFrame(rows)
        section.tables.append(
            Table(
                "Win share by card colour (colours dealt at random)",
                table,
                over=over,
            )
        )
        section.notes.append(
            "The colours were dealt to the seats at random (colours = dealt), so a colour's "
            "effect is told apart from a seat's: the p-values re-deal every "
            f"{'deal' if over.startswith('deals') else 'game'}'s colours "
            "(adjusted with all the report's tests together); all colours together p = "
            f"{test.overall:.3f}."
        )
        for k, i in enumerate(sorted(test.shares)):
            e = test.shares[i]
            text = (
                f"The {test.labels[i]} cards win {estimate_text(e)} of the games they are "
                "played in (colours dealt at random)"
            )
            section.findings.append(Finding(text, e, test.p[i], row=(table, k)))
    else:
        section.notes.append(
            "Seat i plays the i-th colour's cards (colours = by_seat), so a colour's win share "
            "is its seat's: see 'Outcome by seat'. Seat and colour effects cannot be told apart; "
            "play the study with --option colours=dealt to separate them."
        )
    pairs = tie_breaks(frames)
    agents = list(dict.fromkeys(players["agent"]))
    tie_rows = []
    for colour in colours:
        row: dict[str, Any] = {"card colour": colour}
        share, contested = _colour_ties(pairs, games, colour, None)
        row["ties contested"], row["ties won"] = contested, share
        if len(agents) > 1:
            for agent in agents:
                row[f"won, played by {agent}"] = _colour_ties(pairs, games, colour, agent)[0]
        tie_rows.append(row)
    section.tables.append(
        Table(
            "Ties of equal cards won, by card colour",
            pd.DataFrame(tie_rows),
            over="games with such a tie",
        )
    )
    by_value = []
    for value, group in pairs.groupby("value"):
        row = {"card value": value}
        for colour in colours:
            row[colour] = _colour_ties(group, games, colour, None)[0]
        by_value.append(row)
    if by_value:
        section.tables.append(
            Table(
                "Ties won, by card value and colour",
                pd.DataFrame(by_value),
                over="games with such a tie",
            )
        )
    section.notes.append(f"{len(pairs)} ties of equal cards in {sample_note(frames, record)}.")
    return section
