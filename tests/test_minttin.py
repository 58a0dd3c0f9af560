"""Mint Tin Mahjong: cards, the hand engine against a brute force, analysis, puzzles, the
two-player and solo games, the bots, logs, and the print-and-play deck."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest
from bruteforce import (
    mint_tin_patterns,
    mint_tin_readings,
    mint_tin_score_exposed,
    mint_tin_sets,
    mint_tin_winning_hands,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from tilepress.engine.log import read_log
from tilepress.errors import HandError, IllegalActionError, NotationError, RequestError
from tilepress.games.minttin import GAME
from tilepress.games.minttin import hand as rules
from tilepress.games.minttin import runner as game
from tilepress.games.minttin.bots import Planner, RandomDiscards
from tilepress.games.minttin.cards import (
    ALL_CARDS,
    JOKER,
    Card,
    count_cards,
    format_cards,
    parse_cards,
)
from tilepress.games.minttin.rules import (
    Answer,
    Call,
    Deal,
    Discard,
    Double,
    Draw,
    Exhausted,
    Mahjong,
    MintTinOptions,
    OpponentDraw,
    OpponentExposes,
    Outcome,
    Phase,
    RoundEnd,
    Swap,
    ToRow,
)
from tilepress.games.minttin.solo import SoloMatch
from tilepress.games.minttin.twoplayer import TwoPlayerMatch

C = parse_cards

# -- cards --------------------------------------------------------------------------


@given(st.lists(st.sampled_from(ALL_CARDS), max_size=20))
def test_card_notation_round_trips(cards) -> None:
    text = format_cards(cards)
    assert sorted(parse_cards(text)) == sorted(cards)
    assert parse_cards(text.replace(" ", "")) == parse_cards(text)
    assert format_cards(parse_cards(text)) == text


@pytest.mark.parametrize(("text", "words"), [
    ("11x", "'x' at position 3"),
    ("1 0", "0 is not a card"),
    ("DX", "after 'D' at position 1 comes 'X'"),
    ("4D", "comes nothing"),
])
def test_bad_cards_name_the_place(text: str, words: str) -> None:
    with pytest.raises(NotationError, match=words):
        parse_cards(text)


def test_cards_know_their_suits() -> None:
    assert [Card(str(n)).suit for n in range(1, 10)] == list("SSSMMMFFF")
    assert [c.suit for c in C("DS DM DF")] == ["S", "M", "F"]
    assert JOKER.suit == "" and JOKER.name == "Joker" and Card("DM").name == "Moon Dragon"


# -- patterns and sets ---------------------------------------------------------------

TEXT_PATTERNS = {  # the rules text's list of the nine patterns
    (2, 4, 4, 4), (2, 2, 2, 4, 4), (2, 2, 2, 2, 2, 4), (2, 3, 3, 3, 3), (2, 2, 2, 2, 3, 3),
    (2, 2, 5, 5), (3, 3, 3, 5), (4, 5, 5), (3, 3, 4, 4),
}


def test_the_nine_patterns_are_derived() -> None:
    derived = {tuple(sorted(p.sizes)) for p in rules.PATTERNS}
    assert derived == TEXT_PATTERNS == mint_tin_patterns()
    assert len(rules.PATTERNS) == 9


def test_sets_match_a_brute_force_and_the_text() -> None:
    assert set(rules.SETS) == mint_tin_sets()
    for allowed in ({7, 8, 9, 1}, {6, 8, 2}, {9, 1, 3}, {4, 5, 6}):
        assert frozenset(allowed) in rules.SETS
    for refused in ({1, 5, 9}, {2, 3, 6, 7}, {1, 2}, {1, 3, 7}):
        assert frozenset(refused) not in rules.SETS


# -- the hand engine ----------------------------------------------------------------


def test_every_winning_hand_of_the_brute_force_is_found_with_its_score() -> None:
    hands = mint_tin_winning_hands()
    assert len(hands) > 20_000
    no_bonus = rules.Extras()
    for counts, points in hands.items():
        assert rules.wins(counts, (), no_bonus) == points
        assert rules.wins(counts) == points + 1  # as posed: nothing exposed, concealed


def test_no_other_hand_wins() -> None:
    hands = mint_tin_winning_hands()
    rng = random.Random(5)
    deck = rules.deck()
    checked = 0
    for counts in list(hands)[:3000]:  # near misses: one card changed
        c = list(counts)
        i, j = rng.randrange(13), rng.randrange(13)
        if c[i] and c[j] < 4 and i != j:
            c[i] -= 1
            c[j] += 1
            assert (rules.wins(c) >= 0) == (tuple(c) in hands)
            checked += 1
    for _ in range(3000):  # and random hands
        c = count_cards(rng.sample(deck, 14))
        assert (rules.wins(c) >= 0) == (tuple(c) in hands)
    assert checked > 1000


def test_full_arrangements_agree_with_the_quick_check() -> None:
    hands = mint_tin_winning_hands()
    for counts in list(hands)[::40]:
        cards = [ALL_CARDS[i] for i in range(13) for _ in range(counts[i])]
        found = rules.arrangements(cards, extras=rules.Extras())
        assert found and found[0].score == hands[counts]
        for a in found:
            assert sum(b.size for b in a.blocks) == 14 or a.pattern is None
            assert all(b.jokers == 0 for b in a.blocks if b.size == 2)


def test_the_best_reading_is_the_first_arrangement() -> None:
    """best() reads the top of arrangements() without sorting them: the first of the
    highest score (readings tie often), with the round's extras, exposures or not."""
    hands = mint_tin_winning_hands()
    rng = random.Random(13)
    ties = 0
    for counts in list(hands)[::25]:
        cards = [ALL_CARDS[i] for i in range(13) for _ in range(counts[i])]
        extras = rules.Extras(rng.randint(0, 2), rng.random() < 0.5)
        found = rules.arrangements(cards, extras=extras)
        assert rules.best(cards, extras=extras) == found[0]
        ties += len(found) > 1 and found[1].score == found[0].score
    assert ties > 100
    assert rules.best(C("11 444 555 666 DMDMDM")) is None


def test_the_texts_sample_hands() -> None:
    odds = rules.best(C("555 777 9999 1111"))
    assert odds is not None and (odds.category, str(odds.pattern)) == (
        "odds", "two pungs and two kongs")
    evens = rules.best(C("22 44 66 8888 DSDS DMDM"))
    assert evens is not None and str(evens.pattern) == "five pairs and one kong"
    # the text's "Consecutive Run (1,4,5,6,D)" breaks its own set rule (docs/rulings.md)
    assert rules.best(C("11 444 555 666 DMDMDM")) is None
    assert "1, 4, 5, 6 are not a set" in rules.why_not(C("11 444 555 666 DMDMDM"))


