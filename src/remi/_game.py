"""The game: :func:`new_game` and the immutable :class:`GameState` it starts.

A state never changes: :meth:`GameState.apply` returns the next state. All
randomness (shuffles, the Liverpool cut, a Shanghai blind draw) is derived
from the game's seed, so the same seed and the same actions replay exactly.
The state lives in ``_state``, the rules of each action kind in ``_engine``
and what differs between game families in ``_policies``.

>>> import remi
>>> state = remi.new_game(remi.NORWEGIAN, players=4, seed=7)
>>> state.round, state.phase, state.current_player, len(state.hands[1])
(1, 'draw', 1, 10)
>>> [str(a) for a in state.legal_actions()]
['draw', 'take']
>>> after = state.apply(remi.DrawStock())
>>> len(after.hands[1]), len(state.hands[1])
(11, 10)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from ._cards import Card, format_cards, make_pack, parse_cards
from ._engine import _rng, start
from ._errors import RulesetError
from ._rules import Ruleset
from ._state import PHASES, GameState, Phase, RoundResult

__all__ = ["GameState", "RoundResult", "Phase", "new_game", "PHASES"]


def new_game(
    ruleset: Ruleset,
    players: int = 4,
    seed: int = 0,
    *,
    dealer: int | None = None,
    pack: str | Iterable[Card | str] | None = None,
) -> GameState:
    """Start a match: shuffle with *seed* and deal the first round.

    The first dealer is seat 0, or drawn by lot from the seed where the
    ruleset says so (Basic Rummy), unless *dealer* says otherwise. Every
    preset is playable: Norwegian Remi, Basic Rummy (Swedish, Finnish, Block
    Rummy), Slovenian 51, Kalooki and Gin Rummy.

    *pack*, the one seam into the seeded randomness, deals the first round
    from a stacked pack instead of the shuffle: the game's whole pack for
    *players* (cards or their text), in the order it is dealt from, its last
    card the top of the stock. The first round's cut and every later deal,
    rebuild and draw still come from *seed*. A pack that is not exactly the
    game's is a :class:`~remi.RulesetError` (code ``bad-pack``).

    >>> import remi
    >>> pack = remi.make_pack(1, 0)  # ♠A … ♣K: ♣K is the top, dealt first, to seat 1
    >>> stacked = remi.new_game(remi.SWEDISH, players=2, dealer=0, pack=pack)
    >>> remi.format_cards(stacked.hands[1][-3:]), stacked.discard_top, stacked.stock[-1]
    ('♣9 ♣J ♣K', Card('♦6'), Card('♦5'))

    >>> import remi
    >>> remi.new_game(remi.NORWEGIAN, players=2)
    Traceback (most recent call last):
    ...
    remi.RulesetError: Norwegian Remi is for 3 to 5 players, not 2.
    """
    if not isinstance(ruleset, Ruleset):
        raise RulesetError("not-a-ruleset", f"Expected a Ruleset, got {type(ruleset).__name__}.")
    if isinstance(players, bool) or not isinstance(players, int):
        raise RulesetError("bad-players", f"players must be a number, not {players!r}.")
    if not ruleset.min_players <= players <= ruleset.max_players:
        raise RulesetError(
            "bad-players",
            f"{ruleset.name} is for {ruleset.min_players} to {ruleset.max_players} players, not {players}.",
        )
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RulesetError("bad-seed", f"seed must be an integer, not {seed!r}.")
    if dealer is None:
        first = _rng(seed, "first-dealer").randrange(players) if ruleset.first_dealer == "lot" else 0
    else:
        first = dealer
    if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < players:
        raise RulesetError("bad-dealer", f"dealer must be a seat from 0 to {players - 1}, not {dealer!r}.")
    return start(ruleset, players, seed, first, None if pack is None else _stacked(pack, ruleset, players))


def _stacked(pack: str | Iterable[Card | str], ruleset: Ruleset, players: int) -> tuple[Card, ...]:
    """*pack* read as cards, when it is exactly the game's pack for *players* (else ``bad-pack``)."""
    if not isinstance(pack, (str, Iterable)):
        raise TypeError(
            f"pack must be card text or an iterable of cards, not {type(pack).__name__} {pack!r:.60}."
        )
    cards = parse_cards(pack)
    whole = Counter(make_pack(*ruleset.pack_for(players)))
    held = Counter(cards)
    if held != whole:
        wrong = [
            f"{what} {format_cards(sorted(diff.elements(), key=lambda c: c.code))}"
            for what, diff in (("lacks", whole - held), ("has besides", held - whole))
            if diff
        ]
        raise RulesetError(
            "bad-pack",
            f"pack must be the {sum(whole.values())} cards of {ruleset.name}'s pack for {players} players; "
            f"the {len(cards)} given {' and '.join(wrong)}.",
        )
    return cards
