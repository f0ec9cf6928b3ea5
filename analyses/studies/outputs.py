"""Guards for what the CLI writes: never over one of its own inputs.

>>> refuse_overwriting_input("out.png", "map.toml", None)
>>> refuse_overwriting_input("map.toml", "map.toml")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
models.errors.AtollError: --out: 'map.toml' is also an input of this command: ...
"""

from __future__ import annotations

from pathlib import Path

from models.errors import AtollError
from models.files import same_file


def refuse_overwriting_input(out: str | Path, *inputs: str | Path | None) -> None:
    """An error when ``out`` names the same file as one of ``inputs`` (``None`` skipped; a
    bundled map name that is not a path never matches)."""
    for given in inputs:
        if given is not None and same_file(out, given):
            raise AtollError(
                f"{str(out)!r} is also an input of this command: it would be overwritten; "
                "name another file",
                field="--out",
            )
