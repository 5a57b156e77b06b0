"""The Norwegian (bokmål) message catalogue, compiled from locale/nb.po by scripts/messages.py: do not edit."""

MESSAGES: dict[object, str | tuple[str, ...]] = {
    'A pack cannot hold {jokers!r} jokers.': 'En kortstokk kan ikke ha {jokers!r} jokere.',
    'A pack needs at least one deck, not {decks!r}.': 'En pakke trenger minst én kortstokk, ikke {decks!r}.',
    'Expected card text or an iterable of cards, got {type}.': 'Ventet kort som tekst eller en samling kort, fikk {type}.',
    'Expected card text, got {type} {token!r}.': 'Ventet kort som tekst, fikk {type} {token!r}.',
    'There is no card of rank {rank!r} and suit {suit!r}.': 'Det finnes ikke noe kort med valør {rank!r} og farge {suit!r}.',
    'There is no language {lang!r} in remi: the languages are {languages}.': 'remi har ikke språket {lang!r}: språkene er {languages}.',
    '{code!r} is not a card code.': '{code!r} er ingen kortkode.',
    '{head} and {last}': '{head} og {last}',
    '{head}, {last}': '{head}, {last}',
    '{only}': '{only}',
    '{suit!r} is not a suit.': '{suit!r} er ingen farge.',
    '{token!r} is not a card: expected a rank (A 2-10 J Q K, T for 10) and a suit (♠ ♥ ♦ ♣ or S H D C).': '{token!r} er ikke et kort: ventet en valør (A 2-10 J Q K, T for 10) og en farge (♠ ♥ ♦ ♣ eller S H D C).',
}
