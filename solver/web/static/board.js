// The analysis board: one page over the JSON API (see docs/web.md).
// One state object holds everything the page shows; the URL's fragment holds that
// state, so a link reopens the same board, answers included (recomputed from the seed).
// Every answer is kept with the key of the state it was computed from and shown only
// while the state still has that key: changing an input clears what depended on it.
"use strict";

const SEATS = ["N", "E", "S", "W"];
const SUITS = ["S", "H", "D", "C"];
const STRAINS = ["S", "H", "D", "C", "SA", "TA"];
const LEVELS = [80, 90, 100, 110, 120, 130, 140, 150, 160, "capot"];
const SYM = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RANKS = "AKQJT987";
const TRUMP_ORDER = "J9ATKQ87", PLAIN_ORDER = "ATKQJ987";
// French bid letters (docs/language.md): P pique, C cœur, K carreau, T trèfle.
const FR_STRAIN = { P: "S", C: "H", K: "D", T: "C", SA: "SA", TA: "TA" };
const EN_TO_FR = { S: "P", H: "C", D: "K", C: "T", SA: "SA", TA: "TA" };
const NAMES = {
  fr: { A: "A", K: "R", Q: "D", J: "V", T: "10", 9: "9", 8: "8", 7: "7" },
  en: { A: "A", K: "K", Q: "Q", J: "J", T: "10", 9: "9", 8: "8", 7: "7" },
};
const SPOKEN = {
  fr: { A: "As", K: "Roi", Q: "Dame", J: "Valet", T: "Dix", 9: "Neuf", 8: "Huit", 7: "Sept",
        S: "de pique", H: "de cœur", D: "de carreau", C: "de trèfle" },
  en: { A: "Ace", K: "King", Q: "Queen", J: "Jack", T: "Ten", 9: "Nine", 8: "Eight", 7: "Seven",
        S: "of spades", H: "of hearts", D: "of diamonds", C: "of clubs" },
};
const TEXT = {
  fr: {
    title: "Tableau d'analyse", tab_table: "Table", tab_play: "Jouer", tab_advice: "Enchères",
    tab_practice: "Entraînement", copy_link: "Copier le lien", deal: "Donne", load: "Charger",
    seed: "Graine", random: "Donne au hasard", build: "Composer", dealer: "Donneur",
    N: "Nord", E: "Est", S: "Sud", W: "Ouest", suit_S: "Pique", suit_H: "Cœur", suit_D: "Carreau", suit_C: "Trèfle", SA: "Sans atout", TA: "Tout atout",
    strain: "Atout", leader: "Entame", first_leader: "Entame par", to_move: "À jouer", tricks: "Plis", points: "Points",
    table_title: "Table double mort : points de N-S selon l'atout et l'entameur",
    table_help: "Chaque case : points de N-S (E-O en petit) si les deux camps jouent parfaitement. Cliquez une case pour jouer la donne.",
    best_bids: "Meilleure enchère de chaque camp (entame", ns: "N-S", ew: "E-O", par: "Par",
    par_contract: "Contrat par", nobody: "Tout le monde passe", auction: "Enchères",
    value_now: "Avec un jeu parfait, N-S marquent", undo: "↶ Annuler", redo: "↷ Rétablir",
    best_card: "Meilleure carte", best_line: "Jouer la fin parfaitement", restart: "Recommencer",
    review: "Revoir le jeu", review_title: "Revue du jeu joué", no_mistake: "Aucune erreur : chaque carte était la meilleure.",
    pick_help: "Ou cliquez les 8 cartes de la main :", last_trick: "Dernier pli", your_hand: "Votre main", best_cards: "Meilleures cartes", lost_by: "points perdus par les erreurs", trick: "Pli", mistake: "coûte", best_was: "meilleur", legend: "Sous chaque carte jouable : points de son camp s'il la joue.",
    lg_good: "meilleure", lg_ok: "perd moins de 10", lg_bad: "perd 10 ou plus",
    over: "Donne terminée", hand: "Main", seat: "Place", samples: "Donnes tirées", advise: "Conseiller",
    lookahead: "Anticiper la suite des enchères", lookahead_help: "Juger chaque annonce en poursuivant les enchères sur chaque donne",
    cancel: "Arrêter", stop_keep: "Arrêter et garder l'estimation", stopping: "Arrêt à la fin de ce tour…",
    best_so_far: "En tête pour l'instant", runner_up: "suivant",
    stopped_user: "Arrêté à votre demande : la réponse repose sur les {n} donnes résolues.", auction_so_far: "Enchères jusqu'ici (depuis le joueur après le donneur)",
    sampling: "Tirage et résolution des donnes", recommendation: "Conseil", answer: "Après ces enchères",
    pass: "passe", histograms: "Points du camp sur les donnes tirées (belote comprise), niveaux d'enchère marqués",
    grid: "Grille des enchères : chance de réussir et score moyen (si contré quand elle chute)",
    practice_bid: "Problème d'enchères", practice_play: "Problème de jeu de la carte", next: "Problème suivant",
    your_call: "Votre annonce ?", your_card: "Cliquez la carte que vous jouez", score: "Score",
    right: "Bien joué !", wrong: "Pas tout à fait.", deals: "donnes",
    you_chose: "Vous avez choisi", lost: "vous perdez", copied: "Lien copié dans le presse-papiers",
    build_help: "Choisissez la place, puis cliquez les cartes pour les lui donner ; cliquez une carte d'une main pour la reprendre.",
    build_to: "Donner à", build_done: "Utiliser cette donne", cards_left: "cartes restantes",
    from_deal: "Main de la donne", make: "réussit", ev: "score moyen",
    in_auction: "L'annonce suivante, sur les donnes conformes aux enchères", fit: "des donnes tirées s'accordent avec les enchères",
    carried: "{n} donnes reprises de la question précédente",
    call: "Annonce", rules: "Règles", rules_help: "Variantes NOM=VALEUR séparées par des virgules, comme coinche --rule (vide : les règles par défaut)",
    from_seat: "Depuis la place du joueur", from_seat_help: "Ce que le joueur à jouer peut savoir : sa main, les cartes jouées et ce qu'elles prouvent ; les mains cachées sont tirées au hasard.",
    contract: "Contrat", declarer: "Déclarant", seat_advice: "Quelle carte, depuis sa place", seat_review: "Revue depuis chaque place",
    play_out: "Faire jouer la fin (PIMC)", worlds: "Mondes", card: "Carte", our_points: "Nos points", succeed: "Nous réussissons",
    vs_best: "Écart à la meilleure", real: "Nos points sur la vraie donne", verdicts: "Verdicts",
    v_good: "bonne des deux façons", v_mistake: "erreur des deux façons", v_badluck: "juste, mais pas sur cette donne", v_lucky: "fautive, mais elle a marché ici", v_forced: "pas le choix",
    seen: "depuis la place", as_good: "aussi bonne que la meilleure", on_deal: "sur la donne", pimc_result: "Jeu réaliste (PIMC)", took: "prennent", dd: "double mort", made: "réussi", down: "chuté",
  },
  en: {
    title: "Analysis board", tab_table: "Table", tab_play: "Play", tab_advice: "Bidding",
    tab_practice: "Practice", copy_link: "Copy link", deal: "Deal", load: "Load",
    seed: "Seed", random: "Random deal", build: "Build", dealer: "Dealer",
    N: "North", E: "East", S: "South", W: "West", suit_S: "Spades", suit_H: "Hearts", suit_D: "Diamonds", suit_C: "Clubs", SA: "No trump", TA: "All trump",
    strain: "Trumps", leader: "Opening lead", first_leader: "Opening lead by", to_move: "To play", tricks: "Tricks", points: "Points",
    table_title: "Double-dummy table: N-S points by trumps and first leader",
    table_help: "Each cell: N-S points (E-W in small) when both sides play perfectly. Click a cell to play the deal.",
    best_bids: "Each side's best bid (lead by", ns: "N-S", ew: "E-W", par: "Par",
    par_contract: "Par contract", nobody: "All four pass", auction: "Auction",
    value_now: "With perfect play N-S take", undo: "↶ Undo", redo: "↷ Redo",
    best_card: "Best card", best_line: "Play the best line to the end", restart: "Start again",
    review: "Review the play", review_title: "Review of the play", no_mistake: "No mistake: every card was a best card.",
    pick_help: "Or click the hand's 8 cards:", last_trick: "Last trick", your_hand: "Your hand", best_cards: "Best cards", lost_by: "points lost to mistakes", trick: "Trick", mistake: "costs", best_was: "best", legend: "Under each playable card: its side's points if it is played.",
    lg_good: "best", lg_ok: "loses under 10", lg_bad: "loses 10 or more",
    over: "Deal over", hand: "Hand", seat: "Seat", samples: "Deals sampled", advise: "Advise",
    lookahead: "Look ahead", lookahead_help: "Judge each call by continuing the auction on every deal",
    cancel: "Stop", stop_keep: "Stop and keep the estimate", stopping: "Stopping at the end of this round…",
    best_so_far: "Best so far", runner_up: "next",
    stopped_user: "Stopped at your request: the answer rests on the {n} deals solved.", auction_so_far: "Auction so far (from the player after the dealer)",
    sampling: "Sampling and solving deals", recommendation: "Advice", answer: "After this auction",
    pass: "pass", histograms: "The side's points over the sampled deals (belote included), bid levels marked",
    grid: "Bid grid: chance to make and mean score (coinched when it fails)",
    practice_bid: "Bidding problem", practice_play: "Card-play problem", next: "Next problem",
    your_call: "Your call?", your_card: "Click the card you play", score: "Score",
    right: "Well done!", wrong: "Not quite.", deals: "deals",
    you_chose: "You chose", lost: "you lose", copied: "Link copied to the clipboard",
    build_help: "Pick a seat, then click cards to give them to it; click a card in a hand to take it back.",
    build_to: "Give to", build_done: "Use this deal", cards_left: "cards left",
    from_deal: "Hand from the deal", make: "makes", ev: "mean score",
    in_auction: "The next call, on deals that fit the auction", fit: "of the dealt deals fit the auction",
    carried: "{n} deals carried from the question before",
    call: "Call", rules: "Rules", rules_help: "Variants NAME=VALUE separated by commas, as coinche --rule takes them (empty: the default rules)",
    from_seat: "From the player's seat", from_seat_help: "What the player to move can know: its hand, the cards played and what they prove; the hidden hands are dealt at random.",
    contract: "Contract", declarer: "Declarer", seat_advice: "Which card, from this seat", seat_review: "Review from each seat",
    play_out: "Play the rest out (PIMC)", worlds: "Worlds", card: "Card", our_points: "Our points", succeed: "We succeed",
    vs_best: "Against the best", real: "Our points on the real deal", verdicts: "Verdicts",
    v_good: "good by both", v_mistake: "a mistake by both", v_badluck: "right, but not on this deal", v_lucky: "wrong, but it worked here", v_forced: "no choice",
    seen: "from the seat", as_good: "as good as the best", on_deal: "on the deal", pimc_result: "Realistic play (PIMC)", took: "take", dd: "double dummy", made: "made", down: "down",
  },
};

