"""Steps the engine took by itself, kept so that a refusal can say why they are gone.

When a step leaves no choice — a special action nobody can pay for, a pirate with no free field
in the line, one more action without an amulet to spend — a game does not ask: it moves on. A
user replaying a position may still write that step's action; refusing it with "now player 1
chooses a card" names the step the game has reached, not the rule that skipped his. So each
state keeps the steps skipped since the last decision as :class:`Skipped` records in
``state.skipped`` (a tuple, so a clone may share it), and a refusal asks :func:`explaining`
whether the action belongs to one of them.

>>> class Hunt: ...
>>> class Move: ...
>>> skipped = (Skipped(0, "GI-C2", "no barrel to pay for it", (Hunt,)),)
>>> explaining(skipped, Hunt()).rule, explaining(skipped, Hunt(), player=1)
('GI-C2', None)
>>> explaining(skipped, Move()) is None
True
>>> skipped[0].reason()
'no barrel to pay for it, so that step passed by itself'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

__all__ = ["Skipped", "explaining"]


class Skipped(NamedTuple):
    """A step of ``player``'s that the engine passed by itself: the ``rule`` that left no
    choice, ``why`` in words, and the ``kinds`` of action that step would have taken."""

    player: int
    rule: str
    why: str
    kinds: tuple[type, ...]

    def reason(self) -> str:
        """What a refusal of this step's action says after the rule."""
        return f"{self.why}, so that step passed by itself"


def explaining(
    skipped: Sequence[Skipped], action: object, player: int | None = None
) -> Skipped | None:
    """The latest skipped step ``action`` belongs to (one of ``player``'s, when named)."""
    for skip in reversed(skipped):
        if isinstance(action, skip.kinds) and (player is None or skip.player == player):
            return skip
    return None
