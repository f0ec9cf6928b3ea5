"""A round's frame (GI-R, GI-E, GI-G, GI-F): secret choices, reveal, sails, turn order, the
end-of-round swap, discard and recall, and the end of the game with its scoring.

Readings fixed here:

* Every ship afloat chooses, in seat order; a sunk ship takes no further part (GI-R2): it
  chooses no card, is skipped in the turn order and takes part in no swap.
* A ship sinking while the markers advance (GI-R2) does not act that round.
* If every ship has sunk, the game ends at once: nobody is left to sail home (GI-G1 cannot
  happen any more).
* A sunk ship's sail-track fame at the end is the last field's (it went past it).
"""

from __future__ import annotations

from models.core import Outcome
from models.gloryislands.events import GloryIslandsEvent as EV
from models.gloryislands.placing import lift
from models.gloryislands.position import CHOOSE, OVER, GloryIslandsPosition
from models.gloryislands.scoring import treasure_sets


def begin_round(pos: GloryIslandsPosition) -> None:
    """GI-R1: the ships afloat choose their cards, one after another, face down."""
    afloat = [p for p, sunk in enumerate(pos.sunk) if not sunk]
    if not afloat:
        finish(pos, "every ship sank (GI-R2)")
        return
    pos.round += 1
    pos.chosen = [-1] * len(pos.chosen)
    _ask(pos, afloat[0])


def _ask(pos: GloryIslandsPosition, player: int) -> None:
    pos.phase, pos.player = CHOOSE, player
    pos.offered = pos.play_actions(player)


def choose(pos: GloryIslandsPosition, card: int) -> bool:
    """A player's secret choice (not logged: the log is the table's); after the last one, all
    are revealed at once: then True (the first turn begins, :mod:`models.gloryislands.turn`)."""
    player = pos.player
    pos.chosen[player] = card
    for other in range(player + 1, len(pos.sunk)):
        if not pos.sunk[other]:
            _ask(pos, other)
            return False
    reveal(pos)
    return True


def take_back(pos: GloryIslandsPosition) -> int:
    """The secret choices made so far this round taken back: the first ship afloat is asked
    again (GI-R1). Returns how many there were (the caller drops them from the history, where
    they are the last entries)."""
    made = sum(card >= 0 for card in pos.chosen)
    pos.chosen = [-1] * len(pos.chosen)
    _ask(pos, next(p for p, sunk in enumerate(pos.sunk) if not sunk))
    return made


def reveal(pos: GloryIslandsPosition) -> None:
    """GI-R1..R3: reveal, advance the sail-track markers, and order the turns (the first
    begins next)."""
    game, chosen, sails = pos.game, pos.chosen, pos.sails
    ranks, values, ids = game.card_ranks, game.card_values, game.card_ids
    playing = [p for p, c in enumerate(chosen) if c >= 0]
    for p in playing:
        pos.hands[p].remove(chosen[p])
        sails[p] += values[chosen[p]]
    pos.order = sorted(playing, key=lambda p: ranks[chosen[p]], reverse=True)
    pos.event(
        EV.REVEAL,
        None,
        cards={p: ids[chosen[p]] for p in playing},
        values={p: values[chosen[p]] for p in playing},
        colours={p: game.card_colours[chosen[p]] for p in playing},
        order=list(pos.order),
        fields={p: sails[p] for p in playing},
    )
    last = len(pos.board.sail_track)
    for p in playing:
        if sails[p] >= last:
            sink(pos, p)
    pos.turn_index = 0


def spend_sails(pos: GloryIslandsPosition, player: int, fields: int) -> None:
    """Advance ``player``'s marker ``fields`` fields for a special action (GI-C3, GI-C4; the
    reveal advances every marker itself); past the last field he sinks (GI-R2)."""
    track = pos.board.sail_track
    field = pos.sails[player] = pos.sails[player] + fields
    sunk = field >= len(track)
    printed = None if sunk else track[field]
    pos.event(EV.SAILS, player, spent=fields, field=field, printed=printed, sunk=sunk)
    if sunk:
        sink(pos, player)


