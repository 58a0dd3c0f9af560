"""Mint Tin Mahjong: winning hands and their scores.

A winning hand is 14 cards in *blocks* of identical cards (pair 2, pung 3, kong 4,
quint 5) following a *pattern* -- blocks of exactly two different sizes adding up to
14 (the nine patterns are derived here, not listed) -- and a *category*: the number
blocks are a *set* of at least three numbers in a row of one category (the run 1-9, the
odds 1-3-5-7-9, the evens 2-4-6-8), wrapping around at the end, one block per number;
any other block is a dragon of a suit that has a number block, each colour once. Jokers
stand in for cards in any block but a pair. A hand scores bonuses (a kong, each quint,
each joker discarded, concealed) and special hands (One Suit, Three Suits, the Epic
Hand); it wins only with at least one point. Rulings: docs/rulings.md.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from operator import attrgetter

from tilepress.errors import HandError
from tilepress.games.minttin.cards import (
    ALL_CARDS,
    JOKER,
    NUMBERS,
    SUITS,
    Card,
    count_cards,
    dragon,
    format_cards,
    parse_card,
    parse_cards,
)

HAND = 14
COPIES = 4
DECK_JOKERS = 4
"""Jokers in the deck: two double-sided, two with backs."""
BLOCK_NAMES = {2: "pair", 3: "pung", 4: "kong", 5: "quint"}
CATEGORIES = {"run": (1, 2, 3, 4, 5, 6, 7, 8, 9), "odds": (1, 3, 5, 7, 9), "evens": (2, 4, 6, 8)}
CATEGORY_NAMES = {"run": "Consecutive Run", "odds": "Consecutive Odds",
                  "evens": "Consecutive Evens"}
SPECIAL_POINTS = {"one suit": 2, "three suits": 3, "epic hand": 7}
_SCORE = attrgetter("score")


# ---------------------------------------------------------------------------
# Patterns and sets, derived from the rules
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Pattern:
    """Blocks of two sizes: ``small`` x ``small_count`` and ``large`` x ``large_count``."""

    small: int
    small_count: int
    large: int
    large_count: int

    @property
    def blocks(self) -> int:
        return self.small_count + self.large_count

    @property
    def sizes(self) -> tuple[int, ...]:
        return (self.small,) * self.small_count + (self.large,) * self.large_count

    def __str__(self) -> str:
        def part(n: int, size: int) -> str:
            word = BLOCK_NAMES[size]
            return f"{_number_word(n)} {word}{'s' * (n > 1)}"

        return f"{part(self.small_count, self.small)} and {part(self.large_count, self.large)}"


def _number_word(n: int) -> str:
    return ("zero", "one", "two", "three", "four", "five", "six", "seven")[n]


def derive_patterns() -> tuple[Pattern, ...]:
    """Every way to make 14 cards from blocks of exactly two different sizes."""
    out = []
    for small, large in itertools.combinations(sorted(BLOCK_NAMES), 2):
        for n_small in range(1, HAND // small + 1):
            rest = HAND - small * n_small
            if rest > 0 and rest % large == 0:
                out.append(Pattern(small, n_small, large, rest // large))
    return tuple(out)


PATTERNS = derive_patterns()


def derive_sets() -> dict[frozenset[int], tuple[str, tuple[int, ...]]]:
    """Every set: at least three numbers in a row of a category, wrapping around; the
    numbers in their order, keyed by the numbers (no two categories share a set)."""
    out: dict[frozenset[int], tuple[str, tuple[int, ...]]] = {}
    for name, seq in CATEGORIES.items():
        n = len(seq)
        for length in range(3, n + 1):
            for start in range(n):
                numbers = tuple(seq[(start + k) % n] for k in range(length))
                out.setdefault(frozenset(numbers), (name, numbers))
    return out


SETS = derive_sets()
_SET_MASKS = frozenset(sum(1 << (n - 1) for n in numbers) for numbers in SETS)


def suit_of_number(n: int) -> str:
    return SUITS[(n - 1) // 3]


# ---------------------------------------------------------------------------
# Hands and arrangements
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class MintTinRules:
    """Rule options where players differ (docs/rulings.md)."""

    joker_blocks: bool = False
    """Whether a block may be made of jokers only (never a pair)."""


@dataclass(frozen=True)
class Exposure:
    """An exposed block: its face, its size, and how many of its cards are jokers."""

    face: Card
    size: int
    jokers: int = 0

    def __post_init__(self) -> None:
        if self.face.is_joker:
            raise HandError("an exposure is named by the card it is made of, not a joker")
        if self.size not in BLOCK_NAMES or self.jokers >= self.size:
            raise HandError(f"an exposure of {self.size} with {self.jokers} jokers is not a "
                            "block")
        if self.size == 2 and self.jokers:
            raise HandError("a pair cannot hold a joker")

    @property
    def cards(self) -> tuple[Card, ...]:
        return (self.face,) * (self.size - self.jokers) + (JOKER,) * self.jokers

    def __str__(self) -> str:
        return format_cards(self.cards)

    @staticmethod
    def parse(text: str) -> Exposure:
        from tilepress.games.minttin.cards import parse_cards

        cards = parse_cards(text)
        faces = {c for c in cards if not c.is_joker}
        if len(faces) != 1:
            raise HandError(f"an exposure is identical cards (and jokers), not {text!r}")
        return Exposure(faces.pop(), len(cards), sum(c.is_joker for c in cards))


@dataclass(frozen=True)
class Block:
    face: Card
    size: int
    jokers: int
    exposed: bool = False

    def __str__(self) -> str:
        text = str(self.face) * (self.size - self.jokers) + "J" * self.jokers
        return f"[{text}]" if self.exposed else text


@dataclass(frozen=True)
class Arrangement:
    """One way to read 14 cards as a winning shape, with its points."""

    pattern: Pattern | None
    """None for the Epic Hand, which is not made of blocks."""
    category: str
    numbers: tuple[int, ...]
    blocks: tuple[Block, ...]
    special: str
    points: tuple[tuple[str, int], ...]

    @property
    def score(self) -> int:
        return sum(p for _, p in self.points)

    @property
    def set_text(self) -> str:
        dragons = sum(1 for b in self.blocks if b.face.is_dragon)
        return ",".join(map(str, self.numbers)) + ",D" * dragons

    def describe(self) -> str:
        if self.pattern is None:
            shape = "Epic Hand: one of each number, one of each dragon, two jokers"
        else:
            shape = (f"{CATEGORY_NAMES[self.category]} ({self.set_text}) - {self.pattern}: "
                     + " ".join(str(b) for b in self.blocks))
        points = ", ".join(f"{name} +{p}" for name, p in self.points) or "no bonus"
        return f"{shape}; {points}; {self.score} point{'s' * (self.score != 1)}"


@dataclass(frozen=True)
class Extras:
    """Bonuses that depend on the round, not the cards (made by :func:`round_extras`)."""

    jokers_discarded: int = 0
    concealed: bool = False


@lru_cache(maxsize=64)
def round_extras(exposures: int = 0, jokers_discarded: int = 0,
                 winning_call: bool = False) -> Extras:
    """The round's bonuses, worked out here alone for every path that scores a hand (a
    Mahjong, a double dropped, held or beaten, the solo game, a puzzle, an analysis, a
    rulebook's figure): a point for each joker the player discarded this round, and a
    point for a concealed hand -- one with no exposure but, at most, the one made by
    calling the winning card (``winning_call``)."""
    return Extras(jokers_discarded, exposures == 0 or (exposures == 1 and winning_call))


def _candidates(counts: tuple[int, ...],
                rules: MintTinRules) -> list[tuple[frozenset[int], tuple[str, ...]]]:
    """(set, dragon suits) pairs the faces in hand could form."""
    numbers = frozenset(i + 1 for i in range(NUMBERS) if counts[i])
    dragons = tuple(s for k, s in enumerate(SUITS) if counts[NUMBERS + k])
    if not rules.joker_blocks:
        if numbers not in SETS:
            return []
        suits = {suit_of_number(n) for n in numbers}
        return [(numbers, dragons)] if set(dragons) <= suits else []
    out = []
    for candidate in SETS:
        if numbers <= candidate:
            suits = {suit_of_number(n) for n in candidate}
            if not set(dragons) <= suits:
                continue
            extra = [s for s in SUITS if s in suits and s not in dragons]
            for k in range(len(extra) + 1):
                for more in itertools.combinations(extra, k):
                    out.append((candidate, tuple(sorted(dragons + more, key=SUITS.index))))
    return out


def _exposures_hold(counts: Sequence[int], exposures: Sequence[Exposure]) -> bool:
    """Whether each exposed block is exactly its own cards: an exposure is fixed, so its
    jokers stay in it (they fill no other block) and no card of its face may sit in the
    concealed hand (a card is in one block only). ``counts`` include the exposures."""
    return all(counts[e.face.code] == e.size - e.jokers for e in exposures)


@lru_cache(maxsize=65536)
def _arrangements(counts: tuple[int, ...], exposures: tuple[Exposure, ...],
                  rules: MintTinRules) -> tuple[Arrangement, ...]:
    if sum(counts) != HAND or not _exposures_hold(counts, exposures):
        return ()
    out: list[Arrangement] = []
    if not exposures and counts[-1] == 2 and all(c == 1 for c in counts[:-1]):
        out.append(Arrangement(None, "", tuple(range(1, 10)), (), "epic hand",
                               (("Epic Hand", SPECIAL_POINTS["epic hand"]),)))
    exposed = {e.face.code: e.size for e in exposures}
    for numbers, dragons in _candidates(counts, rules):
        category, ordered = SETS[numbers]
        faces = [n - 1 for n in ordered] + [dragon(s).code for s in dragons]
        fits = {}  # by block size, a bit for each face a block of that size can hold
        for pattern in PATTERNS:
            if pattern.blocks != len(faces):
                continue
            for size in (pattern.small, pattern.large):  # no pair with a joker; no block
                if size not in fits:                      # of jokers alone but by the rule
                    fits[size] = sum(1 << k for k, face in enumerate(faces) if exposed.get(
                        face, size) == size and counts[face] <= size and (size != 2 or counts[
                        face] == 2) and (counts[face] or (rules.joker_blocks and size >= 3)))
            # faces no large block holds are small; small ones, faces a small block holds
            must, allowed = ~fits[pattern.large] & (1 << len(faces)) - 1, fits[pattern.small]
            for smalls, bits in _combinations(len(faces), pattern.small_count):
                if bits & must != must or bits & ~allowed:
                    continue
                sizes = [pattern.large] * len(faces)
                for k in smalls:
                    sizes[k] = pattern.small
                out.append(_scored(pattern, category, ordered, tuple(
                    Block(ALL_CARDS[face], size, size - counts[face], face in exposed)
                    for face, size in zip(faces, sizes, strict=True))))
    return tuple(out)


@cache
def _combinations(n: int, k: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """The combinations of ``k`` of ``n`` places in itertools' order, with bit masks."""
    return tuple((c, sum(1 << i for i in c)) for c in itertools.combinations(range(n), k))


