"""Tobago's strategy vocabulary (models/tobago/vocabulary.py) and its bundled strategies
(models/tobago/data/strategies/*.toml; issue 38).

The words are checked by hand on a table laid out on the small SEMANTICS map
(tests/models/tobago/maps.py, drawn in test_game_setup.py), with vehicles on 1,1 (player 0) and
5,3 (player 1):

    row 1:  ~ B J J B J ~ ~      treasure 1 fixed on the lake 4,2 (roses 0, 1, 1)
    row 2: ~ B J M L S J ~       treasure 2: 1,2 2,2 4,3 (rose 1) — the target
    row 3:  ~ B R R L S ~ ~      treasure 3: 2,1 3,1 2,3 3,3 5,4
    row 4: ~ ~ B B ~ S S ~       treasure 4: 1,3 2,4 3,4 6,4
                                 amulets: 2 on 1,3 and 1 on 6,2 (where the statue washes up)
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import networkx as nx
import pytest

from models.core import CHANCE, game_info, load_game, make_rng
from models.tobago.actions import (
    END_TURN,
    PAY_AMULET,
    PAY_GOLD,
    RAISE,
    REFUSE,
    TAKE,
    Claim,
    EndTurn,
    Exchange,
    Hint,
    Leg,
    Pass,
    PayCurse,
    PlaceVehicle,
    Raise,
    Refuse,
    Stop,
    Take,
    parse_action,
)
from models.tobago.position import Phase
from models.tobago.roads import leg_graph
from models.tobago.state import TobagoState
from models.tobago.turns import fixed_at
from models.tobago.vocabulary import NONE, VOCABULARY
from solvers.agents import make_agent, read_agent
from solvers.strategies.agent import StrategyAgent
from solvers.strategies.bundled import bundled_names
from tests.models.tobago.test_game_setup import at, fix, new_state, ready, restart_turn, set_hand

BUNDLED = ("amulet-collector", "driver", "follower", "hinter")


def _set(state: TobagoState, *fields: tuple[int, int]) -> int:
    return sum(1 << at(state, f) for f in fields)


def _table() -> TobagoState:
    """The table of the module's drawing, player 0 to lay a hint or drive."""
    state = ready(2, vehicles=[(1, 1), (5, 3)], amulets_when="never")
    fix(state, 1, (4, 2), queue=[0, 1, 1])
    state.cand[1] = _set(state, (1, 2), (2, 2), (4, 3))
    state.queues[1] = [1]
    state.cand[2] = _set(state, (2, 1), (3, 1), (2, 3), (3, 3), (5, 4))
    state.queues[2] = []
    state.cand[3] = _set(state, (1, 3), (2, 4), (3, 4), (6, 4))
    state.queues[3] = []
    set_hand(state, 0, "in lake", "in beach")
    state.gold = [[5, 3], [6]]
    state.amulets = [2, 0]
    state.amulets_on = {at(state, (1, 3)): 2, at(state, (6, 2)): 1}
    restart_turn(state, 0)
    return state


def _feature(state: TobagoState, name: str, player: int = 0) -> float:
    return VOCABULARY.feature(name).value(state, player)


def _attribute(state: TobagoState, action: Hashable, name: str) -> float:
    kind = VOCABULARY.kind_of(action)
    assert kind is not None, action
    return kind.attribute(name).value(state, action)


