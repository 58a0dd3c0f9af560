"""``tilepress draw position``: a game's position from its log, drawn by the game's own
``pictures.position_figure`` after the log has been replayed through the rules."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from tilepress.cli.common import Force, echo, fail, real, whole

LOW_WIDTH, HIGH_WIDTH, DEFAULT_WIDTH = 4.0, 40.0, 9.0


def event_count(log: object, text: str) -> int:
    """How many events are applied to reach the event on line ``text`` (``--at``) of the
    log."""
    from tilepress.errors import RequestError
    from tilepress.publish.figures import event_count as count

    try:
        at = int(text.strip())
    except ValueError:
        raise RequestError(f"--at {text!r} is not a line number (a whole number, such as "
                           "20)") from None
    return count(log, at, name="--at")


def position(
    log: Annotated[str, typer.Argument(help="A game log (.jsonl) written by tilepress play.")],
    at: Annotated[str, typer.Option(
        "--at", metavar="LINE", help="Draw the position after the event on this line of the "
        "log: lines are numbered as in the file and as tilepress replay names them (line 1 "
        "is the header, the first event is line 2).")],
    seat: Annotated[int | None, typer.Option(
        "--seat", parser=whole(), metavar="<int>",
        help="Show the table as this player sees it (from 1): only that hand face "
        "up, the others face down (a game with nothing hidden is drawn the same). Unless "
        "given, every hand is face up.")] = None,
    tile_width: Annotated[float | None, typer.Option(
        "--tile-width", parser=real(), metavar="<float>", show_default=False,
        help=f"Width of a tile (or card) in mm, "
        f"{LOW_WIDTH:g} to {HIGH_WIDTH:g}. Unless given, 9 mm, or less where the figure "
        "would not fit an A4 or Letter page (180 x 267 mm).")] = None,
    output: Annotated[Path, typer.Option("--output", "-o", help="Where to write: .svg .pdf "
                                         ".png, chosen by the file's suffix.")]
    = Path("out/position.svg"),
    dpi: Annotated[int, typer.Option("--dpi", parser=whole(), metavar="<int>",
                                     help="Resolution of a .png, in dots per "
                                     "inch.")] = 300,
    facts: Annotated[bool, typer.Option("--facts", help="Also print what the engine says "
                                        "of the position, as JSON.")] = False,
    force: Force = False,
) -> None:
    """A game's position from its log: each player's hand, exposures and discards, the
    wall, whose turn, and the last action in words under it. The whole log is replayed
    through the rules first (exit 1 at an illegal event, as tilepress replay).

    Example: tilepress draw position out/onesuit.jsonl --at 20 --seat 1 -o position.pdf
    """
    from tilepress.errors import IllegalActionError, RequestError
    from tilepress.files import check_output, read_text, write_atomic
    from tilepress.games import read_log
    from tilepress.output import check_dpi, figure_bytes, output_format
    from tilepress.publish.figures import position_illustration

    check_output(output, force=force)
    fmt = output_format(output, (".svg", ".pdf", ".png"), force=force)
    if tile_width is not None and not LOW_WIDTH <= tile_width <= HIGH_WIDTH:
        raise RequestError(f"--tile-width must be from {LOW_WIDTH:g} to {HIGH_WIDTH:g} mm, "
                           f"not {tile_width:g}")
    check_dpi(dpi)
    game_log = read_log(read_text(log, "game log"), source=str(log))
    event_count(game_log, at)  # a clear error for --at before the replay
    try:
        drawn, note = position_illustration(game_log, int(at.strip()), seat=seat,
                                            tile_width=tile_width, at_name="--at",
                                            seat_name="--seat")
    except IllegalActionError as exc:
        fail(f"{log}: {exc}", code=1)
    write_atomic(output, figure_bytes(drawn.figure, fmt, dpi=dpi), force=force)
    echo(f"wrote the position after line {drawn.facts['line']} ({drawn.figure.width:.1f} x "
         f"{drawn.figure.height:.1f} mm{note}) to {output}")
    if facts:
        echo(json.dumps(dict(drawn.facts), ensure_ascii=False))
