"""The protocol suite run on the toy game, Goofspiel with hidden bids (and the toy's own checks)."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import permutations, product
from typing import Any, ClassVar

import pytest

from models.core import load_game, make_rng, random_playout
from models.errors import AtollError, IllegalActionError
from tests.conformance.goofspiel import Bid, GoofspielState, Prize, round_winner
from tests.conformance.suites import ProtocolSuite


class TestGoofspielConforms(ProtocolSuite):
    game_name = "goofspiel"
    player_counts = (2, 3)
    playouts = 40
    catalogue = frozenset({"GS-END", "GS-PRIZE", "GS-BID"})  # the toy's rules (goofspiel.py)

    def hidden_alternatives(self, state: GoofspielState, player: int) -> int:  # type: ignore[override]
        """How many bid histories of the others fit the winners ``player`` saw (brute force,
        independent of the game's own search)."""
        n, cards = state.game.num_players, state.cards
        others = [q for q in range(n) if q != player]
        made = [sum(len(b) > q for b in state.bids) for q in others]
        count = 0
        for histories in product(*(permutations(range(1, cards + 1), k) for k in made)):
            bids = dict(zip(others, histories, strict=True))
            count += all(
                round_winner([state.bids[r][q] if q == player else bids[q][r] for q in range(n)])
                == winner
                for r, winner in enumerate(state.winners)
            )
        return count


class TestGoofspielWithFiveCards(TestGoofspielConforms):
    options: ClassVar[Mapping[str, Any]] = {"cards": 5}
    player_counts = (2, 3)
    playouts = 10
    resample_playouts = 2


def test_a_whole_game_is_cards_times_players_plus_one_moves() -> None:
    state = load_game("goofspiel", 3, {"cards": 5}).new_initial_state()
    assert random_playout(state, make_rng(1)) == 5 * (3 + 1) == len(state.history())
    assert state.outcome().final and sum(state.returns()) <= 1 + 2 + 3 + 4 + 5


def test_a_round_by_hand() -> None:
    state = load_game("goofspiel", 3).new_initial_state()
    assert isinstance(state, GoofspielState)
    state.apply(Prize(3))
    state.apply(Bid(4))
    view = state.observation(1)
    assert (view.my_bids, view.others_bid, view.to_move) == ((), 1, 1)
    state.apply(Bid(4))
    state.apply(Bid(2))  # 4 and 4 tie for the highest: the prize is discarded
    assert state.winners == [None] and state.returns() == (0.0, 0.0, 0.0)
    state.apply(Prize(4))
    for card in (1, 3, 1):
        state.apply(Bid(card))
    assert state.winners == [None, 1] and state.returns() == (0.0, 4.0, 0.0)
    assert state.observation(0).my_bids == (4, 1)
    with pytest.raises(IllegalActionError, match="GS-PRIZE"):
        state.apply(Prize(3))
    state.apply(Prize(1))
    with pytest.raises(IllegalActionError, match="GS-BID: card 4 is not in your hand"):
        state.apply(Bid(4))


def test_cards_out_of_range_are_an_error() -> None:
    with pytest.raises(AtollError, match="cards"):
        load_game("goofspiel", 2, {"cards": 0})
