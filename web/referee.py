"""The referee page's glue: one question in, one verdict out, through remi's public API.

Runs inside Pyodide (web/app.js calls :func:`answer`) and in CPython alike (the page's
tests compare the two).

>>> answer({"game": "norwegian", "q": "meld", "cards": "♠7 ♠8 JK ♠10"})["ok"]
True
"""

from __future__ import annotations

import json

import remi

#: The five languages and their own names (the page's language picker).
LANGUAGE_NAMES = {"en": "English", "nb": "Norsk", "sv": "Svenska", "fi": "Suomi", "sl": "Slovenščina"}

QUESTIONS = ("meld", "contract", "opening", "layoff", "swap", "value")

# remi has no sentence for a hand's worth; the page writes its own, in each language.
_WORTH = {
    "en": ("This hand is worth {n} point.", "This hand is worth {n} points."),
    "nb": ("Denne hånden er verdt {n} poeng.", "Denne hånden er verdt {n} poeng."),
    "sv": ("Den här handen är värd {n} poäng.", "Den här handen är värd {n} poäng."),
    "fi": ("Tämä käsi on {n} pisteen arvoinen.", "Tämä käsi on {n} pisteen arvoinen."),
}


def worth_sentence(points: int, lang: str) -> str:
    """The page's own sentence for a hand worth *points* in *lang*.

    >>> worth_sentence(24, "en"), worth_sentence(3, "sl")
    ('This hand is worth 24 points.', 'Ta roka je vredna 3 točke.')
    """
    if lang == "sl":
        word = {1: "točko", 2: "točki", 3: "točke", 4: "točke"}.get(points % 100, "točk")
        return f"Ta roka je vredna {points} {word}."
    one, many = _WORTH.get(lang, _WORTH["en"])
    return (one if points == 1 else many).format(n=points)


def find_game(name: str) -> remi.Ruleset:
    """The ruleset named *name*: a preset name or alias, then any Norwegian variants after ``+``.

    The same reading as the framework adapters' game names (remi.adapters).

    >>> find_game("contract rummy + shanghai").shanghai
    True
    """
    base, *variants = (part.strip() for part in str(name or "norwegian").split("+"))
    ruleset = remi.find_ruleset(base)
    return remi.with_variants(ruleset, *variants) if variants else ruleset


def split_melds(text: str) -> list[str]:
    """The melds of *text*, separated by ``/`` (empty parts dropped).

    >>> split_melds("♠7 ♠8 ♠9 / ♥Q ♦Q ♣Q")
    ['♠7 ♠8 ♠9', '♥Q ♦Q ♣Q']
    """
    return [part.strip() for part in str(text or "").split("/") if part.strip()]


def _table_meld(params: dict[str, str], ruleset: remi.Ruleset) -> remi.Check:
    """The table meld of a layoff or swap question, checked (refused: the verdict is its refusal)."""
    return remi.check_meld(params.get("meld", ""), ruleset)


def _ask(params: dict[str, str], ruleset: remi.Ruleset, lang: str) -> dict[str, object]:
    """The verdict of one question; a RemiError raised here is the caller's to report."""
    q = params.get("q") or "meld"
    cards = params.get("cards", "")
    out: dict[str, object] = {}
    if q == "meld":
        check = remi.check_meld(cards, ruleset)
    elif q == "contract":
        check = remi.check_contract(
            split_melds(params.get("melds", "")), int(params.get("round") or 1), ruleset
        )
    elif q == "opening":
        check = remi.check_opening(split_melds(params.get("melds", "")), ruleset)
    elif q in ("layoff", "swap"):
        table = _table_meld(params, ruleset)
        if not table.ok or table.meld is None:
            check = table
        elif q == "layoff":
            check = remi.check_layoff(table.meld, cards, ruleset)
        else:
            check = remi.check_joker_swap(table.meld, cards.strip(), ruleset)
    elif q == "value":
        points = remi.hand_value(cards, ruleset)
        return {"ok": True, "code": "", "kind": "", "points": points, "reason": worth_sentence(points, lang)}
    else:
        raise ValueError(f"unknown question {q!r}")
    out.update(ok=check.ok, code="" if check.ok else check.code, kind=check.kind or "")
    out.update(points="" if check.points is None else check.points, reason=check.reason_in(lang))
    if check.ok and check.meld is not None:
        out["meld"] = str(check.meld)
    elif check.ok and check.melds:
        out["meld"] = " / ".join(str(m) for m in check.melds)
    if check.freed is not None:
        out["freed"] = str(check.freed)
    return out


def language(lang: str | None) -> str:
    """*lang* if remi speaks it (``nb-NO`` reads as ``nb``, ``no``/``nn`` as ``nb``), else English.

    >>> language("sv-SE"), language("nn"), language("de")
    ('sv', 'nb', 'en')
    """
    code = str(lang or "en").lower().split("-")[0].split("_")[0]
    code = "nb" if code in ("no", "nn") else code
    return code if code in remi.LANGUAGES else "en"


def answer(params: dict[str, str]) -> dict[str, object]:
    """The verdict for the question in *params* (the page's URL parameters), as plain values.

    Keys: ``ok``, ``code`` (empty when ok), ``kind``, ``points``, ``reason`` (in ``lang``),
    ``rules`` (the house-rules sheet, empty when the game is unknown), ``game``, ``lang``.

    >>> answer({"game": "gin", "q": "value", "cards": "JK", "lang": "en"})["code"]
    'jokers-not-in-game'
    """
    lang = language(params.get("lang"))
    out: dict[str, object] = {"lang": lang, "rules": "", "game": ""}
    try:
        ruleset = find_game(params.get("game", ""))
        out.update(game=ruleset.name, rules=ruleset.describe(lang))
        out.update(_ask(params, ruleset, lang))
    except remi.RemiError as exc:
        out.update(ok=False, code=exc.code, kind="", points="", reason=exc.reason_in(lang))
    except ValueError as exc:  # a round that is not a number, an unknown question
        out.update(ok=False, code="bad-question", kind="", points="", reason=str(exc))
    return out


def answer_json(params_json: str) -> str:
    """:func:`answer` with JSON in and out (the bridge app.js calls)."""
    return json.dumps(answer(json.loads(params_json)), ensure_ascii=False)