def test_dragons_need_a_number_block_of_their_suit_and_differ_in_colour() -> None:
    assert rules.best(C("111 222 333 DFDFDF JJ")) is None
    assert "Fire Dragon needs" in rules.why_not(C("111 222 333 DFDFDF JJ"))
    assert rules.best(C("111 222 333 DSDSDS JJ")) is not None


def test_jokers_never_in_a_pair() -> None:
    assert rules.best(C("1J 2222 3333 DSDSDSDS")) is None
    assert rules.best(C("11 2222 333J DSDSDSDS")) is not None


def test_blocks_of_jokers_only_are_an_option() -> None:
    # 4-5 and the Moon dragon need a third number block: JJJ can only be it if a block
    # may be all jokers (a pung of 3s or 6s)
    hand = C("4444 5555 JJJJ DMDM")
    assert rules.best(hand) is None
    loose = rules.MintTinRules(joker_blocks=True)
    found = rules.arrangements(hand, rules=loose)
    assert found and all(any(b.jokers == b.size for b in a.blocks) for a in found)
    assert {a.numbers for a in found} >= {(3, 4, 5), (4, 5, 6)}


def test_bonuses_and_special_hands() -> None:
    two_kongs = rules.best(C("22 4444 6666 8888"))
    assert two_kongs is not None and two_kongs.score == 2  # the kong once, and concealed
    assert dict(two_kongs.points) == {"Kong": 1, "Concealed": 1}
    quints = rules.best(C("1111J 2222J 3333"))
    assert quints is not None and dict(quints.points)["2 quints"] == 2
    one_suit = rules.best(C("444 555 666 DMDMDMDM J"))
    assert one_suit is not None and one_suit.special == "one suit" and one_suit.score == 4
    three = rules.best(C("33 55 77 DSDS DMDM DFDFDF J"))
    assert three is not None and three.special == "three suits"
    assert dict(three.points)["Three Suits"] == 3
    epic = rules.best(C("123456789 DSDMDF JJ"))
    assert epic is not None and epic.special == "epic hand" and epic.score == 8
    extras = rules.Extras(jokers_discarded=2, concealed=True)
    assert rules.best(C("22 4444 6666 8888"), extras=extras).score == 1 + 2 + 1


def test_a_win_needs_a_point() -> None:
    """A shape with no bonus scores 0: it wins only with the concealed point, which a
    hand with nothing exposed has (issue 34: the text gives it to every such hand)."""
    zero = C("33 555 777 999 111")
    assert rules.best(zero, extras=rules.Extras()).score == 0
    assert rules.best(zero).score == 1 and dict(rules.best(zero).points) == {"Concealed": 1}
    assert rules.wins(count_cards(zero)) == 1
    exposed = (rules.Exposure(Card("9"), 3, 0),)
    assert rules.best(C("33 555 777 111"), exposed).score == 0  # exposed: no win
    ready = C("33 555 777 999 11")
    assert rules.completions(ready)[Card("1")] == 1
    assert Card("1") not in rules.completions(ready, extras=rules.Extras())
    assert Card("1") not in rules.completions(C("33 555 777 11"), exposed)


def test_exposures_fix_their_blocks() -> None:
    exposed = (rules.Exposure(Card("4"), 4),)
    # 22 4444 6666 8888 with the 4s exposed as a kong still wins
    assert rules.best(C("22 6666 8888"), exposed) is not None
    with pytest.raises(HandError, match="14 cards"):
        rules.best(C("22 6666 8888 4"), exposed)
    # a pung of 4s cannot be read as the kong the hand needs
    assert rules.best(C("22 4 6666 8888"), (rules.Exposure(Card("4"), 3),)) is None


def test_an_exposures_joker_stays_in_it() -> None:
    """An exposure is fixed: its joker fills no other block, and a card of its face in
    the hand cannot take its place (a card is in one block only)."""
    exposed = (rules.Exposure(Card("3"), 4, 1),)
    assert rules.best(C("1111 5555 3 J"), exposed) is None   # was 1111J [3333] 5555J
    assert "exposed block of 3 is fixed" in rules.why_not(C("1111 5555 3 J"), exposed)
    found = rules.best(C("1111 5555 JJ"), exposed)
    assert found is not None and [str(b) for b in found.blocks] == ["1111J", "[333J]", "5555J"]
    assert Card("3") not in rules.completions(C("1111 5555 J"), exposed)
    assert rules.completions(C("1111 5555 J"), exposed) == {JOKER: 3}


def _exposures_of(rng: random.Random, counts: tuple[int, ...], reading) -> tuple:
    """Some blocks of a reading set out as exposures; sometimes one of them claims a joker
    more or less than the reading gives it (the same cards, exposed differently)."""
    blocks = [b for b in reading if b[1] > 2 or rng.random() < 0.2]
    chosen = [list(b) for b in rng.sample(blocks, rng.randrange(len(blocks) + 1))]
    if chosen and rng.random() < 0.5:
        block = rng.choice(chosen)
        block[2] += rng.choice((-1, 1))
    out = []
    for face, size, jokers in chosen:
        if not (0 <= jokers < size) or (size == 2 and jokers):
            continue
        out.append((face, size, jokers))
    if counts[12] < sum(j for _, _, j in out) or any(counts[f] < s - j for f, s, j in out):
        return ()
    return tuple(out)


def test_exposed_hands_match_the_brute_force() -> None:
    readings = mint_tin_readings()
    hands = list(readings)
    rng = random.Random(11)
    differ = 0
    for _ in range(6000):
        counts = rng.choice(hands)
        reading = rng.choice(list(readings[counts]))
        if reading is None:
            continue
        exposed = _exposures_of(rng, counts, reading)
        exposures = tuple(rules.Exposure(ALL_CARDS[f], s, j) for f, s, j in exposed)
        want = mint_tin_score_exposed(counts, exposed)
        assert rules.wins(counts, exposures, rules.Extras()) == want, (counts, exposed)
        loose = rules.wins(counts, exposures, rules=rules.MintTinRules(joker_blocks=True))
        assert (loose >= 0) >= (want >= 0)
        differ += want != rules.wins(counts, (), rules.Extras())
    assert differ > 500  # exposures that change the verdict were tried


def _reference_arrangements(counts, exposures, loose) -> list:
    """The readings' blocks as _arrangements found them before its masks: every
    combination of small blocks tried face by face (the reference for its order)."""
    import itertools

    exposed = {e.face.code: e for e in exposures}
    out = []
    for numbers, dragons in rules._candidates(counts, loose):
        _, ordered = rules.SETS[numbers]
        faces = [n - 1 for n in ordered] + [rules.dragon(s).code for s in dragons]
        for pattern in rules.PATTERNS:
            if pattern.blocks != len(faces):
                continue
            for smalls in itertools.combinations(range(len(faces)), pattern.small_count):
                sizes = [pattern.small if k in smalls else pattern.large
                         for k in range(len(faces))]
                blocks = []
                for face, size in zip(faces, sizes, strict=True):
                    have, e = counts[face], exposed.get(face)
                    if (e is not None and e.size != size) or have > size or (
                            size == 2 and have != 2) or (have == 0 and not (
                            loose.joker_blocks and size >= 3)):
                        break
                    blocks.append((face, size, size - have, e is not None))
                else:
                    out.append((pattern, tuple(blocks)))
    return out


