"""Role ``vocabulary.py`` (optional): the words a strategy file of this game may use
(:mod:`models.vocabulary`): features of what the player to move sees, and the kinds of action
with their attributes. A game without it takes no strategy files.

Every feature and attribute reads only what the player knows (his own card, never another's):
the conformance suite checks it against ``resample``. A real game documents each word here,
since strategy files are a contract with their writers.

>>> from models.core import make_rng
>>> from models.template.game import PearlDivers
>>> state = PearlDivers(2).new_initial_state()
>>> rng = make_rng(1)
>>> while state.is_chance_node():
...     state.apply(state.sample_chance(rng))
>>> VOCABULARY.feature("card").value(state, state.current_player()) > 0
True
"""

from __future__ import annotations

from typing import Any

from models.vocabulary import ActionKind, Feature, Vocabulary, of_type

from .actions import Dive, Rest


def _card(state: Any, player: int) -> float:
    card = state.cards[player]
    return float(card) if card is not None else 0.0


def _score(state: Any, player: int) -> float:
    return float(state.scores[player])


def _leader(state: Any, player: int) -> float:
    return float(max(s for seat, s in enumerate(state.scores) if seat != player))


def _divers(state: Any, player: int) -> float:
    return float(sum(1 for d in state.dives if d))


VOCABULARY = Vocabulary(
    features=(
        Feature(
            "round",
            "the round being played (the pearl is worth its number)",
            lambda s, p: float(s.round),
        ),
        Feature("card", "the value of the player's own card this round", _card),
        Feature("score", "the player's score", _score),
        Feature("leader", "the best score of the other players", _leader),
        Feature("divers", "how many players dived so far this round", _divers),
    ),
    kinds=(
        ActionKind("dive", "dive for the pearl", of_type(Dive)),
        ActionKind("rest", "rest this round", of_type(Rest)),
    ),
)
