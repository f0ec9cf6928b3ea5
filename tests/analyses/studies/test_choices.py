"""The ``choices`` table (analyses.studies.trace, .frames, .store): every decision's chosen action
counted by seat, decision kind, third of the game and action kind — the vocabulary's kind where
the game has one — and study folders stored before the table still load and resume."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pandas as pd

from analyses.studies.frames import TABLES, StudyFrames
from analyses.studies.manifest import MANIFEST
from analyses.studies.store import StudyStore
from analyses.studies.study import StudyConfig, run_study
from analyses.studies.trace import Trace, action_kind, choices
from analyses.studies.verify import verify_study
from models.core import load_game, make_rng
from solvers.agents import make_agent
from solvers.agents.play import play_out
from tests.analyses.strategies.planted import BEST, GAME, register

register()  # the template game, for this module's tests (collected after the reports')


def test_every_decision_is_counted_under_its_vocabulary_kind() -> None:
    config = StudyConfig(GAME, 3, agents=(BEST, "random"), games=12, seed=2, design="duplicate")
    frames = run_study(config)
    chosen = frames.choices
    assert set(chosen["action"]) == {"dive", "rest"}  # the template's vocabulary's words
    assert set(chosen["part"]) <= {0, 1, 2} and set(chosen["kind"]) == {"dive"}  # its one phase
    per_seat = chosen.groupby(["game", "seat"])["decisions"].sum()
    moves = frames.timings.set_index(["game", "seat"])["moves"]
    assert per_seat.sort_index().tolist() == moves.sort_index().tolist()
    # the planted strategy dives with every card: its seats never rest
    mine = chosen.merge(frames.players[["game", "seat", "agent"]], on=["game", "seat"])
    assert set(mine.loc[mine["agent"] == BEST, "action"]) == {"dive"}


def test_without_a_vocabulary_an_action_is_named_by_its_class() -> None:
    state = load_game("southseas", 2).new_initial_state()
    trace = Trace()
    play_out(state, [make_agent("random", 1), make_agent("random", 2)], make_rng(4), watcher=trace)
    table = choices(pd.DataFrame(trace.decision_columns(0)))
    kinds = {type(a).__name__.lower() for a in state.history()}
    assert set(table["action"]) <= kinds and int(table["decisions"].sum()) == len(trace.turns)
    assert action_kind(("a", 1), None) == "tuple"


def _strip_choices(chunk: Path) -> None:
    """Make ``chunk`` as a store wrote it before the choices table: no file, no manifest entry."""
    (chunk / "choices.parquet").unlink()
    manifest = json.loads((chunk / MANIFEST).read_text())
    del manifest["tables"]["choices"]
    (chunk / MANIFEST).write_text(json.dumps(manifest, sort_keys=True))


def test_a_study_stored_before_the_choices_table_loads_and_resumes(tmp_path: Path) -> None:
    config = StudyConfig(GAME, 2, agents=(BEST, "random"), games=8, seed=1, design="duplicate")
    whole = run_study(config, store=StudyStore.create(tmp_path / "whole", config), chunk_size=4)
    old = tmp_path / "old"
    shutil.copytree(tmp_path / "whole", old)
    first, second = sorted((old / "chunks").iterdir())
    _strip_choices(first)
    shutil.rmtree(second)  # as if the old run was stopped after its first chunk
    store = StudyStore.open(old)
    assert store.survey().bad == () and sorted(store.done()) == [0, 1, 2, 3]
    frames = store.frames()
    assert frames.choices.empty and list(frames.choices.columns) == [
        "game",
        "seat",
        "kind",
        "part",
        "action",
        "decisions",
    ]
    resumed = StudyStore.create(old, config, resume=True)
    frames = run_study(config, store=resumed, chunk_size=4)
    resumed.close()
    assert frames.games["game"].tolist() == list(range(8))
    assert sorted(frames.choices["game"].unique()) == [4, 5, 6, 7]  # the new games have it
    later = whole.choices[whole.choices["game"] >= 4].reset_index(drop=True)
    pd.testing.assert_frame_equal(frames.choices, later, check_dtype=False)
    verify_study(old, GAME, repair=False, as_json=True)  # the old chunk is sound


def test_frames_made_without_the_choices_table_have_it_empty() -> None:
    rows = {t: [] for t in TABLES if t != "choices"}
    frames = StudyFrames.from_rows(rows)
    assert frames.choices.empty
    bare = StudyFrames(**{t: frames.table(t) for t in TABLES if t != "choices"})
    assert bare.choices.empty and "action" in bare.choices.columns
