"""Make the corpus the Mint Tin referee is run over: game logs from ``tilepress play
minttin`` (in one process, through the real command line), ``puzzle minttin`` answers,
``analyze minttin --json`` answers.  Not a test; a helper for the report.

    PYTHONPATH=generator python tests/minttin_referee_corpus.py logs OUT_DIR
"""

from __future__ import annotations

import sys
from pathlib import Path

OPTION_SETS = {
    # name: (arguments, seeds)
    "ds": ([], range(1, 81)),
    "backs14": (["--jokers", "backs", "--target", "14"], [*range(1, 71), 7007]),
    "all-pass-friendly": (["--jokers", "all", "--pass", "--friendly"], range(1, 71)),
    "none": (["--jokers", "none"], range(1, 51)),
    "all-jblocks": (["--jokers", "all", "--joker-blocks"], range(1, 51)),
    "solo": (["--solo"], range(1, 61)),
    "solo-jb6": (["--solo", "--joker-block", "--dead-hand", "6"], range(1, 51)),
    "solo-dh0-14": (["--solo", "--dead-hand", "0", "--target", "14"], range(1, 31)),
}


def cli(args: list[str]) -> str:
    from typer.testing import CliRunner

    from tilepress.cli import app

    result = CliRunner().invoke(app, args)
    if result.exit_code != 0:
        raise SystemExit(f"tilepress {' '.join(args)}: exit {result.exit_code}\n"
                         f"{result.output}{result.exception!r}")
    return result.output


def make_logs(out: Path, only: str | None = None) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, (args, seeds) in OPTION_SETS.items():
        if only and name != only:
            continue
        for seed in seeds:
            path = out / f"{name}-{seed}.jsonl"
            if not path.exists():
                cli(["play", "minttin", *args, "--seed", str(seed), "-o", str(path)])
            paths.append(path)
    return paths


if __name__ == "__main__":
    if sys.argv[1] == "logs":
        make_logs(Path(sys.argv[2]), sys.argv[3] if len(sys.argv) > 3 else None)
