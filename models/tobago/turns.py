"""A Tobago turn (TB-T1): lay one hint (TB-H) or drive (TB-D), then perhaps more for amulets.

* **Hint** (TB-H1..H6): a card from the hand at a treasure where it excludes at least one
  candidate and not all (the bitmask legality of :mod:`models.tobago.rules`), marked with one of
  the player's roses (a player without roses in supply lays no hint); the candidates shrink;
  stones mark them below the threshold (TB-H5), one left fixes the treasure (TB-H6); the player
  draws back up to his hand size (chance).
* **Drive** (TB-D1): up to 3 legs, each a decision (:class:`~models.tobago.actions.Leg` to a
  field one leg away, from :mod:`models.tobago.roads`) or :class:`~models.tobago.actions.Stop`.
  A leg ending on amulets picks them up (TB-D3); a leg ending on a fixed treasure raises it
  (TB-D2) — the raiser adds a rose, the gold is shared, and the turn ends.
* **Exchange** (TB-T1, option ``exchange_hand``): discard the whole hand face up, draw a new one.
* **Raise in place** (TB-D2, option ``raise_in_place``): a vehicle already standing on a fixed
  treasure raises it without driving.
* **Owed treasures** (TB-D2): a treasure belongs to the vehicle that reached its field first.
  Two fixed on one field are both raised by the first vehicle there: in the same turn (option
  ``same_field = "together"``) or one at the start of each of his next turns (``"next_turn"``);
  with ``fixed_under_vehicle = "standing"`` a vehicle standing where a treasure becomes fixed is
  owed it. A treasure owed to a vehicle that still stands on its field is raised by nobody else
  (:func:`owed_to`), and at the start of its owner's turn it is raised.
* **Amulets** (TB-A2): after his action a player holding amulets may spend one for one more
  action (any of the above) or end his turn (option ``amulet_extra_action``).

A player who can do nothing passes. The game also ends when no treasure can be fixed or raised
any more (no circulating card is legal anywhere and no fixed treasure is reachable) — a
stalemate the rules do not foresee, judged on public facts only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from models.tobago import sharing
from models.tobago.actions import (
    END_TURN,
    EXCHANGE,
    PASS,
    RAISE,
    STOP,
    Action,
    EndTurn,
    Exchange,
    Hint,
    Leg,
    Pass,
    Raise,
    Stop,
)
from models.tobago.amulets import pick_up
from models.tobago.events import TobagoEvent as EV
from models.tobago.roads import LEGS_PER_DRIVE

if TYPE_CHECKING:
    from models.tobago.state import TobagoState


def begin_turn(state: TobagoState) -> None:
    """The current player's turn begins: hints, legs or a raise (or a pass)."""
    from models.tobago.state import MAX_TURNS, TURN

    if state.turn > MAX_TURNS:
        state.finish(f"the turn limit ({MAX_TURNS}) was reached")
        return
    state.extra, state.legs = False, 0
    owed = [t for t in range(4) if owed_to(state, t) == state.player]
    if owed:  # TB-D2: his vehicle reached this treasure first: his turn is its raising
        raise_here(state, owed[0], by="owed")
        return
    actions = turn_actions(state, state.player)
    if not (actions and type(actions[0]) is Hint) and stalled(state):  # hints come first
        state.finish("stalemate: no treasure can be fixed or raised any more")
        return
    if not actions:
        remember_no_legal_hint(state, state.player, tuple(state.cand))
        actions = (PASS,)
    state.set_actions(TURN, actions)


def turn_actions(state: TobagoState, player: int) -> tuple[Action, ...]:
    """The hints, the raise and the first legs open to ``player`` now."""
    game = state.game
    out: list[Action] = []
    if state.roses[player]:
        cand, masks, hints = state.cand, game.masks, game.hint_actions
        for index in dict.fromkeys(state.hands[player]):
            mask, row = masks[index], hints[index]
            for t, c in enumerate(cand):
                left = c & mask
                if left and left != c:
                    out.append(row[t])
    if state.options.exchange_hand and state.hands[player] and (state.pile_size or state.discards):
        out.append(EXCHANGE)
    at = state.vehicles[player]
    if state.options.raise_in_place and fixed_at(state, at, player) >= 0:
        out.append(RAISE)
    out.extend(game.first_legs[at])
    return tuple(out)


