"""An independent referee for Mint Tin Mahjong scoring, written from the rules text
(/work/shared/rules/mint-tin-mahjong.txt) and the project's rulings (docs/rulings.md,
"Mint Tin Mahjong"), without any tilepress code: it parses the card notation itself and
finds the best arrangement by plain enumeration.

Public functions:

- ``parse(text)``: cards from the notation of docs/formats.md ("11 444 DMDM J").
- ``evaluate(cards, exposed_blocks=..., concealed=..., jokers_discarded=..., joker_blocks=...)``:
  the best arrangement (``Verdict``: raw points, win or not, how it is made), or None.
- ``best_points(...)``: the best raw points of a 14-card hand, or None when no
  arrangement is valid.  ``is_win(points)``: a win needs at least one point.
- ``completions(cards13, ...)``: every card that makes a winning hand, with its points.
- ``rescore_log(path)``: re-derives every round of a ``tilepress play minttin`` log from
  its events and returns the disagreements with the log's own numbers.

How the text is read (each choice is marked READING in the code):

- A block is 2-5 identical cards (pair, pung, kong, quint); jokers may stand in any block
  but a pair.  A block needs at least one natural card unless ``joker_blocks`` (ruling 4;
  the text is silent).  Only 4 natural copies exist, so a quint always holds a joker.
- A pattern is blocks of exactly two different sizes adding up to 14 (the text's rule;
  it gives the nine patterns the text lists).
- The numbers used form the set: at least 3 numbers consecutive in the Run (1-9), the
  Odds (1 3 5 7 9) or the Evens (2 4 6 8), wrapping around; each number is one block and
  no number is in two blocks.  Every other block is a dragon block of a suit that has a
  number block, each dragon colour at most once.  Every one of the 14 cards is in a block.
- Bonuses: Kong +1 once if any block is a kong; +1 per quint; +1 per joker discarded
  during the round (a Joker Block placement in solo scores nothing); Concealed +1 when the
  hand has no exposure except the one made by calling the winning card.
- Special hands, with every bonus on top ("plus any additional bonus points"):
  One Suit 2 (every number card in one suit and one dragon block of that suit -- READING:
  the dragon block is required, as the text says "plus 1 dragon block");
  Three Suits 3 (six blocks: a number block of each suit and a dragon block of each suit);
  Epic Hand 7 (one of each number, one of each dragon, two jokers: 14 single cards, no
  pattern -- READING: it wins without a pattern or set, being listed as a winning hand).
- An exposure is one fixed block (ruling 9): its cards are that block and no concealed
  card of its face joins any block.
"""

from __future__ import annotations

import itertools
import json
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

NUMBERS = tuple(str(n) for n in range(1, 10))
DRAGONS = ("DS", "DM", "DF")
JOKER = "J"
CARDS = NUMBERS + DRAGONS + (JOKER,)
NATURAL_COPIES = 4
SUIT = {**{str(n): "S" for n in (1, 2, 3)}, **{str(n): "M" for n in (4, 5, 6)},
        **{str(n): "F" for n in (7, 8, 9)}, "DS": "S", "DM": "M", "DF": "F"}
CATEGORIES = {
    "run": (1, 2, 3, 4, 5, 6, 7, 8, 9),
    "odds": (1, 3, 5, 7, 9),
    "evens": (2, 4, 6, 8),
}
SIZES = (2, 3, 4, 5)  # pair, pung, kong, quint
SIZE_NAMES = {2: "pair", 3: "pung", 4: "kong", 5: "quint"}
MAX_BLOCKS = 7  # seven pairs is the most blocks 14 cards can make


# -- cards -------------------------------------------------------------------------


