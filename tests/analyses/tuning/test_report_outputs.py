"""The page of a tuning (issue 39, "After"): every side effect before and after in the page's
one family, stated in words that match its direction; the same-winner agreement; identity and
component hashes filled; the figures (whole-number trial axis, objective against each
parameter, each seat before and after)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from analyses.statistics.stats import holm
from analyses.studies.study import StudyConfig
from analyses.tuning.check import check
from analyses.tuning.params import parse_param
from analyses.tuning.plots import seats_figure, slices_figure, trials_figure
from analyses.tuning.report import write_report
from analyses.tuning.search import TuneRun, prepare, search
from tests.analyses.tuning import toy


@pytest.fixture(autouse=True)
def _handicap() -> None:
    toy.register()


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """A tuning of the toy's edge (a component file) checked at 50, the seats' even value."""
    toy.register()
    folder = tmp_path_factory.mktemp("tune")
    config = StudyConfig("handicap", 2, games=100, seed=3, rotate=False)
    prep = prepare(TuneRun(config, ("table:edge=30..90",), "seats", trials=3, check_games=600))
    study = search(prep, folder)
    checked = check(prep, {"table:edge": 50}, folder)
    write_report(prep, study, checked, folder, "atoll handicap tune ...")
    return folder, json.loads((folder / "report.json").read_text(encoding="utf-8"))


def test_identity_and_every_component_hash_are_filled(page: tuple[Path, dict[str, Any]]) -> None:
    folder, data = page
    assert data["atoll"] and data["command"] == "atoll handicap tune ..."
    assert len(data["study"]["identity"]) == 16 and data["study"]["config hash"]
    (table,) = data["components"]
    assert table["source"] == "tuned/table.toml"
    digest = hashlib.sha256((folder / "tuned" / "table.toml").read_bytes()).hexdigest()
    assert table["sha256"] == digest[:16]


def test_side_effects_are_tested_in_one_family_and_said_the_way_they_went(
    page: tuple[Path, dict[str, Any]],
) -> None:
    _, data = page
    side = [
        n for n in data["numbers"]
        if n["section"].startswith("Side effects") and n["column"] == "difference"
    ]  # fmt: skip
    tested = [n for n in data["numbers"] if n.get("p") is not None and n["column"] != "p"]
    assert side and all(n in tested or n["p"] is None for n in side)
    ps = [n["p"] for n in tested]
    assert [n["adjusted_p"] for n in tested] == pytest.approx(list(holm(ps)))  # one family
    seat0 = next(n for n in side if n["row"] == "win share of seat 0")
    assert seat0["estimate"] < 0  # the edge lowered from 60 to 50: seat 0 wins less
    said = [f for f in data["findings"] if "win share of seat 0" in f]
    assert len(said) == 1 and " falls from " in said[0] and " rises " not in said[0]
    assert not any("win share of seat 1" in f for f in data["findings"])  # its mirror: once


def test_the_same_winner_agreement_is_reported(page: tuple[Path, dict[str, Any]]) -> None:
    _, data = page
    alike = data["same_winner_agreement"]
    assert 0 <= alike["low"] <= alike["same_winners"] <= alike["high"] <= 1
    assert 0 < alike["independent_games"] < 1 and alike["n"] == 600
    assert data["side_effects"]["agreement"] == alike


def test_the_page_has_the_trials_the_slices_and_the_seats_figures(
    page: tuple[Path, dict[str, Any]],
) -> None:
    folder, data = page
    html = (folder / "report.html").read_text(encoding="utf-8")
    assert html.count("data:image/png;base64,") == 3
    captions = [c for n in data["notes"] for c in n["captions"]]
    assert any("against each parameter" in c for c in captions)
    assert any("Each seat's win share under the starting and the tuned" in c for c in captions)


def test_the_trial_axis_has_whole_number_ticks() -> None:
    fig = trials_figure([0.3, 0.2, 0.25])
    ticks = [t for t in fig.axes[0].get_xticks() if 0.5 <= t <= 3.5]
    assert ticks == [1.0, 2.0, 3.0]


def test_one_panel_per_parameter_with_its_choices_on_the_axis() -> None:
    params = [parse_param("option:bonus=0..30"), parse_param("option:mode=a|b|c")]
    trials = [{"option:bonus": 0, "option:mode": "a"}, {"option:bonus": 9, "option:mode": "c"}]
    fig = slices_figure(params, trials, [0.3, 0.1], trials[0], trials[1])
    shown = [ax for ax in fig.axes if ax.get_visible()]
    assert len(shown) == 2
    assert [t.get_text() for t in shown[1].get_xticklabels()] == ["a", "b", "c"]


def test_the_seats_figure_draws_both_settings_and_the_even_share() -> None:
    from analyses.statistics.stats import Estimate

    shares = {s: Estimate(v, v - 0.03, v + 0.03, 300) for s, v in enumerate((0.2, 0.3, 0.5))}
    ax = seats_figure(shares, shares, 1 / 3).axes[0]
    assert len(ax.patches) == 6
    assert [
        float(np.ravel(line.get_ydata())[0])
        for line in ax.get_lines()
        if line.get_linestyle() == "--"
    ] == [pytest.approx(1 / 3)]
