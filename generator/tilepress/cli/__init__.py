"""The ``tilepress`` command: a thin layer over the library.

Each command reads its options, calls one library function and prints or writes the
result. The commands of games, puzzle kinds and printables are built from the game
descriptors (:data:`tilepress.games.GAMES`), their options from the option dataclasses.
Bad input of any kind ends in one line on stderr and exit status 2 (so does a file the
operating system refuses, such as a name too long); ``verify`` and
``replay`` exit with 1 when they find something wrong. An interrupt (Ctrl-C, SIGTERM)
leaves no file behind and says so (exit 130 or 143). Anything else is a bug in
tilepress: one line that says so, exit status 70 (EX_SOFTWARE), and the traceback only
with ``tilepress --debug``.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any, NamedTuple

import typer
from typer.core import TyperCommand, TyperGroup

from tilepress.errors import TilepressError
from tilepress.starting import EARLY as _EARLY
from tilepress.version import __version__


class Lazy(NamedTuple):
    """A command loaded only when it is run (or its own help is asked for): its name and
    its line in ``tilepress --help``; :func:`target` imports what runs it."""

    name: str
    help: str


COMMANDS: tuple[Lazy, ...] = (
    Lazy("analyze", "Analyse a hand: waits, Mint Tin scores, American hands."),
    Lazy("puzzle", "Generate puzzles with a solution key (.json, .svg or .pdf)."),
    Lazy("verify", "Solve every puzzle of a file again and check it."),
    Lazy("solve", "Answers for your own puzzles, or a solitaire deal of your own."),
    Lazy("play", "Play a whole game with bots: its log or a worked example."),
    Lazy("replay", "Check every event of a game log by the rules."),
    Lazy("print", "Print a table aid: cards, sheets, boards, paper tiles."),
    Lazy("draw", "Draw one illustration for a rulebook or a lesson."),
    Lazy("kit", "Print-and-play kits: a folder per game, ready to print."),
    Lazy("rulebook", "A rulebook whose every figure the engine checked."),
    Lazy("book", "A puzzle book from a spec, with its answer key."),
    Lazy("daily", "Daily puzzle sheets for a date or a range of dates."),
    Lazy("stats", "A balance report from many simulated games."),
    Lazy("layout", "Check tile layouts."),
    Lazy("card", "Check a card of hands (American Mah Jongg)."),
)
"""The commands of ``tilepress``, in the order ``tilepress --help`` lists them. Each is
built (from the game descriptors, for those that have one per game, puzzle kind or
printable) only when it runs, so that ``tilepress version`` and ``tilepress --help``
import none of the games and none of the heavy libraries (reportlab, numpy, numba,
pyarrow, dask). A new command: its module in ``tilepress/cli/``, a line here and its
import in :func:`target`."""
_LAZY = {entry.name: entry for entry in COMMANDS}


def target(name: str) -> Any:
    """The ``typer.Typer`` app or the command function of the command ``name`` of
    :data:`COMMANDS`, its module imported now (each import a statement, so import-linter
    sees what the CLI uses)."""
    match name:
        case "analyze":
            from tilepress.cli.analyze import app as found
        case "puzzle":
            from tilepress.cli.puzzles import app as found
        case "verify":
            from tilepress.cli.puzzles import verify as found
        case "solve":
            from tilepress.cli.solve import solve as found
        case "play":
            from tilepress.cli.games import app as found
        case "replay":
            from tilepress.cli.games import replay as found
        case "print":
            from tilepress.cli.printing import app as found
        case "draw":
            from tilepress.cli.draw import app as found
        case "kit":
            from tilepress.cli.kit import kit as found
        case "rulebook":
            from tilepress.cli.publish import rulebook as found
        case "book":
            from tilepress.cli.files import book as found
        case "daily":
            from tilepress.cli.daily import daily as found
        case "stats":
            from tilepress.cli.stats import app as found
        case "layout":
            from tilepress.cli.files import layout_app as found
        case "card":
            from tilepress.cli.files import card_app as found
        case _:
            raise KeyError(name)
    return found


class _QuickFlags:
    """A flag not given is False at once (``--help``, ``--install-completion``,
    ``--show-completion`` start from None): Typer would otherwise build a pydantic
    adapter, and import pydantic (about 60 ms), to read that None."""

    def get_params(self, ctx: Any) -> Any:
        params = super().get_params(ctx)  # type: ignore[misc]
        for param in params:
            if getattr(param, "is_flag", False) and param.default is None:
                param.default = False
        return params


class _Root(_QuickFlags, TyperGroup):
    """The ``tilepress`` group: the commands of :data:`COMMANDS` are loaded on first use;
    its help and shell completion list them without loading them."""

    listing = False

    def list_commands(self, ctx: Any) -> list[str]:
        eager = [name for name in super().list_commands(ctx) if name not in _LAZY]
        return [entry.name for entry in COMMANDS] + eager

    def get_command(self, ctx: Any, name: str) -> Any:
        entry = _LAZY.get(name)
        if entry is not None and name not in self.commands:
            if self.listing:  # a line of the list: the name and its help are enough
                return TyperCommand(name, help=entry.help, short_help=entry.help)
            self.commands[name] = load(entry)
        return super().get_command(ctx, name)

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        with self._listing():
            super().format_commands(ctx, formatter)

    def shell_complete(self, ctx: Any, incomplete: str) -> Any:
        with self._listing():
            return super().shell_complete(ctx, incomplete)

    @contextmanager
    def _listing(self) -> Iterator[None]:
        self.listing = True
        try:
            yield
        finally:
            self.listing = False


class _Command(_QuickFlags, TyperCommand):
    """A command of the root module (``version``)."""


def load(entry: Lazy) -> Any:
    """The click command of a :data:`COMMANDS` entry, built by Typer."""
    found = target(entry.name)
    if isinstance(found, typer.Typer):
        command = typer.main.get_group(found)
    else:
        single = typer.Typer(add_completion=False, rich_markup_mode=None)
        single.command(entry.name)(found)
        command = typer.main.get_command(single)
    command.name, command.short_help = entry.name, entry.help
    return command


def command_functions() -> Iterator[tuple[tuple[str, ...], Callable[..., Any]]]:
    """Every command as (the words that run it, the function behind it), each module
    loaded: what the tests walk to check every command's help and bad input."""

    def walk(typer_app: typer.Typer, prefix: tuple[str, ...]) -> Iterator[Any]:
        for info in typer_app.registered_commands:
            assert info.callback is not None
            yield (*prefix, info.name or info.callback.__name__), info.callback
        for group in typer_app.registered_groups:
            assert group.typer_instance is not None and group.name is not None
            yield from walk(group.typer_instance, (*prefix, group.name))

    for entry in COMMANDS:
        found = target(entry.name)
        if isinstance(found, typer.Typer):
            yield from walk(found, (entry.name,))
        else:
            yield (entry.name,), found
    yield from walk(app, ())


