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
    if options.format in ("svg", "png"):
        folder = output or Path(f"out/{stem}")
        count = write_card_files(sheets, folder, force=force)
        echo(f"wrote {count} tile sides as {options.format.upper()} files to {folder}/")
        return
    target = output or Path(f"out/{stem}.pdf")
    output_format(target, (".pdf", ".svg"), force=force)
    files = write_pages(sheets, target, force=force)
    echo(f"wrote {sheets.title} ({len(sheets.cards)} tiles) to {', '.join(map(str, files))}")


def build_kits(values: dict[str, Any]) -> None:
    from tilepress.cli.common import paper as find_paper
    from tilepress.params import parse_params
    from tilepress.publish.kit import check_kit, kit_game, kit_games, make_kit
    from tilepress.publish.kit_files import check_targets, write_kits

    names = list(dict.fromkeys(values.pop("games") or kit_games()))
    folder, quiet, force = values.pop("output"), values.pop("quiet"), values.pop("force")
    options = parse_params(KitOptions, take(values, KitOptions), where="kit")
    find_paper(options.paper)  # names --paper in its message
    options.check()
    checked = [check_kit(kit_game(name), options) for name in names]
    check_targets(folder, [c.game.name for c in checked], force=force)
    steps = sum(len(c.parts) + 1 for c in checked)
    with _progress(quiet, steps) as step:
        kits = [make_kit(c, progress=step) for c in checked]
        step("writing the files")
        written = write_kits(kits, folder, force=force)
    if not quiet:
        for path in written:
            echo(f"wrote {path}")


class _progress:
    """A progress bar on stderr (rich), one step a file; none when ``quiet`` or when
    stderr is not a terminal."""

    def __init__(self, quiet: bool, steps: int) -> None:
        self.quiet, self.steps, self.done = quiet, steps, 0

    def __enter__(self) -> Any:
        from rich.console import Console

        console = Console(stderr=True)
        self.quiet = self.quiet or not console.is_terminal  # a bar only where it is seen
        if self.quiet:
            return lambda text: None
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

        self.bar = Progress(TextColumn("{task.description:<40}"), BarColumn(),
                            MofNCompleteColumn(), console=console, transient=True)
        self.bar.__enter__()
        self.task = self.bar.add_task("starting", total=self.steps)

        def step(text: str) -> None:
            self.bar.update(self.task, completed=min(self.done, self.steps), description=text)
            self.done += 1

        return step

    def __exit__(self, *exc: object) -> None:
        if not self.quiet:
            self.bar.update(self.task, completed=self.steps)
            self.bar.__exit__(*exc)


def _tiles_command() -> Any:
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
        parameter("quiet", False, Annotated[bool, typer.Option(
            "--quiet", "-q", help="No progress bar, no list of the files written.")]),
        force_parameter(),
    ]
    doc = ("Print-and-play kits: for each game a folder with its rulebook, components, "
           "quick reference, score sheet, a puzzle sampler and a cover that says what to "
           "print on which paper; a zip of each, and a manifest with every file's SHA-256. "
           "Built twice, the same bytes.\n\n"
           "Example: tilepress kit onesuit solitaire --paper letter -o out/kit")
    return command(build_kits, doc, params)


def register(app: typer.Typer, print_app: typer.Typer) -> None:
    """``tilepress kit`` and ``tilepress print tiles``."""
    app.command("kit")(_kit_command())
    print_app.command("tiles")(_tiles_command())
