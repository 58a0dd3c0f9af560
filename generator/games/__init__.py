"""Simulated games: each module plays a game with bots into an event log, replays a log
through the rules, and turns a log into a worked example."""

from __future__ import annotations

import importlib
from types import ModuleType

from generator.errors import RequestError

_GAMES = {
    "onesuit": "generator.games.onesuit.runner",
    "oneplayer": "generator.games.oneplayer.runner",
    "castle": "generator.games.castle.runner",
    "minttin": "generator.games.minttin.runner",
    "minttin-solo": "generator.games.minttin.runner",
    "american": "generator.games.american.runner",
}


def game_names() -> tuple[str, ...]:
    return tuple(_GAMES)


def find_game(name: str) -> ModuleType:
    """The module that plays, replays and explains ``name``."""
    try:
        return importlib.import_module(_GAMES[name])
    except KeyError:
        raise RequestError(f"unknown game {name!r}; the games are {', '.join(_GAMES)}") from None
