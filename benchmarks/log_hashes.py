"""A fingerprint of the logs ``tilepress stats`` plays: the SHA-256 of the first N logs of
each game (the JSON lines of each, in order, with the stats task seeds), so that a change
made for speed can be shown to leave every log byte-identical.

    python benchmarks/log_hashes.py                        # 200 logs of every game
    python benchmarks/log_hashes.py minttin castle -n 50
    git stash; python benchmarks/log_hashes.py > before.txt; git stash pop
    python benchmarks/log_hashes.py > after.txt; diff before.txt after.txt

Prints one line per game: its name, the number of logs and the hash (16 hex digits).
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from stats import GAMES, setup_of  # benchmarks/stats.py, beside this file

from tilepress.batch import task_seed
from tilepress.publish.stats.records import prepared


def log_hash(name: str, count: int, seed: int = 1) -> str:
    """The hash of the first ``count`` logs a stats run of ``name`` plays from ``seed``."""
    game, options, play, _ = prepared(setup_of(name))
    digest = hashlib.sha256()
    for index in range(count):
        digest.update(game.play(options, play, task_seed(seed, index)).to_jsonl().encode())
    return digest.hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", choices=[[], *GAMES], default=[])
    parser.add_argument("-n", "--logs", type=int, default=200, help="Logs per game.")
    args = parser.parse_args()
    for name in args.games or GAMES:
        print(f"{name} {args.logs} {log_hash(name, args.logs)}", flush=True)


if __name__ == "__main__":
    main()
