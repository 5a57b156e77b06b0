"""Conformance: every ruleset option on its own, on every preset.

The conformance cases (:func:`conformance_helpers.cases`) cover the presets and the named
Norwegian house rules; a ruleset built with :func:`attrs.evolve` can change any
other field, and issue 6 found options that strand a player in ordinary play
(``layoff_needs="always"`` in Slovenian and Kalooki; Norwegian with
``joker_swap_needs_earlier_turn=False``, seed 7, 4 players). So for each preset
and each field of :class:`remi.Ruleset` that is an option (everything but
``name`` and ``family``), each alternative value (booleans flipped, every other
``Literal`` choice, None/small numbers for counts, a few hand-picked values for
the structured fields) is applied alone; when the ruleset builds and the game
deals (a :class:`remi.RulesetError` or :class:`remi.UnsupportedError` means the
combination is refused, and it is left out), seeded matches are played to the
end under a turn cap, checking after every action:

- the state is over, or it offers at least one legal action (no dead ends);
- ``check_invariants()`` holds;
- ``GameState.from_dict(state.to_dict()) == state``;
- a finished state offers no action;
- the same seed and the same policy reach the same final ``to_dict()``.

The alternatives are derived from the field types, so a new option joins the
sweep on its own (``test_sweep_covers_every_option`` says when it cannot).
"""

from __future__ import annotations

import typing
import zlib
from typing import Any

import attrs
import pytest
from conformance_helpers import make_policy

import remi
from remi import GameState

#: The fields that name a game rather than set an option of it.
NOT_OPTIONS = {"name", "family"}
#: Options that only the Gin family reads (swept on Gin only, to keep the sweep short).
GIN_ONLY = {
    "knock_limit",
    "gin_bonus",
    "gin_multiplier",
    "undercut_bonus",
    "undercut_penalty",
    "undercut_on_tie",
    "gin_stock_reserve",
}
#: Table size per preset (one that every preset deals for).
PLAYERS = {"norwegian": 4, "swedish": 3, "finnish": 2, "slovenian": 3, "kalooki": 3, "gin": 2}
#: The turn cap of every sweep game, and the number of deals of matches played to a score.
TURN_CAP = 40
DEALS = 2
#: (seed, policy, turn cap) of the matches played per option: the issue-6 dead end is seed 7,
#: uniform, 4 players, in round 6 near turn 40; the second match is shorter.
MATCHES = ((7, "uniform", TURN_CAP), (3, "greedy", 20))
#: Matches played to a target score: uniform play seldom goes out (a Gin deal ended by the
#: turn cap or a void deal scores nothing), so greedy play, which knocks and goes out.
TARGET_MATCHES = ((7, "greedy", TURN_CAP), (3, "greedy", 20))
#: Actions after which a match counts as endless (the turn cap should end it long before).
ACTION_LIMIT = 6000


#: Option fields whose type alternatives() does not know (a new option needs values here).
UNKNOWN: set[str] = set()


def _hints() -> dict[str, Any]:
    return typing.get_type_hints(remi.Ruleset)


def _small_ints(default: int | None, optional: bool) -> list[int | None]:
    """One below and one above the default, the smallest counts, and None where allowed."""
    values: set[int | None] = {0, 1}
    if isinstance(default, int) and not isinstance(default, bool):
        values |= {default - 1, default + 1}
    else:
        values.add(2)
    if optional:
        values.add(None)
    return sorted((v for v in values if v != default), key=lambda v: (v is None, v))


def alternatives(preset: remi.Ruleset, field: attrs.Attribute[Any]) -> list[Any]:
    """The values *field* is swept through on *preset* (not all of them build)."""
    hint = _hints()[field.name]
    value = getattr(preset, field.name)
    args = typing.get_args(hint)
    if hint is bool:
        return [not value]
    if typing.get_origin(hint) is typing.Literal:
        return [choice for choice in args if choice != value]
    if field.name == "target_score":
        # Small targets: a match to 500 under a turn cap is long. None only where rounds are counted.
        return [v for v in (None, 1, 25) if v != value]
    if hint in (int, int | None):
        return _small_ints(value, hint is not int)
    if field.name in ("jokers", "large_table_jokers"):
        out: list[Any] = [0, 2, "one-fewer-than-players"]
        if isinstance(value, int):
            out.append(value + 1)
        if field.name == "large_table_jokers":
            out.append(None)
        return [v for v in dict.fromkeys(out) if v != value]
    if field.name == "values":
        return [
            attrs.evolve(value, ace=value.ace + 4),
            attrs.evolve(value, joker=value.joker + 20, two_to_nine=5),
            attrs.evolve(value, ace_low_in_run=1 if value.ace_low_in_run is None else None),
        ]
    if field.name == "contracts":
        if not value:
            return [(remi.Contract(2, 0),)]
        return [value[:2], value[::-1], (remi.Contract(1, 0),) * len(value)]
    if field.name == "hand_size_by_round":
        if not value:
            return [(10,)]
        return [tuple(size + 1 for size in value), tuple(max(1, size - 2) for size in value)]
    if field.name == "hand_size_by_players":
        return [((2, 10),), ((2, 7),), tuple((p, c + 1) for p, c in value) or ((2, 9),)]
    UNKNOWN.add(field.name)  # reported by test_sweep_covers_every_option
    return []


