"""Studies: seeded, identical on 1 or N workers or a Dask cluster, stored in chunks, resumable
after a real kill, failures recorded, tables queryable with DuckDB."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import duckdb
import pandas as pd
import pytest

import analyses.study as study_module
from analyses.frames import TABLES, StudyFrames, column_docs
from analyses.store import StudyStore
from analyses.study import StudyConfig, run_study
from models.core import game_info
from models.errors import AtollError

ROOT = Path(__file__).resolve().parents[2]
SMALL = StudyConfig("southseas", players=3, agents=("random",), games=12, seed=11)


def same(a: StudyFrames, b: StudyFrames) -> None:
    for table in ("games", "players", "events", "errors"):  # timings are wall time
        pd.testing.assert_frame_equal(a.table(table), b.table(table), check_dtype=False)


def test_seats_rotate_so_every_agent_sits_everywhere() -> None:
    config = StudyConfig("southseas", players=4, agents=("greedy", "random", "random"))
    assert config.seats(0) == ("greedy", "random", "random", "greedy")
    assert config.seats(1) == ("greedy", "greedy", "random", "random")
    fixed = StudyConfig("southseas", players=4, agents=("greedy", "random"), rotate=False)
    assert fixed.seats(0) == fixed.seats(3) == ("greedy", "random", "greedy", "random")


def test_the_same_frames_on_one_two_workers_and_a_dask_cluster() -> None:
    distributed = pytest.importorskip("distributed")
    one = run_study(SMALL, workers=1, chunk_size=5)
    two = run_study(SMALL, workers=2, chunk_size=3)
    same(one, two)
    with (
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
        ) as cluster,
    ):
        dask = run_study(SMALL, scheduler=cluster.scheduler_address, chunk_size=4)
    same(one, dask)
    assert len(one.games) == 12 and set(one.players["agent"]) == {"random"}


def test_game_results_depend_on_their_index_only() -> None:
    more = run_study(StudyConfig(**{**SMALL.__dict__, "games": 15}), chunk_size=7)
    some = run_study(SMALL, chunk_size=5)
    pd.testing.assert_frame_equal(
        more.players[more.players["game"] < 12].reset_index(drop=True), some.players
    )


def test_a_failing_game_is_recorded_and_the_study_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    play = study_module._play

    def flaky(config, game, index, seed, chunk, trace, watch):  # type: ignore[no-untyped-def]
        if index == 4:
            raise ValueError("a bug in game four")
        play(config, game, index, seed, chunk, trace, watch)

    monkeypatch.setattr(study_module, "_play", flaky)
    frames = run_study(SMALL, chunk_size=5)
    assert sorted(frames.games["game"]) == [g for g in range(12) if g != 4]
    (error,) = frames.errors.to_dict("records")
    assert error["game"] == 4 and error["error"] == "ValueError: a bug in game four"
    assert "Traceback" in error["traceback"] and error["seed"] == study_module.game_seeds(SMALL)[4]
    for table in ("players", "events", "trajectory", "branching"):
        assert 4 not in set(frames.table(table)["game"]), table


def test_the_store_keeps_config_provenance_and_column_meanings(tmp_path: Path) -> None:
    store = StudyStore.create(tmp_path, SMALL)
    frames = run_study(SMALL, store=store, chunk_size=5)
    record = store.record
    assert record["config"]["seed"] == 11 and record["digest"] == SMALL.digest
    assert record["components"]["tiles"]["reconstruction"] is True
    assert record["options"]["recall"] == "any_turn"
    docs = column_docs(game_info("southseas"))
    for table in TABLES:
        assert set(frames.table(table).columns) <= set(docs[table]), table
        assert record["columns"][table] == docs[table]
    got = duckdb.sql(
        f"SELECT count(*), count(DISTINCT game) FROM '{tmp_path}/chunks/*/players.parquet'"
    ).fetchall()
    assert got == [(36, 12)]
    with pytest.raises(AtollError, match="holds a study already"):
        StudyStore.create(tmp_path, SMALL)
    with pytest.raises(AtollError, match="holds another study"):
        StudyStore.create(tmp_path, StudyConfig("southseas", players=2), resume=True)


def test_a_study_killed_by_sigkill_resumes_with_nothing_lost_or_repeated(tmp_path: Path) -> None:
    out = tmp_path / "study"
    args = [
        sys.executable,
        "-c",
        "import sys; from analyses.cli.main import main; sys.exit(main())",
        "southseas",
        "study",
        "--games",
        "160",
        "--players",
        "4",
        "--seed",
        "5",
        "--workers",
        "1",
        "--out",
        str(out),
    ]
    run = subprocess.Popen(args, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    chunks = out / "chunks"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if (
            chunks.exists()
            and len([p for p in chunks.iterdir() if not p.name.startswith(".")]) >= 2
        ):
            break
        time.sleep(0.05)
    run.send_signal(signal.SIGKILL)
    run.wait(timeout=30)
    before = StudyStore.open(out).done()
    assert 0 < len(before) < 160, "the kill should land mid-study"
    resumed = subprocess.run([*args, "--resume"], cwd=ROOT, capture_output=True, text=True)
    assert resumed.returncode == 0, resumed.stderr
    frames = StudyStore.open(out).frames()
    assert frames.games["game"].tolist() == list(range(160))  # each game exactly once
    fresh = run_study(StudyStore.open(out).config, workers=2)
    same(frames, fresh)  # and the same games as a run never interrupted
    assert not [p for p in chunks.iterdir() if p.name.startswith(".")]  # staging cleared
