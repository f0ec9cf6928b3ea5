"""The report's sections on seats: who sat where, and whether the seat matters — stated as a
property of the game only when the design lets it be (:mod:`analyses.statistics.balance`).

* Every seat had the same agent spec: each seat's win share, tested by permuting the rotations
  (:func:`analyses.statistics.seating.seat_test`); a seat that survives the report's correction is
  stated as the game's.
* Duplicate design: the same, with the deal as the unit (the rotations permuted within each
  deal, the agents balanced over the seats), and the seat × agent table with a test of the
  interaction for three players or more (:func:`analyses.statistics.seating.interactions`). A seat
  whose advantage differs by agent is stated as that interaction ("seat 2's advantage is greedy's,
  not random's"), not as the game's.
* Otherwise (unlike agents, fixed design): seat and agent are confounded. The section says so,
  shows the seat × agent table, and tests nothing about the seats.

Every test is a :class:`~analyses.reports.tables.Finding` of the report's one family
(:mod:`analyses.reports.family`).
"""

from __future__ import annotations

import math
from typing import Any

import pandas as pd

from analyses.reports.figures import bars, figure_uri
from analyses.reports.sections import sample_note, small_sample
from analyses.reports.tables import Finding, Power, Section, Table, estimate_text
from analyses.statistics import formats, pergame, seating
from analyses.statistics.balance import Design, design_of
from analyses.statistics.stats import Estimate
from analyses.studies.frames import StudyFrames

__all__ = ["lineup_section", "outcome_section"]


def lineup_section(frames: StudyFrames, record: dict[str, Any]) -> Section:
    config = record["config"]
    agents, size = list(config["agents"]), int(config["players"])
    design = design_of(frames, record)
    notes = []
    if len(agents) < size:
        seats = [agents[i % len(agents)] for i in range(size)]
        twice = sorted({a for a in seats if seats.count(a) > 1})
        notes.append(
            f"{len(agents)} agents for {size} seats: the lineup repeats them ({', '.join(seats)}), "
            f"so {' and '.join(twice)} sit in more than one seat of every game."
        )
    if design.paired:
        how = (
            f"Every deal (one chance seed) was played once per rotation of the lineup (design "
            f"duplicate: {design.count} deals of {size} games), so each agent sat in each seat "
            "on the same deals."
        )
    elif config.get("rotate", True):
        how = "The agents rotated by one seat each game, each game its own deal (design fixed)."
    else:
        how = "The agents sat in fixed seats (design fixed)."
    if design.left_out:
        notes.append(
            f"{design.left_out} games belong to deals that lack a rotation (a failed game): "
            "they are left out of the seats and agents, which need every rotation of a deal."
        )
    return Section(
        "Who sat where",
        f"{how} Every lineup the games used, and how many games used it.",
        tables=[Table("Lineups", seating.lineups(frames.players), over="games")],
        notes=notes,
    )


def outcome_section(frames: StudyFrames, record: dict[str, Any]) -> Section:
    design = design_of(frames, record)
    players = design.used(frames.players)
    deals = design.deal if design.paired else None
    test = seating.seat_test(players, deals=deals)
    even, units = 1 / test.players, design.units
    claims = design.seat_claims and test.testable
    rows = []
    for seat in sorted(test.shares):
        scores = players.loc[players["seat"] == seat].set_index("game")["score"]
        per_unit = design.per_unit(scores) if design.paired else scores
        row: dict[str, Any] = {
            "seat": seat,
            "win share": test.shares[seat],
            "mean score": pergame.mean(per_unit.to_numpy(float)),
        }
        if claims:
            row |= test.test_columns(seat)
        rows.append(row)
    table = pd.DataFrame(rows)
    section = Section(
        "Outcome by seat",
        _intro(design, test.players),
        tables=[Table("Seats", table, over=design.over, units={"mean score": "points"})],
        figures=[
            (
                f"Win share by seat with 95% intervals over {design.over}; "
                f"{sample_note(frames, record)}.",
                figure_uri(
                    bars(
                        [f"seat {s}" for s in test.shares],
                        list(test.shares.values()),
                        even=even,
                        ylabel="win share",
                    )
                ),
            )
        ],
    )
    small_sample(section, test.games, units)
    if not design.alike:
        section.tables.append(
            Table(
                "Seat × agent: each agent's win share in each seat",
                seating.seat_agent_shares(players, deals),
                over=f"the {units} in which the agent held the seat",
            )
        )
    if not design.seat_claims:
        section.intro = f"{section.intro} {_confounded(record)}"
        section.warnings.append(
            "Seat and agent are confounded (unlike agents, design fixed): no seat effect is "
            "stated as a property of the game; 'Outcome by seat' shows seat × agent."
        )
        return section
    if not test.testable:
        section.notes.append(
            "The seat effect cannot be told apart from the agents': every game seated the same "
            "agents in the same seats. Play the study with --design duplicate to test it."
        )
        return section
    section.notes.append(f"All seats together: permutation p = {test.overall:.3f}.")
    section.data["seat_test"] = {
        "overall_p": test.overall,
        "p_method": "monte carlo",
        "p_error": test.error(test.overall),
        "permutations": test.drawn,
        "units": units,
        "n": test.games,
    }
    # what the seat test could find: the seat whose win share spreads most over the units
    by_seat = players.pivot(index="game", columns="seat", values="win_share")
    per_seat = design.per_unit(by_seat) if design.paired else by_seat
    widest = per_seat.std().idxmax()
    section.powers.append(
        Power(
            f"A seat's win share (seat test, per seat; seat {widest}, the widest spread)",
            per_seat[widest].to_numpy(float),
            units,
            f"the even {even:.2f}",
        )
    )
    held = _interactions(section, players, design) if design.paired and not design.alike else {}
    mirror = _mirror(section, table, test)
    for i, seat in enumerate(sorted(test.shares)):
        if seat == mirror:
            continue
        e = test.shares[seat]
        more = "more" if e.value > even else "less"
        claim = (
            f"Seat {seat} wins {more} often than the even {even:.2f}: "
            + estimate_text(e, units)
            + (", the agents balanced over the seats within each deal" if design.paired else "")
        )
        section.findings.append(
            Finding(claim, e, test.p[seat], row=(table, i), unless=held.get(seat, ()))
        )
    return section


