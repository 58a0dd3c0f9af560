"""tilepress benchmarks: each figure is measured beside a peer in the same run.

    pip install -e '.[bench]'
    python benchmarks/run.py            # all of them
    python benchmarks/run.py waits book # some of them

Prints a Markdown table (the README's Performance section is a copy of it).
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable

import played  # benchmarks/played.py, beside this file
from table import print_table, record, timed  # benchmarks/table.py, beside this file


def one_suit_hands(size: int) -> list[list[int]]:
    return [list(v) + [0] * 25 for v in itertools.product(range(5), repeat=9) if sum(v) == size]


# ---------------------------------------------------------------------------


def bench_waits() -> None:
    """Wait list of one-suit 13-tile hands from count vectors: tilepress against the
    mahjong library's Agari.is_agari tried on the nine candidate tiles, on 20,000 hands
    this process has not read (first sight), then on the same hands again (repeat), each
    read in chunks of 50 beside the peer on the same hands, CPU time."""
    import waits as engine  # benchmarks/waits.py
    from mahjong.agari import Agari

    from tilepress.engine import standard

    hands = one_suit_hands(13)
    random.Random(1).shuffle(hands)
    sample, warm = hands[:20000], hands[20000:20010]
    for h in warm:  # the tables, outside the timing
        standard.winning_kinds(h)
    agari = Agari()

    def peer(h: list[int]) -> None:
        c = list(h)
        for k in range(9):
            if c[k] < 4:
                c[k] += 1
                agari.is_agari(c)
                c[k] -= 1

    for sight in ("first sight", "repeat"):
        t_ours, t_peer = engine.interleaved(standard.winning_kinds, sample, peer, sample)
        rate, rate_peer = len(sample) / t_ours, len(sample) / t_peer
        record(f"count-vector waits (winning_kinds) of 20,000 one-suit 13-tile hands, {sight}, "
               "CPU, in chunks of 50 beside Agari.is_agari on nine tiles",
               f"{rate:,.0f} hands/s", f"{rate_peer:,.0f} hands/s (mahjong {_mahjong_version()})",
               f"{rate / rate_peer:.1f}x", ">= 20x")


def cpu(fn: Callable[[], object]) -> float:
    """CPU seconds of one call."""
    start = time.process_time()
    fn()
    return time.process_time() - start


def bench_enumerate() -> None:
    """Every 13-tile one-suit hand (93,600) enumerated with its waits, once (each hand
    read for the first time), CPU."""
    from mahjong.agari import Agari

    from tilepress.engine import standard

    standard.winning_kinds([0] * 34)
    agari = Agari()

    def ours() -> None:
        for v in itertools.product(range(5), repeat=9):
            if sum(v) == 13:
                standard.winning_kinds(list(v) + [0] * 25)

    def peer() -> None:
        for v in itertools.product(range(5), repeat=9):
            if sum(v) == 13:
                c = list(v) + [0] * 25
                for k in range(9):
                    if c[k] < 4:
                        c[k] += 1
                        agari.is_agari(c)
                        c[k] -= 1

    t_ours, t_peer = cpu(ours), cpu(peer)
    record("all 93,600 one-suit 13-tile hands with waits, each read once (CPU)",
           f"{t_ours:.2f} s", f"{t_peer:.2f} s (mahjong)", f"{t_peer / t_ours:.1f}x", "< 2 s")


def bench_puzzles() -> None:
    """1,000 find-the-wait puzzles (13 tiles, one suit, any difficulty, graded), against
    a bare loop that only draws 1,000 ready hands with the mahjong library."""
    from mahjong.agari import Agari

    from tilepress.games import find_kind
    from tilepress.games.standard.hands import one_suit_hand
    from tilepress.params import parse_params
    from tilepress.puzzles import generate_set

    kind = find_kind("waits")
    params = parse_params(kind.params_type, {"tiles": 13, "difficulty": "any"}, where="bench")
    agari = Agari()

    def ours() -> None:
        generate_set(kind, params, count=1000, seed=1)

    def peer() -> None:
        rng = random.Random(1)
        found = 0
        while found < 1000:
            c = one_suit_hand(rng, 13, "m")
            waits = []
            for k in range(9):
                if c[k] < 4:
                    c[k] += 1
                    if agari.is_agari(c):
                        waits.append(k)
                    c[k] -= 1
            found += bool(waits)

    t_ours, t_peer = timed(ours, repeat=1), timed(peer, repeat=1)
    record("1,000 graded find-the-wait puzzles", f"{t_ours:.2f} s",
           f"{t_peer:.2f} s (drawing 1,000 ready hands with mahjong)",
           f"{t_peer / t_ours:.2f}x", "< 5 s")


def bench_book() -> None:
    """A 50-page puzzle book PDF, against the same pages drawn without reusing tile
    faces (every tile drawn in full where it stands)."""
    from tilepress.documents.layout import paginate, render
    from tilepress.documents.model import Box, Document, Grid, TileRow
    from tilepress.draw import pdf as pdfmod
    from tilepress.draw.canvas import PAPERS
    from tilepress.games import find_kind
    from tilepress.params import parse_params
    from tilepress.puzzles import generate_set
    from tilepress.tiles import parse_tiles

    kind = find_kind("waits")
    params = parse_params(kind.params_type, {"tiles": 13, "difficulty": "any"}, where="bench")
    puzzles = generate_set(kind, params, count=400, seed=2)
    cells = tuple(Box((TileRow((parse_tiles(p.question["hand"]),), tile_width=9.5),),
                      number=str(i), badge=p.difficulty, lines=1, line_label="Waits:")
                  for i, p in enumerate(puzzles.puzzles, 1))
    doc = Document("Benchmark", PAPERS["a4"], (Grid(cells),))
    pages = len(paginate(doc)[0])
    factor = 50 / pages
    doc = Document("Benchmark", PAPERS["a4"],
                   (Grid(cells[: int(len(cells) * factor)]),))
    pages = len(paginate(doc)[0])

    def ours() -> bytes:
        surface = pdfmod.PdfSurface()
        render(doc, surface)
        return surface.finish()

    class Inline(pdfmod.PdfCanvas):
        def define(self, name, width, height, draw):
            self._defs = getattr(self, "_defs", {})
            self._defs[name] = draw

        def place(self, name, x, y, *, scale=1.0):
            with self.group(translate=(x, y), scale=scale):
                self._defs[name](self)

    def peer() -> bytes:
        original = pdfmod.PdfCanvas
        pdfmod.PdfCanvas = Inline  # type: ignore[misc]
        try:
            surface = pdfmod.PdfSurface()
            render(doc, surface)
            return surface.finish()
        finally:
            pdfmod.PdfCanvas = original  # type: ignore[misc]

    t_ours, t_peer = timed(ours), timed(peer, repeat=1)
    size_ours, size_peer = len(ours()), len(peer())
    record(f"{pages}-page puzzle book PDF", f"{t_ours:.2f} s, {size_ours / 1e6:.2f} MB",
           f"{t_peer:.2f} s, {size_peer / 1e6:.2f} MB (tiles drawn inline)",
           f"{t_peer / t_ours:.1f}x faster, {size_peer / size_ours:.0f}x smaller", "< 10 s")


def bench_import() -> None:
    """`import tilepress` (and the CLI module) in a fresh interpreter, against
    `import mahjong`."""

    def run(module: str) -> float:
        times = []
        for _ in range(5):
            out = subprocess.run(
                [sys.executable, "-X", "importtime", "-c", f"import {module}"],
                capture_output=True, text=True, check=True, cwd=tempfile.gettempdir(),
            )
            total = 0
            for line in out.stderr.splitlines():
                parts = line.split("|")
                if len(parts) == 3 and parts[2].strip() == module:
                    total = int(parts[1])
            times.append(total / 1e6)
        return statistics.median(times)

    ours, cli, peer = run("tilepress"), run("tilepress.cli"), run("mahjong")
    record("import the package", f"{ours * 1000:.1f} ms", f"{peer * 1000:.1f} ms (mahjong)",
           f"{peer / ours:.1f}x", "< 0.5 s")
    record("import the CLI (what every command pays)", f"{cli * 1000:.0f} ms",
           f"{peer * 1000:.1f} ms (mahjong)", f"{peer / cli:.2f}x", "< 0.5 s")


def bench_onesuit() -> None:
    """One suit games (7 tiles, 4 hands, two efficiency bots) per second on one core,
    against two random bots playing the same games (median and range of interleaved
    runs); and the efficiency bot's strength over 1,000 games against a random-discard
    bot."""
    from tilepress.games.onesuit import GAME as ONESUIT
    from tilepress.games.onesuit import runner as onesuit

    options = ONESUIT.options_from({"tiles": 7})

    def play(seed: int, bots: tuple[str, str] = ("efficiency", "efficiency")) -> object:
        return onesuit.play(options, seed, [ONESUIT.make_bot(b) for b in bots])

    played.games_row("One suit games (7 tiles, 4 hands)", play, 200, "2 efficiency bots",
                     "2 random bots", lambda: ("random", "random"), ">= 50 games/s")
    wins = {"efficiency": 0, "random": 0, "tie": 0}
    points = {"efficiency": 0, "random": 0}
    for s in range(1000):
        names = ("efficiency", "random") if s % 2 == 0 else ("random", "efficiency")
        log = onesuit.play(options, s, [ONESUIT.make_bot(b) for b in names])
        scores = log.result["scores"]
        for i, name in enumerate(names):
            points[name] += scores[i]
        winner = log.result["winner"]
        wins["tie" if winner is None else names[winner]] += 1
    record("efficiency bot against random discards, 1,000 games",
           f"wins {wins['efficiency'] / 10:.1f}%, {points['efficiency'] / 1000:.1f} points/game",
           f"wins {wins['random'] / 10:.1f}%, {points['random'] / 1000:.1f} points/game "
           f"(ties {wins['tie'] / 10:.1f}%)",
           f"{points['efficiency'] / max(1, points['random']):.1f}x the points", "a wide margin")


def bench_oneplayer() -> None:
    """One Player games per second for the planner, against the greedy placer (median
    and range of interleaved runs); and the planner's score over 1,000 games against the
    greedy placer's."""
    from tilepress.games.oneplayer import GAME as ONEPLAYER
    from tilepress.games.oneplayer import runner as oneplayer

    options = ONEPLAYER.options_from({})

    def play(seed: int, bots: str = "planner") -> object:
        return oneplayer.play(options, seed, [ONEPLAYER.make_bot(bots)])

    played.games_row("One Player games", play, 200, "planner", "greedy placer",
                     lambda: "greedy", ">= 20 games/s")
    scores = {name: [oneplayer.play(options, s, [ONEPLAYER.make_bot(name)]).result["total"]
                     for s in range(1000)] for name in ("planner", "greedy")}
    plan, greedy = scores["planner"], scores["greedy"]
    record("planner against greedy placer, 1,000 games each",
           f"{statistics.mean(plan):.0f} points (min {min(plan)}, max {max(plan)})",
           f"{statistics.mean(greedy):.0f} points (min {min(greedy)}, max {max(greedy)})",
           f"{statistics.mean(plan) / statistics.mean(greedy):.1f}x", "a measured margin")


