"""Mint Tin Mahjong: what a match's table holds -- each player's seat (hand, exposures,
jokers discarded, score) -- and small helpers on cards that the rules and the bots share.
The rules (:mod:`tilepress.games.minttin.rules`) change them only through events, which
are made quickly by :func:`direct_init`."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple, Self, SupportsIndex, TypeVar

from tilepress.games.minttin.cards import Card, format_cards
from tilepress.games.minttin.hand import Exposure, deck

if TYPE_CHECKING:
    from tilepress.games.minttin.rules import MintTinMatch

T = TypeVar("T")


_EXPOSURES: dict[tuple[int, int, int], Exposure] = {}
"""By (face code, size, jokers): found without hashing a card (a card's hash is a
Python call)."""


def exposure_of(face: Card, size: int, jokers: int) -> Exposure:
    """One exposure value per block (they are immutable)."""
    block = (face.code, size, jokers)
    found = _EXPOSURES.get(block)
    if found is None:
        found = _EXPOSURES[block] = Exposure(face, size, jokers)
    return found


@dataclass
class Meld:
    face: Card
    cards: list[Card]

    @property
    def jokers(self) -> int:
        return sum(1 for c in self.cards if c.is_joker)

    def exposure(self) -> Exposure:
        return exposure_of(self.face, len(self.cards), self.jokers)

    def __str__(self) -> str:
        return format_cards(self.cards)


class CardList(list[Card]):
    """A list of cards that keeps how many of each it holds (``counts``, by code) as it
    changes: a hand, the solo discard row. Read by :func:`counts_of`, so that a player's
    view does not count the hand again at every decision. Every list method that adds or
    removes cards keeps the counts (the rare ones count again)."""

    __slots__ = ("counts",)

    def __init__(self, cards: Iterable[Card] = ()) -> None:
        super().__init__(cards)
        self.counts = code_counts(self)

    def append(self, card: Card) -> None:  # list.append: quicker than super() (hot)
        list.append(self, card)
        self.counts[card.code] += 1

    def remove(self, card: Card) -> None:
        list.remove(self, card)
        self.counts[card.code] -= 1

    def pop(self, index: SupportsIndex = -1) -> Card:
        card = list.pop(self, index)
        self.counts[card.code] -= 1
        return card

    def extend(self, cards: Iterable[Card]) -> None:
        super().extend(cards)
        self.counts = code_counts(self)

    def __iadd__(self, cards: Iterable[Card]) -> Self:  # type: ignore[override, misc]
        self.extend(cards)
        return self

    def insert(self, index: SupportsIndex, card: Card) -> None:
        super().insert(index, card)
        self.counts[card.code] += 1

    def __setitem__(self, index: Any, value: Any) -> None:
        super().__setitem__(index, value)
        self.counts = code_counts(self)

    def __delitem__(self, index: Any) -> None:
        super().__delitem__(index)
        self.counts = code_counts(self)

    def __imul__(self, times: SupportsIndex) -> Self:
        super().__imul__(times)
        self.counts = code_counts(self)
        return self

    def clear(self) -> None:
        super().clear()
        self.counts = [0] * 13

    def __reduce__(self) -> tuple[type, tuple[list[Card]]]:
        return (type(self), (list(self),))


def counts_of(cards: list[Card]) -> list[int]:
    """How many of each card (index = card code): a :class:`CardList`'s own counts (not
    to be changed), or counted."""
    return cards.counts if type(cards) is CardList else code_counts(cards)


@dataclass
class Seat:
    hand: list[Card] = field(default_factory=CardList)
    melds: list[Meld] = field(default_factory=list)
    jokers_discarded: int = 0
    score: int = 0

    def counts(self) -> list[int]:
        counts = list(counts_of(self.hand))
        for m in self.melds:
            for c in m.cards:
                counts[c.code] += 1
        return counts

    def exposures(self) -> tuple[Exposure, ...]:
        return tuple(m.exposure() for m in self.melds)

    def meld_of(self, face: Card) -> Meld | None:
        for m in self.melds:  # a loop: a generator costs more than the few melds
            if m.face is face:  # cards are interned
                return m
        return None


class View(NamedTuple):
    """A player's cards as the bots and the scoring read them."""

    counts: tuple[int, ...]
    """How many of each card (index = card code), exposures included."""
    held: tuple[int, ...]
    """How many of each card in the hand (no exposure)."""
    exposures: tuple[Exposure, ...]
    fixed: tuple[tuple[int, int, int], ...]
    """The exposed blocks as (face code, size, jokers)."""


