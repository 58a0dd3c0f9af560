"""``tilepress rulebook``: publications assembled from the games."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tilepress.cli.common import Force, Paper, echo, output_option


def rulebook(
    game: Annotated[str, typer.Argument(help="The game: onesuit, oneplayer, minttin, "
                                        "american, solitaire or castle.")],
    output: Annotated[Path | None, output_option(".pdf .svg")] = None,
    paper: Paper = "a4",
    booklet: Annotated[bool, typer.Option(
        "--booklet", help="A5 pages (half-letter on letter) imposed two to a sheet in "
        "saddle-stitch order: print double-sided, fold, staple.")] = False,
    rulings: Annotated[bool, typer.Option(
        "--rulings/--no-rulings", help="Include the rulings tilepress made where the rules "
        "text is silent, and why.")] = True,
    force: Force = False,
) -> None:
    """A rulebook whose every illustration the rules engine has checked: components,
    set-up, the turn, winning, scoring, house rules, rulings, an example from a real
    game, and a quick reference.

    Example: tilepress rulebook minttin --booklet -o out/minttin-rules.pdf
    """
    from tilepress.cli.common import paper as find_paper
    from tilepress.files import check_output
    from tilepress.output import output_format, write_document
    from tilepress.publish.rulebook import build_rulebook

    target = output or Path(f"out/{game}-rulebook.pdf")
    check_output(target, force=force)
    output_format(target, (".pdf", ".svg"), force=force)
    sheet = find_paper(paper)
    document = build_rulebook(game, sheet, booklet=booklet, rulings=rulings)
    write_document(document, target, booklet=sheet if booklet else None, force=force)
    echo(f"wrote {document.title}{' as a booklet' if booklet else ''} to {target}")
