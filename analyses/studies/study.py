"""Studies: many seeded games of any game of the registry, played by agents, as tables.

A :class:`StudyConfig` names the game, the players, the agents per seat (rotated over the games
by default, so that every agent sits in every seat), rule options, component files, the number of
games, the root seed and the *design*:

* ``fixed`` — every game is a deal of its own: game ``i`` takes seed ``spawn_seeds(seed,
  games)[i]`` and (with ``rotate``) shifts the lineup by ``i`` seats;
* ``duplicate`` — every deal is played once per rotation of the lineup, so each agent sits in
  each seat on the same deals: game ``i`` is rotation ``i % players`` of deal ``i // players``,
  whose seed is ``spawn_seeds(seed, games // players)[deal]``. Every rotation of a deal plays the
  same chance, and each agent chooses from a seed of the deal and of its place in the lineup
  (not of its seat), the same in every rotation. ``games`` is a whole number of deals.

A game's chance and every agent's choices come from its index and the root seed alone, so its
result is the same on 1 worker, N workers or a Dask cluster, and after a resume.

:func:`run_study` plays the games in chunks on a ``concurrent.futures`` executor (a local process
pool whose workers end with their parent, or Dask's), writes each chunk to a
:class:`~analyses.studies.store.StudyStore` as it completes, and returns the
:class:`~analyses.studies.frames. StudyFrames`. A game that raises is recorded in the ``errors``
table with its seed and traceback; the study goes on.

>>> config = StudyConfig("southseas", players=2, agents=("random",), games=3, seed=7)
>>> frames = run_study(config)
>>> len(frames.games), sorted(frames.players.columns)[:3]
(3, ['agent', 'bananas', 'fish'])
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import random
import traceback
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from typing import Any

from analyses.studies import interrupts
from analyses.studies.designs import DESIGNS
from analyses.studies.frames import Chunk, StudyFrames, event_row
from analyses.studies.trace import Trace
from analyses.studies.watchers import watcher_for
from analyses.studies.workers import process_pool
from models.core import Game, GameState, game_info, load_game, make_rng, spawn_seeds
from models.errors import AtollError
from models.luck import Luck
from models.options import RuleOptions
from models.seeds import check_seed, split_seed
from solvers.agents import Agent, AgentSpec, make_agent, read_agent
from solvers.agents.play import Watcher, play_out

#: The ways a study draws chance (:attr:`StudyConfig.chance`).
CHANCE_DRAWS = ("streams", "sequential")


@dataclasses.dataclass(frozen=True)
class StudyConfig:
    """What a study plays. ``agents`` are agent specs (``"greedy"``, ``"ismcts:iterations=200"``)
    for the seats in order (the *lineup*); fewer than the players are repeated. With ``rotate``
    game ``i`` shifts them by ``i`` seats. ``design`` is ``"fixed"`` (each game its own deal;
    a config without one, as every study.json before designs, is fixed) or ``"duplicate"``
    (each deal played once per rotation of the lineup: ``games`` a multiple of ``players``,
    ``rotate`` true); :func:`analyses.studies.designs.default_design` is the CLI's choice.

    >>> config = StudyConfig("gloryislands", 2, ("greedy", "random"), games=4, design="duplicate")
    >>> [(config.deal(i), config.rotation(i), config.seats(i)) for i in range(3)]
    [(0, 0, ('greedy', 'random')), (0, 1, ('random', 'greedy')), (1, 0, ('greedy', 'random'))]
    """

    game: str
    players: int
    agents: tuple[str, ...] = ("random",)
    games: int = 100
    seed: int = 0
    rotate: bool = True
    options: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    components: Mapping[str, str] = dataclasses.field(default_factory=dict)
    max_moves: int = 100_000
    design: str = "fixed"
    #: How a game's chance is drawn from its seed: ``"streams"`` (:class:`models.luck.Luck`,
    #: each purpose its keyed stream, so that two settings share their luck) or
    #: ``"sequential"`` (one generator for every draw: every study.json written before streams,
    #: which names none, so that old folders resume as they were played).
    chance: str = "streams"

    def __post_init__(self) -> None:
        if not self.agents:
            raise AtollError("name at least one agent", field="agents")
        if not 1 <= self.games <= 10_000_000:
            raise AtollError(f"must be 1 to 10,000,000, got {self.games}", field="games")
        check_seed(self.seed)
        if self.chance not in CHANCE_DRAWS:
            raise AtollError(
                f"{self.chance!r} is no way of drawing chance ({', '.join(CHANCE_DRAWS)})",
                field="chance",
            )
        if self.design not in DESIGNS:
            raise AtollError(
                f"{self.design!r} is no design (the designs: {', '.join(DESIGNS)})",
                field="design",
            )
        if self.design == "duplicate":
            if not self.rotate:
                raise AtollError(
                    "the duplicate design rotates the lineup over the seats: rotate must be "
                    "true (fixed seats are the fixed design's)",
                    field="rotate",
                )
            if isinstance(self.players, int) and self.players >= 1 and self.games % self.players:
                raise AtollError(
                    f"the duplicate design plays whole deals of {self.players} games (one per "
                    f"rotation of the lineup): a multiple of {self.players}, got {self.games}",
                    field="games",
                )

    def lineup(self) -> tuple[str, ...]:
        """The agent spec of each place in the lineup: ``agents`` repeated over the seats."""
        return tuple(self.agents[i % len(self.agents)] for i in range(self.players))

    @property
    def deals(self) -> int:
        """How many deals (chance seeds) the study plays: its games, or in the duplicate
        design its games over the rotations."""
        return self.games // self.players if self.design == "duplicate" else self.games

    def deal(self, index: int) -> int:
        """The deal game ``index`` plays (itself in the fixed design)."""
        return index // self.players if self.design == "duplicate" else index

    def rotation(self, index: int) -> int:
        """How many seats game ``index`` shifts the lineup by (0 without ``rotate``)."""
        return index % self.players if self.rotate else 0

    def seats(self, index: int) -> tuple[str, ...]:
        """The agent spec of each seat in game ``index``."""
        line, shift = self.lineup(), self.rotation(index)
        return tuple(line[(seat - shift) % self.players] for seat in range(self.players))

    # What the config names, read and checked once (here, not per game nor per worker) into
    # typed values that travel with it: the rule options object and each agent's spec. The
    # config keeps the options as given (its study.json and digest record only those).

    @functools.cached_property
    def rules(self) -> RuleOptions:
        """The game's rule options object (defaults for what ``options`` leaves out)."""
        return game_info(self.game).options.from_mapping(dict(self.options))

    @functools.cached_property
    def specs(self) -> dict[str, AgentSpec]:
        """Each agent spec of ``agents`` read once, by its text."""
        return {text: read_agent(text, self.game) for text in self.agents}

    def to_dict(self) -> dict[str, Any]:
        """The config as study.json records it. The fixed design is not written: so a fixed
        study records (and hashes to) what it did before designs, and old folders resume."""
        out = dataclasses.asdict(self)
        out["agents"], out["options"] = list(self.agents), dict(self.options)
        out["components"] = dict(self.components)
        if self.design == "fixed":
            del out["design"]
        if self.chance == "sequential":
            del out["chance"]
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> StudyConfig:
        fields = {f.name for f in dataclasses.fields(cls)}
        unknown = set(data) - fields
        if unknown:
            raise AtollError("unknown study field", field=sorted(unknown)[0])
        agents = tuple(data.get("agents", ("random",)))
        return cls(**{"chance": "sequential", **data, "agents": agents})

    @functools.cached_property
    def digest(self) -> str:
        """A short hash of the whole config: recorded in every games row."""
        text = json.dumps(self.to_dict(), sort_keys=True, default=str)
        return hashlib.sha256(text.encode()).hexdigest()[:12]

    def make_game(self) -> Game:
        return load_game(self.game, self.players, self.rules, **dict(self.components))

    def check(self) -> Game:
        """The game, made once here so that bad options, component files or agent specs fail
        before any game is played, in one line."""
        self.specs  # noqa: B018 (read once: a bad spec fails here)
        return self.make_game()


