"""Who sat where, and whether it mattered: the lineups of a study's games, the seat test and
the test of a label dealt to the seats at random (Glory Islands' card colours).

Both tests are permutation tests with the game as the unit (:mod:`analyses.pergame`): shared
wins count 1/k as played, and no large-sample approximation is needed.

>>> frame = pd.DataFrame({"game": [0, 0, 1, 1], "seat": [0, 1, 0, 1],
...                       "agent": ["g", "r", "r", "g"], "win_share": [1.0, 0.0, 0.0, 1.0]})
>>> seat_test(frame).testable, round(seat_test(frame).shares[0].value, 2)
(True, 0.5)
"""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pandas as pd

from analyses.pergame import PERMUTATIONS, generator, share
from analyses.stats import Estimate, holm


def lineups(players: pd.DataFrame) -> pd.DataFrame:
    """Which agent sat where: one row per distinct lineup (agents by seat) with its games.

    >>> frame = pd.DataFrame({"game": [0, 0, 1, 1], "seat": [0, 1, 0, 1],
    ...                       "agent": ["g", "r", "r", "g"]})
    >>> lineups(frame).to_dict("records")
    [{'seat 0': 'g', 'seat 1': 'r', 'games': 1}, {'seat 0': 'r', 'seat 1': 'g', 'games': 1}]
    """
    wide = players.pivot(index="game", columns="seat", values="agent")
    wide.columns = [f"seat {s}" for s in wide.columns]
    counted = wide.value_counts(sort=False).rename("games").reset_index()
    return counted.sort_values(list(wide.columns), kind="stable").reset_index(drop=True)


@dataclasses.dataclass(frozen=True)
class SeatTest:
    """Whether the seat matters given the agents: each seat's win share over games, its
    permutation p-value (Holm-adjusted over the seats) and the overall p-value; ``testable``
    is false when seats and agents never varied apart (fixed seats, different agents)."""

    shares: dict[int, Estimate]
    p: dict[int, float]
    adjusted: dict[int, float]
    overall: float
    testable: bool
    players: int
    games: int
    labels: tuple[str, ...] = ()  # :func:`label_test`: the label of each key of ``shares``


def seat_test(players: pd.DataFrame, *, seed: int = 0) -> SeatTest:
    """Do the seats win equally often, given who sits where?

    Under "the seat does not matter, given the agents", a game's outcome seen from its lineup
    (which agent got what) does not depend on how the lineup was rotated onto the seats. So the
    rotations are permuted among the games with the same lineup (up to rotation), and a lineup
    that some rotation maps onto itself (all agents alike) is also turned at random; each seat's
    total win share is compared with its spread over :data:`PERMUTATIONS` permutations. Shared
    wins count 1/k, as played; no approximation is needed, so few games are no problem.
    """
    wide = players.pivot(index="game", columns="seat", values="win_share").sort_index()
    agents = players.pivot(index="game", columns="seat", values="agent").loc[wide.index]
    size = wide.shape[1]
    outcome = wide.to_numpy(float)
    keys = list(agents.itertuples(index=False, name=None))
    known: dict[tuple[str, ...], tuple[tuple[str, ...], int, int]] = {}
    for lineup in dict.fromkeys(keys):  # each distinct lineup once: its class, shift, period
        rotations = [tuple(lineup[(s + r) % size] for s in range(size)) for r in range(size)]
        canonical = min(rotations)
        turn = next(r for r in range(1, size + 1) if rotations[r % size] == rotations[0])
        known[lineup] = (canonical, rotations.index(canonical), turn)
    classes: dict[tuple[str, ...], list[int]] = {}
    for g, lineup in enumerate(keys):
        classes.setdefault(known[lineup][0], []).append(g)
    shift = np.array([known[k][1] for k in keys], dtype=int)  # seat of slot j: (j + shift) % size
    period = np.array([known[k][2] for k in keys], dtype=int)
    rolled = (np.arange(size)[None, :] + shift[:, None]) % size
    slots = np.take_along_axis(outcome, rolled, axis=1)
    rng = generator(seed)
    totals = np.zeros((PERMUTATIONS, size))
    moved = False
    for members in classes.values():
        idx = np.array(members)
        drawn = rng.permuted(np.tile(shift[idx], (PERMUTATIONS, 1)), axis=1)
        turns = rng.integers(0, size, size=drawn.shape) // period[idx] * period[idx]
        moved |= len(set(shift[idx])) > 1 or bool((period[idx] < size).any())
        placed = (drawn + turns) % size  # the seat slot 0 lands on
        rows = np.arange(PERMUTATIONS)[:, None] * size
        for k in range(size):
            where = (rows + (placed + k) % size).ravel()
            weights = np.broadcast_to(slots[idx, k], placed.shape).ravel()
            totals += np.bincount(where, weights, PERMUTATIONS * size).reshape(totals.shape)
    observed = outcome.sum(axis=0)
    expected = totals.mean(axis=0)
    deviation = np.abs(totals - expected)
    p = {
        s: float(
            (1 + np.sum(deviation[:, s] >= abs(observed[s] - expected[s]) - 1e-9))
            / (1 + PERMUTATIONS)
        )
        for s in range(size)
    }
    stat = ((totals - expected) ** 2).sum(axis=1)
    overall = float(
        (1 + np.sum(stat >= ((observed - expected) ** 2).sum() - 1e-9)) / (1 + PERMUTATIONS)
    )
    adjusted = dict(zip(range(size), (float(a) for a in holm(list(p.values()))), strict=True))
    shares = {int(s): share(wide[s].to_numpy(float), seed=seed) for s in wide.columns}
    if not moved:
        p = {s: math.nan for s in p}
        adjusted = dict(p)
        overall = math.nan
    return SeatTest(shares, p, adjusted, overall, moved, size, len(wide))


