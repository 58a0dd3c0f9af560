"""American Mah Jongg for four bots: played into a log, replayed through the rules, and
explained on paper -- the Charleston pass by pass, each player's nearest hands as play
goes on, and the payments."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from tilepress.engine.log import Event, GameLog, normalise, replay_through
from tilepress.engine.rules import play_out
from tilepress.errors import IllegalActionError, RequestError
from tilepress.games.american.bots import Planner
from tilepress.games.american.card import american_set
from tilepress.games.american.cards_file import load_card
from tilepress.games.american.events import fold_answers
from tilepress.games.american.rules import (
    GAME,
    REDEEMED,
    SELF_DRAWN,
    AmericanGame,
    AmericanOptions,
    Deal,
    Dice,
    Phase,
)
from tilepress.params import params_dict

SEATS = ("East", "South", "West", "North")
MAX_EVENTS = 20_000


def new_state(options: AmericanOptions) -> AmericanGame:
    """A game before the dice, with the card its options name (read here)."""
    return AmericanGame(options, load_card(options.card))


def chance_event(game: AmericanGame, rng: random.Random) -> Event:
    """The dice (rolled again until one total is highest), then the shuffled walls."""
    if game.phase == Phase.DICE:
        while True:
            rolls = tuple((rng.randint(1, 6), rng.randint(1, 6)) for _ in range(4))
            totals = [a + b for a, b in rolls]
            if totals.count(max(totals)) == 1:
                return Dice(rolls, totals.index(max(totals)))
    wall = list(american_set())
    rng.shuffle(wall)
    return Deal(tuple(wall))


def play(options: AmericanOptions, seed: int | str, bots: Sequence | None = None) -> GameLog:
    """One game (one deal) between four bots (planners unless given). The log writes the
    answers to each discard as one ``claims`` line."""
    bots = list(bots) if bots else [Planner() for _ in range(4)]
    if len(bots) != 4:
        raise RequestError(f"four players need four bots, not {len(bots)}")
    rng = random.Random(f"tilepress:{GAME}:{seed}")
    game = new_state(options)
    events = play_out(game, bots, rng, chance_event, limit=MAX_EVENTS)
    return GameLog(GAME, params_dict(options), seed, tuple(fold_answers(events)),
                   game.result(), tuple(getattr(b, "name", "bot") for b in bots))


def replay(log: GameLog) -> dict[str, Any]:
    """Apply every event of ``log`` through the rules; raise at the first illegal one. A
    log written before issue 35 whose result calls a win by redeeming a joker after a
    draw "self-drawn" (the payments are the same) still replays."""
    game = new_state(log.options_as(AmericanOptions))
    try:
        return replay_through(game, log, key="payments")
    except IllegalActionError:
        result = normalise(game.result())
        outcome = result.get("outcome") or ""
        if not (game.over and outcome.endswith(REDEEMED) and dict(log.result) == {
                **result, "outcome": outcome.removesuffix(REDEEMED) + SELF_DRAWN}):
            raise
        return game.result()


def summary(log: GameLog, result: Mapping[str, Any]) -> str:
    pays = " ".join(f"{SEATS[(k - result['east']) % 4][0]}{v:+d}"
                    for k, v in enumerate(result["payments"]))
    return f"{result['outcome']}; payments {pays}"


# ---------------------------------------------------------------------------
# The worked example
# ---------------------------------------------------------------------------


__all__ = ["chance_event", "new_state", "play", "replay", "summary"]