def test_the_arrangements_are_the_reference_readings_in_order() -> None:
    """_arrangements (bit masks of the faces each block size holds) finds the readings
    the plain face-by-face search finds, in its order, with and without exposures and
    Joker Blocks."""
    readings = mint_tin_readings()
    hands = list(readings)
    rng = random.Random(17)
    found = 0
    for i in range(3000):
        counts = rng.choice(hands)
        reading = rng.choice(list(readings[counts]))
        exposed = _exposures_of(rng, counts, reading) if reading and i % 2 else ()
        exposures = tuple(rules.Exposure(ALL_CARDS[f], s, j) for f, s, j in exposed)
        for loose in (rules.MintTinRules(), rules.MintTinRules(joker_blocks=True)):
            got = [(a.pattern, tuple((b.face.code, b.size, b.jokers, b.exposed)
                                     for b in a.blocks))
                   for a in rules._arrangements(counts, exposures, loose) if a.pattern]
            if rules._exposures_hold(counts, exposures):
                assert got == _reference_arrangements(counts, exposures, loose), counts
            found += len(got)
    assert found > 3000


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=10**9))
def test_completions_match_the_brute_force(seed: int) -> None:
    hands = mint_tin_winning_hands()
    rng = random.Random(seed)
    hand = list(rules.random_winning_hand(rng, max_jokers=3))
    hand.pop(rng.randrange(14))
    counts = count_cards(hand)
    expected = {}
    for code in range(13):
        if counts[code] >= 4:
            continue
        counts[code] += 1
        if tuple(counts) in hands:  # a valid shape, and nothing exposed: concealed, +1
            expected[ALL_CARDS[code]] = hands[tuple(counts)] + 1
        counts[code] -= 1
    assert rules.completions(hand) == expected


def test_impossible_hands_are_rejected() -> None:
    with pytest.raises(HandError, match="only 4 of 1"):
        rules.best(C("11111 222 333 444"))
    with pytest.raises(HandError, match="14 cards"):
        rules.best(C("111"))


# -- analyze -----------------------------------------------------------------------


def test_analyze_fourteen_and_thirteen(cli) -> None:
    r = cli("analyze", "minttin", "555 777 999J 111J", "--jokers-discarded", "1")
    assert r.code == 0 and "Consecutive Odds (5,7,9,1)" in r.out
    assert "verdict: Mahjong" in r.out and "1 joker discarded +1" in r.out
    r = cli("analyze", "minttin", "1122233DSDSDSJJJ", "--json")
    data = json.loads(r.out)
    assert {c["card"]: c["score"] for c in data["completions"]} == {
        str(c): p for c, p in rules.completions(C("1122233DSDSDSJJJ")).items()}
    r = cli("analyze", "minttin", "11 444 555 666 DMDMDM")
    assert r.code == 0 and "not a winning shape" in r.out
    r = cli("analyze", "minttin", "22 6666 8888", "--exposed", "4444", "--concealed")
    assert r.code == 0 and "Concealed +1" in r.out


@pytest.mark.parametrize(("args", "words"), [
    (("11x",), "'x' at position 3"),
    (("111",), "13 or 14 cards"),
    (("22 66", "--exposed", "444", "--exposed", "888", "--concealed"), "at most one"),
    (("22 6666 8888", "--exposed", "45"), "identical cards"),
    (("22 6666 8888 4", "--exposed", "444", "--jokers-discarded", "-1"),
     "jokers discarded must be from 0 to"),
])
def test_analyze_rejects_bad_hands(cli, args, words) -> None:
    r = cli("analyze", "minttin", *args)
    assert r.code == 2 and words in r.err and "Traceback" not in r.err


# -- puzzles -----------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["minttin", "minttin-discard"])
@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard", "expert"])
def test_puzzles_at_every_difficulty_verify(cli, tmp_path: Path, kind: str,
                                            difficulty: str) -> None:
    out = tmp_path / "p.json"
    r = cli("puzzle", kind, "--count", "4", "--difficulty", difficulty, "-o", out)
    assert r.code == 0
    data = json.loads(out.read_text())
    assert {p["difficulty"] for p in data["puzzles"]} == {difficulty}
    assert cli("verify", out).code == 0
    first = data["puzzles"][0]
    if kind == "minttin":
        hand = C(first["question"]["hand"])
        assert first["answer"]["completions"] == {
            str(c): p for c, p in sorted(rules.completions(hand).items())}
        first["answer"]["completions"]["J"] = 99
    else:
        first["answer"]["discard"] = "9" if first["answer"]["discard"] != "9" else "8"
    out.write_text(json.dumps(data))
    r = cli("verify", out)
    assert r.code == 1 and first["id"] in r.err


def test_puzzle_pages(cli, tmp_path: Path) -> None:
    for kind in ("minttin", "minttin-discard"):
        out = tmp_path / f"{kind}.pdf"
        assert cli("puzzle", kind, "--count", "3", "-o", out).code == 0
        assert out.read_bytes().startswith(b"%PDF")


# -- the two-player game -----------------------------------------------------------


def rigged(first: str, second: str, top: str = "", jokers: int = 0) -> tuple[Card, ...]:
    """A deck whose first cards are ``first`` then ``second``, then ``top`` on the draw
    deck, then the rest in order."""
    rest = Counter(rules.deck(jokers))
    head = C(first) + C(second) + C(top)
    for c in head:
        rest[c] -= 1
        assert rest[c] >= 0
    return head + tuple(c for c in sorted(rest.elements()))


def two(jokers: str = "none", **options) -> TwoPlayerMatch:
    return TwoPlayerMatch(MintTinOptions(jokers=jokers, **options))


def test_deal_sizes_follow_the_jokers() -> None:
    for mode, size, deck_size in (("none", 13, 48), ("double-sided", 13, 48),
                                  ("backs", 13, 50), ("all", 13, 50)):
        m = two(mode)
        cards = list(rules.deck(m.options.shuffled_jokers()))
        random.Random(1).shuffle(cards)
        m.apply(Deal(1, 0, tuple(cards)))
        assert [len(s.hand) for s in m.seats] == [size, size]
        assert len(m.wall) == deck_size - 2 * (13 - m.options.starting_jokers())
        assert sum(s.hand.count(JOKER) for s in m.seats) >= 2 * m.options.starting_jokers()


