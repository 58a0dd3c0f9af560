"""Write the output of every README command, with fixed seeds, into a folder; or compare
two such folders byte for byte.

Used to prove that a refactoring changes nothing a user sees:

    python tools/snapshot.py write /tmp/before      # on the old code
    python tools/snapshot.py write /tmp/after       # on the new code
    python tools/snapshot.py compare /tmp/before /tmp/after

Each command runs as its own ``tilepress`` process (two at a time). Standard output is
kept as ``NN-name.out`` beside the files the command wrote; ``{o}`` in a command is the
snapshot folder.
"""

from __future__ import annotations

import hashlib
import os
import shlex
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

COMMANDS = [
    # analyze (text and JSON)
    "analyze waits 1112345678999m",
    "analyze waits 1112345678999m1z",
    "analyze waits '123m456p [7777s] 11z' --visible 1z --json",
    "analyze waits 1358m2469p1357s7z --json",
    "analyze minttin '555 777 999J 111J' --jokers-discarded 1",
    "analyze minttin 1122233DSDSDSJJJ",
    "analyze minttin '11 444 555 666 DM DM DM' --json",
    "analyze american 222m4444m666m888m",
    "analyze american 2222m555s6666p88p1f --json",
    # puzzles, each kind as JSON, PDF and SVG
    "puzzle waits --count 24 --difficulty hard --seed 7 -o {o}/waits.pdf",
    "puzzle waits --count 24 --difficulty hard --seed 7 -o {o}/waits.json",
    "puzzle waits --count 6 --difficulty hard --seed 7 -o {o}/waits.svg",
    "puzzle waits --tiles 13 --suits mixed --decoys 3 -o {o}/mixed.json",
    "puzzle discard --tiles 10 --difficulty expert -o {o}/discard.pdf",
    "puzzle discard --tiles 10 --difficulty expert -o {o}/discard.json",
    "puzzle discard --suits mixed --count 4 -o {o}/discard.svg",
    "puzzle solitaire --layout turtle --difficulty hard --seed 3 -o {o}/solitaire.pdf",
    "puzzle solitaire --layout turtle --difficulty hard --seed 3 -o {o}/solitaire.json",
    "puzzle solitaire --layout pyramid --seed 2 -o {o}/solitaire-pyramid.svg",
    "puzzle castle --players 3 --symmetric --seed 4 -o {o}/castle.pdf",
    "puzzle castle --players 3 --symmetric --seed 4 -o {o}/castle.json",
    "puzzle minttin --difficulty hard -o {o}/minttin.pdf",
    "puzzle minttin --difficulty hard -o {o}/minttin.json",
    "puzzle minttin-discard --count 8 -o {o}/minttin-discard.pdf",
    "puzzle minttin-discard --count 8 -o {o}/minttin-discard.json",
    "puzzle american --count 8 --difficulty hard -o {o}/american.pdf",
    "puzzle american --count 8 --difficulty hard -o {o}/american.json",
    # verify
    "verify {o}/waits.json",
    # books
    "book -o {o}/book.pdf",
    "book puzzles/book.toml --paper letter -o {o}/book-letter.pdf",
    # games: logs, worked examples, replays
    "play onesuit --tiles 7 --seed 3 -o {o}/onesuit.pdf",
    "play onesuit --tiles 7 --seed 3 -o {o}/onesuit.jsonl",
    "play onesuit --bots efficiency,random --slip 0.3 -o {o}/onesuit-game.jsonl",
    "play onesuit --tiles 13 --scoring simple --seed 5 -o {o}/onesuit13.jsonl",
    "play oneplayer --seed 5 -o {o}/oneplayer.pdf",
    "play oneplayer --seed 5 -o {o}/oneplayer.jsonl",
    "play oneplayer --bot greedy --flowers one-kind --seed 2 -o {o}/oneplayer-greedy.jsonl",
    "play castle --players 4 --seed 1 -o {o}/castle-game.pdf",
    "play castle --players 4 --seed 1 -o {o}/castle-game.jsonl",
    "play castle --players 2 --bots planner,random --group 5 --seed 6 -o {o}/castle2.jsonl",
    "play castle --players 3 --layout generate --seed 2 -o {o}/castle3.svg",
    "play minttin --seed 3 -o {o}/minttin-game.pdf",
    "play minttin --seed 3 -o {o}/minttin-game.jsonl",
    "play minttin --solo --seed 3 -o {o}/minttin-solo.jsonl",
    "play minttin --solo --seed 3 -o {o}/minttin-solo.pdf",
    "play minttin --jokers all --pass --friendly --bots planner,random --seed 8 "
    "-o {o}/minttin-opts.jsonl",
    "play minttin --solo --joker-block --dead-hand 6 --seed 4 -o {o}/minttin-solo2.jsonl",
    "play american --seed 2 -o {o}/american-game.pdf",
    "play american --seed 2 -o {o}/american-game.jsonl",
    "play american --bots planner,random,planner,random --jokerless double "
    "--second-charleston never --seed 5 -o {o}/american2.jsonl",
    "replay {o}/onesuit-game.jsonl",
    "replay {o}/oneplayer.jsonl",
    "replay {o}/castle-game.jsonl",
    "replay {o}/minttin-game.jsonl",
    "replay {o}/minttin-solo.jsonl",
    "replay {o}/american-game.jsonl",
    # layouts and cards
    "layout check turtle",
    "layout check octagon",
    "layout check quarters --tileset all",
    "card check puzzles/cards/practice.card",
    # printables
    "print setup castle -o {o}/castle-setup.pdf",
    "print setup castle --layout towers -o {o}/castle-setup-towers.svg",
    "print board castle -o {o}/castle-board.pdf",
    "print pad castle -o {o}/castle-pad.pdf",
    "print card castle -o {o}/castle-card.pdf",
    "print deck minttin -o {o}/deck.pdf",
    "print deck minttin --one-per-page --card-size poker -o {o}/deck-shop.pdf",
    "print deck minttin --duplex short --paper letter -o {o}/deck-letter.pdf",
    "print deck minttin --format svg -o {o}/deck-svg",
    "print card minttin -o {o}/minttin-card.pdf",
    "print sheet minttin -o {o}/minttin-sheet.pdf",
    "print card american -o {o}/american-card.pdf",
    "print sheet american -o {o}/american-sheet.svg",
    "print charleston american -o {o}/charleston.pdf",
    "print card onesuit -o {o}/onesuit-card.pdf",
    "print sheet oneplayer --paper letter -o {o}/oneplayer-sheet.pdf",
    # the rest of the README's command block (heavy ones with smaller counts)
    "kit -o {o}/kit",
    "kit onesuit solitaire --paper letter --tile-size 22x30 -o {o}/my-kit",
    "print tiles full -o {o}/tiles-full.pdf",
    "print tiles onesuit --suit s --duplex short -o {o}/tiles-onesuit.pdf",
    "print tiles '1234567z x4' --tile-size 26x34.7 --one-per-page -o {o}/honors.pdf",
    "print board castle --tile-size 22,30 -o {o}/castle-board-22.pdf",
    "print shrines castle -o {o}/shrines.pdf",
    "print deck minttin --rules-cards -o {o}/deck-rules.pdf",
    "print deck minttin --duplex-test -o {o}/duplex-test.pdf",
    "print deck minttin --card-size poker --back-offset 0.5,0 --back '#1f4e4a' "
    "-o {o}/deck-poker.pdf",
    "print deck minttin --format png --dpi 60 -o {o}/deck-png",
    "print sheet onesuit -o {o}/onesuit-sheet.pdf",
    "print sheet minttin --solo -o {o}/minttin-solo-sheet.pdf",
    "rulebook american --booklet -o {o}/american-rules.pdf",
    "rulebook onesuit --booklet -o {o}/onesuit-rules-booklet.pdf",
    "rulebook minttin --booklet -o {o}/minttin-rules.pdf",
    "rulebook onesuit --paper letter --no-rulings -o {o}/onesuit-rules.pdf",
    "rulebook castle -o {o}/castle-rules.pdf",
    "rulebook oneplayer -o {o}/oneplayer-rules.pdf",
    "rulebook solitaire -o {o}/solitaire-rules.pdf",
    "draw card-hand '2468 #1' --tiles '222m 4444m 666m 8888m' -o {o}/line.svg",
    "draw hand '123m 456p [777s] 11z' -o {o}/hand.svg",
    "draw hand '123m 456p [777s] 11z' --highlight 1z -o {o}/hand-hl.svg",
    "draw waits 2345m -o {o}/waits.png",
    "draw waits 1112345678999m --tile-width 9 -o {o}/nine-gates.png --dpi 150",
    "draw line 11335577991357p -o {o}/line.pdf",
    "draw board --game 5 --turns 12 -o {o}/board.svg",
    "draw layout turtle --free -o {o}/turtle.svg",
    "draw cards '1111 5555 JJ [333J]' --highlight 5 --points 3 -o {o}/cards.svg",
    "draw castle towers --view above --dealt --open -o {o}/towers.svg",
    "daily 2027-03-01 -o {o}/daily-0301.pdf",
    "daily 2027-03-01 --series acme -o {o}/daily-acme.pdf",
    "daily 2027-03-01 --answers next-day -o {o}/monday.pdf",
    "daily --from 2027-01-01 --to 2027-01-04 -o {o}/daily/ --combined --jobs 2",
    "stats castle --games 40 -o {o}/castle-stats.pdf",
    "stats minttin --games 40 --against '--jokers none' -o {o}/minttin-stats.pdf",
    "stats onesuit --games 200 --rows {o}/onesuit.csv -o {o}/onesuit-stats.pdf",
    "stats oneplayer --bots greedy --games 20 -o {o}/oneplayer-stats.pdf",
    "stats minttin-solo --games 20 --dead-hand 6 -o {o}/minttin-solo-stats.pdf",
    "stats american --games 12 -j 2 -o {o}/american-stats.pdf",
]

