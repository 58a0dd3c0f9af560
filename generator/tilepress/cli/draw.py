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

from tilepress.cli.common import (
    command,
    dataclass_parameters,
    echo,
    force_parameter,
    given,
    new_app,
    output_option,
    parameter,
    take,
)
from tilepress.documents.model import Illustration
from tilepress.engine.game import FigureEntry, Game

app = new_app("Draw one illustration (SVG, PDF or PNG) for a rulebook or a lesson.")


def draw_figure(game: Game, entry: FigureEntry, values: dict[str, Any]) -> None:
    from tilepress.files import check_output, write_atomic
    from tilepress.output import check_dpi, figure_bytes, output_format
    from tilepress.params import parse_params

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


def fitted(make: Callable[[Any], Illustration], params: Any, *, width_given: bool = False
           ) -> tuple[Illustration, str]:
    """``make(params)``; a figure larger than an A4 or Letter page whose tile width was not
    given is drawn again with narrower tiles (not below the option's least), and the note
    says so."""
    from tilepress.documents.assemble import fit_note, fit_page, fits_page
    from tilepress.params import bounds

    drawn = make(params)
    width = next((f for f in dataclasses.fields(params) if f.name == "tile_width"), None)
    if width is None or width_given or fits_page(drawn.figure):
        return drawn, ""
    smaller, used = fit_page(lambda w: make(dataclasses.replace(params, tile_width=w)),
                             params.tile_width, smallest=bounds(width)[0] or 4.0)
    if (smaller.figure.width, smaller.figure.height) == (drawn.figure.width,
                                                         drawn.figure.height):
        return drawn, ""  # its size does not follow the tiles' (a view drawn to --width)
    return smaller, fit_note(params.tile_width, used, smaller.figure)


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
        force_parameter(),
    ]
    return command(lambda values: draw_figure(game, entry, values),
                   f"{entry.summary}\n\nExample: {entry.example}", params)


def register(games: tuple[Game, ...]) -> None:
    for game in games:
        for entry in game.figures:
            app.command(entry.kind)(_draw_command(game, entry))
