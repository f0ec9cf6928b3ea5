"""Tests for models.tobago.island.heat: the heat map of the fewest clues per field, drawn over
the terrain with field coordinates, on one fixed colour scale for every map."""

from __future__ import annotations

from pathlib import Path

import matplotlib.image as mpimg
import numpy as np
import pytest
from matplotlib.colors import to_hex
from matplotlib.figure import Figure

from models.tobago.island.heat import (
    HEAT_COLOURS,
    HEAT_TOP,
    UNFINDABLE,
    draw_field_values,
    heat_colour,
    save_field_values_png,
)
from models.tobago.island.hexgrid import Field
from models.tobago.island.map import Island
from models.tobago.island.mapfile import EXAMPLE, load_bundled_map, parse_map
from models.tobago.island.render import COLOURS


@pytest.fixture(scope="module")
def reef() -> Island:
    return parse_map(EXAMPLE)


@pytest.fixture(scope="module")
def lagoon() -> Island:
    return load_bundled_map("lagoon")


def _values(island: Island, seed: int) -> dict[Field, int | None]:
    """A value per island field, ``None`` (unfindable) now and then."""
    rng = np.random.default_rng(seed)
    return {
        f: None if rng.random() < 0.2 else int(rng.integers(1, HEAT_TOP + 4))
        for f in island.island_fields
    }


def _collection(fig: Figure, gid: str):  # type: ignore[no-untyped-def]
    found = [c for c in fig.axes[0].collections if c.get_gid() == gid]
    assert len(found) == 1, gid
    return found[0]


def _legend(fig: Figure) -> list[str]:
    (legend,) = fig.legends
    return [t.get_text() for t in legend.get_texts()]


def test_terrain_stays_visible_and_every_field_has_its_coordinates(lagoon: Island) -> None:
    fig = draw_field_values(lagoon, _values(lagoon, 1), title="Lagoon")
    hexes = _collection(fig, "hexes")
    faces = [to_hex(c) for c in hexes.get_facecolor()]
    assert faces == [COLOURS[lagoon.terrain_at(f).word] for f in lagoon.fields]
    labels = {t.get_text() for t in fig.axes[0].texts}
    assert {f"{c},{r}" for c, r in lagoon.fields} <= labels
    assert {t.word for t in lagoon.areas} <= set(_legend(fig))  # terrain in the legend


def test_discs_numbers_and_unfindable_fields(reef: Island) -> None:
    values = _values(reef, 2) | {(1, 1): None, (2, 1): 2, (3, 1): HEAT_TOP + 3}
    fig = draw_field_values(reef, values)
    known = [f for f in reef.island_fields if values[f] is not None]
    discs = _collection(fig, "heat")
    assert [to_hex(c) for c in discs.get_facecolor()] == [heat_colour(values[f]) for f in known]
    assert heat_colour(values[(3, 1)]) == HEAT_COLOURS[-1]  # above the top: the top colour
    numbers = [t.get_text() for t in fig.axes[0].texts if t.get_gid() == "heat value"]
    assert numbers == [str(values[f]) for f in known]  # the exact count, even above the top
    lost = _collection(fig, "unfindable")
    assert len(lost.get_offsets()) == sum(v is None for v in values.values())
    assert {to_hex(c) for c in lost.get_facecolor()} == {UNFINDABLE}
    assert len(_collection(fig, "unfindable cross").get_offsets()) == len(lost.get_offsets())


def test_one_fixed_scale_for_every_map(reef: Island, lagoon: Island) -> None:
    low = {f: 2 for f in reef.island_fields}  # a map whose fields all need 2
    high = {f: 7 for f in lagoon.island_fields} | {lagoon.island_fields[0]: None}
    pictures = [draw_field_values(reef, low), draw_field_values(lagoon, high)]
    legends = [_legend(fig) for fig in pictures]
    assert legends[0] == legends[1]  # the same key, whatever the values
    key = legends[0]
    assert "1 clue" in key and "2 clues" in key and f"{HEAT_TOP} clues or more" in key
    assert any(t.startswith("unfindable") for t in key)
    first, second = (_collection(fig, "heat").get_facecolor() for fig in pictures)
    assert {to_hex(c) for c in first} == {HEAT_COLOURS[1]}
    assert {to_hex(c) for c in second} == {HEAT_COLOURS[6]}
    assert len(set(HEAT_COLOURS) | {UNFINDABLE}) == HEAT_TOP + 1
    assert heat_colour(0) == HEAT_COLOURS[0] and heat_colour(None) == UNFINDABLE


def test_subtitle_note_png_and_the_old_import(reef: Island, tmp_path: Path) -> None:
    values = _values(reef, 3)
    kwargs = {"title": "Reef", "subtitle": "clue deck: RECONSTRUCTION", "note": "map: ours"}
    fig = draw_field_values(reef, values, **kwargs)
    assert [t.get_text() for t in fig.texts] == ["Reef", "clue deck: RECONSTRUCTION", "map: ours"]
    again = draw_field_values(reef, values, **kwargs)  # drawn again: the same texts
    assert [t.get_text() for t in again.texts] == [t.get_text() for t in fig.texts]
    path = save_field_values_png(reef, tmp_path / "deep" / "heat.png", values, **kwargs)
    height, width, _ = mpimg.imread(path).shape
    assert (width, height) == pytest.approx(tuple(fig.get_size_inches() * 120), abs=2)
