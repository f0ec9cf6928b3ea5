"""Role ``game.py`` (required): what the game is — one :class:`~models.core.GameInfo` — and
the :class:`~models.core.Game` that makes states from a player count, rule options and
component files.

The registry finds the class by its ``info.name`` (an ``atoll.games`` entry point
``name = "package.game:Class"``, or :func:`models.core.register_game`), and
:func:`models.core.load_game` makes it: ``load_game(name, players, options, **components)``
calls the constructor with the player count, the options object and the component keywords
``info.components`` declares. **Copying the template, rename ``name=`` below** (the registry
name, also the CLI's ``atoll NAME``), the title and, as you like, the classes.

The template is not registered: here it is made directly.

>>> from models.core import make_rng, random_playout
>>> game = PearlDivers(3)
>>> state = game.new_initial_state()
>>> state.current_player(), [str(a) for a in state.legal_actions()]
(-1, ['deal 1', 'deal 2', 'deal 3', 'deal 4', 'deal 5'])
>>> for entry in ("deal 5", "deal 2", "deal 4", "p0 dive", "p1 rest", "p2 dive"):
...     state.play_text(entry)
>>> state.returns(), [e.kind.value for e in state.events()[-3:]]
((1.0, 0.0, -1.0), ['rest', 'dive', 'pearl'])
>>> state.observation(1).my_hidden, state.observation(0).my_hidden
((2,), ())
>>> _ = random_playout(state, make_rng(1))
>>> state.is_terminal(), len(state.outcome().scores)
(True, 3)
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from models.core import ChanceKind, Game, GameInfo, InformationKind
from models.errors import AtollError

from . import scenario
from .components import Deck, dump_deck, load_deck
from .events import PearlDiversEvent
from .options import PearlDiversOptions
from .state import PearlDiversState
from .vocabulary import VOCABULARY


class PearlDivers(Game):
    """Pearl Divers for 2-4 players, with a deck file (the bundled one by default)."""

    info = GameInfo(
        name="template",
        title="Pearl Divers (the template game)",
        min_players=2,
        max_players=4,
        default_players=3,
        chance=ChanceKind.EXPLICIT,
        information=InformationKind.IMPERFECT,
        options=PearlDiversOptions,
        events=PearlDiversEvent,
        components=(("deck", "the deck: card values and copies (a deck file; default bundled)"),),
        vocabulary=VOCABULARY,
    )
    #: The top-level keys of its scenario files (another game's scenario is told by them).
    scenario_keys = frozenset(scenario.Scenario.model_fields)

    def __init__(
        self,
        players: int = 3,
        options: PearlDiversOptions | None = None,
        deck: Deck | str | Path | None = None,
    ) -> None:
        self._players = self.info.check_players(players)
        self._options = options or PearlDiversOptions()
        self.deck = deck if isinstance(deck, Deck) else load_deck(deck)
        rounds, penalty = self._options.rounds, self._options.penalty
        if not 1 <= rounds <= 5:
            raise AtollError(f"from 1 to 5 rounds, not {rounds}", field="rounds")
        if not 0 <= penalty <= 3:
            raise AtollError(f"a penalty from 0 to 3, not {penalty}", field="penalty")
        if rounds * self._players > len(self.deck.cards):
            raise AtollError(
                f"{rounds} rounds of {self._players} players need {rounds * self._players} "
                f"cards; the deck has {len(self.deck.cards)}",
                field="rounds",
            )

    @property
    def num_players(self) -> int:
        return self._players

    @property
    def options(self) -> PearlDiversOptions:
        return self._options

    def new_initial_state(self) -> PearlDiversState:
        return PearlDiversState(self, self._options, self.deck)

    def components(self) -> dict[str, Any]:
        """Where the deck came from and whether it is a reconstruction."""
        return {"deck": {"source": self.deck.source, "reconstruction": self.deck.reconstruction}}

    def component_texts(self) -> dict[str, str]:
        return {"deck": dump_deck(self.deck)}

    @classmethod
    def load_scenario(
        cls,
        path: str | Path,
        *,
        steps: int | None = None,
        components: Mapping[str, str] | None = None,
    ) -> PearlDiversState:
        """The state a scenario file describes (see :mod:`.scenario`)."""
        state = scenario.load_scenario(cls, cls.info.name, path, steps=steps, components=components)
        assert isinstance(state, PearlDiversState)
        return state
