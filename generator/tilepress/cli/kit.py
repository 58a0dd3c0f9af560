"""``tilepress kit`` (print-and-play kits, a folder per game) and ``tilepress print tiles``
(a paper tile set)."""

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
    output_option,
    parameter,
    plural,
    take,
)
from tilepress.documents.kits import KitOptions
from tilepress.documents.tiles import TileSheetOptions


def print_tiles(values: dict[str, Any]) -> None:
    from tilepress.cli.common import paper as find_paper
    from tilepress.documents.tiles import SETS, tile_sheets
    from tilepress.output import output_format, write_card_files, write_pages
    from tilepress.params import parse_params

    output, paper = values.pop("output"), find_paper(values.pop("paper"))
    force = values.pop("force")
    options = parse_params(TileSheetOptions, take(values, TileSheetOptions),
                           where="print tiles")
    sheets = tile_sheets(paper, options)
    for note in sheets.notes():
        echo(note)
    stem = f"tiles-{options.set}" if options.set in SETS else "tiles"
    if options.duplex_test:
        stem += "-duplex-test"
    if options.format in ("svg", "png"):
        folder = output or Path(f"out/{stem}")
        count = write_card_files(sheets, folder, force=force)
        echo(f"wrote {plural(count, 'tile side')} as {options.format.upper()} files to "
             f"{folder}/")
        return
    target = output or Path(f"out/{stem}.pdf")
    output_format(target, (".pdf", ".svg"), force=force)
    files = write_pages(sheets, target, force=force)
    what = (f"the duplex test sheet (2 pages, no tiles) for {sheets.title}"
            if options.duplex_test else f"{sheets.title} ({plural(len(sheets.cards), 'tile')})")
    echo(f"wrote {what} to {', '.join(map(str, files))}")


def build_kits(values: dict[str, Any]) -> None:
    from tilepress.cli.common import paper as find_paper
    from tilepress.cli.progress import progress
    from tilepress.params import parse_params
    from tilepress.publish.kit import check_kit, kit_game, kit_games, make_kit
    from tilepress.publish.kit_files import check_targets, write_kits

    names = list(dict.fromkeys(values.pop("games") or kit_games()))
    folder, quiet, force = values.pop("output"), values.pop("quiet"), values.pop("force")
    verbose = values.pop("verbose") and not quiet
    options = parse_params(KitOptions, take(values, KitOptions), where="kit")
    find_paper(options.paper)  # names --paper in its message
    options.check()
    checked = [check_kit(kit_game(name), options) for name in names]
    check_targets(folder, [c.game.name for c in checked], force=force)
    steps = sum(len(c.parts) + 1 for c in checked) + 1  # every file, each cover, the writing
    with progress("files", steps, quiet=quiet) as bar:
        kits = [make_kit(c, progress=bar.next) for c in checked]
        bar.next("writing the files")
        written = write_kits(kits, folder, force=force)
    if verbose:
        for path in written:
            echo(f"wrote {path}")
    games = [kit.game for kit in kits]
    what, zips = ((f"the {games[0]} kit", "its zip") if len(games) == 1 else
                  (f"{len(games)} kits ({', '.join(games)})", "their zips"))
    bar.summary(f"wrote {what} to {folder}/ ({plural(len(written), 'file')} with {zips} and "
                "the manifest)")


def tiles_command() -> Any:
    """``tilepress print tiles``."""
    params = [*dataclass_parameters(TileSheetOptions),
              parameter("output", None, Annotated[Path | None, output_option(".pdf .svg")]),
              parameter("paper", "a4", Paper), force_parameter()]
    doc = ("A set of paper tiles as cards on card stock: fronts and mirrored backs on "
           "alternate pages, 3 mm bleed, crop marks (every card-sheet option applies).\n\n"
           "Example: tilepress print tiles full --tile-size 22x30 -o out/tiles.pdf")
    return command(print_tiles, doc, params)


def _kit_command() -> Any:
    params = [
        parameter("games", None, Annotated[list[str] | None, typer.Argument(
            help="The games, each a folder of its own; every game with a kit when none is "
            "named (the games whose rulebook is written).", show_default=False)]),
        *dataclass_parameters(KitOptions),
        parameter("output", Path("out/kit"), Annotated[Path, typer.Option(
            "--output", "-o", help="The folder the kits go in, each game's folder, its zip, "
            "and the manifest beside them.")]),
        parameter("verbose", False, Annotated[bool, typer.Option(
            "--verbose", "-v", help="Also list every file written, one a line.")]),
        parameter("quiet", False, Annotated[bool, typer.Option(
            "--quiet", "-q", help="Print nothing: no progress bar, no summary line.")]),
        force_parameter(),
    ]
    doc = ("Print-and-play kits: for each game a folder with its rulebook, components, "
           "quick reference, score sheet, a puzzle sampler and a cover that says what to "
           "print on which paper; a zip of each, and a manifest with every file's SHA-256. "
           "Built twice, the same bytes.\n\n"
           "Example: tilepress kit onesuit solitaire --paper letter -o out/kit")
    return command(build_kits, doc, params)


kit = _kit_command()
"""``tilepress kit``."""
