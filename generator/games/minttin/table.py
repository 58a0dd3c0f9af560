"""Mint Tin Mahjong: what a match's table holds -- each player's seat (hand, exposures,
jokers discarded, score) -- and small helpers on cards that the rules and the bots share.
The rules (:mod:`generator.games.minttin.rules`) change them only through events, which
are made quickly by :func:`direct_init`."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple, TypeVar

from generator.games.minttin.cards import Card, format_cards
from generator.games.minttin.hand import Exposure, Extras, deck

if TYPE_CHECKING:
    from generator.games.minttin.rules import MintTinMatch

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


@lru_cache(maxsize=64)
def extras_of(jokers_discarded: int, concealed: bool) -> Extras:
    """One value per round bonuses (they are immutable)."""
    return Extras(jokers_discarded, concealed)


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


@dataclass
class Seat:
    hand: list[Card] = field(default_factory=list)
    melds: list[Meld] = field(default_factory=list)
    jokers_discarded: int = 0
    score: int = 0

    def counts(self) -> list[int]:
        counts = code_counts(self.hand)
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


def view_of(seat: Seat) -> View:
    """A seat's :class:`View` (its exposures are :meth:`Seat.exposures`)."""
    held = code_counts(seat.hand)
    if not seat.melds:
        in_hand = tuple(held)
        return View(in_hand, in_hand, (), ())
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
    return View(tuple(counts), tuple(held), tuple(exposures), tuple(fixed))


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


__all__ = ["Meld", "PointsKept", "Seat", "View", "code_counts", "counts_hold", "direct_init",
           "exposure_of", "extras_of", "holds", "is_deck", "remove_cards", "scores_for", "view_of"]
