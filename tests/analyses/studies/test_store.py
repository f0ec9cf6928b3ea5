"""A stored study is never silently mixed or lost: study.json and every chunk are checked
against each other before anything is used; a bad chunk is refused in one line naming it, or
with --repair set aside and its games played again (analyses/studies/store.py,
analyses/studies/manifest.py).

Each test starts from a copy of one 60-game Glory Islands study (3 chunks of 20) and breaks it
the way a user or a crash might, then runs the commands a user would."""

from __future__ import annotations

import json
import shutil
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pytest

import analyses.studies.study as study_module
from analyses.cli.main import main
from analyses.studies import store as store_module
from analyses.studies.store import StudyStore, identity
from analyses.studies.study import StudyConfig, run_study
from models.errors import AtollError

ROOT = Path(__file__).resolve().parents[3]
ARGS = ["--games", "60", "--players", "2", "--workers", "1"]


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("template") / "study"
    assert main(["gloryislands", "study", *ARGS, "--out", str(folder)]) == 0
    return folder


@pytest.fixture()
def study(played: Path, tmp_path: Path) -> Path:
    folder = tmp_path / "study"
    shutil.copytree(played, folder)
    return folder


def _fails(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """Run ``atoll ARGS``; it must fail with one line (exit 2). Returns that line."""
    capsys.readouterr()
    assert main(list(args)) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("atoll: error: "), err
    return err[0]


def _resume(folder: Path, *extra: str) -> list[str]:
    return ["gloryislands", "study", *ARGS, "--out", str(folder), "--resume", *extra]


def _games(folder: Path) -> list[int]:
    return list(StudyStore.open(folder).frames().games["game"])


def _edit(folder: Path, **config: object) -> None:
    path = folder / "study.json"
    record = json.loads(path.read_text())
    record["config"].update(config)
    path.write_text(json.dumps(record))


# -- study.json ---------------------------------------------------------------------------------


def test_a_stop_while_a_chunk_is_written_waits_for_the_chunk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A SIGTERM in the middle of writing a chunk's tables (seen in the suite: pyarrow's
    writer, broken off, printed "Exception ignored" from its finaliser) stops the run only once
    the chunk is whole on disk."""
    from analyses.studies.interrupts import stop_on_signals

    config = StudyConfig("southseas", players=2, agents=("random",), games=2, seed=3)
    frames = run_study(config)
    store = StudyStore.create(tmp_path / "s", config)
    store.begin()
    written = pd.DataFrame.to_parquet
    calls = []

    def stopped_halfway(self: pd.DataFrame, *args: object, **kwargs: object) -> object:
        calls.append(1)
        if len(calls) == 2:  # the second table of the chunk
            signal.raise_signal(signal.SIGTERM)
        return written(self, *args, **kwargs)

    monkeypatch.setattr(pd.DataFrame, "to_parquet", stopped_halfway)
    with stop_on_signals(), pytest.raises(KeyboardInterrupt):
        store.write_chunk(frames)
    monkeypatch.undo()
    assert len(calls) > 2, "the stop broke the chunk off"
    assert store.done() == {0, 1}
    pd.testing.assert_frame_equal(store.frames().games, frames.games)


def test_an_edited_study_json_is_refused_on_resume(
    study: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _edit(study, seed=5)
    line = _fails(capsys, *_resume(study, "--seed", "5"))
    assert f"{study}/study.json: study.json was changed after the study began" in line


def test_a_glory_islands_store_edited_into_tobago_does_not_resume_as_tobago(
    study: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _edit(study, game="tobago")
    line = _fails(capsys, "tobago", "study", *ARGS, "--out", str(study), "--resume")
    assert "study.json was changed" in line


def test_an_edit_with_its_digests_recomputed_is_caught_by_the_chunks(
    study: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = study / "study.json"
    record = json.loads(path.read_text())
    record["config"]["seed"] = 5
    config = StudyConfig.from_dict(record["config"])
    record["digest"] = config.digest
    record["identity"] = identity(config.to_dict(), record["components"])
    path.write_text(json.dumps(record))
    line = _fails(capsys, *_resume(study, "--seed", "5"))
    assert "000000-000019: its manifest belongs to another study (and 2 more)" in line


def test_resuming_with_another_config_names_what_differs(
    study: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line = _fails(capsys, *_resume(study, "--seed", "9"))
    assert "holds another study (seed 0 there, 9 here)" in line


def test_resuming_with_another_design_is_refused_in_one_line(
    study: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line = _fails(capsys, *_resume(study, "--design", "duplicate"))
    assert "holds another study (design 'fixed' there, 'duplicate' here)" in line


# -- studies stored before designs ------------------------------------------------------------


def test_old_study_json_without_design_reads_as_fixed(study: Path) -> None:
    record = json.loads((study / "study.json").read_text())
    assert "design" not in record["config"]  # a fixed study records what it did before designs
    config = StudyStore.open(study).config
    assert config.design == "fixed" and config.digest == record["digest"]


def test_a_study_stored_before_designs_resumes_as_it_began_with_the_same_frames(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Greedy against random, stored by an atoll that recorded no deals (its games rows lack
    ``deal`` and ``rotation``) and stopped half way: resumed without ``--design`` (whose default
    for unlike agents is duplicate), it goes on as the fixed study it is, and its frames are
    those of a fixed study played whole now."""
    play = study_module._play

    def before_designs(config, game, index, seed, chunk, trace, watch):  # type: ignore[no-untyped-def]
        play(config, game, index, seed, chunk, trace, watch)
        for row in chunk.games:
            del row["deal"], row["rotation"]

    config = StudyConfig("gloryislands", 2, ("greedy", "random"), games=12, seed=6)
    folder = tmp_path / "old"
    with monkeypatch.context() as patched:
        patched.setattr(study_module, "_play", before_designs)
        run_study(config, store=StudyStore.create(folder, config), chunk_size=4)
    assert "deal" not in pd.read_parquet(folder / "chunks" / "000000-000003" / "games.parquet")
    shutil.rmtree(folder / "chunks" / "000008-000011")  # killed before its last chunk
    command = ["gloryislands", "study", "--games", "12", "--players", "2", "--seed", "6"]
    command += ["--agents", "greedy,random", "--workers", "1", "--out", str(folder)]
    assert main([*command, "--resume"]) == 0, capsys.readouterr().err
    resumed = StudyStore.open(folder)
    assert resumed.config == config and resumed.config.design == "fixed"
    frames, fresh = resumed.frames(), run_study(config)
    for table in ("games", "players", "events", "errors"):
        pd.testing.assert_frame_equal(frames.table(table), fresh.table(table), check_dtype=False)
    assert (
        frames.games["deal"].tolist() == list(range(12)) and frames.games["deal"].dtype == "int64"
    )


