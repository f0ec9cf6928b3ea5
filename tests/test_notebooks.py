"""Every notebook runs top to bottom on a real IPython kernel and shows its figures as images.

Each notebook in ``notebooks/`` is executed by nbclient on an ipykernel that runs this very
interpreter (the project's venv): the test writes a ``python3`` kernelspec naming
``sys.executable`` and puts it first on ``JUPYTER_PATH``, so no other Python's kernel is picked
up. Every cell has a time limit. A notebook passes when no cell raised and its figures came out
as ``image/png`` outputs: a matplotlib ``Figure`` that IPython cannot draw prints as the text
``<Figure size 600x300 with 1 Axes>`` instead, which fails here.

The notebooks are stored without outputs (every figure is made by the code as it is), in
nbformat 4.5 with an id on every cell.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import nbformat
import pytest
from ipykernel.kernelspec import write_kernel_spec
from nbclient import NotebookClient

from tests.games import installed_games

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
#: Seconds a cell may take (each notebook takes well under a minute on 2 cores; the limit leaves
#: room for a machine busy with the rest of the suite).
CELL_TIMEOUT = 180
UNDRAWN_FIGURE = re.compile(r"<(matplotlib\.figure\.)?Figure size [^>]*>")


@pytest.fixture(scope="session")
def jupyter_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A Jupyter data folder whose ``python3`` kernel runs ``sys.executable``."""
    folder = tmp_path_factory.mktemp("jupyter")
    write_kernel_spec(folder / "kernels" / "python3")
    return folder


def _code_outputs(notebook: nbformat.NotebookNode) -> list[tuple[str, nbformat.NotebookNode]]:
    return [
        (cell.get("id", "?"), output)
        for cell in notebook.cells
        if cell.cell_type == "code"
        for output in cell.outputs
    ]


def test_one_notebook_per_game_and_question() -> None:
    """Each game has its notebooks (``<game>_<question>.ipynb``, README "Notebooks"), and
    every notebook is of a game."""
    games = {p.stem.split("_")[0] for p in NOTEBOOKS}
    assert games == set(installed_games()), sorted(p.stem for p in NOTEBOOKS)
    assert all("_" in p.stem for p in NOTEBOOKS)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_is_stored_clean(path: Path) -> None:
    notebook = nbformat.read(path, as_version=nbformat.NO_CONVERT)
    nbformat.validate(notebook)
    assert (notebook.nbformat, notebook.nbformat_minor) >= (4, 5)
    assert all(cell.get("id") for cell in notebook.cells), "every cell has an id"
    assert notebook.metadata.kernelspec.name == "python3"
    assert not _code_outputs(notebook), "stored without outputs"
    assert all(cell.execution_count is None for cell in notebook.cells if cell.cell_type == "code")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_runs_on_a_kernel_and_shows_its_figures(
    path: Path,
    jupyter_path: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the kernel inherits this environment: our kernelspec first, no user IPython profile, and
    # its temporary files (the studies the notebooks play) under this test's folder
    monkeypatch.setenv("JUPYTER_PATH", str(jupyter_path))
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    monkeypatch.setenv("JUPYTER_PLATFORM_DIRS", "1")
    monkeypatch.setenv("IPYTHONDIR", str(tmp_path / "ipython"))
    monkeypatch.delenv("MPLBACKEND", raising=False)
    notebook = nbformat.read(path, as_version=4)
    # one more cell, run last on the same kernel: which Python it was
    which = nbformat.v4.new_code_cell("import sys\nprint(sys.executable)", id="which-python")
    notebook.cells.append(which)
    client = NotebookClient(
        notebook,
        timeout=CELL_TIMEOUT,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    )
    client.execute()  # raises CellExecutionError, naming the cell, when one raises
    assert which.outputs[0].text.strip() == sys.executable, "the kernel ran another Python"
    notebook.cells.remove(which)
    outputs = _code_outputs(notebook)
    assert not [cell for cell, out in outputs if out.output_type == "error"]
    images = [cell for cell, out in outputs if "image/png" in out.get("data", {})]
    assert images, f"{path.name} showed no figure"
    undrawn = [
        cell
        for cell, out in outputs
        if "image/png" not in out.get("data", {})
        and UNDRAWN_FIGURE.search(str(out.get("data", {}).get("text/plain", "")))
    ]
    assert not undrawn, f"figures printed as text, not drawn, in cells {undrawn}"
