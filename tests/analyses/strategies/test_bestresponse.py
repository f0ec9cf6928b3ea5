"""The best response (issue 38 part 3): optuna finds a planted best value of a strategy's
parameter, claims nothing where no value beats the field, resumes a killed search exactly,
and refuses bad input in one line before any game. Played on the template game (Pearl
Divers): its bundled ``high-card-diver`` dives with a card of at least ``least`` (1..6); against
random play, diving with (almost) every card wins about 0.78 of 2-player games (``least`` 1 or
2; 3: 0.73), the starting value 4 about 0.58, 5 about 0.39 and 6 about 0.07 (200 games each)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from analyses.strategies.bestresponse import (
    BestResponseRun,
    best_trial,
    check,
    inert,
    search,
    write_tuned,
)
from models.core import register_game
from models.errors import AtollError
from tests.solvers.strategies.template import TEMPLATE


@pytest.fixture(autouse=True)
def _template() -> None:
    """The template is no installed game: registered when these tests run (not when they are
    collected, which would add it to other modules' lists of games)."""
    register_game(TEMPLATE, replace=True)


def _run(**kw):  # type: ignore[no-untyped-def]
    settings = {"players": 2, "trials": 8, "games": 40, "check_games": 200, "seed": 0, **kw}
    return BestResponseRun("template", "high-card-diver", kw.pop("against", ("random",)),
                           **{k: v for k, v in settings.items() if k != "against"})  # fmt: skip


def test_the_search_finds_the_planted_best_value_and_the_check_confirms_it(
    tmp_path: Path,
) -> None:
    run = _run()
    trials = search(run, tmp_path)  # 6 values fit in 8 trials: each played once, start first
    assert [t["values"]["least"] for t in trials] == [4, 1, 2, 3, 5, 6]
    best = best_trial(trials)
    assert best["values"]["least"] <= 3, trials  # the planted plan: dive with (almost) any card
    checked = check(run, best["values"])
    assert checked.beats_field and checked.better, checked
    assert checked.share.low > 0.65 and checked.start_share.high < 0.65
    assert write_tuned(run, checked, tmp_path) == tmp_path / "best.toml"
    verdict = checked.verdict(run.strategy, run.field(), run.players)
    assert "more than its even share 0.50" in verdict and "better than its starting" in verdict


def test_nothing_is_claimed_where_no_value_beats_the_field(tmp_path: Path) -> None:
    """Against the best it can be (diving with every card), no value of the strategy wins
    more than its even share: the check says so and no tuned file is written as better."""
    run = _run(against=("strategy:high-card-diver,least=1",), trials=4)
    trials = search(run, tmp_path)
    checked = check(run, best_trial(trials)["values"])
    assert not checked.beats_field, checked
    assert write_tuned(run, checked, tmp_path).parent.name in ("candidate", tmp_path.name)
    assert "more than its even share" not in checked.verdict(run.strategy, run.field(), 2)


FLOAT = """name = "Bold"
game = "template"
about = "Dives with a card of at least `least` (a real number: searched by TPE, not a grid)."
fallback = "random"
[params]
least = { value = 4.0, low = 0.5, high = 6.5 }
[[rules]]
kind = "dive"
when = ["card >= least"]
[[rules]]
kind = "rest"
"""


def test_the_sampler_searches_a_real_range_and_finds_the_planted_region(tmp_path: Path) -> None:
    plan = tmp_path / "bold.toml"
    plan.write_text(FLOAT)
    run = BestResponseRun("template", str(plan), ("random",), trials=12, games=40)
    trials = search(run, tmp_path / "out")
    assert len(trials) == 12 and trials[0]["values"] == {"least": 4.0}
    assert len({t["values"]["least"] for t in trials}) > 6  # a real range: new values
    assert best_trial(trials)["values"]["least"] < 3.5, trials


def test_a_parameter_that_changes_nothing_is_found_inert(tmp_path: Path) -> None:
    plan = tmp_path / "same.toml"
    plan.write_text(FLOAT.replace('when = ["card >= least"]', 'when = ["card >= 0", "least > 0"]'))
    run = BestResponseRun("template", str(plan), ("random",), trials=4, games=20)
    trials = search(run, tmp_path / "out")
    assert inert(trials) and not inert(search(_run(trials=6, games=20), tmp_path / "grid"))


def test_a_killed_search_resumes_to_the_same_trials(tmp_path: Path) -> None:
    plan = tmp_path / "bold.toml"
    plan.write_text(FLOAT)
    run = BestResponseRun("template", str(plan), ("random",), trials=6, games=20)
    whole = search(run, tmp_path / "whole")

    def stop(k: int, values: object, share: float) -> None:
        if k == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        search(run, tmp_path / "killed", done=stop)
    kept = json.loads((tmp_path / "killed" / "best-response.json").read_text())["trials"]
    assert len(kept) == 3
    assert search(run, tmp_path / "killed", resume=True) == whole
    with pytest.raises(AtollError, match="holds a best response already"):
        search(run, tmp_path / "killed")
    with pytest.raises(AtollError, match="another best response"):
        other = BestResponseRun("template", str(plan), ("random",), trials=7, games=20)
        search(other, tmp_path / "killed", resume=True)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--strategy", "no-such", "--against", "greedy"], "no bundled strategy 'no-such'"),
        (["--strategy", "low-cards", "--against", "telepath"], "unknown agent 'telepath'"),
        (["--strategy", "low-cards", "--against", "greedy", "--players", "9"], "players"),
        (["--strategy", "low-cards", "--against", "greedy", "--seed", "-1"], "--seed"),
        (["--strategy", "low-cards", "--against", "greedy", "--option", "hnut=false"], "hnut"),
        (
            ["--strategy", "low-cards", "--against", "greedy", "--component", "board=no.toml"],
            "no.toml",
        ),
    ],
)
def test_bad_input_is_one_line_exit_2_before_any_game(
    tmp_path: Path, args: list[str], words: str
) -> None:
    out = tmp_path / "out"
    run = subprocess.run(
        [sys.executable, "-m", "analyses.cli.main", "gloryislands", "best-response", *args,
         "--out", str(out)],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    lines = run.stderr.strip().splitlines()
    assert run.returncode == 2 and len(lines) == 1 and words in lines[0], run.stderr
    assert not out.exists()


def test_a_strategy_without_a_range_has_nothing_to_search(tmp_path: Path) -> None:
    plain = tmp_path / "plain.toml"
    plain.write_text('name = "p"\ngame = "template"\n[[rules]]\nkind = "dive"\n')
    run = BestResponseRun("template", str(plain), ("random",), trials=2, games=4)
    with pytest.raises(AtollError, match="no parameter with a range"):
        search(run, tmp_path / "out")
    assert not (tmp_path / "out").exists()
