"""What each Glory Islands special action is worth: the study replayed without it, same seeds.

The plug-in's variants (:mod:`analyses.gloryislands.plugin`) switch off each special action
(GI-C2..C4: the 2-card's treasure hunt, the 3-card's second pirate, the 4-card's pirate move).
``atoll gloryislands report`` replays the study's games without each
(:mod:`analyses.reports.variants`) and the shared variants section shows, by
:func:`variant_measures`, the change in every agent's and every seat's win share and in each
agent's fame, game by game on the same seeds (paired differences with 95% intervals over games and
Holm-adjusted p-values), and by :func:`variant_notes` how often the study used the action.

>>> from analyses.plugins import plugin
>>> plugin("gloryislands").variants["no-hunt"].options
{'hunt': False}
"""

from __future__ import annotations

import pandas as pd

from analyses.reports.tables import estimate_text
from analyses.reports.variants import Measure, VariantRun, compared
from analyses.statistics import pergame
from analyses.studies.frames import StudyFrames

#: The event kind that logs each variant's special action (how often the study used it).
_ACTION_EVENT = {"no-hunt": "hunt", "no-extra-pirate": "extra-pirate", "no-relocate": "relocate"}


def variant_measures(base: StudyFrames, variant: StudyFrames) -> list[Measure]:
    """What a special action's variant is judged on, game by game (variant minus study) on the
    games both finished: each agent's and each seat's win share, each agent's fame, and the
    rounds played."""
    measures: list[Measure] = []
    for agent in dict.fromkeys(base.players["agent"]):
        for what, column in (("win share", "win_share"), ("fame", "fame")):
            measures.append(
                (
                    f"{what} of {agent}",
                    pergame.seat_means(base.players, column, agent),
                    pergame.seat_means(variant.players, column, agent),
                )
            )
    measures += [
        (
            f"win share of seat {seat}",
            pergame.seat_means(_in_seat(base, seat), "win_share"),
            pergame.seat_means(_in_seat(variant, seat), "win_share"),
        )
        for seat in sorted(base.players["seat"].unique())
    ]
    rounds = [g.set_index("game")["rounds"] for g in (base.games, variant.games)]
    measures.append(("rounds per game", rounds[0], rounds[1]))
    return measures


def paired_effects(base: StudyFrames, variant: StudyFrames) -> pd.DataFrame:
    """The table of :func:`variant_measures` (:func:`analyses.reports.variants.compared`)."""
    return compared(variant_measures(base, variant))


def variant_notes(slug: str, frames: StudyFrames, run: VariantRun) -> list[str]:
    """How often the study used the special action the variant switches off."""
    kind = _ACTION_EVENT.get(slug)
    if kind is None:
        return []
    used = frames.events[frames.events["kind"] == kind]
    per_game = pergame.count(pergame.per_game_sums(used, list(frames.games["game"])))
    return [f"{run.variant.label}: the study used it {estimate_text(per_game)} a game."]


def _in_seat(frames: StudyFrames, seat: int) -> pd.DataFrame:
    """The players rows of one seat."""
    return frames.players[frames.players["seat"] == seat]
