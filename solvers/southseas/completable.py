"""Could an open South Seas feature still be completed with the tiles left (if the right tiles
came, in any order)? ``yes`` with the fewest tiles, ``no`` with a proof, or ``unknown``.

A ``no`` is always a proof, one of:

* ``no-tile-fits``: a position the feature needs (one of its open ports faces it; for a market,
  an empty neighbour) takes no tile left in any rotation (SS-P3 against every placed neighbour;
  the port's kind is one of them);
* ``too-few-tiles``: it needs more positions filled than tiles are left;
* ``too-few-fitting``: the positions it needs cannot all get a fitting tile at once — a largest
  matching of positions to the copies that fit each is smaller than the positions (two ends of
  a bridge needing the one copy left of a type);
* ``region-infeasible``: the CP-SAT model (:mod:`~solvers.southseas.model`) has no solution on
  a region that provably holds every completion. For a market the region is exactly its empty
  neighbours. For another feature it is every empty position within distance ``D`` of the
  positions it needs (steps between neighbouring empty positions, or between two open
  positions of one existing feature it could merge with): a completion with ``k`` tiles puts
  one on each of the ``L`` needed positions and reaches every other tile through a chain of its
  own tiles, so all lie within distance ``k - L``. The model on radius ``D`` therefore holds
  every completion of at most ``L + D`` tiles, and with ``L + D`` at least the tiles left (or
  nothing farther away that any tile fits) it holds every completion there is;
* ``exhausted``: the exhaustive search of :mod:`~solvers.southseas.exhaust` (every usable
  tile that fits, on each position the feature is open at, again and again, with a lower bound
  on the tiles still needed) searched every completion and none completes it.

The order: the three quick proofs; then, for a bridge, island or sea region, the exhaustive
search within a budget of ``max_nodes`` (boards tried, each counted once per position the
feature is open at there; by default :func:`default_nodes`, larger late in the game where the
search reaches its end; fast where the feature is small or nearly closed: the
fewest tiles, proven, or ``exhausted``); where it runs out, CP-SAT on regions. A market goes to
CP-SAT at once (its region is exact: ``region-infeasible`` or the fewest, its empty
neighbours).

On regions, the same bound makes the fewest tiles exact: a fewest ``k`` found on radius ``D``
is the fewest anywhere when ``k <= L + D + 1``. So the radius grows (0, 1, 3, 7, ...) with each
solve looking only for completions of at most ``L + D + 1`` tiles, whose infeasibility is
quick to prove and says every completion has more than ``L + D`` tiles (``at_least``); after
an exhaustive search that ran out, the radii start where completions of as many tiles as it
showed every completion needs are looked for (smaller ones could only say so again). On the
largest radius within ``max_positions`` the fewest tiles are looked for during a bounded,
deterministic effort (:data:`FEWEST_EFFORT`; the best found is a ``yes``, not proven the
fewest unless the solve proved it; any completion when none was found by then); with none
there the answer is ``unknown`` (no completion within the searched region, with its radius
and size). A completion the exhaustive search found before its budget ran out is a ``yes``
(not proven the fewest, with the least number of tiles it showed every completion needs). The
time limit, reached first, makes it ``unknown`` too. A ``yes`` completion is replayed on a
copy of the board before it is returned: every tile fits when it is placed, in the order
given, and the feature is complete after the last.

>>> from models.core import load_game
>>> state = load_game("southseas", 2).new_initial_state()  # the start tile alone
>>> for a in all_completable(state, time_limit=10):
...     print(a.feature.describe(), a.answer, a.fewest, a.minimal)
island at (0,0) piece 0 yes 1 True
bridge at (0,0) piece 1 yes 2 True
sea at (0,0) piece 2 yes 2 True
sea at (0,0) piece 3 yes 3 True
"""

from __future__ import annotations

import dataclasses
import time
from itertools import accumulate
from typing import Any, Literal

