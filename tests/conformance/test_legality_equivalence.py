"""Conformance: one definition of legality.

For every preset and every option combination of the conformance suite
(:func:`conformance_helpers.cases`), and for states met along seeded playouts of each, every
candidate action ``a`` must satisfy::

    state.is_legal(a) == (a in state.legal_actions())
    (state.why_illegal(a) is None) == state.is_legal(a)
    state.apply(a) raises IllegalActionError  <=>  not state.is_legal(a)

and none of ``is_legal``, ``why_illegal`` or a refused ``apply`` may change the
state (``to_dict()`` before and after). ``is_legal`` must also never settle a
round: asking whether a going-out discard is legal must not build a round
result.

Why: the generator behind ``legal_actions()`` and the checker behind
``is_legal()``/``apply()`` were separate code and drifted (issue 6: with
``attrs.evolve(remi.SWEDISH, melds_per_turn=None)`` a two-meld lay-down was
accepted but never offered). Bots enumerate ``legal_actions()``, humans and UIs
call ``apply()``; both must speak of the same game.

The states come from seeded playouts under a short turn cap, played by the
conformance suite's greedy policy and by a hoarding policy (draws and discards,
seldom lays) whose hands fill up with melds, so lay-downs of several melds meet
states where each meld alone is legal; a hypothesis test adds random seeds and
cases (derandomized under the ``ci`` profile). Two extra cases hold the drift of
issue 6 (Swedish and Finnish with ``melds_per_turn=None``).

The candidates are deliberately generic so the test survives the engine
rewrite (lay-downs of one meld at a time, ``Pass`` in Block Rummy's draw phase,
rounds ended by idle laps): every offered action, actions taken from other
states of the same match and from matches of other games, random lay-downs
built from the hand's candidate melds (one, two or three disjoint melds, and
melds holding cards the seat does not have), lay-offs and joker swaps of every
hand card onto every table meld and two indices past the end, discards (plain
and Shanghai-protected) and knocks of every hand card, Shanghai calls on every
target, and ``Cut``, ``DrawStock``, ``TakeDiscard``, ``Buy``, ``Pass`` in every
phase. Nothing here assumes which actions a phase offers.
"""

from __future__ import annotations

import random
import zlib

import attrs
import pytest
from conformance_helpers import Case, Policy, cases, connections, make_policy, pack_cards
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import remi
from remi import (
    Buy,
    CallShanghai,
    Cut,
    Discard,
    DrawStock,
    GameState,
    IllegalActionError,
    Knock,
    LayDown,
    LayOff,
    Pass,
    SwapJoker,
    TakeDiscard,
)

#: Turn cap for the playouts here (short rounds keep the file fast; every phase still occurs).
TURN_CAP = 24
#: States checked per case, and sampled candidates per state (besides those always checked).
STATES_PER_CASE = 7
SAMPLED_PER_STATE = 80
#: Offered actions checked per state (all of them when there are fewer).
OFFERED_PER_STATE = 30


def extra_cases() -> list[Case]:
    """Option combinations named by issue 6 that the conformance cases do not hold yet."""
    return [
        # The drift of issue 6: any number of melds per turn in basic rummy.
        Case("swedish melds_per_turn=None-3p", attrs.evolve(remi.SWEDISH, melds_per_turn=None), 3),
        Case("finnish melds_per_turn=None-2p", attrs.evolve(remi.FINNISH, melds_per_turn=None), 2),
    ]


CASES = cases() + extra_cases()


def case_seed(case: Case, salt: int = 0) -> int:
    """A stable seed per case (independent of hash randomization)."""
    return zlib.crc32(f"equivalence:{case.name}:{salt}".encode()) % 100_000


def bounded(rules: remi.Ruleset) -> remi.Ruleset:
    """*rules* with a short turn cap, so every match ends quickly."""
    cap = rules.max_turns_per_round
    changes: dict[str, object] = {}
    if cap is None or cap > TURN_CAP:
        changes["max_turns_per_round"] = TURN_CAP
    if rules.target_score is not None and rules.rounds is None and not rules.contracts:
        # Played to a target score: keep the match short.
        changes["target_score"] = min(rules.target_score, 60)
    return attrs.evolve(rules, **changes) if changes else rules


def hoarding_policy(rng: random.Random, lay_rate: float = 0.1) -> Policy:
    """Mostly draws and discards the least connected card, rarely lays: hands fill up with melds.

    Greedy play lays every meld at once, so a hand seldom holds two melds together;
    this policy makes the states where lay-downs of several melds matter.
    """

    def choose(state: GameState, legal: list[remi.Action]) -> remi.Action:
        if state.phase == "draw" and TakeDiscard() in legal and DrawStock() in legal:
            hand = state.hands[state.current_player]
            return TakeDiscard() if connections(state.discard[-1], hand, state.ruleset) >= 2 else DrawStock()
        discards = [a for a in legal if isinstance(a, Discard)]
        if state.phase == "play" and discards and rng.random() > lay_rate:
            hand = state.hands[state.current_player]
            best = min(connections(a.card, hand, state.ruleset) for a in discards)
            return rng.choice([a for a in discards if connections(a.card, hand, state.ruleset) == best])
        return rng.choice(legal)

    return choose


