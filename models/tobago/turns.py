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
    Hint,
    Leg,
    Pass,
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
    if state.options.raise_in_place and fixed_at(state, at) >= 0:
        out.append(RAISE)
    out.extend(game.first_legs[at])
    return tuple(out)


def fixed_at(state: TobagoState, field: int) -> int:
    """The treasure (0-based) fixed on ``field``, or -1."""
    bit, cand = 1 << field, state.cand
    return cand.index(bit) if bit in cand else -1


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
        sharing.start(state, fixed_at(state, state.vehicles[player]), in_place=True)
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


def leg(state: TobagoState, player: int, field: int) -> None:
    """TB-D1: one leg to ``field``; amulets there are picked up (TB-D3); a fixed treasure
    there is raised (TB-D2), which ends the drive and the turn."""
    from models.tobago.state import LEGS

    state.legs += 1
    state.vehicles[player] = field
    pick_up(state, player, field)
    t = fixed_at(state, field)
    if t >= 0:
        _log_drive(state)
        sharing.start(state, t, in_place=False)
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

    player = state.player
    if state.options.amulet_extra_action and state.amulets[player] > 0:
        state.extra, state.legs = False, 0
        state.set_actions(EXTRA, (END_TURN, *turn_actions(state, player)))
    else:
        end_turn(state)


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
