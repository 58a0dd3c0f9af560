"""The standard-hand engine beside the strongest peer, on the public API and on count
vectors, each row measured on hands seen for the first time and on the same hands again.

Peers: ``xiangting`` (a Rust engine: ``calculate_necessary_tiles`` for waits and discard
tables, ``calculate_replacement_number`` for shanten), given ready-made count vectors
(lists of 34 ints), so that its figures include no parsing at all: its best case; the
``mahjong`` library for reference (``Agari.is_agari`` on every candidate tile,
``Shanten.calculate_shanten``).

How a row is measured (:func:`measure_batch`): a fresh Python process (bytecode cached,
the tables read from the cache file, as after an install) draws ``SIZE`` random hands
from a seed no other batch uses, so that no hand has been read by that process before.
It reads them in chunks of 50, each chunk read by tilepress and then by xiangting (the
order alternating), CPU time of the process (``time.process_time``) summed for each
side: this is *first sight* -- whatever the engine learns or caches, it has seen only
the hands before these in the batch, as a program reading new hands would. Then it reads
the same hands again, chunk by chunk beside xiangting the same way: *repeat*. xiangting
keeps no state between calls, so its figure is the same in both. ``BATCHES`` fresh
processes per row give the median and the range of the ratio (tilepress's rate over
xiangting's in the same process, so that a busy machine slows both alike); the machine's
load (``os.getloadavg``) is noted at the start and the end of the run.

Each function returns rows ``(benchmark, tilepress, peer, ratio, target)`` for
``benchmarks/run.py``; :func:`check_rows` raises on any disagreement.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from importlib.metadata import version
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
if str(ROOT / "tests") not in sys.path:
    sys.path.insert(0, str(ROOT / "tests"))

Row = tuple[str, str, str, str, str]
Counts = list[int]
SIZE = 3000  # hands per batch
BATCHES = 5  # fresh processes per row
CHUNK = 50  # hands read by one side before the other reads them
ONE_SUIT = "one suit"
MIXED = "mixed"


# ---------------------------------------------------------------------------
# Hands
# ---------------------------------------------------------------------------


def random_hand(rng: random.Random, kind: str, size: int = 13) -> Counts:
    """Counts of ``size`` tiles drawn from one suit (m, p or s at random) or the wall."""
    if kind == ONE_SUIT:
        g = rng.randrange(3)
        pool = [k for k in range(9 * g, 9 * g + 9) for _ in range(4)]
    else:
        pool = [k for k in range(34) for _ in range(4)]
    counts = [0] * 34
    for k in rng.sample(pool, size):
        counts[k] += 1
    return counts


def ready_hand(rng: random.Random, kind: str) -> Counts:
    """A complete hand (four sets and a pair, all within one suit for ``one suit``, at
    least two groups for ``mixed``) less one tile: ready by construction."""
    while True:
        g = rng.randrange(3)
        counts = [0] * 34
        for n in range(5):
            group = g if kind == ONE_SUIT else rng.randrange(4)
            size = 9 if group < 3 else 7
            r = rng.randrange(size)
            if n == 4:
                counts[9 * group + r] += 2
            elif group < 3 and r <= 6 and rng.random() < 0.6:
                for x in range(3):
                    counts[9 * group + r + x] += 1
            else:
                counts[9 * group + r] += 3
        groups = sum(1 for s in range(4) if any(counts[9 * s : 9 * s + 9]))
        if max(counts) > 4 or (kind == MIXED and groups < 2):
            continue
        counts[rng.choice([k for k in range(34) if counts[k]])] -= 1
        return counts


def mpsz(counts: Sequence[int]) -> str:
    from tilepress.tiles import STANDARD_TILES, format_tiles

    return format_tiles(STANDARD_TILES[k] for k in range(34) for _ in range(counts[k]))


def tiles(counts: Sequence[int]) -> tuple:
    from tilepress.tiles import STANDARD_TILES

    return tuple(STANDARD_TILES[k] for k in range(34) for _ in range(counts[k]))


def hand_sets(kind: str, ready: bool, seed: int, size: int = 13) -> list[Counts]:
    rng = random.Random(f"{seed}:{kind}:{ready}:{size}")
    if ready:
        return [ready_hand(rng, kind) for _ in range(SIZE)]
    return [random_hand(rng, kind, size) for _ in range(SIZE)]


# ---------------------------------------------------------------------------
# Timing: a batch of new hands in a fresh process
# ---------------------------------------------------------------------------


def _peers() -> tuple[Callable, Callable, Callable, Callable]:
    import xiangting
    from mahjong.agari import Agari
    from mahjong.shanten import Shanten

    four = xiangting.PlayerCount.FOUR
    necessary = xiangting.calculate_necessary_tiles
    replacement = xiangting.calculate_replacement_number
    agari, shanten = Agari(), Shanten()

    def mahjong_waits(counts: Counts) -> list[int]:
        found = []
        for k in range(34):
            if counts[k] < 4:
                counts[k] += 1
                if agari.is_agari(counts):
                    found.append(k)
                counts[k] -= 1
        return found

    return (lambda c: necessary(c, four), lambda c: replacement(c, four), mahjong_waits,
            shanten.calculate_shanten)


#: The rows: (what, input form) -> (tilepress's function, how a hand is given to it).
WHAT = ("waits", "shanten")
FORMS = ("MPSZ string", "tile list", "count vector")


def _ours(what: str, form: str) -> Callable[[object], object]:
    from tilepress.engine import standard

    if what == "discard table":
        return standard.discard_table
    if form == "count vector":
        return standard.winning_kinds if what == "waits" else standard.shanten_from_counts
    return standard.waits if what == "waits" else standard.shanten


def _given(form: str, counts: Counts) -> object:
    if form == "MPSZ string":
        return mpsz(counts)
    if form == "tile list":
        return list(tiles(counts))
    return list(counts)


def interleaved(ours: Callable, items: Sequence, peer: Callable, peer_items: Sequence,
                 ) -> tuple[float, float]:
    """CPU seconds of tilepress and of the peer over the same hands, chunk by chunk."""
    t_ours = t_peer = 0.0
    clock = time.process_time
    for i in range(0, len(items), CHUNK):
        mine, theirs = items[i : i + CHUNK], peer_items[i : i + CHUNK]
        for side in ((0, 1) if (i // CHUNK) % 2 == 0 else (1, 0)):
            start = clock()
            if side == 0:
                for item in mine:
                    ours(item)
                t_ours += clock() - start
            else:
                for item in theirs:
                    peer(item)
                t_peer += clock() - start
    return t_ours, t_peer


def measure_batch(what: str, form: str, kind: str, ready: bool, seed: int) -> dict:
    """First sight and repeat of one batch of new hands (run in a fresh process): rates
    in hands per second of CPU time."""
    necessary, replacement, _, _ = _peers()
    from tilepress.engine import standard

    standard.shanten("1m")  # the tables, from the cache file: start-up (startup_rows)
    standard.waits("1m")
    standard.winning_kinds([0] * 33 + [1])
    if what == "discard table":  # hands of 14 tiles, a third as many
        hands = hand_sets(kind, ready, seed, size=14)[: SIZE // 3]
        peer = xiangting_table
    else:
        hands = hand_sets(kind, ready, seed)
        peer = necessary if what == "waits" else replacement
    items = [_given(form, c) for c in hands]
    peer_items = [list(c) for c in hands]
    ours = _ours(what, form)
    first, peer_first = interleaved(ours, items, peer, peer_items)
    again, peer_again = interleaved(ours, items, peer, peer_items)
    return {"first": len(items) / first, "again": len(items) / again,
            "peer": 2 * len(items) / (peer_first + peer_again),
            "first_ratio": peer_first / first, "again_ratio": peer_again / again}


def _batches(what: str, form: str, kind: str, ready: bool) -> list[dict]:
    """``BATCHES`` fresh processes, each on its own new hands."""
    out = []
    for b in range(BATCHES):
        code = ("import json, sys; sys.path.insert(0, {bench!r}); import waits; "
                "print(json.dumps(waits.measure_batch({what!r}, {form!r}, {kind!r}, {ready!r}, "
                "{seed!r})))").format(bench=str(ROOT / "benchmarks"), what=what, form=form,
                                      kind=kind, ready=ready, seed=1000 + b)
        result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                check=True, cwd=ROOT)
        out.append(json.loads(result.stdout))
    return out


def _spread(values: Sequence[float], spec: str = ".2f", unit: str = "x") -> str:
    """Median (least-most) of ``values``."""
    return (f"{statistics.median(values):{spec}}{unit} "
            f"({min(values):{spec}}-{max(values):{spec}})")


def _versions() -> str:
    return f"xiangting {version('xiangting')}"


def load() -> str:
    """The machine's load average over the last minute, for the rows' notes."""
    return f"{os.getloadavg()[0]:.1f}"


def engine_rows(what: str, cases: Sequence[tuple[str, bool]], target: dict[str, str],
                mahjong: Callable[[Counts], object]) -> list[Row]:
    """Rows of ``what`` (waits or shanten) for each case and input form: first sight and
    repeat, median (range) over the batches, with the mahjong library's rate on the first
    300 hands of a batch for reference."""
    rows = []
    for kind, ready in cases:
        which = "ready" if ready else "random"
        reference = cpu_rate(mahjong, [list(c) for c in hand_sets(kind, ready, 999)[:300]])
        for form in FORMS:
            found = _batches(what, form, kind, ready)
            peer = statistics.median(b["peer"] for b in found)
            for sight, key in (("first sight", "first"), ("repeat", "again")):
                rows.append((
                    f"{what}, {kind}, {which} 13-tile hands, {form}, {sight}",
                    f"{_spread([b[key] for b in found], ',.0f', '')} hands/s",
                    f"{peer:,.0f} hands/s ({_versions()}, count vectors); "
                    f"mahjong {reference:,.0f} hands/s",
                    _spread([b[key + '_ratio'] for b in found]),
                    target.get(f"{form}, {sight}", "report")))
    return rows


def cpu_rate(fn: Callable[[object], object], items: Sequence[object]) -> float:
    start = time.process_time()
    for item in items:
        fn(item)
    return len(items) / max(time.process_time() - start, 1e-9)


# ---------------------------------------------------------------------------
# Rows
# ---------------------------------------------------------------------------


def waits_rows() -> list[Row]:
    """``waits`` from MPSZ strings and tile lists, and ``winning_kinds`` on count
    vectors, against xiangting's necessary tiles (and the mahjong library's Agari)."""
    _, _, mahjong_waits, _ = _peers()
    cases = [(kind, ready) for kind in (ONE_SUIT, MIXED) for ready in (False, True)]
    return engine_rows("waits", cases, {"MPSZ string, first sight": ">= 0.5x xiangting"},
                       mahjong_waits)


def shanten_rows() -> list[Row]:
    """``shanten`` from MPSZ strings and tile lists, and ``shanten_from_counts``,
    against xiangting's replacement number (less one) and the mahjong library."""
    _, _, _, mahjong_shanten = _peers()
    cases = [(ONE_SUIT, False), (MIXED, False)]
    return engine_rows("shanten", cases, {}, mahjong_shanten)


