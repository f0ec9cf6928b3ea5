"""What one player knows of a position: the position page's player view, through the protocol.

The designer's view of a position is omniscient (every hand, every face-down card). A player's
view is what ``state.observation(player)`` says he knows, and the protocol's
``resample(player, rng)`` draws states with that same observation: everything that differs
between them is what he cannot tell, and the page shows it as ``hidden``. So no game is
named here: a game whose observation keeps a thing from a player (Tobago: the others' hint
cards, the gold they drew face down; Glory Islands: the others' secret sail card before the
reveal) has it hidden, and a game without hidden information (South Seas: the stack's order is
chance's, never held by the state) shows all.

>>> from models.core import load_game
>>> state = load_game("gloryislands", 2).new_initial_state()
>>> state.apply(state.legal_actions()[-1])  # player 0 chooses his sail card face down
>>> seen = known_to(state, 1, lambda s: {"chosen": list(s.history()), "round": 1})
>>> seen["chosen"], seen["round"]
([hidden], 1)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from analyses.explore.display import HIDDEN
from models.core import Game, GameState
from models.errors import AtollError
from models.seeds import make_rng

__all__ = ["SAMPLES", "hidden_anywhere", "known_to", "masked"]

#: States drawn with the player's observation: a hidden value equal in all of them by chance
#: (one card in five, twelve times over) is a chance of about 1 in 244 million.
SAMPLES = 12


def known_to(
    state: GameState, player: int, told: Callable[[GameState], Any], *, seed: int = 0
) -> Any:
    """``told(state)`` with every part that differs in a state ``player`` cannot tell from this
    one (the same observation) replaced by :data:`~analyses.explore.display.HIDDEN`."""
    players = len(state.returns())
    if not 0 <= player < players:
        raise AtollError(f"no player {player} in a game of {players}", field="seat")
    rng = make_rng(seed)
    seen = state.observation(player)
    others = []
    for _ in range(SAMPLES):
        twin = _replayed(state, state.resample(player, rng))
        if twin.observation(player) != seen:  # a game's resample must keep what he knows
            raise AtollError(
                f"the game redrew what player {player} knows: no player view", field="seat"
            )
        others.append(told(twin))
    return masked(told(state), others)


def _replayed(state: GameState, twin: GameState) -> GameState:
    """The resampled ``twin`` made again from its history by its game: a resample redraws the
    hidden cards, but what follows from them (the options of the player to move, drawn from
    his redrawn hand) is only computed when the game is played to that point."""
    history = twin.history()
    if history == state.history():
        return twin
    game = getattr(twin, "game", None)
    return game.replay(history) if isinstance(game, Game) else twin


def masked(value: Any, others: list[Any]) -> Any:
    """``value`` with each part that is not the same in every one of ``others`` hidden (a table
    key by key, a list item by item while the lengths agree; whole where the shape differs)."""
    if isinstance(value, Mapping):
        if not all(isinstance(o, Mapping) and set(o) == set(value) for o in others):
            return HIDDEN
        return {k: masked(v, [o[k] for o in others]) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        if not all(isinstance(o, (list, tuple)) and len(o) == len(value) for o in others):
            return HIDDEN
        return type(value)(masked(v, [o[i] for o in others]) for i, v in enumerate(value))
    return value if all(o == value for o in others) else HIDDEN


def hidden_anywhere(value: Any) -> bool:
    """Whether any part of ``value`` is hidden."""
    if value is HIDDEN:
        return True
    if isinstance(value, Mapping):
        return any(hidden_anywhere(v) for v in value.values())
    if isinstance(value, (list, tuple)):
        return any(hidden_anywhere(v) for v in value)
    return False
