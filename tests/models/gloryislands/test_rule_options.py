"""The Glory Islands readings the text leaves open, each a rule option with a documented default
(see models/gloryislands/options.py for the sources)."""

from __future__ import annotations

import pytest

from models.errors import AtollError, IllegalActionError
from models.gloryislands import rounds
from models.gloryislands.actions import ExtraPirate, Hunt, Relocate
from models.gloryislands.components import parse_cell
from models.gloryislands.options import GloryIslandsOptions
from tests.models.gloryislands.helpers import act, advance, events, new, occupy, options_text


def test_defaults_are_the_literal_readings() -> None:
    assert GloryIslandsOptions().to_dict() == {
        "sunk_can_win": False,
        "sunk_pirates": "stay",
        "sails_may_sink": True,
        "first_tie": "first_second",
        "all_tied_pool": "all_places",
        "sole_owner": "first_place",
        "hunt": True,
        "extra_pirate": True,
        "relocate": True,
        "colours": "by_seat",
    }


def test_GI_R1_colours_dealt_by_chance_each_way_alike() -> None:
    by_seat = new(3)
    assert by_seat.colours == ["red", "blue", "green"] and not by_seat.is_chance_node()
    state = new(3, colours="dealt")
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 24 and {p for _, p in outcomes} == {1 / 24}  # 4 colours, 3 seats
    act(state, "deal yellow,red,blue")
    assert state.colours == ["yellow", "red", "blue"]
    assert [state.card(c).colour for c in state.hands[0]] == ["yellow"] * 6
    assert events(state, "deal") == [{"colours": {0: "yellow", 1: "red", 2: "blue"}}]
    assert state.player_summary(0)["colour"] == "yellow"
    with pytest.raises(IllegalActionError, match="GI-R1"):
        act(new(3, colours="dealt"), "deal red,red,blue")


@pytest.mark.parametrize(
    "bad", [{"sunk_can_win": "yes"}, {"first_tie": "second"}, {"sunk_pirates": 1}, {"x": 1}]
)
def test_bad_options_are_one_line_errors(bad: dict[str, object]) -> None:
    with pytest.raises(AtollError) as info:
        GloryIslandsOptions.from_mapping(bad)
    assert "\n" not in str(info.value)


def _sink_player_0(**options: object) -> object:
    state = new(2, **options)
    occupy(state, {"b2": 0, "e4": 0})
    state.sails[0] = len(state.board.sail_track) - 1
    state.held[0], state.bag, state.bag_total = [4] * 5, [3] * 5, 15  # 60 fame of treasure
    act(state, "p0 play red-1", "p1 play blue-5")
    return state


def test_GI_R2_sunk_can_win_default_false_a_sunk_ship_is_out() -> None:
    state = _sink_player_0()
    rounds.finish(state, "test")
    assert state.returns()[0] > state.returns()[1]
    assert state.outcome().winners == (1,)


def test_GI_R2_sunk_can_win_true_his_fame_competes() -> None:
    state = _sink_player_0(sunk_can_win=True)
    rounds.finish(state, "test")
    assert state.outcome().winners == (0,)


def test_GI_R2_sunk_pirates_stay_by_default() -> None:
    state = _sink_player_0()
    assert state.supply[0] == 3 and len(state.pirates_at[0]) == 2
    assert events(state, "sunk") == [{"removed": 0}]


def test_GI_R2_sunk_pirates_removed() -> None:
    state = _sink_player_0(sunk_pirates="removed")
    assert state.supply[0] == 5 and state.pirates_at[0] == []
    assert events(state, "sunk") == [{"removed": 2}]


def _at_the_special(**options: object) -> object:
    state = new(2, **options)
    state.barrels, state.barrel_supply = [0, 1], 7
    state.sails[0] = len(state.board.sail_track) - 4  # a 3-card leaves 1 field: 2 more sink
    act(state, "p0 play red-3a", "p1 play blue-1", "p0 move 2", "p0 place c3")
    return state


def test_GI_C3_sails_may_sink_default_true_paying_sails_can_sink() -> None:
    state = _at_the_special()
    assert options_text(state) == ["pass", "extra pirate paying sails"]
    act(state, "p0 extra pirate paying sails")
    assert state.sunk[0] and state.player == 1  # out at once: no second pirate
    assert events(state, "sails")[-1]["sunk"] is True
    assert state.supply[0] == 4


def test_GI_C3_sails_may_sink_false_no_payment_that_sinks() -> None:
    state = _at_the_special(sails_may_sink=False)
    assert state.player == 1  # nothing left to pay with: the turn ended
    with pytest.raises(AtollError):
        act(_at_the_special(sails_may_sink=False), "p1 extra pirate paying sails")


def _skull_cove_tied(**options: object) -> dict[int, int]:
    """Skull Cove (d2 e2 f2 e3; 8/4/2) filled two and two: every player present is tied."""
    state = new(2, **options)
    occupy(state, {"d2": 0, "e2": 1, "f2": 1})
    act(state, "p0 play red-4", "p1 play blue-1", "p0 move 4", "p0 place e3", "p0 pass")
    (island,) = events(state, "island")
    assert island["rule"] == "GI-I5"
    return island["fame"]  # type: ignore[no-any-return]


