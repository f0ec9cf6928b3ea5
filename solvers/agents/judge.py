"""How an agent's lookahead judges the position where it stops: a player's margin.

>>> margin((3.0, 5.0, 1.0), 0), margin((3.0, 5.0, 1.0), 1)
(-2.0, 2.0)
"""

from __future__ import annotations

from collections.abc import Sequence

from models.core import GameState


def margin(values: Sequence[float], player: int) -> float:
    """``player``'s value minus the best other player's (his own value alone if he is alone)."""
    others = [v for p, v in enumerate(values) if p != player]
    return values[player] - max(others) if others else values[player]


def judged_margin(after: GameState, player: int) -> float:
    """``player``'s :func:`margin` where a lookahead stops: on the returns at the end, else on
    the game's heuristic."""
    return margin(after.returns() if after.is_terminal() else after.heuristic(), player)