def test_the_features_read_the_table_as_worked_out_by_hand() -> None:
    state = _table()
    expected = {
        "score": 8,  # 5 + 3
        "leader": 6,
        "lead": 2,
        "gold_cards": 2,
        "amulets": 2,
        "amulets_on_island": 3,
        "amulet_distance": 1,  # 1,3 lies in the beach area of 1,1: one leg
        "fixed": 1,
        "fixed_distance": 3,  # 1,1 -> 2,1 (a step) -> 3,1 (its jungle area) -> 4,2 (a step)
        "fewest": 3,  # treasure 2
        "target_distance": 1,  # 1,2 in the beach area
        "playable": 3,  # 'in lake' at T2; 'in beach' at T2 (pins 1,2) and at T4 (drops 6,4)
        "hand": 2,
        "roses_out": 1,  # his rose at treasure 1
        "chance_here": 0,  # no treasure's candidate
        "legs": 0,
        "extra": 0,
        "deck": 41,  # 39 gold cards and 2 curses
        "curses_left": 2,
        "turn": 1,
        "players": 2,
    }
    assert {name: _feature(state, name) for name in expected} == expected
    # player 1 on 5,3: the fixed lake is two legs off (5,2 in his area, then a step), the
    # statue's field 6,2 one step
    assert _feature(state, "fixed_distance", 1) == 2
    assert _feature(state, "statue_distance", 1) == 1
    assert _feature(state, "vehicle_distance", 0) == _feature(state, "vehicle_distance", 1)
    # 'in beach' at T2 / T4 and 'in lake' at T2 are the hints on the table, nothing else
    hints = {(str(a.clue), a.treasure) for a in state.legal_actions() if isinstance(a, Hint)}
    assert hints == {("in lake", 2), ("in beach", 2), ("in beach", 4)}


def test_the_distances_agree_with_a_breadth_first_search_of_the_leg_graph() -> None:
    state = _table()
    g = leg_graph(state.game.island)
    lengths = dict(nx.all_pairs_shortest_path_length(g))
    v0, v1 = state.vehicles
    assert _feature(state, "vehicle_distance") == lengths[v0][v1]
    statue = state.game.statue_targets[0][0]
    assert state.game.fields[statue] == (6, 2)  # the last field of the statue's gaze
    assert _feature(state, "statue_distance") == lengths[v0][statue]
    for leg in (a for a in state.legal_actions() if isinstance(a, Leg)):
        f = at(state, leg.field)
        assert _attribute(state, leg, "to_vehicle") == lengths[f][v1]
        assert _attribute(state, leg, "to_fixed") == lengths[f][at(state, (4, 2))]


def test_a_mean_of_the_gold_not_turned_up_counts_every_card_turned_up() -> None:
    state = _table()
    # the cards file: 7, 8, 9, 8, 7 cards worth 2..6 (156 gold) and 2 curses
    assert _feature(state, "mean_gold") == pytest.approx(156 / 41)
    state.reveals = [(1, 6), (1, 0), (2, 3)]
    assert _feature(state, "mean_gold") == pytest.approx((156 - 9) / 38)


def test_the_hint_attributes_as_worked_out_by_hand() -> None:
    state = _table()
    pin = Hint(parse_action("hint T2 'in beach'").clue, 2)  # leaves 1,2
    lake = parse_action("hint T2 'in lake'")  # leaves 4,3
    words = ("candidates", "left", "excluded", "fixes", "new", "roses", "my_roses", "distance")
    assert [_attribute(state, pin, w) for w in words] == [3, 1, 2, 1, 0, 1, 0, 1]
    assert _attribute(state, pin, "others_roses") == 1
    # 4,3: three legs from 1,1 (the beach to 3,4, the river 3,3, the lake), one from 5,3
    assert [_attribute(state, lake, w) for w in ("distance", "others_distance")] == [3, 1]
    assert _attribute(state, lake, "head_start") == -2
    t4 = parse_action("hint T4 'in beach'")
    assert [_attribute(state, t4, w) for w in ("left", "excluded", "fixes")] == [3, 1, 0]