def fixed_at(state: TobagoState, field: int, player: int) -> int:
    """The first treasure (0-based) fixed on ``field`` that ``player`` may raise (one owed to
    another vehicle he may not), or -1."""
    bit, cand = 1 << field, state.cand
    if bit not in cand:
        return -1
    for t, c in enumerate(cand):
        if c == bit and owed_to(state, t) in (-1, player):
            return t
    return -1


def owed_to(state: TobagoState, t: int) -> int:
    """TB-D2: the player treasure ``t`` is owed to — his vehicle reached its field first and
    still stands there — or -1."""
    owner, c = state.owed[t], state.cand[t]
    if owner >= 0 and c.bit_count() == 1 and state.vehicles[owner] == c.bit_length() - 1:
        return owner
    return -1


def raise_here(state: TobagoState, t: int, *, by: str) -> None:
    """TB-D2: the current player raises treasure ``t``; any other treasure fixed on the same
    field that he may raise is his too: raised after it this turn, or owed to him for his next
    turns (option ``same_field``)."""
    player, bit = state.player, state.cand[t]
    others = [
        u
        for u, c in enumerate(state.cand)
        if u != t and c == bit and owed_to(state, u) in (-1, player)
    ]
    if state.options.same_field == "together":
        state.raising = others
    else:
        for u in others:
            state.owed[u] = player
    sharing.start(state, t, by=by)


def after_raise(state: TobagoState) -> None:
    """A share is over: the next treasure on the same field is raised (``same_field =
    "together"``), else raising ends the turn (TB-D2)."""
    field = state.vehicles[state.player]
    while state.raising:
        t = state.raising.pop(0)
        if state.cand[t] == 1 << field:  # still fixed there
            sharing.start(state, t, by="same_field")
            return
    state.note_skipped(
        state.player, "TB-D2", f"raising a treasure ended player {state.player}'s turn", _ACTS
    )
    end_turn(state)


def decide(state: TobagoState, action: Action) -> None:
    """A decision of the turn's player (already checked legal)."""
    from models.tobago.state import EXTRA

    player = state.player
    if state.phase == EXTRA:
        if type(action) is EndTurn:
            end_turn(state)
            return
        state.amulets[player] -= 1
        state.amulets_spent += 1
        state.extra = True
        state.event(EV.AMULET_SPENT, player, **{"for": "action"})
    kind = type(action)
    if kind is Leg:
        assert isinstance(action, Leg)
        if state.legs == 0:
            state.drive_from = state.vehicles[player]
        leg(state, player, state.game.island.index[action.field])
    elif kind is Hint:
        assert isinstance(action, Hint)
        index = state.game.clue_index[action.clue]
        lay(state, player, action.treasure - 1, index, extra=state.extra)
        state.refill(player, then="after")
    elif action is STOP:
        drive_done(state)
    elif action is EXCHANGE:
        cards = state.hands[player]
        state.discards.extend(cards)
        state.event(EV.EXCHANGE, player, cards=[str(state.game.clues[i]) for i in cards])
        state.hands[player], state.hand_slots[player] = [], []
        state.refill(player, then="after")
    elif action is RAISE:
        raise_here(state, fixed_at(state, state.vehicles[player], player), by="in_place")
    else:
        assert type(action) is Pass
        state.event(EV.PASS, player)
        end_turn(state)


def lay(
    state: TobagoState,
    player: int | None,
    t: int,
    index: int,
    *,
    start: bool = False,
    new: bool = False,
    extra: bool = False,
) -> None:
    """TB-H1: the clue card ``index`` goes behind the hints at treasure ``t`` (from
    ``player``'s hand, marked with his rose; a starting hint comes from the deck unmarked)."""
    game = state.game
    if player is not None:
        at = state.hands[player].index(index)
        state.hands[player].pop(at)
        state.hand_slots[player].pop(at)
        state.roses[player] -= 1
        state.queues[t].append(player)
    before = state.cand[t]
    after = before & game.masks[index]
    if not state.hints[t]:
        state.begun[t] = state.turn
    state.hints[t].append(index)
    state.cand[t] = after
    left = after.bit_count()
    clue = str(game.clues[index])
    if start:
        state.event(EV.START_HINT, None, treasure=t + 1, clue=clue, left=left)
    else:
        state.event(
            EV.HINT,
            player,
            treasure=t + 1,
            clue=clue,
            left=left,
            excluded=before.bit_count() - left,
            roses=len(state.queues[t]),
            extra=extra,
            new=new,
        )
    threshold = state.options.marker_threshold
    if before.bit_count() >= threshold > left:
        state.event(EV.MARKED, player, treasure=t + 1, left=left)
    if left == 1:
        field = game.fields[after.bit_length() - 1]
        turns = state.turn - state.begun[t]
        hints = len(state.hints[t])
        state.event(EV.FIXED, player, treasure=t + 1, field=field, hints=hints, turns=turns)
        if state.options.fixed_under_vehicle == "standing":
            _owe_to_standing(state, t, after.bit_length() - 1)


