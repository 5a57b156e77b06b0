"""The notation parse cache keeps a bounded amount of memory, whatever text it is fed."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import remi
from remi import _cards

VS16 = "\ufe0f"  # the emoji variation selector, which parse_card ignores
VS15 = "\ufe0e"  # the text variation selector, ignored too


@pytest.fixture()
def empty_cache() -> Iterator[None]:
    saved = dict(_cards._parse_cache)
    _cards._parse_cache.clear()
    yield
    _cards._parse_cache.clear()
    _cards._parse_cache.update(saved)


def kept_characters() -> int:
    return sum(len(token) for token in _cards._parse_cache)


def test_long_tokens_parse_but_are_not_kept(empty_cache: None) -> None:
    padded = ["♠" + VS16 * 50_000 + rank for rank in ("7", "8", "9", "10", "K")]
    tokens = [padded[i % len(padded)] + VS15 * i for i in range(200)]
    cards = remi.parse_cards(" ".join(tokens))
    assert [str(c) for c in cards[:5]] == ["♠7", "♠8", "♠9", "♠10", "♠K"]
    assert len(cards) == 200
    assert kept_characters() == 0


def test_short_tokens_are_kept(empty_cache: None) -> None:
    assert remi.parse_card("♦️10") is remi.parse_card("♦️10")
    assert "♦️10" in _cards._parse_cache


def test_cache_is_bounded_in_entries_and_size(empty_cache: None) -> None:
    # More distinct short spellings than the cache holds: it stops growing at its size limit.
    spellings = [
        lead + str(card)[0] + VS16 * p + str(card)[1:] + VS15 * q
        for lead in ("", " ", "\t", "  ", " \t", "\t ", "\t\t")
        for card in remi.make_pack()
        for p in range(4)
        for q in range(4)
    ]
    assert len(spellings) > _cards._CACHE_SIZE
    for token in spellings:
        remi.parse_card(token)
    assert len(_cards._parse_cache) == _cards._CACHE_SIZE
    assert kept_characters() <= _cards._CACHE_SIZE * _cards._CACHE_TOKEN_MAX
    assert all(len(token) <= _cards._CACHE_TOKEN_MAX for token in _cards._parse_cache)
