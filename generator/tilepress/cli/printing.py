"""``tilepress print ITEM GAME``: one command per printable, from the game descriptors."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from tilepress.cli.common import (
    Paper,
    command,
    dataclass_parameters,
    echo,
    force_parameter,
    new_app,
    output_option,
    paper,
    parameter,
    plural,
    take,
)
from tilepress.engine.game import Game, PrintableEntry

app = new_app("Print a table aid: a reference card, a score sheet, a board, a set-up "
              "diagram, a deck of cards.")
_ITEMS: dict[str, typer.Typer] = {}


def print_item(game: Game, entry: PrintableEntry, values: dict[str, Any]) -> None:
    from tilepress.files import check_output, replaceable
    from tilepress.output import CARD_FILE_NAME, output_format, write_card_files, write_pages
    from tilepress.params import parse_params

    output, page = values.pop("output"), paper(values.pop("paper"))
    force = values.pop("force")
    options = None
    if entry.options is not None:
        options = parse_params(entry.options, take(values, entry.options),
                               where=f"print {entry.item} {game.name}")
    printable = game.printable(entry.item)[0](page, options)
    for note in getattr(printable, "notes", list)():
        echo(note)
    fmt = getattr(options, "format", "pdf")
    if fmt in ("svg", "png"):
        folder = output or Path(f"out/{game.name}-{entry.item}")
        check_output(folder, folder=True)
        replaceable(folder, legacy=CARD_FILE_NAME, force=force)  # before the work
        count = write_card_files(printable, folder, force=force)
        echo(f"wrote {plural(count, 'card side')} as {fmt.upper()} files to {folder}/")
        return
    test = getattr(options, "duplex_test", False)
    stem = f"out/{game.name}-{entry.item}" + ("-duplex-test" if test else "")
    target = output or Path(f"{stem}.pdf")
    output_format(target, (".pdf", ".svg"), force=force)
    files = write_pages(printable, target, force=force)
    what = (f"the duplex test sheet (2 pages, no {entry.item}) for {printable.title}"
            if test else printable.title)
    echo(f"wrote {what} to {', '.join(map(str, files))}")


def _print_command(game: Game, entry: PrintableEntry) -> Any:
    params = [
        *dataclass_parameters(entry.options),
        parameter("output", None, Annotated[Path | None, output_option(".pdf .svg")]),
        parameter("paper", "a4", Paper),
        force_parameter(),
    ]
    doc = (f"{entry.summary}\n\nExample: tilepress print {entry.item} {game.name} "
           f"-o out/{game.name}-{entry.item}.pdf")
    return command(lambda values: print_item(game, entry, values), doc, params)


WHAT = {"card": "a reference card", "sheet": "a score sheet", "deck": "a deck of cards",
        "charleston": "the Charleston on one page", "setup": "the set-up diagrams",
        "board": "a castle board", "pad": "a score pad", "shrines": "the shrines as tokens"}
"""What each printable item is, in the help of ``tilepress print ITEM`` (else "the ITEM")."""


def register(games: tuple[Game, ...]) -> None:
    owners: dict[str, list[str]] = {}
    for game in games:
        for entry in game.printables:
            owners.setdefault(entry.item, []).append(game.name)
    for game in games:
        for entry in game.printables:
            if entry.item not in _ITEMS:
                what = WHAT.get(entry.item, f"the {entry.item}")
                _ITEMS[entry.item] = new_app(f"Print {what} ({', '.join(owners[entry.item])}).")
                app.add_typer(_ITEMS[entry.item], name=entry.item)
            _ITEMS[entry.item].command(game.name)(_print_command(game, entry))


def _register_all() -> None:
    from tilepress.cli.kit import tiles_command
    from tilepress.games import GAMES

    app.command("tiles", short_help="Print a set of paper tiles on card stock.")(
        tiles_command())
    register(GAMES)


_register_all()
