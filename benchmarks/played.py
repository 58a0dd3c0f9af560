"""Benchmarks of the games played with their planners: Dragon Castle, Mint Tin and
American Mah Jongg (games per second beside random bots, the planners against random
bots over 1,000 games, and each game's own peers). Run through ``benchmarks/run.py castle
minttin american``."""

from __future__ import annotations

import os
import random
import statistics
import time
from collections.abc import Callable
from functools import partial

from table import record, timed  # benchmarks/table.py, beside this file

ROUNDS = 5
"""Interleaved runs of a games-per-second row: tilepress's bots, then the peer's, the
order alternating from one run to the next."""


def interleaved_games(ours: Callable[[int], object], peer: Callable[[int], object], n: int,
                      rounds: int = ROUNDS) -> tuple[list[float], list[float], str]:
    """Games per second of CPU time (``time.process_time``) of ``ours(seed)`` and
    ``peer(seed)`` over seeds ``0..n-1``, one figure per run, ``rounds`` runs each
    interleaved; and the machine's load average (1 minute) at the start and the end."""
    ours(0)  # one game first: the caches and compiled kernels warm
    peer(0)
    start_load = os.getloadavg()[0]
    rates: tuple[list[float], list[float]] = ([], [])
    for r in range(rounds):
        for side in ((0, 1) if r % 2 == 0 else (1, 0)):
            play = ours if side == 0 else peer
            start = time.process_time()
            for seed in range(n):
                play(seed)
            rates[side].append(n / (time.process_time() - start))
    return rates[0], rates[1], f"load {start_load:.1f}-{os.getloadavg()[0]:.1f}"


def spread(values: list[float], digits: int = 0) -> str:
    """Median (least-most)."""
    return (f"{statistics.median(values):.{digits}f} ({min(values):.{digits}f}-"
            f"{max(values):.{digits}f})")


def games_row(name: str, play: Callable[..., object], n: int, ours: str, peer: str,
              peer_bots: Callable[[], list], target: str, digits: int = 0) -> None:
    """Games per second of ``play(seed)`` (the game's own bots) beside
    ``play(seed, peer_bots())``: median and range of ``ROUNDS`` interleaved runs of
    ``n`` games each, CPU time, with the load noted."""
    mine, theirs, load = interleaved_games(play, lambda seed: play(seed, peer_bots()), n)
    record(f"{name}: median (range) of {ROUNDS} interleaved runs of {n} games, CPU time; "
           f"{load}", f"{spread(mine, digits)} games/s ({ours})",
           f"{spread(theirs, digits)} games/s ({peer})",
           f"{statistics.median(mine) / statistics.median(theirs):.2f}x", target)


def bench_castle() -> None:
    """Dragon Castle: 4-player games per second (planners, against random bots); the
    planner against random bots over 1,000 games; a generated castle with its proven deal
    (against shaping a castle, dealing at random and solving until a deal is winnable)."""
    from tilepress.engine import solitaire
    from tilepress.games.castle import GAME as CASTLE
    from tilepress.games.castle import runner as castle
    from tilepress.games.castle.bots import Planner, RandomBot
    from tilepress.games.castle.options import CastleParams
    from tilepress.games.castle.puzzles import make_castle
    from tilepress.layouts.castle import generate_castle, tile_set

    options = CASTLE.options_from({"players": 4})
    games_row("Dragon Castle 4-player games", partial(castle.play, options), 100,
              "4 planners", "4 random bots", lambda: [RandomBot() for _ in range(4)],
              ">= 20 games/s")
    for players in (4, 2):
        wins = 0
        mine: list[int] = []
        theirs: list[float] = []
        for s in range(1000):
            seat = s % players
            bots = [Planner() if k == seat else RandomBot() for k in range(players)]
            result = castle.play(CASTLE.options_from({"players": players}), s, bots).result
            wins += result["winners"] == [seat]  # seats count from 0
            mine.append(result["scores"][seat])
            theirs.append((sum(result["scores"]) - result["scores"][seat]) / (players - 1))
        record(f"one planner against {players - 1} random bot{'s' * (players > 2)}, "
               "1,000 games", f"wins {wins / 10:.1f}%, {statistics.mean(mine):.1f} points",
               f"{statistics.mean(theirs):.1f} points a random bot",
               f"{statistics.mean(mine) / statistics.mean(theirs):.1f}x", "a measured margin")
    params = CastleParams(players=4, symmetric=True)
    ours, peer = [], []
    supply = tile_set("recommended")
    for s in range(40):
        start = time.perf_counter()
        make_castle(params, random.Random(s))
        ours.append(time.perf_counter() - start)
        start = time.perf_counter()
        rng = random.Random(s)
        shape = generate_castle(112, rng, symmetric=True).layout()
        while True:
            tiles = list(supply.tiles)
            rng.shuffle(tiles)
            if solitaire.solve(solitaire.Deal(shape, tuple(tiles))).status == solitaire.SOLVED:
                break
        peer.append(time.perf_counter() - start)
    record("generated 112-tile castle with its proven deal (median)",
           f"{statistics.median(ours) * 1000:.0f} ms",
           f"{statistics.median(peer) * 1000:.0f} ms (random deals until one solves)",
           f"{statistics.median(peer) / statistics.median(ours):.1f}x", "< 100 ms")


