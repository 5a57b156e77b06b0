"""What one seat may see: :class:`PlayerView`, :func:`view` and :func:`returns`.

>>> import remi
>>> from remi.views import view
>>> view(remi.new_game(remi.GIN, players=2, seed=1), 0).hand_sizes
(10, 10)
"""

from __future__ import annotations

from .game import PlayerView, view
from .game.views import known_cards, returns

__all__ = ["PlayerView", "view", "returns", "known_cards"]