def label_test(players: pd.DataFrame, label: str, *, seed: int = 0) -> SeatTest:
    """Does a label dealt to the seats at random (Glory Islands' card colours with ``colours =
    "dealt"``) matter, given the seats and agents? Each label's total win share is compared
    with its spread when every game's labels are dealt again at random (the deal was uniform
    and independent of everything else, so under "the label does not matter" every re-deal is
    as likely as the one played). ``shares`` and the p-values are by label."""
    wins = players.pivot(index="game", columns="seat", values="win_share").sort_index()
    dealt = players.pivot(index="game", columns="seat", values=label).loc[wins.index]
    labels = sorted(pd.unique(dealt.to_numpy().ravel()).tolist())
    code = dealt.map(labels.index).to_numpy(int)
    w = wins.to_numpy(float)
    games, seats, kinds = len(w), w.shape[1], len(labels)
    observed = np.bincount(code.ravel(), w.ravel(), kinds)
    rng = generator(seed)
    totals = np.zeros((PERMUTATIONS, kinds))
    step = max(1, 2_000_000 // max(1, games * kinds))
    for start in range(0, PERMUTATIONS, step):
        k = min(step, PERMUTATIONS - start)
        deal = rng.random((k, games, kinds)).argsort(axis=2)[:, :, :seats]
        where = (np.arange(k)[:, None, None] * kinds + deal).ravel()
        weights = np.broadcast_to(w, deal.shape).ravel()
        totals[start : start + k] = np.bincount(where, weights, k * kinds).reshape(k, kinds)
    expected = totals.mean(axis=0)
    spread = np.abs(totals - expected)
    p = {
        i: float(
            (1 + np.sum(spread[:, i] >= abs(observed[i] - expected[i]) - 1e-9)) / (1 + PERMUTATIONS)
        )
        for i in range(kinds)
    }
    stat = ((totals - expected) ** 2).sum(axis=1)
    far = np.sum(stat >= ((observed - expected) ** 2).sum() - 1e-9)
    adjusted = dict(zip(range(kinds), (float(a) for a in holm(list(p.values()))), strict=True))
    shares = {}
    for i, name in enumerate(labels):
        mine = players[players[label] == name].groupby("game")["win_share"].mean()
        shares[i] = share(mine.to_numpy(float), seed=seed)
    test = SeatTest(shares, p, adjusted, float((1 + far) / (1 + PERMUTATIONS)), True, seats, games)
    return dataclasses.replace(test, labels=tuple(labels))
