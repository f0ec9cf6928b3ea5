"""The best response of a strategy file to a field: optuna searches the strategy's named
parameters (those with a ``low``..``high`` range) for the highest win share against the field,
and the winner is checked on fresh deals (``atoll GAME best-response``).

* **Trials** play the candidate against each entrant of the field (one seat against the
  entrant in every other seat), in the duplicate design (every deal once per rotation of the
  line-up), on the same deals for every trial: common random numbers, so that trials differ by
  their values, not their luck. The first trial plays the strategy's own values; a value
  already played is not played again (its result is taken).
* **The search** is optuna's TPE sampler, made anew for trial ``k`` from the run's seed and
  ``k`` with the finished trials as its history: trial ``k`` gets the same values whether the
  run went through or was killed and resumed (a trial stopped half way is played again).
* **The check** plays the best values and the starting values against the field on fresh deals
  (another seed, the same deals for both): the best values' win share with its interval over
  deals, its test against the even share (1 / players), and the paired difference to the
  starting values with its test; the two tests one family (Holm).

Everything is written to the run's folder atomically: ``best-response.json`` (the run, every
trial, the check and the verdict) after every trial, and the tuned strategy file: ``best.toml``
when the check finds the best values better than the starting ones, else
``candidate/best.toml``.

>>> run = BestResponseRun("gloryislands", "low-cards", ("random",), trials=2, games=4)
>>> BestResponseRun.from_dict(run.to_dict()) == run, candidate_spec(run, {"top": 3})
(True, 'strategy:low-cards,top=3')
"""

from __future__ import annotations

import dataclasses
import json
import math
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from analyses.statistics import pergame
from analyses.statistics.stats import Estimate, holm
from analyses.studies import interrupts
from analyses.studies.locks import LOCK
from analyses.studies.study import StudyConfig, run_study
from models.data import parse_json, read_text
from models.errors import AtollError
from models.files import write_bytes_atomically
from models.seeds import check_seed, keyed_seed
from solvers.agents import read_agent
from solvers.strategies.bundled import find_strategy
from solvers.strategies.files import Strategy, dump_strategy

__all__ = [
    "RECORD",
    "BestResponseRun",
    "Check",
    "candidate_spec",
    "check",
    "entrant_spec",
    "inert",
    "search",
    "small_grid",
]

#: The run's record in its folder.
RECORD = "best-response.json"


def entrant_spec(game: str, text: str) -> str:
    """An entrant of a field as an agent spec: a bundled strategy's bare name or a strategy
    file's path becomes ``strategy:...``; an agent spec stays as it is.

    >>> entrant_spec("gloryislands", "high-sails"), entrant_spec("gloryislands", "greedy")
    ('strategy:high-sails', 'greedy')
    """
    from solvers.strategies.bundled import bundled_names

    text = text.strip()
    if text in bundled_names(game) or text.endswith(".toml"):
        return f"strategy:{text}"
    return text


@dataclasses.dataclass(frozen=True)
class BestResponseRun:
    """What a best-response search plays: the strategy (a bundled name or a file's path), the
    field it answers, the players, trials, games per trial and entrant, fresh games per entrant
    for the check, and the root seed."""

    game: str
    strategy: str
    against: tuple[str, ...]
    players: int = 2
    trials: int = 30
    games: int = 100
    check_games: int = 400
    seed: int = 0
    #: Rule options as given and component files by name, for every game played.
    options: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    components: Mapping[str, str] = dataclasses.field(default_factory=dict)

    def __post_init__(self) -> None:
        check_seed(self.seed)
        if not self.against:
            raise AtollError("name at least one entrant to answer", field="--against")
        for name, value, least in (("trials", self.trials, 1), ("games", self.games, 1),
                                   ("check_games", self.check_games, 1)):  # fmt: skip
            if isinstance(value, bool) or not isinstance(value, int) or value < least:
                raise AtollError(f"a whole number {least} or more, got {value!r}", field=name)

    def to_dict(self) -> dict[str, Any]:
        out = {**dataclasses.asdict(self), "against": list(self.against)}
        out["options"], out["components"] = dict(self.options), dict(self.components)
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> BestResponseRun:
        return cls(**{**data, "against": tuple(data["against"])})

    def study(self, lineup: tuple[str, ...], seed: int, games: int) -> StudyConfig:
        """The duplicate-design study of one line-up, on this run's options and components."""
        deals = max(1, math.ceil(games / self.players))
        return StudyConfig(self.game, self.players, lineup, games=deals * self.players,
                           seed=seed, options=self.options, components=self.components,
                           design="duplicate")  # fmt: skip

    def strategy_file(self) -> Strategy:
        """The strategy searched, read and checked (a one-line error otherwise)."""
        return find_strategy(self.game, self.strategy)

    def field(self) -> tuple[str, ...]:
        """The entrants as agent specs, each read once here (a bad one fails now)."""
        specs = tuple(entrant_spec(self.game, t) for t in self.against)
        for spec in specs:
            read_agent(spec, self.game)
        return specs

    def check_inputs(self) -> None:
        """Everything a run reads, checked before a game is played (one line otherwise): the
        strategy, the field, the options and the components."""
        self.strategy_file()
        specs = self.field()
        self.study((candidate_spec(self, {}), *([specs[0]] * (self.players - 1))), 0, 1).check()


