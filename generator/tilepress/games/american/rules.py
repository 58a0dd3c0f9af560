"""An American Mah Jongg game for four players: dice, the walls and the deal, the
Charleston, play with calls and joker redemption, dead hands, and the payments.

Seats are numbered in turn order (the player to your right is the next seat). The dice,
the deal and the Charleston are in :mod:`~tilepress.games.american.charleston`.
:class:`AmericanGame` is a :class:`~tilepress.engine.rules.Rules` state: each event has
one check and one handler. Chance supplies the dice and the shuffled walls; the rules
decide alone (``forced()``) each draw from the wall, a hand found dead, and the end
with its payments; every other event is the decision of one player, :attr:`to_move`.

**Calls.** A discard that can be called (any but a joker) is answered by each live
player in turn order after the discarder, one at a time: an :class:`Answer` of
``pass``, ``mahjong`` or ``expose``. Nobody sees a call before answering in the rules'
terms -- answers do not change the hands -- so answering in turn is the same as the
table's simultaneous "call!". Once all have answered, the rules resolve who gets the
tile (Mah Jongg before an exposure, then the next in turn); that player shows the tiles
(:class:`Call`). A log writes the answers to one discard as one :class:`Claims` line
(:func:`~tilepress.games.american.events.fold_answers`), and replaying a ``Claims``
applies those answers in turn, each checked like an ``Answer``.

The card is given, never read here: the runner loads it (``cards_file``) and passes the
:class:`~tilepress.games.american.card.Card` in. Rulings are in docs/rulings.md.
"""

from __future__ import annotations

import copy
from typing import Any

from tilepress.engine.log import Event
from tilepress.engine.rules import checks, handles
from tilepress.errors import IllegalActionError
from tilepress.games.american.card import (
    Card,
    Exposure,
    allowed_rows,
    counts_of,
    exposed_faces,
    face_of,
    is_jokerless,
    matches,
    needs,
)
from tilepress.games.american.charleston import Charleston
from tilepress.games.american.dead import dead_reason, judge, still_alive, used_faces
from tilepress.games.american.events import (
    EXPOSE,
    GAME,
    MAHJONG,
    PASS,
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
    Redeem,
    Stop,
)
from tilepress.games.american.faces import COPY_COUNTS
from tilepress.games.american.lacks import one_away
from tilepress.games.american.options import AmericanOptions
from tilepress.tiles import Tile

JOKER = Tile("1j")
ONE_BASED_IN_V1 = ("winner", "east", "dead")
"""Result fields that logs of format 1 counted from 1 (see :mod:`tilepress.engine.log`)."""
_NOBODY = frozenset({Phase.DICE, Phase.DEAL, Phase.DRAW, Phase.END, Phase.OVER})
"""Phases in which chance or the rules move the game on."""
_OVER, CLAIMS, _DRAW, _DISCARD = Phase.OVER, Phase.CLAIMS, Phase.DRAW, Phase.DISCARD
"""The phases read at every move, as names of this module (a member of an enum is slow
to look up on its class)."""


REDEEMED, SELF_DRAWN = " by redeeming a joker", ", self-drawn"
"""How the end names a win by redeeming a joker, and how logs written before issue 35
named one whose turn began with a draw (paid the same, as self-drawn)."""


