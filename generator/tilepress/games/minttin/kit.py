"""Mint Tin Mahjong's print-and-play kit: the deck with its score and rules cards, score
sheets for two players and solo, and puzzles."""

from __future__ import annotations

from tilepress.documents.kits import CARD, TWO_SIDED, KitOptions, Plan, Printable, Puzzles
from tilepress.draw.canvas import Paper


def plan(paper: Paper, options: KitOptions) -> Plan:
    return Plan(
        printables=(
            Printable("deck", "deck", "The 54 cards with the two score cards, and the rules "
                      "summary on cards, two copies", CARD, TWO_SIDED,
                      {"card_size": "{card_size}", "duplex": "{duplex}",
                       "rules_cards": True}),
            Printable("sheet", "score-sheet", "Score sheet, two players"),
            Printable("sheet", "score-sheet-solo", "Score sheet, the solo game",
                      options={"solo": True}),
            Printable("mat", "solo-mat", "The solo game's table mat: where each card goes",
                      options={"card_size": "{card_size}"}),
        ),
        puzzles=(Puzzles("minttin", 4, "Complete the hand"),
                 Puzzles("minttin-discard", 4, "The best discard")))