from models.errors import AtollError
from models.southseas.board import Board
from models.southseas.components import Kind
from models.southseas.finishable import proof
from models.southseas.geometry import STEP, Position
from solvers.limits import DEFAULT_TIME_LIMIT, Deadline, SolverUnknown
from solvers.southseas.exhaust import Exhausted, exhaust
from solvers.southseas.features import (
    OpenFeature,
    PieceAt,
    Supply,
    dead_position,
    feature_at,
    open_features,
    supply_of,
)
from solvers.southseas.model import Placement, Ports, solve_region
from solvers.southseas.waiting import Waiting, waiting_for

Answer = Literal["yes", "no", "unknown"]
#: Regions larger than this are not searched by default (then the exhaustive search decides).
MAX_POSITIONS = 40
#: The exhaustive search's budget for one feature: boards tried, each counted once per position
#: the feature is open at on it (a large open feature's boards cost more to try); compiled, the
#: search spends about a second per million. Late in the game (at most :data:`LATE_TILES`
#: usable tiles) it gets :data:`EXHAUST_NODES_LATE`: there the search runs to its end within
#: seconds (on benchmarks/southseas_completability.py's turn 60, 13 tiles left, it settles
#: every feature; the hardest, a sea region, took 11.9 million to prove unfinishable).
#: Earlier a feature it cannot settle with :data:`EXHAUST_NODES` mostly stays unsettled with
#: far more (turn 40, 33 tiles left: 62 unknown at 13 000, 32 at 16 million, for ten times
#: the time), so CP-SAT takes over sooner.
EXHAUST_NODES = 13_000
EXHAUST_NODES_LATE = 16_000_000
LATE_TILES = 16


def default_nodes(supply: Supply) -> int:
    """The exhaustive search's default budget for a feature with ``supply`` left."""
    return EXHAUST_NODES_LATE if supply.total <= LATE_TILES else EXHAUST_NODES


#: CP-SAT's deterministic seconds spent looking for the fewest tiles on the largest region,
#: where the number of tiles is not bounded (a budget that gives the same answer on every
#: machine); the best completion found by then is the answer.
FEWEST_EFFORT = 1.0


@dataclasses.dataclass(frozen=True)
class Region:
    """The region searched last: its radius, its positions, and the most tiles a completion may
    have to be sure to lie inside it (``covers``; ``None``: every completion)."""

    radius: int
    positions: int
    covers: int | None


@dataclasses.dataclass(frozen=True)
class Completability:
    """The answer for one open feature. ``proof`` names how a ``no`` is proven (see the module
    docstring) or why an answer is ``unknown`` (``time-limit``, ``region``); ``reason`` says it
    in a sentence. A ``yes`` has one completion with the fewest tiles found (``minimal``:
    proven the fewest), in an order the tiles can be placed."""

    feature: OpenFeature
    answer: Answer
    proof: str | None
    reason: str
    completion: tuple[Placement, ...] = ()
    minimal: bool = False
    region: Region | None = None
    at_least: int | None = None  # the fewest tiles a completion can have, when not ``fewest``
    waiting: Waiting | None = None
    seconds: float = 0.0  # the time its search took

    @property
    def fewest(self) -> int | None:
        return len(self.completion) if self.answer == "yes" else None


class _Position:
    """What every feature's question shares: the board, supply, open features and their ports."""

    def __init__(self, state: Any) -> None:
        self.board: Board = state.board
        self.supply = supply_of(state)
        self.features = open_features(self.board)
        self.ports: Ports = {f.root: f.ports for f in self.features}
        self.roots_at: dict[Position, list[int]] = {}
        for f in self.features:
            for q in f.needs if f.kind is not Kind.MARKET else ():
                self.roots_at.setdefault(q, []).append(f.root)
        self.kind_of = {f.root: f.kind for f in self.features}
        self.open_at = {f.root: f.needs for f in self.features}
        self._dead: dict[Position, bool] = {}

    def dead(self, q: Position) -> bool:
        found = self._dead.get(q)
        if found is None:
            found = self._dead[q] = dead_position(self.board, self.supply, q)
        return found


