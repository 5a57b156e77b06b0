"""One cache facility: bounded, thread-safe maps that forget the least recently used entry.

Every process-wide cache in remi is a :class:`Cache`, a :func:`memoize` d function or a
:class:`RulesetCache`, and each registers itself by name, so :func:`clear_caches` empties
them all and :func:`cache_info` lists them. There is one eviction policy: when a cache is
full, the entry used least recently goes.

>>> squares = Cache("doctest-squares", maxsize=2)
>>> squares.build(3, lambda n: n * n, 3)
9
>>> squares.put(4, 16), squares.put(5, 25), len(squares)
(16, 25, 2)
>>> squares.get(3) is None          # the least recently used entry went first
True
>>> clear_caches(); len(squares)
0
"""

from __future__ import annotations

import functools
from collections import OrderedDict
from collections.abc import Callable, Hashable
from threading import Lock
from typing import Any, Final, Generic, NamedTuple, ParamSpec, Protocol, TypeVar

from .errors import NotationError
from .messages import msg

__all__ = ["Cache", "CacheInfo", "RulesetCache", "cache_info", "clear_caches", "memoize"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
R = TypeVar("R")
P = ParamSpec("P")


class CacheInfo(NamedTuple):
    """One registered cache: its name, how many entries it holds and how many it may."""

    name: str
    size: int
    maxsize: int


class _Registered(Protocol):
    name: str

    def clear(self) -> None: ...

    def info(self) -> CacheInfo: ...


_REGISTRY: Final[dict[str, _Registered]] = {}
_REGISTRY_LOCK: Final = Lock()


def _register(cache: _Registered) -> None:
    with _REGISTRY_LOCK:
        # A name registered again (a module reloaded) names the new cache from then on.
        _REGISTRY[cache.name] = cache


def _check_size(name: str, maxsize: int) -> None:
    if not isinstance(maxsize, int) or isinstance(maxsize, bool) or maxsize < 1:
        raise ValueError(f"cache {name!r}: maxsize must be a positive int, not {maxsize!r}")


class Cache(Generic[K, V]):
    """A bounded, thread-safe map that forgets the least recently used entry when it is full.

    ``None`` means "not kept" (:meth:`get`), so a value of ``None`` is computed again each time.

    >>> c: Cache[str, int] = Cache("doctest-lengths", maxsize=8)
    >>> c.build("abc", len, "abc"), c.get("abc"), c.get("zz")
    (3, 3, None)
    """

    __slots__ = ("_data", "_lock", "maxsize", "name")

    def __init__(self, name: str, maxsize: int) -> None:
        _check_size(name, maxsize)
        self.name = name
        self.maxsize = maxsize
        self._data: OrderedDict[K, V] = OrderedDict()
        self._lock = Lock()
        _register(self)

    def get(self, key: K) -> V | None:
        """The value kept for *key* (now the most recently used), or ``None``."""
        # Each step is one atomic operation of the C OrderedDict, so reads take no lock;
        # writes (below) are serialized by it.
        data = self._data
        value = data.get(key)
        if value is not None:
            try:  # noqa: SIM105 (contextlib.suppress costs a third of a hit)
                data.move_to_end(key)
            except KeyError:  # another thread forgot it meanwhile
                pass
        return value

    def put(self, key: K, value: V) -> V:
        """Keep *value* for *key*, forgetting the least recently used entry if full; return *value*."""
        with self._lock:
            data = self._data
            data[key] = value
            data.move_to_end(key)
            while len(data) > self.maxsize:
                data.popitem(last=False)
        return value

    def build(self, key: K, make: Callable[..., V], *args: Any) -> V:
        """The value kept for *key*, or ``make(*args)``, kept for it (computed outside the lock)."""
        value = self.get(key)
        if value is None:
            value = self.put(key, make(*args))
        return value

    def clear(self) -> None:
        """Forget every entry."""
        with self._lock:
            self._data.clear()

    def info(self) -> CacheInfo:
        """This cache's name, size and bound."""
        return CacheInfo(self.name, len(self._data), self.maxsize)

    def __len__(self) -> int:
        return len(self._data)

    def __repr__(self) -> str:
        return f"<Cache {self.name!r} {len(self._data)}/{self.maxsize}>"


class RulesetCache(Generic[V]):
    """One value per ruleset object, matched by identity, built on first use.

    A ruleset is compared by identity (the entry keeps the ruleset alive, so its id cannot be
    reused while the entry lives): comparing equal but distinct rulesets field by field on
    every lookup would cost more than most answers kept.

    >>> import remi
    >>> names = RulesetCache("doctest-names", maxsize=4, make=lambda rules: rules.name)
    >>> names.get(remi.GIN)
    'Gin Rummy'
    """

    __slots__ = ("_cache", "_make", "name")

    def __init__(self, name: str, maxsize: int, make: Callable[[Any], V]) -> None:
        self._cache: Cache[int, tuple[object, V]] = Cache(name, maxsize)
        self._make = make
        self.name = name

    def get(self, ruleset: object) -> V:
        """The value for *ruleset*, built by ``make(ruleset)`` the first time it is asked for."""
        entry = self._cache.get(id(ruleset))
        if entry is None or entry[0] is not ruleset:
            entry = self._cache.put(id(ruleset), (ruleset, self._make(ruleset)))
        return entry[1]

    def clear(self) -> None:
        """Forget every ruleset's value."""
        self._cache.clear()

    def info(self) -> CacheInfo:
        """This cache's name, size and bound."""
        return self._cache.info()


class _Memoized:
    """The registry's handle on one :func:`functools.lru_cache`."""

    __slots__ = ("function", "maxsize", "name")

    def __init__(self, name: str, maxsize: int, function: Any) -> None:
        self.name = name
        self.maxsize = maxsize
        self.function = function

    def clear(self) -> None:
        self.function.cache_clear()

    def info(self) -> CacheInfo:
        return CacheInfo(self.name, self.function.cache_info().currsize, self.maxsize)


def memoize(name: str, maxsize: int) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Decorate a function of hashable arguments with a bounded least-recently-used cache.

    The cache is :func:`functools.lru_cache` (thread-safe, the same eviction policy as
    :class:`Cache`), registered under *name*.

    >>> @memoize("doctest-double", maxsize=4)
    ... def double(n: int) -> int:
    ...     return 2 * n
    >>> double(21), [i for i in cache_info() if i.name == "doctest-double"][0].size
    (42, 1)
    """
    _check_size(name, maxsize)

    def decorate(function: Callable[P, R]) -> Callable[P, R]:
        wrapped = functools.lru_cache(maxsize=maxsize)(function)
        _register(_Memoized(name, maxsize, wrapped))
        return wrapped  # type: ignore[return-value]

    return decorate


def clear_caches(*names: str) -> None:
    """Empty every cache remi keeps, or the caches *names* (as :func:`cache_info` lists them).

    For benches that time cold calls, tests and memory-minded bots; the
    answers do not change, only the next calls are slower. A bench that times
    one search with no answer kept, but with the ruleset's compiled tables
    warm, names the answer caches it means.

    >>> import remi
    >>> remi.clear_caches()
    >>> remi.clear_caches("solver.least-deadwood", "solver.mask-deadwood")
    >>> remi.clear_caches("no such cache")
    Traceback (most recent call last):
    ...
    remi.NotationError: No cache is named 'no such cache'; cache_info() lists the caches there are.
    """
    with _REGISTRY_LOCK:
        if not names:
            caches = list(_REGISTRY.values())
        else:
            caches = [_named(name) for name in names]
    for cache in caches:
        cache.clear()


def _named(name: object) -> _Registered:
    if not isinstance(name, str):
        raise TypeError(f"a cache name must be a str, not {type(name).__name__} {name!r:.60}.")
    cache = _REGISTRY.get(name)
    if cache is None:
        raise NotationError(
            "unknown-cache",
            msg("No cache is named {name!r:.80}; cache_info() lists the caches there are.", name=name),
        )
    return cache


def cache_info() -> tuple[CacheInfo, ...]:
    """Every registered cache's name, size and bound, in name order.

    >>> import remi
    >>> all(info.size <= info.maxsize for info in remi.cache_info())
    True
    """
    with _REGISTRY_LOCK:
        caches = sorted(_REGISTRY.items())
    return tuple(cache.info() for _, cache in caches)
