"""The action catalogue: round trips over random playouts, masks, golden ids, refusals."""

from __future__ import annotations

import random

import attrs
import pytest

import remi
from remi.catalogue import (
    Catalogue,
    CatalogueError,
    LaySteps,
    MeldStep,
    catalogue,
    decode,
    encode,
    encode_steps,
    legal_ids,
    legal_mask,
    num_distinct_actions,
)

#: Ids are part of the interface: a trained policy indexes its outputs by them.
GOLDEN: dict[str, list[tuple[str, tuple[int, ...]]]] = {
    "norwegian": [
        ("draw", (0,)),
        ("take", (1,)),
        ("buy", (2,)),
        ("pass", (3,)),
        ("lay ♠7 ♥7 ♦7", (10, 23, 36, 57)),
        ("lay ♠7 ♥7 JK=7", (10, 23, 56, 57)),
        ("lay ♥J ♥Q ♥K ♥A", (17, 27, 28, 29, 57)),
        ("lay ♣5 JK=♣6 ♣7 ♣8", (47, 49, 50, 56, 57)),
        ("lay ♦9 ♦10 ♦J ♦Q", (38, 39, 40, 41, 57)),
        ("lay JK=♣4 ♣5 ♣6 ♣7", (47, 48, 49, 56, 57)),
        ("lay ♣5 ♣6 ♣7 JK=♣8", (47, 48, 49, 56, 58)),
        ("off ♠9 2", (674,)),
        ("off JK 0 low", (3927,)),
        ("swap ♠3 1", (4075,)),
        ("discard ♠K", (5936,)),
        ("discard JK", (5976,)),
    ],
    "swedish": [
        ("draw", (0,)),
        ("take", (1,)),
        ("pass", (2,)),
        ("lay ♠7 ♥7 ♦7", (9, 22, 35, 56)),
        ("lay ♠A ♠2 ♠3", (3, 4, 5, 56)),
        ("lay ♦9 ♦10 ♦J ♦Q", (37, 38, 39, 40, 56)),
        ("off ♠9 2", (335,)),
        ("off JK 0 low", (1828,)),
        ("discard ♠K", (1873,)),
        ("discard JK", (1913,)),
    ],
    "finnish": [
        ("draw", (0,)),
        ("lay ♠7 ♥7 ♦7", (9, 22, 35, 56)),
        ("off ♠9 2", (335,)),
        ("discard JK", (1913,)),
    ],
    "slovenian": [
        ("draw", (0,)),
        ("take", (1,)),
        ("pass", (2,)),
        ("lay ♠7 ♥7 ♦7", (9, 22, 35, 56)),
        ("lay ♠7 ♥7 JK=7", (9, 22, 55, 56)),
        ("lay ♠A ♠2 ♠3", (3, 4, 5, 56)),
        ("lay ♥J ♥Q ♥K ♥A", (16, 26, 27, 28, 56)),
        ("lay ♣5 JK=♣6 ♣7 ♣8", (46, 48, 49, 55, 56)),
        ("lay ♦9 ♦10 ♦J ♦Q", (37, 38, 39, 40, 56)),
        ("off ♠9 2", (651,)),
        ("off JK 0 low", (3816,)),
        ("swap ♠3 1", (3960,)),
        ("discard ♠K", (5771,)),
        ("discard JK", (5811,)),
    ],
    "kalooki": [
        ("draw", (0,)),
        ("take", (1,)),
        ("pass", (2,)),
        ("lay ♠7 ♥7 ♦7", (9, 22, 35, 56)),
        ("lay ♠7 ♥7 JK=7", (9, 22, 55, 56)),
        ("lay ♠A ♠2 ♠3", (3, 4, 5, 56)),
        ("lay ♥J ♥Q ♥K ♥A", (16, 26, 27, 28, 56)),
        ("lay ♣5 JK=♣6 ♣7 ♣8", (46, 48, 49, 55, 56)),
        ("lay ♦9 ♦10 ♦J ♦Q", (37, 38, 39, 40, 56)),
        ("off ♠9 2", (627,)),
        ("off JK 0 low", (3704,)),
        ("swap ♠3 1", (3844,)),
        ("discard ♠K", (5605,)),
        ("discard JK", (5645,)),
    ],
    "gin": [
        ("draw", (0,)),
        ("take", (1,)),
        ("pass", (2,)),
        ("discard ♠K", (15,)),
        ("discard JK", (55,)),
        ("knock ♠7", (62,)),
        ("knock ♣K", (107,)),
        # The knocker's melds (docs/rules/gin.rst, gin-knocker-chooses): one id each, after the knocks.
        ("lay ♠A ♥A ♦A", (109,)),
        ("lay ♠K ♥K ♦K ♣K", (173,)),
        ("lay ♠A ♠2 ♠3", (174,)),
        ("lay ♠A ♠2 ♠3 ♠4", (175,)),
        ("lay ♥5 ♥6 ♥7", (278,)),
        ("lay ♣J ♣Q ♣K", (437,)),
    ],
}

