"""An independent recomputation of a report's numbers from its study's Parquet tables.

A report's numbers (report.json ``numbers``) are checked against values computed here from the
stored tables with DuckDB, pandas, numpy, scipy and statsmodels only — none of atoll's own
statistics — by *recipes*: one per table of the page, each saying, for every number of its
table, what it should be. :func:`verify` runs the recipes over a report and returns what does
not agree, and every number for which no recipe said anything (so a new table without a
recipe fails the test that uses it).

What a recipe says of a number (an *expectation*):

* :class:`Plain`: a number shown as it is (a count, a median, a seed): equal.
* :class:`Units`: an estimate, the mean of one value per unit (game or deal): the estimate and
  ``n`` equal, and the interval the one its method gives — Clopper–Pearson (scipy's
  ``binomtest``) for a share that is 0 or 1 in every unit, the exact Poisson bound for a count
  that is 0 in every unit, none for a value that never varies, Student's t from
  :data:`T_FROM` units, otherwise a percentile bootstrap: its ends must lie within the Monte
  Carlo band of the report's :data:`REPORT_RESAMPLES` resamples around a reference bootstrap
  of :data:`REFERENCE_RESAMPLES` (scipy's ``bootstrap``). With ``p``, the row's test.
* :class:`Ratio`: a ratio of sums over units (ties won per tie), checked the same way.
* :class:`PValue`: a p-value recomputed here (an exact sign flip over every sign pattern, or
  a permutation test with its own Monte Carlo error): equal within both Monte Carlo errors
  (the report's ``p_error``).

The "p" and "adjusted p" columns of a row are checked against the row's test, and every
adjusted p against Holm over all the report's tests together (statsmodels' ``multipletests``).
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import math
import re
from collections.abc import Callable, Iterable
from functools import cached_property
from pathlib import Path
from typing import Any

import duckdb
import numpy as np
import pandas as pd
from scipy import stats as sps
from statsmodels.stats.multitest import multipletests

#: Resamples of a report's bootstrap (analyses.statistics.pergame.RESAMPLES; documented in the
#: README).
REPORT_RESAMPLES = 2000
#: Resamples of the reference bootstrap here.
REFERENCE_RESAMPLES = 40_000
#: From this many units a report's interval is Student's t, not the bootstrap.
T_FROM = 500
#: How many standard errors of Monte Carlo noise a bootstrap end or a p-value may be off.
SIGMAS = 4.5
#: Sign patterns are all enumerated up to this many units, else drawn.
EXACT_UP_TO = 18
#: Draws of a permutation test here when it is not exact.
DRAWS = 40_000
TOLERANCE = 1e-9


@dataclasses.dataclass(frozen=True)
class PValue:
    """A p-value recomputed here, with its Monte Carlo standard error (0 when exact)."""

    value: float
    error: float = 0.0


@dataclasses.dataclass(frozen=True)
class Plain:
    """A number shown as it is."""

    value: float
    tolerance: float = TOLERANCE


@dataclasses.dataclass(frozen=True)
class Units:
    """The mean of one value per unit, with its interval over the units: ``kind`` is "share"
    (values in [0, 1]: exact when all are 0 or 1), "count" (exact bound when all are 0) or
    "mean"; ``bounds`` the range the values can take (a t interval is clipped to it)."""

    values: Any
    kind: str = "mean"
    bounds: tuple[float, float] = (-math.inf, math.inf)
    p: PValue | None = None

    @property
    def data(self) -> np.ndarray:
        return np.asarray(self.values, dtype=float)


@dataclasses.dataclass(frozen=True)
class Ratio:
    """A ratio of sums over units (``numerator[i] / denominator[i]`` are unit i's); a unit
    whose denominator is 0 says nothing and is not counted. A ``share`` (events with some
    property over events) that never or always held is exact (Clopper–Pearson over units)."""

    numerator: Any
    denominator: Any
    share: bool = False


Expectation = Plain | Units | Ratio
#: A recipe: the study's tables and the records of one table of the report -> an expectation
#: for each record's name.
Recipe = Callable[["Tables", list[dict[str, Any]]], dict[str, Expectation]]


class Tables:
    """The Parquet tables of a stored study (all its chunks), read with DuckDB."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self.report: dict[str, Any] = {}  # the report.json being checked (its notes...)

    def read(self, name: str) -> pd.DataFrame:
        files = sorted(self.folder.glob(f"chunks/*/{name}.parquet"))
        if not files:
            return pd.DataFrame()
        listed = ", ".join(f"'{f}'" for f in files)
        frame = duckdb.sql(f"SELECT * FROM read_parquet([{listed}], union_by_name=true)").df()
        return frame.sort_values([c for c in ("game", "index", "seat") if c in frame]).reset_index(
            drop=True
        )

    @cached_property
    def study(self) -> dict[str, Any]:
        """study.json: the study's record (config, the tables' column meanings)."""
        loaded: dict[str, Any] = json.loads((self.folder / "study.json").read_text())
        return loaded

    @cached_property
    def games(self) -> pd.DataFrame:
        return self.read("games")

    @cached_property
    def players(self) -> pd.DataFrame:
        return self.read("players")

    @cached_property
    def events(self) -> pd.DataFrame:
        return self.read("events")

    @cached_property
    def branching(self) -> pd.DataFrame:
        return self.read("branching")

    @cached_property
    def timings(self) -> pd.DataFrame:
        return self.read("timings")

    @cached_property
    def trajectory(self) -> pd.DataFrame:
        return self.read("trajectory")

    @property
    def seats(self) -> int:
        return int(self.players["seat"].max()) + 1

    @property
    def deal(self) -> pd.Series:
        """game -> deal (a duplicate design's deal; every game its own without one)."""
        games = self.games.set_index("game")
        if "deal" in games:
            return games["deal"]
        return pd.Series(games.index, index=games.index)

    def per_deal(self, per_game: pd.Series) -> pd.Series:
        """A per-game series (indexed by game) as the mean over each deal's games."""
        return per_game.groupby(self.deal.reindex(per_game.index).to_numpy()).mean()


# -- independent tests ------------------------------------------------------------------------


def sign_flip(differences: Any, *, seed: int = 1) -> PValue:
    """Two-sided sign-flip p of "centred on 0": every sign pattern up to
    :data:`EXACT_UP_TO` units, else :data:`DRAWS` drawn ones."""
    d = np.asarray(differences, dtype=float)
    if not np.any(d):
        return PValue(1.0)
    observed = abs(d.sum()) - 1e-9
    if len(d) <= EXACT_UP_TO:
        signs = np.array(list(itertools.product((1.0, -1.0), repeat=len(d))))
        return PValue(float(np.mean(np.abs(signs @ d) >= observed)))
    rng = np.random.default_rng(seed)
    signs = rng.choice((1.0, -1.0), size=(DRAWS, len(d)))
    p = (1 + np.sum(np.abs(signs @ d) >= observed)) / (1 + DRAWS)
    return PValue(float(p), math.sqrt(p * (1 - p) / DRAWS))


def holm(ps: list[float]) -> list[float]:
    """Holm's adjustment (statsmodels)."""
    return list(multipletests(ps, method="holm")[1]) if ps else []


# -- checks -------------------------------------------------------------------------------------


def _close(a: Any, b: Any, tolerance: float = TOLERANCE) -> bool:
    missing = [x is None or (isinstance(x, float) and math.isnan(x)) for x in (a, b)]
    if any(missing):
        return all(missing)
    return math.isclose(float(a), float(b), rel_tol=tolerance, abs_tol=tolerance)


def _band(replicates: np.ndarray, level: float) -> tuple[float, float]:
    """Where a quantile at ``level`` of :data:`REPORT_RESAMPLES` resamples may fall."""
    se = math.sqrt(level * (1 - level) / REPORT_RESAMPLES)
    se_ref = math.sqrt(level * (1 - level) / len(replicates))
    width = SIGMAS * math.hypot(se, se_ref) + 1 / REPORT_RESAMPLES
    low, high = max(0.0, level - width), min(1.0, level + width)
    return float(np.quantile(replicates, low)), float(np.quantile(replicates, high))


def _reference(statistic: Callable[..., Any], *samples: np.ndarray) -> np.ndarray:
    result = sps.bootstrap(
        samples,
        statistic,
        n_resamples=REFERENCE_RESAMPLES,
        method="percentile",
        paired=len(samples) > 1,
        vectorized=True,
        random_state=np.random.default_rng(7),
    )
    replicates = np.asarray(result.bootstrap_distribution, dtype=float)
    return replicates[np.isfinite(replicates)]


def _interval(record: dict[str, Any], value: float, replicates: Callable[[], np.ndarray],
              t: Callable[[], tuple[float, float]], bounds: tuple[float, float],
              large: str = "t") -> list[str]:  # fmt: skip
    """The bootstrap interval of a record that varied, or from :data:`T_FROM` units on the
    ``large``-sample one (``t``: Student's t; ``ratio``: t with a linearised variance)."""
    low, high = record.get("low"), record.get("high")
    method, n = record.get("method"), record.get("n") or 0
    want = large if n >= T_FROM else "bootstrap"
    if method != want:
        return [f"method {method}, expected {want}"]
    if method != "bootstrap":
        a, b = t()
        a, b = max(bounds[0], a), min(bounds[1], b)
        if not (_close(low, a, 1e-6) and _close(high, b, 1e-6)):
            return [f"t interval [{low}, {high}], recomputed [{a}, {b}]"]
        return []
    reps = replicates()
    problems = []
    for end, level in ((low, 0.025), (high, 0.975)):
        a, b = _band(reps, level)
        if not (a - 1e-9 <= end <= b + 1e-9):
            problems.append(f"bootstrap end {end} outside [{a}, {b}] (reference at {level})")
    if not (bounds[0] - 1e-9 <= low <= value + 1e-9 <= high + 2e-9 <= bounds[1] + 3e-9):
        problems.append(f"interval [{low}, {high}] leaves {bounds} or its estimate {value}")
    return problems


def _clopper_pearson(k: int, n: int) -> tuple[float, float]:
    ci = sps.binomtest(k, n).proportion_ci(0.95, method="exact")
    return float(ci.low), float(ci.high)


def _exact(record: dict[str, Any], method: str, ends: tuple[float, float]) -> list[str]:
    """What is wrong with a record whose interval is exact (Clopper–Pearson, the Poisson
    bound, none for a constant): its method and both ends."""
    if record.get("method") != method:
        return [f"method {record.get('method')}, expected {method}"]
    low, high = record.get("low"), record.get("high")
    if not (_close(low, ends[0], 1e-9) and _close(high, ends[1], 1e-9)):
        return [f"{method} interval [{low}, {high}], recomputed [{ends[0]}, {ends[1]}]"]
    return []


def check_units(record: dict[str, Any], want: Units) -> list[str]:
    data = want.data
    n = len(data)
    value = float(data.mean()) if n else math.nan
    problems = []
    if not _close(record["estimate"], value, 1e-9):
        problems.append(f"estimate {record['estimate']}, recomputed {value}")
    if record.get("n") != n:
        problems.append(f"n {record.get('n')}, recomputed {n}")
    if n == 0:
        return problems
    if want.kind == "share" and set(np.unique(data)) <= {0.0, 1.0}:  # every unit 0 or 1
        return problems + _exact(record, "clopper-pearson", _clopper_pearson(int(data.sum()), n))
    if want.kind == "count" and not data.any():
        return problems + _exact(record, "poisson", (0.0, float(sps.chi2.ppf(0.975, 2)) / 2 / n))
    if np.all(data == data[0]):
        return problems + _exact(record, "constant", (value, value))

    def t() -> tuple[float, float]:
        half = float(sps.t.ppf(0.975, n - 1)) * float(data.std(ddof=1)) / math.sqrt(n)
        return value - half, value + half

    return problems + _interval(
        record,
        value,
        lambda: _reference(lambda x, axis: np.mean(x, axis=axis), data),
        t,
        want.bounds,
    )


def check_ratio(record: dict[str, Any], want: Ratio) -> list[str]:
    num = np.asarray(want.numerator, dtype=float)
    den = np.asarray(want.denominator, dtype=float)
    num, den = num[den > 0], den[den > 0]
    n = len(num)
    value = float(num.sum() / den.sum()) if n else math.nan
    problems = []
    if not _close(record["estimate"], value, 1e-9):
        problems.append(f"estimate {record['estimate']}, recomputed {value}")
    if record.get("n") != n:
        problems.append(f"n {record.get('n')}, recomputed {n}")
    if n == 0:
        return problems
    if want.share and (np.all(num == 0) or np.all(num == den)):  # never, or always
        return problems + _exact(record, "clopper-pearson", _clopper_pearson(n if value else 0, n))
    if np.allclose(num / den, value):
        return problems + _exact(record, "constant", (value, value))

    def t() -> tuple[float, float]:  # the linearised (cluster-robust) variance of a ratio
        mean_den = den.mean()
        residual = (num - value * den) / mean_den
        half = float(sps.t.ppf(0.975, n - 1)) * float(residual.std(ddof=1)) / math.sqrt(n)
        return value - half, value + half

    def ratio(x: np.ndarray, y: np.ndarray, axis: int) -> np.ndarray:
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.sum(x, axis=axis) / np.sum(y, axis=axis)

    bounds = (0.0, 1.0) if want.share else (-math.inf, math.inf)
    return problems + _interval(
        record, value, lambda: _reference(ratio, num, den), t, bounds, large="ratio"
    )


def check_p(record: dict[str, Any], want: PValue) -> list[str]:
    got = record.get("p")
    if got is None:
        return [f"p missing, recomputed {want.value}"]
    error = record.get("p_error") or 0.0
    allowed = SIGMAS * math.hypot(error, want.error) + 1e-9
    if record.get("p_method") in ("exact", "t") and want.error == 0:
        allowed = 1e-9
    if abs(got - want.value) > allowed:
        return [f"p {got} ({record.get('p_method')}, error {error}), recomputed {want.value}"]
    return []


def check(record: dict[str, Any], want: Expectation) -> list[str]:
    """What is wrong with one number of a report against its expectation (nothing: [])."""
    if isinstance(want, Plain):
        ok = _close(record["estimate"], want.value, want.tolerance)
        return [] if ok else [f"{record['estimate']}, recomputed {want.value}"]
    if isinstance(want, Ratio):
        return check_ratio(record, want)
    problems = check_units(record, want)
    if want.p is not None:
        problems += check_p(record, want.p)
    elif record.get("p") is not None:
        problems.append(f"p {record['p']} given, but the recipe says the row is untested")
    return problems


def recipe_for(caption: str, recipes: dict[str, Recipe]) -> Recipe | None:
    """The recipe whose key the caption starts with (a regular expression, the longest)."""
    found = [k for k in recipes if re.match(k, caption)]
    return recipes[max(found, key=len)] if found else None


def verify(folder: Path, data: dict[str, Any], recipes: dict[str, Recipe]) -> list[str]:
    """Every disagreement of report.json ``data`` with the recipes' recomputation from the
    study stored in ``folder``, one line each, and every number no recipe recomputed."""
    tables = Tables(folder)
    tables.report = data
    problems: list[str] = []
    by_table: dict[str, list[dict[str, Any]]] = {}
    for record in data["numbers"]:
        by_table.setdefault(record["table"], []).append(record)
    tested: list[dict[str, Any]] = []
    for caption, records in by_table.items():
        tests = {(r["row"], r["table"]): r for r in records if r.get("p") is not None
                 and r["column"] not in ("p", "adjusted p")}  # fmt: skip
        tested += tests.values()
        recipe = recipe_for(caption, recipes)
        if recipe is None:
            problems.append(f"{caption}: no recipe recomputes this table")
            continue
        wanted = recipe(tables, records)
        for record in records:
            name = record["name"]
            if record["column"] in ("p", "adjusted p"):
                owner = tests.get((record["row"], record["table"]))
                key = "p" if record["column"] == "p" else "adjusted_p"
                shown = None if owner is None else owner[key]
                if not _close(record["estimate"], shown):
                    problems.append(f"{name}: {record['estimate']} is not the row's {key}")
                continue
            if name not in wanted:
                problems.append(f"{name}: not recomputed")
                continue
            problems += [f"{name}: {p}" for p in check(record, wanted[name])]
    raw = [r["p"] for r in tested]
    for record, adjusted in zip(tested, holm(raw), strict=True):
        if not _close(record.get("adjusted_p"), adjusted, 1e-9):
            problems.append(
                f"{record['name']}: adjusted p {record.get('adjusted_p')}, Holm over the "
                f"report's {len(raw)} tests gives {adjusted}"
            )
    return problems


def rows(records: Iterable[dict[str, Any]]) -> dict[Any, list[dict[str, Any]]]:
    """A table's records by row."""
    out: dict[Any, list[dict[str, Any]]] = {}
    for record in records:
        out.setdefault(record["row"], []).append(record)
    return out
