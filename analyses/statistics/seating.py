"""Who sat where, and whether it mattered: the lineups of a study's games, the seat test, the
test of a label dealt to the seats at random (Glory Islands' card colours), each agent's win
share in each seat, and the seat × agent interaction.

The tests are permutation tests with the game as the unit (:mod:`analyses.statistics.pergame`) — or
the deal, under a duplicate design (:mod:`analyses.statistics.balance`): the seat test then
permutes the rotations within each deal, and the interaction flips the sign of each deal's
contrast. Shared wins count 1/k as played, and no large-sample approximation is needed.
Permutations rather than a model fit (statsmodels' cluster-robust Wald test, say): they are exact
for the few dozen deals a study often has, and need nothing of the win shares' distribution.

>>> frame = pd.DataFrame({"game": [0, 0, 1, 1], "seat": [0, 1, 0, 1],
...                       "agent": ["g", "r", "r", "g"], "win_share": [1.0, 0.0, 0.0, 1.0]})
>>> seat_test(frame).testable, round(seat_test(frame).shares[0].value, 2)
(True, 0.5)
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from typing import Any

import numpy as np
import pandas as pd

from analyses.statistics.exactseats import exact_seat_ps
from analyses.statistics.pergame import PERMUTATIONS, generator, mean, share, sign_flip_test
from analyses.statistics.signflip import RELATIVE_ERROR, UNSETTLED, SignFlip
from analyses.statistics.stats import Estimate, holm

#: The most permutations a seat test draws: more than
#: :data:`~analyses.statistics.pergame.PERMUTATIONS` only while a p-value is where a finding could
#: turn on its Monte Carlo error.
MOST_PERMUTATIONS = 39_999


def settled(ps: np.ndarray, drawn: int) -> bool:
    """Whether permutation p-values from ``drawn`` permutations are settled: each outside the
    range where a finding could turn on it, or with a Monte Carlo error within
    :data:`~analyses.statistics.signflip.RELATIVE_ERROR` of it.

    >>> settled(np.array([0.5, 0.00005]), 1999), settled(np.array([0.05]), 1999)
    (True, False)
    """
    low, high = UNSETTLED
    error = np.sqrt(ps * (1 - ps) / drawn)
    return bool(np.all((ps <= low) | (ps >= high) | (error <= RELATIVE_ERROR * ps)))


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
    games: int  # the units the shares are over: games, or the deals of a duplicate design
    labels: tuple[str, ...] = ()  # :func:`label_test`: the label of each key of ``shares``
    drawn: int = 0  # the permutations the p-values rest on (their Monte Carlo error)
    exact: bool = False  # the per-seat p-values exact (:mod:`analyses.statistics.exactseats`)

    def error(self, p: float) -> float:
        """The Monte Carlo standard error of a p-value of this test."""
        return math.sqrt(p * (1 - p) / self.drawn) if self.drawn and not math.isnan(p) else 0.0

    def test_columns(self, key: int) -> dict[str, Any]:
        """The test columns of a table row about ``key`` (a seat, or a label's index): its
        p, how it was computed and its Monte Carlo error, and the adjusted p."""
        p = self.p[key]
        if math.isnan(p):
            return {"p": p, "adjusted p": self.adjusted[key], "p method": None, "p error": p}
        return {
            "p": p,
            "adjusted p": self.adjusted[key],
            "p method": "exact" if self.exact else "monte carlo",
            "p error": 0.0 if self.exact else self.error(p),
        }


def seat_test(players: pd.DataFrame, *, seed: int = 0, deals: pd.Series | None = None) -> SeatTest:
    """Do the seats win equally often, given who sits where?

    Under "the seat does not matter, given the agents", a game's outcome seen from its lineup
    (which agent got what) does not depend on how the lineup was rotated onto the seats. So the
    rotations are permuted among the games with the same lineup (up to rotation), and a lineup
    that some rotation maps onto itself (all agents alike) is also turned at random; each seat's
    total win share is compared with its spread around its exact expectation over
    :data:`PERMUTATIONS` permutations, more while a p-value a finding could turn on is not
    settled (:func:`settled`, up to :data:`MOST_PERMUTATIONS`) — or, where every stratum's
    arrangements can be enumerated (a deal of the duplicate design), each seat's p exactly
    (:mod:`analyses.statistics.exactseats`; all seats together stay sampled). Shared
    wins count 1/k, as played; no approximation is needed, so few games are no problem.

    ``deals`` (game -> deal, a duplicate design) makes the deal the unit: the rotations are
    permuted only among the games of one deal (a stratified permutation test: every deal keeps
    its own luck, and the agents stay balanced over the seats within it), and each seat's win
    share is the mean over deals of the deal's mean over its rotations (``n`` = deals).
    """
    if deals is not None:
        players = players[players["game"].isin(deals.index)]
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
    stratum = [0] * len(keys) if deals is None else deals.reindex(wide.index).tolist()
    classes: dict[tuple[Any, tuple[str, ...]], list[int]] = {}
    for g, lineup in enumerate(keys):
        classes.setdefault((stratum[g], known[lineup][0]), []).append(g)
    shift = np.array([known[k][1] for k in keys], dtype=int)  # seat of slot j: (j + shift) % size
    period = np.array([known[k][2] for k in keys], dtype=int)
    rolled = (np.arange(size)[None, :] + shift[:, None]) % size
    slots = np.take_along_axis(outcome, rolled, axis=1)
    rng = generator(seed)
    moved = any(
        len(set(shift[members])) > 1 or bool((period[members] < size).any())
        for members in classes.values()
    )

    def draw(count: int) -> np.ndarray:
        """Each seat's total win share in ``count`` permutations (count x seats)."""
        totals = np.zeros((count, size))
        for members in classes.values():
            idx = np.array(members)
            drawn = rng.permuted(np.tile(shift[idx], (count, 1)), axis=1)
            turns = rng.integers(0, size, size=drawn.shape) // period[idx] * period[idx]
            placed = (drawn + turns) % size  # the seat slot 0 lands on
            rows = np.arange(count)[:, None] * size
            for k in range(size):
                where = (rows + (placed + k) % size).ravel()
                weights = np.broadcast_to(slots[idx, k], placed.shape).ravel()
                totals += np.bincount(where, weights, count * size).reshape(totals.shape)
        return totals

    observed = outcome.sum(axis=0)
    expected = _centre(classes, shift, period, slots)
    exact = exact_seat_ps(classes, shift, period, slots, observed, expected) if moved else None
    first = draw(PERMUTATIONS)  # all seats together: sampled (a note, never a finding)
    refine = moved and exact is None
    ps, drawn = _permutation_ps(draw, first, observed, expected, len(keys), refine=refine)
    if exact is not None:
        ps[:size] = exact
    p = {s: float(ps[s]) for s in range(size)}
    overall = float(ps[-1])
    adjusted = dict(zip(range(size), (float(a) for a in holm(list(p.values()))), strict=True))
    units = wide if deals is None else wide.groupby(deals.reindex(wide.index).to_numpy()).mean()
    shares = {int(s): share(units[s].to_numpy(float), seed=seed) for s in wide.columns}
    if not moved:
        p = {s: math.nan for s in p}
        adjusted = dict(p)
        overall = math.nan
    test = SeatTest(shares, p, adjusted, overall, moved, size, len(units), drawn=drawn)
    return dataclasses.replace(test, exact=exact is not None)


def _permutation_ps(
    draw: Callable[[int], np.ndarray],
    first: np.ndarray,
    observed: np.ndarray,
    expected: np.ndarray,
    units: int,
    *,
    refine: bool = True,
) -> tuple[np.ndarray, int]:
    """The permutation p-values of each total (how often a permutation's total lies at least
    as far from its exact ``expected`` centre as ``observed``) and, last, of all together (the
    sum of squares), from the ``first`` permutations and, while ``refine`` and a p-value is
    unsettled (:func:`settled`), from more drawn by ``draw(count)``, doubling, up to
    :data:`MOST_PERMUTATIONS` (in chunks that keep memory small for ``units`` games); and
    the permutations they rest on."""
    seen = np.abs(observed - expected) - 1e-9
    seen_all = ((observed - expected) ** 2).sum() - 1e-9
    beyond, beyond_all, done, batch = np.zeros(len(observed)), 0, 0, first
    chunk = max(PERMUTATIONS, 4_000_000 // max(1, units))
    target = len(first)
    while True:
        beyond += (np.abs(batch - expected) >= seen).sum(axis=0)
        beyond_all += int((((batch - expected) ** 2).sum(axis=1) >= seen_all).sum())
        done += len(batch)
        ps = (1 + np.append(beyond, beyond_all)) / (1 + done)
        if done < target:
            batch = draw(min(chunk, target - done))
            continue
        if not refine or settled(ps, done) or done >= MOST_PERMUTATIONS:
            return ps, done
        target = min(MOST_PERMUTATIONS, 2 * done + 1)
        batch = draw(min(chunk, target - done))


def _centre(
    classes: dict[Any, list[int]], shift: np.ndarray, period: np.ndarray, slots: np.ndarray
) -> np.ndarray:
    """Each seat's expected total win share under the permutations of :func:`seat_test`,
    exactly (not from the drawn permutations, so that the statistic does not move with the
    seed): a game of a class lands its slot 0 on seat j with the share of the class's shifts,
    each turned by every multiple of the lineup's period, that give j."""
    size = slots.shape[1]
    expected = np.zeros(size)
    for members in classes.values():
        idx = np.array(members)
        landing = np.zeros(size)
        for first, turn in zip(shift[idx], period[idx], strict=True):
            landing[(first + np.arange(0, size, turn)) % size] += 1 / (size // turn)
        landing /= len(idx)
        totals = slots[idx].sum(axis=0)  # each slot's win share over the class's games
        for k in range(size):
            expected += totals[k] * np.roll(landing, k)
    return expected


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

    def draw(count: int) -> np.ndarray:
        """Each label's total win share when the labels are dealt again, ``count`` times."""
        totals = np.zeros((count, kinds))
        step = max(1, 2_000_000 // max(1, games * kinds))
        for start in range(0, count, step):
            k = min(step, count - start)
            deal = rng.random((k, games, kinds)).argsort(axis=2)[:, :, :seats]
            where = (np.arange(k)[:, None, None] * kinds + deal).ravel()
            weights = np.broadcast_to(w, deal.shape).ravel()
            totals[start : start + k] = np.bincount(where, weights, k * kinds).reshape(k, kinds)
        return totals

    # every seat gets each label with chance 1/kinds: the centre, exactly
    expected = np.full(kinds, w.sum() / kinds)
    ps, drawn = _permutation_ps(draw, draw(PERMUTATIONS), observed, expected, games)
    p = {i: float(ps[i]) for i in range(kinds)}
    adjusted = dict(zip(range(kinds), (float(a) for a in holm(list(p.values()))), strict=True))
    shares = {}
    for i, name in enumerate(labels):
        mine = players[players[label] == name].groupby("game")["win_share"].mean()
        shares[i] = share(mine.to_numpy(float), seed=seed)
    test = SeatTest(shares, p, adjusted, float(ps[-1]), True, seats, games, drawn=drawn)
    return dataclasses.replace(test, labels=tuple(labels))


# -- seat by agent ---------------------------------------------------------------------------------


def _per_unit(values: pd.Series, deals: pd.Series | None) -> pd.Series:
    """A per-game series as one value per unit: the games, or the means over each deal."""
    if deals is None:
        return values
    return values.groupby(deals.reindex(values.index).to_numpy()).mean()


def seat_agent_shares(
    players: pd.DataFrame, deals: pd.Series | None = None, *, seed: int = 0
) -> pd.DataFrame:
    """Each agent's win share in each seat: one row per seat, and per agent its win share
    there (an :class:`~analyses.statistics.stats.Estimate` over the games, or the deals, in which
    it sat there) and how many games (deals) that is. A seat an agent never held shows nothing.

    >>> frame = pd.DataFrame({"game": [0, 0, 1, 1], "seat": [0, 1, 0, 1],
    ...                       "agent": ["g", "r", "g", "r"], "win_share": [1.0, 0.0, 1.0, 0.0]})
    >>> table = seat_agent_shares(frame)
    >>> list(table.columns), table["r: games"].tolist()
    (['seat', 'g: win share', 'g: games', 'r: win share', 'r: games'], [0, 2])
    """
    if deals is not None:
        players = players[players["game"].isin(deals.index)]
    unit = "games" if deals is None else "deals"
    agents = list(dict.fromkeys(players["agent"]))
    rows = []
    for seat in sorted(players["seat"].unique()):
        row: dict[str, Any] = {"seat": int(seat)}
        here = players[players["seat"] == seat]
        for agent in agents:
            mine = here[here["agent"] == agent].set_index("game")["win_share"]
            values = _per_unit(mine, deals).to_numpy(float)
            row[f"{agent}: win share"] = share(values, seed=seed) if len(values) else _nothing()
            row[f"{agent}: {unit}"] = len(values)
        rows.append(row)
    return pd.DataFrame(rows)


def _nothing() -> Estimate:
    return Estimate(math.nan, math.nan, math.nan, 0, method="none")


@dataclasses.dataclass(frozen=True)
class Interaction:
    """Whether a seat is worth more to one agent than to the others: in every deal, each
    agent's win share in the seat minus its mean over all seats (its *advantage* there); the
    agent's advantage minus the others' mean advantage, over deals, with its sign-flip p."""

    seat: int
    agent: str
    others: tuple[str, ...]
    share: Estimate
    others_share: Estimate
    advantage: Estimate
    others_advantage: Estimate
    difference: Estimate
    p: float
    test: SignFlip | None = None  # how ``p`` was computed, its Monte Carlo error


def interactions(players: pd.DataFrame, deals: pd.Series, *, seed: int = 0) -> list[Interaction]:
    """Does a seat's effect differ by agent (seat x agent interaction)? For a design where
    every agent sits in every seat in every deal (duplicate): per deal, each agent's advantage
    in each seat (its win share there minus its mean over the seats) — and the agent's
    advantage minus the others' mean, tested against 0 with a sign-flip test over deals (the
    deal is the unit; no large-sample approximation). With two agents, one contrast per seat
    (the other agent's is its mirror); with more, one per agent and seat.

    With two players a seat's advantage to one agent is the other seat's cost to its opponent
    (the win shares of a game sum to 1), so the interaction is 0 by construction: nothing to
    test (an empty list).

    >>> rows = []
    >>> for d in range(40):  # g wins in seat 2; elsewhere seat 0 wins
    ...     for r in range(3):
    ...         line = ["g", "r", "r"][-r:] + ["g", "r", "r"][:-r] if r else ["g", "r", "r"]
    ...         winner = 2 if line[2] == "g" else 0
    ...         rows += [{"game": 3 * d + r, "seat": s, "agent": line[s],
    ...                   "win_share": float(s == winner)} for s in range(3)]
    >>> frame = pd.DataFrame(rows)
    >>> deals = pd.Series(frame["game"].unique() // 3, index=frame["game"].unique())
    >>> found = {i.seat: i for i in interactions(frame, deals)}
    >>> found[2].agent, round(found[2].difference.value, 2), found[2].p < 0.001
    ('g', 0.5, True)
    """
    size = int(players["seat"].max()) + 1
    agents = list(dict.fromkeys(players["agent"]))
    if size < 3 or len(agents) < 2:
        return []
    used = players[players["game"].isin(deals.index)]
    used = used.assign(deal=deals.reindex(used["game"]).to_numpy())
    cells = used.groupby(["deal", "agent", "seat"])["win_share"].mean().unstack("seat")
    cells = cells.dropna()  # an agent missing from a seat of a deal: not balanced there
    advantage = cells.sub(cells.mean(axis=1), axis=0)
    found = []
    for agent in agents[:1] if len(agents) == 2 else agents:
        others = tuple(a for a in agents if a != agent)
        mine, theirs = advantage.xs(agent, level="agent"), _mean_of(advantage, others)
        share_mine, share_theirs = cells.xs(agent, level="agent"), _mean_of(cells, others)
        both = mine.index.intersection(theirs.index)
        for seat in sorted(cells.columns):
            d = (mine.loc[both, seat] - theirs.loc[both, seat]).to_numpy(float)
            flipped = sign_flip_test(d, seed=seed)
            found.append(
                Interaction(
                    int(seat),
                    agent,
                    others,
                    share(share_mine.loc[both, seat].to_numpy(float), seed=seed),
                    share(share_theirs.loc[both, seat].to_numpy(float), seed=seed),
                    mean(mine.loc[both, seat].to_numpy(float), bounds=(-1, 1), seed=seed),
                    mean(theirs.loc[both, seat].to_numpy(float), bounds=(-1, 1), seed=seed),
                    mean(d, bounds=(-2, 2), seed=seed),
                    flipped.p,
                    flipped,
                )
            )
    return found


def _mean_of(frame: pd.DataFrame, agents: tuple[str, ...]) -> pd.DataFrame:
    """The mean over ``agents`` of their rows (by deal) of a (deal, agent) x seat frame."""
    parts = [frame.xs(a, level="agent") for a in agents]
    return sum(parts[1:], parts[0]) / len(parts)
