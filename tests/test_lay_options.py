"""``GameState.lay_options()``: every whole meld the seat to act may lay, each one ``state.lay`` lays.

issue 17, "Whole melds for people": also where melds go down card by card (the
last Norwegian round, the *all down at once* variant); ``PlayerView.lay_options``
answers the same for the seat to act. And a lay-down is one meld: older records'
``lay A / B`` lines replay as the single lays they stand for.
"""

from __future__ import annotations

import random

import attrs
import pytest

import remi
from remi import GameState, Meld
from remi.cards import sorted_hand
from remi.game.state import blank_state

RULESETS = [
    *remi.PRESETS.values(),
    remi.with_variants(remi.NORWEGIAN, "all down at once"),
    remi.with_variants(remi.NORWEGIAN, "spade twos wild"),
    remi.with_variants(remi.NORWEGIAN, "spade twos wild", "all down at once"),
    remi.with_variants(remi.NORWEGIAN, "twelve cards"),
]


def _games(ruleset: remi.Ruleset, seed: int, moves: int = 400) -> list[GameState]:
    """The states of a random game that prefers laying (so contracts, openings and builds happen)."""
    players = max(ruleset.min_players, min(4, ruleset.max_players))
    state = remi.new_game(ruleset, players=players, seed=seed)
    rng = random.Random(seed)
    out = [state]
    for _ in range(moves):
        if state.is_over:
            break
        legal = state.legal_actions()
        lays = [a for a in legal if isinstance(a, (remi.LayDown, remi.Build, remi.Knock))]
        state = state.apply(rng.choice(lays if lays and rng.random() < 0.8 else legal))
        out.append(state)
    return out


def _builds(state: GameState) -> bool:
    return any(isinstance(a, remi.Build) for a in state.legal_actions()) or bool(state.building)


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: str(r))
@pytest.mark.parametrize("seed", [1, 2])
def test_every_option_is_laid_and_every_legal_meld_is_an_option(ruleset: remi.Ruleset, seed: int) -> None:
    rng = random.Random(seed)
    asked = 0
    for state in _games(ruleset, seed):
        options = state.lay_options()
        assert options == state.lay_options()  # cached: the same answer
        assert list(options) == sorted(set(options), key=remi.meld_sort_key)
        assert all(isinstance(m, Meld) for m in options)
        legal = state.legal_actions()
        for action in legal:
            if isinstance(action, remi.LayDown):
                assert action.meld in options, (str(action), state.position())
        # Where melds are built, every offered build step leads to some option.
        chosen = len(state.building)
        starts = {sorted_hand(m.cards)[: chosen + 1] for m in options}
        for action in legal:
            if isinstance(action, remi.Build):
                assert (*state.building, action.card) in starts, (str(action), state.position())
        if not any(isinstance(a, (remi.LayDown, remi.Build)) for a in legal):
            assert options == ()
        for meld in rng.sample(options, min(2, len(options))):
            after = state.lay(meld)
            assert meld in after.table or after.round != state.round or after.is_over
            asked += 1
        if state.to_act >= 0:
            view = state.view(state.to_act)
            assert view.lay_options() == options
            others = [seat for seat in range(state.players) if seat != state.to_act]
            assert state.view(others[0]).lay_options() == ()
    assert asked > 0 or ruleset.family == "gin"  # a random Gin game seldom knocks


def test_no_options_before_the_draw_and_in_a_finished_game() -> None:
    state = remi.new_game(remi.NORWEGIAN, seed=1)
    assert state.phase == "draw" and state.lay_options() == ()
    assert state.view(state.to_act).lay_options() == ()


@pytest.mark.rule("norwegian-build-card-by-card")
def test_card_by_card_options_are_whole_melds_laid_by_lay() -> None:
    # docs/rules/norwegian.rst, norwegian-build-card-by-card: lay plays the build steps of a whole meld.
    ruleset = remi.with_variants(remi.NORWEGIAN, "all down at once")
    for state in _games(ruleset, 5):
        if state.phase == "play" and not state.building and _builds(state) and state.lay_options():
            meld = state.lay_options()[0]
            steps = state.lay_steps(meld)
            assert [type(a) for a in steps[:-1]] == [remi.Build] * len(meld.cards)
            assert meld in state.lay(meld).table
            return
    raise AssertionError("no build round with options")


