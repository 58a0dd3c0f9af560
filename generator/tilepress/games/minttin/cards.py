"""Mint Tin Mahjong cards and their notation.

Number cards ``1``-``9`` (Sword 1-3, Moon 4-6, Fire 7-9), dragons ``DS`` ``DM`` ``DF``
(one per suit) and the joker ``J``. Spaces are optional: ``11444555666DMDMDM``. A card
is a small immutable value; ``format_cards(parse_cards(text))`` gives the canonical
spelling (cards sorted, grouped by face with spaces between faces).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import total_ordering
from typing import ClassVar

from tilepress.engine.log import Notation, notation
from tilepress.errors import NotationError

SUITS = ("S", "M", "F")
SUIT_NAMES = {"S": "Sword", "M": "Moon", "F": "Fire"}
NUMBERS = 9
JOKER_CODE = 12
FACES = 12
"""Faces a block can be made of: nine numbers and three dragons."""


@total_ordering
class Card:
    """One card: ``code`` 0-8 are the numbers 1-9, 9-11 the dragons (S, M, F), 12 the joker."""

    __slots__ = ("code", "is_dragon", "is_joker", "is_number")
    _cache: ClassVar[dict[int, Card]] = {}
    code: int
    is_number: bool
    is_dragon: bool
    is_joker: bool
    """What kind of card it is: set with ``code`` (plain attributes, read thousands of
    times a simulated game; a property's call costs several times more)."""

    def __new__(cls, code: int | str) -> Card:
        if isinstance(code, str):
            return parse_card(code)
        if not 0 <= code <= JOKER_CODE:
            raise NotationError(f"there is no card number {code}")
        card = cls._cache.get(code)
        if card is None:
            card = object.__new__(cls)
            object.__setattr__(card, "code", code)
            object.__setattr__(card, "is_number", code < NUMBERS)
            object.__setattr__(card, "is_dragon", NUMBERS <= code < JOKER_CODE)
            object.__setattr__(card, "is_joker", code == JOKER_CODE)
            cls._cache[code] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[type, tuple[int]]:
        return (Card, (self.code,))

    # No __eq__: cards are interned (one object per code, made only here and kept in
    # _cache; pickling and copying come back through Card(code)), so the default
    # equality, identity, is equality of codes -- at C speed, which the bots need.

    def __lt__(self, other: Card) -> bool:
        return self.code < other.code

    def __hash__(self) -> int:
        return hash(("card", self.code))

    @property
    def number(self) -> int:
        """1-9 for a number card, 0 otherwise."""
        return self.code + 1 if self.is_number else 0

    @property
    def suit(self) -> str:
        """``S``, ``M`` or ``F``; the joker has none (``""``)."""
        if self.is_number:
            return SUITS[self.code // 3]
        if self.is_dragon:
            return SUITS[self.code - NUMBERS]
        return ""

    @property
    def name(self) -> str:
        if self.is_joker:
            return "Joker"
        if self.is_dragon:
            return f"{SUIT_NAMES[self.suit]} Dragon"
        return f"{self.number} {SUIT_NAMES[self.suit]}"

    def __str__(self) -> str:
        if self.is_joker:
            return "J"
        if self.is_dragon:
            return "D" + self.suit
        return str(self.number)

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


ALL_CARDS = tuple(Card(i) for i in range(JOKER_CODE + 1))
JOKER = ALL_CARDS[JOKER_CODE]


def dragon(suit: str) -> Card:
    return ALL_CARDS[NUMBERS + SUITS.index(suit)]


def parse_card(text: str) -> Card:
    cards = parse_cards(text)
    if len(cards) != 1:
        raise NotationError(f"{text!r} is {len(cards)} cards, not one")
    return cards[0]


def parse_cards(text: str) -> tuple[Card, ...]:
    """Cards from their notation; an error names the character and its position."""
    out: list[Card] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch in " ,":
            i += 1
            continue
        if "1" <= ch <= "9":
            out.append(ALL_CARDS[int(ch) - 1])
        elif ch in "Jj":
            out.append(JOKER)
        elif ch in "Dd":
            nxt = text[i + 1: i + 2].upper()
            if nxt not in SUITS:
                shown = repr(text[i + 1]) if i + 1 < len(text) else "nothing"
                raise NotationError(f"a dragon is DS, DM or DF: after 'D' at position {i + 1} "
                                    f"comes {shown}")
            out.append(dragon(nxt))
            i += 1
        else:
            hint = " (0 is not a card; numbers are 1-9)" if ch == "0" else ""
            raise NotationError(f"unexpected {ch!r} at position {i + 1} in {text!r}: cards are "
                                f"1-9, DS, DM, DF and J{hint}")
        i += 1
    return tuple(out)


def format_cards(cards: Iterable[Card]) -> str:
    """Canonical notation: sorted, identical cards together, a space between faces."""
    groups: list[str] = []
    last = None
    for card in sorted(cards):
        if card == last:
            groups[-1] += str(card)
        else:
            groups.append(str(card))
        last = card
    return " ".join(groups)


def count_cards(cards: Iterable[Card]) -> list[int]:
    """How many of each of the 13 cards (index = code)."""
    counts = [0] * (JOKER_CODE + 1)
    for c in cards:
        counts[c.code] += 1
    return counts


def copies(cards: Iterable[Card], card: Card) -> int:
    """How many of ``cards`` are ``card``. Cards are interned, so identity is equality;
    ``list.count`` and ``in`` compare through the ordering's slots, several times
    slower."""
    n = 0
    for c in cards:
        if c is card:
            n += 1
    return n


__all__ = ["ALL_CARDS", "FACES", "JOKER", "SUITS", "SUIT_NAMES", "Card", "copies", "count_cards",
           "dragon", "format_cards", "parse_card", "parse_cards"]


notation(Card, Notation(parse_cards, lambda cards: " ".join(map(str, cards)), "a card",
                        "cards"))  # in order: a deck's order matters