def test_the_leg_attributes_as_worked_out_by_hand() -> None:
    state = _table()
    to_amulets, to_jungle = Leg((1, 3)), Leg((2, 2))
    assert {to_amulets, to_jungle} <= set(state.legal_actions())
    assert _attribute(state, to_amulets, "amulets") == 2
    assert _attribute(state, to_amulets, "to_amulet") == 0
    assert _attribute(state, to_amulets, "chance") == pytest.approx(1 / 4)  # T4's 4 fields
    assert _attribute(state, to_jungle, "chance") == pytest.approx(1 / 3)  # T2
    assert _attribute(state, to_jungle, "to_target") == 0  # 2,2 is treasure 2's candidate
    assert _attribute(state, to_jungle, "raises") == 0
    # from 3,1 one step onto the fixed lake raises it
    state.vehicles[0] = at(state, (3, 1))
    restart_turn(state, 0)
    onto = Leg((4, 2))
    assert _attribute(state, onto, "raises") == 1
    assert _attribute(state, onto, "to_fixed") == 0
    # reach: the treasures expected within a drive (3 legs) of the lake, counted with a
    # breadth-first search of the leg graph
    lengths = nx.single_source_shortest_path_length(leg_graph(state.game.island), at(state, (4, 2)))
    near = {f for f, d in lengths.items() if d <= 3}
    expected = sum(
        len(near & {f for f in lengths if state.cand[t] >> f & 1}) / state.cand[t].bit_count()
        for t in range(4)
    )
    assert 0 < _attribute(state, onto, "reach") == pytest.approx(expected)


def test_raise_pay_and_claim_attributes() -> None:
    state = _table()
    state.vehicles[0] = at(state, (4, 2))  # on the fixed treasure 1
    restart_turn(state, 0)
    assert RAISE in state.legal_actions()
    assert [_attribute(state, RAISE, w) for w in ("roses", "my_roses")] == [3, 1]
    assert [_attribute(state, PAY_GOLD, w) for w in ("amulet", "loss")] == [0, 5]
    assert [_attribute(state, PAY_AMULET, w) for w in ("amulet", "loss")] == [1, 0]
    assert [_attribute(state, Claim(2), w) for w in ("candidates", "roses", "distance")] == [
        3,
        1,
        1,  # 4,2 -> 4,3 (its lake area)
    ]


def test_the_offer_attributes_read_the_share_in_progress() -> None:
    state = _played_until(lambda s: s.phase == Phase.OFFER, seed=3)
    share, p = state.share, state.current_player()
    assert share is not None
    mine = sum(1 for q, alive in zip(share.queue, share.alive, strict=True) if q == p and alive)
    for action in (TAKE, REFUSE):
        assert _attribute(state, action, "value") == share.offered > 0
        assert _attribute(state, action, "cards_left") == sum(share.pile)
        assert _attribute(state, action, "share_roses") == mine >= 1


def test_a_vehicle_placed_reads_the_others_vehicles() -> None:
    state = new_state(2)
    rng = make_rng(0)
    while state.phase != Phase.VEHICLE:
        state.apply(state.sample_chance(rng))
    first = PlaceVehicle((2, 2))
    assert _attribute(state, first, "to_vehicle") == NONE  # nobody stands yet
    state.apply(first)
    assert _attribute(state, PlaceVehicle((2, 2)), "to_vehicle") == 0
    assert _attribute(state, PlaceVehicle((3, 2)), "to_vehicle") == 1


def test_every_decision_has_a_kind() -> None:
    kinds = {
        PlaceVehicle: "vehicle",
        Claim: "claim",
        Hint: "hint",
        Leg: "leg",
        Stop: "stop",
        Raise: "raise",
        Take: "take",
        Refuse: "refuse",
        PayCurse: "pay",
        EndTurn: "end-turn",
        Exchange: "exchange",
        Pass: "pass",
    }
    samples = [PlaceVehicle((1, 1)), Claim(1), Leg((1, 1)), TAKE, REFUSE, PAY_GOLD, END_TURN]
    samples += [parse_action(t) for t in ("stop", "raise", "exchange the hand", "pass")]
    samples.append(parse_action("hint T1 'in lake'"))
    for action in samples:
        kind = VOCABULARY.kind_of(action)
        assert kind is not None and kind.name == kinds[type(action)]
    assert len({k.name for k in VOCABULARY.kinds}) == len(kinds)
    assert game_info("tobago").vocabulary is VOCABULARY


