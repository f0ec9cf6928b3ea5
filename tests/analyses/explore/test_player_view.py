"""The position page's views: the designer's (everything) and each player's (what his
observation lets him know), with values as a designer reads them and paths relative to the
root."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path
from typing import Any

from analyses.explore.positions import Line, view
from analyses.explore.root import Root
from analyses.explore.seats import hidden_anywhere
from tests.analyses.explore.conftest import atoll_json, request

TOBAGO = "tobago/first-treasure.toml"


def _rows(page: str) -> dict[str, Any]:
    """The summary table's values as JSON (each row's ``data-json``)."""
    found = re.findall(r'<tr data-key="([^"]+)" data-json="([^"]*)">', page)
    return {key: json.loads(unescape(text)) for key, text in found}


def _text(page: str) -> str:
    """What a reader sees: the page without its tags and attributes."""
    page = re.sub(r"<script.*?</script>", " ", page, flags=re.S)
    return unescape(re.sub(r"<[^>]*>", " ", page))


def test_tobago_s_player_view_hides_the_other_player_s_hand_and_options(
    server: str, root: Path
) -> None:
    snap = atoll_json("tobago", "replay", str(root / TOBAGO))
    assert snap["next"]["player"] == 1  # player 1 decides, from his own hand
    laid = {h for t in snap["treasures"] for h in t["hints"]}
    theirs = [c for c in snap["hands"][1] if c not in snap["hands"][0] and c not in laid]
    assert theirs
    designer = request(server + f"position?game=tobago&file={TOBAGO}").text
    player = request(server + f"position?game=tobago&file={TOBAGO}&seat=0").text
    for card in theirs:
        assert card in _text(designer)  # in player 1's hand
        assert f"'{card}'" not in _text(player)  # nor in his legal actions
    assert any(f"'{card}'" in _text(designer) for card in theirs)
    assert _rows(designer)["hands"] == snap["hands"]
    seen = _rows(player)
    assert seen["hands"] == [snap["hands"][0], ["hidden"] * len(snap["hands"][1])]
    assert seen["next"]["options"] == "hidden"
    assert 'id="actions-hidden"' in player and 'id="actions"' not in player
    # Every gold card taken was turned up first (TB-G3): his observation holds them all.
    assert seen["gold"] == snap["gold"] and seen["scores"] == snap["scores"]
    own = request(server + f"position?game=tobago&file={TOBAGO}&seat=1").text
    assert _rows(own)["next"] == snap["next"] and 'id="actions"' in own


def test_every_game_hides_from_a_player_only_what_his_observation_hides(root: Path) -> None:
    south = view(Root(root), Line("southseas", "southseas/two-markets.toml", seat=0))
    assert not south.hides  # South Seas hides nothing: the stack's order is chance's
    glory = view(Root(root), Line("gloryislands", "gloryislands/midgame.toml", seat=0))
    designer = view(Root(root), Line("gloryislands", "gloryislands/midgame.toml"))
    hidden = {k for k, v in glory.summary.items() if hidden_anywhere(v)}
    assert hidden == {"treasures", "bag"}  # the others' face-down tiles, and so the bag
    assert glory.summary["treasures"][0] == designer.summary["treasures"][0]  # his own
    assert glory.summary["board"] == designer.summary["board"]


def test_values_are_shown_as_a_designer_reads_them(server: str, root: Path) -> None:
    page = request(server + f"position?game=tobago&file={TOBAGO}").text
    shown = _text(page)
    assert "scores final" in shown and re.search(r"scores final\s+no", shown)
    assert re.search(r"roses\s+14, 14", shown)
    assert "[" not in shown.split("What")[-1].split("Play from here")[0]  # no JSON lists
    assert "{" not in shown and "true" not in shown and "null" not in shown
    assert shown.count(str(root)) == 1  # the header names the root; paths are relative to it
    assert "/models/tobago/data/clues.toml" not in page
    assert "bundled models/tobago/data/clues.toml" in shown


def test_a_seat_that_is_not_in_the_game_is_a_one_line_error(server: str) -> None:
    answer = request(server + f"position?game=tobago&file={TOBAGO}&seat=5")
    assert answer.status == 400 and "seat: no player 5 in a game of 2" in answer.text
    answer = request(server + f"position?game=tobago&file={TOBAGO}&seat=x")
    assert answer.status == 400 and "seat: a player&#39;s seat (0, 1, ...), got &#39;x&#39;" in (
        answer.text
    )


def test_an_error_page_names_files_relative_to_the_root(server: str, root: Path) -> None:
    answer = request(server + f"position?game=southseas&file={TOBAGO}")
    assert answer.status == 400
    assert re.search(r'id="refused">tobago/first-treasure.toml: a Tobago scenario', answer.text)
    assert _text(answer.text).count(str(root)) == 1  # the header naming the root
