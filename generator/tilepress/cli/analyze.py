"""``tilepress analyze``: a hand through a rules engine."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from tilepress.cli.common import Json, echo, new_app

app = new_app("Analyse a hand with a rules engine.")


@app.command("waits")
def analyze_waits(
    hand: Annotated[str, typer.Argument(help="Tiles in MPSZ notation; declared kans in "
                                        "brackets: '123m456p [7777s] 11z'.")],
    visible: Annotated[str, typer.Option("--visible", help="Tiles seen elsewhere (discards), "
                                         "not counted as left.")] = "",
    json_out: Json = False,
) -> None:
    """Shanten, waits with tiles left and a winning decomposition for each; for a hand of
    3k+2 tiles, the discard table of a wait calculator.

    Example: tilepress analyze waits 1112345678999m
    """
    from tilepress.engine import standard
    from tilepress.games.standard.analysis import analysis_dict, analysis_text
    from tilepress.tiles import parse_tiles

    analysis = standard.analyze(hand, visible=parse_tiles(visible) if visible else ())
    if json_out:
        echo(json.dumps(analysis_dict(analysis), indent=2, ensure_ascii=False))
        return
    echo(analysis_text(analysis))


@app.command("minttin")
def analyze_minttin(
    hand: Annotated[str, typer.Argument(help="Cards in hand: 1-9, DS DM DF, J; spaces "
                                        "optional ('11 444 555 666 DMDMDM').")],
    exposed: Annotated[list[str] | None, typer.Option(
        "--exposed", help="An exposed block, such as 444J (repeat for more).")] = None,
    concealed: Annotated[bool, typer.Option("--concealed", help="The one exposure was made "
                                            "by calling the winning card, so the hand is "
                                            "still concealed: +1 (a hand with no "
                                            "exposure is concealed anyway).")] = False,
    jokers_discarded: Annotated[int, typer.Option("--jokers-discarded", help="Jokers this "
                                                  "player discarded this round: +1 each.")] = 0,
    joker_blocks: Annotated[bool, typer.Option("--joker-blocks", help="Allow blocks of "
                                               "jokers only (not pairs).")] = False,
    json_out: Json = False,
) -> None:
    """Mint Tin Mahjong: every arrangement of 14 cards with its points, or for 13 cards
    every card that completes the hand and the best score with it.

    Example: tilepress analyze minttin "555 777 999J 111J" --jokers-discarded 1
    """
    from tilepress.games.minttin import hand as minttin

    data = minttin.analyze(hand, exposed or (), concealed=concealed,
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