def bounded(rules: remi.Ruleset, field: str, cap: int = TURN_CAP) -> remi.Ruleset:
    """*rules* with a turn cap and (matches to a score) a few deals, unless *field* is the one swept."""
    changes: dict[str, Any] = {}
    if field != "max_turns_per_round" and (
        rules.max_turns_per_round is None or rules.max_turns_per_round > cap
    ):
        changes["max_turns_per_round"] = cap
    if field not in ("rounds", "target_score") and rules.rounds is None and not rules.contracts:
        changes["rounds"] = DEALS
    return attrs.evolve(rules, **changes) if changes else rules


def players_for(key: str, rules: remi.Ruleset) -> int:
    return min(max(PLAYERS[key], rules.min_players), rules.max_players)


def sweep() -> tuple[list[Any], list[str]]:
    """The (preset, field, value) parameters that build and deal, and the refused ones."""
    params: list[Any] = []
    refused: list[str] = []
    for key, preset in sorted(remi.PRESETS.items()):
        if key not in PLAYERS:
            continue
        for field in attrs.fields(remi.Ruleset):
            if field.name in NOT_OPTIONS or (field.name in GIN_ONLY and preset.family != "gin"):
                continue
            for value in alternatives(preset, field):
                name = f"{key}-{field.name}={value!r}"
                try:
                    rules = bounded(attrs.evolve(preset, **{field.name: value}), field.name)
                    remi.new_game(rules, players=players_for(key, rules), seed=0)
                except (remi.RulesetError, remi.UnsupportedError):
                    refused.append(name)
                    continue
                params.append(pytest.param(key, field.name, value, id=name))
    return params, refused


PARAMS, REFUSED = sweep()


def option_seed(key: str, field: str, value: Any, salt: int) -> int:
    return zlib.crc32(f"sweep:{key}:{field}:{value!r}:{salt}".encode()) % 1000 + salt


def play_checked(
    rules: remi.Ruleset, players: int, seed: int, kind: str, roundtrip_every: int = 1
) -> tuple[GameState, list[str]]:
    """Play one match, checking every state; return the final state and the action texts.

    The serialization round trip runs on every *roundtrip_every*-th state and the last.
    """
    policy = make_policy(kind, seed)
    state = remi.new_game(rules, players=players, seed=seed)
    texts: list[str] = []

    def where() -> str:
        tail = texts[-8:]
        return (
            f"seed {seed}, {players} players, policy {kind!r}, after {len(texts)} actions "
            f"(round {state.round}, turn {state.turn}, phase {state.phase}, seat {state.current_player}); "
            f"last actions {tail}"
        )

    while True:
        try:
            state.check_invariants()
        except remi.StateError as exc:
            raise AssertionError(f"invariants broken: {exc}; {where()}") from None
        if len(texts) % roundtrip_every == 0 or state.is_over:
            assert GameState.from_dict(state.to_dict()) == state, f"from_dict(to_dict()) differs; {where()}"
        legal = state.legal_actions()
        if state.is_over:
            assert legal == [], f"a finished match offers {legal}; {where()}"
            return state, texts
        assert legal, f"dead end: the match is not over and nothing is legal; {where()}"
        assert len(texts) < ACTION_LIMIT, f"the match did not end; {where()}"
        action = policy(state, legal)
        state = state.apply(action)
        texts.append(str(action))