def parse(text: str | Iterable[str]) -> list[str]:
    """Cards from the notation: 1-9, DS DM DF, J; spaces and commas optional.  A list of
    card names is accepted as it is (each checked)."""
    if not isinstance(text, str):
        cards = list(text)
        for card in cards:
            if card not in CARDS:
                raise ValueError(f"not a Mint Tin card: {card!r}")
        return cards
    cards: list[str] = []
    i = 0
    s = text.upper()
    while i < len(s):
        ch = s[i]
        if ch in " ,\t":
            i += 1
        elif ch in "123456789":
            cards.append(ch)
            i += 1
        elif ch == "J":
            cards.append(JOKER)
            i += 1
        elif ch == "D" and i + 1 < len(s) and s[i + 1] in "SMF":
            cards.append("D" + s[i + 1])
            i += 2
        else:
            raise ValueError(f"not a Mint Tin card at {i} of {text!r}")
    return cards


def _sets() -> list[tuple[str, tuple[int, ...]]]:
    """Every set the categories allow: (category, numbers in order), 3 to 7 numbers (a
    hand has at most seven blocks), wrapping around, each set once per category."""
    seen = set()
    out = []
    for name, cat in CATEGORIES.items():
        n = len(cat)
        for length in range(3, min(n, MAX_BLOCKS) + 1):
            for start in range(n):
                numbers = tuple(cat[(start + k) % n] for k in range(length))
                key = (name, frozenset(numbers))
                if key not in seen:
                    seen.add(key)
                    out.append((name, numbers))
    return out


SETS = _sets()


def patterns() -> list[tuple[int, int, int, int]]:
    """(size a, count of a, size b, count of b), a < b: blocks of exactly two sizes that
    add up to 14.  The text lists nine; this derivation is checked against them."""
    out = []
    for a, b in itertools.combinations(SIZES, 2):
        for m in range(1, 8):
            for k in range(1, 8):
                if a * m + b * k == 14:
                    out.append((a, m, b, k))
    return out


# -- one hand ----------------------------------------------------------------------


@dataclass(frozen=True)
class Verdict:
    points: int
    """Raw best points (0 is possible: a valid hand with no bonus)."""
    win: bool
    """A legal Mahjong: a valid arrangement worth at least 1 point."""
    blocks: tuple[tuple[str, int, int], ...] = ()
    """(face, size, jokers in it) of the best arrangement; empty for the Epic Hand."""
    category: str = ""
    numbers: tuple[int, ...] = ()
    why: tuple[str, ...] = field(default_factory=tuple)


def _face_of_block(block: Sequence[str]) -> str:
    faces = {c for c in block if c != JOKER}
    if len(faces) != 1:
        raise ValueError(f"an exposed block is identical cards and jokers: {block!r}")
    return faces.pop()


def _split(cards, exposed_blocks):
    """(concealed cards, exposed blocks) from the caller's two arguments.  ``cards`` is
    either the concealed part (it and the exposures make 14 cards) or all 14 cards with
    the exposures among them."""
    cards = parse(cards)
    blocks = [parse(b) for b in exposed_blocks]
    exposed_count = sum(len(b) for b in blocks)
    if len(cards) + exposed_count == 14:
        return cards, blocks
    if len(cards) == 14 and blocks:
        rest = Counter(cards)
        for b in blocks:
            rest.subtract(b)
        if min(rest.values()) < 0:
            raise ValueError("the exposed blocks are not among the 14 cards")
        return list(rest.elements()), blocks
    raise ValueError(f"{len(cards)} cards and {exposed_count} exposed: a hand is 14")


