"""The cards' special actions (GI-C2..C4): which are offered, how they are paid for, and why
one that cannot be taken is not offered.

The 2-card returns a barrel for a treasure hunt; the 3-card pays a barrel or 2 sail fields for
a second pirate (range 3); the 4-card pays the same to move one of its pirates to any empty
island field. Functions over a :class:`~models.gloryislands.position.GloryIslandsPosition`;
the turn (:mod:`models.gloryislands.turn`) carries the chosen action out.

Readings fixed here: GI-C3's second pirate is offered only when the line has a free field for
it; GI-C4 only with one's own pirate on the board and an empty island field; a special action
switched off by its option is never offered.

>>> from models.core import load_game
>>> pos = load_game("gloryislands", 2).new_initial_state()
>>> payments(pos)
['barrel', 'sails']
"""

from __future__ import annotations

from models.gloryislands.actions import EXTRA, HUNT, PASS, SPECIALS, Action, Pass, relocate
from models.gloryislands.placing import free_fields
from models.gloryislands.position import GloryIslandsPosition
from models.gloryislands.rounds import spend_sails

EXTRA_RANGE = 3  # GI-C3: "range still 3"
SPECIAL_SAILS = 2  # GI-C3, GI-C4: or advance 2 sail-track fields


def offer(pos: GloryIslandsPosition) -> list[Action]:
    """The acting player's choices after his reward: pass, or his card's special action in
    each way he can pay for it (just ``pass`` when there is none he can take)."""
    player, value = pos.player, pos.value
    actions: list[Action] = [PASS]
    if value == 2:
        if pos.barrels[player] and pos.bag_total:
            actions.append(HUNT)
    elif value == 3:
        if free_fields(pos, EXTRA_RANGE)[0]:
            actions += [EXTRA[p] for p in payments(pos)]
    elif pos.pirates_at[player] and len(pos.pirates_at[player]) + _others(pos) < len(
        pos.board.island_cells
    ):  # a pirate of his on the board, and an empty field for it
        mine = sorted(pos.pirates_at[player])
        actions += [relocate(source, p) for p in payments(pos) for source in mine]
    return actions


def note_unaffordable(pos: GloryIslandsPosition) -> None:
    """Note why the card's special action passed by itself: it cannot be taken now."""
    special = SPECIALS[pos.value]
    why = f"{special.words} is not possible: {_unaffordable(pos)}"
    pos.note_skipped(pos.player, special.rule, why, (special.kind, Pass))


def note_no_special(pos: GloryIslandsPosition) -> None:
    """Note why no special action was offered: the card has none, or its option is off."""
    player, value = pos.player, pos.value
    if value in SPECIALS:
        special = SPECIALS[value]
        why = f"{special.words} is switched off (option {special.option} = false)"
        pos.note_skipped(player, special.rule, why, (special.kind, Pass))
        return
    for wanted, special in SPECIALS.items():
        why = f"{special.words} comes with a {wanted}-card; player {player} played a {value}-card"
        pos.note_skipped(player, special.rule, why, (special.kind,))


def _unaffordable(pos: GloryIslandsPosition) -> str:
    """Why the card's special action cannot be taken now (GI-C2..C4)."""
    player, value = pos.player, pos.value
    if value == 2:
        if not pos.barrels[player]:
            return f"player {player} has no barrel to pay for it"
        return "the bag is empty"
    if value == 3 and not free_fields(pos, EXTRA_RANGE)[0]:
        return "the line has no free field for a second pirate"
    if value == 4 and not pos.pirates_at[player]:
        return f"player {player} has no pirate on the board to move"
    if value == 4 and payments(pos):
        return "no island field is empty"
    return (
        f"player {player} has no barrel, and paying 2 sail fields would sink his ship "
        "(option sails_may_sink = false)"
    )


def _others(pos: GloryIslandsPosition) -> int:
    """Pirates of the other players on the board."""
    return sum(len(cells) for cells in pos.pirates_at) - len(pos.pirates_at[pos.player])


def payments(pos: GloryIslandsPosition) -> list[str]:
    """How the acting player can pay a special action: a barrel, 2 sail fields (GI-C3/C4)."""
    player = pos.player
    pays = ["barrel"] if pos.barrels[player] else []
    if pos.options.sails_may_sink or pos.sails[player] + SPECIAL_SAILS < len(pos.board.sail_track):
        pays.append("sails")
    return pays


def pay(pos: GloryIslandsPosition, what: str) -> bool:
    """Pay for a special action; False when paying sank the ship (the turn ends)."""
    player = pos.player
    if what == "barrel":
        pos.barrels[player] -= 1
        pos.barrel_supply += 1
        return True
    spend_sails(pos, player, SPECIAL_SAILS)
    return not pos.sunk[player]
