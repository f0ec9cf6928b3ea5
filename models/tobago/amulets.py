"""Amulets (TB-A1, TB-D3): statues washing them up, and vehicles picking them up.

Where each statue's amulets may wash up is compiled once per game (:mod:`models.tobago.statues`).
Each round of washing (``amulets_when``) every statue washes up ``amulets_per_statue`` amulets
while the supply lasts, statues in map order. A vehicle that ends a leg on a field with amulets
picks them all up.

>>> from models.core import load_game
>>> state = load_game("tobago", 2).new_initial_state()
>>> state.amulet_supply, sum(state.amulets_on.values())
(20, 0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from models.tobago.events import TobagoEvent as EV

if TYPE_CHECKING:
    from models.tobago.position import TobagoPosition


def start_washing(pos: TobagoPosition) -> None:
    """Queue one round of washing (every statue, ``amulets_per_statue`` times) and do it."""
    per = pos.options.amulets_per_statue
    pos.wash_queue = [s for s in range(len(pos.game.statue_targets)) for _ in range(per)]
    continue_washing(pos)


def continue_washing(pos: TobagoPosition) -> bool:
    """Wash up the queued amulets that need no chance; ``True`` when done, ``False`` when
    chance must say where the next one goes (the state is then at a ``wash`` node)."""
    targets = pos.game.statue_targets
    while pos.wash_queue:
        if not pos.amulet_supply:
            pos.wash_queue = []
            break
        choices = targets[pos.wash_queue[0]]
        if len(choices) > 1:
            return False
        pos.wash_queue.pop(0)
        if choices:
            wash(pos, choices[0])
    return True


def wash(pos: TobagoPosition, field: int) -> None:
    """One amulet from the supply washes up on ``field``."""
    pos.amulets_on[field] = pos.amulets_on.get(field, 0) + 1
    pos.amulet_supply -= 1
    pos.event(EV.AMULET_WASHED, None, field=pos.game.fields[field])


def pick_up(pos: TobagoPosition, player: int, field: int) -> None:
    """TB-D3: the vehicle ending a leg on ``field`` picks up every amulet there."""
    count = pos.amulets_on.pop(field, 0)
    if count:
        pos.amulets[player] += count
        pos.event(EV.AMULET_PICKED, player, field=pos.game.fields[field], count=count)