def _move_by_move(deal, seconds: float) -> str:
    """The peer: depth-first search over moves with a table of lost positions."""
    from tilepress.engine.solitaire import available_moves

    lost: set[int] = set()
    stop = time.perf_counter() + seconds

    def win(rem: int) -> bool:
        if not rem:
            return True
        if rem in lost:
            return False
        if time.perf_counter() > stop:
            raise TimeoutError
        for a, c in available_moves(deal, rem):
            if win(rem & ~(1 << a | 1 << c)):
                return True
        lost.add(rem)
        return False

    sys.setrecursionlimit(10000)
    try:
        return "solved" if win((1 << len(deal.tiles)) - 1) else "unsolvable"
    except TimeoutError:
        return "undecided"


def bench_solitaire() -> None:
    """Solitaire: a winnable Turtle deal with its solution (built backwards), against
    drawing random deals until the solver proves one winnable; then 1,000 random Turtle
    deals decided by the solver, against a move-by-move search on the first 50."""
    from tilepress.engine import solitaire as rules
    from tilepress.layouts import builtin

    turtle = builtin("turtle")
    rules.deal_backwards(turtle, random.Random(0))
    built = []
    for s in range(200):
        start = time.perf_counter()
        rules.deal_backwards(turtle, random.Random(s))
        built.append(time.perf_counter() - start)
    drawn = []
    for s in range(30):
        start = time.perf_counter()
        k = 0
        while rules.solve(rules.deal_random(turtle, random.Random(f"{s}:{k}"))).status \
                != rules.SOLVED:
            k += 1
        drawn.append(time.perf_counter() - start)
    ours, peer = statistics.median(built), statistics.median(drawn)
    record("winnable Turtle deal with its solution (median)", f"{ours * 1000:.1f} ms",
           f"{peer * 1000:.0f} ms (random deals until one is proven winnable)",
           f"{peer / ours:.1f}x", "< 20 ms")

    times, statuses = [], []
    for s in range(1000):
        deal = rules.deal_random(turtle, random.Random(s))
        start = time.process_time()  # CPU: the machine is shared
        statuses.append(rules.solve(deal).status)
        times.append(time.process_time() - start)
    decided = sum(1 for st, t in zip(statuses, times, strict=True)
                  if st != rules.UNDECIDED and t < 2.0)
    unsolvable = statuses.count(rules.UNSOLVABLE)
    peer_status = [_move_by_move(rules.deal_random(turtle, random.Random(s)), 2.0)
                   for s in range(50)]
    peer_decided = sum(1 for st in peer_status if st != "undecided")
    ordered = sorted(times)
    record("1,000 random Turtle deals: decided within 2 s",
           f"{decided / 10:.1f}% ({decided}; median {statistics.median(times) * 1000:.0f} ms, "
           f"p90 {ordered[899]:.2f} s, p99 {ordered[989]:.2f} s, slowest {ordered[-1]:.2f} s "
           "CPU)",
           f"{peer_decided * 2}% of 50 (move-by-move search)", "", ">= 99.9%, median < 20 ms")
    p_hat, z = unsolvable / 1000, 1.96
    centre = (p_hat + z * z / 2000) / (1 + z * z / 1000)
    spread = z * (p_hat * (1 - p_hat) / 1000 + z * z / 4e6) ** 0.5 / (1 + z * z / 1000)
    record("share of random Turtle deals proven unsolvable",
           f"{unsolvable / 10:.1f}% (95% interval {100 * (centre - spread):.1f}-"
           f"{100 * (centre + spread):.1f}%; {statuses.count(rules.UNDECIDED) / 10:.1f}% "
           "undecided)",
           "2.95-2.96% (de Bondt, 10 million deals)", "", "compare")


