"""Reasons as data in actions, the catalogue, scoring, the solver and the adapters (issue 17).

Every refusal these modules write is a :class:`remi.Message` whose template (and the template of
every message nested in its params) is a msgid ``scripts/messages.py`` extracts, so the catalogues
can write it in every language of :data:`remi.LANGUAGES`. Also ``Action.kind``: the first word of
an action's notation, for every action type, over random games of every preset.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import remi
from remi.catalogue import catalogue
from remi.messages import Message
from remi.solver.openings import best_opening_points_left
from tests.script_loader import load_script

ROOT = Path(__file__).resolve().parent.parent
messages_script = load_script("remi_script_messages_actions", ROOT / "scripts" / "messages.py")


@cache
def _msgids() -> frozenset[object]:
    return frozenset(messages_script.extract())


@cache
def _others_converted() -> bool:
    """Whether the reasons of the melds and the engine (other modules) are messages yet.

    Until they are, a reason of theirs nested in one of ours (``'lay ♠A ♠2' is not a valid
    action: A run needs ...``) is a plain string; the nested check is strict once they are.
    """
    meld = remi.check_meld("♠7 ♠8", remi.NORWEGIAN).reason
    try:
        remi.new_game(remi.GIN, players=2, seed=1).apply("discard ♠K")
    except remi.IllegalActionError as exc:
        return isinstance(meld, Message) and isinstance(exc.reason, Message)
    return isinstance(meld, Message)  # pragma: no cover - ♠K is never legal there


#: The params that hold a reason written elsewhere.
NESTED = frozenset({"reason", "part", "shape"})


def _walk(text: object, *, top: bool = True) -> Iterator[Message]:
    """*text* and every message in its params, each a Message with an extracted template."""
    if not isinstance(text, Message):
        assert not top and not _others_converted(), f"not a Message: {text!r}"
        return
    key = text.template if text.plural is None else (text.template, text.plural)
    assert key in _msgids(), f"template not extracted: {key!r}"
    yield text
    for name, value in text.params.items():
        # A sentence nested in ours (another module's reason) is a message too.
        if isinstance(value, Message) or name in NESTED:
            yield from _walk(value, top=False)


def assert_reason(error: remi.RemiError, *, foreign_top: bool = False) -> None:
    """The reason of *error* is a Message all the way down, and renders in every language.

    *foreign_top*: the sentence itself is written by another module (the pack refusal of
    :mod:`remi.rulesets`); it must be a message once that module's reasons are.
    """
    reason = error.reason
    if foreign_top and not isinstance(reason, Message) and not _others_converted():
        return
    assert isinstance(reason, Message), f"{error.code}: {reason!r} is not a Message"
    list(_walk(reason))
    assert error.reason_in("en") == reason
    for lang in remi.LANGUAGES:
        rendered = error.reason_in(lang)
        assert isinstance(rendered, str) and rendered


def _refusal(call: Callable[[], object]) -> remi.RemiError:
    with pytest.raises(remi.RemiError) as caught:
        call()
    return caught.value


# -- parse_action ------------------------------------------------------------------------------------

VERBS = ["cut", "draw", "take", "buy", "pass", "lay", "build", "off", "swap", "discard", "knock", "shanghai"]
WORDS = [*VERBS, "low", "shanghai", "/", "♠7", "7s", "JK", "jk", "♠1", "zz", "0", "2", "-1", "12", "x", "♣9"]

ACTION_TEXTS = st.builds(
    " ".join,
    st.lists(st.sampled_from(WORDS) | st.text(max_size=6), min_size=0, max_size=6),
)


@settings(max_examples=400, deadline=None)
@given(ACTION_TEXTS)
def test_every_parse_action_refusal_is_a_message(text: str) -> None:
    try:
        remi.parse_action(text)
    except remi.RemiError as exc:
        assert isinstance(exc, remi.NotationError)
        assert_reason(exc)


@pytest.mark.parametrize(
    "text",
    [
        "fold",
        "",
        "discard",
        "off ♣9",
        "lay",
        "lay ♠7 ♥7 ♦7 /",
        "off ♣9 -1",
        "draw now",
        "discard ♠7 x",
        "discard ♠1",
        "swap 1",
        "off 2",
        "shanghai low",
        "off JK 4 low low",
    ],
)
def test_parse_action_refusals_by_case(text: str) -> None:
    assert_reason(_refusal(lambda: remi.parse_action(text)))


@pytest.mark.parametrize(
    ("make", "code"),
    [
        (lambda: remi.LayDown(("♠7 ♥7 ♦7",)), "not-a-meld"),  # type: ignore[arg-type]
        (lambda: remi.LayDown("♠7 ♥7 ♦7"), "not-melds"),  # type: ignore[arg-type]
        (lambda: remi.Discard(7), "not-a-card"),  # type: ignore[arg-type]
        (lambda: remi.Discard("♠7", shanghai=1), "bad-flag"),  # type: ignore[arg-type]
        (lambda: remi.LayOff("♠7", -1), "bad-index"),
        (lambda: remi.parse_action(7), "not-text"),  # type: ignore[arg-type]
    ],
)
def test_action_values_refusals(make: Callable[[], object], code: str) -> None:
    error = _refusal(make)
    assert error.code == code
    assert_reason(error)


# -- the catalogue ---------------------------------------------------------------------------------


def _catalogue_refusals() -> list[tuple[str, Callable[[], object]]]:
    gin, nor = catalogue(remi.GIN), catalogue(remi.NORWEGIAN)
    state = remi.new_game(remi.GIN, players=2, seed=3)
    return [
        ("id too big", lambda: gin.decode(10**6)),
        ("never offered", lambda: gin.encode(remi.Buy())),
        ("no shanghai discards", lambda: gin.encode(remi.Discard("♠K", shanghai=True))),
        ("table past the bound", lambda: nor.encode(remi.LayOff("♠9", 10**4))),
        ("swap a joker in", lambda: nor.encode(remi.SwapJoker("JK", 0))),
        ("several steps", lambda: nor.encode(remi.LayDown.of("♠7 ♥7 ♦7"))),
        ("bad card code", lambda: nor.placements((1, 2, 99))),
        ("another ruleset", lambda: nor.steps(state)),
        ("wrong players", lambda: remi.num_distinct_actions(remi.GIN, 9)),
        ("advance mid-build", lambda: nor.advance((4,), 0)),
        ("no placement", lambda: nor.advance((4, 5, 6), nor.size - 1)),
        ("unreachable partial", lambda: nor.steps(remi.new_game(remi.NORWEGIAN, seed=2)).ids((0, 1))),
        ("wild where none may be", lambda: gin.encode(remi.LayDown.of("♠7 ♥7 JK"))),
    ]


@pytest.mark.parametrize("case", range(len(_catalogue_refusals())), ids=[c[0] for c in _catalogue_refusals()])
def test_catalogue_refusals_are_messages(case: int) -> None:
    error = _refusal(_catalogue_refusals()[case][1])
    assert isinstance(error, remi.RemiError)
    assert_reason(error)


# -- scoring ---------------------------------------------------------------------------------------

GIN_HANDS = ["♠A ♠2 ♠3 ♥4 ♦4 ♣4 ♠7 ♠8 ♠9 ♥K", "♥5 ♥6 ♥7 ♣9 ♣10 ♣J ♦2 ♦3 ♠4 ♣K"]

SCORING_REFUSALS: list[tuple[str, Callable[[], object], bool]] = [
    ("joker value in gin", lambda: remi.card_value(remi.Card("JK"), remi.GIN), False),
    ("hand with a joker in gin", lambda: remi.hand_value("JK", remi.GIN), True),
    ("too many copies", lambda: remi.hand_value("♠9 ♠9 ♠9", remi.NORWEGIAN), True),
    ("seat's hand", lambda: remi.settle(["♠5", "JK"], 0, remi.GIN), True),
    ("the hands together", lambda: remi.settle(["♠9 ♠9", "♠9"], 0, remi.NORWEGIAN), True),
    ("single text", lambda: remi.settle("♠5 ♠6", 0, remi.NORWEGIAN), False),
    ("not a sequence", lambda: remi.settle(5, 0, remi.NORWEGIAN), False),  # type: ignore[arg-type]
    ("one seat", lambda: remi.settle(["♠5"], 0, remi.NORWEGIAN), False),
    ("bad seat", lambda: remi.settle(["♠5", "♠6"], 7, remi.NORWEGIAN), False),
    ("bad first", lambda: remi.settle_block(["♠5", "♠6"], remi.SWEDISH, first=-1), False),
    ("knock too high", lambda: remi.settle_gin(["♠K ♥K ♦Q ♣J", "♠2"], 0, remi.GIN), False),
    ("layoff not held", lambda: remi.settle_gin(GIN_HANDS, 0, remi.GIN, layoffs={1: "♠K"}), False),
    ("layoff impossible", lambda: remi.settle_gin(GIN_HANDS, 0, remi.GIN, layoffs={1: "♣K"}), False),
    ("layoff by the knocker", lambda: remi.settle_gin(GIN_HANDS, 0, remi.GIN, layoffs={0: "♥K"}), False),
    ("knocker's bad meld", lambda: remi.settle_gin(GIN_HANDS, 0, remi.GIN, melds=["♠A ♠2"]), False),
    (
        "knocker's meld with a joker",
        lambda: remi.settle_gin(GIN_HANDS, 0, remi.GIN, melds=["♠A ♠2 JK"]),
        False,
    ),
    ("knocker's meld not held", lambda: remi.settle_gin(GIN_HANDS, 0, remi.GIN, melds=["♣5 ♣6 ♣7"]), False),
    ("totals", lambda: remi.match_winner(["x"], remi.NORWEGIAN), False),  # type: ignore[list-item]
    ("no totals", lambda: remi.match_winner([], remi.NORWEGIAN), False),
]


@pytest.mark.parametrize(
    ("call", "foreign"), [c[1:] for c in SCORING_REFUSALS], ids=[c[0] for c in SCORING_REFUSALS]
)
def test_scoring_refusals_are_messages(call: Callable[[], object], foreign: bool) -> None:
    assert_reason(_refusal(call), foreign_top=foreign)


@pytest.mark.parametrize(
    ("hands", "seat", "rules", "kwargs"),
    [
        (["JK ♥K ♦4", [], "♠A ♣8 ♦8"], 1, remi.NORWEGIAN, {}),
        (["♠5", [], "JK"], 1, remi.KALOOKI, {}),
        (["♠5", "♠6"], None, remi.NORWEGIAN, {}),
        ([[], "♣5 ♦9"], 0, remi.FINNISH, {"going_rummy": True}),
        ([[], "♣5 ♦9"], 0, remi.SWEDISH, {}),
        (["♠6", "♥10 ♥5"], None, remi.SWEDISH, {}),
        (["♠6", "♥10 ♥5", "♦7"], None, attrs.evolve(remi.SWEDISH, scoring="block"), {}),
        (GIN_HANDS, 0, remi.GIN, {}),
        (GIN_HANDS, None, remi.GIN, {}),
        (["♠A ♠2 ♠3 ♥4 ♦4 ♣4 ♠7 ♠8 ♠9 ♥10", "♥5"], 0, remi.GIN, {}),
        (["♠A ♠2 ♠3 ♥4 ♦4 ♣4 ♠7 ♠8 ♠9 ♥10", "♦10"], 0, remi.GIN, {}),
        (["♠A ♠2 ♠3 ♥4 ♦4 ♣4 ♠7 ♠8 ♠9 ♥10", "♦10", "♣K ♦Q"], 0, remi.GIN, {}),
        (["♠A ♠2 ♠3 ♥4 ♦4 ♣4 ♠7 ♠8 ♠9 ♥K", "♥10", "♣10", "♠Q"], 0, remi.GIN, {}),
        (["♠A ♠2 ♠3 ♥4 ♦4 ♣4 ♠7 ♠8 ♠9 ♥K", "♥10", "♣10", "♠K ♦Q"], 0, remi.GIN, {}),
        (["♠A ♠2 ♠3 ♥4 ♦4 ♣4 ♠7 ♠8 ♠9", "♥10"], 0, remi.GIN, {}),
        (["♠A ♠2 ♠3 ♥4 ♦4 ♣4 ♠7 ♠8 ♠9", "♥10"], 0, attrs.evolve(remi.GIN, gin_loser_pays="deadwood"), {}),
    ],
)
def test_settlement_details_are_messages(
    hands: Any, seat: int | None, rules: remi.Ruleset, kwargs: Any
) -> None:
    detail = remi.settle(hands, seat, rules, **kwargs).detail
    assert isinstance(detail, Message)
    list(_walk(detail))
    for lang in remi.LANGUAGES:
        assert detail.render(lang)


# -- the solver --------------------------------------------------------------------------------------

SOLVER_REFUSALS: list[tuple[str, Callable[[], object], bool]] = [
    ("kinds not iterable", lambda: remi.candidate_melds("♠7 ♠8 ♠9", remi.NORWEGIAN, kinds=5), False),  # type: ignore[arg-type]
    ("unknown kind", lambda: remi.candidate_melds("♠7 ♠8 ♠9", remi.NORWEGIAN, kinds=("pair",)), False),  # type: ignore[arg-type]
    ("not a ruleset", lambda: remi.candidate_melds("♠7 ♠8 ♠9", "norwegian"), False),  # type: ignore[arg-type]
    ("not in the hand", lambda: best_opening_points_left("♠7 ♠8 ♠9", ["♥K"], remi.SLOVENIAN), False),
    ("joker in gin", lambda: remi.best_arrangement("♠7 JK", remi.GIN), True),
    ("too many copies", lambda: remi.find_contract("♠9 ♠9 ♠9", 1, remi.NORWEGIAN), True),
    (
        "too many copies laid",
        lambda: remi.can_complete_contract(
            remi.parse_cards("♠9 ♠9"), [remi.parse_meld("♠9 ♥9 ♦9")], 1, remi.NORWEGIAN
        ),
        True,
    ),
]


@pytest.mark.parametrize(
    ("call", "foreign"), [c[1:] for c in SOLVER_REFUSALS], ids=[c[0] for c in SOLVER_REFUSALS]
)
def test_solver_refusals_are_messages(call: Callable[[], object], foreign: bool) -> None:
    assert_reason(_refusal(call), foreign_top=foreign)


# -- Action.kind --------------------------------------------------------------------------------------

KIND_RULESETS: dict[str, tuple[remi.Ruleset, int]] = {
    **{
        name: (ruleset, ruleset.min_players + 1 if ruleset.max_players > 2 else 2)
        for name, ruleset in remi.PRESETS.items()
    },
    "norwegian+shanghai+cut": (remi.with_variants(remi.NORWEGIAN, "shanghai", "liverpool cut"), 4),
    "norwegian+all down at once": (remi.with_variants(remi.NORWEGIAN, "all down at once"), 3),
    "norwegian+spade twos": (remi.with_variants(remi.NORWEGIAN, "spade twos wild"), 4),
}


def _random_actions(
    ruleset: remi.Ruleset, players: int, seed: int, steps: int = 250
) -> Iterator[remi.Action]:
    rng = random.Random(seed)
    state = remi.new_game(attrs.evolve(ruleset, max_turns_per_round=40), players=players, seed=seed)
    for _ in range(steps):
        if state.is_over:
            return
        legal = state.legal_actions()
        yield from legal
        table = [a for a in legal if not isinstance(a, remi.DrawStock | remi.Discard | remi.TakeDiscard)]
        state = state.apply(rng.choice(table) if table and rng.random() < 0.7 else rng.choice(legal))


@pytest.mark.parametrize("name", sorted(KIND_RULESETS))
def test_kind_is_the_first_word_of_the_notation(name: str) -> None:
    ruleset, players = KIND_RULESETS[name]
    seen: set[type] = set()
    for seed in range(3):
        for action in _random_actions(ruleset, players, seed):
            assert action.kind == str(action).split()[0]
            assert action.kind == type(action).kind
            seen.add(type(action))
    assert {remi.DrawStock, remi.Discard} <= seen


SAMPLES: list[remi.Action] = [
    remi.Cut(),
    remi.DrawStock(),
    remi.TakeDiscard(),
    remi.Buy(),
    remi.Pass(),
    remi.LayDown.of("♠7 ♥7 ♦7"),
    remi.Build("♠5"),
    remi.LayOff("♠9", 2, low=True),
    remi.SwapJoker("♠3", 1),
    remi.Discard("♠K", shanghai=True),
    remi.Knock("♠K"),
    remi.CallShanghai(2, low=True),
]


@pytest.mark.parametrize("action", SAMPLES, ids=[type(a).__name__ for a in SAMPLES])
def test_every_action_type_has_its_kind(action: remi.Action) -> None:
    assert action.kind == str(action).split()[0] == remi.parse_action(str(action)).kind
    assert action.kind in remi.ActionKind.__args__  # type: ignore[attr-defined]


def test_the_kinds_are_the_action_kinds() -> None:
    assert [t.kind for t in remi.ACTION_TYPES] == list(remi.ActionKind.__args__)  # type: ignore[attr-defined]
    assert {type(a) for a in SAMPLES} == set(remi.ACTION_TYPES)


def test_kinds_over_every_type_from_random_games() -> None:
    """Across the presets and variants above, random games offer every action type."""
    seen: set[type] = set()
    for name in sorted(KIND_RULESETS):
        ruleset, players = KIND_RULESETS[name]
        for action in _random_actions(ruleset, players, 7, steps=400):
            assert action.kind == str(action).split()[0]
            seen.add(type(action))
    assert seen == set(remi.ACTION_TYPES), set(remi.ACTION_TYPES) - seen


# -- the adapters -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (("gin", 9, 1, 100), "bad-players"),
        (("gin", 2, 1, 0), "bad-option"),
        (("gin", 2, -1, 100), "bad-option"),
        (("kalooki", 2, 0, 100), "bad-option"),
    ],
)
def test_adapter_setup_refusals_are_messages(args: tuple[str, int, int, int], code: str) -> None:
    from remi.adapters._common import setup

    error = _refusal(lambda: setup(*args))
    assert error.code == code
    assert_reason(error)


def _openspiel_refusals() -> list[remi.RemiError]:
    pyspiel = pytest.importorskip("pyspiel")
    from remi.adapters import openspiel as remi_openspiel

    pyspiel.load_game("python_remi")  # registers the game
    errors = [_refusal(lambda: remi_openspiel._setup_of({"colour": "red"}))]
    game = remi_openspiel.load_game("gin", 2, max_turns=20)
    state = game.new_initial_state()
    errors.append(_refusal(lambda: state.apply_action(300)))
    for byte in (1, 2, 3, 4):
        state.apply_action(byte)
    errors.append(_refusal(lambda: state.apply_action(10**6)))
    legal = set(state.legal_actions())
    illegal = next(i for i in range(game.num_distinct_actions()) if i not in legal)
    errors.append(_refusal(lambda: state.apply_action(illegal)))
    return errors


def test_openspiel_refusals_are_messages() -> None:
    errors = _openspiel_refusals()
    assert {e.code for e in errors} >= {"bad-option", "not-an-action"}
    for error in errors:
        assert_reason(error)


def test_pettingzoo_refusals_are_messages() -> None:
    pytest.importorskip("pettingzoo")
    from remi.adapters.pettingzoo import raw_env

    e = raw_env("gin", 2, max_turns=20)
    e.reset(seed=1)
    errors = [_refusal(lambda: e.observe("player_9")), _refusal(lambda: e.step(10**6))]
    legal = [i for i, ok in enumerate(e.observe(e.agent_selection)["action_mask"]) if ok]
    illegal = next(i for i in range(len(e.observe(e.agent_selection)["action_mask"])) if i not in legal)
    for error in errors:
        assert_reason(error)
    # remi's own refusal (the engine's reason) for an id that is not allowed now
    assert_reason(_refusal(lambda: e.step(illegal)), foreign_top=True)
