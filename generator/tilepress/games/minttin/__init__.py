"""Mint Tin Mahjong, a card game for two players or one (solo).

54 cards: numbers 1-9 in three suits (Sword, Moon, Fire), a dragon of each suit, and
jokers. A winning hand is 14 cards in blocks of identical cards (pairs to quints) of two
sizes adding up to 14, whose numbers make a run, the odds or the evens of one category,
wrapping around, with dragons of the suits played. On a turn you draw or call the last
discard, may expose blocks and swap jokers, then discard; Mahjong ends the round. A match
is played to 7 (or 14) points. Solo, you play against a virtual opponent that builds
pungs from your discards. Rulings: docs/rulings.md.
"""

from tilepress.documents.cards import CardSheetOptions
from tilepress.engine.game import FigureEntry, Game, PrintableEntry, PuzzleEntry
from tilepress.games.minttin.deck_options import DeckOptions
from tilepress.games.minttin.options import (
    CardsFigure,
    MatOptions,
    MintTinOptions,
    MintTinParams,
    MintTinPlay,
    ScoreSheetOptions,
)

GAME = Game(
    name="minttin",
    title="Mint Tin Mahjong",
    players="1 or 2",
    package=__name__,
    about=__doc__ or "",
    options=MintTinOptions,
    play_options=MintTinPlay,
    seats=lambda options, play: 1 if play.solo else 2,
    play_args=("solo",),
    variants={"minttin-solo": {"solo": True}},
    play_example="tilepress play minttin --solo --seed 3 -o out/minttin-solo.pdf",
    puzzles=(
        PuzzleEntry("minttin", "CompleteKind", MintTinParams,
                    "Mint Tin Mahjong, complete the hand: which cards complete 13 cards, "
                    "for how many points?",
                    "tilepress puzzle minttin --count 12 --difficulty hard -o out/minttin.pdf"),
        PuzzleEntry("minttin-discard", "DiscardKind", MintTinParams,
                    "Mint Tin Mahjong, the best discard: which card leaves 14 cards ready "
                    "for the most unseen cards?",
                    "tilepress puzzle minttin-discard --difficulty expert -o out/md.pdf"),
    ),
    printables=(
        PrintableEntry("deck", "deck", "The 54-card deck: bleed, crop marks, duplex backs; "
                       "with --rules-cards, the rules summary cards too.",
                       options=DeckOptions),
        PrintableEntry("card", "rules_card", "The rules summary on cards at deck size.",
                       options=CardSheetOptions),
        PrintableEntry("sheet", "score_sheet", "A score sheet: two players, or --solo.",
                       options=ScoreSheetOptions),
        PrintableEntry("mat", "solo_mat", "The solo game's table mat: where the draw deck, "
                       "the hold spot, the discard row and the exposures go.",
                       options=MatOptions),
    ),
    figures=(
        FigureEntry("cards", "cards_figure_of", CardsFigure,
                    "Mint Tin cards: a hand with its exposures and a card outlined, laid out "
                    "in blocks when it wins; with --points or --pattern the engine checks "
                    "the claim.",
                    'tilepress draw cards "1111 5555 JJ [333J]" --highlight 5 --points 3 '
                    '-o cards.svg'),
    ),
)
