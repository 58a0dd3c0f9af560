"""The Mint Tin planner's target ranking (minttin/targets.py) and discard
(minttin/discards.py) against the plain reference (minttin_reference.py); the rules'
partial lists of legal actions (the calls, the swaps) against the whole list; and the
events' quick __init__."""

from __future__ import annotations

import dataclasses
import inspect
import random

import pytest
from minttin_reference import (  # tests/, on the path (conftest.py)
    reference_cost,
    reference_discard,
    reference_ranking,
)
from test_minttin_kernels import random_level_hand

from tilepress.engine.rules import LegalActions, play_out
from tilepress.games.minttin import rules, table
from tilepress.games.minttin.bots import Planner, RandomDiscards
from tilepress.games.minttin.cards import ALL_CARDS, JOKER, copies, parse_cards
from tilepress.games.minttin.hand import deck
from tilepress.games.minttin.options import MintTinOptions
from tilepress.games.minttin.planner.discards import discard_order
from tilepress.games.minttin.planner.heads import evaluate_head
from tilepress.games.minttin.planner.targets import evaluate, rank_targets
from tilepress.games.minttin.rules import Call, Discard, MintTinMatch, Swap, code_counts
from tilepress.games.minttin.runner import chance_event, new_state
from tilepress.games.minttin.table import CardList, counts_of, is_deck


def random_hand(rng: random.Random, size: int):
    """Card counts of ``size`` cards from a deck with four jokers, and up to two
    exposures made of cards among them (a natural card or two, and maybe jokers)."""
    cards = rng.sample(deck(4), size)
    counts = [0] * 13
    for c in cards:
        counts[c.code] += 1
    fixed = []
    for face in rng.sample([f for f in range(12) if counts[f]], k=min(2, rng.randrange(3))):
        naturals = min(counts[face], rng.randint(1, 3))
        jokers = rng.randint(0, min(counts[12], 5 - naturals - 1)) if naturals > 1 else \
            rng.randint(1, max(1, counts[12])) if counts[12] else 0
        if naturals + jokers < 2 or (naturals + jokers == 2 and jokers):
            continue
        fixed.append((face, naturals + jokers, jokers))
    return tuple(counts), tuple(fixed)


@pytest.mark.parametrize("size", [13, 14])
def test_the_ranking_is_the_reference_ranking_on_random_hands(size: int) -> None:
    rng = random.Random(f"planner ranking {size}")
    with_exposures = 0
    for _ in range(400):
        counts, fixed = random_hand(rng, size)
        with_exposures += bool(fixed)
        for keep in (1, 6):
            want = reference_ranking(counts, fixed, keep)
            assert rank_targets.__wrapped__(counts, fixed, keep) == want, (counts, fixed)
        assert evaluate(counts, fixed) == reference_ranking(counts, fixed, 1)[0]
        assert evaluate_head(counts, fixed) == reference_ranking(counts, fixed, 1)[0][:3]
    assert 100 < with_exposures < 350  # both kinds of hand were tried


def test_a_hand_no_target_takes_is_ranked_far_off() -> None:
    counts = (0,) * 9 + (4, 4, 4, 2)  # dragons and jokers only: no number block
    assert rank_targets(counts, ((9, 4, 0), (10, 4, 0), (11, 4, 0))) == ((99, 0, (), ()),)


def test_hands_of_many_exposures_and_jokers_are_ranked_as_the_reference() -> None:
    """Up to three exposures and eight jokers, at every keep."""
    rng = random.Random("planner levels")
    exposures = set()
    for _ in range(200):
        counts, fixed = random_level_hand(rng)
        exposures.add(len(fixed))
        for keep in (1, 2, 6):
            assert rank_targets.__wrapped__(counts, fixed, keep) == \
                reference_ranking(counts, fixed, keep), (counts, fixed, keep)
    assert exposures == {0, 1, 2, 3}


def test_a_hand_with_five_jokers_is_ranked_as_the_reference() -> None:
    counts = (2, 1, 1, 1, 1, 0, 0, 0, 0, 1, 0, 0, 5)  # five jokers
    assert rank_targets.__wrapped__(counts, (), 6) == reference_ranking(counts, (), 6)