class AmericanGame(Charleston):
    """The state of one game (one deal), changed only by :meth:`apply`."""

    title = "American Mah Jongg"
    CHANCE = frozenset({Phase.DICE, Phase.DEAL})

    def __init__(self, options: AmericanOptions, card: Card) -> None:
        super().__init__(options, card)
        self.exposed: list[list[list[Tile]]] = [[] for _ in range(4)]
        self.discards: list[tuple[int, Tile]] = []
        self.dead = [False] * 4
        self.answers: dict[int, str] = {}
        self._last_discarder: int | None = None
        self.last: tuple[int, Tile] | None = None
        self.called: Tile | None = None
        """The discard called for Mah Jongg (it must then be declared)."""
        self.drawn: Tile | None = None
        """The tile just drawn, while the hand is as the draw left it."""
        self.payments: tuple[int, ...] = (0, 0, 0, 0)
        self.outcome = ""
        self.winner: int | None = None
        self.verdicts: list[Dead | End] = []
        """What the rules have found and announce next: a dead hand, the end."""
        self._made_cache: tuple[Any, list[str]] = (None, [])
        self._exposed_version = 0
        """Counts the changes to the exposures (calls and redemptions)."""
        self._alive: list[tuple[Any, frozenset[int], tuple]] = [((), frozenset(), ())] * 4
        """For each player: exposures last found alive, the faces their hands use, and
        the hands still open then (:func:`~tilepress.games.american.dead.judge`)."""
        self._seen_cache: tuple[Any, Any, Any] = (None, None, None)
        """The tiles in sight: (discards, exposures' version), the last discard, counts."""
        self._exposures: list[tuple[int, Any, int, tuple[Exposure, ...]]] = [
            (-1, None, 0, ())] * 4
        """Each player's exposures as :meth:`exposures` last found them."""
        self._claimers: tuple[Any, list[bool], tuple[int, ...]] = (None, [], ())
        """The last discard and dead hands :meth:`claimers` answered for, and its answer."""
        self._waits_cache: list[tuple[Any, frozenset[int]]] = [(None, frozenset())] * 4
        """The last hand checked for Mah Jongg, and the hands it makes."""

    def __deepcopy__(self, _memo: dict) -> AmericanGame:
        """A copy to try moves on; the card and the options are shared."""
        new = copy.copy(self)
        new.hands = [list(h) for h in self.hands]
        new.exposed = [[list(g) for g in groups] for groups in self.exposed]
        new.blind_tiles = [list(r) for r in self.blind_tiles]
        new.wall, new.discards, new.dead = list(self.wall), list(self.discards), list(self.dead)
        new.steps, new.verdicts = list(self.steps), list(self.verdicts)
        new.pending, new.votes = dict(self.pending), dict(self.votes)
        new.offers, new.answers = dict(self.offers), dict(self.answers)
        new._waits_cache, new._alive = list(self._waits_cache), list(self._alive)
        new._exposures = list(self._exposures)
        return new

    # -- what players see ----------------------------------------------------------

    def exposures(self, p: int) -> tuple[Exposure, ...]:
        """``p``'s exposed groups as exposures, remembered while they stay the same (the
        same list, as long, and no call or redemption since)."""
        groups = self.exposed[p]
        version, known, size, found = self._exposures[p]
        if version == self._exposed_version and known is groups and size == len(groups):
            return found
        out = []
        for group in groups:
            jokers, face = 0, -1
            for t in group:
                if t.is_joker:
                    jokers += 1
                elif face < 0:
                    face = face_of(t)
            out.append(Exposure(face, len(group), jokers))
        found = tuple(out)
        self._exposures[p] = (self._exposed_version, groups, len(groups), found)
        return found

    def counts(self, p: int):
        """``p``'s hand (not the exposures) as a count of each face."""
        return counts_of(self.hands[p])

    def seen(self):
        """Tiles visible to everyone, by face: discards and exposures."""
        discards = self.discards
        version = (len(discards), self._exposed_version)
        known, last, counts = self._seen_cache
        if known != version:
            if known == (version[0] - 1, version[1]) and (
                    last is None if len(discards) == 1 else discards[-2] is last):
                counts = counts.copy()  # the same tiles and one more discard
                counts[face_of(discards[-1][1])] += 1
            else:
                tiles = [t for _, t in discards]
                tiles += [t for groups in self.exposed for g in groups for t in g]
                counts = counts_of(tiles)
            self._seen_cache = (version, discards[-1] if discards else None, counts)
        return counts.copy()

    def tile_count(self, p: int) -> int:
        return len(self.hands[p]) + sum(map(len, self.exposed[p]))

    def mahjong_hands(self, p: int) -> list[str]:
        """The hands on the card that ``p``'s 14 tiles make (none with other counts); on
        a called discard, only those where it completes a pung, kong or quint (unless
        the house rule ``mahjong_call="any"``)."""
        if self.tile_count(p) != 14:
            return []
        drawn = self.drawn
        if drawn is not None and not drawn.is_joker:
            # a drawn tile completes the hand only if the hand was waiting on it (the
            # hand before the draw, in its order: the waits it remembers are at hand)
            hand = self.hands[p]
            if hand[-1] is drawn:
                before = hand[:-1]
            else:
                before = list(hand)
                before.remove(drawn)
            if face_of(drawn) not in self._waits(p, before):
                return []
        return self._made(p, self.hands[p], self.called)

    def mahjong_with(self, p: int, tile: Tile) -> list[str]:
        """The hands ``p`` would make by calling ``tile`` for Mah Jongg (a rule the
        bots ask rather than copy)."""
        if face_of(tile) not in self.waits(p):
            return []
        return self._made(p, [*self.hands[p], tile], tile)

    def called_groups(self, p: int, tile: Tile) -> dict[str, tuple[Tile, ...]]:
        """For each hand ``p`` makes by calling ``tile`` for Mah Jongg, the tiles of
        ``p``'s hand that make with it the group it completes: like tiles, then jokers,
        for a pung, kong or quint; like tiles for a single or pair (the house rule
        ``mahjong_call="any"``). What a Mah Jongg call shows, whole."""
        made = self.mahjong_with(p, tile)
        if not made:
            return {}
        face = face_of(tile)
        like = [t for t in self.hands[p] if face_of(t) == face]
        jokers = [t for t in self.hands[p] if t.is_joker]
        found: dict[str, tuple[Tile, ...]] = {}
        for match in matches(self.card, [*self.hands[p], tile], self.exposures(p)):
            req = match.requirement
            if match.hand.id not in made or match.hand.id in found:
                continue
            size = next((n for f, n, jokerable in req.groups if f == face and jokerable), 0)
            if size:  # the like tiles the singles and pairs leave, then jokers
                naturals = min(len(like) + 1 - req.naturals(face), size)
                found[match.hand.id] = (*like[:naturals - 1], *jokers[:size - naturals])
            else:
                found[match.hand.id] = tuple(like[:req.naturals(face) - 1])
        return {hand: found[hand] for hand in made if hand in found}

    def waits(self, p: int) -> frozenset[int]:
        """The faces a discard must be of for :meth:`mahjong_with` to find a hand for
        ``p`` (a few more, perhaps; none unless ``p`` holds 13 tiles)."""
        if self.tile_count(p) != 13:
            return frozenset()
        return self._waits(p, self.hands[p])

    def _waits(self, p: int, hand: list[Tile]) -> frozenset[int]:
        """The faces but the joker that might complete ``p``'s 13 tiles ``hand`` (every
        one, and perhaps a few more: :meth:`_made` decides), remembered while the hand
        stays the same."""
        exposures = self.exposures(p)  # (what the faces depend on, kept while they stand)
        key = (tuple(hand), exposures)
        if self._waits_cache[p][0] != key:
            counts = counts_of(hand)
            table = self.card.table
            exposed = exposed_faces(exposures)
            faces = one_away(table.lacks, needs(table, counts, exposed),
                             allowed_rows(self.card, exposures), counts, exposed)
            self._waits_cache[p] = (key, faces)
        return self._waits_cache[p][1]

    def _made(self, p: int, hand: list[Tile], called: Tile | None) -> list[str]:
        exposures = self.exposures(p)
        key = (p, tuple(hand), exposures, called)
        if self._made_cache[0] != key:
            found = matches(self.card, hand, exposures)
            if called is not None and self.options.mahjong_call == "text":
                # the called tile must sit in a pung, kong or quint of the hand: more
                # tiles like it in the hand than the hand's singles and pairs take
                face = face_of(called)
                held = sum(1 for t in hand if face_of(t) == face)
                found = [m for m in found if held > m.requirement.naturals(face)]
            self._made_cache = (key, [m.hand.id for m in found])
        return list(self._made_cache[1])

    def next_live(self, p: int) -> int:
        for k in range(1, 5):
            q = (p + k) % 4
            if not self.dead[q]:
                return q
        return p

    def claimers(self) -> tuple[int, ...]:
        """Seats that may call the last discard, in turn order after the discarder
        (remembered while the discard and the dead hands stay the same)."""
        last, dead = self.last, self.dead
        known = self._claimers
        if known[0] is last and known[1] == dead:
            return known[2]
        found: tuple[int, ...] = ()
        if last is not None and not last[1].is_joker:
            p = last[0]
            found = tuple((p + k) % 4 for k in (1, 2, 3) if not dead[(p + k) % 4])
        self._claimers = (last, list(dead), found)
        return found

    def calling(self, call: str) -> tuple[int, ...]:
        """The seats that answered the last discard with ``call``, in turn order."""
        return tuple(p for p in self.claimers() if self.answers.get(p) == call)

    def claim_winner(self) -> int | None:
        """Mah Jongg before an exposure; between equals, the next in turn."""
        answers, seats = self.answers, self.claimers()
        for call in (MAHJONG, EXPOSE):  # (no tuples made: asked after every discard)
            for p in seats:
                if answers.get(p) == call:
                    return p
        return None

    # -- who moves, and what they may do ------------------------------------------

    @property
    def over(self) -> bool:
        return self.phase == _OVER

    @property
    def to_move(self) -> int | None:
        phase = self.phase
        if phase is CLAIMS:  # the most frequent first (hashing a phase runs Python)
            return None if self.verdicts else self.claimers()[len(self.answers)]
        if self.verdicts or phase in _NOBODY:
            return None
        return self.current

    def check(self, ev: Event) -> None:
        """The base's check; the end must also give the rules' own words for it (the base
        ignores any ``reason``, elsewhere a bot's explanation), or the words logs written
        before issue 35 gave a win by redeeming a joker after a draw."""
        super().check(ev)
        if isinstance(ev, End) and self.verdicts and isinstance(self.verdicts[0], End):
            want = self.verdicts[0].reason
            legacy = want.removesuffix(REDEEMED) + SELF_DRAWN if want.endswith(REDEEMED) \
                else want
            if ev.reason not in (want, legacy):
                raise IllegalActionError(f"the game ends: {want}, not {ev.reason!r}")

    def forced(self) -> Event | None:
        """A hand found dead and the end with its payments (announced in the order the
        rules found them), and each draw from the wall."""
        if self.verdicts:
            return self.verdicts[0]
        if self.phase == _DRAW:
            return Draw(self.current, self.wall[0])
        return None

    def legal_actions(self) -> list[Event]:
        """Candidates from the position, kept when they pass the event's check. Free
        parameters get one default: a pass is the first tiles of the sorted hand (and,
        where allowed, a blind pass of the tiles just received); an exposure a pung with
        the identical tiles first; Mah Jongg the first hand made (or, with none made,
        the card's first hand: a declaration in error)."""
        p = self.to_move
        if p is None or self.forced() is not None:
            return []
        return [ev for ev in self._candidates(p) if self.is_legal(ev)]

    def _candidates(self, p: int) -> list[Event]:
        hand = self.hands[p]
        if self.phase in (Phase.PASS, Phase.VOTE, Phase.COURTESY):
            return self._charleston_candidates(p)
        if self.phase == Phase.CLAIMS:
            return [Answer(p, PASS), Answer(p, MAHJONG), Answer(p, EXPOSE)]
        if self.phase == Phase.CALL:
            assert self.last is not None
            tile = self.last[1]
            if p in self.calling(MAHJONG):
                return [Call(p, tile, ())]
            face = face_of(tile)
            use = [t for t in hand if face_of(t) == face] + [t for t in hand if t.is_joker]
            return [Call(p, tile, tuple(use[:2]))]
        made = self.mahjong_hands(p)
        out: list[Event] = [MahJong(p, made[0] if made else self.card.hands[0].id)]
        if self.phase == Phase.DISCARD:
            jokered = {(owner, face_of(next(t for t in g if not t.is_joker)))
                       for owner in range(4) for g in self.exposed[owner] if JOKER in g}
            out += [Redeem(p, owner, t) for owner in range(4) for t in sorted(set(hand))
                    if (owner, face_of(t)) in jokered]
            out += [Discard(p, t) for t in sorted(set(hand))]
        return out

    # -- checks ------------------------------------------------------------------------

    @checks(Draw, Dead, End)
    def _check_by_the_rules(self, ev: Event) -> None:
        raise IllegalActionError(f"{ev.TYPE} comes only when the rules say so")

    @checks(Discard)
    def _check_discard(self, ev: Discard) -> None:
        self.expect(_DISCARD, ev.player, "discarding")
        self._have(ev.player, (ev.tile,))

    @checks(Answer)
    def _check_answer(self, ev: Answer) -> None:
        self.expect(CLAIMS, ev.player, "answering the discard")
        self._answer_problem(ev.player, ev.call)

    def _answer_problem(self, p: int, call: str) -> None:
        if call not in (PASS, MAHJONG, EXPOSE):
            raise IllegalActionError(f"a discard is answered with {PASS}, {MAHJONG} or "
                                     f"{EXPOSE}, not {call!r}")
        if call == EXPOSE:
            assert self.last is not None
            tile = self.last[1]
            face = face_of(tile)
            if sum(1 for t in self.hands[p] if face_of(t) == face or t.is_joker) < 2:
                raise IllegalActionError(f"an exposure of {tile} needs two more of it (or "
                                         "jokers) in the hand")

    @checks(Claims)
    def _check_claims(self, ev: Claims) -> None:
        if self.phase != Phase.CLAIMS or self.answers:
            raise IllegalActionError("claims come right after a discard that can be called")
        allowed = self.claimers()
        players = list(ev.mahjong) + list(ev.expose)
        if any(p not in allowed for p in players) or len(set(players)) != len(players):
            raise IllegalActionError(f"only seats {', '.join(str(p + 1) for p in allowed)} "
                                     "can claim, each once")
        for p in players:
            self._answer_problem(p, MAHJONG if p in ev.mahjong else EXPOSE)

    @checks(Call)
    def _check_call(self, ev: Call) -> None:
        self.expect(Phase.CALL, ev.player, "calling")
        assert self.last is not None
        tile = self.last[1]
        if ev.tile != tile:
            raise IllegalActionError(f"the discard is {tile}, not {ev.tile}")
        self._have(ev.player, ev.tiles)
        if ev.player in self.calling(MAHJONG):
            groups = self.called_groups(ev.player, tile)
            if groups and not any(_part_of(ev.tiles, g) for g in groups.values()):
                shown = " ".join(map(str, next(iter(groups.values())))) or "nothing more"
                raise IllegalActionError(f"a call for Mah Jongg shows the group the discard "
                                         f"completes ({shown}), not {' '.join(map(str, ev.tiles))}")
        if ev.player not in self.calling(MAHJONG) and (
                len(ev.tiles) < 2 or len(ev.tiles) > 4
                or any(face_of(t) != face_of(tile) and not t.is_joker for t in ev.tiles)):
            raise IllegalActionError("a call for an exposure makes a pung, kong or quint "
                                     "of the discard with like tiles (any flowers for a "
                                     "flower) or jokers")

    def _joker_group(self, owner: int, tile: Tile) -> list[Tile] | None:
        """``owner``'s exposure of ``tile`` that holds a joker, if any."""
        face = face_of(tile)
        return next((g for g in self.exposed[owner]
                     if any(face_of(t) == face for t in g if not t.is_joker)
                     and any(t.is_joker for t in g)), None)

    @checks(Redeem)
    def _check_redeem(self, ev: Redeem) -> None:
        self.expect(Phase.DISCARD, ev.player, "redeeming a joker")
        if self._joker_group(ev.owner, ev.tile) is None:
            raise IllegalActionError(f"seat {ev.owner + 1} has no exposure of {ev.tile} with a "
                                     "joker")
        self._have(ev.player, (ev.tile,))

    @checks(MahJong)
    def _check_mahjong(self, ev: MahJong) -> None:
        self.expect((Phase.DISCARD, Phase.DECLARE), ev.player, "declaring Mah Jongg")

    # -- what events do ----------------------------------------------------------------

    @handles(Draw)
    def _draw(self, ev: Draw) -> None:
        self.wall.pop(0)
        self.hands[ev.player].append(ev.tile)
        self.last = None
        self.called = None
        self.drawn = ev.tile
        self.acquired = "draw"
        self.phase = Phase.DISCARD

    @handles(Discard)
    def _discard(self, ev: Discard) -> None:
        self.drawn = None
        self.hands[ev.player].remove(ev.tile)
        self.discards.append((ev.player, ev.tile))
        self.last = (ev.player, ev.tile)
        self.answers = {}
        self._find_dead(ev.tile)
        if self.claimers():
            self.phase = Phase.CLAIMS
        else:
            self._after_turn(ev.player)

    def _after_turn(self, p: int) -> None:
        nxt = self.next_live(p)
        if nxt == p and self.dead[p]:
            self._end((0, 0, 0, 0), "every hand is dead")
            return
        if not self.wall:
            self._end((0, 0, 0, 0), "wall game")
            return
        self.current = nxt
        self.phase = Phase.DRAW

    def _find_dead(self, tile: Tile | None = None) -> None:
        """Every live hand whose exposures can no longer make a hand on the card, found
        as soon as the tiles in sight show it. A hand alive before a discard of ``tile``
        stays alive when no hand its exposures allow has ``tile`` (remembered: the faces
        those hands use), or while one of the hands it was found alive by can still be
        finished (:func:`~tilepress.games.american.dead.still_alive`)."""
        seen = unseen = None
        found = {v.player for v in self.verdicts if isinstance(v, Dead)}
        face = -1 if tile is None else face_of(tile)
        for q in range(4):
            if not self.exposed[q] or self.dead[q] or q in found:
                continue
            exposures = self.exposures(q)
            known, faces, witnesses = self._alive[q]
            if known == exposures:  # kept as this tuple: compared by identity next time
                self._alive[q] = (exposures, faces, witnesses)
                if face >= 0 and face not in faces:
                    continue
                if seen is None:
                    seen = self.seen()
                if unseen is None:
                    unseen = (COPY_COUNTS - seen).tolist()
                alive = still_alive(witnesses, unseen)
                if alive is not None:
                    self._alive[q] = (exposures, faces, alive)
                    continue
            if seen is None:
                seen = self.seen()
            reason, witnesses = judge(self.card, exposures, seen)
            if reason:
                self.verdicts.append(Dead(q, reason))
            else:
                self._alive[q] = (exposures, used_faces(self.card, exposures), witnesses)

    @handles(Answer)
    def _answer(self, ev: Answer) -> None:
        self.answers[ev.player] = ev.call
        self._resolve_claims()

    def _resolve_claims(self) -> None:
        """Once every live player has answered the discard: who takes it, if anyone."""
        if len(self.answers) < len(self.claimers()):
            return
        winner = self.claim_winner()
        if winner is None:
            assert self.last is not None
            self._after_turn(self.last[0])
        else:
            self.current = winner
            self.phase = Phase.CALL

    @handles(Claims)
    def _claims(self, ev: Claims) -> None:
        for p in self.claimers():
            self._answer(Answer(p, MAHJONG if p in ev.mahjong else
                                EXPOSE if p in ev.expose else PASS))

    @handles(Call)
    def _call(self, ev: Call) -> None:
        assert self.last is not None
        tile = self.last[1]
        mahjong = ev.player in self.calling(MAHJONG)
        if mahjong:
            self.hands[ev.player].append(tile)
        else:
            for t in ev.tiles:
                self.hands[ev.player].remove(t)
            self.exposed[ev.player].append([tile, *ev.tiles])
            self._exposed_version += 1
        self._last_discarder = self.last[0]
        self.discards.pop()
        self.last = None
        if mahjong:
            self.called = tile
        else:
            self._find_dead()
        self.phase = Phase.DECLARE if mahjong else Phase.DISCARD
        self.acquired = "call"

    @handles(Redeem)
    def _redeem(self, ev: Redeem) -> None:
        self.drawn = None
        self._exposed_version += 1
        group = self._joker_group(ev.owner, ev.tile)
        assert group is not None
        self.hands[ev.player].remove(ev.tile)
        group.remove(JOKER)
        group.append(ev.tile)
        self.hands[ev.player].append(JOKER)
        if ev.owner != ev.player:  # the joker is the last tile to come: a win now is by
            self.acquired = "redeem"  # redeeming it (paid as self-drawn), drawn first or not

    @handles(MahJong)
    def _mahjong(self, ev: MahJong) -> None:
        found = self.mahjong_hands(ev.player)
        if ev.hand not in found:
            self.verdicts.append(Dead(ev.player, f"Mah Jongg in error ({ev.hand} is not made)"))
            return
        value = self.card.hand(ev.hand).value
        jokerless = is_jokerless(self.hands[ev.player], self.exposures(ev.player))
        self._end(self._payments(ev.player, value, jokerless),
                  f"Mah Jongg: {ev.hand}, {value} points"
                  + (", jokerless" if jokerless else "")
                  + {"call": " on a discard", "redeem": REDEEMED}.get(
                      self.acquired, SELF_DRAWN))
        self.winner = ev.player

    def _payments(self, winner: int, value: int, jokerless: bool) -> tuple[int, ...]:
        pay = [0] * 4
        discarder = self._last_discarder if self.acquired == "call" else None
        double = self.options.jokerless == "double" and jokerless
        for p in range(4):
            if p == winner:
                continue
            if discarder is None:
                amount = 4 * value if jokerless else 2 * value
            elif p == discarder:
                amount = (4 if double else 3 if jokerless else 2) * value
            else:
                amount = (2 if double else 1) * value
            pay[p] -= amount
            pay[winner] += amount
        return tuple(pay)

    def _end(self, payments: tuple[int, ...], reason: str) -> None:
        self.payments = payments
        self.outcome = reason
        self.verdicts.append(End(payments, reason))
        self.phase = Phase.END

    @handles(Dead)
    def _dead(self, ev: Dead) -> None:
        self.verdicts.pop(0)
        self.dead[ev.player] = True
        if self.phase == Phase.CLAIMS:
            self._resolve_claims()
        elif self.current == ev.player and self.phase in (Phase.DISCARD, Phase.DECLARE,
                                                            Phase.DRAW):
            self._after_turn(ev.player)

    @handles(End)
    def _over(self, ev: End) -> None:
        self.verdicts.pop(0)
        self.phase = Phase.OVER

    def result(self) -> dict[str, Any]:
        return {"payments": list(self.payments), "outcome": self.outcome,
                "winner": self.winner, "east": self.east,
                "dead": [p for p in range(4) if self.dead[p]]}


def _part_of(tiles: tuple[Tile, ...], group: tuple[Tile, ...]) -> bool:
    """Whether every tile of ``tiles`` is in ``group``, each once (logs written before
    issue 35 showed part of the group, one like tile: they still replay)."""
    rest = list(group)
    for t in tiles:
        if t not in rest:
            return False
        rest.remove(t)
    return True


__all__ = [
    "CLAIMS",
    "GAME",
    "REDEEMED",
    "SELF_DRAWN",
    "AmericanGame",
    "AmericanOptions",
    "Answer",
    "Call",
    "Claims",
    "Courtesy",
    "Dead",
    "Deal",
    "Dice",
    "Discard",
    "Draw",
    "End",
    "MahJong",
    "Pass",
    "Phase",
    "Redeem",
    "Stop",
    "dead_reason",
]
