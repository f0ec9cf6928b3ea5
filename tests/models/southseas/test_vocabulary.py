"""The South Seas strategy vocabulary and its bundled strategies (issue 38): each word's value
on positions built by hand (the test tiles of scenario_tiles.toml, drawn in
test_rules_features.py), a placement's attributes against playing it, every word the same on a
resampled position, and each bundled strategy loading, playing whole games and following its
own rules.

The start tile at (0, 0): an island cap north (piece 0, 1 banana), a bridge west to east
(piece 1, 1 shell), a sea strip between them and the sea south (piece 3, 1 fish). A ``band``
at (0, -1) carries the island on north (2 bananas); a ``cap`` turned south closes it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

import pytest

from analyses.studies.study import StudyConfig, run_study
from models.core import load_game, make_rng
from models.southseas.actions import PASS, Deliver, Place, PlaceIslander, Recall
from models.southseas.events import SouthSeasEvent
from models.southseas.position import Phase
from models.southseas.state import SouthSeasState
from models.southseas.vocabulary import VOCABULARY, placing
from solvers.agents import make_agent, read_agent
from solvers.strategies.agent import StrategyAgent
from solvers.strategies.bundled import bundled_names, bundled_strategy
from tests.models.southseas.helpers import draw, play, random_state

SHIPS = ["D2", "A5", "B5", "C3"]  # the display, in this order (then E4, F1)
STRATEGIES = ("fisher", "islander-hoarder", "market-builder", "ship-buyer", "ship-rush")
Move = dict[str, Any]
#: Player 0 on the start's island.
BAND_NORTH: Move = {"tile": "band", "at": [0, -1], "islander": 0}
#: Player 0's merchant at (0, 1), then seven of its eight neighbours filled.
MARKET_MOVES: list[Move] = [
    {"tile": "market", "at": [0, 1], "islander": 0},
    {"tile": "sea", "at": [1, 1]},
    {"tile": "sea", "at": [-1, 1]},
    {"tile": "sea", "at": [0, 2]},
    {"tile": "sea", "at": [1, 2]},
    {"tile": "sea", "at": [-1, 2]},
    {"tile": "bridge", "at": [1, 0]},
    {"tile": "sea", "at": [0, 3]},  # not a neighbour: player 0 is to move again
]


def feature(state: SouthSeasState, name: str, player: int) -> float:
    return VOCABULARY.feature(name).value(state, player)


def attribute(state: SouthSeasState, kind: str, name: str, action: Hashable) -> float:
    return VOCABULARY.kind(kind).attribute(name).value(state, action)


def words(state: SouthSeasState, kind: str, action: Hashable) -> dict[str, float]:
    return {a.name: a.value(state, action) for a in VOCABULARY.kind(kind).attributes}


# -- the words on positions built by hand -------------------------------------------------------
def test_the_features_read_the_table() -> None:
    state = play([BAND_NORTH, {"tile": "sea", "at": [0, 1]}], ships=SHIPS)
    draw(state, "sea-boat")
    state.ledger.wares[0] = [2, 1, 0]  # 3 wares: 1 point
    state.ledger.wares[1] = [0, 0, 7]  # 7 wares: 2 points
    assert state.player == 0 and state.phase is Phase.PLACE
    assert [feature(state, f, 0) for f in ("turn", "players", "tiles_left")] == [
        3,
        2,
        state.tiles_left,
    ]
    assert [feature(state, f, 0) for f in ("score", "leader", "lead", "ship_points")] == [
        1,
        2,
        -1,
        0,
    ]
    assert feature(state, "lead", 1) == 1
    assert [feature(state, w, 0) for w in ("wares", "shells", "bananas", "fish")] == [3, 2, 1, 0]
    assert [feature(state, f, 0) for f in ("islanders", "placed", "merchants")] == [3, 1, 0]
    assert [feature(state, f, 1) for f in ("islanders", "placed")] == [4, 0]
    # D2 (1 banana, 2 points), A5 (2 shells 2 bananas), B5 (4 fish), C3 (2 of choice) face up
    assert [feature(state, f, 0) for f in ("best_ship", "payable", "short", "ships_left")] == [
        5,
        3,  # C3 is the best he can pay
        0,
        6,  # the six test ships: 4 face up, 2 face down
    ]
    assert [feature(state, f, 1) for f in ("payable", "short")] == [5, 0]  # B5 with 4 fish
    state.ledger.wares[0] = [1, 0, 0]
    assert [feature(state, f, 0) for f in ("payable", "short")] == [0, 1]
    assert [feature(state, f, 0) for f in ("tile_boat", "tile_market")] == [1, 0]
    assert [feature(state, f, 0) for f in ("islander_step", "delivery_step")] == [0, 0]


def test_a_placement_that_completes_pays_the_majority() -> None:
    state = play([BAND_NORTH, {"tile": "sea", "at": [0, 1]}])
    draw(state, "cap")  # player 0 closes his island: start 1 + band 2 + cap 1 bananas
    close = words(state, "place", Place(0, -2, 2))
    assert close["wares"] == 4 and close["completes"] == 1
    assert close["gift"] == close["claim"] == close["fish"] == close["extends"] == 0
    assert (close["neighbours"], close["around"], close["holes"]) == (1, 1, 0)
    aside = words(state, "place", Place(1, -1, 0))  # beside the band: nothing closes
    assert aside["wares"] == aside["completes"] == 0
    rival = play([BAND_NORTH])
    draw(rival, "cap")  # player 1 closing it pays player 0
    assert words(rival, "place", Place(0, -2, 2))["gift"] == 4
    assert words(rival, "place", Place(0, -2, 2))["wares"] == 0


def test_growing_and_claiming() -> None:
    state = play([BAND_NORTH, {"tile": "sea", "at": [0, 1]}])
    draw(state, "band")  # one more band north: his island grows by 2 and stays open
    grow = words(state, "place", Place(0, -2, 0))
    assert (grow["grows"], grow["extends"], grow["completes"], grow["wares"]) == (2, 1, 0, 0)
    free = play([])
    draw(free, "cap")  # an unoccupied island closed: an islander on the cap takes it
    claim = words(free, "place", Place(0, -1, 2))
    assert (claim["claim"], claim["wares"], claim["completes"]) == (2, 0, 1)
    empty = free.clone()  # a new board: the words of the last decision are not reused
    empty.ledger.islanders[0] = 0
    assert words(empty, "place", Place(0, -1, 2))["claim"] == 0  # no islander to put


def test_a_boat_pays_the_fishers() -> None:
    fisher = {"tile": "sea", "at": [0, 1], "islander": 0}
    state = play([fisher, {"tile": "sea", "at": [-1, 1]}])
    draw(state, "sea-boat-fish")  # the south region: start 1 fish + 1 on the boat tile
    boat = words(state, "place", Place(1, 1, 0))
    assert (boat["boat"], boat["wares"], boat["fish"], boat["gift"]) == (1, 2, 2, 0)
    assert boat["grows"] == boat["extends"] == 0  # the boat sends the fisher home
    rival = play([fisher])
    draw(rival, "sea-boat-fish")
    assert words(rival, "place", Place(1, 1, 0))["gift"] == 2


def test_markets_near_and_complete() -> None:
    state = play(MARKET_MOVES)
    draw(state, "bridge")  # the eighth neighbour: player 0's market is complete
    assert state.player == 0 and feature(state, "merchants", 0) == 1
    done = words(state, "place", Place(-1, 0, 0))
    best = max(s.points for s in state.yard.display)
    assert (done["markets"], done["ship_points"], done["market_near"]) == (1, best, 0)
    early = play(MARKET_MOVES[:2])
    draw(early, "sea")
    assert early.player == 0
    near = words(early, "place", Place(-1, 1, 0))
    assert (near["market_near"], near["markets"], near["ship_points"]) == (1, 0, 0)
    assert words(early, "place", Place(0, 2, 0))["market_near"] == 1
    assert words(early, "place", Place(2, 1, 0))["market_near"] == 0  # not a neighbour


def test_islander_words() -> None:
    state = play([])
    draw(state, "band")
    state.apply(Place(0, -1, 0))  # the band on the start's island: 3 bananas, open north
    assert feature(state, "islander_step", 0) == 1
    assert words(state, "islander", PlaceIslander(0)) == {
        "bridge": 0,
        "island": 1,
        "sea": 0,
        "market": 0,
        "symbols": 3,
        "now": 0,
        "missing": 1,  # (0, -2)
        "size": 2,
        "finishable": 1,
    }
    west = words(state, "islander", PlaceIslander(2))  # the band's west sea, empty
    assert (west["sea"], west["symbols"], west["missing"], west["size"]) == (1, 0, 1, 1)


def test_recall_words() -> None:
    state = play([BAND_NORTH, {"tile": "sea", "at": [0, 1]}])
    draw(state, "cap")
    state.apply(Place(0, -2, 2))  # closes his island; it pays after the islander step
    recall = Recall(0, -1, 0)
    assert recall in state.legal_actions()
    assert words(state, "recall", recall) == {
        "bridge": 0,
        "island": 1,
        "sea": 0,
        "market": 0,
        "symbols": 4,
        "missing": 0,
        "size": 3,
        "finishable": 1,
        "leads": 1,
    }


def test_claiming_at_once_pays_the_islander() -> None:
    state = play([])
    draw(state, "cap")
    state.apply(Place(0, -1, 2))  # closes the start's island: an islander on it is paid
    assert attribute(state, "islander", "now", PlaceIslander(0)) == 2
    assert attribute(state, "islander", "now", PlaceIslander(1)) == 0
    before = state.ledger.wares[0][1]
    state.apply(PlaceIslander(0))
    assert state.ledger.wares[0][1] == before + 2


def test_delivery_words() -> None:
    state = play([], ships=SHIPS)
    draw(state, "cap")
    state.ledger.wares[0] = [2, 2, 1]
    state.apply(Place(0, -1, 2))
    state.apply(PASS)  # no islander: the island pays nobody
    assert state.phase is Phase.DELIVER and feature(state, "delivery_step", 0) == 1
    a5 = Deliver("A5", (2, 2, 0))
    assert words(state, "deliver", a5) == {
        "points": 5,
        "cost": 4,
        "gain": 4,  # 5 points, and 5 wares (1 point) become 1 (0 points)
        "left": 1,
        "best": 1,
    }
    d2 = Deliver("D2", (0, 1, 0))  # 2 points; 4 wares left still make a point
    assert [attribute(state, "deliver", w, d2) for w in ("gain", "cost", "best")] == [2, 1, 0]


# -- placements against playing them ------------------------------------------------------------
def _played(state: SouthSeasState, action: Place) -> dict[str, int] | None:
    """What playing ``action`` and passing the islander step paid, read from the game's log
    and holdings (None when the game ends there: end scoring pays too)."""
    player, players = state.player, len(state.ledger.wares)
    twin = state.clone()
    before = [sum(w) for w in twin.ledger.wares]
    fish = twin.ledger.wares[player][2]
    start = len(twin.log)
    twin.apply(action)
    claim = 0
    if twin.phase is Phase.ISLANDER:
        for option in twin.legal_actions():
            if type(option) is PlaceIslander:
                trial = twin.clone()
                trial.apply(option)
                claim = max(claim, sum(trial.ledger.wares[player]) - before[player])
        twin.apply(PASS)
    if twin.is_terminal():
        return None
    log = twin.log[start:]
    got = sum(twin.ledger.wares[player]) - before[player]  # the islander's extra is the claim
    return {
        "wares": got,
        "fish": twin.ledger.wares[player][2] - fish,
        "gift": sum(sum(twin.ledger.wares[q]) - before[q] for q in range(players) if q != player),
        "completes": sum(1 for e in log if e.kind is SouthSeasEvent.COMPLETE),
        "boat": int(any(e.kind is SouthSeasEvent.BOAT for e in log)),
        "markets": sum(1 for e in log if e.kind is SouthSeasEvent.MARKET),
        "holes": next(e.data["holes"] for e in log if e.kind is SouthSeasEvent.PLACE),
        "claim": max(claim - got, 0),
    }


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (4, 5)])
def test_placement_attributes_match_playing_the_placement(players: int, seed: int) -> None:
    state: SouthSeasState = load_game("southseas", players).new_initial_state()  # type: ignore[assignment]
    rng = make_rng(seed)
    checked = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
            continue
        if state.phase is Phase.PLACE:
            for action in state.legal_actions()[::3]:
                assert isinstance(action, Place)
                played = _played(state, action)
                if played is None:
                    continue
                seen = placing(state, action)
                assert {k: getattr(seen, k) for k in played} == played, (state.turn, action)
                checked += 1
        state.apply(rng.choice(state.legal_actions()))
    assert checked > 100


# -- what the player sees ----------------------------------------------------------------------
def _all_words(state: SouthSeasState) -> dict[str, float]:
    player = state.current_player()
    out = {f.name: f.value(state, player) for f in VOCABULARY.all_features()}
    for action in state.legal_actions():
        kind = VOCABULARY.kind_of(action)
        if kind is not None:
            for a in kind.attributes:
                out[f"{action} {a.name}"] = a.value(state, action)
    return out


@pytest.mark.parametrize("seed", range(6))
def test_every_word_is_the_same_on_a_resampled_position(seed: int) -> None:
    rng = make_rng(100 + seed)
    for moves in (5, 40, 120, 220):
        state = random_state(2 + seed % 4, seed, moves)
        while state.is_chance_node():
            state.apply(state.sample_chance(rng))
        if state.is_terminal():
            continue
        player = state.current_player()
        assert _all_words(state) == _all_words(state.resample(player, rng))


# -- the bundled strategies --------------------------------------------------------------------
#: The simple one (at most 4 rules, the report's check for a degenerate plan): greedy plays
#: what its one rule leaves.
SIMPLE = ("ship-rush",)


def test_the_bundled_strategies_are_documented() -> None:
    assert bundled_names("southseas") == STRATEGIES
    for name in STRATEGIES:
        strategy = bundled_strategy("southseas", name)
        assert strategy.game == "southseas" and len(strategy.about) > 150
        if name in SIMPLE:
            assert len(strategy.rules) <= 4 and strategy.fallback == "greedy", name
            continue
        assert strategy.fallback == "random"  # see the report: ties only, and cheap
        assert strategy.searchable(), name


@pytest.mark.parametrize("name", STRATEGIES)
def test_a_bundled_strategy_plays_whole_games(name: str) -> None:
    config = StudyConfig(
        "southseas", 2, agents=(f"strategy:{name}", "random"), games=2, design="duplicate"
    )
    frames = run_study(config)
    players = frames.players
    assert len(frames.games) == 2 and set(players.agent) == {f"strategy:{name}", "random"}
    mine = players[players.agent == f"strategy:{name}"]
    assert mine.score.mean() > players[players.agent == "random"].score.mean()


Check = Callable[[SouthSeasState, Any, StrategyAgent], bool | None]


def _follow(name: str, checks: dict[str, Check], players: int = 3, seeds: Any = (2, 3)) -> None:
    """Play games of ``name`` against itself; at each decision every check says whether the
    chosen action keeps the rule (None: the rule does not apply); each must apply somewhere."""
    spec = read_agent(f"strategy:{name}", "southseas")
    applied = dict.fromkeys(checks, 0)
    for seed in seeds:
        agents = [make_agent(spec, seed * 10 + p) for p in range(players)]
        state: SouthSeasState = load_game("southseas", players).new_initial_state()  # type: ignore[assignment]
        rng = make_rng(seed)
        while not state.is_terminal():
            player = state.current_player()
            if player < 0:
                state.apply(state.sample_chance(rng))
                continue
            agent = agents[player]
            assert isinstance(agent, StrategyAgent)
            action = agent.choose(state)
            for rule, check in checks.items():
                kept = check(state, action, agent)
                if kept is not None:
                    assert kept, (name, rule, state.turn, str(action), agent.last_rule)
                    applied[rule] += 1
            state.apply(action)
    assert all(applied.values()), applied


def _best(state: SouthSeasState, kind: str, name: str, where: Callable[[Any], bool] = bool):
    """The legal actions of ``kind`` passing ``where``, and the best value of ``name``."""
    found = VOCABULARY.kind(kind)
    options = [a for a in state.legal_actions() if found.matches(a) and where(a)]
    if not options:
        return [], None
    values = {a: attribute(state, kind, name, a) for a in options}
    return options, max(values.values())


def _claims(state: SouthSeasState, action: Any, agent: StrategyAgent) -> bool | None:
    """Every strategy: an islander that gets wares at once goes out (the best such)."""
    options, top = _best(state, "islander", "now")
    if not options or not top:
        return None
    return type(action) is PlaceIslander and attribute(state, "islander", "now", action) >= 1


def _passes_islanders(state: SouthSeasState, action: Any, agent: StrategyAgent) -> bool | None:
    """No islander step is left to chance: the rules place, recall or pass."""
    if state.phase is not Phase.ISLANDER:
        return None
    return agent.last_rule not in ("fallback", "")


def _fish_first(state: SouthSeasState, action: Any, agent: StrategyAgent) -> bool | None:
    options, top = _best(state, "place", "fish")
    if not options or not top:
        return None
    return attribute(state, "place", "fish", action) == top


def _fisher_at_sea(state: SouthSeasState, action: Any, agent: StrategyAgent) -> bool | None:
    least = agent.params["min_fish"]

    def rich_sea(a: Any) -> bool:
        return bool(attribute(state, "islander", "sea", a)) and attribute(
            state, "islander", "symbols", a
        ) >= max(least, 1)

    options, top = _best(state, "islander", "symbols", rich_sea)
    claims, now = _best(state, "islander", "now")
    if not options or (claims and now):
        return None
    return type(action) is PlaceIslander and attribute(state, "islander", "symbols", action) == top


def _own_market(state: SouthSeasState, action: Any, agent: StrategyAgent) -> bool | None:
    options, top = _best(state, "place", "ship_points")
    if not options or not top:
        return None
    return attribute(state, "place", "ship_points", action) == top


def _merchant(state: SouthSeasState, action: Any, agent: StrategyAgent) -> bool | None:
    """The market builder puts a merchant on a market that can still be finished in time."""
    if state.phase is not Phase.ISLANDER:
        return None

    def market(a: Any) -> bool:
        return bool(attribute(state, "islander", "market", a)) and (
            attribute(state, "islander", "missing", a) < state.tiles_left
        )

    _, now = _best(state, "islander", "now")
    markets, _ = _best(state, "islander", "market", market)
    if now or not markets:
        return None
    return action in markets


def _big_ships(state: SouthSeasState, action: Any, agent: StrategyAgent) -> bool | None:
    """The hoarder delivers before the end only to a ship worth ``min_points``."""
    if state.phase is not Phase.DELIVER or state.tiles_left <= agent.params["endgame"]:
        return None
    least = agent.params["min_points"]
    if type(action) is not Deliver:  # a pass: no big ship it gains by was there
        return not any(
            attribute(state, "deliver", "points", a) >= least
            and attribute(state, "deliver", "gain", a) >= 1
            for a in state.legal_actions()
            if type(a) is Deliver
        )
    return attribute(state, "deliver", "points", action) >= least


def _most_valuable(state: SouthSeasState, action: Any, agent: StrategyAgent) -> bool | None:
    """The ship buyer delivers whenever it can, to the ship worth most."""
    ships = [a for a in state.legal_actions() if type(a) is Deliver]
    if not ships:
        return None
    top = max(state.yard.face_up(a.ship).points for a in ships)  # type: ignore[union-attr]
    return type(action) is Deliver and state.yard.face_up(action.ship).points == top  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("name", "checks"),
    [
        ("fisher", {"claim": _claims, "fish": _fish_first, "at sea": _fisher_at_sea}),
        ("market-builder", {"claim": _claims, "own market": _own_market, "merchant": _merchant}),
        ("islander-hoarder", {"claim": _claims, "big ships": _big_ships}),
        ("ship-buyer", {"claim": _claims, "most valuable": _most_valuable}),
    ],
)
def test_a_bundled_strategy_follows_its_rules(name: str, checks: dict[str, Check]) -> None:
    _follow(name, {**checks, "islanders decided": _passes_islanders})
