// The analysis board: one page over the JSON API (see docs/web.md).
// The whole state lives in the URL's fragment, so a link reopens the same board.
"use strict";

const SEATS = ["N", "E", "S", "W"];
const SUITS = ["S", "H", "D", "C"];
const STRAINS = ["S", "H", "D", "C", "SA", "TA"];
const LEVELS = [80, 90, 100, 110, 120, 130, 140, 150, 160, "capot"];
const SYM = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RANKS = "AKQJT987";
const NAMES = {
  fr: { A: "A", K: "R", Q: "D", J: "V", T: "10", 9: "9", 8: "8", 7: "7" },
  en: { A: "A", K: "K", Q: "Q", J: "J", T: "10", 9: "9", 8: "8", 7: "7" },
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
    cancel: "Arrêter", auction_so_far: "Enchères jusqu'ici (depuis le joueur après le donneur)",
    sampling: "Tirage et résolution des donnes", recommendation: "Conseil", answer: "Après ces enchères",
    pass: "passe", histograms: "Points du camp sur les donnes tirées (belote comprise), niveaux d'enchère marqués",
    grid: "Grille des enchères : chance de réussir et score moyen (si contré quand elle chute)",
    practice_bid: "Problème d'enchères", practice_play: "Problème de jeu de la carte", next: "Problème suivant",
    your_call: "Votre annonce ?", your_card: "Cliquez la carte que vous jouez", score: "Score",
    right: "Bien joué !", wrong: "Pas tout à fait.", verdict_bid: "Le conseil tiré de", deals: "donnes",
    you_chose: "Vous avez choisi", lost: "vous perdez", copied: "Lien copié dans le presse-papiers",
    build_help: "Choisissez la place, puis cliquez les cartes pour les lui donner ; cliquez une carte d'une main pour la reprendre.",
    build_to: "Donner à", build_done: "Utiliser cette donne", cards_left: "cartes restantes",
    from_deal: "Main de la donne", make: "réussit", ev: "score moyen", why: "Pourquoi",
    in_auction: "L'annonce suivante, sur les donnes conformes aux enchères", fit: "des donnes tirées s'accordent avec les enchères",
    call: "Annonce",
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
    cancel: "Stop", auction_so_far: "Auction so far (from the player after the dealer)",
    sampling: "Sampling and solving deals", recommendation: "Advice", answer: "After this auction",
    pass: "pass", histograms: "The side's points over the sampled deals (belote included), bid levels marked",
    grid: "Bid grid: chance to make and mean score (coinched when it fails)",
    practice_bid: "Bidding problem", practice_play: "Card-play problem", next: "Next problem",
    your_call: "Your call?", your_card: "Click the card you play", score: "Score",
    right: "Well done!", wrong: "Not quite.", verdict_bid: "The advice from", deals: "deals",
    you_chose: "You chose", lost: "you lose", copied: "Link copied to the clipboard",
    build_help: "Pick a seat, then click cards to give them to it; click a card in a hand to take it back.",
    build_to: "Give to", build_done: "Use this deal", cards_left: "cards left",
    from_deal: "Hand from the deal", make: "makes", ev: "mean score", why: "Why",
    in_auction: "The next call, on deals that fit the auction", fit: "of the dealt deals fit the auction",
    call: "Call",
    from_seat: "From the player's seat", from_seat_help: "What the player to move can know: its hand, the cards played and what they prove; the hidden hands are dealt at random.",
    contract: "Contract", declarer: "Declarer", seat_advice: "Which card, from this seat", seat_review: "Review from each seat",
    play_out: "Play the rest out (PIMC)", worlds: "Worlds", card: "Card", our_points: "Our points", succeed: "We succeed",
    vs_best: "Against the best", real: "Our points on the real deal", verdicts: "Verdicts",
    v_good: "good by both", v_mistake: "a mistake by both", v_badluck: "right, but not on this deal", v_lucky: "wrong, but it worked here", v_forced: "no choice",
    seen: "from the seat", as_good: "as good as the best", on_deal: "on the deal", pimc_result: "Realistic play (PIMC)", took: "take", dd: "double dummy", made: "made", down: "down",
  },
};

// ---------------------------------------------------------------- state and URL
const state = {
  deal: null, seed: null, dealer: "N", panel: "table", lang: null,
  strain: "C", leader: null, played: [], redo: [], level: 80, declarer: null, seatSamples: 50,
  adv: { hand: "", seat: "S", auction: "", samples: 200, seed: 1 },
  practice: { kind: "play", seed: 1, right: 0, tried: 0 },
  build: null,
};
let solution = null, table = null, parResult = null, reviewResult = null, advice = null, job = null;
let practiceAnswer = null, bidProblem = null, seatAdvice = null, seatReview = null, playOut = null;

function readUrl() {
  const q = new URLSearchParams(location.hash.slice(1));
  if (q.get("d")) state.deal = q.get("d");
  if (q.get("seed")) state.seed = +q.get("seed");
  if (SEATS.includes(q.get("dl"))) state.dealer = q.get("dl");
  if (["table", "play", "advice", "practice"].includes(q.get("panel"))) state.panel = q.get("panel");
  if (["fr", "en"].includes(q.get("lang"))) state.lang = q.get("lang");
  if (STRAINS.includes(q.get("st"))) state.strain = q.get("st");
  if (SEATS.includes(q.get("ld"))) state.leader = q.get("ld");
  state.played = q.get("p") ? q.get("p").split("-").filter(Boolean) : [];
  if (LEVELS.map(String).includes(q.get("cl"))) state.level = q.get("cl") === "capot" ? "capot" : +q.get("cl");
  if (SEATS.includes(q.get("cd"))) state.declarer = q.get("cd");
  if (q.get("sn")) state.seatSamples = +q.get("sn");
  if (q.get("ah")) state.adv.hand = q.get("ah");
  if (SEATS.includes(q.get("as"))) state.adv.seat = q.get("as");
  if (q.get("aa")) state.adv.auction = q.get("aa");
  if (q.get("an")) state.adv.samples = +q.get("an");
  if (q.get("ax")) state.adv.seed = +q.get("ax");
  if (["play", "bid"].includes(q.get("pk"))) state.practice.kind = q.get("pk");
  if (q.get("ps")) state.practice.seed = +q.get("ps");
  const sc = (q.get("sc") || "").split("/");
  if (sc.length === 2) { state.practice.right = +sc[0] || 0; state.practice.tried = +sc[1] || 0; }
}

