"""``tilepress draw KIND``: one illustration for a rulebook writer, from the game
descriptors' figure kinds; SVG, PDF or PNG by the file's suffix, no page around it."""

from __future__ import annotations

import dataclasses
import inspect
import json
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from generator.cli.common import (
    command,
    dataclass_parameters,
    echo,
    given,
    new_app,
    output_option,
    parameter,
    take,
)
from generator.documents.model import Illustration
from generator.engine.game import FigureEntry, Game

app = new_app("Draw one illustration (SVG, PDF or PNG) for a rulebook or a lesson.")


def draw_figure(game: Game, entry: FigureEntry, values: dict[str, Any]) -> None:
    from generator.files import check_output, write_atomic
    from generator.output import figure_bytes, output_format
    from generator.params import parse_params

    output, dpi, facts = values.pop("output"), values.pop("dpi"), values.pop("facts")
    context = values.pop("context")
    check_output(output)
    fmt = output_format(output, (".svg", ".pdf", ".png"))
    params = parse_params(entry.params, take(values, entry.params), where=f"draw {entry.kind}")
    drawn, note = fitted(getattr(game.module("pictures"), entry.function), params,
                         width_given=given(context, "tile_width"))
    write_atomic(output, figure_bytes(drawn.figure, fmt, dpi=dpi))
    echo(f"wrote {entry.kind} ({drawn.figure.width:.1f} x {drawn.figure.height:.1f} mm"
         f"{note}) to {output}")
    if facts:
        echo(json.dumps(dict(drawn.facts), ensure_ascii=False))


def fitted(make: Callable[[Any], Illustration], params: Any, *, width_given: bool = False
           ) -> tuple[Illustration, str]:
    """``make(params)``; a figure larger than an A4 or Letter page whose tile width was not
    given is drawn again with narrower tiles (not below the option's least), and
    the note says so."""
    from generator.documents.assemble import PAGE_AREA, fit_page
    from generator.params import bounds

    drawn = make(params)
    width = next((f for f in dataclasses.fields(params) if f.name == "tile_width"), None)
    if (width is None or width_given
            or (drawn.figure.width <= PAGE_AREA[0] and drawn.figure.height <= PAGE_AREA[1])):
        return drawn, ""
    asked: list[float] = []

    def redraw(tile_width: float) -> Illustration:
        asked.append(tile_width)
        return make(dataclasses.replace(params, tile_width=tile_width))

    smaller = fit_page(redraw, params.tile_width, smallest=bounds(width)[0] or 4.0)
    size = smaller.figure.width, smaller.figure.height
    if size == (drawn.figure.width, drawn.figure.height):
        return drawn, ""  # its size does not follow the tiles' (a view drawn to --width)
    fits = size[0] <= PAGE_AREA[0] and size[1] <= PAGE_AREA[1]
    return smaller, (f"; tiles {asked[-1]:g} mm wide, "
                     + ("to fit a page" if fits else "the narrowest; still larger than a page"))


def _draw_command(game: Game, entry: FigureEntry) -> Any:
    params = [
        *dataclass_parameters(entry.params),
        parameter("output", Path(f"out/{entry.kind}.svg"),
                  Annotated[Path, output_option(".svg .pdf .png")]),
        parameter("dpi", 300, Annotated[int, typer.Option("--dpi", help="Resolution of a "
                                                           ".png, in dots per inch.")]),
        inspect.Parameter("context", inspect.Parameter.KEYWORD_ONLY,
                          annotation=typer.Context),
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
