"""Reasons as data (docs/errors.rst, "Reasons in five languages"): templates, params, catalogues.

Every reason remi writes is a :class:`remi.messages.Message` made from a literal template; the
catalogues in ``locale/`` translate every template into every language with the same
placeholders, and the compiled modules in ``src/remi/_catalogues`` are up to date.
"""

from __future__ import annotations

import ast
import copy
import functools
import gettext
import pickle
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

import remi
from remi.messages import LANGUAGES, Message, msg, nmsg, plural_index
from tests.script_loader import load_script

ROOT = Path(__file__).resolve().parent.parent
messages_script = load_script("remi_script_messages", ROOT / "scripts" / "messages.py")
_extract_from_source = functools.cache(messages_script.extract)


def _extract() -> dict[object, tuple[set[str], set[str]]]:
    """``extract()`` of the script, parsed once per session: src/remi does not change while the tests run.

    The tests below call it some 20 times (the .pot, each .po twice, each compiled catalogue, each
    language's problems); each call parses every module of src/remi. A deep copy keeps a caller
    from changing what the next one reads.
    """
    return copy.deepcopy(_extract_from_source())


messages_script.extract = _extract


def test_languages_are_the_five_of_the_table() -> None:
    assert remi.LANGUAGES == ("en", "nb", "sv", "fi", "sl") == LANGUAGES


@pytest.mark.parametrize("lang", ["nb", "sv", "fi", "sl"])
def test_plural_rule_is_gettexts(lang: str) -> None:
    rule = gettext.c2py(Catalog(locale=lang).plural_expr)
    assert [plural_index(lang, n) for n in range(0, 230)] == [rule(n) for n in range(0, 230)]


def test_unknown_language_is_refused_naming_the_languages() -> None:
    check = remi.check_meld("♠7 ♠8", remi.NORWEGIAN)
    with pytest.raises(remi.NotationError) as caught:
        check.reason_in("de")
    assert caught.value.code == "unknown-language"
    assert isinstance(caught.value, ValueError)
    assert "'de'" in caught.value.reason and "en, nb, sv, fi and sl" in caught.value.reason
    with pytest.raises(remi.NotationError, match="unknown-language|no language"):
        remi.RemiError("internal", msg("The game is over; no more actions.")).reason_in(None)  # type: ignore[arg-type]


def test_english_is_the_reason_itself() -> None:
    check = remi.check_meld("♦K ♦A ♦2 ♦3", remi.NORWEGIAN)
    assert check.reason_in("en") == check.reason
    assert isinstance(check.reason, Message)


def test_messages_pickle_with_their_params() -> None:
    with pytest.raises(remi.NotationError) as caught:
        remi.parse_cards("♠7 zz")
    again = pickle.loads(pickle.dumps(caught.value))
    assert again == caught.value and dict(again.params) == {"token": "zz"}
    m = nmsg("{n} joker", "{n} jokers", 2)
    assert pickle.loads(pickle.dumps(m)).params == m.params


def test_message_values_render_in_the_language() -> None:
    inner = msg("{n} points", n=3)
    outer = msg("Refused: {why!l}", why=inner)
    assert outer == "Refused: 3 points"
    assert outer.params["why"] is inner


def _source_files() -> list[Path]:
    src = ROOT / "src" / "remi"
    return [p for p in sorted(src.rglob("*.py")) if "_catalogues" not in p.parts and p.name != "codes.py"]


def test_no_reason_is_written_as_a_plain_string() -> None:
    """A string literal or f-string written beside an error code is a reason no catalogue holds."""
    codes = set(remi.CODES)
    offenders = []
    for path in _source_files():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            items = (
                node.args if isinstance(node, ast.Call) else node.elts if isinstance(node, ast.Tuple) else []
            )
            if not any(isinstance(a, ast.Constant) and a.value in codes for a in items):
                continue
            for a in items:
                plain = isinstance(a, ast.JoinedStr) or (
                    isinstance(a, ast.Constant) and isinstance(a.value, str) and a.value not in codes
                )
                if plain:
                    offenders.append(f"{path.relative_to(ROOT)}:{a.lineno}")
    assert not offenders, "reasons to write with msg(): " + ", ".join(offenders)


def test_catalogue_files_are_up_to_date() -> None:
    outputs = messages_script._outputs()
    stale = [str(p.relative_to(ROOT)) for p, text in outputs.items() if p.read_text(encoding="utf-8") != text]
    for lang in messages_script.LANGUAGES:
        path = ROOT / "src" / "remi" / "_catalogues" / f"{lang}.py"
        if path.read_text(encoding="utf-8") != messages_script.compiled_text(lang):
            stale.append(str(path.relative_to(ROOT)))
    assert not stale, "run: python scripts/messages.py all"


@pytest.mark.parametrize("lang", ["nb", "sv", "fi", "sl"])
def test_every_template_is_translated_with_its_placeholders(lang: str) -> None:
    assert messages_script.problems(lang) == []


#: Codes whose reason is another check's own reason, passed through as it is.
PASSED_THROUGH = {"meld-not-legal"}


def test_every_code_has_a_message_in_every_language() -> None:
    """Each code is written beside at least one template (or passes another check's reason on)."""
    found = messages_script.extract()
    have = set().union(*(codes for _files, codes in found.values()))
    assert set(remi.CODES) - have - PASSED_THROUGH == set()
    catalogs = {lang: messages_script.read_language(lang) for lang in messages_script.LANGUAGES}
    for key, (_files, codes) in found.items():
        if codes:
            for lang, catalog in catalogs.items():
                entry = catalog.get(key if isinstance(key, str) else key[0])
                assert entry is not None and entry.string, (lang, key)
