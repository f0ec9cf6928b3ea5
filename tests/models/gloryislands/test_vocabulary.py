"""The Glory Islands strategy vocabulary and its bundled strategies (issue 38): each word's value
on positions built by hand, what the player cannot see left out of every word, and each bundled
strategy loading, playing whole games and following its own rules.

The board (see test_rules_turn.py): a ship on c1 (route field 2) faces c2..c6 (chest, blank,
pirate field, chest, blank); Gull Rock is b2 (pirate field) and c2 (chest); Palm Key is b3
(pirate field), c3 (blank), d3 (chest) and c4 (pirate field). The compass is route field 12.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

import pytest

from analyses.studies.study import StudyConfig, run_study
from models.core import make_rng
from models.gloryislands.actions import ExtraPirate as Extra
from models.gloryislands.actions import Hunt, Keep, Move, Place, Play, Treasure
from models.gloryislands.state import GloryIslandsState
from models.gloryislands.vocabulary import VOCABULARY
from solvers.agents import make_agent, read_agent
from solvers.agents.random_agent import RandomAgent
from solvers.strategies.agent import StrategyAgent
from solvers.strategies.bundled import bundled_names
from tests.models.gloryislands.helpers import act, new, occupy, sail_to

STRATEGIES = ("barrel-keeper", "high-sails", "low-cards", "pirate-hunter", "treasure-hunter")


def feature(state: GloryIslandsState, name: str, player: int) -> float:
    view = state.secret_choice_start() if state.secret_choice() is not None else state
    return VOCABULARY.feature(name).value(view, player)


def attribute(state: GloryIslandsState, kind: str, name: str, action: Hashable) -> float:
    view = state.secret_choice_start() if state.secret_choice() is not None else state
    return VOCABULARY.kind(kind).attribute(name).value(view, action)


def attributes(state: GloryIslandsState, kind: str, name: str) -> dict[str, float]:
    """``name`` of every legal action of ``kind``, by the action's text."""
    found = VOCABULARY.kind(kind)
    return {
        str(a): attribute(state, kind, name, a) for a in state.legal_actions() if found.matches(a)
    }


# -- the words on positions built by hand -------------------------------------------------------
def test_the_features_read_the_table_as_the_player_sees_it() -> None:
    state = new(3)
    occupy(state, {"b2": 1, "c4": 1, "d3": 2})
    state.fame = [5, 9, 7]
    state.sails = [3, 0, 40]
    state.progress = [4, 13, 20]
    state.sunk[1] = True
    state.compass_order = [1]
    state.discards[0] = [state.hands[0].pop(0)]  # his 1-card on the pile
    state.barrels = [2, 1, 1]
    state.held[0] = [2, 1, 0, 0, 0]
    words = {f.name: f.value(state, 0) for f in VOCABULARY.all_features()}
    assert words == {
        "turn": 1,
        "players": 3,
        "round": 1,
        "last_round": 0,
        "fame": 5,
        "leader": 9,
        "lead": -4,
        "worth": 5 + 0 + 21 + 2,  # no pirate on the board, track field 3 is 21 fame
        "leader_worth": 9 + 2 + 24 + 1,
        "cards": 5,
        "low_card": 2,
        "high_card": 5,
        "has_one": 0,
        "pile": 1,
        "card": 0,
        "sails": 3,
        "sails_left": 41,  # 45 fields: the 45th spent sinks him
        "sail_fame": 21,
        "progress": 4,
        "to_home": 20,
        "leader_progress": 20,  # player 1's 13 is a sunk ship's
        "compass_passed": 0,
        "compass_bonus": 2,
        "home_bonus": 6,
        "barrels": 2,
        "barrel_supply": 5,  # 8 less the 3 dealt (his second came from elsewhere)
        "pirates": 5,
        "on_board": 0,
        "treasures": 3,
        "kinds": 2,
        "treasure_fame": 3 + 1,  # a set of two kinds and a set of one
        "bag": 35,
        "afloat": 2,
    }
    assert feature(state, "on_board", 1) == 2 and feature(state, "leader", 1) == 7
    assert feature(state, "sails_left", 2) == 4 and feature(state, "sail_fame", 2) == -22


