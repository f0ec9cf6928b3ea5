"""Why a South Seas action is refused: every refusal names the rule it breaks.

The state calls :func:`refusal` only after an action failed its quick legality check, so the
diagnosis may take its time: it says which condition failed — no neighbour, corner contact only,
which side mismatches and with what, an occupied square, a piece that is not on the tile, an
empty supply, a recall the option forbids, a ship that is not the highest.
"""

from __future__ import annotations

from collections.abc import Hashable

from models.errors import IllegalActionError
from models.skips import explaining
from models.southseas.actions import Deliver, Draw, Pass, Place, PlaceIslander, Recall, Reveal
from models.southseas.actions import TakeShip as Take
from models.southseas.board import Board
from models.southseas.components import WARES, TileType
from models.southseas.geometry import AROUND, SIDES, STEP, Position
from models.southseas.position import Phase, SouthSeasPosition
from models.southseas.ships import payments

_EDGE = {"I": "island", "B": "bridge", "S": "sea"}
#: What each phase expects, for refusals of the wrong kind of action (SS-T1).
_EXPECTS = {
    Phase.DRAW: "chance draws a tile (SS-P1)",
    Phase.REVEAL: "chance turns a ship face up (SS-S1)",
    Phase.PLACE: "the drawn tile is placed",
    Phase.ISLANDER: "an islander is placed or taken back, or pass",
    Phase.CHOOSE_SHIP: "a tied ship is chosen (SS-M2)",
    Phase.DELIVER: "a delivery, or pass",
}


#: The kinds of action each phase takes.
_KINDS: dict[Phase, tuple[type, ...]] = {
    Phase.DRAW: (Draw,),
    Phase.REVEAL: (Reveal,),
    Phase.PLACE: (Place,),
    Phase.ISLANDER: (PlaceIslander, Recall, Pass),
    Phase.CHOOSE_SHIP: (Take,),
    Phase.DELIVER: (Deliver, Pass),
}


def refusal(state: SouthSeasPosition, action: Hashable) -> IllegalActionError:
    """The error for ``action``, which the state found illegal now."""
    rule, why = _diagnose(state, action)
    return IllegalActionError.refused(
        action, rule, why, entry=f"turn {state.turn}", field=state.phase.value
    )


def _diagnose(state: SouthSeasPosition, action: Hashable) -> tuple[str, str]:
    phase = state.phase
    if phase is Phase.OVER:
        return "SS-T2", "the game is over"
    if not isinstance(action, _KINDS[phase]):
        skip = explaining(state.skipped, action)
        if skip is not None:
            return skip.rule, f"{skip.reason()}; now {_EXPECTS[phase]}"
        return "SS-T1", f"now {_EXPECTS[phase]}"
    if isinstance(action, Draw):
        return "SS-P1", f"no tile {action.tile!r} is left in the stack"
    if isinstance(action, Reveal):
        return "SS-S1", f"ship {action.ship!r} is not among the face-down ships"
    if isinstance(action, Place):
        assert state.drawn is not None
        return placement_problem(state.board, state.drawn, action)
    if isinstance(action, PlaceIslander):
        return _islander_problem(state, action.piece)
    if isinstance(action, Recall):
        return _recall_problem(state, action)
    if isinstance(action, Take):
        top = state.yard.best()
        names = ", ".join(s.id for s in top)
        ship = state.yard.face_up(action.ship)
        worth = f"{action.ship} is worth {ship.points}" if ship else f"{action.ship} is not face up"
        return "SS-M2", f"take one of the highest face-up ships ({names}); {worth}"
    if isinstance(action, Deliver):
        return _delivery_problem(state, action)
    return "SS-T1", f"now {_EXPECTS[phase]}"