def random_danger(rng: random.Random) -> tuple[float, ...] | None:
    """The solo danger by code, or None, as the planner gives it."""
    if rng.random() < 0.5:
        return None
    return (*(rng.choice((0.0, 0.0, 1.5)) for _ in range(12)), 0.0)


def held_of(counts, fixed) -> tuple[int, ...]:
    """The cards in hand: the counts less the exposures' natural cards and jokers."""
    held = list(counts)
    for f, size, jokers in fixed:
        held[f] -= min(held[f], size - jokers)
        held[JOKER.code] -= min(held[JOKER.code], jokers)
    return tuple(held)


def test_the_discard_is_the_reference_discard() -> None:
    """discard_order on hands with up to three exposures, with and without danger: the
    card the reference costs choose, the need it leaves, that need's target and the next
    three cards."""
    rng = random.Random("planner discards")
    kinds = set()
    for i in range(300):
        counts, fixed = random_hand(rng, 14) if i % 2 else random_level_hand(rng)
        held, danger = held_of(counts, fixed), random_danger(rng)
        if not any(held):
            continue
        want = reference_discard(counts, fixed, held, danger)
        assert discard_order(counts, fixed, held, danger) == want, (counts, fixed, danger)
        code, need, faces, _ = want
        assert (need, faces) == reference_cost(counts, fixed, code)[::2]
        kinds.add((min(len(fixed), 2), code == JOKER.code, danger is None))
    assert {(n, False, plain) for n in (0, 1, 2) for plain in (False, True)} | \
        {(0, True, False), (0, True, True), (1, True, False)} <= kinds


def test_a_hand_no_target_takes_is_discarded_as_the_reference() -> None:
    """Dragons exposed that no target takes together: every card costs the hand one more
    than no target."""
    for counts, fixed in (((1,) + (0,) * 8 + (4, 4, 4, 2), ((9, 4, 0), (10, 4, 0), (11, 4, 0))),
                          ((0,) * 9 + (4, 4, 4, 2), ((9, 4, 0), (10, 5, 1)))):
        held = held_of(counts, fixed)
        assert rank_targets(counts, fixed) == reference_ranking(counts, fixed) == \
            ((99, 0, (), ()),)
        assert discard_order(counts, fixed, held) == reference_discard(counts, fixed, held)
        assert discard_order(counts, fixed, held)[1:3] == (100, ())


def test_a_card_beyond_an_exposed_blocks_own_is_discarded_as_the_reference() -> None:
    """A pung of 1s exposed with a joker, and a third 1 held: the 1 held cannot stand in
    for the exposure's joker."""
    counts = (3, 1, 1, 2, 2, 2, 1, 0, 0, 1, 0, 0, 1)  # 1 [1 1 J] 2 3 44 55 66 7 SD
    fixed = ((0, 3, 1),)
    held = (1, 1, 1, 2, 2, 2, 1, 0, 0, 1, 0, 0, 0)
    assert discard_order(counts, fixed, held) == reference_discard(counts, fixed, held)


def _positions(solo: bool, seed: int):
    """Every decision position of a match between random bots (the planner solo), as
    the match at that moment."""
    seen: list[MintTinMatch] = []

    class Watching:
        name = "watching"

        def __init__(self, bot) -> None:
            self.bot = bot

        def choose(self, match, legal, rng):
            seen.append(match)
            _check_partial_lists(match)
            return self.bot.choose(match, legal, rng)

    bots = [Watching(Planner())] if solo else [Watching(RandomDiscards()),
                                               Watching(Planner())]
    match = new_state(MintTinOptions(), solo)
    play_out(match, bots, random.Random(seed), chance_event)
    return seen


