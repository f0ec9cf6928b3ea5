"""The report of a study: one self-contained HTML file, and ``report.json`` beside it with every
number the page shows.

At the top: the findings box (:mod:`analyses.reports.findings`), then the command that made the
report,
the atoll version, the date, the study's seed and config, the rule options as a table (value,
default, rule ID; non-defaults marked) and the components (reconstructions labelled). Then the
sections every game gets (:mod:`analyses.reports.sections`), the game's own (its plug-in's,
:mod:`analyses.plugins`), what each declared rule variant is worth
(:mod:`analyses.reports.variants`), how many games a margin needs, and the games that failed.

``report.json`` holds the same: ``findings``, ``resolution``, ``warnings``, the header
(``atoll``, ``made``, ``command``, ``study``, ``options``, ``components``) and ``numbers`` —
every number of every table with its name, unit, estimate, low, high, n, method, what it is
computed over, and, in a row of a test, its p and adjusted p (README, "report.json").

>>> import json
>>> import tempfile
>>> from pathlib import Path
>>> from analyses.studies.store import StudyStore
>>> from analyses.studies.study import StudyConfig, run_study
>>> with tempfile.TemporaryDirectory() as tmp:
...     config = StudyConfig("southseas", players=2, games=6, seed=1)
...     store = StudyStore.create(tmp, config)
...     _ = run_study(config, store=store)
...     html = write_report(store, Path(tmp) / "report.html").read_text()
...     data = json.loads((Path(tmp) / "report.json").read_text())
>>> "RECONSTRUCTION" in html and "Findings" in html, data["study"]["games"]
(True, 6)
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from analyses.plugins import plugin
from analyses.reports.agents import agents_section
from analyses.reports.lengths import events_section, length_section
from analyses.reports.measures import branching_section, ending_section
from analyses.reports.pages import header, write_pages
from analyses.reports.provenance import command_line
from analyses.reports.seats import lineup_section, outcome_section
from analyses.reports.sections import (
    errors_section,
    planning_section,
    scores_section,
    variants_section,
)
from analyses.reports.tables import Section
from analyses.reports.variants import Variant, VariantRun
from analyses.studies.frames import StudyFrames
from models.core import game_info

__all__ = ["build_sections", "write_report"]


def build_sections(
    frames: StudyFrames,
    record: dict[str, Any],
    variants: Mapping[str, VariantRun] | None = None,
    simple: Section | None = None,
) -> list[Section]:
    game = record["config"]["game"]
    makers = (
        lineup_section,
        outcome_section,
        agents_section,
        scores_section,
        ending_section,
        length_section,
        branching_section,
        events_section,
    )
    found = [make(frames, record) for make in makers]
    declared = plugin(game)
    found.extend(declared.sections(frames, record))
    if variants:
        found.append(variants_section(frames, record, variants, declared.variant_report))
    if simple is not None:
        found.append(simple)
    found.append(planning_section(frames, record))
    failed = errors_section(frames, record)
    return found + ([failed] if failed else [])


def write_report(
    store: Any,
    path: Path,
    variants: Mapping[str, tuple[Variant, Any]] | None = None,
    *,
    command: str | None = None,
    simple: Mapping[tuple[str, str], Any] | None = None,
    simple_against: str = "greedy",
) -> Path:
    """Render the report of the study in ``store`` to ``path`` and ``report.json`` beside it
    (atomically); ``variants`` maps a slug to a rule variant and the store it was played into
    (:mod:`analyses.reports.variants`); ``command`` is the command line shown (default: this
    one); ``simple`` maps (a simple bundled strategy's name, an entrant of its field) to the
    store of their games, the field being ``simple_against`` and the other simple strategies
    (:mod:`analyses.strategies.degenerate`)."""
    record = store.record
    frames = store.frames()
    runs = {
        slug: VariantRun(variant, variant_store.frames(), variant_store.record["options"])
        for slug, (variant, variant_store) in (variants or {}).items()
    }
    info = game_info(record["config"]["game"])
    top = header(record, frames, command or command_line())
    return write_pages(
        path,
        title=f"{info.title}: study report",
        subtitle=f"{len(frames.games)} games of {record['config']['players']} players",
        sections=build_sections(frames, record, runs, _simple(record, simple, simple_against)),
        top=top,
        record=record,
    )


def _simple(
    record: dict[str, Any], stores: Mapping[tuple[str, str], Any] | None, against: str
) -> Section | None:
    """The simple strategies' section, when they were played."""
    if not stores:
        return None
    from analyses.strategies.degenerate import degenerate_section, simple_runs

    players, game = int(record["config"]["players"]), str(record["config"]["game"])
    return degenerate_section(simple_runs(game, stores), players, opponent=against)