@pytest.mark.parametrize(("key", "field", "value"), PARAMS)
def test_option_alone_plays_to_the_end(key: str, field: str, value: Any) -> None:
    option = attrs.evolve(remi.PRESETS[key], **{field: value})
    for index, (seed, kind, cap) in enumerate(TARGET_MATCHES if field == "target_score" else MATCHES):
        rules = bounded(option, field, cap)
        players = players_for(key, rules)
        final, texts = play_checked(rules, players, seed, kind, roundtrip_every=1 if index == 0 else 3)
        # Determinism: the same seed and the same policy reach the same end.
        again = remi.new_game(rules, players=players, seed=seed)
        policy = make_policy(kind, seed)
        replayed = []
        while not again.is_over and len(replayed) <= len(texts):
            action = policy(again, again.legal_actions())
            again = again.apply(action)
            replayed.append(str(action))
        assert replayed == texts, f"seed {seed}, {kind}: a second match took other actions"
        assert again.to_dict() == final.to_dict(), f"seed {seed}, {kind}: a second match ended elsewhere"


def test_sweep_covers_every_option() -> None:
    # Every option field is swept on at least one preset with a value that builds.
    assert not UNKNOWN, f"no alternative values known for {sorted(UNKNOWN)}: teach alternatives() about them"
    swept = {param.values[1] for param in PARAMS}
    options = {f.name for f in attrs.fields(remi.Ruleset)} - NOT_OPTIONS
    assert options - swept == set(), f"options never swept: {sorted(options - swept)}"


def test_presets_play_to_the_end_with_the_sweep_bounds() -> None:
    # The unchanged presets under the same bounds: the baseline the option results compare to.
    for key in PLAYERS:
        for seed, kind, cap in MATCHES:
            rules = bounded(remi.PRESETS[key], "", cap)
            play_checked(rules, players_for(key, rules), seed, kind)


# -- the bounds of the numeric options (docs/rules/index.rst, shared-option-bounds) ---------------------


def _bound(key: str, good: dict[str, Any], bad: dict[str, Any], says: str) -> Any:
    name = f"{key}-{'-'.join(f'{k}={v!r}' for k, v in bad.items())}"
    return pytest.param(key, good, bad, says, id=name)


def _edges(key: str, field: str, low: int | None, high: int | None, **base: Any) -> list[Any]:
    """The last good and first bad values at each end of *field*'s range (``None``: no such end)."""
    out = []
    if low is not None:
        out.append(_bound(key, {**base, field: low}, {**base, field: low - 1}, f"from {low} to"))
    if high is not None:
        out.append(_bound(key, {**base, field: high}, {**base, field: high + 1}, f"to {high}"))
    return out


_VALUE_FIELDS = ("ace", "joker", "two_to_nine", "ten", "court", "ace_low_in_run")