def test_a_card_is_judged_for_its_holder_even_where_the_choice_began() -> None:
    state = new(2)
    state.sails[1], state.progress[1] = 40, 10
    state.discards[1] = [state.hands[1].pop(2)]  # blue's first 3-card played earlier
    act(state, "p0 play red-5")  # player 1 chooses now, read where player 0 began
    assert state.current_player() == 1
    cards = ("play blue-1", "play blue-2", "play blue-3b", "play blue-4", "play blue-5")

    def each(name: str) -> tuple[float, ...]:
        found = attributes(state, "play", name)
        assert tuple(found) == cards
        return tuple(found.values())

    assert each("value") == (1, 2, 3, 4, 5)
    assert each("sinks") == (0, 0, 0, 0, 1)  # field 44 is the last (-30 fame), 45 sinks
    assert each("sail_cost") == (2, 4, 6, 8, 8)  # from -22 down to -30 at most
    assert each("compass") == (0, 1, 1, 1, 1)  # 10 + 2 reaches route field 12
    assert each("home") == (0, 0, 0, 0, 0)
    assert each("lowest") == (1, 0, 0, 0, 0)
    assert each("highest") == (0, 0, 0, 0, 1)
    assert each("recall") == (2, 0, 0, 0, 0)  # the pile and itself
    assert each("special") == (0, 1, 1, 1, 0)
    assert feature(state, "card", 1) == 0  # nothing revealed while the cards are chosen


def test_a_move_is_judged_where_the_ship_would_stop() -> None:
    state = new(2)
    occupy(state, {"c4": 0, "e2": 1, "e3": 1})
    act(state, "p0 play red-3a", "p1 play blue-1")
    assert feature(state, "card", 0) == 3
    steps = attributes(state, "move", "line_fame")
    assert steps == {"move 1": 0, "move 2": 1, "move 3": 0}  # c1 faces his c4
    assert attributes(state, "move", "gift") == {"move 1": 0, "move 2": 0, "move 3": 0}
    assert attributes(state, "move", "free") == {"move 1": 3, "move 2": 2, "move 3": 3}
    assert attributes(state, "move", "chest")["move 2"] == 1  # c2
    assert attributes(state, "move", "pirate_field") == {"move 1": 1, "move 2": 0, "move 3": 0}
    assert attributes(state, "move", "barrel") == {"move 1": 0, "move 2": 0, "move 3": 1}  # d2

    late = new(2)
    occupy(late, {"e2": 1, "e3": 1})
    sail_to(late, 0, 10)
    act(late, "p0 play red-5", "p1 play blue-1")
    assert attributes(late, "move", "bonus")["move 2"] == 4  # the compass, first
    assert attributes(late, "move", "bonus")["move 1"] == 0
    assert attributes(late, "move", "stopover")["move 3 stopover"] == 1
    sail_to(late, 0, 0)  # 4 fields to e1, facing player 1's e2 and e3
    assert attributes(late, "move", "gift")["move 4"] == 2
    assert attributes(late, "move", "gift")["move 4 stopover"] == 0  # no fame at a stopover
    sail_to(late, 0, 20)
    assert attributes(late, "move", "home")["move 4"] == 1
    assert attributes(late, "move", "bonus")["move 4"] == 6  # home first; the compass passed
    assert attributes(late, "move", "free")["move 4"] == 0  # the home corner faces no line


def test_a_placement_is_judged_on_its_island() -> None:
    state = new(2)
    occupy(state, {"d3": 0, "b3": 1, "c4": 1})
    act(state, "p0 play red-3a", "p1 play blue-1", "p0 move 2")  # to c1: c2, c3 free
    assert {str(a) for a in state.legal_actions()} == {"place c2", "place c3"}
    assert attributes(state, "place", "distance") == {"place c2": 1, "place c3": 2}
    assert attributes(state, "place", "chest") == {"place c2": 1, "place c3": 0}
    assert attributes(state, "place", "blank") == {"place c2": 0, "place c3": 1}
    assert attributes(state, "place", "island_size") == {"place c2": 2, "place c3": 4}
    assert attributes(state, "place", "empty_after") == {"place c2": 1, "place c3": 0}
    assert attributes(state, "place", "mine") == {"place c2": 0, "place c3": 1}
    assert attributes(state, "place", "rival") == {"place c2": 0, "place c3": 2}
    assert attributes(state, "place", "margin") == {"place c2": 1, "place c3": 0}
    # Gull Rock alone: 1st place, 4 fame; Palm Key filled and tied 2-2: all places' fame (8, 4,
    # 2) shared, 7 each, and 1 more for filling it (GI-I5)
    assert attributes(state, "place", "island_fame") == {"place c2": 4, "place c3": 8}
    assert attributes(state, "place", "from_board") == {"place c2": 0, "place c3": 0}


