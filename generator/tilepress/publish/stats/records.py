"""Games played for a balance report, each read into a :class:`GameRecord`.

A game's runner that defines ``record(log)`` is used as it is, picked up by name the
moment it exists; for a runner without one, :func:`generic_record` reads any finished
log: the scores and winner from the result line, the events counted by type, the lead
from the points that events carry. :func:`play_record` is the batch task: one game
played from its task's seed and read into a record.
"""

from __future__ import annotations

import functools
import gc
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any

from tilepress.batch import Task
from tilepress.engine.game import Game
from tilepress.engine.log import Event, GameLog
from tilepress.engine.record import GameRecord, counted, lead_history

Recorder = Callable[[GameLog], GameRecord]

SCORE_KEYS = ("scores", "payments")
"""Result keys holding every side's score, in order of preference."""
ROUND_END_TYPES = ("round-end", "end", "exhausted")
"""Event types that end a round, for the generic reading of round ends."""


@dataclass(frozen=True)
class Setup:
    """What a batch plays: a game (or variant) by name, its rules options and its play
    options, as plain values that pickle and compare."""

    game: str
    options: tuple[tuple[str, Any], ...]
    play: tuple[tuple[str, Any], ...]

    @classmethod
    def of(cls, game: str, options: Any, play: Any) -> Setup:
        return cls(game, _values(options), _values(play))


def _values(params: Any) -> tuple[tuple[str, Any], ...]:
    return tuple((f.name, getattr(params, f.name)) for f in fields(params))


def recorder(game: Game) -> Recorder:
    """The game's own ``record``, or :func:`generic_record` while it has none."""
    return game.record if game.optional_module("record") is not None else generic_record


@functools.lru_cache(maxsize=8)
def prepared(setup: Setup) -> tuple[Game, Any, Any, Recorder]:
    """The game, options and play options of ``setup`` (built once per process)."""
    from tilepress.games import find_game

    game = find_game(setup.game)
    options = game.options_from(dict(setup.options), f"stats {setup.game}")
    play = game.play_options_from(dict(setup.play), f"stats {setup.game}")
    return game, options, play, recorder(game)


def play_record(setup: Setup, task: Task) -> GameRecord:
    """The batch task: a game played from the task's seed, read into its record. After
    a process's first game, what it holds is frozen out of the garbage collector's
    passes (:func:`_freeze_once`)."""
    game, options, play, read = prepared(setup)
    record = read(game.play(options, play, task.seed))
    _freeze_once()
    return record


YOUNG_THRESHOLD = 100_000
"""The collector's first threshold in a stats process after its first game (Python's
default is 700): objects allocated, less those freed, before a young pass."""


@functools.cache
def _freeze_once() -> None:
    """Move every object alive into the collector's permanent generation
    (:func:`gc.freeze`), once per process: the modules, numba and the games' tables
    loaded for the first game live as long as the process, and walking them in every
    full pass took 6-20% of a Mint Tin game's time. Then young passes wait for
    :data:`YOUNG_THRESHOLD` objects: a game's events and positions, alive until its
    record is read, were walked several times a game (about 8-15% of a Mint Tin
    game), and no game leaves reference cycles to collect (none in 20 games of each).
    Games are played and records read as before; only the collector's work changes."""
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, middle, old)


# -- the generic reading -----------------------------------------------------------------


def _ints(value: Any) -> tuple[int, ...] | None:
    if isinstance(value, list | tuple) and value and all(
            isinstance(v, int) and not isinstance(v, bool) for v in value):
        return tuple(value)
    return None


def result_scores(result: Mapping[str, Any]) -> tuple[int, ...]:
    """Every side's score from a result line: ``scores``, ``payments`` or a one-player
    ``total``."""
    for key in SCORE_KEYS:
        scores = _ints(result.get(key))
        if scores is not None:
            return scores
    total = result.get("total")
    return (total,) if isinstance(total, int) else ()


def result_winners(result: Mapping[str, Any], scores: Sequence[int]) -> tuple[int, ...]:
    """The winning sides (from 0, as logs number seats) named by ``winners`` or
    ``winner``; a side out of range is dropped. Without either key, the sole top scorer
    of a game of several sides wins."""
    raw = result.get("winners", result.get("winner", "absent"))
    if raw == "absent":
        if len(scores) < 2:
            return ()
        top = [k for k, s in enumerate(scores) if s == max(scores)]
        return tuple(top) if len(top) == 1 else ()
    named = [raw] if isinstance(raw, int) else list(raw) if isinstance(raw, list) else []
    named = [w for w in named if isinstance(w, int) and not isinstance(w, bool)]
    sides = len(scores) or max(named, default=-1) + 1
    return tuple(sorted({w for w in named if 0 <= w < sides}))


