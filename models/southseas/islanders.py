"""Placing and recalling islanders (SS-I1..I4 and the published recall option).

An islander goes from its owner's supply onto one piece of the tile just placed (SS-I1, SS-I2),
never onto a feature that — through the new tile — already holds an islander (SS-I3); with an
empty supply none is placed (SS-I4). The ``recall`` option lets a player take one of his
islanders back instead: on any turn, only with an empty supply, or never.
"""

from __future__ import annotations

from models.southseas.actions import PASS, Action, Recall, islander, recall_of
from models.southseas.board import Board, PlacedTile
from models.southseas.evaluation import Ledger


def islander_actions(
    board: Board, placed: PlacedTile, ledger: Ledger, player: int, recall: str
) -> tuple[Action, ...]:
    """Pass, each free piece of the new tile (with islanders in supply), and each recall the
    option allows."""
    actions: list[Action] = [PASS]
    supply = ledger.islanders[player]
    if supply > 0:
        features, parent, first = board.features, board.parent, placed.first_node
        for i in range(len(placed.tile.pieces)):
            root = first + i
            while parent[root] != root:
                root = parent[root]
            if not features[root].islanders:
                actions.append(islander(i))
    if ledger.placed[player] and (recall == "any_turn" or (recall == "when_empty" and supply == 0)):
        for node in sorted(ledger.placed[player]):
            (x, y), piece = board.node_place[node]
            actions.append(recall_of(x, y, piece))
    return tuple(actions)


def place_islander(
    board: Board, placed: PlacedTile, ledger: Ledger, player: int, piece: int
) -> int:
    """Put ``player``'s islander on ``piece`` of the new tile; returns its node."""
    node = placed.node(piece)
    board.writable(board.root(node)).islanders.append((player, node))
    ledger.placed[player].add(node)
    ledger.islanders[player] -= 1
    return node


def recall_islander(board: Board, ledger: Ledger, player: int, action: Recall) -> int:
    """Take ``player``'s islander back to supply, without evaluation; returns its node."""
    node = board.node_at((action.x, action.y), action.piece)
    board.writable(board.root(node)).islanders.remove((player, node))
    ledger.placed[player].discard(node)
    ledger.islanders[player] += 1
    return node
