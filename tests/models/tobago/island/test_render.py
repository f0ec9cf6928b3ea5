"""Tests for models.tobago.island.render: the island picture."""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

import matplotlib.image as mpimg
import numpy as np
import pytest
from matplotlib.collections import PathCollection, PolyCollection
from matplotlib.figure import Figure

from models.errors import AtollError
from models.tobago.island.hexgrid import Field, centre
from models.tobago.island.map import Island, LandmarkKind, Terrain
from models.tobago.island.mapfile import EXAMPLE, parse_map
from models.tobago.island.render import COLOURS, draw_island, save_island_png

# 12 x 10, sea border, every terrain type, a palm, a hut and a statue (not next to the sea).
BIG = '''name = "Big Test"
terrain = """
~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~
 ~ ~ B B B J J ~ ~ ~ ~ ~
~ B B J J J M M B ~ ~ ~
 ~ B J J R M M M B B ~ ~
~ B S S R L L M J B ~ ~
 ~ B S S R L L J J B ~ ~
~ ~ B S S R R J J B ~ ~
 ~ ~ B B S S R B B ~ ~ ~
~ ~ ~ ~ B B R ~ ~ ~ ~ ~
 ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~
"""
[[landmark]]
kind = "palm"
at = [2, 2]

[[landmark]]
kind = "hut"
at = [3, 5]

[[landmark]]
kind = "statue"
at = [6, 3]
facing = "SW"
'''


@pytest.fixture(scope="module")
def big() -> Island:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the hand-written map is clean: no warnings either
        return parse_map(BIG)


@pytest.fixture(scope="module")
def reef() -> Island:
    return parse_map(EXAMPLE)


def _candidates(island: Island) -> dict[int, set[Field]]:
    return {
        1: set(island.fields_of(Terrain.JUNGLE)),
        2: set(island.fields_of(Terrain.MOUNTAIN)) | {(4, 2), (5, 2)},
        3: {f for f in island.island_fields if f[0] < 4},
        4: {(5, 2)},  # shares a field with treasures 1 and 2
    }


def _hexes(fig: Figure) -> PolyCollection:
    (ax,) = fig.axes
    (hexes,) = [c for c in ax.collections if c.get_gid() == "hexes"]
    assert isinstance(hexes, PolyCollection)
    return hexes


def _treasure_points(fig: Figure, number: int) -> int:
    (ax,) = fig.axes
    found = [
        c
        for c in ax.collections
        if isinstance(c, PathCollection) and c.get_gid() == f"treasure {number}"
    ]
    assert len(found) == 1
    return len(np.asarray(found[0].get_offsets()))


def _legend_texts(fig: Figure) -> list[str]:
    (legend,) = fig.legends
    return [t.get_text() for t in legend.get_texts()]


def test_big_map_is_valid_with_every_terrain_and_landmark(big: Island) -> None:
    assert {big.terrain_at(f) for f in big.fields} == set(Terrain)
    assert {lm.kind for lm in big.landmarks} == set(LandmarkKind)
    assert big.statue_gazes() == {(6, 3): (6, 4)}


