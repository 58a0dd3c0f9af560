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

# ruff: noqa: E402 - the imports below come after the signal handlers of the start
from __future__ import annotations

import os
import signal
import sys


def _is_the_command() -> bool:
    """Whether this process is the tilepress command (its script, or python -m tilepress),
    not a program that imports the CLI."""
    path = sys.argv[0] if sys.argv else ""
    name, folder = os.path.basename(path), os.path.basename(os.path.dirname(path))
    return os.path.splitext(name)[0] == "tilepress" or (name, folder) == ("__main__.py",
                                                                        "tilepress")


_EARLY: list[int] = []
"""Signals that came while the command was still starting (importing): ``main`` reports
them like any other, instead of a KeyboardInterrupt traceback from an import."""
if _is_the_command():
    try:
        for _sig in (signal.SIGINT, signal.SIGTERM):
            signal.signal(_sig, lambda signum, _frame: _EARLY.append(signum))
    except ValueError:  # not the main thread
        pass

from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any

import typer

from tilepress import __version__
from tilepress.cli import (
    analyze,
    daily,
    draw,
    files,
    games,
    kit,
    position,
    printing,
    publish,
    puzzles,
    stats,
)
from tilepress.cli.common import echo
from tilepress.errors import TilepressError
from tilepress.games import GAMES

app = typer.Typer(
    name="tilepress",
    help="Printable, verified content from the rules of mahjong-family games.",
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)
for module in (puzzles, games, printing, draw):
    module.register(GAMES)
app.add_typer(analyze.app, name="analyze")
app.add_typer(puzzles.app, name="puzzle")
app.add_typer(games.app, name="play")
app.add_typer(printing.app, name="print")
app.add_typer(draw.app, name="draw")
draw.app.command()(position.position)
app.add_typer(stats.app, name="stats")
app.add_typer(files.layout_app, name="layout")
app.add_typer(files.card_app, name="card")
app.command()(puzzles.verify)
app.command()(games.replay)
app.command()(files.book)
app.command()(publish.rulebook)
kit.register(app, printing.app)
app.command()(daily.daily)


EX_SOFTWARE = 70
"""Exit status of a bug in tilepress (sysexits.h)."""
_DEBUG = {"on": False}


@app.callback()
def _root(
    debug: bool = typer.Option(False, "--debug", help="Show the full traceback of an "
                               "internal error (a bug in tilepress) instead of one line."),
) -> None:
    """Printable, verified content from the rules of mahjong-family games."""
    _DEBUG["on"] = debug


@app.command()
def version() -> None:
    """Print the version."""
    echo(f"tilepress {__version__}")


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
            cause = exc.__context__
            return _interrupted(cause.signum if isinstance(cause, Interrupted)
                                else signal.SIGINT)
        if kind == "Exit":
            return int(getattr(exc, "exit_code", 0) or 0)
        if _DEBUG["on"]:
            raise
        return _bug(exc)
    return int(result) if isinstance(result, int) else 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