def xiangting_table(counts: Counts) -> list[tuple[int, int, int]]:
    """The peer's discard table: for each kind held, the shanten after discarding it
    and the number of unseen tiles that improve the rest, best rows first."""
    import xiangting

    four = xiangting.PlayerCount.FOUR
    rows = []
    for d in range(34):
        if counts[d]:
            counts[d] -= 1
            rn, flags = xiangting.calculate_necessary_tiles(counts, four)
            left = sum(4 - counts[k] - (k == d) for k in range(34) if flags >> k & 1)
            counts[d] += 1
            rows.append((rn - 1, -left, d))
    rows.sort()
    return [r for r in rows if r[0] == rows[0][0]]


def discard_rows() -> list[Row]:
    """``discard_table`` of 14-tile hands against the same table made with xiangting
    (for each kind held, its necessary tiles after the discard)."""
    rows = []
    for kind in (ONE_SUIT, MIXED):
        for form in ("MPSZ string", "tile list"):
            found = _batches("discard table", form, kind, False)
            peer = statistics.median(b["peer"] for b in found)
            for sight, key in (("first sight", "first"), ("repeat", "again")):
                rows.append((f"discard table, {kind}, random 14-tile hands, {form}, {sight}",
                             f"{_spread([b[key] for b in found], ',.0f', '')} hands/s",
                             f"{peer:,.0f} hands/s (table from {_versions()})",
                             _spread([b[key + '_ratio'] for b in found]), "report"))
    return rows