def bench_minttin() -> None:
    """Mint Tin Mahjong: the win check and completions (against reading every arrangement),
    two-player games per second, the planner against random discards and solo over 1,000
    games each, and the 54-card deck as a PDF."""
    from tilepress.documents.cards import CardSheetOptions
    from tilepress.draw.canvas import find_paper
    from tilepress.games.minttin import GAME as MINTTIN
    from tilepress.games.minttin import hand as rules
    from tilepress.games.minttin import runner as minttin
    from tilepress.games.minttin.bots import Planner, RandomDiscards
    from tilepress.games.minttin.cards import ALL_CARDS, count_cards
    from tilepress.games.minttin.printables import deck
    from tilepress.output import render_bytes

    rng = random.Random(1)
    hands = []
    for _ in range(20000):  # winning hands and near misses, half and half
        counts = count_cards(rules.random_winning_hand(rng, max_jokers=4))
        hands.append(tuple(counts))
        i, j = rng.randrange(13), rng.randrange(13)
        if counts[i] and counts[j] < 4:
            counts[i] -= 1
            counts[j] += 1
        hands.append(tuple(counts))
    cards = [[ALL_CARDS[i] for i in range(13) for _ in range(h[i])] for h in hands[:4000]]

    def full() -> None:
        for c in cards:
            if max(count_cards(c)[:12]) <= 4:
                rules._arrangements.cache_clear()
                rules.arrangements(c)

    t_ours = timed(lambda: [rules.wins(h) for h in hands], repeat=3)
    t_peer = timed(full, repeat=1)
    ours, peer = len(hands) / t_ours, len(cards) / t_peer
    record("Mint Tin win check of 14 cards", f"{ours:,.0f} hands/s",
           f"{peer:,.0f} hands/s (reading every arrangement)", f"{ours / peer:.0f}x",
           ">= 200,000 hands/s")
    ready = []
    for h in hands[:8000:2]:
        c = [ALL_CARDS[i] for i in range(13) for _ in range(h[i])]
        c.pop(rng.randrange(14))
        ready.append(c)
    t_ours = timed(lambda: [rules.completions(c) for c in ready], repeat=3)

    def slow_completions() -> None:
        for c in ready[:500]:
            for card in ALL_CARDS:
                rules._arrangements.cache_clear()
                if count_cards(c)[card.code] < 4:
                    rules.arrangements([*c, card])

    t_peer = timed(slow_completions, repeat=1)
    ours, peer = len(ready) / t_ours, 500 / t_peer
    record("Mint Tin completions of 13 cards", f"{ours:,.0f} hands/s",
           f"{peer:,.0f} hands/s (every arrangement of each 14)", f"{ours / peer:.0f}x",
           ">= 20,000 hands/s")
    options = MINTTIN.options_from({})
    games_row("Mint Tin two-player games to 7", partial(minttin.play, options), 100,
              "2 planners", "planner and random", lambda: [Planner(), RandomDiscards()],
              ">= 10 games/s")
    wins = points = their = 0
    for s in range(1000):
        seat = s % 2
        bots = [Planner() if k == seat else RandomDiscards() for k in range(2)]
        result = minttin.play(options, s, bots).result
        wins += result["winner"] == seat  # seats count from 0
        points += result["scores"][seat]
        their += result["scores"][1 - seat]
    record("planner against random discards, 1,000 matches",
           f"wins {wins / 10:.1f}%, {points / 1000:.1f} points", f"{their / 1000:.1f} points",
           "", "a wide margin")
    solo = [minttin.play(options, s, solo=True).result for s in range(1000)]
    won = sum(r["winner"] == 0 for r in solo)  # the player is seat 0
    rounds = sum(r["rounds"] for r in solo) / 1000
    lost = [minttin.play(options, s, [RandomDiscards()], solo=True).result["winner"] == 0
            for s in range(200)]
    record("solo matches against the virtual opponent, 1,000", f"planner wins {won / 10:.1f}% "
           f"({rounds:.1f} rounds a match)", f"random discards win {sum(lost) / 2:.1f}% of "
           "200", "", "report")
    paper = find_paper("a4")
    t_ours = timed(lambda: render_bytes(deck(paper), "pdf"), repeat=3)
    one_a_page = CardSheetOptions(per_sheet="1x1")
    t_peer = timed(lambda: render_bytes(deck(paper, one_a_page), "pdf"), repeat=3)
    record("54-card deck, fronts and backs (PDF)", f"{t_ours:.2f} s (sheets)",
           f"{t_peer:.2f} s (one card a page)", f"{t_peer / t_ours:.1f}x", "< 3 s")