def _scored(pattern: Pattern, category: str, numbers: tuple[int, ...],
            blocks: tuple[Block, ...]) -> Arrangement:
    points: list[tuple[str, int]] = []
    number_suits = {suit_of_number(n) for n in numbers}
    dragon_suits = [b.face.suit for b in blocks if b.face.is_dragon]
    special = ""
    if len(number_suits) == 1 and dragon_suits == list(number_suits):
        special = "one suit"
    elif (len(blocks) == 6 and len(numbers) == 3 and len(number_suits) == 3
          and sorted(dragon_suits) == sorted(SUITS)):
        special = "three suits"
    if special:
        points.append((special.title(), SPECIAL_POINTS[special]))
    if any(b.size == 4 for b in blocks):
        points.append(("Kong", 1))
    quints = sum(1 for b in blocks if b.size == 5)
    if quints:
        points.append((f"{quints} quints" if quints > 1 else "Quint", quints))
    return Arrangement(pattern, category, numbers, blocks, special, tuple(points))


def _with_extras(a: Arrangement, extras: Extras) -> Arrangement:
    points = list(a.points)
    if extras.jokers_discarded:
        jokers = extras.jokers_discarded
        points.append((f"{jokers} joker{'s' * (jokers > 1)} discarded", jokers))
    if extras.concealed:
        points.append(("Concealed", 1))
    return Arrangement(a.pattern, a.category, a.numbers, a.blocks, a.special, tuple(points))