def test_only_a_card_held_is_discarded() -> None:
    m = two()
    m.apply(Deal(1, 0, rigged("22 4444 6666 888", "1 1 2 3 5 7 8 9 DS DM DF 3 5")))
    m.apply(Draw(0, m.wall[0]))
    absent = next(c for c in ALL_CARDS[:12] if c not in m.seats[0].hand)
    with pytest.raises(IllegalActionError, match="not in the hand"):
        m.apply(Discard(0, absent))
    m.apply(Discard(0, m.seats[0].hand[0]))
def test_a_pair_is_called_only_for_mahjong_and_jokers_are_never_called() -> None:
    m = two()
    # player 0 deals; player 1 holds 22 4444 6666 888 and waits on an 8
    m.apply(Deal(1, 0, rigged("22 4444 6666 888", "1 1 2 3 5 7 8 9 DS DM DF 3 5")))
    m.apply(Draw(0, m.wall[0]))
    m.apply(Discard(0, Card("1")))
    with pytest.raises(IllegalActionError, match="not there to call"):
        m.apply(Call(1, Card("8"), C("88")))
    m.apply(Draw(1, m.wall[0]))
    m.apply(Discard(1, Card("2")))
    m.apply(Draw(0, m.wall[0]))
    m.apply(Discard(0, Card("8")))
    with pytest.raises(IllegalActionError, match="identical cards or jokers"):
        m.apply(Call(1, Card("8"), C("22")))
    # 8 with one 8 is a pair call: 2 4444 6666 88 [88] does not win with it
    with pytest.raises(IllegalActionError, match="only for Mahjong"):
        m.apply(Call(1, Card("8"), C("8")))
    jokers = two("backs")
    jokers.apply(Deal(1, 0, rigged("22 4444 6666 888", "1 1 2 3 5 7 8 9 DS DM DF J 5",
                                   jokers=2)))
    jokers.apply(Draw(0, jokers.wall[0]))
    jokers.apply(Discard(0, JOKER))
    assert jokers.last_discard is None and jokers.seats[0].jokers_discarded == 1
    with pytest.raises(IllegalActionError, match="not there to call"):
        jokers.apply(Call(1, JOKER, C("JJ")))


def test_calling_to_win() -> None:
    m = two()
    m.apply(Deal(1, 0, rigged("22 4444 6666 888", "1 1 2 3 5 7 8 9 DS DM DF 3 5")))
    m.apply(Draw(0, m.wall[0]))
    m.apply(Discard(0, Card("8")))
    m.apply(Call(1, Card("8"), C("888")))   # a kong of 8s makes 22 4444 6666 [8888]
    assert m.seats[1].melds[0].face == Card("8")
    # kong +1, and still concealed: the only exposure is the winning call
    assert m.mahjong_award(1) == 2
    with pytest.raises(IllegalActionError, match="scores 2, not 3"):
        m.apply(Mahjong(1, 3))
    m.apply(Mahjong(1, 2))
    assert m.forced() == RoundEnd((0, 2), "Mahjong")


def test_mahjong_after_a_draw_scores_and_the_dealer_rotates() -> None:
    m = two()
    # player 1 deals and plays first; player 0 waits on an 8 for 22 4444 6666 8888
    m.apply(Deal(1, 1, rigged("22 4444 6666 888", "1 1 2 3 5 5 7 7 7 9 DS DM DF", "3 8")))
    with pytest.raises(IllegalActionError, match="it is player 1's move"):
        m.apply(Draw(0, Card("3")))
    m.apply(Draw(1, Card("3")))
    m.apply(Discard(1, Card("2")))
    with pytest.raises(IllegalActionError, match="top card is 8"):
        m.apply(Draw(0, Card("9")))
    m.apply(Draw(0, Card("8")))
    assert m.mahjong_award(0) == 2            # a kong +1, concealed +1
    m.apply(Mahjong(0, 2, "wins"))
    end = m.forced()
    assert end == RoundEnd((2, 0), "Mahjong")
    m.apply(end)
    assert m.seats[0].score == 2 and m.dealer == 0 and m.phase == Phase.DEAL


def test_a_miscalled_mahjong_costs_two_or_plays_on() -> None:
    m = two()
    m.apply(Deal(1, 0, rigged("222 333 444 555 6", "123456789 DSDMDF 1")))
    m.apply(Draw(0, m.wall[0]))
    m.apply(Mahjong(0, 0))
    end = m.forced()
    assert end == RoundEnd((0, 2), "miscalled Mahjong")
    friendly = two(miscall_penalty=False)
    friendly.apply(Deal(1, 0, rigged("222 333 444 555 6", "123456789 DSDMDF 1")))
    friendly.apply(Draw(0, friendly.wall[0]))
    friendly.apply(Mahjong(0, 0))
    assert friendly.phase == Phase.ACT and friendly.forced() is None


def _to_the_last_discard(m: TwoPlayerMatch, last: str) -> None:
    """Each player discards the card just drawn until the deck is empty; the last
    discard is ``last``."""
    while True:
        p = m.current
        card = m.wall[0]
        m.apply(Draw(p, card))
        m.apply(Discard(p, Card(last) if not m.wall else card))
        if not m.wall:
            return


def test_the_last_discard_can_still_be_called() -> None:
    """After the last card is drawn and discarded, the next player may still call it
    (here for Mahjong); only a player who must draw from the empty deck ends the round."""
    m = two()
    # player 1 deals and plays first, so player 0 draws the last card and discards an 8;
    # player 1 waits on an 8 for 22 4444 6666 8888
    m.apply(Deal(1, 1, rigged("1 1 2 3 5 7 8 9 DS DM DF 3 5", "22 4444 6666 888")))
    _to_the_last_discard(m, "8")
    assert m.phase == Phase.TURN and m.current == 1 and not m.wall
    assert m.forced() is None
    legal = m.legal_actions()
    assert Call(1, Card("8"), C("888")) in legal and Exhausted(1) in legal
    assert not any(isinstance(ev, Draw) for ev in legal)
    m.apply(Call(1, Card("8"), C("888")))
    m.apply(Mahjong(1, 2))                    # a kong, and concealed but for the call
    assert m.forced() == RoundEnd((0, 2), "Mahjong")
    # not calling: the player must draw and cannot, so the round is a wall game
    w = two()
    w.apply(Deal(1, 1, rigged("1 1 2 3 5 7 8 9 DS DM DF 3 5", "22 4444 6666 888")))
    _to_the_last_discard(w, "8")
    with pytest.raises(IllegalActionError, match="deck is empty"):
        w.apply(Draw(1, Card("8")))
    w.apply(Exhausted(1))
    assert w.forced() == RoundEnd((0, 0), "wall game")
    # and the planner calls it
    p = two()
    p.apply(Deal(1, 1, rigged("1 1 2 3 5 7 8 9 DS DM DF 3 5", "22 4444 6666 888")))
    _to_the_last_discard(p, "8")
    choice = Planner().choose(p, p.legal_actions(), random.Random(0))
    assert isinstance(choice, Call) and choice.cards == C("888")