app = typer.Typer(
    name="tilepress",
    help="Printable, verified content from the rules of mahjong-family games.",
    cls=_Root,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


EX_SOFTWARE = 70
"""Exit status of a bug in tilepress (sysexits.h)."""
_DEBUG = {"on": False}


def _show_version(value: bool) -> None:
    if value:
        typer.echo(f"tilepress {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    debug: bool = typer.Option(False, "--debug", help="Show the full traceback of an "
                               "internal error (a bug in tilepress) instead of one line."),
    show_version: bool = typer.Option(False, "--version", is_eager=True,
                                      callback=_show_version, help="Print the version."),
) -> None:
    """Printable, verified content from the rules of mahjong-family games."""
    _DEBUG["on"] = debug


@app.command(cls=_Command)
def version() -> None:
    """Print the version."""
    typer.echo(f"tilepress {__version__}")


def _click_kind(exc: BaseException) -> str:
    """Which click exception this is, by class name: Typer releases differ in whether
    they use click itself or a copy of it, so the classes cannot be imported reliably."""
    names = {cls.__name__ for cls in type(exc).__mro__}
    for kind in ("NoArgsIsHelpError", "NoArgsIsHelp", "UsageError", "Abort", "Exit"):
        if kind in names:
            return kind
    return ""


class Interrupted(BaseException):
    """A signal to stop (SIGINT, SIGTERM): unwinds like KeyboardInterrupt, so every
    temporary file and folder is removed on the way out."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _raise_interrupted(signum: int, frame: object) -> None:
    raise Interrupted(signum)


def _signal_behind(exc: BaseException) -> int | None:
    """The signal an exception stands for, if a stop signal lies in its chain: the
    interpreter wraps one that strikes inside a class's creation (``__set_name__``) in
    a RuntimeError, and click turns one into ``Abort``."""
    seen: set[int] = set()
    cause: BaseException | None = exc
    while cause is not None and id(cause) not in seen:
        seen.add(id(cause))
        if isinstance(cause, Interrupted):
            return cause.signum
        if isinstance(cause, KeyboardInterrupt):
            return signal.SIGINT
        cause = cause.__cause__ or cause.__context__
    return None


@contextmanager
def _signals() -> Iterator[None]:
    """SIGINT and SIGTERM raise :class:`Interrupted` while a command runs."""
    saved = {}
    try:
        for sig in (signal.SIGINT, signal.SIGTERM):
            saved[sig] = signal.signal(sig, _raise_interrupted)
    except ValueError:  # not the main thread: leave the signals alone
        pass
    try:
        yield
    finally:
        for sig, handler in saved.items():
            signal.signal(sig, handler)


def _interrupted(signum: int) -> int:
    from tilepress.batch import stop_local_workers
    from tilepress.files import WRITTEN

    stop_local_workers()  # at once, wherever the signal caught the batch

    done = ("nothing was written" if not WRITTEN else
            f"{len(WRITTEN)} file{'s' * (len(WRITTEN) != 1)} had been written "
            f"(the last {str(WRITTEN[-1])!r}); nothing is half-written")
    typer.echo(f"tilepress: interrupted; {done}", err=True)
    return 128 + signum


def _bug(exc: BaseException) -> int:
    first = (str(exc).strip().splitlines() or [""])[0][:200]
    what = f"{type(exc).__name__}: {first}" if first else type(exc).__name__
    typer.echo(f"tilepress: internal error ({what}); this is a bug in tilepress, not in your "
               "input -- please report it with the command you ran (tilepress --debug ... "
               "shows the details)", err=True)
    return EX_SOFTWARE


@cache
def _command() -> Any:
    """The click command Typer builds from :data:`app` (some 0.1 s), built once: a
    program or a test that runs the CLI many times in one process pays for it once."""
    return typer.main.get_command(app)


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; every error becomes one line and an exit status."""
    from tilepress.files import WRITTEN

    WRITTEN.clear()
    _DEBUG["on"] = False
    try:
        with _signals():
            if _EARLY:
                raise Interrupted(_EARLY[0])
            result = _command().main(args=argv, prog_name="tilepress",
                                     standalone_mode=False)
    except TilepressError as exc:
        message = " ".join(str(exc).split()) or type(exc).__name__
        if len(message) > 600:  # a value quoted from a huge input
            message = message[:600] + "..."
        typer.echo(f"tilepress: error: {message}", err=True)
        return 2
    except OSError as exc:  # the system refused a file the user named (a name too long)
        name = exc.filename if exc.filename is not None else ""
        shown = repr(os.fspath(name)) if name != "" else ""
        if len(shown) > 200:
            shown = shown[:200] + "..."
        typer.echo(f"tilepress: error: {exc.strerror or type(exc).__name__}"
                   + (f": {shown}" if shown else ""), err=True)
        return 2
    except Interrupted as exc:
        return _interrupted(exc.signum)
    except KeyboardInterrupt:
        return _interrupted(signal.SIGINT)
    except Exception as exc:
        kind = _click_kind(exc)
        ctx = getattr(exc, "ctx", None)
        if kind.startswith("NoArgsIsHelp"):
            typer.echo(ctx.get_help() if ctx else str(exc))
            return 0
        if kind == "UsageError":
            command = ctx.command_path if ctx else "tilepress"
            message = " ".join(exc.format_message().split())  # type: ignore[attr-defined]
            typer.echo(f"{command}: error: {message} (see '{command} --help')", err=True)
            return 2
        if kind == "Abort":
            return _interrupted(_signal_behind(exc) or signal.SIGINT)
        if kind == "Exit":
            return int(getattr(exc, "exit_code", 0) or 0)
        signum = _signal_behind(exc)
        if signum is not None:
            return _interrupted(signum)
        if _DEBUG["on"]:
            raise
        return _bug(exc)
    return int(result) if isinstance(result, int) else 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
