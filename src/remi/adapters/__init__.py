"""remi inside learning frameworks: OpenSpiel and PettingZoo adapters.

The adapters are optional: :mod:`remi.adapters.openspiel` needs the
``openspiel`` extra and :mod:`remi.adapters.pettingzoo` the ``pettingzoo``
extra. This package itself imports neither (nor numpy); it holds what both
share: the observation vector of a player view (see
:mod:`remi.adapters._features`). Actions are numbered by
:mod:`remi.catalogue`.

>>> import remi
>>> from remi.views import view
>>> from remi.adapters import observation, observation_size
>>> observation_size(remi.NORWEGIAN, 4)
2863
"""

from __future__ import annotations

from ._features import observation, observation_size, write_observation

__all__ = ["observation", "observation_size", "write_observation"]