def all_completable(
    state: Any,
    *,
    time_limit: float = DEFAULT_TIME_LIMIT,
    draws: int = 1,
    max_positions: int | None = None,
    max_nodes: int | None = None,
) -> list[Completability]:
    """The answer for every open feature of ``state`` (a :class:`SouthSeasState`), ordered by
    first piece; each feature's search has its own ``time_limit`` in seconds. ``max_nodes``:
    the exhaustive search's budget for one feature (0: CP-SAT alone; ``None``:
    :func:`default_nodes`); ``max_positions``: the largest region CP-SAT searches."""
    shared = _Position(state)
    limits = _limits(shared, max_positions, max_nodes)
    return [_answer(shared, f, Deadline(time_limit), draws, limits) for f in shared.features]


def completable(
    state: Any,
    at: PieceAt,
    *,
    time_limit: float = DEFAULT_TIME_LIMIT,
    draws: int = 1,
    max_positions: int | None = None,
    max_nodes: int | None = None,
) -> Completability:
    """The answer for the open feature of piece ``at`` = (x, y, piece index) (the limits as
    for :func:`all_completable`)."""
    shared = _Position(state)
    root = feature_at(shared.board, at)
    if root is None:
        raise AtollError(f"no tile piece at ({at[0]},{at[1]}) piece {at[2]}", field="--feature")
    feature = next((f for f in shared.features if f.root == root), None)
    if feature is None:
        raise AtollError(
            f"the feature of ({at[0]},{at[1]}) piece {at[2]} is not open (complete or evaluated)",
            field="--feature",
        )
    limits = _limits(shared, max_positions, max_nodes)
    return _answer(shared, feature, Deadline(time_limit), draws, limits)


@dataclasses.dataclass(frozen=True)
class _Limits:
    positions: int
    nodes: int


def _limits(shared: _Position, positions: int | None, nodes: int | None) -> _Limits:
    """The limits asked for, refused as the CLI refuses them (``None``: the defaults)."""
    if positions is not None and positions < 1:
        raise AtollError(f"must be 1 or more (positions), got {positions}", field="max_positions")
    if nodes is not None and nodes < 0:
        raise AtollError(f"must be 0 or more (0: CP-SAT alone), got {nodes}", field="max_nodes")
    budget = default_nodes(shared.supply) if nodes is None else nodes
    return _Limits(MAX_POSITIONS if positions is None else positions, budget)


def _answer(
    shared: _Position, feature: OpenFeature, deadline: Deadline, draws: int, limits: _Limits
) -> Completability:
    started = time.perf_counter()
    found = _search(shared, feature, deadline, limits)
    waiting = waiting_for(shared.board, feature, shared.supply, draws)
    return dataclasses.replace(found, waiting=waiting, seconds=time.perf_counter() - started)


def _search(
    shared: _Position, feature: OpenFeature, deadline: Deadline, limits: _Limits
) -> Completability:
    quick = _quick(shared, feature)
    if quick is not None or feature.kind is Kind.MARKET:  # a market's region is exact
        return quick or _bounded(shared, feature, deadline, limits.positions)
    started = time.perf_counter()
    at_least, proven = len(feature.needs), True
    try:
        if not limits.nodes:
            raise Exhausted(at_least)
        found = exhaust(
            shared.board, feature, shared.supply, nodes=limits.nodes, seconds=deadline.left,
            ports=shared.ports,
        )  # fmt: skip
    except Exhausted as exc:
        found, at_least, proven = exc.completion, exc.at_least, False
    finally:
        deadline.spent += time.perf_counter() - started
    if found is None:
        why = "every way to fill the positions it is open at, again and again, was tried"
        return Completability(feature, "no", "exhausted", why)
    if found:
        found = replay_completion(shared.board, feature, found, shared.supply)
        minimal = proven or len(found) <= at_least
        how = "the fewest, searched exhaustively" if minimal else "not proven the fewest"
        why = f"{len(found)} tile{'s' if len(found) != 1 else ''} ({how})"
        return Completability(
            feature, "yes", None, why, found, minimal, at_least=None if minimal else at_least
        )
    answer = _bounded(shared, feature, deadline, limits.positions, at_least)
    if answer.answer == "yes" and not answer.minimal and answer.fewest == at_least:
        how = f"{at_least} tile{'s' if at_least != 1 else ''} (the fewest)"
        return dataclasses.replace(answer, minimal=True, at_least=None, reason=how)
    if answer.at_least is not None and answer.at_least < at_least:
        return dataclasses.replace(answer, at_least=at_least)
    return answer


