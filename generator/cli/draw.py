"""``tilepress draw KIND``: one illustration for a rulebook writer, from the game
descriptors' figure kinds; SVG, PDF or PNG by the file's suffix, no page around it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from generator.cli.common import (
    command,
    dataclass_parameters,
    echo,
    new_app,
    output_option,
    parameter,
    take,
)
from generator.engine.game import FigureEntry, Game

app = new_app("Draw one illustration (SVG, PDF or PNG) for a rulebook or a lesson.")


def draw_figure(game: Game, entry: FigureEntry, values: dict[str, Any]) -> None:
    from generator.files import check_output, write_atomic
    from generator.output import figure_bytes, output_format
    from generator.params import parse_params

    output, dpi, facts = values.pop("output"), values.pop("dpi"), values.pop("facts")
    check_output(output)
    fmt = output_format(output, (".svg", ".pdf", ".png"))
    params = parse_params(entry.params, take(values, entry.params), where=f"draw {entry.kind}")
    drawn = getattr(game.module("pictures"), entry.function)(params)
    write_atomic(output, figure_bytes(drawn.figure, fmt, dpi=dpi))
    echo(f"wrote {entry.kind} ({drawn.figure.width:.1f} x {drawn.figure.height:.1f} mm) "
         f"to {output}")
    if facts:
        echo(json.dumps(dict(drawn.facts), ensure_ascii=False))


def _draw_command(game: Game, entry: FigureEntry) -> Any:
    params = [
        *dataclass_parameters(entry.params),
        parameter("output", Path(f"out/{entry.kind}.svg"),
                  Annotated[Path, output_option(".svg .pdf .png")]),
        parameter("dpi", 300, Annotated[int, typer.Option("--dpi", help="Resolution of a "
                                                           ".png, in dots per inch.")]),
        parameter("facts", False, Annotated[bool, typer.Option(
            "--facts", help="Also print what the engine says of the figure, as JSON (the "
            "facts a rulebook's claims are checked against).")]),
    ]
    return command(lambda values: draw_figure(game, entry, values),
                   f"{entry.summary}\n\nExample: {entry.example}", params)


def register(games: tuple[Game, ...]) -> None:
    for game in games:
        for entry in game.figures:
            app.command(entry.kind)(_draw_command(game, entry))
