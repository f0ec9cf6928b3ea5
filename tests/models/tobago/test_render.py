"""Tests for models.tobago.render and ``atoll tobago render --game``: a game position drawn
with its vehicles, amulets, treasures, roses and players."""

from __future__ import annotations

import tomllib
from itertools import combinations
from pathlib import Path
from typing import Any

import matplotlib.image as mpimg
import pytest
from matplotlib.figure import Figure

from models.core import load_game, make_rng, random_playout
from models.tobago.island.hexgrid import centre
from models.tobago.island.render import COLOURS
from models.tobago.render import PLAYER_COLOURS, draw_game
from models.tobago.scenario import replay
from models.tobago.state import TobagoState
from tests.analyses.cli.test_main import assert_one_error_line, run

SCENARIO = Path(__file__).parents[3] / "examples" / "tobago" / "first-treasure.toml"
#: first-treasure.toml up to turn 2: P1's hint has fixed treasure 2 at 5,3 (TB-H6); roses
#: queue P1 (his starting claim), P0, P1 (front to back); nothing is raised yet.
FIXED_AT = (5, 3)


def _scenario(stop: str | None = None) -> TobagoState:
    data: dict[str, Any] = tomllib.loads(SCENARIO.read_text(encoding="utf-8"))
    if stop is not None:
        data["actions"] = data["actions"][: data["actions"].index(stop) + 1]
    return replay(data, source=SCENARIO)


def _texts(fig: Figure) -> list[str]:
    return [t.get_text() for ax in fig.axes for t in ax.texts] + [t.get_text() for t in fig.texts]


def _points(fig: Figure, gid: str) -> list[tuple[float, float, str]]:
    """Every marker of lines with ``gid`` on the map: (x, y, face colour)."""
    found = []
    for line in fig.axes[0].get_lines():
        if line.get_gid() == gid:
            for x, y in zip(line.get_xdata(), line.get_ydata(), strict=True):
                found.append((float(x), float(y), str(line.get_markerfacecolor())))
    return found


def _roses(fig: Figure, t: int) -> list[str]:
    """The colours of the roses drawn on treasure ``t``'s row of the panel, left to right (the
    panel's rows are 0.32 in: next move, column titles, T1, T2, ...)."""
    panel = next(ax for ax in fig.axes if ax.get_gid() == "panel")
    row = (t + 2.5) * 0.32
    roses = [
        (float(line.get_xdata()[0]), str(line.get_markerfacecolor()))
        for line in panel.get_lines()
        if line.get_marker() == "*" and abs(float(line.get_ydata()[0]) - row) < 1e-6
    ]
    return [c for _, c in sorted(roses)]


def test_a_fixed_treasure_gets_a_ring_and_its_roses_queue_in_order() -> None:
    state = _scenario("p1 hint T2 'not next to scrubland'")
    assert state.cand[1].bit_count() == 1
    fig = draw_game(state)
    rings = [p for p in fig.axes[0].patches if p.get_gid() == "fixed 2"]
    assert len(rings) == 1
    assert tuple(rings[0].xy) == pytest.approx(centre(FIXED_AT))
    assert "fixed at 5,3 (ring)" in _texts(fig)
    assert _roses(fig, 1) == [PLAYER_COLOURS[p] for p in state.queues[1]]
    assert state.queues[1] == [1, 0, 1]


def test_vehicles_and_amulets_are_where_the_state_says() -> None:
    state = _scenario()
    fig = draw_game(state)
    fields = state.game.fields
    vehicles = _points(fig, "vehicle")
    assert len(vehicles) == state.n
    for p, at in enumerate(state.vehicles):
        x, y = centre(fields[at])
        assert any(
            c == PLAYER_COLOURS[p] and abs(vx - x) < 0.5 and abs(vy - y) < 1
            for vx, vy, c in vehicles
        )
    amulets = _points(fig, "amulet")
    assert len(amulets) == sum(min(c, 3) for c in state.amulets_on.values()) > 0
    for index in state.amulets_on:
        x, y = centre(fields[index])
        assert any(abs(ax - x) < 0.5 and abs(ay - y) < 1 for ax, ay, _ in amulets)


def test_gold_values_stay_secret_until_the_end() -> None:
    state = _scenario()
    texts = " ".join(_texts(draw_game(state)))
    assert "P0: 2 gold cards" in texts and "worth" not in texts
    assert "clues: RECONSTRUCTION" in texts and "gold deck 36 cards" in texts
    over = load_game("tobago", 2).new_initial_state()
    random_playout(over, make_rng(3))
    texts = " ".join(_texts(draw_game(over)))
    assert "game over" in texts
    assert f"worth {sum(over.gold[0])}" in texts


def test_roses_in_queue_order_and_candidates_of_marked_treasures_only() -> None:
    state = load_game("tobago", 4).new_initial_state()
    random_playout(state, make_rng(3), max_moves=150)
    fig = draw_game(state)
    assert any(q != q[::-1] for q in state.queues)  # the order of the roses can be seen
    for t in range(4):
        assert _roses(fig, t) == [PLAYER_COLOURS[p] for p in state.queues[t]]
    threshold = state.options.marker_threshold
    for t in range(4):
        k = state.cand[t].bit_count()
        dots = [c for c in fig.axes[0].collections if c.get_gid() == f"treasure {t + 1}"]
        if state.hints[t] and k < threshold:
            assert len(dots[0].get_offsets()) == k
            assert dots[0].get_facecolor()[0][:3] == pytest.approx(
                tuple(int(COLOURS[f"treasure {t + 1}"][i : i + 2], 16) / 255 for i in (1, 3, 5))
            )
        else:
            assert not dots


