"""``atoll GAME tune`` on a toy game whose balancing values are known (tests/analyses/tuning/
toy.py: the first seat wins 60% of games; ``bonus = 10`` or ``edge = 50`` makes them even)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from analyses.cli.main import main
from analyses.studies.study import StudyConfig
from analyses.tuning import search as search_module
from analyses.tuning.check import check
from analyses.tuning.objectives import paired_interval, parse_objective
from analyses.tuning.report import write_report
from analyses.tuning.search import TuneRun, best, completed, prepare, search
from models.core import load_game
from tests.analyses.tuning import toy


@pytest.fixture(autouse=True)
def _handicap() -> None:
    toy.register()


def _run(params: tuple[str, ...], trials: int = 24, **study: Any) -> TuneRun:
    config = StudyConfig("handicap", 2, games=300, seed=3, rotate=False, **study)
    return TuneRun(config, params, "seats", trials=trials, check_games=600)


def test_tune_finds_the_bonus_that_evens_the_seats(tmp_path: Path) -> None:
    prep = prepare(_run(("option:bonus=0..30",)))
    study = search(prep, tmp_path)
    winner = best(study)
    assert abs(winner.params["option:bonus"] - 10) <= 3  # the stated tolerance
    checked = check(prep, winner.params, tmp_path)
    assert checked.baseline > 0.1 and checked.tuned < checked.baseline
    assert checked.clear and checked.difference < 0
    page = write_report(prep, study, checked, tmp_path, "atoll handicap tune")
    html = page.read_text(encoding="utf-8")
    assert "The tuned values lower the objective" in html
    options = (tmp_path / "tuned" / "options.toml").read_text(encoding="utf-8")
    assert f"bonus = {winner.params['option:bonus']}" in options
    assert (
        load_game("handicap", 2, tmp_path / "tuned" / "options.toml").options.bonus
        == (winner.params["option:bonus"])
    )


def test_tune_changes_a_component_file_and_writes_one_that_loads(tmp_path: Path) -> None:
    prep = prepare(_run(("table:edge=30..90",)))
    study = search(prep, tmp_path)
    winner = best(study)
    assert abs(winner.params["table:edge"] - 50) <= 3
    checked = check(prep, winner.params, tmp_path)
    write_report(prep, study, checked, tmp_path, "atoll handicap tune")
    tuned = tmp_path / "tuned" / "table.toml"
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "tuned/table.toml" in page and str(tuned) not in page  # its source, from the page
    text = tuned.read_text(encoding="utf-8")
    assert text.startswith("# The toy game's seat edge")  # the comments are kept
    assert load_game("handicap", 2, table=str(tuned)).edge == winner.params["table:edge"]


def test_the_first_trial_is_the_starting_values(tmp_path: Path) -> None:
    prep = prepare(_run(("option:bonus=0..30",), trials=2))
    first = completed(search(prep, tmp_path))[0]
    assert first.params == {"option:bonus": 0}


def test_resume_after_a_kill_gives_the_same_trials(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    params = ("option:bonus=0..30", "table:edge=40..80")
    whole = completed(search(prepare(_run(params, trials=8)), tmp_path / "whole"))
    played = search_module.run_study
    calls = [0]

    def killed(*args: Any, **kw: Any) -> Any:
        calls[0] += 1
        if calls[0] == 5:  # half way through the fifth trial
            raise KeyboardInterrupt
        return played(*args, **kw)

    monkeypatch.setattr(search_module, "run_study", killed)
    with pytest.raises(KeyboardInterrupt):
        search(prepare(_run(params, trials=8)), tmp_path / "killed")
    monkeypatch.setattr(search_module, "run_study", played)
    again = completed(search(prepare(_run(params, trials=8)), tmp_path / "killed", resume=True))
    assert [t.params for t in again] == [t.params for t in whole]
    assert [t.value for t in again] == [t.value for t in whole]


def _cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--param", "option:nope=1..2"], "--param option:nope: no rule option 'nope'"),
        (["--param", "option:bonus=5..1"], "the low end must be below the high end"),
        (["--param", "option:bonus=a..b"], "a range is LOW..HIGH of numbers"),
        (["--param", "bonus=1..2"], "a path is option:NAME or COMPONENT:KEYS"),
        (["--param", "table:nope=1..2"], "--param table:nope: no key 'nope' there"),
        (["--param", "board:edge=1..2"], "no component 'board'"),
        (["--param", "table:edge=1.5..2.5"], "--param table:edge: holds the whole number 60"),
        (["--param", "option:bonus=0..9", "--objective", "fairness"], "unknown objective"),
        (["--param", "option:bonus=0..9", "--objective", "length:soon"], "must be a number"),
        (["--param", "option:bonus=0..9", "--objective", "balance+0*margin"], "a weight of 0"),
    ],
)
def test_bad_paths_ranges_and_objectives_are_one_line_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    if "--objective" not in args:
        args = [*args, "--objective", "seats"]
    status, out, err = _cli(
        capsys, "handicap", "tune", *args, "--trials", "2", "--games-per-trial", "5",
        "--out", str(tmp_path / "t"), "--workers", "1",
    )  # fmt: skip
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and message in err, err
    assert not (tmp_path / "t").exists()  # nothing was written


def test_a_folder_holding_a_tuning_needs_resume(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    common = ["handicap", "tune", "--param", "option:bonus=0..20", "--objective", "seats",
              "--trials", "3", "--games-per-trial", "20", "--check-games", "40",
              "--out", str(tmp_path / "t"), "--workers", "1", "--fixed-seats"]  # fmt: skip
    status, out, _ = _cli(capsys, *common)
    assert status == 0 and "best of 3 trials" in out
    record = json.loads((tmp_path / "t" / "tune.json").read_text(encoding="utf-8"))
    assert record["run"]["trials"] == 3
    status, _, err = _cli(capsys, *common)
    assert status == 2 and "holds a tuning already: --resume continues it" in err
    status, out, _ = _cli(capsys, *common, "--resume")
    assert status == 0 and "best of 3 trials" in out


def _not_json(folder: Path) -> None:
    (folder / "tune.json").write_text('{"run": ', encoding="utf-8")


def _empty(folder: Path) -> None:
    (folder / "tune.json").write_text("", encoding="utf-8")


def _a_list(folder: Path) -> None:
    (folder / "tune.json").write_text("[1, 2]", encoding="utf-8")


def _not_a_database(folder: Path) -> None:
    (folder / "tune.db").write_bytes(b"these are no trials\n" * 50)


def _torn(folder: Path) -> None:
    data = (folder / "tune.db").read_bytes()
    (folder / "tune.db").write_bytes(data[:100] + bytes(range(256)) * 8)  # the header kept


def _a_folder(folder: Path) -> None:
    (folder / "tune.db").unlink()
    (folder / "tune.db").mkdir()


@pytest.mark.parametrize(
    ("damage", "damaged", "problem"),
    [
        (_not_json, "tune.json", "invalid JSON: Expecting value: line 1 column 9 (char 8)"),
        (_empty, "tune.json", "empty"),
        (_a_list, "tune.json", "not a tuning's record: a list, not a table"),
        (_not_a_database, "tune.db", "not an SQLite database"),
        (_a_folder, "tune.db", "a folder, not a database"),
        (_torn, "tune.db", "optuna cannot read it: database disk image is malformed"),
    ],
    ids=["tune.json not JSON", "tune.json empty", "tune.json a list", "tune.db no database",
         "tune.db a folder", "tune.db torn"],
)  # fmt: skip
def test_a_damaged_tuning_folder_is_one_line_naming_the_file_and_its_repair(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    damage: Any,
    damaged: str,
    problem: str,
) -> None:
    folder = tmp_path / "t"
    common = ["handicap", "tune", "--param", "option:bonus=0..20", "--objective", "seats",
              "--trials", "2", "--games-per-trial", "20", "--check-games", "40",
              "--out", str(folder), "--workers", "1", "--fixed-seats"]  # fmt: skip
    assert _cli(capsys, *common)[0] == 0
    damage(folder)
    status, out, err = _cli(capsys, *common, "--resume")
    also = " and tune.db" if damaged == "tune.json" else ""
    trials = "the trials" if damaged == "tune.json" else "its trials"
    assert (status, out) == (2, "")
    assert err == (
        f"atoll: error: {folder / damaged}: is damaged ({problem}): --repair sets it{also} "
        f"aside in {folder / 'set-aside'} and plays {trials} again\n"
    )
    status, out, err = _cli(capsys, *common, "--resume", "--repair")
    assert status == 0 and "best of 2 trials" in out, err
    assert f"{folder / damaged}: {problem}: set aside in {folder / 'set-aside' / damaged}" in err
    assert sorted(p.name for p in (folder / "set-aside").iterdir()) == sorted(
        {damaged, "tune.db"} if damaged == "tune.json" else {damaged}
    )


def test_every_objective_term_reads_a_study() -> None:
    from analyses.studies.study import run_study
    from analyses.tuning.objectives import parse_objective

    config = StudyConfig("gloryislands", 2, agents=("random", "greedy"), games=6, seed=2)
    frames = run_study(config)
    seats = frames.players.groupby("seat")["win_share"].mean()
    assert parse_objective("seats").value(frames) == pytest.approx(seats.max() - seats.min())
    turns = frames.games["turns"].mean() if "turns" in frames.games else None
    if turns is not None:
        assert parse_objective("length:10").value(frames) == pytest.approx(abs(turns - 10))
    scores = frames.players.pivot_table(index="game", columns="seat", values="score")
    margin = (scores.max(axis=1) - scores.min(axis=1)).mean()
    assert parse_objective("margin").value(frames) == pytest.approx(margin)
    share = frames.players.groupby("agent")["win_share"].mean()
    gap = parse_objective("skill:greedy,random").value(frames)
    assert gap == pytest.approx(-(share["greedy"] - share["random"]))
    both = parse_objective("seats+0.5*margin").value(frames)
    assert both == pytest.approx(seats.max() - seats.min() + 0.5 * margin)


def test_a_term_of_ones_own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from analyses.studies.study import run_study
    from analyses.tuning.objectives import parse_objective

    (tmp_path / "myterms.py").write_text(
        "from analyses.tuning.objectives import Term\n"
        "def per_game(frames):\n"
        "    return frames.games['moves'].to_numpy(float)\n"
        "moves = Term('moves', per_game, lambda means: float(means[0]))\n",
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    frames = run_study(StudyConfig("gloryislands", 2, games=3, seed=1))
    value = parse_objective("py:myterms:moves").value(frames)
    assert value == pytest.approx(frames.games["moves"].mean())


def test_when_the_start_is_best_nothing_is_claimed(tmp_path: Path) -> None:
    # one trial: the starting values, which then are the best; no zero-width "difference"
    prep = prepare(_run(("option:bonus=0..30",), trials=1))
    study = search(prep, tmp_path)
    winner = best(study)
    assert winner.params == {"option:bonus": 0}
    checked = check(prep, winner.params, tmp_path)
    assert checked.same and not checked.clear
    html = write_report(prep, study, checked, tmp_path, "t").read_text(encoding="utf-8")
    assert "No trial beat the starting values" in html
    assert "tuned − starting" not in html


def test_the_check_resamples_whole_deals_in_the_duplicate_design() -> None:
    """The two rotations of each deal here even out (0 and 10, mean 5): resampled by deal the
    baseline's interval is that mean alone; with a deal per game, the draws of games."""
    objective = parse_objective("margin")
    base = [np.array([[0.0], [10.0], [0.0], [10.0]])]
    tuned = [np.array([[1.0], [11.0], [3.0], [9.0]])]
    by_deal = paired_interval(objective, base, tuned, deals=np.array([0, 0, 1, 1]))
    assert by_deal[2] == (5.0, 5.0)
    by_game = paired_interval(objective, base, tuned)
    assert by_game[2][0] < 5.0 < by_game[2][1]
    assert paired_interval(objective, base, tuned, deals=np.arange(4)) == by_game
