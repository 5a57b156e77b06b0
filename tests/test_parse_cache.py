"""The notation parse cache keeps a bounded amount of memory, whatever text it is fed.

The promise of docs/api.rst (Caches): every cache is bounded, forgets the least recently
used entry when full, never changes an answer, and is seen and emptied through
:func:`remi.cache_info` and :func:`remi.clear_caches`. The card parse cache is "cards.parse".
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import remi

VS16 = "\ufe0f"  # the emoji variation selector, which parse_card ignores
VS15 = "\ufe0e"  # the text variation selector, ignored too
#: The longest token the cache keeps (longer ones are parsed, not kept).
TOKEN_MAX = 12


def parse_cache() -> remi.CacheInfo:
    (info,) = [info for info in remi.cache_info() if info.name == "cards.parse"]
    return info


@pytest.fixture()
def empty_cache() -> Iterator[None]:
    remi.clear_caches()
    yield
    remi.clear_caches()


def test_long_tokens_parse_but_are_not_kept(empty_cache: None) -> None:
    padded = ["♠" + VS16 * 50_000 + rank for rank in ("7", "8", "9", "10", "K")]
    tokens = [padded[i % len(padded)] + VS15 * i for i in range(200)]
    cards = remi.parse_cards(" ".join(tokens))
    assert [str(c) for c in cards[:5]] == ["♠7", "♠8", "♠9", "♠10", "♠K"]
    assert len(cards) == 200
    assert parse_cache().size == 0


@pytest.mark.parametrize("length", [TOKEN_MAX, TOKEN_MAX + 1])
def test_a_token_is_kept_up_to_the_length_bound(empty_cache: None, length: int) -> None:
    token = "♦" + VS16 * (length - 3) + "10"
    assert len(token) == length
    assert remi.parse_card(token) is remi.parse_card("♦10")
    assert parse_cache().size == (2 if length <= TOKEN_MAX else 1)


def test_short_tokens_are_kept_once(empty_cache: None) -> None:
    assert remi.parse_card("♦️10") is remi.parse_card("♦️10")
    assert parse_cache().size == 1
    remi.parse_card("10♦")
    assert parse_cache().size == 2


def test_a_refused_token_is_not_kept(empty_cache: None) -> None:
    with pytest.raises(remi.NotationError, match="'♠1' is not a card"):
        remi.parse_card("♠1")
    assert parse_cache().size == 0


def test_cache_is_bounded_in_entries_and_answers_do_not_change(empty_cache: None) -> None:
    # More distinct short spellings than the cache holds: it stops growing at its bound, forgetting
    # the least recently used spellings, and every spelling still reads as its card.
    spellings = [
        (lead + str(card)[0] + VS16 * p + str(card)[1:] + VS15 * q, card)
        for lead in ("", " ", "\t", "  ", " \t", "\t ", "\t\t")
        for card in remi.make_pack()
        for p in range(4)
        for q in range(4)
    ]
    bound = parse_cache().maxsize
    assert len(spellings) > bound
    for token, card in spellings:
        assert remi.parse_card(token) is card
    assert parse_cache().size == bound
    for token, card in spellings[:100]:
        assert remi.parse_card(token) is card
    assert parse_cache().size == bound


def test_clear_caches_empties_the_parse_cache() -> None:
    remi.parse_cards("♠7 ♠8 ♠9")
    assert parse_cache().size >= 3
    remi.clear_caches()
    assert parse_cache().size == 0
