"""American Mah Jongg: the card format, the practice card, matching and nearness against
a brute force, the four-player game, bots, logs, quizzes and printables."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tilepress.engine.log import read_log
from tilepress.errors import FileFormatError, HandError, IllegalActionError, RequestError
from tilepress.games.american import GAME, cards_file
from tilepress.games.american import card as rules
from tilepress.games.american import runner as game
from tilepress.games.american.bots import Planner, RandomBot
from tilepress.games.american.rules import (
    AmericanGame,
    AmericanOptions,
    Answer,
    Call,
    Claims,
    Courtesy,
    Dead,
    Deal,
    Dice,
    Discard,
    Draw,
    End,
    MahJong,
    Pass,
    Phase,
    Stop,
)
from tilepress.tiles import Tile, parse_tiles

CARD = cards_file.practice_card()
J = Tile("1j")

# -- the card format ---------------------------------------------------------------


def test_the_practice_card_round_trips_exactly() -> None:
    from tilepress.resources import shipped

    text = shipped("puzzles", "cards", "practice.card").read_text(encoding="utf-8")
    assert CARD.to_text() == text
    assert rules.parse_card(CARD.to_text()) == CARD


def test_the_practice_card_covers_the_families() -> None:
    assert 40 <= len(CARD.hands) <= 60
    assert set(CARD.families) >= {"2026", "2468", "Like numbers", "Addition", "Quints",
                                  "Consecutive run", "13579", "Winds and dragons", "369",
                                  "Singles and pairs"}
    assert any(h.concealed for h in CARD.hands) and any(not h.concealed for h in CARD.hands)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(CARD.hands), min_size=1, max_size=12),
       st.lists(st.sampled_from(["Odds", "Mixed", "Fours"]), min_size=1, max_size=3,
                unique=True),
       st.integers(min_value=1, max_value=200), st.booleans())
def test_cards_round_trip(hands, families, value, concealed) -> None:
    lines = ["card: A test card"]
    for k, family in enumerate(families):
        lines += ["", f"== {family} =="]
        for h in hands[k::len(families)] or hands[:1]:
            body = " | ".join(" ".join(str(g) for g in v) for v in h.variants)
            lines.append(f"{'C' if concealed else 'X'} {value}  {body}")
    text = "\n".join(lines) + "\n"
    card = rules.parse_card(text)
    assert card.to_text() == text
    assert rules.parse_card(card.to_text()) == card


@pytest.mark.parametrize(("text", "line", "words"), [
    ("card: T\n== F ==\nX 25 FF 2222a 4444a 666a\n", 3, "has 13 tiles"),
    ("card: T\n== F ==\nX 25 FF 2222q 4444a 6666a\n", 3, "'q' in '2222q'"),
    ("card: T\n== F ==\nX 25 FF 2222 4444a 6666a\n", 3, "need a suit letter"),
    ("card: T\n== F ==\nX 25 FFa 2222a 4444a 6666a\n", 3, "take no suit"),
    ("card: T\n== F ==\nY 25 FF 2222a 4444a 6666a\n", 3, "starts with X"),
    ("card: T\n== F ==\nX lots FF 2222a 4444a 6666a\n", 3, "is not a value"),
    ("card: T\nX 25 FF 2222a 4444a 6666a\n", 2, "under a family"),
    ("card: T\n== F ==\nX 25 FF 11a 11a 11a 2222b 22b\n", 3, "no choice of suits"),
    ("card: T\n== F ==\nX 25 FF 222222a 444a 666a\n", 3, "at most five"),
])
def test_malformed_cards_name_the_line_and_the_reason(text, line, words) -> None:
    with pytest.raises(FileFormatError) as err:
        rules.parse_card(text, source="my.card")
    assert str(err.value).startswith(f"my.card: line {line}: ") and words in str(err.value)


def test_a_card_needs_a_name_and_hands() -> None:
    with pytest.raises(FileFormatError, match="name line"):
        rules.parse_card("== F ==\nX 25 FF 2222a 4444a 6666a\n")
    with pytest.raises(FileFormatError, match="no hands"):
        rules.parse_card("card: Empty\n")


# -- matching against a brute force -----------------------------------------------


def brute_matching(tiles, req) -> int:
    """The largest number of tiles that fill the requirement's places, by augmenting
    paths (Kuhn): a tile fills a place of its own face, a joker any joker-able place."""
    slots = [(face, jokers) for face, size, jokers in req.groups for _ in range(size)]
    owner = [-1] * len(slots)

    def fits(t, s) -> bool:
        face, jokers = slots[s]
        return (t.is_joker and jokers) or (not t.is_joker and rules.face_of(t) == face)

    def augment(i, seen) -> bool:
        for s in range(len(slots)):
            if s not in seen and fits(tiles[i], s):
                seen.add(s)
                if owner[s] < 0 or augment(owner[s], seen):
                    owner[s] = i
                    return True
        return False

    return sum(augment(i, set()) for i in range(len(tiles)))


def test_every_hand_is_matched_by_an_example_and_not_with_one_tile_changed() -> None:
    rng = random.Random(3)
    for hand in CARD.hands:
        reqs = list(rules.expand(hand))
        req = rng.choice(reqs)
        tiles = list(rules.example(req))
        found = {m.hand.id for m in rules.matches(CARD, tiles)}
        assert hand.id in found, (hand.id, tiles)
        faces = {f for f, _, _ in req.groups}
        stranger = next(t for t in (Tile(x) for x in ("1z", "2z", "3z", "4z", "9m", "9p",
                                                      "9s", "1m", "1s", "1p", "5z"))
                        if rules.face_of(t) not in faces)
        k = next(i for i, t in enumerate(tiles) if not t.is_joker)
        changed = [*tiles[:k], stranger, *tiles[k + 1:]]
        assert hand.id not in {m.hand.id for m in rules.matches(CARD, changed)}


def test_jokers_never_stand_in_singles_pairs_or_years() -> None:
    for hand in CARD.hands:
        for req in list(rules.expand(hand))[:2]:
            tiles = list(rules.example(req))
            for _k, (face, _size, jokers) in enumerate(req.groups):
                if jokers:
                    continue
                i = next(i for i, t in enumerate(tiles)
                         if not t.is_joker and rules.face_of(t) == face)
                swapped = [*tiles[:i], J, *tiles[i + 1:]]
                if sum(1 for t in swapped if t.is_joker) > 8:
                    continue
                ids = {(m.hand.id, m.requirement.groups) for m in rules.matches(CARD, swapped)}
                assert (hand.id, req.groups) not in ids
                break


def test_a_joker_may_stand_in_a_pung() -> None:
    tiles = parse_tiles("222m4444m666m8888m")
    assert "2468 #1" in {m.hand.id for m in rules.matches(CARD, tiles)}
    with_joker = parse_tiles("22m1j4444m666m8888m")
    assert "2468 #1" in {m.hand.id for m in rules.matches(CARD, with_joker)}


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=10**9))
def test_needs_agree_with_a_brute_force_matching(seed: int) -> None:
    rng = random.Random(seed)
    pool = list(rules.american_set())
    tiles = rng.sample(pool, 13)
    table = CARD.table
    n = rules.needs(table, rules.counts_of(tiles))
    for i in rng.sample(range(len(table.requirements)), 25):
        assert n[i] == 14 - brute_matching(tiles, table.requirements[i])
    # and a completed example needs nothing
    req = rng.choice(table.requirements)
    assert brute_matching(list(rules.example(req)), req) == 14


def test_exposures_limit_the_hands() -> None:
    exposed = [rules.Exposure.parse("8888m")]
    near = rules.nearest(CARD, parse_tiles("222m444m666m"), exposed)
    assert near[0].hand.id == "2468 #1" and near[0].need == 1
    assert all(not m.hand.concealed for m in near)
    with pytest.raises(HandError, match="pung, kong or quint"):
        rules.Exposure.parse("22m")


def test_an_exposure_fills_its_own_group_and_nothing_else() -> None:
    """2026 #5 (DDDa 2026a DDDDb 222b) with a kong of soap dragons exposed: its tiles
    cannot also be the year's 0, and a joker never is."""
    from tilepress.games.american.rules import dead_reason

    kong = rules.Exposure(rules.face_of(Tile("5z")), 4)
    cheat = parse_tiles("666z2s1j2s6s222p")
    assert "2026 #5" not in {m.hand.id for m in rules.matches(CARD, cheat, (kong,))}
    card = rules.parse_card("card: Year\n== F ==\nX 25 DDDa 2026a DDDDb 222b\n")
    assert "can no longer" in dead_reason(card, (kong,), rules.counts_of(kong.tiles()))


