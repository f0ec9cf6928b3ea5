"""The turn sequence over a position: setting up, ending a turn, ending the game (SS-T1, SS-T2,
SS-F1..F4).

A turn (SS-T1): chance draws a tile (:mod:`~models.southseas.placing`); the player places it,
takes his islander step (:mod:`~models.southseas.islanders`), the placement is evaluated
(:mod:`~models.southseas.completion`), owed market ships are given and he may deliver
(:mod:`~models.southseas.markets`); then :func:`end_turn` passes to the next player, or ends the
game (:func:`finish`). Whenever the face-up display is short, chance turns up a ship first.
"""

from __future__ import annotations

from models.core import Outcome
from models.southseas.evaluation import end_scoring
from models.southseas.events import SouthSeasEvent as EV
from models.southseas.position import Phase, Resume, SouthSeasPosition


def begin(pos: SouthSeasPosition) -> None:
    """Log the setup (players, options, components) and wait for the display or a tile."""
    game = pos.game
    pos.event(
        EV.SETUP,
        pos.player,
        players=game.num_players,
        options=pos.options.to_dict(),
        **game.components(),
    )
    setup(pos)


def setup(pos: SouthSeasPosition) -> None:
    """Before the first tile: chance fills the display, then draws."""
    if pos.yard.refill_due:
        pos.phase, pos.resume = Phase.REVEAL, Resume.SETUP
    else:
        pos.phase = Phase.DRAW


def end_turn(pos: SouthSeasPosition) -> None:
    """SS-T2: the game ends, or the display is refilled, or the next player draws."""
    why = ending(pos)
    if why:
        finish(pos, why)
        return
    if pos.yard.refill_due:
        pos.phase, pos.resume = Phase.REVEAL, Resume.END_TURN
        return
    pos.player = (pos.player + 1) % pos.game.num_players
    pos.turn += 1
    pos.placed_at = None
    pos.phase = Phase.DRAW


def ending(pos: SouthSeasPosition) -> str | None:
    """SS-T2: why the game ends after this turn, if it does."""
    if not pos.tiles_left:
        return "the last tile was placed"
    last_ship = pos.options.last_ship
    if pos.yard.exhausted and (last_ship == "acquired" or pos.delivered_last):
        return f"the last ship was {last_ship}"
    return None


def finish(pos: SouthSeasPosition, why: str) -> None:
    """SS-F1..F4: unfinished features with islanders pay as if complete; markets nothing."""
    pos.phase, pos.drawn, pos.actions = Phase.OVER, None, ()
    board = pos.board
    # in the order the features were begun, whatever the union-find made their roots
    begun = sorted(board.open_features(), key=lambda item: min(item[1].nodes))
    features = [(board.writable(root), pos.at(root)) for root, _ in begun]
    pos.log += end_scoring(
        features,
        pos.ledger,
        pos.covered,
        pos.order(),
        score_unfinished=pos.options.score_unfinished,
        turn=pos.turn,
        active=pos.player,
    )
    pos.scores = tuple(float(pos.score(p)) for p in range(pos.game.num_players))
    winners = list(Outcome.highest(pos.scores, final=True).winners)
    pos.event(EV.GAME_END, pos.player, scores=pos.scores, winners=winners, why=why)