def bench_american() -> None:
    """American Mah Jongg: matching 14 tiles against the whole card and the nearest hands of
    13 (against checking each hand one by one in Python), four-player games per second,
    and the planner against random bots over 1,000 games."""
    from tilepress.games.american import GAME as AMERICAN
    from tilepress.games.american import card as rules
    from tilepress.games.american import runner as american
    from tilepress.games.american.bots import Planner, RandomBot
    from tilepress.games.american.cards_file import practice_card

    card = practice_card()
    rng = random.Random(2)
    pool = list(rules.american_set())
    table = card.table
    hands14 = []
    for k in range(4000):  # half of them complete hands, half random
        if k % 2:
            hands14.append(list(rules.example(rng.choice(table.requirements))))
        else:
            hands14.append(rng.sample(pool, 14))
    hands13 = [rng.sample(pool, 13) for _ in range(2000)]
    t_ours = timed(lambda: [rules.matches(card, h) for h in hands14], repeat=3)

    def one_by_one(hands) -> int:  # the peer: each requirement checked with Counters
        from collections import Counter

        found = 0
        for h in hands:
            have = Counter(rules.face_of(t) for t in h)
            for req in table.requirements:
                need = Counter()
                for face, size, _j in req.groups:
                    need[face] += size
                jokers = have[rules.JOKER]
                short = sum(max(need[f] - have[f], 0) for f in need)
                if short <= jokers and all(have[f] <= need[f] for f in have if f != 35):
                    found += 1
        return found

    t_peer = timed(lambda: one_by_one(hands14[:400]), repeat=1)
    ours, peer = len(hands14) / t_ours, 400 / t_peer
    record("American: match 14 tiles against the whole card", f"{ours:,.0f} hands/s",
           f"{peer:,.0f} hands/s (each hand in turn, Counters)", f"{ours / peer:.0f}x",
           ">= 5,000 hands/s")
    t_ours = timed(lambda: [rules.nearest(card, h) for h in hands13], repeat=3)
    ours = len(hands13) / t_ours
    record("American: nearest hands of 13 tiles", f"{ours:,.0f} hands/s",
           f"{peer:,.0f} hands/s (matching alone, each hand in turn)", f"{ours / peer:.0f}x",
           ">= 1,000 hands/s")
    options = AMERICAN.options_from({})
    games_row("American 4-player games", partial(american.play, options), 60, "4 planners",
              "4 random bots", lambda: [RandomBot() for _ in range(4)], ">= 5 games/s",
              digits=1)
    wins = walls = 0
    net = 0
    for s in range(1000):
        seat = s % 4
        bots = [Planner() if k == seat else RandomBot() for k in range(4)]
        result = american.play(options, s, bots).result
        wins += result["winner"] == seat  # seats count from 0
        walls += result["winner"] is None
        net += result["payments"][seat]
    others = 1000 - wins - walls
    record("one planner against 3 random bots, 1,000 games",
           f"wins {wins / 10:.1f}%, net {net / 1000:+.1f} a game",
           f"random bots win {others / 10:.1f}% together", f"wall games {walls / 10:.1f}%",
           "a measured margin")
