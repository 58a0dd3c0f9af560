"""The standard-hand engine beside the strongest peer, on the public API.

Peers: ``xiangting`` (a Rust engine: ``calculate_necessary_tiles`` for waits and discard
tables, ``calculate_replacement_number`` for shanten), given ready-made count vectors,
so that its rows include no parsing at all; the ``mahjong`` library for reference
(``Agari.is_agari`` on every candidate tile, ``Shanten.calculate_shanten``). Every
figure is CPU time of this process (``time.process_time``), best of several rounds in
which tilepress and its peer run in turn on the same hands, so that a busy machine
slows both alike. Hands come from ``random.Random`` with fixed seeds.

Each function returns rows ``(benchmark, tilepress, peer, ratio, target)`` for
``benchmarks/run.py``; :func:`check_rows` raises on any disagreement.
"""

from __future__ import annotations

import os
import random
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
SIZE = 3000  # hands per row (tilepress and xiangting); mahjong gets a tenth
ROUNDS = 5
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
# Timing
# ---------------------------------------------------------------------------


def rates(ours: Callable[[object], object], our_items: Sequence[object],
          peer: Callable[[object], object], peer_items: Sequence[object],
          rounds: int = ROUNDS) -> tuple[float, float]:
    """Items per second of CPU time, best of ``rounds``, the two measured in turn."""
    best = [float("inf"), float("inf")]
    for _ in range(rounds):
        for i, (fn, items) in enumerate(((ours, our_items), (peer, peer_items))):
            start = time.process_time()
            for item in items:
                fn(item)
            best[i] = min(best[i], time.process_time() - start)
    return len(our_items) / best[0], len(peer_items) / best[1]


def cpu_rate(fn: Callable[[object], object], items: Sequence[object]) -> float:
    start = time.process_time()
    for item in items:
        fn(item)
    return len(items) / max(time.process_time() - start, 1e-9)


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


def _versions() -> str:
    return f"xiangting {version('xiangting')}"


def _row(name: str, ours: float, peer: float, mahjong: float | None, target: str) -> Row:
    reference = f"; mahjong {mahjong:,.0f} hands/s" if mahjong is not None else ""
    return (name, f"{ours:,.0f} hands/s", f"{peer:,.0f} hands/s ({_versions()}){reference}",
            f"{ours / peer:.2f}x", target)


# ---------------------------------------------------------------------------
# Rows
# ---------------------------------------------------------------------------


