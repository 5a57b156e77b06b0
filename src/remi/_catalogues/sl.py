"""The Slovenian message catalogue, compiled from locale/sl.po by scripts/messages.py: do not edit."""

MESSAGES: dict[object, str | tuple[str, ...]] = {
    'A pack cannot hold {jokers!r} jokers.': 'Kup ne more imeti {jokers!r} jokerjev.',
    'A pack needs at least one deck, not {decks!r}.': 'Kup potrebuje vsaj en komplet kart, ne {decks!r}.',
    'Expected card text or an iterable of cards, got {type}.': 'Pričakovane so bile karte kot besedilo ali zbirka kart, dobljeno {type}.',
    'Expected card text, got {type} {token!r}.': 'Pričakovana je bila karta kot besedilo, dobljeno {type} {token!r}.',
    'There is no card of rank {rank!r} and suit {suit!r}.': 'Ni karte z vrednostjo {rank!r} in barvo {suit!r}.',
    'There is no language {lang!r} in remi: the languages are {languages}.': 'remi ne pozna jezika {lang!r}: jeziki so {languages}.',
    '{code!r} is not a card code.': '{code!r} ni koda karte.',
    '{head} and {last}': '{head} in {last}',
    '{head}, {last}': '{head}, {last}',
    '{only}': '{only}',
    '{suit!r} is not a suit.': '{suit!r} ni barva.',
    '{token!r} is not a card: expected a rank (A 2-10 J Q K, T for 10) and a suit (♠ ♥ ♦ ♣ or S H D C).': '{token!r} ni karta: pričakovana je vrednost (A 2-10 J Q K, T za 10) in barva (♠ ♥ ♦ ♣ ali S H D C).',
}