def test_GI_I5_all_tied_pool_default_all_places() -> None:
    assert _skull_cove_tied() == {0: 8, 1: 7}  # (8 + 4 + 2) / 2, +1 for the trigger


def test_GI_I5_all_tied_pool_places_covered() -> None:
    assert _skull_cove_tied(all_tied_pool="places_covered") == {0: 7, 1: 6}  # (8 + 4) / 2


def _gull_rock_alone(**options: object) -> dict[int, int]:
    state = new(2, **options)
    occupy(state, {"b2": 0})
    act(state, "p0 play red-2", "p1 play blue-1", "p0 move 2", "p0 place c2")
    act(state, "treasure coins", "treasure coins", "p0 keep coins", "p0 pass")
    return events(state, "island")[0]["fame"]  # type: ignore[no-any-return]


def test_GI_I5_sole_owner_default_first_place() -> None:
    assert _gull_rock_alone() == {0: 4}


def test_GI_I5_sole_owner_all_tied() -> None:
    assert _gull_rock_alone(sole_owner="all_tied") == {0: 7}  # 4 + 2 + 0, +1 trigger


def test_GI_I2_first_tie_places_covered_for_three_tied() -> None:
    from models.gloryislands.scoring import island_fame

    three = {0: 2, 1: 2, 2: 2, 3: 1}
    literal = island_fame(three, (12, 6, 3), trigger=3, options=GloryIslandsOptions())
    covered = island_fame(
        three, (12, 6, 3), trigger=3, options=GloryIslandsOptions(first_tie="places_covered")
    )
    assert literal[0] == {0: 6, 1: 6, 2: 6, 3: 3}  # (12 + 6) / 3; the 4th player is "3rd"
    assert covered[0] == {0: 7, 1: 7, 2: 7, 3: 0}  # (12 + 6 + 3) / 3; he is 4th


def test_options_are_recorded_in_the_setup_event() -> None:
    state = advance(new(2, first_tie="places_covered"), rounds=0)
    assert state.log[0].data["options"]["first_tie"] == "places_covered"


# -- the special actions switched off (GI-C2..C4), for `compare` to measure what each is worth --
def _refused_by_option(state: object, entry: str, name: str) -> None:
    """Refused naming the special action's rule, and saying that its option is off."""
    rules = {"hunt": "GI-C2", "extra_pirate": "GI-C3", "relocate": "GI-C4"}
    with pytest.raises(IllegalActionError) as info:
        act(state, entry)  # type: ignore[arg-type]
    assert info.value.rule == rules[name] and f"{name} = false" in info.value.message


def test_GI_C2_hunt_false_the_2_card_has_no_special_action() -> None:
    state = act(new(2, hunt=False), "p0 play red-2", "p1 play blue-1", "p0 move 2")
    act(state, "p0 place c3")  # a pirate field; with the option on, "pass" and "hunt" follow
    assert state.player == 1 and state.phase == "move" and state.barrels[0] == 1
    _refused_by_option(state, "hunt", "hunt")
    assert not events(state, "hunt")


def test_GI_C3_extra_pirate_false_the_3_card_has_no_second_pirate() -> None:
    state = act(new(2, extra_pirate=False), "p0 play red-3a", "p1 play blue-1", "p0 move 2")
    act(state, "p0 place c3")
    assert state.player == 1 and state.supply[0] == 4 and state.sails[0] == 3
    _refused_by_option(state, "extra pirate paying barrel", "extra_pirate")


def test_GI_C4_relocate_false_the_4_card_moves_no_pirate() -> None:
    state = new(2, relocate=False)
    occupy(state, {"b6": 0})
    act(state, "p0 play red-4", "p1 play blue-1", "p0 move 4", "p0 place e3")
    assert state.player == 1 and state.occupant[parse_cell("b6")] == 0
    _refused_by_option(state, "relocate b6 paying barrel", "relocate")


def test_one_switch_leaves_the_other_special_actions_on() -> None:
    state = act(new(2, hunt=False, relocate=False), "p0 play red-3a", "p1 play blue-1")
    act(state, "p0 move 2", "p0 place c3")
    assert options_text(state)[:2] == ["pass", "extra pirate paying barrel"]
    assert GloryIslandsOptions(hunt=False, relocate=False).special_actions() == (3,)


@pytest.mark.parametrize(
    ("name", "action"), [("hunt", Hunt), ("extra_pirate", ExtraPirate), ("relocate", Relocate)]
)
def test_a_switched_off_special_action_is_never_offered(name: str, action: type) -> None:
    """Agents choose among legal_actions(): a switched-off action must never be among them,
    and so never happen; with the option on, the same seeds do offer it."""
    from models.core import make_rng
    from models.gloryislands.events import GloryIslandsEvent

    kind = GloryIslandsEvent.parse(name.replace("_", "-"))
    offered = {False: 0, True: 0}
    for on in (False, True):
        for seed in range(6):
            state, rng = new(4, **{name: on}), make_rng(seed)
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply(state.sample_chance(rng))
                    continue
                legal = state.legal_actions()
                offered[on] += sum(type(a) is action for a in legal)
                state.apply(rng.choice(legal))
            assert on or not [e for e in state.log if e.kind is kind]
    assert offered[False] == 0 and offered[True] > 0
