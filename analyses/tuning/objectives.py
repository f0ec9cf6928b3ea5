"""What ``atoll GAME tune`` minimises: ``--objective``, a weighted sum of terms.

Terms (each a loss: lower is better):

* ``balance`` — how far the seats' win rates are from even, unbiased: the squared distance
  of each seat's win rate (win shares, a tie shared) from 1 / seats, summed over the seats,
  less what that sum is expected to be from chance alone when the seats are even (the
  variance of each seat's mean, estimated over deals: a duplicate design's rotations of one
  deal are one unit). Its expectation is 0 for even seats whatever the number of games, so
  a sample may come out slightly below 0; a 60/40 two-seat game gives 0.02, 70/30 0.08
  (:func:`balance`);
* ``seats`` — the largest gap between the seats' win rates: kept for the tunings that used
  it, but biased upward (about 0.04 for three even seats at 500 games, and more with fewer)
  and weak; ``balance`` is the seat objective to use;
* ``length:TARGET`` — how far the mean game length is from ``TARGET`` (the games table's
  ``turns``, or ``length:TARGET:COLUMN`` for another column such as ``rounds`` or ``moves``);
* ``margin`` — the mean winner's margin (the winner's score minus the best other's), or
  ``margin:TARGET`` its distance from ``TARGET``;
* ``skill:A,B`` — the win rate of agent spec ``A`` minus that of ``B`` over the games where
  both play, negated (minimising it rewards the stronger agent more);
* ``metric:NAME`` — any measure of :mod:`analyses.reports.metrics` by its name (the game's own too:
  ``metric:events: hint``, ``metric:lead changes per game``), its mean, or
  ``metric:NAME:TARGET`` its distance from ``TARGET``;
* ``py:MODULE:NAME`` — your own: ``NAME`` in the importable ``MODULE`` is an :class:`Term`.

A sum is written ``seats+0.5*length:10``. Every term is a function of per-game values (a row
per game), so an objective's interval comes from resampling games, and two runs on the same
seeds are compared game by game.

A new term in a few lines (``myterms.py`` beside you, then ``--objective py:myterms:islands``):

>>> import numpy as np
>>> def per_game(frames):  # the mean score of each game, one column
...     return frames.players.groupby("game")["score"].mean().to_numpy()[:, None]
>>> islands = Term("mean score", per_game, lambda means: -float(means[0]))
>>> parse_objective("seats+0.5*length:10").describe()
'seats + 0.5 * length:10'
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from analyses.cli.numbers import read_float
from analyses.reports.metrics import Metric, MetricSet, metric
from analyses.studies.frames import StudyFrames
from models.errors import AtollError

FIELD = "--objective"


@dataclasses.dataclass(frozen=True)
class Term:
    """One objective term: ``per_game`` gives a row of values per game (games in the order
    of ``frames.games``), ``reduce`` turns their column means into the loss — or, where the
    loss needs more than the means (``balance``: their variance), ``reduce_rows`` turns the
    rows themselves into it."""

    name: str
    per_game: Callable[[StudyFrames], np.ndarray]
    reduce: Callable[[np.ndarray], float] = lambda means: float("nan")
    reduce_rows: Callable[[np.ndarray], float] | None = None


@dataclasses.dataclass(frozen=True)
class Objective:
    """A weighted sum of terms."""

    terms: tuple[tuple[float, Term], ...]
    text: str

    def describe(self) -> str:
        return " + ".join(t.name if w == 1 else f"{w:g} * {t.name}" for w, t in self.terms)

    def rows(self, frames: StudyFrames) -> list[np.ndarray]:
        """Each term's per-game rows (games in the order of ``frames.games``)."""
        found = []
        for _, term in self.terms:
            rows = np.asarray(term.per_game(frames), dtype=float)
            if rows.ndim == 1:
                rows = rows[:, None]
            found.append(rows)
        return found

    def value_of(self, rows: Sequence[np.ndarray], pick: np.ndarray | None = None) -> float:
        """The loss from per-game ``rows`` (of the games ``pick``, rows by index, when given)."""
        total = 0.0
        for (weight, term), values in zip(self.terms, rows, strict=True):
            chosen = values if pick is None else values[pick]
            if term.reduce_rows is not None:
                total += weight * term.reduce_rows(chosen)
                continue
            means = np.nanmean(chosen, axis=0) if len(chosen) else np.full(values.shape[1], np.nan)
            total += weight * term.reduce(means)
        return total

    def value(self, frames: StudyFrames) -> float:
        return self.value_of(self.rows(frames))


def _seats(frames: StudyFrames) -> np.ndarray:
    table = frames.players.pivot_table(index="game", columns="seat", values="win_share")
    return table.reindex(frames.games["game"]).to_numpy(float)


def _gap(means: np.ndarray) -> float:
    return float(np.nanmax(means) - np.nanmin(means))


