"""The referee page (web/, built into build/web by scripts/build-web) in a real headless Chromium.

Each URL asks one question; the page answers through remi in Pyodide, and its
``<output id="verdict">`` must carry what remi in CPython says: the verdict, the stable
code, the meld kind, and the reason in the chosen language. Skipped unless Chromium and
build/web exist (scripts/check-web installs the one and builds the other).
"""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import subprocess
import threading
import urllib.parse
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest
from script_loader import load_script

import remi

ROOT = Path(__file__).resolve().parents[2]
BUILD = ROOT / "build" / "web"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

pytestmark = pytest.mark.skipif(
    CHROMIUM is None or not (BUILD / "index.html").is_file(),
    reason="needs chromium and build/web (run bash scripts/check-web)",
)

if not (ROOT / "web" / "referee.py").exists():  # the wheel check copies only tests/
    pytest.skip("web/referee.py is not beside these tests", allow_module_level=True)
referee = load_script("remi_web_referee", ROOT / "web" / "referee.py")


class _Page(HTMLParser):
    """The attributes and text of the elements with an id, in a dumped DOM."""

    def __init__(self) -> None:
        super().__init__()
        self.attrs: dict[str, dict[str, str]] = {}
        self.text: dict[str, str] = {}
        self._open: list[str | None] = []
        self.cards: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {k: v or "" for k, v in attrs}
        if "data-card" in found:
            self.cards.append(found["data-card"])
        key = found.get("id") or (tag if tag in ("html", "body") else None)
        if key:
            self.attrs[key] = found
            self.text.setdefault(key, "")
        if tag not in ("meta", "link", "input", "br", "img"):
            self._open.append(key)

    def handle_endtag(self, tag: str) -> None:
        if self._open:
            self._open.pop()

    def handle_data(self, data: str) -> None:
        for key in self._open:
            if key:
                self.text[key] += data