def policy_for(kind: str, seed: int) -> Policy:
    """ "greedy", "uniform" (the conformance policies) or "hoard"."""
    if kind == "hoard":
        return hoarding_policy(random.Random(seed))
    return make_policy(kind, seed)


def playout(
    rules: remi.Ruleset, players: int, seed: int, kind: str, limit: int = 4000
) -> tuple[list[GameState], list[remi.Action]]:
    """The states of one seeded match and the actions taken (at most *limit*; a cut-off match still serves)."""
    policy = policy_for(kind, seed)
    state = remi.new_game(rules, players=players, seed=seed)
    states, actions = [state], []
    while not state.is_over and len(actions) < limit:
        action = policy(state, state.legal_actions())
        state = state.apply(action)
        states.append(state)
        actions.append(action)
    return states, actions


def _categories(states: list[GameState]) -> dict[str, list[int]]:
    """Indices of states by what makes them interesting for legality."""
    out: dict[str, list[int]] = {}
    for index, state in enumerate(states):
        keys = [f"phase {state.phase}"]
        if state.phase == "over":
            keys.append("over")
        elif state.phase == "play":
            hand = state.hands[state.current_player]
            if state.table:
                keys.append("play with a table")
            if (
                len(_disjoint(list(remi.candidate_melds(hand, state.ruleset)), hand, random.Random(index), 2))
                >= 2
            ):
                keys.append("play with two disjoint melds in hand")
            if state.pending:
                keys.append("play with a pending joker")
            if state.taken is not None:
                keys.append("play after taking the discard")
            if state.down[state.current_player] >= 0:
                keys.append("play, seat down")
        if not state.stock and not state.is_over:
            keys.append("stock empty")
        if index + 1 < len(states) and len(states[index + 1].results) > len(state.results):
            keys.append("last state of a round")
        for key in keys:
            out.setdefault(key, []).append(index)
    return out


def pick_states(states: list[GameState], rng: random.Random, count: int) -> list[GameState]:
    """One state of each interesting kind that occurs, then random ones up to *count*, and the last."""
    chosen = {rng.choice(indices) for _, indices in sorted(_categories(states).items())}
    chosen.add(len(states) - 1)
    while len(chosen) < min(count, len(states)):
        chosen.add(rng.randrange(len(states)))
    return [states[i] for i in sorted(chosen)]


# -- the action pool from other games -------------------------------------------------------------


def _foreign_pool() -> list[remi.Action]:
    """Actions taken in short matches of other games (each family, Shanghai and the cut included)."""
    pool: list[remi.Action] = []
    sources = [
        (remi.with_variants(remi.NORWEGIAN, "shanghai", "liverpool cut"), 4),
        (remi.with_variants(remi.NORWEGIAN, "spade twos wild", "all down at once"), 3),
        (remi.SLOVENIAN, 3),
        (remi.KALOOKI, 3),
        (remi.GIN, 2),
        (remi.SWEDISH, 3),
    ]
    for index, (rules, players) in enumerate(sources):
        states, actions = playout(bounded(rules), players, 1000 + index, "greedy", limit=400)
        pool.extend(actions)
        for state in states[::10]:
            pool.extend(state.legal_actions()[:10])
    return list(dict.fromkeys(pool))


FOREIGN = _foreign_pool()


# -- candidates -----------------------------------------------------------------------------------


def _disjoint(
    melds: list[remi.Meld], hand: tuple[remi.Card, ...], rng: random.Random, size: int
) -> tuple[remi.Meld, ...]:
    """Up to *size* melds that the hand holds together (a random greedy pick)."""
    left = list(hand)
    group: list[remi.Meld] = []
    for meld in rng.sample(melds, len(melds)):
        rest = list(left)
        try:
            for card in meld.cards:
                rest.remove(card)
        except ValueError:
            continue
        group.append(meld)
        left = rest
        if len(group) == size:
            break
    return tuple(group)


