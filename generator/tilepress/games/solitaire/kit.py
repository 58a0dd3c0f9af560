"""Mahjong solitaire's print-and-play kit: a full set of paper tiles and two deals proven
winnable, with their solutions."""

from __future__ import annotations

from tilepress.documents.kits import KitOptions, Plan, Puzzles
from tilepress.draw.canvas import Paper


def plan(paper: Paper, options: KitOptions) -> Plan:
    return Plan(
        tiles="full", tiles_about="144 paper tiles: a full set with flowers and seasons",
        puzzles=(Puzzles("solitaire", 1, "A small pyramid", {"layout": "pyramid"}),
                 Puzzles("solitaire", 1, "A short game", {"layout": "mini"})))
