// "Play a match": one person and three bots (see docs/web.md, "A match against the bots").
// The match lives in the page and its link (seed, seats, bots, every call and card so
// far); the server is stateless: each request sends the whole match, the server
// replays it with the referee, answers the person's view of it (their own hand only
// until the deal ends) and each bot's next move from that bot's own seat.
// Uses board.js's shared helpers (state, el, t, api, guarded, render...) and registers
// itself in its `modes`.

const BOT_KINDS = ["heuristic", "pimc", "random"];
const CALL_RE = /^(pass|coinche|surcoinche|(\d{2,3}|capot)(SA|TA|S|H|D|C))$/;

Object.assign(TEXT.fr, {
  tab_match: "Partie", match_title: "Jouer une partie contre les robots", m_seat: "Votre place", m_partner: "Partenaire",
  m_opponents: "Adversaires", bot_pimc: "PIMC (fort, plus lent)", bot_heuristic: "heuristique (rapide)", bot_random: "au hasard",
  m_seed: "Graine de la partie", m_new: "Nouvelle partie", m_pause: "Pause des robots (ms)", m_show: "Montrer les mains cachées",
  m_deal: "Donne", m_your_call: "À vous d'annoncer.", m_your_card: "À vous de jouer : choisissez une carte.",
  m_thinking: "{seat} réfléchit…", m_sheet: "Feuille de marque", m_next: "Donne suivante",
  m_replay: "Rejouer cette donne comme les robots", m_again: "La rejouer depuis la place", m_again_go: "Rejouer",
  m_pbn: "Télécharger la partie (PBN)", m_match_over: "Partie terminée", m_wins: "gagnent",
  m_passed: "Tout le monde a passé.", m_you: "vous", m_bots_line: "La donne jouée par les robots",
  m_save: "Enregistrer la partie (fichier)", m_open: "Reprendre une partie enregistrée",
  m_bad_file: "Ce fichier n'est pas une partie enregistrée par le tableau",
  m_declarations: "Annonces", m_decl_later: "Les annonces sont montrées au deuxième pli.", m_decl_pts: "pts d'annonce",
  m_review: "Revue de la donne", m_total: "Total", m_deal_score: "Score de la donne", m_target: "Objectif",
  m_auction: "Enchères de la donne", m_tricks: "Plis joués",
  m_continue: "Continuer", m_bidbox: "Boîte d'enchères", m_player: "Joueur", m_calls_off: "Annonces à côté",
  m_calls_lost: "Perte aux enchères (pts de score)", m_card_mistakes: "Cartes fautives (depuis sa place)",
  m_cards_lost: "Perte en jeu sur la donne (pts de score)",
  m_who: "Qui a fait quoi : les annonces jugées depuis la place de chacun, les cartes depuis sa place et sur la donne (double mort)",
});
Object.assign(TEXT.en, {
  tab_match: "Match", match_title: "Play a match against the bots", m_seat: "Your seat", m_partner: "Partner",
  m_opponents: "Opponents", bot_pimc: "PIMC (strong, slower)", bot_heuristic: "heuristic (fast)", bot_random: "random",
  m_seed: "Match seed", m_new: "New match", m_pause: "Bots' pause (ms)", m_show: "Show the hidden hands",
  m_deal: "Deal", m_your_call: "Your call.", m_your_card: "Your turn: choose a card.",
  m_thinking: "{seat} is thinking…", m_sheet: "Score sheet", m_next: "Next deal",
  m_replay: "Replay this deal as the bots would", m_again: "Play it again from", m_again_go: "Play again",
  m_pbn: "Download the match (PBN)", m_match_over: "Match over", m_wins: "win",
  m_passed: "All four passed.", m_you: "you", m_bots_line: "The deal played by the bots",
  m_save: "Save the match (file)", m_open: "Resume a saved match",
  m_bad_file: "This file is no match saved by the board",
  m_declarations: "Declarations", m_decl_later: "Declarations are shown at the second trick.", m_decl_pts: "declaration points",
  m_review: "Review of the deal", m_total: "Total", m_deal_score: "Deal score", m_target: "Target",
  m_auction: "The deal's auction", m_tricks: "Tricks played",
  m_continue: "Go on", m_bidbox: "Bidding box", m_player: "Player", m_calls_off: "Calls off the best",
  m_calls_lost: "Lost in the auction (score)", m_card_mistakes: "Cards that were mistakes (from the seat)",
  m_cards_lost: "Lost in the play on the deal (score)",
  m_who: "Who did what: the calls judged from each caller's seat, the cards from the seat and on the deal (double dummy)",
});

