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
from models.gloryislands.components import cell_name
from models.gloryislands.drawing import LEGEND, draw_board
from models.gloryislands.rules import GloryIslandsState
from models.gloryislands.scenario import pending
from models.gloryislands.summary import fame_by_source


def snapshot(state: GloryIslandsState) -> dict[str, Any]:
    """The state as plain data (JSON-ready but for tuples and integer keys)."""
    board, n = state.board, len(state.fame)
    outcome = state.outcome()
    cards = board.cards
    track = board.sail_track
    kinds = board.treasure_kinds
    return {
        "players": n,
        "round": state.round,
        "phase": state.phase,
        "next": pending(state),
        "board": draw_board(board, state),
        "legend": LEGEND,
        "ships": [
            {
                "player": p,
                "colour": state.colours[p],
                "route": state.progress[p],
                "at": cell_name(board.route[state.position(p)]),
                "sunk": state.sunk[p],
            }
            for p in range(n)
        ],
        "sail_track": [
            {"field": state.sails[p], "printed": track[state.sails[p]]}
            if state.sails[p] < len(track)
            else {"field": state.sails[p], "printed": None, "sunk": True}
            for p in range(n)
        ],
        "fame": list(state.fame),
        "fame_by_source": [fame_by_source(state, p) for p in range(n)],
        "pirates": {cell_name(c): o for c, o in enumerate(state.occupant) if o >= 0},
        "supply": list(state.supply),
        "barrels": list(state.barrels),
        "barrel_supply": state.barrel_supply,
        "treasures": [{k: c for k, c in zip(kinds, held, strict=True) if c} for held in state.held],
        "treasures_face_down": state.phase != "over",
        "bag": {k: c for k, c in zip(kinds, state.bag, strict=True) if c},
        "hands": [[cards[c].id for c in hand] for hand in state.hands],
        "discards": [[cards[c].id for c in pile] for pile in state.discards],
        "round_cards": _round_cards(state),
        "order": list(state.order) if state.phase != "choose" else [],
        "compass_order": list(state.compass_order),
        "home_order": list(state.home_order),
        "scores": list(outcome.scores),
        "scores_final": outcome.final,
        "winners": list(outcome.winners) if outcome.final else None,
        "leaders": list(outcome.winners),
        "ended": state.ended,
        "options": state.options.to_dict(),
        "reconstruction": {"board": board.reconstruction},
        "reconstruction_note": board.note if board.reconstruction else "",
        "events": [event_record(e) for e in state.log],
    }


def _round_cards(state: GloryIslandsState) -> dict[int, str]:
    """This round's cards by player: ``hidden`` while the choices are being made (GI-R1)."""
    cards = state.board.cards
    if state.phase == "choose":
        return {p: "hidden" for p, c in enumerate(state.chosen) if c >= 0}
    return {p: cards[c].id for p, c in enumerate(state.chosen) if c >= 0}


def event_record(event: Event) -> dict[str, Any]:
    """One log entry as a flat mapping: round, player, kind and its data (cells by name)."""
    data = dict(event.data)
    for key in ("cell", "source", "at", "to"):
        if isinstance(data.get(key), int):
            data[key] = cell_name(data[key])
    return {"round": event.turn, "player": event.player, "kind": event.kind.value, **data}