def _owe_to_standing(state: TobagoState, t: int, field: int) -> None:
    """TB-D2, ``fixed_under_vehicle = "standing"``: treasure ``t`` just became fixed on
    ``field``; a vehicle standing there reached it first (the first in turn order from the
    player whose turn it is)."""
    n, vehicles = state.n, state.vehicles
    for k in range(n):
        seat = (state.player + k) % n
        if vehicles[seat] == field:
            state.owed[t] = seat
            return


def leg(state: TobagoState, player: int, field: int) -> None:
    """TB-D1: one leg to ``field``; amulets there are picked up (TB-D3); a fixed treasure
    there is raised (TB-D2), which ends the drive and the turn."""
    from models.tobago.state import LEGS

    state.legs += 1
    state.vehicles[player] = field
    pick_up(state, player, field)
    t = fixed_at(state, field, player)
    if t >= 0:
        _log_drive(state)
        state.note_skipped(player, "TB-D2", "raising a treasure ended the drive", (Leg, Stop))
        raise_here(state, t, by="arrival")
    elif state.legs >= LEGS_PER_DRIVE:
        drive_done(state)
    else:
        state.phase, state._actions = LEGS, state.game.next_legs[field]


def _log_drive(state: TobagoState) -> None:
    fields = state.game.fields
    state.event(
        EV.DRIVE,
        state.player,
        legs=state.legs,
        start=fields[state.drive_from],
        end=fields[state.vehicles[state.player]],
        extra=state.extra,
    )


def drive_done(state: TobagoState) -> None:
    _log_drive(state)
    after_action(state)


def after_action(state: TobagoState) -> None:
    """TB-A2: with an amulet the player may buy one more action; else the turn ends."""
    from models.tobago.state import EXTRA

    player, options = state.player, state.options
    if options.amulet_extra_action and state.amulets[player] > 0:
        state.extra, state.legs = False, 0
        state.set_actions(EXTRA, (END_TURN, *turn_actions(state, player)))
        return
    if options.amulet_extra_action:
        why = f"player {player} holds no amulet to spend on one more action"
    else:
        why = "one more action for an amulet is switched off (amulet_extra_action = false)"
    state.note_skipped(player, "TB-A2", why, _ACTS)
    end_turn(state)


#: The actions of a turn, and of the extra action an amulet buys (TB-T1, TB-A2).
_ACTS: tuple[type, ...] = (Hint, Leg, Stop, Raise, Exchange, EndTurn)


def end_turn(state: TobagoState) -> None:
    """TB-T1: the next player clockwise."""
    state.player = (state.player + 1) % state.n
    state.turn += 1
    begin_turn(state)


def remember_no_legal_hint(state: TobagoState, player: int, masks: tuple[int, ...]) -> None:
    """Everybody saw that ``player`` could lay no hint at these candidate sets: his hand then
    held no legal card. Resampling keeps that true (if he had roses and cards at all)."""
    if state.roses[player] and state.hand_slots[player]:
        state.constraints.append((tuple(state.hand_slots[player]), masks))


def stalled(state: TobagoState) -> bool:
    """No treasure can be fixed or raised any more, judged on public facts: no fixed treasure
    lies in a part of the island a vehicle can reach, and either nobody has a rose left or no
    card outside the treasures' hints (hands, draw pile, discards) is legal at any treasure."""
    game, cand = state.game, state.cand
    component = game.roads.component
    reachable = {component[v] for v in state.vehicles}
    for c in cand:
        if c.bit_count() == 1 and component[c.bit_length() - 1] in reachable:
            return False
    if not any(state.roses):
        return True
    circulating = list(game.clue_copies)
    for hints in state.hints:
        for index in hints:
            circulating[index] -= 1
    for index, copies in enumerate(circulating):
        if copies:
            mask = game.masks[index]
            for c in cand:
                left = c & mask
                if left and left != c:
                    return False
    return True
