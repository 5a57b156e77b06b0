"""Regenerate the golden playthroughs in tests/golden/.

Usage: python scripts/regen_golden.py [--check]

For every playable preset (today: Norwegian Remi) and a few interesting
Norwegian variants, play one seeded match with a fixed, deterministic greedy
policy and write tests/golden/<name>.txt: a header, then one line per action
(``round turn seat phase action``, the action in its text notation), a line at
each round end and the final scores. tests/test_golden.py regenerates these in
memory and compares, and replays each file through remi.parse_action.

Run it after an intended change of the engine's behaviour and review the diff.
With ``--check`` nothing is written; the exit status says whether the files are
up to date.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import remi
from remi import (
    Buy,
    CallShanghai,
    Cut,
    Discard,
    DrawStock,
    GameState,
    Knock,
    LayDown,
    LayOff,
    Pass,
    SwapJoker,
    TakeDiscard,
)

A = TypeVar("A")

GOLDEN_DIR = Path(__file__).resolve().parent.parent / "tests" / "golden"

#: A match longer than this is a policy or engine failure (a round that never ends).
ACTION_LIMIT = 20_000

POLICY_NAME = "golden-greedy"
POLICY_TEXT = (
    "lay the longest contract layout; lay off / swap / call Shanghai when offered; "
    "take the discard only if it completes the contract (or, once down, fits the table; without contracts: "
    "makes a meld or fits the table) or is wild; buy (twice a round at most) on the same terms; "
    "discard the least connected, highest-valued card (never the card just taken); "
    "ties by a Random(policy seed)"
)


@dataclass(frozen=True)
class Golden:
    """One golden match: a name, the preset, the Norwegian variants switched on, players and seeds."""

    name: str
    preset: str
    variants: tuple[str, ...]
    players: int
    seed: int
    policy_seed: int

    @property
    def ruleset(self) -> remi.Ruleset:
        base = remi.PRESETS[self.preset]
        return remi.with_variants(base, *self.variants) if self.variants else base


def _playable(ruleset: remi.Ruleset) -> bool:
    try:
        remi.new_game(ruleset, players=ruleset.min_players, seed=0)
    except remi.UnsupportedError:
        return False
    return True


#: Variants of the Norwegian preset with their own golden file.
VARIANT_GOLDENS = (
    Golden("norwegian-shanghai-liverpool-cut", "norwegian", ("shanghai", "liverpool cut"), 4, 30, 30),
    Golden("norwegian-spade-twos-wild", "norwegian", ("spade twos wild",), 3, 13, 13),
    Golden("norwegian-twelve-cards", "norwegian", ("twelve cards", "last card must be discarded"), 5, 6, 6),
)

#: Seeds chosen for each preset's own golden match (a preset not listed uses seed 1).
PRESET_SEEDS = {"norwegian": 8, "swedish": 6, "finnish": 10}


def goldens() -> list[Golden]:
    """Every golden match: one per playable preset, then the variants."""
    out = []
    for key, preset in sorted(remi.PRESETS.items()):
        if _playable(preset):
            seed = PRESET_SEEDS.get(key, 1)
            players = min(max(4, preset.min_players), preset.max_players)
            out.append(Golden(key, key, (), players, seed, seed))
    return out + list(VARIANT_GOLDENS)


# -- the policy -------------------------------------------------------------------------------


def _is_wild(card: remi.Card, rules: remi.Ruleset) -> bool:
    return card == remi.JOKER or (rules.wild_spade_twos and str(card) == "♠2")


def _connections(card: remi.Card, hand: tuple[remi.Card, ...], rules: remi.Ruleset, round: int) -> int:
    """How many cards of *hand* (other than one copy of *card*) could share a contract meld with it.

    Same rank counts when the round's contract has sets, same suit within two
    ranks when it has runs; wild cards are always worth keeping.
    """
    if _is_wild(card, rules):
        return 99
    sets, runs = True, True
    if rules.contracts:
        contract = remi.contract_for(round, rules)
        sets, runs = bool(contract.sets), bool(contract.runs)
    score = 0
    same_rank = 0
    skipped = False
    for other in hand:
        if other == card and not skipped:
            skipped = True
            continue
        if _is_wild(other, rules):
            score += 1
        elif other.rank == card.rank:
            same_rank += 1
        elif runs and other.suit_index == card.suit_index and abs(other.rank - card.rank) <= 2:
            score += 3 - abs(other.rank - card.rank)
    # A set needs two partners; more copies of one rank are worth nothing more.
    if sets:
        score += 2 * min(same_rank, 2)
    return score


def _helps(state: GameState, card: remi.Card) -> bool:
    """Whether taking *card* completes the contract, or (contract down) fits a table meld."""
    seat = state.current_player
    rules = state.ruleset
    hand = state.hands[seat]
    if _is_wild(card, rules):
        return True
    if state.down[seat] >= 0 or rules.family != "contract":
        if any(remi.check_layoff(meld, (card,), rules).ok for meld in state.table):
            return True
    if rules.family != "contract":
        return any(card in meld.cards for meld in remi.candidate_melds(hand + (card,), rules))
    if state.down[seat] >= 0:
        return False
    return bool(remi.contract_layouts(hand + (card,), state.round, rules)) and not remi.contract_layouts(
        hand, state.round, rules
    )


def _built(state: GameState) -> list[LayDown]:
    """Every lay-down the build steps of *state* reach."""
    out: list[LayDown] = []
    for action in state.legal_actions():
        if isinstance(action, remi.Build):
            out.extend(_built(state.apply(action)))
        elif isinstance(action, LayDown) and state.building:
            out.append(action)
    return out


def knock_step(state: GameState) -> remi.Action:
    """The knocker's next step: the next meld of the best arrangement of the hand at the knock, then pass.

    The melds are :func:`remi.best_arrangement`'s for the cards held after the
    knock (those laid and those left), laid in ascending order: the deal settles
    as it did when the engine laid them itself.
    """
    seat = state.turn_player
    laid = list(state.table)
    held = state.hands[seat] + tuple(card for meld in laid for card in meld.cards)
    for meld in sorted(remi.best_arrangement(held, state.ruleset).melds, key=remi.meld_sort_key):
        if meld in laid:
            laid.remove(meld)
        else:
            return LayDown((meld,))
    return Pass()


class GreedyPolicy:
    """The deterministic greedy policy of the golden files (see POLICY_TEXT)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        #: The steps of the meld being built card by card, planned when its first card was chosen.
        self.plan: list[remi.Action] = []

    def _pick(self, options: Sequence[A]) -> A:
        return options[0] if len(options) == 1 else options[self.rng.randrange(len(options))]

    def __call__(self, state: GameState, legal: list[remi.Action]) -> remi.Action:
        rules = state.ruleset
        seat = state.current_player
        hand = state.hands[seat]
        if state.phase == "cut":
            return Cut()
        if state.phase == "draw":
            top = state.discard_top
            if TakeDiscard() in legal and (
                DrawStock() not in legal or (top is not None and _helps(state, top))
            ):
                return TakeDiscard()
            return DrawStock()
        if state.phase == "buy":
            top = state.discard_top
            if Buy() in legal and top is not None and state.buys[seat] < 2 and _helps(state, top):
                return Buy()
            return Pass()
        if state.phase == "shanghai":
            calls = [a for a in legal if isinstance(a, CallShanghai)]
            return self._pick(calls) if calls else Pass()
        if state.phase == "knock":  # docs/rules/gin.rst, gin-knocker-chooses: the best arrangement
            return knock_step(state)
        if state.building:  # docs/rules/norwegian.rst, norwegian-build-card-by-card: go on with the plan
            return self.plan[len(state.building)]
        lays = [a for a in legal if isinstance(a, LayDown)]
        if any(isinstance(a, remi.Build) for a in legal):
            # The melds the build steps reach, chosen as the lay-downs they are laid by.
            lays = sorted(_built(state), key=lambda a: remi.meld_sort_key(a.melds[0]))
        if lays:
            most = max(len(a.cards) for a in lays)
            lay = self._pick([a for a in lays if len(a.cards) == most])
            self.plan = state.lay_steps(lay.melds[0])
            return self.plan[0]
        offs = [a for a in legal if isinstance(a, (LayOff, SwapJoker))]
        if offs:
            return self._pick(offs)
        knocks = [a for a in legal if isinstance(a, Knock)]
        if knocks:  # Gin Rummy: knock as soon as the deadwood allows
            return self._pick(knocks)
        discards = [a for a in legal if isinstance(a, Discard) and not a.shanghai]
        if not discards:
            return self._pick(legal)
        # Never give back the card just taken (that would loop), unless nothing else is left.
        fresh = [a for a in discards if a.card != state.taken or hand.count(a.card) > 1]
        discards = fresh or discards

        def badness(action: Discard) -> tuple[int, int]:
            return (_connections(action.card, hand, rules, state.round), -remi.card_value(action.card, rules))

        best = min(badness(a) for a in discards)
        choice = self._pick([a for a in discards if badness(a) == best])
        protected = Discard(choice.card, True)
        if protected in legal and self.rng.random() < 0.5:
            return protected
        return choice


