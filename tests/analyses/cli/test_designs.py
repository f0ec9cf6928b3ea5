"""``--design`` on the commands that play a lineup (analyses.cli.designs): its default
(duplicate for unlike agents, fixed for one agent in every seat or with --fixed-seats), games
rounded up to whole deals with one note, and a resume that keeps the stored study's design."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from analyses.cli.main import main
from analyses.explore import commands
from analyses.studies.store import StudyStore
from tests.analyses.cli.test_study import one_error_line
from tests.analyses.tuning import toy

GLORY = ["gloryislands", "study", "--games", "4", "--players", "2", "--workers", "1"]
ROUNDED = (
    "atoll: note: --games 3 rounded up to 4: the duplicate design plays every deal once per "
    "rotation of the lineup (2 games a deal)"
)


def design_of(folder: Path) -> str:
    return str(StudyStore.open(folder).config.design)


def test_design_default_is_duplicate_for_unlike_agents(tmp_path: Path) -> None:
    assert main([*GLORY, "--agents", "greedy,random", "--out", str(tmp_path)]) == 0
    assert design_of(tmp_path) == "duplicate"
    record = json.loads((tmp_path / "study.json").read_text())
    assert record["config"]["design"] == "duplicate"
    games = StudyStore.open(tmp_path).frames().games
    assert games["deal"].tolist() == [0, 0, 1, 1] and games["rotation"].tolist() == [0, 1, 0, 1]


@pytest.mark.parametrize(
    "agents",
    [["--agents", "greedy"], ["--agents", "greedy,greedy"], ["--agent", "random"]],
    ids=["one agent", "one agent named twice", "--agent"],
)
def test_design_default_is_fixed_when_every_seat_has_the_same_agent(
    tmp_path: Path, agents: list[str]
) -> None:
    assert main([*GLORY, *agents, "--out", str(tmp_path)]) == 0
    assert design_of(tmp_path) == "fixed"


def test_fixed_seats_is_the_fixed_design_and_refuses_duplicate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [*GLORY, "--agents", "greedy,random", "--fixed-seats"]
    assert main([*argv, "--out", str(tmp_path / "a")]) == 0
    assert design_of(tmp_path / "a") == "fixed"
    assert StudyStore.open(tmp_path / "a").frames().games["rotation"].tolist() == [0] * 4
    capsys.readouterr()
    line = one_error_line(capsys, [*argv, "--design", "duplicate", "--out", tmp_path / "b"])
    assert line.startswith("atoll: error: --design: the duplicate design rotates the lineup")
    assert not (tmp_path / "b").exists()


def test_games_are_rounded_up_to_whole_deals_with_a_note(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["gloryislands", "study", "--games", "3", "--players", "2", "--workers", "1"]
    argv += ["--agents", "greedy,random", "--out", str(tmp_path)]
    assert main(argv) == 0
    assert capsys.readouterr().err.strip().splitlines() == [ROUNDED]
    assert StudyStore.open(tmp_path).config.games == 4
    assert main([*argv, "--resume"]) == 0  # the same --games again: the same study
    assert main([*argv[:-2], "--design", "fixed", "--out", str(tmp_path / "f")]) == 0
    assert StudyStore.open(tmp_path / "f").config.games == 3  # only duplicate rounds


def test_a_bad_agent_with_rounded_games_is_one_line_without_the_note(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["gloryislands", "study", "--games", "3", "--players", "2", "--workers", "1"]
    one_error_line(capsys, [*argv, "--agents", "greedy,wizard", "--out", tmp_path], "wizard")


def test_resume_without_design_keeps_the_stored_design(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [*GLORY, "--agents", "greedy,random", "--out", str(tmp_path)]
    assert main([*argv, "--design", "fixed"]) == 0
    assert main([*argv, "--resume"]) == 0  # not "holds another study": fixed, as it began
    assert design_of(tmp_path) == "fixed"
    line = one_error_line(capsys, [*argv, "--resume", "--design", "duplicate"])
    assert "holds another study (design 'fixed' there, 'duplicate' here)" in line


def test_compare_plays_baseline_and_variant_in_the_same_design(tmp_path: Path) -> None:
    argv = ["gloryislands", "compare", "--games", "4", "--players", "2", "--workers", "1"]
    argv += ["--agents", "greedy,random", "--option", "hunt=false", "--out", str(tmp_path)]
    assert main(argv) == 0
    assert design_of(tmp_path / "baseline") == design_of(tmp_path / "variant") == "duplicate"
    base = StudyStore.open(tmp_path / "baseline").frames().games
    variant = StudyStore.open(tmp_path / "variant").frames().games
    assert base[["deal", "seed"]].equals(variant[["deal", "seed"]])  # the same deals
    assert (tmp_path / "compare.html").exists()


def test_tune_plays_its_trials_and_check_in_the_duplicate_design(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    toy.register()
    argv = ["handicap", "tune", "--param", "option:bonus=0..20", "--objective", "seats",
            "--trials", "1", "--games-per-trial", "5", "--check-games", "7", "--players", "2",
            "--agents", "greedy,random", "--workers", "1", "--out", str(tmp_path)]  # fmt: skip
    assert main(argv) == 0
    notes = [line for line in capsys.readouterr().err.splitlines() if "note" in line]
    assert [n.split(":")[2].strip() for n in notes] == [
        "--games-per-trial 5 rounded up to 6",
        "--check-games 7 rounded up to 8",
    ]
    run = json.loads((tmp_path / "tune.json").read_text())["run"]
    assert (run["study"]["design"], run["study"]["games"], run["check_games"]) == (
        "duplicate",
        6,
        8,
    )


def test_the_explorer_resumes_a_duplicate_study_with_its_design() -> None:
    config = {"game": "gloryislands", "players": 2, "agents": ["greedy", "random"],
              "games": 4, "seed": 1, "rotate": True, "options": {}, "components": {},
              "design": "duplicate"}  # fmt: skip
    assert "--design duplicate" in commands.report_command(config, "out/a")
    del config["design"]  # a study.json of before designs: fixed, as --resume takes it
    assert "--design" not in commands.report_command(config, "out/a")
