"""The explore app's root: paths outside it are refused before anything is opened."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from analyses.explore.root import PathRefused, Root
from models.errors import AtollError


@pytest.fixture
def root(tmp_path: Path) -> Root:
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "a.toml").write_text("players = 2\n")
    (tmp_path / ".hidden.toml").write_text("x = 1\n")
    outside = tmp_path.parent / f"{tmp_path.name}-outside"
    outside.mkdir(exist_ok=True)
    (outside / "secret.toml").write_text("secret = true\n")
    os.symlink(outside / "secret.toml", tmp_path / "link.toml")
    os.symlink(outside, tmp_path / "linked-folder")
    os.symlink(tmp_path / "in" / "a.toml", tmp_path / "inner-link.toml")
    return Root(tmp_path)


@pytest.mark.parametrize(
    "path",
    [
        "../x.toml",
        "in/../../x.toml",
        "/etc/passwd",
        "in\\a.toml",
        "a\x00.toml",
        "link.toml",
        "linked-folder/secret.toml",
        "",
    ],
)
def test_a_path_outside_the_root_is_refused(root: Root, path: str) -> None:
    with pytest.raises(PathRefused) as refused:
        root.file(path)
    assert "\n" not in refused.value.one_line()


def test_a_file_inside_is_read_and_a_link_inside_it_too(root: Root) -> None:
    assert root.read_text("in/a.toml") == "players = 2\n"
    assert root.read_text("inner-link.toml") == "players = 2\n"
    assert root.read_text("./in/a.toml") == "players = 2\n"


def test_listing_skips_hidden_files_and_links_out_of_the_root(root: Root) -> None:
    names = [name for name, _ in root.files(".toml")]
    assert "in/a.toml" in names
    assert not any("secret" in n or "hidden" in n or n == "link.toml" for n in names)


def test_writing_goes_only_to_named_kinds_of_file_and_never_through_a_link(root: Root) -> None:
    written = root.write_text("in/new.toml", "x = 1\n", suffixes=(".toml",))
    assert written.read_text() == "x = 1\n"
    with pytest.raises(AtollError, match=r"name a \.toml file"):
        root.write_text("in/new.py", "print()", suffixes=(".toml",))
    with pytest.raises(PathRefused):
        root.write_text("link.toml", "x = 2\n", suffixes=(".toml",))
    with pytest.raises(PathRefused):
        root.write_text("inner-link.toml", "x = 2\n", suffixes=(".toml",))
    with pytest.raises(PathRefused):
        root.write_text("../escape.toml", "x = 2\n", suffixes=(".toml",))
    assert not (Path(root.path).parent / "escape.toml").exists()


def test_a_missing_root_is_a_one_line_error(tmp_path: Path) -> None:
    with pytest.raises(AtollError, match="--root: is not a folder"):
        Root(tmp_path / "nowhere")
