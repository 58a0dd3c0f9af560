"""Run the Mint Tin referee over tilepress's outputs and print every disagreement
(the data of reports/minttin-referee.md).  Not a test: a helper, one process, small runs.

    PYTHONPATH=generator python tests/minttin_referee_report.py WORKDIR

WORKDIR receives the logs and puzzle files; everything tilepress writes is made by its
real command line, in-process (minttin_referee_corpus.cli).
"""

from __future__ import annotations

import json
import random
import sys
import tomllib
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import minttin_referee as ref
from minttin_referee_corpus import OPTION_SETS, cli, make_logs

ROOT = Path(__file__).resolve().parent.parent


def canon(cards) -> str:
    return " ".join(sorted(ref.parse(cards), key=ref.CARDS.index))


# -- puzzles ---------------------------------------------------------------------------


PUZZLE_RUNS = [(seed, d, j) for seed in (1, 2, 3) for d in ("easy", "medium", "hard", "expert")
               for j in (0, 1, 2)] + [(seed, "any", 1) for seed in (4, 5, 6)]


def check_puzzles(work: Path) -> dict:
    """``puzzle minttin``: each answer's completions against the referee's (13 concealed
    cards, no joker discarded, four jokers in the deck)."""
    rows = []
    stats = Counter()
    for seed, diff, jokers in PUZZLE_RUNS:
        path = work / f"puzzle-{seed}-{diff}-{jokers}.json"
        cli(["puzzle", "minttin", "--count", "12", "--difficulty", diff, "--jokers",
             str(jokers), "--seed", str(seed), "-o", str(path)])
        data = json.loads(path.read_text())
        for p in data["puzzles"]:
            stats["puzzles"] += 1
            hand = p["question"]["hand"]
            theirs = p["answer"]["completions"]
            mine = ref.completions(hand, concealed=True, jokers_discarded=0)
            stats["cards compared"] += len(set(theirs) | set(mine))
            if theirs != mine:
                missing = sorted(set(mine) - set(theirs), key=ref.CARDS.index)
                extra = sorted(set(theirs) - set(mine), key=ref.CARDS.index)
                points = {c: (theirs[c], mine[c]) for c in theirs if c in mine
                          and theirs[c] != mine[c]}
                stats["puzzles disagreeing"] += 1
                stats["set differs"] += bool(missing or extra)
                stats["points differ"] += bool(points)
                # does the concealed bonus alone explain it?
                exposed_view = ref.completions(hand, concealed=False, jokers_discarded=0)
                stats["explained by concealed +1"] += exposed_view == theirs
                rows.append({"file": path.name, "id": p["id"], "hand": hand,
                             "tilepress": theirs, "referee": mine, "missing": missing,
                             "extra": extra, "points": points,
                             "tilepress = referee without concealed": exposed_view == theirs})
    return {"stats": dict(stats), "rows": rows}


DISCARD_RUNS = [(seed, d) for seed in (1, 2) for d in ("easy", "medium", "hard", "expert")]


def unseen(hand14: list[str], cards) -> int:
    n = Counter(hand14)
    return sum(ref.NATURAL_COPIES - n[c] if c != ref.JOKER else 4 - n[c] for c in cards)


def discard_table(hand: list[str], concealed: bool = True) -> dict:
    """Each discard that leaves 13 concealed cards ready: its completions, the unseen
    completing cards (four of each, four jokers, less the 14 held) and the best points."""
    mine = {}
    for d in sorted(set(hand), key=ref.CARDS.index):
        rest = list(hand)
        rest.remove(d)
        comp = ref.completions(rest, concealed=concealed, jokers_discarded=0)
        if comp:
            mine[d] = {"completions": comp, "left": unseen(hand, comp),
                       "points": max(comp.values())}
    return mine


