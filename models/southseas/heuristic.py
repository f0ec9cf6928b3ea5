"""A quick judgement of a South Seas position: each player's estimated final score.

Agents that stop a playout early (greedy one-step lookahead, ISMCTS's heuristic cut-off) call
:meth:`SouthSeasState.heuristic <models.southseas.state.SouthSeasState.heuristic>` thousands of
times per move, so :func:`estimate` looks only at the few things that can change the score and
never scans the board: the players' wares and ships, the face-up display, and the features their
islanders stand on (found from the ledger's islander nodes, at most a handful per player).

A player's estimate is the sum of five terms, in score points (SS-F3: one point per ship point,
one per three wares):

1. **score now** — ship points + wares // 3;
2. **partial wares** — each ware not in a full three counts :data:`PARTIAL_WARE` of a third
   (more wares usually follow, and any ware may still go into a ship);
3. **ship points reachable** — the best face-up ship the player can deliver to now, or nearly:
   its net gain (its points minus the third of a point each ware paid was already counted for)
   times :data:`SHIP_SHARE` by the wares still missing (0, 1, 2); a share, because another
   player may take the ship first and only one ship is delivered per turn;
4. **islanders in play** — for each open feature where the player holds or ties the majority
   (a tie pays every tied player in full, SS-E5): the symbols it would pay now, as future wares
   worth :data:`FUTURE_WARE` points each, times a completion share that grows from
   :data:`FEATURE_SHARE_START` to 1 as the stack runs out (an unfinished feature still pays at
   the end, SS-F1; early on others may join and outnumber, and the islander is tied up), and is
   1 for a feature the tile just placed completed (it pays after the islander step); a
   merchant on an open market counts :data:`MARKET_SHARE` of the best face-up ship's points,
   scaled by how many of its 8 neighbours are filled (nothing if more are missing than tiles
   are left: an unfinished market pays nothing);
5. **islanders in supply** — :data:`SUPPLY_ISLANDER` each: an islander kept can still take a
   better feature later, so one goes out only where it earns more than that. An islander in a
   feature of the tile placed last that a fast proof shows can never be finished
   (:mod:`models.southseas.finishable`) may lose that much again (``lock``,
   :data:`UNFINISHABLE_LOCK`, off by default: measured not to help): it never comes back; and
   with ``score_unfinished = false`` such a feature then pays nothing. Only the last tile's
   features are asked, so an estimate stays cheap for ISMCTS.

The weights were tuned with ``benchmarks/agent_strength.py`` (greedy against random players,
ISMCTS against greedy players); they are judgements, not derived values.

>>> from models.core import load_game, make_rng, random_playout
>>> state = load_game("southseas", 3).new_initial_state()
>>> moves = random_playout(state, make_rng(2), max_moves=60)
>>> values = estimate(state)
>>> len(values), all(v >= s for v, s in zip(values, state.returns()))
(3, True)
"""

from __future__ import annotations

from models.southseas.board import Board
from models.southseas.components import Kind
from models.southseas.evaluation import symbols
from models.southseas.finishable import needs_of, proof, usable_of
from models.southseas.position import SouthSeasPosition
from models.southseas.ships import Ship

#: A ware not yet in a full three counts this much of a third of a point.
PARTIAL_WARE = 0.75
#: The share of a face-up ship's net gain counted when 0, 1 or 2 wares are still missing.
SHIP_SHARE = (0.6, 0.3, 0.1)
#: Points per ware a feature would pay: between 1/3 (kept to the end) and about 1 (delivered).
FUTURE_WARE = 0.5
#: Completion share of an open feature's symbols at the start (it grows to 1 at the end).
FEATURE_SHARE_START = 0.5
#: Share of the best face-up ship a merchant counts on a market with all neighbours filled.
MARKET_SHARE = 0.6
#: Points of an islander kept in supply.
SUPPLY_ISLANDER = 0.4
#: Share of :data:`SUPPLY_ISLANDER` an islander loses for good when it stands in a feature of
#: the tile placed last that can never be finished (it never comes back); ``0``, the default,
#: turns the check off: ``benchmarks/southseas_islander_sense.py`` found that a greedy agent
#: using it (``1``) is no stronger with the published rules and weaker with
#: ``score_unfinished = false``.
UNFINISHABLE_LOCK = 0.0


#: Shortfalls remembered, by ship identity and holdings (the ship is kept, so its id stays its).
_SHORTFALLS: dict[tuple[int, tuple[int, int, int]], tuple[Ship, tuple[int, int]]] = {}
_CACHE_SIZE = 1 << 15


