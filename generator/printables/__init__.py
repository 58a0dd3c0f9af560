"""Things to print and use at the table: cards, sheets, decks, boards.

Each printable is a function ``(paper) -> Document`` registered under (item, game), so
``tilepress print card onesuit`` finds the One suit reference card. Game modules add
theirs to :data:`PRINTABLES`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from ..documents.model import Document
from ..draw.canvas import Paper
from ..errors import RequestError

Printable = Callable[[Paper], Document]

# (item, game) -> (module, function)
PRINTABLES: dict[tuple[str, str], tuple[str, str]] = {
    ("card", "onesuit"): ("generator.printables.onesuit", "wait_shapes_card"),
    ("sheet", "oneplayer"): ("generator.printables.oneplayer", "score_sheet"),
    ("setup", "castle"): ("generator.printables.castle", "setup_diagram"),
    ("board", "castle"): ("generator.printables.castle", "castle_board"),
    ("pad", "castle"): ("generator.printables.castle", "score_pad"),
    ("card", "castle"): ("generator.printables.castle", "turn_card"),
    ("deck", "minttin"): ("generator.printables.minttin", "deck"),
    ("card", "minttin"): ("generator.printables.minttin", "rules_card"),
    ("sheet", "minttin"): ("generator.printables.minttin", "score_sheet"),
    ("card", "american"): ("generator.printables.american", "practice_card_sheet"),
    ("sheet", "american"): ("generator.printables.american", "payments_sheet"),
    ("charleston", "american"): ("generator.printables.american", "charleston_card"),
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
