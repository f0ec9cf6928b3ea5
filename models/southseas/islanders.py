"""Placing and recalling islanders (SS-I1..I4 and the published recall option).

An islander goes from its owner's supply onto one piece of the tile just placed (SS-I1, SS-I2),
never onto a feature that — through the new tile — already holds an islander (SS-I3); with an
empty supply none is placed (SS-I4). The ``recall`` option lets a player take one of his
islanders back instead: on any turn, only with an empty supply, or never.

The islander step of a turn (:func:`offer_islanders`, :func:`islander_step`) is followed by the
evaluation of the placement (:mod:`~models.southseas.completion`) and the ships it earns
(:mod:`~models.southseas.markets`); a step whose only choice is Pass passes by itself.
"""

from __future__ import annotations

from models.southseas.actions import PASS, Action, PlaceIslander, Recall, islander, recall_of
from models.southseas.board import Board, PlacedTile
from models.southseas.completion import evaluate_placement
from models.southseas.evaluation import Ledger
from models.southseas.events import SouthSeasEvent as EV
from models.southseas.markets import give_awards
from models.southseas.position import Phase, SouthSeasPosition


def offer_islanders(pos: SouthSeasPosition, placed: PlacedTile) -> None:
    """After a placement: ask for the islander step, or pass it by itself (only Pass)."""
    actions = islander_actions(pos.board, placed, pos.ledger, pos.player, pos.options.recall)
    if len(actions) == 1:  # only Pass
        _skipped(pos)
        after_islander(pos)
    else:
        pos.phase, pos.actions = Phase.ISLANDER, actions


def _skipped(pos: SouthSeasPosition) -> None:
    """Note why the islander step passed by itself (SS-I4: no islander in supply; SS-I3:
    every piece joins an occupied feature) and no islander could be taken back."""
    player, ledger = pos.player, pos.ledger
    if ledger.islanders[player] == 0:
        rule, why = "SS-I4", f"player {player}'s supply is empty"
    else:
        rule, why = "SS-I3", "every piece of the tile joins a feature that holds an islander"
    if ledger.placed[player]:
        why += f" (and recall = {pos.options.recall} takes none back now)"
    pos.note_skipped(player, rule, why, (PlaceIslander, Recall))


def islander_step(pos: SouthSeasPosition, action: Action) -> None:
    """The islander decision (already checked legal): place one, take one back, or pass."""
    player = pos.player
    if type(action) is PlaceIslander:
        assert pos.placed_at is not None
        placed = pos.board.tiles[pos.placed_at]
        node = place_islander(pos.board, placed, pos.ledger, player, action.piece)
        pos.newcomer = (player, node)
        kind = pos.board.feature_of(node).kind.value
        pos.event(EV.ISLANDER, player, piece=action.piece, feature=kind)
    elif type(action) is Recall:
        recall_islander(pos.board, pos.ledger, player, action)
        pos.event(EV.RECALL, player, at=(action.x, action.y), piece=action.piece)
    after_islander(pos)


def after_islander(pos: SouthSeasPosition) -> None:
    """Evaluate the placement, then give the ships it earned."""
    evaluate_placement(pos)
    pos.newcomer = None
    give_awards(pos)


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
