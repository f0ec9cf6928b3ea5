"""The panels beside and below the Glory Islands board picture: the players and the sail track.

:func:`draw_players` writes each player's fame, ship, sail field, pieces, treasures and cards
(or, for an empty board, what the board holds), then the islands with their scoring and a key
to the icons. :func:`draw_sail_track` draws the track's fields in two rows with the fame
printed on each and every player's marker on his field (a sunk ship's past the last one). Both
draw into an :class:`~matplotlib.axes.Axes` given by :func:`models.gloryislands.render.draw_board`.

>>> from matplotlib.figure import Figure
>>> from models.gloryislands.boardfile import load_board
>>> board = load_board()
>>> ax = Figure().add_subplot()
>>> draw_sail_track(ax, board, None, [])
>>> sum(1 for p in ax.patches if p.get_gid() == "field")
45
"""

from __future__ import annotations

from matplotlib.axes import Axes
from matplotlib.patches import Rectangle

from models.gloryislands.components import Components, cell_name
from models.gloryislands.position import OVER, GloryIslandsPosition, Phase
from models.gloryislands.snapshot import pending, snapshot

_TEXT = "#222222"
_SOFT = "#555555"


def draw_players(
    ax: Axes, board: Components, state: GloryIslandsPosition | None, colours: list[str]
) -> None:
    """Each player's position in words (top), then the islands and the icon key."""
    ax.set_xlim(0, 1)
    ax.set_ylim(1, 0)
    ax.axis("off")
    y = 0.0
    if state is None:
        home, compass = cell_name(board.home), cell_name(board.route[board.compass])
        lines = [
            f"route: {len(board.route)} fields clockwise from home {home} (0); compass "
            f"{compass} ({board.compass})",
            f"home bonus {_slash(board.home_bonus)}, compass bonus {_slash(board.compass_bonus)}",
            f"{board.pirates} pirates each; {board.barrels} barrels "
            f"({board.barrels_at_start} each at the start, at most {board.barrel_limit})",
            f"treasure: {len(board.treasure_kinds)} kinds x {board.treasure_copies}; sets "
            f"of 1..{len(board.set_fame)} kinds score {_slash(board.set_fame)}",
            f"cards: {', '.join(board.colours)} — one colour per seat, in seat order (or "
            "dealt by chance: option colours)",
        ]
        ax.text(0, y, "The board", fontsize=12, weight="bold", va="top", color=_TEXT)
        y += 0.045
        for line in lines:
            ax.text(0, y, line, fontsize=9, va="top", color=_TEXT, wrap=True)
            y += 0.035
    else:
        y = _players(ax, state, colours)
    _islands(ax, board, y + 0.02)


def _players(ax: Axes, state: GloryIslandsPosition, colours: list[str]) -> float:
    snap = snapshot(state)
    final = snap["scores_final"]
    heading = "Final fame" if final else "Fame so far"
    ax.text(0, 0, heading, fontsize=12, weight="bold", va="top", color=_TEXT)
    y = 0.05
    for p in range(snap["players"]):
        ship, track = snap["ships"][p], snap["sail_track"][p]
        ax.add_patch(Rectangle((0, y), 0.035, 0.035, facecolor=colours[p], edgecolor="black",
                               lw=0.8, gid="player swatch"))  # fmt: skip
        crown = "  \u2605 winner" if final and p in (snap["winners"] or []) else ""
        ax.text(0.05, y + 0.018, f"P{p} {ship['colour']}", fontsize=11, weight="bold",
                va="center", color=_TEXT)  # fmt: skip
        ax.text(0.97, y + 0.018, f"fame {snap['fame'][p]}{crown}", fontsize=11, weight="bold",
                va="center", ha="right", color=_TEXT)  # fmt: skip
        if ship["sunk"]:
            where = f"ship SUNK (sail track past field {len(state.board.sail_track) - 1})"
        else:
            printed = track["printed"]
            where = (
                f"ship at {ship['at']}, route {ship['route']}/{len(state.board.route)}; "
                f"sail field {track['field']} (prints {printed:+d})"
            )
        held = sum(snap["treasures"][p].values())
        kinds = ", ".join(f"{n} {k}" for k, n in snap["treasures"][p].items())
        treasure = f"{held}" + (f" ({kinds})" if kinds and not snap["treasures_face_down"] else "")
        pieces = (
            f"pirates {snap['supply'][p]} in supply, {len(state.pirates_at[p])} on the board; "
            f"barrels {snap['barrels'][p]}; treasures {treasure}"
        )
        played = snap["round_cards"].get(p, "-")
        cards = f"hand {' '.join(snap['hands'][p]) or '-'}; this round: {played}"
        for i, line in enumerate((where, pieces, cards)):
            ax.text(0.05, y + 0.055 + 0.027 * i, line, fontsize=8.5, va="top", color=_SOFT)
        y += 0.145
    decision = pending(state)
    if state.phase is OVER:
        text = f"game over: {state.ended}"
    elif decision["decision"] == Phase.DRAW:
        text = f"next: chance draws a treasure tile for P{decision['drawer']}"
    else:
        text = f"next: P{decision['player']} decides ({decision['decision']})"
    ax.text(0, y, text, fontsize=9, va="top", style="italic", color=_TEXT)
    return y + 0.04


