"""Tobago's chance nodes, weighted by what is left (a position holds no order of any pile).

Clue cards by the copies in the pile; gold cards by the deck's values (no curse in the top
``curse_free_top``: the curses lie in the bottom 27); a share's next card by the cards in it;
amulets by a statue's line (``amulet_field = "wave"``).

>>> from models.core import load_game
>>> state = load_game("tobago", 2).new_initial_state()
>>> actions, counts = weights(state)
>>> sum(counts), fits(state, actions[0])
(52, True)
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING

from models.tobago.actions import CURSE, Action, DrawClue, DrawGold, Reveal, Wash
from models.tobago.position import Phase

if TYPE_CHECKING:
    from models.tobago.position import TobagoPosition


def weights(pos: TobagoPosition) -> tuple[Sequence[Action], Sequence[int]] | None:
    """The outcomes of this chance node and their weights (counts), or ``None``."""
    phase = pos.phase
    if phase in (Phase.START, Phase.DEAL, Phase.REFILL):
        return pos.game.draw_actions, pos.pile
    if phase == Phase.GOLD:
        if pos.deck_pos < pos.game.cards.curse_free_top:
            return pos.game.gold_actions, [0, *pos.deck[1:]]
        return pos.game.gold_actions, pos.deck
    if phase == Phase.REVEAL:
        assert pos.share is not None
        return pos.game.reveal_actions, pos.share.pile
    if phase == Phase.WASH:
        targets = pos.game.statue_targets[pos.wash_queue[0]]
        return [pos.game.wash_actions[i] for i in targets], [1] * len(targets)
    return None


#: The stream each chance phase draws from (:class:`models.luck.Luck`): the clue pile, the gold
#: deck, the cards of a share, the amulets washed up.
_STREAMS = {
    Phase.START: "clues",
    Phase.DEAL: "clues",
    Phase.REFILL: "clues",
    Phase.GOLD: "gold",
    Phase.REVEAL: "shares",
    Phase.WASH: "amulets",
}


def stream(pos: TobagoPosition) -> str:
    """The purpose of this chance node's draw (``"chance"`` where chance does not move)."""
    return _STREAMS.get(pos.phase, "chance")


def drawer(pos: TobagoPosition) -> int:
    """The seat a clue card is dealt or drawn for; -1 (the table) for the other draws."""
    if pos.phase == Phase.DEAL:
        return pos.seat
    if pos.phase == Phase.REFILL:
        return pos.refill_for
    return -1


def pile(pos: TobagoPosition) -> tuple[tuple[Hashable, int], ...] | None:
    """The clue pile, the gold deck (its curses not yet drawable while the top holds none) or
    a share's cards, each outcome with its copies left; None for an amulet (no pile)."""
    if pos.phase == Phase.WASH:
        return None
    found = weights(pos)
    if found is None:
        return None
    actions, counts = found
    return tuple(zip(actions, counts, strict=True))


def fits(pos: TobagoPosition, action: Hashable) -> bool:
    """Whether ``action`` is a chance outcome with a positive weight now."""
    phase, game = pos.phase, pos.game
    if phase in (Phase.START, Phase.DEAL, Phase.REFILL):
        index = game.clue_index.get(action.clue) if isinstance(action, DrawClue) else None
        return index is not None and pos.pile[index] > 0
    if phase == Phase.WASH:
        if not isinstance(action, Wash):
            return False
        return game.island.index.get(action.field, -1) in game.statue_targets[pos.wash_queue[0]]
    if not isinstance(action, DrawGold if phase == Phase.GOLD else Reveal):
        return False
    value = action.value
    if type(value) is not int or not 0 <= value < len(pos.deck):
        return False
    if phase == Phase.REVEAL:
        assert pos.share is not None
        return pos.share.pile[value] > 0
    curse_free = pos.deck_pos < game.cards.curse_free_top
    return pos.deck[value] > 0 and not (value == CURSE and curse_free)
