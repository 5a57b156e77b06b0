"""The one cache facility: bounded, least recently used out first, thread-safe, cleared by name-free call."""

from __future__ import annotations

import threading

import pytest

import remi
from remi._cache import Cache, RulesetCache, memoize


def test_cache_forgets_the_least_recently_used_entry() -> None:
    c: Cache[int, str] = Cache("test-lru", maxsize=3)
    for k in (1, 2, 3):
        c.put(k, str(k))
    assert c.get(1) == "1"  # 1 is now the most recent; 2 is the oldest
    c.put(4, "4")
    assert c.get(2) is None
    assert [c.get(k) for k in (1, 3, 4)] == ["1", "3", "4"]
    assert len(c) == 3 and c.info() == remi.CacheInfo("test-lru", 3, 3)


def test_build_computes_once_per_key() -> None:
    calls: list[int] = []

    def make(n: int) -> int:
        calls.append(n)
        return n + 1

    c: Cache[int, int] = Cache("test-build", maxsize=8)
    assert [c.build(5, make, 5) for _ in range(3)] == [6, 6, 6]
    assert calls == [5]


def test_a_name_names_its_latest_cache_and_sizes_are_checked() -> None:
    Cache("test-unique", maxsize=1)
    again: Cache[int, int] = Cache("test-unique", maxsize=2)
    assert [i.maxsize for i in remi.cache_info() if i.name == "test-unique"] == [2]
    again.put(1, 1)
    for bad in (0, -1, True, 2.5):
        with pytest.raises(ValueError, match="maxsize"):
            Cache(f"test-bad-{bad}", maxsize=bad)  # type: ignore[arg-type]


def test_ruleset_cache_matches_by_identity() -> None:
    import attrs

    built: list[object] = []

    def make(rules: object) -> int:
        built.append(rules)
        return len(built)

    rc: RulesetCache[int] = RulesetCache("test-rulesets", maxsize=4, make=make)
    twin = attrs.evolve(remi.GIN)
    assert twin == remi.GIN and twin is not remi.GIN
    assert rc.get(remi.GIN) == 1 and rc.get(remi.GIN) == 1
    assert rc.get(twin) == 2


def test_clear_caches_empties_every_registered_cache() -> None:
    c: Cache[str, int] = Cache("test-clear", maxsize=4)
    c.put("a", 1)

    @memoize("test-clear-memo", maxsize=4)
    def square(n: int) -> int:
        return n * n

    square(3)
    remi.deadwood(remi.parse_cards("♠2 ♠3 ♠4 ♥9"), remi.GIN)
    assert any(info.size for info in remi.cache_info())
    remi.clear_caches()
    assert all(info.size == 0 for info in remi.cache_info())
    names = [info.name for info in remi.cache_info()]
    assert names == sorted(names) and "test-clear" in names and "test-clear-memo" in names


def test_cache_stays_bounded_and_consistent_under_threads() -> None:
    c: Cache[int, int] = Cache("test-threads", maxsize=64)
    errors: list[BaseException] = []

    def work(offset: int) -> None:
        try:
            for i in range(5000):
                key = (i * 7 + offset) % 200
                got = c.build(key, lambda k: k * 2, key)
                assert got == key * 2
        except BaseException as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(t,)) for t in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and len(c) <= 64


def test_clear_caches_by_name_empties_only_those() -> None:
    # docs/api.rst ("Caches"): clear_caches(*names) empties the caches named as cache_info lists them.
    a: Cache[int, int] = Cache("test-named-a", maxsize=4)
    b: Cache[int, int] = Cache("test-named-b", maxsize=4)
    a.put(1, 1)
    b.put(1, 1)
    remi.clear_caches("test-named-a")
    assert (len(a), len(b)) == (0, 1)


@pytest.mark.parametrize("name", ["no such cache", "", "SOLVER.LIMITS"])
def test_clear_caches_refuses_an_unknown_name_and_clears_nothing(name: str) -> None:
    c: Cache[int, int] = Cache("test-named-kept", maxsize=4)
    c.put(1, 1)
    with pytest.raises(remi.NotationError, match="No cache is named") as caught:
        remi.clear_caches("test-named-kept", name)
    assert caught.value.code == "unknown-cache" and isinstance(caught.value, ValueError)
    assert repr(name) in str(caught.value) and len(c) == 1


def test_clear_caches_names_must_be_text() -> None:
    with pytest.raises(TypeError, match="cache name must be a str"):
        remi.clear_caches(3)  # type: ignore[arg-type]