# -- analyze --------------------------------------------------------------------


def test_analyze_american(cli, tmp_path: Path) -> None:
    r = cli("analyze", "american", "222m4444m666m8888m")
    assert r.code == 0 and "Mah Jongg: 2468 #1 (a=Craks), 25 points" in r.out
    assert "jokerless" in r.out
    r = cli("analyze", "american", "222m4444m666m888m", "--json")
    data = json.loads(r.out)
    assert data["nearest"][0]["hand"] == "2468 #1" and data["nearest"][0]["need"] == 1
    mine = tmp_path / "mine.card"
    mine.write_text("card: Mine\n== Fours ==\nX 20 4444a 4444b 4444c 44a\n")
    r = cli("analyze", "american", "4444m4444s4444p1z", "--card", mine)
    assert r.code == 0 and "Fours #1" in r.out and "'Mine'" in r.out
    r = cli("analyze", "american", "4444m4444s4444p44m", "--card", mine)
    assert r.code == 2 and "only 4" in r.err


@pytest.mark.parametrize(("args", "words"), [
    (("12q",), "'q' at position 3"),
    (("123m",), "13 or 14 tiles"),
    (("222m4444m666m", "--exposed", "88m"), "pung, kong or quint"),
    (("222m4444m666m888m", "--card", "missing.card"), "missing.card"),
])
def test_analyze_american_rejects_bad_input(cli, args, words) -> None:
    r = cli("analyze", "american", *args)
    assert r.code == 2 and words in r.err and "Traceback" not in r.err


