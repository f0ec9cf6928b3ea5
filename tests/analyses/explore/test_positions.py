"""The position pages: a scenario stepped entry by entry, played on, and saved as a line."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

import pytest

from analyses.explore.positions import Line, save, view
from analyses.explore.root import Root
from analyses.plugins import plugin
from models.core import game_class
from models.errors import AtollError
from tests.analyses.explore.conftest import atoll_json, request
from tests.analyses.explore.games import played, save_game
from tests.games import EXAMPLES, example_scenario, installed_games


def test_each_step_shows_the_events_it_logged(root: Path) -> None:
    line = Line("southseas", "southseas/close-island.toml")
    states = [game_class("southseas").load_scenario(root / line.file, steps=k) for k in range(4)]
    for k in range(1, 4):
        shown = view(Root(root), Line(line.game, line.file, k))
        assert shown.entries == 3 and shown.step == k
        new = states[k].events()[len(states[k - 1].events()) :]
        assert [e["kind"] for e in shown.events] == [str(e.kind) for e in new]
        assert shown.state.history() == states[k].history()


@pytest.mark.parametrize("game", installed_games())
def test_the_summary_is_what_replay_json_prints(root: Path, game: str) -> None:
    file = example_scenario(game).relative_to(EXAMPLES).as_posix()  # under the root, a copy
    shown = view(Root(root), Line(game, file))
    expected = atoll_json(game, "replay", str(root / file))
    expected.pop("events", None)
    assert {k: json.loads(json.dumps(v)) for k, v in shown.summary.items()} == expected


def test_a_line_played_on_and_saved_replays_to_the_same_position(root: Path) -> None:
    base = Line("gloryislands", "gloryislands/opening-round.toml")
    first = view(Root(root), base)
    plays = []
    shown = first
    for _ in range(4):  # the first legal action, four times (chance outcomes too)
        plays.append(shown.actions[0][0])
        shown = view(Root(root), Line(base.game, base.file, None, tuple(plays)))
    path = save(Root(root), shown.line, "tried.toml")
    assert path == root / "gloryislands" / "tried.toml"
    again = game_class("gloryislands").load_scenario(path)
    assert again.history() == shown.state.history()
    assert again.events() == shown.state.events()
    snapshot = plugin("gloryislands").snapshot
    assert snapshot is not None
    replayed = atoll_json("gloryislands", "replay", str(path))
    assert replayed == json.loads(json.dumps(snapshot(again)))


def test_an_illegal_play_and_a_step_past_the_end_are_one_line_errors(root: Path) -> None:
    file = "southseas/close-island.toml"
    with pytest.raises(AtollError) as bad:
        view(Root(root), Line("southseas", file, 3, ("p0 place (9,9) r0",)))
    assert bad.value.one_line().startswith("play[0]: ")
    with pytest.raises(AtollError, match="the scenario has 3 entries, not 4"):
        view(Root(root), Line("southseas", file, 4))
    with pytest.raises(AtollError, match="a file name"):
        save(Root(root), Line("southseas", file), "../x.toml")


def test_a_whole_south_seas_game_steps_to_its_final_scores(server: str, root: Path) -> None:
    state = played("southseas", 2, seed=5)
    assert state.is_terminal()
    path = save_game(root, "southseas/whole-game.toml", state)
    entries = len(state.history())
    page = request(server + "position?game=southseas&file=southseas/whole-game.toml").text
    assert f'<span id="entries">{entries}</span>' in page
    scores = re.search(r'<tr data-key="scores" data-json="(.*?)"><th>scores</th>', page)
    assert scores is not None
    replayed = atoll_json("southseas", "replay", str(path))
    assert json.loads(unescape(scores.group(1))) == replayed["scores"]
    assert "The game is over" in page


def test_an_unknown_game_or_a_missing_file_is_refused_on_the_page(server: str) -> None:
    unknown = request(server + "position?game=chess&file=southseas/close-island.toml")
    assert unknown.status == 400 and "game: no game &#39;chess&#39;" in unknown.text
    missing = request(server + "position?game=southseas&file=nowhere.toml")
    assert missing.status == 400 and "nowhere.toml: no such file under the root" in missing.text


def test_saving_over_http_needs_the_app_s_header_and_a_plain_name(server: str, root: Path) -> None:
    line = {"game": "tobago", "file": "tobago/first-treasure.toml", "step": 2, "plays": []}
    saved = request(server + "position/save", {**line, "name": "two.json"})
    assert saved.json() == {"saved": "tobago/two.json"}
    again = game_class("tobago").load_scenario(root / "tobago" / "two.json")
    expected = game_class("tobago").load_scenario(root / line["file"], steps=2)
    assert again.history() == expected.history()
    refused = request(server + "position/save", {**line, "name": "../../x.toml"})
    assert refused.status == 400 and "name: a file name" in refused.json()["error"]


def test_saving_a_line_over_the_scenario_shown_is_refused_until_the_request_confirms_it(
    server: str, root: Path
) -> None:
    original = (root / "tobago" / "first-treasure.toml").read_text()
    (root / "tobago" / "shown.toml").write_text(original)
    line = {"game": "tobago", "file": "tobago/shown.toml", "step": 2, "plays": []}
    refused = request(server + "position/save", {**line, "name": "shown.toml"})
    assert refused.status == 409
    assert refused.json() == {
        "error": "tobago/shown.toml: is the scenario shown here: a saved line keeps none of its "
        "comments: replace it?"
    }
    assert (root / "tobago" / "shown.toml").read_text() == original  # comments and all
    other = request(server + "position/save", {**line, "name": "first-treasure.toml"})
    assert other.status == 409
    assert other.json() == {"error": "tobago/first-treasure.toml: exists already: replace it?"}
    replaced = request(server + "position/save", {**line, "name": "shown.toml", "replace": True})
    assert replaced.json() == {"saved": "tobago/shown.toml"}
    again = game_class("tobago").load_scenario(root / "tobago" / "shown.toml")
    expected = game_class("tobago").load_scenario(root / "tobago" / "first-treasure.toml", steps=2)
    assert again.history() == expected.history()
    not_yes = request(server + "position/save", {**line, "name": "shown.toml", "replace": "yes"})
    assert not_yes.status == 400 and not_yes.json()["error"].startswith("replace: expected bool")


def test_saving_hints_over_an_existing_file_is_refused_until_the_request_confirms_it(
    server: str, root: Path
) -> None:
    kept = root / "tobago" / "kept-hints.toml"
    kept.write_text('# my notes\n[treasure.1]\nhints = ["in lake"]\n')
    puzzle = {"map": "lagoon", "hints": {"1": ["in jungle"]}, "name": "tobago/kept-hints.toml"}
    refused = request(server + "tobago/save", puzzle)
    assert refused.status == 409
    assert refused.json() == {"error": "tobago/kept-hints.toml: exists already: replace it?"}
    assert kept.read_text().startswith("# my notes")
    replaced = request(server + "tobago/save", {**puzzle, "replace": True})
    assert replaced.json() == {"saved": "tobago/kept-hints.toml"}
    assert '"in jungle"' in kept.read_text() and "my notes" not in kept.read_text()