def test_a_pirate_moved_on_the_board_is_not_counted_where_it_leaves() -> None:
    state = new(2)
    occupy(state, {"d3": 0, "d5": 0, "e2": 0, "f4": 0, "b6": 0})  # his supply is empty
    act(state, "p0 play red-3a", "p1 play blue-1", "p0 move 2")  # c1: c2, c3, c4 free
    mine = attributes(state, "place", "mine")
    assert mine["place c3 from d3"] == 0 and mine["place c3 from e2"] == 1  # d3 on Palm Key
    assert set(attributes(state, "place", "from_board").values()) == {1}

    moved = new(2)
    occupy(moved, {"d3": 0})
    act(moved, "p0 play red-4", "p1 play blue-1", "p0 move 2", "p0 place c3")
    act(moved, "p0 relocate d3 paying sails")  # then any empty field (GI-C4)
    assert attributes(moved, "place", "mine")["place b3"] == 1  # c3 stays, d3 leaves
    assert attributes(moved, "place", "empty_after")["place b3"] == 2  # d3 and c4
    assert attributes(moved, "place", "distance")["place e2"] == 0  # off his line


def test_a_barrel_field_gives_a_barrel_only_below_the_limit() -> None:
    state = new(2)
    act(state, "p0 play red-3a", "p1 play blue-1", "p0 move 3")  # to d1: d2 barrel, d3 chest
    assert attributes(state, "place", "new_barrel") == {
        "place d2": 1,
        "place d3": 0,
        "place d4": 0,
    }
    state.barrels[0] = 3
    assert attributes(state, "place", "new_barrel")["place d2"] == 0
    assert attributes(state, "place", "barrel")["place d2"] == 1


def test_a_tile_kept_is_judged_by_the_sets_it_makes() -> None:
    state = new(2)
    state.held[0] = [1, 0, 0, 0, 0]
    act(state, "p0 play red-3a", "p1 play blue-1", "p0 move 2", "p0 place c2")  # a chest
    state.apply(Treasure("coins"))
    state.apply(Treasure("pearls"))
    assert attributes(state, "keep", "gain") == {"keep coins": 1, "keep pearls": 2}
    assert attributes(state, "keep", "new_kind") == {"keep coins": 0, "keep pearls": 1}
    assert attributes(state, "keep", "held") == {"keep coins": 1, "keep pearls": 0}


def test_a_special_action_is_judged_by_its_payment() -> None:
    state = new(2)
    occupy(state, {"b2": 0, "c2": 1})
    act(state, "p0 play red-4", "p1 play blue-1", "p0 move 2", "p0 place c3")
    moves = ("b2 paying barrel", "c3 paying barrel", "b2 paying sails", "c3 paying sails")

    def each(name: str) -> tuple[float, ...]:
        found = attributes(state, "relocate", name)
        assert tuple(found) == tuple(f"relocate {m}" for m in moves)
        return tuple(found.values())

    assert each("pays_barrel") == (1, 1, 0, 0)
    assert each("sail_cost") == (0, 0, 2, 2)  # fields 4 to 6: 20 to 18 fame
    assert each("sinks") == (0, 0, 0, 0)
    assert each("source_pirate_field") == (1, 0, 1, 0)  # b2 is one, c3 blank
    assert each("source_margin") == (0, 1, 0, 1)  # Gull Rock 1 to 1, Palm Key his alone
    state.sails[0] = 43
    assert each("sinks") == (0, 0, 1, 1)

    extra = act(new(2), "p0 play red-3a", "p1 play blue-1", "p0 move 1", "p0 place b2")
    assert attributes(extra, "extra", "sail_cost") == {
        "extra pirate paying barrel": 0,
        "extra pirate paying sails": 2,
    }
    assert set(attributes(extra, "extra", "sinks").values()) == {0}


# -- only what the player sees ------------------------------------------------------------------
def _positions(games: int, players: int, seed: int) -> list[GloryIslandsState]:
    """Decision positions of random games, every 7th."""
    rng, out = make_rng(seed), []
    for _ in range(games):
        state = new(players)
        step = 0
        while not state.is_terminal():
            if state.current_player() >= 0:
                step += 1
                if step % 7 == 0:
                    out.append(state.clone())
            actions = state.legal_actions()
            state.apply(state.sample_chance(rng) if state.is_chance_node() else rng.choice(actions))
    return out