def _check(concealed: Sequence[Card], exposures: Sequence[Exposure], size: int) -> list[int]:
    counts = count_cards(list(concealed) + [c for e in exposures for c in e.cards])
    if sum(counts) != size:
        raise HandError(f"a hand here has {size} cards (with its exposures), not {sum(counts)}")
    for code, n in enumerate(counts[:-1]):
        if n > COPIES:
            raise HandError(f"there are only {COPIES} of {ALL_CARDS[code]}, not {n}")
    if counts[-1] > 4:
        raise HandError(f"there are at most 4 jokers, not {counts[-1]}")
    faces = [e.face for e in exposures]
    if len(set(faces)) != len(faces):
        raise HandError("two exposures of one card: a card is used in one block only")
    return counts


def arrangements(concealed: Sequence[Card], exposures: Sequence[Exposure] = (),
                 extras: Extras | None = None,
                 rules: MintTinRules = MintTinRules()) -> list[Arrangement]:
    """Every valid reading of a 14-card hand (0-point ones too), best first. Without
    ``extras`` the hand is scored as posed: concealed when it has no exposure."""
    counts = _check(concealed, exposures, HAND)
    extras = round_extras(len(exposures)) if extras is None else extras
    found = _arrangements(tuple(counts), tuple(exposures), rules)
    ranked = [_with_extras(a, extras) for a in found]
    return sorted(ranked, key=lambda a: -a.score)