# -- rendering --------------------------------------------------------------------------------


def _changed_options(ruleset: remi.Ruleset, base: remi.Ruleset) -> str:
    new, old = ruleset.to_dict(), base.to_dict()
    changes = [f"{key}={new[key]!r}" for key in sorted(new) if new[key] != old.get(key)]
    return ", ".join(changes) if changes else "none"


def _ints(values: tuple[int, ...]) -> str:
    return " ".join(str(v) for v in values)


def result_line(result: remi.RoundResult, totals: tuple[int, ...]) -> str:
    """The line written when a round ends."""
    went_out = "-" if result.went_out is None else str(result.went_out)
    cut = "-" if result.cut_bonus is None else str(result.cut_bonus)
    return (
        f"= round {result.round} went_out {went_out} cut_bonus {cut} "
        f"points {_ints(result.points)} totals {_ints(totals)}"
    )


def final_line(state: GameState) -> str:
    """The last line: final scores and winners."""
    return f"= final scores {_ints(state.scores)} winners {_ints(state.winners)}"


def render(golden: Golden) -> str:
    """Play *golden*'s match and return the text of its golden file."""
    rules = golden.ruleset
    base = remi.PRESETS[golden.preset]
    lines = [
        f"# remi golden playthrough: {golden.name}",
        f"# ruleset: {rules.name} (preset {golden.preset})",
        f"# variants: {', '.join(golden.variants) if golden.variants else 'none'}",
        f"# options changed from the preset: {_changed_options(rules, base)}",
        f"# players: {golden.players}",
        f"# seed: {golden.seed}",
        f"# policy: {POLICY_NAME} with policy seed {golden.policy_seed}: {POLICY_TEXT}",
        "# regenerate with: python scripts/regen_golden.py",
        "# columns: round turn seat phase action",
    ]
    policy = GreedyPolicy(golden.policy_seed)
    state = remi.new_game(rules, players=golden.players, seed=golden.seed)
    count = 0
    while not state.is_over:
        if count >= ACTION_LIMIT:
            raise RuntimeError(f"{golden.name}: the match did not end within {ACTION_LIMIT} actions")
        action = policy(state, state.legal_actions())
        lines.append(f"{state.round} {state.turn} {state.current_player} {state.phase} {action}")
        after = state.apply(action)
        for result in after.results[len(state.results) :]:
            totals = tuple(
                sum(r.points[s] for r in after.results[: result.round]) for s in range(after.players)
            )
            lines.append(result_line(result, totals))
        state = after
        count += 1
    lines.append(final_line(state))
    return "\n".join(lines) + "\n"


def path_for(golden: Golden) -> Path:
    """Where *golden*'s file lives."""
    return GOLDEN_DIR / f"{golden.name}.txt"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only report whether the files are up to date")
    args = parser.parse_args(argv)
    stale = 0
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    for golden in goldens():
        text = render(golden)
        path = path_for(golden)
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old == text:
            print(
                f"up to date: {path.name} ({len(text.splitlines())} lines, {len(text.encode()) // 1024} KB)"
            )
            continue
        stale += 1
        if args.check:
            print(f"STALE: {path.name}")
        else:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.name} ({len(text.splitlines())} lines, {len(text.encode()) // 1024} KB)")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