def evaluate(cards, *, exposed_blocks: Sequence = (), concealed: bool,
             jokers_discarded: int, joker_blocks: bool = False) -> Verdict | None:
    """The best arrangement of 14 cards under the text, or None if no arrangement is a
    valid winning hand (pattern and category).  ``points`` may be 0; ``win`` says whether
    the hand may be called (at least 1 point)."""
    hand, exposed = _split(cards, exposed_blocks)
    round_bonus = jokers_discarded + (1 if concealed else 0)
    count = Counter(hand)
    all_cards = Counter(hand)
    for b in exposed:
        all_cards.update(b)
    for face in NUMBERS + DRAGONS:
        if all_cards[face] > NATURAL_COPIES:
            raise ValueError(f"{all_cards[face]} cards {face}: there are four")
    jokers = count[JOKER]
    candidates: list[Verdict] = []

    # The Epic Hand: one of each number, one of each dragon, two jokers (no blocks).
    if not exposed and all(count[f] == 1 for f in NUMBERS + DRAGONS) and jokers == 2:
        pts = 7 + round_bonus
        why = ("Epic Hand 7",) + ((f"round bonuses {round_bonus}",) if round_bonus else ())
        candidates.append(Verdict(pts, pts >= 1, (), "", (), why))

    # Exposed blocks: fixed faces and sizes.
    fixed: dict[str, tuple[int, int]] = {}
    for b in exposed:
        if len(b) not in SIZES:
            raise ValueError(f"an exposed block has 2-5 cards: {b!r}")
        face = _face_of_block(b)
        j = b.count(JOKER)
        if len(b) == 2 and j:
            raise ValueError(f"a pair holds no joker: {b!r}")
        if face in fixed:
            return _best(candidates)  # two blocks of one face can never be a hand
        fixed[face] = (len(b), j)

    present = {f for f in NUMBERS + DRAGONS if count[f] or f in fixed}
    for category, numbers in SETS:
        set_faces = [str(n) for n in numbers]
        suits = {SUIT[f] for f in set_faces}
        if any(f in NUMBERS and f not in set_faces for f in present):
            continue
        dragons_needed = [d for d in DRAGONS if d in present]
        if any(SUIT[d] not in suits for d in dragons_needed):
            continue
        optional = [d for d in DRAGONS if d not in present and SUIT[d] in suits]
        for extra in _subsets(optional):
            faces = set_faces + dragons_needed + list(extra)
            if len(faces) > MAX_BLOCKS:
                continue
            for choice in _size_choices(faces, count, fixed, joker_blocks):
                sizes = [s for _, s, _ in choice]
                if sum(sizes) != 14 or len(set(sizes)) != 2:
                    continue
                if sum(j for f, _, j in choice if f not in fixed) != jokers:
                    continue
                candidates.append(_score(choice, category, numbers, round_bonus))
    return _best(candidates)


def _subsets(items):
    for r in range(len(items) + 1):
        yield from itertools.combinations(items, r)


def _size_choices(faces, count, fixed, joker_blocks):
    """Every assignment of a block size to each face: (face, size, jokers in block)."""
    options = []
    for f in faces:
        if f in fixed:
            if count[f]:
                return  # a concealed card of an exposed face joins no block (ruling 9)
            size, j = fixed[f]
            options.append([(f, size, j)])
            continue
        n = count[f]
        opts = []
        for size in SIZES:
            if n > size:
                continue
            if size == 2 and n != 2:
                continue  # a pair is two natural cards
            if n == 0 and not joker_blocks:
                continue  # ruling 4: a block needs a natural card
            if n == 0 and size == 2:
                continue
            opts.append((f, size, size - n))
        if not opts:
            return
        options.append(opts)
    yield from itertools.product(*options)


def _score(choice, category, numbers, round_bonus) -> Verdict:
    sizes = [s for _, s, _ in choice]
    why = []
    pts = 0
    if 4 in sizes:
        pts += 1
        why.append("Kong 1")
    quints = sizes.count(5)
    if quints:
        pts += quints
        why.append(f"Quint {quints}")
    number_faces = [f for f, _, _ in choice if f in NUMBERS]
    dragon_faces = [f for f, _, _ in choice if f in DRAGONS]
    number_suits = {SUIT[f] for f in number_faces}
    if len(number_suits) == 1 and len(dragon_faces) == 1 and \
            SUIT[dragon_faces[0]] in number_suits:
        pts += 2
        why.append("One Suit 2")
    if len(choice) == 6 and len(number_faces) == 3 and len(number_suits) == 3 \
            and len(dragon_faces) == 3:
        pts += 3
        why.append("Three Suits 3")
    if round_bonus:
        why.append(f"round bonuses {round_bonus}")
    pts += round_bonus
    blocks = tuple(sorted(choice, key=lambda b: CARDS.index(b[0])))
    return Verdict(pts, pts >= 1, blocks, category, tuple(numbers), tuple(why))