def test_card_check(cli, tmp_path: Path) -> None:
    r = cli("card", "check", "practice")
    assert r.code == 0 and f"{len(CARD.hands)} hands in 10 families" in r.out
    bad = tmp_path / "bad.card"
    bad.write_text("card: Bad\n== F ==\nX 25 FF 2222a 4444a\n")
    r = cli("card", "check", bad)
    assert r.code == 2 and "line 3" in r.err and "has 10 tiles" in r.err


# -- the game --------------------------------------------------------------------


def dealt(east: int = 0, **options) -> AmericanGame:
    g = AmericanGame(AmericanOptions(**options), CARD)
    rolls = [(1, 1)] * 4
    rolls[east] = (6, 6)
    g.apply(Dice(tuple(rolls), east))
    wall = list(rules.american_set())
    random.Random(1).shuffle(wall)
    g.apply(Deal(tuple(wall)))
    return g


def test_dice_and_the_deal() -> None:
    g = AmericanGame(AmericanOptions(), CARD)
    with pytest.raises(IllegalActionError, match="roll again"):
        g.apply(Dice(((6, 6), (6, 6), (1, 1), (1, 1)), 0))
    with pytest.raises(IllegalActionError, match="seat 3 rolled highest"):
        g.apply(Dice(((1, 2), (1, 1), (6, 6), (1, 1)), 0))
    g = dealt(east=2)
    assert [len(h) for h in g.hands] == [13, 13, 14, 13]
    assert len(g.wall) == 152 - 53


@pytest.mark.parametrize("change", ["one short", "one more", "a tile for another"])
def test_the_walls_hold_exactly_the_set(change: str) -> None:
    wall = list(rules.american_set())
    if change == "one short":
        wall.pop()
    elif change == "one more":
        wall.append(wall[0])
    else:
        wall[wall.index(Tile("1j"))] = Tile("1m")
    g = AmericanGame(AmericanOptions(), CARD)
    g.apply(Dice(((6, 6), (1, 1), (1, 1), (1, 1)), 0))
    with pytest.raises(IllegalActionError, match="152 tiles of the set"):
        g.apply(Deal(tuple(wall)))


def test_the_charleston_rules() -> None:
    g = dealt()
    p = g.current
    g.hands[p][:3] = [J, J, J]
    with pytest.raises(IllegalActionError, match="never passed"):
        g.apply(Pass(p, (J, J, J)))
    with pytest.raises(IllegalActionError, match="blind passes come only"):
        g.apply(Pass(p, tuple(g.hands[p][3:6]), 1))
    for _ in range(2):  # right and across
        for _ in range(4):
            q = g.current
            g.apply(Pass(q, tuple(t for t in g.hands[q] if not t.is_joker)[:3]))
    # the first left pass may hand on, unseen, tiles being passed in that same pass
    q = g.current
    own = tuple(t for t in g.hands[q] if not t.is_joker)
    with pytest.raises(IllegalActionError, match="this pass is 3 tiles: 1 blind and 2 of"):
        g.apply(Pass(q, own[:3], 1))
    with pytest.raises(IllegalActionError, match="1 to 3 of the tiles passed to you"):
        g.apply(Pass(q, (), 4))
    g.apply(Pass(q, own[:2], 1))
    for _ in range(3):
        r = g.current
        g.apply(Pass(r, tuple(t for t in g.hands[r] if not t.is_joker)[:3]))
    assert g.phase == Phase.VOTE
    for k in range(4):
        g.apply(Stop(g.current, k == 2))
    assert g.phase == Phase.COURTESY       # one stop is enough
    offers = [3, 1, 0, 2]
    for _ in range(4):
        g.apply(Courtesy(g.current, offers[g.current]))
    assert [g.courtesy_count(s) for s in range(4)] == [0, 1, 0, 1]
    for _ in range(4):
        s = g.current
        g.apply(Pass(s, tuple(t for t in g.hands[s] if not t.is_joker)[:g.courtesy_count(s)]))
    assert g.phase == Phase.DISCARD and g.current == g.east
    assert [len(h) for h in g.hands] == [14, 13, 13, 13]


