"""American Mah Jongg: cards of hands, and matching tiles against them.

A *card* is a text of hands grouped in families (the format is in docs/formats.md; the
shipped practice card is ``puzzles/cards/practice.card``): :func:`parse_card` reads the
text (``cards_file`` reads files). Each hand is expanded into every *concrete*
requirement -- suits given to its suit letters, numbers to its number letters -- and
each requirement becomes two vectors over the tile faces: ``P`` (tiles that must be
natural: singles, pairs, year tiles) and ``Q`` (tiles in pungs, kongs and quints, which
jokers may replace). Matching and nearness are then one vector computation over the
whole card (numpy).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from tilepress.errors import FileFormatError, HandError
from tilepress.games.american.faces import (
    COPIES,
    DRAGON_OF,
    FACES,
    FIXED_DRAGONS,
    FLOWER,
    JOKER,
    SUIT_NAMES,
    SUITS,
    WINDS,
    american_set,
    counts_of,
    face_name,
    face_of,
    tile_of,
)
from tilepress.games.american.lacks import GroupKinds, LackTables
from tilepress.tiles import Tile, format_tiles, parse_tiles

# -- the card format ---------------------------------------------------------------

NUMBER_VARS = "xyzwv"
_TOKEN = re.compile(r"^([0-9NEWSFRGDxyzwv]+)([abc]?)$")


@dataclass(frozen=True)
class Group:
    """One group of a hand: a face symbol repeated ``size`` times, or (``singles``) a row
    of single tiles such as a year; ``suit`` is a suit letter or ''."""

    symbols: str
    suit: str = ""

    @property
    def singles(self) -> bool:
        return len(set(self.symbols)) > 1 or len(self.symbols) == 1

    @property
    def size(self) -> int:
        return len(self.symbols)

    def __str__(self) -> str:
        return self.symbols + self.suit


@dataclass(frozen=True)
class Hand:
    family: str
    number: int
    """Position within its family, from 1."""
    value: int
    concealed: bool
    variants: tuple[tuple[Group | str, ...], ...]
    """Each alternative: groups, and the decorative '+' and '=' as written."""
    note: str = ""

    @property
    def id(self) -> str:
        return f"{self.family} #{self.number}"

    def text(self) -> str:
        body = " | ".join(" ".join(str(g) for g in v) for v in self.variants)
        line = f"{'C' if self.concealed else 'X'} {self.value}  {body}"
        return line + (f"  # {self.note}" if self.note else "")


@dataclass(frozen=True)
class Card:
    name: str
    hands: tuple[Hand, ...]
    families: tuple[str, ...]
    comments: tuple[str, ...] = ()
    source: str = field(default="card", compare=False)

    def to_text(self) -> str:
        out = [*list(self.comments), f"card: {self.name}"]
        for family in self.families:
            out += ["", f"== {family} =="]
            out += [h.text() for h in self.hands if h.family == family]
        return "\n".join(out) + "\n"

    def hand(self, hand_id: str) -> Hand:
        for h in self.hands:
            if h.id == hand_id:
                return h
        raise HandError(f"card {self.name!r} has no hand {hand_id!r}")

    @cached_property
    def table(self) -> Table:
        return build_table(self)

    @cached_property
    def allowed_cache(self) -> dict:
        """Rows allowed by each set of exposures, kept per card (see ``allowed_rows``)."""
        return {}


def _parse_group(token: str, where: str) -> Group | str:
    if token in ("+", "="):
        return token
    m = _TOKEN.match(token)
    if not m:
        bad = next((ch for ch in token if ch not in "0123456789NEWSFRGDxyzwvabc"), None)
        if bad is not None:
            raise FileFormatError(f"{where}: {bad!r} in {token!r} is not a tile symbol (1-9, "
                                  "0 R G D, N E W S, F, x y z w v; suits a b c)")
        raise FileFormatError(f"{where}: {token!r}: a suit letter (a, b, c) goes once, at the "
                              "end of a group")
    symbols, suit = m.groups()
    needs_suit = any(ch in "123456789D" or ch in NUMBER_VARS for ch in symbols)
    if needs_suit and not suit:
        raise FileFormatError(f"{where}: {token!r}: numbers and D need a suit letter (a, b or "
                              "c) after them")
    if suit and not needs_suit:
        raise FileFormatError(f"{where}: {token!r}: winds, flowers and R G 0 take no suit")
    if len(set(symbols)) > 1 and "D" in symbols:
        raise FileFormatError(f"{where}: {token!r}: a suit's dragon D goes in a group of its "
                              "own")
    if len(set(symbols)) == 1 and len(symbols) > 5:
        raise FileFormatError(f"{where}: {token!r}: a group is at most five tiles (a quint)")
    return Group(symbols, suit)


def _variant_size(groups) -> int:
    return sum(g.size for g in groups if isinstance(g, Group))


MAX_VALUE = 1000
"""The highest value a hand on a card may have."""
MAX_HANDS = 500
"""The most hands a card may have (a yearly card has about 60)."""


def parse_card(text: str, *, source: str = "card") -> Card:
    """Read a card; a fault names its line and says what is wrong."""
    name = ""
    family = ""
    families: list[str] = []
    hands: list[Hand] = []
    comments: list[str] = []
    counter: dict[str, int] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        where = f"{source}: line {number}"
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if not hands and not families:
                comments.append(raw.rstrip())
            continue
        if line.startswith("card:"):
            name = line[5:].strip()
            continue
        if line.startswith("=="):
            family = line.strip("= ").strip()
            if not family:
                raise FileFormatError(f"{where}: a family needs a name: == 2468 ==")
            if family in families:
                raise FileFormatError(f"{where}: family {family!r} appears twice")
            families.append(family)
            continue
        if not family:
            raise FileFormatError(f"{where}: a hand must come under a family (== name ==)")
        body, _, note = line.partition("#")
        parts = body.split()
        if len(parts) < 3 or parts[0] not in ("X", "C"):
            raise FileFormatError(f"{where}: a hand starts with X (exposures allowed) or C "
                                  "(concealed), then its value, then its groups")
        value = parts[1]
        if not (value.isascii() and value.isdigit() and len(value) <= 4
                and 1 <= int(value) <= MAX_VALUE):
            raise FileFormatError(f"{where}: {value[:12]!r} is not a value (a whole number of "
                                  f"points, 1 to {MAX_VALUE})")
        variants = []
        for text_variant in " ".join(parts[2:]).split("|"):
            groups = tuple(_parse_group(t, where) for t in text_variant.split())
            size = _variant_size(groups)
            if size != 14:
                raise FileFormatError(f"{where}: {' '.join(map(str, groups))!r} has {size} "
                                      "tiles; a hand has 14")
            variants.append(groups)
        counter[family] = counter.get(family, 0) + 1
        hand = Hand(family, counter[family], int(parts[1]), parts[0] == "C", tuple(variants),
                    note.strip())
        if not list(expand(hand)):
            raise FileFormatError(f"{where}: no choice of suits and numbers makes this hand "
                                  "from the 152 tiles")
        if len(hands) >= MAX_HANDS:
            raise FileFormatError(f"{where}: more than {MAX_HANDS} hands; a card has about 60")
        hands.append(hand)
    if not name:
        raise FileFormatError(f"{source}: the card needs a name line: card: NAME")
    if not hands:
        raise FileFormatError(f"{source}: the card has no hands")
    return Card(name, tuple(hands), tuple(families), tuple(comments), source)


# -- expanding hands into concrete requirements ---------------------------------------------


@dataclass(frozen=True)
class Requirement:
    hand: Hand
    variant: int
    suits: tuple[tuple[str, str], ...]
    """(suit letter, suit) pairs."""
    base: int
    """The number given to x (0 when the hand has no number letters)."""
    groups: tuple[tuple[int, int, bool], ...]
    """(face, size, jokers allowed) of each group; singles are groups of size 1."""

    def naturals(self, face: int) -> int:
        """How many tiles of ``face`` sit in singles, pairs and years (never a joker)."""
        return sum(size for f, size, jokers in self.groups if f == face and not jokers)

    def describe(self) -> str:
        names = ", ".join(f"{v}={SUIT_NAMES[s]}" for v, s in self.suits)
        num = f", x={self.base}" if self.base else ""
        return f"{self.hand.id} ({names}{num})" if names or num else self.hand.id


def _faces(group: Group, suits: dict[str, str], base: int) -> list[int]:
    out = []
    for ch in group.symbols:
        if ch in NUMBER_VARS:
            n = base + NUMBER_VARS.index(ch)
            out.append(face_of(Tile(f"{n}{suits[group.suit]}")))
        elif ch.isdigit() and ch != "0":
            out.append(face_of(Tile(f"{ch}{suits[group.suit]}")))
        elif ch == "D":
            out.append(face_of(Tile(DRAGON_OF[suits[group.suit]])))
        elif ch in FIXED_DRAGONS:
            out.append(face_of(Tile(FIXED_DRAGONS[ch])))
        elif ch in WINDS:
            out.append(face_of(Tile(WINDS[ch])))
        else:  # F
            out.append(FLOWER)
    return out


def expand(hand: Hand) -> Iterable[Requirement]:
    """Every concrete requirement of a hand that the 152 tiles can make."""
    seen = set()
    for k, variant in enumerate(hand.variants):
        groups = [g for g in variant if isinstance(g, Group)]
        letters = sorted({g.suit for g in groups if g.suit})
        offsets = {NUMBER_VARS.index(ch) for g in groups for ch in g.symbols
                   if ch in NUMBER_VARS}
        bases = range(1, 10 - max(offsets)) if offsets else (0,)
        for chosen in itertools.permutations(SUITS, len(letters)):
            suits = dict(zip(letters, chosen, strict=True))
            for base in bases:
                out = []
                for g in groups:
                    faces = _faces(g, suits, base)
                    if g.singles:
                        out += [(f, 1, False) for f in faces]
                    else:
                        out.append((faces[0], g.size, g.size >= 3))
                req_groups = tuple(out)
                if not _buildable(req_groups):
                    continue
                key = tuple(sorted(req_groups))
                if key in seen:
                    continue
                seen.add(key)
                yield Requirement(hand, k, tuple(suits.items()), base, req_groups)


def _buildable(groups) -> bool:
    natural = np.zeros(FACES, dtype=np.int16)
    total = np.zeros(FACES, dtype=np.int16)
    for face, size, jokers in groups:
        total[face] += size
        if not jokers:
            natural[face] += size
    copies = np.array(COPIES)
    if (natural > copies).any():
        return False
    return int(np.maximum(total - copies, 0).sum()) <= COPIES[JOKER]


@dataclass(frozen=True)
class Table:
    """Every requirement of a card as rows: P (natural tiles) and Q (joker-able tiles)."""

    requirements: tuple[Requirement, ...]
    P: np.ndarray
    Q: np.ndarray
    concealed: np.ndarray
    values: np.ndarray

    @cached_property
    def lacks(self) -> LackTables:
        """The look-up tables :func:`needs` reads."""
        return LackTables.of(self.P, self.Q)

    @cached_property
    def kinds(self) -> GroupKinds:
        return GroupKinds.of([r.groups for r in self.requirements], self.concealed)

    @cached_property
    def memo(self) -> dict:
        """Work the planner keeps per table (:mod:`~tilepress.games.american.planning`)."""
        return {}


def build_table(card: Card) -> Table:
    reqs = [r for h in card.hands for r in expand(h)]
    P = np.zeros((len(reqs), FACES), dtype=np.int16)
    Q = np.zeros((len(reqs), FACES), dtype=np.int16)
    for i, r in enumerate(reqs):
        for face, size, jokers in r.groups:
            (Q if jokers else P)[i, face] += size
    concealed = np.array([r.hand.concealed for r in reqs], dtype=bool)
    values = np.array([r.hand.value for r in reqs], dtype=np.int32)
    return Table(tuple(reqs), P, Q, concealed, values)


# -- matching and nearness -----------------------------------------------------------


@dataclass(frozen=True)
class Exposure:
    """An exposed group: a face, its size, how many jokers stand in it."""

    face: int
    size: int
    jokers: int = 0

    @staticmethod
    def parse(text: str) -> Exposure:
        tiles = parse_tiles(text)
        faces = {face_of(t) for t in tiles if not t.is_joker}
        if len(faces) != 1 or len(tiles) < 3:
            raise HandError(f"an exposure is a pung, kong or quint of one tile (jokers "
                            f"allowed), not {text!r}")
        return Exposure(faces.pop(), len(tiles), sum(1 for t in tiles if t.is_joker))

    def tiles(self) -> tuple[Tile, ...]:
        return (tile_of(self.face),) * (self.size - self.jokers) + (Tile("1j"),) * self.jokers

    def __str__(self) -> str:
        return format_tiles(self.tiles())


def _allowed(table: Table, exposures: Sequence[Exposure]) -> np.ndarray:
    """Rows whose hand allows these exposures: open, with a joker-able group of the same
    face and size for each exposure."""
    return table.kinds.allowed([(e.face, e.size) for e in exposures])


def allowed_rows(card: Card, exposures: Sequence[Exposure]) -> np.ndarray:
    """:func:`_allowed` for a card, remembered (by the faces and sizes exposed)."""
    cache = card.allowed_cache
    key = tuple(sorted((e.face, e.size) for e in exposures)) if exposures else ()
    rows = cache.get(key)
    if rows is None:
        rows = cache[key] = _allowed(card.table, exposures)
    return rows


def exposed_faces(exposures: Sequence[Exposure]) -> np.ndarray:
    """The tiles of the exposures by face (jokers counted as the face they stand for)."""
    out = np.zeros(FACES, dtype=np.int16)
    for e in exposures:
        out[e.face] += e.size
    return out


def needs(table: Table, counts: np.ndarray, exposed: np.ndarray | None = None) -> np.ndarray:
    """Tiles each requirement still lacks, given the counts of the tiles in the hand
    (jokers at ``counts[JOKER]``) and ``exposed``, the exposures' tiles by face
    (:func:`exposed_faces`): an exposure fills its own pung, kong or quint and nothing
    else. Meaningful on the rows the exposures allow. Read from look-up tables
    (:mod:`~tilepress.games.american.lacks`)."""
    return table.lacks.lacks(counts, exposed)


@dataclass(frozen=True)
class Match:
    requirement: Requirement
    need: int
    missing: tuple[int, ...]
    """Faces still to collect (a face twice if two are missing); joker-able ones may also
    come as jokers."""

    @property
    def hand(self) -> Hand:
        return self.requirement.hand


def _missing(req_index: int, table: Table, counts: np.ndarray, exposed: np.ndarray
             ) -> tuple[int, ...]:
    P = table.P[req_index]
    Q = np.maximum(table.Q[req_index] - exposed, 0)
    out = []
    jokers = int(counts[JOKER])
    for f in range(JOKER):
        short = max(int(P[f]) - int(counts[f]), 0)
        out += [f] * short
    for f in range(JOKER):
        spare = max(int(counts[f]) - int(P[f]), 0)
        short = max(int(Q[f]) - spare, 0)
        use = min(short, jokers)
        jokers -= use
        out += [f] * (short - use)
    return tuple(out)


def matches(card: Card, tiles: Sequence[Tile], exposures: Sequence[Exposure] = ()) -> list[Match]:
    """Every requirement the 14 tiles (the hand and its exposures) complete."""
    counts, exposed = counts_of(tiles), exposed_faces(exposures)
    total = len(tiles) + int(exposed.sum())
    if total != 14:
        raise HandError(f"a Mah Jongg hand has 14 tiles with its exposures, not {total}")
    table = card.table
    rows = np.nonzero((needs(table, counts, exposed) == 0) & allowed_rows(card, exposures))[0]
    return [Match(table.requirements[i], 0, ()) for i in rows]


def nearest(card: Card, tiles: Sequence[Tile], exposures: Sequence[Exposure] = (), *,
            count: int = 5) -> list[Match]:
    """The hands (one line each, best reading) closest to these tiles: fewest tiles still
    needed, then the highest value; only hands the exposures allow."""
    counts, exposed = counts_of(tiles), exposed_faces(exposures)
    table = card.table
    need = needs(table, counts, exposed)
    allowed = allowed_rows(card, exposures)
    key = np.where(allowed, need.astype(np.int32) * 1000 - table.values, 1 << 30)
    out: list[Match] = []
    seen: set[str] = set()
    for i in np.argsort(key, kind="stable"):
        if not allowed[i]:
            break
        n = int(need[i])
        req = table.requirements[i]
        if req.hand.id in seen:
            continue
        seen.add(req.hand.id)
        out.append(Match(req, n, _missing(i, table, counts, exposed)))
        if len(out) >= count:
            break
    return out


def example(requirement: Requirement) -> tuple[Tile, ...]:
    """Fourteen tiles that make a requirement: natural tiles where the set has them,
    jokers for the rest of a pung, kong or quint."""
    used = [0] * FACES
    out: list[Tile] = []
    for face, size, _jokers in requirement.groups:
        for _ in range(size):
            if used[face] < COPIES[face]:
                used[face] += 1
                out.append(tile_of(face) if face != FLOWER else Tile(f"{used[face]}f"))
            else:
                out.append(Tile("1j"))
    return tuple(out)


def best_pass(card: Card, tiles: Sequence[Tile], count: int = 3) -> tuple[Tile, ...]:
    """The ``count`` tiles to pass first in the Charleston: one at a time, the tile whose
    loss leaves the nearest hand closest (then the most valuable; never a joker)."""
    hand = list(tiles)
    out: list[Tile] = []
    table = card.table
    for _ in range(count):
        candidates = sorted({t for t in hand if not t.is_joker}, key=str)
        counts = counts_of(hand)
        n = np.empty((len(candidates), len(table.values)), dtype=np.int32)
        for k, t in enumerate(candidates):
            counts[face_of(t)] -= 1
            n[k] = needs(table, counts)
            counts[face_of(t)] += 1
        key = (n * 1000 - table.values[None, :]).min(axis=1)
        k = int(np.argmin(key))
        out.append(candidates[k])
        hand.remove(candidates[k])
    return tuple(out)


def check_tiles(tiles: Sequence[Tile], exposures: Sequence[Exposure] = ()) -> None:
    counts = counts_of([*tiles, *(t for e in exposures for t in e.tiles())])
    for f in range(FACES):
        if counts[f] > COPIES[f]:
            raise HandError(f"there are only {COPIES[f]} of {face_name(f)} in a set, not "
                            f"{int(counts[f])}")


def is_jokerless(tiles: Sequence[Tile], exposures: Sequence[Exposure] = ()) -> bool:
    return not any(t.is_joker for t in tiles) and not any(e.jokers for e in exposures)


__all__ = [
    "FACES",
    "FLOWER",
    "JOKER",
    "Card",
    "Exposure",
    "Group",
    "Hand",
    "Match",
    "Requirement",
    "Table",
    "allowed_rows",
    "american_set",
    "build_table",
    "check_tiles",
    "counts_of",
    "example",
    "expand",
    "exposed_faces",
    "face_name",
    "face_of",
    "is_jokerless",
    "matches",
    "nearest",
    "needs",
    "parse_card",
    "tile_of",
]
