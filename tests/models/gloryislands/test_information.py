"""What each Glory Islands player sees (observation), what a resample redraws, and chance."""

from __future__ import annotations

from collections import Counter

from models.core import CHANCE, load_game, make_rng, random_playout
from models.gloryislands.actions import Play, Treasure
from tests.models.gloryislands.helpers import act, new


def _kept(kind: str) -> object:
    state = act(new(2), "p0 play red-2", "p1 play blue-1", "p0 move 2", "p0 place c2")
    return act(state, "treasure coins", f"treasure {kind}", f"p0 keep {kind}")


def test_GI_W2_kept_tiles_lie_face_down_for_the_others() -> None:
    pearls, rubies = _kept("pearls"), _kept("rubies")
    assert pearls.observation(1) == rubies.observation(1)  # type: ignore[attr-defined]
    assert pearls.observation(0) != rubies.observation(0)  # type: ignore[attr-defined]


def test_GI_W2_only_the_drawer_sees_the_tiles_drawn() -> None:
    one = act(new(2), "p0 play red-2", "p1 play blue-1", "p0 move 2", "p0 place c2")
    other = one.clone()
    act(one, "treasure coins")
    act(other, "treasure crowns")
    assert one.observation(1) == other.observation(1)
    assert one.observation(0) != other.observation(0)


def test_the_end_reveals_every_treasure() -> None:
    state = load_game("gloryislands", 2).new_initial_state()
    random_playout(state, make_rng(3))
    assert state.observation(0) == state.observation(1)


def test_GI_R1_resample_redraws_the_others_secret_cards_from_their_hands() -> None:
    state = act(new(3), "p0 play red-5", "p1 play blue-2")
    seen = Counter()
    for seed in range(60):
        twin = state.resample(2, make_rng(seed))
        assert twin.observation(2) == state.observation(2)
        assert twin.chosen[2] == -1 and twin.current_player() == 2
        seen[(twin.chosen[0], twin.chosen[1])] += 1
        assert twin.chosen[0] in twin.hands[0] and twin.chosen[1] in twin.hands[1]
    assert len(seen) > 10  # 6 x 6 pairs are possible
    mine = state.resample(0, make_rng(1))
    assert mine.chosen[0] == state.chosen[0]  # his own card is his


def test_resample_redraws_the_others_treasures_and_the_bag_consistently() -> None:
    state = load_game("gloryislands", 3).new_initial_state()
    rng = make_rng(11)
    while sum(map(sum, state.held)) < 8:  # type: ignore[attr-defined]
        random_playout(state, rng, max_moves=1)
    me = state.current_player() if state.current_player() >= 0 else 0
    kinds = set()
    for seed in range(20):
        twin = state.resample(me, make_rng(seed))
        assert twin.observation(me) == state.observation(me)
        assert twin.held[me] == state.held[me]  # type: ignore[attr-defined]
        assert [sum(h) for h in twin.held] == [sum(h) for h in state.held]  # type: ignore[attr-defined]
        total = [sum(col) for col in zip(*twin.held, strict=True)]  # type: ignore[attr-defined]
        assert [t + b for t, b in zip(total, twin.bag, strict=True)] == [7] * 5  # type: ignore[attr-defined]
        again = state.game.new_initial_state()  # type: ignore[attr-defined]
        for action in twin.history():
            again.apply(action)
        assert again.events() == twin.events()
        kinds.add(tuple(tuple(h) for h in twin.held))  # type: ignore[attr-defined]
    assert len(kinds) > 1


def test_GI_W2_each_tile_drawn_is_a_chance_node_weighted_by_the_bag() -> None:
    state = act(new(2), "p0 play red-2", "p1 play blue-1", "p0 move 2", "p0 place c2")
    assert state.current_player() == CHANCE
    drawn = Counter(state.sample_chance(make_rng(s)) for s in range(3500))
    assert all(600 < drawn[Treasure(k)] < 800 for k in state.board.treasure_kinds)
    state.bag, state.bag_total = [0, 0, 1, 0, 3], 4
    assert dict(state.chance_outcomes()) == {Treasure("rubies"): 0.25, Treasure("crowns"): 0.75}
    assert state.legal_actions() == (Treasure("rubies"), Treasure("crowns"))


def test_a_clone_holds_no_generator() -> None:
    state = act(new(2), "p0 play red-5")
    twin = state.clone()
    assert not any("rng" in name or "random" in name for name in vars(twin))
    twin.apply(Play("blue-1"))
    assert state.current_player() == 1 and twin.current_player() == 0


def test_resample_draws_what_the_replay_draws() -> None:
    """The fast resample (the bag followed through the history) gives exactly the state the
    reference replay gives from the same generator, at every kind of node and for every
    player, failed redraws included."""
    from models.gloryislands.resample import resample_by_replay

    compared = 0
    for n in (2, 3, 4):
        for seed in range(4):
            state = load_game("gloryislands", n).new_initial_state()
            rng, move = make_rng(seed), 0
            while not state.is_terminal():
                if move % 5 == 0:
                    for p in range(n):
                        fast = state.resample(p, make_rng(move + p))
                        slow = resample_by_replay(state, p, make_rng(move + p))  # type: ignore[arg-type]
                        assert vars(fast) == vars(slow), f"{n} players, seed {seed}, move {move}"
                        compared += 1
                random_playout(state, rng, max_moves=1)
                move += 1
    assert compared > 500