def random_laydowns(state: GameState, rng: random.Random) -> list[LayDown]:
    """Lay-downs from the hand's candidate melds (1–3 at once) and from cards the seat lacks."""
    out: list[LayDown] = []
    rules = state.ruleset
    seat = state.current_player
    hand = state.hands[seat] if 0 <= seat < state.players else ()
    melds = list(remi.candidate_melds(hand, rules)) if hand else []
    if melds:
        for meld in rng.sample(melds, min(len(melds), 8)):
            out.append(LayDown((meld,)))
        for size in (2, 3):
            for _ in range(4):
                group = _disjoint(melds, hand, rng, size)
                if len(group) == size:
                    out.extend(LayDown(m) for m in group)  # a lay-down is one meld
            if len(melds) >= size:
                out.extend(LayDown(m) for m in rng.sample(melds, size))
    # Melds of cards the seat does not hold: from the other hands, the stock and the whole pack.
    others = [c for s, h in enumerate(state.hands) if s != seat for c in h]
    for source in (others, list(state.stock), pack_cards(state)):
        if not source:
            continue
        sample = rng.sample(source, min(len(source), 14))
        foreign = list(remi.candidate_melds(sample, rules))
        for meld in rng.sample(foreign, min(len(foreign), 3)):
            out.append(LayDown((meld,)))
        if len(foreign) >= 2:
            out.extend(LayDown(m) for m in rng.sample(foreign, 2))
    # A hand meld together with a foreign one: some of the cards are missing.
    if melds and len(others) >= 3:
        foreign = list(remi.candidate_melds(rng.sample(others, min(len(others), 14)), rules))
        if foreign:
            out.extend((LayDown(rng.choice(melds)), LayDown(rng.choice(foreign))))
    return out


def candidates(
    state: GameState, offered: list[remi.Action], taken: list[remi.Action], rng: random.Random
) -> list[remi.Action]:
    """Every candidate the property must see, then a sample of the rest.

    Always: the offered actions (a sample when there are many), ``Cut``, ``DrawStock``,
    ``TakeDiscard``, ``Buy``, ``Pass``, discards (plain and protected) and knocks of every hand
    card, Shanghai calls on every target. Sampled: lay-offs and swaps of hand cards onto every
    table meld and two indices past the end, random lay-downs, actions of other states and
    other games, and a few actions with cards the seat does not hold.
    """
    seat = state.current_player
    hand = state.hands[seat] if 0 <= seat < state.players else ()
    cards = list(dict.fromkeys(hand))
    strangers = [c for c in pack_cards(state) if c not in hand]
    cards_out = rng.sample(strangers, min(3, len(strangers)))
    targets = list(range(len(state.table) + 2))
    always: list[remi.Action] = [Cut(), DrawStock(), TakeDiscard(), Buy(), Pass()]
    for card in cards:
        always += [Discard(card), Discard(card, True), Knock(card)]
    for target in targets:
        always += [CallShanghai(target), CallShanghai(target, True)]
    pool: list[remi.Action] = []
    for card in cards_out:
        pool += [Discard(card), Discard(card, True), Knock(card)]
    for card in cards + cards_out[:1]:
        for target in targets:
            pool += [LayOff(card, target), LayOff(card, target, True), SwapJoker(card, target)]
    pool += random_laydowns(state, rng)
    pool += rng.sample(taken, min(len(taken), 25))
    pool += rng.sample(FOREIGN, min(len(FOREIGN), 25))
    first = offered if len(offered) <= OFFERED_PER_STATE else rng.sample(offered, OFFERED_PER_STATE)
    seen = set(first)
    always = [a for a in dict.fromkeys(always) if a not in seen]
    seen.update(always)
    rest = [a for a in dict.fromkeys(pool) if a not in seen]
    rng.shuffle(rest)
    return list(first) + always + rest[:SAMPLED_PER_STATE]


# -- the property ------------------------------------------------------------------------------------


def check_equivalence(
    state: GameState, action: remi.Action, offered: set[remi.Action], snapshot: dict
) -> None:
    """The three answers about *action* agree, and none of them changes *state*."""
    where = (
        f"{action} (phase {state.phase}, seat {state.current_player}, round {state.round}, turn {state.turn})"
    )
    listed = action in offered
    legal = state.is_legal(action)
    assert state.to_dict() == snapshot, f"is_legal({where}) changed the state"
    assert legal == listed, (
        f"is_legal says {legal} but legal_actions() {'offers' if listed else 'does not offer'} {where}"
    )
    why = state.why_illegal(action)
    assert state.to_dict() == snapshot, f"why_illegal({where}) changed the state"
    assert (why is None) == legal, f"why_illegal({where}) gave {why!r} but is_legal says {legal}"
    if why is not None:
        assert isinstance(why, IllegalActionError) and why.code and why.reason
    try:
        after = state.apply(action)
    except IllegalActionError as exc:
        assert not legal, f"apply({where}) raised {exc.code}: {exc.reason} but is_legal says yes"
        assert exc.code == why.code, f"apply({where}) refused with {exc.code}, why_illegal said {why.code}"
    else:
        assert legal, f"apply({where}) succeeded but is_legal says no"
        assert isinstance(after, GameState)
    assert state.to_dict() == snapshot, f"apply({where}) changed the state it was called on"