def placement_problem(board: Board, tile: TileType, action: Place) -> tuple[str, str]:
    """Which condition of SS-P2 or SS-P3 a placement fails."""
    x, y, r = action.x, action.y, action.rotation
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (x, y, r)):
        return "SS-P2", "a position is two whole numbers and a rotation one"
    if r not in range(4):
        return "SS-P3", f"rotation is 0, 1, 2 or 3 quarter turns, not {r}"
    if (x, y) in board.tiles:
        return "SS-P2", f"({x},{y}) already holds a tile"
    need = board.requirement((x, y))
    if need is None:
        if any((x + dx, y + dy) in board.tiles for dx, dy in AROUND):
            return "SS-P2", f"({x},{y}) touches placed tiles only at a corner"
        return "SS-P2", f"({x},{y}) shares no side with a placed tile"
    pattern = tile.patterns[r]
    clashes = []
    for side, (needed, shown) in enumerate(zip(need, pattern, strict=True)):
        if needed is not None and needed != shown:
            dx, dy = STEP[side]
            clashes.append(
                f"its {SIDES[side]} side is {_EDGE[shown]} but the tile at "
                f"({x + dx},{y + dy}) shows {_EDGE[needed]} there"
            )
    return "SS-P3", "; ".join(clashes) or "the sides do not continue"


def _islander_problem(state: SouthSeasPosition, piece: object) -> tuple[str, str]:
    assert state.placed_at is not None
    supply = state.ledger.islanders[state.player]
    return islander_problem(state.board, state.placed_at, piece, supply)


def islander_problem(
    board: Board, position: Position, piece: object, supply: int
) -> tuple[str, str]:
    """Why no islander may go on ``piece`` of the tile just placed at ``position``
    (``supply``: the player's islanders in supply at the islander step)."""
    count = len(board.tiles[position].tile.pieces)
    if not isinstance(piece, int) or isinstance(piece, bool) or not 0 <= piece < count:
        return "SS-I2", f"the tile just placed has pieces 0 to {count - 1}, not {piece!r}"
    if supply == 0:
        return "SS-I4", "your supply is empty"
    feature = board.feature_of(board.node_at(position, piece))
    if feature.islanders:
        owner, node = feature.islanders[0]
        (x, y), index = board.node_place[node]
        return "SS-I3", (
            f"piece {piece} joins a {feature.kind.value} that holds an islander "
            f"(player {owner}'s at ({x},{y}) piece {index})"
        )
    return "SS-I1", "one islander per turn, on the tile just placed"


def _recall_problem(state: SouthSeasPosition, action: Recall) -> tuple[str, str]:
    supply = state.ledger.islanders[state.player]
    return recall_problem(state.board, state.options.recall, state.player, supply, action)


def recall_problem(
    board: Board, option: str, player: int, supply: int, action: Recall
) -> tuple[str, str]:
    """Why ``player`` (with ``supply`` islanders at the islander step) may not take back the
    islander ``action`` names, under the ``recall`` option."""
    if option == "never":
        return "SS-T1", "the turn's islander step only places one (option recall = never)"
    if option == "when_empty" and supply > 0:
        return (
            "SS-T1",
            f"islanders are taken back only with an empty supply (you have {supply}; option "
            "recall = when_empty)",
        )
    if (action.x, action.y) in board.tiles:
        placed = board.tiles[(action.x, action.y)]
        if isinstance(action.piece, int) and 0 <= action.piece < len(placed.tile.pieces):
            node = placed.node(action.piece)
            for owner, where in board.feature_of(node).islanders:
                if where == node and owner != player:
                    return "SS-T1", f"only your own islander: player {owner}'s stands there"
    return "SS-T1", f"no islander of yours stands on ({action.x},{action.y}) piece {action.piece}"


def _delivery_problem(state: SouthSeasPosition, action: Deliver) -> tuple[str, str]:
    ship = state.yard.face_up(action.ship)
    if ship is None:
        shown = ", ".join(s.id for s in state.yard.display) or "none"
        return "SS-S1", f"ship {action.ship!r} is not face up (face up: {shown})"
    holdings = tuple(state.ledger.wares[state.player])
    fits = payments(ship, (99, 99, 99))
    if tuple(action.payment) not in fits:
        return "SS-S2", f"the payment does not meet {ship.describe()}"
    held = ", ".join(f"{n} {w}" for n, w in zip(holdings, WARES, strict=True))
    return "SS-S1", f"you hold only {held}"
