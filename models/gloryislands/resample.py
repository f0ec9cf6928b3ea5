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

:func:`resample` draws exactly the same states from the same generator, without replaying the
game: treasure kinds change nothing on the table until the end scoring, so only the bag is
followed through the draws and keeps of the history (the same ``rng`` calls in the same
order), and the redrawn draws, keeps and cards are written into a copy of the state — its
history, its bag, the hands of treasure and the ``keep`` events of its log. Cost: one pass over
the history without any rule (about 70 us at move 100 of a 4-player game; the replay took
about 900 us).

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
from typing import TYPE_CHECKING, NamedTuple, cast

from models.core import Event
from models.errors import IllegalActionError
from models.gloryislands.actions import Keep, Treasure
from models.gloryislands.events import GloryIslandsEvent as EV

if TYPE_CHECKING:
    from models.gloryislands.rules import GloryIslandsState

#: Redraws tried before a resample keeps the state as it is.
TRIES = 20


class Episode(NamedTuple):
    """One draw from the bag: who drew, where its tiles and its keep stand in the history
    (``keep`` -1 while the drawer has not kept yet) and which ``keep`` event logged it."""

    drawer: int
    tiles: list[int]
    keep: int
    event: int


def resample(state: GloryIslandsState, player: int, rng: random.Random) -> GloryIslandsState:
    """A state with ``player``'s observation, all hidden from him redrawn (see the module)."""
    if state.phase == "over" or not _hides_anything(state, player):
        return state.clone()
    episodes = _episodes(state)
    for _ in range(TRIES):
        twin = _redraw_bag(state, player, rng, episodes)
        if twin is not None:
            return twin
    return state.clone()


def resample_by_replay(
    state: GloryIslandsState, player: int, rng: random.Random
) -> GloryIslandsState:
    """The reference: the same draws as :func:`resample`, found by replaying the history."""
    if state.phase == "over" or not _hides_anything(state, player):
        return state.clone()
    for _ in range(TRIES):
        twin = _replay(state, player, rng)
        if twin is not None:
            return twin
    return state.clone()


def _hides_anything(state: GloryIslandsState, player: int) -> bool:
    others_chose = state.phase == "choose" and any(
        c >= 0 for p, c in enumerate(state.chosen) if p != player
    )
    others_hold = any(sum(h) for p, h in enumerate(state.held) if p != player)
    others_draw = state.phase in ("draw", "keep") and state.player != player and state.drawn
    return bool(others_chose or others_hold or others_draw)


def _episodes(state: GloryIslandsState) -> list[Episode]:
    """Every draw of the history in order; the drawer of a finished one is the player of its
    ``keep`` event (each :class:`Keep` logs exactly one), of the one under way the decider."""
    keeps = [i for i, e in enumerate(state.log) if e.kind is EV.KEEP]
    found: list[Episode] = []
    tiles: list[int] = []
    for index, action in enumerate(state._history):
        kind = type(action)
        if kind is Treasure:
            tiles.append(index)
        elif kind is Keep:
            event = keeps[len(found)]
            drawer = state.log[event].player
            found.append(Episode(drawer if drawer is not None else -1, tiles, index, event))
            tiles = []
    if tiles:
        found.append(Episode(state.player, tiles, -1, -1))
    return found


def _redraw_bag(
    state: GloryIslandsState, player: int, rng: random.Random, episodes: list[Episode]
) -> GloryIslandsState | None:
    """One redraw, the ``rng`` calls exactly those of :func:`_replay`; ``None`` when one of
    the player's own tiles is no longer in the bag."""
    game = state.game
    treasures, keeps, index_of = game.treasures, game.keeps, game.kind_index
    board = state.board
    bag = [board.treasure_copies] * len(board.treasure_kinds)
    total = board.treasures
    held = [[0] * len(bag) for _ in state.held]
    twin = state.clone()  # its history and log are copies: the redraws are written into them
    history, log = twin._history, twin.log
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
    twin.bag, twin.held = bag, held
    if state.phase in ("draw", "keep"):
        twin.drawn = drawn
        if state.phase == "keep":
            twin._actions = game.keep_actions(drawn)
    if state.phase == "choose":
        _redraw_cards(twin, player, rng)
    return twin


def _redraw_cards(twin: GloryIslandsState, player: int, rng: random.Random) -> None:
    """The other players' secret cards of this round, each uniformly from his hand (the
    choices stand in the history from ``choose_start``, in seat order)."""
    choosers = [p for p, card in enumerate(twin.chosen) if card >= 0]
    for at, p in enumerate(choosers, start=twin.choose_start):
        if p != player:
            card = rng.choice(twin.hands[p])
            twin.chosen[p] = card
            twin._history[at] = twin.game.plays[card]


def _replay(state: GloryIslandsState, player: int, rng: random.Random) -> GloryIslandsState | None:
    twin = state.game.new_initial_state()
    history = state._history
    secret_from = state.choose_start if state.phase == "choose" else len(history)
    for index, action in enumerate(history):
        phase = twin.phase
        if twin.player != player and (
            phase == "draw" or phase == "keep" or (phase == "choose" and index >= secret_from)
        ):
            chosen = twin.sample_chance(rng) if phase == "draw" else rng.choice(twin._actions)
            twin.apply(chosen)
            continue
        try:
            twin.apply(action)
        except IllegalActionError:  # a tile of the player's own draw is no longer in the bag
            return None
    return twin