def test_a_blind_pass_hands_on_tiles_passed_in_the_same_pass_unseen() -> None:
    """The text: a blind pass passes on tiles being passed to you, without looking;
    (seed 28 used to forward on pass 3 tiles received in the across pass)."""
    g = dealt()
    for _ in range(8):  # right and across
        q = g.current
        g.apply(Pass(q, tuple(t for t in g.hands[q] if not t.is_joker)[:3]))
    before = [list(h) for h in g.hands]
    passes = {}
    for k in range(4):  # the first left pass: East hands on two blind
        q = g.current
        own = tuple(t for t in g.hands[q] if not t.is_joker)[:1 if k == 0 else 3]
        passes[q] = Pass(q, own, 2 if k == 0 else 0)
        g.apply(passes[q])
    east, giver = g.east, (g.east + 1) % 4     # to the left: East receives from South
    unseen = passes[giver].tiles[:2]
    assert g.blind_tiles[east] == list(unseen)
    taker = (east - 1) % 4                      # ... and hands them on to North
    assert Counter(g.hands[taker]) == Counter(before[taker]) - Counter(passes[taker].tiles) \
        + Counter(passes[east].tiles) + Counter(unseen)
    # East never holds them: it keeps only the third tile passed to it
    assert Counter(g.hands[east]) == Counter(before[east]) - Counter(passes[east].tiles) \
        + Counter(passes[giver].tiles[2:])
    assert [len(h) for h in g.hands] == [len(h) for h in before]


@pytest.mark.parametrize("blinds", [(3, 3, 3, 3), (3, 3, 3, 2), (1, 2, 3, 0), (2, 2, 2, 2)])
def test_blind_passes_in_a_ring_keep_every_hand_whole(blinds) -> None:
    g = dealt()
    for _ in range(8):
        q = g.current
        g.apply(Pass(q, tuple(t for t in g.hands[q] if not t.is_joker)[:3]))
    before = sorted(t for h in g.hands for t in h)
    for _ in range(4):
        q = g.current
        own = tuple(t for t in g.hands[q] if not t.is_joker)[:3 - blinds[q]]
        g.apply(Pass(q, own, blinds[q]))
    assert [len(h) for h in g.hands] == [14 if p == g.east else 13 for p in range(4)]
    assert sorted(t for h in g.hands for t in h) == before


def to_play(g: AmericanGame) -> AmericanGame:
    """Skip the Charleston: nobody passes anything that changes the test."""
    g.steps = []
    g.step = 0
    g.offers = {s: 0 for s in range(4)}
    g.phase = Phase.DISCARD
    g.current = g.east
    return g


def test_claims_go_to_mahjong_first_then_to_the_next_in_turn() -> None:
    g = to_play(dealt())
    tile = next(t for t in g.hands[0] if not t.is_joker)
    for p in (1, 2, 3):
        g.hands[p][:2] = [tile, J]
    g.apply(Discard(0, tile))
    with pytest.raises(IllegalActionError, match="can claim"):
        g.apply(Claims((0,), ()))
    g.apply(Claims((3,), (1, 2)))
    assert g.claim_winner() == 3 and g.phase == Phase.CALL
    g2 = to_play(dealt())
    tile = next(t for t in g2.hands[0] if not t.is_joker)
    for p in (2, 3):
        g2.hands[p][:2] = [tile, tile]
    g2.apply(Discard(0, tile))
    g2.apply(Claims((), (3, 2)))
    assert g2.claim_winner() == 2            # seat 2 plays before seat 3
    with pytest.raises(IllegalActionError, match="it is player 2's move, not player 3's"):
        g2.apply(Call(3, tile, (tile, tile)))


