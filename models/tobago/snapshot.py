"""A Tobago state as plain data (JSON-ready): what ``atoll tobago replay`` prints.

The whole table as the scenario's author knows it (he wrote every action, so hands are shown):
each treasure's hints and its roses (owners, front to back: the starting hint's claims
first, then one per hint laid), its candidates (the fields while fewer than the
marker threshold remain, TB-H5) and the field when fixed (TB-H6); vehicles, amulets on the
island and in hand, roses in supply, gold per player, the gold deck and the share in progress;
the decision the state waits for with its options; the public event log.

>>> from models.tobago.scenario import replay
>>> snap = snapshot(replay({"players": 2, "seed": 3, "actions": ["p0 vehicle at 3,3"]}))
>>> snap["phase"], snap["next"]["player"], snap["vehicles"][0], len(snap["treasures"])
('vehicle', 1, [3, 3], 4)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from models.core import CHANCE
from models.tobago.actions import card_name
from models.tobago.state import TobagoState

#: Options listed in full for a decision; more are counted.
MAX_OPTIONS = 60


def snapshot(state: TobagoState) -> dict[str, Any]:
    """The state as a dict of plain values (see the module)."""
    game = state.game
    fields = game.fields
    threshold = state.options.marker_threshold
    treasures = []
    for t in range(4):
        cand = state.cand[t]
        left = cand.bit_count()
        entry: dict[str, Any] = {
            "treasure": t + 1,
            "hints": [str(game.clues[i]) for i in state.hints[t]],
            "roses": list(state.queues[t]),
            "candidates": left,
            "raised": state.raised[t],
        }
        if left < threshold:
            entry["fields"] = [list(fields[i]) for i in range(len(fields)) if cand >> i & 1]
        if left == 1:
            entry["fixed"] = list(fields[cand.bit_length() - 1])
        treasures.append(entry)
    outcome = state.outcome()
    return {
        "map": game.island.name,
        "players": state.n,
        "phase": str(state.phase),
        "turn": state.turn,
        "treasures": treasures,
        "vehicles": [list(fields[v]) if v >= 0 else None for v in state.vehicles],
        "amulets_on_island": {f"{fields[f][0]},{fields[f][1]}": n for f, n in _amulets(state)},
        "amulet_supply": state.amulet_supply,
        "amulets": list(state.amulets),
        "roses": list(state.roses),
        "hands": [[str(game.clues[i]) for i in hand] for hand in state.hands],
        "gold": [sorted(g, reverse=True) for g in state.gold],
        "scores": list(outcome.scores),
        "scores_final": outcome.final,
        "winners": list(outcome.winners),
        "ended": state.ended,
        "gold_deck": state.deck_size,
        "clue_pile": state.pile_size,
        "share": _share(state),
        "next": pending(state),
        "events": [
            {"turn": e.turn, "player": e.player, "kind": str(e.kind.value), **_plain(e.data)}
            for e in state.log
        ],
        "components": game.components(),
    }


def _amulets(state: TobagoState) -> list[tuple[int, int]]:
    return sorted(state.amulets_on.items())


def _share(state: TobagoState) -> dict[str, Any] | None:
    share = state.share
    if share is None:
        return None
    return {
        "treasure": share.treasure + 1,
        "raiser": share.raiser,
        "queue": list(share.queue),
        "alive": list(share.alive),
        "cards_left": sum(share.pile),
        "offered": card_name(share.offered) if share.offered >= 0 else None,
        "cursed": share.cursed,
    }


def pending(state: TobagoState) -> dict[str, Any]:
    """The decision the state waits for: whose, what, and the options."""
    if state.is_terminal():
        return {"decision": "none: the game is over", "player": None}
    player = state.current_player()
    actions = state.legal_actions()
    shown = [str(a) for a in actions[:MAX_OPTIONS]]
    return {
        "decision": str(state.phase),
        "player": "chance" if player == CHANCE else player,
        "options": shown,
        "more_options": max(0, len(actions) - MAX_OPTIONS),
    }


def _plain(data: Mapping[str, Any]) -> dict[str, Any]:
    out = {}
    for key, value in data.items():
        out[key] = list(value) if isinstance(value, tuple) else value
    return out