def best(concealed: Sequence[Card], exposures: Sequence[Exposure] = (),
         extras: Extras | None = None,
         rules: MintTinRules = MintTinRules()) -> Arrangement | None:
    """The best-scoring reading, or None if the cards make no valid shape: the first of
    :func:`arrangements`, read without sorting them (the extras add alike to each)."""
    counts = _check(concealed, exposures, HAND)
    extras = round_extras(len(exposures)) if extras is None else extras
    found = _arrangements(tuple(counts), tuple(exposures), rules)
    return _with_extras(max(found, key=_SCORE), extras) if found else None


@lru_cache(maxsize=4096)
def _shape(mask: int, dragon_bits: int) -> tuple[tuple[int, ...], int] | None:
    """The faces (codes) of the blocks of a hand whose numbers and dragons are given as
    bit masks, and the special-hand points of that set of faces; None if no valid set."""
    numbers = frozenset(n + 1 for n in range(NUMBERS) if mask >> n & 1)
    if numbers not in SETS:
        return None
    _, ordered = SETS[numbers]
    suits = {suit_of_number(n) for n in ordered}
    dragons = [SUITS[k] for k in range(3) if dragon_bits >> k & 1]
    if not set(dragons) <= suits:
        return None
    faces = tuple(n - 1 for n in ordered) + tuple(dragon(d).code for d in dragons)
    special = 0
    if len(suits) == 1 and dragons == sorted(suits):
        special = SPECIAL_POINTS["one suit"]
    elif len(faces) == 6 and len(ordered) == 3 and len(suits) == 3:
        special = SPECIAL_POINTS["three suits"]
    return faces, special


_PATTERN_POINTS: dict[int, list[tuple[int, Pattern]]] = {}
"""By number of blocks, in the order of :data:`PATTERNS`: each pattern's points."""
for _p in PATTERNS:
    _PATTERN_POINTS.setdefault(_p.blocks, []).append(
        ((1 if 4 in (_p.small, _p.large) else 0) + (_p.large_count if _p.large == 5 else 0), _p))