def test_view_describe_is_the_states() -> None:
    state = remi.new_game(remi.NORWEGIAN, players=4, seed=1)
    for seat in range(4):
        assert state.view(seat).describe("draw") == state.describe("draw")
        assert state.view(seat).describe("take", "nb") == state.describe("take", "nb")


# -- a lay-down is one meld -----------------------------------------------------------------------


def test_a_lay_down_is_one_meld() -> None:
    lay = remi.LayDown.of("♦7 ♠7 ♥7")
    assert lay.meld == remi.parse_meld("♠7 ♥7 ♦7") and lay.melds == (lay.meld,)
    assert remi.LayDown((lay.meld,)) == remi.LayDown(lay.meld) == lay
    for build in (
        lambda: remi.LayDown.of("♠7 ♥7 ♦7", "♣5 ♣6 ♣7"),
        lambda: remi.parse_action("lay ♠7 ♥7 ♦7 / ♣5 ♣6 ♣7"),
        lambda: remi.LayDown((lay.meld, remi.parse_meld("♣5 ♣6 ♣7"))),
    ):
        with pytest.raises(remi.NotationError) as info:
            build()
        assert info.value.code == "one-meld-at-a-time"
        assert isinstance(info.value.reason, remi.Message)
        assert "one meld" in info.value.reason and "one after another" in info.value.reason
        assert info.value.reason_in("sl")
    with pytest.raises(remi.NotationError) as none:
        remi.LayDown.of()
    assert none.value.code == "no-melds"
    state = remi.new_game(remi.SLOVENIAN, players=3, seed=1)
    why = state.why_illegal("lay ♣4 ♣5 ♣6 / ♥8 ♥9 JK=♥10 ♥J")
    assert why is not None and why.code == "one-meld-at-a-time"
    with pytest.raises(remi.NotationError):
        state.parse_action("lay ♣4 ♣5 ♣6 / ♥8 ♥9 JK=♥10 ♥J")


@pytest.mark.parametrize("seeded", [remi.SLOVENIAN, remi.NORWEGIAN, remi.KALOOKI])
def test_an_older_record_with_several_melds_in_a_lay_replays_as_single_lays(seeded: remi.Ruleset) -> None:
    """A record of the old form (``lay A / B`` lines) reads as the game played with single lays."""
    players = 3
    rec = remi.Recorder(remi.new_game(seeded, players=players, seed=3))
    rng = random.Random(3)
    while not rec.state.is_over and len(rec.actions) < 600:
        legal = rec.state.legal_actions()
        lays = [a for a in legal if isinstance(a, remi.LayDown)]
        rec.apply(lays[0] if lays else rng.choice(legal))
    record = rec.record()
    text = record.text()
    lines = text.splitlines()
    # Join consecutive single lays of one seat into one old-form line, as older records wrote them.
    joined: list[str] = []
    merged = 0
    for line in lines:
        if joined and _lay_body(line) and _lay_body(joined[-1]) and _seat(line) == _seat(joined[-1]):
            joined[-1] = f"{joined[-1]} / {_lay_body(line)}"
            merged += 1
        else:
            joined.append(line)
    assert merged > 0, "the game laid no two melds in a row"
    old = "\n".join(joined) + ("\n" if text.endswith("\n") else "")
    replayed = remi.GameRecord.from_text(old)
    assert replayed.final() == record.final()
    assert replayed.actions == record.actions
    assert remi.replay(old) == remi.replay(text)


def _lay_body(line: str) -> str | None:
    words = line.split()
    at = 1 if words and words[0].isdigit() else 0
    if len(words) > at and words[at] == "lay":
        return line.split(None, at + 1)[at + 1]
    return None


def _seat(line: str) -> str:
    return line.split()[0]


# -- against a simple reference ------------------------------------------------------------------------


