"""What ``atoll tobago replay`` says of a game position (the shared verb,
:mod:`analyses.cli.position`, through :mod:`analyses.tobago.plugin`).

The scenario format is :mod:`models.tobago.scenario` (``docs/tobago-scenario-format.md``).

>>> from click.testing import CliRunner
>>> from analyses.cli.main import cli
>>> result = CliRunner().invoke(cli, ["tobago", "replay", "examples/tobago/first-treasure.toml"])
>>> result.exit_code, result.output.splitlines()[0].startswith("Tobago on")
(0, True)
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from models.data import parse_toml, read_text

#: Options shown for the next decision in the text report (the JSON has more).
SHOWN_OPTIONS = 12


def snapshot_of(state: Any) -> dict[str, Any]:
    """``replay --json``: the position as plain data (:func:`models.tobago.snapshot.snapshot`)."""
    from models.tobago.snapshot import snapshot

    return snapshot(state)


def tell(state: Any, show_events: bool) -> None:
    """``replay``: each treasure's hints, roses and candidates (fixed or marked), vehicles,
    amulets, roses in supply, gold, the decision the position waits for, and with
    ``show_events`` the event log."""
    for line in describe(snapshot_of(state), show_events):
        click.echo(line)


def is_scenario(file: str) -> bool:
    """Whether ``file`` is a scenario (a JSON file, or TOML with ``actions`` or ``players``)
    rather than a map (a map file or a bundled map's name)."""
    path = Path(file)
    if path.suffix == ".json":
        return True
    if path.suffix != ".toml" or not path.is_file():
        return False
    data = parse_toml(read_text(path), source=path)
    return "actions" in data or "players" in data


def describe(snap: dict[str, Any], show_events: bool = False) -> list[str]:
    """The text report of a snapshot (:func:`models.tobago.snapshot.snapshot`)."""
    out = [f"Tobago on {snap['map']}, {snap['players']} players; turn {snap['turn']}"]
    for name, part in snap["components"].items():
        if part["reconstruction"]:
            out.append(f"{name}: RECONSTRUCTION — {_short(part['source'])}")
    for t in snap["treasures"]:
        roses = " ".join(f"P{p}" for p in t["roses"]) or "none"
        status = f"{t['candidates']} candidates"
        if "fixed" in t:
            status = "fixed at {},{}".format(*t["fixed"])
        elif "fields" in t:
            status += " (marked: " + " ".join("{},{}".format(*f) for f in t["fields"]) + ")"
        hints = "; ".join(t["hints"]) or "no hints"
        out.append(f"treasure {t['treasure']}: {status}; roses {roses}; hints: {hints}")
    for p in range(snap["players"]):
        at = snap["vehicles"][p]
        where = "{},{}".format(*at) if at else "not placed"
        gold = "+".join(map(str, snap["gold"][p])) or "0"
        out.append(
            f"player {p}: vehicle {where}; gold {snap['scores'][p]:g} ({gold}); "
            f"amulets {snap['amulets'][p]}; roses {snap['roses'][p]}; "
            f"hand {len(snap['hands'][p])}: " + "; ".join(snap["hands"][p])
        )
    lying = ", ".join(f"{f} ({n})" for f, n in snap["amulets_on_island"].items()) or "none"
    out.append(
        f"amulets on the island: {lying}; gold deck {snap['gold_deck']}; "
        f"clue pile {snap['clue_pile']}"
    )
    if snap["share"]:
        s = snap["share"]
        out.append(
            f"sharing treasure {s['treasure']} (raised by P{s['raiser']}): "
            f"{s['cards_left']} cards left" + (f", offered {s['offered']}" if s["offered"] else "")
        )
    nxt = snap["next"]
    if snap["scores_final"]:
        winners = ", ".join(f"player {p}" for p in snap["winners"])
        out.append(f"final scores; the game ended: {snap['ended']}; winners: {winners}")
    else:
        if nxt["player"] == "chance":
            count = len(nxt["options"]) + nxt["more_options"]
            out.append(f"next: chance ({nxt['decision']}): {count} outcomes")
        else:
            options = nxt["options"][:SHOWN_OPTIONS]
            more = len(nxt["options"]) - len(options) + nxt["more_options"]
            tail = f"; +{more} more" if more else ""
            shown = "; ".join(options)
            out.append(f"next: player {nxt['player']} ({nxt['decision']}): {shown}{tail}")
    if show_events:
        out.append("events:")
        for e in snap["events"]:
            data = {k: v for k, v in e.items() if k not in ("turn", "player", "kind", "options")}
            who = "" if e["player"] is None else f" P{e['player']}"
            out.append(f"  turn {e['turn']}{who} {e['kind']} {json.dumps(data)}")
    return out


def _short(path: str) -> str:
    """A path relative to the working directory when it lies below it."""
    try:
        return str(Path(path).resolve().relative_to(Path.cwd()))
    except (OSError, ValueError):
        return path
