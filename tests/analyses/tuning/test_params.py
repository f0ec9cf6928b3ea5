"""``--param PATH=RANGE`` (issue 39, input): the documented ``[KEY=VALUE]`` form of a path is
read whole — the ``=`` that ends the path is the first outside brackets."""

from __future__ import annotations

import pytest

from analyses.tuning.params import check_param, parse_param
from models.data import bundled_path
from models.errors import AtollError


def test_a_key_value_selector_in_a_path_is_part_of_the_path() -> None:
    param = parse_param("ships:ship[id=shells-2].points=1..5")
    assert (param.target, param.keys, param.kind, param.low, param.high) == (
        "ships",
        ("ship", ("id", "shells-2"), "points"),
        "int",
        1,
        5,
    )
    files = {"ships": str(bundled_path("southseas", "ships.toml"))}
    assert isinstance(check_param(param, {}, files), int)  # the bundled ship's points
    spaced = parse_param("tiles:tile[id = bridge-straight].count = 0..3")
    assert spaced.keys == ("tile", ("id", "bridge-straight"), "count") and spaced.high == 3


@pytest.mark.parametrize(
    "text", ["ships:ship[id=shells-2].points", "ships:ship[id=shells-2=1..5", "=1..5"]
)
def test_a_path_without_its_range_is_one_line(text: str) -> None:
    with pytest.raises(AtollError) as caught:
        parse_param(text)
    assert "\n" not in caught.value.one_line() and "--param" in caught.value.one_line()


def test_a_selector_path_is_named_whole_and_its_value_is_put_in(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The name a trial's values are keyed by is the whole path: cut at the selector's ``=``
    (``cards:gold[value``), no value was ever put in and every trial played the start."""
    from analyses.tuning.params import apply
    from models.data import read_toml

    param = parse_param("cards:gold[value=6].count=7..8")
    assert param.name == "cards:gold[value=6].count"
    files = {"cards": str(bundled_path("tobago", "cards.toml"))}
    _, paths = apply([param], {param.name: 8}, {}, files, tmp_path)
    gold = read_toml(paths["cards"])["gold"]
    assert paths["cards"] != files["cards"]
    assert [g["count"] for g in gold if g["value"] == 6] == [8]
