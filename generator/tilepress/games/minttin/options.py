"""The options of Mint Tin Mahjong: the rules, how the bots play, and the puzzles."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tilepress.errors import RequestError
from tilepress.params import large_print_option, option
from tilepress.puzzles.base import DIFFICULTIES

if TYPE_CHECKING:
    from tilepress.games.minttin.hand import MintTinRules


ROUND_LIMIT = 200
"""The rounds a match lasts at most unless the options say otherwise: about four times
the longest match the planners play in hundreds of seeds (56 rounds, solo to 14 points),
so that only matches nobody can win (bots that never complete a hand, wall game after
wall game) reach it (ruling 20)."""
MOST_ROUNDS = 1000
"""The largest round limit an option may set."""


@dataclass(frozen=True)
class MintTinOptions:
    jokers: str = option("double-sided", choices=("double-sided", "backs", "all", "none"),
                         help="double-sided (one each, deal 12), backs (two shuffled in, "
                         "deal 13), all, or none.",
                         rule="jokers: the standard game plays the two double-sided jokers "
                         "(each player gets one and is dealt 12 cards); a table may "
                         "instead shuffle the two jokers with backs into the deck (13 "
                         "cards each), play all four (12 cards each), or play none (13 "
                         "cards each).")
    target: int = option(7, choices=(7, 14), help="Points to win: 7 or 14.",
                        rule="the winning score: the standard match is played to 7 points; "
                        "for a longer match, play to 14.")
    round_limit: int = option(ROUND_LIMIT, low=1, high=MOST_ROUNDS,
                              help="The most rounds a match lasts: a match nobody has won by "
                              "then ends, the higher score winning (level scores tie).",
                              rule="the longest match: the rules set no limit, so the "
                              f"standard game ends a match after {ROUND_LIMIT} rounds if "
                              "nobody has won it by then (the higher score wins, level "
                              "scores share the match); matches are far shorter, and a "
                              "table may agree on fewer rounds.")
    passing: bool = option(False, flags=("--pass",),
                           help="Play the optional pass of 0-3 cards before play.",
                           rule="the pass before play: the standard game has none; a "
                           "table may play the pass of 0 to 3 cards described in "
                           "Setting up.")
    miscall_penalty: bool = option(True, flags=("--miscall-penalty/--friendly",),
                                   help="A miscalled Mahjong gives the opponent 2 points; "
                                   "--friendly: it costs nothing and play goes on.",
                                   rule="a wrong Mahjong call: in the standard game it "
                                   "ends the round and gives the opponent 2 points; a "
                                   "friendly table takes the call back and plays on.")
    joker_blocks: bool = option(False, help="Allow blocks of jokers only (never pairs).",
                                rule="blocks made only of jokers: in the standard game "
                                "every block holds at least one card that is not a joker; "
                                "a table may allow a pung, kong or quint made only of "
                                "jokers (a pair is never made of jokers).")
    dead_hand: int = option(12, low=0, high=12, help="Solo: cards in the dead hand, 0-12.",
                        rule="solo, the dead hand: the standard game deals 12 cards to it; "
                        "deal fewer, or none, for more time to build your hand, though a "
                        "wall game is then hard to reach.")
    joker_block: bool = option(False, help="Solo: a joker may be placed on the discard row "
                               "as a block (for no point): the cards before it make no more "
                               "exposures.",
                               rule="solo, a joker in the discard row: in the standard "
                               "game a joker you discard scores its point as usual; a "
                               "table may let you place it in the discard row instead, "
                               "for no point, so that the cards before it can no longer "
                               "make the opponent's exposures.")

    def __post_init__(self) -> None:
        if not 0 <= self.dead_hand <= 12:
            raise RequestError(f"the dead hand holds 0 to 12 cards, not {self.dead_hand}")
        if not 1 <= self.round_limit <= MOST_ROUNDS:
            raise RequestError(f"round-limit must be from 1 to {MOST_ROUNDS:,}, not "
                               f"{self.round_limit}")

    @property
    def rules(self) -> MintTinRules:
        from tilepress.games.minttin.hand import MintTinRules

        return MintTinRules(joker_blocks=self.joker_blocks)

    def starting_jokers(self) -> int:
        return 1 if self.jokers in ("double-sided", "all") else 0

    def shuffled_jokers(self) -> int:
        return 2 if self.jokers in ("backs", "all") else 0


@dataclass(frozen=True)
class ScoreSheetOptions:
    """Which game the score sheet is for."""

    solo: bool = option(False, flags=("--solo",),
                        help="The solo game: you against the virtual opponent.")
    large_print: bool = large_print_option()


@dataclass(frozen=True)
class MatOptions:
    """The solo table mat: the size of the cards whose places it marks."""

    card_size: str = option("mini", help="The cards: mini (44.45 x 63.5 mm, the default), "
                            "poker, bridge, tarot, or WxH in mm.")
    large_print: bool = large_print_option()


@dataclass(frozen=True)
class MintTinPlay:
    solo: bool = option(False, flags=("--solo",), help="One player against the virtual opponent.")
    bots: str = option("planner", help="planner or random, one for all or one per player.")


@dataclass(frozen=True)
class MintTinParams:
    difficulty: str = option("medium", choices=(*DIFFICULTIES, "any"),
                             flags=("--difficulty", "-d"),
                             help="easy, medium, hard, expert or any.")
    jokers: int = option(1, choices=(0, 1, 2), help="Most jokers in a hand: 0, 1 or 2.")




@dataclass(frozen=True)
class CardsFigure:
    """``tilepress draw cards``: a Mint Tin hand, exposures in brackets, one card marked."""

    hand: str = option("", argument=True, help="The cards, exposures in brackets: "
                       "\"1111 5555 JJ [333J]\" (1-9, DS DM DF dragons, J jokers).")
    highlight: str = option("", help="A card to outline, such as the one just drawn.")
    card_width: float = option(10.0, low=4, high=60, flags=("--card-width", "--tile-width"),
                               help="Width of a card in mm.")
    width: float = option(0.0, low=0, high=1000, help="Widest the figure may be, in mm: the "
                          "blocks wrap onto more rows (0: one row).")
    jokers_discarded: int = option(0, low=0, high=4,
                                   help="Jokers the player discarded this round (a point each).")
    concealed: bool = option(False, help="The one exposure was made by calling the winning "
                             "card, so the hand is still concealed (a point; a hand with "
                             "no exposure is concealed anyway).")
    points: int | None = option(None, low=0, high=40, help="Claim: the engine must score "
                                "the 14 cards so (no claim unless given).")
    pattern: str = option("", help="Claim: the pattern the engine must find, as "
                          "\"one pair and four pungs\".")
