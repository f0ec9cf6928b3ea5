"""Invariants of a South Seas game, checked from the state and its log.

Used by the random-game tests and benchmark, and handy after editing a tile or ship file:

* islanders are conserved: supply + board = islanders per player;
* wares are never negative, and each one is traceable to an evaluated symbol: what the log says
  was paid out, less what was delivered, is what each player holds;
* ships are conserved: display + pile + taken = all ships;
* covered fish never pay: no evaluation counts a fish group that a boat had covered before;
* the score is recomputable from the log alone.

>>> from models.core import load_game
>>> state = load_game("southseas", 2).new_initial_state()
>>> problems(state)
[]
"""

from __future__ import annotations

from collections import Counter

from models.southseas.board import FishKey
from models.southseas.events import SouthSeasEvent as EV
from models.southseas.position import SouthSeasPosition

_PAYING = (EV.COMPLETE, EV.BOAT, EV.END)


def problems(
    state: SouthSeasPosition, covered_before: set[FishKey] | None = None, since: int = 0
) -> list[str]:
    """Every invariant the state breaks (an empty list when all hold).

    ``covered_before`` is the set of fish groups covered before the last move and ``since``
    the log length then: the evaluations logged since may not count any of those groups.
    """
    found: list[str] = []
    n = state.game.num_players
    on_board: Counter[int] = Counter()
    for feature in state.board.features.values():
        for p, _ in feature.islanders:
            on_board[p] += 1
    for p in range(n):
        if state.ledger.islanders[p] + on_board[p] != state.options.islanders:
            found.append(
                f"player {p}: {state.ledger.islanders[p]} in supply + {on_board[p]} "
                f"on the board != {state.options.islanders}"
            )
        if min(state.ledger.wares[p]) < 0:
            found.append(f"player {p}: negative wares {state.ledger.wares[p]}")
    traced = traced_wares(state)
    for p in range(n):
        if traced[p] != state.ledger.wares[p]:
            found.append(f"player {p}: log says wares {traced[p]}, holds {state.ledger.wares[p]}")
    ships = state.yard.total()
    if ships != len(state.game.ships.ships):
        found.append(f"ships: {ships} accounted for, {len(state.game.ships.ships)} exist")
    if covered_before is not None:
        for event in state.log[since:]:
            if event.kind in _PAYING:
                hit = set(event.data["fish_groups"]) & covered_before
                if hit:
                    found.append(f"turn {event.turn}: covered fish {sorted(hit)} paid again")
    for p in range(n):
        logged = score_from_log(state, p, traced)
        if logged != state.score(p):
            found.append(f"player {p}: score {state.score(p)} but the log gives {logged}")
    return found


def traced_wares(state: SouthSeasPosition) -> list[list[int]]:
    """Each player's wares as the log accounts for them: paid out less delivered."""
    index = {"shells": 0, "bananas": 1, "fish": 2}
    wares = [[0, 0, 0] for _ in range(state.game.num_players)]
    for event in state.log:
        if event.kind in _PAYING:
            ware = index[event.data["ware"]]
            for p, amount in event.data["paid"].items():
                wares[p][ware] += amount
        elif event.kind is EV.DELIVERY and event.player is not None:
            for ware, amount in enumerate(event.data["payment"]):
                wares[event.player][ware] -= amount
    return wares


def score_from_log(
    state: SouthSeasPosition, player: int, traced: list[list[int]] | None = None
) -> int:
    """SS-F3 recomputed from the log: ship points plus one point per three wares
    (``traced``: :func:`traced_wares`, when the caller has it already)."""
    points = sum(
        e.data["points"]
        for e in state.log
        if e.player == player and e.kind in (EV.DELIVERY, EV.MARKET_SHIP)
    )
    traced = traced if traced is not None else traced_wares(state)
    return points + sum(traced[player]) // 3
