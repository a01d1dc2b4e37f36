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
from .shed import Shed
from .trick import Special, TrickPlay, Turn

__all__ = [
    "MAX_BIDS", "Assign", "Auction", "CapturePlay", "CaptureRule", "Choose", "Collect", "Deal", "Draw", "Exchange",
    "Packet", "PassCards", "Pick", "Redeal", "Shed", "Special", "TrickPlay", "Turn", "hand_zone",
]


def hand_zone(game) -> str | None:
    """The zone players hold their cards in: the one the first card play takes from (else a seat's own hidden
    zone); a card collected into it is taken up."""
    for step in game.steps:
        if isinstance(step, TrickPlay):
            return step.first_sources[0]
        if isinstance(step, (CapturePlay, Shed)):
            return step.hand
    for z in game.zones.values():
        if z.owner == "seat" and z.visible == "owner":
            return z.name
    return None