def test_each_player_answers_a_discard_in_turn_then_the_rules_resolve() -> None:
    g = to_play(dealt())
    tile = next(t for t in g.hands[0] if not t.is_joker)
    g.hands[2][:2] = [tile, J]
    g.hands[1] = [t for t in g.hands[1] if t != tile and not t.is_joker]
    g.apply(Discard(0, tile))
    assert g.to_move == 1 and g.phase == Phase.CLAIMS
    assert g.legal_actions() == [Answer(1, "pass"), Answer(1, "mahjong")]
    with pytest.raises(IllegalActionError, match="it is player 1's move, not player 2's"):
        g.apply(Answer(2, "expose"))
    g.apply(Answer(1, "pass"))
    assert g.to_move == 2 and Answer(2, "expose") in g.legal_actions()
    g.apply(Answer(2, "expose"))
    assert g.to_move == 3 and g.phase == Phase.CLAIMS
    g.apply(Answer(3, "mahjong"))
    assert g.phase == Phase.CALL and g.to_move == 3
    assert g.calling("mahjong") == (3,) and g.calling("expose") == (2,)
    # the log writes the three answers as one line
    from tilepress.games.american.events import fold_answers

    answers = [Discard(0, tile), Answer(1, "pass"), Answer(2, "expose"),
               Answer(3, "mahjong"), Call(3, tile, ())]
    assert fold_answers(answers) == [Discard(0, tile), Claims((3,), (2,)), Call(3, tile, ())]


def test_an_exposure_needs_two_matching_tiles_or_jokers() -> None:
    g = to_play(dealt())
    tile = next(t for t in g.hands[0] if not t.is_joker)
    g.hands[1] = [t for t in g.hands[1] if t != tile and not t.is_joker]
    g.hands[1][:1] = [tile]
    g.apply(Discard(0, tile))
    assert Answer(1, "expose") not in g.legal_actions()
    with pytest.raises(IllegalActionError, match="needs two more of it"):
        g.apply(Answer(1, "expose"))
    with pytest.raises(IllegalActionError, match="needs two more of it"):
        g.apply(Claims((), (1,)))


