"""The Finnish message catalogue, compiled from locale/fi.po by scripts/messages.py: do not edit."""

MESSAGES: dict[object, str | tuple[str, ...]] = {
    'A pack cannot hold {jokers!r} jokers.': 'Pakassa ei voi olla {jokers!r} jokeria.',
    'A pack needs at least one deck, not {decks!r}.': 'Pakkaan tarvitaan vähintään yksi korttipakka, ei {decks!r}.',
    'Expected card text or an iterable of cards, got {type}.': 'Odotettiin korttia tekstinä tai korttien kokoelmaa, saatiin {type}.',
    'Expected card text, got {type} {token!r}.': 'Odotettiin korttia tekstinä, saatiin {type} {token!r}.',
    'There is no card of rank {rank!r} and suit {suit!r}.': 'Ei ole korttia, jonka arvo on {rank!r} ja maa {suit!r}.',
    'There is no language {lang!r} in remi: the languages are {languages}.': 'remissä ei ole kieltä {lang!r}: kielet ovat {languages}.',
    '{code!r} is not a card code.': '{code!r} ei ole korttikoodi.',
    '{head} and {last}': '{head} ja {last}',
    '{head}, {last}': '{head}, {last}',
    '{only}': '{only}',
    '{suit!r} is not a suit.': '{suit!r} ei ole maa.',
    '{token!r} is not a card: expected a rank (A 2-10 J Q K, T for 10) and a suit (♠ ♥ ♦ ♣ or S H D C).': '{token!r} ei ole kortti: odotettiin arvoa (A 2-10 J Q K, T on 10) ja maata (♠ ♥ ♦ ♣ tai S H D C).',
}
