"""The puzzles of the standard hand: find the wait, and which discard.

Find the wait (``waits``): which tiles complete this hand?

The puzzle shows a concealed hand of 4, 7, 10 or 13 tiles (sets and a pair, or seven
different pairs, or thirteen orphans). The answer is every tile that completes it; a
"not ready" decoy has the answer "no wait".

Grading (see docs/grading.md) uses what a reader has to see:

* ``waits``: how many tiles complete the hand;
* ``readings``: the fewest ways of reading the hand (complete groups plus one waiting
  shape) that together show every wait;
* ``hidden``: waits that no reading shows unless a tile held three or four times is
  split up rather than read as a set of three;

``score = 2 * (readings - 1) + hidden + max(0, waits - 2)``: 0 is easy, 1-2 medium,
3-5 hard, 6 and more expert. A decoy is graded by its near misses: the tiles that
would bring it within one tile of ready (2 or fewer easy, 3-4 medium, 5-6 hard, more
expert).

Which discard (``discard``): a hand of 5, 8, 11 or 14 tiles -- which tile do you throw
away?

The best discard keeps the hand as close to ready as it can be (the lowest shanten) and
then leaves the most tiles that help: its waits if the hand is ready, otherwise the
tiles that bring it closer. Every puzzle has exactly one best discard. The key lists
each sensible discard (one that keeps the best shanten) with its tiles and their count,
as a wait calculator does.

Grading (see docs/grading.md): ``choices`` is the number of sensible discards,
``margin`` how many tiles the best leaves over the runner-up, ``shanten`` 0 when the
best discard leaves the hand ready and 1 when it leaves it one tile from ready.
``score = min(choices - 2, 3) + (2 if margin <= 2 else 1 if margin <= 4 else 0)
+ 2 * shanten``: 0-1 easy, 2-3 medium, 4-5 hard, 6 and more expert.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from functools import cache
from typing import Any

from tilepress.documents.model import Paragraph, Table, TileRow
from tilepress.engine import standard, table_cache
from tilepress.errors import FileFormatError, RequestError, TilepressError
from tilepress.games.standard import hands
from tilepress.games.standard.options import SIZES, DiscardParams, WaitsParams
from tilepress.puzzles.base import (
    DIFFICULTIES,
    Candidate,
    Grade,
    Keep,
    Puzzle,
    PuzzleKind,
    PuzzleSet,
    describe,
    read_field,
)
from tilepress.tiles import Tile, format_tiles, parse_tiles, sort_tiles

#: The most waits a hand of each size can have (one suit; checked by the tests).
MAX_WAITS = {("one", 4): 3, ("one", 7): 5, ("one", 10): 8, ("one", 13): 9,
             ("mixed", 4): 3, ("mixed", 7): 5, ("mixed", 10): 8, ("mixed", 13): 13}
#: Difficulties that hands of each size can reach (checked by the tests). A mixed hand's
#: waits all come from one suit group; with 7 tiles that group holds at most 5 tiles,
#: which never score above hard, and with 4 tiles the group is too small to hide a wait.
REACHABLE = {("one", 4): ("easy", "medium", "hard"), ("one", 7): DIFFICULTIES,
             ("one", 10): DIFFICULTIES, ("one", 13): DIFFICULTIES,
             ("mixed", 4): ("easy",), ("mixed", 7): ("easy", "medium", "hard"),
             ("mixed", 10): DIFFICULTIES, ("mixed", 13): DIFFICULTIES}
#: One-suit hands up to this size are drawn from the complete list of such hands.
POOL_SIZES = (4, 7)
#: Find-the-wait hands of one suit of these sizes can be listed (:meth:`PuzzleKind.listing`):
#: at most a few thousand, solved and graded in under a second.
LISTED_SIZES = (4, 7, 10)
#: Which-discard hands of one suit (before the discard) are listed up to 8 tiles: 11-tile
#: hands number over 24,000, three seconds to solve.
LISTED_DISCARD_SIZES = (4, 7)
KEY_TILE = 6.5
"""Tile width (mm) in the answer keys: every row of a key draws its tiles this wide (a
dot or bamboo count still reads; a key of hands of more than KEY_PAIRED_TILES tiles
takes the page's width, one answer to a row)."""
KEY_PAIRED_TILES = 8


def waits_band(score: int) -> str:
    return "easy" if score == 0 else "medium" if score <= 2 else "hard" if score <= 5 else "expert"


def decoy_band(near: int) -> str:
    return "easy" if near <= 2 else "medium" if near <= 4 else "hard" if near <= 6 else "expert"


def min_cover(masks: set[int], full: int) -> int:
    """Fewest masks whose union is ``full`` (breadth-first over unions)."""
    if full == 0:
        return 0
    reached = {0}
    frontier = [0]
    steps = 0
    while frontier:
        steps += 1
        nxt = []
        for m in frontier:
            for x in masks:
                y = m | x
                if y == full:
                    return steps
                if y not in reached:
                    reached.add(y)
                    nxt.append(y)
        frontier = nxt
    raise ValueError("the readings do not show every wait")  # pragma: no cover


def cover_readings(
    readings: tuple[standard.Reading, ...], waits: list[Tile]
) -> list[standard.Reading]:
    """A smallest list of readings that together show every wait (deterministic)."""
    index = {w: i for i, w in enumerate(waits)}
    full = (1 << len(waits)) - 1
    masks = {}
    for r in readings:
        m = sum(1 << index[w] for w in r.waits)
        masks.setdefault(m, r)
    size = min_cover(set(masks), full)
    ordered = sorted(masks.items(), key=lambda kv: (-bin(kv[0]).count("1"), str(kv[1])))

    def search(chosen: list, mask: int, start: int) -> list | None:
        if mask == full:
            return chosen
        if len(chosen) == size:
            return None
        for i in range(start, len(ordered)):
            m, r = ordered[i]
            if m | mask != mask:
                found = search([*chosen, r], mask | m, i + 1)
                if found:
                    return found
        return None

    return search([], 0, 0) or []


def wait_features(tiles: tuple[Tile, ...]) -> dict[str, int]:
    readings = standard.readings(tiles)
    waits = sorted({w for r in readings for w in r.waits})
    index = {w: i for i, w in enumerate(waits)}
    masks = {sum(1 << index[w] for w in r.waits) for r in readings}
    counts = hands.counts_of(tiles)
    triplets = [k for k, c in enumerate(counts) if c >= 3]
    kept = [
        r for r in readings
        if all(any(g.shape == "triplet" and g.tiles[0].kind == k for g in r.groups)
               for k in triplets)
    ]
    shown = {w for r in kept for w in r.waits}
    return {
        "waits": len(waits),
        "readings": min_cover(masks, (1 << len(waits)) - 1),
        "hidden": sum(1 for w in waits if w not in shown),
        "held": sum(1 for w in waits if counts[w.kind]),
    }


def near_misses(tiles: tuple[Tile, ...]) -> int:
    """Kinds that, drawn, leave the hand one discard from ready (for a hand not ready)."""
    counts = hands.counts_of(tiles)
    one_suit = hands.suits_used(counts) == 1 and tiles[0].suit in "mps"
    suits = tiles[0].suit if one_suit else "mpsz"
    near = 0
    for kind in range(34):
        if counts[kind] == 4 or "mpsz"[min(kind // 9, 3)] not in suits:
            continue
        counts[kind] += 1
        if min(standard.shanten_by_form_counts(counts, suits=suits).values()) == 0:
            near += 1
        counts[kind] -= 1
    return near


def _checked_tiles(text: str) -> tuple[Tile, ...]:
    tiles = parse_tiles(text)
    standard.Hand(tiles).check()
    return tiles


def read_hand(question: Mapping[str, Any], where: str, sizes: tuple[int, ...]) -> tuple[Tile, ...]:
    tiles = read_field(question, "hand", where, _checked_tiles, "a tile string")
    if len(tiles) not in sizes:
        raise FileFormatError(f"{where}: question.hand has {len(tiles)} tiles, expected "
                              f"{' or '.join(map(str, sizes))}")
    return tiles


def groups_of(decomposition: standard.Decomposition) -> tuple[tuple[Tile, ...], ...]:
    return tuple(g.tiles for g in decomposition.groups)


def mark_in(groups: tuple[tuple[Tile, ...], ...], tile: Tile) -> frozenset[tuple[int, int]]:
    """Mark one copy of ``tile``, preferring the group that needed it (not a set of three
    already held)."""
    best = None
    for gi, group in enumerate(groups):
        for ti, t in enumerate(group):
            if t.kind == tile.kind:
                candidate = (len(set(group)) == 1, gi, ti)
                if best is None or candidate < best:
                    best = candidate
    return frozenset() if best is None else frozenset({best[1:]})


DECOY_EMPTIES = ("tiles_left", "winning_hands", "readings")
"""The fields a decoy's answer holds empty (a file written before issue 35 lacks all
three, and still verifies; one without only some of them is wrong)."""


class WaitsKind(PuzzleKind):
    name = "waits"
    question_keys = frozenset({"hand"})
    title = "Find the wait"
    params_type = WaitsParams
    instructions = "waits.txt.j2"
    answer_label = "Waits:"
    key_note = "tiles-key.txt.j2"

    # -- requests ----------------------------------------------------------------

    def check_request(self, params: WaitsParams, count: int) -> None:
        reachable = REACHABLE[(params.suits, params.tiles)]
        if params.difficulty != "any" and params.difficulty not in reachable:
            raise RequestError(
                f"no {params.tiles}-tile hand ({_suits_words(params)}) is "
                f"{params.difficulty}: the hardest are {reachable[-1]}"
            )
        most = MAX_WAITS[(params.suits, params.tiles)]
        if params.waits < 0 or params.waits > most:
            raise RequestError(
                f"a hand of {params.tiles} tiles ({params.suits} suit"
                f"{'s' if params.suits == 'mixed' else ''}) has at most {most} waits, "
                f"so {params.waits} waits cannot be asked for"
            )
        if params.decoys < 0:
            raise RequestError("decoys cannot be negative")
        if params.suits == "one" and params.tiles in POOL_SIZES:
            available = len(self._pool(params))
            if count - params.decoys > available:
                raise RequestError(
                    f"only {available} different {params.tiles}-tile one-suit hands fit "
                    f"({describe(params)}), not {count - params.decoys}; ask for fewer"
                )

    def _pool(self, params: WaitsParams) -> tuple[tuple[int, ...], ...]:
        """Every one-suit hand of this size that fits the request, mirror images once."""
        return tuple(
            counts for counts, difficulty, waits in _one_suit_pool(params.tiles)
            if params.difficulty in ("any", difficulty) and params.waits in (0, waits)
        )

    def decoys_wanted(self, params: WaitsParams) -> int:
        return params.decoys

    # -- generation ----------------------------------------------------------------

    def _random_ready(self, params: WaitsParams, rng: random.Random, keep: Keep | None = None
                      ) -> list[int] | None:
        """A random ready hand (None: this attempt found none, or ``keep`` refused it, asked
        before the hand's waits are worked out)."""
        if params.suits == "one":
            suit = params.suit if params.suit != "any" else rng.choice("mps")
            pool = self._pool(params) if params.tiles in POOL_SIZES else ()
            if pool:  # every hand of the pool is ready
                counts = [0] * 34
                base = hands.SUIT_OFFSETS[suit]
                counts[base : base + 9] = rng.choice(pool)
            else:
                counts = hands.one_suit_hand(rng, params.tiles, suit)
        else:
            roll = rng.random()
            if params.tiles == 13 and roll < 0.04:
                counts = hands.remove_random(rng, hands.seven_pairs_hand(rng))
            else:
                full = hands.complete_hand(rng, params.tiles // 3)
                if full is None:
                    return None
                counts = hands.remove_random(rng, full)
            if hands.suits_used(counts) < 2:
                return None
        if keep is not None and not keep(hands.identity(counts)):
            return None
        return counts if standard.winning_kinds(counts) else None

    def generate(self, params: WaitsParams, rng: random.Random, keep: Keep | None = None
                 ) -> Candidate | None:
        counts = self._random_ready(params, rng, keep)
        if counts is None:
            return None
        return self._candidate(params, counts)

    def _candidate(self, params: WaitsParams, counts: list[int]) -> Candidate | None:
        if params.waits and len(standard.winning_kinds(counts)) != params.waits:
            return None
        tiles = hands.tiles_of(counts)
        question = {"hand": format_tiles(tiles)}
        answer = self.solve(question)
        grade = self.grade(question, answer)
        return Candidate(question, answer, grade, hands.identity(counts))

    def listing(self, params: WaitsParams) -> tuple[tuple[int, ...], ...] | None:
        """Every one-suit hand of a listed size (:data:`LISTED_SIZES`) that fits the
        request, as the counts of its nine ranks, mirror images once."""
        if params.suits != "one" or params.tiles not in LISTED_SIZES:
            return None
        return self._pool(params)

    def from_listing(self, params: WaitsParams, item: Hashable, rng: random.Random
                     ) -> Candidate:
        found = self._candidate(params, _one_suit_counts(params.suit, item, rng))
        if found is None:  # pragma: no cover - the listing holds only fitting hands
            raise RuntimeError(f"listed hand {item} does not fit {describe(params)}")
        return found

    def decoy(self, params: WaitsParams, rng: random.Random, keep: Keep | None = None
              ) -> Candidate | None:
        counts = self._random_ready(params, rng)
        if counts is None:
            return None
        suit_kinds = [k for k in range(34) if counts[k]]
        group = suit_kinds[0] // 9 if params.suits == "one" else None
        for _ in range(20):
            changed = hands.remove_random(rng, counts)
            pool = range(9 * group, 9 * group + 9) if group is not None else range(34)
            add = rng.choice([k for k in pool if changed[k] < 4])
            changed[add] += 1
            if not standard.winning_kinds(changed) and changed != counts:
                break
        else:
            return None
        if params.suits == "mixed" and hands.suits_used(changed) < 2:
            return None
        if keep is not None and not keep(("decoy", hands.identity(changed))):
            return None
        question = {"hand": format_tiles(hands.tiles_of(changed))}
        answer = self.solve(question)
        grade = self.grade(question, answer)
        return Candidate(question, answer, grade, ("decoy", hands.identity(changed)))

    # -- solving -------------------------------------------------------------------

    def validate(self, question: Mapping[str, Any], where: str) -> None:
        read_hand(question, where, (*SIZES, 1))

    def solve(self, question: Mapping[str, Any]) -> dict[str, Any]:
        tiles = read_hand(question, "question", (*SIZES, 1))
        found = standard.waits(tiles)
        if not found:  # a decoy: every field of a ready hand, empty, and how far it is
            return {"ready": False, "waits": [], "tiles_left": {}, "winning_hands": {},
                    "readings": [], "shanten": standard.shanten(tiles)}
        waits = [w.tile for w in found]
        readings = cover_readings(standard.readings(tiles), waits)
        return {
            "ready": True,
            "waits": [str(t) for t in waits],
            "tiles_left": {str(w.tile): w.left for w in found},
            "winning_hands": {str(w.tile): str(w.decomposition) for w in found},
            "readings": [f"{r} ({r.shape})" for r in readings],
        }

    def shown_params(self, puzzle: Puzzle) -> dict[str, Any]:
        """The hand's size and whether it is of one suit."""
        tiles = read_hand(puzzle.question, puzzle.id, (*SIZES, 1))
        shown: dict[str, Any] = {"suits": "one" if _suits_of(tiles) != "mpsz" else "mixed"}
        return shown | ({"tiles": len(tiles)} if len(tiles) in SIZES else {})

    def set_params(self, puzzles: Sequence[Puzzle]) -> dict[str, Any]:
        """As :meth:`shown_params`, and how many hands are not ready (decoys)."""
        return {**self.shown_params(puzzles[0]),
                "decoys": sum(not p.answer.get("waits") for p in puzzles)}

    def grade(self, question: Mapping[str, Any], answer: Mapping[str, Any]) -> Grade:
        tiles = read_hand(question, "question", (*SIZES, 1))
        if not answer.get("ready", True) or not answer.get("waits"):
            near = near_misses(tiles)
            return Grade(decoy_band(near), near, {"ready": False, "near_misses": near})
        f = wait_features(tiles)
        score = 2 * (f["readings"] - 1) + f["hidden"] + max(0, f["waits"] - 2)
        return Grade(waits_band(score), score, f)

    def differences(self, stored: Mapping[str, Any], solved: Mapping[str, Any], *,
                    skip: tuple[str, ...] = ()) -> list[str]:
        """The waits in a player's words; then every other field, exactly."""
        problems = []
        have = stored.get("waits")
        if not isinstance(have, list) or not all(isinstance(t, str) for t in have):
            problems.append("answer.waits must be a list of tiles")
        else:
            try:
                have_tiles = {Tile(t) for t in have}
            except TilepressError as exc:
                have_tiles = None
                problems.append(f"answer.waits: {exc}")
            want_tiles = {Tile(t) for t in solved["waits"]}
            if have_tiles is not None and have_tiles != want_tiles:
                missing = sort_tiles(want_tiles - have_tiles)
                extra = sort_tiles(have_tiles - want_tiles)
                parts = []
                if missing:
                    parts.append(f"misses {' '.join(map(str, missing))}")
                if extra:
                    parts.append(f"wrongly lists {' '.join(map(str, extra))}")
                right = " ".join(map(str, sort_tiles(want_tiles))) or "none"
                problems.append(f"the answer {' and '.join(parts)} (the waits are {right})")
        skipped = ("waits",) if problems else ()
        if not solved["ready"] and not any(k in stored for k in DECOY_EMPTIES):
            skipped += DECOY_EMPTIES  # a decoy as written before issue 35: none of them
        return problems + super().differences(stored, solved, skip=(*skip, *skipped))

    # -- pages ---------------------------------------------------------------------

    def columns(self, puzzles: PuzzleSet, width: float) -> int:
        size = max(len(parse_tiles(p.question["hand"])) for p in puzzles.puzzles)
        return 2 if size <= 7 and width >= 150 else 1

    def key_columns(self, puzzles: PuzzleSet, width: float) -> int:
        size = max(len(parse_tiles(p.question["hand"])) for p in puzzles.puzzles)
        return 2 if size <= KEY_PAIRED_TILES and width >= 150 else 1

    def question_blocks(self, puzzle: Puzzle) -> tuple:
        tiles = sort_tiles(parse_tiles(puzzle.question["hand"]))
        return (TileRow((tiles,), tile_width=9.5),)

    def answer_blocks(self, puzzle: Puzzle) -> tuple:
        answer = puzzle.answer
        tiles = sort_tiles(parse_tiles(puzzle.question["hand"]))
        if not answer.get("ready") or not answer.get("waits"):
            away = answer.get("shanten", 1)
            return (Paragraph("No wait: no tile completes this hand (it is "
                              f"{away} tile{'s' * (away != 1)} from ready).", size=8.5),)
        total = sum(answer["tiles_left"].values())
        blocks: list = [Paragraph(f"{len(answer['waits'])} wait"
                                  f"{'s' if len(answer['waits']) != 1 else ''}, "
                                  f"{total} tile{'s' if total != 1 else ''} left: "
                                  f"{' '.join(answer['waits'])}", size=8.5, font="bold")]
        counts = hands.counts_of(tiles)
        for name in answer["waits"]:
            tile = Tile(name)
            groups = groups_of(standard.best_decomposition(list(counts), tile.kind))
            blocks.append(TileRow(groups, tile_width=KEY_TILE, marks=mark_in(groups, tile),
                                  label=name, label_width=7.0,
                                  note=f"{answer['tiles_left'][name]} left"))
        return tuple(blocks)


def _suits_words(params: WaitsParams) -> str:
    return "one suit" if params.suits == "one" else "mixed suits"


@cache
def _one_suit_pool(size: int) -> tuple[tuple[tuple[int, ...], str, int], ...]:
    """(counts of the nine ranks, difficulty, waits) of every ready one-suit hand of
    ``size`` tiles, a hand and its mirror image listed once (from the disk cache when it
    is there: :func:`_cached_pool`)."""

    def build() -> list[tuple[tuple[int, ...], str, int]]:
        kind = WaitsKind()
        pool = []
        for ranks in hands.one_suit_ranks(size):
            counts = list(ranks) + [0] * 25
            if not standard.winning_kinds(counts):
                continue
            question = {"hand": format_tiles(hands.tiles_of(counts))}
            grade = kind.grade(question, {"ready": True, "waits": [1]})
            pool.append((ranks, grade.difficulty, grade.features["waits"]))
        return pool

    return _cached_pool(f"waits-{size}", build)


_POOL_FORMAT = b"tilepress one-suit puzzle hands 1\n"
_POOL_SOURCES = (__file__, hands.__file__, standard.__file__,
                 *(os.path.join(os.path.dirname(standard.__file__), f"standard_{name}.py")
                   for name in ("classes", "groups", "tables")))
"""The files whose source decides the lists (the hands, the solver, the grading)."""


def _cached_pool(name: str, build: Callable[[], Sequence[tuple[tuple[int, ...], str, int]]]
                 ) -> tuple[tuple[tuple[int, ...], str, int], ...]:
    """A list of one-suit hands (nine rank counts, difficulty, a small number), read from
    the disk cache (:mod:`tilepress.engine.table_cache`, file ``one-suit-NAME.bin``) when
    it holds a current one, else built (about a second for the largest) and cached."""
    file = f"one-suit-{name}.bin"
    sections = table_cache.read(fingerprint_of=_POOL_SOURCES, version=_POOL_FORMAT, name=file)
    data = (sections or {}).get("hands", b"")
    if sections is not None and len(data) % 11 == 0:
        return tuple((tuple(data[k:k + 9]), DIFFICULTIES[data[k + 9]], data[k + 10])
                     for k in range(0, len(data), 11))
    pool = tuple(build())
    table_cache.write({"hands": b"".join(bytes((*ranks, DIFFICULTIES.index(level), n))
                                         for ranks, level, n in pool)},
                      fingerprint_of=_POOL_SOURCES, version=_POOL_FORMAT, name=file)
    return pool




def _one_suit_counts(suit: str, ranks: Any, rng: random.Random) -> list[int]:
    """Counts (34) of a listed one-suit hand in ``suit`` ("any": one chosen by ``rng``),
    read backwards half of the time."""
    chosen = suit if suit != "any" else rng.choice("mps")
    if rng.random() < 0.5:
        ranks = ranks[::-1]
    counts = [0] * 34
    base = hands.SUIT_OFFSETS[chosen]
    counts[base : base + 9] = ranks
    return counts


@cache
def _one_suit_discards(size: int) -> tuple[tuple[tuple[int, ...], str], ...]:
    """(counts of the nine ranks, difficulty) of every one-suit hand of ``size`` tiles
    that makes a which-discard puzzle, a hand and its mirror image listed once (from the
    disk cache when it is there)."""

    def build() -> list[tuple[tuple[int, ...], str, int]]:
        kind = DiscardKind()
        pool = []
        for ranks in hands.one_suit_ranks(size):
            found = kind._candidate(list(ranks) + [0] * 25)
            if found is not None:
                pool.append((ranks, found.grade.difficulty, 0))
        return pool

    return tuple((ranks, level) for ranks, level, _ in _cached_pool(f"discard-{size}", build))


# ---------------------------------------------------------------------------
# Which discard
# ---------------------------------------------------------------------------

#: Difficulties reached by each hand size (as measured by the tests): with 5 tiles there
#: are too few discards to choose between for a hard puzzle.
DISCARD_REACHABLE = {(suits, size): ("easy", "medium") if size == 4 else DIFFICULTIES
             for suits in ("one", "mixed") for size in SIZES}





def discard_band(score: int) -> str:
    return "easy" if score <= 1 else "medium" if score <= 3 else "hard" if score <= 5 else "expert"


def _suits_of(tiles: tuple[Tile, ...]) -> str:
    counts = hands.counts_of(tiles)
    if hands.suits_used(counts) == 1 and tiles[0].suit in "mps":
        return tiles[0].suit
    return "mpsz"


class DiscardKind(PuzzleKind):
    name = "discard"
    question_keys = frozenset({"hand"})
    title = "Which discard?"
    params_type = DiscardParams
    instructions = "discard.txt.j2"
    answer_label = "Discard:"
    key_note = "tiles-key.txt.j2"

    def check_request(self, params: DiscardParams, count: int) -> None:
        reachable = DISCARD_REACHABLE[(params.suits, params.tiles)]
        if params.difficulty != "any" and params.difficulty not in reachable:
            raise RequestError(
                f"no {params.tiles + 1}-tile hand ({params.suits} suit"
                f"{'s' if params.suits == 'mixed' else ''}) makes a {params.difficulty} "
                f"which-discard puzzle; the hardest are {reachable[-1]}"
            )

    def generate(self, params: DiscardParams, rng: random.Random, keep: Keep | None = None
                 ) -> Candidate | None:
        size = params.tiles + 1
        if params.suits == "one":
            suit = params.suit if params.suit != "any" else rng.choice("mps")
            counts = hands.one_suit_hand(rng, size, suit)
        else:
            full = hands.complete_hand(rng, params.tiles // 3)
            if full is None:
                return None
            counts = hands.swap_related(rng, full, rng.choice((1, 1, 2)))
            if counts is None or hands.suits_used(counts) < 2:
                return None
        if keep is not None and not keep(hands.identity(counts)):
            return None
        return self._candidate(counts)

    def listing(self, params: DiscardParams) -> tuple[tuple[int, ...], ...] | None:
        """Every one-suit hand of a listed size (:data:`LISTED_DISCARD_SIZES`, the hand
        before its discard) that makes a puzzle of the asked difficulty, as the counts of
        its nine ranks, mirror images once."""
        if params.suits != "one" or params.tiles not in LISTED_DISCARD_SIZES:
            return None
        return tuple(ranks for ranks, difficulty in _one_suit_discards(params.tiles + 1)
                     if params.difficulty in ("any", difficulty))

    def from_listing(self, params: DiscardParams, item: Hashable, rng: random.Random
                     ) -> Candidate:
        found = self._candidate(_one_suit_counts(params.suit, item, rng))
        if found is None:  # pragma: no cover - the listing holds only puzzles
            raise RuntimeError(f"listed hand {item} makes no puzzle")
        return found

    def _candidate(self, counts: list[int]) -> Candidate | None:
        if standard.complete_counts(counts):
            return None
        question = {"hand": format_tiles(hands.tiles_of(counts))}
        answer = self.solve(question)
        table = answer["table"]
        if len(table) < 2 or table[0]["shanten"] > 1 or table[0]["count"] == table[1]["count"]:
            return None
        grade = self.grade(question, answer)
        return Candidate(question, answer, grade, hands.identity(counts))

    def validate(self, question: Mapping[str, Any], where: str) -> None:
        read_hand(question, where, tuple(s + 1 for s in SIZES))

    def shown_params(self, puzzle: Puzzle) -> dict[str, Any]:
        """The hand's size after the discard and whether it is of one suit."""
        tiles = read_hand(puzzle.question, puzzle.id, tuple(s + 1 for s in SIZES))
        return {"tiles": len(tiles) - 1,
                "suits": "one" if _suits_of(tiles) != "mpsz" else "mixed"}

    def solve(self, question: Mapping[str, Any]) -> dict[str, Any]:
        tiles = read_hand(question, "question", tuple(s + 1 for s in SIZES))
        rows = standard.discard_table(tiles, suits=_suits_of(tiles))
        table = [{"discard": str(r.discard), "shanten": r.shanten,
                  "tiles": [str(t) for t, _ in r.tiles], "count": r.total} for r in rows]
        best = [row["discard"] for row in table if row["count"] == table[0]["count"]]
        return {"discard": best[0] if len(best) == 1 else best, "table": table}

    def grade(self, question: Mapping[str, Any], answer: Mapping[str, Any]) -> Grade:
        table = answer["table"]
        choices = len(table)
        margin = table[0]["count"] - (table[1]["count"] if choices > 1 else 0)
        shanten = table[0]["shanten"]
        score = (min(max(choices - 2, 0), 3) + (2 if margin <= 2 else 1 if margin <= 4 else 0)
                 + 2 * shanten)
        return Grade(discard_band(score), score, {"choices": choices, "margin": margin,
                                          "shanten": shanten})

    def check(self, puzzle: Puzzle, solved: Mapping[str, Any]) -> list[str]:
        if isinstance(solved["discard"], list):
            return [f"this hand has {len(solved['discard'])} equally good discards "
                    f"({' '.join(solved['discard'])}); a puzzle has one best discard"]
        return super().check(puzzle, solved)

    def differences(self, stored: Mapping[str, Any], solved: Mapping[str, Any], *,
                    skip: tuple[str, ...] = ()) -> list[str]:
        """The discard in a player's words; then the whole table, exactly."""
        return self.differences_led_by(
            "discard", stored, solved, skip,
            lambda have, best: f"the key says discard {have}, the best discard is {best!r}")

    def columns(self, puzzles: PuzzleSet, width: float) -> int:
        size = max(len(parse_tiles(p.question["hand"])) for p in puzzles.puzzles)
        return 2 if size <= 8 and width >= 150 else 1

    def key_columns(self, puzzles: PuzzleSet, width: float) -> int:
        return 1 if width < 150 else 2

    def question_blocks(self, puzzle: Puzzle) -> tuple:
        tiles = sort_tiles(parse_tiles(puzzle.question["hand"]))
        return (TileRow((tiles,), tile_width=9.5),)

    def answer_blocks(self, puzzle: Puzzle) -> tuple:
        table = puzzle.answer["table"]
        best = table[0]
        state = "ready" if best["shanten"] == 0 else "one tile from ready"
        waits = "waits" if best["shanten"] == 0 else "helped by"
        rows = []
        for row in table:
            tiles = tuple(Tile(t) for t in row["tiles"])
            rows.append((TileRow(((Tile(row["discard"]),),), tile_width=KEY_TILE),
                         TileRow((tiles,), tile_width=KEY_TILE, note=" ".join(row["tiles"]),
                                 wrap=True),
                         str(row["count"])))
        return (
            Paragraph(f"Discard {best['discard']}: the hand is {state}; {best['count']} tiles "
                      f"{'win' if best['shanten'] == 0 else 'help'}.", size=8.5, font="bold"),
            Table(("discard", waits, "tiles"), tuple(rows), widths=(1.7, 6, 1.0), size=8),
        )


__all__ = ["DiscardKind", "WaitsKind", "discard_band", "wait_features", "waits_band"]