def _best(candidates: list[Verdict]) -> Verdict | None:
    if not candidates:
        return None
    return max(candidates, key=lambda v: (v.points, -len(v.blocks)))


def best_points(cards14, *, exposed_blocks: Sequence = (), concealed: bool,
                jokers_discarded: int, joker_blocks: bool = False) -> int | None:
    """The raw best points of a 14-card hand (0 included), None if it is no valid
    arrangement.  Use ``is_win`` for whether it may be called Mahjong."""
    v = evaluate(cards14, exposed_blocks=exposed_blocks, concealed=concealed,
                 jokers_discarded=jokers_discarded, joker_blocks=joker_blocks)
    return None if v is None else v.points


def is_win(points: int | None) -> bool:
    """A winning Mahjong needs a valid arrangement worth at least one point."""
    return points is not None and points >= 1


def completions(cards13, *, exposed_blocks: Sequence = (), concealed: bool,
                jokers_discarded: int, joker_blocks: bool = False,
                deck_jokers: int = 4, include_zero: bool = False) -> dict[str, int]:
    """Every card (1-9, DS, DM, DF, J) that completes 13 cards into a winning hand, with
    its best points.  A card is possible only if a copy is left: four natural copies, and
    ``deck_jokers`` jokers less those in the hand, the exposures and discarded.
    ``include_zero`` also lists cards that make a valid hand worth 0 (for doubles)."""
    hand = parse(cards13)
    exposed = [parse(b) for b in exposed_blocks]
    if len(hand) + sum(len(b) for b in exposed) != 13:
        raise ValueError("completions take 13 cards")
    used = Counter(hand)
    for b in exposed:
        used.update(b)
    out = {}
    for card in CARDS:
        limit = deck_jokers - jokers_discarded if card == JOKER else NATURAL_COPIES
        if used[card] >= limit:
            continue
        v = evaluate([*hand, card], exposed_blocks=exposed, concealed=concealed,
                     jokers_discarded=jokers_discarded, joker_blocks=joker_blocks)
        if v is not None and (v.win or include_zero):
            out[card] = v.points
    return out


# -- game logs ---------------------------------------------------------------------


class _Player:
    def __init__(self) -> None:
        self.hand: Counter = Counter()
        self.exposures: list[list[str]] = []
        self.jokers_discarded = 0
        self.called_this_turn = False  # the last exposure was made this turn

    def remove(self, card: str) -> None:
        if self.hand[card] <= 0:
            raise _Bad(f"holds no {card} to give")
        self.hand[card] -= 1


class _Bad(Exception):
    pass


def _doubled(points: int) -> int:
    """Held double: twice the points, or 1 if they are 0."""
    return 2 * points if points else 1


def _double_ruling(doubler: int, taker: int) -> int:
    """Beaten double: twice the higher hand, or 1 if both are 0."""
    top = max(doubler, taker)
    return 2 * top if top else 1