def _words(state: GloryIslandsState, player: int) -> tuple[dict[str, float], list[Any]]:
    view = state.secret_choice_start() if state.secret_choice() is not None else state
    features = {f.name: f.value(view, player) for f in VOCABULARY.all_features()}
    actions = []
    for action in state.legal_actions():
        kind = VOCABULARY.kind_of(action)
        assert kind is not None, f"{action} has no kind"
        actions.append({a.name: a.value(view, action) for a in kind.attributes})
    return features, actions


@pytest.mark.parametrize("players", [2, 4])
def test_every_word_is_the_same_in_every_resample(players: int) -> None:
    positions = _positions(3, players, seed=players)
    assert len(positions) > 30
    hidden = 0
    for k, state in enumerate(positions):
        player = state.current_player()
        expected = _words(state, player)
        twin = state.resample(player, make_rng(k))
        hidden += twin.held != state.held or twin.chosen != state.chosen
        assert _words(twin, player) == expected, f"position {k}, move {len(state.history())}"
    assert hidden  # the resamples did redraw what the player cannot see


def test_the_words_do_not_change_while_the_others_choose_their_cards() -> None:
    state = new(4)
    rng = make_rng(3)
    play = VOCABULARY.kind("play")

    def cards(view: GloryIslandsState, player: int) -> list[dict[str, float]]:
        return [
            {a.name: a.value(view, c) for a in play.attributes} for c in view.play_actions(player)
        ]

    for _ in range(2):  # two rounds
        first = {p: (_words(state, p)[0], cards(state, p)) for p in range(4)}
        for _ in range(4):
            chooser = state.current_player()
            view = state.secret_choice_start()
            assert (_words(state, chooser)[0], cards(view, chooser)) == first[chooser]
            assert state.legal_actions() == view.play_actions(chooser)
            state.apply(rng.choice(state.legal_actions()))
        while state.phase != "choose":
            actions = state.legal_actions()
            state.apply(state.sample_chance(rng) if state.is_chance_node() else actions[0])


# -- the bundled strategies ---------------------------------------------------------------------
def test_the_bundled_strategies_are_the_documented_ones() -> None:
    assert bundled_names("gloryislands") == STRATEGIES
    for name in STRATEGIES:
        strategy = read_agent(f"strategy:{name}", "gloryislands").strategy
        assert strategy is not None and len(strategy.about) > 100, name
        assert all(p.searchable for p in strategy.params), name


@pytest.mark.parametrize("name", STRATEGIES)
def test_each_strategy_plays_whole_games_against_random(name: str) -> None:
    config = StudyConfig(
        "gloryislands", 2, agents=(f"strategy:{name}", "random"), games=2, design="duplicate"
    )
    frames = run_study(config)
    assert len(frames.games) == 2 and len(frames.players) == 4
    assert set(frames.players.agent) == {f"strategy:{name}", "random"}


Check = Callable[[GloryIslandsState, Hashable, str], None]


def _follow(spec: str, check: Check, games: int = 3) -> dict[str, int]:
    """Play ``spec`` against random in seat 0 and then 1, calling ``check(state, action, rule)``
    at each of its decisions before the action is applied; how often each rule decided."""
    agent = make_agent(read_agent(spec, "gloryislands"), seed=5)
    assert isinstance(agent, StrategyAgent)
    rules: dict[str, int] = {}
    for game in range(games):
        seat, state, rng = game % 2, new(2), make_rng(game)
        other = RandomAgent(seed=game)
        while not state.is_terminal():
            player = state.current_player()
            if player < 0:
                state.apply(state.sample_chance(rng))
                continue
            if player != seat:
                state.apply(other.choose(state))
                continue
            action = agent.choose(state)
            rules[agent.last_rule] = rules.get(agent.last_rule, 0) + 1
            check(state, action, agent.last_rule)
            state.apply(action)
    return rules


def _hand(state: GloryIslandsState) -> list[int]:
    values = state.game.card_values
    return [values[c] for c in state.hands[state.current_player()]]


def _value(state: GloryIslandsState, action: Hashable) -> int:
    return state.game.card_values[state.game.card_of[action.card]]  # type: ignore[attr-defined]


