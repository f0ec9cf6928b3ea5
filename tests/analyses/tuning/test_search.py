"""The search of ``atoll GAME tune`` wastes no trial (issue 39, "During"): an inert parameter is
found by its probe and dropped, whole numbers and choices are never played twice (a grid when
they all fit), a best value at the edge of its range is flagged, and ``--resume --trials N``
extends a finished tuning."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from analyses.cli.main import main
from analyses.studies.study import StudyConfig
from analyses.tuning import search as search_module
from analyses.tuning import trials as trials_module
from analyses.tuning.grid import key
from analyses.tuning.probes import at_edge, inert_params
from analyses.tuning.search import TuneRun, completed, prepare, search
from models.errors import AtollError, AtollWarning
from tests.analyses.tuning import toy


@pytest.fixture(autouse=True)
def _handicap() -> None:
    toy.register()


def _toy(params: tuple[str, ...], trials: int, games: int = 60) -> TuneRun:
    config = StudyConfig("handicap", 2, games=games, seed=3, rotate=False)
    return TuneRun(config, params, "seats", trials=trials, check_games=60)


def _played(study: Any) -> list[dict[str, Any]]:
    return [dict(t.params) for t in completed(study)]


def test_tobago_marker_threshold_is_inert_dropped_and_kept_at_its_start(tmp_path: Path) -> None:
    params = ("option:marker_threshold=10..24", "option:amulets_per_statue=1..3")
    run = TuneRun(StudyConfig("tobago", 2, games=2, seed=1), params, "seats", trials=6)
    with pytest.warns(AtollWarning) as said:
        study = search(prepare(run), tmp_path)
    messages = [str(w.message) for w in said]
    assert (
        "option:marker_threshold is inert: 17 and 24 play identical games; dropped from the search"
        in messages
    )
    assert inert_params(study) == {"option:marker_threshold": (17, 24)}
    record = json.loads((tmp_path / "tune.json").read_text(encoding="utf-8"))
    assert record["inert"] == {"option:marker_threshold": [17, 24]}
    played = _played(study)
    # the start, the two probes, then the one amulet count not yet played: the grid is done
    assert [v["option:amulets_per_statue"] for v in played] == [1, 1, 3, 2]
    assert [v["option:marker_threshold"] for v in played] == [17, 24, 17, 17]
    assert any("every combination of the values searched is played" in m for m in messages)
    assert "the search stops after 4 of 6 trials" in messages[-1]


def test_a_parameter_that_matters_is_not_flagged_inert(tmp_path: Path) -> None:
    study = search(prepare(_toy(("option:bonus=0..30",), trials=3)), tmp_path)
    assert _played(study)[:2] == [{"option:bonus": 0}, {"option:bonus": 30}]  # start, probe
    assert inert_params(study) == {}
    assert "inert" not in json.loads((tmp_path / "tune.json").read_text(encoding="utf-8"))


def test_every_parameter_inert_stops_the_search(tmp_path: Path) -> None:
    run = TuneRun(
        StudyConfig("tobago", 2, games=2, seed=1),
        ("option:marker_threshold=10..24",),
        "seats",
        trials=5,
    )
    with pytest.warns(AtollWarning) as said:
        study = search(prepare(run), tmp_path)
    assert len(completed(study)) == 2
    assert "is inert: 17 and 24" in str(said[0].message)
    assert "every parameter is inert: nothing is left to search" in str(said[-1].message)


def test_a_small_space_is_played_as_a_grid_the_start_first(tmp_path: Path) -> None:
    with pytest.warns(AtollWarning, match="stops after 6 of 10 trials"):
        study = search(prepare(_toy(("option:bonus=0..5",), trials=10)), tmp_path)
    assert [v["option:bonus"] for v in _played(study)] == [0, 5, 1, 2, 3, 4]


def test_whole_numbers_are_never_played_twice_and_resume_plays_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    params = ("option:bonus=0..7",)  # 8 values, 7 trials: no grid, TPE proposes repeats
    whole = completed(search(prepare(_toy(params, trials=7)), tmp_path / "whole"))
    values = [t.params["option:bonus"] for t in whole]
    assert len(values) == 7 and len(set(values)) == 7
    prep = prepare(_toy(params, trials=7))
    replaced = [
        k
        for k in range(2, 7)
        if key(trials_module._suggested(prep, k, whole[:k], prep.params), ["option:bonus"])
        in {key(t.params, ["option:bonus"]) for t in whole[:k]}
    ]
    assert replaced  # the test saw TPE propose a value played, and it was replaced
    played = search_module.run_study
    calls = [0]

    def killed(*args: Any, **kw: Any) -> Any:
        calls[0] += 1
        if calls[0] == 6:  # half way through the sixth trial
            raise KeyboardInterrupt
        return played(*args, **kw)

    monkeypatch.setattr(search_module, "run_study", killed)
    with pytest.raises(KeyboardInterrupt):
        search(prepare(_toy(params, trials=7)), tmp_path / "killed")
    monkeypatch.setattr(search_module, "run_study", played)
    again = completed(search(prepare(_toy(params, trials=7)), tmp_path / "killed", resume=True))
    assert [t.params for t in again] == [t.params for t in whole]
    assert [t.value for t in again] == [t.value for t in whole]


def test_a_best_value_at_the_edge_of_its_range_is_flagged() -> None:
    prep = prepare(_toy(("option:bonus=0..30", "table:edge=30..90"), trials=2))
    assert at_edge(prep, {"option:bonus": 30, "table:edge": 55}) == [
        "option:bonus = 30 is at the edge of its range 0..30: widen it"
    ]
    assert at_edge(prep, {"option:bonus": 12, "table:edge": 30}) == [
        "table:edge = 30 is at the edge of its range 30..90: widen it"
    ]
    assert at_edge(prep, {"option:bonus": 12, "table:edge": 55}) == []
    assert at_edge(prep, {"option:bonus": 0, "table:edge": 55}, inert={"option:bonus"}) == []


def test_resume_with_more_trials_plays_what_a_longer_run_plays(tmp_path: Path) -> None:
    params = ("option:bonus=0..30", "table:edge=40..80")
    straight = completed(search(prepare(_toy(params, trials=5)), tmp_path / "straight"))
    search(prepare(_toy(params, trials=3)), tmp_path / "grown")
    grown = completed(search(prepare(_toy(params, trials=5)), tmp_path / "grown", resume=True))
    assert len(grown) == 5
    assert [t.params for t in grown[3:]] == [t.params for t in straight[3:]]
    assert [t.value for t in grown] == [t.value for t in straight]
    record = json.loads((tmp_path / "grown" / "tune.json").read_text(encoding="utf-8"))
    assert record["run"]["trials"] == 5


def test_resume_with_fewer_trials_than_finished_is_one_line(tmp_path: Path) -> None:
    params = ("option:bonus=0..30",)
    search(prepare(_toy(params, trials=3)), tmp_path)
    before = (tmp_path / "tune.json").read_text(encoding="utf-8")
    with pytest.raises(AtollError, match="holds 3 finished trials: --trials must be at least 3"):
        search(prepare(_toy(params, trials=2)), tmp_path, resume=True)
    assert (tmp_path / "tune.json").read_text(encoding="utf-8") == before


def _cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_the_cli_extends_a_finished_tuning_and_refuses_fewer_trials(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    common = ["handicap", "tune", "--param", "option:bonus=0..40", "--objective", "seats",
              "--games-per-trial", "20", "--check-games", "40", "--out", str(tmp_path / "t"),
              "--workers", "1", "--fixed-seats"]  # fmt: skip
    status, out, err = _cli(capsys, *common, "--trials", "2")
    assert status == 0 and "best of 2 trials" in out, err
    status, out, err = _cli(capsys, *common, "--resume")  # the stored trials: nothing to play
    assert status == 0 and "best of 2 trials" in out and "trial 3" not in err, err
    status, out, err = _cli(capsys, *common, "--resume", "--trials", "1")
    assert (status, out) == (2, "")
    assert err == (
        f"atoll: error: --trials: {tmp_path / 't'} holds 2 finished trials: --trials must be "
        "at least 2\n"
    )
    status, out, err = _cli(capsys, *common, "--resume", "--trials", "4")
    assert status == 0 and "best of 4 trials" in out, err
    assert "trial 3 of 4" in err and "trial 4 of 4" in err and "trial 2 of" not in err
    best = json.loads((tmp_path / "t" / "report.json").read_text(encoding="utf-8"))
    assert best  # the report was written again
    other = [a if a != "seats" else "margin" for a in common]
    status, _, err = _cli(capsys, *other, "--resume")
    assert status == 2 and "holds another tuning" in err
