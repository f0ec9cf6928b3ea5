"""Role ``refusals.py`` (required): why an action is refused, naming the rule it breaks.

The state calls :func:`refusal` only after an action failed its quick legality check, so the
diagnosis may take its time and say which condition failed. Every refusal names a rule ID of
the game's catalogue (the conformance suite checks it: never an option's or a phase's name).
A real game keeps its catalogue in ``docs/rules/<game>.md`` — every rule in its own words
with an ID and a source, and a test named after each ID — and here one diagnosis per kind of
mistake (a card not in hand, a field out of range, another player's turn).

This template keeps its small catalogue in :data:`RULES`, because it is no game of atoll's.

>>> from .components import load_deck
>>> from .options import PearlDiversOptions
>>> from .position import PearlDiversPosition
>>> pos = PearlDiversPosition(2, PearlDiversOptions(), load_deck())
>>> print(refusal(pos, Dive()))
round 1: deal: dive is not legal: PD-D1: now chance deals a card to player 0 (deal CARD)
"""

from __future__ import annotations

from collections.abc import Hashable

from models.errors import IllegalActionError

from .actions import Deal, Dive, Rest
from .position import PearlDiversPosition, Phase

#: The rule catalogue: every rule ID and its text (see the package's documentation).
RULES = {
    "PD-S1": "a deck of numbered cards; every player has 0 points",
    "PD-D1": "each round chance deals each player, in seat order, one card face down",
    "PD-R1": "each player in turn, from seat round - 1 on, dives or rests, openly",
    "PD-R2": "the single highest diver takes the pearl (the round's number in points); the "
    "other divers lose the penalty; a tie (or no diver) leaves the pearl in the sea",
    "PD-G1": "after the last round the most points wins",
}


def refusal(pos: PearlDiversPosition, action: Hashable) -> IllegalActionError:
    """The error for ``action``, which the state found illegal now."""
    rule, why = _diagnose(pos, action)
    return IllegalActionError.refused(
        action, rule, why, entry=f"round {pos.round}", field=pos.phase.value
    )


def _diagnose(pos: PearlDiversPosition, action: Hashable) -> tuple[str, str]:
    if pos.phase is Phase.OVER:
        return "PD-G1", f"the game is over after {pos.rounds} rounds"
    if pos.phase is Phase.DEAL:
        if not isinstance(action, Deal):
            return "PD-D1", f"now chance deals a card to player {pos.dealt} (deal CARD)"
        left = ", ".join(f"{n} x {v}" for v, n in zip(pos.values, pos.left, strict=True) if n)
        return "PD-D1", f"no card {action.card} is left in the deck (left: {left})"
    if not isinstance(action, (Dive, Rest)):
        return "PD-R1", f"now player {pos.chooser()} dives or rests (dive, rest)"
    raise AssertionError(f"{action} is always legal in the dive phase")