def wins(counts: Sequence[int], exposures: tuple[Exposure, ...] = (),
         extras: Extras | None = None, rules: MintTinRules = MintTinRules()) -> int:
    """The best score of 14 cards given as counts (index = card code); -1 if they make no
    valid shape. A hand wins when this is at least 1. Without ``extras``, scored as
    posed (see :func:`arrangements`)."""
    if extras is None:
        extras = round_extras(len(exposures))
    if rules.joker_blocks:
        found = _arrangements(tuple(counts), exposures, rules)  # () unless exposures hold
        if not found:
            return -1
        return max(a.score for a in found) + extras.jokers_discarded + int(extras.concealed)
    c1, c2, c3, c4, c5, c6, c7, c8, c9, s, m, f = counts[:JOKER.code]  # numbers, dragons
    mask = ((c1 > 0) | (c2 > 0) << 1 | (c3 > 0) << 2 | (c4 > 0) << 3 | (c5 > 0) << 4
            | (c6 > 0) << 5 | (c7 > 0) << 6 | (c8 > 0) << 7 | (c9 > 0) << 8)
    if mask not in _SET_MASKS or (exposures and not _exposures_hold(counts, exposures)):
        return -1  # no set (not the Epic Hand either: its numbers are a set)
    dragons = (s > 0) | (m > 0) << 1 | (f > 0) << 2
    best_score = -1
    if counts[-1] == 2 and mask == 511 and dragons == 7 and not exposures and \
            all(c == 1 for c in counts[:-1]):
        best_score = SPECIAL_POINTS["epic hand"]
    shape = _shape(mask, dragons)
    if shape is not None:
        faces, special = shape
        fixed = {e.face.code: e.size for e in exposures}
        n = len(faces)
        for points, pattern in _PATTERN_POINTS.get(n, ()):
            if special + points <= best_score:
                continue
            a, b = pattern.small, pattern.large
            only_a = only_b = 0
            for f in faces:
                c = counts[f]
                ok_a = c <= a and (a != 2 or c == 2)
                ok_b = c <= b
                if f in fixed:
                    ok_a, ok_b = ok_a and fixed[f] == a, ok_b and fixed[f] == b
                if not ok_a and not ok_b:
                    break
                only_a += ok_a and not ok_b
                only_b += ok_b and not ok_a
            else:
                if only_a <= pattern.small_count and only_b <= pattern.large_count:
                    best_score = special + points
    if best_score < 0:
        return -1
    return best_score + extras.jokers_discarded + int(extras.concealed)


def completions(concealed: Sequence[Card], exposures: Sequence[Exposure] = (),
                extras: Extras | None = None, rules: MintTinRules = MintTinRules(),
                jokers_in_play: int = 4) -> dict[Card, int]:
    """For 13 cards: every card that makes a winning hand (at least 1 point), with the
    best score it gives (without ``extras``, as posed: concealed when nothing is
    exposed, the completing card drawn or called). A card the hand holds all four of
    (or a fifth joker) cannot come."""
    counts = _check(concealed, exposures, HAND - 1)
    extras = round_extras(len(exposures)) if extras is None else extras
    out: dict[Card, int] = {}
    key = tuple(exposures)
    for code in range(len(counts)):
        limit = jokers_in_play if code == JOKER.code else COPIES
        if counts[code] >= limit:
            continue
        counts[code] += 1
        score = wins(counts, key, extras, rules)
        counts[code] -= 1
        if score >= 1:
            out[ALL_CARDS[code]] = score
    return out


def why_not(concealed: Sequence[Card], exposures: Sequence[Exposure] = (),
            rules: MintTinRules = MintTinRules()) -> str:
    """Why 14 cards make no valid shape, in a player's words ("" if they do)."""
    counts = _check(concealed, exposures, HAND)
    if _arrangements(tuple(counts), tuple(exposures), rules):
        return ""
    for e in exposures:
        if e.face in concealed:
            return (f"the {e.face} in the hand has no block: the exposed block of {e.face} "
                    "is fixed (its jokers stay in it) and a card is in one block only")
    numbers = sorted(i + 1 for i in range(NUMBERS) if counts[i])
    if not numbers:
        return "a hand needs number blocks: a set of at least three numbers"
    if frozenset(numbers) not in SETS and not rules.joker_blocks:
        shown = ", ".join(map(str, numbers))
        return (f"the numbers {shown} are not a set: a set is at least three numbers in a "
                "row of the run (1-9), the odds or the evens, wrapping around, one block each")
    suits = {suit_of_number(n) for n in numbers}
    for k, s in enumerate(SUITS):
        if counts[NUMBERS + k] and s not in suits:
            return (f"the {dragon(s).name} needs a number block of its suit "
                    f"({', '.join(str(n) for n in range(1, 10) if suit_of_number(n) == s)})")
    lone = [ALL_CARDS[i] for i in range(NUMBERS + 3) if counts[i] == 1]
    if lone and not counts[-1]:
        return f"{', '.join(map(str, lone))} cannot make a block alone and no joker helps"
    return ("no pattern fits: the blocks must be of exactly two sizes adding up to 14, with "
            "no joker in a pair")


