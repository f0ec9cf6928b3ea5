"""Building Glory Islands positions for the rule tests: action lists, and a few pirates put on
the board directly where playing up to them would take many rounds."""

from __future__ import annotations

from typing import Any

from models.core import load_game
from models.gloryislands import placing
from models.gloryislands.components import parse_cell
from models.gloryislands.events import GloryIslandsEvent
from models.gloryislands.scenario import replay
from models.gloryislands.state import GloryIslandsState


def play(actions: list[str], players: int = 2, **extra: Any) -> GloryIslandsState:
    """Replay ``actions`` (scenario entries) on the bundled board; ``extra``: options, seed."""
    return replay({"players": players, "actions": actions, **extra})


def new(players: int = 2, **options: Any) -> GloryIslandsState:
    state: GloryIslandsState = load_game(  # type: ignore[assignment]
        "gloryislands", players, options or None
    ).new_initial_state()
    return state


def act(state: GloryIslandsState, *entries: str) -> GloryIslandsState:
    """Apply scenario entries to ``state`` (in place); returns it."""
    for entry in entries:
        state.play_text(entry)
    return state


def occupy(state: GloryIslandsState, pirates: dict[str, int]) -> None:
    """Stand pirates on cells ({"b2": player}) from their owners' supplies."""
    for name, player in pirates.items():
        state.supply[player] -= 1
        placing.stand(state, player, parse_cell(name))
    state.full = []


def sail_to(state: GloryIslandsState, player: int, progress: int) -> None:
    """Put ``player``'s ship ``progress`` route fields from home (before its move)."""
    state.progress[player] = progress


def events(state: GloryIslandsState, kind: str) -> list[dict[str, Any]]:
    wanted = GloryIslandsEvent.parse(kind)  # a misspelt kind fails instead of finding nothing
    return [dict(e.data) for e in state.log if e.kind is wanted]


def options_text(state: GloryIslandsState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def cells(*names: str) -> list[int]:
    return [parse_cell(n) for n in names]


def advance(state: GloryIslandsState, rounds: int = 1) -> GloryIslandsState:
    """Play on with the first legal action (a pass where there is one; at chance the first
    tile) until ``rounds`` more rounds have begun, or the game is over."""
    from models.gloryislands.actions import PASS

    target = state.round + rounds
    while not state.is_terminal() and not (state.round >= target and state.phase == "choose"):
        actions = state.legal_actions()
        state.apply(PASS if PASS in actions else actions[0])
    return state