def waits_rows() -> list[Row]:
    """``waits`` from MPSZ strings and tile lists, and ``winning_kinds`` on count
    vectors, against xiangting's necessary tiles (and the mahjong library's Agari)."""
    from tilepress.engine import standard

    necessary, _, mahjong_waits, _ = _peers()
    standard.waits("1m")  # the tables, outside the timing (see startup_rows)
    rows = []
    for kind in (ONE_SUIT, MIXED):
        for ready in (False, True):
            hands = hand_sets(kind, ready, seed=1)
            which = "ready" if ready else "random"
            peer_items = [list(c) for c in hands]
            mahjong = cpu_rate(mahjong_waits, [list(c) for c in hands[: SIZE // 10]])
            inputs = [("MPSZ string", standard.waits, [mpsz(c) for c in hands],
                       ">= 100,000 hands/s"),
                      ("tile list", standard.waits, [tiles(c) for c in hands], "report"),
                      ("count vector", standard.winning_kinds, [list(c) for c in hands],
                       ">= 1x xiangting")]
            for label, fn, items, target in inputs:
                ours, peer = rates(fn, items, necessary, peer_items)
                rows.append(_row(f"waits, {kind}, {which} 13-tile hands, {label}", ours, peer,
                                 mahjong, target))
    return rows


def shanten_rows() -> list[Row]:
    """``shanten`` from MPSZ strings and tile lists, and ``shanten_from_counts``,
    against xiangting's replacement number (less one) and the mahjong library."""
    from tilepress.engine import standard

    _, replacement, _, mahjong_shanten = _peers()
    standard.shanten("1m")
    rows = []
    for kind in (ONE_SUIT, MIXED):
        hands = hand_sets(kind, False, seed=2)
        peer_items = [list(c) for c in hands]
        mahjong = cpu_rate(mahjong_shanten, [list(c) for c in hands[: SIZE // 10]])
        for label, fn, items, target in (
                ("MPSZ string", standard.shanten, [mpsz(c) for c in hands], ">= 100,000 hands/s"),
                ("tile list", standard.shanten, [tiles(c) for c in hands], "report"),
                ("count vector", standard.shanten_from_counts, [list(c) for c in hands],
                 ">= 1x xiangting")):
            ours, peer = rates(fn, items, replacement, peer_items)
            rows.append(_row(f"shanten, {kind}, random 13-tile hands, {label}", ours, peer,
                             mahjong, target))
    return rows


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
    """``discard_table`` of 14-tile hands against the same table made with xiangting."""
    from tilepress.engine import standard

    standard.discard_table("11m")
    rows = []
    for kind in (ONE_SUIT, MIXED):
        hands = hand_sets(kind, False, seed=3, size=14)[: SIZE // 3]
        peer_items = [list(c) for c in hands]
        for label, items in (("MPSZ string", [mpsz(c) for c in hands]),
                             ("tile list", [tiles(c) for c in hands])):
            ours, peer = rates(standard.discard_table, items, xiangting_table, peer_items)
            rows.append(_row(f"discard table, {kind}, random 14-tile hands, {label}", ours,
                             peer, None, "report"))
    return rows


def startup_rows() -> list[Row]:
    """What the tables cost: built (numpy) with no cache file, then read from it, in a
    fresh interpreter (bytecode cached, as in an installed package); against ``import
    xiangting`` (tables compiled in)."""
    code = ("import time; t = time.perf_counter(); "
            "from tilepress.engine import standard; i = time.perf_counter(); "
            "standard.waits('1m'); print(i - t, time.perf_counter() - i)")

    def run(env: dict[str, str]) -> tuple[float, float]:
        best = (float("inf"), float("inf"))
        for _ in range(3):
            out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                 check=True, cwd=ROOT, env=env).stdout.split()
            best = min(best, (float(out[0]), float(out[1])), key=lambda x: x[1])
        return best

    with tempfile.TemporaryDirectory() as cache:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["TILEPRESS_CACHE_DIR"] = ""
        imported, built = run(env)
        env["TILEPRESS_CACHE_DIR"] = cache
        run(env)  # writes the file
        _, cached = run(env)
    peer = float("inf")
    for _ in range(3):
        out = subprocess.run([sys.executable, "-c", "import time; t = time.perf_counter(); "
                              "import xiangting; print(time.perf_counter() - t)"],
                             capture_output=True, text=True, check=True).stdout
        peer = min(peer, float(out))
    return [("standard engine start-up: import, then tables on first use",
             f"import {imported * 1000:.0f} ms; tables {cached * 1000:.0f} ms from the cache "
             f"file, {built:.2f} s built (numpy)", f"{peer * 1000:.1f} ms (import xiangting)",
             f"{peer / cached:.2f}x", "cache < 100 ms, build < 2 s")]


_FIRST_PASS = """
import sys, time
sys.path[:0] = [{root!r}, {bench!r}]
import waits
from tilepress.engine import standard
standard.waits("1m"); standard.shanten("1m")  # the tables, read from the cache file
out = []
for fn in (standard.winning_kinds, standard.shanten_from_counts):
    hands = [list(c) for c in waits.hand_sets(waits.MIXED, False, seed=5)]
    for _ in range(2):
        start = time.process_time()
        for c in hands:
            fn(c)
        out.append(len(hands) / (time.process_time() - start))
print(*out)
"""


def first_pass_rows() -> list[Row]:
    """The price of learning: the engine's dictionaries learn each group pattern on its
    first reading, so a fresh process reads new hands slower the first time (the rows
    above are the best of several rounds, patterns learned)."""
    code = _FIRST_PASS.format(root=str(ROOT), bench=str(ROOT / "benchmarks"))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ROOT).stdout.split()
    wait_first, wait_again, shanten_first, shanten_again = map(float, out)
    return [("first reading of 3,000 new mixed 13-tile hands in a fresh process, count "
             "vector (groups learned on the way)",
             f"waits {wait_first:,.0f} hands/s, shanten {shanten_first:,.0f} hands/s",
             f"the same hands again: waits {wait_again:,.0f}, shanten {shanten_again:,.0f} "
             "hands/s", "", "report")]


def rows() -> list[Row]:
    return (startup_rows() + waits_rows() + shanten_rows() + first_pass_rows()
            + discard_rows())


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