def test_an_exposed_joker_does_not_complete_a_concealed_block() -> None:
    """Player 1 exposes 333J, then draws the last 3: 1111 5555 3 J [333J] is no win
    (the exposure's joker cannot make 1111J, nor the 3 in hand make it 3333)."""
    m = two("backs")
    m.apply(Deal(1, 0, rigged("1111 5555 33 JJ 9", "3 2 2 4 4 6 6 7 7 8 8 DS DM",
                              "DF DF 3", jokers=2)))
    m.apply(Draw(0, Card("DF")))
    m.apply(Discard(0, Card("3")))
    m.apply(Call(1, Card("3"), C("33J")))
    m.apply(Discard(1, Card("9")))
    m.apply(Draw(0, Card("DF")))
    m.apply(Discard(0, Card("DF")))
    m.apply(Draw(1, Card("3")))
    assert m.hand_points(1) == -1 and m.mahjong_award(1) is None
    with pytest.raises(IllegalActionError, match="not a winning hand"):
        m.apply(Mahjong(1, 3))
    assert Mahjong(1, 3) not in m.legal_actions()


def test_joker_swaps_both_ways() -> None:
    m = two("backs")
    m.apply(Deal(1, 0, rigged("4 J 55 66 777 888 9", "4 4 4 5 6 7 DS DM DF 1 2 3 J",
                              jokers=2)))
    m.apply(Draw(0, m.wall[0]))
    m.apply(Discard(0, Card("4")))
    m.apply(Call(1, Card("4"), C("4J")))        # player 1 exposes 44J
    m.apply(Discard(1, Card("9")))
    m.apply(Draw(0, m.wall[0]))
    with pytest.raises(IllegalActionError, match="no exposure of 5"):
        m.apply(Swap(0, 1, Card("5")))
    jokers = m.seats[0].hand.count(JOKER)
    m.apply(Swap(0, 1, Card("4"), False))       # a 4 for the joker
    assert m.seats[0].hand.count(JOKER) == jokers + 1
    assert m.seats[1].melds[0].jokers == 0
    with pytest.raises(IllegalActionError, match="holds no joker"):
        m.apply(Swap(0, 1, Card("4"), False))
    with pytest.raises(IllegalActionError, match="would undo this turn's joker swap"):
        m.apply(Swap(0, 1, Card("4"), True))    # ruling 10: not back in the same turn
    m.apply(Discard(0, next(c for c in m.seats[0].hand if c not in (Card("4"), JOKER))))
    m.apply(Draw(1, m.wall[0]))
    m.apply(Discard(1, next(c for c in m.seats[1].hand if c is not JOKER)))
    m.apply(Draw(0, m.wall[0]))
    m.apply(Swap(0, 1, Card("4"), True))        # a turn later: a joker for a 4
    assert m.seats[1].melds[0].jokers == 1 and Card("4") in m.seats[0].hand
    m.seats[1].melds[0].cards = [Card("4"), JOKER, JOKER]
    with pytest.raises(IllegalActionError, match="jokers only"):
        m.apply(Swap(0, 1, Card("4"), True))
    with pytest.raises(IllegalActionError, match="cannot swap"):
        m.apply(Swap(0, 0, Card("4"), True))    # two players swap with the opponent only


def test_the_planner_swaps_a_joker_for_the_card_a_pair_lacks() -> None:
    """A joker cannot fill a pair: holding 4444 6666 8888 2 J, the planner gives its
    joker for a 2 from the opponent's exposed 222, and wins."""
    from tilepress.games.minttin.rules import Meld

    m = two("double-sided")
    m.apply(Deal(1, 0, rigged("222 1 1 3 3 5 5 7 7 9", "4444 6666 8888", "2")))
    twos = [m.seats[1].hand.pop(m.seats[1].hand.index(Card("2"))) for _ in range(3)]
    m.seats[1].melds.append(Meld(Card("2"), twos))     # the opponent's exposed 222
    m.apply(Draw(0, Card("2")))
    planner = Planner()
    choice = planner.choose(m, m.legal_actions(), random.Random(0))
    assert choice == Swap(0, 1, Card("2"), True, choice.reason)
    assert "a joker cannot fill the pair of 2" in choice.reason
    m.apply(choice)
    assert [str(c) for c in m.seats[1].melds[0].cards] == ["2", "2", "J"]
    assert isinstance(planner.choose(m, m.legal_actions(), random.Random(0)), Mahjong)


def test_the_planner_exposes_a_joker_only_where_no_card_can_swap_it_out() -> None:
    from tilepress.games.minttin.bots import unseen

    m = two("double-sided")
    m.apply(Deal(1, 0, rigged("2 33 44 555 66 8 DM", "1 1 2 3 5 7 7 9 DS DM DF 3",
                              "1 1 2 9 2")))
    m.apply(Draw(0, m.wall[0]))
    m.apply(Discard(0, Card("2")))            # a second 2 on the discards
    assert unseen(m, 1, Card("2")) == 2       # two 2s are still out there
    calls = [ev for ev in m.legal_actions() if isinstance(ev, Call)]
    assert Call(1, Card("2"), C("2J")) in calls  # a pung 22J: legal, but the joker could
    assert Planner()._call(m, 1, Card("2")) is None  # be swapped out
    m.apply(Draw(1, m.wall[0]))
    m.apply(Discard(1, Card("8")))
    for p, card in ((0, "2"), (1, "9"), (0, "2")):
        m.apply(Draw(p, m.wall[0]))
        m.apply(Discard(p, Card(card)))       # at last every 2 is in sight
    assert unseen(m, 1, Card("2")) == 0
    choice = Planner()._call(m, 1, Card("2"))
    assert choice == Call(1, Card("2"), C("2J"), choice.reason)
    assert "and 1 joker (2 cards short, then 1)" in choice.reason


def test_doubling_drop_and_take() -> None:
    zero = "33 555 777 999 11"   # with a third 1: 33 555 777 999 111, valid
    junk = "2 3 4 5 6 7 8 9 DS DM DF 2 4"
    for take in (False, True):
        m = two()
        m.apply(Deal(1, 0, rigged(junk, zero, "1")))   # player 0 deals and holds ``zero``
        m.apply(Draw(0, Card("1")))
        assert m.hand_points(0) == 1                  # concealed +1, nothing else
        m.apply(Double(0))
        m.apply(Answer(1, take))
        if not take:
            assert m.forced() == RoundEnd((1, 0), "the double was dropped")
            continue
        for _ in range(3):
            m.apply(Draw(1, m.wall[0]))
            with pytest.raises(IllegalActionError, match="draw and discard only"):
                m.apply(Swap(1, 0, Card("3")))
            m.apply(Discard(1, m.seats[1].hand[0]))
        assert m.forced() == RoundEnd((2, 0), "the double held for three turns")
    m = two()
    m.apply(Deal(1, 0, rigged(zero, junk, "1")))
    m.apply(Draw(0, m.wall[0]))
    with pytest.raises(IllegalActionError, match="valid winning hand"):
        m.apply(Double(0))


