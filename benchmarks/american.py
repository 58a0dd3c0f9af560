"""American Mah Jongg over many simulated games: how often a game ends in Mah Jongg or a
wall game, what the players pay, and how often each optional action occurs.

    python benchmarks/american.py                       # 1,000 games of four planners
    python benchmarks/american.py --games 200 --bots planner,random,random,random
    python benchmarks/american.py --jobs 2 --json out/american-stats.json

Game ``i`` is played with the seed the batch runner gives task ``i`` (so the figures do
not depend on ``--jobs``). Prints a Markdown table for the README.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from functools import partial

from tilepress.batch import BatchOptions, Task, run_batch
from tilepress.games.american import runner
from tilepress.games.american.bots import Planner, RandomBot
from tilepress.games.american.events import (
    Call,
    Claims,
    Courtesy,
    Dead,
    MahJong,
    Pass,
    Redeem,
    Stop,
)
from tilepress.games.american.options import AmericanOptions

BOTS = {"planner": Planner, "random": RandomBot}

ACTIONS = {
    "exposures": "a discard called for an exposure (pung, kong or quint)",
    "mahjong_calls": "a discard called for Mah Jongg",
    "redemptions": "a joker redeemed from an exposure",
    "blind_passes": "a Charleston pass with tiles passed on blind",
    "stop_votes": "a player asking to stop the second Charleston",
    "stopped": "games whose second Charleston was stopped",
    "courtesy": "games with a courtesy pass of 1 to 3 tiles (either pair)",
    "dead": "a hand declared dead",
    "mahjong_in_error": "Mah Jongg declared in error",
}


def one_game(bots: tuple[str, ...], options: AmericanOptions, task: Task) -> dict:
    """The figures of one game: how it ended, the payments, the actions counted."""
    log = runner.play(options, task.seed, [BOTS[b]() for b in bots])
    result = log.result
    counts: Counter[str] = Counter()
    offers: dict[int, int] = {}
    events = list(log.events)
    for k, ev in enumerate(events):
        if isinstance(ev, Call):
            after = events[k + 1] if k + 1 < len(events) else None
            mahjong = isinstance(after, MahJong) and after.player == ev.player
            counts["mahjong_calls" if mahjong else "exposures"] += 1
        elif isinstance(ev, Redeem):
            counts["redemptions"] += 1
        elif isinstance(ev, Pass) and ev.blind:
            counts["blind_passes"] += 1
        elif isinstance(ev, Stop) and ev.stop:
            counts["stop_votes"] += 1
        elif isinstance(ev, Courtesy):
            offers[ev.player] = ev.count
        elif isinstance(ev, Dead):
            counts["dead"] += 1
            counts["mahjong_in_error"] += "in error" in ev.reason
        elif isinstance(ev, Claims):
            counts["claims_lines"] += 1
    seats = sorted(offers)
    counts["courtesy"] = int(any(min(offers.get(p, 0), offers.get((p + 2) % 4, 0)) > 0
                                 for p in seats[:2]))
    counts["stopped"] = int(counts["stop_votes"] > 0)
    outcome = result["outcome"]
    how = ("wall" if result["winner"] is None else "self-drawn" if "self-drawn" in outcome
           else "redeemed" if "redeem" in outcome else "discard")
    return {"how": how, "payments": result["payments"], "winner": result["winner"],
            "jokerless": "jokerless" in outcome, "counts": dict(counts)}


def measure(games: int, bots: tuple[str, ...], options: AmericanOptions, jobs: int,
            seed: str) -> dict:
    start = time.perf_counter()
    rows = [r for _, r in run_batch(partial(one_game, bots, options), games, seed=seed,
                                    options=BatchOptions(jobs=jobs))]
    took = time.perf_counter() - start
    how = Counter(r["how"] for r in rows)
    wins = [r for r in rows if r["winner"] is not None]
    gains = [max(r["payments"]) for r in wins]
    losses = [-p for r in wins for p in r["payments"] if p < 0]
    by_seat = Counter()
    for r in rows:
        for k, p in enumerate(r["payments"]):
            if bots[k] == "planner":
                by_seat["planner"] += p
            else:
                by_seat["other"] += p
    totals: Counter[str] = Counter()
    games_with: Counter[str] = Counter()
    for r in rows:
        for name, n in r["counts"].items():
            totals[name] += n
            games_with[name] += n > 0
    return {
        "games": games, "bots": ",".join(bots), "seconds": round(took, 1),
        "mahjong_rate": len(wins) / games, "wall_rate": how["wall"] / games,
        "self_drawn": how["self-drawn"], "on_a_discard": how["discard"],
        "by_redemption": how["redeemed"], "jokerless": sum(r["jokerless"] for r in wins),
        "average_win": sum(gains) / max(len(gains), 1),
        "average_payment": sum(losses) / max(len(losses), 1),
        "planner_average": by_seat["planner"] / games,
        "wins_by_bot": dict(Counter(bots[r["winner"] - 1] for r in wins)),
        "actions": {name: {"total": totals[name], "games": games_with[name],
                           "per_game": totals[name] / games} for name in ACTIONS},
    }


def markdown(stats: dict) -> str:
    g = stats["games"]
    lines = [
        f"{g:,} games ({stats['bots']}), {stats['seconds']} s:",
        "",
        "| figure | value |",
        "|---|---|",
        f"| Mah Jongg | {stats['mahjong_rate']:.1%} (self-drawn {stats['self_drawn']}, on a "
        f"discard {stats['on_a_discard']}, by a redeemed joker {stats['by_redemption']}; "
        f"jokerless {stats['jokerless']}) |",
        f"| wall games | {stats['wall_rate']:.1%} |",
        "| wins by bot | " + ", ".join(f"{b} {n}" for b, n in
                                         sorted(stats["wins_by_bot"].items())) + " |",
        f"| the winner collects, on average | {stats['average_win']:.1f} |",
        f"| each loser pays, on average | {stats['average_payment']:.1f} |",
        "",
        "| optional action | per game | games with it |",
        "|---|---|---|",
    ]
    for name, about in ACTIONS.items():
        a = stats["actions"][name]
        lines.append(f"| {about} | {a['per_game']:.2f} | {a['games'] / g:.1%} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--bots", default="planner,planner,planner,planner")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--seed", default="american-stats")
    ap.add_argument("--mahjong-call", default="text", choices=("text", "any"))
    ap.add_argument("--json", default=None)
    args = ap.parse_args(argv)
    bots = tuple(args.bots.split(","))
    if len(bots) != 4 or any(b not in BOTS for b in bots):
        print(f"--bots: four of {', '.join(BOTS)}, comma-separated", file=sys.stderr)
        return 2
    stats = measure(args.games, bots, AmericanOptions(mahjong_call=args.mahjong_call),
                    args.jobs, args.seed)
    print(markdown(stats))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(stats, f, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