def _reference_lay_options(state: GameState) -> tuple[Meld, ...]:
    """What ``lay_options`` promises, asked action by action: the lay-downs offered, or where melds are
    built, each candidate meld of the hand whose build steps (from the cards chosen) and lay are all legal."""
    if state.is_over or state.phase not in ("play", "knock"):
        return ()
    if not _builds(state):
        found = {a.meld for a in state.legal_actions() if isinstance(a, remi.LayDown)}
        return tuple(sorted(found, key=remi.meld_sort_key))
    chosen = state.building
    out = set()
    for meld in remi.candidate_melds(state.hands[state.turn_player], state.ruleset):
        cards = sorted_hand(meld.cards)
        if cards[: len(chosen)] != chosen:
            continue
        step = state
        for card in cards[len(chosen) :]:
            if not step.is_legal(remi.Build(card)):
                break
            step = step.apply(remi.Build(card))
        else:
            if step.is_legal(remi.LayDown(meld)):
                out.add(meld)
    return tuple(sorted(out, key=remi.meld_sort_key))


def _last_round(ruleset: remi.Ruleset, seed: int) -> GameState:
    """Seat 0 in its play phase of the last Norwegian round: a window of 12 or 13 cards of one suit, 0-3 jokers.

    Without jokers the window splits into the round's three runs, so the hand has options.
    """
    rng = random.Random(seed)
    players = 4
    pack = list(remi.make_pack(*ruleset.pack_for(players)))
    suit = rng.choice("♠♥♦♣")
    length = rng.choice((12, 13))
    low = rng.randint(1, 14 - length)
    ranks = {"A" if r == 1 else {11: "J", 12: "Q", 13: "K"}.get(r, str(r)) for r in range(low, low + length)}
    hand = [c for c in dict.fromkeys(pack) if str(c)[1:] in ranks and str(c).startswith(suit)]
    hand += [c for c in pack if c.is_joker][: seed % 4]
    for card in hand:
        pack.remove(card)
    rng.shuffle(pack)
    size = ruleset.hand_size(players, len(ruleset.contracts))
    hands = [tuple(sorted(hand, key=lambda c: c.code))]
    for _ in range(1, players):
        hands.append(tuple(sorted(pack[:size], key=lambda c: c.code)))
        pack = pack[size:]
    state = attrs.evolve(
        blank_state(GameState, ruleset, players, seed, players - 1),
        round=len(ruleset.contracts),
        phase="play",
        hands=tuple(hands),
        stock=tuple(pack[1:]),
        discard=(pack[0],),
        turn=1,
    )
    state.check_invariants()
    return state


def _build_walk(state: GameState, rng: random.Random) -> list[GameState]:
    """The states of one random build from *state* (each step a build, until a lay or none is left)."""
    out = [state]
    while True:
        builds = [a for a in state.legal_actions() if isinstance(a, remi.Build)]
        if not builds:
            return out
        state = state.apply(rng.choice(builds))
        out.append(state)


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: str(r))
def test_lay_options_equal_the_reference_in_random_games(ruleset: remi.Ruleset) -> None:
    rng = random.Random(7)
    states = _games(ruleset, 3, moves=250)
    built = [s for s in states if s.phase == "play" and _builds(s)]
    for state in rng.sample(built, min(3, len(built))):
        states += _build_walk(state, rng)
    for state in states:
        assert state.lay_options() == _reference_lay_options(state), state.position()


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize(
    "ruleset", [remi.NORWEGIAN, remi.with_variants(remi.NORWEGIAN, "spade twos wild")], ids=str
)
def test_last_round_lay_options_equal_the_reference(ruleset: remi.Ruleset, seed: int) -> None:
    """The last round goes out exactly: each meld is asked whether the cards it leaves cover the rest."""
    state = _last_round(ruleset, seed)
    options = state.lay_options()
    assert options == _reference_lay_options(state)
    for later in _build_walk(state, random.Random(seed))[1:]:
        assert later.lay_options() == _reference_lay_options(later)
    assert options or seed % 4  # without jokers the window splits into three runs
