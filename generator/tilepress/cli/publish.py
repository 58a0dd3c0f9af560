"""``tilepress rulebook``: publications assembled from the games."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tilepress.cli.common import Force, Paper, echo, output_option


def rulebook(
    game: Annotated[str | None, typer.Argument(
        help="The game: onesuit, oneplayer, minttin, american, solitaire or castle; leave "
        "out with --from.", show_default=False)] = None,
    source: Annotated[Path | None, typer.Option(
        "--from", help="Your own rules text (Markdown, .md): laid out as a rulebook, every "
        "```figure block drawn and its claims checked by the engine.")] = None,
    output: Annotated[Path | None, output_option(".pdf .svg")] = None,
    paper: Paper = "a4",
    booklet: Annotated[bool, typer.Option(
        "--booklet", help="A5 pages (half-letter on letter) imposed two to a sheet in "
        "saddle-stitch order: print double-sided, fold, staple.")] = False,
    rulings: Annotated[bool, typer.Option(
        "--rulings/--no-rulings", help="Include the rulings tilepress made where the rules "
        "text is silent, and why (a game's rulebook).")] = True,
    force: Force = False,
) -> None:
    """A rulebook whose every illustration the rules engine has checked: components,
    set-up, the turn, winning, scoring, house rules, rulings, an example from a real
    game, and a quick reference. With --from, your own rules text in Markdown, laid out
    the same way (exit 1 if a figure's claim does not hold).

    Example: tilepress rulebook minttin --booklet -o out/minttin-rules.pdf
    """
    from tilepress.cli.common import fail
    from tilepress.cli.common import paper as find_paper
    from tilepress.errors import RequestError
    from tilepress.files import check_output
    from tilepress.output import output_format, write_document
    from tilepress.publish.figures import ClaimError

    if (game is None) == (source is None):
        raise RequestError("name a game, or give your own rules with --from FILE.md (one of "
                           "the two)")
    stem = source.stem if source is not None else f"{game}-rulebook"
    target = output or Path(f"out/{stem}.pdf")
    check_output(target, force=force)
    output_format(target, (".pdf", ".svg"), force=force)
    sheet = find_paper(paper)
    if source is not None:
        from tilepress.publish.house_rules import load_house_rulebook

        try:
            document = load_house_rulebook(source, paper=sheet, booklet=booklet)
        except ClaimError as exc:
            fail(f"{exc}; nothing was written", code=1)
    else:
        from tilepress.publish.rulebook import build_rulebook

        document = build_rulebook(game or "", sheet, booklet=booklet, rulings=rulings)
    write_document(document, target, booklet=sheet if booklet else None, force=force)
    echo(f"wrote {document.title}{' as a booklet' if booklet else ''} to {target}")
