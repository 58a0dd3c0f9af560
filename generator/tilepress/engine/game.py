"""What tilepress knows about a game, in one place: the game descriptor.

Each game package (``generator/tilepress/games/<name>/``) declares one :class:`Game` in its
``__init__``; the registries of games, puzzle kinds and printables and the CLI commands
are all built from these descriptors (see :mod:`tilepress.games`). The descriptor holds
only light things -- names, option dataclasses, module names -- and loads the game's
modules (rules, bots, runner, puzzles, printables) on first use, so that building the
CLI stays quick.

A game package has modules with the same names in every game: ``options`` (the option
dataclasses), ``rules`` (the rules engine), ``bots``, ``runner`` (play, replay, summary,
worked example), ``puzzles``, ``printables`` and ``pictures``; a game has those it needs.
"""

from __future__ import annotations

import dataclasses
import importlib
import importlib.util
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from tilepress.errors import RequestError
from tilepress.params import parse_params


@dataclass(frozen=True)
class PuzzleEntry:
    """A puzzle kind of a game: ``tilepress puzzle NAME``."""

    name: str
    kind: str
    """The :class:`~tilepress.puzzles.base.PuzzleKind` class in the game's ``puzzles``."""
    params: type
    summary: str
    example: str
    count: int = 12
    """How many puzzles ``tilepress puzzle NAME`` makes unless told."""


@dataclass(frozen=True)
class PrintableEntry:
    """Something to print for a game: ``tilepress print ITEM GAME``."""

    item: str
    function: str
    """A function ``(paper, options) -> document`` in the game's ``printables``."""
    summary: str
    options: type | None = None
    """The option dataclass the printable takes, if any."""


@dataclass(frozen=True)
class FigureEntry:
    """A kind of illustration of a game: ``tilepress draw KIND``, and the figures of its
    rulebook."""

    kind: str
    function: str
    """A function ``(params) -> Illustration`` in the game's ``pictures``: the figure and
    the facts the engine computed about it (what a rulebook's claims are checked against)."""
    params: type
    summary: str
    example: str


