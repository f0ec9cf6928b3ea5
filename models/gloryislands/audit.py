"""Invariants of a Glory Islands game, checked from the state and its log.

Used by the random-game tests and benchmark, and handy after editing a component file:

* pirates are conserved: supply + board = pirates per player, and the board agrees with itself
  (every pirate on one field, each island's count right);
* barrels: 0 to the limit per player, and players + supply = the barrels in the box;
* treasure tiles are conserved: bag + held + being drawn = every tile (the rules discard none);
* cards are conserved: hands + discard piles + cards on the table = every card in play;
* sail-track markers and ships only move forward (given the state before the last move);
* fame is recomputable from the log alone (every fame-giving event names who got how much).

>>> from models.core import load_game
>>> state = load_game("gloryislands", 2).new_initial_state()
>>> problems(state)
[]
"""

from __future__ import annotations

from collections.abc import Sequence

from models.gloryislands.events import FAME_SOURCES
from models.gloryislands.events import GloryIslandsEvent as EV
from models.gloryislands.position import CHOOSE, OVER, GloryIslandsPosition


class Audit:
    """Checks a game after every move, cheaply: the markers and ships are compared with the
    move before, and the fame the log gives is summed as the log grows.

    >>> from models.core import load_game, make_rng, random_playout
    >>> state = load_game("gloryislands", 3).new_initial_state()
    >>> audit = Audit(state)
    >>> rng = make_rng(1)
    >>> found = []
    >>> while not state.is_terminal() and not found:
    ...     _ = random_playout(state, rng, max_moves=1)
    ...     found = audit.step(state)
    >>> found
    []
    """

    def __init__(self, state: GloryIslandsPosition) -> None:
        self.sails, self.progress = list(state.sails), list(state.progress)
        self.fame = [0] * len(state.fame)
        self.seen = 0
        self._add(state)

    def _add(self, state: GloryIslandsPosition) -> None:
        for event in state.log[self.seen :]:
            if event.kind in FAME_SOURCES or event.kind is EV.END_SCORING:
                for player, amount in event.data["fame"].items():
                    self.fame[player] += amount
        self.seen = len(state.log)

    def step(self, state: GloryIslandsPosition) -> list[str]:
        """The invariants the state breaks after one more move (an empty list when all hold)."""
        self._add(state)
        found = problems(state, self.sails, self.progress, logged=self.fame)
        self.sails, self.progress = list(state.sails), list(state.progress)
        return found


def problems(
    state: GloryIslandsPosition,
    sails_before: Sequence[int] | None = None,
    progress_before: Sequence[int] | None = None,
    logged: Sequence[int] | None = None,
) -> list[str]:
    """Every invariant the state breaks (an empty list when all hold). ``sails_before`` and
    ``progress_before``: the markers and ships before the last move, to check they only
    moved forward; ``logged``: the fame the log gives, when the caller keeps the sum."""
    board, found = state.board, []
    n = len(state.fame)
    for p in range(n):
        on_board = sum(1 for owner in state.occupant if owner == p)
        if sorted(state.pirates_at[p]) != [c for c, o in enumerate(state.occupant) if o == p]:
            found.append(f"player {p}: pirates_at {state.pirates_at[p]} disagrees with the board")
        if state.supply[p] + on_board != board.pirates:
            found.append(
                f"player {p}: {state.supply[p]} in supply + {on_board} on the board "
                f"!= {board.pirates}"
            )
        if not 0 <= state.barrels[p] <= board.barrel_limit:
            found.append(f"player {p}: {state.barrels[p]} barrels (limit {board.barrel_limit})")
    for i, island in enumerate(board.islands):
        there = sum(1 for c in island.cells if state.occupant[c] >= 0)
        if there != state.filled[i]:
            found.append(f"island {island.name}: {there} pirates, counted {state.filled[i]}")
    if sum(state.barrels) + state.barrel_supply != board.barrels or state.barrel_supply < 0:
        found.append(f"barrels: {state.barrels} + supply {state.barrel_supply} != {board.barrels}")
    held = sum(sum(h) for h in state.held)
    if sum(state.bag) != state.bag_total or min(state.bag) < 0:
        found.append(f"bag {state.bag} but bag_total {state.bag_total}")
    if state.bag_total + held + len(state.drawn) != board.treasures:
        found.append(
            f"treasure: bag {state.bag_total} + held {held} + drawn {len(state.drawn)} "
            f"!= {board.treasures}"
        )
    found += _cards(state)
    for what, before, now in (
        ("sail-track marker", sails_before, state.sails),
        ("ship", progress_before, state.progress),
    ):
        if before is not None:
            for p in range(n):
                if now[p] < before[p]:
                    found.append(f"player {p}: {what} went back from {before[p]} to {now[p]}")
    logged = list(logged) if logged is not None else fame_from_log(state)
    if logged != state.fame:
        found.append(f"fame {state.fame} but the log gives {logged}")
    return found


def _cards(state: GloryIslandsPosition) -> list[str]:
    everything = sorted(i for c in state.colours for i in state.game.colour_hands[c])
    # chosen cards stay in hand until the reveal, and lie on the table until the round's end
    on_table = state.phase is not CHOOSE and state.phase is not OVER
    table = [c for c in state.chosen if c >= 0] if on_table else []
    counted = sorted(
        [*(c for h in state.hands for c in h), *(c for d in state.discards for c in d), *table]
    )
    if counted != everything:
        return [f"cards: {len(counted)} in hands, piles and on the table, {len(everything)} exist"]
    return []


def fame_from_log(state: GloryIslandsPosition) -> list[int]:
    """Each player's fame, summed over the log's fame-giving events."""
    fame = [0] * len(state.fame)
    for event in state.log:
        if event.kind in FAME_SOURCES or event.kind is EV.END_SCORING:
            for player, amount in event.data["fame"].items():
                fame[player] += amount
    return fame
