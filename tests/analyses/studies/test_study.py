"""Studies: seeded, identical on 1 or N workers or a Dask cluster, stored in chunks, resumable
after a real kill, failures recorded, tables queryable with DuckDB."""

from __future__ import annotations

import dataclasses
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import duckdb
import pandas as pd
import pytest

import analyses.studies.study as study_module
from analyses.studies.frames import TABLES, StudyFrames, column_docs
from analyses.studies.store import StudyStore
from analyses.studies.study import StudyConfig, game_seeds, run_study
from models.core import game_info, spawn_seeds
from models.errors import AtollError
from solvers.agents import AgentSpec

ROOT = Path(__file__).resolve().parents[3]
SMALL = StudyConfig("southseas", players=3, agents=("random",), games=12, seed=11)
#: A duplicate study: 5 deals of Glory Islands, each played by greedy and random in both seats.
DUPLICATE = StudyConfig(
    "gloryislands", 2, ("greedy", "random"), games=10, seed=4, design="duplicate"
)


def same(a: StudyFrames, b: StudyFrames) -> None:
    for table in ("games", "players", "events", "errors"):  # timings are wall time
        pd.testing.assert_frame_equal(a.table(table), b.table(table), check_dtype=False)


def test_seats_rotate_so_every_agent_sits_everywhere() -> None:
    config = StudyConfig("southseas", players=4, agents=("greedy", "random", "random"))
    assert config.seats(0) == ("greedy", "random", "random", "greedy")
    assert config.seats(1) == ("greedy", "greedy", "random", "random")
    fixed = StudyConfig("southseas", players=4, agents=("greedy", "random"), rotate=False)
    assert fixed.seats(0) == fixed.seats(3) == ("greedy", "random", "greedy", "random")


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    """A local Dask cluster of 2 worker processes (its scheduler's address)."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
    ) as made:
        yield made.scheduler_address


def test_the_same_frames_on_one_two_workers_and_a_dask_cluster(cluster: str) -> None:
    one = run_study(SMALL, workers=1, chunk_size=5)
    two = run_study(SMALL, workers=2, chunk_size=3)
    same(one, two)
    dask = run_study(SMALL, scheduler=cluster, chunk_size=4)
    same(one, dask)
    assert len(one.games) == 12 and set(one.players["agent"]) == {"random"}


def test_duplicate_frames_equal_on_one_and_two_workers_and_a_dask_cluster(cluster: str) -> None:
    one = run_study(DUPLICATE, workers=1, chunk_size=4)
    two = run_study(DUPLICATE, workers=2, chunk_size=3)  # chunks that split deals
    same(one, two)
    same(one, run_study(DUPLICATE, scheduler=cluster, chunk_size=5))
    assert one.games["deal"].tolist() == [0, 0, 1, 1, 2, 2, 3, 3, 4, 4]


# -- designs ------------------------------------------------------------------------------------


def test_duplicate_design_plays_each_deal_once_per_rotation() -> None:
    frames = run_study(DUPLICATE)
    games, players = frames.games, frames.players.merge(frames.games[["game", "deal"]])
    assert games["rotation"].tolist() == [0, 1] * 5
    assert games.groupby("deal")["seed"].unique().map(list).tolist() == [
        [s]
        for s in spawn_seeds(4, 5)  # every rotation of a deal has the deal's seed
    ]
    seats = players.groupby(["deal", "agent"])["seat"].apply(sorted)
    assert seats.map(tuple).unique().tolist() == [(0, 1)]  # each agent in each seat, each deal
    assert len(seats) == 10


def test_the_rotations_of_a_deal_share_its_chance_and_each_agents_seed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    made: list[tuple[str, int]] = []  # every agent and chance generator made, in order
    make_agent, luck = study_module.make_agent, study_module.Luck

    def agent(spec: AgentSpec, seed: int):  # type: ignore[no-untyped-def]
        made.append((spec.text, seed))  # the spec read once, by the config
        return make_agent(spec, seed)

    def chance(seed: int):  # type: ignore[no-untyped-def]
        made.append(("chance", seed))
        return luck(seed)

    monkeypatch.setattr(study_module, "make_agent", agent)
    monkeypatch.setattr(study_module, "Luck", chance)
    config = StudyConfig("gloryislands", 3, ("greedy", "random"), games=6, design="duplicate")
    game = config.make_game()
    for index, seed in enumerate(game_seeds(config)):  # each game: its 3 seats, then chance
        study_module.play_game(config, game, index, seed, trace=False, watch=False)
    chance_of = {game: made[4 * game + 3][1] for game in range(6)}
    by_place = {}  # (game, place in the lineup greedy, random, greedy) -> (agent, seed)
    for game in range(6):
        for seat in range(3):
            by_place[game, (seat - game % 3) % 3] = made[4 * game + seat]
    assert [chance_of[g] for g in range(6)] == [chance_of[0]] * 3 + [chance_of[3]] * 3
    assert chance_of[0] != chance_of[3]
    for deal in (0, 1):
        first, *others = (3 * deal + r for r in range(3))
        for place, spec in enumerate(("greedy", "random", "greedy")):
            assert by_place[first, place][0] == spec
            assert all(by_place[g, place] == by_place[first, place] for g in others)
    seeds = {seed for _, seed in by_place.values()}
    assert len(seeds) == 6  # a seed per place and deal: the two greedy players differ


def test_fixed_design_keeps_the_seeds_and_hash_of_studies_before_designs() -> None:
    config = StudyConfig("gloryislands", 2, ("greedy", "random"), games=4, seed=4)
    assert config.design == "fixed" and "design" not in config.to_dict()
    assert game_seeds(config) == spawn_seeds(4, 4)
    assert StudyConfig.from_dict(config.to_dict()) == config
    frames = run_study(config)
    assert frames.games["deal"].tolist() == [0, 1, 2, 3]
    assert frames.games["rotation"].tolist() == [0, 1, 0, 1]
    still = run_study(dataclasses.replace(config, rotate=False))
    assert still.games["rotation"].tolist() == [0, 0, 0, 0]
    duplicate = dataclasses.replace(config, design="duplicate")
    assert duplicate.digest != config.digest and duplicate.to_dict()["design"] == "duplicate"
    # the first rotation of each deal is the fixed game of the deal's index
    pd.testing.assert_frame_equal(
        run_study(duplicate).players.iloc[:2], frames.players.iloc[:2], check_dtype=False
    )


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"games": 5}, "games: the duplicate design plays whole deals of 2 games"),
        ({"rotate": False}, "rotate: the duplicate design rotates the lineup"),
        ({"design": "paired"}, "design: 'paired' is no design"),
    ],
)
def test_a_duplicate_config_that_cannot_be_played_is_one_error(
    changes: dict[str, object], field: str
) -> None:
    with pytest.raises(AtollError) as error:
        dataclasses.replace(DUPLICATE, **changes)
    assert str(error.value).startswith(field)


def test_game_results_depend_on_their_index_only() -> None:
    more = run_study(dataclasses.replace(SMALL, games=15), chunk_size=7)
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


@pytest.mark.parametrize(
    ("playing", "design"),
    [
        (["southseas", "study", "--players", "4"], "fixed"),
        (
            # greedy's regret matching at the sail cards cut to 4 rounds: a quick unlike lineup
            ["gloryislands", "study", "--players", "2", "--agents", "greedy:rounds=4,random"],
            "duplicate",
        ),
    ],
    ids=["fixed", "duplicate"],
)
def test_a_study_killed_by_sigkill_resumes_with_nothing_lost_or_repeated(
    tmp_path: Path, playing: list[str], design: str
) -> None:
    """The duplicate design (the default for unlike agents) too: a killed and resumed
    duplicate study gives the frames of one never interrupted."""
    out = tmp_path / "study"
    args = [
        sys.executable,
        "-c",
        "import sys; from analyses.cli.main import main; sys.exit(main())",
        *playing,
        "--games",
        "160",
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
    assert StudyStore.open(out).config.design == design
    fresh = run_study(StudyStore.open(out).config, workers=2)
    same(frames, fresh)  # and the same games as a run never interrupted
    assert not [p for p in chunks.iterdir() if p.name.startswith(".")]  # staging cleared


def test_a_studys_options_and_agent_specs_are_read_once_not_per_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Values are parsed and checked once at the boundary and travel typed: a study of 8
    games in 4 chunks reads its options once and each distinct agent spec once."""
    info = game_info("gloryislands")
    reads: list[str] = []
    from_mapping = info.options.from_mapping.__func__  # type: ignore[attr-defined]
    read_agent = study_module.read_agent

    def counted_options(cls, data, **kw):  # type: ignore[no-untyped-def]
        reads.append("options")
        return from_mapping(cls, data, **kw)

    def counted_agent(spec, game=None):  # type: ignore[no-untyped-def]
        reads.append(f"agent {spec}")
        return read_agent(spec, game)

    monkeypatch.setattr(info.options, "from_mapping", classmethod(counted_options))
    monkeypatch.setattr(study_module, "read_agent", counted_agent)
    config = StudyConfig("gloryislands", 2, ("greedy", "random"), games=8, options={"hunt": False})
    frames = run_study(config, chunk_size=2)
    assert len(frames.games) == 8
    assert sorted(reads) == ["agent greedy", "agent random", "options"]