_new_view = tuple.__new__
"""Makes a :class:`View` from its four fields without the named tuple's Python-level
``__new__``."""


def view_of(seat: Seat) -> View:
    """A seat's :class:`View` (its exposures are :meth:`Seat.exposures`)."""
    held = counts_of(seat.hand)
    if not seat.melds:
        in_hand = tuple(held)
        return _new_view(View, (in_hand, in_hand, (), ()))
    counts = list(held)
    exposures = []
    fixed = []
    for m in seat.melds:
        jokers = 0
        for c in m.cards:
            counts[c.code] += 1
            jokers += c.is_joker
        exposures.append(exposure_of(m.face, len(m.cards), jokers))
        fixed.append((m.face.code, len(m.cards), jokers))
    return _new_view(View, (tuple(counts), tuple(held), tuple(exposures), tuple(fixed)))


def holds(hand: Iterable[Card], cards: Iterable[Card]) -> bool:
    """Whether ``hand`` holds every card of ``cards`` (as many copies as named)."""
    return counts_hold(code_counts(hand), cards)


def counts_hold(counts: Iterable[int], cards: Iterable[Card]) -> bool:
    """Whether a hand of these counts (index = card code) holds every card of ``cards``
    (as many copies as named)."""
    left = list(counts)
    for c in cards:
        left[c.code] -= 1
        if left[c.code] < 0:
            return False
    return True


def code_counts(cards: Iterable[Card]) -> list[int]:
    """How many of each card (index = card code). Counting codes is quicker than
    comparing cards (``list.count``, ``in``), which goes through ``Card``'s ordering."""
    counts = [0] * 13
    for c in cards:
        counts[c.code] += 1
    return counts


@lru_cache(maxsize=8)
def _deck_counts(jokers: int) -> tuple[int, ...]:
    return tuple(code_counts(deck(jokers)))


def is_deck(cards: Iterable[Card], jokers: int) -> bool:
    """Whether ``cards`` are the game's cards with ``jokers`` jokers, in any order (by
    counts: sorting cards compares them through ``Card.__lt__``, hundreds of calls)."""
    return tuple(code_counts(cards)) == _deck_counts(jokers)


def remove_cards(hand: list[Card], cards: Iterable[Card]) -> None:
    for c in cards:
        hand.remove(c)


def scores_for(player: int, points: int) -> tuple[int, int]:
    """The round's scores when only ``player`` scores."""
    return (points, 0) if player == 0 else (0, points)


def direct_init(cls: type[T]) -> type[T]:
    """Give a frozen dataclass (an event) an ``__init__`` that writes its fields straight
    into the instance's ``__dict__``: the same signature and values as the dataclass's,
    which sets each field through ``object.__setattr__`` (a call a field; a simulated game
    makes hundreds of events)."""
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    assert all(f.default_factory is dataclasses.MISSING and f.init for f in fields)
    defaults = {f.name: f.default for f in fields if f.default is not dataclasses.MISSING}
    names = [f"{f.name}=_defaults[{f.name!r}]" if f.name in defaults else f.name
             for f in fields]
    lines = [f"def __init__(self, {', '.join(names)}):", "    d = self.__dict__",
             *(f"    d[{f.name!r}] = {f.name}" for f in fields)]
    space: dict[str, object] = {"_defaults": defaults}
    exec("\n".join(lines), space)  # as dataclasses makes its own __init__
    init = space["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"  # type: ignore[attr-defined]
    init.__annotations__ = {**{f.name: f.type for f in fields}, "return": None}  # type: ignore[attr-defined]
    cls.__init__ = init  # type: ignore[misc]
    return cls


class PointsKept:
    """The context of :meth:`MintTinMatch.points_kept` (a class: it is entered at every
    decision)."""

    __slots__ = ("match", "outer")

    def __init__(self, match: MintTinMatch) -> None:
        self.match = match
        self.outer = False

    def __enter__(self) -> None:
        self.outer = self.match._points is None  # not already kept by an outer look
        if self.outer:
            self.match._points = {}

    def __exit__(self, *exc: object) -> None:
        if self.outer:
            self.match._points = None


__all__ = ["CardList", "Meld", "PointsKept", "Seat", "View", "code_counts", "counts_hold",
           "counts_of", "direct_init", "exposure_of", "holds", "is_deck",
           "remove_cards", "scores_for", "view_of"]
