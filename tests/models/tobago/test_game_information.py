"""What each player knows: hands and the gold cards he drew are private (TB-G1), the card added
unseen (TB-G2) is nobody's; ``observation`` hides the rest and ``resample`` redraws it."""

from __future__ import annotations

from models.core import make_rng, random_playout
from models.tobago.island.clues import Clue
from tests.models.tobago.test_game_setup import draw_gold, new_state, ready, set_hand
from tests.models.tobago.test_game_sharing import raising


def test_TB_G1_a_face_down_gold_card_is_seen_by_its_drawer_only() -> None:
    a, b = raising([1], raiser=0), raising([1], raiser=0)  # roses P1 P0: P0 draws, then P1
    draw_gold(a, 4, 5, 6)
    draw_gold(b, 4, 6, 5)  # P1's card and the unseen card differ
    assert a.observation(0) == b.observation(0)
    assert a.observation(1) != b.observation(1)
    c = raising([1], raiser=0)
    draw_gold(c, 4, 5, 3)  # only the unseen card differs: nobody can tell (TB-G2)
    assert a.observation(0) == c.observation(0) and a.observation(1) == c.observation(1)


def test_hands_are_private() -> None:
    a = ready(2, vehicles=[(1, 1), (1, 1)])
    b = ready(2, vehicles=[(1, 1), (1, 1)])
    set_hand(b, 1, *(str(b.game.clues[i]) for i in b.hands[1][:-1]), "in jungle")
    assert a.hands[1] != b.hands[1]
    assert a.observation(0) == b.observation(0)
    assert a.observation(1) != b.observation(1)


def test_resample_keeps_the_observation_and_varies_the_hidden_cards() -> None:
    state = new_state(3)
    random_playout(state, make_rng(11), max_moves=250)
    mine = state.observation(0)
    others, gold = set(), set()
    for seed in range(12):
        twin = state.resample(0, make_rng(seed))
        assert twin.observation(0) == mine
        assert twin.hands[0] == state.hands[0]
        others.add((tuple(sorted(twin.hands[1])), tuple(sorted(twin.hands[2]))))
        gold.add(tuple(str(a) for a in twin.history() if str(a).startswith("gold ")))
        # the redrawn history is a game: replaying it reaches the same position for player 0
        again = state.game.replay(twin.history())
        assert again.observation(0) == mine and again.hands == twin.hands
    assert len(others) > 1  # the other hands vary
    assert len(gold) > 1  # so do the face-down gold cards of the 5 shares so far


def test_resample_respects_what_everybody_saw() -> None:
    state = new_state(2)
    random_playout(state, make_rng(5), max_moves=400)
    for seed in range(5):
        twin = state.resample(1, make_rng(seed))
        game = twin.game
        for slots, masks in twin.constraints:  # hands seen to hold no legal card
            for slot in slots:
                index, _, _ = twin.clue_slots[slot]
                clue = twin.history()[index].clue  # type: ignore[attr-defined]
                assert isinstance(clue, Clue)
                mask = game.masks[game.clue_index[clue]]
                assert all(not (m & mask) or m & mask == m for m in masks)