#: (size, max_table, placements bound) per preset; every one is at most ~10,000.
SIZES = {
    "norwegian": (5977, 37, 21),
    "swedish": (1914, 17, 3),
    "finnish": (1914, 17, 3),
    "slovenian": (5812, 36, 15),
    "kalooki": (5646, 35, 7),
    "gin": (438, 17, 3),
}

VARIANTS = {
    "norwegian+shanghai+cut": (remi.with_variants(remi.NORWEGIAN, "shanghai", "liverpool cut"), 4),
    "norwegian+spade twos": (remi.with_variants(remi.NORWEGIAN, "spade twos wild"), 4),
    "norwegian+six players": (remi.with_variants(remi.NORWEGIAN, "six players"), 6),
    "norwegian+all down at once": (remi.with_variants(remi.NORWEGIAN, "all down at once"), 3),
}

VARIANT_SIZES = {
    "norwegian+shanghai+cut": 6105,
    "norwegian+spade twos": 5497,
    "norwegian+six players": 8821,
    "norwegian+all down at once": 5977,
}


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_ids(name: str) -> None:
    ruleset = remi.PRESETS[name]
    cat = catalogue(ruleset)
    for text, steps in GOLDEN[name]:
        action = remi.parse_action(text)
        assert encode_steps(action, ruleset) == steps, text
        if len(steps) == 1:
            assert encode(action, ruleset) == steps[0]
            assert str(decode(steps[0], ruleset)) == text
        else:
            partial: tuple[int, ...] = ()
            for ident in steps[:-1]:
                partial, done = cat.advance(partial, ident)
                assert done is None
            assert cat.advance(partial, steps[-1]) == ((), action)


@pytest.mark.parametrize("name", sorted(SIZES))
def test_sizes(name: str) -> None:
    ruleset = remi.PRESETS[name]
    cat = catalogue(ruleset)
    assert (cat.size, cat.max_table, cat.places) == SIZES[name]
    assert cat.size <= 10_000
    for players in range(ruleset.min_players, ruleset.max_players + 1):
        assert num_distinct_actions(ruleset, players) == cat.size
        # The bound on table melds: every card of the pack in melds of the smallest size.
        assert cat.max_table * min(ruleset.set_min, ruleset.run_min) <= max(
            ruleset.pack_size(p) for p in range(ruleset.min_players, ruleset.max_players + 1)
        )


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_variant_sizes(name: str) -> None:
    assert catalogue(VARIANTS[name][0]).size == VARIANT_SIZES[name] <= 10_000


def _engine_step(state: remi.GameState, action: remi.Action) -> bool:
    """Whether *action* is one of remi's own card-by-card steps (a build, or the lay of the cards built)."""
    return isinstance(action, remi.Build) or (isinstance(action, remi.LayDown) and bool(state.building))