@dataclass(frozen=True)
class Game:
    """A game: its names, options, bots and the modules that play and print it."""

    name: str
    title: str
    players: str
    """How many play, as a player reads it: "2", "1 or 2", "2-4"."""
    package: str
    about: str
    """The game in a few lines, for help texts and rulebooks."""
    options: type | None = None
    """The rules options (a dataclass of :func:`tilepress.params.option` fields)."""
    play_options: type | None = None
    """Options of ``tilepress play`` that are not rules: the bots and how they play."""
    seats: Callable[[Any, Any], int] | None = None
    """How many bots a game takes, from its options and play options."""
    bot_args: tuple[str, ...] = ()
    """Play options passed to every bot's constructor."""
    play_args: tuple[str, ...] = ()
    """Play options passed to the runner's ``play`` as keywords."""
    variants: Mapping[str, Mapping[str, Any]] = dataclasses.field(default_factory=dict)
    """Other names of this game in logs, with the play options that make them."""
    play_example: str = ""
    puzzles: tuple[PuzzleEntry, ...] = ()
    printables: tuple[PrintableEntry, ...] = ()
    figures: tuple[FigureEntry, ...] = ()

    # -- the game's modules, loaded on first use ---------------------------------------

    def module(self, name: str) -> ModuleType:
        """The game's module ``name`` (``"runner"``, ``"bots"``, ...)."""
        return importlib.import_module(f"{self.package}.{name}")

    def optional_module(self, name: str) -> ModuleType | None:
        """The game's module ``name``, or None when the game has none of that name."""
        if importlib.util.find_spec(f"{self.package}.{name}") is None:
            return None
        return self.module(name)

    @property
    def playable(self) -> bool:
        return self.options is not None and self.play_options is not None

    @property
    def names(self) -> tuple[str, ...]:
        """Every name the game goes by in logs."""
        return (self.name, *self.variants)

    # -- options and bots --------------------------------------------------------------

    def options_from(self, mapping: Mapping[str, Any], where: str = "options") -> Any:
        """The rules options from a mapping (CLI options, a log header, a spec)."""
        if self.options is None:
            raise RequestError(f"{self.title} has no game options")
        return parse_params(self.options, mapping, where=where)

    def play_options_from(self, mapping: Mapping[str, Any], where: str = "options") -> Any:
        if self.play_options is None:
            raise RequestError(f"{self.title} is not played by bots")
        return parse_params(self.play_options, mapping, where=where)

    def bot_names(self) -> tuple[str, ...]:
        return tuple(self.module("bots").BOTS)

    def make_bot(self, name: str, **kwargs: Any) -> Any:
        bots = self.module("bots").BOTS
        try:
            return bots[name](**kwargs)
        except KeyError:
            raise RequestError(f"unknown bot {name!r} for {self.title}; the bots are "
                               f"{', '.join(bots)}") from None

    def make_bots(self, options: Any, play: Any) -> list[Any]:
        """One bot for every seat, from ``play.bots``: one name for all, or one each."""
        assert self.seats is not None
        seats = self.seats(options, play)
        names = bot_names(play.bots, seats)
        kwargs = {name: getattr(play, name) for name in self.bot_args}
        return [self.make_bot(n, **kwargs) for n in names]

    def play(self, options: Any, play: Any, seed: int | str) -> Any:
        """A whole game between the bots ``play`` names: its :class:`GameLog`."""
        bots = self.make_bots(options, play)
        extra = {name: getattr(play, name) for name in self.play_args}
        return self.module("runner").play(options, seed, bots, **extra)

    # -- logs ---------------------------------------------------------------------------

    def new_state(self, options: Any) -> Any:
        """The game's state before its first event (reads what the options name, such as
        a card file, so a bad one fails here)."""
        return self.module("runner").new_state(options)

    def replay(self, log: Any) -> dict[str, Any]:
        """Apply every event of a log through the rules; its result, or an
        :class:`~tilepress.errors.IllegalActionError` at the first illegal event."""
        return self.module("runner").replay(log)

    def summary(self, log: Any, result: Mapping[str, Any]) -> str:
        """A finished game in one line for the command line."""
        return self.module("runner").summary(log, result)

    def record(self, log: Any) -> Any:
        """A finished log's facts for a balance report (a
        :class:`~tilepress.engine.record.GameRecord`)."""
        return self.module("record").record(log)

    def worked_example(self, log: Any, paper: Any, *, full: bool = False) -> Any:
        """The game told for a learner, as a document."""
        return self.module("narrate").worked_example(log, paper, full=full)

    def rulebook_example(self) -> tuple[str, str, list[Any]] | None:
        """The rulebook's example, if the game has one: its title (the narrate module's
        ``EXAMPLE_TITLE``, by default "A game, turn by turn"), how it was chosen, and its
        blocks."""
        narrate = self.optional_module("narrate")
        if narrate is None:
            return None
        criterion, blocks = narrate.rulebook_example()
        return getattr(narrate, "EXAMPLE_TITLE", "A game, turn by turn"), criterion, blocks

    def position_figure(self, log: Any, events: int, **options: Any) -> Any:
        """The table after the first ``events`` events of a log (``tilepress draw
        position``)."""
        return self.module("pictures").position_figure(log, events, **options)

    # -- what the game offers publications ---------------------------------------------

    def printable(self, item: str) -> tuple[Callable[..., Any], type | None]:
        """The printable ``item`` (``"deck"``, ``"sheet"``, ...): its function
        ``(paper, options) -> printed`` and its option dataclass (None if it takes none)."""
        for entry in self.printables:
            if entry.item == item:
                return getattr(self.module("printables"), entry.function), entry.options
        raise RequestError(f"{self.title} has nothing to print as {item!r}; it prints "
                           f"{', '.join(e.item for e in self.printables) or 'nothing'}")

    def figure(self, entry: FigureEntry) -> Callable[[Any], Any]:
        """The function that draws one of the game's figures: ``(params) -> Illustration``."""
        return getattr(self.module("pictures"), entry.function)

    def kit_plan(self, paper: Any, options: Any) -> Any:
        """What the game's print-and-play kit holds (a :class:`~tilepress.documents.kits.Plan`),
        or None when the game has no kit."""
        kit = self.optional_module("kit")
        return None if kit is None else kit.plan(paper, options)


def bot_names(text: str, seats: int) -> list[str]:
    """``--bots``: one name for every player, or one per player, comma-separated."""
    names = [b.strip() for b in text.split(",")]
    if len(names) == 1:
        names *= seats
    if len(names) != seats:
        raise RequestError(f"--bots names {len(names)} bots for {seats} player"
                           f"{'s' * (seats > 1)}")
    return names


def field_names(params_type: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(params_type))


def split_options(values: Mapping[str, Any], *types: type | None) -> list[dict[str, Any]]:
    """Share out a flat mapping of option values among several option dataclasses."""
    return [{k: v for k, v in values.items() if t is not None and k in field_names(t)}
            for t in types]


__all__ = ["FigureEntry", "Game", "PrintableEntry", "PuzzleEntry", "bot_names",
           "split_options"]
