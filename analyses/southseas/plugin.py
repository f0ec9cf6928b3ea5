"""What Carcassonne: South Seas adds to atoll: its report sections (tile draw, features,
scoring), its study watcher (islanders stranded in features no tile can finish), its ``tiles``
command and how ``replay`` tells a position (:class:`~analyses.plugin.GamePlugin`). It
declares no rule variants of its own.

>>> PLUGIN.game, PLUGIN.variants
('southseas', {})
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from analyses.plugin import GamePlugin, Ladder

if TYPE_CHECKING:
    import click

    from analyses.reports.tables import Section
    from analyses.studies.frames import StudyFrames
    from models.core import GameState

__all__ = ["PLUGIN"]


# Each part loads its module when first called: the plug-in itself stays light.
def _sections(frames: StudyFrames, record: dict[str, Any]) -> list[Section]:
    from analyses.southseas import report

    return report.sections(frames, record)


def _commands() -> Sequence[click.Command]:
    from analyses.southseas import cli

    return list(cli.southseas.commands.values())


def _describe(state: GameState, show_events: bool) -> None:
    from analyses.southseas import cli

    cli.describe(state, show_events)


def _watcher() -> Any:
    from analyses.southseas.stranding import StrandingWatch

    return StrandingWatch()


def _snapshot(state: GameState) -> dict[str, Any]:
    from analyses.southseas import cli

    return cli.snapshot_of(state)


# The ladder's ISMCTS (benchmarks/agent_strength.py): CPU ms per iteration measured by
# --calibrate (4 players) on 2026-12-03 with the machine's 2 cores shared (load average 6-10);
# the prior deeper where the branching is small enough to afford it (solvers/agents/ismcts.py).
PLUGIN = GamePlugin(
    game="southseas",
    help="Carcassonne: South Seas — tile laying, islands, bridges, markets, ships.",
    sections=_sections,
    ladder=Ladder("ismcts:prior=5,prior_depth=1", iteration_ms=0.215),
    tune_example=("option:islanders=3..6",),
    luck_changes=(("option:display", 4, 5), ("option:islanders", 4, 5)),
    component_flag=("--tiles", "tiles"),
    watcher=_watcher,
    commands=_commands,
    describe=_describe,
    snapshot=_snapshot,
)