def startup_rows() -> list[Row]:
    """What the tables cost: built (numpy) with no cache file, then read from it, in a
    fresh interpreter (bytecode cached, as in an installed package), CPU time, median of
    five processes; against ``import xiangting`` (tables compiled in)."""
    code = ("import time; t = time.process_time(); "
            "from tilepress.engine import standard; i = time.process_time(); "
            "standard.waits('1m'); print(i - t, time.process_time() - i)")

    def run(env: dict[str, str], times: int = 5) -> tuple[float, float]:
        found = [tuple(map(float, subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT,
            env=env).stdout.split())) for _ in range(times)]
        return (statistics.median(f[0] for f in found), statistics.median(f[1] for f in found))

    with tempfile.TemporaryDirectory() as cache:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["TILEPRESS_CACHE_DIR"] = ""
        imported, built = run(env, 3)
        env["TILEPRESS_CACHE_DIR"] = cache
        run(env, 1)  # writes the file
        _, cached = run(env)
    peer = statistics.median(float(subprocess.run(
        [sys.executable, "-c", "import time; t = time.process_time(); import xiangting; "
         "print(time.process_time() - t)"], capture_output=True, text=True, check=True).stdout)
        for _ in range(5))
    return [("standard engine start-up in a fresh process (CPU, median of 5): import, then "
             "the tables on the first hand",
             f"import {imported * 1000:.0f} ms; tables {cached * 1000:.0f} ms from the cache "
             f"file, {built:.2f} s built (numpy, no cache)",
             f"{peer * 1000:.1f} ms (import xiangting)", f"{peer / cached:.2f}x",
             "cache < 100 ms, build < 2 s")]


