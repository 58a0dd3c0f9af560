"""``tilepress draw KIND``: one illustration for a rulebook writer, from the game
descriptors' figure kinds; SVG, PDF or PNG by the file's suffix, no page around it."""

from __future__ import annotations

import inspect
import json
from pathlib import Path
from typing import Annotated, Any

import typer

from tilepress.cli.common import (
    command,
    dataclass_parameters,
    echo,
    fail,
    force_parameter,
    given,
    new_app,
    output_option,
    parameter,
    take,
    whole,
)
from tilepress.engine.game import FigureEntry, Game

app = new_app("Draw one illustration (SVG, PDF or PNG) for a rulebook or a lesson; with "
              "--spec FILE, a rulebook writer's whole figure set, every claim checked.")


def draw_figure(game: Game, entry: FigureEntry, values: dict[str, Any]) -> None:
    from tilepress.files import check_output, write_atomic
    from tilepress.output import check_dpi, figure_bytes, output_format
    from tilepress.params import parse_params
    from tilepress.publish.figures import fitted

    output, dpi, facts = values.pop("output"), values.pop("dpi"), values.pop("facts")
    check_dpi(dpi)
    context, force = values.pop("context"), values.pop("force")
    check_output(output, force=force)
    fmt = output_format(output, (".svg", ".pdf", ".png"), force=force)
    params = parse_params(entry.params, take(values, entry.params), where=f"draw {entry.kind}")
    drawn, note = fitted(game.figure(entry), params,
                         width_given=given(context, "tile_width"))
    write_atomic(output, figure_bytes(drawn.figure, fmt, dpi=dpi), force=force)
    echo(f"wrote {entry.kind} ({drawn.figure.width:.1f} x {drawn.figure.height:.1f} mm"
         f"{note}) to {output}")
    if facts:
        echo(json.dumps(dict(drawn.facts), ensure_ascii=False))


def _draw_command(game: Game, entry: FigureEntry) -> Any:
    params = [
        *dataclass_parameters(entry.params),
        parameter("output", Path(f"out/{entry.kind}.svg"),
                  Annotated[Path, output_option(".svg .pdf .png")]),
        parameter("dpi", 300, Annotated[int, typer.Option("--dpi", parser=whole(), metavar="<int>",
        help="Resolution of a "
                                                           ".png, in dots per inch.")]),
        inspect.Parameter("context", inspect.Parameter.KEYWORD_ONLY,
                          annotation=typer.Context),
        parameter("facts", False, Annotated[bool, typer.Option(
            "--facts", help="Also print what the engine says of the figure, as JSON (the "
            "facts a rulebook's claims are checked against).")]),
        force_parameter(),
    ]
    return command(lambda values: draw_figure(game, entry, values),
                   f"{entry.summary}\n\nExample: {entry.example}", params)


def register(games: tuple[Game, ...]) -> None:
    for game in games:
        for entry in game.figures:
            app.command(entry.kind)(_draw_command(game, entry))


@app.callback(invoke_without_command=True)
def figure_set(
    context: typer.Context,
    spec: Annotated[Path | None, typer.Option(
        "--spec", help="Draw every figure a figure spec (.toml) lists, each claim checked, "
        "into the folder -o names (figures/ unless given).")] = None,
    output: Annotated[Path | None, typer.Option(
        "--output", "-o", help="With --spec: the folder for the figures' files.")] = None,
) -> None:
    """Draw one illustration (SVG, PDF or PNG) for a rulebook or a lesson, or with --spec
    a whole figure set: every figure drawn by the engine and every claim about it checked
    before any file is written; a file whose bytes would not change is left alone.

    Example: tilepress draw --spec figures.toml -o figures/
    """
    from tilepress.errors import IllegalActionError, RequestError
    from tilepress.files import check_output
    from tilepress.publish.figures import (
        ClaimError,
        load_figure_set,
        render_figure_set,
        write_figure_files,
    )

    if context.invoked_subcommand is not None:
        if spec is not None or output is not None:
            raise RequestError("--spec and its -o come without a figure kind: tilepress draw "
                               "--spec figures.toml -o figures/")
        return
    if spec is None:
        if output is not None:
            raise RequestError("-o before a figure kind needs --spec; to draw one figure, "
                               "put -o after it: tilepress draw hand 123m -o hand.svg")
        echo(context.get_help())
        raise typer.Exit(0)
    folder = check_output(output or Path("figures"), folder=True)
    figures = load_figure_set(spec)
    try:
        files = render_figure_set(figures)
    except (ClaimError, IllegalActionError) as exc:
        fail(f"{exc}; nothing was written", code=1)
    written, unchanged = write_figure_files(files, folder)
    same = f", {unchanged} unchanged" if unchanged else ""
    echo(f"{spec}: {len(figures.figures)} figures, every claim checked; wrote {written} "
         f"file{'s' * (written != 1)} to {folder}{same}")


def _register_all() -> None:
    from tilepress.cli.position import position
    from tilepress.games import GAMES

    register(GAMES)
    app.command()(position)


_register_all()