def random_winning_hand(rng, *, max_jokers: int = 2) -> tuple[Card, ...]:
    """Fourteen cards that make a valid shape (not always a scoring one): a random
    pattern, set, dragons and jokers."""
    while True:
        pattern = rng.choice(PATTERNS)
        numbers = rng.choice([n for n in SETS if len(n) <= pattern.blocks])
        _, ordered = SETS[numbers]
        suits = sorted({suit_of_number(n) for n in ordered}, key=SUITS.index)
        need = pattern.blocks - len(ordered)
        if need > len(suits):
            continue
        faces = [ALL_CARDS[n - 1] for n in ordered] + [dragon(s) for s in rng.sample(suits, need)]
        sizes = list(pattern.sizes)
        rng.shuffle(sizes)
        cards: list[Card] = []
        jokers = 0
        for face, size in zip(faces, sizes, strict=True):
            wild = 0 if size == 2 else max(size - COPIES, 0)
            while size > 2 and wild < size - 1 and jokers + wild < max_jokers and \
                    rng.random() < 0.15:
                wild += 1
            jokers += wild
            cards += [face] * (size - wild) + [JOKER] * wild
        if jokers <= max_jokers:
            return tuple(cards)


def arrangement_dict(a: Arrangement) -> dict:
    return {"pattern": str(a.pattern) if a.pattern else "epic hand",
            "category": a.category, "set": list(a.numbers) if a.pattern else [],
            "dragons": [b.face.suit for b in a.blocks if b.face.is_dragon],
            "blocks": [str(b) for b in a.blocks], "special": a.special,
            "points": [[name, p] for name, p in a.points], "score": a.score}


def analyze(hand: str, exposed: Sequence[str] = (), *, concealed: bool = False,
            jokers_discarded: int = 0, rules: MintTinRules = MintTinRules()) -> dict:
    """What ``tilepress analyze minttin`` reports: for 14 cards every arrangement with
    its points (or why there is none); for 13, every completing card with its best
    arrangement. The concealed hand (``hand``) does not include the exposures."""
    from tilepress.games.minttin.cards import format_cards, parse_cards

    cards = parse_cards(hand)
    exposures = parse_exposures(exposed)
    if concealed and len(exposures) > 1:
        raise HandError("a concealed hand has at most one exposure: the winning card called")
    held = sum(1 for c in cards if c.is_joker) + sum(e.jokers for e in exposures)
    if held > DECK_JOKERS:
        raise HandError(f"the hand holds {held} jokers; the deck has {DECK_JOKERS}")
    if isinstance(jokers_discarded, bool) or not isinstance(jokers_discarded, int) or \
            not 0 <= jokers_discarded <= DECK_JOKERS - held:
        shown = jokers_discarded if abs(jokers_discarded) < 10**6 else "more"
        raise HandError(f"jokers discarded must be from 0 to {DECK_JOKERS - held}, not {shown}: "
                        f"the deck has {DECK_JOKERS} jokers"
                        + (f" and this hand holds {held}" if held else ""))
    extras = round_extras(len(exposures), jokers_discarded, winning_call=concealed)
    total = len(cards) + sum(e.size for e in exposures)
    data: dict = {"hand": format_cards(cards), "exposed": [str(e) for e in exposures],
                  "cards": total}
    if total == HAND:
        found = arrangements(cards, exposures, extras, rules)
        data["arrangements"] = [arrangement_dict(a) for a in found]
        data["best"] = arrangement_dict(found[0]) if found else None
        data["wins"] = bool(found) and found[0].score >= 1
        data["why_not"] = "" if found else why_not(cards, exposures, rules)
    elif total == HAND - 1:
        ways = completions(cards, exposures, extras, rules)
        data["completions"] = []
        for card, score in sorted(ways.items(), key=lambda kv: (-kv[1], kv[0])):
            top = best([*list(cards), card], exposures, extras, rules)
            data["completions"].append({"card": str(card), "score": score,
                                        "best": arrangement_dict(top) if top else None})
    else:
        raise HandError(f"give 13 or 14 cards with the exposures, not {total}")
    return data