def _mirror(section: Section, table: pd.DataFrame, test: seating.SeatTest) -> int | None:
    """With two seats one's win share is 1 minus the other's: the seat behind is the same
    effect again, shown untested (its row's p is nan); which seat that is, or None."""
    if test.players != 2:
        return None
    ahead = 0 if test.shares[0].value > test.shares[1].value else 1
    behind = 1 - ahead
    table.loc[behind, ["p", "adjusted p", "p error"]] = float("nan")
    table.loc[behind, "p method"] = None
    section.notes.append(
        f"With two seats one's win share is 1 minus the other's: seat {behind}'s row is seat "
        f"{ahead}'s effect again, tested once."
    )
    return behind


def _intro(design: Design, size: int) -> str:
    common = (
        "Each seat's share of the wins (a win shared by k tied players counts 1/k), with an "
        "interval"
    )
    if design.paired:
        return (
            f"{common} over deals: each deal counts once, as the mean of its {size} rotations, "
            "so every agent sat in every seat equally often on the same deals and a seat's "
            "share is the seat's own. Does the seat matter? The rotations are permuted within "
            "each deal (a stratified permutation test that counts shared wins as played); "
            "p-values are per seat, adjusted with all the report's tests together (Holm)."
        )
    if design.alike:
        return (
            f"{common} over games. Every seat had the same agent, so a seat's share is the "
            "seat's own. Does the seat matter? Each game's outcome is turned over the seats at "
            "random (a permutation test that counts shared wins as played); p-values are per "
            "seat, adjusted with all the report's tests together (Holm)."
        )
    return f"{common} over games."


def _confounded(record: dict[str, Any]) -> str:
    config = record["config"]
    how = (
        "rotated from game to game, each game its own deal"
        if config.get("rotate", True)
        else "in fixed seats"
    )
    return (
        f"Seat and agent are confounded: the agents differ ({', '.join(config['agents'])}) and "
        f"sat {how} (design fixed), so no deal was played with them in other seats and a "
        "seat's win share is also the strength of the agents that held it. No seat effect is "
        "stated as a property of the game; the seat × agent table shows each agent's win share "
        "in each seat. Play the study with --design duplicate to tell seat and agent apart."
    )