def test_chunks_without_a_study_json_are_not_adopted(
    study: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (study / "study.json").unlink()
    new = ["gloryislands", "study", *ARGS, "--seed", "3", "--out", str(study)]
    line = _fails(capsys, *new)
    assert "chunks: holds study chunks but no study.json" in line
    assert not (study / "study.json").exists()
    assert main([*new, "--repair"]) == 0  # set aside: the new study starts from nothing
    assert (study / "set-aside" / "chunks").is_dir()
    assert StudyStore.open(study).config.seed == 3 and _games(study) == list(range(60))


def test_a_store_of_atoll_0_1_gets_one_line_saying_what_to_do(
    study: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = study / "study.json"
    record = json.loads(path.read_text())
    path.write_text(json.dumps({**record, "format": 1}))
    line = _fails(capsys, "gloryislands", "verify", str(study))
    assert "atoll 0.1 (store format 1)" in line and "play it again into a new folder" in line


def test_more_games_need_the_atoll_version_that_began_the_study(
    study: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil.rmtree(study / "chunks" / "000040-000059")
    monkeypatch.setattr(store_module, "atoll_version", lambda: "9.9")
    line = _fails(capsys, *_resume(study))
    assert "was begun by atoll 0.2.0; this is atoll 9.9" in line
    assert StudyStore.open(study).done() == set(range(40))  # nothing was played


# -- components ---------------------------------------------------------------------------------


def test_a_component_edited_between_the_run_and_the_resume_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    board = tmp_path / "board.toml"
    shutil.copy(ROOT / "models/gloryislands/data/board.toml", board)
    folder = tmp_path / "study"
    args = ["gloryislands", "study", *ARGS, "--component", f"board={board}", "--out", str(folder)]
    assert main([*args, "--games", "20"]) == 0
    text = board.read_text()
    board.write_text(text.replace("4 = [8, 4, 2]", "4 = [9, 4, 2]"))  # another scoring table
    assert board.read_text() != text
    line = _fails(capsys, *args, "--games", "20", "--resume")
    assert f"the board ({board}) differs from the one this study was played with" in line
    capsys.readouterr()
    assert main(["gloryislands", "verify", str(folder)]) == 2
    assert "board changed" in capsys.readouterr().out


# -- chunks -------------------------------------------------------------------------------------


def test_a_chunk_copied_under_another_name_is_refused(
    study: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    chunks = study / "chunks"
    shutil.copytree(chunks / "000000-000019", chunks / "000060-000079")
    report = [
        "gloryislands",
        "report",
        *ARGS,
        "--out",
        str(study),
        "--resume",
        "--no-variants",
        "--no-strategies",
    ]
    line = _fails(capsys, *report)
    assert "000060-000079: its name says games 60..79, its manifest 0..19" in line
    assert main([*report, "--repair"]) == 0
    assert _games(study) == list(range(60))  # 60 games, not 80


def test_a_chunk_copied_under_its_own_name_elsewhere_is_not_used(
    study: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    chunks = study / "chunks"
    shutil.copytree(chunks / "000000-000019", chunks / "000000-000019 copy")
    (chunks / "notes.parquet").write_bytes(b"not the store's")
    capsys.readouterr()
    assert main(_resume(study)) == 0
    assert "000000-000019 copy: not a chunk of this store: not used" in capsys.readouterr().err
    assert _games(study) == list(range(60))


def test_overlapping_chunks_are_refused(study: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A chunk renamed with its manifest edited to match: its games are another chunk's."""
    chunks = study / "chunks"
    twin = chunks / "000001-000019"
    shutil.copytree(chunks / "000000-000019", twin)
    manifest = json.loads((twin / "manifest.json").read_text())
    manifest["games"] = manifest["games"][1:]
    (twin / "manifest.json").write_text(json.dumps(manifest))
    line = _fails(capsys, *_resume(study))
    assert "000001-000019: its games 1..19 are also in chunk 000000-000019" in line


def test_a_chunk_without_its_players_table_is_played_again_with_repair(
    study: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (study / "chunks" / "000020-000039" / "players.parquet").unlink()
    line = _fails(capsys, *_resume(study))
    assert "000020-000039: players.parquet is missing (its manifest lists 40 rows)" in line
    assert main(_resume(study, "--repair")) == 0
    frames = StudyStore.open(study).frames()
    assert frames.players.groupby("game").size().tolist() == [2] * 60


@pytest.mark.parametrize("damage", ["truncated", "empty", "garbage"])
def test_a_damaged_parquet_file_is_one_line_and_repair_restores_the_same_games(
    study: Path, damage: str, capsys: pytest.CaptureFixture[str]
) -> None:
    before = StudyStore.open(study).frames()
    path = study / "chunks" / "000020-000039" / "events.parquet"
    data = path.read_bytes()
    path.write_bytes(
        {"truncated": data[:100], "empty": b"", "garbage": b"\x00garbage" * 99}[damage]
    )
    report = [
        "gloryislands",
        "report",
        *ARGS,
        "--out",
        str(study),
        "--resume",
        "--no-variants",
        "--no-strategies",
    ]
    line = _fails(capsys, *report)
    assert "000020-000039: events.parquet fails its checksum" in line
    assert main([*report, "--repair"]) == 0
    after = StudyStore.open(study).frames()
    for table in ("games", "players", "events"):
        pd.testing.assert_frame_equal(before.table(table), after.table(table), check_dtype=False)


def test_verify_prints_what_it_finds(study: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (study / "chunks" / "000040-000059" / "games.parquet").write_bytes(b"")
    capsys.readouterr()
    assert main(["gloryislands", "verify", str(study), "--json"]) == 2
    out, err = capsys.readouterr()
    found = json.loads(out)
    assert found["games"] == {"stored": 40, "of": 60} and found["chunks"] == 2
    assert [b["problem"] for b in found["bad"]] == [
        "games.parquet fails its checksum: it was changed or damaged"
    ]
    assert err.strip() == f"atoll: error: {study}: 1 bad chunks (see above)"
    assert main(["gloryislands", "verify", str(study), "--repair"]) == 0
    assert main(["gloryislands", "verify", str(study)]) == 0
    assert "games: 40 of 60 stored; 20 to play (--resume)" in capsys.readouterr().out
    assert _fails(capsys, "tobago", "verify", str(study)).endswith(
        "holds a gloryislands study: check it with atoll gloryislands verify"
    )


# -- starting and ending -----------------------------------------------------------------------


@pytest.mark.parametrize("bad", [["--scheduler", "bogus://x"], ["--seed", "-1"]])
def test_a_failed_start_leaves_no_study_json(
    tmp_path: Path, bad: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "study"
    _fails(capsys, "gloryislands", "study", *ARGS, *bad, "--out", str(folder))
    assert not (folder / "study.json").exists()


def test_what_a_killed_run_left_is_cleaned_by_the_next(tmp_path: Path) -> None:
    folder = tmp_path / "study"
    args = [
        sys.executable,
        "-c",
        "import sys; from analyses.cli.main import main; sys.exit(main())",
    ]
    args += ["southseas", "study", "--games", "120", "--players", "4", "--workers", "1"]
    args += ["--out", str(folder)]
    run = subprocess.Popen(args, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not list(folder.glob("chunks/0*")):
        time.sleep(0.05)
    time.sleep(0.3)  # inside the next chunk: its staging folder may be half written
    run.send_signal(signal.SIGKILL)
    run.wait(timeout=30)
    (folder / ".report.html.x1y2.part").write_bytes(b"half a report")  # an atomic write killed
    (folder / "chunks" / ".chunk-killed").mkdir()
    (folder / "chunks" / ".chunk-killed" / "games.parquet").write_bytes(b"half")
    assert subprocess.run([*args, "--resume"], cwd=ROOT).returncode == 0
    hidden = [p.name for p in (*folder.iterdir(), *(folder / "chunks").iterdir())]
    assert not [name for name in hidden if name.startswith(".")]
    assert _games(folder) == list(range(120))


def test_chunk_folders_are_readable_by_others(study: Path) -> None:
    for chunk in (study / "chunks").iterdir():
        mode = stat.S_IMODE(chunk.stat().st_mode)
        assert mode & 0o055 == 0o055 & ~_umask(), oct(mode)


def test_a_library_store_is_checked_too(tmp_path: Path) -> None:
    config = StudyConfig("gloryislands", players=2, games=6, seed=2)
    store = StudyStore.create(tmp_path, config)
    assert not (tmp_path / "study.json").exists()  # written once the run has begun
    run_study(config, store=store, chunk_size=3)
    (tmp_path / "chunks" / "000003-000005" / "timings.parquet").unlink()
    reopened = StudyStore.open(tmp_path)
    assert reopened.done() == {0, 1, 2}  # the bad chunk's games do not count as done
    with pytest.raises(AtollError, match=r"000003-000005: timings\.parquet is missing"):
        reopened.frames()  # not three games without a word


def _umask() -> int:
    import os

    mask = os.umask(0)
    os.umask(mask)
    return mask
