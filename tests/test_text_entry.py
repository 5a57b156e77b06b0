"""The edges of a state's text and value entry points (issue 15, items 2, 14, 15 and 16).

* Every entry point that takes action or meld text reads it with the state's
  ruleset (docs/rules/norwegian.rst, norwegian-spade-twos-wild).
* A wrong Python type is a ``TypeError`` naming the argument; bad input is a
  ``RemiError`` quoting it (README, docs/errors.rst).
* ``parse_action`` and ``parse_action_in`` refusals quote the whole typed text and
  name the part that is wrong (docs/positions.rst, "Both quote the text").
* The catalogue refuses ids, card codes and partial melds it does not number
  (docs/frameworks.rst, docs/errors.rst: ``bad-card-code``, ``partial-not-reachable``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import remi
from remi import GameState, IllegalActionError, NotationError
from remi.catalogue import (
    CatalogueError,
    LaySteps,
    catalogue,
    decode,
    encode,
    encode_steps,
    legal_ids,
    legal_mask,
    num_distinct_actions,
)
from remi.codes import CODES
from remi.records import (
    GameRecord,
    Recorder,
    from_position,
    parse_action_in,
    position,
    replay,
    ruleset_text,
)

TWOS = remi.with_variants(remi.NORWEGIAN, "spade twos wild")
SPADE_TWO = remi.Card("♠2")

#: Round 2 (a set and a run) with spade twos wild: seat 0 holds ♥3 ♠2 ♥5 ♥6, a run with ♠2 as ♥4.
TWOS_ROUND_2 = f"""
game: {ruleset_text(TWOS)}
players: 3
round: 2
phase: play
turn player: 0
hand 0: ♠9 ♥9 ♦9 ♥3 ♠2 ♥5 ♥6 ♣K ♣Q ♦4 ♦5
hand 1: ♠A ♠3 ♠5 ♥7 ♥8 ♥10 ♦J ♦Q ♣2 ♣4
hand 2: ♠4 ♠6 ♥A ♥4 ♦7 ♦8 ♣5 ♣6 ♣10 ♦2
discard: ♠Q
"""


TWOS_STATE = from_position(TWOS_ROUND_2)


# -- item 2: text is read with the state's ruleset ---------------------------------------------------


@pytest.mark.rule("norwegian-spade-twos-wild")
def test_every_text_entry_point_reads_a_wild_spade_two() -> None:
    state = from_position(TWOS_ROUND_2)
    run = remi.LayDown.of("♥3 ♠2=♥4 ♥5 ♥6")
    assert run in state.legal_actions()
    text = "lay ♥3 ♠2 ♥5 ♥6"
    after = state.apply(run)
    assert state.is_legal(text)
    assert state.why_illegal(text) is None
    assert state.apply(text) == after
    assert state.child(text) == after
    assert state.parse_action(text) == run
    assert state.lay_steps("♥3 ♠2 ♥5 ♥6") == [run]
    assert state.lay("♥3 ♠2 ♥5 ♥6") == after
    both = state.lay("♠9 ♥9 ♦9", "♥3 ♠2 ♥5 ♥6")  # the example
    assert both == state.apply("lay ♠9 ♥9 ♦9").apply(run)
    recorder = Recorder(state)
    assert recorder.apply(text) == after and recorder.actions == (run,)
    record = GameRecord.from_actions(state, [text])
    assert record.actions == (run,)
    typed = record.text().replace(str(run), text)
    assert text in typed and replay(typed)[-1] == after


@pytest.mark.rule("norwegian-spade-twos-wild")
def test_a_run_the_game_refuses_names_the_game_reason() -> None:
    state = from_position(TWOS_ROUND_2)
    # ♠2 may stand in a ♥ run here: the refusal is about the run, not about suits mixing.
    error = state.why_illegal("lay ♥3 ♠2 ♥5 ♥7")
    assert error is not None and "mixes" not in error.reason
    with pytest.raises(remi.RemiError) as info:
        state.lay("♥3 ♠2 ♥5 ♥7")
    assert "mixes" not in info.value.reason and info.value.reason.startswith("Meld 1")
    # Without the variant the same text is read as plain notation: its cards do mix suits.
    plain = remi.GameState.from_position(TWOS_ROUND_2.replace(ruleset_text(TWOS), "norwegian"))
    error = plain.why_illegal("lay ♥3 ♠2 ♥5 ♥6")
    assert error is not None and "mixes ♠ and ♥" in error.reason
    # A meld the game refuses is read as notation, so the rule still gives its own reason.
    assert state.why_illegal("lay ♠9 ♥9 ♦9 ♣9 ♠9 ♥9 ♦9 ♣9 ♠9") is not None


@pytest.mark.rule("norwegian-spade-twos-wild")
def test_unannotated_text_of_every_offered_lay_with_a_spade_two_plays_it() -> None:
    """Seeded playouts: each offered one-meld lay-down holding a ♠2, typed without '=', is that action.

    Before the fix 526 of the 538 such lay-downs were refused as mixing suits.
    """
    rules = attrs.evolve(TWOS, max_turns_per_round=40)
    checked = 0
    for seed in range(8):
        state = remi.new_game(rules, players=3, seed=seed)
        rng = random.Random(seed)
        for _ in range(300):
            if state.is_over:
                break
            legal = state.legal_actions()
            for action in legal:
                if not isinstance(action, remi.LayDown) or len(action.melds) != 1:
                    continue
                if SPADE_TWO not in action.cards:
                    continue
                key = sorted(c.code for c in action.cards)
                if (
                    sum(isinstance(b, remi.LayDown) and sorted(c.code for c in b.cards) == key for b in legal)
                    != 1
                ):
                    continue  # the cards alone do not say which lay-down is meant
                plain = " ".join(str(c) for c in action.melds[0].cards)
                after = state.apply(action)
                assert state.is_legal("lay " + plain), plain
                assert state.apply("lay " + plain) == after
                assert state.lay(plain) == after
                assert state.lay_steps(plain) == [action]
                checked += 1
            state = state.apply(rng.choice(legal))
    assert checked > 100


# -- item 14: wrong types are TypeErrors naming the argument -------------------------------------------

BAD_VALUES = [None, 42, "x", 1.5]


def _state() -> GameState:
    return remi.new_game(remi.GIN, players=2, seed=1)


#: (name, the argument the TypeError names, the call); each takes the bad value.
TYPED_CALLS: list[tuple[str, str, Callable[[Any], object]]] = [
    ("Recorder", "initial", lambda b: Recorder(b).apply("draw")),
    ("GameRecord", "initial", lambda b: GameRecord(b).text()),
    ("GameRecord.states", "initial", lambda b: list(GameRecord(b).states())),
    ("GameRecord actions", "actions", lambda b: GameRecord(_state(), b)),
    ("GameRecord an action", "actions", lambda b: GameRecord(_state(), (b,))),
    ("GameRecord headers", "headers", lambda b: GameRecord(_state(), (), b)),
    ("GameRecord.from_actions", "initial", lambda b: GameRecord.from_actions(b, ["draw"])),
    ("from_actions actions", "actions", lambda b: GameRecord.from_actions(_state(), b)),
    ("position", "state", lambda b: position(b)),
    ("parse_action_in", "state", lambda b: parse_action_in(b, "draw")),
    ("ruleset_text", "ruleset", lambda b: ruleset_text(b)),
]
#: Calls that take an action value or its text: every non-text bad value is a TypeError.
ACTION_CALLS: list[tuple[str, Callable[[Any], object]]] = [
    ("GameState.apply", lambda b: _state().apply(b)),
    ("GameState.child", lambda b: _state().child(b)),
    ("Recorder.apply", lambda b: Recorder(_state()).apply(b)),
    ("from_actions item", lambda b: GameRecord.from_actions(_state(), [b])),
]


@pytest.mark.parametrize(("name", "argument", "call"), TYPED_CALLS, ids=[c[0] for c in TYPED_CALLS])
@pytest.mark.parametrize("bad", BAD_VALUES, ids=repr)
def test_wrong_types_are_type_errors_naming_the_argument(
    name: str, argument: str, call: Callable[[Any], object], bad: object
) -> None:
    with pytest.raises(TypeError, match=rf"^{argument} must "):
        call(bad)


@pytest.mark.parametrize(("name", "call"), ACTION_CALLS, ids=[c[0] for c in ACTION_CALLS])
@pytest.mark.parametrize("bad", [None, 42, 1.5, b"draw", remi.Card("♠A")], ids=repr)
def test_a_value_that_is_no_action_is_a_type_error(
    name: str, call: Callable[[Any], object], bad: object
) -> None:
    with pytest.raises(TypeError, match=r"^actions? must hold remi actions|^action must be a remi action"):
        call(bad)


@pytest.mark.parametrize("bad", [None, 42, 1.5, b"draw", remi.Card("♠A")], ids=repr)
def test_is_legal_of_a_value_that_is_no_action_is_false_and_why_illegal_names_it(bad: object) -> None:
    state = _state()
    assert state.is_legal(bad) is False  # type: ignore[arg-type]  # exactly ``bad in legal_actions()``
    error = state.why_illegal(bad)  # type: ignore[arg-type]
    assert error is not None and error.code == "not-an-action"
    assert error.reason.startswith("action must be a remi action or its text, not ")


@pytest.mark.parametrize(("name", "call"), ACTION_CALLS, ids=[c[0] for c in ACTION_CALLS])
def test_junk_action_text_is_a_notation_error(name: str, call: Callable[[Any], object]) -> None:
    with pytest.raises(NotationError, match="'x'"):
        call("x")


def test_lay_and_lay_steps_name_the_meld_argument() -> None:
    state = from_position(TWOS_ROUND_2)
    for bad in (None, 42, 1.5):
        with pytest.raises(TypeError, match=r"^meld must be a remi.Meld or meld text"):
            state.lay(bad)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match=r"^meld must be a remi.Meld or meld text"):
            state.lay_steps(bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^one_line must be True or False"):
        position(state, one_line=1)  # type: ignore[arg-type]


def test_records_keep_working_with_values() -> None:
    start = _state()
    record = GameRecord(start, [remi.DrawStock()], [("Date", "2026-12-01")])  # type: ignore[arg-type]
    assert record.actions == (remi.DrawStock(),) and record.headers == (("Date", "2026-12-01"),)
    assert GameRecord.from_text(record.text()) == record


# -- item 15: parse_action refusals quote the whole text and name the wrong part -----------------------

LATER = from_position("""
game: norwegian
players: 4
phase: play
turn: 9
turn player: 0
down: 5 -1 -1 -1
hand 0: ♣9 ♠2 ♥4 ♦6 ♣7
hand 1: ♠A ♠3 ♠5 ♥6 ♥8 ♥10 ♦J ♦Q ♣2 ♣4
hand 2: ♠4 ♠6 ♥A ♥3 ♥5 ♦7 ♦8 ♣5 ♣6 ♣10
hand 3: ♠7 ♠8 ♥2 ♥J ♦3 ♦4 ♦5 ♣J ♣Q JK
meld 0 seat 0: ♠9 ♥9 ♦9
meld 1 seat 0: ♣K ♦K ♥K
discard: ♠Q ♦10
""")


@pytest.mark.parametrize(
    ("text", "at_state", "names"),
    [
        # The two: a meld number that is no number, and a 'low' too many (4 is the meld).
        ("off ♣9 -1", False, "'-1' is not a table meld number"),
        ("off ♣9 -1", True, "'-1' is not a table meld number; the table melds are numbered 0 to 1"),
        ("off JK 4 low low", False, "off takes a card, a table meld number and optionally low"),
        ("off JK 4 low low", True, "'low' comes once, after the table meld"),
        ("swap ♠3 1 low", True, "a swap takes no 'low'"),
        ("off ♣9 ♠9 2", True, "'♠9 2' is not a table meld: give one number or cards the meld holds"),
        ("off ♣9 ♠1", True, "'♠1' is neither a table meld number nor a card"),
        ("off ♣9 ♠1", False, "'♠1' is not a table meld number"),
        ("off zz 1", True, "'zz' is not a card"),
        ("discard ♠1", False, "'♠1' is not a card"),
        ("discard ♠1", True, "'♠1' is not a card"),
        ("discard ♣9 shanhai", True, "'shanhai' is not 'shanghai'"),
        ("draw now", True, "draw takes nothing after it"),
        ("build", False, "'build' needs a card: build ♠5."),
        ("build ♠5 ♠6", False, "build takes one card"),
        ("lay ♠1 ♠2 ♠3", True, "'♠1' is not a card"),
        ("lay ♠A ♠2", False, "A run needs at least 3 cards"),
        ("shanghai x", True, "'x' is neither a table meld number nor a card"),
        ("  ", True, "An action needs text"),
        ("fold", True, "is not an action: expected cut, draw"),
    ],
)
def test_refusals_quote_the_text_and_name_the_part(text: str, at_state: bool, names: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_action_in(LATER, text) if at_state else remi.parse_action(text)
    assert repr(text) in info.value.reason
    assert names in info.value.reason
    assert "'4' is not a card" not in info.value.reason


# -- issue 17, "Messages that help": an action word whose arguments are missing says what it needs ----

#: Every action word that takes something, typed with too little: the whole reason (the text
#: quoted once, what it needs, an example the player can type).
MISSING = [
    ("lay", "'lay' needs a meld: lay ♠7 ♥7 ♦7."),
    ("LAY", "'LAY' needs a meld: lay ♠7 ♥7 ♦7."),
    (
        "lay ♠7 ♥7 ♦7 /",
        "'lay ♠7 ♥7 ♦7 /' lays several melds in one action; a lay-down is one meld: lay them one after "
        "another (lay ♠7 ♥7 ♦7, then lay ♣5 ♣6 ♣7 ♣8).",
    ),
    (
        "lay / ♠7 ♥7 ♦7",
        "'lay / ♠7 ♥7 ♦7' lays several melds in one action; a lay-down is one meld: lay them one after "
        "another (lay ♠7 ♥7 ♦7, then lay ♣5 ♣6 ♣7 ♣8).",
    ),
    ("build", "'build' needs a card: build ♠5."),
    ("discard", "'discard' needs a card: discard ♠7."),
    ("discard shanghai", "'discard shanghai' needs a card: discard ♠7."),
    ("knock", "'knock' needs a card: knock ♠K."),
    ("off", "'off' needs a card and a table meld number: off ♠9 2."),
    ("off ♣9", "'off ♣9' needs a table meld number after the card: off ♣9 2."),
    ("off 9c", "'off 9c' needs a table meld number after the card: off ♣9 2."),
    ("off ♣9 low", "'off ♣9 low' needs a table meld number after the card: off ♣9 2."),
    ("off 2", "'off 2' needs a card before the table meld number: off ♠9 2."),
    ("swap", "'swap' needs a natural card and a table meld number: swap ♠3 1."),
    ("swap ♥4", "'swap ♥4' needs a table meld number after the card: swap ♥4 1."),
    ("swap 1", "'swap 1' needs a natural card before the table meld number: swap ♠3 1."),
    ("shanghai", "'shanghai' needs a table meld number: shanghai 2."),
    ("shanghai low", "'shanghai low' needs a table meld number: shanghai 2."),
]


@pytest.mark.parametrize(("text", "reason"), MISSING, ids=[t for t, _ in MISSING])
def test_an_action_word_with_its_arguments_missing_says_what_it_needs(text: str, reason: str) -> None:
    with pytest.raises(NotationError) as info:
        remi.parse_action(text)
    assert info.value.reason == reason
    assert info.value.code == ("one-meld-at-a-time" if "/" in text else "unknown-action")
    assert "is not an action" not in info.value.reason
    assert isinstance(info.value.reason, remi.Message)


def test_every_action_word_that_takes_something_is_covered() -> None:
    takes = {"lay", "build", "discard", "knock", "off", "swap", "shanghai"}
    assert {text.split()[0].lower() for text, _ in MISSING} == takes
    for verb in ("cut", "draw", "take", "buy", "pass"):
        assert str(remi.parse_action(verb)) == verb


@pytest.mark.parametrize("text", ["discard", "build", "knock", "lay", "off ♣9", "swap ♠3", "shanghai"])
def test_a_missing_argument_is_said_at_a_state_too(text: str) -> None:
    state = remi.new_game(remi.GIN, players=2, seed=1)
    with pytest.raises(NotationError) as info:
        state.apply(text)
    assert repr(text) in info.value.reason and "needs" in info.value.reason


def test_a_word_that_is_no_card_is_still_named() -> None:
    with pytest.raises(NotationError) as info:
        remi.parse_action("off zz")
    assert info.value.code == "unknown-card"
    assert "'zz' is not a card" in info.value.reason


JUNK = st.lists(
    st.sampled_from(
        [
            "off",
            "swap",
            "shanghai",
            "lay",
            "discard",
            "knock",
            "build",
            "draw",
            "low",
            "low",
            "on",
            "the",
            "shanghai",
            "/",
            "=",
            "#",
            "-1",
            "0",
            "1",
            "2",
            "4",
            "99",
            "#1",
            "+1",
            "1.5",
            "♣9",
            "♠9",
            "JK",
            "JK=♠8",
            "♠2=♥4",
            "♠1",
            "zz",
            "9c",
            "♦9",
            "♥9",
            "x",
            ",",
            "é",
            "\x00",
            "１",
        ]
    ),
    max_size=7,
).map(" ".join)


@settings(max_examples=300, deadline=None)
@given(st.one_of(JUNK, st.text(max_size=30)), st.booleans())
def test_junk_action_text_gets_a_quoting_notation_error(text: str, at_state: bool) -> None:
    """Any text: an action, or a NotationError (an IllegalActionError for a clear but illegal action at a state)
    whose reason quotes the whole text; never another exception."""
    try:
        if at_state:
            parse_action_in(LATER, text)
        else:
            remi.parse_action(text)
    except (NotationError, IllegalActionError) as exc:
        assert repr(text) in exc.reason, exc.reason
        assert at_state or isinstance(exc, NotationError)
    for state in (LATER, TWOS_STATE):
        legal = state.is_legal(text)  # answers, never raises
        error = state.why_illegal(text)
        assert legal == (error is None)
        assert error is None or error.code in CODES


# -- item 16: the catalogue refuses what it does not number --------------------------------------------

NOR = catalogue(remi.NORWEGIAN)


@pytest.mark.parametrize("bad", [True, False, 1.0, 2.5, "1", None, b"1"], ids=repr)
def test_catalogue_ids_of_the_wrong_type_are_type_errors(bad: object) -> None:
    state = remi.new_game(remi.NORWEGIAN, seed=1)
    steps = NOR.steps(state)
    calls: list[Callable[[], object]] = [
        lambda: NOR.decode(bad),  # type: ignore[arg-type]
        lambda: decode(bad, remi.NORWEGIAN),  # type: ignore[arg-type]
        lambda: NOR.advance((), bad),  # type: ignore[arg-type]
        lambda: steps.action(bad),  # type: ignore[arg-type]
    ]
    for call in calls:
        with pytest.raises(TypeError, match=r"^ident must be an integer action id, not "):
            call()


def test_numpy_style_integers_still_decode() -> None:
    class Index:
        def __index__(self) -> int:
            return 3

    assert NOR.decode(Index()) == NOR.decode(3)  # type: ignore[arg-type]


@pytest.mark.parametrize("ident", [-1, NOR.size, 10**30], ids=repr)
def test_catalogue_ids_out_of_range_are_catalogue_errors(ident: int) -> None:
    for call in (lambda: NOR.decode(ident), lambda: NOR.advance((), ident)):
        with pytest.raises(CatalogueError) as info:
            call()
        assert info.value.code == "not-an-action" and str(ident) in info.value.reason


@pytest.mark.parametrize(
    "key",
    [(53,), (-1,), (-2, -15, -28), (99, 100), (4, 5, 6, 53)],
    ids=repr,
)
def test_card_codes_out_of_range_are_refused_quoting_them(key: tuple[int, ...]) -> None:
    state = remi.new_game(remi.NORWEGIAN, seed=1).apply("draw")
    calls: list[Callable[[], object]] = [
        lambda: NOR.placements(key),
        lambda: NOR.advance(key, NOR.block("lay")[0]),  # type: ignore[index]
        lambda: NOR.legal_ids(state, key),
        lambda: NOR.legal_mask(state, key),
        lambda: legal_ids(state, key),
        lambda: legal_mask(state, key),
    ]
    for call in calls:
        with pytest.raises(CatalogueError) as info:
            call()
        assert info.value.code == "bad-card-code"
        assert repr(key) in info.value.reason


@pytest.mark.parametrize("key", [("a",), (1.5,), (True,), (None,), "abc", 5, None], ids=repr)
def test_card_codes_of_the_wrong_type_are_type_errors(key: object) -> None:
    state = remi.new_game(remi.NORWEGIAN, seed=1).apply("draw")
    for name, call in (
        ("key", lambda: NOR.placements(key)),  # type: ignore[arg-type]
        ("partial", lambda: NOR.advance(key, 0)),  # type: ignore[arg-type]
        ("partial", lambda: NOR.legal_ids(state, key)),  # type: ignore[arg-type]
        ("partial", lambda: NOR.legal_mask(state, key)),  # type: ignore[arg-type]
    ):
        with pytest.raises(TypeError, match=rf"^{name} must "):
            call()


def test_placements_of_real_codes_are_unchanged() -> None:
    assert [str(m) for m in NOR.placements((4, 5, 6, 52))] == ["JK=♠4 ♠5 ♠6 ♠7", "♠5 ♠6 ♠7 JK=♠8"]
    assert NOR.placements([6, 4, 5, 52]) == NOR.placements((4, 5, 6, 52))


def test_an_impossible_partial_is_refused_not_answered_empty() -> None:
    state = remi.new_game(remi.NORWEGIAN, seed=1).apply("draw")
    for partial in ((51,), (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)):
        for call in (NOR.legal_ids, NOR.legal_mask, legal_ids, legal_mask):
            with pytest.raises(CatalogueError) as info:
                call(state, partial)  # type: ignore[operator]
            assert info.value.code == "partial-not-reachable"
            assert repr(partial) in info.value.reason
    # A partial reached by legal build ids is answered, and out of order it is refused.
    rules = remi.with_variants(remi.NORWEGIAN, "spade twos wild")
    state = from_position(TWOS_ROUND_2)
    cat = catalogue(rules)
    lay = cat.block("lay")
    assert lay is not None
    codes = tuple(sorted(c.code for c in remi.parse_cards("♥3 ♠2 ♥5 ♥6")))
    partial: tuple[int, ...] = ()
    for code in codes:
        assert lay.start + code in cat.legal_ids(state, partial)
        partial, _ = cat.advance(partial, lay.start + code)
    assert any(i >= lay.start + 53 for i in cat.legal_ids(state, partial))
    with pytest.raises(CatalogueError):
        cat.legal_ids(state, tuple(reversed(codes)))
    with pytest.raises(CatalogueError):
        LaySteps(cat, state.legal_actions()).ids(tuple(reversed(codes)))


def test_every_other_catalogue_entry_refuses_wrong_types() -> None:
    for call, name in (
        (lambda: NOR.encode(42), "action"),  # type: ignore[arg-type]
        (lambda: NOR.encode_steps("draw"), "action"),  # type: ignore[arg-type]
        (lambda: encode(None, remi.NORWEGIAN), "action"),  # type: ignore[arg-type]
        (lambda: encode_steps(1.5, remi.NORWEGIAN), "action"),  # type: ignore[arg-type]
        (lambda: NOR.steps(None), "state"),  # type: ignore[arg-type]
        (lambda: NOR.legal_ids("x"), "state"),  # type: ignore[arg-type]
        (lambda: legal_ids(None), "state"),  # type: ignore[arg-type]
        (lambda: legal_mask(42), "state"),  # type: ignore[arg-type]
        (lambda: NOR.block(3), "name"),  # type: ignore[arg-type]
        (lambda: catalogue(None), "ruleset"),  # type: ignore[arg-type]
        (lambda: catalogue({}), "ruleset"),  # type: ignore[arg-type]
        (lambda: decode(0, "gin"), "ruleset"),  # type: ignore[arg-type]
        (lambda: num_distinct_actions(remi.NORWEGIAN, "4"), "players"),  # type: ignore[arg-type]
        (lambda: num_distinct_actions(remi.NORWEGIAN, True), "players"),
    ):
        with pytest.raises(TypeError, match=rf"^{name} must "):
            call()
    assert num_distinct_actions(remi.NORWEGIAN, 4) == NOR.size
