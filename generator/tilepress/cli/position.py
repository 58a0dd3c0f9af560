"""``tilepress draw position``: a game's position from its log, drawn by the game's own
``pictures.position_figure`` after the log has been replayed through the rules."""

from __future__ import annotations

import json
from functools import partial
from pathlib import Path
from typing import Annotated

import typer

from tilepress.cli.common import Force, echo, fail

LOW_WIDTH, HIGH_WIDTH, DEFAULT_WIDTH = 4.0, 40.0, 9.0


def event_count(log: object, text: str) -> int:
    """How many events are applied to reach the event on line ``text`` (``--at``) of the
    log."""
    from tilepress.engine.log import line_of
    from tilepress.errors import RequestError

    try:
        at = int(text.strip())
    except ValueError:
        raise RequestError(f"--at {text!r} is not a line number (a whole number, such as "
                           "20)") from None
    lines = [line_of(ev) for ev in log.events]  # type: ignore[attr-defined]
    if at in lines:
        return lines.index(at) + 1
    if not lines:
        raise RequestError(f"--at {at}: the log holds no event")
    raise RequestError(f"--at {at}: no event on line {at} of the log; its events are on "
                       f"lines {lines[0]} to {lines[-1]} (line 1 is the header)")


def position(
    log: Annotated[str, typer.Argument(help="A game log (.jsonl) written by tilepress play.")],
    at: Annotated[str, typer.Option(
        "--at", metavar="LINE", help="Draw the position after the event on this line of the "
        "log: lines are numbered as in the file and as tilepress replay names them (line 1 "
        "is the header, the first event is line 2).")],
    seat: Annotated[int | None, typer.Option(
        "--seat", help="Show the table as this player sees it (from 1): only that hand face "
        "up, the others face down (a game with nothing hidden is drawn the same). Unless "
        "given, every hand is face up.")] = None,
    tile_width: Annotated[float | None, typer.Option(
        "--tile-width", show_default=False, help=f"Width of a tile (or card) in mm, "
        f"{LOW_WIDTH:g} to {HIGH_WIDTH:g}. Unless given, 9 mm, or less where the figure "
        "would not fit an A4 or Letter page (180 x 267 mm).")] = None,
    output: Annotated[Path, typer.Option("--output", "-o", help="Where to write: .svg .pdf "
                                         ".png, chosen by the file's suffix.")]
    = Path("out/position.svg"),
    dpi: Annotated[int, typer.Option("--dpi", help="Resolution of a .png, in dots per "
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
    from tilepress.documents.assemble import fit_note, fit_page
    from tilepress.errors import IllegalActionError, RequestError
    from tilepress.files import check_output, read_text, write_atomic
    from tilepress.games import find_game, read_log
    from tilepress.output import check_dpi, figure_bytes, output_format

    check_output(output, force=force)
    fmt = output_format(output, (".svg", ".pdf", ".png"), force=force)
    if tile_width is not None and not LOW_WIDTH <= tile_width <= HIGH_WIDTH:
        raise RequestError(f"--tile-width must be from {LOW_WIDTH:g} to {HIGH_WIDTH:g} mm, "
                           f"not {tile_width:g}")
    check_dpi(dpi)
    game_log = read_log(read_text(log, "game log"), source=str(log))
    count = event_count(game_log, at)
    game = find_game(game_log.game)
    if seat is not None:
        seats = max(len(game_log.players), 1)
        if not 1 <= seat <= seats:
            raise RequestError(f"--seat {seat}: the game has seat{'s' * (seats > 1)} 1"
                               + (f" to {seats}" if seats > 1 else ""))
    try:
        game.replay(game_log)
    except IllegalActionError as exc:
        fail(f"{log}: {exc}", code=1)
    draw = partial(game.position_figure, game_log, count,
                   seat=None if seat is None else seat - 1)
    if tile_width is None:
        drawn, used = fit_page(lambda width: draw(tile_width=width), DEFAULT_WIDTH,
                               smallest=LOW_WIDTH)
        note = fit_note(DEFAULT_WIDTH, used, drawn.figure)
    else:
        drawn, note = draw(tile_width=tile_width), ""
    write_atomic(output, figure_bytes(drawn.figure, fmt, dpi=dpi), force=force)
    echo(f"wrote the position after line {drawn.facts['line']} ({drawn.figure.width:.1f} x "
         f"{drawn.figure.height:.1f} mm{note}) to {output}")
    if facts:
        echo(json.dumps(dict(drawn.facts), ensure_ascii=False))
