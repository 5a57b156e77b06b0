// The referee page's own words in the five languages (remi writes the verdicts and the rules sheet).
"use strict";

const UI = {
  en: {
    title: "remi referee", sub: "Rummy rulings in your browser, from the remi rules library. Nothing leaves this page.",
    loading: "Loading the referee (Python in the browser)…", ready: "Ready.", failed: "The referee could not start: ",
    link: "Link to this ruling", game: "Game", language: "Language", question: "Question",
    "q.meld": "Is this a legal meld?", "q.contract": "Do these melds fulfil round N's contract?",
    "q.opening": "Is this a legal opening?", "q.layoff": "May these cards be laid off onto this meld?",
    "q.swap": "May this card take back the joker?", "q.value": "What is this hand worth?",
    meld: "Meld on the table", melds: "Melds (separate with /)", round: "Round", cards: "Cards",
    picker: "Card picker", clear: "Clear", ask: "Ask the referee", rules: "House rules:",
    allowed: "✓ Allowed", refused: "✗ Refused", joker: "joker back: ", points: "pts",
  },
  nb: {
    title: "remi-dommer", sub: "Remi-avgjørelser i nettleseren, fra regelbiblioteket remi. Ingenting forlater denne siden.",
    loading: "Laster dommeren (Python i nettleseren)…", ready: "Klar.", failed: "Dommeren kunne ikke starte: ",
    link: "Lenke til denne avgjørelsen", game: "Spill", language: "Språk", question: "Spørsmål",
    "q.meld": "Er dette en gyldig kombinasjon?", "q.contract": "Oppfyller disse kombinasjonene kontrakten i runde N?",
    "q.opening": "Er dette en gyldig åpning?", "q.layoff": "Kan disse kortene legges på denne kombinasjonen?",
    "q.swap": "Kan dette kortet ta tilbake jokeren?", "q.value": "Hva er denne hånden verdt?",
    meld: "Kombinasjon på bordet", melds: "Kombinasjoner (skill med /)", round: "Runde", cards: "Kort",
    picker: "Kortvelger", clear: "Tøm", ask: "Spør dommeren", rules: "Husregler:",
    allowed: "✓ Tillatt", refused: "✗ Ikke tillatt", joker: "jokeren tilbake: ", points: "poeng",
  },
  sv: {
    title: "remi-domare", sub: "Rummyavgöranden i webbläsaren, från regelbiblioteket remi. Ingenting lämnar den här sidan.",
    loading: "Laddar domaren (Python i webbläsaren)…", ready: "Klar.", failed: "Domaren kunde inte starta: ",
    link: "Länk till det här avgörandet", game: "Spel", language: "Språk", question: "Fråga",
    "q.meld": "Är det här en giltig kombination?", "q.contract": "Uppfyller de här kombinationerna kontraktet i omgång N?",
    "q.opening": "Är det här en giltig öppning?", "q.layoff": "Får de här korten läggas på den här kombinationen?",
    "q.swap": "Får det här kortet ta tillbaka jokern?", "q.value": "Vad är den här handen värd?",
    meld: "Kombination på bordet", melds: "Kombinationer (skilj med /)", round: "Omgång", cards: "Kort",
    picker: "Kortväljare", clear: "Rensa", ask: "Fråga domaren", rules: "Husregler:",
    allowed: "✓ Tillåtet", refused: "✗ Inte tillåtet", joker: "jokern tillbaka: ", points: "poäng",
  },
  fi: {
    title: "remi-tuomari", sub: "Rommin sääntöratkaisut selaimessa remi-sääntökirjastolla. Mikään ei lähde tältä sivulta.",
    loading: "Ladataan tuomaria (Python selaimessa)…", ready: "Valmis.", failed: "Tuomari ei käynnistynyt: ",
    link: "Linkki tähän ratkaisuun", game: "Peli", language: "Kieli", question: "Kysymys",
    "q.meld": "Onko tämä kelvollinen yhdistelmä?", "q.contract": "Täyttävätkö nämä yhdistelmät kierroksen N sopimuksen?",
    "q.opening": "Onko tämä kelvollinen avaus?", "q.layoff": "Saako nämä kortit lisätä tähän yhdistelmään?",
    "q.swap": "Saako tämä kortti ottaa jokerin takaisin?", "q.value": "Paljonko tämä käsi on arvoinen?",
    meld: "Yhdistelmä pöydällä", melds: "Yhdistelmät (erota /-merkillä)", round: "Kierros", cards: "Kortit",
    picker: "Korttivalitsin", clear: "Tyhjennä", ask: "Kysy tuomarilta", rules: "Talon säännöt:",
    allowed: "✓ Sallittu", refused: "✗ Ei sallittu", joker: "jokeri takaisin: ", points: "pistettä",
  },
  sl: {
    title: "remi sodnik", sub: "Odločitve za remi v brskalniku, iz knjižnice pravil remi. Nič ne zapusti te strani.",
    loading: "Nalagam sodnika (Python v brskalniku)…", ready: "Pripravljeno.", failed: "Sodnik se ni mogel zagnati: ",
    link: "Povezava do te odločitve", game: "Igra", language: "Jezik", question: "Vprašanje",
    "q.meld": "Je to veljavna kombinacija?", "q.contract": "Ali te kombinacije izpolnijo pogodbo N. kroga?",
    "q.opening": "Je to veljavno odprtje?", "q.layoff": "Ali se te karte smejo dodati k tej kombinaciji?",
    "q.swap": "Ali sme ta karta vzeti jokerja nazaj?", "q.value": "Koliko je vredna ta roka?",
    meld: "Kombinacija na mizi", melds: "Kombinacije (ločite z /)", round: "Krog", cards: "Karte",
    picker: "Izbirnik kart", clear: "Počisti", ask: "Vprašaj sodnika", rules: "Hišna pravila:",
    allowed: "✓ Dovoljeno", refused: "✗ Ni dovoljeno", joker: "joker nazaj: ", points: "točk",
  },
};

// The page's word for *key* in *lang* (English where a language lacks it).
function t(lang, key) {
  return (UI[lang] || UI.en)[key] || UI.en[key];
}

// Write every element marked data-t in *lang*.
function translatePage(lang) {
  for (const el of document.querySelectorAll("[data-t]")) el.textContent = t(lang, el.dataset.t);
}
