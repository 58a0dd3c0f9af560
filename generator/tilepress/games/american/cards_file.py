"""Cards of hands from files: a card file a player wrote, or the practice card shipped
with tilepress. The only place the American game reads files; the rules and the bots are
given the :class:`~tilepress.games.american.card.Card` and never import this module."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from tilepress.files import read_text
from tilepress.games.american.card import Card, parse_card
from tilepress.resources import shipped

PRACTICE = "practice"


def load_card(path: str | None = None) -> Card:
    """A card from a file, or the shipped practice card (``practice`` or None)."""
    if path is None or path == PRACTICE:
        return practice_card()
    return parse_card(read_text(path, "card file"), source=str(Path(path)))


@cache
def practice_card() -> Card:
    """The practice card shipped with tilepress (original hands; see its header)."""
    path = shipped("puzzles", "cards", "practice.card")
    return parse_card(path.read_text(encoding="utf-8"), source="practice.card")


__all__ = ["PRACTICE", "load_card", "practice_card"]
