"""Type aliases for remi's plain-data forms.

>>> import remi
>>> from remi._types import StateDict
>>> data: StateDict = remi.new_game(remi.NORWEGIAN, seed=1).to_dict()
>>> data["format"] is not None, isinstance(data, dict)
(True, True)
"""

from __future__ import annotations

from typing import Any, TypeAlias

__all__ = ["StateDict"]

#: The JSON-ready dict of a game state, as :meth:`GameState.to_dict <remi.GameState.to_dict>`
#: returns it and :meth:`GameState.from_dict <remi.GameState.from_dict>` reads it: text keys,
#: values made of ``dict``, ``list``, ``str``, ``int``, ``bool`` and ``None`` only.
StateDict: TypeAlias = dict[str, Any]