def _ids_of(cat: Catalogue, state: remi.GameState, action: remi.Action) -> tuple[int, ...]:
    """The ids that play *action* in *state*: one id for remi's own build steps, else ``encode_steps``."""
    sequence = cat.encode_steps(action)
    return sequence[-1:] if _engine_step(state, action) else sequence


def _play(
    cat: Catalogue, index: LaySteps, partial: tuple[int, ...], ident: int
) -> tuple[tuple[int, ...], remi.Action | None]:
    """Play *ident* as the adapters do: the state's own action when it has one, else a catalogue sub-step."""
    own = None if partial else index.action(ident)
    if own is not None:
        return (), own
    return cat.advance(partial, ident)


def _check_ids(cat: Catalogue, state: remi.GameState) -> list[tuple[int, ...]]:
    """Check every legal action's ids in *state* and the masks with nothing under way; return the ids."""
    legal = state.legal_actions()
    index = cat.steps(state)
    sequences = [_ids_of(cat, state, a) for a in legal]
    assert len(set(sequences)) == len(sequences)
    # Every legal action is reachable through its steps, each allowed by the mask.
    for action, sequence in zip(legal, sequences):
        partial: tuple[int, ...] = ()
        for ident in sequence[:-1]:
            assert ident in index.ids(partial)
            partial, done = _play(cat, index, partial, ident)
            assert done is None
        assert sequence[-1] in index.ids(partial)
        assert _play(cat, index, partial, sequence[-1]) == ((), action)
        if len(sequence) == 1:
            if _engine_step(state, action):
                assert index.action(sequence[0]) == action
            else:
                assert cat.decode(sequence[0]) == action
    # The mask with nothing under way: single actions and the first card of every lay-down.
    firsts = sorted({s[0] for s in sequences})
    mask = legal_mask(state)
    assert [i for i, ok in enumerate(mask) if ok] == firsts
    assert legal_ids(state) == firsts
    return sequences


def _playout(ruleset: remi.Ruleset, players: int, seed: int, steps: int) -> int:
    """Random play through the steps; check every legal action's steps, the masks; return the actions seen."""
    cat = catalogue(ruleset)
    rules = attrs.evolve(ruleset, max_turns_per_round=40)
    assert catalogue(rules).size == cat.size
    # The turn cap makes another ruleset with the same numbering.
    cat = catalogue(rules)
    rng = random.Random(seed)
    state = remi.new_game(rules, players=players, seed=seed)
    seen = 0
    for _ in range(steps):
        if state.is_over:
            break
        legal = state.legal_actions()
        index = cat.steps(state)
        _check_ids(cat, state)
        # Every full walk the mask allows ends in a legal action (no dead end, no abort).
        prefer_table = rng.random() < 0.7
        partial: tuple[int, ...] = ()
        while True:
            ids = index.ids(partial)
            assert ids, partial
            if not partial and prefer_table:
                table = [i for i in ids if not isinstance(cat.decode(i), remi.DrawStock | remi.Discard)]
                ids = table or ids
            partial, done = _play(cat, index, partial, rng.choice(ids))
            if done is not None:
                break
            assert legal_mask(state, partial) == [i in index.ids(partial) for i in range(cat.size)]
        assert done in legal
        seen += len(legal)
        state = state.apply(done)
    return seen


@pytest.mark.parametrize("name", sorted(remi.PRESETS))
def test_round_trip_over_playouts(name: str) -> None:
    ruleset = remi.PRESETS[name]
    for players in range(ruleset.min_players, ruleset.max_players + 1):
        assert _playout(ruleset, players, seed=players, steps=250) > 0


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_round_trip_variants(name: str) -> None:
    ruleset, players = VARIANTS[name]
    assert _playout(ruleset, players, seed=3, steps=400) > 0


