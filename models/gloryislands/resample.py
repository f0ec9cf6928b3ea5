"""Resampling a Glory Islands state for one player: what he cannot see, redrawn consistently.

Hidden from a player are the other players' secret cards of the round being chosen, the
kinds of the treasure tiles they drew (each tile a chance outcome), which one they kept, and so
the bag's contents. Everything else is on the table or known by elimination (hands included).

What a resample draws is defined by a replay of the game's history from the start
(:func:`resample_by_replay`, kept as the reference): every action the player saw is kept, and
the others are redrawn as the replay reaches them — a hidden tile from the bag as it is then
(weighted by the tiles left, like the chance node itself), a hidden keep uniformly among the
kinds drawn, a secret card uniformly from the chooser's hand. So the result is a state the game
can reach — its history replays to it — with the player's observation unchanged. A tile the
player drew himself may have become impossible (the others kept every tile of its kind); then
the redraw starts again, and after :data:`TRIES` failures the state is kept as it is (a copy,
which is consistent too).

:func:`redraw` (the state's ``resample``) draws exactly the same states from the same
generator, without replaying the game: treasure kinds change nothing on the table until the
end scoring, so only the bag is followed through the draws and keeps of the history (the same
``rng`` calls in the same order), and the redrawn draws, keeps and cards are a
:class:`Redraw` that the state writes into a copy of itself — its history, its bag, the hands
of treasure and the ``keep`` events of its log. Cost: one pass over the history without any
rule (about 70 us at move 100 of a 4-player game; the replay took about 900 us).

>>> from models.core import load_game, make_rng, random_playout
>>> state = load_game("gloryislands", 3).new_initial_state()
>>> _ = random_playout(state, make_rng(2), max_moves=60)
>>> twin = state.resample(state.current_player(), make_rng(5))
>>> twin.observation(state.current_player()) == state.observation(state.current_player())
True
>>> twin.history() == resample_by_replay(state, state.current_player(), make_rng(5)).history()
True
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import NamedTuple, cast

from models.core import Event, Game, GameState
from models.errors import IllegalActionError
from models.gloryislands.actions import Keep, Treasure
from models.gloryislands.events import GloryIslandsEvent as EV
from models.gloryislands.position import CHOOSE, DRAW, KEEP, OVER, GloryIslandsPosition

#: Redraws tried before a resample keeps the state as it is.
TRIES = 20


class Episode(NamedTuple):
    """One draw from the bag: who drew, where its tiles and its keep stand in the history
    (``keep`` -1 while the drawer has not kept yet) and which ``keep`` event logged it."""

    drawer: int
    tiles: list[int]
    keep: int
    event: int


class Redraw(NamedTuple):
    """What a resample changes in a copy of the state: its history (the state writes it into
    its clone), its log, the bag, the treasures held, the tiles being drawn, the cards chosen."""

    history: list[Hashable]
    log: list[Event]
    bag: list[int]
    held: list[list[int]]
    drawn: list[int]
    chosen: list[int]

    def write(self, twin: GloryIslandsPosition) -> None:
        """Put the redrawn position into ``twin`` (a clone of the state resampled)."""
        twin.log, twin.bag, twin.held, twin.chosen = self.log, self.bag, self.held, self.chosen
        if twin.phase is DRAW or twin.phase is KEEP:
            twin.drawn = self.drawn
            if twin.phase is KEEP:
                twin.offered = twin.game.keep_actions(self.drawn)


def redraw(
    pos: GloryIslandsPosition, history: Sequence[Hashable], player: int, rng: random.Random
) -> Redraw | None:
    """Everything hidden from ``player`` redrawn (see the module); ``None`` when nothing is
    hidden, or when every try failed (the state is then kept as it is)."""
    if pos.phase is OVER or not _hides_anything(pos, player):
        return None
    episodes = _episodes(pos, history)
    for _ in range(TRIES):
        found = _redraw_bag(pos, history, player, rng, episodes)
        if found is not None:
            return found
    return None


def resample_by_replay(state: GameState, player: int, rng: random.Random) -> GameState:
    """The reference: the same draws as :func:`redraw`, found by replaying the history."""
    pos = cast(GloryIslandsPosition, state)
    if pos.phase is OVER or not _hides_anything(pos, player):
        return state.clone()
    for _ in range(TRIES):
        twin = _replay(state, player, rng)
        if twin is not None:
            return twin
    return state.clone()


def _hides_anything(pos: GloryIslandsPosition, player: int) -> bool:
    others_chose = pos.phase is CHOOSE and any(
        c >= 0 for p, c in enumerate(pos.chosen) if p != player
    )
    others_hold = any(sum(h) for p, h in enumerate(pos.held) if p != player)
    drawing = pos.phase is DRAW or pos.phase is KEEP
    others_draw = drawing and pos.player != player and pos.drawn
    return bool(others_chose or others_hold or others_draw)


def _episodes(pos: GloryIslandsPosition, history: Sequence[Hashable]) -> list[Episode]:
    """Every draw of the history in order; the drawer of a finished one is the player of its
    ``keep`` event (each :class:`Keep` logs exactly one), of the one under way the decider."""
    keeps = [i for i, e in enumerate(pos.log) if e.kind is EV.KEEP]
    found: list[Episode] = []
    tiles: list[int] = []
    for index, action in enumerate(history):
        kind = type(action)
        if kind is Treasure:
            tiles.append(index)
        elif kind is Keep:
            event = keeps[len(found)]
            drawer = pos.log[event].player
            found.append(Episode(drawer if drawer is not None else -1, tiles, index, event))
            tiles = []
    if tiles:
        found.append(Episode(pos.player, tiles, -1, -1))
    return found


def _redraw_bag(
    pos: GloryIslandsPosition,
    actions: Sequence[Hashable],
    player: int,
    rng: random.Random,
    episodes: list[Episode],
) -> Redraw | None:
    """One redraw, the ``rng`` calls exactly those of :func:`_replay`; ``None`` when one of
    the player's own tiles is no longer in the bag."""
    game = pos.game
    treasures, keeps, index_of = game.treasures, game.keeps, game.kind_index
    board = pos.board
    bag = [board.treasure_copies] * len(board.treasure_kinds)
    total = board.treasures
    held = [[0] * len(bag) for _ in pos.held]
    history, log = list(actions), list(pos.log)  # the redraws are written into these copies
    drawn: list[int] = []
    for drawer, tiles, keep_at, event in episodes:
        hidden = drawer != player
        drawn = []
        for at in tiles:
            if hidden:  # as GloryIslandsState.sample_chance: the tile at r, in kind order
                r = int(rng.random() * total)
                kind = 0
                while r >= bag[kind]:
                    r -= bag[kind]
                    kind += 1
                history[at] = treasures[kind]
            else:
                kind = index_of[cast(Treasure, history[at]).kind]
                if not bag[kind]:
                    return None
            bag[kind] -= 1
            total -= 1
            drawn.append(kind)
        if keep_at < 0:
            break  # the draw under way: its tiles are still out of the bag
        if hidden:
            kind = rng.choice(sorted(set(drawn)))
            history[keep_at] = keeps[kind]
            turn, who, what, data = log[event]
            log[event] = Event(turn, who, what, {**data, "treasure": board.treasure_kinds[kind]})
        else:
            kind = index_of[cast(Keep, history[keep_at]).kind]
        drawn.remove(kind)
        held[drawer][kind] += 1
        for other in drawn:
            bag[other] += 1
        total += len(drawn)
        drawn = []
    chosen = list(pos.chosen)
    if pos.phase is CHOOSE:
        _redraw_cards(pos, history, chosen, player, rng)
    return Redraw(history, log, bag, held, drawn, chosen)


