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

from models.gloryislands.position import GloryIslandsPosition
from models.gloryislands.scoring import treasure_fame

#: Weight of each route field sailed in :func:`estimate` (a ship ahead gets bonuses first).
PROGRESS_WEIGHT = 0.2


def estimate(pos: GloryIslandsPosition) -> tuple[float, ...]:
    """Each player's estimated final fame: fame so far plus what end scoring would give now —
    treasure sets (GI-F3), barrels (GI-F4), pirates on the board (GI-F1), the sail-track field
    (GI-F2) — and :data:`PROGRESS_WEIGHT` per route field sailed. A sunk ship that cannot win
    is valued with the sail track's last field. Cheap: a few sums per player, the treasure sets
    remembered per multiset. At the end: the final scores."""
    if pos.scores is not None:
        return pos.scores
    board = pos.board
    track, last, length = board.sail_track, len(board.sail_track) - 1, len(board.route)
    out = []
    for p in range(len(pos.fame)):
        value = (
            pos.fame[p]
            + treasure_fame(pos.held[p], board.set_fame)
            + pos.barrels[p]
            + len(pos.pirates_at[p])
            + track[min(pos.sails[p], last)]
            + PROGRESS_WEIGHT * min(pos.progress[p], length)
        )
        out.append(float(value))
    return tuple(out)