Object.assign(TEXT.fr, {
  card_pts: "pts de cartes", score_pts: "pts de score", costs_a11y: "coûte", best_a11y: "meilleure",
  hidden_card: "carte cachée", trick_list: "Plis joués", trick_go: "Aller à la fin du pli",
  start: "Début", line_title: "Meilleure suite, carte par carte", keys: "Clavier", keys_title: "Raccourcis clavier",
  key_arrows: "← → ↑ ↓ sur une carte : carte voisine", key_enter: "Entrée ou Espace : jouer la carte, presser le bouton",
  key_undo: "u ou ← (hors d'une carte) : annuler", key_redo: "r ou → (hors d'une carte) : rétablir",
  key_help: "? : cette liste", key_esc: "Échap : fermer", close: "Fermer",
  sit_at: "Assis en", only_mine: "Ne montrer que ma main",
  bidding_box: "Boîte à enchères", coinche: "Coinche", surcoinche: "Surcoinche", clear_auction: "Effacer",
  undo_call: "Annuler l'annonce", auction_diagram: "Les enchères", turn_of: "À", to_call: "de parler",
  review_auction: "Revoir les enchères", lead_title: "Conseil d'entame", lead_go: "Conseiller l'entame",
  lead_seat: "Entameur", pimc_vs_dd: "Jeu réaliste (PIMC) pli par pli, et le jeu double mort depuis la même position",
  stopped: "Arrêté.", tolerance_play: "Juste si votre carte perd au plus {n} pts de cartes face à la meilleure.",
  goal_decl: "Le camp du déclarant doit faire au moins {p} points.", goal_def: "La défense doit empêcher le déclarant de faire {p} points.",
  over_standing: "Seules les annonces au-dessus de", legal_only: "sont proposées",
  grid_in_auction: "Grille des enchères sur les donnes conformes aux enchères : chance de réussir et score moyen",
  hist_all: "Points du camp sur toutes les donnes tirées (avant les enchères), belote comprise",
 
  bad_link: "Lien illisible, ignoré :", lost_score: "Perte (pts de score)", best_call: "Meilleure annonce",
  realistic: "Réaliste (PIMC)", dd_col: "Double mort",
});
Object.assign(TEXT.en, {
  card_pts: "card points", score_pts: "score points", costs_a11y: "costs", best_a11y: "best",
  hidden_card: "hidden card", trick_list: "Tricks played", trick_go: "Go to the end of trick",
  start: "Start", line_title: "The best line, card by card", keys: "Keys", keys_title: "Keyboard shortcuts",
  key_arrows: "← → ↑ ↓ on a card: the next card", key_enter: "Enter or Space: play the card, press the button",
  key_undo: "u or ← (off a card): undo", key_redo: "r or → (off a card): redo",
  key_help: "?: this list", key_esc: "Esc: close", close: "Close",
  sit_at: "Sit at", only_mine: "Show only my hand",
  bidding_box: "Bidding box", coinche: "Coinche", surcoinche: "Surcoinche", clear_auction: "Clear",
  undo_call: "Take back the call", auction_diagram: "The auction", turn_of: "", to_call: "to call",
  review_auction: "Review the auction", lead_title: "Opening-lead advice", lead_go: "Advise the lead",
  lead_seat: "Leader", pimc_vs_dd: "Realistic play (PIMC) trick by trick, and double-dummy play from the same position",
  stopped: "Stopped.", tolerance_play: "Right if your card loses at most {n} card points against the best.",
  goal_decl: "The declaring side must take at least {p} points.", goal_def: "The defence must stop the declarer taking {p} points.",
  over_standing: "Only calls over", legal_only: "are offered",
  grid_in_auction: "Bid grid on the deals that fit the auction: chance to make and mean score",
  hist_all: "The side's points over all sampled deals (before the auction), belote included",
 
  bad_link: "Unreadable link, ignored:", lost_score: "Lost (score points)", best_call: "Best call",
  realistic: "Realistic (PIMC)", dd_col: "Double dummy",
});
// Words with a unit: card points and score are never shown bare.
TEXT.fr.mistake = "coûte"; TEXT.en.mistake = "costs";
TEXT.fr.value_now = "Avec un jeu parfait, N-S font"; TEXT.en.value_now = "With perfect play N-S take";
TEXT.fr.legend = "Sous chaque carte jouable : les points de cartes de son camp s'il la joue.";
TEXT.en.legend = "Under each playable card: its side's card points if it is played.";
TEXT.fr.lg_ok = "perd moins de 10 pts"; TEXT.en.lg_ok = "loses under 10 pts";
TEXT.fr.lg_bad = "perd 10 pts ou plus"; TEXT.en.lg_bad = "loses 10 pts or more";
TEXT.fr.lost_by = "points de cartes perdus par les erreurs"; TEXT.en.lost_by = "card points lost to mistakes";
TEXT.fr.histograms = "Points de cartes du camp sur les donnes tirées (belote comprise), niveaux d'enchère marqués";
TEXT.en.histograms = "The side's card points over the sampled deals (belote included), bid levels marked";
TEXT.fr.grid = "Grille des enchères : chance de réussir et score moyen (contré quand elle chute)";
TEXT.en.grid = "Bid grid: chance to make and mean score (coinched when it fails)";
TEXT.fr.our_points = "Nos pts de cartes"; TEXT.en.our_points = "Our card points";
TEXT.fr.ev = "score moyen"; TEXT.en.ev = "mean score";
TEXT.fr.vs_best = "Écart de score à la meilleure"; TEXT.en.vs_best = "Score against the best";
TEXT.fr.real = "Nos pts de cartes sur la vraie donne"; TEXT.en.real = "Our card points on the real deal";
TEXT.fr.answer = "Annonce conseillée après ces enchères"; TEXT.en.answer = "Advised call after this auction";
TEXT.fr.pass = "passe"; TEXT.en.pass = "pass";

// ---------------------------------------------------------------- state and URL
const EXAMPLE = "N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9";
const state = {
  deal: null, seed: null, dealer: "N", panel: "table", lang: null,
  strain: "C", leader: null, played: [], redo: [], level: 80, declarer: null, seatSamples: 50,
  adv: { hand: "", seat: "S", auction: "", samples: 200, seed: 1, ran: false, lookahead: false },
  lead: { seat: null, ran: false },
  practice: { kind: "play", seed: 1, right: 0, tried: 0 },
  view: { me: "S", only: false },
  build: null, rules: "", token: "",
};
// The answers, each with the key of the state it answers (see keyOf); a stale one is never shown.
const answers = {};
let job = null, practiceAnswer = null, playProblem = null;
// Modes from other files (ES modules, e.g. match.js) register here: { urlWrite(q), board(), render(pane), open() }.
const modes = {};

// Every answer depends on the rules too: a change of rules makes every answer stale.
function keyOf(name) {
  const key = stateKey(name);
  return key === null ? null : `${key}#${state.rules}`;
}

function stateKey(name) {
  const a = state.adv, pos = [state.deal, state.strain, leader(), state.played.join(" ")];
  const contract = [`${state.level}${state.strain}`, declarer(), state.seatSamples];
  switch (name) {
    case "table": return state.deal;
    case "par": return [state.deal, state.dealer, state.lang].join("|");
    case "solution": return (practiceActive("play") && playProblem
      ? [playProblem.deal, playProblem.strain, playProblem.leader, playProblem.played] : pos).join("|");
    case "review": return [state.deal, state.strain, leader(), state.played.concat(state.redo.slice().reverse()).join(" ")].join("|");
    case "seatAdvice": case "seatReview": return pos.concat(contract, state.lang).join("|");
    case "playOut": return pos.concat(contract).join("|");
    case "advice": return [a.hand, a.seat, state.dealer, readAuction(a.auction).join(" "), a.samples, a.seed, state.lang, a.lookahead].join("|");
    case "lead": return [state.deal, a.hand, leadSeat(), `${state.level}${state.strain}`, declarer(), a.samples, a.seed, state.lang].join("|");
    case "estimates": return [state.deal, state.dealer, state.lang].join("|");
    case "auctionReview": return [state.deal, state.dealer, readAuction(a.auction).join(" "), a.seed, state.lang, a.lookahead].join("|");
    default: return null;
  }
}
function answer(name) {
  const x = answers[name];
  return x && x.key === keyOf(name) ? x.value : null;
}
function keep(name, value, key) { answers[name] = { key: key === undefined ? keyOf(name) : key, value }; }
function forget(...names) { for (const n of names) delete answers[n]; }

const practiceActive = (kind) => state.panel === "practice" && (!kind || state.practice.kind === kind);
const DEAL_RE = /^[NESW]:\s*([AKQJT987-]*(\.[AKQJT987-]*){3}\s+){3}[AKQJT987-]*(\.[AKQJT987-]*){3}$/i;
const HAND_RE = /^[AKQJT987-]*(\.[AKQJT987-]*){3}$/i;
const CARD_RE = /^[SHDC][AKQJT987]$/;
const int = (v, lo, hi, dflt) => { const n = Number(v); return Number.isInteger(n) && n >= lo && n <= hi ? n : dflt; };

// The play's answers a link reopens (recomputed with the same seed): URL key -> answer.
const REOPEN = { rv: "review", sa: "seatAdvice", sr: "seatReview" };
const reopen = new Set();

// Reads the fragment; a part that does not parse is left at its default and named.
function readUrl() {
  const q = new URLSearchParams(location.hash.slice(1)), bad = [];
  const take = (key, ok, set) => { const v = q.get(key); if (v === null) return; if (ok(v)) set(v); else bad.push(`${key}=${v}`); };
  take("d", (v) => DEAL_RE.test(v.trim()), (v) => { state.deal = v.trim(); });
  take("seed", (v) => int(v, 0, 1e9, null) !== null, (v) => { state.seed = +v; });
  take("dl", (v) => SEATS.includes(v), (v) => { state.dealer = v; });
  take("panel", (v) => ["table", "play", "advice", "practice", "match"].includes(v), (v) => { state.panel = v; });
  take("lang", (v) => ["fr", "en"].includes(v), (v) => { state.lang = v; });
  take("st", (v) => STRAINS.includes(v), (v) => { state.strain = v; });
  take("ld", (v) => SEATS.includes(v), (v) => { state.leader = v; });
  take("p", (v) => v.split("-").every((c) => CARD_RE.test(c)), (v) => { state.played = v.split("-"); });
  take("rd", (v) => v.split("-").every((c) => CARD_RE.test(c)), (v) => { state.redo = v.split("-").reverse(); });
  take("cl", (v) => LEVELS.map(String).includes(v), (v) => { state.level = v === "capot" ? "capot" : +v; });
  take("cd", (v) => SEATS.includes(v), (v) => { state.declarer = v; });
  take("sn", (v) => int(v, 1, 2000, null) !== null, (v) => { state.seatSamples = +v; });
  take("ah", (v) => HAND_RE.test(v), (v) => { state.adv.hand = v.toUpperCase(); });
  take("as", (v) => SEATS.includes(v), (v) => { state.adv.seat = v; });
  take("aa", (v) => v.length < 200, (v) => { state.adv.auction = v; });
  take("an", (v) => int(v, 1, 2000, null) !== null, (v) => { state.adv.samples = +v; });
  take("ax", (v) => int(v, 0, 1e9, null) !== null, (v) => { state.adv.seed = +v; });
  take("ar", (v) => v === "1", () => { state.adv.ran = true; });
  take("al", (v) => v === "1", () => { state.adv.lookahead = true; });
  take("ls", (v) => SEATS.includes(v), (v) => { state.lead.seat = v; });
  take("lr", (v) => v === "1", () => { state.lead.ran = true; });
  take("pk", (v) => ["play", "bid"].includes(v), (v) => { state.practice.kind = v; });
  take("ps", (v) => int(v, 0, 1e9, null) !== null, (v) => { state.practice.seed = +v; });
  take("sc", (v) => /^\d+\/\d+$/.test(v), (v) => { [state.practice.right, state.practice.tried] = v.split("/").map(Number); });
  take("me", (v) => SEATS.includes(v), (v) => { state.view.me = v; });
  take("r", (v) => v.length < 500, (v) => { state.rules = v; });
  take("token", (v) => v.length < 200, (v) => { state.token = v; });
  for (const [k, name] of Object.entries(REOPEN)) take(k, (v) => v === "1", () => { reopen.add(name); });
  take("only", (v) => v === "1", () => { state.view.only = true; });
  return bad;
}

function writeUrl() {
  const q = new URLSearchParams();
  const practice = state.panel === "practice";
  if (state.deal && !practice) q.set("d", state.deal);       // a problem's deal is never in the link
  if (state.seed !== null && !practice) q.set("seed", state.seed);
  q.set("dl", state.dealer);
  q.set("panel", state.panel);
  q.set("lang", state.lang);
  if (!practice) {
    q.set("st", state.strain);
    q.set("ld", leader());
    if (state.played.length) q.set("p", state.played.join("-"));
    if (state.redo.length) q.set("rd", state.redo.slice().reverse().join("-"));
    q.set("cl", state.level);
    q.set("cd", declarer());
    q.set("sn", state.seatSamples);
    if (state.adv.hand) q.set("ah", state.adv.hand);
    q.set("as", state.adv.seat);
    if (state.adv.auction) q.set("aa", state.adv.auction);
    if (state.adv.lookahead) q.set("al", "1");
    q.set("an", state.adv.samples);
    q.set("ax", state.adv.seed);
    if (state.adv.ran) q.set("ar", "1");
    if (state.lead.seat) q.set("ls", state.lead.seat);
    if (state.lead.ran) q.set("lr", "1");
    for (const [k, name] of Object.entries(REOPEN)) if (answer(name)) q.set(k, "1");
  } else {
    q.set("pk", state.practice.kind);
    q.set("ps", state.practice.seed);
    q.set("sc", state.practice.right + "/" + state.practice.tried);
  }
  q.set("me", state.view.me);
  if (state.view.only) q.set("only", "1");
  if (state.rules) q.set("r", state.rules);
  if (state.token) q.set("token", state.token);
  for (const mode of Object.values(modes)) mode.urlWrite(q);
  history.replaceState(null, "", "#" + q.toString());
}