def _quick(shared: _Position, feature: OpenFeature) -> Completability | None:
    """A ``no`` proven without a solver: a needed position no tile fits, too few tiles, or
    too few fitting tiles for the needed positions at once
    (:func:`models.southseas.finishable.proof`)."""
    supply = shared.supply
    found = proof(shared.board, supply.types, supply.usable, feature.needs)
    return None if found is None else Completability(feature, "no", *found)


def _bounded(
    shared: _Position, feature: OpenFeature, deadline: Deadline, limit: int, at_least: int = 0
) -> Completability:
    """CP-SAT on regions growing from the needed positions (see the module docstring). A
    radius whose solve could only show what ``at_least`` (the fewest tiles every completion
    needs, known already) says is skipped: the radii start where completions of that many
    tiles are looked for."""
    supply, needs = shared.supply, feature.needs
    total, n = supply.total, len(needs)
    where = Region(0, n, None)
    if feature.kind is Kind.MARKET:
        return _solve(shared, feature, set(needs), deadline, where, None, None)
    layers, exhausted = _layers(shared, feature, total - n, limit)
    sizes = list(accumulate(len(layer) for layer in layers))
    top = max([0, *(r for r, size in enumerate(sizes) if size <= limit)])
    # radius r looks for completions of at most n + r + 1 tiles: none has fewer than at_least
    radius, lower = min(top, max(0, at_least - n - 1)), max(n, at_least)
    while True:
        region = set().union(*layers[: radius + 1])
        whole = exhausted and radius == len(layers) - 1
        covers = None if whole or n + radius >= total else n + radius
        where = Region(radius, len(region), covers)
        # below the top radius only completions this region must hold are looked for
        most = None if covers is None or radius == top else n + radius + 1
        answer = _solve(shared, feature, region, deadline, where, n, most)
        if answer.answer == "yes" and not answer.minimal:
            return dataclasses.replace(answer, at_least=lower)
        if answer.proof != "bounded":
            return answer
        lower = n + radius + 1
        if radius == top:
            why = (
                f"no completion within distance {radius} ({len(region)} positions, every "
                f"completion of at most {n + radius} tiles); larger regions were not searched"
            )
            return dataclasses.replace(answer, answer="unknown", proof="region", reason=why)
        radius = min(2 * radius + 1, top)


def _solve(
    shared: _Position,
    feature: OpenFeature,
    region: set[Position],
    deadline: Deadline,
    where: Region,
    needs: int | None,
    most: int | None,
) -> Completability:
    """One solve on ``region`` (at most ``most`` tiles); ``proof="bounded"`` when it is
    infeasible but does not hold every completion (``where.covers`` is not ``None``)."""
    board, supply, ports = shared.board, shared.supply, shared.ports
    # on the largest region (no bound on the tiles) the fewest within a deterministic effort
    effort = FEWEST_EFFORT if most is None and needs is not None else None
    try:
        result = solve_region(
            board, feature, region, supply, ports, time_limit=deadline, most=most,
            effort=effort,
        )  # fmt: skip
    except SolverUnknown as exc:
        why = f"the time limit of {exc.time_limit:g} s was reached ({where.positions} positions)"
        return Completability(feature, "unknown", "time-limit", why, region=where)
    at_least = None if needs is None else needs + where.radius + 1
    if result.status == "infeasible":
        if where.covers is not None:
            return Completability(
                feature, "unknown", "bounded", "", region=where, at_least=at_least
            )
        scope = "its empty neighbours" if needs is None else f"{where.positions} positions"
        why = f"no completion on {scope}, which hold every possible completion"
        return Completability(feature, "no", "region-infeasible", why, region=where)
    found = replay_completion(board, feature, result.placements, supply)
    k = len(found)
    bound = needs is None or where.covers is None or k <= needs + where.radius + 1
    minimal = result.status == "optimal" and bound
    how = "the fewest" if minimal else "not proven the fewest"
    why = f"{k} tile{'s' if k != 1 else ''} ({how})"
    return Completability(feature, "yes", None, why, found, minimal, where)