const match = {
  seed: 1, seat: "S", partner: "heuristic", opponents: "heuristic", pause: 700, show: false,
  deals: [{ calls: [], cards: [] }],
  view: null,          // the server's answer for the match as it stands
  thinking: null,      // the bot being waited for
  review: null, seatReview: null, botsLine: null, again: null,
  run: 0,              // bumped to stop a running bots' loop (new match, another panel)
};

// ---------------------------------------------------------------- link
const WORD_SEP = "-", PART_SEP = "_", DEAL_SEP = "~";
function readMatchUrl() {
  const q = new URLSearchParams(location.hash.slice(1)), bad = [];
  const take = (key, ok, set) => { const v = q.get(key); if (v === null) return; if (ok(v)) set(v); else bad.push(`${key}=${v}`); };
  take("ms", (v) => int(v, 0, 1e9, null) !== null, (v) => { match.seed = +v; });
  take("mme", (v) => SEATS.includes(v), (v) => { match.seat = v; });
  take("mp", (v) => BOT_KINDS.includes(v), (v) => { match.partner = v; });
  take("mo", (v) => BOT_KINDS.includes(v), (v) => { match.opponents = v; });
  take("mz", (v) => int(v, 0, 5000, null) !== null, (v) => { match.pause = +v; });
  take("msh", (v) => v === "1", () => { match.show = true; });
  take("mv", (v) => v.split(DEAL_SEP).every((d) => {
    const [calls, cards = ""] = d.split(PART_SEP);
    return calls.split(WORD_SEP).filter(Boolean).every((c) => CALL_RE.test(c))
      && cards.split(WORD_SEP).filter(Boolean).every((c) => CARD_RE.test(c));
  }), (v) => {
    match.deals = v.split(DEAL_SEP).map((d) => {
      const [calls, cards = ""] = d.split(PART_SEP);
      return { calls: calls.split(WORD_SEP).filter(Boolean), cards: cards.split(WORD_SEP).filter(Boolean) };
    });
  });
  return bad;
}
function urlWrite(q) {
  if (state.panel !== "match") return;
  q.set("ms", match.seed);
  q.set("mme", match.seat);
  q.set("mp", match.partner);
  q.set("mo", match.opponents);
  q.set("mz", match.pause);
  if (match.show) q.set("msh", "1");
  const moves = match.deals.map((d) => d.calls.join(WORD_SEP) + (d.cards.length ? PART_SEP + d.cards.join(WORD_SEP) : ""));
  if (moves.some(Boolean)) q.set("mv", moves.join(DEAL_SEP));
}

// ---------------------------------------------------------------- server
function matchBody(extra) {
  return Object.assign({ seed: match.seed, seat: match.seat, partner: match.partner, opponents: match.opponents,
                         show: match.show, lang: state.lang,
                         deals: match.deals.map((d) => ({ calls: d.calls.join(" "), cards: d.cards.join(" ") })) }, extra);
}
const current = () => match.deals[match.deals.length - 1];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const inMatch = (run) => state.panel === "match" && match.run === run;

function forgetReview() { match.review = match.seatReview = match.botsLine = null; }