const leader = () => state.leader || SEATS[(SEATS.indexOf(state.dealer) + 1) % 4];
const declarer = () => state.declarer || SEATS[(SEATS.indexOf(leader()) + 3) % 4];
const leadSeat = () => state.lead.seat || SEATS[(SEATS.indexOf(declarer()) + 1) % 4];
const C = () => (state.lang === "fr" ? " : " : ": ");
const t = (key, fields) => {
  let s = TEXT[state.lang][key];
  if (s === undefined) s = key;
  for (const [k, v] of Object.entries(fields || {})) s = s.replace(`{${k}}`, v);
  return s;
};
const $ = (id) => document.getElementById(id);

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) { if (v) e.addEventListener(k.slice(2), v); }
    else if (v !== null && v !== undefined && v !== false) e.setAttribute(k, v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) e.append(c);
  return e;
}
// A label that starts a button ("Passe" beside "Coinche"); inside an auction a call stays "passe".
const capitalised = (text) => text.charAt(0).toUpperCase() + text.slice(1);
const scroller = (...children) => el("div", { class: "scroll" }, ...children);

// ---------------------------------------------------------------- API
// The rules the page computes under, as the API's `rules` field: ["must_undertrump=false", ...].
const rulesList = () => state.rules.split(",").map((r) => r.trim()).filter(Boolean);

// Every request is built here: every computing request carries the rules, and every
// request the board's token when the link gave one.
function requestBody(path, fields) {
  return path === "/api/deal" ? fields : Object.assign({ rules: rulesList() }, fields);
}

// Every request's headers: the page's language (the server writes its errors in it)
// and the board's token when the link gave one.
function apiHeaders() {
  const headers = { "accept-language": state.lang };
  if (state.token) headers["x-board-token"] = state.token;
  return headers;
}

async function api(method, path, fields, keepalive) {
  const opts = { method, headers: apiHeaders(), keepalive: !!keepalive };
  if (fields !== undefined) { opts.body = JSON.stringify(requestBody(path, fields)); opts.headers["content-type"] = "application/json"; }
  const r = await fetch(path, opts);
  const data = await r.json().catch(() => ({ error: `HTTP ${r.status}` }));
  if (!r.ok) throw new Error(data.error || `HTTP ${r.status}`);
  return data;
}

function say(text, info) {
  const m = $("message");
  m.replaceChildren(rich(text || ""));
  m.className = info ? "info" : "";
}

// Runs an action, shows its error as one line; body[data-busy] tells tests when it is done.
let busy = 0;
async function guarded(fn) {
  document.body.dataset.busy = String(++busy);
  const focus = focusKey();
  try { say(""); await fn(); } catch (e) { say(e.message); render(); } finally {
    refocus(focus);
    document.body.dataset.busy = String(--busy);
  }
}

// ---------------------------------------------------------------- cards and words
function cardName(code) { return NAMES[state.lang][code[1]] + SYM[code[0]]; }
function spoken(code) { const w = SPOKEN[state.lang]; return `${w[code[1]]} ${w[code[0]]}`; }
function strainName(s) { return SYM[s] ? SYM[s] : t(s); }
function strainEl(s) { return el("span", { class: s === "H" || s === "D" ? "suit red" : "suit" }, strainName(s)); }
function strainLetter(s) { return state.lang === "fr" ? EN_TO_FR[s] : s; }

// A bid for people: 80♥, 100 SA / 100 NT... in the page's language.
function callText(call) {
  if (!call) return "—";
  const w = call.toLowerCase();
  if (w === "pass") return t("pass");
  if (w === "coinche") return t("coinche");
  if (w === "surcoinche") return t("surcoinche");
  const m = /^(\d+|capot)\s*(SA|TA|S|H|D|C)$/.exec(call.replace(/\s+/g, ""));
  return m ? `${m[1]}${SYM[m[2]] || " " + t(m[2])}` : call;
}

// Server text for people: bids such as "80SA", "capot TA", "120TA W" in the page's words.
function polish(text) {
  return String(text).replace(/\b(\d{2,3}|capot) ?(SA|TA|S|H|D|C)\b/g, (_, lv, st) => callText(lv + st));
}

// Text with its suit symbols coloured (a fragment; put into any element).
function rich(text) {
  const f = document.createDocumentFragment();
  String(text).split(/([♠♥♦♣])/).forEach((part) => {
    if (!part) return;
    if ("♠♣".includes(part)) f.append(el("span", { class: "suit black" }, part));
    else if ("♥♦".includes(part)) f.append(el("span", { class: "suit red" }, part));
    else f.append(part);
  });
  return f;
}
const richEl = (tag, attrs, text) => el(tag, attrs, rich(text));

// Reads a call typed in the page's language: with French on, 80C is cœur, 80P pique,
// 80K carreau, 80T trèfle, and P alone is passe. Returns the API's English call.
function readCall(word) {
  const w = word.trim();
  const low = w.toLowerCase();
  if (["pass", "passe", "-"].includes(low) || (state.lang === "fr" && low === "p")) return "pass";
  if (["coinche", "contre", "x"].includes(low)) return "coinche";
  if (["surcoinche", "surcontre", "xx"].includes(low)) return "surcoinche";
  const m = /^(\d+|capot)\s*(SA|TA|NT|[SHDCPKT♠♥♦♣])$/i.exec(w);
  if (!m) return w;
  let st = m[2].toUpperCase();
  const sym = { "♠": "S", "♥": "H", "♦": "D", "♣": "C" };
  if (sym[st]) st = sym[st];
  else if (st === "NT") st = "SA";
  else if (state.lang === "fr") st = FR_STRAIN[st] || st;
  return `${m[1].toLowerCase()}${st}`;
}
const readAuction = (text) => text.replace(/,/g, " ").split(/\s+/).filter(Boolean).map(readCall);
// The auction as typed in the page's letters (for the field).
function auctionText(calls) {
  return calls.map((c) => {
    const m = /^(\d+|capot)(SA|TA|S|H|D|C)$/.exec(c);
    if (m) return m[1] + strainLetter(m[2]);
    return c === "pass" ? (state.lang === "fr" ? "passe" : "pass") : c;
  }).join(" ");
}

// The cards' order in a hand: trumps J 9 A 10 K Q 8 7, the other suits A 10 K Q J 9 8 7.
function isTrump(suit, strain) { return strain === "TA" || strain === suit; }
function rankOrder(suit, strain) { return strain && isTrump(suit, strain) ? TRUMP_ORDER : PLAIN_ORDER; }
function sortHand(cards, strain) {
  return cards.slice().sort((a, b) => SUITS.indexOf(a[0]) - SUITS.indexOf(b[0])
    || rankOrder(a[0], strain).indexOf(a[1]) - rankOrder(b[0], strain).indexOf(b[1]));
}
// The winner of a full trick (cards in play order from its leader).
function trickWinner(cards, lead, strain) {
  const led = cards[0][0];
  const power = (c) => {
    if (strain !== "TA" && strain !== "SA" && c[0] === strain) return 100 - TRUMP_ORDER.indexOf(c[1]);
    if (c[0] !== led) return -1;
    return 50 - rankOrder(c[0], strain).indexOf(c[1]);
  };
  let best = 0;
  cards.forEach((c, i) => { if (power(c) > power(cards[best])) best = i; });
  return SEATS[(SEATS.indexOf(lead) + best) % 4];
}
// The play in tricks: [{leader, cards, winner}], the last one maybe incomplete.
function tricksOf(played, firstLeader, strain) {
  const out = [];
  let lead = firstLeader;
  for (let i = 0; i < played.length; i += 4) {
    const cards = played.slice(i, i + 4);
    const winner = cards.length === 4 ? trickWinner(cards, lead, strain) : null;
    out.push({ leader: lead, cards, winner, end: i + cards.length });
    if (winner) lead = winner;
  }
  return out;
}
const seatOfCard = (trick, i) => SEATS[(SEATS.indexOf(trick.leader) + i) % 4];

// A control's name for screen readers, said in words while the eye sees the glyphs.
function named(name, ...visible) {
  return [el("span", { class: "sr" }, name), el("span", { class: "seen", "aria-hidden": "true" }, ...visible)];
}
function cardEl(code, extra, label) {
  const red = code[0] === "H" || code[0] === "D";
  const attrs = Object.assign({ type: "button", class: "card " + (red ? "red" : "black"), "data-card": code }, extra || {});
  return el("button", attrs, el("span", { class: "sr" }, label || spoken(code)),
            el("span", { class: "r", "aria-hidden": "true" }, NAMES[state.lang][code[1]]),
            el("span", { class: "s", "aria-hidden": "true" }, SYM[code[0]]));
}
function faceCard(code, cls) {      // a card on show only (the trick, a list): not a control
  const red = code[0] === "H" || code[0] === "D";
  return el("span", { class: `card ${red ? "red" : "black"} ${cls || ""}`, role: "img", "aria-label": spoken(code), "data-card": code },
            el("span", { class: "r", "aria-hidden": "true" }, NAMES[state.lang][code[1]]),
            el("span", { class: "s", "aria-hidden": "true" }, SYM[code[0]]));
}
function handCards(pbn) {
  const out = [];
  pbn.split(".").forEach((ranks, i) => {
    for (const r of ranks.toUpperCase()) if (r !== "-") out.push(SUITS[i] + r);
  });
  return out;
}
function cardsToPbn(cards) {
  return SUITS.map((s) => {
    const rs = cards.filter((c) => c[0] === s).map((c) => c[1]);
    rs.sort((a, b) => RANKS.indexOf(a) - RANKS.indexOf(b));
    return rs.join("") || "-";
  }).join(".");
}
function dealHands(pbn) {
  const [first, rest] = pbn.trim().split(":");
  const hands = {};
  rest.trim().split(/\s+/).forEach((h, i) => { hands[SEATS[(SEATS.indexOf(first) + i) % 4]] = h; });
  return hands;
}
const sideOf = (seat) => (seat === "N" || seat === "S" ? "NS" : "EW");
const costClass = (c) => (c === 0 ? "good" : c < 10 ? "ok" : "bad");

// ---------------------------------------------------------------- the board
const AREAS = ["s", "w", "n", "e"];           // bottom, left, top, right: my seat, then in turn
const areaOf = (seat) => AREAS[(SEATS.indexOf(seat) - SEATS.indexOf(state.view.me) + 4) % 4];

function shownHands() {
  const sol = answer("solution");
  const playing = (state.panel === "play" || practiceActive("play")) && sol;
  if (state.build) return { playing: null, hands: Object.fromEntries(SEATS.map((s) => [s, cardsToPbn(state.build.hands[s])])) };
  const one = onlyOneHand();
  if (one) return { playing: null, hands: one };
  if (playing) return { playing: sol, hands: sol.hands };
  if (practiceActive()) return { playing: null, hands: null };
  return { playing: null, hands: state.deal ? dealHands(state.deal) : null };
}

function renderBoard() {
  if (state.panel in modes) { modes[state.panel].board(); return; }
  const { playing, hands } = shownHands();
  const hiding = practiceActive("play") && !practiceAnswer;
  const strain = playing ? playing.strain : null;
  for (const seat of SEATS) {
    const box = $("seat-" + seat);
    box.style.gridArea = areaOf(seat);
    box.dataset.area = areaOf(seat);
    box.replaceChildren();
    const toMove = playing && playing.to_move === seat;
    box.classList.toggle("tomove", !!toMove);
    const tags = [];
    const dealer = practiceActive("bid") && typeof practiceDealer === "function" ? practiceDealer() : state.dealer;   // practice.js
    if (seat === dealer && !practiceActive("play")) tags.push(el("span", { class: "tag" }, t("dealer")));
    if (toMove) tags.push(el("span", { class: "tag" }, t("to_move")));
    box.append(el("div", { class: "name", id: "name-" + seat }, t(seat), ...tags));
    const hand = el("div", { class: "hand", role: "group", "aria-labelledby": "name-" + seat, "data-seat": seat });
    box.append(hand);
    if (!hands) continue;
    const hidden = hands[seat] === null || (state.view.only && seat !== state.view.me && !state.build);
    if (hidden) {
      const left = typeof practiceCardsLeft === "function" ? practiceCardsLeft(seat) : null;   // practice.js
      const n = hands[seat] === null ? (left === null ? 8 : left) : handCards(hands[seat]).length;
      for (let i = 0; i < n; i++) hand.append(el("span", { class: "card back", role: "img", "aria-label": t("hidden_card") }));
      continue;
    }
    const values = toMove ? playing.card_values : null;
    if (values && !hiding) hand.classList.add("valued");
    for (const code of sortHand(handCards(hands[seat]), strain)) {
      let c;
      if (values && code in values) {
        const cost = playing.costs[code];
        const mine = sideOf(seat) === "NS" ? values[code] : playing.ns_points + playing.ew_points - values[code];
        const label = hiding ? spoken(code)
          : `${spoken(code)}, ${cost ? `${t("costs_a11y")} ${cost} ${t("card_pts")}` : t("best_a11y")}, ${mine} ${t("card_pts")}`;
        c = cardEl(code, { class: "card legal " + (/[HD]/.test(code[0]) ? "red" : "black"), onclick: () => clickCard(code) }, label);
        if (!hiding) c.append(el("span", { class: "val " + costClass(cost), "aria-hidden": "true" }, String(mine)));
      } else if (state.build) {
        c = cardEl(code, { onclick: () => buildTake(seat, code) });
      } else {
        c = cardEl(code, values ? { class: "card dim " + (/[HD]/.test(code[0]) ? "red" : "black"), "aria-disabled": "true" }
                                : { "aria-disabled": "true" });
      }
      hand.append(c);
    }
  }
  renderMiddle(playing);
}