def game_agents(
    config: StudyConfig, index: int, seed: int
) -> tuple[list[Agent], Luck | random.Random]:
    """Game ``index``'s agents, seat by seat, and its chance, from the game's ``seed``: the one
    place that splits a game's seed (a replay of a study's game calls it too). In the duplicate
    design an agent's seed goes by its place in the lineup, not its seat: an agent plays every
    rotation of a deal from the same seed, so the rotations differ by the seats alone."""
    specs, rotation = config.seats(index), config.rotation(index)
    chance_seed, *agent_seeds = split_seed(seed, 1 + config.players)
    if config.design == "duplicate":
        agent_seeds = [agent_seeds[(s - rotation) % config.players] for s in range(len(specs))]
    read = config.specs
    agents = [make_agent(read[spec], s) for spec, s in zip(specs, agent_seeds, strict=True)]
    chance = Luck(chance_seed) if config.chance == "streams" else make_rng(chance_seed)
    return agents, chance


def game_seeds(config: StudyConfig) -> list[int]:
    """The seed of every game, by index (independent of workers and of resumes): in the
    duplicate design every rotation of a deal has the deal's seed."""
    if config.design == "duplicate":
        deals = spawn_seeds(config.seed, config.deals)
        return [deals[config.deal(i)] for i in range(config.games)]
    return spawn_seeds(config.seed, config.games)


