"""One error tree: every error remi raises is a :class:`RemiError`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .codes import ErrorCode
from .messages import LANGUAGES, and_list, msg, params_of, render

__all__ = [
    "RemiError",
    "NotationError",
    "RulesetError",
    "MeldError",
    "IllegalActionError",
    "StateError",
    "UnsupportedError",
    "require_language",
]


class RemiError(Exception):
    """Base of every error remi raises.

    Each error carries a stable machine-readable ``code`` (one of the
    :data:`~remi.ErrorCode` values listed on the :doc:`/errors` page) and a
    human ``reason``; ``str(error)`` is the reason. Errors compare equal
    when their type, code and reason are equal, and they pickle, so an error
    raised in a worker process arrives intact.

    >>> import pickle
    >>> err = RemiError("internal", "Something is wrong.")
    >>> err.code, str(err)
    ('internal', 'Something is wrong.')
    >>> pickle.loads(pickle.dumps(err)) == err
    True
    """

    code: ErrorCode
    reason: str

    def __init__(self, code: ErrorCode, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason

    @property
    def params(self) -> Mapping[str, object]:
        """The values in the reason (cards, numbers, meld text, seats), read-only.

        >>> import remi
        >>> try:
        ...     remi.parse_cards("♠7 zz")
        ... except remi.NotationError as err:
        ...     dict(err.params)
        {'token': 'zz'}
        """
        return params_of(self.reason)

    def reason_in(self, lang: str) -> str:
        """The reason in *lang*, one of :data:`~remi.LANGUAGES`; ``reason_in("en") == reason``.

        >>> RemiError("internal", "Something is wrong.").reason_in("en")
        'Something is wrong.'
        """
        return render(self.reason, require_language(lang))

    def __reduce__(self) -> tuple[Any, ...]:
        # BaseException pickles ``self.args`` (the reason alone); rebuild from code and reason,
        # and keep any other attributes (``__notes__``, fields a caller set).
        return (type(self), (self.code, self.reason), self.__dict__ or None)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.reason!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RemiError) or type(other) is not type(self):
            return NotImplemented
        return (self.code, self.reason) == (other.code, other.reason)

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.code, self.reason))


class NotationError(RemiError, ValueError):
    """Text that is not valid card, meld or action notation."""


class RulesetError(RemiError, ValueError):
    """A ruleset whose options contradict each other or cannot be played."""


class MeldError(RemiError, ValueError):
    """A group of cards that is not a legal meld (raised by the ``require_*`` helpers)."""


class IllegalActionError(RemiError, ValueError):
    """An action that is not legal in the given game state."""


class StateError(RemiError, ValueError):
    """A serialized game state (or other input structure) that is malformed."""


class LimitError(RemiError, ValueError):
    """An answer longer than remi gives in one call: a listing past :data:`~remi.MAX_LAYOUTS` layouts.

    Ask for its first part with ``limit=``, or ask a question with a short
    answer (:func:`~remi.find_contract`, :func:`~remi.can_complete_contract`).
    """


class UnsupportedError(RemiError, NotImplementedError):
    """A feature that this version of remi does not offer yet."""


def require_language(lang: object) -> str:
    """Return *lang* if remi writes that language; raise :class:`NotationError` (``unknown-language``) if not.

    >>> require_language("sl")
    'sl'
    >>> require_language("de")
    Traceback (most recent call last):
    ...
    remi.NotationError: There is no language 'de' in remi: the languages are en, nb, sv, fi and sl.
    """
    if isinstance(lang, str) and lang in LANGUAGES:
        return lang
    raise NotationError(
        "unknown-language",
        msg(
            "There is no language {lang!r} in remi: the languages are {languages}.",
            lang=lang if isinstance(lang, str) else repr(lang)[:40],
            languages=and_list(list(LANGUAGES)),
        ),
    )