// Bidding shows one hand only, the others face down: the bidder does not see them.
function onlyOneHand() {
  let seat = null, hand = null;
  if (state.panel === "advice" && state.adv.hand) [seat, hand] = [state.adv.seat, state.adv.hand];
  if (typeof practiceOneHand === "function" && practiceOneHand()) [seat, hand] = practiceOneHand();   // practice.js
  if (!seat || !HAND_RE.test(hand)) return null;
  return Object.fromEntries(SEATS.map((s) => [s, s === seat ? hand.toUpperCase() : null]));
}

function renderMiddle(playing) {
  const m = $("middle");
  m.replaceChildren();
  if (!playing) {
    if (state.deal && !state.build && !practiceActive()) m.append(el("div", { class: "info" }, state.seed !== null ? `${t("seed")} ${state.seed}` : ""));
    return;
  }
  const contract = practiceActive("play") && playProblem ? `${callText(playProblem.contract)} ${t(playProblem.declarer)}` : null;
  m.append(richEl("div", { class: "trump" }, `${t("strain")}${C()}${strainName(playing.strain)}` + (contract ? ` · ${t("contract")} ${contract}` : "")));
  let cards = playing.trick, lead = playing.trick_leader, last = false;
  if (!cards.length && playing.last_trick) { cards = playing.last_trick.cards; lead = playing.last_trick.leader; last = true; }
  cards.forEach((code, i) => {
    const seat = SEATS[(SEATS.indexOf(lead) + i) % 4];
    m.append(faceCard(code, "slot-" + areaOf(seat) + (last ? " last" : "")));
  });
  if (last) m.append(el("div", { class: "lastlabel" }, t("last_trick")));
  m.append(el("div", { class: "info", id: "score-line" }, `${t("ns")} – ${t("ew")}`, el("br"),
    `${t("tricks")} ${playing.tricks.NS} – ${playing.tricks.EW}`, el("br"),
    `${playing.points.NS} – ${playing.points.EW} ${t("card_pts")}`));
}

// ---------------------------------------------------------------- panes
function renderPanes() {
  for (const b of document.querySelectorAll("#tabs button")) {
    b.classList.toggle("active", b.dataset.panel === state.panel);
    b.setAttribute("aria-pressed", String(b.dataset.panel === state.panel));
  }
  for (const p of ["table", "play", "advice", "practice", "match"]) $("pane-" + p).classList.toggle("active", p === state.panel);
  $("dealbar").hidden = practiceActive() || state.panel === "match";
  if (state.panel in modes) modes[state.panel].render($("pane-" + state.panel));
  if (state.panel === "table") renderTable();
  if (state.panel === "play") renderPlay();
  if (state.panel === "advice") renderAdvice();
  if (state.panel === "practice") renderPractice();
  renderView();
}

function bidText(level) {
  return level === null || level === undefined ? "—" : level === "capot" ? "capot" : String(level);
}

function renderTable() {
  const pane = $("pane-table"), table = answer("table"), par = answer("par");
  pane.replaceChildren(el("h2", {}, t("table_title")), el("p", { class: "muted" }, t("table_help")));
  if (!table) return;
  const head = [el("tr", {}, el("th", { rowspan: 2 }, t("strain")), el("th", { colspan: 4 }, t("first_leader"))),
                el("tr", {}, ...SEATS.map((s) => el("th", {}, t(s))))];
  const rows = STRAINS.map((st) => el("tr", {}, el("th", {}, strainEl(st)), ...table.leaders.map((row) => {
    const sel = state.strain === st && leader() === row.leader;
    const label = `${strainName(st)}, ${t("first_leader")} ${t(row.leader)}: ${t("ns")} ${row.ns_points[st]}, ${t("ew")} ${row.ew_points[st]} ${t("card_pts")}`;
    return el("td", { class: "click" + (sel ? " sel" : ""), "data-strain": st, "data-leader": row.leader },
      el("button", { type: "button", class: "cellbtn", onclick: () => startPlay(st, row.leader) }, named(label,
        el("span", { class: "ns" }, String(row.ns_points[st])), " ",
        el("span", { class: "ew" }, String(row.ew_points[st])),
        row.ns_capot[st] ? el("span", { class: "capot" }, `capot ${t("ns")}`) : null,
        row.ew_capot[st] ? el("span", { class: "capot" }, `capot ${t("ew")}`) : null)));
  })));
  pane.append(scroller(el("table", { class: "grid", id: "dd-table" }, ...head, ...rows)));
  const one = table.leaders.find((r) => r.leader === leader());
  pane.append(el("h3", {}, `${t("best_bids")} ${t(leader())})`));
  pane.append(scroller(el("table", { class: "grid", id: "best-bids" },
    el("tr", {}, el("th", {}, ""), ...STRAINS.map((s) => el("th", {}, strainEl(s)))),
    el("tr", {}, el("th", {}, t("ns")), ...STRAINS.map((s) => el("td", {}, bidText(one.ns_best_bid[s])))),
    el("tr", {}, el("th", {}, t("ew")), ...STRAINS.map((s) => el("td", {}, bidText(one.ew_best_bid[s])))))));
  if (par) {
    const c = par.contract;
    pane.append(el("h3", {}, `${t("par")} (${t("dealer")} ${t(state.dealer)})`));
    pane.append(richEl("p", { class: "big", id: "par-contract" },
      c ? `${t("par_contract")}${C()}${callText(c.text)} ${t(c.declarer)}` +
          (c.coinche !== "none" ? ` ${t(c.coinche)}` : "") + ` — ${t("score")} ${t("ns")} ${par.ns_score}, ${t("ew")} ${par.ew_score}`
        : t("nobody")));
    pane.append(auctionDiagram(par.auction.map((a) => a.call), state.dealer, "par-auction"));
    pane.append(richEl("p", { class: "muted", id: "par-reason" }, polish(par.reason)));
  }
  pane.append(...estimatesSection());
}

// ---------------------------------------------------------------- estimates
// Beside the double-dummy table: the point count from each hand and PIMC play-outs
// (POST /api/jobs/estimates), every column saying its unit, the play-outs their
// standard error and the count its error on held-out deals.
Object.assign(TEXT.fr, {
  est_title: "Compte de points et jeu réaliste", est_run: "Estimer",
  est_help: "Points de cartes de N-S (dernier pli compris) par atout. Le compte de points lit une seule main (partenaire inconnu, règles par défaut) ; le jeu réaliste fait jouer la donne par des joueurs PIMC qui ne voient que leur main.",
  est_dd_mean: "Double mort, moyenne des 4 entames", est_count_n: "Compte de Nord", est_count_s: "Compte de Sud",
  est_dd_leader: "Double mort, entame {seat}", est_real: "Réaliste (PIMC), entame {seat}, moyenne ± e.t.",
  est_note: "Compte : ± {err} pts de cartes d'erreur type sur des donnes hors ajustement. Réaliste : {n} parties par atout, {w} mondes par décision ; ± une erreur type.",
});
Object.assign(TEXT.en, {
  est_title: "Point count and realistic play", est_run: "Estimate",
  est_help: "N-S card points (last trick included) per strain. The point count reads one hand (partner unknown, default rules); realistic play has PIMC players, each seeing only its own hand, play the deal.",
  est_dd_mean: "Double dummy, mean of the 4 leads", est_count_n: "North's count", est_count_s: "South's count",
  est_dd_leader: "Double dummy, {seat} leads", est_real: "Realistic (PIMC), {seat} leads, mean ± se",
  est_note: "Count: ± {err} card points, its typical error on deals left out of its fit. Realistic: {n} play-outs per strain, {w} worlds per decision; ± one standard error.",
});

function runEstimates() {
  return guarded(async () => {
    const key = keyOf("estimates");
    await runJob("estimates", { deal: state.deal, dealer: state.dealer }, (r) => keep("estimates", r, key));
    render();
  });
}

function estimatesSection() {
  const est = answer("estimates");
  const out = [el("h3", {}, t("est_title")), el("p", { class: "muted" }, t("est_help")),
               el("button", { type: "button", id: "est-run", onclick: runEstimates }, t("est_run"))];
  if (!est) return out;
  const seat = t(est.leader), num = (x) => (x === null || x === undefined ? "—" : String(Math.round(x * 10) / 10));
  const head = el("tr", {}, el("th", { scope: "col" }, t("strain")), ...["est_dd_mean", "est_count_n", "est_count_s", "est_dd_leader", "est_real"]
    .map((k) => el("th", { scope: "col" }, t(k, { seat }))));
  const rows = est.strains.map((r) => el("tr", { "data-strain": r.strain }, el("th", { scope: "row" }, strainEl(r.strain)),
    el("td", { class: "dd-mean" }, num(r.dd_ns_mean)),
    el("td", { class: "count-n" }, num(r.count && r.count.N)), el("td", { class: "count-s" }, num(r.count && r.count.S)),
    el("td", { class: "dd-leader" }, num(r.dd_ns)),
    el("td", { class: "real" }, r.real_ns_se === null ? num(r.real_ns_mean) : `${num(r.real_ns_mean)} ± ${num(r.real_ns_se)}`)));
  out.push(scroller(el("table", { class: "grid", id: "est-table" }, el("caption", { class: "muted" }, t("card_pts")), head, ...rows)),
           el("p", { class: "muted", id: "est-note" }, t("est_note", { err: num(est.count_error), n: est.playouts, w: est.worlds })));
  return out;
}

// ---------------------------------------------------------------- play
function renderPlay() {
  const pane = $("pane-play"), sol = answer("solution");
  pane.replaceChildren();
  const strainSel = el("select", { id: "strain", onchange: (e) => startPlay(e.target.value, leader()) },
    ...STRAINS.map((s) => el("option", { value: s, selected: s === state.strain ? "" : null },
                             SYM[s] ? `${SYM[s]} ${t("suit_" + s)}` : t(s))));
  const leadSel = el("select", { id: "leader", onchange: (e) => startPlay(state.strain, e.target.value) },
    ...SEATS.map((s) => el("option", { value: s, selected: s === leader() ? "" : null }, t(s))));
  pane.append(el("div", { class: "row" }, el("label", {}, t("strain"), " ", strainSel),
                 el("label", {}, t("leader"), " ", leadSel)));
  if (!sol) return;
  pane.append(el("p", { class: "big", id: "value-now" },
    `${t("value_now")} ${sol.ns_points} ${t("card_pts")}, ${t("ew")} ${sol.ew_points}` +
    (sol.capot ? ` (capot ${sol.capot})` : "")));
  pane.append(el("div", { class: "row" },
    el("button", { id: "undo", onclick: undo, disabled: state.played.length ? null : "", "aria-keyshortcuts": "u" }, t("undo")),
    el("button", { id: "redo", onclick: redo, disabled: state.redo.length ? null : "", "aria-keyshortcuts": "r" }, t("redo")),
    el("button", { id: "best-card", onclick: () => sol.best_cards.length && clickCard(sol.best_cards[0]),
                   disabled: sol.to_move ? null : "" }, t("best_card")),
    el("button", { id: "best-line", onclick: bestLine, disabled: sol.to_move ? null : "" }, t("best_line")),
    el("button", { id: "restart", onclick: () => startPlay(state.strain, leader()) }, t("restart")),
    el("button", { id: "review", class: "primary", onclick: doReview, disabled: state.played.length ? null : "" }, t("review"))));
  pane.append(el("p", { class: "legend" }, t("legend"), " ",
    el("span", { class: "chip good" }, t("lg_good")), el("span", { class: "chip ok" }, t("lg_ok")),
    el("span", { class: "chip bad" }, t("lg_bad"))));
  if (!sol.to_move) pane.append(el("p", { class: "big" }, `${t("over")}${C()}${t("ns")} ${sol.points.NS}, ${t("ew")} ${sol.points.EW} ${t("card_pts")}`));
  pane.append(trickList());
  if (sol.optimal_line && sol.optimal_line.length) pane.append(bestLineText(sol));
  if (answer("review")) renderReview(pane, answer("review"));
  renderSeatPane(pane);
}

