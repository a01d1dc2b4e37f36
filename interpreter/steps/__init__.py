"""Step types a hand is made of: each one a general building block rulesets name."""

from .capture import CapturePlay, CaptureRule
from .collect import Collect
from .deal import Deal, Packet

__all__ = ["CapturePlay", "CaptureRule", "Collect", "Deal", "Packet"]
