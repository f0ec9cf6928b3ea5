"""Smoke tests: every report section of every registered game runs on what a small study can
hold (a rule event that never happened, a section with no rows), with warnings as errors, so
that a path no example takes still runs in CI.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from analyses.report import build_sections
from analyses.store import StudyStore
from analyses.study import StudyConfig, run_study
from models.core import game_info
from models.registry import game_names


@pytest.mark.filterwarnings("error")
@pytest.mark.parametrize("game", game_names())
def test_every_report_section_builds_when_no_rule_event_but_the_first_happened(
    game: str, tmp_path: Path
) -> None:
    """Each game's events reduced to its first one (what a study shows when a rule never came
    up: an empty selection of every kind but one, with the table's own column types)."""
    players = game_info(game).check_players(None)
    config = StudyConfig(game, players=players, games=2, seed=1, agents=("random",))
    store = StudyStore.create(tmp_path, config)
    frames = run_study(config, store=store)
    bare = dataclasses.replace(frames, events=frames.events.groupby("game").head(1))
    assert build_sections(bare, store.record)
