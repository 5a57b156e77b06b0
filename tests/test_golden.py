"""Golden playthroughs: seeded matches whose every action and score is on file.

scripts/regen_golden.py plays one match per playable preset and a few
Norwegian variants with a fixed greedy policy and writes tests/golden/*.txt.
These tests (1) regenerate each file in memory and compare it with the file,
and (2) replay each file from its header and action texts alone, checking the
recorded seat, phase, round results and final scores.

If a change of behaviour is intended, run ``python scripts/regen_golden.py``
and review the diff of tests/golden/.
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest
from script_loader import load_script

import remi

ROOT = Path(__file__).resolve().parent.parent
GOLDEN_DIR = ROOT / "tests" / "golden"
HINT = (
    "If this change is intended, run `python scripts/regen_golden.py` and review the diff of tests/golden/."
)


REGEN = load_script("regen_golden", ROOT / "scripts" / "regen_golden.py")
GOLDENS = REGEN.goldens()
IDS = [g.name for g in GOLDENS]


@pytest.mark.rule("norwegian-deal-and-turn")
def test_the_golden_set_covers_every_playable_preset() -> None:
    # docs/rules/norwegian.rst, norwegian-deal-and-turn: Norwegian Remi: every playable preset has a golden match.
    names = {g.name for g in GOLDENS}
    for key, preset in remi.PRESETS.items():
        try:
            remi.new_game(preset, players=preset.min_players, seed=0)
        except remi.UnsupportedError:
            continue
        assert key in names, f"playable preset {key} has no golden file"
    on_disk = {p.stem for p in GOLDEN_DIR.glob("*.txt")}
    assert on_disk == names, f"stale or missing golden files: {sorted(on_disk ^ names)}. {HINT}"


@pytest.mark.rule("shared-randomness")
@pytest.mark.parametrize("golden", GOLDENS, ids=IDS)
def test_golden_file_is_up_to_date(golden: object) -> None:
    # docs/rules/index.rst, shared-randomness: Concepts: the same seed and the same policy replay exactly.
    path = REGEN.path_for(golden)
    assert path.exists(), f"{path} is missing. {HINT}"
    expected = path.read_text(encoding="utf-8")
    actual = REGEN.render(golden)
    if actual != expected:
        diff = difflib.unified_diff(
            expected.splitlines(),
            actual.splitlines(),
            f"{path.name} (file)",
            f"{path.name} (engine now)",
            lineterm="",
            n=2,
        )
        shown = "\n".join(list(diff)[:80])
        pytest.fail(f"{path.name} differs from what the engine plays now:\n{shown}\n{HINT}")
    assert len(expected.encode()) < 300_000, f"{path.name} is too large; pick another seed"


def _header(lines: list[str], key: str) -> str:
    prefix = f"# {key}: "
    for line in lines:
        if line.startswith(prefix):
            return line[len(prefix) :]
    raise AssertionError(f"golden header has no {key!r} line")


def _ruleset_from_header(lines: list[str]) -> remi.Ruleset:
    ruleset_line = _header(lines, "ruleset")
    preset = ruleset_line.rsplit("(preset ", 1)[1].rstrip(")")
    variants = _header(lines, "variants")
    rules = remi.PRESETS[preset]
    if variants != "none":
        rules = remi.with_variants(rules, *variants.split(", "))
    assert rules.name == ruleset_line.rsplit(" (preset ", 1)[0]
    return rules


@pytest.mark.rule("norwegian-deal-and-turn")
@pytest.mark.parametrize("golden", GOLDENS, ids=IDS)
def test_golden_file_replays_from_its_text(golden: object) -> None:
    # docs/rules/norwegian.rst, norwegian-deal-and-turn: Norwegian Remi: the recorded actions, parsed from their notation, replay the match.
    lines = REGEN.path_for(golden).read_text(encoding="utf-8").splitlines()
    rules = _ruleset_from_header(lines)
    players = int(_header(lines, "players"))
    seed = int(_header(lines, "seed"))
    state = remi.new_game(rules, players=players, seed=seed)
    results_seen = 0
    actions = 0
    final_seen = False
    for number, line in enumerate(lines, 1):
        where = f"line {number}: {line!r}"
        if line.startswith("#"):
            continue
        if line.startswith("= round "):
            words = line.split()
            result = state.results[results_seen]
            n = state.players
            assert int(words[2]) == result.round, where
            assert words[4] == ("-" if result.went_out is None else str(result.went_out)), where
            assert words[6] == ("-" if result.cut_bonus is None else str(result.cut_bonus)), where
            assert [int(w) for w in words[8 : 8 + n]] == list(result.points), where
            totals = [sum(r.points[s] for r in state.results[: results_seen + 1]) for s in range(n)]
            assert [int(w) for w in words[9 + n : 9 + 2 * n]] == totals, where
            results_seen += 1
            continue
        if line.startswith("= final scores "):
            words = line.split()
            n = state.players
            assert state.is_over, where
            assert [int(w) for w in words[3 : 3 + n]] == list(state.scores), where
            assert [int(w) for w in words[4 + n :]] == list(state.winners), where
            final_seen = True
            continue
        round_, turn, seat, phase, text = line.split(" ", 4)
        assert (int(round_), int(turn), int(seat), phase) == (
            state.round,
            state.turn,
            state.current_player,
            state.phase,
        ), where
        action = remi.parse_action(text)
        assert str(action) == text, where
        assert action in state.legal_actions(), where
        state = state.apply(action, player=int(seat))
        actions += 1
        # A round's results line follows the action that ended it.
    assert final_seen and state.is_over
    assert results_seen == len(state.results)
    if rules.contracts:
        assert results_seen == len(rules.contracts)
    assert actions > 0
