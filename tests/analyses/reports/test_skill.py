"""``atoll GAME skill``: a tiny skill trace through the CLI, its numbers recomputed from the
budgets' Parquet tables, the same seeds for every budget, resuming, and bad arguments as one
error line (exit 2)."""

from __future__ import annotations

import contextlib
import io
import json
import math
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
import scipy.stats as sps

from analyses.cli.main import main
from analyses.reports.skill import SkillPlan, SkillPoint, SkillTrace, parse_budgets
from analyses.statistics import pergame
from analyses.statistics.power import detectable
from analyses.statistics.stats import Estimate
from analyses.studies.designs import per_deal
from models.errors import AtollError

TINY = ["gloryislands", "skill", "--budgets", "4,2", "--against", "random", "--games", "4"]
TINY += ["--players", "2", "--seed", "5", "--workers", "1"]


def table(folder: Path, name: str) -> pd.DataFrame:
    parts = [pd.read_parquet(p) for p in sorted(folder.glob(f"chunks/*/{name}.parquet"))]
    return pd.concat(parts, ignore_index=True).sort_values(["game"], kind="stable")


@pytest.fixture(scope="module")
def traced(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    out = tmp_path_factory.mktemp("skill") / "trace"
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        status = main([*TINY, "--out", str(out)])
    assert status == 0
    return out, buffer.getvalue().splitlines()


def test_one_line_per_budget_and_the_picture_last(traced: tuple[Path, list[str]]) -> None:
    out, lines = traced
    assert lines[0].startswith("budget 2: win share ") and lines[1].startswith("budget 4: ")
    assert "n=2)" in lines[0] and "against the even share 0.50" in lines[0]  # 2 deals
    assert lines[-1] == f"wrote {out / 'skill.png'}"
    assert (out / "skill.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert sorted(p.name for p in out.iterdir()) == [
        "budget-2",
        "budget-4",
        "skill.json",
        "skill.png",
    ]


def test_the_json_agrees_with_the_budgets_tables(traced: tuple[Path, list[str]]) -> None:
    out, _ = traced
    record = json.loads((out / "skill.json").read_text())
    assert (record["game"], record["players"], record["agent"], record["against"]) == (
        "gloryislands",
        2,
        "ismcts",
        "random",
    )
    assert record["seed"] == 5 and record["atoll"] and "skill" in record["command"]
    assert record["design"] == "duplicate"
    assert [b["budget"] for b in record["budgets"]] == [2, 4]
    for entry in record["budgets"]:
        players = table(out / entry["folder"], "players")
        spec = f"ismcts:iterations={entry['budget']}"
        assert entry["spec"] == spec
        assert sorted(players["agent"].unique()) == sorted({spec, "random"})
        mine = players[players["agent"] == spec]
        assert sorted(mine["seat"]) == [0, 0, 1, 1]  # rotated: two games in each seat
        games = table(out / entry["folder"], "games")
        shares = per_deal(pergame.agent_shares(players, spec), games)  # 2 deals x 2 rotations
        again = pergame.share(shares)
        assert entry["estimate"] == pytest.approx(again.value)
        assert (entry["low"], entry["high"]) == pytest.approx((again.low, again.high))
        assert (entry["n"], entry["method"]) == (again.n, again.method) == (2, again.method)
        assert entry["p"] == pytest.approx(pergame.sign_flip_p(shares.to_numpy() - 0.5))


def test_every_budget_plays_the_same_seeds(traced: tuple[Path, list[str]]) -> None:
    out, _ = traced
    seeds = [table(out / f"budget-{b}", "games")[["game", "seed"]] for b in (2, 4)]
    assert len(seeds[0]) == 4
    pd.testing.assert_frame_equal(seeds[0].reset_index(drop=True), seeds[1].reset_index(drop=True))


def test_skill_is_the_duplicate_design_the_tested_agent_in_each_seat_of_every_deal(
    traced: tuple[Path, list[str]],
) -> None:
    out, _ = traced
    games = table(out / "budget-2", "games")
    players = table(out / "budget-2", "players").merge(games[["game", "deal"]], on="game")
    assert games["deal"].tolist() == [0, 0, 1, 1] and games["rotation"].tolist() == [0, 1, 0, 1]
    assert games.groupby("deal")["seed"].nunique().tolist() == [1, 1]  # one chance a deal
    tested = players[players["agent"] == "ismcts:iterations=2"]
    assert tested.groupby("deal")["seat"].apply(sorted).tolist() == [[0, 1], [0, 1]]


def test_skill_games_are_rounded_up_to_whole_deals_with_a_note(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["gloryislands", "skill", "--budgets", "2", "--against", "random", "--games", "3"]
    argv += ["--players", "2", "--workers", "1", "--out", str(tmp_path / "t")]
    assert main(argv) == 0
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [
        "atoll: note: --games 3 rounded up to 4: the duplicate design plays every deal once "
        "per rotation of the lineup (2 games a deal)"
    ]
    record = json.loads((tmp_path / "t" / "skill.json").read_text())
    assert (record["games"], record["budgets"][0]["n"]) == (4, 2)


def test_skill_in_the_fixed_design_counts_every_game_as_a_deal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["gloryislands", "skill", "--budgets", "2", "--against", "random", "--games", "3"]
    argv += ["--players", "2", "--workers", "1", "--design", "fixed", "--out", str(tmp_path)]
    assert main(argv) == 0
    assert capsys.readouterr().err == ""
    games = table(tmp_path / "budget-2", "games")
    assert games["deal"].tolist() == [0, 1, 2] and games["seed"].nunique() == 3
    assert json.loads((tmp_path / "skill.json").read_text())["budgets"][0]["n"] == 3


def test_a_stored_trace_is_refused_without_resume_and_continued_with_it(
    traced: tuple[Path, list[str]], capsys: pytest.CaptureFixture[str]
) -> None:
    out, _ = traced
    before = json.loads((out / "skill.json").read_text())
    one_error_line(capsys, [*TINY, "--out", out], "budget-2", "--resume")
    assert main([*TINY, "--out", str(out), "--resume"]) == 0
    after = json.loads((out / "skill.json").read_text())
    for old, new in zip(before["budgets"], after["budgets"], strict=True):
        assert (old["estimate"], old["low"], old["high"]) == (
            new["estimate"],
            new["low"],
            new["high"],
        )


def one_error_line(capsys: pytest.CaptureFixture[str], argv: list[object], *named: str) -> str:
    capsys.readouterr()
    status = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert status == 2, (status, out, err)
    assert "Traceback" not in err and len(err.splitlines()) == 1, err
    assert err.startswith("atoll: error: "), err
    for name in named:
        assert name in err, err
    return err


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["--budgets", "0"], ["--budgets", "'0'"]),
        (["--budgets", "25,-5"], ["--budgets", "'-5'"]),
        (["--budgets", "25,x"], ["--budgets"]),
        (["--budgets", "25,,50"], ["--budgets", "''"]),
        (["--budgets", "2.5"], ["--budgets"]),
        (["--budgets", "\u0663"], ["--budgets"]),
        (["--budgets", "25,25"], ["--budgets", "twice"]),
        (["--budgets", "1" * 40], ["--budgets"]),
        (["--param", "iteration"], ["--param", "iteration", "iterations"]),
        (["--agent", "greedy"], ["--param", "greedy"]),
        (["--agent", "wizard"], ["agent", "wizard"]),
        (["--agent", "ismcts:iterations=9"], ["--agent", "already"]),
        (["--against", "wizard"], ["agent", "wizard"]),
        (["--against", "ismcts:iterations=25", "--budgets", "25,50"], ["--against"]),
        (["--players", "9"], ["players"]),
        (["--seed", "-1"], ["--seed"]),
    ],
)
def test_bad_arguments_are_one_error_line(
    args: list[str], named: list[str], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "trace"
    argv = ["gloryislands", "skill", "--games", "2", "--workers", "1", *args, "--out", out]
    one_error_line(capsys, argv, *named)
    assert not out.exists()  # refused before anything is played or written


def test_budgets_are_sorted_and_checked() -> None:
    assert parse_budgets("400,25, 100") == (25, 100, 400)
    with pytest.raises(AtollError, match="twice"):
        parse_budgets("5,5")


def test_the_spec_keeps_the_agents_own_parameters() -> None:
    plan = SkillPlan("southseas", 2, agent="ismcts:c=0.5,depth=1", budgets=(10, 20))
    assert plan.spec(10) == "ismcts:c=0.5,depth=1,iterations=10"
    assert plan.study(20).agents == ("ismcts:c=0.5,depth=1,iterations=20", "greedy")
    four = SkillPlan("southseas", 4, param="seconds", budgets=(1,))
    assert four.study(1).agents == ("ismcts:seconds=1", "greedy", "greedy", "greedy")
    assert four.study(1).rotate and four.study(1).seed == 0


def point(budget: int, value: float, low: float, high: float) -> SkillPoint:
    return SkillPoint(
        budget, f"ismcts:iterations={budget}", Estimate(value, low, high, 100), 0.5, 1.0
    )


@pytest.mark.parametrize(
    ("last", "pays", "says"),
    [
        ((0.60, 0.50, 0.70), True, None),
        ((0.45, 0.35, 0.55), False, "overlaps"),
        ((0.10, 0.05, 0.15), False, "falls"),
    ],
)
def test_a_curve_that_does_not_rise_says_so(
    last: tuple[float, float, float], pays: bool, says: str | None
) -> None:
    plan = SkillPlan("southseas", 2, budgets=(25, 400))
    trace = SkillTrace(plan, (point(25, 0.30, 0.20, 0.40), point(400, *last)))
    assert trace.pays() is pays
    verdict = trace.verdict()
    if says is None:
        assert verdict is None
    else:
        assert verdict is not None and verdict.startswith("skill does not clearly pay")
        assert says in verdict and "iterations=400" in verdict


def shared_point(budget: int, shares: list[float]) -> SkillPoint:
    series = pd.Series(shares, index=pd.RangeIndex(len(shares), name="deal"))
    return SkillPoint(
        budget,
        f"ismcts:iterations={budget}",
        pergame.share(series),
        0.5,
        1.0,
        shares=series,
    )


def test_each_step_is_compared_deal_by_deal_in_words_that_match_its_direction() -> None:
    rng = np.random.default_rng(3)
    base = rng.choice([0.0, 0.25, 0.5, 0.75, 1.0], size=100).tolist()
    same = [min(1.0, x + (0.25 if i % 2 else -0.25) * (x > 0)) for i, x in enumerate(base)]
    worse = [max(0.0, x - 0.5) for x in base]
    plan = SkillPlan("southseas", 4, budgets=(50, 100, 200))
    trace = SkillTrace(
        plan, (shared_point(50, base), shared_point(100, same), shared_point(200, worse))
    )
    first, second = trace.steps()
    assert (first.low, first.high, second.low, second.high) == (50, 100, 100, 200)
    assert not first.loses and not first.gains and second.loses
    assert "no clear change" in first.line("iterations")
    assert "would have been found with 80% power" in first.line("iterations")
    assert second.line("iterations").startswith("from iterations=100 to iterations=200 the win")
    assert "falls" in second.line("iterations") and "-0." in second.line("iterations")
    # one family: Holm over the two steps
    assert second.paired.adjusted >= second.paired.p
    record = trace.to_dict()["steps"]
    assert [r["verdict"] for r in record] == ["no clear change", "falls"]


def test_a_trace_without_per_deal_shares_has_no_steps() -> None:
    plan = SkillPlan("southseas", 2, budgets=(25, 400))
    trace = SkillTrace(plan, (point(25, 0.30, 0.20, 0.40), point(400, 0.4, 0.3, 0.5)))
    assert trace.steps() == []


@pytest.mark.parametrize(("n", "tests"), [(40, 1), (100, 2)])
def test_the_detectable_change_has_the_power_it_states(n: int, tests: int) -> None:
    """Simulated: paired differences whose mean is the stated detectable change are found by
    the t test at level 0.05 / tests in about 80% of 4,000 seeded samples."""
    rng = np.random.default_rng(11)
    sd = 0.3
    # differences of standard deviation sd (alternating signs: sd exactly, for n even)
    effect = detectable(np.resize([sd, -sd], n) * math.sqrt((n - 1) / n), tests)
    samples = rng.normal(effect, sd, size=(4000, n))
    found = sps.ttest_1samp(samples, 0.0, axis=1).pvalue < 0.05 / tests
    assert 0.77 < found.mean() < 0.83
    # and a change half as large is found far less often: the figure is not a formality
    half = sps.ttest_1samp(rng.normal(effect / 2, sd, size=(4000, n)), 0.0, axis=1).pvalue
    assert (half < 0.05 / tests).mean() < 0.4
