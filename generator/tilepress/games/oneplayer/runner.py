"""Mah-Jongg One Player, played by a bot into a log, replayed, and explained on paper."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from tilepress.engine.log import GameLog, replay_through
from tilepress.engine.rules import play_out
from tilepress.games.oneplayer.bots import Planner
from tilepress.games.oneplayer.rules import (
    GAME,
    OnePlayerBoard,
    OnePlayerOptions,
    Wall,
)
from tilepress.params import params_dict


def new_state(options: OnePlayerOptions) -> OnePlayerBoard:
    """A game before the wall is built."""
    return OnePlayerBoard(options)


def chance_event(board: OnePlayerBoard, rng: random.Random) -> Wall:
    """The chance event: the wall, every tile of the set shuffled."""
    wall = list(board.options.tileset())
    rng.shuffle(wall)
    return Wall(tuple(wall))


def play(options: OnePlayerOptions, seed: int | str, bots: Sequence = ()) -> GameLog:
    """A whole game played by ``bots[0]`` (the planner unless given)."""
    bot = bots[0] if bots else Planner()
    rng = random.Random(f"tilepress:{GAME}:{seed}")
    board = new_state(options)
    events = play_out(board, [bot], rng, chance_event)
    return GameLog(GAME, params_dict(options), seed, tuple(events), board.result(),
                   (getattr(bot, "name", "bot"),))


def replay(log: GameLog) -> dict[str, Any]:
    """Apply every event of ``log`` through the rules; raise at the first illegal one."""
    board = OnePlayerBoard(log.options_as(OnePlayerOptions))
    return replay_through(board, log, key="total", finished=False)


def summary(log: GameLog, result: Mapping[str, Any]) -> str:
    return f"10 lines, {len(log.events)} events; {result['total']} points"


__all__ = ["chance_event", "new_state", "play", "replay", "summary"]
