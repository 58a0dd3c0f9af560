"""One suit mahjong, played by bots into a log, replayed, and explained on paper."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from tilepress.engine.log import GameLog, replay_through
from tilepress.engine.rules import play_out
from tilepress.games.onesuit.bots import EfficiencyBot
from tilepress.games.onesuit.rules import (
    GAME,
    NAMES,
    HandStart,
    OneSuitOptions,
    OneSuitTable,
    suit_tiles,
)
from tilepress.params import params_dict


def new_state(options: OneSuitOptions) -> OneSuitTable:
    """A game before its first hand."""
    return OneSuitTable(options)


def chance_event(table: OneSuitTable, rng: random.Random) -> HandStart:
    """The chance event: the next hand, with the wall shuffled."""
    wall = list(suit_tiles(table.options.suit))
    rng.shuffle(wall)
    return HandStart(table.hand_number + 1, table.dealer, tuple(wall))


def play(options: OneSuitOptions, seed: int | str, bots: Sequence = ()) -> GameLog:
    """A whole game between two bots (efficiency bots unless given)."""
    bots = tuple(bots) or (EfficiencyBot(), EfficiencyBot())
    rng = random.Random(f"tilepress:{GAME}:{seed}")
    table = new_state(options)
    events = play_out(table, bots, rng, chance_event)
    players = tuple(f"{NAMES[i]} ({getattr(b, 'name', 'bot')})" for i, b in enumerate(bots))
    return GameLog(GAME, params_dict(options), seed, tuple(events), table.result(), players)


def replay(log: GameLog) -> dict[str, Any]:
    """Apply every event of ``log`` through the rules; raise at the first illegal one."""
    options = log.options_as(OneSuitOptions)
    return replay_through(OneSuitTable(options), log, finished=False)


def summary(log: GameLog, result: Mapping[str, Any]) -> str:
    a, b = result["scores"]
    hands = sum(1 for ev in log.events if isinstance(ev, HandStart))
    return f"{hands} hands, {len(log.events)} events; A {a}, B {b}"


# ---------------------------------------------------------------------------
# The worked example
# ---------------------------------------------------------------------------


__all__ = ["chance_event", "new_state", "play", "replay", "summary"]