// The tricks played, each a button going to the end of that trick; "Start" goes back to the lead.
function trickList() {
  const all = state.played.concat(state.redo.slice().reverse());
  const tricks = tricksOf(all, leader(), state.strain);
  const box = el("div", { id: "trick-list" }, el("h3", {}, t("trick_list")));
  const list = el("ol", { class: "tricks" });
  list.append(el("li", { class: "trick start" }, el("button", { type: "button", class: "trickbtn", "data-trick": "0",
    "aria-current": state.played.length === 0 ? "step" : null, onclick: () => goTo(0) }, t("start"))));
  tricks.forEach((tr, i) => {
    const here = state.played.length > tr.end - tr.cards.length && state.played.length <= tr.end;
    const future = state.played.length < tr.end - tr.cards.length + 1;
    const label = `${t("trick_go")} ${i + 1}: ` + tr.cards.map((c, k) => `${t(seatOfCard(tr, k))} ${spoken(c)}`).join(", ");
    list.append(el("li", { class: "trick" + (future ? " future" : "") },
      el("button", { type: "button", class: "trickbtn", "data-trick": String(i + 1),
                     "aria-current": here ? "step" : null, onclick: () => goTo(tr.end) }, named(label,
        el("span", { class: "tno" }, String(i + 1)),
        ...tr.cards.map((c, k) => el("span", { class: "tc" + (tr.winner === seatOfCard(tr, k) ? " won" : "") },
          el("small", {}, seatOfCard(tr, k)), " ", rich(cardName(c))))))));
  });
  box.append(list);
  return box;
}

// The best line from here, written out trick by trick.
function bestLineText(sol) {
  const before = state.played.length;
  const all = state.played.concat(sol.optimal_line);
  const tricks = tricksOf(all, leader(), state.strain).filter((tr) => tr.end > before);
  return el("div", { id: "best-line-text" }, el("h3", {}, t("line_title")),
    el("ol", { class: "line" }, ...tricks.map((tr) => el("li", { value: String(Math.ceil(tr.end / 4)) },
      rich(tr.cards.map((c, k) => (tr.end - tr.cards.length + k < before ? null : `${t(seatOfCard(tr, k))} ${cardName(c)}`))
        .filter(Boolean).join(", "))))));
}

// Moves the play to after `n` cards of the whole play (played then redo), keeping the rest to redo.
function goTo(n) {
  return guarded(async () => {
    const all = state.played.concat(state.redo.slice().reverse());
    const k = Math.max(0, Math.min(n, all.length));
    state.played = all.slice(0, k);
    state.redo = all.slice(k).reverse();
    await refreshPosition();
    writeUrl();
    render();
  });
}

function renderReview(pane, r) {
  pane.append(el("h3", {}, `${t("review_title")} — ${t("lost_by")}${C()}${t("ns")} ${r.cost.NS}, ${t("ew")} ${r.cost.EW}`));
  const bad = r.steps.filter((s) => s.cost > 0);
  if (!bad.length) { pane.append(el("p", {}, t("no_mistake"))); return; }
  pane.append(el("ol", { class: "steps", id: "review-steps" }, ...bad.map((s) => {
    const index = r.steps.indexOf(s);
    return el("li", { class: "mistake" }, el("button", { type: "button", class: "linkish", "data-index": String(index),
      onclick: () => goTo(index) },
      rich(`${t("trick")} ${s.trick}, ${t(s.seat)}${C()}${cardName(s.card)} ${t("mistake")} ${s.cost} ${t("card_pts")} ` +
      `(${t("best_was")}${C()}${s.best_cards.map(cardName).join(" ")})`)));
  })));
}

// ---------------------------------------------------------------- from the player's seat
function seatBody(extra) {
  return Object.assign({ deal: state.deal, contract: `${state.level}${state.strain}`, declarer: declarer(),
                         leader: leader(), played: state.played.join(" "), seed: 1, lang: state.lang }, extra);
}

function renderSeatPane(pane) {
  pane.append(el("h3", {}, t("from_seat")), el("p", { class: "muted" }, t("from_seat_help")));
  const level = el("select", { id: "seat-level", onchange: (e) => { state.level = e.target.value === "capot" ? "capot" : +e.target.value; writeUrl(); render(); } },
    ...LEVELS.map((l) => el("option", { value: l, selected: l === state.level ? "" : null }, bidText(l))));
  const decl = el("select", { id: "seat-declarer", onchange: (e) => { state.declarer = e.target.value; writeUrl(); render(); } },
    ...SEATS.map((s) => el("option", { value: s, selected: s === declarer() ? "" : null }, t(s))));
  const samples = el("input", { id: "seat-samples", type: "number", min: 1, max: 2000, value: state.seatSamples, style: "width:5em",
                                onchange: (e) => { state.seatSamples = +e.target.value || 50; writeUrl(); render(); } });
  pane.append(el("div", { class: "row" },
    el("label", {}, t("contract"), " ", level, " ", strainEl(state.strain)), el("label", {}, t("declarer"), " ", decl),
    el("label", {}, t("samples"), " ", samples)));
  const sol = answer("solution"), live = sol && sol.to_move;
  pane.append(el("div", { class: "row" },
    el("button", { id: "seat-advice", onclick: runSeatAdvice, disabled: live ? null : "" }, t("seat_advice")),
    el("button", { id: "seat-review", onclick: runSeatReview, disabled: state.played.length ? null : "" }, t("seat_review")),
    el("button", { id: "play-out", onclick: runPlayOut, disabled: live ? null : "" }, t("play_out"))));
  pane.append(el("div", { id: "seat-progress", class: "progress-box" }));
  if (answer("seatAdvice")) renderSeatAdvice(pane, answer("seatAdvice"));
  if (answer("seatReview")) renderSeatReview(pane, answer("seatReview"));
  const po = answers.playOut && answers.playOut.value;
  if (po && po.played.join(" ") === state.played.concat(state.redo.slice().reverse()).join(" ")) renderPlayOut(pane, po);
}

function renderSeatAdvice(pane, a) {
  const head = ["card", "our_points", "succeed", "ev", "vs_best", "real"].map((k) => el("th", {}, t(k)));
  const rows = [...a.cards].sort((x, y) => y.ev - x.ev).map((c) => el("tr", { "data-card": c.card },
    el("td", {}, rich(cardName(c.card))), el("td", {}, c.points.toFixed(1)), el("td", {}, `${Math.round(100 * c.p_success)}%`),
    el("td", {}, `${c.ev >= 0 ? "+" : ""}${c.ev.toFixed(0)}`),
    el("td", { class: c.card === a.best ? "cell good" : "" }, c.card === a.best ? t("best_was") : `${c.vs_best.toFixed(0)} ± ${(c.vs_best_se || 0).toFixed(0)}`),
    el("td", {}, c.real === null ? "" : String(sideOf(a.seat) === "NS" ? c.real : 162 - c.real))));
  pane.append(scroller(el("table", { class: "grid", id: "seat-advice-table" }, el("tr", {}, ...head), ...rows)),
              richEl("p", { class: "muted", id: "seat-advice-note" }, `${t(a.seat)}, ${a.samples} ${t("deals")}` +
                (a.carried ? ` (${t("carried", { n: a.carried })})` : "") + ` — ${polish(a.text)}`));
  const note = stoppedNote(a, "seat-stopped");
  if (note) pane.append(note);
}

const VERDICT_KEY = { good: "v_good", mistake: "v_mistake", "bad luck": "v_badluck", lucky: "v_lucky", forced: "v_forced" };
const VERDICT_CLASS = { mistake: "bad", "bad luck": "ok", lucky: "ok" };

function renderSeatReview(pane, r) {
  pane.append(el("h3", {}, `${t("seat_review")} — ${t("verdicts")}${C()}` +
    Object.entries(r.counts).filter(([, n]) => n).map(([v, n]) => `${t(VERDICT_KEY[v])} ${n}`).join(", ")));
  const shown = r.steps.filter((s) => VERDICT_CLASS[s.verdict]);
  pane.append(el("ol", { class: "steps", id: "seat-review-steps" }, ...shown.map((s) => el("li", { class: "verdict-" + VERDICT_CLASS[s.verdict] },
    rich(`${t("trick")} ${s.trick}, ${t(s.seat)}${C()}${cardName(s.card)} — ${t(VERDICT_KEY[s.verdict])} ` +
    `(${t("seen")} ` + (s.seen_loss > 0 ? `−${s.seen_loss.toFixed(0)} ± ${s.seen_loss_se.toFixed(0)} ${t("score_pts")}, ${t("best_was")} ${cardName(s.seen_best)}` : t("as_good")) + "; " +
    `${t("on_deal")} −${s.real_loss} ${t("score_pts")}${s.real_loss ? ", " + t("best_was") + " " + cardName(s.real_best) : ""})`)))));
}

// The PIMC play-out beside the double-dummy line from the same position, trick by trick.
function renderPlayOut(pane, p) {
  pane.append(richEl("p", { class: "big", id: "play-out-result" },
    `${t("pimc_result")}${C()}${t("ns")} ${t("took")} ${p.ns_points} ${t("card_pts")} (${t("dd")} ${p.dd_ns_points}), ` +
    `${callText(p.contract)} ${t(p.declarer)} ${p.made ? t("made") : t("down")}`));
  const pimc = tricksOf(p.played, leader(), state.strain), dd = tricksOf(p.ddPlayed, leader(), state.strain);
  const rows = pimc.map((tr, i) => tr.end <= p.from ? null : el("tr", { "data-trick": String(i + 1) },
    el("th", {}, String(i + 1)),
    el("td", {}, rich(tr.cards.map((c, k) => `${seatOfCard(tr, k)} ${cardName(c)}`).join(" "))),
    el("td", {}, dd[i] ? rich(dd[i].cards.map((c, k) => `${seatOfCard(dd[i], k)} ${cardName(c)}`).join(" ")) : "")));
  pane.append(el("h3", {}, t("pimc_vs_dd")), scroller(el("table", { class: "grid", id: "play-out-tricks" },
    el("tr", {}, el("th", {}, t("trick")), el("th", {}, t("realistic")), el("th", {}, t("dd_col"))), ...rows.filter(Boolean))));
}

function runSeatAdvice() {
  return guarded(async () => {
    const key = keyOf("seatAdvice");
    await runJob("play", seatBody({ samples: state.seatSamples }), (r) => keep("seatAdvice", r, key));
    writeUrl();
    render();
  });
}

function runSeatReview() {
  return guarded(async () => {
    const key = keyOf("seatReview");
    await runJob("seatreview", seatBody({ samples: state.seatSamples }), (r) => keep("seatReview", r, key));
    writeUrl();
    render();
  });
}

function runPlayOut() {
  return guarded(async () => {
    const sol = answer("solution");
    const from = state.played.length, ddPlayed = state.played.concat(sol ? sol.optimal_line : []);
    let result = null;
    await runJob("playout", seatBody({ worlds: 20 }), (r) => { result = r; });
    if (result) {
      answers.playOut = { key: null, value: Object.assign(result, { from, ddPlayed }) };
      state.played = result.played.slice();
      state.redo = [];
      await refreshPosition();
      writeUrl();
    }
    render();
  });
}

// ---------------------------------------------------------------- the auction
const levelValue = (lv) => (lv === "capot" ? 250 : +lv);
// Where an auction stands: the bid to beat, who made it, coinched or not, whose call it is.
function auctionState(calls, dealer) {
  let who = SEATS[(SEATS.indexOf(dealer) + 1) % 4], best = null, coinche = 0, passes = 0;
  for (const c of calls) {
    if (c === "pass") passes += 1;
    else if (c === "coinche") { coinche = 1; passes = 0; }
    else if (c === "surcoinche") { coinche = 2; passes = 0; }
    else {
      const m = /^(\d+|capot)(SA|TA|S|H|D|C)$/.exec(c);
      if (m) { best = { level: m[1], strain: m[2], seat: who }; coinche = 0; passes = 0; }
    }
    who = SEATS[(SEATS.indexOf(who) + 1) % 4];
  }
  const over = (best && (passes >= 3 || coinche === 2)) || (!best && passes >= 4);
  return { next: who, best, coinche, over };
}
// The calls the player to call may make now.
function legalCalls(calls, dealer) {
  const a = auctionState(calls, dealer);
  if (a.over) return [];
  const out = ["pass"];
  const floor = a.best ? levelValue(a.best.level) : 0;
  if (a.coinche === 0) for (const lv of LEVELS) if (levelValue(lv) > floor) for (const st of STRAINS) out.push(`${lv}${st}`);
  const opponents = a.best && sideOf(a.best.seat) !== sideOf(a.next);
  if (a.best && a.coinche === 0 && opponents) out.push("coinche");
  if (a.best && a.coinche === 1 && !opponents) out.push("surcoinche");
  return out;
}

// The auction as a table, one column a seat from the one after the dealer.
function auctionDiagram(calls, dealer, id) {
  const first = SEATS.indexOf(dealer) + 1;
  const order = [0, 1, 2, 3].map((i) => SEATS[(first + i) % 4]);
  const rows = [];
  for (let i = 0; i < calls.length; i += 4) {
    rows.push(el("tr", {}, ...order.map((s, k) => el("td", {}, calls[i + k] !== undefined ? rich(callText(calls[i + k])) : ""))));
  }
  if (!calls.length) rows.push(el("tr", {}, ...order.map(() => el("td", {}, ""))));
  return scroller(el("table", { class: "grid auction", id },
    el("caption", { class: "sr" }, t("auction_diagram")), el("tr", {}, ...order.map((s) => el("th", { scope: "col" }, t(s)))), ...rows));
}

