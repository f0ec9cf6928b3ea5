"""Every number of every game's report, recomputed from the study's Parquet tables by an
independent implementation (:mod:`tests.analyses.reports.recompute`: DuckDB, pandas, scipy and
statsmodels; the recipes of the shared tables in :mod:`tests.analyses.reports.recipes`, each game's
in ``tests/analyses/<game>/recipes.py``), agrees with report.json: estimates, n, intervals
(exact ones exactly, bootstrap ends within their Monte Carlo band), p-values (exact ones
exactly, Monte Carlo ones within both errors) and Holm over the report's whole family. A
number no recipe recomputes fails the test, so a new table needs its recipe."""

from __future__ import annotations

import importlib
import json
import math
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from scipy import stats as sps

from analyses.cli.main import main
from tests.analyses.reports.recipes import page_numbers, with_variants
from tests.analyses.reports.recompute import Plain, Tables, Units, verify
from tests.analyses.reports.test_report_schema import check as check_schema
from tests.games import installed_games

#: Games per report: three players in the duplicate design, with the game's rule variants.
GAMES = {"gloryislands": 12}
DEFAULT_GAMES = 24


def _report(folder: Path, game: str, *args: str) -> dict[str, Any]:
    games = str(GAMES.get(game, DEFAULT_GAMES))
    study = ["--games", games, "--players", "3", "--agents", "greedy,random", "--seed", "4"]
    status = main([game, "report", *study, "--workers", "1", "--out", str(folder), *args])
    assert status == 0
    return json.loads((folder / "report.json").read_text())


def _recipes(game: str) -> dict[str, Any]:
    return with_variants(importlib.import_module(f"tests.analyses.{game}.recipes").RECIPES, game)


@pytest.fixture(scope="module")
def tobago(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    folder = tmp_path_factory.mktemp("recomputed") / "tobago"
    return folder, _report(folder, "tobago")


@pytest.mark.parametrize("game", installed_games())
def test_every_number_of_a_report_is_recomputed_from_the_parquet_tables(
    game: str, tmp_path: Path
) -> None:
    data = _report(tmp_path, game)
    assert len(data["numbers"]) > 150
    assert check_schema(tmp_path) == data  # the simple strategies' part too
    assert data["simple_strategies"]["opponent"] == "greedy"
    assert verify(tmp_path, data, _recipes(game)) == []
    tables = Tables(tmp_path)
    tables.report = data
    assert page_numbers(tables) == []  # the seat test's overall p, the pairing


def test_the_recomputation_finds_a_changed_estimate_interval_or_p(
    tobago: tuple[Path, dict[str, Any]],
) -> None:
    folder, data = tobago
    assert verify(folder, data, _recipes("tobago")) == []
    numbers = data["numbers"]
    share = next(n for n in numbers if n["name"] == "Agents: agent greedy: win share per seat")
    for field, shift in (("estimate", 0.01), ("high", 0.05), ("p", 0.05), ("adjusted_p", 0.05)):
        if share.get(field) is None:
            continue
        changed = json.loads(json.dumps(data))
        target = next(n for n in changed["numbers"] if n["name"] == share["name"])
        target[field] = min(1.0, target[field] + shift) if target[field] < 0.9 else 0.5
        problems = verify(folder, changed, _recipes("tobago"))
        assert any(share["name"] in p for p in problems), field


def test_a_table_without_its_recipe_is_a_failure(tobago: tuple[Path, dict[str, Any]]) -> None:
    folder, data = tobago
    recipes = _recipes("tobago")
    recipes.pop(r"Length$")
    assert "Length: no recipe recomputes this table" in verify(folder, data, recipes)


def test_an_expectation_checks_each_interval_by_its_method(tmp_path: Path) -> None:
    from tests.analyses.reports.recompute import check

    # two of four: Clopper-Pearson's ends are beta quantiles
    low, high = sps.beta.ppf(0.025, 2, 3), sps.beta.ppf(0.975, 3, 2)
    record = {"estimate": 0.5, "n": 4, "low": low, "high": high, "method": "clopper-pearson"}
    assert check(record, Units([1, 0, 1, 0], "share")) == []
    assert check(record | {"high": 0.9}, Units([1, 0, 1, 0], "share"))
    assert check(record | {"method": "bootstrap"}, Units([1, 0, 1, 0], "share"))
    zero = {"estimate": 0.0, "n": 10, "low": 0.0, "high": -math.log(0.025) / 10}
    assert check(zero | {"method": "poisson"}, Units([0] * 10, "count")) == []
    assert check(zero | {"method": "constant"}, Units([0] * 10, "count"))
    assert check({"estimate": 3} | {"method": None}, Plain(3)) == []
    assert Tables  # the reader is what the recipes take


def test_every_number_of_a_compare_page_is_recomputed(tmp_path: Path) -> None:
    # the baseline and the variant are the page's two studies, all its tests one family
    study = ["--games", "24", "--players", "3", "--agents", "greedy,random", "--seed", "2"]
    status = main(["tobago", "compare", *study, "--variant", "no-amulets", "--out", str(tmp_path)])
    assert status == 0
    data = json.loads((tmp_path / "report.json").read_text())
    assert len(data["numbers"]) > 100
    assert verify(tmp_path, data, _recipes("tobago")) == []


def test_another_permutation_seed_leaves_the_same_findings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a seat 2 effect at adjusted p near 0.04: exact per-seat p-values keep it a finding
    # whatever seeds the bootstrap and the permutations draw from
    study = ["--games", "24", "--players", "3", "--agents", "greedy,random", "--seed", "3"]
    args = ["tobago", "report", *study, "--out", str(tmp_path), "--no-variants", "--no-strategies"]
    assert main(args) == 0
    before = json.loads((tmp_path / "report.json").read_text())
    seeded = np.random.default_rng

    def shifted(seed: Any = None) -> np.random.Generator:
        return seeded(seed + 7919 if isinstance(seed, int | np.integer) else seed)

    monkeypatch.setattr(np.random, "default_rng", shifted)
    assert main([*args, "--resume"]) == 0
    after = json.loads((tmp_path / "report.json").read_text())
    lows = [{n["name"]: n["low"] for n in d["numbers"] if n.get("method") == "bootstrap"}
            for d in (before, after)]  # fmt: skip
    assert lows[0] != lows[1]  # the bootstrap did draw anew
    claims = [{f.split(":")[0] for f in d["findings"]} for d in (before, after)]
    assert claims[0] == claims[1] and claims[0]


def test_report_json_says_what_each_registered_measure_is(
    tobago: tuple[Path, dict[str, Any]],
) -> None:
    # the measure registry is where report.json's definitions come from
    from analyses.reports.metrics import SHARED, Metric

    _, data = tobago
    declared = {m.name: m.definition for m in SHARED if isinstance(m, Metric)}
    margin = "winner's margin over the runner-up"
    rows = [n for n in data["numbers"] if n["table"] == "Decisiveness" and n["row"] == margin]
    assert rows and all(n["definition"] == declared[margin] for n in rows)
    variant = [n for n in data["numbers"] if n["row"] == "decisions per game" and "definition" in n]
    assert variant and variant[0]["definition"] == declared["decisions per game"]