def sink(pos: GloryIslandsPosition, player: int) -> None:
    pos.sunk[player] = True
    removed = 0
    if pos.options.sunk_pirates == "removed":
        for cell in list(pos.pirates_at[player]):
            lift(pos, cell)
            pos.supply[player] += 1
            removed += 1
    pos.event(EV.SUNK, player, removed=removed)


def end_round(pos: GloryIslandsPosition) -> None:
    """GI-E1..E3: swap equal cards, discard one card each, and a 1-card takes the pile back;
    after the round in which a ship completed the route, the game ends (GI-G1)."""
    game, chosen, sunk = pos.game, pos.chosen, pos.sunk
    values, ranks = game.card_values, game.card_ranks
    received = list(chosen)  # the card each discards (GI-E2): his own unless swapped
    by_value: dict[int, list[int]] = {}
    for p, card in enumerate(chosen):
        if card >= 0 and not sunk[p]:  # a sunk ship takes part in no swap
            by_value.setdefault(values[card], []).append(p)
    for group in by_value.values():
        if len(group) > 1:
            _swap(pos, sorted(group, key=lambda p: ranks[chosen[p]], reverse=True), received)
    for p, card in enumerate(chosen):
        if card < 0:
            continue
        pile = pos.discards[p]
        pile.append(received[p])
        if values[card] == 1 and not sunk[p]:  # GI-E3
            pos.hands[p].extend(pile)
            pos.hands[p].sort()
            pos.event(EV.RECALL, p, cards=[game.card_ids[c] for c in pile])
            pos.discards[p] = []
    if pos.route_done:
        finish(pos, "a ship sailed the whole route; the round is over (GI-G1, GI-X2)")
    else:
        begin_round(pos)


def _swap(pos: GloryIslandsPosition, group: list[int], received: list[int]) -> None:
    """GI-E1: highest and lowest tie-breaker swap; all four alike, the middle two too."""
    chosen, ids = pos.chosen, pos.game.card_ids
    pairs = [(group[0], group[-1])]
    if len(group) == 4:
        pairs.append((group[1], group[2]))
    for a, b in pairs:
        received[a], received[b] = chosen[b], chosen[a]
        cards = [ids[chosen[a]], ids[chosen[b]]]
        pos.event(EV.SWAP, None, players=[a, b], cards=cards)


def finish(pos: GloryIslandsPosition, why: str) -> None:
    """GI-F1..F5: end scoring, then the winners."""
    board = pos.board
    pos.phase, pos.offered = OVER, ()
    pos.ended = why
    track = board.sail_track
    for p in range(len(pos.fame)):
        sets_fame, sets = treasure_sets(pos.held[p], board.set_fame)
        parts = {
            "pirates_on_board": len(pos.pirates_at[p]),
            "sail_track": track[min(pos.sails[p], len(track) - 1)],
            "treasures": sets_fame,
            "barrels": pos.barrels[p],
        }
        total = sum(parts.values())
        pos.fame[p] += total
        held = {k: n for k, n in zip(board.treasure_kinds, pos.held[p], strict=True) if n}
        pos.event(EV.END_SCORING, p, **parts, sets=list(sets), held=held, fame={p: total})
    pos.scores = tuple(float(f) for f in pos.fame)
    pos.winners = winners(pos, pos.fame)
    pos.event(EV.GAME_END, None, scores=pos.scores, winners=list(pos.winners), why=why)


def outcome(pos: GloryIslandsPosition) -> Outcome:
    """GI-F5: the most fame wins; ties are ties. A sunk ship is out and cannot win
    (GI-R2, option ``sunk_can_win``); if every ship sank, nobody wins."""
    if pos.scores is not None:
        return Outcome(pos.scores, pos.winners, True)
    return Outcome(tuple(float(f) for f in pos.fame), winners(pos, pos.fame), False)


def winners(pos: GloryIslandsPosition, fame: list[int]) -> tuple[int, ...]:
    """The most fame among the players who may win (GI-F5; GI-R2 and ``sunk_can_win``)."""
    able = [p for p in range(len(fame)) if pos.options.sunk_can_win or not pos.sunk[p]]
    if not able:
        return ()
    top = max(fame[p] for p in able)
    return tuple(p for p in able if fame[p] == top)