def _redraw_cards(
    pos: GloryIslandsPosition,
    history: list[Hashable],
    chosen: list[int],
    player: int,
    rng: random.Random,
) -> None:
    """The other players' secret cards of this round, each uniformly from his hand (the
    choices are the last entries of the history, in seat order)."""
    choosers = [p for p, card in enumerate(chosen) if card >= 0]
    for at, p in enumerate(choosers, start=len(history) - len(choosers)):
        if p != player:
            card = rng.choice(pos.hands[p])
            chosen[p] = card
            history[at] = pos.game.plays[card]


def _replay(state: GameState, player: int, rng: random.Random) -> GameState | None:
    pos = cast(GloryIslandsPosition, state)
    twin = cast(Game, pos.game).new_initial_state()
    seen = cast(GloryIslandsPosition, twin)
    history = state.history()
    chosen = sum(c >= 0 for c in pos.chosen)
    secret_from = len(history) - chosen if pos.phase is CHOOSE else len(history)
    for index, action in enumerate(history):
        phase = seen.phase
        if seen.player != player and (
            phase is DRAW or phase is KEEP or (phase is CHOOSE and index >= secret_from)
        ):
            chosen_action = twin.sample_chance(rng) if phase is DRAW else rng.choice(seen.offered)
            twin.apply(chosen_action)
            continue
        try:
            twin.apply(action)
        except IllegalActionError:  # a tile of the player's own draw is no longer in the bag
            return None
    return twin