def estimate(state: SouthSeasPosition, *, lock: float = UNFINISHABLE_LOCK) -> tuple[float, ...]:
    """Each player's estimated final score (the five terms of the module docstring); the
    scores themselves once the game is over. Cost: a few microseconds per player. ``lock``:
    see :data:`UNFINISHABLE_LOCK`."""
    if state.scores is not None:
        return state.scores
    ledger, yard, board = state.ledger, state.yard, state.board
    players = len(ledger.wares)
    total = sum(state.game.draw_counts) or 1
    left = state.tiles_left / total  # 1 at the start, 0 at the end
    share = FEATURE_SHARE_START + (1 - FEATURE_SHARE_START) * (1 - left)
    display = yard.display
    values = []
    for p in range(players):
        wares = ledger.wares[p]
        held = wares[0] + wares[1] + wares[2]
        value = yard.points(p) + held // 3 + PARTIAL_WARE * (held % 3) / 3
        if held:
            holdings = (wares[0], wares[1], wares[2])
            best = 0.0
            for ship in display:
                missing, paid = shortfall(ship, holdings)
                if missing < len(SHIP_SHARE):
                    best = max(best, SHIP_SHARE[missing] * (ship.points - paid / 3))
            value += best
        values.append(value + SUPPLY_ISLANDER * ledger.islanders[p])
    # islanders in play: each occupied feature once, its majority from the islanders on it
    fresh = _fresh_roots(board) if lock else frozenset()
    seen: set[int] = set()
    for nodes in ledger.placed:
        for node in nodes:
            root = board.root(node)
            if root in seen:
                continue
            seen.add(root)
            feature = board.features[root]
            if feature.closed or not feature.islanders:
                continue
            if feature.kind is Kind.MARKET:
                gain = _market(state, next(iter(feature.tiles)))
            else:  # completed by the tile just placed: it pays after the islander step
                sure = share if feature.open else 1.0
                gain = symbols(feature, state.covered) * FUTURE_WARE * sure
                if root in fresh and feature.open and _unfinishable(state, root):
                    for q, _ in feature.islanders:  # never back in supply
                        values[q] -= lock * SUPPLY_ISLANDER
                    if not state.options.score_unfinished:
                        gain = 0.0  # it will never pay
            if not gain:
                continue
            counts = [0] * players
            for q, _ in feature.islanders:
                counts[q] += 1
            top = max(counts)
            for q in range(players):
                if counts[q] == top:
                    values[q] += gain
    return tuple(values)


def _fresh_roots(board: Board) -> frozenset[int]:
    """The features of the pieces of the tile placed last (where an islander may just have
    gone): the only features whose finishability the estimate asks, to stay cheap."""
    placed = board.tiles[next(reversed(board.tiles))]
    return frozenset(board.root(placed.node(i)) for i in range(len(placed.tile.pieces)))


def _unfinishable(state: SouthSeasPosition, root: int) -> bool:
    """Whether a fast proof shows the feature at ``root`` can never be finished
    (:mod:`models.southseas.finishable`)."""
    needs = needs_of(state.board, root)
    return proof(state.board, state.game.draw_types, usable_of(state), needs) is not None


def _market(state: SouthSeasPosition, position: tuple[int, int]) -> float:
    """What a merchant on the open market at ``position`` may expect (SS-M1, SS-M2)."""
    missing = state.board.missing.get(position, 8)
    display = state.yard.display
    if missing > state.tiles_left or not display:
        return 0.0
    return MARKET_SHARE * max(s.points for s in display) * (8 - missing) / 8


def shortfall(ship: Ship, holdings: tuple[int, int, int]) -> tuple[int, int]:
    """How many more wares ``holdings`` need to pay ``ship`` (0: deliverable now), and how
    many wares the ship asks in all (SS-S1, SS-S2).

    >>> shortfall(Ship("demo", 4, fixed=(3, 1, 0)), (2, 1, 5))
    (1, 4)
    >>> shortfall(Ship("pairs", 4, same_types=2, same_each=2), (2, 1, 0))
    (1, 4)
    """
    key = (id(ship), holdings)  # ships hash slowly (a dataclass): remembered by identity
    found = _SHORTFALLS.get(key)
    if found is not None and found[0] is ship:
        return found[1]
    if len(_SHORTFALLS) >= _CACHE_SIZE:
        _SHORTFALLS.clear()
    result = _SHORTFALLS[key] = (ship, _shortfall(ship, holdings))
    return result[1]


def _shortfall(ship: Ship, holdings: tuple[int, int, int]) -> tuple[int, int]:
    fixed = ship.fixed
    missing = sum(max(0, need - have) for need, have in zip(fixed, holdings, strict=True))
    left = sorted((max(0, have - need) for need, have in zip(fixed, holdings, strict=True)))
    left.reverse()
    if ship.same_types:  # the best-stocked types serve the identical sets
        for i in range(ship.same_types):
            missing += max(0, ship.same_each - left[i])
            left[i] = max(0, left[i] - ship.same_each)
    missing += max(0, ship.any - sum(left))
    paid = sum(fixed) + ship.any + ship.same_types * ship.same_each
    return missing, paid
