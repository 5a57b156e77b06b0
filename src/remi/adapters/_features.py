"""A fixed-size observation vector from a player view: what both adapters feed to a network.

Pure Python: it writes into any sequence that takes ``out[i] = x`` (a list,
a numpy array), so ``import remi`` never needs numpy.

Seats are relative to the viewer: block 0 is the viewer, block 1 the next
seat in turn order, and so on. Table melds keep their numbers (actions name
them). The layout, in order (*P* players, *T* table melds, cards by code with
the joker last):

=====================  ==================================================
part                   values
=====================  ==================================================
hand                   53 card counts
discard top            53 (one-hot)
discard pile           53 card counts
taken                  53 (one-hot: the card taken from the pile this turn)
pending                53 card counts (jokers to play again this turn)
phase                  6 (one-hot: cut, draw, buy, play, shanghai, over)
per seat × *P*         to act, on turn, down, down this turn, hand size,
                       buys, total / 100, then 53 counts of known cards
game                   stock size, round, turn, melds laid this turn
table × *T*            present, set, run, owner (*P*, relative), lowest
                       rank, wild cards, then 53 card counts
building               53 card counts: the meld under way: the viewer's
                       own lay-down sub-steps (:mod:`remi.catalogue`,
                       seen by the builder only), else the cards remi's
                       engine holds chosen (``building``: public, seen
                       by every seat)
=====================  ==================================================

>>> import remi
>>> from remi.views import view
>>> from remi.adapters import observation_size, observation
>>> state = remi.new_game(remi.GIN, players=2, seed=1)
>>> len(observation(view(state, 0))) == observation_size(remi.GIN, 2)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from .._cards import Card
from .._catalogue import catalogue
from .._game import PHASES, GameState, PlayerView
from .._rules import Ruleset

__all__ = ["observation_size", "observation", "write_observation"]

_CARDS = 53
_SEAT = 7 + _CARDS
_PHASE = {phase: index for index, phase in enumerate(PHASES)}


def _meld_width(players: int) -> int:
    return 5 + players + _CARDS


@lru_cache(maxsize=256)
def observation_size(ruleset: Ruleset, players: int) -> int:
    """Return the length of the observation vector of *ruleset* at a table of *players*.

    >>> import remi
    >>> observation_size(remi.GIN, 2)
    1469
    """
    table = catalogue(ruleset).max_table
    return 5 * _CARDS + len(PHASES) + players * _SEAT + 4 + table * _meld_width(players) + _CARDS


def write_observation(
    v: PlayerView, out: Any, max_table: int | None = None, building: Sequence[int] = ()
) -> None:
    """Write the observation of view *v* into *out* (zeroed, of :func:`observation_size`).

    *out* is a list or a one-dimensional numpy array (filled with one
    fancy-indexed assignment). *max_table* is the catalogue's bound on table
    melds (:attr:`remi.catalogue.Catalogue.max_table`), looked up when ``None``;
    *building* the card codes of the meld the viewer is building (the
    catalogue's sub-steps); when empty, the view's own ``building`` (remi's
    card-by-card build, public) fills the block.
    """
    acc = _entries(v, v.seat, v.hand, v.known, v.stock_size, max_table, building)
    if isinstance(out, list):
        for at, value in acc.items():
            out[at] = value
    else:
        out[list(acc)] = list(acc.values())


def state_entries(
    state: GameState, seat: int, private: bool, max_table: int, building: Sequence[int] = ()
) -> dict[int, float]:
    """The nonzero entries of *seat*'s observation of *state*, by index, without building the view.

    The vector of :func:`write_observation` of ``view(state, seat)`` (with an
    empty hand unless *private*); *seat* must be a seat of *state*. With no
    *building* (the catalogue's partial meld), the state's own
    :attr:`~remi.GameState.building` fills the building block, for every seat.
    """
    hand = state.hands[seat] if private else ()
    return _entries(state, seat, hand, state.known, len(state.stock), max_table, building)


def _entries(
    v: PlayerView | GameState,
    seat: int,
    hand: Sequence[Card],
    known: Sequence[Sequence[Card]],
    stock_size: int,
    max_table: int | None,
    building: Sequence[int],
) -> dict[int, float]:
    acc: dict[int, float] = {}
    get = acc.get
    players = v.players
    for card in hand:
        code = card.code
        acc[code] = get(code, 0.0) + 1
    base = _CARDS
    pile = v.discard
    if pile:
        acc[base + pile[-1].code] = 1.0
    base += _CARDS
    for card in pile:
        at = base + card.code
        acc[at] = get(at, 0.0) + 1
    base += _CARDS
    if v.taken is not None:
        acc[base + v.taken.code] = 1.0
    base += _CARDS
    for card in v.pending:
        at = base + card.code
        acc[at] = get(at, 0.0) + 1
    base += _CARDS
    acc[base + _PHASE[v.phase]] = 1.0
    base += len(PHASES)
    over = v.phase == "over"
    to_act = v.to_act
    turn_player = v.turn_player
    downs = v.down
    turn = v.turn
    sizes = v.hand_sizes
    buys = v.buys
    totals = v.totals
    seen = len(known)
    for rel in range(players):
        s = (seat + rel) % players
        at = base + rel * _SEAT
        if not over:
            if s == to_act:
                acc[at] = 1.0
            if s == turn_player:
                acc[at + 1] = 1.0
        down = downs[s]
        if down >= 0:
            acc[at + 2] = 1.0
            if down == turn:
                acc[at + 3] = 1.0
        acc[at + 4] = sizes[s]
        acc[at + 5] = buys[s]
        acc[at + 6] = totals[s] / 100
        if s < seen:
            for card in known[s]:
                known_at = at + 7 + card.code
                acc[known_at] = get(known_at, 0.0) + 1
    base += players * _SEAT
    acc[base] = stock_size
    acc[base + 1] = v.round
    acc[base + 2] = v.turn
    acc[base + 3] = v.melds_this_turn
    base += 4
    width = _meld_width(players)
    limit = catalogue(v.ruleset).max_table if max_table is None else max_table
    for index, (meld, owner) in enumerate(zip(v.table, v.owners)):
        if index >= limit:
            break
        at = base + index * width
        acc[at] = 1.0
        acc[at + 1 if meld.kind == "set" else at + 2] = 1.0
        acc[at + 3 + (owner - seat) % players] = 1.0
        acc[at + 3 + players] = meld.rank
        acc[at + 4 + players] = sum(meld.wild)
        cards_at = at + 5 + players
        for card in meld.cards:
            card_at = cards_at + card.code
            acc[card_at] = get(card_at, 0.0) + 1
    base += limit * width
    if not building:
        # remi's own card-by-card build: its cards are public (the table sees them chosen).
        chosen: Sequence[Card] = getattr(v, "building", ())
        building = [card.code for card in chosen]
    for code in building:
        at = base + code
        acc[at] = get(at, 0.0) + 1
    return acc


def observation(v: PlayerView) -> list[float]:
    """Return the observation vector of view *v* as a list of floats.

    >>> import remi
    >>> from remi.views import view
    >>> obs = observation(view(remi.new_game(remi.GIN, players=2, seed=1), 1))
    >>> sum(obs[:53])
    10.0
    """
    out = [0.0] * observation_size(v.ruleset, v.players)
    write_observation(v, out)
    return out