def test_the_wall_game_and_the_match_end() -> None:
    m = two()
    cards = list(rules.deck(0))
    random.Random(3).shuffle(cards)
    m.apply(Deal(1, 0, tuple(cards)))
    rng = random.Random(0)
    while m.wall:
        p = m.current
        m.apply(Draw(p, m.wall[0]))
        m.apply(Discard(p, rng.choice(m.seats[p].hand)))
    assert m.forced() is None  # the next player may still call the last discard
    m.apply(Exhausted(m.current))
    assert m.forced() == RoundEnd((0, 0), "wall game")
    m.apply(m.forced())
    assert [s.score for s in m.seats] == [0, 0] and m.dealer == 1 and not m.over
    # a round that brings a player to the target ends the match
    m.seats[0].score = 6
    m.outcome, m.phase = Outcome((1, 0), "Mahjong"), Phase.ROUND_END
    m.apply(RoundEnd((1, 0), "Mahjong"))
    assert m.over and m.result()["winner"] == 0
    with pytest.raises(IllegalActionError, match="over"):
        m.apply(Draw(0, Card("1")))


def test_an_epic_hand_ends_the_match_whatever_the_target() -> None:
    m = two(target=14)
    m.apply(Deal(1, 0, rigged("222 333 444 555 6", "123456789 DSDMDF 1", "1")))
    m.seats[0].hand[-1] = JOKER   # the Epic Hand's second joker (a rigged hand)
    m.apply(Draw(0, Card("1")))
    m.seats[0].hand.remove(Card("1"))
    m.seats[0].hand.append(JOKER)
    assert m.is_epic(0) and m.mahjong_award(0) == 7 + 1   # and concealed
    m.apply(Mahjong(0, 8))
    end = m.forced()
    assert end == RoundEnd((8, 0), "Mahjong (Epic Hand)") and m.outcome.match_winner == 0
    m.apply(end)
    assert m.over and m.result()["winner"] == 0 and m.result()["scores"] == [8, 0]


# -- solo ----------------------------------------------------------------------


def solo(**options) -> SoloMatch:
    return SoloMatch(MintTinOptions(**options))


def solo_deck(you: str, top: str = "", dead: int = 12) -> tuple[Card, ...]:
    rest = Counter(rules.deck(0))
    head = list(C(you))
    for c in head:
        rest[c] -= 1
    top_cards = list(C(top))
    for c in top_cards:
        rest[c] -= 1
    others = sorted(rest.elements())
    dead_cards, others = others[:dead], others[dead:]
    return tuple(head + dead_cards + top_cards + others)


def test_the_virtual_opponent_exposes_with_its_joker_then_three_alike() -> None:
    m = solo()
    m.apply(Deal(1, 0, solo_deck("5 5 6 6 7 7 8 9 DS DM DF 1", "2 3 4 5")))
    m.apply(Draw(0, m.wall[0]))           # you draw 2
    m.apply(Discard(0, Card("5")))        # a 5 to the row: nothing yet
    assert m.forced() == OpponentDraw(Card("3"))
    m.apply(m.forced())
    assert m.phase == Phase.HOLD
    m.apply(ToRow(Card("3")))
    m.apply(Draw(0, m.wall[0]))           # 4
    m.apply(Discard(0, Card("5")))        # the second 5, with the joker in its spot
    assert m.forced() == OpponentExposes(C("5 5 J"))
    m.apply(m.forced())
    assert m.pungs() == 1 and m.joker_spot == 0
    assert m.phase == Phase.DRAW              # after an exposure, you draw next


def test_an_epic_hand_wins_the_solo_match_too() -> None:
    m = solo(target=14)
    m.apply(Deal(1, 0, solo_deck("1 2 3 4 5 6 7 8 9 DS DM DF", "1")))
    m.apply(Draw(0, Card("1")))
    m.seats[0].hand.remove(Card("1"))
    m.seats[0].hand.append(JOKER)           # the second joker (as if swapped in)
    assert m.is_epic(0)
    m.apply(Mahjong(0, 8))
    assert m.forced() == RoundEnd((8, 0), "Mahjong (Epic Hand)")
    m.apply(m.forced())
    assert m.over and m.result()["winner"] == 0


def test_the_opponents_score_for_its_pungs() -> None:
    from tilepress.games.minttin.rules import Meld

    m = solo()
    m.apply(Deal(1, 0, solo_deck("1 2 3 4 5 6 7 8 9 DS DM DF")))
    for face in C("1 4 7 DS DM"):
        m.seats[1].melds.append(Meld(face, [face] * 3))
    # the Sword dragon matches the 1s, the Moon dragon the 4s: 1 + 2
    assert m.opponent_points() == 3
    m.seats[1].melds[3] = Meld(Card("DF"), [Card("DF")] * 3)
    assert m.opponent_points() == 3  # Fire matches the 7s


def test_solo_double_needs_three_opponent_pungs() -> None:
    m = solo()
    m.apply(Deal(1, 0, solo_deck("33 555 777 999 1", "1")))
    m.apply(Draw(0, m.wall[0]))
    assert m.hand_points(0) >= 0   # 33 555 777 999 11J: a valid hand
    with pytest.raises(IllegalActionError, match="3 pungs"):
        m.apply(Double(0))


def test_dead_hand_and_joker_block_options() -> None:
    m = solo(dead_hand=0)
    cards = list(rules.deck(0))
    m.apply(Deal(1, 0, tuple(cards)))
    assert len(m.wall) == 48 - 12
    b = solo(joker_block=True)
    b.apply(Deal(1, 0, solo_deck("5 5 6 6 7 7 8 9 DS DM DF 1", "2 3 4 6")))
    b.apply(Draw(0, b.wall[0]))
    b.apply(Discard(0, Card("5")))
    b.apply(b.forced())
    b.apply(ToRow(b.hold))
    b.apply(Draw(0, b.wall[0]))
    assert {Discard(0, JOKER), Discard(0, JOKER, block=True)} <= set(b.legal_actions())
    b.apply(Discard(0, JOKER, block=True))  # blocks the 5 and the 3 before it
    assert b.block_at == len(b.row) and b.seats[0].jokers_discarded == 0
    b.apply(b.forced())
    b.apply(ToRow(b.hold))
    b.apply(Draw(0, b.wall[0]))
    b.apply(Discard(0, Card("5")))
    # the 5 before the joker is blocked: no pung, the opponent simply draws
    assert isinstance(b.forced(), OpponentDraw)
    plain = solo()
    plain.apply(Deal(1, 0, solo_deck("5 5 6 6 7 7 8 9 DS DM DF 1", "2 3 4 6")))
    for card in ("5", "J", "5"):
        plain.apply(Draw(0, plain.wall[0]))
        plain.apply(Discard(0, Card(card)))
        if card == "5" and plain.row.count(Card("5")) == 2:
            break
        plain.apply(plain.forced())
        plain.apply(ToRow(plain.hold))
    assert plain.forced() == OpponentExposes(C("5 5 J"))
    assert plain.seats[0].jokers_discarded == 1


