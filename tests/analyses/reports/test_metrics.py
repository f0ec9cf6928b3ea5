"""One home for measures (analyses/reports/metrics.py): a measure declared once is compared on a
compare page, judged in every rule variant's table and tuned on, with no other module
touched; the shared measures keep the values the report's tables always had."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from analyses.reports import metrics
from analyses.reports.compare import differences
from analyses.reports.variants import effect_measures
from analyses.studies.frames import StudyFrames
from analyses.studies.store import StudyStore
from analyses.studies.study import StudyConfig, run_study
from analyses.tuning.objectives import parse_objective
from models.errors import AtollError


@pytest.fixture(scope="module")
def frames(tmp_path_factory: pytest.TempPathFactory) -> tuple[StudyFrames, StudyFrames]:
    made = []
    for islanders in (5, 3):
        config = StudyConfig(
            "southseas",
            players=2,
            agents=("greedy", "random"),
            games=6,
            seed=2,
            options={"islanders": islanders},
        )
        folder = tmp_path_factory.mktemp("metrics") / str(islanders)
        store = StudyStore.create(folder, config)
        run_study(config, store=store)
        made.append(store.frames())
    return made[0], made[1]


def _longest_score(frames: StudyFrames) -> pd.Series:
    return frames.players.groupby("game")["score"].max()


NEW = metrics.Metric(
    "best score of the game",
    "points",
    "the winner's score",
    _longest_score,
    "points",
    variant=True,
)


def test_a_measure_declared_once_is_compared_judged_and_tuned(
    frames: tuple[StudyFrames, StudyFrames], monkeypatch: pytest.MonkeyPatch
) -> None:
    base, variant = frames
    assert NEW.name not in set(differences(base, variant)["metric"])
    monkeypatch.setattr(metrics, "SHARED", (*metrics.SHARED, NEW))  # the one declaration
    compared = differences(base, variant).set_index("metric")
    assert compared.loc[NEW.name, "unit"] == "points"
    want = (_longest_score(variant) - _longest_score(base)).mean()
    assert compared.loc[NEW.name, "difference"].value == pytest.approx(want)
    assert NEW.name in [name for name, _, _ in effect_measures(base, variant)]
    objective = parse_objective(f"metric:{NEW.name}:100")
    assert objective.value(base) == pytest.approx(abs(_longest_score(base).mean() - 100))


def test_the_shared_measures_are_the_report_s_definitions(
    frames: tuple[StudyFrames, StudyFrames],
) -> None:
    base, _ = frames
    found = {m.name: m for m in metrics.metrics(base)}
    scores = base.players.pivot(index="game", columns="seat", values="score").to_numpy()
    margin = found["winner's margin over the runner-up"].per_game(base).to_numpy()
    assert margin == pytest.approx(np.abs(scores[:, 0] - scores[:, 1]))
    seat0 = found["win share of seat 0"].per_game(base)
    assert seat0.tolist() == base.players[base.players["seat"] == 0]["win_share"].tolist()
    assert found["win share of seat 0"].variant and not found["win share of seat 1"].variant
    events = found["events: draw"].per_game(base)
    assert events.sum() == (base.events["kind"] == "draw").sum()
    # margin as a tuning objective is the same measure
    assert parse_objective("margin").value(base) == pytest.approx(margin.mean())


def test_an_unknown_measure_is_one_line_naming_the_objective(
    frames: tuple[StudyFrames, StudyFrames],
) -> None:
    base, _ = frames
    with pytest.raises(AtollError, match=r"--objective: no measure 'nothing' \(measures: "):
        parse_objective("metric:nothing").value(base)