def candidate_spec(run: BestResponseRun, values: Mapping[str, Any]) -> str:
    """The agent spec of the strategy with ``values`` set."""
    settings = "".join(f",{k}={_number(v)}" for k, v in sorted(values.items()))
    return f"strategy:{run.strategy}{settings}"


def _number(value: Any) -> str:
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def deal_shares(
    run: BestResponseRun,
    values: Mapping[str, Any],
    seed: int,
    games: int,
    workers: int = 1,
    scheduler: str | None = None,
) -> np.ndarray:
    """The candidate's win share per deal (mean over the deal's rotations), the deals of every
    entrant one after another: the unit of every interval and test here."""
    spec = candidate_spec(run, values)
    shares: list[np.ndarray] = []
    for opponent in run.field():
        config = run.study((spec, *([opponent] * (run.players - 1))), seed, games)
        frames = run_study(config, workers=workers, scheduler=scheduler)
        if len(frames.errors):
            first = frames.errors.iloc[0]
            raise AtollError(f"game {first['game']} failed: {first['error']}", field=spec)
        shares.append(pergame.deal_shares(frames.players, frames.games, spec).to_numpy(float))
    return np.concatenate(shares)


def small_grid(strategy: Strategy, trials: int) -> list[dict[str, Any]] | None:
    """Every combination of the searchable values, the starting values first, when all are
    whole numbers and there are no more combinations than trials (a search would only repeat
    itself); else None.

    >>> from solvers.strategies.bundled import bundled_strategy
    >>> [v["top"] for v in small_grid(bundled_strategy("gloryislands", "low-cards"), 30)]
    [2, 1, 3, 4, 5]
    """
    from analyses.tuning.grid import small_grid as grid

    params = strategy.searchable()
    if not params or not all(p.integer for p in params):
        return None
    ranges = {p.name: range(int(p.low), int(p.high) + 1) for p in params}  # type: ignore[arg-type]
    return grid(ranges, {p.name: int(p.value) for p in params}, trials)


def inert(trials: Sequence[Mapping[str, Any]]) -> bool:
    """Whether every trial of different values won exactly the same share (the parameters
    did not change the games' results on the trials' deals)."""
    played = [t for t in trials if not t.get("repeat")]
    return len(played) > 1 and len({t["share"] for t in played}) == 1


def _distributions(strategy: Strategy) -> dict[str, Any]:
    from optuna.distributions import FloatDistribution, IntDistribution

    found: dict[str, Any] = {}
    for p in strategy.searchable():
        if p.integer:
            found[p.name] = IntDistribution(int(p.low), int(p.high))  # type: ignore[arg-type]
        else:
            found[p.name] = FloatDistribution(float(p.low), float(p.high))  # type: ignore[arg-type]
    return found