class _Referee:
    def __init__(self, path: str) -> None:
        self.path = path
        self.out: list[str] = []
        self.checks = Counter()

    def bad(self, line: int, text: str) -> None:
        self.out.append(f"{self.path}: line {line}: {text}")

    # -- the two games ------------------------------------------------------------

    def run(self) -> list[str]:
        with open(self.path, encoding="utf-8") as f:
            rows = [json.loads(x) for x in f if x.strip()]
        head = rows[0]
        self.solo = head["game"] == "minttin-solo"
        self.base = 1 if head.get("log", 1) == 1 else 0
        """Logs of format 1 count the winner from 1; later ones, like their events, from 0."""
        self.options = head["options"]
        self.joker_blocks = bool(self.options.get("joker-blocks"))
        self.target = int(self.options.get("target", 7))
        self.round_scores: list[tuple[int, int]] = []
        self.expect: tuple[int, int] | None = None
        self.expect_why = ""
        self.epic_rounds: list[int | None] = []
        self.referee_scores: list[tuple[int, int]] = []
        for number, ev in enumerate(rows[1:], start=2):
            try:
                self.event(number, ev)
            except _Bad as exc:
                self.bad(number, f"cannot follow the events: {exc}")
                self.state = None
        return self.out

    def event(self, line: int, ev: dict) -> None:
        kind = ev["type"]
        if kind == "deal":
            self.deal(line, ev)
            return
        if kind == "result":
            self.result(line, ev)
            return
        if getattr(self, "state", None) is None and kind != "round-end":
            return
        getattr(self, "ev_" + kind.replace("-", "_"))(line, ev)

    def deal(self, line: int, ev: dict) -> None:
        deck = ev["deck"].split()
        self.state = "play"
        self.players = [_Player(), _Player()]
        self.last_discard: str | None = None
        self.last_discarder: int | None = None
        self.expect = None
        self.expect_why = ""
        self.double: dict | None = None
        self.epic_round: int | None = None  # who won this round with an Epic Hand
        if self.solo:
            dead = int(self.options.get("dead-hand", 12))
            self.players[0].hand.update(deck[:12])
            self.players[0].hand[JOKER] += 1
            self.pile = deck[12 + dead:]
            self.spot = 1  # jokers in the opponent's joker spot
            self.row: list[str] = []
            self.row_start = 0  # cards before a Joker Block joker are out of play
            self.hold: str | None = None
            self.opp_pungs: list[str] = []  # faces of the opponent's exposed pungs
            self.players[1].exposures = []
        else:
            jokers = self.options.get("jokers", "double-sided")
            given = jokers in ("double-sided", "all")
            n = 12 if given else 13
            dealer = ev["dealer"]
            self.dealer = dealer
            self.players[1 - dealer].hand.update(deck[:n])
            self.players[dealer].hand.update(deck[n:2 * n])
            if given:
                for p in self.players:
                    p.hand[JOKER] += 1
            self.pile = deck[2 * n:]
            self.deck_jokers = deck.count(JOKER) + (2 if given else 0)
        self.next_card = 0

    # -- plain moves --------------------------------------------------------------

    def ev_pass_offer(self, line, ev):
        pass

    def ev_pass(self, line, ev):
        giver = self.players[ev["player"]]
        taker = self.players[1 - ev["player"]]
        for c in ev["cards"].split():
            giver.remove(c)
            taker.hand[c] += 1

    def _take_from_pile(self, line, card):
        if self.next_card >= len(self.pile):
            raise _Bad("a card is drawn from an empty deck")
        if self.pile[self.next_card] != card:
            self.bad(line, f"draws {card} but the deck's next card is "
                           f"{self.pile[self.next_card]}")
        self.next_card += 1

    def left(self) -> int:
        return len(self.pile) - self.next_card

    def ev_draw(self, line, ev):
        p = self.players[ev["player"]]
        self._take_from_pile(line, ev["card"])
        p.hand[ev["card"]] += 1
        p.called_this_turn = False
        if self.double and self.double["taken"]:
            self.double["draws"] += 1

    def ev_call(self, line, ev):
        who = ev["player"]
        p = self.players[who]
        card = ev["card"]
        if self.solo:
            if self.hold != card:
                self.bad(line, f"calls {card}, the hold spot has {self.hold}")
            self.hold = None
        else:
            if self.last_discard != card or self.last_discarder == who:
                self.bad(line, f"calls {card}; the opponent's last discard is "
                               f"{self.last_discard}")
            if card == JOKER:
                self.bad(line, "calls a discarded joker (the text forbids it)")
            self.last_discard = None
        with_cards = ev["cards"].split()
        for c in with_cards:
            if c != card and c != JOKER:
                self.bad(line, f"calls {card} with {c}: identical cards or jokers only")
            p.remove(c)
        p.exposures.append([card, *with_cards])
        p.called_this_turn = True

    def ev_swap(self, line, ev):
        p = self.players[ev["player"]]
        owner = self.players[ev["owner"]]
        face = ev["face"]
        give_joker = bool(ev.get("give_joker"))
        for block in owner.exposures:
            if face in block and (give_joker or JOKER in block):
                break
        else:
            raise _Bad(f"no exposure of {face} to swap with")
        if give_joker:
            p.remove(JOKER)
            block.remove(face)
            block.append(JOKER)
            p.hand[face] += 1
        else:
            p.remove(face)
            block.remove(JOKER)
            block.append(face)
            p.hand[JOKER] += 1
        if all(c == JOKER for c in block) and not self.joker_blocks:
            self.bad(line, "a swap leaves a block of jokers only")

    def ev_discard(self, line, ev):
        who = ev["player"]
        p = self.players[who]
        card = ev["card"]
        p.remove(card)
        p.called_this_turn = False
        block = bool(ev.get("block"))
        if card == JOKER and not block:
            p.jokers_discarded += 1
        if block and card != JOKER:
            self.bad(line, "a Joker Block with a card that is not a joker")
        if self.solo:
            self.row.append(card)
            if block:
                self.row_start = len(self.row)
        else:
            self.last_discard = card
            self.last_discarder = who
            if self.double and self.double["taken"]:
                self.double["discards"] += 1
                self.double["jokers_during"] += card == JOKER and not block
                self.last_discard = None  # face down

    def ev_exhausted(self, line, ev):
        if self.left():
            self.bad(line, f"a wall game with {self.left()} cards left in the deck")
        self.set_expect((0, 0), "wall game")
        self.checks["wall"] += 1

    # -- solo opponent ---------------------------------------------------------------

    def ev_opponent_draw(self, line, ev):
        self._take_from_pile(line, ev["card"])
        self.hold = ev["card"]
        if self.double:
            # "turn each card face up and immediately place it in the discard row"
            self.double["draws"] += 1
            self.row.append(self.hold)
            self.hold = None

    def ev_to_row(self, line, ev):
        if self.hold != ev["card"]:
            self.bad(line, f"{ev['card']} goes to the row; the hold spot has {self.hold}")
        self.row.append(ev["card"])
        self.hold = None

    def ev_opponent_swap(self, line, ev):
        face = ev["face"]
        owner = self.players[ev["owner"]]
        if self.hold != face:
            self.bad(line, f"the opponent swaps {face}; the hold spot has {self.hold}")
        for block in owner.exposures:
            if face in block and JOKER in block:
                break
        else:
            raise _Bad(f"no exposure of {face} with a joker")
        block.remove(JOKER)
        block.append(face)
        self.spot += 1
        self.hold = None

    def ev_opponent_exposes(self, line, ev):
        cards = ev["cards"].split()
        naturals = [c for c in cards if c != JOKER]
        if len(cards) != 3 or len(set(naturals)) != 1:
            self.bad(line, f"the opponent's exposure {ev['cards']} is no pung")
        usable = self.row[self.row_start:]
        for c in naturals:
            if c in usable:
                usable.remove(c)
                # take the latest such card out of the row
                idx = len(self.row) - 1 - self.row[::-1].index(c)
                if idx < self.row_start:
                    self.bad(line, f"the opponent's pung uses a {c} before a Joker Block")
                del self.row[idx]
            else:
                self.bad(line, f"the opponent's pung takes a {c} the row does not hold")
        j = cards.count(JOKER)
        if j > self.spot:
            self.bad(line, "the opponent's pung takes a joker its spot does not hold")
        self.spot -= j
        self.players[1].exposures.append(cards)
        self.opp_pungs.append(naturals[0] if naturals else JOKER)

    def opponent_points(self) -> int:
        """1 for five pungs, +1 per dragon pung whose suit matches a number pung."""
        pungs = self.opp_pungs
        number_suits = {SUIT[f] for f in pungs if f in NUMBERS}
        return 1 + sum(1 for f in pungs if f in DRAGONS and SUIT[f] in number_suits)

    # -- winning --------------------------------------------------------------------

    def verdict_of(self, who: int) -> Verdict | None:
        p = self.players[who]
        concealed = not p.exposures or (len(p.exposures) == 1 and p.called_this_turn)
        cards = list(p.hand.elements())
        total = len(cards) + sum(len(b) for b in p.exposures)
        if total != 14:
            raise _Bad(f"player {who} holds {total} cards at a win")
        return evaluate(cards, exposed_blocks=[list(b) for b in p.exposures],
                        concealed=concealed, jokers_discarded=p.jokers_discarded,
                        joker_blocks=self.joker_blocks)

    def describe(self, who: int, v: Verdict | None) -> str:
        p = self.players[who]
        hand = " ".join(sorted(p.hand.elements(), key=CARDS.index))
        exp = "".join(f" [{''.join(b)}]" for b in p.exposures)
        what = "no valid hand" if v is None else ", ".join(v.why) or "no bonus"
        concealed = not p.exposures or (len(p.exposures) == 1 and p.called_this_turn)
        return (f"{hand}{exp}; jokers discarded {p.jokers_discarded}, "
                f"{'concealed' if concealed else 'exposed'}; {what}")

    def ev_mahjong(self, line, ev):
        who = ev["player"]
        v = self.verdict_of(who)
        raw = None if v is None else v.points
        logged = ev["points"]
        d = self.double
        if d and d["taken"] and who == d["taker"]:
            if d["draws"] > 3:
                self.bad(line, "the taker wins after more than three draws")
            if v is None:
                self.bad(line, f"the taker calls Mahjong with no valid hand "
                               f"({self.describe(who, v)})")
                return
            pts = _double_ruling(d["points"], v.points)
            scores = [0, 0]
            scores[who] = pts
            if logged != pts:
                self.bad(line, f"beaten double: the log scores {logged}, the referee "
                               f"{pts} = twice max(doubler {d['points']}, taker "
                               f"{v.points}) [{self.describe(who, v)}; jokers discarded "
                               f"by the taker during the double: {d['jokers_during']}]")
            self.set_expect(tuple(scores), "the double was beaten")
            if not v.blocks:
                self.epic_round = who
            self.checks["beaten"] += 1
            return
        if logged == 0:
            # a miscalled Mahjong: the hand must not win
            if is_win(raw):
                self.bad(line, f"the log calls it a miscall; the referee scores {raw} "
                               f"[{self.describe(who, v)}]")
            if not self.options.get("miscall-penalty", True):
                return  # friendly: play goes on
            scores = [0, 0]
            scores[1 - who] = 2
            self.set_expect(tuple(scores), "miscalled Mahjong")
            return
        if not is_win(raw):
            self.bad(line, f"Mahjong scored {logged}, but the referee finds "
                           f"{'no valid hand' if raw is None else 'a 0-point hand'} "
                           f"[{self.describe(who, v)}]")
            scores = [0, 0]
            scores[1 - who] = 2
            self.set_expect(tuple(scores), "miscall by the referee")
            return
        if logged != raw:
            self.bad(line, f"Mahjong: the log scores {logged}, the referee {raw} "
                           f"[{self.describe(who, v)}]")
        scores = [0, 0]
        scores[who] = raw
        self.checks["mahjong"] += 1
        if v is not None and not v.blocks:
            self.epic_round = who
        self.set_expect(tuple(scores), "Mahjong")

    def ev_double(self, line, ev):
        who = ev["player"]
        v = self.verdict_of(who)
        if v is None:
            self.bad(line, f"a double without a valid hand [{self.describe(who, v)}]")
            points = 0
        else:
            points = v.points
        if self.left() < 3:
            self.bad(line, f"a double with {self.left()} cards in the deck (3 needed)")
        if self.solo and len(self.opp_pungs) < 3:
            self.bad(line, "a solo double before the opponent has three pungs")
        self.double = {"doubler": who, "taker": 1 - who, "points": points,
                       "taken": self.solo, "draws": 0, "discards": 0, "line": line,
                       "jokers_during": 0,
                       "what": self.describe(who, v)}
        self.checks["double"] += 1

    def ev_answer(self, line, ev):
        d = self.double
        if d is None:
            raise _Bad("an answer without a double")
        if ev["take"]:
            d["taken"] = True
        else:
            scores = [0, 0]
            scores[d["doubler"]] = d["points"] if d["points"] else 1
            self.set_expect(tuple(scores), "the double was dropped")

    def set_expect(self, scores, why):
        self.expect = scores
        self.expect_why = why

    def ev_round_end(self, line, ev):
        logged = tuple(ev["scores"])
        reason = ev["reason"]
        d = self.double
        expect = self.expect
        if expect is None and d is not None and d["taken"]:
            if self.solo and len(self.opp_pungs) >= 5:
                expect = (0, 2 * self.opponent_points())
                why = "the opponent's five pungs beat the double"
            else:
                expect = [0, 0]
                expect[d["doubler"]] = _doubled(d["points"])
                expect = tuple(expect)
                why = f"the double held ({d['what']})"
                if not self.solo and (d["draws"] != 3 or d["discards"] != 3):
                    self.bad(line, f"the double is held after {d['draws']} draws and "
                                   f"{d['discards']} discards (three turns)")
            self.checks["held"] += 1
        elif expect is None and self.solo and len(self.opp_pungs) >= 5:
            expect = (0, self.opponent_points())
            why = f"the opponent's five pungs {self.opp_pungs}"
            self.checks["opponent"] += 1
        elif expect is None and self.solo and self.left() == 0:
            expect = (0, 0)
            why = "wall game: the deck is empty"
            self.checks["wall"] += 1
        elif expect is None:
            why = "nothing to expect"
        else:
            why = self.expect_why
        if expect is None:
            self.bad(line, f"round ends ({reason}) but the referee sees no end")
        elif tuple(expect) != logged:
            self.bad(line, f"round-end ({reason}): the log scores {list(logged)}, the "
                           f"referee {list(expect)} ({why})")
        self.round_scores.append(logged)
        self.referee_scores.append(tuple(expect) if expect is not None else logged)
        self.epic_rounds.append(self.epic_round)
        self.state = None

    def result(self, line, ev):
        totals = [sum(s[0] for s in self.round_scores), sum(s[1] for s in self.round_scores)]
        if list(ev["scores"]) != totals:
            self.bad(line, f"result scores {ev['scores']}, the rounds add up to {totals}")
        if [list(s) for s in ev.get("round_scores", [])] != [list(s) for s in self.round_scores]:
            self.bad(line, "result round_scores differ from the round-end lines")
        # the first to reach the target wins; an Epic Hand wins at once
        winner, _, _ = self.match_end(self.round_scores)
        if ev.get("winner") != winner:
            self.bad(line, f"result winner {ev.get('winner')}, the referee {winner}")
        if self.referee_scores != self.round_scores:
            w, end, totals = self.match_end(self.referee_scores)
            self.bad(line, f"with the referee's round scores the totals are {totals} "
                           f"(the log's {list(ev['scores'])}) and "
                           + (f"the match ends in round {end}, not "
                              f"{len(self.round_scores)}, " if end != len(self.round_scores)
                              else "the match ends in the same round, ")
                           + (f"won by player {w}" if w == winner
                              else f"won by player {w}, not {winner}"))

    def match_end(self, rounds):
        """(winner as the log counts seats, or None; the round that ends the match; the
        totals then)."""
        running = [0, 0]
        for k, (s, epic) in enumerate(zip(rounds, self.epic_rounds, strict=True), start=1):
            running = [running[0] + s[0], running[1] + s[1]]
            if epic is not None:
                return epic + self.base, k, running
            if max(running) >= self.target:
                return running.index(max(running)) + self.base, k, running
        return None, len(rounds), running


def rescore_log(path) -> list[str]:
    """Re-derive every round of a Mint Tin game log (2 players or solo) from its events
    and return the disagreements with the log's numbers, each naming its line."""
    return _Referee(str(path)).run()


def rescore_log_counts(path) -> tuple[list[str], Counter]:
    """As ``rescore_log``, with how many rounds of each kind were checked."""
    r = _Referee(str(path))
    out = r.run()
    return out, r.checks


__all__ = ["CARDS", "Verdict", "best_points", "completions", "evaluate", "is_win",
           "parse", "patterns", "rescore_log", "rescore_log_counts"]
