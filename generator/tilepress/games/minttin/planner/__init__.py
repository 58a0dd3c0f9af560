"""The Mint Tin planner's knowledge: how far a hand is from every hand it could win with,
and what that says about each decision. The :class:`~tilepress.games.minttin.bots.Planner`
bot plays by it.

A *target* is a set of numbers, the dragons that may join it, and a pattern of block
sizes (:mod:`.targets` lists them all). :mod:`.fitting` fits a hand to every target at
once -- which block each face fills, how many cards are still missing (jokers fill any
gap but a pair; an exposure's jokers stay in it) and what the target would score -- and
ranks them. :mod:`.kernels` builds the decisions on that fitting: the discard that costs
the best targets least (:mod:`.discards`), the best target alone for a call or a joker
swap (:mod:`.heads`). The fitting and the decisions are numba kernels
(:mod:`tilepress.compiled`), the one implementation of each; with compilation off their
Python source runs, to the same results.
"""

from tilepress.games.minttin.planner.discards import discard_order
from tilepress.games.minttin.planner.heads import call_heads, evaluate_head
from tilepress.games.minttin.planner.targets import evaluate

__all__ = ["call_heads", "discard_order", "evaluate", "evaluate_head"]