def _check_partial_lists(match: MintTinMatch) -> None:
    legal = match.legal_actions()
    card = getattr(match, "hold", None) if hasattr(match, "row") else \
        getattr(match, "last_discard", None)
    calls = [ev for ev in legal if isinstance(ev, Call)]
    assert match.legal_calls(card) == calls
    assert [ev for ev in match.call_candidates(card) if match.is_legal(ev)] == calls
    assert match.legal_swaps() == [ev for ev in legal if isinstance(ev, Swap)]
    assert [ev for ev in match.swap_candidates() if match.is_legal(ev)] == match.legal_swaps()
    p = match.to_move
    assert p is not None
    every_swap = [Swap(p, owner, meld.face, give) for owner in (0, 1)
                  for meld in match.seats[owner].melds for give in (False, True)]
    assert match.legal_swaps() == [ev for ev in every_swap if match.is_legal(ev)]
    for other in ALL_CARDS[:12]:  # no call of a card scores more than the card added
        bound = match.points_with_card(p, other)
        hand = match.seats[p].hand
        for k in range(1, hand.count(other) + 1):
            assert match.points_with_call(p, other, (other,) * k) <= bound
        if JOKER in hand and hand.count(other):
            assert match.points_with_call(p, other, (other, JOKER)) <= bound


@pytest.mark.parametrize("solo", [False, True])
def test_the_rules_partial_lists_are_the_whole_lists_parts(solo: bool) -> None:
    seen = 0
    for seed in range(2):
        seen += len(_positions(solo, seed))
    assert seen > 50


def test_points_are_kept_while_a_bot_looks_and_only_then() -> None:
    match = new_state(MintTinOptions(), False)
    match.apply(chance_event(match, random.Random(3)))
    seat = match.seats[0]
    seat.hand = list(parse_cards("1 2 3 4 5 6 7 8 9 DS DM DF 1 2"))  # no winning shape
    assert match.hand_points(0) == -1
    with match.points_kept():
        assert match.hand_points(0) == -1
        with match.points_kept():  # an inner look keeps the outer one's points
            seat.hand = list(parse_cards("111 222 333 444 55"))  # (positions do not
            assert match.hand_points(0) == -1                   # change while kept)
        assert match.hand_points(0) == -1
    assert match.hand_points(0) >= 1  # the look is over: the points are read again


def _plain_view(match: MintTinMatch, p: int) -> tuple:
    """A player's view counted afresh (from a plain list: not a CardList's own counts)."""
    seat = match.seats[p]
    held = code_counts(list(seat.hand))
    counts = code_counts([*seat.hand, *(c for m in seat.melds for c in m.cards)])
    return (tuple(counts), tuple(held), seat.exposures(),
            tuple((m.face.code, len(m.cards), m.jokers) for m in seat.melds))


@pytest.mark.parametrize("solo", [False, True])
def test_who_moves_and_the_kept_views_are_their_plain_definitions(solo: bool) -> None:
    """At every position of whole matches: who is to move (which asks ``forced()`` only
    where it may give the move) and each player's view, kept or not."""
    planner, rng = Planner(), random.Random(5)
    positions = 0
    for _ in range(3):
        match = new_state(MintTinOptions(), solo)
        while not match.over:
            plain = match.current if match.phase in match.DECISIONS and \
                match.forced() is None else None
            assert match.to_move == plain
            for p in (0, 1):
                assert tuple(match.view(p)) == _plain_view(match, p)
                assert type(match.seats[p].hand) is CardList or match.round == 0
                assert tuple(match.seats[p].counts()) == _plain_view(match, p)[0]
            if solo:
                assert match.row_counts() == code_counts(list(match.row)[match.block_at:])
                with match.points_kept():
                    assert tuple(match.view(p)) == _plain_view(match, p)
                    assert match.view(p) is match.view(p)  # kept while the position stands
            positions += 1
            ev = match.forced()
            if ev is not None:
                match.play_forced(ev)
                continue
            if match.phase in match.CHANCE:
                ev = chance_event(match, rng)
            else:
                ev = planner.choose(match, LegalActions(match), rng)
            match.apply(ev)
    assert positions > 300


def test_copies_counts_as_list_count_does() -> None:
    rng = random.Random(2)
    for _ in range(200):
        cards = rng.choices(ALL_CARDS, k=rng.randrange(20))
        card = rng.choice(ALL_CARDS)
        assert copies(cards, card) == cards.count(card)


@pytest.mark.parametrize("jokers", [0, 2, 4])
def test_a_deal_is_checked_as_the_sorted_deck_was(jokers: int) -> None:
    rng = random.Random(jokers)
    cards = list(deck(jokers))
    for _ in range(50):
        rng.shuffle(cards)
        other = list(cards)
        other[rng.randrange(len(other))] = rng.choice(ALL_CARDS)
        for tried in (cards, other, cards[1:], [*cards, JOKER]):
            assert is_deck(tried, jokers) == (sorted(tried) == sorted(deck(jokers)))
    assert not is_deck(cards, jokers + 1)