def _interactions(
    section: Section, players: pd.DataFrame, design: Design
) -> dict[int, tuple[Finding, ...]]:
    """The seat × agent interaction tests as a table and findings; by seat, the findings that
    say a seat's effect instead of the seat finding."""
    if design.players < 3:
        section.notes.append(
            "With two players a seat's advantage to one agent is its cost to the other (the "
            "win shares of a game sum to 1), so a seat's effect cannot differ by agent: there "
            "is no seat × agent interaction to test."
        )
        return {}
    found = seating.interactions(players, design.deal)
    # a lineup that repeats (greedy, random, greedy, random) makes seats twins: seat 2's
    # contrast is seat 0's mirrored in every deal; tested once, as the first of them. Twins
    # hold the same agent in every game (seats 0 and 2 here, never 0 and 1, whose contrasts
    # may be mirrored by chance)
    by_seat = players.pivot_table(index="game", columns="seat", values="agent", aggfunc="first")
    twin_of: dict[int, int] = {}
    for k, i in enumerate(found):
        for j, other in enumerate(found[:k]):
            mirrored = math.isclose(i.difference.value, -other.difference.value, abs_tol=1e-12)
            alike = bool((by_seat[i.seat] == by_seat[other.seat]).all())
            if (
                j not in twin_of
                and other.agent == i.agent
                and alike
                and mirrored
                and i.p == other.p
            ):
                twin_of[k] = j
                break
    rows = [
        {
            "contrast": f"seat {i.seat}: {i.agent} against {_names(i.others)}",
            "agent's win share there": i.share,
            "others' win share there": i.others_share,
            "agent's advantage": i.advantage,
            "others' advantage": i.others_advantage,
            "difference": i.difference,
            **pergame.test_columns(None if k in twin_of else i.test),
            "adjusted p": float("nan"),
        }
        for k, i in enumerate(found)
    ]
    table = pd.DataFrame(rows)
    section.tables.append(
        Table(
            "Seat × agent interaction: is a seat worth more to one agent? (advantage: the "
            "agent's win share in the seat minus its mean over all seats)",
            table,
            over="deals",
        )
    )
    section.notes.append(
        "Interaction: in every deal, each agent's win share in a seat minus its mean over the "
        "seats is its advantage there; the agent's advantage minus the others' is tested "
        "against 0 by flipping the sign of each deal's value (a seat whose effect differs by "
        "agent is stated as that, not as the game's)."
    )
    held: dict[int, tuple[Finding, ...]] = {}
    made: dict[int, Finding] = {}
    for k, i in enumerate(found):
        if k in twin_of:  # the mirror of an earlier contrast: its finding speaks for both
            first = found[twin_of[k]]
            section.notes.append(
                f"Seat {i.seat}'s contrast is seat {first.seat}'s mirrored in every deal (the "
                "lineup repeats its agents): tested once, as seat "
                f"{first.seat}'s."
            )
            held[i.seat] = (*held.get(i.seat, ()), made[twin_of[k]])
            continue
        finding = Finding(_interaction_claim(i), i.difference, i.p, row=(table, k))
        section.findings.append(finding)
        made[k] = finding
        held[i.seat] = (*held.get(i.seat, ()), finding)
    return held


def _names(agents: tuple[str, ...]) -> str:
    return agents[0] if len(agents) == 1 else f"the others ({', '.join(agents)})"


def _possessive(agents: tuple[str, ...]) -> str:
    return f"{agents[0]}'s" if len(agents) == 1 else f"the others' ({', '.join(agents)})"


def _interaction_claim(i: seating.Interaction) -> str:
    """The interaction in words that follow its direction: whose advantage the seat is."""
    mine, theirs = (i.agent,), i.others
    hi, lo = (mine, theirs) if i.difference.value >= 0 else (theirs, mine)
    adv_hi, adv_lo = (
        (i.advantage.value, i.others_advantage.value)
        if hi == mine
        else (i.others_advantage.value, i.advantage.value)
    )
    share_hi, share_lo = (i.share, i.others_share) if hi == mine else (i.others_share, i.share)
    if adv_hi > 0 >= adv_lo:
        head = f"Seat {i.seat}'s advantage is {_possessive(hi)}, not {_possessive(lo)}"
    elif adv_lo > 0:
        head = f"Seat {i.seat} helps {_names(hi)} more than {_names(lo)}"
    else:
        head = f"Seat {i.seat} costs {_names(lo)} more than {_names(hi)}"
    gap = _oriented(i.difference)
    return (
        f"{head}: {_names(hi)} {'win' if len(hi) > 1 else 'wins'} {share_hi.value:.2f} there "
        f"({_signed(adv_hi)} against {'their' if len(hi) > 1 else 'its'} mean over the "
        f"seats), {_names(lo)} {share_lo.value:.2f} ({_signed(adv_lo)}); the difference is "
        f"{estimate_text(gap, 'deals')}"
    )


def _signed(x: float) -> str:
    """A signed difference with two decimals, never "-0.00" (nor "+0.00": "0.00")."""
    text = formats.fixed(x, 2)
    return text if text.startswith("-") or float(text) == 0 else f"+{text}"


def _oriented(e: Estimate) -> Estimate:
    """A difference turned to be positive (its interval turned with it)."""
    if e.value >= 0:
        return e
    return Estimate(-e.value, -e.high, -e.low, e.n, e.confidence, e.method)