function setAuction(calls) {
  state.adv.auction = auctionText(calls);
  state.adv.ran = false;
  writeUrl();
  render();
}

function biddingBox(calls, dealer) {
  const legal = new Set(legalCalls(calls, dealer));
  const a = auctionState(calls, dealer);
  const box = el("div", { id: "bidding-box", role: "group", "aria-label": t("bidding_box") });
  const grid = el("div", { class: "bbox" });
  for (const lv of LEVELS) for (const st of STRAINS) {
    const call = `${lv}${st}`;
    if (!legal.has(call)) continue;
    grid.append(el("button", { type: "button", class: "bidbtn", "data-call": call, onclick: () => setAuction(calls.concat([call])) },
      named(callText(call), rich(`${lv === "capot" ? "cap." : lv}${SYM[st] || strainLetter(st)}`))));
  }
  box.append(el("div", { class: "row" },
    ...["pass", "coinche", "surcoinche"].map((c) => el("button", { type: "button", id: "call-" + c, "data-call": c,
      disabled: legal.has(c) ? null : "", onclick: () => setAuction(calls.concat([c])) }, capitalised(t(c)))),
    el("button", { type: "button", id: "call-undo", disabled: calls.length ? null : "", onclick: () => setAuction(calls.slice(0, -1)) }, t("undo_call")),
    el("button", { type: "button", id: "call-clear", disabled: calls.length ? null : "", onclick: () => setAuction([]) }, t("clear_auction"))));
  if (a.best && !a.over) box.append(richEl("p", { class: "muted" }, `${t("over_standing")} ${callText(a.best.level + a.best.strain)} ${t("legal_only")}.`));
  box.append(grid);
  if (!a.over) box.append(el("p", { class: "muted", id: "turn" }, `${t("turn_of")} ${t(a.next)} ${t("to_call")}`.trim()));
  return box;
}

// ---------------------------------------------------------------- advice
function adviceForm(target) {
  const a = state.adv;
  const calls = readAuction(a.auction);
  const hand = el("input", { id: "adv-hand", value: a.hand, size: 16, spellcheck: "false",
                             onchange: (e) => { a.hand = e.target.value.trim(); a.ran = false; writeUrl(); render(); } });
  const seat = el("select", { id: "adv-seat", onchange: (e) => { a.seat = e.target.value; fillHand(); } },
    ...SEATS.map((s) => el("option", { value: s, selected: s === a.seat ? "" : null }, t(s))));
  const auction = el("input", { id: "adv-auction", value: a.auction, size: 22, placeholder: state.lang === "fr" ? "passe 90C" : "pass 90H",
                                onchange: (e) => { a.auction = e.target.value.trim(); a.ran = false; writeUrl(); render(); } });
  const samples = el("input", { id: "adv-samples", type: "number", min: 1, max: 2000, value: a.samples, style: "width:5em",
                                onchange: (e) => { a.samples = +e.target.value; writeUrl(); render(); } });
  const seed = el("input", { id: "adv-seed", type: "number", min: 0, value: a.seed, style: "width:5em",
                             onchange: (e) => { a.seed = +e.target.value; writeUrl(); render(); } });
  // the next call judged by continuing the auction (solver.lookahead): only with calls so far
  const ahead = el("input", { id: "adv-lookahead", type: "checkbox", checked: a.lookahead ? "" : null,
                              disabled: calls.length ? null : "", title: t("lookahead_help"),
                              onchange: (e) => { a.lookahead = e.target.checked; writeUrl(); render(); } });
  target.append(
    el("div", { class: "row" }, el("label", {}, t("hand"), " ", hand), el("label", {}, t("seat"), " ", seat),
       el("button", { id: "from-deal", onclick: fillHand, disabled: state.deal ? null : "" }, t("from_deal"))),
    el("p", { class: "muted" }, t("pick_help")), handPicker(),
    el("div", { class: "row" }, el("label", {}, t("auction_so_far"), " ", auction)),
    auctionDiagram(calls, state.dealer, "adv-diagram"),
    el("div", { class: "row" }, el("button", { id: "auction-review", onclick: runAuctionReview,
      disabled: state.deal && calls.length ? null : "" }, t("review_auction"))),
    el("div", { id: "auction-review-progress", class: "progress-box" }),
    ...(answer("auctionReview") ? [auctionReview(answer("auctionReview"))] : []),
    el("h3", {}, t("bidding_box")), biddingBox(calls, state.dealer),
    el("div", { class: "row" }, el("label", {}, t("samples"), " ", samples), el("label", {}, t("seed"), " ", seed),
       el("label", { for: "adv-lookahead" }, ahead, " ", t("lookahead")),
       el("button", { id: "adv-go", class: "primary", onclick: () => runAdvice() }, t("advise"))));
}

// Clicking cards into the advice hand: a card of the 32 joins the hand or leaves it.
function handPicker() {
  const a = state.adv;
  const cards = HAND_RE.test(a.hand) ? handCards(a.hand.toUpperCase()) : [];
  const box = el("div", { class: "picker", id: "adv-picker", role: "group", "aria-label": t("hand") });
  for (const s of SUITS) for (const r of RANKS) {
    const code = s + r, held = cards.includes(code);
    box.append(cardEl(code, { class: "card small " + (/[HD]/.test(s) ? "red" : "black") + (held ? " held" : ""),
      "aria-pressed": String(held),
      onclick: () => {
        const now = held ? cards.filter((c) => c !== code) : cards.length < 8 ? cards.concat([code]) : cards;
        a.hand = cardsToPbn(now);
        a.ran = false;
        writeUrl();
        render();
      } }));
  }
  return box;
}

function fillHand() {
  if (state.deal) state.adv.hand = dealHands(state.deal)[state.adv.seat];
  state.adv.ran = false;
  writeUrl();
  render();            // the board shows the seat's hand too
}

function renderAdvice() {
  const pane = $("pane-advice"), adv = answer("advice");
  pane.replaceChildren(el("h2", {}, t("tab_advice")));
  adviceForm(pane);
  pane.append(el("div", { id: "adv-progress", class: "progress-box" }));
  if (adv) renderAdviceResult(pane, adv, null);
  renderLead(pane);
}

// The advice jobs sample in rounds: their Stop keeps the estimate so far (POST
// /api/jobs/{id}/stop), the others' Stop cancels them.
const WATCHED = ["advise", "lead", "play"];

function renderProgress() {
  for (const box of document.querySelectorAll(".progress-box")) {
    if (!job) { box.replaceChildren(); continue; }
    const pct = job.total ? Math.round((100 * job.done) / job.total) : 0;
    const watched = WATCHED.includes(job.kind);
    if (!box.querySelector(".progress")) {
      box.replaceChildren(el("div", { class: "row" }, el("span", { class: "muted count" }),
                             el("button", { type: "button", class: "stop", id: "stop-" + box.id,
                                            onclick: () => (watched ? stopKeeping() : stopJob(true)) }, t(watched ? "stop_keep" : "cancel"))),
                          el("div", { class: "progress", role: "progressbar", "aria-label": t("sampling"),
                                      "aria-valuemin": "0", "aria-valuemax": "100" }, el("div", {})),
                          el("div", { class: "estimate", role: "status", "aria-live": "polite" }));
    }
    box.querySelector(".count").textContent = `${t("sampling")}${C()}${job.done} / ${job.total || "…"}`;
    box.querySelector(".progress").setAttribute("aria-valuenow", String(pct));
    box.querySelector(".progress div").style.width = `${pct}%`;
    box.querySelector(".estimate").replaceChildren(estimateText(job));
    if (job.stopping) {
      const b = box.querySelector(".stop");
      b.disabled = true;
      b.textContent = t("stopping");
    }
  }
}

// The running best option: its mean with a 95% interval (1.96 standard errors) and the
// runner-up's paired gap, over the deals solved so far.
function optionText(kind, name) {
  if (!name) return "";
  return CARD_RE.test(name) && kind !== "advise" ? cardName(name) : callText(name.replace(" ", ""));
}
function estimateText(j) {
  const p = j.partial;
  if (!p || !p.best) return "";
  const pm = (v, se) => `${v >= 0 ? "+" : ""}${Math.round(v)}${se === null ? "" : ` ± ${Math.round(1.96 * se)}`}`;
  const gap = p.runner_up ? `; ${t("runner_up")} ${optionText(j.kind, p.runner_up)} ${pm(p.gap, p.gap_se)}` : "";
  return rich(`${t("best_so_far")}${C()}${optionText(j.kind, p.best)} ${pm(p.value, p.value_se)} ` +
              `(${p.samples} / ${p.total} ${t("deals")})${gap}`);
}

// "Stopped at your request" under an answer whose sampling the user ended.
function stoppedNote(r, id) {
  return r && r.stopped === "user" ? el("p", { class: "muted stopped-note", id }, t("stopped_user").replace("{n}", r.samples)) : null;
}

function renderAdviceResult(pane, adv, pick) {
  const inside = adv.in_auction;
  const call = inside ? inside.best : adv.answer.call;
  // one question, one answer: inside an auction the next call; else the opening bid
  const box = el("div", { class: "recommend", id: "adv-recommendation" },
    richEl("div", { class: "big", id: "adv-answer" }, `${inside ? t("answer") : t("recommendation")}${C()}${callText(call)}`),
    richEl("div", {}, polish(inside ? inside.text : adv.recommendation.text)));
  pane.append(box);
  // where double dummy and realistic play disagree on the opening bid (solver.realism)
  if (!inside && adv.dd_note) box.append(richEl("div", { class: "dd-note", id: "adv-dd-note" }, polish(adv.dd_note)));
  const note = stoppedNote(inside || adv, "adv-stopped");
  if (note) box.append(note);
  if (inside) renderInAuction(pane, inside);
  pane.append(el("h3", {}, inside ? t("hist_all") : t("histograms")), histograms(adv));
  pane.append(el("h3", {}, inside ? t("grid_in_auction") : t("grid")), scroller(bidGrid(adv, pick)));
}

// How the deals were found: the share of those dealt that fit the auction, and how many came
// from the question before on this hand (all of them: none dealt, no share to give).
function fitNote(a) {
  const parts = [];
  if (a.acceptance != null) parts.push(`${Math.round(1000 * a.acceptance) / 10}% ${t("fit")}`);
  if (a.carried) parts.push(t("carried", { n: a.carried }));
  return parts.join(", ");
}

// The next call judged on deals that fit what the calls so far showed (solver.auction_advice).
function renderInAuction(pane, a) {
  pane.append(el("h3", {}, t("in_auction")),
    richEl("p", { class: "muted" }, polish(a.shown.filter((x) => !x.nothing).map((x) => `${t(x.seat)} ${callText(x.call)}${C()}${x.shows}`).join(" ; ") +
      (fitNote(a) ? ` (${fitNote(a)})` : ""))));
  const head = ["call", "contract", "succeed", "ev", "vs_best"].map((k) => el("th", {}, t(k)));
  const rows = [...a.calls].sort((x, y) => y.ev - x.ev).slice(0, 10).map((c) => el("tr", { "data-call": c.call },
    el("td", {}, rich(callText(c.call))), el("td", {}, rich(c.contract ? callText(c.contract) : t("pass"))),
    el("td", {}, c.contract ? `${Math.round(100 * c.p_success)}%` : "—"),
    el("td", {}, `${c.ev >= 0 ? "+" : ""}${Math.round(c.ev)} ± ${Math.round(c.ev_se || 0)}`),
    el("td", { class: c.call === a.best ? "cell good" : "" }, c.call === a.best ? t("best_was") : `${Math.round(c.vs_best)} ± ${Math.round(c.vs_best_se || 0)}`)));
  pane.append(scroller(el("table", { class: "grid", id: "adv-calls" }, el("tr", {}, ...head), ...rows)));
}

function histograms(adv) {
  const h = adv.histograms, wrap = el("div", { class: "hist", id: "adv-histograms" });
  const max = Math.max(1, ...Object.values(h.counts).flat());
  const W = 200, H = 90, n = h.bins.length, top = h.bins[n - 1] + h.width;
  const standing = auctionState(readAuction(adv.auction || ""), state.dealer).best;
  const floor = standing ? levelValue(standing.level) : 0;
  for (const st of STRAINS) {
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("viewBox", `0 0 ${W} ${H + 14}`);
    svg.setAttribute("role", "img");
    const s = adv.strains[st];
    svg.setAttribute("aria-label", `${strainName(st)}: ${Math.round(s.mean)} ± ${Math.round(s.std)} ${t("card_pts")}`);
    let body = "";
    h.counts[st].forEach((c, i) => {
      const x = (h.bins[i] / top) * W, w = (h.width / top) * W - 1, y = H - (c / max) * H;
      body += `<rect x="${x}" y="${y}" width="${w}" height="${H - y}" fill="#1f6b3a"/>`;
    });
    for (const lv of [80, 100, 120, 140, 160]) {       // the levels one may still bid
      if (lv <= floor) continue;
      const x = (lv / top) * W;
      body += `<line x1="${x}" x2="${x}" y1="0" y2="${H}" stroke="#c8281e" stroke-dasharray="3,2"/>` +
              `<text x="${x}" y="${H + 12}" font-size="9" text-anchor="middle">${lv}</text>`;
    }
    svg.innerHTML = body;
    wrap.append(el("figure", {}, svg, el("figcaption", {}, rich(`${strainName(st)} — ${Math.round(s.mean)} ± ${Math.round(s.std)} ${t("card_pts")}`))));
  }
  return wrap;
}