def _balance_rows(frames: StudyFrames) -> np.ndarray:
    """Per game: its deal's seat win shares (the mean over the deal's games: the rotations of
    a duplicate deal, or the game alone), then the game's weight, 1 / the deal's games — so a
    deal counts once however many rotations it has, and a resampled deal counts as one more."""
    seats = _seats(frames)
    deal = frames.games["deal"].to_numpy() if "deal" in frames.games else np.arange(len(seats))
    codes, inverse = np.unique(deal, return_inverse=True)
    sums = np.zeros((len(codes), seats.shape[1]))
    np.add.at(sums, inverse, np.nan_to_num(seats))
    counts = np.bincount(inverse, minlength=len(codes)).astype(float)
    means = sums / counts[:, None]
    return np.column_stack([means[inverse], 1.0 / counts[inverse]])


def balance(rows: np.ndarray) -> float:
    """The unbiased seat balance of rows of :func:`_balance_rows` (see the module):
    sum over seats of (mean − 1/k)² minus the estimated variance of each mean.

    >>> rng = np.random.default_rng(1)
    >>> even = [balance(_rows(rng.random(400) < 0.5)) for _ in range(400)]
    >>> abs(float(np.mean(even))) < 0.001  # unbiased: 0 on average for even seats
    True
    >>> round(balance(_rows(rng.random(4000) < 0.7)), 2)  # 70/30: 2 * 0.2 ** 2
    0.08
    """
    shares, weight = rows[:, :-1], rows[:, -1]
    units = float(weight.sum())
    if units <= 1:
        return float("nan")
    mean = (weight[:, None] * shares).sum(axis=0) / units
    spread = (weight[:, None] * (shares - mean) ** 2).sum(axis=0) / (units - 1)
    k = shares.shape[1]
    return float(((mean - 1 / k) ** 2).sum() - (spread / units).sum())


def _rows(first_wins: np.ndarray) -> np.ndarray:
    """Rows of two-seat games, one game a deal: seat 0 wins where ``first_wins`` (doctests)."""
    first = first_wins.astype(float)
    return np.column_stack([first, 1 - first, np.ones(len(first))])


def _length(target: float, column: str) -> Term:
    def per_game(frames: StudyFrames) -> np.ndarray:
        if column not in frames.games.columns:
            known = ", ".join(c for c in ("turns", "rounds", "moves") if c in frames.games)
            raise AtollError(f"the games have no {column!r} column (try {known})", field=FIELD)
        return frames.games[column].to_numpy(float)[:, None]

    suffix = "" if column == "turns" else f":{column}"
    return Term(f"length:{target:g}{suffix}", per_game, lambda m: abs(float(m[0]) - target))


#: The measure (:mod:`analyses.reports.metrics`) the ``margin`` term is about.
MARGIN = "winner's margin over the runner-up"


def _values(name: str, own: Sequence[Metric | MetricSet]) -> Callable[[StudyFrames], np.ndarray]:
    """The per-game values of the measure ``name``, one row per game of ``frames.games``."""

    def per_game(frames: StudyFrames) -> np.ndarray:
        try:
            found = metric(frames, name, own)
        except AtollError as exc:
            raise AtollError(exc.message, field=FIELD) from None
        values = found.per_game(frames).reindex(frames.games["game"])
        return values.to_numpy(float)[:, None]

    return per_game


def _measured(label: str, name: str, target: float | None, own: Sequence[Any]) -> Term:
    if target is None:
        return Term(label, _values(name, own), lambda m: float(m[0]))
    return Term(f"{label}:{target:g}", _values(name, own), lambda m: abs(float(m[0]) - target))


def _metric_term(args: str, own: Sequence[Any]) -> Term:
    """``metric:NAME`` or ``metric:NAME:TARGET`` (a name may hold a colon: ``events: hint``)."""
    name, colon, tail = args.rpartition(":")
    try:
        target = float(tail) if colon else None
    except ValueError:
        target = None
    if target is None:
        name = args
    if not name.strip():
        raise AtollError("write metric:NAME or metric:NAME:TARGET", field=FIELD)
    return _measured(f"metric:{name.strip()}", name.strip(), target, own)


def _skill(a: str, b: str) -> Term:
    def per_game(frames: StudyFrames) -> np.ndarray:
        players = frames.players
        if not (players["agent"] == a).any() or not (players["agent"] == b).any():
            raise AtollError(f"agents {a!r} and {b!r} must both play (--agents)", field=FIELD)
        share = players.pivot_table(index="game", columns="agent", values="win_share")
        share = share.reindex(frames.games["game"])
        return (share[a] - share[b]).to_numpy(float)[:, None]  # NaN where one is missing

    return Term(f"skill:{a},{b}", per_game, lambda m: -float(m[0]))