def _layers(
    shared: _Position, feature: OpenFeature, radius: int, limit: int
) -> tuple[list[set[Position]], bool]:
    """The empty positions at distance 0, 1, ... ``radius`` from the positions ``feature``
    needs (see the module docstring), skipping positions no tile left fits, until more than
    ``limit`` positions are found; and whether nothing lies beyond the last layer."""
    board, kind = shared.board, feature.kind
    seen = set(feature.needs)
    layers = [set(feature.needs)]
    while len(layers) <= radius and len(seen) <= limit:
        after: set[Position] = set()
        for q in layers[-1]:
            for dx, dy in STEP:
                n = (q[0] + dx, q[1] + dy)
                if n not in seen and n not in board.tiles and not shared.dead(n):
                    after.add(n)
            for root in shared.roots_at.get(q, ()):
                if shared.kind_of[root] is kind:
                    after.update(p for p in shared.open_at[root] if p not in seen)
        if not after:
            return layers, True
        seen |= after
        layers.append(after)
    return layers, False


def replay_completion(
    board: Board, feature: OpenFeature, placements: tuple[Placement, ...], supply: Supply
) -> tuple[Placement, ...]:
    """The tiles of ``placements`` that hold a piece of the completed feature (a solution the
    solver did not minimise may hold others), in an order where each shares a side with one
    placed before; each is checked to fit when placed on a copy of ``board``, the feature must
    be complete after the last and no type used more often than it is left (else
    :class:`RuntimeError`: a bug)."""
    twin, ordered = _place_all(board, placements, supply)
    if feature.kind is not Kind.MARKET:
        root = twin.root(feature.root)
        ordered = [
            p for p in ordered
            if any(twin.root(twin.node_at((p.x, p.y), i)) == root
                   for i in range(len(twin.tiles[(p.x, p.y)].tile.pieces)))
        ]  # fmt: skip
        twin, ordered = _place_all(board, tuple(ordered), supply, strict=True)
    if feature.kind is Kind.MARKET:
        done = twin.missing.get(feature.market, 0) == 0  # type: ignore[arg-type]
    else:
        done = twin.feature_of(feature.root).open == 0
    if not done:
        raise RuntimeError(f"completion leaves {feature.describe()} open: {ordered}")
    return tuple(ordered)


def _place_all(
    board: Board, placements: tuple[Placement, ...], supply: Supply, strict: bool = False
) -> tuple[Board, list[Placement]]:
    """``placements`` placed on a copy of ``board``, each once it shares a side with a tile;
    those that never do are left out (``strict``: a :class:`RuntimeError`)."""
    twin, by_id, left = board.clone(), {t.id: t for t in supply.types}, list(supply.usable)
    index, pending, ordered = supply.index(), sorted(placements), []
    while pending:
        ready = [
            p for p in pending
            if any((p.x + dx, p.y + dy) in twin.tiles for dx, dy in STEP)
        ]  # fmt: skip
        if not ready:
            if strict:
                raise RuntimeError(f"completion not connected to the board: {pending}")
            break
        for p in ready:
            tile = by_id[p.tile]
            left[index[p.tile]] -= 1
            if left[index[p.tile]] < 0 or not twin.fits(tile, (p.x, p.y), p.rotation):
                raise RuntimeError(f"completion tile does not fit: {p}")
            twin.place(tile, (p.x, p.y), p.rotation)
            ordered.append(p)
            pending.remove(p)
    return twin, ordered
