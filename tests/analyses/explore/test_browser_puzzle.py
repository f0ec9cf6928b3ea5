"""The Tobago puzzle page in a real browser: hints laid by clicking, candidates drawn."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from models.tobago.island.map import LandmarkKind, Terrain
from models.tobago.island.render import COLOURS, LANDMARK_LABELS
from tests.analyses.explore.browser import browser, page, settled
from tests.analyses.explore.conftest import atoll_json, request

__all__ = ["browser", "page"]  # the fixtures


def _lay(page: Any, treasure: int, clue: str, hints_now: int) -> None:
    page.select_option(f'select.offer[data-treasure="{treasure}"]', clue)
    page.click(f'button[data-action="add"][data-treasure="{treasure}"]')
    page.wait_for_function(f"() => document.querySelectorAll('.hint').length === {hints_now}")
    settled(page)


def _drawn(page: Any) -> dict[str, list[list[int]]]:
    pairs = page.eval_on_selector_all(
        "circle.cand", "els => els.map(e => [e.dataset.treasure, e.dataset.field])"
    )
    found: dict[str, list[list[int]]] = {str(t): [] for t in (1, 2, 3, 4)}
    for treasure, field in pairs:
        found[treasure].append([int(v) for v in field.split(",")])
    return {t: sorted(fields) for t, fields in found.items()}


def test_three_hints_laid_on_lagoon_by_clicking_draw_the_cli_s_candidates(
    server: str, root: Path, page: Any
) -> None:
    page.goto(server + "tobago/puzzle?map=lagoon")
    settled(page)
    _lay(page, 1, "in jungle", 1)
    _lay(page, 2, "next to river", 2)
    _lay(page, 1, "not next to sea", 3)
    page.fill("#save-name", "clicked/three.toml")
    page.click("#save")
    page.wait_for_function("() => document.getElementById('saved').textContent.startsWith('saved')")
    offered = page.eval_on_selector_all("#load-file option", "els => els.map(e => e.value)")
    assert "clicked/three.toml" in offered  # the new file can be opened again at once
    saved = root / "clicked" / "three.toml"
    assert saved.read_text().count('"') == 6  # three clues, as the CLI writes them
    expected = atoll_json("tobago", "candidates", "lagoon", "--hints", str(saved))["treasures"]
    drawn = _drawn(page)
    assert drawn == {t: sorted(e["candidates"]) for t, e in expected.items()}
    shown = page.eval_on_selector_all(
        "section.treasure", "els => els.map(e => e.querySelector('[data-status]').dataset.status)"
    )
    assert shown == [expected[str(t)]["status"] for t in (1, 2, 3, 4)]
    counts = page.eval_on_selector_all("span.count", "els => els.map(e => +e.dataset.count)")
    assert counts == [len(expected[str(t)]["candidates"]) for t in (1, 2, 3, 4)]
    page.screenshot(path=str(root / "puzzle.png"), full_page=True)


def test_clicking_a_field_says_which_hint_excludes_it(server: str, page: Any) -> None:
    page.goto(server + "tobago/puzzle?map=lagoon")
    settled(page)
    _lay(page, 1, "in jungle", 1)
    page.click('polygon.field[data-field="3,3"]')
    page.wait_for_function("() => document.getElementById('why').textContent.length > 0")
    assert (
        page.text_content("#why") == "[3,3] (beach) at treasure 1: excluded by hint 1 'in jungle'"
    )


def test_taking_a_hint_back_and_switching_a_rule_option_redraw_the_candidates(
    server: str, page: Any
) -> None:
    page.goto(server + "tobago/puzzle?map=lagoon")
    settled(page)
    before = _drawn(page)
    _lay(page, 3, "in sight of hut", 1)
    narrowed = _drawn(page)
    assert len(narrowed["3"]) < len(before["3"])
    page.uncheck('input.sight[value="2"]')  # in sight: within one field only
    page.wait_for_function(
        "() => document.querySelectorAll('circle.cand[data-treasure=\"3\"]').length !== "
        f"{len(narrowed['3'])}"
    )
    settled(page)
    assert len(_drawn(page)["3"]) < len(narrowed["3"])
    page.click('button[data-action="remove"][data-treasure="3"]')
    page.wait_for_function("() => document.querySelectorAll('.hint').length === 0")
    settled(page)
    assert _drawn(page) == before


def test_a_bad_hints_file_is_a_one_line_error_on_the_page(
    server: str, root: Path, page: Any
) -> None:
    (root / "broken-hints.toml").write_text('[treasure.5]\nhints = ["in lake"]\n')
    page.goto(server + "tobago/puzzle?map=lagoon&hints=broken-hints.toml")
    assert page.text_content("#refused") == (
        "broken-hints.toml: treasure.5: no such treasure (treasures are 1 to 4)"
    )


def test_a_hints_file_uploaded_from_the_computer_is_laid_on_the_map(
    server: str, tmp_path: Path, page: Any
) -> None:
    upload = tmp_path / "from-my-desk.toml"
    upload.write_text('[treasure.2]\nhints = ["in jungle", "not next to sea"]\n')
    page.goto(server + "tobago/puzzle?map=lagoon")
    settled(page)
    page.set_input_files("#upload", str(upload))
    page.wait_for_function("() => document.querySelectorAll('.hint').length === 2")
    settled(page)
    texts = page.locator('section.treasure[data-treasure="2"] .hint').all_text_contents()
    assert [t.rstrip(" ×") for t in texts] == ["1. in jungle", "2. not next to sea"]


def test_a_long_why_text_keeps_the_treasure_panel_beside_the_map(server: str, page: Any) -> None:
    page.goto(server + "tobago/puzzle?map=lagoon")  # a desktop window: 1400 pixels wide
    settled(page)
    for k, clue in enumerate(["not in beach", "not next to sea", "in jungle"], start=1):
        _lay(page, 1, clue, k)
    page.click('polygon.field[data-field="3,3"]')
    page.wait_for_function("() => document.getElementById('why').textContent.length > 0")
    why = page.text_content("#why")
    assert why.count("excluded by hint") == 3 and len(why) > 180
    board, panel = (page.locator(s).bounding_box() for s in ("#board", "#panel"))
    assert panel["x"] >= board["x"] + board["width"]  # beside the map, not under it
    assert panel["y"] < board["y"] + board["height"]
    assert page.locator("#why").bounding_box()["width"] <= board["width"] + 1


def _words(html: str) -> str:
    """The words an item shows (its symbol's tooltip left out)."""
    return re.sub(r"<[^>]*>", "", re.sub(r"<title>.*?</title>", "", html)).strip()


def test_the_island_drawing_has_a_legend_of_terrains_and_landmarks(server: str) -> None:
    board = request(server + "tobago/puzzle?map=lagoon").text
    legend = board[board.index('<ul class="legend"') : board.index("</ul>", board.index("legend"))]
    items = re.findall(r'<li data-kind="([^"]+)">(.*?)</li>', legend, re.S)
    named = {(kind, _words(inner)) for kind, inner in items}
    assert {("terrain", t.word) for t in Terrain} <= named
    assert {(k.value, LANDMARK_LABELS[k.value]) for k in LandmarkKind} <= named
    for kind, inner in items:  # the colours the PNG's legend gives them
        word = _words(inner)
        colour = COLOURS[word] if kind == "terrain" else COLOURS.get(kind)
        if colour is not None:
            assert f'fill="{colour}"' in inner