@pytest.mark.parametrize("top", [2, 5])
def test_low_cards_plays_its_lowest_card_up_to_top(top: int) -> None:
    def check(state: GloryIslandsState, action: Hashable, rule: str) -> None:
        if isinstance(action, Play) and len(state.legal_actions()) > 1:
            applies = min(_hand(state)) <= top
            assert rule == ("lowest card" if applies else "fallback")
            if applies:
                assert _value(state, action) == min(_hand(state))

    rules = _follow(f"strategy:low-cards,top={top}", check)
    assert rules["lowest card"] > 10


def test_high_sails_plays_its_highest_card_that_keeps_it_afloat() -> None:
    def check(state: GloryIslandsState, action: Hashable, rule: str) -> None:
        if isinstance(action, Play) and len(state.legal_actions()) > 1:
            left = feature(state, "sails_left", state.current_player())
            afloat = [v for v in _hand(state) if v <= left]
            if left >= 8 and afloat:
                assert rule == "highest card" and _value(state, action) == max(afloat)
            else:
                assert _value(state, action) == min(_hand(state))
        if isinstance(action, Move) and rule != "forced":
            bonuses = attributes(state, "move", "bonus")
            assert attribute(state, "move", "bonus", action) == max(bonuses.values())

    rules = _follow("strategy:high-sails", check)
    assert rules["highest card"] > 10


def test_pirate_hunter_places_for_the_island_and_takes_every_second_pirate() -> None:
    def check(state: GloryIslandsState, action: Hashable, rule: str) -> None:
        actions = state.legal_actions()
        if isinstance(action, Place) and rule != "forced":
            fame = attributes(state, "place", "island_fame")
            field = attributes(state, "place", "pirate_field")
            best = max(fame[k] + 2 * field[k] for k in fame)
            assert fame[str(action)] + 2 * field[str(action)] == best
        if any(isinstance(a, Extra) for a in actions):
            safe = [a for a in actions if isinstance(a, Extra) and not _sinks(state, a)]
            if safe:
                assert isinstance(action, Extra) and rule == "second pirate"
                cost = attributes(state, "extra", "sail_cost")
                assert cost[str(action)] == min(cost[str(a)] for a in safe)

    rules = _follow("strategy:pirate-hunter", check)
    assert rules["take the island"] > 10 and rules["second pirate"] > 0


def _sinks(state: GloryIslandsState, action: Hashable) -> bool:
    kind = VOCABULARY.kind_of(action)
    assert kind is not None
    return bool(kind.attribute("sinks").value(state, action))


def test_barrel_keeper_never_pays_a_barrel_and_takes_barrel_fields() -> None:
    def check(state: GloryIslandsState, action: Hashable, rule: str) -> None:
        assert not isinstance(action, Hunt)
        assert getattr(action, "pay", "sails") == "sails"
        if isinstance(action, Place) and rule != "forced":
            barrels = attributes(state, "place", "new_barrel")
            if any(barrels.values()):
                assert barrels[str(action)] == 1 and rule == "barrel field"
        careful = feature(state, "sails_left", state.current_player()) <= 10
        if isinstance(action, Play) and len(state.legal_actions()) > 1 and careful:
            assert _value(state, action) == min(_hand(state))

    rules = _follow("strategy:barrel-keeper", check, games=4)
    assert rules["barrel field"] > 0 and rules["keep the barrels"] > 0


def test_treasure_hunter_hunts_and_keeps_the_best_tile() -> None:
    def check(state: GloryIslandsState, action: Hashable, rule: str) -> None:
        actions = state.legal_actions()
        if any(isinstance(a, Hunt) for a in actions):
            assert isinstance(action, Hunt)
        if isinstance(action, Keep) and rule != "forced":
            gain = attributes(state, "keep", "gain")
            assert gain[str(action)] == max(gain.values())
        if isinstance(action, Place) and rule != "forced":
            chests = attributes(state, "place", "chest")
            assert chests[str(action)] == max(chests.values())
        if isinstance(action, Play) and len(actions) > 1:
            player = state.current_player()
            ready = (
                state.barrels[player] >= 1
                and state.bag_total >= 3
                and feature(state, "sails_left", player) > 12
                and 2 in _hand(state)
            )
            assert (rule == "hunting card") == ready
            if ready:
                assert _value(state, action) == 2

    rules = _follow("strategy:treasure-hunter", check, games=4)
    assert rules["hunting card"] > 0 and rules["treasure hunt"] > 0 and rules["best tile"] > 0
