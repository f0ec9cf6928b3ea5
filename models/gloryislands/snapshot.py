"""A Glory Islands state as plain data: what ``atoll gloryislands replay --json`` prints.

It is the table as the scenario's author sees it: the board drawn, ships, sail tracks, fame by
source, pirates, barrels, every hand and discard pile (public by elimination), the cards of the
round (``hidden`` until all have chosen), treasure tiles (face down: the others know only how
many), the bag, route bonuses, the decision the state waits for (``next``), scores with whether
they are ``final``, the winners, why it ended, the options, the reconstruction label and the
whole event log.

>>> from models.gloryislands.scenario import replay
>>> snap = snapshot(replay({"players": 2, "actions": ["p0 play red-5"]}))
>>> snap["next"]["player"], snap["round_cards"], snap["scores_final"]
(1, {0: 'hidden'}, False)
"""

from __future__ import annotations

from typing import Any

from models.core import Event
from models.gloryislands import rounds
from models.gloryislands.components import cell_name
from models.gloryislands.drawing import LEGEND, draw_board
from models.gloryislands.position import CHOOSE, DEAL, DRAW, OVER, GloryIslandsPosition
from models.gloryislands.summary import fame_by_source


def snapshot(pos: GloryIslandsPosition) -> dict[str, Any]:
    """The state as plain data (JSON-ready but for tuples and integer keys)."""
    board, n = pos.board, len(pos.fame)
    outcome = rounds.outcome(pos)
    cards = board.cards
    track = board.sail_track
    kinds = board.treasure_kinds
    return {
        "players": n,
        "round": pos.round,
        "phase": pos.phase.value,
        "next": pending(pos),
        "board": draw_board(board, pos),
        "legend": LEGEND,
        "ships": [
            {
                "player": p,
                "colour": pos.colours[p],
                "route": pos.progress[p],
                "at": cell_name(board.route[pos.position(p)]),
                "sunk": pos.sunk[p],
            }
            for p in range(n)
        ],
        "sail_track": [
            {"field": pos.sails[p], "printed": track[pos.sails[p]]}
            if pos.sails[p] < len(track)
            else {"field": pos.sails[p], "printed": None, "sunk": True}
            for p in range(n)
        ],
        "fame": list(pos.fame),
        "fame_by_source": [fame_by_source(pos, p) for p in range(n)],
        "pirates": {cell_name(c): o for c, o in enumerate(pos.occupant) if o >= 0},
        "supply": list(pos.supply),
        "barrels": list(pos.barrels),
        "barrel_supply": pos.barrel_supply,
        "treasures": [{k: c for k, c in zip(kinds, held, strict=True) if c} for held in pos.held],
        "treasures_face_down": pos.phase is not OVER,
        "bag": {k: c for k, c in zip(kinds, pos.bag, strict=True) if c},
        "hands": [[cards[c].id for c in hand] for hand in pos.hands],
        "discards": [[cards[c].id for c in pile] for pile in pos.discards],
        "round_cards": _round_cards(pos),
        "order": list(pos.order) if pos.phase is not CHOOSE else [],
        "compass_order": list(pos.compass_order),
        "home_order": list(pos.home_order),
        "scores": list(outcome.scores),
        "scores_final": outcome.final,
        "winners": list(outcome.winners) if outcome.final else None,
        "leaders": list(outcome.winners),
        "ended": pos.ended,
        "options": pos.options.to_dict(),
        "reconstruction": {"board": board.reconstruction},
        "reconstruction_note": board.note if board.reconstruction else "",
        "events": [event_record(e) for e in pos.log],
    }


def _round_cards(pos: GloryIslandsPosition) -> dict[int, str]:
    """This round's cards by player: ``hidden`` while the choices are being made (GI-R1)."""
    cards = pos.board.cards
    if pos.phase is CHOOSE:
        return {p: "hidden" for p, c in enumerate(pos.chosen) if c >= 0}
    return {p: cards[c].id for p, c in enumerate(pos.chosen) if c >= 0}


def pending(pos: GloryIslandsPosition) -> dict[str, Any]:
    """The decision the state waits for: whose, what, and the options."""
    if pos.phase is OVER:
        return {"decision": "none: the game is over"}
    if pos.phase is DRAW:
        return {
            "decision": "draw",
            "drawer": pos.player,
            "tiles_to_draw": pos.to_draw,
            "bag": pos.bag_total,
        }
    return {
        "decision": pos.phase.value,
        "player": pos.player,
        "options": [str(a) for a in _legal(pos)],
    }


def _legal(pos: GloryIslandsPosition) -> tuple[Any, ...]:
    """The actions offered (at the colour deal: the deals)."""
    return pos.game.deals if pos.phase is DEAL else pos.offered


def event_record(event: Event) -> dict[str, Any]:
    """One log entry as a flat mapping: round, player, kind and its data (cells by name)."""
    data = dict(event.data)
    for key in ("cell", "source", "at", "to"):
        if isinstance(data.get(key), int):
            data[key] = cell_name(data[key])
    return {"round": event.turn, "player": event.player, "kind": event.kind.value, **data}
