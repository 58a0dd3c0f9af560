"""The ``tilepress`` command: a thin layer over the library.

Each command reads its options, calls one library function and prints or writes the
result. The commands of games, puzzle kinds and printables are built from the game
descriptors (:data:`generator.games.GAMES`), their options from the option dataclasses.
Bad input of any kind ends in one line on stderr and exit status 2; ``verify`` and
``replay`` exit with 1 when they find something wrong.
"""

from __future__ import annotations

import sys

import typer

from generator import __version__
from generator.cli import analyze, draw, files, games, printing, publish, puzzles, stats
from generator.cli.common import echo
from generator.errors import TilepressError
from generator.games import GAMES

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
app.add_typer(stats.app, name="stats")
app.add_typer(files.layout_app, name="layout")
app.add_typer(files.card_app, name="card")
app.command()(puzzles.verify)
app.command()(games.replay)
app.command()(files.book)
app.command()(publish.rulebook)


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


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; every error becomes one line and an exit status."""
    try:
        result = app(args=argv, prog_name="tilepress", standalone_mode=False)
    except TilepressError as exc:
        typer.echo(f"tilepress: error: {exc}", err=True)
        return 2
    except KeyboardInterrupt:
        typer.echo("tilepress: interrupted", err=True)
        return 130
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
            typer.echo("tilepress: interrupted", err=True)
            return 130
        if kind == "Exit":
            return int(getattr(exc, "exit_code", 0) or 0)
        raise
    return int(result) if isinstance(result, int) else 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
