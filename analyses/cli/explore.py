"""``atoll explore [--root DIR] [--port P] [--host H]``: the local web app
(:mod:`analyses.explore.app`) over one folder.

>>> from click.testing import CliRunner
>>> result = CliRunner().invoke(explore_cmd, ["--help"])
>>> "--root" in result.output and "--port" in result.output
True
"""

from __future__ import annotations

import click

from analyses.cli.numbers import FloatRange, IntRange

__all__ = ["explore_cmd"]


@click.command("explore")
@click.option(
    "--root",
    type=click.Path(file_okay=False),
    default=".",
    show_default=True,
    help="The folder the app reads and writes (scenarios, maps, hints, studies); nothing "
    "outside it is opened.",
)
@click.option(
    "--port",
    type=IntRange(0, 65535),
    default=8765,
    show_default=True,
    help="Port to listen on (0: a free one).",
)
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Address to listen on; anything but loopback makes the app (and the files under "
    "--root) reachable from other machines.",
)
@click.option(
    "--time-limit",
    type=FloatRange(min=0, min_open=True, max=600),
    default=10.0,
    show_default=True,
    help="Seconds a solve may take before the page says 'unknown'.",
)
def explore_cmd(root: str, port: int, host: str, time_limit: float) -> None:
    """A local web page: solve Tobago puzzles by clicking, step through and play on any
    game's scenario, list the studies and open their reports. Ctrl-C stops it."""
    from analyses.explore.root import Root
    from analyses.explore.server import address_of, bind, is_loopback, server_for

    folder = Root(root)  # a missing folder: one line, before anything listens
    sock = bind(host, port)
    server = server_for(folder.path, sock, time_limit=time_limit)
    if not is_loopback(host):
        click.echo(f"atoll: warning: listening on {host}: reachable from other machines", err=True)
    click.echo(f"atoll explore: serving {folder.path} at {address_of(sock)} (Ctrl-C stops)")
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass  # Ctrl-C (or a plain kill) is how a server stops: uvicorn has shut it down
    finally:
        sock.close()
    click.echo("atoll explore: stopped")