function writeUrl() {
  const q = new URLSearchParams();
  if (state.deal) q.set("d", state.deal);
  if (state.seed !== null) q.set("seed", state.seed);
  q.set("dl", state.dealer);
  q.set("panel", state.panel);
  q.set("lang", state.lang);
  q.set("st", state.strain);
  q.set("ld", leader());
  if (state.played.length) q.set("p", state.played.join("-"));
  q.set("cl", state.level);
  q.set("cd", declarer());
  q.set("sn", state.seatSamples);
  if (state.adv.hand) q.set("ah", state.adv.hand);
  q.set("as", state.adv.seat);
  if (state.adv.auction) q.set("aa", state.adv.auction);
  q.set("an", state.adv.samples);
  q.set("ax", state.adv.seed);
  if (state.panel === "practice") {
    q.set("pk", state.practice.kind);
    q.set("ps", state.practice.seed);
    q.set("sc", state.practice.right + "/" + state.practice.tried);
  }
  history.replaceState(null, "", "#" + q.toString());
}

const leader = () => state.leader || SEATS[(SEATS.indexOf(state.dealer) + 1) % 4];
const declarer = () => state.declarer || SEATS[(SEATS.indexOf(leader()) + 3) % 4];
const C = () => (state.lang === "fr" ? " : " : ": ");
const t = (key) => TEXT[state.lang][key] || key;
const $ = (id) => document.getElementById(id);

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) e.setAttribute(k, v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) e.append(c);
  return e;
}

// ---------------------------------------------------------------- API
async function api(method, path, body) {
  const opts = { method, headers: {} };
  if (body !== undefined) { opts.body = JSON.stringify(body); opts.headers["content-type"] = "application/json"; }
  const r = await fetch(path, opts);
  const data = await r.json().catch(() => ({ error: `HTTP ${r.status}` }));
  if (!r.ok) throw new Error(data.error || `HTTP ${r.status}`);
  return data;
}

function say(text, info) {
  const m = $("message");
  m.textContent = text || "";
  m.className = info ? "info" : "";
}

// Runs an action, shows its error as one line; body[data-busy] tells tests when it is done.
let busy = 0;
async function guarded(fn) {
  document.body.dataset.busy = String(++busy);
  try { say(""); await fn(); } catch (e) { say(e.message); } finally { document.body.dataset.busy = String(--busy); }
}

