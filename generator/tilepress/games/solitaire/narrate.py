"""Mahjong solitaire for a learner: the rulebook's example deal, cleared pair by pair."""

from __future__ import annotations

import random

from tilepress.engine import solitaire
from tilepress.games.solitaire.pictures import layers_figure
from tilepress.games.solitaire.puzzles import removal_numbers
from tilepress.layouts import builtin

EXAMPLE_WIDTH = 110.0
"""The example's width in mm: it fits the column of every page a rulebook is printed on
(half a Letter sheet in a booklet), so it is never drawn smaller, nor its numbers."""


def rulebook_example() -> tuple[str, list]:
    """The example of the rulebook: the first deal on the small built-in layout that the
    solver proves winnable, with the order of its removals numbered pair by pair."""
    layout = builtin("mini")
    for seed in range(1, 100):
        deal = solitaire.deal_random(layout, random.Random(f"tilepress:rulebook:{seed}"))
        result = solitaire.solve(deal, budget=5_000)
        if result.status == solitaire.SOLVED:
            numbers = removal_numbers(result.solution, len(layout))
            criterion = (f"The first shuffle of the small layout that can be cleared, "
                         f"checked before printing (deal {seed}). The numbers give one order "
                         f"that clears it: take the two tiles marked 1, then the two marked "
                         f"2, and so on; each pair is free and matching when its turn comes.")
            return criterion, [layers_figure(layout, deal.tiles, width=EXAMPLE_WIDTH,
                                             numbers=numbers)]
    raise AssertionError("no winnable deal on the small layout")  # pragma: no cover


__all__ = ["rulebook_example"]
