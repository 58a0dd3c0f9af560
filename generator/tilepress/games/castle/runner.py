"""Dragon Castle for 2 to 4 bots: played into a log, replayed, and explained on paper."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from tilepress.engine.log import GameLog, replay_through
from tilepress.engine.rules import play_out
from tilepress.errors import FileFormatError, RequestError
from tilepress.games.castle.bots import Planner
from tilepress.games.castle.options import default_castle_tiles
from tilepress.games.castle.rules import (
    GAME,
    CastleGame,
    CastleOptions,
    Setup,
)
from tilepress.layouts.castle import Castle, generate_castle
from tilepress.layouts.files import find_castle
from tilepress.params import params_dict


def central_castle(options: CastleOptions, rng: random.Random) -> Castle:
    """The castle named by the options (built in, or read from its .castle file), or a
    new one shaped for the set and players."""
    if options.layout == "generate":
        tiles = default_castle_tiles(len(options.set_of_tiles()), options.players)
        return generate_castle(tiles, rng, symmetric=True, name="generated")
    return find_castle(options.layout)


def new_state(options: CastleOptions) -> CastleGame:
    """A game before its castle is set up."""
    return CastleGame(options)


def chance_event(game: CastleGame, rng: random.Random) -> Setup:
    """The chance event: the central castle (loaded, or generated) dealt from the set."""
    options = game.options
    castle = central_castle(options, rng)
    supply = list(options.set_of_tiles().tiles)
    if len(castle) > len(supply):
        raise RequestError(f"castle {castle.name!r} needs {len(castle)} tiles; the "
                           f"{options.tileset} set has {len(supply)}")
    return Setup(castle.to_text(), tuple(rng.sample(supply, len(castle))))


def play(options: CastleOptions, seed: int | str, bots: Sequence | None = None) -> GameLog:
    """A whole game between ``bots`` (planners unless given)."""
    bots = list(bots) if bots else [Planner() for _ in range(options.players)]
    if len(bots) != options.players:
        raise RequestError(f"{options.players} players need {options.players} bots, not "
                           f"{len(bots)}")
    rng = random.Random(f"tilepress:{GAME}:{seed}")  # as header_setup's
    game = new_state(options)
    events = play_out(game, bots, rng, chance_event)
    return GameLog(GAME, params_dict(options), seed, tuple(events), game.result(),
                   tuple(getattr(b, "name", "bot") for b in bots))


def header_setup(options: CastleOptions, seed: int | str) -> Setup:
    """The setup a game of these options and seed starts from: its one chance event,
    which the header therefore fixes (a log's setup must be this one)."""
    return chance_event(new_state(options), random.Random(f"tilepress:{GAME}:{seed}"))


def replay(log: GameLog) -> dict[str, Any]:
    """Apply every event of ``log`` through the rules; raise at the first illegal one
    (the setup first of all, unless it is the castle and deal of the header's options
    and seed)."""
    options = log.options_as(CastleOptions)
    try:
        setup = header_setup(options, log.seed)
    except RequestError as exc:  # a castle or tile set the header names but none is
        raise FileFormatError(f"{log.source}: line 1: options: {exc}") from None
    return replay_through(CastleGame(options, setup), log)


def summary(log: GameLog, result: Mapping[str, Any]) -> str:
    winners = ", ".join(f"player {w + 1}" for w in result["winners"])
    return (f"{len(result['scores'])} players, {result['turns']} turns; scores "
            f"{'-'.join(map(str, result['scores']))}; won by {winners}")



__all__ = ["central_castle", "chance_event", "header_setup", "new_state", "play", "replay",
           "summary"]
