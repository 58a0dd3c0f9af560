"""Mah-Jongg One Player's print-and-play kit: a full set of paper tiles and a score sheet."""

from __future__ import annotations

from tilepress.documents.kits import KitOptions, Plan, Printable
from tilepress.draw.canvas import Paper


def plan(paper: Paper, options: KitOptions) -> Plan:
    return Plan(
        tiles="full", tiles_about="144 paper tiles: a full set with flowers and seasons",
        printables=(Printable("sheet", "score-sheet", "Score sheet for the ten lines"),))
