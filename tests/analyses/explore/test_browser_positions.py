"""The position page in a real browser: a South Seas game stepped to its end, a line played
on and saved, a path outside the root refused."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from models.core import game_class
from tests.analyses.explore.browser import browser, page
from tests.analyses.explore.conftest import atoll_json
from tests.analyses.explore.games import played, save_game

__all__ = ["browser", "page"]  # the fixtures


def _shown(page: Any, key: str) -> Any:
    return json.loads(page.get_attribute(f'#summary tr[data-key="{key}"]', "data-json"))


def test_a_south_seas_scenario_stepped_to_its_end_shows_replay_s_scores(
    server: str, root: Path, page: Any
) -> None:
    state = played("southseas", 3, seed=11)
    path = save_game(root, "southseas/browser-game.toml", state)
    page.goto(server + "position?game=southseas&file=southseas/browser-game.toml&step=0")
    for step in (1, 2, 3):
        with page.expect_navigation():
            page.click("#next")
        assert page.input_value("#step") == str(step)
        assert page.locator("#picture").evaluate("img => img.complete && img.naturalWidth > 0")
    with page.expect_navigation():
        page.click("#end")
    assert page.text_content("#over") == "The game is over: no action is legal."
    assert page.input_value("#step") == page.text_content("#entries") == str(len(state.history()))
    expected = atoll_json("southseas", "replay", str(path))
    assert _shown(page, "scores") == expected["scores"]
    assert _shown(page, "winners") == expected["winners"]
    assert _shown(page, "scores_final") is True
    page.screenshot(path=str(root / "position-end.png"), full_page=True)


def test_a_line_played_on_the_page_is_saved_as_a_scenario_that_replays(
    server: str, root: Path, page: Any
) -> None:
    page.goto(server + "position?game=gloryislands&file=gloryislands/opening-round.toml")
    chosen = []
    for _ in range(3):
        chosen.append(page.eval_on_selector("#actions", "s => s.options[s.selectedIndex].value"))
        with page.expect_navigation():
            page.click("#play-form button[type=submit]")
    assert page.locator("#played code").all_text_contents() == chosen
    page.fill("#save-name", "browser-line.toml")
    page.click("#save")
    page.wait_for_function("() => document.getElementById('saved').textContent.startsWith('saved')")
    saved = root / "gloryislands" / "browser-line.toml"
    again = game_class("gloryislands").load_scenario(saved)
    expected = atoll_json("gloryislands", "replay", str(saved))
    assert _shown(page, "round") == expected["round"]
    assert [str(a) for a in again.history()][-3:] == chosen
    with page.expect_navigation():
        page.click("#back")
    assert page.locator("#played code").all_text_contents() == chosen[:2]
    page.screenshot(path=str(root / "position-line.png"), full_page=True)


def test_a_path_outside_the_root_is_refused_in_the_page(server: str, page: Any) -> None:
    response = page.goto(server + "position?game=southseas&file=../../etc/passwd")
    assert response is not None and response.status == 403
    assert (
        page.text_content("#refused") == "'../../etc/passwd': outside the root: '..' is not allowed"
    )
    response = page.goto(server + "tobago/puzzle?map_file=/etc/hostname")
    assert response is not None and response.status == 403
    assert "outside the root" in page.text_content("#refused")


def test_saving_over_the_scenario_shown_asks_first_and_replaces_only_on_yes(
    server: str, root: Path, page: Any
) -> None:
    original = (root / "gloryislands" / "opening-round.toml").read_text()
    shown = root / "gloryislands" / "asked.toml"
    shown.write_text(original)
    page.goto(server + "position?game=gloryislands&file=gloryislands/asked.toml")
    with page.expect_navigation():
        page.click("#play-form button[type=submit]")
    asked: list[str] = []

    def answer(dialog: Any, accept: bool) -> None:
        asked.append(dialog.message)
        dialog.accept() if accept else dialog.dismiss()

    page.once("dialog", lambda dialog: answer(dialog, accept=False))
    page.fill("#save-name", "asked.toml")
    page.click("#save")
    page.wait_for_function("() => !document.getElementById('error').hidden")
    assert asked == [
        "gloryislands/asked.toml: is the scenario shown here: a saved line keeps none of its "
        "comments: replace it?"
    ]
    assert page.text_content("#error").startswith("not saved: gloryislands/asked.toml")
    assert shown.read_text() == original
    page.once("dialog", lambda dialog: answer(dialog, accept=True))
    page.click("#save")
    page.wait_for_function("() => document.getElementById('saved').textContent.startsWith('saved')")
    assert len(asked) == 2 and page.is_hidden("#error")
    replayed = game_class("gloryislands").load_scenario(shown)
    before = game_class("gloryislands").load_scenario(root / "gloryislands" / "opening-round.toml")
    assert len(replayed.history()) == len(before.history()) + 1
