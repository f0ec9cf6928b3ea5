"""What each Glory Islands special action is worth: the study replayed without it, same seeds.

:data:`VARIANTS` switches off each special action (GI-C2..C4: the 2-card's treasure hunt, the
3-card's second pirate, the 4-card's pirate move). ``atoll gloryislands report`` replays the
study's games without each (:mod:`analyses.variants`) and :func:`variant_sections` shows, for
each, the change in every agent's and every seat's win share and in each agent's fame, game by
game on the same seeds (paired differences with 95% intervals over games and Holm-adjusted
p-values), and how often the study used the action. :mod:`analyses.gloryislands.report`
re-exports both for the report machinery.

>>> VARIANTS["no-hunt"].options
{'hunt': False}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pandas as pd

from analyses import pergame
from analyses.frames import StudyFrames
from analyses.provenance import plain
from analyses.sections import effects_table, unchanged_warning, variant_findings
from analyses.tables import Section, estimate_text
from analyses.variants import Measure, Variant, VariantRun, compared, per_game

#: The special actions switched off, one variant each (slug -> label and rule options).
VARIANTS: dict[str, Variant] = {
    "no-hunt": Variant("without the 2-card's treasure hunt (GI-C2)", {"hunt": False}),
    "no-extra-pirate": Variant(
        "without the 3-card's second pirate (GI-C3)", {"extra_pirate": False}
    ),
    "no-relocate": Variant("without the 4-card's pirate move (GI-C4)", {"relocate": False}),
}
#: The event kind that logs each variant's special action (how often the study used it).
_ACTION_EVENT = {"no-hunt": "hunt", "no-extra-pirate": "extra-pirate", "no-relocate": "relocate"}


def paired_effects(base: StudyFrames, variant: StudyFrames) -> pd.DataFrame:
    """Game-by-game differences (variant minus study) on the games both finished: each agent's
    and each seat's win share, each agent's fame, and the rounds played."""
    measures: list[Measure] = []
    for agent in dict.fromkeys(base.players["agent"]):
        for what, column in (("win share", "win_share"), ("fame", "fame")):
            measures.append(
                (
                    f"{what} of {agent}",
                    per_game(base, column, by="agent", key=agent),
                    per_game(variant, column, by="agent", key=agent),
                )
            )
    measures += [
        (
            f"win share of seat {seat}",
            per_game(base, "win_share", by="seat", key=seat),
            per_game(variant, "win_share", by="seat", key=seat),
        )
        for seat in sorted(base.players["seat"].unique())
    ]
    rounds = [g.set_index("game")["rounds"] for g in (base.games, variant.games)]
    measures.append(("rounds per game", rounds[0], rounds[1]))
    return compared(measures)


def variant_sections(
    frames: StudyFrames, record: dict[str, Any], variants: Mapping[str, VariantRun]
) -> list[Section]:
    section = Section(
        "What each special action is worth",
        "Each variant replays the study's games from the same seeds with the same agents in the "
        "same seats, one special action switched off; a difference is the variant minus the "
        "study, game by game (paired), with its 95% interval over games. A win share that "
        "falls without an action means the agent gained from having it. p: sign-flip "
        "permutation test; adjusted by Holm over each table; 'clear' when the adjusted p is "
        "below 0.05; an effect that is another's again (the other agent's share) is tested "
        "once. The board is the study's (see its note above).",
    )
    index = list(frames.games["game"])
    for slug, run in variants.items():
        table = paired_effects(frames, run.frames)
        label = run.variant.label
        unchanged_warning(section, label, frames, run)
        kind = _ACTION_EVENT.get(slug)
        if kind is not None:
            used = frames.events[frames.events["kind"] == kind]
            per_game = pergame.count(pergame.per_game_sums(used, index))
            section.notes.append(f"{label}: the study used it {estimate_text(per_game)} a game.")
        if table.empty:
            section.notes.append(f"{label}: fewer than 2 games to pair.")
            continue
        options = ", ".join(f"{k} = {plain(v)}" for k, v in run.variant.options.items())
        section.tables.append(effects_table(f"{label} ({options})", table))
        variant_findings(section, label, table)
    return [section]
