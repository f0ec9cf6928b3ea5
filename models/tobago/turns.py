"""A Tobago turn (TB-T1): lay one hint (TB-H) or drive (TB-D), then perhaps more for amulets.

* **Hint** (TB-H1..H6): a card from the hand at a treasure where it excludes at least one
  candidate and not all (the bitmask legality of :mod:`models.tobago.island.legality`), marked with
  one of the player's roses (a player without roses in supply lays no hint); the candidates shrink;
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

from models.tobago import amulets, sharing
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
from models.tobago.hands import lay, refill, remember_no_legal_hint
from models.tobago.position import MAX_TURNS, Phase, Then
from models.tobago.roads import LEGS_PER_DRIVE
from models.tobago.scoring import finish

if TYPE_CHECKING:
    from models.tobago.position import TobagoPosition


def begin_turn(pos: TobagoPosition) -> None:
    """The current player's turn begins: hints, legs or a raise (or a pass)."""
    if pos.turn > MAX_TURNS:
        finish(pos, f"the turn limit ({MAX_TURNS}) was reached")
        return
    pos.extra, pos.legs = False, 0
    owed = [t for t in range(4) if owed_to(pos, t) == pos.player]
    if owed:  # TB-D2: his vehicle reached this treasure first: his turn is its raising
        raise_here(pos, owed[0], by="owed")
        return
    actions = turn_actions(pos, pos.player)
    if not (actions and type(actions[0]) is Hint) and stalled(pos):  # hints come first
        finish(pos, "stalemate: no treasure can be fixed or raised any more")
        return
    if not actions:
        remember_no_legal_hint(pos, pos.player, tuple(pos.cand))
        actions = (PASS,)
    pos.set_actions(Phase.TURN, actions)


def turn_actions(pos: TobagoPosition, player: int) -> tuple[Action, ...]:
    """The hints, the raise and the first legs open to ``player`` now."""
    game = pos.game
    out: list[Action] = []
    if pos.roses[player]:
        cand, masks, hints = pos.cand, game.masks, game.hint_actions
        for index in dict.fromkeys(pos.hands[player]):
            mask, row = masks[index], hints[index]
            for t, c in enumerate(cand):
                left = c & mask
                if left and left != c:
                    out.append(row[t])
    if pos.options.exchange_hand and pos.hands[player] and (pos.pile_size or pos.discards):
        out.append(EXCHANGE)
    at = pos.vehicles[player]
    if pos.options.raise_in_place and fixed_at(pos, at, player) >= 0:
        out.append(RAISE)
    out.extend(game.first_legs[at])
    return tuple(out)


def fixed_at(pos: TobagoPosition, field: int, player: int) -> int:
    """The first treasure (0-based) fixed on ``field`` that ``player`` may raise (one owed to
    another vehicle he may not), or -1."""
    bit, cand = 1 << field, pos.cand
    if bit not in cand:
        return -1
    for t, c in enumerate(cand):
        if c == bit and owed_to(pos, t) in (-1, player):
            return t
    return -1


def owed_to(pos: TobagoPosition, t: int) -> int:
    """TB-D2: the player treasure ``t`` is owed to — his vehicle reached its field first and
    still stands there — or -1."""
    owner, c = pos.owed[t], pos.cand[t]
    if owner >= 0 and c.bit_count() == 1 and pos.vehicles[owner] == c.bit_length() - 1:
        return owner
    return -1


def raise_here(pos: TobagoPosition, t: int, *, by: str) -> None:
    """TB-D2: the current player raises treasure ``t``; any other treasure fixed on the same
    field that he may raise is his too: raised after it this turn, or owed to him for his next
    turns (option ``same_field``)."""
    player, bit = pos.player, pos.cand[t]
    others = [
        u for u, c in enumerate(pos.cand) if u != t and c == bit and owed_to(pos, u) in (-1, player)
    ]
    if pos.options.same_field == "together":
        pos.raising = others
    else:
        for u in others:
            pos.owed[u] = player
    sharing.start(pos, t, by=by)


def after_raise(pos: TobagoPosition) -> None:
    """A share is over: the next treasure on the same field is raised (``same_field =
    "together"``), else raising ends the turn (TB-D2)."""
    field = pos.vehicles[pos.player]
    while pos.raising:
        t = pos.raising.pop(0)
        if pos.cand[t] == 1 << field:  # still fixed there
            sharing.start(pos, t, by="same_field")
            return
    pos.note_skipped(
        pos.player, "TB-D2", f"raising a treasure ended player {pos.player}'s turn", _ACTS
    )
    end_turn(pos)


def decide(pos: TobagoPosition, action: Action) -> None:
    """A decision of the turn's player (already checked legal)."""
    player = pos.player
    if pos.phase == Phase.EXTRA:
        if type(action) is EndTurn:
            end_turn(pos)
            return
        pos.amulets[player] -= 1
        pos.amulets_spent += 1
        pos.extra = True
        pos.event(EV.AMULET_SPENT, player, **{"for": "action"})
    kind = type(action)
    if kind is Leg:
        assert isinstance(action, Leg)
        if pos.legs == 0:
            pos.drive_from = pos.vehicles[player]
        leg(pos, player, pos.game.island.index[action.field])
    elif kind is Hint:
        assert isinstance(action, Hint)
        index = pos.game.clue_index[action.clue]
        lay(pos, player, action.treasure - 1, index, extra=pos.extra)
        refill(pos, player, Then.AFTER)
    elif action is STOP:
        drive_done(pos)
    elif action is EXCHANGE:
        cards = pos.hands[player]
        pos.discards.extend(cards)
        pos.event(EV.EXCHANGE, player, cards=[str(pos.game.clues[i]) for i in cards])
        pos.hands[player], pos.hand_slots[player] = [], []
        refill(pos, player, Then.AFTER)
    elif action is RAISE:
        raise_here(pos, fixed_at(pos, pos.vehicles[player], player), by="in_place")
    else:
        assert type(action) is Pass
        pos.event(EV.PASS, player)
        end_turn(pos)


