"""What the tuned values change besides the objective (issue 39, "side effects").

The check plays the starting and the tuned values on the same fresh seeds, so every measure of
the game — each seat's and each agent's win share, and every registered measure
(:mod:`analyses.reports.metrics`, the game plug-in's ``metrics`` too: what its study report
shows) — is compared game by game: the starting mean, the tuned mean, their paired difference
with a 95% interval over games (over deals in the duplicate design, each the mean of its
rotations) and the sign-flip p-value of "no difference"
(:func:`analyses.reports.variants.compared`: one effect tested once, a rule change's direct
effects shown and not tested). Every test is a finding of the report's one family (Holm over
the whole page, :mod:`analyses.reports.family`), stated in words that say which way it went.

Two more things are measured on the same games:

* **over-shoot**: the seat that was behind (the lowest win share) under the starting values is
  no longer the one behind, and another seat now is, clearly (its win share below the even
  share by the seat test of :func:`analyses.statistics.seating.seat_test`, a test of the same
  family);
* **same-winner agreement** (:func:`agreement`): the share of the paired games whose winners
  are the same under both settings, beside what independent games would give (the sum over
  the winner sets of their frequency before times after) — how well the luck of a game is held
  fixed across settings (issue 39: 1 when a setting changes no game, the independent share
  when every change reshuffles chance).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

from analyses.reports.metrics import Metric, MetricSet, definitions, metrics
from analyses.reports.sections import by_deal, effects_table
from analyses.reports.tables import Finding, Power, Section, Table, estimate_cell
from analyses.reports.variants import compared, direct_effects
from analyses.statistics import pergame, seating
from analyses.statistics.balance import Design, design_of
from analyses.statistics.stats import Estimate
from analyses.studies.frames import StudyFrames

__all__ = ["Agreement", "agreement", "effects", "overshoot", "paired_frames", "side_effects"]


def paired_frames(frames: tuple[StudyFrames, StudyFrames]) -> tuple[StudyFrames, StudyFrames]:
    """Both runs of the check cut to the games both played (a game failed in one is left out
    of both)."""
    common = set(frames[0].games["game"]) & set(frames[1].games["game"])

    def cut(f: StudyFrames) -> StudyFrames:
        tables = {field.name: getattr(f, field.name) for field in dataclasses.fields(StudyFrames)}
        return StudyFrames(
            **{
                name: t[t["game"].isin(common)] if "game" in t.columns else t
                for name, t in tables.items()
            }
        )

    return cut(frames[0]), cut(frames[1])


def _per_game(frames: StudyFrames, own: Sequence[Metric | MetricSet]) -> dict[str, pd.Series]:
    """Each measure's value per game: a count or rate a game never had is 0 (as a compare page
    pairs them); a value only some games have (a margin of a game with one winner) stays
    missing, so that game is left out of its pairs."""
    games = pd.Index(frames.games["game"], name="game")
    out = {}
    for m in metrics(frames, own):
        values = m.per_game(frames).reindex(games).astype(float)
        out[m.name] = values.fillna(0.0) if m.family is not None else values
    return out


def effects(
    before: StudyFrames,
    after: StudyFrames,
    design: Design,
    own: Sequence[Metric | MetricSet] = (),
    direct: Sequence[str] = (),
) -> pd.DataFrame:
    """Every measure paired game by game (deal by deal under a duplicate ``design``): the
    table of :func:`analyses.reports.variants.compared` with ``starting`` and ``tuned``
    columns; a measure the tuned values changed in no game is left out (named in
    ``attrs["unchanged"]``)."""
    a, b = _per_game(before, own), _per_game(after, own)
    measures = []
    for name in dict.fromkeys([*a, *b]):
        x = a.get(name, pd.Series(0.0, index=before.games["game"]))
        y = b.get(name, pd.Series(0.0, index=after.games["game"]))
        if x.fillna(0).any() or y.fillna(0).any():
            measures.append((name, x, y))
    table = compared(by_deal(measures, design), direct)
    moved = table[table["games changed"] > 0]
    moved.attrs = table.attrs
    moved.attrs["unchanged"] = table.loc[table["games changed"] == 0, "measure"].tolist()
    units = design.units
    renamed = {"study": "starting", "variant": "tuned", "games": units,
               "games changed": f"{units} changed"}  # fmt: skip
    return moved.reset_index(drop=True).rename(columns=renamed)


@dataclasses.dataclass(frozen=True)
class Agreement:
    """The share of paired games (deals: each the mean of its rotations) with the same winners
    under both settings, what independent games would give, and over how many units."""

    same: Estimate
    independent: float
    units: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "same_winners": self.same.value,
            "low": self.same.low,
            "high": self.same.high,
            "n": self.units,
            "independent_games": self.independent,
        }


def agreement(before: StudyFrames, after: StudyFrames, design: Design) -> Agreement:
    """How often a paired game has the same winners under both settings, and the share that
    independent games of the same winner frequencies would give: the sum over winner sets of
    their share before times their share after (with one winner a game: Σ_seats p_before ·
    p_after).

    >>> from analyses.statistics.balance import read_design
    >>> games = pd.DataFrame({"game": [0, 1, 2, 3], "winners": [(0,), (1,), (0,), (0,)]})
    >>> players = pd.DataFrame({"game": [0, 1, 2, 3], "seat": [0, 1, 0, 1], "agent": "random"})
    >>> frames = StudyFrames.from_rows({"games": games, "players": players})
    >>> flipped = StudyFrames.from_rows({"games": games.assign(winners=[(0,), (0,), (1,), (0,)]),
    ...                                  "players": players})
    >>> found = agreement(frames, flipped, read_design(games, players))
    >>> found.same.value, found.independent  # 2 of 4 alike; 0.75 * 0.75 + 0.25 * 0.25
    (0.5, 0.625)
    """
    a = before.games.set_index("game")["winners"].map(lambda w: tuple(sorted(w)))
    b = after.games.set_index("game")["winners"].map(lambda w: tuple(sorted(w)))
    a, b = a.align(b, join="inner")
    alike = pd.Series((a == b).astype(float).to_numpy(), index=a.index)
    per_unit = design.per_unit(alike) if design.paired else alike
    shares_a, shares_b = a.value_counts(normalize=True), b.value_counts(normalize=True)
    independent = float((shares_a * shares_b.reindex(shares_a.index, fill_value=0)).sum())
    values = per_unit.to_numpy(float)
    same = pergame.share(values) if len(values) else Estimate(math.nan, math.nan, math.nan, 0)
    return Agreement(same, independent, len(values))


def _seat_test(frames: StudyFrames, design: Design) -> seating.SeatTest:
    players = design.used(frames.players)
    return seating.seat_test(players, deals=design.deal if design.paired else None)


def overshoot(
    tests: tuple[seating.SeatTest, seating.SeatTest], design: Design
) -> tuple[Finding | None, dict[str, Any]]:
    """The over-shoot finding from the seat tests before and after (a test of the report's
    family: the seat now behind, its win share against the even share) when the seat behind
    changed and the seat test can be made (alike agents, or a duplicate design), and what
    report.json says of the seats behind."""
    even = 1 / tests[1].players
    behind = [min(t.shares, key=lambda s: t.shares[s].value) for t in tests]
    data: dict[str, Any] = {
        "behind_before": {"seat": behind[0], "share": tests[0].shares[behind[0]].value},
        "behind_after": {"seat": behind[1], "share": tests[1].shares[behind[1]].value},
        "even": even,
        "overshoot_tested": False,
    }
    if behind[0] == behind[1] or not (design.seat_claims and tests[1].testable):
        return None, data
    now = tests[1].shares[behind[1]]
    if not now.value < even:
        return None, data
    off = now.value - even
    claim = (
        f"Over-shoot: seat {behind[0]} was behind ({tests[0].shares[behind[0]].value:.3f}), "
        f"now seat {behind[1]} is ({now.value:.3f}, {off:+.3f} ± {now.margin:.3f} from the "
        f"even {even:.2f}, n = {now.n} {design.units})"
    )
    data["overshoot_tested"] = True  # stated when it survives the page's correction
    return Finding(claim, now, tests[1].p[behind[1]]), data


def side_effects(
    frames: tuple[StudyFrames, StudyFrames],
    record: dict[str, Any],
    options: tuple[dict[str, Any], dict[str, Any]],
    own: Sequence[Metric | MetricSet] = (),
) -> tuple[Section, dict[str, Any]]:
    """The section of the side effects (the table, each tested difference as a finding, the
    over-shoot) from the check's two runs (``record``: the starting study's, for its design;
    ``options``: the rule options of each), and each seat's win share before and after for
    the per-seat chart."""
    before, after = paired_frames(frames)
    design = design_of(before, record)
    units = design.units
    game = str(record["config"]["game"])
    direct = direct_effects(game, options[0], options[1])
    table = effects(before, after, design, own, direct)
    shown = effects_table("Every measure the tuned values changed", table, units,
                          definitions(before, own))  # fmt: skip
    section = Section(
        "Side effects: everything else, before and after",
        "Each seat's and agent's win share and every measure of the game under the starting "
        "values and the tuned ones on the check's games, paired by seed (tuned minus starting; "
        + (
            "a deal's rotations are one unit, the difference the mean over them"
            if design.paired
            else "game by game"
        )
        + "), with a 95% interval and the sign-flip p of no difference, adjusted by Holm "
        "together with every other test of this page. A measure the tuned values changed in "
        "no game is left out; one whose differences are another's is shown as 'same as'.",
        tables=[shown],
    )
    frame = shown.frame
    for label, row in frame.iterrows():
        if math.isnan(row["p"]):
            continue
        e, was, now = row["difference"], row["starting"], row["tuned"]
        way = "rises" if e.value > 0 else "falls"
        claim = (
            f"Tuned: {row['measure']} {way} from {was.value:.3g} to {now.value:.3g} "
            f"({estimate_cell(e)} per {units.removesuffix('s')}, n = {e.n} {units}, paired by "
            "seed)"
        )
        section.findings.append(Finding(claim, e, row["p"], row=(frame, label)))
    spreads = table.attrs.get("differences", {})
    if spreads:  # what these tests could find: the measure of median spread stands for them
        ranked = sorted(spreads, key=lambda m: float(np.std(spreads[m])))
        middle = ranked[len(ranked) // 2]
        section.powers.append(
            Power(
                f"a side effect (the paired test of {middle}, the median spread)",
                spreads[middle],
                units,
                "no change",
            )
        )
    tests = _seat_test(before, design), _seat_test(after, design)
    unchanged = table.attrs.get("unchanged", [])
    if unchanged:
        section.notes.append("Unchanged in every paired game: " + ", ".join(unchanged) + ".")
    found, seats = overshoot(tests, design)
    behind = pd.DataFrame(
        [
            {
                "values": name,
                "seat behind": seats[key]["seat"],
                "win share": test.shares[seats[key]["seat"]],
                "from even": round(seats[key]["share"] - seats["even"], 4),
                "p": math.nan,
                "adjusted p": math.nan,
            }
            for name, key, test in (
                ("starting", "behind_before", tests[0]),
                ("tuned", "behind_after", tests[1]),
            )
        ]
    )
    section.tables.append(
        Table(
            "The seat behind (the lowest win share), against the even share",
            behind,
            over=design.over,
            tested="win share",
        )
    )
    if found is not None:  # its test is the tuned row's: the page's correction writes it in
        behind.loc[1, "p"] = found.p
        found.row = (behind, 1)
        section.findings.append(found)
    elif seats["behind_before"]["seat"] != seats["behind_after"]["seat"]:
        section.notes.append(
            f"The seat behind changed from seat {seats['behind_before']['seat']} to seat "
            f"{seats['behind_after']['seat']}, but seat {seats['behind_after']['seat']} is not "
            "below the even share, or the seat cannot be tested apart from the agents: no "
            "over-shoot is stated."
        )
    together = agreement(before, after, design)
    seats["agreement"] = together.to_dict()
    section.data["side_effects"] = seats
    shares = {"before": tests[0].shares, "after": tests[1].shares}
    return section, {"seats": shares, "agreement": together, "design": design}
