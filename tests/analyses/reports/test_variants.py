"""Rule variants beside a report's study: same seeds, paired effects, stored and resumable."""

from __future__ import annotations

from html import unescape
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from analyses import plugins
from analyses.cli.main import main
from analyses.reports.variants import Variant, applied, effects, redundant
from analyses.studies.store import StudyStore
from analyses.studies.study import StudyConfig, run_study


def _play(folder: Path, config: StudyConfig) -> StudyStore:
    store = StudyStore.create(folder, config)
    run_study(config, store=store)
    return store


def test_a_variant_equal_to_the_study_has_no_effect(tmp_path: Path) -> None:
    base = StudyConfig("southseas", players=2, agents=("greedy", "random"), games=6, seed=4)
    same = Variant("the published recall", {"recall": "any_turn"})
    a = _play(tmp_path / "a", base).frames()
    b = _play(tmp_path / "b", applied(base, same)).frames()
    table = effects(a, b)
    assert set(table["metric"]) >= {
        "win share per seat of greedy",
        "win share per seat of random",
        "decisions per game",
    }
    for diff in table["difference"]:
        assert diff.value == 0 and diff.n == 6


def test_a_changed_rule_is_measured_game_by_game(tmp_path: Path) -> None:
    base = StudyConfig("southseas", players=2, games=8, seed=5)
    never = Variant("no recall", {"recall": "never"})
    assert not redundant(base, never) and redundant(applied(base, never), never)
    a = _play(tmp_path / "a", base).frames()
    b = _play(tmp_path / "b", applied(base, never)).frames()
    row = effects(a, b).set_index("metric").loc["decisions per game"]
    moves_a = a.games.set_index("game")["moves"]
    moves_b = b.games.set_index("game")["moves"]
    assert row["difference"].value == pytest.approx((moves_b - moves_a).mean())
    assert row["games"] == 8


def test_report_replays_the_declared_variants(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    declared = {"no-recall": Variant("without taking islanders back", {"recall": "never"})}
    monkeypatch.setattr(plugins, "declared", lambda game: declared)
    out = tmp_path / "study"
    common = [
        "southseas",
        "report",
        "--games",
        "6",
        "--players",
        "2",
        "--seed",
        "3",
        "--no-strategies",
    ]
    status = main([*common, "--workers", "1", "--out", str(out)])
    _, err = capsys.readouterr()
    assert status == 0, err
    assert (out / "variants" / "no-recall" / "study.json").exists()
    variant = StudyStore.open(out / "variants" / "no-recall")
    assert variant.config.options == {"recall": "never"} and variant.config.seed == 3
    html = unescape((out / "report.html").read_text(encoding="utf-8"))
    assert "What each rule is worth" in html and "without taking islanders back" in html
    # --resume continues study and variants alike; --no-variants leaves the section out
    status = main([*common, "--workers", "1", "--out", str(out), "--resume", "--no-variants"])
    assert status == 0
    html = unescape((out / "report.html").read_text(encoding="utf-8"))
    assert "What each rule is worth" not in html


def test_a_rule_changes_direct_effects_are_shown_not_tested() -> None:
    from analyses.reports.variants import compared, direct_effects

    # amulets never wash up: the amulet events are ruled out by construction (the glossary),
    # and the variant's declared word covers the summary columns too
    direct = direct_effects("tobago", {}, {"amulets_when": "never"}, ("amulet",))
    assert {"events: amulet-washed", "events: amulet-picked", "amulet"} <= set(direct)
    assert "events: drive" not in direct
    games = pd.Index(range(40))
    washed = pd.Series(np.resize([18.0, 20.0, 19.0], 40), index=games)
    drives = pd.Series(np.resize([200.0, 210.0], 40), index=games)
    table = compared(
        [
            ("amulets washed", washed, washed * 0),
            ("drives", drives, drives + np.resize([-3.0, 1.0, -2.0], 40)),
        ],
        direct,
    ).set_index("measure")
    assert table.loc["amulets washed", "clear"] == "direct effect"
    assert np.isnan(table.loc["amulets washed", "p"])
    assert not np.isnan(table.loc["drives", "p"])
