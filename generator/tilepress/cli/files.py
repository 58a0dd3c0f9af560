"""``tilepress layout check``, ``tilepress card check`` and ``tilepress book``: files a user
writes, checked or built."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tilepress.cli.common import Force, echo, new_app, output_option, pages_beside, plural

layout_app = new_app("Check tile layouts.")
card_app = new_app("Check cards of hands (American Mah Jongg).")


@layout_app.command("check")
def layout_check(
    file: Annotated[str, typer.Argument(help="A built-in layout name, or a .layout (KMahjongg), "
                                        ".map (GNOME Mahjongg) or .castle (Dragon Castle "
                                        "height map) file.")],
    tileset: Annotated[str, typer.Option(
        "--tileset", help="For a castle: recommended, all, or a custom tile string.")
    ] = "recommended",
    map_name: Annotated[str | None, typer.Option(
        "--map", help="Of a GNOME Mahjongg .map file, only the map with this name (or number "
        "from 1); the same as FILE.map:NAME.")] = None,
) -> None:
    """Report a layout's tile count, layers, half-tile offsets, overlaps, tiles hanging
    over nothing, and whether the count fits a tile set; for a Dragon Castle height map,
    its floors, symmetry and fit to a tile set; for a GNOME Mahjongg .map file, each of its
    maps. Exit 1 if it cannot be played (a layout real tiles cannot build but screen and paper
    can play is not an error).

    Example: tilepress layout check my.layout
    """
    from tilepress.errors import RequestError
    from tilepress.layouts.castle import BUILTIN_CASTLES, SUFFIX, check_castle, tile_set
    from tilepress.layouts.check import check_layout
    from tilepress.layouts.files import find_castle, find_layout, load_layouts

    if file in BUILTIN_CASTLES or file.endswith(SUFFIX) or _is_castle_file(file):
        try:
            tiles = tile_set(tileset)
        except RequestError as exc:
            raise RequestError(f"--tileset: {exc}") from None
        reports = [check_castle(find_castle(file), tiles)]
    elif map_name is not None or not file.lower().endswith(".map"):
        reports = [check_layout(find_layout(file if map_name is None else f"{file}:{map_name}"))]
    else:  # every map of a GNOME Mahjongg file
        reports = [check_layout(layout) for layout in load_layouts(file)]
    for report in reports:
        for line in report.lines():
            echo(line)
    if not all(report.ok for report in reports):
        raise typer.Exit(1)


def _is_castle_file(path: str) -> bool:
    """A file of digits and spaces (a height map), whatever its name."""
    from tilepress.errors import FileFormatError
    from tilepress.files import read_text
    from tilepress.layouts.castle import MAX_FILE_BYTES, looks_like_castle

    p = Path(path)
    if not path or p.suffix in (".layout", ".map") or not p.is_file():
        return False
    try:
        return looks_like_castle(read_text(p, "file", max_bytes=MAX_FILE_BYTES))
    except FileFormatError:
        return False  # not a castle: the layout readers give the clear message


@card_app.command("check")
def card_check(
    file: Annotated[str, typer.Argument(help="A card file, or 'practice'.")],
) -> None:
    """Read a card of hands and list its families and hands with how many ways each can be
    made; a malformed card gets its line and the reason.

    Example: tilepress card check my.card
    """
    from tilepress.games.american.card import expand
    from tilepress.games.american.cards_file import load_card

    card = load_card(file)
    echo(f"card {card.name!r}: {plural(len(card.hands), 'hand')} in "
         f"{plural(len(card.families), 'family', 'families')}")
    for family in card.families:
        hands = [h for h in card.hands if h.family == family]
        echo(f"  {family}: {plural(len(hands), 'hand')}")
        for h in hands:
            echo(f"    {h.id}: {h.text()}  ({plural(sum(1 for _ in expand(h)), 'way')})")


def book(
    spec: Annotated[str | None, typer.Argument(help="A book spec (.toml); the shipped "
                                                "puzzles/book.toml if left out.")] = None,
    output: Annotated[Path, output_option(".pdf .svg")] = Path("out/book.pdf"),
    paper: Annotated[str | None, typer.Option("--paper", help="a4 or letter (overrides "
                                              "the spec).")] = None,
    force: Force = False,
) -> None:
    """Build a puzzle book from a spec: title page, contents, puzzle sections, answer key.

    Example: tilepress book puzzles/book.toml --paper letter -o out/book.pdf
    """
    from tilepress.cli.common import paper as find_paper
    from tilepress.output import output_format, write_pages
    from tilepress.publish.book import build_book, load_spec
    from tilepress.resources import shipped

    output_format(output, (".pdf", ".svg"), force=force)
    if paper is not None:
        find_paper(paper)
    document, state = build_book(load_spec(shipped("puzzles", "book.toml") if spec is None
                                           else spec), paper=paper)
    files = write_pages(document, output, force=force)
    echo(f"wrote {document.title!r} ({plural(state.number - 1, 'puzzle')}, every answer verified) "
         f"to {output}{pages_beside(files)}")