def play_game(
    config: StudyConfig,
    game: Game,
    index: int,
    seed: int,
    *,
    trace: bool = True,
    watch: bool = True,
) -> Chunk:
    """One game as table rows (or an errors row when it raises); ``trace=False`` leaves the
    score race, branching and choices tables empty (``benchmarks/trace_cost.py`` measures
    their cost),
    ``watch=False`` leaves out the rows of the game's study watcher
    (:mod:`analyses.studies.watchers`)."""
    chunk = Chunk()
    try:
        _play(config, game, index, seed, chunk, trace, watch)
    except Exception:
        chunk.clear_game(index)
        chunk.errors.append(
            {
                "game": index,
                "seed": seed,
                "error": traceback.format_exc(limit=0).strip().splitlines()[-1],
                "traceback": traceback.format_exc(),
            }
        )
    return chunk


def _play(
    config: StudyConfig,
    game: Game,
    index: int,
    seed: int,
    chunk: Chunk,
    trace: bool,
    watch: bool,
) -> None:
    specs, rotation = config.seats(index), config.rotation(index)
    agents, chance = game_agents(config, index, seed)
    state = game.new_initial_state()
    watcher = Trace(game.info.vocabulary) if trace else None
    make_watcher = watcher_for(config.game) if watch else None
    extra = make_watcher() if make_watcher is not None else None
    watchers = [w for w in (watcher, extra) if w is not None]
    # one watcher is told directly: the fan-out is a call more per decision, for every game
    told = _Watchers(watchers) if len(watchers) > 1 else (watchers[0] if watchers else None)
    played = play_out(state, agents, chance, max_steps=config.max_moves, watcher=told)
    moves, thinking = played.moves, played.seconds
    outcome = state.outcome()
    winners = set(outcome.winners)
    chunk.games.append(
        {
            "game": index,
            "seed": seed,
            "deal": config.deal(index),
            "rotation": rotation,
            "config": config.digest,
            "winners": list(outcome.winners),
            "tied": len(winners) > 1,
            "moves": sum(moves),
            **state.summary(),
        }
    )
    for seat in range(config.players):
        chunk.players.append(
            {
                "game": index,
                "seat": seat,
                "agent": specs[seat],
                "score": outcome.scores[seat],
                "win": seat in winners,
                "win_share": 1 / len(winners) if seat in winners else 0.0,
                "rank": 1 + sum(s > outcome.scores[seat] for s in outcome.scores),
                **state.player_summary(seat),
            }
        )
        chunk.timings.append(
            {"game": index, "seat": seat, "moves": moves[seat], "seconds": thinking[seat]}
        )
    chunk.events.extend(event_row(index, e, k) for k, e in enumerate(state.events()))
    if extra is not None:
        chunk.events.extend(extra.rows(index, state, first=len(state.events())))
    if watcher is not None:
        chunk.trajectory.append(watcher.trajectory_columns(index, state))
        chunk.branching.append(watcher.decision_columns(index))