// The bid grid: inside an auction the calls judged on deals that fit it, only the legal
// ones; else the opening bids. A cell: chance to make, mean score.
function bidGrid(adv, pick, auction, dealer) {
  const calls = readAuction(auction !== undefined ? auction : (adv ? adv.auction || "" : state.adv.auction));
  const legal = new Set(legalCalls(calls, dealer || state.dealer));
  const inside = adv && adv.in_auction;
  const cellOf = {};
  if (inside) for (const c of inside.calls) cellOf[c.call] = { p: c.p_success, ev: c.ev };
  else if (adv) for (const b of adv.bids) cellOf[b.bid] = { p: b.p_make, ev: b.ev };
  const rec = adv ? (inside ? inside.best : adv.recommendation.bid) : null;
  const head = el("tr", {}, el("th", {}, ""), ...LEVELS.map((l) => el("th", { scope: "col" }, String(l))));
  const rows = STRAINS.map((st) => el("tr", {}, el("th", { scope: "row" }, strainEl(st)), ...LEVELS.map((lv) => {
    const key = `${lv}${st}`, b = cellOf[key];
    if (!legal.has(key)) return el("td", { class: "cell off", "data-bid": key, "aria-disabled": "true" }, "");
    if (!b) {
      return el("td", { class: "cell pick", "data-bid": key }, pick
        ? el("button", { type: "button", class: "cellbtn", onclick: () => pick(key) }, named(callText(key), "·")) : "");
    }
    const cls = b.ev > 0 ? "good" : b.p >= 0.5 ? "ok" : "bad";
    return el("td", { class: `cell ${cls}` + (key === rec ? " rec" : ""), "data-bid": key,
                      title: `${callText(key)}: ${t("make")} ${Math.round(100 * b.p)}%, ${t("ev")} ${Math.round(b.ev)}` },
      `${Math.round(100 * b.p)}%`, el("br"), el("small", {}, (b.ev > 0 ? "+" : "") + Math.round(b.ev)));
  })));
  return el("table", { class: "grid", id: "bid-grid" }, head, ...rows);
}

// Each call of the auction judged from its caller's seat (solver.review_auction).
function auctionReview(r) {
  const head = ["seat", "call", "best_call", "lost_score"].map((k) => el("th", { scope: "col" }, t(k)));
  const rows = r.calls.map((c, i) => el("tr", { "data-index": String(i), class: c.matched ? "" : "missed" },
    el("td", {}, t(c.seat)), el("td", {}, rich(callText(c.call))), el("td", {}, rich(callText(c.best))),
    el("td", { class: c.matched ? "cell good" : c.cost >= 50 ? "cell bad" : "cell ok" },
       c.matched ? "0" : `−${Math.round(c.cost)} ± ${Math.round(c.cost_se || 0)}`)));
  return el("div", { id: "auction-review-box" },
    el("h3", {}, t("review_auction")),
    scroller(el("table", { class: "grid", id: "auction-review-table" }, el("tr", {}, ...head), ...rows)),
    el("ol", { class: "steps" }, ...r.calls.map((c) => richEl("li", {}, `${t(c.seat)} ${callText(c.call)}${C()}${polish(c.text)}`))));
}

function runAuctionReview() {
  return guarded(async () => {
    const key = keyOf("auctionReview");
    await runJob("auctionreview", { deal: state.deal, dealer: state.dealer, auction: readAuction(state.adv.auction).join(" "),
                                    samples: 30, seed: state.adv.seed, lang: state.lang, lookahead: state.adv.lookahead },
                 (r) => keep("auctionReview", r, key));
    render();
  });
}

// ---------------------------------------------------------------- lead advice
function renderLead(pane) {
  const a = state.adv, res = answer("lead");
  pane.append(el("h3", {}, t("lead_title")));
  const who = el("select", { id: "lead-seat", onchange: (e) => { state.lead.seat = e.target.value; state.lead.ran = false; writeUrl(); render(); } },
    ...SEATS.filter((s) => sideOf(s) !== sideOf(declarer())).map((s) => el("option", { value: s, selected: s === leadSeat() ? "" : null }, t(s))));
  pane.append(el("div", { class: "row" },
    richEl("span", {}, `${t("contract")}${C()}${callText(`${state.level}${state.strain}`)} ${t(declarer())}`),
    el("label", {}, t("lead_seat"), " ", who),
    el("button", { id: "lead-go", onclick: runLead, disabled: HAND_RE.test(leadHand() || "") ? null : "" }, t("lead_go"))));
  pane.append(el("div", { id: "lead-progress", class: "progress-box" }));
  if (res) {
    const rows = res.cards.map((c) => el("tr", { "data-card": c.card },
      el("td", {}, rich(cardName(c.card))), el("td", {}, c.points.toFixed(1)),
      el("td", {}, `${Math.round(100 * c.p_make)}%`), el("td", {}, `${c.ev >= 0 ? "+" : ""}${Math.round(c.ev)}`),
      el("td", { class: c.card === res.best ? "cell good" : "" }, c.card === res.best ? t("best_was") : `${Math.round(c.vs_best)} ± ${Math.round(c.vs_best_se || 0)}`)));
    const note = stoppedNote(res, "lead-stopped");
    if (note) pane.append(note);
    pane.append(richEl("p", { id: "lead-text" }, polish(res.text)),
      scroller(el("table", { class: "grid", id: "lead-table" }, el("tr", {}, ...["card", "our_points", "make", "ev", "vs_best"].map((k) => el("th", {}, t(k)))), ...rows)));
  }
}

// The leader's hand: from the deal when there is one, else the hand typed for advice.
const leadHand = () => (state.deal ? dealHands(state.deal)[leadSeat()] : state.adv.hand);

function runLead() {
  return guarded(async () => {
    const key = keyOf("lead");
    state.lead.ran = true;
    writeUrl();
    await runJob("lead", { hand: leadHand(), seat: leadSeat(), contract: `${state.level}${state.strain}`, declarer: declarer(),
                           samples: state.adv.samples, seed: state.adv.seed, lang: state.lang }, (r) => keep("lead", r, key));
    render();
  });
}

// ---------------------------------------------------------------- jobs
async function runJob(kind, body, onDone) {
  await stopJob();
  job = await api("POST", `/api/jobs/${kind}`, Object.assign({ lang: state.lang }, body));
  renderProgress();
  const id = job.id;
  while (job && job.id === id && !["done", "failed", "cancelled"].includes(job.state)) {
    await new Promise((r) => setTimeout(r, 200));
    if (!job || job.id !== id) return;
    const now = await api("GET", `/api/jobs/${id}`);
    if (!job || job.id !== id) return;
    job = now;
    renderProgress();
  }
  if (!job || job.id !== id) return;
  const finished = job;
  job = null;
  renderProgress();
  if (finished.state === "failed") throw new Error(finished.error);
  if (finished.state === "done") onDone(finished.result);
}

async function stopKeeping() {
  if (!job) return;
  const now = await api("POST", `/api/jobs/${job.id}/stop`).catch(() => null);
  if (job && now && now.id === job.id) { job = now; renderProgress(); }
}

async function stopJob(pressed) {
  if (!job) return;
  const id = job.id;
  job = null;
  renderProgress();
  await api("POST", `/api/jobs/${id}/cancel`).catch(() => null);
  if (pressed) say(t("stopped"), true);
}

function runAdvice() {
  return guarded(async () => {
    const a = state.adv, key = keyOf("advice");
    a.ran = true;
    writeUrl();
    render();
    await runJob("advise", { hand: a.hand, seat: a.seat, dealer: state.dealer, samples: a.samples,
                             seed: a.seed, auction: readAuction(a.auction).join(" "), lookahead: a.lookahead },
                 (r) => keep("advice", r, key));
    render();
  });
}

// ---------------------------------------------------------------- practice
// A problem never touches the board's own deal: leaving Practice shows that deal again.
function renderPractice() {
  const pane = $("pane-practice"), p = state.practice;
  pane.replaceChildren();
  pane.append(el("div", { class: "row" },
    el("button", { id: "pr-play", class: p.kind === "play" ? "primary" : "", "aria-pressed": String(p.kind === "play"), onclick: () => newProblem("play", p.seed) }, t("practice_play")),
    el("button", { id: "pr-bid", class: p.kind === "bid" ? "primary" : "", "aria-pressed": String(p.kind === "bid"), onclick: () => newProblem("bid", p.seed) }, t("practice_bid")),
    el("span", { class: "score", id: "pr-score" }, `${t("score")}${C()}${p.right} / ${p.tried}`)));
  const own = typeof practiceOwn === "function" && practiceOwn(pane);     // practice.js: the set's seat and bidding problems
  if (!own && p.kind === "play") renderPlayProblem(pane);
  pane.append(el("div", { class: "row" }, el("button", { id: "pr-next", class: "primary",
    onclick: () => newProblem(p.kind, p.seed + 1) }, t("next")), el("span", { class: "muted" }, `${t("seed")} ${p.seed}`)));
  if (typeof practiceExtras === "function") practiceExtras(pane);     // practice.js
}

function renderPlayProblem(pane) {
  const sol = answer("solution"), pr = playProblem;
  if (!sol || !pr) return;
  const goal = t(pr.goal.side === "declarer" ? "goal_decl" : "goal_def", { p: pr.goal.points });
  pane.append(richEl("p", { class: "big", id: "pr-statement" },
    `${t("contract")}${C()}${callText(pr.contract)} ${t(pr.declarer)}, ${t("leader")} ${t(pr.leader)}. ${goal} ` +
    `${t(pr.to_move)}${C()}${t("your_card")}.`),
    el("p", { class: "muted", id: "pr-tolerance" }, t("tolerance_play", { n: pr.tolerance })));
  if (!practiceAnswer) return;
  const { card, cost } = practiceAnswer;
  const good = cost <= pr.tolerance;
  pane.append(el("div", { class: "verdict " + (good ? "good" : "bad"), id: "pr-verdict" },
    el("div", { class: "big" }, good ? t("right") : t("wrong")),
    rich(`${t("you_chose")} ${cardName(card)}` + (cost ? `${C()}${t("lost")} ${cost} ${t("card_pts")}. ` : ". ") +
    `${t("best_cards")}${C()}${sol.best_cards.map(cardName).join(" ")}.`)));
  pane.append(el("p", { class: "legend" }, t("legend")));
}

function newProblem(kind, seed) {
  return guarded(async () => {
    await stopJob();
    Object.assign(state.practice, { kind, seed });
    practiceAnswer = null;
    if (typeof practiceReset === "function") practiceReset();
    // every problem is the shipped set's: practice.js loads its seat and bidding problems and
    // names the four-hands problem of this seed under its filters (theme, difficulty, strain)
    if (!await practiceLoad(kind, seed)) {
      playProblem = await api("GET", practiceSetUrl(seed));
      keep("solution", await solveFor(playProblem.deal, playProblem.strain, playProblem.leader, playProblem.played));
    }
    writeUrl();
    render();
  });
}

// ---------------------------------------------------------------- actions
function solveFor(deal, strain, lead, played) {
  return api("POST", "/api/solve", { deal, strain, leader: lead, played });
}
async function refreshPosition() {
  if (!state.deal) return;
  const key = keyOf("solution");
  keep("solution", await solveFor(state.deal, state.strain, leader(), state.played.join(" ")), key);
}

function clickCard(code) {
  return guarded(async () => {
    if (practiceActive("play")) {
      if (practiceAnswer) return;
      practiceAnswer = { card: code, cost: answer("solution").costs[code] };
      if (typeof practiceJudge === "function") await practiceJudge(code);     // practice.js: rating, line
      state.practice.tried += 1;
      if (practiceAnswer.cost <= playProblem.tolerance) state.practice.right += 1;
      writeUrl();
      render();
      return;
    }
    state.played.push(code);
    state.redo = [];
    await refreshPosition();
    writeUrl();
    render();
  });
}

function undo() {
  return guarded(async () => {
    if (!state.played.length) return;
    state.redo.push(state.played.pop());
    await refreshPosition();
    writeUrl();
    render();
  });
}

