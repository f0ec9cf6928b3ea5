"""The Glory Islands heuristic: each player's estimated final fame, for agents that stop a
playout early and for the score race between rounds (much of the fame comes at the end).

>>> from models.core import load_game, make_rng, random_playout
>>> state = load_game("gloryislands", 2).new_initial_state()
>>> estimate(state)  # what end scoring would give now: barrels, the sail track
(25.0, 25.0)
>>> _ = random_playout(state, make_rng(4))
>>> estimate(state) == state.returns()
True
"""

from __future__ import annotations

from models.gloryislands.position import DRAW, KEEP, MOVE, PLACE, SPECIAL, GloryIslandsPosition
from models.gloryislands.scoring import treasure_fame

#: Weight of each route field sailed in :func:`estimate` (beside the race bonuses).
PROGRESS_WEIGHT = 0.2
#: Weight of the race bonuses a ship's place would give it (:func:`race_bonus`). Chosen among
#: 0.5, 1, 1.5 and 2 by 2-player games of the greedy agent against the greedy agent of before
#: (200 each; 1 won 0.63, 2 lost all) and with itself in both seats (1: seat 0 won 0.54; 1.5:
#: 0.80), on an earlier form of the race term that counted every ship ahead.
RACE_WEIGHT = 1.0

#: The phases in which the player at ``order[turn_index]`` has not sailed yet this round.
_BEFORE_SAILING = (MOVE,)
#: The phases of a turn after its ship sailed (the acting player's card is spent).
_AFTER_SAILING = (PLACE, DRAW, KEEP, SPECIAL)


def estimate(pos: GloryIslandsPosition) -> tuple[float, ...]:
    """Each player's estimated final fame: fame so far plus what end scoring would give now —
    treasure sets (GI-F3), barrels (GI-F4), pirates on the board (GI-F1), the sail-track field
    (GI-F2) — plus, for the race, :data:`PROGRESS_WEIGHT` per route field sailed and
    :data:`RACE_WEIGHT` times the bonuses his place would give him (:func:`race_bonus`). A card
    revealed and not yet sailed counts as sailed in full: its sails are paid at the reveal
    (GI-R2), so judged there without its fields every card but the 1 looked like a loss, and
    the greedy agent played the 1-card every round. A sunk ship that cannot win is valued with
    the sail track's last field. Cheap: a few sums per player, the treasure sets remembered per
    multiset. At the end: the final scores."""
    if pos.scores is not None:
        return pos.scores
    board = pos.board
    track, last = board.sail_track, len(board.sail_track) - 1
    sailed = sailed_by_the_round(pos)
    out = []
    for p in range(len(pos.fame)):
        value = (
            pos.fame[p]
            + treasure_fame(pos.held[p], board.set_fame)
            + pos.barrels[p]
            + len(pos.pirates_at[p])
            + track[min(pos.sails[p], last)]
            + PROGRESS_WEIGHT * sailed[p]
            + RACE_WEIGHT * race_bonus(pos, sailed, p)
        )
        out.append(float(value))
    return tuple(out)


def sailed_by_the_round(pos: GloryIslandsPosition) -> list[int]:
    """Each ship's route fields once this round's revealed cards are sailed in full (at most
    the route), a ship yet to sail counted with its card's value (GI-A1: up to the value).

    >>> from models.core import load_game
    >>> state = load_game("gloryislands", 2).new_initial_state()
    >>> for _ in range(2):  # both choose their first card: revealed, nobody has sailed
    ...     state.apply(state.legal_actions()[-1])
    >>> sailed_by_the_round(state), state.progress
    ([5, 5], [0, 0])
    """
    length = pos.game.route_length
    if pos.phase in _BEFORE_SAILING:
        waiting = pos.order[pos.turn_index :]
    elif pos.phase in _AFTER_SAILING:
        waiting = pos.order[pos.turn_index + 1 :]
    else:  # choosing (nothing revealed), the second leg of a stopover (half sailed), the end
        waiting = []
    values, chosen, sunk = pos.game.card_values, pos.chosen, pos.sunk
    sailed = list(pos.progress)
    for p in waiting:
        if chosen[p] >= 0 and not sunk[p]:
            sailed[p] += values[chosen[p]]
    return [min(s, length) for s in sailed]


def race_bonus(pos: GloryIslandsPosition, sailed: list[int], player: int) -> float:
    """The compass and home bonuses (GI-X1, GI-X2) ``player`` has still to win, at the place
    his ship would take if the ships afloat kept their order (``sailed``), times the share of
    the route he has sailed: a lead counts more the nearer the bonus."""
    board, length = pos.board, pos.game.route_length
    if pos.sunk[player]:
        return 0.0
    total = 0.0
    for order, fame in (
        (pos.compass_order, board.compass_bonus),
        (pos.home_order, board.home_bonus),
    ):
        if player in order:
            continue
        ahead = sum(
            1
            for q, s in enumerate(sailed)
            if s > sailed[player] and not pos.sunk[q] and q not in order
        )
        place = len(order) + ahead
        if place < len(fame):
            total += fame[place]
    return total * sailed[player] / length
