"""The agent ladder of benchmarks/agent_strength.py: its budgets, its rungs and the entries it
writes to ladder.toml."""

from __future__ import annotations

import argparse
import datetime
import sys
import tomllib
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import agent_strength
import ladder_file

from analyses.plugins import plugin
from solvers.agents.ladder import load_ladder
from tests.games import installed_games


def entry(game: str, agent: str, share: float) -> dict[str, object]:
    return {
        "game": game,
        "players": 4,
        "agent": agent,
        "opponents": "3 greedy",
        "games": 400,
        "win_share": share,
        "interval": [round(share - 0.05, 4), round(share + 0.05, 4)],
        "ms_per_decision": 40.5,
        "date": datetime.date(2026, 12, 3),
        "command": 'python benchmarks/agent_strength.py --ladder --ismcts "ismcts:c=1"',
    }


def test_a_new_entry_replaces_its_rung_and_keeps_the_others(tmp_path: Path) -> None:
    path = tmp_path / "ladder.toml"
    first, second = installed_games()[:2]  # any two games, in their sorted order
    ladder_file.write_entries(path, [entry(second, "a", 0.3), entry(first, "a", 0.6)])
    ladder_file.write_entries(path, [entry(second, "a", 0.4), entry(second, "b", 0.5)])
    read = tomllib.loads(path.read_text(encoding="utf-8"))["entry"]
    assert [(e["game"], e["agent"], e["win_share"]) for e in read] == [
        (first, "a", 0.6),
        (second, "a", 0.4),
        (second, "b", 0.5),
    ]
    assert read[0] == entry(first, "a", 0.6)  # every field, quotes in the command too
    assert [p.name for p in tmp_path.iterdir()] == ["ladder.toml"]  # no temporary file left


def test_a_figure_that_is_not_finite_is_refused() -> None:
    with pytest.raises(ValueError, match="finite"):
        ladder_file.dump([entry("tobago", "a", float("nan"))])


def test_a_budget_in_ms_is_iterations_by_the_games_calibration() -> None:
    games = agent_strength.ladder_games()
    assert games  # each a game whose plug-in calibrates its ISMCTS
    for game in games:
        ms = plugin(game).ladder.iteration_ms
        assert agent_strength.iterations_for(game, 50) == round(50 / ms)
        assert agent_strength.iterations_for(game, 100) > agent_strength.iterations_for(game, 50)
    assert agent_strength.with_iterations("ismcts", 9) == "ismcts:iterations=9"
    assert agent_strength.with_iterations("ismcts:prior=5", 9) == "ismcts:prior=5,iterations=9"
    assert agent_strength.ladder_spec(games[0]).startswith("ismcts")


def test_the_ladder_plays_its_rungs_and_writes_their_entries(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = argparse.Namespace(
        ladder_games=("gloryislands",),
        players=2,
        rungs=("greedy", "25", "50"),
        budgets=(25, 50),
        ismcts="ismcts:c=0.7",
        games=2,
        workers=1,
        seed=0,
    )
    entries = agent_strength.ladder(args, iterations=lambda game, ms: ms // 5)  # fast
    assert [(e["game"], e["agent"], e["opponents"], e["games"]) for e in entries] == [
        ("gloryislands", "greedy", "1 random", 2),
        ("gloryislands", "ismcts:c=0.7,iterations=5", "1 greedy", 2),
        ("gloryislands", "ismcts:c=0.7,iterations=10", "1 greedy", 2),
    ]
    # the ISMCTS rungs share their deals: doubling the budget is compared deal by deal
    steps = [line for line in capsys.readouterr().out.splitlines() if "deal by deal" in line]
    assert len(steps) == 1 and steps[0].startswith("  gloryislands: from budget_ms=25 to ")
    for e in entries:
        low, high = e["interval"]
        assert 0 <= low <= e["win_share"] <= high <= 1
        assert e["ms_per_decision"] >= 0
    ladder_file.write_entries(tmp_path / "ladder.toml", entries)
    read = tomllib.loads((tmp_path / "ladder.toml").read_text(encoding="utf-8"))["entry"]
    assert [e["agent"] for e in read] == [e["agent"] for e in entries]
    assert {e["design"] for e in read} == {"duplicate"}
    # what the benchmark writes is what reports read (solvers/agents/ladder.py)
    rungs = load_ladder(tmp_path / "ladder.toml").measured("gloryislands", 2, "greedy")
    assert [r.opponents for r in rungs] == ["1 random"]


def test_the_bundled_ladder_file_reads() -> None:
    ladder = load_ladder()
    for game in agent_strength.ladder_games():
        assert ladder.measured(game, 4, "greedy"), game


def test_a_skill_trace_gives_the_ladder_its_rungs(tmp_path: Path) -> None:
    from analyses.reports.skill import SkillPlan, run_skill, write_skill

    plan = SkillPlan("gloryislands", players=2, against="random", budgets=(2, 4), games=4)
    write_skill(run_skill(plan, tmp_path / "trace"), tmp_path / "trace", "atoll gloryislands skill")
    entries = agent_strength.from_skill(str(tmp_path / "trace" / "skill.json"))
    assert [(e["agent"], e["opponents"], e["games"], e["design"]) for e in entries] == [
        ("ismcts:iterations=2", "1 random", 4, "duplicate"),
        ("ismcts:iterations=4", "1 random", 4, "duplicate"),
    ]
    ladder_file.write_entries(tmp_path / "ladder.toml", entries)
    rungs = load_ladder(tmp_path / "ladder.toml").measured("gloryislands", 2, "ismcts:iterations=4")
    assert [r.command for r in rungs] == ["atoll gloryislands skill"]
