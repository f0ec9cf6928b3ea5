"""Recipes (:mod:`tests.analyses.reports.recompute`) for the tables of a Tobago report's own
sections,
each recomputed from the study's Parquet tables with pandas and numpy from the definitions the
report states (its intros, ``analyses/tobago/report.py`` and ``stalls.py``, the event details of
``models/tobago/events.py`` and the column meanings of study.json). The unit is the game in
every table but the variant's, whose unit is the report's (the deal of a duplicate design).

* "Share of each seat's actions": per seat, its hints laid in turns (a new treasure's first
  hint is not one), drives (a raise in place counts as one) and exchanges, from the event log;
  each kind's share of the seat's actions, averaged over the agent's seats (that acted) in a
  game: the mean of those per-game shares; actions per seat likewise.
* "Turns per treasure" and "Treasures": every treasure begun (by its first hint: a starting
  hint, or the first hint laid at its place after the one before was raised, in a turn or
  not) followed through the log to its ``fixed`` and ``raise`` events; turns are ratios of
  per-game sums over the treasures that got there (medians and counts plain), the shares
  fixed and raised ratios over the treasures begun.
* "Gold per rose by place": every ``share-end``'s roses by place from the back (6 and more
  pooled): gold received per rose and the share that received a card, ratios of sums.
* "Curses (N holders hit)": N is the number of ``curse-loss`` events; curses per game from the
  ``curse`` events, the rest ratios over share ends and curse losses, and the gold the
  ``curse-loss`` events took, per seat.
* "Curse losses by agent", "Amulets per seat and game", "Amulets on the island": per game
  means over an agent's seats of what the log gives each seat (curse losses, amulets picked
  up and spent) and the amulets held at the end (players table); amulets washed up from the
  log, those left at the end from the games table.
* "Games with a stall of 30 turns or more": each game's longest run of turns without a hint or
  a raise (the later one of equal length), the most fixed treasures unraised at any time of
  it (the state it begins with: nothing is fixed or raised during it), the game's exchanges,
  seed and turns; the table shows the 20 longest of 30 turns or more.
* "<variant label>: Tobago's measures, paired by seed; N units paired": each agent's gold per
  seat, the gold lost to curses per seat and the turns of a game, in the study and in the
  variant stored under ``variants/<slug>``, paired by unit; a row is tested (a sign flip over
  the units) unless the variant never changed it, it is a direct effect of the rule (a word the
  variant declares), or its differences are a multiple of an earlier tested row's.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

import numpy as np
import pandas as pd

from tests.analyses.reports.recompute import (
    Expectation,
    Plain,
    Ratio,
    Recipe,
    Tables,
    Units,
    sign_flip,
)

Records = list[dict[str, Any]]
Wants = dict[str, Expectation]
SHARE = (0.0, 1.0)
COUNT = (0.0, math.inf)
#: Places from the back shown one by one (the rest pooled), stalls listed and shown.
PLACES = 6
LONG_STALL = 30
STALLS_SHOWN = 20
KINDS = ("hints", "drives", "exchanges")


# -- helpers ----------------------------------------------------------------------------------


def _events(tables: Tables, *kinds: str) -> pd.DataFrame:
    """The events of ``kinds`` in log order, ``data`` read from JSON."""
    chosen = tables.events[tables.events["kind"].isin(kinds)]
    chosen = chosen.sort_values(["game", "index"])
    return chosen.assign(data=[json.loads(d) for d in chosen["data"]])


def _games(tables: Tables) -> list[int]:
    return sorted(int(g) for g in tables.games["game"])


def _sums(frame: pd.DataFrame, games: list[int], column: str | None = None) -> np.ndarray:
    """Per game of ``games``: the number of rows of ``frame``, or the sum of ``column``."""
    grouped = frame.groupby("game")
    totals = grouped.size() if column is None else grouped[column].sum()
    return totals.reindex(games, fill_value=0).to_numpy(float)


def _seat_counts(tables: Tables) -> pd.DataFrame:
    """Per seat of every game (indexed by game and seat), beside its agent, from the log: the
    gold value it gave up to curses, the amulets it gave up to them, picked up and spent on
    an extra action; and the amulets it held at the end (players table)."""
    players = tables.players.set_index(["game", "seat"])
    out = players[["agent", "amulets_held"]].copy()
    reads = {
        "curse_gold_lost": ("curse-loss", lambda d: d.get("value", 0) * (d["lost"] == "gold")),
        "amulets_for_curses": ("amulet-spent", lambda d: d["for"] == "curse"),
        "amulets_picked": ("amulet-picked", lambda d: d["count"]),
        "extra_actions": ("amulet-spent", lambda d: d["for"] == "action"),
    }
    for column, (kind, read) in reads.items():
        events = _events(tables, kind)
        values = pd.Series([float(read(d)) for d in events["data"]], index=events.index)
        keys = [events["game"], events["player"].astype(int).rename("seat")]
        out[column] = values.groupby(keys).sum().reindex(out.index, fill_value=0.0)
    return out


def _seat_means(seats: pd.DataFrame, column: str, agent: str | None = None) -> np.ndarray:
    """Per game: the mean of ``column`` over its seats (one agent's seats when named)."""
    mine = seats if agent is None else seats[seats["agent"] == agent]
    return mine.groupby(level="game")[column].mean().to_numpy(float)


def _agents(tables: Tables) -> list[str]:
    return list(dict.fromkeys(tables.players.sort_values(["game", "seat"])["agent"]))


# -- hints or drives --------------------------------------------------------------------------


def _actions(tables: Tables) -> pd.DataFrame:
    """Per seat of every game: its hints laid in turns, drives (with raises in place) and
    exchanges, beside its agent."""
    acts = _events(tables, "hint", "drive", "exchange", "raise")
    new = acts["data"].map(lambda d: bool(d.get("new")))
    in_place = acts["data"].map(lambda d: bool(d.get("in_place")))
    kind = acts["kind"].map({"hint": "hints", "drive": "drives", "exchange": "exchanges",
                             "raise": "drives"})  # fmt: skip
    counted = ~((acts["kind"] == "hint") & new) & ~((acts["kind"] == "raise") & ~in_place)
    acts = acts.assign(kind=kind, seat=acts["player"].astype(int))[counted]
    counts = acts.groupby(["game", "seat", "kind"]).size().unstack(fill_value=0)
    counts = counts.reindex(columns=list(KINDS), fill_value=0)
    seats = tables.players.set_index(["game", "seat"])[["agent"]]
    return seats.join(counts).fillna(0).reset_index()


def actions(tables: Tables, records: Records) -> Wants:
    caption = records[0]["table"]
    counts = _actions(tables)
    counts["total"] = counts[list(KINDS)].sum(axis=1)
    acted = counts[counts["total"] > 0]
    out: Wants = {}
    for agent, mine in acted.groupby("agent"):
        for kind in KINDS:
            shares = (mine[kind] / mine["total"]).groupby(mine["game"]).mean()
            out[f"{caption}: agent {agent}: {kind}"] = Units(shares.to_numpy(float), "share", SHARE)
        per_seat = mine.groupby("game")["total"].mean()
        out[f"{caption}: agent {agent}: actions per seat"] = Units(per_seat, "count", COUNT)
    return out


# -- finding and raising ----------------------------------------------------------------------


def _treasures(tables: Tables) -> pd.DataFrame:
    """One row per treasure begun (by its first hint: a starting hint, or the first hint laid
    at a treasure's place after the one before was raised, TB-G6): its game, and the turns
    from that hint until it was fixed and until it was raised (NaN when it was not before the
    game ended); ``fixed_says`` the ``turns`` its ``fixed`` event gives."""
    log = _events(tables, "start-hint", "hint", "fixed", "raise")
    rows: list[dict[str, Any]] = []
    for game, events in log.groupby("game"):
        current: dict[Any, dict[str, Any]] = {}
        for kind, turn, data in zip(events["kind"], events["turn"], events["data"], strict=True):
            treasure = data["treasure"]
            if kind in ("start-hint", "hint") and treasure not in current:
                current[treasure] = {"game": game, "begun": turn, "fixed": math.nan,
                                     "raised": math.nan, "fixed_says": math.nan}  # fmt: skip
                rows.append(current[treasure])
            elif kind == "fixed":
                current[treasure]["fixed"] = turn - current[treasure]["begun"]
                current[treasure]["fixed_says"] = data["turns"]
            elif kind == "raise":
                row = current.pop(treasure)
                row["raised"] = turn - row["begun"]
    return pd.DataFrame(rows, columns=["game", "begun", "fixed", "raised", "fixed_says"])


def turns_per_treasure(tables: Tables, records: Records) -> Wants:
    caption = records[0]["table"]
    times = _treasures(tables)
    times["waited"] = times["raised"] - times["fixed"]
    games = _games(tables)
    out: Wants = {}
    for label, column in (
        ("first hint to fixed (TB-H6)", "fixed"),
        ("fixed to raised (TB-D2)", "waited"),
        ("first hint to raised", "raised"),
    ):
        done = times[times[column].notna()]
        name = f"{caption}: measure {label}"
        out[f"{name}: turns"] = Ratio(_sums(done, games, column), _sums(done, games), share=False)
        out[f"{name}: median"] = Plain(float(done[column].median()) if len(done) else math.nan)
        out[f"{name}: treasures"] = Plain(len(done))
    return out


def treasures(tables: Tables, records: Records) -> Wants:
    caption = records[0]["table"]
    times = _treasures(tables)
    games = _games(tables)
    begun = _sums(times, games)
    fixed = _sums(times[times["fixed"].notna()], games)
    raised = _sums(times[times["raised"].notna()], games)
    rows: dict[str, Expectation] = {
        "treasures begun per game": Units(begun, "count", COUNT),
        "fixed before the game ended": Ratio(fixed, begun, share=True),
        "raised before the game ended": Ratio(raised, begun, share=True),
    }
    return {f"{caption}: measure {row}: estimate": want for row, want in rows.items()}


# -- roses ------------------------------------------------------------------------------------


def gold_per_rose(tables: Tables, records: Records) -> Wants:
    caption = records[0]["table"]
    ends = _events(tables, "share-end")
    roses = pd.DataFrame(
        [
            {"game": game, "place": min(place, PLACES), "gold": float(value)}
            for game, data in zip(ends["game"], ends["data"], strict=True)
            for place, value in enumerate(data["received"])
        ],
        columns=["game", "place", "gold"],
    )
    roses["got"] = (roses["gold"] > 0).astype(float)
    games = _games(tables)
    out: Wants = {}
    for place, mine in roses.groupby("place"):
        label = f"{PLACES} or more" if place >= PLACES else str(place)
        name = f"{caption}: place from the back {label}"
        count = _sums(mine, games)
        out[f"{name}: gold received"] = Ratio(_sums(mine, games, "gold"), count, share=False)
        out[f"{name}: received a card"] = Ratio(_sums(mine, games, "got"), count, share=True)
        out[f"{name}: roses"] = Plain(len(mine))
    return out


# -- curses and amulets -----------------------------------------------------------------------


def curses(tables: Tables, records: Records) -> Wants:
    caption = records[0]["table"]
    games = _games(tables)
    losses = _events(tables, "curse-loss")
    hit = re.match(r"Curses \((\d+) holders hit\)$", caption)
    if hit is None or int(hit.group(1)) != len(losses):
        raise AssertionError(f"{caption}: the log has {len(losses)} curse losses")
    lost = losses["data"].map(lambda d: d["lost"])
    losses = losses.assign(
        gold=(lost == "gold").astype(float),
        amulet=(lost == "amulet").astype(float),
        nothing=(lost == "nothing").astype(float),
        value=losses["data"].map(lambda d: float(d.get("value", 0))),
    )
    ends = _events(tables, "share-end")
    ends = ends.assign(cursed=ends["data"].map(lambda d: float(d["cursed"])))
    cursed = _sums(ends, games, "cursed")
    turned_up = _sums(_events(tables, "curse"), games)
    hits = _sums(losses, games)
    rows: dict[str, Expectation] = {
        "curses turned up per game": Units(turned_up, "count", COUNT),
        "shares stopped by a curse": Ratio(cursed, _sums(ends, games), share=True),
        "rose holders hit per curse": Ratio(hits, turned_up, share=False),
        "a holder gave up gold": Ratio(_sums(losses, games, "gold"), hits, share=True),
        "a holder gave up an amulet": Ratio(_sums(losses, games, "amulet"), hits, share=True),
        "a holder had nothing to give": Ratio(_sums(losses, games, "nothing"), hits, share=True),
        "gold value of a card given up": Ratio(
            _sums(losses, games, "value"), _sums(losses, games, "gold"), share=False
        ),
        "gold lost to curses per player per game": Units(
            _seat_means(_seat_counts(tables), "curse_gold_lost"), "count", COUNT
        ),
    }
    return {f"{caption}: measure {row}: estimate": want for row, want in rows.items()}


def _per_agent(tables: Tables, records: Records, columns: dict[str, str]) -> Wants:
    caption = records[0]["table"]
    seats = _seat_counts(tables)
    return {
        f"{caption}: agent {agent}: {label}": Units(
            _seat_means(seats, column, agent), "count", COUNT
        )
        for agent in _agents(tables)
        for column, label in columns.items()
    }


def curse_losses(tables: Tables, records: Records) -> Wants:
    columns = {
        "curse_gold_lost": "gold lost per seat and game",
        "amulets_for_curses": "amulets given up per seat and game",
    }
    return _per_agent(tables, records, columns)


def amulets(tables: Tables, records: Records) -> Wants:
    columns = {
        "amulets_picked": "picked up (TB-D3)",
        "extra_actions": "spent on an extra action (TB-A2)",
        "amulets_for_curses": "given up to a curse (TB-A2)",
        "amulets_held": "held at the end",
    }
    return _per_agent(tables, records, columns)


def island(tables: Tables, records: Records) -> Wants:
    caption = records[0]["table"]
    games = tables.games.sort_values("game")
    washed = _sums(_events(tables, "amulet-washed"), _games(tables))
    return {
        f"{caption}: measure washed up per game: estimate": Units(washed, "count", COUNT),
        f"{caption}: measure still on the island at the end: estimate": Units(
            games["amulets_left"].to_numpy(float), "count", COUNT
        ),
    }


# -- stalls -----------------------------------------------------------------------------------


def _longest_stall(moving: set[int], turns: int) -> tuple[int, int]:
    """The longest run of turns 1..turns none of which is in ``moving`` (the later of equal
    runs): its length and first turn."""
    best, start, run = (0, 0), 1, 0
    for turn in range(1, turns + 1):
        if turn in moving:
            run, start = 0, turn + 1
            continue
        run += 1
        if run >= best[0]:
            best = (run, start)
    return best


def _stalls(tables: Tables) -> pd.DataFrame:
    """Per game: its longest stall, its first turn and the most fixed treasures unraised at
    any time of it (those left by every event before it, then after each of its own)."""
    log = _events(tables, "hint", "raise", "fixed")
    turns = tables.games.set_index("game")["turns"]
    rows = []
    for game, events in log.groupby("game"):
        moving = set(events.loc[events["kind"].isin(("hint", "raise")), "turn"].astype(int))
        length, start = _longest_stall(moving, int(turns[game]))
        unraised: set[Any] = set()
        states: list[int] = []
        for kind, turn, data in zip(events["kind"], events["turn"], events["data"], strict=True):
            if turn >= start + length:
                break
            if turn >= start and not states:
                states.append(len(unraised))  # what the stall begins with
            if kind == "fixed":
                unraised.add(data["treasure"])
            elif kind == "raise":
                unraised.discard(data["treasure"])
            if turn >= start:
                states.append(len(unraised))
        states.append(len(unraised))
        rows.append({"game": game, "stall": length, "from turn": start, "waiting": max(states)})
    return pd.DataFrame(rows, columns=["game", "stall", "from turn", "waiting"])


def stalls(tables: Tables, records: Records) -> Wants:
    caption = records[0]["table"]
    found = _stalls(tables)
    long = found[found["stall"] >= LONG_STALL].set_index("game")
    shown = {r["row"] for r in records}
    ranked = sorted(long["stall"], reverse=True)
    cut = ranked[min(len(ranked), STALLS_SHOWN) - 1] if ranked else LONG_STALL
    must = set(long.index[long["stall"] > cut])  # longer than the last shown: all shown
    if not must <= shown <= set(long.index) or len(shown) != min(len(long), STALLS_SHOWN):
        stalled = long["stall"].to_dict()
        raise AssertionError(f"{caption}: shows games {sorted(shown)}; stalled {stalled}")
    games = tables.games.set_index("game")
    out: Wants = {}
    for game, row in long.iterrows():
        name = f"{caption}: game {game}"
        out[f"{name}: stall"] = Plain(row["stall"])
        out[f"{name}: from turn"] = Plain(row["from turn"])
        out[f"{name}: fixed waiting"] = Plain(row["waiting"])
        out[f"{name}: exchanges"] = Plain(games.loc[game, "exchanges"])
        out[f"{name}: seed"] = Plain(games.loc[game, "seed"], 0.0)
        out[f"{name}: turns"] = Plain(games.loc[game, "turns"])
    return out


# -- the rule variant -------------------------------------------------------------------------


def _variant_of(tables: Tables, caption: str) -> tuple[Tables, tuple[str, ...]]:
    """The stored study of the variant a caption is about, and the words it declares direct
    effects (plug-in metadata, no computation)."""
    from analyses.plugins import plugin

    for slug, variant in plugin("tobago").variants.items():
        if caption.startswith(f"{variant.label}: "):
            return Tables(tables.folder / "variants" / slug), tuple(variant.direct)
    raise AssertionError(f"{caption}: no Tobago variant has this label")


def _measures(base: Tables, other: Tables) -> dict[str, tuple[pd.Series, pd.Series]]:
    """Tobago's measures per game (indexed by game) in the study and the variant."""

    def seats(t: Tables, column: str, agent: str | None = None) -> pd.Series:
        mine = t.players if agent is None else t.players[t.players["agent"] == agent]
        return mine.groupby("game")[column].mean()

    out = {f"gold of a {a} seat": (seats(base, "gold", a), seats(other, "gold", a))
           for a in _agents(base)}  # fmt: skip
    out["gold lost to curses per seat"] = (
        seats(base, "curse_gold_lost"),
        seats(other, "curse_gold_lost"),
    )
    out["turns per game"] = tuple(t.games.set_index("game")["turns"] for t in (base, other))
    return out


def _multiple(d: np.ndarray, earlier: list[np.ndarray]) -> bool:
    """Whether ``d`` is a multiple (not 0) of an earlier row's differences."""
    for e in earlier:
        if len(e) == len(d) and e.any() and d.any():
            k = int(np.flatnonzero(e)[0])
            if d[k] and np.allclose(d, d[k] / e[k] * e, rtol=1e-9, atol=1e-12):
                return True
    return False


def variant_measures(tables: Tables, records: Records) -> Wants:
    caption = records[0]["table"]
    other, direct = _variant_of(tables, caption)
    deals = any(str(r["over"]).startswith("deals") for r in records)
    units = "deals" if deals else "games"
    earlier: list[np.ndarray] = []
    out: Wants = {}
    sizes: set[int] = set()
    for measure, (study, variant) in _measures(tables, other).items():
        if deals:
            study, variant = tables.per_deal(study), tables.per_deal(variant)
        x, y = study.align(variant, join="inner")
        keep = x.notna() & y.notna()
        if keep.sum() < 2:
            continue
        a, b = x[keep].sort_index().to_numpy(float), y[keep].sort_index().to_numpy(float)
        d = b - a
        sizes.add(len(d))
        name = f"{caption}: measure {measure}"
        is_direct = any(word == measure or word in measure for word in direct)
        twin = not is_direct and _multiple(d, earlier)
        should = not is_direct and not twin and bool(d.any())
        # tested unless unchanged, direct or a twin: verify says so if the report differs
        out[f"{name}: difference"] = Units(d, p=sign_flip(d) if should else None)
        out[f"{name}: study"] = Units(a)
        out[f"{name}: variant"] = Units(b)
        out[f"{name}: {units} changed"] = Plain(int(np.count_nonzero(d)))
        if not is_direct and not twin:
            earlier.append(d)
    paired = re.search(r"; (\d+) (deals|games) paired$", caption)
    if len(sizes) == 1 and (paired is None or int(paired.group(1)) not in sizes):
        raise AssertionError(f"{caption}: the measures pair {sizes.pop()} {units}")
    return out


RECIPES: dict[str, Recipe] = {
    r"Share of each seat's actions$": actions,
    r"Turns per treasure$": turns_per_treasure,
    r"Treasures$": treasures,
    r"Gold per rose by place$": gold_per_rose,
    r"Curses \(\d+ holders hit\)$": curses,
    r"Curse losses by agent$": curse_losses,
    r"Amulets per seat and game$": amulets,
    r"Amulets on the island$": island,
    rf"Games with a stall of {LONG_STALL} turns or more$": stalls,
    r".*: Tobago's measures, paired by seed": variant_measures,
}