// Fetches the match, then lets the bots move, one call or card at a time with a pause,
// until it is the person's turn or the deal is over; then reviews the deal.
async function advance() {
  const run = ++match.run;
  try {
    match.view = await api("POST", "/api/match", matchBody());
    while (inMatch(run) && !match.view.over && !match.view.your_turn) {
      match.thinking = match.view.to_move;
      render();
      await sleep(match.pause);
      if (!inMatch(run)) return;
      const move = await api("POST", "/api/match/bot", matchBody());
      if (!inMatch(run)) return;
      if (move.call) current().calls.push(move.call); else current().cards.push(move.card);
      announce(`${t(move.seat)}${C()}${move.call ? callText(move.call) : spoken(move.card)}`);
      match.view = await api("POST", "/api/match", matchBody());
      writeUrl();
    }
  } finally {
    if (match.run === run) match.thinking = null;
  }
  writeUrl();
  render();
  if (!inMatch(run)) return;
  const v = match.view;
  if (v.over) announce(v.passed ? t("m_passed") : `${t("m_deal_score")}${C()}${t("ns")} ${v.score.NS}, ${t("ew")} ${v.score.EW}`);
  else if (v.your_turn) announce(t(v.bidding ? "m_your_call" : "m_your_card"));
  if (match.view.over && !match.view.passed && !match.review) await reviewDeal();
  if (match.view.your_turn && (!document.activeElement || document.activeElement === document.body)) {
    const first = document.querySelector("#seat-" + match.seat + " .card.legal, #m-bidding-box button:not([disabled])");
    if (first) first.focus({ preventScroll: true });
  }
}

// The auction judged call by call, then every card judged from its player's seat and on
// the deal (double dummy): the board's own reviews.
async function reviewDeal() {
  const v = match.view, c = v.contract;
  await runJob("auctionreview", { deal: v.deal, dealer: v.dealer, auction: v.auction.map((a) => a.call).join(" "),
                                  samples: 30, seed: match.seed }, (r) => { match.review = r; });
  render();
  await runJob("seatreview", { deal: v.deal, contract: c.bid + ["", " X", " XX"][c.coinche], declarer: c.declarer,
                               leader: c.leader, played: v.played.map((p) => p.card).join(" "), samples: 30, seed: match.seed },
               (r) => { match.seatReview = r; });
  render();
}

// Each bot's move and whose turn it is, said to screen readers (one live region, kept across renders).
function announce(text) {
  let live = $("m-live");
  if (!live) { live = el("div", { id: "m-live", class: "sr", "aria-live": "polite" }); document.body.append(live); }
  live.textContent = text;
}

function act(fn) { return guarded(async () => { await fn(); }); }

function makeCall(call) {
  return act(async () => { current().calls.push(call); forgetReview(); await advance(); });
}
function playCard(code) {
  return act(async () => { current().cards.push(code); await advance(); });
}
function newMatch() {
  return act(async () => {
    match.deals = [{ calls: [], cards: [] }];
    forgetReview();
    await advance();
  });
}
function nextDeal() {
  return act(async () => { match.deals.push({ calls: [], cards: [] }); forgetReview(); await advance(); });
}
// The same deal again, its moves cleared, the person at another seat (the bots keep their roles).
function playAgain(seat) {
  return act(async () => {
    match.seat = seat;
    current().calls = [];
    current().cards = [];
    forgetReview();
    await advance();
  });
}
function botsReplay() {
  return act(async () => {
    await runJob("matchreplay", matchBody({ number: match.view.number }), (r) => { match.botsLine = r; });
    render();
  });
}
function downloadPbn() {
  return act(async () => {
    const headers = Object.assign(apiHeaders(), { "content-type": "application/json" });
    const r = await fetch("/api/match/pbn", { method: "POST", headers,
                                             body: JSON.stringify(requestBody("/api/match/pbn", matchBody())) });
    if (!r.ok) { const e = await r.json().catch(() => ({})); throw new Error(e.error || `HTTP ${r.status}`); }
    const url = URL.createObjectURL(await r.blob());
    const a = el("a", { href: url, download: `coinche-match-${match.seed}.pbn`, id: "m-pbn-link" });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  });
}

