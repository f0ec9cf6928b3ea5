"""What a South Seas player knows, as one hashable key (the same for every player).

Every piece of South Seas information is public: the board, the islanders, everybody's wares
and ships, the display, and — by elimination — which tiles are left in the stack and which ships
lie face down. Only the order of the stack and of the face-down ships is unknown, and chance
decides that when it is drawn, so the state never holds it. Nodes (internal piece numbers) are
turned into (x, y, piece) so that the key does not depend on the order tiles were placed in.
"""

from __future__ import annotations

from collections.abc import Hashable

from models.southseas.position import SouthSeasPosition


def observation_key(state: SouthSeasPosition) -> Hashable:
    board = state.board
    where = board.node_place
    tiles = tuple(sorted((pos, p.tile.id, p.rotation) for pos, p in board.tiles.items()))
    islanders = tuple(
        sorted((p, *where[node]) for f in board.features.values() for p, node in f.islanders)
    )
    closed = tuple(
        sorted(min(where[n] for n in f.nodes) for f in board.features.values() if f.closed)
    )
    covered = tuple(sorted(state.covered))
    ledger, yard = state.ledger, state.yard
    return (
        state.phase,
        state.resume,
        state.player,
        state.turn,
        state.drawn.id if state.drawn is not None else None,
        state.placed_at,
        tiles,
        islanders,
        closed,
        covered,
        tuple(tuple(w) for w in ledger.wares),
        tuple(ledger.islanders),
        tuple(ledger.supply) if ledger.supply is not None else None,
        tuple(s.id for s in yard.display),
        tuple(sorted(s.id for s in yard.hidden)),
        tuple(tuple(s.id for s in t) for t in yard.taken),
        tuple(state.left),
        state.boat_tokens,
        tuple(state.awards),
        state.delivered_last,
        state.unplaceable,
        state.scores,
    )
