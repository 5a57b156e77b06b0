"""examples/table.py, played with scripted input in every language (issue 17, "Docs")."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from script_loader import load_script

import remi

table = load_script("remi_example_table", Path(__file__).resolve().parent.parent / "examples" / "table.py")

#: Round 7 (three runs, melds built card by card): seat 0 holds the three runs and goes out.
ROUND_7 = (
    "game: norwegian | players: 3 | round: 7 | dealer: 2 | phase: play | turn player: 0 | "
    "hand 0: ♠2 ♠3 ♠4 ♠5 ♥7 ♥8 ♥9 ♥10 ♦J ♦Q ♦K ♦A | hand 1: ♣2 ♣5 ♣7 ♣9 ♣J ♥2 ♥4 ♥6 ♥Q ♥K ♠K | "
    "hand 2: ♣3 ♣6 ♣8 ♣10 ♣Q ♥3 ♥5 ♦2 ♦4 ♦6 ♦8 | discard: ♠9"
)


def play(args: list[str], typed: str, encoding: str = "utf-8") -> tuple[int, str]:
    """Run the example with *typed* as its input; its exit status and what it wrote."""
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding=encoding, newline="\n")
    status = table.main(args, io.StringIO(typed), out)
    out.flush()
    return status, raw.getvalue().decode(encoding)


@pytest.mark.parametrize("lang", remi.LANGUAGES)
def test_a_full_round_in_every_language(lang: str) -> None:
    status, text = play(["--lang", lang, "--quick", "--seed", "2"], "1\n" * 5000)
    assert status == 0
    assert text.startswith(remi.NORWEGIAN.describe(lang))
    assert table.UI[lang]["sheet"] in text
    state = remi.new_game(remi.NORWEGIAN, players=3, seed=2)
    assert any(state.describe(a, lang) in text for a in state.legal_actions())  # the bot's first move
    assert state.score_sheet(lang).splitlines()[0] in text  # the sheet's head, after the round


@pytest.mark.parametrize("lang", remi.LANGUAGES)
def test_round_7_offers_whole_melds_and_explains_a_refusal(lang: str) -> None:
    state = remi.GameState.from_position(ROUND_7)
    status, text = play(["--lang", lang, "--position", ROUND_7], "lay 2s 3s\n99\n1\n1\n1\n")
    assert status == 0
    with pytest.raises(remi.RemiError) as refused:
        state.lay("2s 3s")
    assert refused.value.reason_in(lang) in text
    assert table.UI[lang]["number"].format(n=99) in text
    for meld in state.lay_options():  # offered as whole melds, not card by card
        assert state.describe(remi.LayDown.of(meld), lang) in text
    assert "build" not in text.split(table.UI[lang]["moves"])[1]
    assert table.UI[lang]["sheet"] in text
    assert text.rstrip().endswith(
        remi.GameState.from_position(ROUND_7).lay(*state.lay_options()).score_sheet(lang)
    )


def test_a_typed_move_in_notation_and_a_refusal_in_words() -> None:
    state = remi.GameState.from_position(ROUND_7)
    status, text = play(["--lang", "nb", "--position", ROUND_7], "discard 9c\nlay 7h 8h 9h 10h\n1\n1\n")
    assert status == 0
    refusal = state.why_illegal("discard 9c")
    assert refusal is not None and refusal.reason_in("nb") in text
    assert "Spiller 0 vinner" in text


def test_cp1252_output_is_ascii_cards() -> None:
    status, text = play(["--position", ROUND_7], "1\n1\n1\n", encoding="cp1252")
    assert status == 0
    assert "♠" not in text and "2s 3s 4s 5s" in text


def test_the_input_ending_stops_the_table() -> None:
    status, text = play(["--lang", "fi"], "")
    assert status == 1 and table.UI["fi"]["bye"] in text


def test_the_table_is_deterministic_from_the_seed() -> None:
    first = play(["--quick", "--seed", "5", "--players", "4"], "1\n" * 5000)
    assert first == play(["--quick", "--seed", "5", "--players", "4"], "1\n" * 5000)
    assert first != play(["--quick", "--seed", "6", "--players", "4"], "1\n" * 5000)


def test_start_at_round_7_deals_eleven_cards() -> None:
    state = table.start(remi.NORWEGIAN, 3, 1, 7)
    assert state.round == 7 and state.hand_sizes == (11, 11, 11)
    assert str(state.contract) == "3 runs"


def test_run_as_a_script_in_a_cp1252_terminal() -> None:
    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONIOENCODING": "cp1252", "PYTHONPATH": str(root / "src")}
    done = subprocess.run(
        [sys.executable, str(root / "examples" / "table.py"), "--lang", "sl", "--position", ROUND_7],
        input="1\n1\n1\n".encode("cp1252"),
        capture_output=True,
        env=env,
        timeout=120,
        check=False,
    )
    text = done.stdout.decode("cp1252")
    assert done.returncode == 0, done.stderr
    assert "Zmaga igralec 0" in text and "Ad" in text and "♠" not in text
