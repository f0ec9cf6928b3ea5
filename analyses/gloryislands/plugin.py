"""What Glory Islands adds to atoll: its report sections, the special actions switched off as
rule variants, its ``board`` command, how ``replay`` tells a position and ``render`` draws a
bare board (:class:`~analyses.plugin.GamePlugin`).

>>> sorted(PLUGIN.variants)
['no-extra-pirate', 'no-hunt', 'no-relocate']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from analyses.plugin import GamePlugin, Ladder, Variant, VariantReport

if TYPE_CHECKING:
    import click

    from analyses.reports.tables import Section
    from analyses.reports.variants import Measure, VariantRun
    from analyses.studies.frames import StudyFrames
    from models.core import GameState

__all__ = ["PLUGIN", "VARIANTS"]

#: The special actions switched off, one variant each (slug -> label and rule options).
VARIANTS: dict[str, Variant] = {
    "no-hunt": Variant(
        "without the 2-card's treasure hunt (GI-C2)", {"hunt": False}, direct=("hunt",)
    ),
    "no-extra-pirate": Variant(
        "without the 3-card's second pirate (GI-C3)",
        {"extra_pirate": False},
        direct=("extra-pirate", "extra pirate"),
    ),
    "no-relocate": Variant(
        "without the 4-card's pirate move (GI-C4)", {"relocate": False}, direct=("relocate",)
    ),
}


# Each part loads its module when first called: the plug-in itself stays light.
def _sections(frames: StudyFrames, record: dict[str, Any]) -> list[Section]:
    from analyses.gloryislands import report

    return report.sections(frames, record)


def _measures(base: StudyFrames, variant: StudyFrames) -> list[Measure]:
    from analyses.gloryislands.variants import variant_measures

    return variant_measures(base, variant)


def _notes(slug: str, frames: StudyFrames, run: VariantRun) -> list[str]:
    from analyses.gloryislands.variants import variant_notes

    return variant_notes(slug, frames, run)


def _commands() -> Sequence[click.Command]:
    from analyses.gloryislands import cli

    return list(cli.gloryislands.commands.values())


def _describe(state: GameState, show_events: bool) -> None:
    from analyses.gloryislands import cli

    cli.describe(state, show_events)


def _snapshot(state: GameState) -> dict[str, Any]:
    from analyses.gloryislands import cli

    return cli.snapshot_of(state)


def _render_file(file: str, out: str, step: int | None, components: Mapping[str, str]) -> bool:
    from analyses.gloryislands import cli

    return cli.render_board_file(file, out, step, components)


# The ladder's ISMCTS (benchmarks/agent_strength.py): CPU ms per iteration measured by
# --calibrate (4 players) on 2026-12-03 with the machine's 2 cores shared (load average 6-10);
# the prior deeper where the branching is small enough to afford it (solvers/agents/ismcts.py).
PLUGIN = GamePlugin(
    game="gloryislands",
    help="Glory Islands — the pirate race around a 7x7 board of islands.",
    sections=_sections,
    ladder=Ladder("ismcts:prior=5,prior_depth=3", iteration_ms=0.234),
    tune_example=("option:colours=by_seat|dealt", "board:island_scoring.6[0]=8..16"),
    luck_changes=(
        ("board:island_scoring.6[0]", 12, 13),
        ("option:colours", "by_seat", "dealt"),
    ),
    component_flag=("--board", "board"),
    variants=VARIANTS,
    variant_report=VariantReport(
        title="What each special action is worth",
        intro="Each variant replays the study's games from the same seeds with the same agents "
        "in the same seats, one special action switched off; a difference is the variant minus "
        "the study, game by game (paired), with its 95% interval over games. A win share that "
        "falls without an action means the agent gained from having it. p: sign-flip "
        "permutation test; adjusted by Holm with all the report's tests together; 'clear' when "
        "the adjusted p is "
        "below 0.05; an effect that is another's again (the other agent's share) is tested "
        "once. The board is the study's (see its note above).",
        measures=_measures,
        notes=_notes,
        small_sample_note=False,  # the section's notes say how often each action was used
    ),
    commands=_commands,
    describe=_describe,
    snapshot=_snapshot,
    render_file=_render_file,
)