// ---------------------------------------------------------------- cards
function cardName(code) {
  return NAMES[state.lang][code[1]] + SYM[code[0]];
}
function strainName(s) {
  return SYM[s] ? SYM[s] : t(s);
}
function strainEl(s) {
  return el("span", { class: s === "H" || s === "D" ? "suit red" : "suit" }, strainName(s));
}
function cardEl(code, extra) {
  const red = code[0] === "H" || code[0] === "D";
  return el("div", Object.assign({ class: "card " + (red ? "red" : "black"), "data-card": code,
                                   title: cardName(code) }, extra || {}),
            el("span", { class: "r" }, NAMES[state.lang][code[1]]), el("span", { class: "s" }, SYM[code[0]]));
}
function handCards(pbn) {
  const out = [];
  pbn.split(".").forEach((ranks, i) => {
    for (const r of ranks) if (r !== "-") out.push(SUITS[i] + r);
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
function renderBoard() {
  const playing = (state.panel === "play" || (state.panel === "practice" && state.practice.kind === "play"))
    && solution;
  const hiding = state.panel === "practice" && state.practice.kind === "play" && !practiceAnswer;
  const hidden = onlyOneHand();
  const hands = state.build ? Object.fromEntries(SEATS.map((s) => [s, cardsToPbn(state.build.hands[s])]))
    : hidden ? hidden : playing ? solution.hands : state.deal ? dealHands(state.deal) : null;
  for (const seat of SEATS) {
    const box = $("seat-" + seat);
    box.replaceChildren();
    box.classList.toggle("tomove", !!(playing && solution.to_move === seat));
    const tags = [];
    if (seat === state.dealer) tags.push(el("span", { class: "tag", title: t("dealer") }, t("dealer")));
    if (playing && solution.to_move === seat) tags.push(el("span", { class: "tag" }, t("to_move")));
    box.append(el("div", { class: "name" }, t(seat), ...tags));
    const hand = el("div", { class: "hand" });
    box.append(hand);
    if (!hands) continue;
    const values = playing && solution.to_move === seat ? solution.card_values : null;
    if (values && !hiding) hand.classList.add("valued");
    if (hands[seat] === null) {
      for (let i = 0; i < 8; i++) hand.append(el("div", { class: "card back" }));
      continue;
    }
    for (const code of handCards(hands[seat])) {
      let c;
      if (values && code in values) {
        c = cardEl(code, { class: "card legal " + (/[HD]/.test(code[0]) ? "red" : "black"),
                           onclick: () => clickCard(code) });
        if (!hiding) {
          const mine = sideOf(seat) === "NS" ? values[code] : solution.ns_points + solution.ew_points - values[code];
          const cost = solution.costs[code];
          c.append(el("span", { class: "val " + costClass(cost),
                                title: cost ? `−${cost}` : t("lg_good") }, String(mine)));
        }
      } else {
        c = cardEl(code, values ? { class: "card dim " + (/[HD]/.test(code[0]) ? "red" : "black") } : {});
        if (state.build) c.addEventListener("click", () => buildTake(seat, code));
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
  if (state.panel === "practice" && state.practice.kind === "bid" && bidProblem) [seat, hand] = [bidProblem.seat, bidProblem.hand];
  if (!seat || !/^[AKQJT987-]*(\.[AKQJT987-]*){3}$/i.test(hand)) return null;
  return Object.fromEntries(SEATS.map((s) => [s, s === seat ? hand.toUpperCase() : null]));
}

function renderMiddle(playing) {
  const m = $("middle");
  m.replaceChildren();
  if (!playing) {
    if (state.deal && !state.build) m.append(el("div", { class: "info" }, state.seed !== null ? `${t("seed")} ${state.seed}` : ""));
    return;
  }
  m.append(el("div", { class: "trump" }, `${t("strain")}${C()}${strainName(solution.strain)}`));
  let cards = solution.trick, lead = solution.trick_leader, last = false;
  if (!cards.length && solution.last_trick) { cards = solution.last_trick.cards; lead = solution.last_trick.leader; last = true; }
  cards.forEach((code, i) => {
    const seat = SEATS[(SEATS.indexOf(lead) + i) % 4];
    const c = cardEl(code);
    c.classList.add("slot-" + seat);
    if (last) c.classList.add("last");
    m.append(c);
  });
  if (last) m.append(el("div", { class: "lastlabel" }, t("last_trick")));
  m.append(el("div", { class: "info" },
    `${t("tricks")} ${t("ns")} ${solution.tricks.NS} – ${t("ew")} ${solution.tricks.EW}`, el("br"),
    `${t("points")} ${solution.points.NS} – ${solution.points.EW}`));
}

// ---------------------------------------------------------------- panes
function renderPanes() {
  for (const b of document.querySelectorAll("#tabs button")) b.classList.toggle("active", b.dataset.panel === state.panel);
  for (const p of ["table", "play", "advice", "practice"]) $("pane-" + p).classList.toggle("active", p === state.panel);
  if (state.panel === "table") renderTable();
  if (state.panel === "play") renderPlay();
  if (state.panel === "advice") renderAdvice();
  if (state.panel === "practice") renderPractice();
}

function bidText(level) {
  return level === null || level === undefined ? "—" : level === "capot" ? "capot" : String(level);
}

function renderTable() {
  const pane = $("pane-table");
  pane.replaceChildren(el("h2", {}, t("table_title")), el("p", { class: "muted" }, t("table_help")));
  if (!table) return;
  const head = [el("tr", {}, el("th", { rowspan: 2 }, t("strain")), el("th", { colspan: 4 }, t("first_leader"))),
                el("tr", {}, ...SEATS.map((s) => el("th", {}, t(s))))];
  const rows = STRAINS.map((st) => el("tr", {}, el("th", {}, strainEl(st)), ...table.leaders.map((row) => {
    const sel = state.strain === st && leader() === row.leader;
    return el("td", { class: "click" + (sel ? " sel" : ""), "data-strain": st, "data-leader": row.leader,
                      onclick: () => startPlay(st, row.leader) },
      el("span", { class: "ns" }, String(row.ns_points[st])), " ",
      el("span", { class: "ew" }, String(row.ew_points[st])),
      row.ns_capot[st] ? el("span", { class: "capot" }, `capot ${t("ns")}`) : null,
      row.ew_capot[st] ? el("span", { class: "capot" }, `capot ${t("ew")}`) : null);
  })));
  pane.append(el("table", { class: "grid", id: "dd-table" }, ...head, ...rows));
  const one = table.leaders.find((r) => r.leader === leader());
  pane.append(el("h3", {}, `${t("best_bids")} ${t(leader())})`));
  pane.append(el("table", { class: "grid", id: "best-bids" },
    el("tr", {}, el("th", {}, ""), ...STRAINS.map((s) => el("th", {}, strainEl(s)))),
    el("tr", {}, el("th", {}, t("ns")), ...STRAINS.map((s) => el("td", {}, bidText(one.ns_best_bid[s])))),
    el("tr", {}, el("th", {}, t("ew")), ...STRAINS.map((s) => el("td", {}, bidText(one.ew_best_bid[s]))))));
  if (parResult) {
    const c = parResult.contract;
    pane.append(el("h3", {}, `${t("par")} (${t("dealer")} ${t(state.dealer)})`));
    pane.append(el("p", { class: "big", id: "par-contract" },
      c ? `${t("par_contract")}${C()}${c.level} ${strainName(c.strain)} ${t(c.declarer)}` +
          (c.coinche !== "none" ? ` ${c.coinche}` : "") + ` — ${t("ns")} ${parResult.ns_score}, ${t("ew")} ${parResult.ew_score}`
        : t("nobody")));
    pane.append(el("p", {}, `${t("auction")}${C()}`, parResult.auction.map((a) => `${t(a.seat)} ${callText(a.call)}`).join(" · ")));
    pane.append(el("p", { class: "muted" }, parResult.reason));
  }
}

function callText(call) {
  if (call === "pass") return t("pass");
  const m = /^(\d+|capot)\s*(SA|TA|S|H|D|C)$/.exec(call.replace(" ", ""));
  return m ? `${m[1]} ${strainName(m[2])}` : call;
}

function renderPlay() {
  const pane = $("pane-play");
  pane.replaceChildren();
  const strainSel = el("select", { id: "strain", onchange: (e) => startPlay(e.target.value, leader()) },
    ...STRAINS.map((s) => el("option", { value: s, selected: s === state.strain ? "" : null },
                             SYM[s] ? `${SYM[s]} ${t("suit_" + s)}` : t(s))));
  const leadSel = el("select", { id: "leader", onchange: (e) => startPlay(state.strain, e.target.value) },
    ...SEATS.map((s) => el("option", { value: s, selected: s === leader() ? "" : null }, t(s))));
  pane.append(el("div", { class: "row" }, el("label", {}, t("strain"), " ", strainSel),
                 el("label", {}, t("leader"), " ", leadSel)));
  if (!solution) return;
  pane.append(el("p", { class: "big", id: "value-now" },
    `${t("value_now")} ${solution.ns_points} ${t("points").toLowerCase()}, ${t("ew")} ${solution.ew_points}` +
    (solution.capot ? ` (capot ${solution.capot})` : "")));
  pane.append(el("div", { class: "row" },
    el("button", { id: "undo", onclick: undo, disabled: state.played.length ? null : "" }, t("undo")),
    el("button", { id: "redo", onclick: redo, disabled: state.redo.length ? null : "" }, t("redo")),
    el("button", { id: "best-card", onclick: () => solution.best_cards.length && clickCard(solution.best_cards[0]),
                   disabled: solution.to_move ? null : "" }, t("best_card")),
    el("button", { id: "best-line", onclick: bestLine, disabled: solution.to_move ? null : "" }, t("best_line")),
    el("button", { id: "restart", onclick: () => startPlay(state.strain, leader()) }, t("restart")),
    el("button", { id: "review", class: "primary", onclick: doReview, disabled: state.played.length ? null : "" }, t("review"))));
  pane.append(el("p", { class: "legend" }, t("legend"), " ",
    el("span", { style: "background:var(--good)" }, t("lg_good")),
    el("span", { style: "background:var(--ok)" }, t("lg_ok")),
    el("span", { style: "background:var(--bad)" }, t("lg_bad"))));
  if (!solution.to_move) pane.append(el("p", { class: "big" }, `${t("over")}${C()}${t("ns")} ${solution.points.NS}, ${t("ew")} ${solution.points.EW}`));
  if (reviewResult) renderReview(pane);
  renderSeatPane(pane);
}

// ---------------------------------------------------------------- from the player's seat
function seatBody(extra) {
  return Object.assign({ deal: state.deal, contract: `${state.level}${state.strain}`, declarer: declarer(),
                         leader: leader(), played: state.played.join(" "), seed: 1 }, extra);
}

function renderSeatPane(pane) {
  pane.append(el("h3", {}, t("from_seat")), el("p", { class: "muted" }, t("from_seat_help")));
  const level = el("select", { id: "seat-level", onchange: (e) => { state.level = e.target.value === "capot" ? "capot" : +e.target.value; writeUrl(); } },
    ...LEVELS.map((l) => el("option", { value: l, selected: l === state.level ? "" : null }, bidText(l))));
  const decl = el("select", { id: "seat-declarer", onchange: (e) => { state.declarer = e.target.value; writeUrl(); } },
    ...SEATS.map((s) => el("option", { value: s, selected: s === declarer() ? "" : null }, t(s))));
  const samples = el("input", { id: "seat-samples", type: "number", min: 1, max: 2000, value: state.seatSamples, style: "width:5em",
                                onchange: (e) => { state.seatSamples = +e.target.value || 50; writeUrl(); } });
  pane.append(el("div", { class: "row" },
    el("label", {}, t("contract"), " ", level, " ", strainEl(state.strain)), el("label", {}, t("declarer"), " ", decl),
    el("label", {}, t("samples"), " ", samples)));
  const live = solution && solution.to_move;
  pane.append(el("div", { class: "row" },
    el("button", { id: "seat-advice", onclick: runSeatAdvice, disabled: live ? null : "" }, t("seat_advice")),
    el("button", { id: "seat-review", onclick: runSeatReview, disabled: state.played.length ? null : "" }, t("seat_review")),
    el("button", { id: "play-out", onclick: runPlayOut, disabled: live ? null : "" }, t("play_out"))));
  pane.append(el("div", { id: "seat-progress" }));
  if (seatAdvice) renderSeatAdvice(pane, seatAdvice);
  if (seatReview) renderSeatReview(pane, seatReview);
  if (playOut) {
    const p = playOut;
    pane.append(el("p", { class: "big", id: "play-out-result" },
      `${t("pimc_result")}${C()}${t("ns")} ${t("took")} ${p.ns_points} (${t("dd")} ${p.dd_ns_points}), ` +
      `${callText(p.contract)} ${t(p.declarer)} ${p.made ? t("made") : t("down")}`));
  }
}

function renderSeatAdvice(pane, a) {
  const head = ["card", "our_points", "succeed", "ev", "vs_best", "real"].map((k) => el("th", {}, t(k)));
  const rows = [...a.cards].sort((x, y) => y.ev - x.ev).map((c) => el("tr", { "data-card": c.card },
    el("td", {}, cardName(c.card)), el("td", {}, c.points.toFixed(1)), el("td", {}, `${Math.round(100 * c.p_success)}%`),
    el("td", {}, `${c.ev >= 0 ? "+" : ""}${c.ev.toFixed(0)}`),
    el("td", { class: c.card === a.best ? "cell good" : "" }, c.card === a.best ? t("best_was") : `${c.vs_best.toFixed(0)} ± ${(c.vs_best_se || 0).toFixed(0)}`),
    el("td", {}, c.real === null ? "" : String(sideOf(a.seat) === "NS" ? c.real : 162 - c.real))));
  pane.append(el("table", { class: "grid", id: "seat-advice-table" }, el("tr", {}, ...head), ...rows),
              el("p", { class: "muted" }, `${t(a.seat)}, ${a.samples} ${t("deals")} — ${a.text}`));
}

const VERDICT_KEY = { good: "v_good", mistake: "v_mistake", "bad luck": "v_badluck", lucky: "v_lucky", forced: "v_forced" };
const VERDICT_CLASS = { mistake: "bad", "bad luck": "ok", lucky: "ok" };

function renderSeatReview(pane, r) {
  pane.append(el("h3", {}, `${t("seat_review")} — ${t("verdicts")}${C()}` +
    Object.entries(r.counts).filter(([, n]) => n).map(([v, n]) => `${t(VERDICT_KEY[v])} ${n}`).join(", ")));
  const shown = r.steps.filter((s) => VERDICT_CLASS[s.verdict]);
  pane.append(el("ol", { class: "steps", id: "seat-review-steps" }, ...shown.map((s) => el("li", { class: "verdict-" + VERDICT_CLASS[s.verdict] },
    `${t("trick")} ${s.trick}, ${t(s.seat)}${C()}${cardName(s.card)} — ${t(VERDICT_KEY[s.verdict])} ` +
    `(${t("seen")} ` + (s.seen_loss > 0 ? `−${s.seen_loss.toFixed(0)} ± ${s.seen_loss_se.toFixed(0)}, ${t("best_was")} ${cardName(s.seen_best)}` : t("as_good")) + "; " +
    `${t("on_deal")} −${s.real_loss}${s.real_loss ? ", " + t("best_was") + " " + cardName(s.real_best) : ""})`))));
}

function runSeatAdvice() {
  return guarded(async () => {
    seatAdvice = null;
    await runJob("play", seatBody({ samples: state.seatSamples }), (r) => { seatAdvice = r; });
    render();
  });
}

function runSeatReview() {
  return guarded(async () => {
    seatReview = null;
    await runJob("seatreview", seatBody({ samples: state.seatSamples }), (r) => { seatReview = r; });
    render();
  });
}

function runPlayOut() {
  return guarded(async () => {
    playOut = null;
    const body = seatBody({ worlds: 20 });
    await runJob("playout", body, (r) => { playOut = r; });
    if (playOut) {
      state.played = playOut.played.slice();
      state.redo = [];
      reviewResult = seatReview = seatAdvice = null;
      await refreshPosition();
      writeUrl();
    }
    render();
  });
}

function renderReview(pane) {
  const r = reviewResult;
  pane.append(el("h3", {}, `${t("review_title")} — ${t("lost_by")}${C()}${t("ns")} ${r.cost.NS}, ${t("ew")} ${r.cost.EW}`));
  const bad = r.steps.filter((s) => s.cost > 0);
  if (!bad.length) { pane.append(el("p", {}, t("no_mistake"))); return; }
  pane.append(el("ol", { class: "steps", id: "review-steps" }, ...bad.map((s) => el("li", { class: "mistake" },
    `${t("trick")} ${s.trick}, ${t(s.seat)}${C()}${cardName(s.card)} ${t("mistake")} ${s.cost} ` +
    `(${t("best_was")}${C()}${s.best_cards.map(cardName).join(" ")})`))));
}

// ---------------------------------------------------------------- advice
function adviceForm(target) {
  const a = state.adv;
  const hand = el("input", { id: "adv-hand", value: a.hand, size: 16, spellcheck: "false",
                             onchange: (e) => { a.hand = e.target.value.trim(); writeUrl(); renderBoard(); } });
  const seat = el("select", { id: "adv-seat", onchange: (e) => { a.seat = e.target.value; fillHand(); } },
    ...SEATS.map((s) => el("option", { value: s, selected: s === a.seat ? "" : null }, t(s))));
  const auction = el("input", { id: "adv-auction", value: a.auction, size: 22, placeholder: "pass 90H",
                                onchange: (e) => { a.auction = e.target.value.trim(); writeUrl(); } });
  const samples = el("input", { id: "adv-samples", type: "number", min: 1, max: 2000, value: a.samples, style: "width:5em",
                                onchange: (e) => { a.samples = +e.target.value; writeUrl(); } });
  const seed = el("input", { id: "adv-seed", type: "number", min: 0, value: a.seed, style: "width:5em",
                             onchange: (e) => { a.seed = +e.target.value; writeUrl(); } });
  target.append(
    el("div", { class: "row" }, el("label", {}, t("hand"), " ", hand), el("label", {}, t("seat"), " ", seat),
       el("button", { onclick: fillHand, disabled: state.deal ? null : "" }, t("from_deal"))),
    el("p", { class: "muted" }, t("pick_help")), handPicker(),
    el("div", { class: "row" }, el("label", {}, t("auction_so_far"), " ", auction)),
    el("div", { class: "row" }, el("label", {}, t("samples"), " ", samples), el("label", {}, t("seed"), " ", seed),
       el("button", { id: "adv-go", class: "primary", onclick: () => runAdvice(a) }, t("advise")),
       el("button", { id: "adv-stop", onclick: stopJob, disabled: job ? null : "" }, t("cancel"))));
}

// Clicking cards into the advice hand: a card of the 32 joins the hand or leaves it.
function handPicker() {
  const a = state.adv;
  let cards = [];
  try { cards = /^[AKQJT987-]*(\.[AKQJT987-]*){3}$/i.test(a.hand) ? handCards(a.hand.toUpperCase()) : []; } catch (e) { cards = []; }
  const box = el("div", { class: "picker", id: "adv-picker" });
  for (const s of SUITS) for (const r of RANKS) {
    const code = s + r, held = cards.includes(code);
    box.append(cardEl(code, { class: "card small " + (/[HD]/.test(s) ? "red" : "black") + (held ? " held" : ""),
      onclick: () => {
        const now = held ? cards.filter((c) => c !== code) : cards.length < 8 ? cards.concat([code]) : cards;
        a.hand = cardsToPbn(now);
        writeUrl();
        renderBoard();
        renderPanes();
      } }));
  }
  return box;
}

function fillHand() {
  if (state.deal) state.adv.hand = dealHands(state.deal)[state.adv.seat];
  writeUrl();
  renderPanes();
}

function renderAdvice() {
  const pane = $("pane-advice");
  pane.replaceChildren(el("h2", {}, t("tab_advice")));
  adviceForm(pane);
  pane.append(el("div", { id: "adv-progress" }));
  renderProgress();
  if (advice) renderAdviceResult(pane, advice, null);
}

function renderProgress() {
  const box = $("adv-progress") || $("bid-progress") || $("seat-progress");
  if (!box) return;
  box.replaceChildren();
  if (!job) return;
  const pct = job.total ? Math.round((100 * job.done) / job.total) : 0;
  box.append(el("div", { class: "muted" }, `${t("sampling")}${C()}${job.done} / ${job.total || "…"}`),
             el("div", { class: "progress" }, el("div", { style: `width:${pct}%` })));
}

function renderAdviceResult(pane, adv, pick) {
  const rec = adv.recommendation;
  const box = el("div", { class: "recommend", id: "adv-recommendation" },
    el("div", { class: "big" }, `${t("recommendation")}${C()}${rec.bid ? callText(rec.bid) : t("pass")}`),
    el("div", {}, rec.text));
  if (adv.answer && adv.auction) box.append(el("div", { class: "big", id: "adv-answer" }, `${t("answer")}${C()}${callText(adv.answer.call)}`));
  pane.append(box);
  if (adv.in_auction) renderInAuction(pane, adv.in_auction);
  pane.append(el("h3", {}, t("histograms")), histograms(adv));
  pane.append(el("h3", {}, t("grid")), bidGrid(adv, pick));
}

// The next call judged on deals that fit what the calls so far showed (solver.auction_advice).
function renderInAuction(pane, a) {
  pane.append(el("h3", {}, t("in_auction")),
    el("p", { class: "muted" }, a.shown.filter((x) => !x.nothing).map((x) => `${t(x.seat)} ${callText(x.call.replace(" ", ""))}${C()}${x.shows}`).join(" ; ") +
      ` (${Math.round(1000 * (a.acceptance || 0)) / 10}% ${t("fit")})`));
  const head = ["call", "contract", "succeed", "ev", "vs_best"].map((k) => el("th", {}, t(k)));
  const rows = [...a.calls].sort((x, y) => y.ev - x.ev).slice(0, 10).map((c) => el("tr", { "data-call": c.call },
    el("td", {}, callText(c.call)), el("td", {}, c.contract ? callText(c.contract) : t("pass")),
    el("td", {}, c.contract ? `${Math.round(100 * c.p_success)}%` : "—"),
    el("td", {}, `${c.ev >= 0 ? "+" : ""}${Math.round(c.ev)} ± ${Math.round(c.ev_se || 0)}`),
    el("td", { class: c.call === a.best ? "cell good" : "" }, c.call === a.best ? t("best_was") : `${Math.round(c.vs_best)} ± ${Math.round(c.vs_best_se || 0)}`)));
  pane.append(el("table", { class: "grid", id: "adv-calls" }, el("tr", {}, ...head), ...rows), el("p", {}, a.text));
}

function histograms(adv) {
  const h = adv.histograms, wrap = el("div", { class: "hist", id: "adv-histograms" });
  const max = Math.max(1, ...Object.values(h.counts).flat());
  const W = 200, H = 90, n = h.bins.length, top = h.bins[n - 1] + h.width;
  for (const st of STRAINS) {
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("viewBox", `0 0 ${W} ${H + 14}`);
    let body = "";
    h.counts[st].forEach((c, i) => {
      const x = (h.bins[i] / top) * W, w = (h.width / top) * W - 1, y = H - (c / max) * H;
      body += `<rect x="${x}" y="${y}" width="${w}" height="${H - y}" fill="#1f6b3a"/>`;
    });
    for (const lv of [80, 100, 120, 140, 160]) {
      const x = (lv / top) * W;
      body += `<line x1="${x}" x2="${x}" y1="0" y2="${H}" stroke="#c8281e" stroke-dasharray="3,2"/>` +
              `<text x="${x}" y="${H + 12}" font-size="9" text-anchor="middle">${lv}</text>`;
    }
    svg.innerHTML = body;
    const s = adv.strains[st];
    wrap.append(el("figure", {}, svg, el("figcaption", {}, `${strainName(st)} — ${Math.round(s.mean)} ± ${Math.round(s.std)}`)));
  }
  return wrap;
}

function bidGrid(adv, pick) {
  const byBid = Object.fromEntries((adv ? adv.bids : []).map((b) => [b.bid, b]));
  const rec = adv ? adv.recommendation.bid : null;
  const head = el("tr", {}, el("th", {}, ""), ...LEVELS.map((l) => el("th", {}, String(l))));
  const rows = STRAINS.map((st) => el("tr", {}, el("th", {}, strainEl(st)), ...LEVELS.map((lv) => {
    const key = `${lv}${st}`, b = byBid[key];
    if (!b) return el("td", { class: "cell pick", "data-bid": key, onclick: pick ? () => pick(key) : null }, pick ? "·" : "");
    const cls = b.ev_coinched > 0 ? "good" : b.p_make >= 0.5 ? "ok" : "bad";
    return el("td", { class: `cell ${cls}` + (key === rec ? " rec" : ""), "data-bid": key,
                      title: `${t("make")} ${Math.round(100 * b.p_make)}%, ${t("ev")} ${Math.round(b.ev)}` },
      `${Math.round(100 * b.p_make)}%`, el("br"), el("small", {}, (b.ev_coinched > 0 ? "+" : "") + Math.round(b.ev_coinched)));
  })));
  return el("table", { class: "grid", id: "bid-grid" }, head, ...rows);
}

async function runJob(kind, body, onDone) {
  await stopJob();
  job = await api("POST", `/api/jobs/${kind}`, Object.assign({ lang: state.lang }, body));
  renderProgress();
  const id = job.id;
  while (job && job.id === id && !["done", "failed", "cancelled"].includes(job.state)) {
    await new Promise((r) => setTimeout(r, 200));
    if (!job || job.id !== id) return;
    job = await api("GET", `/api/jobs/${id}`);
    renderProgress();
  }
  if (!job || job.id !== id) return;
  const finished = job;
  job = null;
  renderProgress();
  if (finished.state === "failed") throw new Error(finished.error);
  if (finished.state === "done") onDone(finished.result);
}

async function stopJob() {
  if (!job) return;
  const id = job.id;
  job = null;
  await api("POST", `/api/jobs/${id}/cancel`).catch(() => null);
  renderProgress();
}

function runAdvice(a) {
  return guarded(async () => {
    advice = null;
    renderPanes();
    await runJob("advise", { hand: a.hand, seat: a.seat, dealer: state.dealer, samples: a.samples,
                             seed: a.seed, auction: a.auction }, (r) => { advice = r; });
    renderPanes();
  });
}

// ---------------------------------------------------------------- practice
function renderPractice() {
  const pane = $("pane-practice"), p = state.practice;
  pane.replaceChildren();
  pane.append(el("div", { class: "row" },
    el("button", { id: "pr-play", class: p.kind === "play" ? "primary" : "", onclick: () => newProblem("play", p.seed) }, t("practice_play")),
    el("button", { id: "pr-bid", class: p.kind === "bid" ? "primary" : "", onclick: () => newProblem("bid", p.seed) }, t("practice_bid")),
    el("span", { class: "score", id: "pr-score" }, `${t("score")}${C()}${p.right} / ${p.tried}`)));
  if (p.kind === "play") renderPlayProblem(pane); else renderBidProblem(pane);
  pane.append(el("div", { class: "row" }, el("button", { id: "pr-next", class: "primary",
    onclick: () => newProblem(p.kind, p.seed + 1) }, t("next")), el("span", { class: "muted" }, `${t("seed")} ${p.seed}`)));
}

function renderPlayProblem(pane) {
  if (!solution) return;
  pane.append(el("p", { class: "big" }, `${t("strain")} ${strainName(solution.strain)}, ${t("leader")} ${t(solution.leader)}. ` +
    `${t(solution.to_move)}${C()}${t("your_card")}.`));
  if (!practiceAnswer) return;
  const { card, cost } = practiceAnswer;
  pane.append(el("div", { class: "verdict " + (cost === 0 ? "good" : "bad"), id: "pr-verdict" },
    el("div", { class: "big" }, cost === 0 ? t("right") : t("wrong")),
    `${t("you_chose")} ${cardName(card)}` + (cost ? ` : ${t("lost")} ${cost}. ` : ". ") +
    `${t("best_cards")}${C()}${solution.best_cards.map(cardName).join(" ")}.`));
  pane.append(el("p", { class: "legend" }, t("legend")));
}

function renderBidProblem(pane) {
  if (!bidProblem) return;
  const hand = el("div", { class: "hand" }, ...handCards(bidProblem.hand).map((c) => cardEl(c)));
  pane.append(el("p", {}, `${t("dealer")}${C()}${t(bidProblem.dealer)}. ${t("auction")}${C()}` +
    (bidProblem.auction ? bidProblem.auction.split(" ").map(callText).join(", ") : "—") +
    `. ${t("your_hand")} (${t(bidProblem.seat)})${C()}`),
    el("div", { style: "background:var(--felt);padding:8px;border-radius:8px" }, hand),
    el("h3", {}, t("your_call")),
    el("div", { class: "row" }, el("button", { id: "pick-pass", onclick: () => answerBid("pass"),
                                              disabled: practiceAnswer ? "" : null }, t("pass"))),
    bidGrid(practiceAnswer && practiceAnswer.advice, practiceAnswer ? null : answerBid),
    el("div", { id: "bid-progress" }));
  renderProgress();
  if (practiceAnswer && practiceAnswer.advice) {
    const { pick, advice: adv, good } = practiceAnswer;
    const b = adv.bids.find((x) => x.bid === pick);
    pane.append(el("div", { class: "verdict " + (good ? "good" : "bad"), id: "pr-verdict" },
      el("div", { class: "big" }, good ? t("right") : t("wrong")),
      `${t("you_chose")} ${callText(pick)}` + (b ? ` (${t("make")} ${Math.round(100 * b.p_make)}%, ${t("ev")} ${Math.round(b.ev_coinched)})` : "") +
      `. ${t("verdict_bid")} ${adv.samples} ${t("deals")}${C()}${callText(adv.answer.call)}.`, el("br"),
      `${t("why")}${C()}${adv.recommendation.text}`));
  }
}

function answerBid(pick) {
  return guarded(async () => {
    practiceAnswer = { pick, advice: null };
    renderPanes();
    const pr = bidProblem;
    await runJob("advise", { hand: pr.hand, seat: pr.seat, dealer: pr.dealer, samples: pr.samples, seed: pr.seed,
                             auction: pr.auction }, (adv) => {
      // with an auction, the calls judged on the deals that fit it; else the opening bids
      const ev = adv.in_auction
        ? (call) => (adv.in_auction.calls.find((x) => x.call === call) || { ev: -Infinity }).ev
        : (call) => (call === "pass" ? 0 : (adv.bids.find((x) => x.bid === call) || { ev_coinched: 0 }).ev_coinched);
      // right: the advised call, or one whose mean score is within 10 of it
      const good = pick === adv.answer.call || ev(pick) >= ev(adv.answer.call) - 10;
      practiceAnswer = { pick, advice: adv, good };
      state.practice.tried += 1;
      if (good) state.practice.right += 1;
    });
    writeUrl();
    renderPanes();
  });
}

function newProblem(kind, seed) {
  return guarded(async () => {
    await stopJob();
    Object.assign(state.practice, { kind, seed });
    practiceAnswer = null;
    if (kind === "play") {
      const pr = await api("GET", `/api/practice/play?seed=${seed}`);
      Object.assign(state, { deal: pr.deal, seed: null, strain: pr.strain, leader: pr.leader,
                             played: pr.played.split(" ").filter(Boolean), redo: [] });
      $("pbn").value = pr.deal;
      await refreshPosition();
    } else {
      bidProblem = await api("GET", `/api/practice/bidding?seed=${seed}`);
      state.dealer = bidProblem.dealer;
      $("dealer").value = state.dealer;
    }
    writeUrl();
    render();
  });
}

// ---------------------------------------------------------------- actions
async function refreshPosition() {
  solution = await api("POST", "/api/solve", { deal: state.deal, strain: state.strain, leader: leader(),
                                                played: state.played.join(" ") });
}

function clickCard(code) {
  return guarded(async () => {
    if (state.panel === "practice") {
      if (practiceAnswer) return;
      practiceAnswer = { card: code, cost: solution.costs[code] };
      state.practice.tried += 1;
      if (practiceAnswer.cost === 0) state.practice.right += 1;
      writeUrl();
      render();
      return;
    }
    state.played.push(code);
    state.redo = [];
    reviewResult = seatAdvice = seatReview = playOut = null;
    await refreshPosition();
    writeUrl();
    render();
  });
}

function undo() {
  return guarded(async () => {
    if (!state.played.length) return;
    state.redo.push(state.played.pop());
    reviewResult = seatAdvice = seatReview = playOut = null;
    await refreshPosition();
    writeUrl();
    render();
  });
}

function redo() {
  return guarded(async () => {
    if (!state.redo.length) return;
    state.played.push(state.redo.pop());
    reviewResult = seatAdvice = seatReview = playOut = null;
    await refreshPosition();
    writeUrl();
    render();
  });
}

function bestLine() {
  return guarded(async () => {
    state.played = state.played.concat(solution.optimal_line);
    state.redo = [];
    reviewResult = seatAdvice = seatReview = playOut = null;
    await refreshPosition();
    writeUrl();
    render();
  });
}

function doReview() {
  return guarded(async () => {
    reviewResult = await api("POST", "/api/review", { deal: state.deal, strain: state.strain, leader: leader(),
                                                      played: state.played.join(" ") });
    render();
  });
}

function startPlay(strain, lead) {
  return guarded(async () => {
    Object.assign(state, { strain, leader: lead, played: [], redo: [], panel: "play" });
    reviewResult = seatAdvice = seatReview = playOut = null;
    await refreshPosition();
    writeUrl();
    render();
  });
}

async function loadDeal(pbn, seed) {
  const d = await api("POST", "/api/deal", { deal: pbn });
  Object.assign(state, { deal: d.deal, seed: seed === undefined ? null : seed, played: [], redo: [], build: null });
  $("pbn").value = d.deal;
  reviewResult = null; advice = null; seatAdvice = seatReview = playOut = null;
  await analyseDeal();
}

async function analyseDeal() {
  [table, parResult] = await Promise.all([
    api("POST", "/api/table", { deal: state.deal }),
    api("POST", "/api/par", { deal: state.deal, dealer: state.dealer }),
  ]);
  await refreshPosition();
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
  solution = null; table = null; parResult = null; reviewResult = null; advice = null;
  seatAdvice = seatReview = playOut = null;
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

// ---------------------------------------------------------------- page
function render() {
  document.documentElement.lang = state.lang;
  document.title = "Coinche — " + t("title");
  for (const e of document.querySelectorAll("[data-t]")) e.textContent = t(e.dataset.t);
  $("lang").textContent = state.lang === "fr" ? "English" : "Français";
  const dl = $("dealer");
  dl.replaceChildren(...SEATS.map((s) => el("option", { value: s, selected: s === state.dealer ? "" : null }, t(s))));
  renderPalette();
  renderBoard();
  renderPanes();
}

async function init() {
  readUrl();
  if (!state.lang) state.lang = (navigator.language || "fr").toLowerCase().startsWith("fr") ? "fr" : "en";
  for (const b of document.querySelectorAll("#tabs button")) {
    b.addEventListener("click", () => guarded(async () => {
      state.panel = b.dataset.panel;
      if (state.panel === "practice" && !solution && !bidProblem) return newProblem(state.practice.kind, state.practice.seed);
      if (state.panel === "practice") practiceAnswer = null;
      if (state.panel === "practice" && state.practice.kind === "play") return newProblem("play", state.practice.seed);
      if (state.panel === "advice" && !state.adv.hand && state.deal) state.adv.hand = dealHands(state.deal)[state.adv.seat];
      if (state.deal && state.panel !== "practice") await refreshPosition();
      writeUrl();
      render();
    }));
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
  $("lang").addEventListener("click", () => { state.lang = state.lang === "fr" ? "en" : "fr"; writeUrl(); render(); });
  $("copy-link").addEventListener("click", () => {
    writeUrl();
    (navigator.clipboard ? navigator.clipboard.writeText(location.href) : Promise.reject())
      .then(() => say(t("copied"), true), () => say(location.href, true));
  });
  window.addEventListener("pagehide", () => { if (job) navigator.sendBeacon(`/api/jobs/${job.id}/cancel`); });
  await guarded(async () => {
    if (state.seed !== null) $("seed").value = state.seed;
    if (state.panel === "practice") {
      const kind = state.practice.kind, seed = state.practice.seed;
      if (kind === "bid") await newProblem(kind, seed);
      if (kind === "play") {
        if (!state.deal) return newProblem(kind, seed);
        $("pbn").value = state.deal;
        await refreshPosition();
      }
    } else if (state.deal) {
      const played = state.played;
      await loadDeal(state.deal, state.seed === null ? undefined : state.seed);
      state.played = played;
      try { await refreshPosition(); } catch (e) { state.played = []; await refreshPosition(); throw e; }
    } else {
      await loadDeal("N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9");
    }
    if (state.panel === "advice" && !state.adv.hand && state.deal) state.adv.hand = dealHands(state.deal)[state.adv.seat];
    writeUrl();
  });
  render();
  document.body.dataset.ready = "1";
}

init();
