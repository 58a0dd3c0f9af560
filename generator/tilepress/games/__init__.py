"""The games, found by name: every registry of tilepress is built from here.

Each game lives in its own package and declares one :class:`~tilepress.engine.game.Game`
in its ``__init__``. To add a game: write its package and add its name to
:data:`PACKAGES`. The puzzle kinds, printables, ``tilepress play``/``replay``/``puzzle``/
``print`` and ``verify`` all pick it up from its descriptor. The descriptors are read on
first use (:data:`GAMES`), so a module of one game imports no other game.
"""

from __future__ import annotations

import functools
import importlib
from typing import TYPE_CHECKING, Any, NamedTuple

from tilepress.engine.game import Game, PrintableEntry, PuzzleEntry
from tilepress.errors import FileFormatError, RequestError

if TYPE_CHECKING:
    from tilepress.documents.daily_blocks import Presenters
    from tilepress.engine.log import GameLog
    from tilepress.puzzles.base import PuzzleKind

PACKAGES = ("standard", "onesuit", "oneplayer", "minttin", "american", "solitaire", "castle")
"""The game packages, in the order of :data:`GAMES` (and of the CLI's lists)."""


class _Registry(NamedTuple):
    games: tuple[Game, ...]
    by_name: dict[str, Game]
    kinds: dict[str, tuple[Game, PuzzleEntry]]
    printables: dict[tuple[str, str], tuple[Game, PrintableEntry]]


@functools.cache
def _registry() -> _Registry:
    """Every game's descriptor, read on first use: importing one game (its analysis, its
    rules) does not import the others."""
    games = tuple(importlib.import_module(f"tilepress.games.{name}").GAME for name in PACKAGES)
    return _Registry(
        games,
        {name: game for game in games for name in game.names},
        {entry.name: (game, entry) for game in games for entry in game.puzzles},
        {(entry.item, game.name): (game, entry) for game in games for entry in game.printables},
    )


def __getattr__(name: str) -> Any:
    if name == "GAMES":  # the tuple of every game's descriptor, built on first use
        return _registry().games
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


GAMES: tuple[Game, ...]
_LOADED: dict[str, PuzzleKind] = {}


def game_names() -> tuple[str, ...]:
    """The names of the games played with bots (and their variants), as logs give them."""
    return tuple(name for game in _registry().games if game.playable for name in game.names)


def find_game(name: str) -> Game:
    """The game called ``name`` in a log or on the command line."""
    game = _registry().by_name.get(name)
    if game is None or not game.playable:
        raise RequestError(f"unknown game {name!r}; the games are {', '.join(game_names())}")
    return game


def read_log(text: str, *, source: str = "log") -> GameLog:
    """Read a game log, loading the rules of the game it names, and check its header
    against the game: the options are the game's own (each of its type and allowed
    value), and ``players`` names one player for every seat the options give."""
    from tilepress.engine.log import read_log as read_any_log

    log = read_any_log(text, source=source,
                    load_game=lambda name: find_game(name).module("rules"))
    check_header(find_game(log.game), log)
    return log


def check_header(game: Game, log: GameLog) -> None:
    """Raise :class:`FileFormatError` unless a log's header agrees with its game."""
    where = f"{log.source}: line 1"
    options = log.options_as(game.options)  # type: ignore[arg-type]
    play = game.play_options_from(game.variants.get(log.game, {}), where)
    seats = game.seats(options, play) if game.seats is not None else len(log.players)
    if len(log.players) != seats:
        raise FileFormatError(f"{where}: players names {len(log.players)} player"
                              f"{'s' * (len(log.players) != 1)}, but {log.game} with these "
                              f"options seats {seats}")


def kind_names() -> tuple[str, ...]:
    return tuple(_registry().kinds)


def puzzle_entry(name: str) -> tuple[Game, PuzzleEntry]:
    try:
        return _registry().kinds[name]
    except KeyError:
        raise RequestError(f"unknown puzzle kind {name!r}; the kinds are "
                           f"{', '.join(_registry().kinds)}") from None


def find_kind(name: str) -> PuzzleKind:
    """The puzzle kind called ``name`` (``"waits"``, ``"discard"``, ...)."""
    if name not in _LOADED:
        game, entry = puzzle_entry(name)
        _LOADED[name] = getattr(game.module("puzzles"), entry.kind)()
    return _LOADED[name]


def presenters_for(kind_name: str) -> Presenters:
    """How the daily sheet shows a puzzle kind: the presenters in its game's ``daily``
    module, or else the kind's own puzzle-book blocks."""
    from tilepress.documents.daily_blocks import Presenters

    game, _ = puzzle_entry(kind_name)
    daily = game.optional_module("daily")
    shown = getattr(daily, "PRESENTERS", {}).get(kind_name) if daily is not None else None
    if shown is not None:
        return shown
    kind = find_kind(kind_name)
    return Presenters(lambda p, w, look: kind.question_blocks(p),
                      lambda p, w, look: kind.answer_blocks(p), kind.answer_label)


def printable_entries() -> tuple[tuple[Game, PrintableEntry], ...]:
    return tuple(_registry().printables.values())


def printable_entry(item: str, game: str) -> tuple[Game, PrintableEntry]:
    try:
        return _registry().printables[(item, game)]
    except KeyError:
        known = ", ".join(f"{i} {g}" for i, g in sorted(_registry().printables))
        raise RequestError(f"nothing to print as {item!r} for {game!r}; "
                           f"the printables are: {known}") from None


__all__ = [
    "GAMES",
    "find_game",
    "find_kind",
    "game_names",
    "kind_names",
    "presenters_for",
    "printable_entries",
    "printable_entry",
    "puzzle_entry",
    "read_log",
]
