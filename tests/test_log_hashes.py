"""The logs of every game, pinned: the SHA-256 of the first logs a ``tilepress stats`` run
plays of each game (from the stats task seeds, as ``python benchmarks/log_hashes.py -n
4`` prints them), played in a fresh process with the kernels compiled and again with
compilation off (``TILEPRESS_NO_JIT=1``: the kernels' own Python source). A change that
moves any game's play, or that makes the kernels' Python differ from their compiled
code, changes a hash here."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import tilepress

LOGS = 4
"""Logs of each game: the first of a stats run (in seconds with compilation off)."""
PINNED = {
    "onesuit": "3d56c9b149f4699d",
    "oneplayer": "fe20984f2e0fcdc0",
    "minttin": "68b709d664860654",
    "minttin-solo": "d06dd417fff59069",
    "american": "a109aea2d17fc762",
    "castle": "27fceed449f15c60",
}
"""The first 16 hex digits of each game's hash (the same compiled and off). The games are
those played before the kernels became the one implementation of their rules; the hashes
moved since with the log format (version 2: the header's ``log`` and seats from 0 in the
result), with Mint Tin's ``round-limit`` option in its header and American Mah Jongg's
log details (issue 35: a call for Mah Jongg shows the whole group, a win by redeeming a
joker after a draw says so), not with the play: no decision changed."""

_PLAY = """
import hashlib, sys
from tilepress import compiled
from tilepress.batch import task_seed
from tilepress.games import find_game
print("compiled" if compiled.enabled() else "plain")
for name in sys.argv[2:]:
    game = find_game(name)
    options = game.options_from({})
    play = game.play_options_from(dict(game.variants.get(name, {})))
    digest = hashlib.sha256()
    for index in range(int(sys.argv[1])):
        digest.update(game.play(options, play, task_seed(1, index)).to_jsonl().encode())
    print(name, digest.hexdigest()[:16])
"""


def played(no_jit: str) -> tuple[str, dict[str, str]]:
    """How the kernels ran, and each game's hash, in a fresh process."""
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_DISABLE_JIT"}
    package = str(Path(tilepress.__file__).resolve().parents[1])  # this very tilepress
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [package, env.get("PYTHONPATH")]))
    env["TILEPRESS_NO_JIT"] = no_jit
    out = subprocess.run([sys.executable, "-c", _PLAY, str(LOGS), *PINNED], env=env,
                         capture_output=True, text=True, check=True).stdout.split("\n")
    return out[0], dict(line.split() for line in out[1:] if line)


@pytest.mark.parametrize(("no_jit", "kernels"), [("0", "compiled"), ("1", "plain")])
def test_every_games_logs_are_pinned_compiled_and_with_compilation_off(
        no_jit: str, kernels: str) -> None:
    ran, hashes = played(no_jit)
    assert ran == kernels
    assert hashes == PINNED