def leg(pos: TobagoPosition, player: int, field: int) -> None:
    """TB-D1: one leg to ``field``; amulets there are picked up (TB-D3); a fixed treasure
    there is raised (TB-D2), which ends the drive and the turn."""
    pos.legs += 1
    pos.vehicles[player] = field
    pick_up(pos, player, field)
    t = fixed_at(pos, field, player)
    if t >= 0:
        _log_drive(pos)
        pos.note_skipped(player, "TB-D2", "raising a treasure ended the drive", (Leg, Stop))
        raise_here(pos, t, by="arrival")
    elif pos.legs >= LEGS_PER_DRIVE:
        drive_done(pos)
    else:
        pos.set_actions(Phase.LEGS, pos.game.next_legs[field])


def _log_drive(pos: TobagoPosition) -> None:
    fields = pos.game.fields
    pos.event(
        EV.DRIVE,
        pos.player,
        legs=pos.legs,
        start=fields[pos.drive_from],
        end=fields[pos.vehicles[pos.player]],
        extra=pos.extra,
    )


def drive_done(pos: TobagoPosition) -> None:
    _log_drive(pos)
    after_action(pos)


def after_action(pos: TobagoPosition) -> None:
    """TB-A2: with an amulet the player may buy one more action; else the turn ends. A second
    action written for the ended turn is refused under the rule that makes a turn one action
    (TB-T1; a fourth leg: TB-D1), the amulet rule said after it."""
    player, options = pos.player, pos.options
    if options.amulet_extra_action and pos.amulets[player] > 0:
        pos.extra, pos.legs = False, 0
        pos.set_actions(Phase.EXTRA, (END_TURN, *turn_actions(pos, player)))
        return
    if options.amulet_extra_action:
        amulet = f"player {player} holds no amulet to spend on one more action"
    else:
        amulet = "one more action for an amulet is switched off (amulet_extra_action = false)"
    once = "extra action" if pos.extra else "turn"
    pos.note_skipped(player, "TB-A2", amulet, (EndTurn,))
    one = f"player {player}'s {once} was one hint or one drive (TB-A2: {amulet})"
    pos.note_skipped(player, "TB-T1", one, _TURN_ACTS)
    if pos.legs >= LEGS_PER_DRIVE:
        drove = f"player {player}'s drive had its {LEGS_PER_DRIVE} legs (TB-A2: {amulet})"
        pos.note_skipped(player, "TB-D1", drove, (Leg, Stop))
    end_turn(pos)


#: A turn's actions (TB-T1), which the extra action an amulet buys may be too (TB-A2).
_TURN_ACTS: tuple[type, ...] = (Hint, Leg, Stop, Raise, Exchange)
#: Those and ending the turn instead of spending an amulet.
_ACTS: tuple[type, ...] = (*_TURN_ACTS, EndTurn)


def end_turn(pos: TobagoPosition) -> None:
    """TB-T1: the next player clockwise."""
    pos.player = (pos.player + 1) % pos.n
    pos.turn += 1
    begin_turn(pos)


def stalled(pos: TobagoPosition) -> bool:
    """No treasure can be fixed or raised any more, judged on public facts: no fixed treasure
    lies in a part of the island a vehicle can reach, and either nobody has a rose left or no
    card outside the treasures' hints (hands, draw pile, discards) is legal at any treasure."""
    game, cand = pos.game, pos.cand
    component = game.roads.component
    reachable = {component[v] for v in pos.vehicles}
    for c in cand:
        if c.bit_count() == 1 and component[c.bit_length() - 1] in reachable:
            return False
    if not any(pos.roses):
        return True
    circulating = list(game.clue_copies)
    for hints in pos.hints:
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


def washed(pos: TobagoPosition) -> None:
    """Washing is done (TB-A1): the first turn begins, or the share's aftermath goes on."""
    if pos.then == Then.BEGIN:
        pos.player, pos.turn = 0, 1
        begin_turn(pos)
    else:
        sharing.after_washing(pos)


def wash_at(pos: TobagoPosition, field: int) -> None:
    """Chance washed the next amulet up on ``field`` (TB-A1); the washing goes on."""
    pos.wash_queue.pop(0)
    amulets.wash(pos, field)
    if amulets.continue_washing(pos):
        washed(pos)


def resume(pos: TobagoPosition) -> None:
    """Take the steps a share or a refill left pending (:attr:`TobagoPosition.pending`): the
    turn goes on after a raise (TB-D2, TB-G6) or after the turn's action (TB-A2)."""
    while pos.pending:
        then, pos.pending = pos.pending, Then.NOTHING
        if then == Then.RAISED:
            after_raise(pos)
        else:
            after_action(pos)
