"""Small helpers for the words tilepress prints (messages, pages): counts with their
nouns in the right number."""

from __future__ import annotations


def plural(count: int, word: str, many: str = "") -> str:
    """A count and its word, in the plural unless it is one: ``plural(1, "puzzle")`` is
    "1 puzzle", ``plural(1200, "game")`` "1,200 games", ``plural(2, "family",
    "families")`` "2 families"."""
    return f"{count:,} {word if count == 1 else many or word + 's'}"


__all__ = ["plural"]
