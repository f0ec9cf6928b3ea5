"""What a placement sets off: completed features (SS-E1..E6), fishing boats (SS-B1..B4) and
completed markets (SS-M1), in that order, logged as events of the active player's turn.

Two readings the texts leave open are fixed here and logged when they apply: a boat whose tile
also completes its sea region does not trigger a second evaluation (the completion pays every
uncovered fish; event ``boat-no-trigger``), and a boat evaluation that finds the boat tokens
used up pays but covers nothing (never with the 19 boats of the bundled tiles).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from models.southseas.components import Kind
from models.southseas.evaluation import evaluate, evaluate_boat, release_islanders
from models.southseas.events import SouthSeasEvent as EV

if TYPE_CHECKING:
    from models.southseas.rules import SouthSeasState


def evaluate_placement(state: SouthSeasState) -> None:
    """Evaluate what the tile just placed completed or triggered; owed ships go to
    ``state.awards`` clockwise from the active player (SS-M3)."""
    assert state.placed_at is not None
    board, order = state.board, state.order()
    placed = board.tiles[state.placed_at]
    completed = set()
    features = board.features
    for root in state.placed_roots:  # islanders join no features: these roots still hold
        feature = features[root]
        if not feature.open and not feature.closed and feature.kind is not Kind.MARKET:
            completed.add(root)
            feature = board.writable(root)
            feature.closed = True
            state.log.append(
                evaluate(
                    feature,
                    state.ledger,
                    state.covered,
                    order,
                    turn=state.turn,
                    active=state.player,
                    kind=EV.COMPLETE,
                    at=state.at(root),
                )
            )
    if placed.tile.boats:
        for i, piece in enumerate(placed.tile.pieces):
            if piece.boat:
                _boat(state, board.root(placed.node(i)), completed, order)
    for market in board.completed_markets(state.placed_at):
        node = board.markets.pop(market)
        feature = board.writable(board.root(node))
        feature.closed, feature.evaluated = True, "complete"
        merchants = [p for p, _ in feature.islanders]
        release_islanders(feature, state.ledger)
        state.event(EV.MARKET, at=market, merchant=merchants[0] if merchants else None)
        state.awards.extend(merchants)
    if state.awards:
        n = state.game.num_players
        state.awards.sort(key=lambda p: (p - state.player) % n)


def _boat(state: SouthSeasState, root: int, completed: set[int], order: list[int]) -> None:
    """SS-B1..B4: the boat of the tile just placed may trigger its sea region."""
    if root in completed:
        state.event(EV.BOAT_NO_TRIGGER, why="region completed by the same tile", at=state.at(root))
        return
    event = evaluate_boat(
        state.board.writable(root),
        state.ledger,
        state.covered,
        order,
        options=state.options,
        newcomer=state.newcomer,
        tokens=state.boat_tokens,
        turn=state.turn,
        active=state.player,
        at=state.at(root),
    )
    if event.kind is EV.BOAT and event.data["covered"] is not None:
        state.boat_tokens -= 1
    state.log.append(event)