def check_discard_puzzles(work: Path) -> dict:
    """``puzzle minttin-discard``: each discard's completions and points, and the best
    discard (most unseen completing cards), against the referee."""
    rows = []
    stats = Counter()
    for seed, diff in DISCARD_RUNS:
        path = work / f"discard-{seed}-{diff}.json"
        cli(["puzzle", "minttin-discard", "--count", "12", "--difficulty", diff,
             "--seed", str(seed), "-o", str(path)])
        for p in json.loads(path.read_text())["puzzles"]:
            stats["puzzles"] += 1
            hand = ref.parse(p["question"]["hand"])
            theirs = {r["discard"]: r for r in p["answer"]["table"]}
            mine = discard_table(hand)
            diffs = []
            for d in sorted(set(theirs) | set(mine), key=ref.CARDS.index):
                t, m = theirs.get(d), mine.get(d)
                if t is None:
                    diffs.append(f"discard {d}: missing from the table; referee "
                                 f"{m['completions']} ({m['left']} unseen)")
                elif m is None:
                    diffs.append(f"discard {d}: table {t['completions']}, referee not ready")
                elif t["completions"] != m["completions"] or t["left"] != m["left"] \
                        or t["points"] != m["points"]:
                    diffs.append(f"discard {d}: table {t['completions']} ({t['left']} unseen, "
                                 f"best {t['points']}), referee {m['completions']} "
                                 f"({m['left']} unseen, best {m['points']})")
            # "ready for the most cards you have not seen ..., and among equals the most
            # points"
            best = max((m["left"], m["points"]) for m in mine.values()) if mine else None
            chosen = p["answer"]["discard"]
            answer_ok = chosen in mine and (mine[chosen]["left"], mine[chosen]["points"]) == best
            already = ref.evaluate(hand, concealed=True, jokers_discarded=0)
            if already is not None and already.win:
                stats["hands that already win (the puzzle says they do not)"] += 1
                diffs.insert(0, f"the 14 cards already win: {already.points} point(s), "
                                f"{', '.join(already.why)}")
            if diffs or not answer_ok:
                stats["puzzles disagreeing"] += 1
                stats["answer (the discard) no longer best"] += not answer_ok
                rows.append({"file": path.name, "id": p["id"], "hand": p["question"]["hand"],
                             "answer": chosen, "answer still best": answer_ok,
                             "referee best": sorted((d for d, m in mine.items()
                                                     if (m["left"], m["points"]) == best),
                                                    key=ref.CARDS.index),
                             "diffs": diffs})
    return {"stats": dict(stats), "rows": rows}


# -- analyze ---------------------------------------------------------------------------


def random_hands(n: int, seed: int, joker_blocks: bool = False) -> list[str]:
    """13-card hands one card from a winning arrangement: a random set, dragons and a
    pattern, naturals and jokers, then one card taken out; and Epic hands less a card.
    With ``joker_blocks``, one pung or kong may be all jokers."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        if rng.random() < 0.04:
            epic = [*ref.NUMBERS, *ref.DRAGONS, "J", "J"]
            epic.remove(rng.choice(epic))
            out.append(canon(epic))
            continue
        _, numbers = rng.choice(ref.SETS)
        faces = [str(x) for x in numbers]
        suits = {ref.SUIT[f] for f in faces}
        faces += [d for d in ref.DRAGONS if ref.SUIT[d] in suits and rng.random() < 0.5]
        a, m, b, k = rng.choice(ref.patterns())
        if m + k != len(faces):
            continue
        sizes = [a] * m + [b] * k
        rng.shuffle(sizes)
        hand = []
        all_jokers = rng.randrange(len(faces)) if joker_blocks else -1
        for i, (f, s) in enumerate(zip(faces, sizes, strict=True)):
            j = 0 if s == 2 else min(rng.choice((0, 0, 0, 1, 2)), s - 1)
            j = max(j, s - 4)
            if i == all_jokers and s in (3, 4):
                j = s
            hand += [f] * (s - j) + ["J"] * j
        if hand.count("J") > 4:
            continue
        hand.remove(rng.choice(hand))
        out.append(canon(hand))
    return out


def analyze(hand: str, *extra: str) -> dict:
    return json.loads(cli(["analyze", "minttin", hand, "--json", *extra]))


def check_analyze_joker_blocks(hands13: list[str]) -> dict:
    """``analyze minttin --joker-blocks --concealed`` against the referee's house rule."""
    stats = Counter()
    rows = []
    for hand in hands13:
        mine = ref.completions(hand, concealed=True, jokers_discarded=0, joker_blocks=True)
        data = analyze(hand, "--joker-blocks", "--concealed")
        theirs = {c["card"]: c["score"] for c in data["completions"]}
        stats["hands"] += 1
        if theirs != mine:
            stats["disagree"] += 1
            rows.append({"hand": hand, "tilepress": theirs, "referee": mine})
    return {"stats": dict(stats), "rows": rows}


