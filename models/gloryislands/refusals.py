"""Why a Glory Islands action is refused: every refusal names the rule it breaks.

The state calls :func:`refusal` only after an action failed its quick legality check, so the
diagnosis may take its time and say which condition failed: a card not in hand, a move longer
than the card, a field off the ship's line, beyond the range, or taken, a pirate taken from the
board while the supply has one, a special action the card does not give or cannot be paid for.

>>> from models.core import load_game
>>> from models.gloryislands.actions import Move
>>> state = load_game("gloryislands", 2).new_initial_state()
>>> try:
...     state.apply(Move(3))
... except IllegalActionError as error:
...     print(error.rule, "|", error.message)
GI-R1 | move 3 is not legal: GI-R1: now player 0 chooses a sail card (play CARD)
"""

from __future__ import annotations

from collections.abc import Hashable

from models.errors import IllegalActionError
from models.gloryislands.actions import (
    SPECIALS,
    Deal,
    ExtraPirate,
    Hunt,
    Keep,
    Move,
    Pass,
    Place,
    Play,
    Relocate,
    Treasure,
)
from models.gloryislands.components import cell_name
from models.gloryislands.placing import free_fields
from models.gloryislands.position import EXTRA, MOVE2, OVER, RELOCATE, GloryIslandsPosition, Phase
from models.gloryislands.specials import EXTRA_RANGE, payments
from models.skips import explaining

_EXPECTS = {
    Phase.DEAL: ("GI-R1", "chance deals the card colours to the seats (deal COLOUR,...)"),
    Phase.CHOOSE: ("GI-R1", "player {p} chooses a sail card (play CARD)"),
    Phase.MOVE: ("GI-A1", "player {p} moves his ship (move N)"),
    Phase.MOVE2: ("GI-A2", "player {p} sails on from the stopover (move N)"),
    Phase.PLACE: ("GI-A4", "player {p} places a pirate (place CELL)"),
    Phase.DRAW: ("GI-W2", "chance draws a treasure tile (treasure KIND)"),
    Phase.KEEP: ("GI-W2", "player {p} keeps one drawn treasure tile (keep KIND)"),
    Phase.SPECIAL: ("GI-C{v}", "player {p} takes his {v}-card's special action or passes"),
}
_KINDS: dict[Phase, tuple[type, ...]] = {
    Phase.DEAL: (Deal,),
    Phase.CHOOSE: (Play,),
    Phase.MOVE: (Move,),
    Phase.MOVE2: (Move,),
    Phase.PLACE: (Place,),
    Phase.DRAW: (Treasure,),
    Phase.KEEP: (Keep,),
    Phase.SPECIAL: (Hunt, ExtraPirate, Relocate, Pass),
}


def refusal(state: GloryIslandsPosition, action: Hashable) -> IllegalActionError:
    """The error for ``action``, which the state found illegal now."""
    rule, why = _diagnose(state, action)
    return IllegalActionError.refused(
        action, rule, why, entry=f"round {state.round}", field=state.phase.value
    )


def _diagnose(state: GloryIslandsPosition, action: Hashable) -> tuple[str, str]:
    phase, p = state.phase, state.player
    if phase is OVER:
        return "GI-G1", "the game is over"
    switched = _switched_off(state, action)
    if switched:
        return switched
    rule, expects = _EXPECTS[phase]
    rule, expects = rule.format(v=state.value), expects.format(p=p, v=state.value)
    if not isinstance(action, _KINDS[phase]):
        skip = explaining(state.skipped, action)
        if skip is not None:
            return skip.rule, f"{skip.reason()}; now {expects}"
        return rule, f"now {expects}"
    if isinstance(action, Play):
        hand = ", ".join(state.card(c).id for c in state.hands[p])
        return "GI-R1", f"{action.card!r} is not in player {p}'s hand ({hand})"
    if isinstance(action, Move):
        return _move_problem(state, action)
    if isinstance(action, Place):
        return _place_problem(state, action)
    if isinstance(action, Deal):
        colours = ", ".join(state.board.colours)
        return "GI-R1", f"deal the seats different colours of the board, in seat order ({colours})"
    if isinstance(action, Treasure):
        left = ", ".join(
            f"{n} {k}" for k, n in zip(state.board.treasure_kinds, state.bag, strict=True) if n
        )
        return "GI-W2", f"no {action.kind!r} tile is in the bag (left: {left})"
    if isinstance(action, Keep):
        drawn = ", ".join(state.board.treasure_kinds[k] for k in state.drawn)
        return "GI-W2", f"keep one of the tiles drawn ({drawn})"
    return _special_problem(state, action)