# -- what the player cannot see ----------------------------------------------------------------
def _words(state: TobagoState) -> tuple[Any, ...]:
    p = state.current_player()
    features = {f.name: f.value(state, p) for f in VOCABULARY.all_features()}
    attributes = []
    for action in state.legal_actions():
        kind = VOCABULARY.kind_of(action)
        assert kind is not None
        attributes.append({a.name: a.value(state, action) for a in kind.attributes})
    return features, attributes


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_words_are_the_same_in_every_resample(players: int) -> None:
    """Features and attributes read only what the player sees: a resample (the others' hands
    and the gold drawn face down redrawn) changes none of them."""
    rng, checked = make_rng(players), 0
    for game in range(2):
        state = load_game("tobago", players).new_initial_state()
        agents = [make_agent("random", 10 * game + seat) for seat in range(players)]
        while not state.is_terminal():
            p = state.current_player()
            if p == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            if rng.random() < 0.15 or state.phase in (Phase.OFFER, Phase.CURSING):
                expected = _words(state)
                for k in range(2):
                    twin = state.resample(p, make_rng(100 * checked + k))
                    assert _words(twin) == expected, f"move {len(state.history())}"
                checked += 1
            state.apply(agents[p].choose(state))
    assert checked > 40


# -- the bundled strategies --------------------------------------------------------------------
def _played_until(stop: Any, seed: int) -> TobagoState:
    """A 2-player game of random players, up to the first decision where ``stop`` holds."""
    rng = make_rng(seed)
    for _ in range(20):
        state = load_game("tobago", 2).new_initial_state()
        agents = [make_agent("random", seed + seat) for seat in range(2)]
        while not state.is_terminal():
            p = state.current_player()
            if p == CHANCE:
                state.apply(state.sample_chance(rng))
            elif stop(state):
                return state
            else:
                state.apply(agents[p].choose(state))
    raise AssertionError("no such position")


def test_the_four_strategies_are_bundled_and_documented() -> None:
    assert set(BUNDLED) <= set(bundled_names("tobago"))
    for name in BUNDLED:
        strategy = read_agent(f"strategy:{name}", "tobago").strategy
        assert strategy is not None and len(strategy.about) > 100
        assert strategy.searchable(), f"{name}: no parameter a search could tune"


@pytest.mark.parametrize("name", BUNDLED)
def test_a_bundled_strategy_plays_a_duplicate_study(name: str) -> None:
    from analyses.studies.study import StudyConfig, run_study

    config = StudyConfig(
        "tobago", 2, agents=(f"strategy:{name}", "random"), games=2, seed=0, design="duplicate"
    )
    frames = run_study(config)
    assert frames.errors.empty and len(frames.games) == 2
    assert not frames.games["ended"].str.contains("turn limit").any()
    players = frames.players
    assert set(players["agent"]) == {f"strategy:{name}", "random"}


def _follow(name: str, check: Any, games: int = 6, players: int = 2, seat: int = 0) -> int:
    """Play ``name`` in ``seat`` against random players; ``check(state, action, rule)`` at each
    of its decisions (before the action); returns how many decisions a check looked at."""
    spec = read_agent(f"strategy:{name}", "tobago")
    looked = 0
    for game in range(games):
        agent = make_agent(spec, game)
        assert isinstance(agent, StrategyAgent)
        others = [make_agent("random", 100 + k) for k in range(players)]
        state, rng = load_game("tobago", players).new_initial_state(), make_rng(game)
        while not state.is_terminal():
            p = state.current_player()
            if p == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            action = (agent if p == seat else others[p]).choose(state)
            if p == seat:
                looked += bool(check(state, action, agent.last_rule))
            state.apply(action)
    return looked


def _raises(state: TobagoState, action: Hashable) -> bool:
    if action is RAISE:
        return True
    me = state.current_player()
    return isinstance(action, Leg) and fixed_at(state, at(state, action.field), me) >= 0


def _can_raise(state: TobagoState) -> bool:
    return any(_raises(state, a) for a in state.legal_actions())


def _legs(state: TobagoState, field: int, mask: int) -> int:
    d = state.game.roads.distance_to_mask(field, mask)
    return 99 if d < 0 else d