@pytest.mark.parametrize("name", sorted(remi.PRESETS))
def test_every_id_decodes_and_encodes_back(name: str) -> None:
    cat = catalogue(remi.PRESETS[name])
    lay = cat.block("lay") or range(0)
    for ident in range(cat.size):
        decoded = cat.decode(ident)
        if ident in lay:
            assert isinstance(decoded, MeldStep)
            assert (decoded.card is None) == (ident - lay.start >= 53)
        else:
            assert not isinstance(decoded, MeldStep)
            assert cat.encode(decoded) == ident
            assert cat.encode_steps(decoded) == (ident,)


def test_placements_are_canonical() -> None:
    nor = catalogue(remi.NORWEGIAN)
    melds = nor.placements((47, 48, 49, 52))  # ♣9 ♣10 ♣J JK
    assert [str(m) for m in melds] == ["JK=♣8 ♣9 ♣10 ♣J", "♣9 ♣10 ♣J JK=♣Q"]
    assert list(melds) == sorted(melds, key=remi.meld_sort_key)
    twos = catalogue(remi.with_variants(remi.NORWEGIAN, "spade twos wild"))
    # ♠2 ♥2 ♦2 ♣2: the ♠2 as itself, or wild standing for a 2.
    assert len(twos.placements((1, 14, 27, 40))) == 2


def test_mask_uses_the_state_ruleset_only() -> None:
    state = remi.new_game(remi.GIN, players=2, seed=1)
    with pytest.raises(CatalogueError):
        catalogue(remi.SWEDISH).legal_mask(state)


def test_refusals() -> None:
    gin = catalogue(remi.GIN)
    with pytest.raises(CatalogueError):
        gin.decode(gin.size)
    with pytest.raises(CatalogueError):
        gin.decode(-1)
    nor = catalogue(remi.NORWEGIAN)
    with pytest.raises(CatalogueError):
        nor.encode(remi.LayDown.of("♠7 ♥7 ♦7"))  # a lay-down takes several steps
    with pytest.raises(CatalogueError):
        nor.advance((), nor.block("lay")[-1])  # no cards: no placement  # type: ignore[index]
    with pytest.raises(CatalogueError):
        nor.advance((10,), 0)  # a draw while a meld is being built
    with pytest.raises(CatalogueError):
        nor.encode(remi.LayOff("♠9", nor.max_table))
    with pytest.raises(CatalogueError):
        nor.encode(remi.Knock("♠9"))
    with pytest.raises(CatalogueError):
        num_distinct_actions(remi.NORWEGIAN, 2)
    assert nor.block("knock") is None
    assert nor.block("draw") == range(0, 1)
    lay = nor.block("lay")
    assert lay is not None and all(isinstance(nor.decode(i), MeldStep) for i in (lay[0], lay[-1]))
    assert str(nor.decode(lay[0])) == "build ♠A" and str(nor.decode(lay[53])) == "lay #0"