@pytest.mark.parametrize("which", ["reef", "big"])
def test_png_written_and_decodes(
    which: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    island: Island = request.getfixturevalue(which)
    target = tmp_path / "nested" / "folder" / f"{which}.png"
    kwargs: dict[str, Any] = {
        "candidates": _candidates(island) if which == "big" else None,
        "title": island.name,
        "note": "clue deck: reconstruction",
    }
    width, height = draw_island(island, **kwargs).get_size_inches()
    path = save_island_png(island, target, **kwargs)
    assert path == target and path.is_file()
    assert path.stat().st_size > 20_000
    image = mpimg.imread(path)
    assert image.ndim == 3 and image.shape[2] in (3, 4)
    assert image.shape[1] == pytest.approx(width * 120, abs=2)
    assert image.shape[0] == pytest.approx(height * 120, abs=2)
    assert image.shape[0] > 300 and image.shape[1] > 500


@pytest.mark.parametrize("which", ["reef", "big"])
def test_one_hexagon_per_field_in_terrain_colours(
    which: str, request: pytest.FixtureRequest
) -> None:
    island: Island = request.getfixturevalue(which)
    hexes = _hexes(draw_island(island))
    paths = list(hexes.get_paths())
    assert len(paths) == island.width * island.height
    for f, p in zip(island.fields, paths, strict=True):  # pointy-top, circumradius 1: they tile
        corners = np.asarray(p.vertices)[:6]
        assert corners.mean(axis=0) == pytest.approx(centre(f))
        assert np.hypot(*(corners - centre(f)).T) == pytest.approx(np.ones(6))
        assert corners[:, 1].max() == pytest.approx(centre(f)[1] + 1)  # a point at the bottom
    faces = np.asarray(hexes.get_facecolor())
    assert len(faces) == len(paths)
    sea = [i for i, f in enumerate(island.fields) if island.terrain_at(f) is Terrain.SEA]
    land = [i for i, f in enumerate(island.fields) if island.terrain_at(f) is not Terrain.SEA]
    assert all(tuple(faces[i]) == tuple(faces[sea[0]]) for i in sea)
    assert all(tuple(faces[i]) != tuple(faces[sea[0]]) for i in land)


def test_terrain_colours_are_distinct() -> None:
    terrain = [COLOURS[t.word] for t in Terrain]
    treasures = [COLOURS[f"treasure {n}"] for n in (1, 2, 3, 4)]
    assert len(set(terrain + treasures)) == len(terrain) + len(treasures)


def test_candidate_markers_per_treasure(big: Island) -> None:
    candidates = _candidates(big)
    fig = draw_island(big, candidates=candidates, title="Big", note="a note")
    for number, fields in candidates.items():
        assert _treasure_points(fig, number) == len(fields)
    texts = _legend_texts(fig)
    for number, fields in candidates.items():
        suffix = "candidate" if len(fields) == 1 else "candidates"
        assert f"treasure {number}: {len(fields)} {suffix}" in texts
    assert "treasure 4: 1 candidate" in texts
    assert {t.word for t in Terrain} <= set(texts)
    assert {"palm", "hut"} <= set(texts) and any(t.startswith("statue") for t in texts)
    all_text = [t.get_text() for t in fig.texts]
    assert "Big" in all_text and "a note" in all_text


def test_landmarks_and_statue_arrow(big: Island) -> None:
    (ax,) = draw_island(big).axes
    gids = [line.get_gid() for line in ax.lines]
    for kind in LandmarkKind:
        assert kind.value in gids
    arrows = [p for p in ax.patches if p.get_gid() == "gaze"]
    assert len(arrows) == len(big.landmarks_of(LandmarkKind.STATUE)) == 1


def test_no_candidates_no_treasure_markers(reef: Island) -> None:
    fig = draw_island(reef, coordinates=False)
    (ax,) = fig.axes
    assert not [c for c in ax.collections if isinstance(c, PathCollection)]
    assert not any(t.startswith("treasure") for t in _legend_texts(fig))
    assert not ax.texts  # no coordinate labels


def test_bad_candidates_rejected(reef: Island) -> None:
    with pytest.raises(AtollError, match="treasure 5"):
        draw_island(reef, candidates={5: [(1, 1)]})
    with pytest.raises(AtollError, match="off the map"):
        draw_island(reef, candidates={1: [(40, 1)]})


def test_inseparable_treasure_is_ringed_and_named(big: Island) -> None:
    candidates = _candidates(big)
    fig = draw_island(big, candidates=candidates, inseparable=[2, 4], title="Big")
    (ax,) = fig.axes
    for number in (2, 4):
        (rings,) = [c for c in ax.collections if c.get_gid() == f"inseparable {number}"]
        assert len(rings.get_offsets()) == len(candidates[number])
    assert not [c for c in ax.collections if c.get_gid() == "inseparable 1"]
    texts = _legend_texts(fig)
    assert any(t.startswith("treasure 2: ") and "INSEPARABLE" in t for t in texts)
    assert not any(t.startswith("treasure 1: ") and "INSEPARABLE" in t for t in texts)
    heads = [t.get_text() for t in fig.texts]
    assert heads[0] == "Big"
    assert "treasure 2: no card of the deck can narrow its" in heads[1]
    assert heads[2].startswith("treasure 4: no card of the deck can narrow its 1 candidate")
    # a treasure named inseparable but not drawn is ignored
    fig = draw_island(big, candidates={1: candidates[1]}, inseparable=[3])
    assert not [c for c in fig.axes[0].collections if str(c.get_gid()).startswith("insep")]


def test_subtitle_and_note_lines(reef: Island) -> None:
    fig = draw_island(reef, title="Reef", subtitle="clue deck: RECONSTRUCTION", note="a\nb")
    assert [t.get_text() for t in fig.texts] == ["Reef", "clue deck: RECONSTRUCTION", "a\nb"]