def test_the_hinter_lays_the_narrowest_hint_whenever_it_cannot_raise() -> None:
    def check(state: TobagoState, action: Hashable, rule: str) -> bool:
        hints = [a for a in state.legal_actions() if isinstance(a, Hint)]
        if not hints or _can_raise(state):
            return False
        game, v = state.game, state.vehicles
        pins, narrow = [], []
        for h in hints:
            left = state.cand[h.treasure - 1] & game.masks[game.clue_index[h.clue]]
            mine, theirs = _legs(state, v[0], left), _legs(state, v[1], left)
            if left.bit_count() == 1 and theirs >= mine:
                pins.append((mine, h))
            elif left.bit_count() > 1:
                narrow.append((left.bit_count(), h))
        options = pins or narrow
        if not options:
            return False
        assert isinstance(action, Hint), (rule, action)
        assert [x for x, h in options if h == action] == [min(x for x, _ in options)], rule
        return True

    assert _follow("hinter", check) > 100


def test_the_driver_raises_every_treasure_it_can_and_drives_to_those_within_a_drive() -> None:
    def check(state: TobagoState, action: Hashable, rule: str) -> bool:
        if _can_raise(state):
            assert _raises(state, action), (rule, action)
            return True
        fixed = 0
        for t, c in enumerate(state.cand):
            if c.bit_count() == 1 and state.hints[t]:
                fixed |= c
        here = state.vehicles[0]
        if fixed and _legs(state, here, fixed) <= 3 and state.phase != Phase.EXTRA:
            nearer = [
                a
                for a in state.legal_actions()
                if isinstance(a, Leg)
                and _legs(state, at(state, a.field), fixed) < _legs(state, here, fixed)
            ]
            if nearer:
                assert action in nearer, (rule, action)
                return True
        return False

    assert _follow("driver", check) > 20


def test_the_amulet_collector_pays_curses_with_amulets_and_keeps_two() -> None:
    counts = {"pay": 0, "keep": 0, "pick": 0}

    def check(state: TobagoState, action: Hashable, rule: str) -> bool:
        onto = [a for a in state.legal_actions() if isinstance(a, Leg) and _amulets(state, a)]
        if state.phase == Phase.CURSING:
            assert action == PAY_AMULET
            counts["pay"] += 1
        elif _can_raise(state):
            assert _raises(state, action), (rule, action)
        elif onto:
            most = max(_amulets(state, a) for a in onto)
            assert action in onto and _amulets(state, action) == most, (rule, action)
            counts["pick"] += 1
        elif state.phase == Phase.EXTRA and state.amulets[0] <= 2:
            assert action == END_TURN, (rule, action)
            counts["keep"] += 1
        return True

    _follow("amulet-collector", check, games=8, players=3)
    assert counts["keep"] and counts["pick"]


def _amulets(state: TobagoState, leg: Hashable) -> int:
    assert isinstance(leg, Leg)
    return state.amulets_on.get(at(state, leg.field), 0)


def test_the_follower_stands_by_the_others_and_joins_their_treasures() -> None:
    seen = {"placed": 0, "joined": 0, "hints": 0}

    def check(state: TobagoState, action: Hashable, rule: str) -> bool:
        me = state.current_player()
        if isinstance(action, PlaceVehicle):
            assert at(state, action.field) in state.vehicles  # on another's field: 0 legs
            seen["placed"] += 1
        if isinstance(action, Hint):
            seen["hints"] += 1
        if rule != "join the others' narrowest treasure":
            return True
        game = state.game
        joinable = [
            h
            for h in state.legal_actions()
            if isinstance(h, Hint)
            and any(q != me for q in state.queues[h.treasure - 1])
            and (state.cand[h.treasure - 1] & game.masks[game.clue_index[h.clue]]).bit_count() > 1
        ]
        assert action in joinable
        fewest = min(state.cand[h.treasure - 1].bit_count() for h in joinable)
        assert state.cand[action.treasure - 1].bit_count() == fewest  # type: ignore[attr-defined]
        seen["joined"] += 1
        return True

    _follow("follower", check, games=6, players=3, seat=1)
    assert seen["placed"] == 6 and seen["joined"] > 10 and 3 * seen["joined"] >= seen["hints"]
