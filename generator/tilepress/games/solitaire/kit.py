"""Mahjong solitaire's print-and-play kit: a full set of paper tiles, build plans that lay
out the turtle and the puzzles' layouts layer by layer, and two deals proven winnable,
with their solutions."""

from __future__ import annotations

from tilepress.documents.kits import KitOptions, Plan, Printable, Puzzles
from tilepress.draw.canvas import Paper

PUZZLES = (Puzzles("solitaire", 1, "A small pyramid", {"layout": "pyramid"}),
           Puzzles("solitaire", 1, "A short game", {"layout": "mini"}))
LAYOUTS = ("turtle", *dict.fromkeys(p.params["layout"] for p in PUZZLES))
"""The layouts the kit offers: the classic turtle of the rules, and the puzzles' own."""


def plan(paper: Paper, options: KitOptions) -> Plan:
    return Plan(
        tiles="full", tiles_about="144 paper tiles: a full set with flowers and seasons",
        printables=(Printable(
            "plan", "build-plans", "Build plans, layer by layer: the "
            f"{', the '.join(LAYOUTS[:-1])} and the {LAYOUTS[-1]}",
            options={"layout": ",".join(LAYOUTS)}),),
        puzzles=PUZZLES)