class _Quiet(http.server.SimpleHTTPRequestHandler):
    """A static file server that keeps its request log to itself."""

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    """REMI_WEB_URL (scripts/check-web's server), else a server of build/web on a free port."""
    if os.environ.get("REMI_WEB_URL"):
        yield os.environ["REMI_WEB_URL"].rstrip("/") + "/"
        return
    handler = functools.partial(_Quiet, directory=str(BUILD))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def load(base_url: str, params: dict[str, str]) -> _Page:
    """The settled DOM of the page at *params*, from headless Chromium."""
    url = base_url + "index.html?" + urllib.parse.urlencode(params, quote_via=urllib.parse.quote)
    assert CHROMIUM is not None
    run = subprocess.run(
        [
            CHROMIUM,
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--virtual-time-budget=60000",
            "--dump-dom",
            url,
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    page = _Page()
    page.feed(run.stdout)
    assert page.attrs["body"].get("data-ready") == "true", run.stdout[-2000:]
    return page


def expected(params: dict[str, str]) -> tuple[bool, str, str, str]:
    """(ok, code, kind, reason) from remi in CPython for the question in *params*."""
    lang = params["lang"]
    q = params["q"]
    try:
        ruleset = referee.find_game(params["game"])
        if q == "value":
            points = remi.hand_value(params["cards"], ruleset)
            return True, "", "", referee.worth_sentence(points, lang)
        if q == "meld":
            check = remi.check_meld(params["cards"], ruleset)
        elif q == "contract":
            check = remi.check_contract(referee.split_melds(params["melds"]), int(params["round"]), ruleset)
        elif q == "opening":
            check = remi.check_opening(referee.split_melds(params["melds"]), ruleset)
        else:
            table = remi.check_meld(params["meld"], ruleset).meld
            assert table is not None
            if q == "layoff":
                check = remi.check_layoff(table, params["cards"], ruleset)
            else:
                check = remi.check_joker_swap(table, params["cards"], ruleset)
    except remi.RemiError as exc:
        return False, exc.code, "", exc.reason_in(lang)
    return check.ok, "" if check.ok else check.code, check.kind or "", check.reason_in(lang)


CASES = [
    # (params, ok, code): each question kind, each language, ok and refused verdicts.
    (dict(game="norwegian", lang="en", q="meld", cards="♠7 ♠8 JK ♠10"), True, ""),
    (dict(game="swedish", lang="sv", q="meld", cards="♠Q ♠K ♠A"), False, "ace-high-not-allowed"),
    (dict(game="finnish", lang="fi", q="meld", cards="♠7 zz"), False, "unknown-card"),
    (
        dict(game="norwegian", lang="nb", q="contract", melds="♥9 ♠9 ♦9 ♣9 / ♣5 ♣6 ♣7 ♣8", round="2"),
        False,
        "extra-cards",
    ),
    (
        dict(
            game="norwegian+all down at once",
            lang="en",
            q="contract",
            melds="♥9 ♠9 ♦9 ♣9 / ♣5 ♣6 ♣7 ♣8",
            round="2",
        ),
        True,
        "",
    ),
    (dict(game="slovenian", lang="sl", q="opening", melds="♠Q ♥Q ♦Q / JK ♣8 ♣9 ♣10"), True, ""),
    (dict(game="51", lang="sl", q="opening", melds="♠2 ♥2 ♦2"), False, "opening-too-low"),
    (dict(game="norwegian", lang="nb", q="layoff", meld="♠5 ♠6 ♠7 ♠8", cards="♠4 ♠9"), True, ""),
    (
        dict(game="contract rummy", lang="fi", q="layoff", meld="♠5 ♠6 ♠7 ♠8", cards="♠J"),
        False,
        "does-not-fit",
    ),
    (dict(game="norwegian", lang="sv", q="swap", meld="♠2 JK ♠4 ♠5", cards="♠3"), True, ""),
    (dict(game="norwegian", lang="en", q="swap", meld="♠Q ♥Q JK", cards="♦Q"), False, "joker-locked-in-set"),
    (dict(game="swedish", lang="sv", q="value", cards="♣5 ♦9 ♥Q"), True, ""),
    (dict(game="gin", lang="fi", q="value", cards="JK"), False, "jokers-not-in-game"),
    (dict(game="canasta", lang="nb", q="meld", cards="♠7 ♠8 ♠9"), False, "unknown-ruleset"),
]


@pytest.mark.parametrize(("params", "ok", "code"), CASES, ids=[f"{c[0]['q']}-{c[0]['lang']}" for c in CASES])
def test_verdict_matches_remi(base_url: str, params: dict[str, str], ok: bool, code: str) -> None:
    """The page's verdict is remi's: data-ok, data-code, data-kind and the reason in the URL's language."""
    page = load(base_url, params)
    verdict = page.attrs["verdict"]
    want_ok, want_code, want_kind, want_reason = expected(params)
    assert (want_ok, want_code) == (ok, code)  # the case says what it tests
    assert verdict["data-ok"] == str(ok).lower()
    assert verdict["data-code"] == code
    assert verdict["data-kind"] == want_kind
    assert page.text["verdict"] == want_reason
    assert page.attrs["html"]["lang"] == params["lang"]


def test_rules_sheet_and_picker(base_url: str) -> None:
    """The house-rules sheet is ruleset.describe(lang); the picker holds the 52 cards and the joker."""
    params = dict(game="kalooki", lang="fi", q="meld", cards="♥3 ♥4 ♥5")
    page = load(base_url, params)
    assert page.text["rules"] == remi.KALOOKI.describe("fi")
    assert len(page.cards) == 53
    assert set(page.cards) == {str(c) for c in remi.make_pack(1, 0)} | {"JK"}
    assert page.attrs["verdict"]["data-ok"] == "true"
    assert page.attrs["verdict"]["data-kind"] == "run"


#: The page's own words for a refusal and for the Question label, per language (web/i18n.js).
_REFUSED = {
    "en": "✗ Refused",
    "nb": "✗ Ikke tillatt",
    "sv": "✗ Inte tillåtet",
    "fi": "✗ Ei sallittu",
    "sl": "✗ Ni dovoljeno",
}
_QUESTION = {"en": "Question", "nb": "Spørsmål", "sv": "Fråga", "fi": "Kysymys", "sl": "Vprašanje"}


@pytest.mark.parametrize("lang", sorted(_REFUSED))
def test_the_page_speaks_the_language(base_url: str, lang: str) -> None:
    """The page's labels and headline are in the URL's language, as the verdict is."""
    page = load(base_url, dict(game="norwegian", lang=lang, q="meld", cards="♠7 ♥8 ♠9"))
    assert page.attrs["verdict"]["data-ok"] == "false"
    assert page.text["headline"].startswith(_REFUSED[lang])
    assert page.text["question"] == _QUESTION[lang]
    assert (lang == "en") == (page.text["title"] == "remi referee")