def test_the_rules_and_the_bots_read_no_files() -> None:
    import ast

    from tilepress.games.american import bots, dead, events, lacks, options, planning, weighing
    from tilepress.games.american import rules as game_rules

    banned = ("tilepress.output", "tilepress.files", "tilepress.resources",
              "tilepress.documents", "tilepress.draw", "tilepress.games.american.cards_file",
              "pathlib")
    for module in (game_rules, bots, rules, events, options, lacks, planning, dead, weighing):
        tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
        names = [n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
        names += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
        bad = [n for n in names if n and n.startswith(banned)]
        assert not bad, f"{module.__name__} imports {bad}"
    code = ("import sys; import tilepress.games.american.rules, tilepress.games.american.bots;"
            "print(sorted(m for m in sys.modules if m.startswith(('tilepress.output', "
            "'tilepress.resources', 'tilepress.games.american.cards_file'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"


def test_a_discarded_joker_cannot_be_claimed() -> None:
    g = to_play(dealt())
    g.hands[0][0] = J
    g.apply(Discard(0, J))
    assert g.phase == Phase.DRAW and not g.claimers()
    with pytest.raises(IllegalActionError, match="the rules say the next event is"):
        g.apply(Claims((1,), ()))


def test_exposures_need_identical_tiles_and_can_kill_a_hand() -> None:
    g = to_play(dealt())
    g.hands[0][0] = Tile("5m")
    g.hands[1][:3] = [Tile("5m"), Tile("5m"), Tile("1z")]
    g.apply(Discard(0, Tile("5m")))
    g.apply(Claims((), (1,)))
    with pytest.raises(IllegalActionError, match=r"like tiles .* or jokers"):
        g.apply(Call(1, Tile("5m"), (Tile("5m"), Tile("1z"))))
    g.apply(Call(1, Tile("5m"), (Tile("5m"), Tile("5m"))))
    # a pung of 5 craks fits open hands (like numbers, runs): the hand lives
    assert g.forced() is None
    g3 = to_play(dealt())
    g3.hands[0][0] = Tile("1z")
    g3.hands[1][:4] = [Tile("1z"), Tile("1z"), Tile("1z"), J]
    g3.apply(Discard(0, Tile("1z")))
    g3.apply(Claims((), (1,)))
    g3.apply(Call(1, Tile("1z"), (Tile("1z"), Tile("1z"), Tile("1z"), J)))
    # a quint of East winds is on no hand of the card: the hand is dead
    assert g3.forced() == Dead(1, "the exposures match no hand on the card")
    g3.apply(g3.forced())
    assert g3.dead[1] and g3.current == 2 and g3.phase == Phase.DRAW


WAITS = [
    ("1f2f2222m44s6666s8m", "8m", "2468 #2", False),      # on its pair of 8 craks
    ("1f2f226m5z2222s222p", "2p", "2026 #1", True),       # on a kong of dots
    ("1f2f26m5z2222s2222p", "2m", "2026 #1", False),      # on a 2 of its year
    ("222m4444m66m8888m", "6m", "2468 #1", True),         # on a pung
]


@pytest.mark.parametrize(("tiles", "wanted", "hand", "made"), WAITS)
def test_a_discard_completes_mahjong_only_in_a_pung_kong_or_quint(tiles, wanted, hand,
                                                                   made) -> None:
    """The text: never pick up a discard to complete a pair, never call one for the
    year. Calling it anyway is Mah Jongg in error."""
    g = to_play(dealt())
    g.hands[1] = list(parse_tiles(tiles))
    tile = Tile(wanted)
    g.hands[0][0] = tile
    g.apply(Discard(0, tile))
    for p, call in ((1, "mahjong"), (2, "pass"), (3, "pass")):
        g.apply(Answer(p, call))
    g.apply(Call(1, tile, ()))
    g.apply(MahJong(1, hand))
    if made:
        assert g.forced() == End(g.payments, f"Mah Jongg: {hand}, 25 points, jokerless on "
                                             "a discard")
    else:
        assert g.forced() == Dead(1, f"Mah Jongg in error ({hand} is not made)")
    g2 = to_play(dealt())
    g2.hands[1] = list(parse_tiles(tiles))
    assert g2.mahjong_with(1, tile) == ([hand] if made else [])


@pytest.mark.parametrize(("tiles", "wanted", "hand", "made"), WAITS)
def test_the_house_rule_calls_a_discard_for_any_mahjong(tiles, wanted, hand, made) -> None:
    g = to_play(dealt(mahjong_call="any"))
    g.hands[1] = list(parse_tiles(tiles))
    assert g.mahjong_with(1, Tile(wanted)) == [hand]


def test_flowers_are_alike_for_an_exposure() -> None:
    g = to_play(dealt())
    g.hands[0][0] = Tile("3f")
    g.hands[1][:2] = [Tile("1f"), Tile("7f")]
    g.apply(Discard(0, Tile("3f")))
    assert Answer(1, "expose") in g.legal_actions()
    g.apply(Answer(1, "expose"))
    g.apply(Answer(2, "pass"))
    g.apply(Answer(3, "pass"))
    g.apply(Call(1, Tile("3f"), (Tile("1f"), Tile("7f"))))
    assert g.exposures(1) == (rules.Exposure(rules.FLOWER, 3),)


def test_mahjong_in_error_kills_the_hand() -> None:
    g = to_play(dealt())
    g.apply(MahJong(0, "2468 #1"))
    assert g.forced() == Dead(0, "Mah Jongg in error (2468 #1 is not made)")
    g.apply(g.forced())
    assert g.dead[0] and g.phase == Phase.DRAW and g.current == 1


def test_payments() -> None:
    g = AmericanGame(AmericanOptions(), CARD)
    g._last_discarder = 1
    g.acquired = "call"
    assert g._payments(0, 25, False) == (100, -50, -25, -25)   # discarder pays double
    assert g._payments(0, 25, True) == (125, -75, -25, -25)    # jokerless: three times
    g.acquired = "draw"
    assert g._payments(0, 25, False) == (150, -50, -50, -50)   # self-drawn: all double
    assert g._payments(0, 25, True) == (300, -100, -100, -100)  # jokerless: four times
    g.acquired = "redeem"
    assert g._payments(2, 30, False) == (-60, -60, 180, -60)
    doubled = AmericanGame(AmericanOptions(jokerless="double"), CARD)
    doubled._last_discarder, doubled.acquired = 1, "call"
    assert doubled._payments(0, 25, True) == (200, -100, -50, -50)


def test_a_wall_game_pays_nothing() -> None:
    g = to_play(dealt())
    g.wall = g.wall[:1]
    p = g.current
    g.apply(Discard(p, g.hands[p][0]))
    if g.phase == Phase.CLAIMS:
        g.apply(Claims())
    g.apply(Draw(g.current, g.wall[0]))
    q = g.current
    g.apply(Discard(q, g.hands[q][0]))
    while g.phase == Phase.CLAIMS:
        g.apply(Answer(g.to_move, "pass"))
    assert g.forced() == End((0, 0, 0, 0), "wall game")


@pytest.mark.parametrize("options", [{"jokerless": "half"}, {"second-charleston": "twice"},
                                     {"colour": "red"}])
def test_bad_options_are_rejected(options) -> None:
    with pytest.raises(RequestError):
        GAME.options_from(options)


def test_a_missing_card_fails_before_play() -> None:
    options = GAME.options_from({"card": "nowhere.card"})
    with pytest.raises(FileFormatError, match=r"nowhere\.card"):
        GAME.play(options, GAME.play_options_from({}), seed=1)


# -- bots and logs ---------------------------------------------------------------


def test_the_planner_wins_more_than_random_bots() -> None:
    """Random bots rarely finish a hand (a discard completes only a pung, kong or
    quint), so a lone planner wins more games than the three of them together."""
    planner = randoms = 0
    for seed in range(12):
        seat = seed % 4
        bots = [Planner() if k == seat else RandomBot() for k in range(4)]
        winner = game.play(AmericanOptions(), seed, bots).result["winner"]
        planner += winner == seat
        randoms += winner not in (None, seat)
    assert planner >= 1 and planner > randoms


def test_four_planners_seldom_end_in_a_wall_game() -> None:
    """Tile counting: four planners finish most games (three in four were wall games
    before it)."""
    walls = sum(game.play(AmericanOptions(), seed, [Planner() for _ in range(4)])
                .result["winner"] is None for seed in range(6))
    assert walls <= 2


def test_hundreds_of_games_replay_from_their_logs() -> None:
    """120 games (one in five between planners, the others between random bots, the
    options varied) replay from their logs to the same result."""
    for seed in range(120):
        if seed % 5 == 0:
            bots = None
            options = AmericanOptions(jokerless="double" if seed % 10 else "text",
                                      mahjong_call="any" if seed % 15 == 0 else "text")
        else:
            bots = [RandomBot() for _ in range(4)]
            options = AmericanOptions(second_charleston="never" if seed % 3 else "vote")
        log = game.play(options, seed, bots)
        result = game.replay(read_log(log.to_jsonl()))
        assert result == log.result
        assert sum(result["payments"]) == 0


def test_a_tampered_log_is_rejected() -> None:
    log = game.play(AmericanOptions(), 5)
    lines = log.to_jsonl().splitlines()
    k = next(i for i, line in enumerate(lines) if '"type": "draw"' in line)
    data = json.loads(lines[k])
    data["tile"] = "1j" if data["tile"] != "1j" else "1m"
    lines[k] = json.dumps(data)
    expected = f'line {k + 1}: draw: the rules say the next event is {{"type": "draw"'
    with pytest.raises(IllegalActionError, match=re.escape(expected)):
        game.replay(read_log("\n".join(lines)))


def test_play_american_from_the_command_line(cli, tmp_path: Path) -> None:
    log = tmp_path / "a.jsonl"
    assert cli("play", "american", "--seed", "3", "-o", log).code == 0
    r = cli("replay", log)
    assert r.code == 0 and "every event is legal" in r.out
    pdf = tmp_path / "a.pdf"
    assert cli("play", "american", "--seed", "3", "--bots", "planner,random,random,random",
               "-o", pdf).code == 0
    r = cli("play", "american", "--bots", "planner,random", "-o", tmp_path / "x.jsonl")
    assert r.code == 2 and "2 bots for 4 players" in r.err


# -- quizzes and printables ------------------------------------------------------------


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard", "expert"])
def test_quizzes_verify(cli, tmp_path: Path, difficulty: str) -> None:
    out = tmp_path / "q.json"
    assert cli("puzzle", "american", "--count", "3", "--difficulty", difficulty,
               "-o", out).code == 0
    data = json.loads(out.read_text())
    assert {p["difficulty"] for p in data["puzzles"]} == {difficulty}
    assert cli("verify", out).code == 0
    data["puzzles"][0]["answer"]["pass"] = "1z1z1z"
    out.write_text(json.dumps(data))
    assert cli("verify", out).code == 1


def test_the_pass_never_holds_a_joker_and_keeps_the_nearest_hand() -> None:
    tiles = parse_tiles("222m444m666m1z2z1j")
    passed = rules.best_pass(CARD, tiles)
    assert len(passed) == 3 and Tile("1j") not in passed
    assert Counter(passed) <= Counter(tiles)


@pytest.mark.parametrize("item", ["card", "sheet", "charleston"])
def test_printables(cli, tmp_path: Path, item: str) -> None:
    out = tmp_path / f"{item}.pdf"
    assert cli("print", item, "american", "-o", out).code == 0
    assert out.read_bytes().startswith(b"%PDF")


def test_dead_hands_for_a_concealed_reveal_and_for_a_hand_that_cannot_be_completed() -> None:
    from tilepress.games.american.rules import dead_reason

    card = rules.parse_card("card: Dead ends\n== F ==\nC 30 FFFF 2222a 4444a 66a\n"
                            "X 25 1111a 2222a 3333a 44a\n")
    flowers = (rules.Exposure(rules.FLOWER, 4),)
    none_seen = (0,) * rules.FACES
    assert dead_reason(card, flowers, none_seen) == "the exposures reveal a concealed hand"
    ones = (rules.Exposure(rules.face_of(Tile("1m")), 4),)
    assert dead_reason(card, ones, none_seen) == ""
    seen = [0] * rules.FACES
    seen[rules.face_of(Tile("4m"))] = 3          # three 4 craks gone: no pair of them left
    assert "can no longer be completed" in dead_reason(card, ones, tuple(seen))


def test_dead_hands_count_eight_flowers_and_eight_jokers() -> None:
    """Seed 160 declared seat 1 dead with [666z][5555z] and 5 of the 8 flowers in sight,
    though FF DDDa DDDDb DDDc NN could still be made."""
    from tilepress.games.american.rules import dead_reason

    exposures = (rules.Exposure(rules.face_of(Tile("6z")), 3),
                 rules.Exposure(rules.face_of(Tile("5z")), 4))
    seen = rules.counts_of(parse_tiles("1f2f3f4f5f666z5555z"))
    assert dead_reason(CARD, exposures, seen) == ""
    seen = rules.counts_of(parse_tiles("1f2f3f4f5f6f7f666z5555z"))  # one flower left
    winds = rules.counts_of(parse_tiles("1z2z3z4z1z2z3z4z1z2z3z4z1z2z3z4z"))
    assert "can no longer" in dead_reason(CARD, exposures, seen + winds)
    # jokers: a kong with none of its tiles left needs four of the eight jokers
    card = rules.parse_card("card: Jokers\n== F ==\nX 25 1111a 2222a 3333a 44a\n")
    ones = (rules.Exposure(rules.face_of(Tile("1m")), 4),)
    gone = parse_tiles("2222m1111m")
    assert dead_reason(card, ones, rules.counts_of([*gone, J, J, J, J])) == ""
    assert "can no longer" in dead_reason(card, ones, rules.counts_of([*gone, J, J, J, J, J]))


def test_a_hand_is_found_dead_when_a_discard_shows_it_cannot_be_completed() -> None:
    card = rules.parse_card("card: Fours\n== F ==\nX 25 1111a 2222a 3333a 44a\n")
    g = to_play(dealt())
    g.card = card
    g.exposed[1] = [[Tile("1m")] * 4]
    g.hands[1] = g.hands[1][:9]
    g.discards = [(2, Tile("4m")), (3, Tile("4m"))]
    g.hands[0][0] = Tile("4m")
    g.apply(Discard(0, Tile("4m")))           # the third 4 crak: no pair of them left
    assert g.forced() == Dead(1, "the exposures can no longer be completed: the tiles "
                                 "they need are gone")
    g.apply(g.forced())
    assert g.dead[1] and g.to_move == 2


def test_tiles_passed_discarded_or_shown_must_be_held_as_many_times() -> None:
    """The hand check compares tiles by identity: a tile equals only itself."""
    assert Tile.__eq__ is object.__eq__ and Tile("5m") is Tile("5m")
    g = dealt()
    p = g.current
    one = next(t for t in rules.american_set() if not t.is_joker and t not in g.hands[p])
    g.hands[p][:3] = [one, Tile("9p"), Tile("9p")]
    g.hands[p][3:] = [t for t in g.hands[p][3:] if t not in (one, Tile("9p"))]
    with pytest.raises(IllegalActionError, match="is not in the hand"):
        g.apply(Pass(p, (one, one, Tile("9p"))))  # one held once
    missing = next(t for t in rules.american_set() if t not in g.hands[p] and not t.is_joker)
    with pytest.raises(IllegalActionError, match=f"{missing} is not in the hand"):
        g.apply(Pass(p, (one, Tile("9p"), missing)))
    g.apply(Pass(p, (Tile("9p"), one, Tile("9p"))))  # held as many times: taken