def check_state(state: GameState, taken: list[remi.Action], rng: random.Random) -> None:
    snapshot = state.to_dict()
    offered_list = state.legal_actions()
    offered = set(offered_list)
    assert not (state.is_over and offered), "a finished match offers actions"
    for action in candidates(state, offered_list, taken, rng):
        check_equivalence(state, action, offered, snapshot)
    assert state.legal_actions() == offered_list, "the answers changed legal_actions()"
    assert state.to_dict() == snapshot


def check_match(case: Case, seed: int, kind: str, states_per_match: int = STATES_PER_CASE) -> None:
    rng = random.Random(seed)
    states, actions = playout(bounded(case.ruleset), case.players, seed, kind)
    # Actions of this match, earlier and later than any checked state: taken ones and offered ones.
    offered_elsewhere = [a for s in states[:: max(1, len(states) // 20)] for a in s.legal_actions()[:6]]
    taken = list(dict.fromkeys(actions + offered_elsewhere))
    for state in pick_states(states, rng, states_per_match):
        try:
            check_state(state, taken, rng)
        except AssertionError as exc:
            index = next(i for i, s in enumerate(states) if s is state)
            texts = [str(a) for a in actions[:index]]
            replay = repr(texts) if len(texts) <= 60 else f"{len(texts)} actions of playout(...)"
            raise AssertionError(
                f"{exc}\n  case {case.name!r}, seed {seed}, policy {kind!r}, state {index}: "
                f"remi.new_game(bounded(rules), players={case.players}, seed={seed}) then {replay}"
            ) from None


PARAMS = [pytest.param(case, id=case.name) for case in CASES]


@pytest.mark.parametrize("case", PARAMS)
def test_is_legal_is_membership_in_legal_actions(case: Case) -> None:
    check_match(case, case_seed(case), "greedy")
    check_match(case, case_seed(case, 1), "hoard", states_per_match=5)


@given(
    index=st.integers(0, len(CASES) - 1),
    seed=st.integers(0, 2**31 - 1),
    kind=st.sampled_from(["greedy", "uniform", "hoard"]),
)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_is_legal_is_membership_in_legal_actions_any_seed(index: int, seed: int, kind: str) -> None:
    check_match(CASES[index], seed, kind, states_per_match=3)


#: Issue 6's drift, found by the hoarding policy: Swedish with any number of melds per turn,
#: 3 players, seed 20; after these actions seat 2 holds ♠A ♥A ♦A and ♠8 ♥8 ♦8.
SWEDISH_DRIFT = [
    "take",
    "discard ♥6",
    "draw",
    "discard ♣9",
    "draw",
    "discard ♥K",
    "draw",
    "discard ♣3",
    "draw",
]


def test_two_melds_at_once_swedish_melds_per_turn_none() -> None:
    rules = attrs.evolve(remi.SWEDISH, melds_per_turn=None)
    state = remi.new_game(rules, players=3, seed=20)
    for text in SWEDISH_DRIFT:
        state = state.apply(text)
    for meld in (remi.parse_meld("♠A ♥A ♦A"), remi.parse_meld("♠8 ♥8 ♦8")):
        check_equivalence(state, LayDown((meld,)), set(state.legal_actions()), state.to_dict())


# -- is_legal never settles a round ----------------------------------------------------------------------


def _going_out_states() -> list[pytest.param]:
    """For some cases, a state whose offered actions include one that ends the round."""
    out = []
    names = ["norwegian-4p", "swedish-3p", "slovenian-3p", "kalooki-3p", "gin-2p", "finnish-2p"]
    for case in CASES:
        if case.name not in names:
            continue
        states, _ = playout(bounded(case.ruleset), case.players, case_seed(case, 9), "greedy")
        for before, after in zip(states, states[1:]):
            if len(after.results) > len(before.results) and before.phase != "over":
                ending = [
                    a for a in before.legal_actions() if len(before.apply(a).results) > len(before.results)
                ]
                if ending:
                    out.append(pytest.param(before, ending[0], id=f"{case.name}-{ending[0]}"))
                    break
    return out


@pytest.mark.parametrize(("state", "action"), _going_out_states())
def test_is_legal_does_not_settle_the_round(
    state: GameState, action: remi.Action, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Asking whether a round-ending action is legal must not settle the round or deal the next one.
    built: list[object] = []
    original = remi.RoundResult.__init__

    def spy(self: object, *args: object, **kwargs: object) -> None:
        built.append(args)
        original(self, *args, **kwargs)

    snapshot = state.to_dict()
    monkeypatch.setattr(remi.RoundResult, "__init__", spy)
    assert state.is_legal(action)
    assert state.why_illegal(action) is None
    monkeypatch.undo()
    assert state.to_dict() == snapshot
    assert built == [], f"is_legal/why_illegal({action}) built round results {built}"