def parse_term(text: str, own: Sequence[Any] = ()) -> Term:
    """One term (see the module docstring); ``own``: the game's own measures."""
    name, _, args = text.partition(":")
    if name == "seats" and not args:
        return Term("seats", _seats, _gap)
    if name == "balance" and not args:
        return Term("balance", _balance_rows, reduce_rows=balance)
    if name == "length" and args:
        target, _, column = args.partition(":")
        return _length(read_float(target, FIELD, "a length target"), column or "turns")
    if name == "margin":
        aim = read_float(args, FIELD, "a margin target") if args else None
        return _measured("margin", MARGIN, aim, own)
    if name == "metric":
        return _metric_term(args, own)
    if name == "skill":
        a, comma, b = args.partition(",")
        if not comma or not a.strip() or not b.strip():
            raise AtollError("write skill:AGENT_A,AGENT_B (agent specs)", field=FIELD)
        return _skill(a.strip(), b.strip())
    if name == "py":
        return _python_term(args)
    raise AtollError(
        f"unknown objective {text!r}: balance, seats, length:TARGET, margin[:TARGET], skill:A,B, "
        "metric:NAME[:TARGET] or py:MODULE:NAME, joined by + with weights "
        "(seats+0.5*length:10)",
        field=FIELD,
    )


def _python_term(args: str) -> Term:
    """``py:MODULE:NAME``: a :class:`Term` from an importable module (a dotted name, not a
    relative one); a module that cannot be imported, whatever it raises, is one line."""
    module, colon, attr = args.rpartition(":")
    dotted = all(part.isidentifier() for part in module.split("."))
    if not colon or not dotted or not attr.isidentifier():
        raise AtollError(
            f"write py:MODULE:NAME (MODULE a dotted module name, NAME an identifier), got {args!r}",
            field=FIELD,
        )
    try:
        found = getattr(importlib.import_module(module), attr)
    except Exception as exc:  # the module's own code may raise anything while importing
        raise AtollError(
            f"cannot load {args!r}: {type(exc).__name__}: {exc}", field=FIELD
        ) from None
    if not isinstance(found, Term):
        raise AtollError(f"{args} is not an objective Term", field=FIELD)
    return found


def parse_objective(text: str, own: Sequence[Any] = ()) -> Objective:
    """``[WEIGHT*]TERM+[WEIGHT*]TERM...`` (a one-line error naming ``--objective``); ``own``:
    the game's own measures (its plug-in's ``metrics``). A weight is any real but 0; a
    negative one rewards a larger value of its term (``balance+-0.1*margin``: even seats, and
    then wider margins).

    >>> [w for w, _ in parse_objective("balance+-0.1*margin").terms]
    [1.0, -0.1]
    """
    if not text.strip():
        raise AtollError("name an objective (seats, length:10, ...)", field=FIELD)
    terms = []
    for part in text.split("+"):
        part = part.strip()
        weight, star, rest = part.partition("*")
        if star:
            weighed = read_float(weight.strip(), FIELD, "a weight")
            if weighed == 0:
                raise AtollError(
                    f"{part!r}: a weight of 0 counts the term for nothing: leave it out",
                    field=FIELD,
                )
            terms.append((weighed, parse_term(rest.strip(), own)))
        else:
            terms.append((1.0, parse_term(part, own)))
    return Objective(tuple(terms), text)


def paired_interval(
    objective: Objective,
    baseline: list[np.ndarray],
    tuned: list[np.ndarray],
    *,
    resamples: int = 2000,
    seed: int = 0,
    deals: np.ndarray | None = None,
) -> tuple[float, tuple[float, float], tuple[float, float], tuple[float, float]]:
    """The loss difference tuned − baseline over the same games (rows in the same order),
    with 95% percentile intervals from resampling the games jointly: (difference, its
    interval, the baseline's interval, the tuned values' interval). With ``deals`` (the deal
    of each row) the deals are resampled, each with all its games: the rotations of a deal of
    the duplicate design are one unit (with a deal per game, the same draws as without)."""
    n = len(baseline[0])
    units = [np.array([k]) for k in range(n)]
    if deals is not None:
        units = [np.flatnonzero(deals == d) for d in dict.fromkeys(deals.tolist())]
    rng = np.random.default_rng(seed)
    diffs, bases, tunes = [], [], []
    for _ in range(resamples):
        chosen = rng.integers(0, len(units), len(units))
        pick = np.concatenate([units[k] for k in chosen]) if len(units) else chosen
        b, t = objective.value_of(baseline, pick), objective.value_of(tuned, pick)
        diffs.append(t - b)
        bases.append(b)
        tunes.append(t)

    def span(values: list[float]) -> tuple[float, float]:
        lo, hi = np.nanpercentile(values, [2.5, 97.5])
        return float(lo), float(hi)

    diff = objective.value_of(tuned) - objective.value_of(baseline)
    return diff, span(diffs), span(bases), span(tunes)