def check_analyze(work: Path, hands13: list[str], winning: list[tuple]) -> dict:
    """``analyze minttin --json``: for 13 concealed cards, bare (as posed: no exposure
    given, so concealed) and with --concealed; for 14-card winning hands from the logs,
    with the game's exposures, concealed flag and jokers discarded."""
    stats = Counter()
    rows = []
    for hand in hands13:
        mine = ref.completions(hand, concealed=True, jokers_discarded=0)
        for flag in ((), ("--concealed",)):
            data = analyze(hand, *flag)
            theirs = {c["card"]: c["score"] for c in data["completions"]}
            key = "bare" if not flag else "--concealed"
            stats[f"13 cards, {key}: hands"] += 1
            if theirs != mine:
                stats[f"13 cards, {key}: disagree"] += 1
                explained = theirs == ref.completions(hand, concealed=False, jokers_discarded=0)
                stats[f"13 cards, {key}: explained by concealed +1"] += explained
                rows.append({"hand": hand, "flags": key, "tilepress": theirs, "referee": mine,
                             "explained by concealed": explained})
    for cards, exposures, concealed, jd, jb in winning:
        args = [a for b in exposures for a in ("--exposed", "".join(b))]
        if concealed:
            args.append("--concealed")
        if jd:
            args += ["--jokers-discarded", str(jd)]
        if jb:
            args.append("--joker-blocks")
        data = analyze(" ".join(cards), *args)
        theirs = data["best"]["score"] if data["best"] else None
        v = ref.evaluate(cards, exposed_blocks=exposures, concealed=concealed,
                         jokers_discarded=jd, joker_blocks=jb)
        mine = None if v is None else v.points
        stats["14 cards from logs: hands"] += 1
        if theirs != mine or bool(data["wins"]) != ref.is_win(mine):
            stats["14 cards from logs: disagree"] += 1
            rows.append({"hand": " ".join(cards), "flags": " ".join(args),
                         "tilepress": theirs, "referee": mine})
    return {"stats": dict(stats), "rows": rows}


def winning_hands_from_logs(paths, limit: int) -> list[tuple]:
    """(concealed cards, exposures, concealed, jokers discarded, joker blocks) at every
    Mahjong and double of the logs, each once, up to ``limit``."""
    seen = {}

    class Tap(ref._Referee):
        def verdict_of(self, who):
            p = self.players[who]
            concealed = not p.exposures or (len(p.exposures) == 1 and p.called_this_turn)
            cards = sorted(p.hand.elements(), key=ref.CARDS.index)
            key = (tuple(cards), tuple(tuple(b) for b in p.exposures), concealed,
                   p.jokers_discarded, self.joker_blocks)
            seen.setdefault(key, None)
            return super().verdict_of(who)

    for path in paths:
        Tap(str(path)).run()
        if len(seen) >= limit:
            break
    return [(list(c), [list(b) for b in e], con, jd, jb)
            for c, e, con, jd, jb in list(seen)[:limit]]


# -- the kit's puzzle sampler ------------------------------------------------------------


KIT_COMPLETE = [  # tilepress kit minttin (seed 1): 06-puzzles.pdf, the answers page
    ("44 66 88 DMDMDM DFDFDF J", {"DF": 1, "DM": 1, "J": 1}),
    ("11 3333 9 DSDS DFDFDFDF", {"9": 1}),
    ("1111 3 5555 777 J", {"3": 1, "J": 1}),
    ("222 4444 66 DSDS DMDM", {"2": 1, "J": 1}),
]
KIT_DISCARD = [  # (hand, the answer, {discard: (completions, unseen)})
    ("55 66 7777 88 9 DFDFDF", "9", {"9": ({"DF": 1, "J": 1}, 5), "DF": ({"9": 1}, 3)}),
    ("44 5555 66 777 88 9", "9", {"9": ({"7": 1, "J": 1}, 5), "7": ({"9": 1}, 3)}),
    ("1 2222 33 444 55 DSDS", "1", {"1": ({"4": 1, "J": 1}, 5), "4": ({"1": 1}, 3)}),
    ("22 33 4444 55 666 7", "7", {"7": ({"6": 1, "J": 1}, 5), "6": ({"7": 1}, 3)}),
]


def check_kit(work: Path) -> dict:
    """The kit's sampler: its printed answers (read from the PDF's text) against the
    referee.  The hands above are checked to be in the PDF."""
    import pypdf

    cli(["kit", "minttin", "-o", str(work / "kit"), "-q"])
    pdf = pypdf.PdfReader(str(work / "kit" / "minttin" / "06-puzzles.pdf"))
    text = "\n".join(page.extract_text() for page in pdf.pages)
    rows = []
    for hand, printed in KIT_COMPLETE:
        assert hand in text, hand
        mine = ref.completions(hand, concealed=True, jokers_discarded=0)
        rows.append({"hand": hand, "kind": "complete", "printed": printed, "referee": mine,
                     "holds": printed == mine})
    for hand, answer, table in KIT_DISCARD:
        assert hand in text, hand
        mine = discard_table(ref.parse(hand))
        best = max(m["left"] for m in mine.values())
        rows.append({"hand": hand, "kind": "discard", "printed": {"answer": answer, **{
            d: f"{c} ({n} unseen)" for d, (c, n) in table.items()}},
            "referee": {"best": [d for d, m in mine.items() if m["left"] == best], **{
                d: f"{m['completions']} ({m['left']} unseen)" for d, m in mine.items()}},
            "holds": all(d in mine and mine[d]["completions"] == c and mine[d]["left"] == n
                         for d, (c, n) in table.items()) and set(table) == set(mine)})
    return {"rows": rows}