def _suggested(
    run: BestResponseRun,
    k: int,
    trials: Sequence[Mapping[str, Any]],
    distributions: Mapping[str, Any],
) -> dict[str, Any]:
    """Trial ``k``'s values: TPE made anew from the run's seed and ``k``, the finished trials
    its history (the same values after a resume)."""
    import optuna

    study = optuna.create_study(
        direction="maximize",
        sampler=optuna.samplers.TPESampler(
            seed=keyed_seed(run.seed, k), n_startup_trials=min(10, max(2, run.trials // 4))
        ),
    )
    for t in trials:
        study.add_trial(optuna.trial.create_trial(
            params=t["values"], distributions=dict(distributions), value=t["share"]))  # fmt: skip
    return dict(study.ask(dict(distributions)).params)


def read_record(folder: Path) -> dict[str, Any] | None:
    path = folder / RECORD
    if not path.exists():
        return None
    data = parse_json(read_text(path), source=path)
    if not isinstance(data, dict) or "run" not in data or "trials" not in data:
        raise AtollError("is damaged: not a best response of this atoll", source=path)
    return data


def write_record(folder: Path, record: Mapping[str, Any]) -> None:
    text = json.dumps(record, indent=1, default=float)
    write_bytes_atomically(folder / RECORD, text.encode("utf-8"))


def search(
    run: BestResponseRun,
    folder: Path,
    *,
    resume: bool = False,
    workers: int = 1,
    scheduler: str | None = None,
    done: Callable[[int, Mapping[str, Any], float], None] | None = None,
) -> list[dict[str, Any]]:
    """Play the trials still to play into ``folder`` (a new one, or with ``resume`` the same
    run's); returns every trial (``k``, ``values``, ``share``: the mean win share per deal)."""
    import optuna

    strategy = run.strategy_file()
    distributions = _distributions(strategy)
    if not distributions:
        raise AtollError(
            f"{strategy.name} has no parameter with a range (low, high) to search",
            source=strategy.source,
            field="params",
        )
    run.field()
    record = read_record(folder)
    if record is not None and not resume:
        raise AtollError(f"{folder} holds a best response already: --resume continues it",
                         field="--out")  # fmt: skip
    if record is None and resume:
        raise AtollError(f"{folder} holds no best response to resume", field="--resume")
    if record is not None and record["run"] != run.to_dict():
        raise AtollError(f"{folder} holds another best response: --resume continues only the "
                         "same one", field="--out")  # fmt: skip
    if record is None and folder.exists() and any(p.name != LOCK for p in folder.iterdir()):
        raise AtollError(f"{folder} is not empty: choose a new folder", field="--out")
    trials: list[dict[str, Any]] = list(record["trials"]) if record else []
    record = {"run": run.to_dict(), "strategy": strategy.name, "trials": trials}
    write_record(folder, record)
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    start = {p.name: p.value for p in strategy.searchable()}
    grid = small_grid(strategy, run.trials)
    for k in range(len(trials), len(grid) if grid is not None else run.trials):
        interrupts.check()
        values: dict[str, Any]
        if grid is not None:  # every value fits in the trials: each played once, in order
            values = grid[k]
        elif k == 0:
            values = dict(start)
        else:
            values = _suggested(run, k, trials, distributions)
        played = next((t for t in trials if t["values"] == values), None)
        if played is None:
            shares = deal_shares(run, values, run.seed, run.games, workers, scheduler)
            share, deals = float(shares.mean()), len(shares)
        else:  # a value already played: its result, not the same games again
            share, deals = played["share"], played["deals"]
        trials.append({"k": k, "values": values, "share": share, "deals": deals,
                       "repeat": played is not None})  # fmt: skip
        with interrupts.deferred():
            write_record(folder, record)
        if done is not None:
            done(k, values, share)
    return trials


@dataclasses.dataclass(frozen=True)
class Check:
    """The best values against the starting values on fresh deals (see the module)."""

    best: dict[str, Any]
    start: dict[str, Any]
    share: Estimate  # the best values' win share per deal
    start_share: Estimate
    difference: Estimate  # best minus start, paired by deal
    even: float
    p_even: float  # "the best values win their even share", two-sided
    p_start: float  # "the best values are no different from the starting ones"
    adjusted_even: float
    adjusted_start: float

    @property
    def beats_field(self) -> bool:
        return self.adjusted_even < 0.05 and self.share.value > self.even

    @property
    def loses_to_field(self) -> bool:
        return self.adjusted_even < 0.05 and self.share.value < self.even

    @property
    def better(self) -> bool:
        return self.adjusted_start < 0.05 and self.difference.value > 0

    def verdict(self, strategy: str, against: Sequence[str], players: int) -> str:
        """The check in words, each effect once and in its direction."""
        field = ", ".join(against)
        where = f"{players}-player games against {field}"
        share = format(self.share, ".2f")
        if self.beats_field:
            first = f"wins {share} of {where}: more than its even share {self.even:.2f}"
        elif self.loses_to_field:
            first = f"wins {share} of {where}: less than its even share {self.even:.2f}"
        else:
            first = (f"wins {share} of {where}: cannot be told apart from its even share "
                     f"{self.even:.2f}")  # fmt: skip
        if self.best == self.start:
            second = "the search kept its starting values"
        elif self.better:
            second = f"better than its starting values {self.start} by {self.difference:.2f}"
        else:
            second = (f"cannot be told apart from its starting values {self.start} "
                      f"({self.difference:.2f})")  # fmt: skip
        values = ", ".join(f"{k}={_number(v)}" for k, v in sorted(self.best.items()))
        p = f"Holm-adjusted p {self.adjusted_even:.3g} and {self.adjusted_start:.3g}"
        return f"{strategy} with {values} {first}; {second} ({p})."

    def to_dict(self) -> dict[str, Any]:
        def estimate(e: Estimate) -> dict[str, Any]:
            return {"value": e.value, "low": e.low, "high": e.high, "n": e.n, "method": e.method}

        return {
            "best": self.best, "start": self.start, "share": estimate(self.share),
            "start_share": estimate(self.start_share), "difference": estimate(self.difference),
            "even": self.even, "p_even": self.p_even, "p_start": self.p_start,
            "adjusted_even": self.adjusted_even, "adjusted_start": self.adjusted_start,
            "beats_field": self.beats_field, "better": self.better,
        }  # fmt: skip


def best_trial(trials: Sequence[Mapping[str, Any]]) -> Mapping[str, Any]:
    """The trial with the highest win share (the first of equals)."""
    return max(trials, key=lambda t: (t["share"], -t["k"]))


def check(
    run: BestResponseRun,
    best: Mapping[str, Any],
    *,
    workers: int = 1,
    scheduler: str | None = None,
) -> Check:
    """The best values and the starting values on the same fresh deals (see the module)."""
    strategy = run.strategy_file()
    start = {p.name: p.value for p in strategy.searchable()}
    seed = keyed_seed(run.seed, 0x5EED) >> 1
    tuned = deal_shares(run, best, seed, run.check_games, workers, scheduler)
    if dict(best) == start:
        base = tuned
    else:
        base = deal_shares(run, start, seed, run.check_games, workers, scheduler)
    even = 1 / run.players
    versus_even = pergame.sign_flip_test(tuned - even, seed=run.seed)
    paired = pergame.paired(base, tuned, seed=run.seed)
    p_start = paired.p if dict(best) != start else 1.0
    adjusted = holm([versus_even.p, p_start])
    return Check(
        best=dict(best),
        start=start,
        share=pergame.mean(tuned, bounds=(0.0, 1.0), seed=run.seed),
        start_share=pergame.mean(base, bounds=(0.0, 1.0), seed=run.seed),
        difference=paired.difference,
        even=even,
        p_even=versus_even.p,
        p_start=p_start,
        adjusted_even=float(adjusted[0]),
        adjusted_start=float(adjusted[1]),
    )


def write_tuned(run: BestResponseRun, checked: Check, folder: Path) -> Path:
    """The strategy file with the best values: ``best.toml`` when the check finds them better
    than the starting values, else ``candidate/best.toml``."""
    tuned = run.strategy_file().with_values(checked.best)
    path = folder / ("best.toml" if checked.better else "candidate/best.toml")
    write_bytes_atomically(path, dump_strategy(tuned).encode("utf-8"))
    return path