def test_a_joker_block_is_a_choice() -> None:
    """With the Joker Block rule a joker may still be discarded for its point; without
    the rule (or with another card, or with two players) nothing blocks."""
    b = solo(joker_block=True)
    b.apply(Deal(1, 0, solo_deck("5 5 6 6 7 7 8 9 DS DM DF 1", "2 3 4 6")))
    b.apply(Draw(0, b.wall[0]))
    with pytest.raises(IllegalActionError, match="only a joker is placed as a block"):
        b.apply(Discard(0, Card("5"), block=True))
    b.apply(Discard(0, Card("5")))
    b.apply(b.forced())
    b.apply(ToRow(b.hold))
    b.apply(Draw(0, b.wall[0]))
    b.apply(Discard(0, JOKER))              # an ordinary discard: a point, no block
    assert b.block_at == 0 and b.seats[0].jokers_discarded == 1
    plain = solo()
    plain.apply(Deal(1, 0, solo_deck("5 5 6 6 7 7 8 9 DS DM DF 1", "2 3 4 6")))
    plain.apply(Draw(0, plain.wall[0]))
    assert Discard(0, JOKER, block=True) not in plain.legal_actions()
    with pytest.raises(IllegalActionError, match="Joker Block rule"):
        plain.apply(Discard(0, JOKER, block=True))
    m = two("double-sided")
    m.apply(Deal(1, 0, rigged("1 1 2 3 5 7 8 9 DS DM DF 3", "22 4444 6666 88")))
    m.apply(Draw(0, m.wall[0]))
    with pytest.raises(IllegalActionError, match="solo game"):
        m.apply(Discard(0, JOKER, block=True))


def test_the_planner_doubles_a_solo_win_when_the_opponent_is_unlikely_to_finish() -> None:
    from tilepress.games.minttin.rules import Meld

    planner = Planner()
    for pungs, row, doubles in ((3, "", True), (4, "7 9 DF", False)):
        m = solo()
        m.apply(Deal(1, 0, solo_deck("22 4444 6666 88", "8")))
        for face in C("1 3 DS 5")[:pungs]:
            m.seats[1].melds.append(Meld(face, [face] * 3))
        m.row = list(C(row))
        m.apply(Draw(0, Card("8")))
        assert m.mahjong_award(0) == 2        # 22 4444 6666 888J: a kong, concealed
        choice = planner.choose(m, m.legal_actions(), random.Random(0))
        assert isinstance(choice, Double if doubles else Mahjong), choice
        if doubles:
            assert "worth 2 now, 4 if the opponent does not make 2 more pungs" in choice.reason
            m.apply(choice)
            while m.phase == Phase.OPPONENT:
                m.apply(m.forced())
            assert m.forced() == RoundEnd((4, 0), "the double held for three cards")


def test_the_planner_blocks_a_row_that_threatens() -> None:
    planner = Planner()
    for row, blocks in (("2 5 8 9 DF", True), ("", False)):
        b = solo(joker_block=True)
        b.apply(Deal(1, 0, solo_deck("1 2 3 4 5 6 7 8 9 DS DM DF", "DS")))
        b.row = list(C(row))      # singles: each a pung with the joker in the spot
        b.apply(Draw(0, Card("DS")))
        ev = planner._joker_block(b, Discard(0, JOKER), Discard(0, JOKER, block=True), "x")
        assert ev.block == blocks
        assert ("placed as a block" if blocks else "for its point") in ev.reason


@pytest.mark.parametrize("options", [{"jokers": "wild"}, {"target": 9}, {"dead-hand": 13},
                                     {"colour": "red"}])
def test_bad_options_are_rejected(options) -> None:
    with pytest.raises(RequestError):
        GAME.options_from(options)


# -- bots and logs -------------------------------------------------------------


def test_the_planner_beats_random_discards() -> None:
    wins = 0
    for seed in range(10):
        seat = seed % 2
        bots = [Planner() if k == seat else RandomDiscards() for k in range(2)]
        result = game.play(MintTinOptions(), seed, bots).result
        wins += result["winner"] == seat
    assert wins >= 9


def _replays(log) -> None:
    again = read_log(log.to_jsonl())
    result = game.replay(again)
    assert result == log.result
    target = GAME.options_from(log.options).target
    assert max(result["scores"]) >= target or "Epic" in log.to_jsonl()


REPLAYED = 24
"""Matches per replay test: every variant six times in a few seconds (the suite
stays fast; 1,000-match runs belong in benchmarks/)."""


def test_two_player_matches_replay_from_their_logs() -> None:
    variants = [{}, {"jokers": "backs"}, {"jokers": "all", "passing": True},
                {"jokers": "none", "miscall-penalty": False}]
    for seed in range(REPLAYED):
        options = GAME.options_from(variants[seed % len(variants)])
        bots = [Planner(), RandomDiscards()] if seed % 10 == 1 else None
        _replays(game.play(options, seed, bots))


def test_solo_matches_replay_from_their_logs() -> None:
    variants = [{}, {"dead-hand": 6}, {"joker-block": True}, {"dead-hand": 0}]
    for seed in range(REPLAYED):
        _replays(game.play(GAME.options_from(variants[seed % len(variants)]), seed,
                           solo=True))


def test_mint_tin_book_sections(tmp_path: Path) -> None:
    from tilepress.output import render_bytes
    from tilepress.publish.book import build_book, load_spec

    spec = tmp_path / "book.toml"
    spec.write_text('title = "Mint Tin"\npaper = "a4"\nseed = 3\n\n'
                    '[[section]]\nkind = "minttin"\ncount = 4\ndifficulty = "hard"\n\n'
                    '[[section]]\nkind = "minttin-discard"\ncount = 2\n')
    document, state = build_book(load_spec(spec))
    kinds = [section.kind.name for section in state.puzzle_sets]
    assert kinds == ["minttin", "minttin-discard"]
    assert sum(len(section.puzzles.puzzles) for section in state.puzzle_sets) == 6
    assert render_bytes(document, "pdf").startswith(b"%PDF")


