"""Step types a hand is made of: each one a general building block rulesets name."""

from .auction import MAX_BIDS, Auction
from .capture import CapturePlay, CaptureRule
from .choose import Choose
from .collect import Collect
from .control import Assign, Draw, Redeal
from .deal import Deal, Packet
from .exchange import Exchange
from .passing import PassCards
from .pick import Pick
from .trick import Special, TrickPlay, Turn

__all__ = [
    "MAX_BIDS", "Assign", "Auction", "CapturePlay", "CaptureRule", "Choose", "Collect", "Deal", "Draw", "Exchange",
    "Packet", "PassCards", "Pick", "Redeal", "Special", "TrickPlay", "Turn", "hands_of",
]


def hands_of(steps) -> set[str]:
    """The zones players play, capture or discard from: their hands (a card collected into one is taken up)."""
    out = set()
    for s in steps:
        if isinstance(s, TrickPlay):
            out.update(s.sources)
        elif isinstance(s, (CapturePlay, Exchange)):
            out.add(s.hand)
    return out