def test_no_framework_or_numpy_on_import() -> None:
    """``import remi``, the catalogue and the adapters package load neither numpy nor a framework."""
    import subprocess
    import sys

    code = (
        "import sys, remi, remi.catalogue, remi.adapters, remi.adapters.pettingzoo\n"
        "loaded = {'numpy', 'pyspiel', 'pettingzoo', 'gymnasium'} & set(sys.modules)\n"
        "assert not loaded, loaded\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def _walk_builds(cat: Catalogue, state: remi.GameState, seen: list[remi.GameState]) -> None:
    """Check the ids of *state* and of every state its builds reach (each build step, then its lay)."""
    seen.append(state)
    sequences = _check_ids(cat, state)
    index = cat.steps(state)
    lay = cat.block("lay")
    assert lay is not None
    for action, sequence in zip(state.legal_actions(), sequences):
        if isinstance(action, remi.Build):
            # build id c is remi's Build(card c), applied as the state's own object.
            assert sequence == (lay.start + action.card.code,)
            assert index.action(sequence[0]) is action
            assert str(cat.decode(sequence[0])) == str(action)
            _walk_builds(cat, state.apply(action), seen)
        elif isinstance(action, remi.LayDown):
            # Only with cards chosen (no whole lay-down while nothing is built), as lay #k of those cards.
            assert state.building
            key = tuple(sorted(card.code for card in state.building))
            assert sorted(card.code for card in action.melds[0].cards) == list(key)
            place = cat._placements_of(key).index(action.melds[0])
            assert sequence == (lay.start + 53 + place,)
            assert index.action(sequence[0]) is action
        elif state.building:
            raise AssertionError(f"'{action}' while a meld is being built")
    if state.building:
        # The engine holds the meld under way: no catalogue partial, nothing but build steps allowed.
        assert all(i in lay for i in cat.legal_ids(state))
        # A catalogue partial here is no meld under way: refused, not an empty answer (issue 15, item 16).
        with pytest.raises(CatalogueError) as info:
            cat.legal_ids(state, (state.building[0].code,))
        assert info.value.code == "partial-not-reachable"


def test_engine_builds_all_down_at_once() -> None:
    """In the all-down-at-once variant remi builds melds itself: its steps are the catalogue's ids, one each."""
    rules = attrs.evolve(remi.with_variants(remi.NORWEGIAN, "all down at once"), max_turns_per_round=40)
    cat = catalogue(rules)
    rng = random.Random(5)
    state = remi.new_game(rules, players=3, seed=5)
    walked = 0
    for _ in range(400):
        if state.is_over or walked >= 3:
            break
        legal = state.legal_actions()
        if any(isinstance(a, remi.Build) for a in legal) and not state.building:
            seen: list[remi.GameState] = []
            _walk_builds(cat, state, seen)
            assert any(s.building for s in seen)
            walked += 1
        state = state.apply(rng.choice(legal))
    assert walked >= 1


def test_engine_builds_round_seven() -> None:
    """Round 7 with a hand enlarged by buying: longer runs, built card by card; a joker gives two placements."""
    from game_helpers import position

    cat = catalogue(remi.NORWEGIAN)
    lay = cat.block("lay")
    assert lay is not None
    for hand in (
        "♠A ♠2 ♠3 ♠4 ♠5 ♥5 ♥6 ♥7 ♥8 ♥9 ♦9 ♦10 ♦J ♦Q",
        "♠A ♠2 ♠3 ♠4 ♠5 ♥5 ♥6 ♥7 ♥8 JK ♦9 ♦10 ♦J ♦Q",
    ):
        state = position(hands=[hand, "♣5 ♣6", "♣7 ♣8", "♣9 ♣10"], round=7, turn=9, buys={0: 1})
        assert any(isinstance(a, remi.Build) for a in state.legal_actions())
        assert not any(isinstance(a, remi.LayDown) for a in state.legal_actions())
        seen: list[remi.GameState] = []
        _walk_builds(cat, state, seen)
        lays = {i for s in seen if s.building for i in cat.legal_ids(s) if i >= lay.start + 53}
        assert lays
        if "JK" in hand:
            assert lay.start + 54 in lays  # lay #1: the joker at the other end
        # The whole build of a meld, played as ids through the state's own objects, lays it.
        meld = remi.parse_meld("♠A ♠2 ♠3 ♠4 ♠5")
        for step in state.lay_steps(meld):
            ident = cat.encode_steps(step)[-1]
            assert ident in cat.legal_ids(state)
            action = cat.steps(state).action(ident)
            assert action == step
            state = state.apply(action)
        assert state.table[-1] == meld and not state.building


def test_encode_build() -> None:
    nor = catalogue(remi.NORWEGIAN)
    lay = nor.block("lay")
    assert lay is not None
    assert nor.encode(remi.Build("♠5")) == lay.start + 4
    assert nor.encode_steps(remi.Build("JK")) == (lay.start + 52,)
    with pytest.raises(CatalogueError):
        catalogue(remi.GIN).encode(remi.Build("♠5"))  # Gin lays nothing on the table
