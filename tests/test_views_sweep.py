"""A view of the seat to act answers as the state: seeded random play over all six presets."""

from __future__ import annotations

import random

import attrs
import pytest

import remi

PRESETS = [remi.NORWEGIAN, remi.SWEDISH, remi.FINNISH, remi.SLOVENIAN, remi.KALOOKI, remi.GIN]
PROBES = ("draw", "take", "buy", "pass", "discard ♠5", "knock")


@pytest.mark.parametrize("ruleset", PRESETS, ids=lambda r: r.name)
def test_view_of_seat_to_act_answers_as_the_state(ruleset: remi.Ruleset) -> None:
    """Promise (docs/bots.rst): a view answers legal_actions and why_illegal as the state does,
    made from a state (its shared list) and read back standalone with from_dict (its stand-in)."""
    rules = attrs.evolve(ruleset, max_turns_per_round=8)
    rng = random.Random(ruleset.name)
    state = remi.new_game(rules, players=rules.min_players, seed=3)
    for step in range(120):
        if state.is_over:
            break
        seat = state.current_player
        legal = attrs.evolve(state).legal_actions()
        view = attrs.evolve(state).view(seat)
        assert view.legal_actions() == legal
        if step % 6 == 0:
            again = remi.PlayerView.from_dict(view.to_dict())
            assert again.legal_actions() == legal
            for probe in (*PROBES, *(str(a) for a in legal[:3])):
                want = state.why_illegal(probe)
                for v in (view, again):
                    got = v.why_illegal(probe)
                    assert (got is None) == (want is None), probe
                    if want is not None and got is not None:
                        assert (type(got), got.code, str(got)) == (type(want), want.code, str(want))
        state = state.apply(rng.choice(legal))