def _move_problem(state: GloryIslandsPosition, action: Move) -> tuple[str, str]:
    value = state.value
    if state.phase is MOVE2:
        left = 5 - state.first_leg
        if action.stopover:
            return "GI-A2", "the 5-card stops over once"
        return "GI-A2", f"after the stopover the ship sails on 1 to {left} fields (5 in all)"
    if action.stopover and value != 5:
        return "GI-A2", f"only the 5-card may stop over; this is a {value}-card"
    if action.stopover:
        return "GI-A2", "the stopover comes after 1 to 4 fields, and the ship sails on after it"
    return "GI-A1", f"a {value}-card moves the ship 1 to {value} fields, not {action.steps}"


def _place_problem(state: GloryIslandsPosition, action: Place) -> tuple[str, str]:
    board, p = state.board, state.player
    if state.step is RELOCATE:
        where = cell_name(action.cell)
        if action.source is not None:
            return "GI-C4", f"the pirate from {cell_name(state.lifting)} is placed (place CELL)"
        if board.island_of[action.cell] < 0:
            return "GI-C4", f"{where} is not an island field"
        return "GI-C4", f"{where} is not empty (the pirate moves to a new field)"
    position = state.position(p)
    line = board.lines[position]
    at = cell_name(board.route[position])
    if state.supply[p] and action.source is not None:
        return "GI-A7", "a pirate comes from the board only when the supply is empty"
    if not state.supply[p] and action.source is None:
        return "GI-A7", "the supply is empty: name one of your pirates on the board (from CELL)"
    if action.source is not None and state.occupant[action.source] != p:
        return "GI-A7", f"no pirate of player {p} stands on {cell_name(action.source)}"
    if action.cell not in line:
        shown = " ".join(cell_name(c) for c in line) or "none (a corner without a diagonal)"
        return "GI-A4", f"{cell_name(action.cell)} is not on the line of the ship at {at}: {shown}"
    owner = state.occupant[action.cell]
    if owner >= 0:
        return "GI-A4", f"{cell_name(action.cell)} holds a pirate of player {owner}"
    reach = EXTRA_RANGE if state.step is EXTRA else state.value
    cells, fallback = free_fields(state, reach)
    free = " ".join(cell_name(c) for c in cells)
    if fallback:
        return "GI-A6", f"every field within {reach} is taken: the next free field is {free}"
    distance = line.index(action.cell) + 1
    return "GI-A5", f"{cell_name(action.cell)} is {distance} away; the range is {reach} ({free})"


#: Each special action by its action type (GI-C2..C4).
_SWITCHES = {special.kind: special for special in SPECIALS.values()}


def _switched_off(state: GloryIslandsPosition, action: Hashable) -> tuple[str, str] | None:
    """The refusal of a special action that the rule options switch off, if it is one."""
    found = _SWITCHES.get(type(action))
    if found is None or getattr(state.options, found.option):
        return None
    return found.rule, f"{found.words} is switched off (option {found.option} = false)"


def _special_problem(state: GloryIslandsPosition, action: Hashable) -> tuple[str, str]:
    value, p = state.value, state.player
    needs = {Hunt: 2, ExtraPirate: 3, Relocate: 4}
    wanted = needs.get(type(action), value)
    rule = f"GI-C{wanted}"
    if wanted != value:
        return rule, f"{action} is the {wanted}-card's special action; this is a {value}-card"
    pay = getattr(action, "pay", "barrel")
    if pay not in payments(state):
        if pay == "barrel":
            return rule, "you have no barrel to pay with"
        return rule, "paying 2 sail fields would sink your ship (option sails_may_sink = false)"
    if isinstance(action, Hunt):
        return rule, "the bag is empty"
    if isinstance(action, ExtraPirate):
        return rule, "the line has no free field for a second pirate"
    assert isinstance(action, Relocate)
    if state.occupant[action.source] != p:
        return rule, f"no pirate of yours stands on {cell_name(action.source)}"
    return rule, "no island field is empty"