def bench_engine(check: bool = False) -> None:
    """Waits, shanten and discard tables beside xiangting: see benchmarks/waits.py."""
    import waits as engine

    for row in engine.check_rows() if check else engine.rows():
        record(*row)


def bench_waits_all() -> None:
    """The public waits, shanten and discard table beside xiangting, then the count-vector
    row against the mahjong library's Agari."""
    bench_engine()
    bench_waits()


BENCHMARKS = {
    "waits": bench_waits_all,
    "engine-check": lambda: bench_engine(check=True),
    "enumerate": bench_enumerate,
    "puzzles": bench_puzzles,
    "book": bench_book,
    "import": bench_import,
    "onesuit": bench_onesuit,
    "oneplayer": bench_oneplayer,
    "solitaire": bench_solitaire,
    "layouts": lambda: __import__("solitaire").bench(record),  # benchmarks/solitaire.py
    "castle": played.bench_castle,
    "minttin": played.bench_minttin,
    "american": played.bench_american,
}


def _mahjong_version() -> str:
    from importlib.metadata import version

    return version("mahjong")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", choices=[[], *BENCHMARKS], default=[])
    args = parser.parse_args()
    for name in args.names or BENCHMARKS:
        print(f"{name}:", flush=True)
        BENCHMARKS[name]()
    print_table()


if __name__ == "__main__":
    main()
