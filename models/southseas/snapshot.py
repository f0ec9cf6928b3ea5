"""A South Seas state as plain data: what ``atoll southseas replay --json`` prints.

It reports what happened, not what the engine keeps internally: a feature is ``complete`` only
when it was finished on the board (a market: its 8 neighbours filled), ``evaluated`` whether it
was scored and ``evaluation`` how (``complete``, ``end``, or ``null``), and ``paid`` sums every
evaluation of it (boats included). Scores say whether they are ``final``; ``next`` is the decision
the state waits for; ``events`` is the whole log.

>>> from models.southseas.scenario import replay
>>> band = {"tile": "island-band", "at": [0, -1], "rotation": 1, "islander": 0}
>>> snap = snapshot(replay({"players": 2, "move": [band]}))
>>> snap["next"], snap["scores_final"], snap["events"][-1]["kind"]
({'decision': 'draw', 'player': 1, 'tiles_left': 71}, False, 'islander')
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

from models.core import Event
from models.southseas.components import WARES, Kind
from models.southseas.events import SouthSeasEvent as EV
from models.southseas.position import Phase
from models.southseas.state import SouthSeasState

_PAYING = (EV.COMPLETE, EV.BOAT, EV.END)


def snapshot(state: SouthSeasState) -> dict[str, Any]:
    """The state as plain data (JSON-ready but for tuples and integer keys)."""
    n = state.game.num_players
    outcome = state.outcome()
    ledger, yard = state.ledger, state.yard
    return {
        "players": n,
        "turn": state.turn,
        "phase": state.phase.value,
        "next": pending(state),
        "tiles_placed": len(state.board.tiles),
        "tiles_left": state.tiles_left,
        "stack": state.draw_stack(),
        "unplaceable": state.unplaceable,
        "boat_tokens": state.boat_tokens,
        "features": _features(state),
        "supply": list(ledger.islanders),
        "wares": [dict(zip(WARES, w, strict=True)) for w in ledger.wares],
        "ware_supply": None
        if ledger.supply is None
        else dict(zip(WARES, ledger.supply, strict=True)),
        "ships": [[s.id for s in t] for t in yard.taken],
        "ship_points": [yard.points(p) for p in range(n)],
        "display": [s.id for s in yard.display],
        "ships_face_down": len(yard.hidden),
        "scores": list(outcome.scores),
        "scores_final": outcome.final,
        "winners": list(outcome.winners) if outcome.final else None,
        "leaders": list(outcome.winners),
        "ended": _ending(state),
        "options": state.options.to_dict(),
        "reconstruction": {
            "tiles": state.game.tiles.reconstruction,
            "ships": state.game.ships.reconstruction,
        },
        "events": [event_record(e) for e in state.log],
    }


def pending(state: SouthSeasState) -> dict[str, Any]:
    """The decision the state waits for: whose, what, and the options (not at chance)."""
    phase = state.phase
    if phase is Phase.OVER:
        return {"decision": "none: the game is over"}
    if phase is Phase.DRAW:
        return {
            "decision": Phase.DRAW.value,
            "player": state.player,
            "tiles_left": state.tiles_left,
        }
    if phase is Phase.REVEAL:
        return {"decision": Phase.REVEAL.value, "face_down_ships": len(state.yard.hidden)}
    out: dict[str, Any] = {"decision": phase.value, "player": state.current_player()}
    if phase is Phase.PLACE:
        assert state.drawn is not None
        out["tile"], out["placements"] = state.drawn.id, len(state.legal_actions())
    else:
        out["options"] = [str(a) for a in state.legal_actions()]
    return out


def event_record(event: Event) -> dict[str, Any]:
    """One log entry as a flat mapping: turn, player, kind and its data."""
    return {"turn": event.turn, "player": event.player, "kind": event.kind.value, **event.data}


def _ending(state: SouthSeasState) -> str | None:
    if state.phase is not Phase.OVER:
        return None
    end = next(e for e in reversed(state.log) if e.kind is EV.GAME_END)
    return str(end.data["why"])


def _features(state: SouthSeasState) -> list[dict[str, Any]]:
    board = state.board
    paid: dict[int, Counter[int]] = defaultdict(Counter)
    boats: Counter[int] = Counter()
    for event in state.log:
        if event.kind in _PAYING:
            x, y, piece = event.data["at"]
            root = board.root(board.node_at((x, y), piece))
            for player, amount in event.data["paid"].items():
                paid[root][player] += amount
            boats[root] += event.kind is EV.BOAT
    features = []
    for root, feature in sorted(board.features.items()):
        where = board.node_place
        market = feature.kind is Kind.MARKET
        entry: dict[str, Any] = {
            "kind": feature.kind.value,
            "pieces": sorted([*where[n][0], where[n][1]] for n in feature.nodes),
            "tiles": len(feature.tiles),
            "complete": feature.evaluated == "complete" if market else feature.complete,
            "evaluated": feature.evaluated is not None,
            "evaluation": feature.evaluated,
            "open_ports": feature.open,
            "islanders": [[p, *where[n][0], where[n][1]] for p, n in feature.islanders],
            "paid": dict(sorted(paid[root].items())),
        }
        if feature.kind is Kind.BRIDGE:
            entry["shells"] = feature.shells
        elif feature.kind is Kind.ISLAND:
            entry["bananas"] = feature.bananas
        elif feature.kind is Kind.SEA:
            entry["fish"] = sum(n for _, n in feature.fish)
            entry["covered_fish"] = sum(n for key, n in feature.fish if key in state.covered)
            entry["boats"] = feature.boats
            entry["boat_evaluations"] = boats[root]
        features.append(entry)
    return features