# Commands that read what an earlier command wrote run after all the others.
AFTER = [
    "draw position {o}/onesuit-game.jsonl --at 20 --seat 1 -o {o}/position.pdf",
    "verify {o}/daily/2027-01-02.json",
]


def _run(index: int, command: str, folder: Path) -> None:
    words = shlex.split(command)
    done = subprocess.run(["tilepress", *shlex.split(command.format(o=folder))],
                          capture_output=True, text=True,
                          cwd=Path(__file__).resolve().parent.parent)
    name = words[0] + ("-" + words[1] if len(words) > 1 and not words[1].startswith("{") else "")
    name = name.replace("/", "_").replace(".", "_")
    text = (done.stdout + done.stderr).replace(str(folder), "{o}")
    (folder / f"{index:02d}-{name}.out").write_text(f"exit {done.returncode}\n{text}")


def write(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    with ThreadPoolExecutor(2) as pool:
        list(pool.map(lambda item: _run(item[0], item[1], folder), enumerate(COMMANDS)))
    for index, command in enumerate(AFTER, start=len(COMMANDS)):
        _run(index, command, folder)


def _digests(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def compare(before: Path, after: Path) -> int:
    a, b = _digests(before), _digests(after)
    differ = sorted(k for k in a.keys() & b.keys() if a[k] != b[k])
    for name in sorted(a.keys() - b.keys()):
        print(f"only in {before}: {name}")
    for name in sorted(b.keys() - a.keys()):
        print(f"only in {after}: {name}")
    for name in differ:
        print(f"differs: {name}")
    same = len(a.keys() & b.keys()) - len(differ)
    print(f"{same} of {len(a)} files byte-identical")
    return 0 if a == b else 1


def main(argv: list[str]) -> int:
    if len(argv) == 2 and argv[0] == "write":
        write(Path(argv[1]).resolve())
        return 0
    if len(argv) == 3 and argv[0] == "compare":
        return compare(Path(argv[1]), Path(argv[2]))
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    sys.exit(main(sys.argv[1:]))
