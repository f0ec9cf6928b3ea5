"""Ships over a position: turned face up (SS-S1), given for completed markets (SS-M2, SS-M3)
and delivered to with wares (SS-S1, SS-S2).

Chance turns a face-down ship up whenever the display is short (:func:`reveal_ship`), then play
resumes where it stopped. Owed market ships go out in order, the highest face-up one each time
(:func:`give_awards`); a tie among the best waits for its owner's choice (:func:`take_ship`).
Then the active player may deliver to one face-up ship (:func:`deliver`), and the turn ends.
"""

from __future__ import annotations

from models.southseas.actions import PASS, Action, Deliver, TakeShip
from models.southseas.events import SouthSeasEvent as EV
from models.southseas.position import Phase, Resume, SouthSeasPosition
from models.southseas.turns import end_turn, setup


def reveal_ship(pos: SouthSeasPosition, ship_id: str) -> None:
    """Chance: turn up ``ship_id``, then resume the setup, the awards or the turn's end."""
    pos.yard.reveal(ship_id)
    pos.event(EV.REVEAL, pos.player, ship=ship_id)
    if pos.resume == Resume.SETUP:
        setup(pos)
    elif pos.resume == Resume.AWARDS:
        give_awards(pos)
    else:
        end_turn(pos)


def give_awards(pos: SouthSeasPosition) -> None:
    """Give owed market ships in order, the display refilled by chance after each; a tie
    among the best waits for its owner's choice. Then the delivery step."""
    yard = pos.yard
    while True:
        if yard.refill_due:
            pos.phase, pos.resume = Phase.REVEAL, Resume.AWARDS
            return
        if not pos.awards:
            break
        top = yard.best()
        if not top:
            pos.awards.clear()
            break
        if len(top) > 1:
            pos.phase, pos.actions = Phase.CHOOSE_SHIP, tuple(TakeShip(s.id) for s in top)
            return
        award(pos, pos.awards.pop(0), top[0].id)
    actions = deliveries(pos)
    if len(actions) == 1:
        player = pos.player
        held = any(pos.ledger.wares[player])
        why = "no face-up ship can be paid with them" if held else "he holds no wares"
        pos.note_skipped(player, "SS-S1", f"player {player}: {why}", (Deliver,))
        end_turn(pos)
    else:
        pos.phase, pos.actions = Phase.DELIVER, actions


def take_ship(pos: SouthSeasPosition, action: TakeShip) -> None:
    """SS-M2: the first owed player takes the tied ship he chose; the awards go on."""
    award(pos, pos.awards.pop(0), action.ship)
    give_awards(pos)


def award(pos: SouthSeasPosition, player: int, ship_id: str) -> None:
    """SS-M2: ``player`` takes face-up ship ``ship_id`` for a completed market."""
    ship = pos.yard.take(player, ship_id)
    pos.delivered_last = False
    pos.event(EV.MARKET_SHIP, player, ship=ship_id, points=ship.points)


def deliveries(pos: SouthSeasPosition) -> tuple[Action, ...]:
    """Pass and every delivery the active player's wares can pay (SS-S1, SS-S2)."""
    holdings = tuple(pos.ledger.wares[pos.player])
    if not any(holdings):
        return (PASS,)
    actions: list[Action] = [PASS]
    for ship in pos.yard.display:
        actions.extend(pos.game.deliveries(ship, holdings))  # type: ignore[arg-type]
    return tuple(actions)


def deliver(pos: SouthSeasPosition, action: Action) -> None:
    """The delivery step: pay for a ship (or pass), then end the turn."""
    if type(action) is Deliver:
        player = pos.player
        pos.ledger.pay_in(player, action.payment)
        ship = pos.yard.take(player, action.ship)
        pos.delivered_last = True
        pos.event(EV.DELIVERY, player, ship=ship.id, payment=action.payment, points=ship.points)
    end_turn(pos)