// ---------------------------------------------------------------- save and resume
// The match so far, finished or not, as a file: what the link holds, and the rules.
const MATCH_FILE = "coinche-board-match";
function matchFile() {
  return JSON.stringify({ format: MATCH_FILE, version: 1, seed: match.seed, seat: match.seat, partner: match.partner,
                          opponents: match.opponents, pause: match.pause, show: match.show, rules: state.rules,
                          deals: match.deals }, null, 1);
}
function saveMatch() {
  const url = URL.createObjectURL(new Blob([matchFile()], { type: "application/json" }));
  const a = el("a", { href: url, download: `coinche-match-${match.seed}.json` });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
// A saved match read back, checked as the link is: nothing of it is used unless all of it is good.
function readMatchFile(text) {
  let m = null;
  try { m = JSON.parse(text); } catch (e) { m = null; }
  const words = (list, re) => Array.isArray(list) && list.every((w) => typeof w === "string" && re.test(w));
  const good = m && m.format === MATCH_FILE && Number.isInteger(m.seed) && m.seed >= 0 && m.seed <= 1e9
    && SEATS.includes(m.seat) && BOT_KINDS.includes(m.partner) && BOT_KINDS.includes(m.opponents)
    && typeof m.rules === "string" && m.rules.length < 500 && Array.isArray(m.deals) && m.deals.length >= 1
    && m.deals.every((d) => d && words(d.calls, CALL_RE) && words(d.cards, CARD_RE));
  if (!good) throw new Error(t("m_bad_file"));
  return m;
}
function openMatch(file) {
  return act(async () => {
    const m = readMatchFile(await file.text());
    Object.assign(match, { seed: m.seed, seat: m.seat, partner: m.partner, opponents: m.opponents,
                           pause: int(String(m.pause), 0, 5000, 700), show: m.show === true,
                           deals: m.deals.map((d) => ({ calls: d.calls.slice(), cards: d.cards.slice() })) });
    state.rules = m.rules;
    forgetReview();
    await advance();
  });
}

// ---------------------------------------------------------------- the table
const matchArea = (seat) => AREAS[(SEATS.indexOf(seat) - SEATS.indexOf(match.seat) + 4) % 4];
const playerName = (seat) => (seat === match.seat ? `${t(seat)} (${t("m_you")})`
  : `${t(seat)} · ${t("bot_" + (sideOf(seat) === sideOf(match.seat) ? match.partner : match.opponents)).split(" (")[0]}`);

function playedBy(seat) { return (match.view ? match.view.played : []).filter((p) => p.seat === seat).map((p) => p.card); }

function board() {
  const v = match.view;
  const strain = v && v.contract ? v.contract.bid.replace(/^(\d+|capot)/, "") : null;
  for (const seat of SEATS) {
    const box = $("seat-" + seat);
    box.style.gridArea = matchArea(seat);
    box.dataset.area = matchArea(seat);
    box.replaceChildren();
    const toMove = v && v.to_move === seat;
    box.classList.toggle("tomove", !!toMove);
    const tags = [];
    if (v && seat === v.dealer) tags.push(el("span", { class: "tag" }, t("dealer")));
    if (toMove) tags.push(el("span", { class: "tag" }, match.thinking === seat ? "…" : t("to_move")));
    box.append(el("div", { class: "name", id: "name-" + seat }, playerName(seat), ...tags));
    const hand = el("div", { class: "hand", role: "group", "aria-labelledby": "name-" + seat, "data-seat": seat });
    box.append(hand);
    if (!v) continue;
    const gone = new Set(playedBy(seat));
    if (seat === match.seat || v.hands) {
      const full = seat === match.seat ? v.hand : v.hands[seat];
      const cards = handCards(full).filter((c) => v.over || !gone.has(c));
      const legal = new Set(v.your_turn && !v.bidding && seat === match.seat ? v.legal : []);
      for (const code of sortHand(cards, strain)) {
        hand.append(legal.has(code)
          ? cardEl(code, { class: "card legal " + (/[HD]/.test(code[0]) ? "red" : "black"), onclick: () => playCard(code) })
          : cardEl(code, { "aria-disabled": "true" }));
      }
    } else {
      for (let i = 0; i < 8 - gone.size; i++) hand.append(el("span", { class: "card back", role: "img", "aria-label": t("hidden_card") }));
    }
  }
  const m = $("middle");
  m.replaceChildren();
  if (!v) return;
  if (v.contract) {
    const c = v.contract;
    const belote = v.belote.length ? ` · belote ${v.belote.map((b) => t(b.split(":")[0])).join(", ")}`
      : v.belote_side ? ` · belote ${t(v.belote_side === "NS" ? "ns" : "ew")}` : "";
    m.append(richEl("div", { class: "trump", id: "m-contract" },
      `${t("contract")}${C()}${callText(c.bid)}${["", " X", " XX"][c.coinche]} ${t(c.declarer)}${belote}`));
    const last = v.tricks[v.tricks.length - 1];
    if (last) {
      const done = last.cards.length === 4;
      last.cards.forEach((code, i) => m.append(faceCard(code, "slot-" + matchArea(seatOfCard(last, i)) + (done && !v.over ? " last" : ""))));
      if (done) m.append(el("div", { class: "lastlabel" }, t("last_trick")));
    }
    m.append(el("div", { class: "info", id: "m-score-line" }, `${t("ns")} – ${t("ew")}`, el("br"),
      `${t("tricks")} ${v.tricks_won.NS} – ${v.tricks_won.EW}`, el("br"), `${v.trick_points.NS} – ${v.trick_points.EW} ${t("card_pts")}`));
  } else {
    m.append(el("div", { class: "info" }, `${t("m_deal")} ${v.number} · ${t("m_seed")} ${match.seed}`));
  }
}

// ---------------------------------------------------------------- the pane
function select(id, value, options, onchange) {
  return el("select", { id, onchange: (e) => onchange(e.target.value) },
    ...options.map(([v, label]) => el("option", { value: v, selected: v === value ? "" : null }, label)));
}

function settings() {
  const bots = BOT_KINDS.map((k) => [k, t("bot_" + k)]);
  const restart = (set) => (value) => { set(value); return newMatch(); };
  return el("div", { class: "row", id: "m-settings" },
    el("label", {}, t("m_seat"), " ", select("m-seat", match.seat, SEATS.map((s) => [s, t(s)]), restart((v) => { match.seat = v; }))),
    el("label", {}, t("m_partner"), " ", select("m-partner", match.partner, bots, restart((v) => { match.partner = v; }))),
    el("label", {}, t("m_opponents"), " ", select("m-opponents", match.opponents, bots, restart((v) => { match.opponents = v; }))),
    el("label", {}, t("m_seed"), " ", el("input", { id: "m-seed", type: "number", min: 0, value: match.seed, style: "width:6em",
      onchange: (e) => { const n = int(e.target.value, 0, 1e9, null); if (n !== null) { match.seed = n; newMatch(); } } })),
    el("button", { type: "button", id: "m-new", onclick: () => { match.seed = Math.floor(Math.random() * 1e6); return newMatch(); } }, t("m_new")),
    el("label", {}, t("m_pause"), " ", el("input", { id: "m-pause", type: "number", min: 0, max: 5000, step: 100, value: match.pause,
      style: "width:5.5em", onchange: (e) => { match.pause = int(e.target.value, 0, 5000, 700); writeUrl(); } })),
    el("label", {}, el("input", { type: "checkbox", id: "m-show", checked: match.show ? "" : null,
      onchange: (e) => { match.show = e.target.checked; act(advance); } }), " ", t("m_show")));
}

function matchBiddingBox(v) {
  const legal = new Set(v.legal);
  const box = el("div", { id: "m-bidding-box", role: "group", "aria-label": t("m_bidbox") });
  box.append(el("div", { class: "row" }, ...["pass", "coinche", "surcoinche"].map((c) => el("button", {
    type: "button", id: "m-call-" + c, "data-call": c, disabled: legal.has(c) ? null : "", onclick: () => makeCall(c) }, t(c)))));
  const grid = el("div", { class: "bbox" });
  for (const call of v.legal) {
    const m = /^(\d+|capot)(SA|TA|S|H|D|C)$/.exec(call);
    if (!m) continue;
    grid.append(el("button", { type: "button", class: "bidbtn", "data-call": call, onclick: () => makeCall(call) },
      named(callText(call), rich(`${m[1] === "capot" ? "cap." : m[1]}${SYM[m[2]] || strainLetter(m[2])}`))));
  }
  box.append(grid);
  return box;
}

function trickTable(tricks, id) {
  const rows = tricks.map((tr, i) => el("li", { class: "trick" }, el("span", { class: "trickbtn", "data-trick": String(i + 1) },
    el("span", { class: "tno" }, String(i + 1)),
    ...tr.cards.map((c, k) => el("span", { class: "tc" + (tr.winner === seatOfCard(tr, k) ? " won" : "") },
      el("small", {}, t(seatOfCard(tr, k)).slice(0, 1)), " ", rich(cardName(c)))))));
  return el("ol", { class: "tricks", id }, ...rows);
}

function sheet(v) {
  const head = el("tr", {}, ...["m_deal", "contract", "ns", "ew"].map((k) => el("th", { scope: "col" }, t(k))));
  const rows = v.sheet.map((r) => el("tr", { "data-deal": String(r.number) }, el("td", {}, String(r.number)),
    el("td", {}, r.contract ? rich(`${callText(r.contract)}${["", " X", " XX"][r.coinche]} ${t(r.declarer)}`) : t("nobody")),
    el("td", {}, String(r.ns)), el("td", {}, String(r.ew))));
  const total = el("tr", { class: "total" }, el("th", { scope: "row", colspan: 2 }, `${t("m_total")} (${t("m_target")} ${v.match.target})`),
    el("td", { id: "m-total-ns" }, String(v.match.NS)), el("td", { id: "m-total-ew" }, String(v.match.EW)));
  return el("div", { id: "m-sheet-box" }, el("h3", {}, t("m_sheet")),
    scroller(el("table", { class: "grid", id: "m-sheet" }, head, ...rows, total)));
}

// Per player, you first: the calls that were not the best from the seat and the score
// they lost, the cards that were mistakes from the seat and the score lost on the deal.
function whoDidWhat() {
  const order = SEATS.map((_, i) => SEATS[(SEATS.indexOf(match.seat) + i) % 4]);
  const calls = match.review ? match.review.calls : [], steps = match.seatReview ? match.seatReview.steps : [];
  const head = ["m_player", "m_calls_off", "m_calls_lost", "m_card_mistakes", "m_cards_lost"].map((k) => el("th", { scope: "col" }, t(k)));
  const rows = order.map((seat) => {
    const mine = calls.filter((c) => c.seat === seat && !c.matched), cards = steps.filter((x) => x.seat === seat);
    return el("tr", { "data-seat": seat }, el("th", { scope: "row" }, playerName(seat)),
      el("td", {}, match.review ? String(mine.length) : "…"),
      el("td", {}, match.review ? String(Math.round(mine.reduce((a, c) => a + c.cost, 0))) : "…"),
      el("td", {}, match.seatReview ? String(cards.filter((x) => x.verdict === "mistake").length) : "…"),
      el("td", {}, match.seatReview ? String(cards.reduce((a, x) => a + x.real_loss, 0)) : "…"));
  });
  return scroller(el("table", { class: "grid", id: "m-who" }, el("caption", { class: "muted" }, t("m_who")), el("tr", {}, ...head), ...rows));
}

// The declarations that score, laid on the table from the second trick (the server
// sends them from then on); once the deal is over, the record's words for them.
const DECL_WORDS = { tierce: "tierce", quarte: "quarte", quinte: "quinte", carre: "carré" };
function declarations(v) {
  if (!v.declaring) return null;
  if (v.declarations.length) {
    return el("ul", { id: "m-declarations" }, ...v.declarations.map((x) => richEl("li", { "data-seat": x.seat },
      `${playerName(x.seat)}${C()}${DECL_WORDS[x.kind]} ${x.cards.map(cardName).join(" ")} (${x.points} ${t("m_decl_pts")})`)));
  }
  if (v.over && v.declarations_text) {
    return richEl("p", { id: "m-declarations" }, v.declarations_text.split(" ").map((part) => {
      const [team, kinds] = part.split(":");
      return `${t(team === "NS" ? "ns" : "ew")}${C()}` + kinds.split(",").map((k) => {
        const [kind, top] = k.split("-");
        return `${DECL_WORDS[kind]} ${NAMES[state.lang][top]}`;
      }).join(", ");
    }).join(" · "));
  }
  return v.contract && !v.over ? el("p", { class: "muted", id: "m-declarations" }, t("m_decl_later")) : null;
}

function renderMatch(pane) {
  pane.replaceChildren(el("h2", {}, t("match_title")), settings());
  // the rules panel's variants, which the match is played and scored under
  if (state.rules) pane.append(el("p", { class: "muted", id: "m-rules" }, `${t("rules")}${C()}${state.rules}`));
  const v = match.view;
  if (!v) return;
  const status = el("p", { class: "big", id: "m-status" });
  if (v.over) {
    status.append(v.passed ? t("m_passed") : rich(`${t("m_deal_score")}${C()}${t("ns")} ${v.score.NS}, ${t("ew")} ${v.score.EW}`));
  } else if (v.your_turn) {
    status.append(t(v.bidding ? "m_your_call" : "m_your_card"));
  } else if (match.thinking) {
    status.append(t("m_thinking", { seat: t(match.thinking) }));
  }
  pane.append(el("p", { class: "muted" }, `${t("m_deal")} ${v.number} · ${t("dealer")} ${t(v.dealer)}`), status);
  if (!v.over && !v.your_turn && !match.thinking) {       // the bots stopped (an error): go on from here
    pane.append(el("button", { type: "button", id: "m-continue", class: "primary", onclick: () => act(advance) }, t("m_continue")));
  }
  pane.append(el("h3", {}, t("m_auction")), auctionDiagram(v.auction.map((a) => a.call), v.dealer, "m-auction"));
  if (v.your_turn && v.bidding) pane.append(matchBiddingBox(v));
  const declared = declarations(v);
  if (declared) pane.append(el("h3", {}, t("m_declarations")), declared);
  if (v.tricks.length) pane.append(el("h3", {}, t("m_tricks")), trickTable(v.tricks, "m-tricks"));
  if (v.over) {
    const others = SEATS.filter((s) => s !== match.seat);
    if (!match.again || match.again === match.seat) match.again = others[0];
    pane.append(el("div", { class: "row", id: "m-after" },
      el("button", { type: "button", id: "m-next", class: "primary", disabled: v.match.over ? "" : null, onclick: nextDeal }, t("m_next")),
      el("button", { type: "button", id: "m-replay", disabled: v.passed ? "" : null, onclick: botsReplay }, t("m_replay")),
      el("label", {}, t("m_again"), " ", select("m-again-seat", match.again, others.map((s) => [s, t(s)]), (s) => { match.again = s; })),
      el("button", { type: "button", id: "m-again", onclick: () => playAgain(match.again) }, t("m_again_go"))));
  }
  if (v.match.over) {
    pane.append(el("p", { class: "big", id: "m-winner" }, `${t("m_match_over")}${C()}${t(v.match.winner === "NS" ? "ns" : "ew")} ${t("m_wins")}`));
  }
  pane.append(el("div", { id: "m-progress", class: "progress-box" }));
  if (v.over && (match.review || match.seatReview)) {
    pane.append(el("h3", {}, t("m_review")));
    pane.append(whoDidWhat());
    if (match.review) pane.append(auctionReview(match.review));
    if (match.seatReview) renderSeatReview(pane, match.seatReview);
  }
  if (match.botsLine && match.botsLine.number === v.number) {
    const b = match.botsLine;
    pane.append(el("div", { id: "m-bots-line" }, el("h3", {}, t("m_bots_line")),
      auctionDiagram(b.auction.map((a) => a.call), b.dealer, "m-bots-auction"),
      richEl("p", {}, b.contract ? `${callText(b.contract.bid)}${["", " X", " XX"][b.contract.coinche]} ${t(b.contract.declarer)} — ` +
        `${t("m_deal_score")}${C()}${t("ns")} ${b.score.NS}, ${t("ew")} ${b.score.EW}` : t("m_passed")),
      trickTable(b.tricks, "m-bots-tricks")));
  }
  pane.append(sheet(v));
  pane.append(el("div", { class: "row" }, el("button", { type: "button", id: "m-pbn", disabled: v.sheet.length ? null : "",
    onclick: downloadPbn }, t("m_pbn")),
    el("button", { type: "button", id: "m-save", onclick: saveMatch }, t("m_save")),
    el("label", { class: "filepick" }, t("m_open"), " ", el("input", { type: "file", id: "m-open", accept: ".json,application/json",
      onchange: (e) => { const f = e.target.files[0]; e.target.value = ""; if (f) openMatch(f); } }))));
}

async function open() {
  await guarded(advance);
}

const badLink = readMatchUrl();
modes.match = { urlWrite, board, render: renderMatch, open };
if (state.panel === "match") {
  if (badLink.length) say(`${t("bad_link")} ${badLink.join(", ")}`);
  open();
}
