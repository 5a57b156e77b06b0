"""Conformance: determinization bots can trust (docs/bots.rst, "what a sample keeps").

For every case of :func:`conformance_helpers.cases` (every playable preset at each table
size, the Norwegian house rules alone and in combinations, and the option
cases), one seeded greedy match is played under the conformance turn cap; at
every step, every seat's view is sampled with a seeded ``random.Random`` and
the sample must be a state the seat cannot tell from the real one that plays
on:

- ``view(sample, seat) == view(state, seat)`` (nothing public is lost, nothing hidden leaks);
- ``GameState.from_dict(sample.to_dict())`` accepts it and gives it back: ``check_invariants()``
  holds, and it is no ``dead-end`` (the seat to act has a legal action, so a seat partway
  through a contract, an opening or a meld built card by card holds what completes it).

A new preset, house rule or game situation joins the sweep on its own.
"""

from __future__ import annotations

import random

import attrs
import pytest
from conformance_helpers import Case, cases, make_policy

import remi
from remi import GameState
from remi.views import view

#: Actions played per match: enough for contracts, openings and builds to be laid in most
#: rounds a greedy match reaches, few enough that the whole sweep stays within a minute.
ACTIONS = 160


def _sweep(case: object, seed: int) -> tuple[int, int]:
    """Play one match of *case*, sampling every seat at every step; return (steps, samples)."""
    rules = case.bounded  # type: ignore[attr-defined]
    players = case.players  # type: ignore[attr-defined]
    policy = make_policy("greedy", seed)
    state = remi.new_game(rules, players=players, seed=seed)
    rng = random.Random(seed)
    samples = steps = 0
    while not state.is_over and steps < ACTIONS:
        for seat in range(players):
            v = state.view(seat)
            sample = v.sample_state(rng)
            samples += 1
            where = f"seed {seed}, step {steps}, seat {seat}, round {state.round}, turn {state.turn}"
            assert view(sample, seat) == v, f"the sample's view differs; {where}"
            try:
                # from_dict checks the invariants and refuses a dead end (no legal action).
                copy = GameState.from_dict(sample.to_dict())
            except remi.StateError as exc:
                raise AssertionError(f"{exc.code}: {exc}; {where}") from None
            assert copy == sample, where
        state = state.apply(policy(state, state.legal_actions()))
        steps += 1
    return steps, samples


@pytest.mark.parametrize("case", cases(), ids=lambda c: c.name)
def test_every_sample_of_every_seat_plays_on(case: object) -> None:
    steps, samples = _sweep(case, 1)
    assert samples == steps * case.players  # type: ignore[attr-defined]


def test_samples_for_the_option_cases_play_on() -> None:
    # The contract and opening options that change what a turn must complete.
    for rules, players in (
        (attrs.evolve(remi.SLOVENIAN, last_card_discard=not remi.SLOVENIAN.last_card_discard), 3),
        (attrs.evolve(remi.KALOOKI, opening_points=51), 3),
    ):
        _sweep(Case(rules.name, rules, players), 2)