def rows() -> list[Row]:
    before = load()
    found = startup_rows() + waits_rows() + shanten_rows() + discard_rows()
    note = (f"how measured: {BATCHES} fresh processes a row, {SIZE:,} new hands each "
            f"(discard tables {SIZE // 3:,}), CPU time, chunks of {CHUNK} beside xiangting; "
            f"load average {before} at the start, {load()} at the end (2 cores)")
    return [*found, ("note", note, "", "", "")]


# ---------------------------------------------------------------------------
# Agreement
# ---------------------------------------------------------------------------


def check_rows(count: int = 100_000, seed: int = 4) -> list[Row]:
    """The engine against the brute force of tests/bruteforce.py (waits), xiangting
    (shanten, waits, improving tiles) and the mahjong library (shanten, Agari) on
    ``count`` hands: random one-suit and mixed 13-tile hands, ready hands, 14-tile
    hands. Raises AssertionError on the first disagreement."""
    from bruteforce import waits_any

    from tilepress.engine import standard

    necessary, _, mahjong_waits, mahjong_shanten = _peers()
    rng = random.Random(seed)
    start = time.process_time()
    checked = {"waits": 0, "shanten": 0, "improving": 0}
    for i in range(count):
        kind = (ONE_SUIT, MIXED)[i % 2]
        if i % 10 == 0:
            counts = ready_hand(rng, kind)
        else:
            counts = random_hand(rng, kind, 14 if i % 10 == 1 else 13)
        text, hand = mpsz(counts), tiles(counts)
        rn, flags = necessary(counts)
        shanten = rn - 1
        assert standard.shanten(text) == shanten == mahjong_shanten(counts), text
        assert standard.shanten(hand) == standard.shanten_from_counts(counts) == shanten, text
        checked["shanten"] += 1
        if sum(counts) == 14:
            continue
        truth = waits_any(counts)
        assert standard.winning_kinds(counts) == truth == mahjong_waits(counts), text
        assert [w.tile.kind for w in standard.waits(text)] == truth, text
        assert [w.tile.kind for w in standard.waits(hand)] == truth, text
        assert bool(truth) == (shanten == 0), text
        checked["waits"] += 1
        improving = [t.kind for t, _ in standard.improving_tiles(text)]
        assert improving == [k for k in range(34) if flags >> k & 1], text
        checked["improving"] += 1
    seconds = time.process_time() - start
    return [(f"agreement on {count:,} hands (one suit and mixed; random, ready, 14 tiles)",
             f"all agree: {checked['waits']:,} wait lists, {checked['shanten']:,} shanten, "
             f"{checked['improving']:,} improving-tile lists",
             "brute force (tests/bruteforce.py), xiangting, mahjong", "",
             f"no mismatch ({seconds:.0f} s)")]


if __name__ == "__main__":
    for row in rows():
        print(" | ".join(row), flush=True)
