"""``tilepress analyze``: a hand through a rules engine."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Annotated, Any

import typer

from tilepress.cli.common import Force, Json, echo, new_app, whole

app = new_app("Analyse a hand with a rules engine.")


ListFile = Annotated[Path | None, typer.Option(
    "--file", help="A list of hands, one a line (blank lines and # comments skipped): "
    "analyse each into a table, written by -o's suffix (.csv, .json, .pdf; CSV on the "
    "screen without -o).")]
TableOutput = Annotated[Path | None, typer.Option(
    "--output", "-o", help="With --file: where to write the table: .csv .json .pdf .svg, "
    "chosen by the file's suffix.")]


def write_table(file: Path, output: Path | None, *, title: str, columns: tuple[str, ...],
                row: Callable[[str], Mapping[str, Any]], extra: bool,
                force: bool = False) -> None:
    """``--file``: every hand of a list through ``row``, as a table by ``output``'s
    suffix; ``extra``: an option for one hand was given too; ``force``: replace a file
    tilepress did not write."""
    from tilepress.errors import RequestError
    from tilepress.files import read_text, write_atomic
    from tilepress.output import output_format, write_pages
    from tilepress.publish.hand_lists import MAX_HANDS, MAX_LINE, hand_table, is_hand_table

    if extra:
        raise RequestError("--file analyses a list of hands; give no hand and no option for "
                           "one hand with it")
    fmt = None if output is None else output_format(output, (".csv", ".json", ".pdf",
                                                             ".svg"), force=force,
                                                    mark=is_hand_table)
    text = read_text(file, "hand list", max_bytes=MAX_HANDS * (MAX_LINE + 2) * 4)
    table = hand_table(text, source=str(file), title=title, columns=columns, row=row)
    if output is None:
        echo(table.to_csv().rstrip("\n"))
        return
    if fmt in ("csv", "json"):
        write_atomic(output, table.to_csv() if fmt == "csv" else table.to_json(),
                     force=force, mark=is_hand_table)
    else:
        from tilepress.draw.canvas import find_paper

        write_pages(table.document(find_paper("a4")), output, force=force)
    echo(f"wrote {len(table.rows)} hand{'s' * (len(table.rows) != 1)} to {output}")


@app.command("waits")
def analyze_waits(
    hand: Annotated[str | None, typer.Argument(
        help="Tiles in MPSZ notation; declared kans in brackets: '123m456p [7777s] 11z' "
        "(or --file).", show_default=False)] = None,
    visible: Annotated[str, typer.Option("--visible", help="Tiles seen elsewhere (discards), "
                                         "not counted as left.")] = "",
    json_out: Json = False,
    file: ListFile = None,
    output: TableOutput = None,
    force: Force = False,
) -> None:
    """Shanten, waits with tiles left and a winning decomposition for each; for a hand of
    3k+2 tiles, the discard table of a wait calculator. With --file, a table of every
    hand of a list: shanten, waits and tiles left (or the tiles that bring it nearer), the
    best discard.

    Example: tilepress analyze waits 1112345678999m
    """
    if file is not None:
        from tilepress.games.standard.analysis import WAITS_COLUMNS, table_row

        write_table(file, output, title="Waits of a list of hands", columns=WAITS_COLUMNS,
                    row=table_row, extra=bool(hand is not None or visible or json_out),
                    force=force)
        return
    _one_hand(hand, output)
    from tilepress.engine import standard
    from tilepress.games.standard.analysis import analysis_dict, analysis_text
    from tilepress.tiles import parse_tiles

    analysis = standard.analyze(hand or "", visible=parse_tiles(visible) if visible else ())
    if json_out:
        echo(json.dumps(analysis_dict(analysis), indent=2, ensure_ascii=False))
        return
    echo(analysis_text(analysis))


def _one_hand(hand: str | None, output: Path | None) -> None:
    from tilepress.errors import RequestError

    if hand is None:
        raise RequestError("give a hand, or a list of hands with --file")
    if output is not None:
        raise RequestError("-o writes the table of a list of hands (--file); one hand's "
                           "analysis is printed (--json for JSON)")


@app.command("minttin")
def analyze_minttin(
    hand: Annotated[str | None, typer.Argument(
        help="Cards in hand: 1-9, DS DM DF, J; spaces optional ('11 444 555 666 DMDMDM') "
        "(or --file).", show_default=False)] = None,
    exposed: Annotated[list[str] | None, typer.Option(
        "--exposed", help="An exposed block, such as 444J (repeat for more).")] = None,
    concealed: Annotated[bool, typer.Option("--concealed", help="The one exposure was made "
                                            "by calling the winning card, so the hand is "
                                            "still concealed: +1 (a hand with no "
                                            "exposure is concealed anyway).")] = False,
    jokers_discarded: Annotated[int, typer.Option("--jokers-discarded", parser=whole(),
                                                  metavar="<int>", help="Jokers this "
                                                  "player discarded this round: +1 each.")] = 0,
    joker_blocks: Annotated[bool, typer.Option("--joker-blocks", help="Allow blocks of "
                                               "jokers only (not pairs).")] = False,
    json_out: Json = False,
    file: ListFile = None,
    output: TableOutput = None,
    force: Force = False,
) -> None:
    """Mint Tin Mahjong: every arrangement of 14 cards with its points, or for 13 cards
    every card that completes the hand and the best score with it. With --file, a table
    of every hand of a list (exposures in brackets: 1111 5555 JJ [333J]): whether it wins
    and its points, or its completing cards, their best points and how many are unseen.

    Example: tilepress analyze minttin "555 777 999J 111J" --jokers-discarded 1
    """
    from tilepress.games.minttin import hand as minttin

    if file is not None:
        write_table(file, output, title="Mint Tin hands", columns=minttin.TABLE_COLUMNS,
                    row=minttin.table_row,
                    extra=bool(hand is not None or exposed or concealed or jokers_discarded
                               or joker_blocks or json_out), force=force)
        return
    _one_hand(hand, output)

    data = minttin.analyze(hand or "", exposed or (), concealed=concealed,
                           jokers_discarded=jokers_discarded,
                           rules=minttin.MintTinRules(joker_blocks=joker_blocks))
    if json_out:
        echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    for line in minttin.analysis_lines(data):
        echo(line)


@app.command("american")
def analyze_american(
    hand: Annotated[str, typer.Argument(help="Tiles in MPSZ (craks m, bams s, dots p; winds "
                                        "1-4z, dragons 5z white 6z green 7z red; flowers "
                                        "1-8f; jokers 1j).")],
    exposed: Annotated[list[str] | None, typer.Option(
        "--exposed", help="An exposed pung, kong or quint, such as 555m1j (repeat).")] = None,
    card: Annotated[str, typer.Option("--card", help="A card file, or 'practice' (the "
                                      "shipped practice card).")] = "practice",
    json_out: Json = False,
) -> None:
    """American Mah Jongg: which hands on the card 14 tiles make, or which hands 13 tiles
    are nearest to and the tiles each still needs.

    Example: tilepress analyze american 2222m555s6666p88p1f
    """
    from tilepress.games.american import analysis as american
    from tilepress.games.american.cards_file import load_card

    data = american.analyze(load_card(card), hand, exposed or ())
    if json_out:
        echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    for line in american.analysis_lines(data):
        echo(line)
