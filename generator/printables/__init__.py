"""Things to print and use at the table: cards, sheets, decks, boards.

Each printable is a function ``(paper) -> Document`` registered under (item, game), so
``tilepress print card onesuit`` finds the One suit reference card. Game modules add
theirs to :data:`PRINTABLES`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from generator.documents.model import Document
from generator.draw.canvas import Paper
from generator.errors import RequestError

Printable = Callable[[Paper], Document]

# (item, game) -> (module, function)
PRINTABLES: dict[tuple[str, str], tuple[str, str]] = {
    ("card", "onesuit"): ("generator.games.onesuit.printables", "wait_shapes_card"),
    ("sheet", "oneplayer"): ("generator.games.oneplayer.printables", "score_sheet"),
    ("setup", "castle"): ("generator.games.castle.printables", "setup_diagram"),
    ("board", "castle"): ("generator.games.castle.printables", "castle_board"),
    ("pad", "castle"): ("generator.games.castle.printables", "score_pad"),
    ("card", "castle"): ("generator.games.castle.printables", "turn_card"),
    ("deck", "minttin"): ("generator.games.minttin.printables", "deck"),
    ("card", "minttin"): ("generator.games.minttin.printables", "rules_card"),
    ("sheet", "minttin"): ("generator.games.minttin.printables", "score_sheet"),
    ("card", "american"): ("generator.games.american.printables", "practice_card_sheet"),
    ("sheet", "american"): ("generator.games.american.printables", "payments_sheet"),
    ("charleston", "american"): ("generator.games.american.printables", "charleston_card"),
}
CARD_PRINTABLES = {("deck", "minttin"), ("card", "minttin")}
"""Printables made of cards, which take card size, duplex and one-per-page options."""


def find_printable(item: str, game: str) -> Printable:
    try:
        module, name = PRINTABLES[(item, game)]
    except KeyError:
        known = ", ".join(f"{i} {g}" for i, g in sorted(PRINTABLES))
        raise RequestError(f"nothing to print as {item!r} for {game!r}; "
                           f"the printables are: {known}") from None
    return getattr(importlib.import_module(module), name)