#: (preset, last good changes, first bad changes, words of the refusal) for every bound.
BOUNDS: list[Any] = [
    *_edges("swedish", "min_players", 2, None),
    *_edges("swedish", "max_players", None, 8),
    _bound("swedish", {"min_players": 8, "max_players": 8}, {"min_players": 9}, "from 2 to 8, not 9"),
    *_edges("norwegian", "decks", 1, 8),
    *_edges("norwegian", "large_table_decks", 1, 8, large_table_from=5),
    *_edges("norwegian", "jokers", 0, 20),
    *_edges("slovenian", "large_table_jokers", 0, 20),
    *_edges("swedish", "large_table_from", 2, 8),
    _bound(
        "norwegian",
        {"hand_size_by_round": (20,) * 7},
        {"hand_size_by_round": (20,) * 6 + (21,)},
        "1 to 20, not 21",
    ),
    _bound(
        "swedish",
        {"hand_size_by_players": ((2, 1),), "set_min": 2, "run_min": 2},
        {"hand_size_by_players": ((2, 0),), "set_min": 2, "run_min": 2},
        "cards from 1 to 20, not (2, 0)",
    ),
    _bound(
        "gin",
        {"hand_size_by_players": ((2, 20),), "max_players": 2},
        {"hand_size_by_players": ((2, 21),), "max_players": 2},
        "not (2, 21)",
    ),
    _bound(
        "swedish",
        {"hand_size_by_players": ((2, 10), (3, 7), (5, 6), (8, 5)), "max_players": 8},
        {"hand_size_by_players": ((2, 10), (3, 7), (5, 6), (9, 5)), "max_players": 8},
        "players from 2 to 8",
    ),
    *_edges("swedish", "set_min", 2, 13, set_max=None),
    *_edges("swedish", "set_max", None, 13),
    _bound(
        "swedish",
        {"set_min": 2, "set_max": 2},
        {"set_min": 2, "set_max": 1},
        "set_max must be from 2 to 13, not 1",
    ),
    *_edges("swedish", "run_min", 2, 13),
    _bound(
        "norwegian",
        {"hand_size_by_round": (20,) * 7, "set_min": 2, "contracts": [(10, 0)] * 7},
        {"hand_size_by_round": (20,) * 7, "set_min": 2, "contracts": [(11, 0)] * 7},
        "sets must be from 0 to 10, not 11",
    ),
    _bound(
        "norwegian",
        {"hand_size_by_round": (20,) * 7, "run_min": 2, "contracts": [(0, 10)] * 7},
        {"hand_size_by_round": (20,) * 7, "run_min": 2, "contracts": [(0, 11)] * 7},
        "runs must be from 0 to 10, not 11",
    ),
    *_edges("swedish", "melds_per_turn", 1, 20),
    *_edges("norwegian", "max_buys_per_round", 0, 50),
    *_edges("swedish", "max_turns_per_round", 1, 10_000),
    *_edges("slovenian", "opening_points", 1, None),
    _bound("slovenian", {"opening_points": 375}, {"opening_points": 376}, "(376) can never be reached"),
    *_edges("slovenian", "opening_points", None, 1000, values={"ace": 10, "joker": 1000}),
    *[
        edge
        for field in _VALUE_FIELDS
        for edge in (
            _bound(
                "slovenian",
                {"values": {"ace": 10, field: 0}},
                {"values": {"ace": 10, field: -1}},
                f"{field} must be",
            ),
            _bound(
                "slovenian",
                {"values": {"ace": 10, field: 1000}},
                {"values": {"ace": 10, field: 1001}},
                "to 1000, not 1001",
            ),
        )
    ],
    *_edges("kalooki", "loser_surcharge", 0, 1000),
    *_edges("gin", "gin_bonus", 0, 1000),
    *_edges("gin", "undercut_bonus", 0, 1000),
    *_edges("gin", "undercut_penalty", 0, 1000),
    *_edges("gin", "knock_limit", 0, 100),
    *_edges("gin", "gin_multiplier", 1, 10),
    _bound("gin", {"gin_stock_reserve": 0}, {"gin_stock_reserve": -1}, "gin_stock_reserve must be"),
    _bound(
        "gin",
        {"gin_stock_reserve": 30, "max_players": 2},
        {"gin_stock_reserve": 31, "max_players": 2},
        "(31) leaves no card to draw",
    ),
    _bound(
        "norwegian",
        {"liverpool_cut": True, "cut_bonus": -1000},
        {"cut_bonus": -1001},
        "from -1000 to 1000, not -1001",
    ),
    _bound(
        "norwegian",
        {"liverpool_cut": True, "cut_bonus": 1000},
        {"cut_bonus": 1001},
        "from -1000 to 1000, not 1001",
    ),
    *_edges("swedish", "rounds", 1, 1000),
    *_edges("swedish", "target_score", 1, 100_000),
]

#: Actions of the short seeded game played at each last good value.
BOUND_ACTIONS = 60


@pytest.mark.rule("shared-option-bounds")
@pytest.mark.parametrize(("key", "good", "bad", "says"), BOUNDS)
def test_every_bound_builds_its_last_good_value_and_refuses_the_first_bad(
    key: str, good: dict[str, Any], bad: dict[str, Any], says: str
) -> None:
    preset = remi.PRESETS[key]
    with pytest.raises(remi.RulesetError) as info:
        attrs.evolve(preset, **bad)
    assert says in info.value.reason, info.value.reason
    changed = {k: v for k, v in bad.items() if good.get(k) != v}
    for value in changed.values():
        shown = value if not isinstance(value, (tuple, list, dict)) else None
        if isinstance(shown, int):
            assert repr(shown) in info.value.reason, (
                f"the refusal does not quote {shown}: {info.value.reason}"
            )
    rules = attrs.evolve(preset, **good)
    players = min(max(PLAYERS[key], rules.min_players), rules.max_players)
    state = remi.new_game(rules, players=players, seed=3)
    policy = make_policy("greedy", 3)
    for _ in range(BOUND_ACTIONS):
        state.check_invariants()
        assert GameState.from_dict(state.to_dict()) == state
        legal = state.legal_actions()
        if state.is_over:
            assert legal == []
            break
        assert legal, f"dead end at {state!r}"
        state = state.apply(policy(state, legal))
