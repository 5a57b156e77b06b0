"""The Swedish message catalogue, compiled from locale/sv.po by scripts/messages.py: do not edit."""

MESSAGES: dict[object, str | tuple[str, ...]] = {
    'A pack cannot hold {jokers!r} jokers.': 'En kortlek kan inte ha {jokers!r} jokrar.',
    'A pack needs at least one deck, not {decks!r}.': 'En packe behöver minst en kortlek, inte {decks!r}.',
    'Expected card text or an iterable of cards, got {type}.': 'Väntade kort som text eller en samling kort, fick {type}.',
    'Expected card text, got {type} {token!r}.': 'Väntade kort som text, fick {type} {token!r}.',
    'There is no card of rank {rank!r} and suit {suit!r}.': 'Det finns inget kort med valör {rank!r} och färg {suit!r}.',
    'There is no language {lang!r} in remi: the languages are {languages}.': 'remi har inte språket {lang!r}: språken är {languages}.',
    '{code!r} is not a card code.': '{code!r} är ingen kortkod.',
    '{head} and {last}': '{head} och {last}',
    '{head}, {last}': '{head}, {last}',
    '{only}': '{only}',
    '{suit!r} is not a suit.': '{suit!r} är ingen färg.',
    '{token!r} is not a card: expected a rank (A 2-10 J Q K, T for 10) and a suit (♠ ♥ ♦ ♣ or S H D C).': '{token!r} är inget kort: väntade en valör (A 2-10 J Q K, T för 10) och en färg (♠ ♥ ♦ ♣ eller S H D C).',
}