def analysis_lines(data: dict) -> list[str]:
    """The analysis in words."""
    exposed = f" exposed {' '.join('[' + e + ']' for e in data['exposed'])}" \
        if data["exposed"] else ""
    out = [f"hand: {data['hand']}{exposed} ({data['cards']} cards)"]

    def shape(a: dict) -> str:
        if a["pattern"] == "epic hand":
            return "Epic Hand"
        numbers = ",".join([str(n) for n in a["set"]] + ["D" + d for d in a["dragons"]])
        return (f"{CATEGORY_NAMES[a['category']]} ({numbers}) - {a['pattern']}: "
                + " ".join(a["blocks"]))

    def points(a: dict) -> str:
        parts = ", ".join(f"{n} +{p}" for n, p in a["points"]) or "no bonus"
        return f"{parts} = {a['score']} point{'s' * (a['score'] != 1)}"

    if "arrangements" in data:
        if not data["arrangements"]:
            out.append(f"not a winning shape: {data['why_not']}")
        for k, a in enumerate(data["arrangements"], start=1):
            out.append(f"{k:>2}. {shape(a)}; {points(a)}")
        if data["arrangements"]:
            out.append("verdict: Mahjong, " + points(data["best"]) if data["wins"] else
                       "verdict: a valid shape worth 0 points, which is not a win (a double "
                       "could still score it)")
    else:
        if not data["completions"]:
            out.append("no card completes this hand")
        for c in data["completions"]:
            out.append(f"{c['card']:>2}: {c['score']} point{'s' * (c['score'] != 1)} - "
                       f"{shape(c['best'])}; {points(c['best'])}")
    return out


@lru_cache(maxsize=16)
def deck(jokers: int = 4) -> tuple[Card, ...]:
    """The playing cards: four of each number and dragon, and ``jokers`` jokers (made
    once: a deal shuffles a copy)."""
    return tuple(c for c in ALL_CARDS[:-1] for _ in range(COPIES)) + (JOKER,) * jokers


def parse_exposures(items: Iterable[str]) -> tuple[Exposure, ...]:
    return tuple(Exposure.parse(t) for t in items)


def parse_written_hand(text: str) -> tuple[tuple[Card, ...], tuple[Exposure, ...]]:
    """A hand as a rulebook or a list writes it: concealed cards, exposures in brackets
    (``1111 5555 JJ [333J]``)."""
    depth = 0
    for ch in text:
        depth += (ch == "[") - (ch == "]")
        if not 0 <= depth <= 1:
            break
    if depth:
        raise HandError(f"brackets do not pair up in {text!r}: write exposures as [333J]")
    exposures = tuple(Exposure.parse(part) for part in re.findall(r"\[([^\]]*)\]", text))
    return parse_cards(re.sub(r"\[[^\]]*\]", " ", text)), exposures


TABLE_COLUMNS = ("line", "hand", "cards", "wins", "points", "pattern", "completions",
                 "best_points", "cards_left")
"""The columns of ``tilepress analyze minttin --file``'s table."""


def table_row(text: str) -> dict:
    """One hand of a list (cards, exposures in brackets) as a row of
    :data:`TABLE_COLUMNS` (but ``line``): for 14 cards whether it wins, its points and
    pattern (or why it is no hand); for 13, every completing card with its best points
    (``5:2 DM:1``), the best, and how many of those cards are unseen (the deck less the
    hand and its exposures). A hand with nothing exposed is concealed."""
    cards, exposures = parse_written_hand(text)
    data = analyze(format_cards(cards), [str(e) for e in exposures])
    shown = data["hand"] + "".join(f" [{''.join(e.split())}]" for e in data["exposed"])
    row: dict = {"hand": shown, "cards": data["cards"], "wins": "", "points": "",
                 "pattern": "", "completions": "", "best_points": "", "cards_left": ""}
    if "arrangements" in data:
        top = data["best"]
        row["wins"] = data["wins"]
        row["points"] = top["score"] if top else 0
        row["pattern"] = top["pattern"] if top else data["why_not"]
        return row
    ways = data["completions"]
    row["completions"] = " ".join(f"{w['card']}:{w['score']}" for w in ways)
    row["best_points"] = max((w["score"] for w in ways), default=0)
    held = Counter(cards) + Counter(c for e in exposures for c in e.cards)
    unseen = Counter(deck()) - held
    row["cards_left"] = sum(unseen[parse_card(w["card"])] for w in ways)
    return row


__all__ = ["BLOCK_NAMES", "CATEGORIES", "HAND", "PATTERNS", "SETS", "TABLE_COLUMNS",
           "Arrangement", "Block", "Exposure", "Extras", "MintTinRules", "Pattern",
           "analysis_lines", "analyze", "arrangements", "best", "completions", "deck",
           "derive_patterns", "derive_sets", "parse_exposures", "parse_written_hand",
           "random_winning_hand", "table_row", "why_not", "wins"]