def test_a_tampered_log_is_rejected() -> None:
    log = game.play(MintTinOptions(), 4)
    lines = log.to_jsonl().splitlines()
    k = next(i for i, line in enumerate(lines) if '"type": "draw"' in line)
    data = json.loads(lines[k])
    data["card"] = "DS" if data["card"] != "DS" else "DM"
    lines[k] = json.dumps(data)
    with pytest.raises(IllegalActionError, match=f"line {k + 1}: draw: the top card is"):
        game.replay(read_log("\n".join(lines)))
    lines = log.to_jsonl().splitlines()
    result = json.loads(lines[-1])
    result["scores"][0] += 1
    lines[-1] = json.dumps(result)
    with pytest.raises(IllegalActionError, match="the result says"):
        game.replay(read_log("\n".join(lines)))


def test_play_minttin_from_the_command_line(cli, tmp_path: Path) -> None:
    log = tmp_path / "m.jsonl"
    assert cli("play", "minttin", "--seed", "2", "-o", log).code == 0
    r = cli("replay", log)
    assert r.code == 0 and "every event is legal" in r.out
    pdf = tmp_path / "s.pdf"
    r = cli("play", "minttin", "--solo", "--seed", "2", "-o", pdf)
    assert r.code == 0 and pdf.read_bytes().startswith(b"%PDF")
    r = cli("play", "minttin", "--bots", "planner,random,random", "-o", tmp_path / "x.jsonl")
    assert r.code == 2 and "3 bots for 2 players" in r.err
    r = cli("play", "minttin", "--jokers", "wild", "-o", tmp_path / "x.jsonl")
    assert r.code == 2 and "jokers must be one of" in r.err


# -- the deck ------------------------------------------------------------------


def test_the_deck_holds_54_cards() -> None:
    from tilepress.games.minttin.printables import deck_cards

    names = [c.name for c in deck_cards()]
    assert len(names) == 54
    kinds = Counter(n.split("-")[0] for n in names)
    assert sum(kinds[str(n)] for n in range(1, 10)) == 36
    assert kinds["DS"] + kinds["DM"] + kinds["DF"] == 12
    assert kinds["joker"] == 4 and kinds["score"] == 2


def test_backs_mirror_their_fronts() -> None:
    from tilepress.documents.cards import CardSheetOptions
    from tilepress.draw.canvas import find_paper
    from tilepress.games.minttin.printables import deck

    for duplex in ("long", "short"):
        sheets = deck(find_paper("a4"), CardSheetOptions(duplex=duplex))
        w = sheets.paper.width
        h = sheets.paper.height
        for k in range(sheets.columns * sheets.rows):
            fx, fy = sheets.slot(k, back=False)
            bx, by = sheets.slot(k, back=True)
            cw, ch = sheets.size
            if duplex == "long":   # turned over the long edge: left and right swap
                assert abs((fx + cw / 2) - (w - (bx + cw / 2))) < 1e-6 and fy == by
            else:                  # over the short edge: top and bottom swap
                assert abs((fy + ch / 2) - (h - (by + ch / 2))) < 1e-6 and fx == bx


def test_print_deck_pdf_boxes_and_svg(cli, tmp_path: Path) -> None:
    from pypdf import PdfReader

    out = tmp_path / "deck.pdf"
    assert cli("print", "deck", "minttin", "--paper", "letter", "-o", out).code == 0
    reader = PdfReader(out)
    assert len(reader.pages) % 2 == 0
    single = tmp_path / "cards.pdf"
    assert cli("print", "deck", "minttin", "--one-per-page", "-o", single).code == 0
    reader = PdfReader(single)
    assert len(reader.pages) == 54 + 4 + 1  # every front, 4 cards' own backs, the shared back
    page = reader.pages[0]
    mm = 72 / 25.4
    trim = [float(v) / mm for v in page.trimbox]
    bleed = [float(v) / mm for v in page.bleedbox]
    assert abs((trim[2] - trim[0]) - 44.45) < 0.01 and abs((trim[3] - trim[1]) - 63.5) < 0.01
    assert abs((bleed[2] - bleed[0]) - 50.45) < 0.01
    folder = tmp_path / "svg"
    r = cli("print", "deck", "minttin", "--format", "svg", "--card-size", "poker", "-o", folder)
    assert r.code == 0
    files = sorted(folder.glob("*.svg"))
    assert len(files) == 59 and b"<svg" in files[0].read_bytes()
    assert 'width="69.5mm"' in files[0].read_text()  # 63.5 + 2 x 3 mm of bleed


@pytest.mark.parametrize(("args", "words"), [
    (("deck", "minttin", "--card-size", "huge"), "card-size must be one of mini, poker"),
    (("deck", "minttin", "--duplex", "diagonal"), "duplex must be one of long, short"),
    (("board", "castle", "--card-size", "mini"), "No such option: --card-size"),
    (("deck", "minttin", "--format", "eps"), "format must be one of pdf, svg, png"),
    (("deck", "minttin", "--per-sheet", "9x9"), "do not fit on A4 paper"),
    (("deck", "minttin", "--back", "blue"), "back must be shipped, none or a colour"),
    (("deck", "minttin", "--gutter", "wide"), "gutter must be a number"),
])
def test_print_rejects_bad_card_options(cli, tmp_path: Path, args, words) -> None:
    r = cli("print", *args, "-o", tmp_path / "x.pdf")
    assert r.code == 2 and words in r.err


def test_svg_cards_into_a_folder_under_a_file_fail_cleanly(cli, tmp_path: Path) -> None:
    (tmp_path / "deck.pdf").write_text("not a folder")
    r = cli("print", "deck", "minttin", "--format", "svg", "-o", tmp_path / "deck.pdf" / "x")
    assert r.code == 2 and "is a file, not a folder" in r.err and "Traceback" not in r.err


def test_rules_card_and_score_sheet(cli, tmp_path: Path) -> None:
    for item in ("card", "sheet"):
        out = tmp_path / f"{item}.pdf"
        assert cli("print", item, "minttin", "-o", out).code == 0


def test_card_art_stays_inside_its_bleed() -> None:
    """Neighbouring cards on a sheet must not draw over each other."""
    import re

    from tilepress.draw.svg import SvgSurface
    from tilepress.games.minttin.pictures import draw_card_back

    surface = SvgSurface()
    w, h, bleed = 44.45, 63.5, 3.0
    with surface.page(w, h, bleed=bleed) as c:
        draw_card_back(c, w, h, bleed)
    svg = surface.finish().decode()
    for d in re.findall(r' d="([^"]+)"', svg):
        numbers = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", d)]
        xs, ys = numbers[0::2], numbers[1::2]
        assert min(xs) >= -bleed - 1e-6 and max(xs) <= w + bleed + 1e-6
        assert min(ys) >= -bleed - 1e-6 and max(ys) <= h + bleed + 1e-6
