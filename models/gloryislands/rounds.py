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

from typing import TYPE_CHECKING

from models.gloryislands.events import GloryIslandsEvent as EV
from models.gloryislands.scoring import treasure_sets

if TYPE_CHECKING:
    from models.gloryislands.rules import GloryIslandsState


def begin_round(state: GloryIslandsState) -> None:
    """GI-R1: the ships afloat choose their cards, one after another, face down."""
    afloat = [p for p, sunk in enumerate(state.sunk) if not sunk]
    if not afloat:
        finish(state, "every ship sank (GI-R2)")
        return
    state.round += 1
    state.chosen = [-1] * len(state.chosen)
    state.choose_start = len(state._history)
    _ask(state, afloat[0])


def _ask(state: GloryIslandsState, player: int) -> None:
    state.phase, state.player = "choose", player
    state._actions = state.play_actions(player)


def choose(state: GloryIslandsState, card: int) -> None:
    """A player's secret choice (not logged: the log is the table's); after the last one, all
    are revealed at once."""
    player = state.player
    state.chosen[player] = card
    for other in range(player + 1, len(state.sunk)):
        if not state.sunk[other]:
            _ask(state, other)
            return
    reveal(state)


def reveal(state: GloryIslandsState) -> None:
    """GI-R1..R3: reveal, advance the sail-track markers, and order the turns."""
    game, chosen, sails = state.game, state.chosen, state.sails
    ranks, values, ids = game.card_ranks, game.card_values, game.card_ids
    playing = [p for p, c in enumerate(chosen) if c >= 0]
    for p in playing:
        state.hands[p].remove(chosen[p])
        sails[p] += values[chosen[p]]
    state.order = sorted(playing, key=lambda p: ranks[chosen[p]], reverse=True)
    state.event(
        EV.REVEAL,
        player=None,
        cards={p: ids[chosen[p]] for p in playing},
        values={p: values[chosen[p]] for p in playing},
        colours={p: game.card_colours[chosen[p]] for p in playing},
        order=list(state.order),
        fields={p: sails[p] for p in playing},
    )
    last = len(state.board.sail_track)
    for p in playing:
        if sails[p] >= last:
            sink(state, p)
    state.turn_index = 0
    from models.gloryislands.turn import start_turn

    start_turn(state)


def spend_sails(state: GloryIslandsState, player: int, fields: int) -> None:
    """Advance ``player``'s marker ``fields`` fields for a special action (GI-C3, GI-C4; the
    reveal advances every marker itself); past the last field he sinks (GI-R2)."""
    track = state.board.sail_track
    field = state.sails[player] = state.sails[player] + fields
    sunk = field >= len(track)
    printed = None if sunk else track[field]
    state.event(EV.SAILS, player=player, spent=fields, field=field, printed=printed, sunk=sunk)
    if sunk:
        sink(state, player)


def sink(state: GloryIslandsState, player: int) -> None:
    state.sunk[player] = True
    removed = 0
    if state.options.sunk_pirates == "removed":
        from models.gloryislands.turn import _lift

        for cell in list(state.pirates_at[player]):
            _lift(state, cell)
            state.supply[player] += 1
            removed += 1
    state.event(EV.SUNK, player=player, removed=removed)


def end_round(state: GloryIslandsState) -> None:
    """GI-E1..E3: swap equal cards, discard one card each, and a 1-card takes the pile back;
    after the round in which a ship completed the route, the game ends (GI-G1)."""
    game, chosen, sunk = state.game, state.chosen, state.sunk
    values, ranks = game.card_values, game.card_ranks
    received = list(chosen)  # the card each discards (GI-E2): his own unless swapped
    by_value: dict[int, list[int]] = {}
    for p, card in enumerate(chosen):
        if card >= 0 and not sunk[p]:  # a sunk ship takes part in no swap
            by_value.setdefault(values[card], []).append(p)
    for group in by_value.values():
        if len(group) > 1:
            _swap(state, sorted(group, key=lambda p: ranks[chosen[p]], reverse=True), received)
    for p, card in enumerate(chosen):
        if card < 0:
            continue
        pile = state.discards[p]
        pile.append(received[p])
        if values[card] == 1 and not sunk[p]:  # GI-E3
            state.hands[p].extend(pile)
            state.hands[p].sort()
            state.event(EV.RECALL, player=p, cards=[game.card_ids[c] for c in pile])
            state.discards[p] = []
    if state.route_done:
        finish(state, "a ship sailed the whole route; the round is over (GI-G1, GI-X2)")
    else:
        begin_round(state)


def _swap(state: GloryIslandsState, group: list[int], received: list[int]) -> None:
    """GI-E1: highest and lowest tie-breaker swap; all four alike, the middle two too."""
    chosen, ids = state.chosen, state.game.card_ids
    pairs = [(group[0], group[-1])]
    if len(group) == 4:
        pairs.append((group[1], group[2]))
    for a, b in pairs:
        received[a], received[b] = chosen[b], chosen[a]
        cards = [ids[chosen[a]], ids[chosen[b]]]
        state.event(EV.SWAP, player=None, players=[a, b], cards=cards)


def finish(state: GloryIslandsState, why: str) -> None:
    """GI-F1..F5: end scoring, then the winners."""
    board = state.board
    state.phase, state._actions = "over", ()
    state.ended = why
    track = board.sail_track
    for p in range(len(state.fame)):
        sets_fame, sets = treasure_sets(state.held[p], board.set_fame)
        parts = {
            "pirates_on_board": len(state.pirates_at[p]),
            "sail_track": track[min(state.sails[p], len(track) - 1)],
            "treasures": sets_fame,
            "barrels": state.barrels[p],
        }
        total = sum(parts.values())
        state.fame[p] += total
        held = {k: n for k, n in zip(board.treasure_kinds, state.held[p], strict=True) if n}
        state.event(EV.END_SCORING, player=p, **parts, sets=list(sets), held=held, fame={p: total})
    state.scores = tuple(float(f) for f in state.fame)
    state.winners = winners(state, state.fame)
    state.event(EV.GAME_END, player=None, scores=state.scores, winners=list(state.winners), why=why)


def winners(state: GloryIslandsState, fame: list[int]) -> tuple[int, ...]:
    """The most fame among the players who may win (GI-F5; GI-R2 and ``sunk_can_win``)."""
    able = [p for p in range(len(fame)) if state.options.sunk_can_win or not state.sunk[p]]
    if not able:
        return ()
    top = max(fame[p] for p in able)
    return tuple(p for p in able if fame[p] == top)
