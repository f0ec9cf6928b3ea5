"""Tiles over a position: the draw (SS-P1, SS-P4) and the placement (SS-P2, SS-P3).

Chance draws a tile kind weighted by the copies left; one with no legal placement is removed
(``unplaceable``) and chance draws again, or the game ends if it was the last. A placement puts
the drawn tile on the board, logs how many empty neighbours became holes no tile can fill, and
offers the islander step (:mod:`~models.southseas.islanders`).
"""

from __future__ import annotations

from models.southseas.actions import Place
from models.southseas.events import SouthSeasEvent as EV
from models.southseas.geometry import STEP
from models.southseas.islanders import offer_islanders
from models.southseas.position import Phase, SouthSeasPosition
from models.southseas.turns import finish


def draw_tile(pos: SouthSeasPosition, index: int) -> None:
    """Chance: a tile of kind ``game.draw_types[index]`` is drawn (its copy leaves the stack)."""
    pos.left[index] -= 1
    pos.tiles_left -= 1
    tile = pos.game.draw_types[index]
    placements = pos.board.legal_placements(tile)
    if not placements:
        pos.unplaceable += 1
        pos.event(EV.UNPLACEABLE, pos.player, tile=tile.id)
        if not pos.tiles_left:
            finish(pos, "the last tile was drawn and could not be placed")
        return
    pos.drawn, pos.phase, pos.actions = tile, Phase.PLACE, placements
    pos.event(EV.DRAW, pos.player, tile=tile.id, placements=len(placements))


def place_tile(pos: SouthSeasPosition, action: Place) -> None:
    """Put the drawn tile where ``action`` says (already checked to fit)."""
    tile, frontier, dead = pos.drawn, pos.board.frontier, pos.game.dead_codes
    assert tile is not None
    x, y = position = (action.x, action.y)
    around = [(x + dx, y + dy) for dx, dy in STEP]
    holes = -sum(1 for n in around if frontier.get(n) in dead)
    pos.placed_roots = pos.board.place(tile, position, action.rotation)
    pos.placed_at, pos.drawn = position, None
    holes += sum(1 for n in around if frontier.get(n) in dead)  # newly unfillable neighbours
    pos.event(
        EV.PLACE, pos.player, tile=tile.id, at=position, rotation=action.rotation, holes=holes
    )
    offer_islanders(pos, pos.board.tiles[position])