def test_direct_init_makes_what_the_dataclass_init_makes() -> None:
    """table.direct_init: the same signature, fields, defaults, equality and hash as the
    frozen dataclass's own __init__; still frozen; replace() and missing or unknown
    arguments behave alike. Every Mint Tin event has it."""

    @dataclasses.dataclass(frozen=True)
    class Plain:
        player: int
        cards: tuple[int, ...]
        reason: str = ""
        block: bool = False

    @table.direct_init
    @dataclasses.dataclass(frozen=True)
    class Direct:
        player: int
        cards: tuple[int, ...]
        reason: str = ""
        block: bool = False

    assert inspect.signature(Direct) == inspect.signature(Plain)
    for args, kwargs in (((1, (2, 3)), {}), ((0, ()), {"block": True}),
                         ((1,), {"cards": (4,), "reason": "why"}), ((2, (5,), "x", True), {})):
        plain, direct = Plain(*args, **kwargs), Direct(*args, **kwargs)
        assert dataclasses.astuple(direct) == dataclasses.astuple(plain)
        assert hash(direct) == hash(Direct(*args, **kwargs)) and direct == Direct(*args, **kwargs)
        assert dataclasses.replace(direct, reason="then") == Direct(
            *dataclasses.astuple(dataclasses.replace(plain, reason="then")))
        with pytest.raises(dataclasses.FrozenInstanceError):
            direct.player = 9  # type: ignore[misc]
    for bad in ((), (1, (), "", False, 0)):
        with pytest.raises(TypeError):
            Plain(*bad)
        with pytest.raises(TypeError):
            Direct(*bad)
    with pytest.raises(TypeError):
        Direct(1, (), colour="red")  # type: ignore[call-arg]
    kinds = {v for v in vars(rules).values() if isinstance(v, type) and getattr(v, "TYPE", "")}
    assert len(kinds) == 16
    for kind in kinds:  # each writes its __dict__, none calls object.__setattr__
        assert "__dict__" in kind.__init__.__code__.co_names, kind
        assert inspect.signature(kind).parameters, kind
    assert Discard(0, JOKER, block=True) == Discard(0, JOKER, "", True)
    assert Discard(0, JOKER).reason == "" and not Discard(0, JOKER).block


def test_a_card_list_keeps_its_counts_through_every_change() -> None:
    """table.CardList: after each list method that adds or removes cards (and ``+=``,
    item and slice assignment and deletion, ``*=``), its counts are the cards' counts;
    it equals the plain list, and pickles and copies with the same counts."""
    import copy
    import pickle

    cards = list(parse_cards("1 1 2 5 9 DS DM J J"))
    hand = CardList(cards)
    changes = [
        lambda h: h.append(JOKER), lambda h: h.remove(ALL_CARDS[0]), lambda h: h.pop(),
        lambda h: h.pop(0), lambda h: h.extend(parse_cards("3 3 DF")),
        lambda h: h.insert(2, ALL_CARDS[6]), lambda h: h.__setitem__(0, ALL_CARDS[10]),
        lambda h: h.__setitem__(slice(1, 3), list(parse_cards("4 4 4"))),
        lambda h: h.__delitem__(1), lambda h: h.__delitem__(slice(0, 2)),
        lambda h: h.__iadd__(list(parse_cards("7 8"))), lambda h: h.__imul__(2),
        lambda h: h.sort(), lambda h: h.reverse(), lambda h: h.clear(),
        lambda h: h.extend(parse_cards("1 2 3")),
    ]
    for change in changes:
        change(hand)
        change(cards)
        assert hand == cards and hand.counts == code_counts(cards)
        assert counts_of(hand) is hand.counts and counts_of(cards) == hand.counts
        for again in (pickle.loads(pickle.dumps(hand)), copy.copy(hand), copy.deepcopy(hand)):
            assert type(again) is CardList and again == hand and again.counts == hand.counts
            assert again.counts is not hand.counts
    hand += parse_cards("5")
    assert type(hand) is CardList and hand.counts == code_counts(list(hand))
