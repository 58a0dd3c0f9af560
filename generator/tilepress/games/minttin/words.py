"""Mint Tin cards, hands and the bots' reasons in the words players use: "an 8", "the
Moon dragon", "two 5s and a joker", "2 cards from 4-5-6-7-8 with the Moon dragon"."""

from __future__ import annotations

import re
from collections.abc import Sequence

from tilepress.games.minttin.cards import SUIT_NAMES, Card
from tilepress.games.minttin.hand import CATEGORY_NAMES, Arrangement


def card_name(card: Card) -> str:
    """A card as a player says it: "5", "the Moon dragon", "a joker"."""
    if card.is_joker:
        return "a joker"
    if card.is_dragon:
        return f"the {SUIT_NAMES[card.suit]} dragon"
    return str(card.number)


def short_name(card: Card) -> str:
    """A card in a table cell: "5", "Moon dragon", "joker"."""
    return "joker" if card.is_joker else SUIT_NAMES[card.suit] + " dragon" \
        if card.is_dragon else str(card.number)


MADE = ("How this example was made: a program played each seat by the rules, and every "
        "move was checked against the rules as the match was replayed.")
"""The colophon line at the foot of a worked example: how it was made, once, at the back."""


COUNTS = ("no", "a", "two", "three", "four", "five")


def cards_words(cards: Sequence[Card]) -> str:
    """Cards counted as a player says them: "two 5s and a joker"."""
    parts = []
    for card in sorted(set(cards), key=lambda c: (c.is_joker, c)):
        n = list(cards).count(card)
        name = short_name(card)
        count = "an" if n == 1 and name.startswith("8") else COUNTS[n]
        parts.append(f"{count} {name}{'s' * (n > 1)}" if n < len(COUNTS) else name)
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _target_words(text: str) -> str:
    cards = text.split(",")
    numbers = [c for c in cards if c.isdigit()]
    dragons = [f"{SUIT_NAMES[c[1]]}" for c in cards if c.startswith("D")]
    words = "-".join(numbers)
    if dragons:
        words += " with the " + " and ".join(dragons) + " dragon" + "s" * (len(dragons) > 1)
    return words


def plain_words(reason: str) -> str:
    """A bot's reason in a player's words: dragons and jokers named, targets spelt out."""
    text = re.sub(r"keeps the hand (\d+) cards? from ([\w,]+)",
                  lambda m: f"{m.group(1)} card{'s' * (m.group(1) != '1')} from "
                            f"{_target_words(m.group(2))}", reason)
    text = re.sub(r"\b([1-9D][SMF]?(?:,[1-9D][SMF]?)+)\b",
                  lambda m: _target_words(m.group(1)), text)
    text = re.sub(r"\bD([SMF])\b", lambda m: f"the {SUIT_NAMES[m.group(1)]} dragon", text)
    text = re.sub(r"grows a block of the target and (\d+) joker(s?)",
                  r"fills out a block of the hand being built, with \1 joker\2", text)
    text = text.replace("grows a block of the target", "fills out a block of the hand being "
                        "built")
    text = text.replace("the target", "the hand being built")
    text = re.sub(r"(\d+) cards? short, then (\d+)",
                  lambda m: f"{m.group(1)} card{'s' * (m.group(1) != '1')} from a win before, "
                            f"{m.group(2)} after", text)
    return re.sub(r"\bJ\b", "a joker", text)


def shape_words(top: Arrangement) -> str:
    """A winning hand's category, set and pattern in words."""
    if top.pattern is None:
        return "The Epic Hand: one of each number and dragon, and two jokers"
    dragons = [SUIT_NAMES[b.face.suit] for b in top.blocks if b.face.is_dragon]
    with_dragons = (" with the " + " and ".join(dragons) + " dragon" + "s" * (len(dragons) > 1)
                    if dragons else "")
    special = f", {top.special.title()}" if top.special else ""
    return (f"{CATEGORY_NAMES[top.category]} {'-'.join(map(str, top.numbers))}{with_dragons}: "
            f"{top.pattern}{special}")


def listed(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


__all__ = ["MADE", "card_name", "cards_words", "listed", "plain_words", "shape_words", "short_name"]