def _islands(ax: Axes, board: Components, y: float) -> None:
    ax.text(0, y, "Islands (fame for 1st / 2nd / 3rd when full)", fontsize=11, weight="bold",
            va="top", color=_TEXT)  # fmt: skip
    y += 0.045
    for i, island in enumerate(board.islands):
        letter = chr(ord("A") + i) if i < 26 else "?"
        icons = [island.icons.count(k) for k in ("pirate", "chest", "barrel", "blank")]
        counts = ", ".join(
            f"{n} {name}"
            for n, name in zip(icons, ("pirate", "chest", "barrel", "blank"), strict=True)
            if n
        )
        fame = _slash(board.scoring_table[island.size])
        ax.text(0, y, f"{letter}  {island.name}: {island.size} fields, {fame}  ({counts})",
                fontsize=8.5, va="top", color=_TEXT)  # fmt: skip
        y += 0.027
    key = (
        "\u2620 pirate field: 1 fame, and fame whenever a ship stops in its line",
        "chest: draw 2 treasure tiles, keep 1;  barrel: take a barrel;  plain: blank field",
        "arrow in a corner: its diagonal takes pirates;  disc: a placed pirate;  boat: a ship",
    )
    for i, line in enumerate(key):
        ax.text(0, y + 0.01 + 0.028 * i, line, fontsize=8, va="top", color=_SOFT)


def draw_sail_track(
    ax: Axes, board: Components, state: GloryIslandsPosition | None, colours: list[str]
) -> None:
    """The sail track in two rows of fields, each with its printed fame and the markers on it;
    a last box ``SUNK`` holds the markers of sunk ships."""
    track = board.sail_track
    per_row = (len(track) + 2) // 2  # the SUNK box ends the second row
    ax.set_xlim(-0.05, per_row + 0.05)
    ax.set_ylim(2.75, -0.55)
    ax.axis("off")
    ax.text(0, -0.3, "Sail track: the fame printed on each field; markers move right, and a "
            "ship sinks past the last field", fontsize=9.5, weight="bold", va="center",
            color=_TEXT)  # fmt: skip
    markers: dict[int, list[int]] = {}
    if state is not None:
        for p, field in enumerate(state.sails):
            markers.setdefault(min(field, len(track)), []).append(p)
    for field in range(len(track) + 1):
        row, col = divmod(field, per_row)
        x, y = float(col), row * 1.45
        sunk = field == len(track)
        fame = track[field] if not sunk else None
        face = "#dddddd" if sunk else "#e3f1d8" if fame and fame > 0 else "#f6dada"
        if fame == 0:
            face = "#f3f3f3"
        ax.add_patch(Rectangle((x, y), 1, 1.1, facecolor=face, edgecolor="#8a8a8a", lw=0.7,
                               gid="sunk box" if sunk else "field"))  # fmt: skip
        label = "SUNK" if sunk else f"{fame:+d}" if fame else "0"
        ax.text(x + 0.5, y + 0.22, label, ha="center", va="center", fontsize=8,
                weight="bold" if sunk else "normal", color=_TEXT)  # fmt: skip
        ax.text(x + 0.5, y + 1.02, str(field) if not sunk else "", ha="center", va="bottom",
                fontsize=5.5, color="#888888")  # fmt: skip
        on = markers.get(field, [])
        for i, p in enumerate(on):
            mx = x + 0.5 + (i - (len(on) - 1) / 2) * min(0.24, 0.9 / max(len(on), 1))
            ax.scatter([mx], [y + 0.6], s=60, c=[colours[p]], edgecolors="black",
                       linewidths=0.8, zorder=5, gid="marker")  # fmt: skip


def _slash(numbers: tuple[int, ...]) -> str:
    return "/".join(map(str, numbers))