function redo() {
  return guarded(async () => {
    if (!state.redo.length) return;
    state.played.push(state.redo.pop());
    await refreshPosition();
    writeUrl();
    render();
  });
}

function bestLine() {
  return guarded(async () => {
    state.played = state.played.concat(answer("solution").optimal_line);
    state.redo = [];
    await refreshPosition();
    writeUrl();
    render();
  });
}

function doReview() {
  return guarded(async () => {
    const key = keyOf("review");
    keep("review", await api("POST", "/api/review", { deal: state.deal, strain: state.strain, leader: leader(),
                                                      played: state.played.concat(state.redo.slice().reverse()).join(" ") }), key);
    writeUrl();
    render();
  });
}

function startPlay(strain, lead) {
  return guarded(async () => {
    Object.assign(state, { strain, leader: lead, played: [], redo: [], panel: "play" });
    await refreshPosition();
    writeUrl();
    render();
  });
}

async function loadDeal(pbn, seed) {
  const d = await api("POST", "/api/deal", { deal: pbn });
  Object.assign(state, { deal: d.deal, seed: seed === undefined ? null : seed, played: [], redo: [], build: null });
  $("pbn").value = d.deal;
  await analyseDeal();
}

// The answers about the deal itself: the table, par and the position.
async function analyseDeal() {
  const tableKey = keyOf("table"), parKey = keyOf("par"), deal = state.deal, dealer = state.dealer;
  const [table, par] = await Promise.all([
    answer("table") || api("POST", "/api/table", { deal }),
    answer("par") || api("POST", "/api/par", { deal, dealer, lang: state.lang }),
    refreshPosition(),
  ]);
  keep("table", table, tableKey);
  keep("par", par, parKey);
  writeUrl();
  render();
}

function randomDeal() {
  return guarded(async () => {
    let seed = $("seed").value === "" ? Math.floor(Math.random() * 1e6) : +$("seed").value;
    if (state.deal && state.seed === seed && $("seed").value !== "") seed += 1;
    $("seed").value = seed;
    const d = await api("GET", `/api/deal?seed=${seed}`);
    await loadDeal(d.deal, seed);
  });
}

// ---------------------------------------------------------------- building a deal
function startBuild() {
  state.build = { to: "N", hands: { N: [], E: [], S: [], W: [] } };
  state.deal = null;
  $("pbn").value = "";
  render();
}

function buildTake(seat, code) {
  const h = state.build.hands[seat];
  h.splice(h.indexOf(code), 1);
  render();
}

function renderPalette() {
  const pal = $("palette");
  pal.hidden = !state.build;
  pal.replaceChildren();
  if (!state.build) return;
  const b = state.build;
  const used = new Set(Object.values(b.hands).flat());
  const left = [];
  for (const s of SUITS) for (const r of RANKS) if (!used.has(s + r)) left.push(s + r);
  pal.append(el("span", { class: "muted" }, t("build_help")), el("br"),
    el("label", {}, `${t("build_to")} `, el("select", { id: "build-to", onchange: (e) => { b.to = e.target.value; } },
      ...SEATS.map((s) => el("option", { value: s, selected: s === b.to ? "" : null }, `${t(s)} (${b.hands[s].length})`)))));
  for (const code of left) {
    pal.append(cardEl(code, { onclick: () => {
      if (b.hands[b.to].length >= 8) b.to = SEATS.find((s) => b.hands[s].length < 8) || b.to;
      if (b.hands[b.to].length < 8) b.hands[b.to].push(code);
      if (b.hands[b.to].length >= 8) b.to = SEATS.find((s) => b.hands[s].length < 8) || b.to;
      render();
    } }));
  }
  pal.append(el("span", { class: "muted" }, `${left.length} ${t("cards_left")}`),
    el("button", { id: "build-done", class: "primary", disabled: left.length ? "" : null, onclick: () => guarded(() =>
      loadDeal("N:" + SEATS.map((s) => cardsToPbn(b.hands[s])).join(" "))) }, t("build_done")));
}

// ---------------------------------------------------------------- view: rotate, hide
function renderView() {
  const box = $("view");
  box.hidden = state.panel === "match";
  box.replaceChildren(
    el("label", {}, t("sit_at"), " ", el("select", { id: "view-me", onchange: (e) => { state.view.me = e.target.value; writeUrl(); render(); } },
      ...SEATS.map((s) => el("option", { value: s, selected: s === state.view.me ? "" : null }, t(s))))),
    el("label", {}, el("input", { type: "checkbox", id: "view-only", checked: state.view.only ? "" : null,
      onchange: (e) => { state.view.only = e.target.checked; writeUrl(); render(); } }), " ", t("only_mine")),
    el("button", { type: "button", id: "keys", "aria-keyshortcuts": "?", onclick: toggleKeys }, t("keys")));
}

// ---------------------------------------------------------------- keyboard
function toggleKeys() {
  const d = $("keys-help");
  if (!d.hidden) { d.hidden = true; return; }
  d.replaceChildren(el("h2", { id: "keys-title" }, t("keys_title")),
    el("ul", {}, ...["key_arrows", "key_enter", "key_undo", "key_redo", "key_help", "key_esc"].map((k) => el("li", {}, t(k)))),
    el("button", { type: "button", id: "keys-close", onclick: () => { d.hidden = true; $("keys").focus(); } }, t("close")));
  d.hidden = false;
  $("keys-close").focus();
}

function onKey(e) {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const tgt = e.target, tag = tgt.tagName;
  if (["INPUT", "SELECT", "TEXTAREA"].includes(tag)) return;
  if (e.key === "Escape") { $("keys-help").hidden = true; return; }
  if (e.key === "?") { e.preventDefault(); toggleKeys(); return; }
  const card = tgt.closest && tgt.closest(".hand .card, #adv-picker .card, #palette .card");
  if (card && ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].includes(e.key)) {
    const group = [...card.parentElement.querySelectorAll(".card:not(.back)")];
    const i = group.indexOf(card) + (e.key === "ArrowLeft" || e.key === "ArrowUp" ? -1 : 1);
    if (group[i]) group[i].focus();
    e.preventDefault();
    return;
  }
  if (state.panel !== "play") return;
  if (e.key === "u" || e.key === "ArrowLeft") { e.preventDefault(); undo(); }
  if (e.key === "r" || e.key === "ArrowRight") { e.preventDefault(); redo(); }
}

// What has the focus, as a selector that finds the same control after a render.
function focusKey() {
  const a = document.activeElement;
  if (!a || a === document.body) return null;
  if (a.id) return "#" + CSS.escape(a.id);
  for (const attr of ["data-card", "data-trick", "data-call", "data-index"]) {
    if (a.hasAttribute(attr)) return `[${attr}="${a.getAttribute(attr)}"]`;
  }
  const td = a.closest("td[data-strain]");
  if (td) return `td[data-strain="${td.dataset.strain}"][data-leader="${td.dataset.leader}"] button`;
  return null;
}
// Puts the focus back after a render: on the same control if it is still there and
// usable, else on the first legal card (after playing one), else where it was.
function refocus(key) {
  if (document.activeElement && document.activeElement !== document.body && document.activeElement.isConnected) return;
  let target = key ? document.querySelector(/data-card/.test(key) ? `button${key}` : key) : null;
  if (target && (target.disabled || target.getAttribute("aria-disabled") === "true") && /data-card/.test(key)) target = null;
  if (!target && key && /data-card/.test(key)) target = document.querySelector(".card.legal");
  if (!target && key && key.startsWith("#")) target = document.querySelector(key);
  if (target) target.focus({ preventScroll: true });
}

// ---------------------------------------------------------------- page
function render() {
  const focus = focusKey();
  document.documentElement.lang = state.lang;
  document.title = "Coinche — " + t("title");
  for (const e of document.querySelectorAll("[data-t]")) e.textContent = t(e.dataset.t);
  $("rules").title = t("rules_help");
  $("lang").textContent = state.lang === "fr" ? "English" : "Français";
  $("lang").setAttribute("lang", state.lang === "fr" ? "en" : "fr");
  const dl = $("dealer");
  dl.replaceChildren(...SEATS.map((s) => el("option", { value: s, selected: s === state.dealer ? "" : null }, t(s))));
  if (state.deal && !state.build && document.activeElement !== $("pbn")) $("pbn").value = state.deal;
  renderPalette();
  renderBoard();
  renderPanes();
  renderProgress();
  refocus(focus);
}

async function openPanel(panel) {
  const was = state.panel;
  state.panel = panel;
  if (panel in modes) { writeUrl(); render(); await modes[panel].open(); return; }
  if (panel === "practice") {
    practiceAnswer = null;
    const p = state.practice;
    if (p.kind !== "play" || !playProblem || playProblem.seed !== p.seed) {
      return newProblem(p.kind, p.seed);
    }
    if (p.kind === "play") keep("solution", await solveFor(playProblem.deal, playProblem.strain, playProblem.leader, playProblem.played));
  } else {
    if (panel === "advice" && !state.adv.hand && state.deal) state.adv.hand = dealHands(state.deal)[state.adv.seat];
    if (was === "practice" && state.deal) $("pbn").value = state.deal;
    if (state.deal) await analyseDeal();
  }
  writeUrl();
  render();
}

// Reopens the answers the link names, recomputed from their seeds.
async function reopenAnswers() {
  if (state.panel === "play") {
    if (reopen.has("review")) await doReview();
    if (reopen.has("seatAdvice")) await runSeatAdvice();
    if (reopen.has("seatReview")) await runSeatReview();
  }
  if (state.panel === "advice" && state.adv.ran && HAND_RE.test(state.adv.hand)) await runAdvice();
  if (state.panel === "advice" && state.lead.ran && HAND_RE.test(leadHand() || "")) await runLead();
}

async function init() {
  const bad = readUrl();
  if (!state.lang) state.lang = (navigator.language || "fr").toLowerCase().startsWith("fr") ? "fr" : "en";
  for (const b of document.querySelectorAll("#tabs button")) {
    b.addEventListener("click", () => guarded(() => openPanel(b.dataset.panel)));
  }
  $("load").addEventListener("click", () => guarded(() => loadDeal($("pbn").value)));
  $("pbn").addEventListener("keydown", (e) => { if (e.key === "Enter") guarded(() => loadDeal($("pbn").value)); });
  $("random").addEventListener("click", randomDeal);
  $("build").addEventListener("click", startBuild);
  $("dealer").addEventListener("change", (e) => guarded(async () => {
    state.dealer = e.target.value;
    state.leader = null;
    if (state.deal) await analyseDeal(); else { writeUrl(); render(); }
  }));
  $("lang").addEventListener("click", () => {
    const calls = readAuction(state.adv.auction);
    state.lang = state.lang === "fr" ? "en" : "fr";
    state.adv.auction = auctionText(calls);          // the same calls, in the new letters
    writeUrl();
    render();
    if (state.deal && !practiceActive()) guarded(analyseDeal);     // par's reason in the new language
  });
  $("copy-link").addEventListener("click", () => {
    writeUrl();
    (navigator.clipboard ? navigator.clipboard.writeText(location.href) : Promise.reject())
      .then(() => say(t("copied"), true), () => say(location.href, true));
  });
  document.addEventListener("keydown", onKey);
  window.addEventListener("pagehide", () => { if (job) api("POST", `/api/jobs/${job.id}/cancel`, undefined, true).catch(() => null); });
  $("rules").value = state.rules;
  $("rules").addEventListener("change", (e) => guarded(async () => {
    state.rules = e.target.value;
    state.rules = e.target.value = rulesList().join(",");
    if (state.deal) await analyseDeal(); else { writeUrl(); render(); }
  }));
  await guarded(async () => {
    if (state.seed !== null) $("seed").value = state.seed;
    if (state.panel === "practice") {
      // the problems come through practice.js, the script after this one: wait until it has run
      await new Promise((ok) => (document.readyState === "loading" ? document.addEventListener("DOMContentLoaded", ok) : ok()));
      const p = state.practice;
      await newProblem(p.kind, p.seed);
      return;
    }
    const played = state.played, redo = state.redo;
    try {
      await loadDeal(state.deal || EXAMPLE, state.seed === null ? undefined : state.seed);
    } catch (e) {
      await loadDeal(EXAMPLE);
      throw e;
    }
    state.played = played;
    state.redo = redo;
    try { await refreshPosition(); } catch (e) { state.played = []; state.redo = []; await refreshPosition(); throw e; }
    if (state.panel === "advice" && !state.adv.hand && state.deal) state.adv.hand = dealHands(state.deal)[state.adv.seat];
    writeUrl();
  });
  if (bad.length) say(`${t("bad_link")} ${bad.join(", ")}`);
  render();
  document.body.dataset.ready = "1";
  if (((state.adv.ran || state.lead.ran) && state.panel === "advice") || (reopen.size && state.panel === "play")) guarded(reopenAnswers);
}

init();