def _first_mover(events: Sequence[Event]) -> int | None:
    for ev in events:
        for name in ("dealer", "east", "player"):
            value = getattr(ev, name, None)
            if isinstance(value, int) and not isinstance(value, bool):
                return value
    return None


def _row(ev: Event, sides: int) -> tuple[int, ...] | None:
    """Every side's points carried by ``ev`` as one row (a round's scores, payments)."""
    for name in ("scores", "payments", "points"):
        row = _ints(getattr(ev, name, None))
        if row is not None and len(row) == sides:
            return row
    return None


def _one(ev: Event, sides: int) -> tuple[int, ...] | None:
    """The points ``ev`` gives one player, as a row."""
    points, player = getattr(ev, "points", None), getattr(ev, "player", None)
    if isinstance(points, int) and isinstance(player, int) and 0 <= player < sides:
        return tuple(points if k == player else 0 for k in range(sides))
    return None


def _lead(events: Sequence[Event], scores: tuple[int, ...], winners: tuple[int, ...]
          ) -> tuple[int | None, float | None]:
    """Lead changes and the moment of decision, from the points events carry: rows of
    every side's points where the log has them, else one player's ``points``. Only when
    they add up to the final scores; otherwise the history is not known (None, None)."""
    sides = len(scores)
    if sides < 2:
        return None, None
    rows = [row for ev in events if (row := _row(ev, sides)) is not None]
    if not rows:
        rows = [row for ev in events if (row := _one(ev, sides)) is not None]
    running = [0] * sides
    totals: list[tuple[int, ...]] = []
    for row in rows:
        running = [a + b for a, b in zip(running, row, strict=True)]
        totals.append(tuple(running))
    if tuple(running) != scores or not totals:
        return None, None
    lead = lead_history(totals, winners[0] if len(winners) == 1 else None)
    return lead.changes, lead.decided_at


def _patterns(events: Sequence[Event]) -> list[str]:
    """Winning hands and scoring lines named by events: a ``hand`` or ``pattern`` field,
    or the ``kind`` of an event that scores ``points``."""
    found = []
    for ev in events:
        for name in ("hand", "pattern"):
            value = getattr(ev, name, None)
            if isinstance(value, str) and value:
                found.append(value)
        kind, points = getattr(ev, "kind", None), getattr(ev, "points", None)
        if isinstance(kind, str) and isinstance(points, int) and points > 0:
            found.append(kind)
    return found


def _round_ends(events: Sequence[Event]) -> list[str]:
    return [str(getattr(ev, "reason", "") or ev.TYPE) for ev in events
            if ev.TYPE in ROUND_END_TYPES]


def generic_record(log: GameLog) -> GameRecord:
    """A record from any finished log, for a game whose runner has no ``record`` yet.

    Sides: one per score in the result (``scores``, ``payments`` or ``total``), named by
    the log's players; winners: ``winners`` or ``winner`` (seats from 0); turns: the
    result's ``turns``, else the events that name a player;
    rounds: the result's ``rounds`` (1 if absent), and those whose ``round_scores`` row
    is all zero had no winner (a game of one round without a winner counts one);
    actions: every event type, counted; winning patterns: see :func:`_patterns`."""
    result = log.result
    scores = result_scores(result)
    winners = result_winners(result, scores)
    names = list(log.players)[:len(scores)]
    if names and len(scores) == len(names) + 1:
        names.append("virtual opponent")
    names += [f"side {k + 1}" for k in range(len(names), len(scores))]
    turns = result.get("turns")
    if not isinstance(turns, int):
        turns = sum(isinstance(getattr(ev, "player", None), int) for ev in log.events)
    rounds = result.get("rounds")
    rounds = rounds if isinstance(rounds, int) and rounds > 0 else 1
    rows = result.get("round_scores")
    if isinstance(rows, list) and rows:
        without = sum(1 for row in rows if isinstance(row, list) and not any(row))
    else:
        without = int(rounds == 1 and not winners and len(scores) > 1)
    ends = _round_ends(log.events)
    outcome = result.get("outcome")
    end = outcome if isinstance(outcome, str) and outcome else (ends[-1] if ends else
                                                                 "game over")
    changes, decided = _lead(log.events, scores, winners)
    return GameRecord(
        sides=tuple(names), scores=scores, winners=winners, turns=turns, rounds=rounds,
        rounds_without_winner=without, first=_first_mover(log.events), end=end,
        round_ends=counted(ends), wins=tuple(_patterns(log.events)),
        actions=counted(ev.TYPE for ev in log.events), lead_changes=changes,
        decided_at=decided)


__all__ = ["Recorder", "Setup", "generic_record", "play_record", "prepared", "recorder",
           "result_scores", "result_winners"]
