"""Reasons as data: a template and its values, rendered in any of the table's five languages.

Every refusal and every verdict remi writes is a :class:`Message`: a ``str``
holding the English sentence (so code that compares or prints reasons keeps
working) that also remembers the template it was written from and the values
that went into it. :meth:`~remi.Message.render` writes it in another language from
the message catalogues (gettext PO files under ``locale/`` in the repository,
compiled into ``remi._catalogues`` by ``scripts/messages.py``).

>>> from remi.messages import msg, nmsg
>>> m = msg("{card} cannot stand where the run needs {want}.", card="♠9", want="♠8")
>>> m
'♠9 cannot stand where the run needs ♠8.'
>>> dict(m.params)
{'card': '♠9', 'want': '♠8'}
>>> nmsg("{n} card", "{n} cards", 3)
'3 cards'

A value that is itself a message renders in the same language; a tuple or
list renders as its items separated by spaces (cards in remi's notation, the
same in every language). ``{name!l}`` writes a value with its first letter
lowered (a sentence continued after a colon), ``{name!u}`` with it raised.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Final

__all__ = ["LANGUAGES", "Message", "msg", "nmsg", "and_list", "render", "params_of", "plural_index"]

#: The languages remi writes its reasons in: English, Norwegian (bokmål), Swedish, Finnish, Slovenian.
LANGUAGES: Final = ("en", "nb", "sv", "fi", "sl")

_EMPTY: Final[Mapping[str, object]] = MappingProxyType({})


def plural_index(lang: str, n: int) -> int:
    """Which plural form *lang* uses for the count *n* (gettext's ``Plural-Forms`` rule).

    >>> [plural_index("sl", n) for n in (1, 2, 3, 5, 101)]
    [0, 1, 2, 3, 0]
    >>> plural_index("nb", 1), plural_index("nb", 0)
    (0, 1)
    """
    if lang == "sl":
        rest = n % 100
        return 0 if rest == 1 else 1 if rest == 2 else 2 if rest in (3, 4) else 3
    return 0 if n == 1 else 1


def _text(value: object, lang: str) -> str:
    if isinstance(value, Message):
        return value.render(lang)
    if isinstance(value, tuple | list):
        if any(isinstance(item, Message | tuple | list) for item in value):
            return " ".join(_text(item, lang) for item in value)
        return " ".join(map(str, value))
    return str(value)


def _cased(text: str, conversion: str) -> str:
    if conversion == "u":
        return text[:1].upper() + text[1:]
    return text[:1].lower() + text[1:] if text[:2] != text[:2].upper() else text


#: template -> (the template with ``{x!l}``/``{x!u}`` renamed to plain fields, those fields, the ``!r``/``!a`` fields)
_PLANS: dict[str, tuple[str, tuple[tuple[str, str, str], ...], frozenset[str]]] = {}


def _plan(template: str) -> tuple[str, tuple[tuple[str, str, str], ...], frozenset[str]]:
    found = _PLANS.get(template)
    if found is None:
        parts, cased, raw = [], [], set()
        for literal, name, spec, conversion in string.Formatter().parse(template):
            parts.append(literal.replace("{", "{{").replace("}", "}}"))
            if name is None:
                continue
            if conversion in ("l", "u"):
                alias = f"{name}__{conversion}"
                cased.append((name, alias, conversion))
                name, conversion = alias, None
            elif conversion in ("r", "a"):
                raw.add(name)
            parts.append(
                "{" + name + ("!" + conversion if conversion else "") + (":" + spec if spec else "") + "}"
            )
        found = _PLANS[template] = ("".join(parts), tuple(cased), frozenset(raw))
    return found


def _format(template: str, params: Mapping[str, object], lang: str) -> str:
    nested = (tuple, list) if lang == "en" else (Message, tuple, list)
    if "!" not in template and not any(isinstance(v, nested) for v in params.values()):
        return template.format_map(params)
    plain, cased, raw = _plan(template)
    values = {
        name: _text(value, lang) if isinstance(value, nested) and name not in raw else value
        for name, value in params.items()
    }
    for name, alias, conversion in cased:
        values[alias] = _cased(_text(params[name], lang), conversion)
    return plain.format_map(values)


_set = object.__setattr__


class Message(str):
    """A sentence (or phrase) of a reason: its English text, its template and its values.

    A message equals, hashes and prints as its English text. ``params`` is a
    read-only mapping of the values in it; ``render(lang)`` writes it in
    another language. Messages pickle, and keep their values.

    >>> m = msg("A set holds at most {most} cards; this one has {n}.", most=4, n=5)
    >>> m == "A set holds at most 4 cards; this one has 5.", m.params["n"]
    (True, 5)
    """

    __slots__ = ("_values", "plural", "template")
    template: str
    plural: str | None
    _values: dict[str, object]

    def __new__(cls, template: str, plural: str | None, params: Mapping[str, object]) -> Message:
        values = dict(params)
        english = template if plural is None or values.get("n") == 1 else plural
        self = super().__new__(cls, _format(english, values, "en"))
        _set(self, "template", template)
        _set(self, "plural", plural)
        _set(self, "_values", values)
        return self

    @property
    def params(self) -> Mapping[str, object]:
        """The values in this message, read-only."""
        return MappingProxyType(self._values)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Message is frozen; cannot set {name!r}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Message, (self.template, self.plural, dict(self._values)))

    def render(self, lang: str = "en") -> str:
        """Write this message in *lang* (one of :data:`LANGUAGES`; English when untranslated).

        >>> msg("The game is over; no more actions.").render("en")
        'The game is over; no more actions.'
        """
        if lang == "en":
            return str.__str__(self)
        found = _catalogue(lang).get(self.template if self.plural is None else (self.template, self.plural))
        if found is None:
            template = self.template if self.plural is None or self._values.get("n") == 1 else self.plural
        elif isinstance(found, tuple):
            count = self._values.get("n")
            template = found[min(plural_index(lang, count if isinstance(count, int) else 0), len(found) - 1)]
        else:
            template = found
        return _format(template, self._values, lang)


def msg(template: str, /, **params: object) -> Message:
    """Make a message from a ``str.format`` *template* (a string literal: the catalogues' key).

    >>> msg("Seat {seat} does not hold {cards}.", seat=2, cards=("♠7", "♥7"))
    'Seat 2 does not hold ♠7 ♥7.'
    """
    return Message(template, None, params)


def nmsg(singular: str, plural: str, n: int, /, **params: object) -> Message:
    """Make a message with a count: the value ``n`` picks the language's plural form.

    >>> nmsg("{n} joker", "{n} jokers", 1), nmsg("{n} joker", "{n} jokers", 2)
    ('1 joker', '2 jokers')
    """
    return Message(singular, plural, {"n": n, **params})


def and_list(items: tuple[object, ...] | list[object]) -> Message:
    """Join *items* as a list in words: ``a``, ``a and b``, ``a, b and c``.

    >>> and_list(["♠", "♥", "♦"])
    '♠, ♥ and ♦'
    """
    items = list(items)
    if len(items) == 1:
        return msg("{only}", only=items[0])
    return msg("{head} and {last}", head=_joined(items[:-1]), last=items[-1])


def _joined(items: list[object]) -> object:
    if len(items) == 1:
        return items[0]
    return msg("{head}, {last}", head=_joined(items[:-1]), last=items[-1])


def render(text: str, lang: str) -> str:
    """Write *text* in *lang*: a :class:`Message` is rendered, any other string is as it is.

    >>> render(msg("{n} points", n=3), "en"), render("plain", "sl")
    ('3 points', 'plain')
    """
    return text.render(lang) if isinstance(text, Message) else str(text)


def params_of(text: str) -> Mapping[str, object]:
    """The values in *text* if it is a :class:`Message` (an empty mapping if not)."""
    return text.params if isinstance(text, Message) else _EMPTY


_CATALOGUES: dict[str, Mapping[object, str | tuple[str, ...]]] = {}


def _catalogue(lang: str) -> Mapping[object, str | tuple[str, ...]]:
    found = _CATALOGUES.get(lang)
    if found is None:  # loaded when a reason is first written in another language: ``import remi`` reads none
        from ._catalogues import fi, nb, sl, sv

        modules = {"nb": nb, "sv": sv, "fi": fi, "sl": sl}
        found = _CATALOGUES[lang] = modules[lang].MESSAGES
    return found
