"""Balance reports: many simulated games of one rule set (or two, on the same seeds)
added up into the figures a game designer asks about.

    from tilepress.publish.stats import StatsRun, run_stats
    data = run_stats(StatsRun("castle", {"players": 4}, {}, games=2000, seed=1))
    data["runs"][0]["summary"]["win_rate"]      # each seat's share of the wins, with 95% CI

Games run on the batch runner (:mod:`tilepress.batch`): task ``i`` plays with
``task_seed(seed, i)``, and records come back in the order of their index, so the
figures are the same for any number of workers. Each game is read into a
:class:`~tilepress.engine.record.GameRecord` by its runner's ``record`` (or the generic
reading of :mod:`.records`), added to a :class:`~.tally.Tally`, and written as a row
(:mod:`.rows`) as it arrives.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from tilepress.batch import BatchOptions, run_batch, task_seed
from tilepress.errors import RequestError, TilepressError
from tilepress.params import params_dict
from tilepress.publish.stats.compare import compare
from tilepress.publish.stats.records import Setup, play_record, prepared
from tilepress.publish.stats.rows import RowWriter, row
from tilepress.publish.stats.tally import Tally

FORMAT = "tilepress-stats"
VERSION = 1
MOST_GAMES = 10_000_000


@dataclass(frozen=True)
class StatsRun:
    """A report to make: a game (or variant) by name, its rules and play options (plain
    values, as the CLI or a file gives them), how many games from which seed, and the
    rules of run B (``against``: options changed from run A's), if any."""

    game: str
    options: Mapping[str, Any]
    play: Mapping[str, Any]
    games: int
    seed: int = 1
    against: Mapping[str, Any] | None = None
    batch: BatchOptions = field(default_factory=BatchOptions)


def check_games(games: int) -> None:
    if not 1 <= games <= MOST_GAMES:
        raise RequestError(f"--games: the number of games must be 1 to {MOST_GAMES:,}, "
                           f"not {games}")


def setups(run: StatsRun) -> list[Setup]:
    """Run A's setup, and run B's: every option, checked (an unknown game, option or bot
    is an error here, before any game is played)."""
    from tilepress.games import find_game

    check_games(run.games)
    game = find_game(run.game)
    where = f"stats {run.game}"
    play_values = {**run.play, **game.variants.get(run.game, {})}
    out = []
    for extra, label in ((None, "A"), (run.against, "B")):
        if label == "B" and extra is None:
            break
        if label == "B":  # an error in run B's options is an error of --against
            where = f"{where} --against"
        values = {**run.options, **(extra or {})}
        known = {*_names(game.options), *_names(game.play_options)}
        unknown = sorted(set(extra or {}) - known)
        if unknown:
            raise RequestError(f"{where}: unknown option {unknown[0]!r}")
        options = game.options_from({k: v for k, v in values.items()
                                     if k in _names(game.options)}, where)
        play = game.play_options_from({**play_values, **{
            k: v for k, v in (extra or {}).items() if k in _names(game.play_options)}}, where)
        game.make_bots(options, play)  # an unknown bot or a wrong count fails now
        try:  # so does what the options name (a card file)
            game.new_state(options)
        except TilepressError as exc:
            raise RequestError(f"{where}: {exc}") from None
        out.append(Setup.of(run.game, options, play))
    return out


def _names(params_type: type | None) -> set[str]:
    from dataclasses import fields

    return {f.name for f in fields(params_type)} if params_type else set()


Progress = Callable[[int, int], None]


def run_stats(run: StatsRun, *, rows: RowWriter | None = None,
              progress: Progress | None = None) -> dict[str, Any]:
    """Play the games of every run and add them up: the report's data (its JSON).
    ``rows``, if given, gets one row per game as it arrives; ``progress`` is called with
    (games done, games in all)."""
    from tilepress.version import __version__

    plan = setups(run)
    total = run.games * len(plan)
    if rows is not None:
        chosen = {}
        for number, setup in enumerate(plan):
            _, options, play, _ = prepared(setup)
            chosen["AB"[number]] = {**params_dict(options), **params_dict(play)}
        rows.describe(run.game, run.games, run.seed, chosen)
    tallies: list[Tally] = []
    out_runs = []
    for number, setup in enumerate(plan):
        label = "AB"[number]
        done = number * run.games
        step = (lambda d, _t, done=done: progress(done + d, total)) if progress else None
        tally = Tally()
        for index, record in run_batch(functools.partial(play_record, setup), run.games,
                                       seed=run.seed, name=f"{run.game} game {{index}}",
                                       options=run.batch, progress=step):
            tally.add(record)
            if rows is not None:
                rows.add(row(label, index, task_seed(run.seed, index), run.game, record))
        tallies.append(tally)
        game, options, play, _ = prepared(setup)
        out_runs.append({"label": label, "options": params_dict(options),
                         "play": params_dict(play), "players": _players(tally),
                         "summary": tally.summary()})
    game = prepared(plan[0])[0]
    data: dict[str, Any] = {
        "format": FORMAT, "version": VERSION, "tilepress": __version__, "game": run.game,
        "title": game.title + (" (solo)" if run.game.endswith("-solo") else ""),
        "games": run.games, "seed": run.seed, "runs": out_runs,
        "comparison": ([d.as_dict() for d in compare(tallies[0], tallies[1])]
                       if len(tallies) == 2 else None),
    }
    return data


def _players(tally: Tally) -> list[str]:
    return [f"seat {k + 1}: {name}" for k, name in enumerate(tally.sides)]


__all__ = ["FORMAT", "VERSION", "StatsRun", "check_games", "run_stats", "setups"]
