"""What Tobago adds to atoll: its report sections, the amulets switched off as a rule variant
(with Tobago's own measures beside the shared ones), its commands for hint puzzles and maps, how
``replay`` tells a position, and ``render`` for island maps (:class:`~analyses.plugin.GamePlugin`).

>>> PLUGIN.variants["no-amulets"].options
{'amulets_when': 'never'}
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from analyses.plugin import GamePlugin, Ladder, Variant, VariantReport

if TYPE_CHECKING:
    import click

    from analyses.reports.tables import Section
    from analyses.reports.variants import Measure
    from analyses.studies.frames import StudyFrames
    from models.core import GameState

__all__ = ["PLUGIN", "VARIANTS"]

#: Rule variants the report replays on the study's seeds (:mod:`analyses.reports.variants`).
VARIANTS: dict[str, Variant] = {
    "no-amulets": Variant(
        "without amulets (TB-A1..A2: no amulet washes up)",
        {"amulets_when": "never"},
        direct=("amulet",),
    ),
}


# Each part loads its module when first called: the plug-in itself stays light.
def _sections(frames: StudyFrames, record: dict[str, Any]) -> list[Section]:
    from analyses.tobago import report

    return report.sections(frames, record)


def _measures(base: StudyFrames, variant: StudyFrames) -> list[Measure]:
    from analyses.tobago import report

    return report.variant_measures(base, variant)


def _commands() -> Sequence[click.Command]:
    from analyses.tobago import cli

    return list(cli.tobago.commands.values())


def _describe(state: GameState, show_events: bool) -> None:
    from analyses.tobago import cli_game

    cli_game.tell(state, show_events)


def _snapshot(state: GameState) -> dict[str, Any]:
    from analyses.tobago import cli_game

    return cli_game.snapshot_of(state)


def _pages(site: Any) -> Any:
    from analyses.tobago import explore

    return explore.pages(site)


# The ladder's ISMCTS (benchmarks/agent_strength.py): CPU ms per iteration measured by
# --calibrate (4 players) on 2026-12-03 with the machine's 2 cores shared (load average 6-10);
# the prior deeper where the branching is small enough to afford it (solvers/agents/ismcts.py).
PLUGIN = GamePlugin(
    game="tobago",
    help="Tobago — treasure deduction on a hex island.",
    sections=_sections,
    ladder=Ladder("ismcts:prior=5,prior_depth=3", iteration_ms=0.57),
    tune_example=("option:marker_threshold=10..24",),
    luck_changes=(
        ("cards:hand", 4, 5),
        ("cards:hand", 4, 8),
        ("option:amulets_per_statue", 1, 2),
        ("cards:gold[value=6].count", 7, 8),
    ),
    component_flag=("--deck", "clues"),
    variants=VARIANTS,
    variant_report=VariantReport(extra=_measures, extra_title="Tobago's measures, paired by seed"),
    commands=_commands,
    describe=_describe,
    snapshot=_snapshot,
    pages=_pages,
)