class _Watchers:
    """Several watchers as one."""

    def __init__(self, watchers: Sequence[Watcher]) -> None:
        self.watchers = tuple(watchers)
        self._told = tuple(w.decision for w in self.watchers)

    def decision(self, state: GameState, actions: tuple[Hashable, ...]) -> None:
        for told in self._told:
            told(state, actions)


def play_chunk(config: StudyConfig, jobs: Sequence[tuple[int, int]]) -> StudyFrames:
    """Play the (index, seed) jobs of one chunk (the task sent to a worker: the config travels
    with its options and specs already read); its tables come back as frames, which travel
    between processes far cheaper than rows."""
    game = config.make_game()
    chunk = Chunk()
    for index, seed in jobs:
        chunk.extend(play_game(config, game, index, seed))
    return chunk.frames()


@contextmanager
def executor_for(workers: int, scheduler: str | None) -> Iterator[Executor | None]:
    """``None`` (play in this process) for 1 worker, a process pool for more, or the Dask
    cluster at ``scheduler`` (``HOST:PORT`` or ``tcp://HOST:PORT``: a malformed address, or
    one that cannot be reached, is a one-line error before anything else is done)."""
    if scheduler:
        from analyses.studies.workers import scheduler_address

        address = scheduler_address(scheduler)
        try:
            from distributed import Client
        except ImportError:
            raise AtollError(
                "Dask is not installed: pip install 'atoll[dask]'", field="--scheduler"
            ) from None
        try:
            client = Client(address, timeout=10)
        except Exception as exc:  # distributed raises OSError, TimeoutError, ValueError...
            why = str(exc) or type(exc).__name__
            raise AtollError(
                f"no Dask scheduler at {scheduler}: {why}", field="--scheduler"
            ) from None
        try:
            yield client.get_executor()
        finally:
            client.close()
    elif workers <= 1:
        yield None
    else:
        with process_pool(workers) as pool:
            yield pool


def run_study(
    config: StudyConfig,
    *,
    workers: int = 1,
    scheduler: str | None = None,
    store: Any = None,
    chunk_size: int = 20,
    done: Callable[[int], None] | None = None,
    collect: bool = True,
) -> StudyFrames:
    """Play every game of ``config`` not yet in ``store`` (all when there is none); each chunk
    goes to ``store`` as it completes; ``done(n)`` is told about every n games finished.
    Returns the frames of the whole study (stored and new); with a store and ``collect=False``
    empty frames (the tables stay on disk, unread)."""
    config.check()
    seeds = game_seeds(config)
    collected: list[StudyFrames] = []
    skip = store.done() if store is not None else set()
    jobs = [(i, s) for i, s in enumerate(seeds) if i not in skip]
    chunks = [jobs[k : k + chunk_size] for k in range(0, len(jobs), chunk_size)]
    # no more workers than chunks: an idle worker is a process to start and to stop for nothing
    with executor_for(min(workers, len(chunks)), scheduler) as executor:
        if store is not None:  # a bad scheduler fails before the store is written
            store.begin()
        for chunk in _results(executor, config, chunks):
            if store is not None:
                store.write_chunk(chunk)
            else:
                collected.append(chunk)
            if done is not None:
                done(len(chunk.indices))
    if store is not None:
        return store.frames() if collect else StudyFrames.concat([])
    return StudyFrames.concat(collected)


def _results(
    executor: Executor | None, config: StudyConfig, chunks: list[list[tuple[int, int]]]
) -> Iterator[StudyFrames]:
    if executor is None:
        for jobs in chunks:
            interrupts.check()
            yield play_chunk(config, jobs)
        return
    futures: list[Future[StudyFrames]] = []
    try:
        futures.extend(executor.submit(play_chunk, config, jobs) for jobs in chunks)
        for future in as_completed(futures):
            interrupts.check()  # an interrupt swallowed on the way stops the study here
            yield future.result()
    finally:
        if not isinstance(executor, ProcessPoolExecutor):  # a local pool ends its workers
            for future in futures:  # itself; a cancel there would race its manager thread
                future.cancel()