def test_png_for_notebooks_and_file(tmp_path: Path) -> None:
    state = _scenario()
    assert state._repr_png_()[:8] == b"\x89PNG\r\n\x1a\n"
    path = state.save_png(tmp_path / "deep" / "game.png", dpi=110)
    height, width, _ = mpimg.imread(path).shape
    assert width > 1000 and height > 1000


def test_cli_draws_a_game_position(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "game.png"
    status, text, err = run(capsys, "tobago", "render", SCENARIO, "--out", out)
    assert (status, err) == (0, "") and out.is_file() and text.strip() == f"wrote {out}"
    status, _, err = run(capsys, "tobago", "render", "reef", "--out", tmp_path / "reef.png")
    assert (status, err) == (0, "")  # the map picture works as before


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--game", "{bad}", "--out", "{tmp}/x.png"], "actions[0]: turn 0: vehicle at 0,0"),
        (["--game", "{tmp}/none.toml", "--out", "{tmp}/x.png"], "no such file"),
        (["--game", str(SCENARIO), "--out", "{tmp}/x.txt"], "--out: the picture is written"),
        (["--game", str(SCENARIO), "--out", str(SCENARIO)], "--out"),
        (["reef", "--game", str(SCENARIO), "--out", "{tmp}/x.png"], "give no MAP or --hints"),
        (["--out", "{tmp}/x.png"], "MAP: name a MAP"),
        # the deck given replaces the scenario's (--deck is --component clues=FILE)
        (["--game", str(SCENARIO), "--deck", "{bad}", "--out", "{tmp}/x.png"], "bad.toml: actions"),
    ],
)
def test_bad_render_input_is_one_error_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, args: list[str], needle: str
) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('players = 2\nseed = 1\nactions = ["p0 vehicle at 0,0"]\n', encoding="utf-8")
    given = [a.format(bad=bad, tmp=tmp_path) for a in args]
    status, out, err = run(capsys, "tobago", "render", *given)
    assert needle in assert_one_error_line(status, out, err)
    assert not (tmp_path / "x.png").exists()


def _points_per_unit(fig: Figure) -> float:
    ax = fig.axes[0]
    x0, x1 = ax.get_xlim()
    return float(ax.get_position().width * fig.get_figwidth() * 72 / (x1 - x0))


def test_vehicles_are_large_in_their_players_colours_and_in_the_legend() -> None:
    state = _scenario()
    fig = draw_game(state)
    pts = _points_per_unit(fig)
    bodies = [line for line in fig.axes[0].get_lines() if line.get_gid() == "vehicle"]
    assert len(bodies) == state.n
    for line in bodies:  # wider than half a hex (a hex is sqrt 3 = 1.73 units across)
        assert line.get_markersize() >= 1.0 * pts
    (legend,) = fig.legends
    labels = [t.get_text() for t in legend.get_texts()]
    assert [f"P{p}'s vehicle" for p in range(state.n)] == [t for t in labels if "vehicle" in t]
    assert "amulet lying on the island" in labels
    names = [t.get_text() for t in fig.axes[0].texts if t.get_text() in ("P0", "P1")]
    assert sorted(names) == ["P0", "P1"]  # each vehicle carries its player's name


@pytest.mark.parametrize("sharing", [2, 3, 4])
def test_vehicles_sharing_a_field_do_not_cover_each_other(sharing: int) -> None:
    state = load_game("tobago", 4).new_initial_state()
    random_playout(state, make_rng(3), max_moves=150)
    assert isinstance(state, TobagoState)
    state.vehicles = [state.vehicles[0]] * sharing + state.vehicles[sharing:]  # for the picture
    fig = draw_game(state)
    pts = _points_per_unit(fig)
    bodies = [
        (float(line.get_xdata()[0]), float(line.get_ydata()[0]), line.get_markersize() / pts)
        for line in fig.axes[0].get_lines()
        if line.get_gid() == "vehicle"
    ]
    x, y = centre(state.game.fields[state.vehicles[0]])
    shared = [b for b in bodies if abs(b[0] - x) < 1 and abs(b[1] - y) < 1]
    assert len(shared) == sharing
    for (ax_, ay, w), (bx, by, _) in combinations(shared, 2):
        # a body is w wide and about 0.67 w high (wheels included): no two boxes overlap
        assert abs(ax_ - bx) >= w or abs(ay - by) >= 0.67 * w
    assert all(abs(bx - x) + w / 2 < 0.87 for bx, _, w in shared)  # inside the hex (0.866)


def test_the_legend_covers_no_data() -> None:
    state = load_game("tobago", 4).new_initial_state()
    random_playout(state, make_rng(3), max_moves=150)
    fig = draw_game(state)
    renderer = fig.canvas.get_renderer()  # type: ignore[attr-defined]
    (legend,) = fig.legends
    box = legend.get_window_extent(renderer)
    for ax in fig.axes:  # the map and the panel under it
        assert not box.overlaps(ax.get_window_extent(renderer))
    assert box.x1 <= fig.bbox.x1 and box.y0 >= 0  # and it fits on the picture
