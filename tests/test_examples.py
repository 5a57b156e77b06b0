"""The command-line referee in examples/referee.py: verdicts, exit codes, no crash on bad input."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from script_loader import load_script

import remi

REFEREE = Path(__file__).resolve().parent.parent / "examples" / "referee.py"


referee = load_script("remi_example_referee", REFEREE)


def _lines_for(out: str, meld: str) -> dict[str, str]:
    """Return the verdict line of each ruleset key printed under the heading *meld*."""
    lines = out.splitlines()
    start = lines.index(meld) + 1
    verdicts: dict[str, str] = {}
    for line in lines[start:]:
        if not line.startswith("  "):
            break
        key, _, rest = line.strip().partition(" ")
        verdicts[key] = rest.strip()
    return verdicts


@pytest.mark.rule("shared-joker", "gin-gin", "basic-melds")
def test_every_preset_judges_every_meld(capsys: pytest.CaptureFixture[str]) -> None:
    # docs/rules/index.rst, shared-joker: Concepts: Joker (a meld records what each joker stands for); Run (never wraps)
    status = referee.main(["♠7 ♠8 JK ♠10", "♦K ♦A ♦2 ♦3"])
    out = capsys.readouterr().out
    assert status == 0
    good = _lines_for(out, "♠7 ♠8 JK ♠10")
    assert set(good) == {"norwegian", "swedish", "finnish", "slovenian", "kalooki", "gin"}
    for key in ("norwegian", "slovenian", "kalooki"):
        assert good[key].startswith("ok") and good[key].endswith("run  ♠7 ♠8 JK=♠9 ♠10")
    # docs/rules/swedish.rst, basic-melds: Basic Rummy and docs/rules/gin.rst, gin-gin: Gin: no jokers in the pack.
    for key in ("swedish", "finnish", "gin"):
        assert good[key].startswith("NO   jokers-not-in-game:")
    wrapped = _lines_for(out, "♦K ♦A ♦2 ♦3")
    assert len(wrapped) == 6
    assert all(v.startswith("NO   wraps-corner: ") for v in wrapped.values())


@pytest.mark.rule("gin-equipment")
def test_named_ruleset_only(capsys: pytest.CaptureFixture[str]) -> None:
    # docs/rules/gin.rst, gin-equipment: Gin Rummy: ace low only
    assert referee.main(["--ruleset", "gin rummy", "qs ks as", "AS 2S 3S"]) == 0
    out = capsys.readouterr().out
    assert _lines_for(out, "♠Q ♠K ♠A") == {
        "gin": "NO   ace-high-not-allowed: In Gin Rummy the ace is low only, so it cannot sit above the king."
    }
    assert _lines_for(out, "♠A ♠2 ♠3") == {"gin": "ok   run  ♠A ♠2 ♠3"}


@pytest.mark.rule("norwegian-melds")
def test_alias_and_set_with_joker(capsys: pytest.CaptureFixture[str]) -> None:
    # docs/rules/norwegian.rst, norwegian-melds: Melds: a meld holds at least as many natural cards as jokers
    assert referee.main(["--ruleset", "Liverpool", "♠5 JK JK", "♠5 ♥5 JK"]) == 0
    out = capsys.readouterr().out
    assert _lines_for(out, "♠5 JK JK")["norwegian"].startswith("NO   too-many-jokers:")
    assert _lines_for(out, "♠5 ♥5 JK")["norwegian"] == "ok   set  ♠5 ♥5 JK=5"


@pytest.mark.rule("shared-joker-end")
def test_joker_end_low(capsys: pytest.CaptureFixture[str]) -> None:
    # docs/rules/index.rst, shared-joker-end: Concepts: Joker (the player laying an end joker says which end; default high)
    referee.main(["--ruleset", "norwegian", "♠7 ♠8 ♠9 JK"])
    high = capsys.readouterr().out
    referee.main(["--ruleset", "norwegian", "--joker-end", "low", "♠7 ♠8 ♠9 JK"])
    low = capsys.readouterr().out
    assert "♠7 ♠8 ♠9 JK=♠10" in high
    assert "JK=♠6 ♠7 ♠8 ♠9" in low


@pytest.mark.rule("shared-notation")
def test_annotated_meld_is_judged_as_laid(capsys: pytest.CaptureFixture[str]) -> None:
    # docs/rules/index.rst, shared-notation: Concepts: Joker (a run's joker stands where its annotation puts it)
    assert referee.main(["--ruleset", "kalooki", "JK=♠6 ♠7 ♠8 ♠9"]) == 0
    out = capsys.readouterr().out
    assert _lines_for(out, "JK=♠6 ♠7 ♠8 ♠9") == {"kalooki": "ok   run  JK=♠6 ♠7 ♠8 ♠9"}


@pytest.mark.rule("norwegian-contracts")
def test_contract(capsys: pytest.CaptureFixture[str]) -> None:
    # docs/rules/norwegian.rst, norwegian-contracts: The seven contracts: round 2 is one set and one run, exactly 3 + 4 cards
    assert referee.main(["--contract", "2", "♥9 ♠9 ♦9", "♣5 ♣6 ♣7 ♣8"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines() == [
        "Round 2's contract (1 set + 1 run) under Norwegian Remi:",
        "  ok",
        "    set  ♠9 ♥9 ♦9",
        "    run  ♣5 ♣6 ♣7 ♣8",
    ]
    assert referee.main(["--contract", "2", "♥9 ♠9 ♦9 ♣9", "♣5 ♣6 ♣7 ♣8"]) == 0
    out = capsys.readouterr().out
    assert "  NO   extra-cards: " in out
    assert referee.main(["--contract", "1", "♥9 ♠9 ♦9", "♣5 ♣6 ♣7 ♣8"]) == 0
    assert "NO   wrong-combinations: Round 1 asks for 2 sets, not 1 set + 1 run." in (capsys.readouterr().out)


@pytest.mark.rule("norwegian-contracts")
def test_contract_with_variant(capsys: pytest.CaptureFixture[str]) -> None:
    # docs/rules/norwegian.rst, norwegian-contracts: The seven contracts: option "all down at once" accepts extra cards
    args = ["--contract", "1", "♠9 ♥9 ♦9 ♣9", "♥K ♦K ♣K"]
    referee.main(args)
    assert "NO   extra-cards" in capsys.readouterr().out
    referee.main(["--variant", "all down at once", *args])
    assert capsys.readouterr().out.splitlines()[1] == "  ok"


def test_contract_bad_round_is_a_verdict(capsys: pytest.CaptureFixture[str]) -> None:
    assert referee.main(["--contract", "8", "♥9 ♠9 ♦9"]) == 0
    assert "NO   no-such-round: Norwegian Remi has rounds 1 to 7, not 8." in capsys.readouterr().out


@pytest.mark.rule("opening-51", "slovenian-jokers")
def test_opening(capsys: pytest.CaptureFixture[str]) -> None:
    # docs/rules/slovenian.rst, opening-51: Slovenian remi: the opening must total at least 51 points
    assert referee.main(["--opening", "♠10 ♥10 ♦10", "♣2 ♣3 ♣4"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines() == [
        "Opening under Slovenian remi (51) (at least 51 points):",
        "  NO   opening-too-low: These melds count 39 points; an opening needs at least 51.",
    ]
    # docs/rules/slovenian.rst, slovenian-jokers: Slovenian remi: jokers count as the card they stand for
    assert referee.main(["--opening", "♠Q ♥Q ♦Q", "JK ♣8 ♣9 ♣10"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[1] == "  ok (67 points)"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["♠1 ♠2 ♠3"], "'♠1' is not a card"),
        (["--ruleset", "canasta", "♠2 ♠3 ♠4"], "No preset is called 'canasta'"),
        (["--variant", "no such rule", "♠2 ♠3 ♠4"], "No variant is called 'no such rule'"),
        (["JK=♠6 ♥7 ♠8 ♠9"], "is not a run"),
        (["--contract", "2", "♥9 ♠9 ♦9", "♣5 ♣6 ♣7 X"], "'X' is not a card"),
    ],
)
def test_bad_input_is_reported_not_raised(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert referee.main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert message in captured.err
    assert captured.err.startswith("referee.py: ")


def test_usage_errors_return_status(capsys: pytest.CaptureFixture[str]) -> None:
    assert referee.main([]) == 2
    assert "the following arguments are required: MELD" in capsys.readouterr().err
    assert referee.main(["--contract", "two", "♠2 ♠3 ♠4"]) == 2
    assert referee.main(["--help"]) == 0
    assert "--opening" in capsys.readouterr().out


def test_runs_as_a_script() -> None:
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    result = subprocess.run(
        [sys.executable, str(REFEREE), "--ruleset", "norwegian", "♠2 JK ♠4 ♠5", "♦K ♦A ♦2 ♦3"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "♠2 JK ♠4 ♠5",
        "  norwegian  ok   run  ♠2 JK=♠3 ♠4 ♠5",
        "♦K ♦A ♦2 ♦3",
        "  norwegian  NO   wraps-corner: A run never turns the corner: K-A-2 is not a run.",
    ]
    bad = subprocess.run(
        [sys.executable, str(REFEREE), "♠Z"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=60,
        check=False,
    )
    assert bad.returncode == 2
    assert "'♠Z' is not a card" in bad.stderr


# -- examples/play.py and examples/selfplay.py --------------------------------------------------

EXAMPLES = REFEREE.parent


# Each example under a unique module name, registered so worker processes can unpickle.
play = load_script("remi_example_play", EXAMPLES / "play.py")
selfplay = load_script("remi_example_selfplay", EXAMPLES / "selfplay.py")


def test_play_stops_after_two_rounds_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    assert play.main([]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Norwegian Remi, 4 players, seed 7"
    assert lines[1].startswith("round 1 (2 sets):")
    assert lines[2].startswith("round 2 (1 set + 1 run):")
    assert lines[-1].startswith("leading after 2 rounds: seat ")


def test_play_full_match(capsys: pytest.CaptureFixture[str]) -> None:
    assert play.main(["--game", "gin", "--players", "2", "--full"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[-1].startswith("winner: seat ")


def test_selfplay_match_replays_from_its_seed() -> None:
    job = selfplay.Job("gin", 2, 5, ("greedy", "random"), 60)
    first = selfplay.play_match(job)
    assert selfplay.play_match(job) == first
    assert first.seed == 5 and len(first.scores) == 2 and first.winners
    assert selfplay.play_match(job._replace(seed=6)) != first


def test_selfplay_same_results_in_one_process_and_in_a_pool() -> None:
    jobs = selfplay.jobs_for("swedish", 3, 4, 10, ["random", "greedy"], 30)
    assert [j.seed for j in jobs] == [10, 11, 12, 13]
    progress = selfplay.Progress(len(jobs), enabled=False)
    here = sorted(selfplay.run_here(jobs, progress))
    pool = sorted(selfplay.run_processes(jobs, 2, progress))
    assert here == pool
    assert selfplay.digest(here) == selfplay.digest(reversed(pool))
    assert progress.done == 8


def test_selfplay_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert selfplay.main(["--preset", "gin", "--matches", "3", "--workers", "1"]) == 0
    captured = capsys.readouterr()
    lines = captured.out.splitlines()
    assert lines[0] == "Gin Rummy, 2 players, 3 matches (seeds 0..2), max 60 turns a round"
    assert lines[1].startswith("1 process: ") and lines[1].endswith(" matches/s")
    assert lines[4].split() == ["seat", "bot", "mean", "score", "win", "rate"]
    assert lines[5].split()[:2] == ["0", "greedy"] and lines[6].split()[:2] == ["1", "random"]
    assert lines[-1].startswith("results digest: ")
    assert "3/3 matches" in captured.err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bots", "greedy,smart"], "--bots takes a comma-separated list"),
        (["--matches", "0"], "must be at least 1"),
    ],
)
def test_selfplay_usage_errors(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        selfplay.main(argv)
    assert exc.value.code == 2
    assert message in capsys.readouterr().err


def test_selfplay_bad_preset_or_players(capsys: pytest.CaptureFixture[str]) -> None:
    assert selfplay.main(["--preset", "canasta"]) == 2
    assert "No preset is called 'canasta'" in capsys.readouterr().err
    assert selfplay.main(["--preset", "norwegian", "--players", "2"]) == 2
    assert "for 3 to 5 players, not 2" in capsys.readouterr().err


def test_selfplay_over_ray_gives_the_same_results() -> None:
    pytest.importorskip("ray", reason="Ray is not installed; .ci/run tests this path in .venvs/ray")
    jobs = selfplay.jobs_for("gin", 2, 4, 0, ["greedy", "random"], 60)
    progress = selfplay.Progress(len(jobs), enabled=False)
    ray = selfplay.start_ray(2, None)
    try:
        over_ray = sorted(selfplay.run_ray(ray, jobs, progress))
    finally:
        ray.shutdown()
    assert over_ray == sorted(selfplay.run_here(jobs, progress))


# -- every example on an output that cannot encode ♠ (issue 17) ----------------------------------


def _run_encoded(script: str, *args: str, encoding: str = "cp1252") -> subprocess.CompletedProcess[bytes]:
    env = dict(os.environ, PYTHONIOENCODING=encoding)
    return subprocess.run(
        [sys.executable, str(EXAMPLES / script), *args],
        capture_output=True,
        env=env,
        timeout=300,
        check=False,
    )


@pytest.mark.parametrize("encoding", ["cp1252", "ascii"])
def test_referee_prints_ascii_where_suits_do_not_fit(encoding: str) -> None:
    result = _run_encoded(
        "referee.py", "7s 8s jk 10s", "kd ad 2d 3d", "--ruleset", "norwegian", encoding=encoding
    )
    assert result.returncode == 0, result.stderr.decode(encoding, "replace")
    assert result.stdout.decode(encoding).splitlines() == [
        "7s 8s JK 10s",
        "  norwegian  ok   run  7s 8s JK=9s 10s",
        "Kd Ad 2d 3d",
        "  norwegian  NO   wraps-corner: A run never turns the corner: K-A-2 is not a run.",
    ]
    # A reason naming the bare suits still prints (they become "?"), and the exit status is the referee's.
    bad = _run_encoded("referee.py", "7s zz", encoding=encoding)
    assert bad.returncode == 2
    assert "'zz' is not a card" in bad.stderr.decode(encoding)


@pytest.mark.parametrize(
    ("script", "args", "needs"),
    [
        ("play.py", ("--log", "--rounds", "1"), ()),
        ("selfplay.py", ("--matches", "2", "--quiet", "--workers", "1"), ()),
        ("pettingzoo_random.py", ("--render",), ("numpy", "pettingzoo")),
    ],
)
def test_examples_print_ascii_where_suits_do_not_fit(
    script: str, args: tuple[str, ...], needs: tuple[str, ...]
) -> None:
    for module in needs:
        pytest.importorskip(module)
    result = _run_encoded(script, *args)
    assert result.returncode == 0, result.stderr.decode("cp1252", "replace")
    out = result.stdout.decode("cp1252")
    assert out and not any(suit in out for suit in "♠♥♦♣")
    if script != "selfplay.py":
        assert re.search(r"\b(10|[2-9AJQK])[shdc]\b", out), out[:400]


def test_suits_fit_decides_for_the_examples() -> None:
    assert remi.cards.suits_fit("utf-8") and not remi.cards.suits_fit("cp1252")
    assert not remi.cards.suits_fit(None) and not remi.cards.suits_fit("no-such-codec")
