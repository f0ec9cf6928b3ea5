"""What a placement sets off: completed features (SS-E1..E6), fishing boats (SS-B1..B4) and
completed markets (SS-M1), in that order, logged as events of the active player's turn.

Two readings the texts leave open are fixed here and logged when they apply: a boat whose tile
also completes its sea region does not trigger a second evaluation (the completion pays every
uncovered fish; event ``boat-no-trigger``), and a boat evaluation that finds the boat tokens
used up pays but covers nothing (never with the 19 boats of the bundled tiles).
"""

from __future__ import annotations

from models.southseas.components import Kind
from models.southseas.evaluation import evaluate, evaluate_boat, release_islanders
from models.southseas.events import SouthSeasEvent as EV
from models.southseas.position import SouthSeasPosition


def evaluate_placement(pos: SouthSeasPosition) -> None:
    """Evaluate what the tile just placed completed or triggered; owed ships go to
    ``pos.awards`` clockwise from the active player (SS-M3)."""
    assert pos.placed_at is not None
    board, order = pos.board, pos.order()
    placed = board.tiles[pos.placed_at]
    completed = set()
    features = board.features
    for root in pos.placed_roots:  # islanders join no features: these roots still hold
        feature = features[root]
        if not feature.open and not feature.closed and feature.kind is not Kind.MARKET:
            completed.add(root)
            feature = board.writable(root)
            feature.closed = True
            pos.log.append(
                evaluate(
                    feature,
                    pos.ledger,
                    pos.covered,
                    order,
                    turn=pos.turn,
                    active=pos.player,
                    kind=EV.COMPLETE,
                    at=pos.at(root),
                )
            )
    if placed.tile.boats:
        for i, piece in enumerate(placed.tile.pieces):
            if piece.boat:
                trigger_boat(pos, board.root(placed.node(i)), completed, order)
    for market in board.completed_markets(pos.placed_at):
        node = board.markets.pop(market)
        feature = board.writable(board.root(node))
        feature.closed, feature.evaluated = True, "complete"
        merchants = [p for p, _ in feature.islanders]
        release_islanders(feature, pos.ledger)
        pos.event(EV.MARKET, pos.player, at=market, merchant=merchants[0] if merchants else None)
        pos.awards.extend(merchants)
    if pos.awards:
        n = pos.game.num_players
        pos.awards.sort(key=lambda p: (p - pos.player) % n)


def trigger_boat(pos: SouthSeasPosition, root: int, completed: set[int], order: list[int]) -> None:
    """SS-B1..B4: the boat of the tile just placed may trigger its sea region."""
    if root in completed:
        why = "region completed by the same tile"
        pos.event(EV.BOAT_NO_TRIGGER, pos.player, why=why, at=pos.at(root))
        return
    event = evaluate_boat(
        pos.board.writable(root),
        pos.ledger,
        pos.covered,
        order,
        options=pos.options,
        newcomer=pos.newcomer,
        tokens=pos.boat_tokens,
        turn=pos.turn,
        active=pos.player,
        at=pos.at(root),
    )
    if event.kind is EV.BOAT and event.data["covered"] is not None:
        pos.boat_tokens -= 1
    pos.log.append(event)
