"""The Mint Tin planner's target ranking (minttin/targets.py) against a plain reference:
every target fitted, sorted once; the rules' partial lists of legal actions (the calls,
the swaps) against the whole list; and the events' quick __init__."""

from __future__ import annotations

import dataclasses
import inspect
import random

import pytest

from tilepress.engine.rules import LegalActions, play_out
from tilepress.games.minttin import rules, table
from tilepress.games.minttin.bots import Planner, RandomDiscards
from tilepress.games.minttin.cards import ALL_CARDS, JOKER, copies, parse_cards
from tilepress.games.minttin.discards import discard_costs
from tilepress.games.minttin.hand import deck
from tilepress.games.minttin.heads import evaluate_head
from tilepress.games.minttin.options import MintTinOptions
from tilepress.games.minttin.rules import Call, Discard, MintTinMatch, Swap, code_counts
from tilepress.games.minttin.runner import chance_event, new_state
from tilepress.games.minttin.table import CardList, counts_of, is_deck
from tilepress.games.minttin.targets import (
    TARGETS,
    _rank_by_levels,
    _table_ranking,
    evaluate,
    rank_targets,
)


def reference_fit(counts, faces, patterns, exposed):
    """The best (need, -points, assignment) of a target's patterns, written plainly:
    exposed faces first with their own sizes, the others most cards first (in the
    target's order on a tie) taking the pattern's sizes left, largest first."""
    jokers = counts[12]
    order = sorted(faces, key=lambda f: (f not in exposed, -counts[f]))
    best = None
    for sizes, points in patterns:
        left = list(sizes)
        if any(exposed[f] not in left or left.remove(exposed[f]) for f in order
               if f in exposed):
            continue
        free = iter(left)
        assigned = [(f, exposed[f] if f in exposed else next(free)) for f in order]
        pairs = sum(2 - min(counts[f], 2) for f, size in assigned if size == 2)
        gaps = sum(size - min(counts[f], size) for f, size in assigned if size > 2)
        need = pairs + max(0, gaps - jokers)
        if best is None or (need, -points) < best[:2]:
            best = (need, -points, tuple(assigned))
    return best


def reference_ranking(counts, fixed=(), keep=6):
    """Every target that takes the exposures, fitted, sorted by need, then points, then
    the bound (14 less the jokers and the cards of its faces), then its place."""
    caps = {f: size - jokers for f, size, jokers in fixed}
    counts = tuple(min(c, caps.get(i, c)) for i, c in enumerate(counts))
    exposed = {f: size for f, size, _ in fixed}
    rows = []
    for k, (faces, special, patterns) in enumerate(TARGETS):
        if not set(exposed) <= set(faces):
            continue
        fit = reference_fit(counts, faces, patterns, exposed)
        if fit is None:
            continue
        need, minus_points, assigned = fit
        bound = 14 - counts[12] - sum(counts[f] for f in faces)
        rows.append(((need, minus_points - special, bound, k),
                     (need, special - minus_points, faces, assigned)))
    rows.sort()
    return tuple(row for _, row in rows[:keep]) or ((99, 0, (), ()),)


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


def test_the_tables_and_the_level_search_rank_alike() -> None:
    """Hands with no exposure or one are ranked from the tables, the others by the
    level search; both give the same targets in the same order, at every keep."""
    rng = random.Random("planner tables")
    by_tables = by_levels = 0
    for _ in range(300):
        counts, fixed = random_hand(rng, rng.choice((13, 14)))
        ranking = _table_ranking.__wrapped__(counts, fixed)
        assert (ranking is None) == (len(fixed) > 1)
        by_tables += ranking is not None
        by_levels += ranking is None
        for keep in (1, 2, 6):
            assert rank_targets.__wrapped__(counts, fixed, keep) == \
                _rank_by_levels(counts, fixed, keep), (counts, fixed, keep)
    assert by_tables > 200 and by_levels > 10


def test_a_hand_with_more_jokers_than_the_tables_hold_is_ranked_by_levels() -> None:
    counts = (2, 1, 1, 1, 1, 0, 0, 0, 0, 1, 0, 0, 5)  # five jokers
    assert _table_ranking.__wrapped__(counts, ()) is None
    assert rank_targets.__wrapped__(counts, (), 6) == reference_ranking(counts, (), 6)


def reference_cost(counts, fixed, code):
    """(need, -points, faces) after throwing away a card of ``code``: the least over the
    best targets of the need plus one when that target loses the card."""
    caps = {f: size - jokers for f, size, jokers in fixed}
    best = None
    for need, points, faces, assigned in reference_ranking(counts, fixed):
        if code == 12:
            gaps = sum(size - min(counts[f], caps.get(f, size)) for f, size in assigned
                       if size > 2)
            lost = gaps >= counts[12]
        else:
            lost = any(f == code and counts[f] <= caps.get(f, size) for f, size in assigned)
        if best is None or (need + lost, -points) < best[:2]:
            best = (need + lost, -points, faces)
    return best


def test_discard_costs_are_the_reference_costs_of_each_card_held() -> None:
    rng = random.Random("planner discard costs")
    for _ in range(300):
        counts, fixed = random_hand(rng, 14)
        best, costs = discard_costs.__wrapped__(counts, fixed)
        assert best == reference_ranking(counts, fixed)[0]
        assert set(costs) == {code for code in range(13) if counts[code]}
        for code, cost in costs.items():
            assert cost == reference_cost(counts, fixed, code), (counts, fixed, code)


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