# -- logs ----------------------------------------------------------------------------


def check_logs(paths) -> dict:
    stats = Counter()
    rows = []
    for path in paths:
        out, checks = ref.rescore_log_counts(path)
        text = Path(path).read_text()
        stats["logs"] += 1
        stats["logs with a double"] += '"type": "double"' in text
        stats.update(checks)
        for line in out:
            rows.append(line)
    return {"stats": dict(stats), "rows": rows}


# -- rulebook ----------------------------------------------------------------------------


def check_rulebook() -> dict:
    """The claims of templates/rulebooks/minttin/rulebook.toml (what the rulebook prints
    beside each figure) against the referee."""
    spec = tomllib.loads((ROOT / "templates/rulebooks/minttin/rulebook.toml").read_text())
    rows = []
    for name, fig in spec["figure"].items():
        claim = fig.get("claim", {})
        text = fig["hand"]
        exposed = []
        while "[" in text:
            a, b = text.index("["), text.index("]")
            exposed.append(ref.parse(text[a + 1:b]))
            text = text[:a] + text[b + 1:]
        cards = ref.parse(text)
        concealed = not exposed  # a figure with no exposure shows a concealed hand
        n = len(cards) + sum(map(len, exposed))
        row = {"figure": name, "hand": fig["hand"], "caption": fig["caption"],
               "claim": claim}
        if n == 14:
            v = ref.evaluate(cards, exposed_blocks=exposed, concealed=concealed,
                             jokers_discarded=0)
            row["referee"] = {"points": None if v is None else v.points,
                              "wins": v is not None and v.win,
                              "why": list(v.why) if v else []}
            ok = True
            if "points" in claim:
                ok &= claim["points"] == row["referee"]["points"] or (
                    claim["points"] == 0 and row["referee"]["points"] is None)
            if "wins" in claim:
                ok &= claim["wins"] == row["referee"]["wins"]
        elif n == 13 and "completions" in claim:
            comp = ref.completions(cards, exposed_blocks=exposed, concealed=concealed,
                                   jokers_discarded=0)
            row["referee"] = {"completions": comp}
            want = dict(x.split(":") for x in claim["completions"].split())
            ok = {k: int(v) for k, v in want.items()} == comp
        else:
            row["referee"] = {"cards": n}
            ok = claim.get("cards", n) == n
        row["holds"] = ok
        rows.append(row)
    return {"rows": rows}


def main(work: Path) -> None:
    work.mkdir(parents=True, exist_ok=True)
    logs = make_logs(work / "logs")
    report = {"options": {k: v[0] for k, v in OPTION_SETS.items()}}
    report["logs"] = check_logs(logs)
    report["puzzles"] = check_puzzles(work)
    report["discard puzzles"] = check_discard_puzzles(work)
    puzzle_hands = []
    for f in sorted(work.glob("puzzle-*-1.json"))[:6]:
        puzzle_hands += [p["question"]["hand"] for p in json.loads(f.read_text())["puzzles"]]
    hands13 = list(dict.fromkeys(puzzle_hands[:40] + random_hands(120, 11) + [
        "11 22 33 444 DSDSDSDS", "55 66 777 88 DMDM DFDF", "1122233DSDSDSJJJ"]))
    report["analyze"] = check_analyze(work, hands13, winning_hands_from_logs(logs, 150))
    report["analyze --joker-blocks"] = check_analyze_joker_blocks(random_hands(40, 12, True))
    report["rulebook"] = check_rulebook()
    report["kit"] = check_kit(work)
    (work / "report.json").write_text(json.dumps(report, indent=1, default=str))
    for key in ("logs", "puzzles", "discard puzzles", "analyze", "analyze --joker-blocks"):
        print(key, report[key]["stats"])
    for row in report["logs"]["rows"]:
        print("log", row)
    for row in report["rulebook"]["rows"]:
        print("rulebook", row["figure"], row["claim"], row["referee"], row["holds"])
    for row in report["kit"]["rows"]:
        print("kit", row)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
