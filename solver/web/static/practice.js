// The practice pane's training on the shipped problem set (every problem is one of the set's,
// drawn by the page's seed): the learner's Glicko-2 rating (computed by the server's
// solver/rating.py, kept here in localStorage, exported and imported as JSON), strain, theme
// and difficulty filters, hints, the solution line trick by trick after an answer, and a
// review of the session's misses.
// A classic script after board.js: it uses board.js's state, el, api, render, cardName, guarded.
"use strict";

const PRACTICE_KEY = "coinche-practice-rating";
const PTEXT = {
  en: { rating: "Your rating", export_rating: "Export rating", import_rating: "Import rating",
        strain_filter: "Strain", any: "any", hint: "Hint", no_hint: "No more hints.",
        line: "The solution line", trick: "Trick {i} of {n}", prev: "Previous trick", next_trick: "Next trick",
        won_by: "won by", costs: "Cost of each card (card points)", misses: "This session's misses",
        no_miss: "No miss yet.", miss: "Problem {seed}: you played {card}, best {best}",
        miss_bid: "Bidding problem {seed}: you called {call}, best {best}",
        bad_file: "That file holds no rating.", imported: "Rating imported.",
        rating_moved: "Rating {before} → {after} (±{rd})",
        theme_filter: "Theme", band_filter: "Difficulty", easy: "easy (below 1400)", medium: "medium (1400 to 1599)",
        hard: "hard (1600 and up)", problem_rating: "Problem {id}: rated {rating}, themes {themes}",
        kind_filter: "Kind", kind_four: "four hands (all cards seen)", kind_seat: "your seat (your hand and the play)",
        kind_setbid: "bidding (the set's auctions)", you_are: "You are {seat}.", played: "The cards played",
        no_card_played: "No card played yet.", trick_of: "Trick {i}",
        seat_costs: "Mean loss of each other card over {n} deals of the hidden cards",
        line_real: "The solution line on the real deal", bid_best: "The best call on {n} deals: {best}.",
        bid_cost: "Yours loses {cost} a deal on average.", bid_cost_more: "Yours loses more than every call listed below.",
        bid_costs: "Loss of the next best calls (± standard error)" },
  fr: { rating: "Votre classement", export_rating: "Exporter le classement", import_rating: "Importer un classement",
        strain_filter: "Couleur", any: "toutes", hint: "Indice", no_hint: "Plus d'indice.",
        line: "La ligne de la solution", trick: "Pli {i} sur {n}", prev: "Pli précédent", next_trick: "Pli suivant",
        won_by: "pris par", costs: "Coût de chaque carte (points de cartes)", misses: "Les ratés de la séance",
        no_miss: "Aucun raté pour l'instant.", miss: "Problème {seed} : vous avez joué {card}, la meilleure {best}",
        miss_bid: "Problème d'enchères {seed} : vous avez annoncé {call}, la meilleure {best}",
        bad_file: "Ce fichier ne contient pas de classement.", imported: "Classement importé.",
        rating_moved: "Classement {before} → {after} (±{rd})",
        theme_filter: "Thème", band_filter: "Difficulté", easy: "facile (moins de 1400)", medium: "moyen (1400 à 1599)",
        hard: "difficile (1600 et plus)", problem_rating: "Problème {id} : classé {rating}, thèmes {themes}",
        kind_filter: "Genre", kind_four: "à quatre jeux (toutes les cartes vues)", kind_seat: "à votre place (votre main et le jeu)",
        kind_setbid: "enchères (les séquences de la collection)", you_are: "Vous êtes {seat}.", played: "Les cartes jouées",
        no_card_played: "Aucune carte jouée.", trick_of: "Pli {i}",
        seat_costs: "Perte moyenne de chaque autre carte sur {n} donnes des cartes cachées",
        line_real: "La ligne de la solution sur la vraie donne", bid_best: "La meilleure annonce sur {n} donnes : {best}.",
        bid_cost: "La vôtre perd {cost} par donne en moyenne.", bid_cost_more: "La vôtre perd plus que chaque annonce ci-dessous.",
        bid_costs: "Perte des annonces suivantes (± écart type)" },
};
// The themes of the shipped set (docs/problems.md), in each language.
const THEMES = {
  en: { "drawing-trumps": "drawing trumps", exit: "exit", ruffing: "ruffing", "points-on-partner": "points on partner",
        overtaking: "overtaking", ducking: "ducking", "keeping-a-guard": "keeping a guard", unblocking: "unblocking",
        "last-trick": "the last trick's 10", endplay: "endplay", technique: "technique" },
  fr: { "drawing-trumps": "faire tomber les atouts", exit: "sortie", ruffing: "coupe", "points-on-partner": "charger le partenaire",
        overtaking: "prendre la main au partenaire", ducking: "laisser passer", "keeping-a-guard": "garder la garde",
        unblocking: "déblocage", "last-trick": "le dix de der", endplay: "mise en main", technique: "technique" },
};
// The situations of the set's bidding problems (docs/problems.md), in each language.
const BID_THEMES = {
  en: { opening: "opening", answer: "answer to partner", overcall: "overcall", "coinche-decision": "after a coinche" },
  fr: { opening: "ouverture", answer: "réponse au partenaire", overcall: "intervention", "coinche-decision": "après une coinche" },
};
const BANDS = ["easy", "medium", "hard"];
const pt = (key, fields) => {
  let s = PTEXT[state.lang][key] || key;
  for (const [k, v] of Object.entries(fields || {})) s = s.replace(`{${k}}`, v);
  return s;
};

const training = { judged: null, hints: 0, trick: 0, misses: [], strain: "", theme: "", band: "", moved: null,
                   kind: "", problem: null, answer: null };

// Board.js's newProblem loads the four-hands problem this names: problem ``seed`` (counted round)
// of the shipped set's four-hands problems, those of the theme, difficulty and strain chosen.
function practiceSetUrl(seed) {
  const q = new URLSearchParams({ seed });
  for (const k of ["theme", "band", "strain"]) if (training[k]) q.set(k, training[k]);
  return "/api/practice/set?" + q;
}

function learnerRating() {
  try {
    const r = JSON.parse(localStorage.getItem(PRACTICE_KEY));
    if (r && [r.rating, r.deviation, r.volatility].every((x) => typeof x === "number" && x > 0)) return r;
  } catch (e) { /* no rating yet, or a broken one: start again */ }
  return null;
}

// Board.js calls this when a card is picked on a card-play problem: the server judges it.
async function practiceJudge(card) {
  training.judged = null;
  training.trick = 0;
  const before = learnerRating();
  const a = await api("POST", "/api/practice/play/answer",
                      { seed: playProblem.seed, id: playProblem.id, card, learner: before, lang: state.lang });
  localStorage.setItem(PRACTICE_KEY, JSON.stringify(a.learner.after));
  training.judged = a;
  training.moved = [a.learner.before.rating, a.learner.after.rating, a.learner.after.deviation];
  if (!a.right) training.misses.push({ seed: playProblem.id, card: a.card, best: a.best, line: a.line });
}

// Board.js calls this when a new problem is shown.
function practiceReset() { training.judged = null; training.hints = 0; training.trick = 0; }

function exportRating() {
  const r = learnerRating() || { rating: 1500, deviation: 350, volatility: 0.06 };
  const a = el("a", { href: URL.createObjectURL(new Blob([JSON.stringify(r, null, 1)], { type: "application/json" })),
                      download: "coinche-rating.json" });
  document.body.append(a); a.click(); a.remove();
}

function importRating(file) {
  return guarded(async () => {
    const r = JSON.parse(await file.text().catch(() => "null") || "null");
    if (!r || ![r.rating, r.deviation, r.volatility].every((x) => typeof x === "number" && x > 0)) throw new Error(pt("bad_file"));
    localStorage.setItem(PRACTICE_KEY, JSON.stringify({ rating: r.rating, deviation: r.deviation, volatility: r.volatility }));
    say(pt("imported"), true);
    render();
  });
}

function trickView(tr) {
  return el("ol", { class: "pr-trick", "aria-label": `${pt("won_by")} ${t(tr.winner)}` },
    tr.cards.map((c) => el("li", { class: c.seat === tr.winner ? "won" : "" }, `${t(c.seat)} ${cardName(c.card)}`)));
}

function showHint() {
  return guarded(async () => {
    if (!training.hintList || training.hintSeed !== playProblem.seed + state.lang) {
      const q = new URLSearchParams({ seed: playProblem.seed, id: playProblem.id, lang: state.lang });
      training.hintList = (await api("GET", `/api/practice/play/hints?${q}`)).hints;
      training.hintSeed = playProblem.seed + state.lang;
    }
    training.hints += 1;
    render();
  });
}

// Board.js's renderPractice calls this at the end of the pane.
function practiceExtras(pane) {
  const r = learnerRating();
  const box = el("section", { id: "pr-training", "aria-label": pt("rating") });
  const strains = el("select", { id: "pr-strain", onchange: (e) => { training.strain = e.target.value; } },
    el("option", { value: "" }, pt("any")),
    STRAINS.map((s) => el("option", { value: s, selected: training.strain === s ? "" : null }, strainName(s))));
  const kinds = el("select", { id: "pr-kind", onchange: (e) => pickKind(e.target.value) },
    ["", "seat", "setbid"].map((k) => el("option", { value: k, selected: training.kind === k ? "" : null }, pt("kind_" + (k || "four")))));
  const themeNames = (training.kind === "setbid" ? BID_THEMES : THEMES)[state.lang];
  const themes = el("select", { id: "pr-theme", onchange: (e) => { training.theme = e.target.value; } },
    el("option", { value: "" }, pt("any")),
    Object.entries(themeNames).map(([k, name]) => el("option", { value: k, selected: training.theme === k ? "" : null }, name)));
  const bands = el("select", { id: "pr-band", onchange: (e) => { training.band = e.target.value; } },
    el("option", { value: "" }, pt("any")),
    BANDS.map((b) => el("option", { value: b, selected: training.band === b ? "" : null }, pt(b))));
  const file = el("input", { type: "file", id: "pr-import-file", accept: "application/json,.json", hidden: "", onchange: (e) => e.target.files[0] && importRating(e.target.files[0]) });
  box.append(el("div", { class: "row" },
    el("span", { class: "big", id: "pr-rating" }, `${pt("rating")}${C()}${Math.round(r ? r.rating : 1500)} ±${Math.round(2 * (r ? r.deviation : 350))}`),
    // each filter's label stays beside its list when the row wraps (a phone)
    el("span", { class: "field" }, el("label", { for: "pr-kind" }, pt("kind_filter")), kinds),
    el("span", { class: "field" }, el("label", { for: "pr-strain" }, pt("strain_filter")), strains),
    el("span", { class: "field" }, el("label", { for: "pr-theme" }, pt("theme_filter")), themes),
    el("span", { class: "field" }, el("label", { for: "pr-band" }, pt("band_filter")), bands),
    el("button", { id: "pr-export", onclick: exportRating }, pt("export_rating")),
    el("button", { id: "pr-import", onclick: () => file.click() }, pt("import_rating")), file));
  if (training.kind && training.answer) {
    const [before, after, rd] = training.moved;
    box.append(el("p", { id: "pr-moved", role: "status" }, pt("rating_moved", { before: Math.round(before), after: Math.round(after), rd: Math.round(2 * rd) })));
  }
  if (training.kind && training.problem) {
    const p = training.problem, names = Object.assign({}, THEMES[state.lang], BID_THEMES[state.lang]);
    box.append(el("p", { id: "pr-problem" }, pt("problem_rating", { id: p.id, rating: p.rating,
      themes: p.themes.map((k) => names[k] || k).join(", ") })));
  }
  if (!training.kind && state.practice.kind === "play" && playProblem && playProblem.id) {
    box.append(el("p", { id: "pr-problem" }, pt("problem_rating", { id: playProblem.id, rating: playProblem.rating,
      themes: playProblem.themes.map((k) => THEMES[state.lang][k] || k).join(", ") })));
  }
  if (!training.kind && state.practice.kind === "play" && playProblem) {
    const answered = training.judged && training.judged.seed === playProblem.seed;
    if (!answered) {
      box.append(el("div", { class: "row" }, el("button", { id: "pr-hint", onclick: showHint }, pt("hint"))));
      if (training.hints && training.hintList) {
        const shown = training.hintList.slice(0, training.hints);
        box.append(el("ul", { id: "pr-hints" }, shown.map((h) => el("li", {}, polish(h)))));
        if (training.hints > training.hintList.length) box.append(el("p", { class: "muted" }, pt("no_hint")));
      }
    } else {
      const a = training.judged, [before, after, rd] = training.moved;
      box.append(el("p", { id: "pr-moved", role: "status" }, pt("rating_moved", { before: Math.round(before), after: Math.round(after), rd: Math.round(2 * rd) })));
      box.append(el("h3", {}, pt("costs")),
        el("p", { id: "pr-costs" }, Object.entries(a.costs).map(([c, k]) => `${cardName(c)} ${k}`).join(", ")));
      const n = a.line.length, i = Math.min(training.trick, n - 1);
      box.append(el("h3", {}, pt("line")),
        el("div", { class: "row" },
          el("button", { id: "pr-prev", disabled: i === 0 ? "" : null, onclick: () => { training.trick = i - 1; render(); } }, pt("prev")),
          el("span", { id: "pr-trick-n", "aria-live": "polite" }, pt("trick", { i: i + 1, n })),
          el("button", { id: "pr-next-trick", disabled: i === n - 1 ? "" : null, onclick: () => { training.trick = i + 1; render(); } }, pt("next_trick"))),
        trickView(a.line[i]));
    }
  }
  box.append(el("h3", {}, pt("misses")));
  box.append(training.misses.length
    ? el("ul", { id: "pr-misses" }, training.misses.map((m) => m.call ? el("li", {},
        pt("miss_bid", { seed: m.seed, call: callText(m.call), best: callText(m.bestCall) })) : el("li", {},
        pt("miss", { seed: m.seed, card: cardName(m.card), best: m.best.map(cardName).join(" ") }),
        el("div", { class: "pr-line" }, m.line.map((tr) => el("span", {}, tr.cards.map((c) => cardName(c.card)).join(" ")))))))
    : el("p", { class: "muted", id: "pr-misses" }, pt("no_miss")));
  pane.append(box);
}

// ---------------------------------------------------------------- the set's seat and bidding problems
// Chosen with the kind filter (a bidding problem also with the pane's bidding button), loaded,
// shown and judged here: board.js asks practiceLoad when a new problem is wanted, practiceOwn to
// draw the pane, practiceOneHand and practiceDealer for the table.
const BOARD_KIND = { seat: "play", setbid: "bid" };

function pickKind(kind) {
  training.kind = kind;
  training.theme = "";                  // the card themes and the bidding situations differ
  training.problem = null;
  return newProblem(BOARD_KIND[kind] || "play", state.practice.seed);
}

// Board.js's newProblem: true when this loaded the problem (a seat or a bidding problem), false
// for a four-hands problem (board.js loads it from practiceSetUrl). Every bidding problem is
// the set's; a card-play problem is a seat problem when that kind is chosen.
async function practiceLoad(kind, seed) {
  const want = kind === "bid" ? "setbid" : BOARD_KIND[training.kind] === kind ? training.kind : "";
  if ((want === "setbid") !== (training.kind === "setbid")) training.theme = "";   // card themes, bidding situations
  training.kind = want;
  if (!training.kind) { training.problem = null; return false; }
  const q = new URLSearchParams({ seed, lang: state.lang });
  for (const k of ["theme", "band"]) if (training[k]) q.set(k, training[k]);
  if (training.kind === "seat" && training.strain) q.set("strain", training.strain);
  training.answer = null;
  training.problem = await api("GET", `/api/practice/set/${training.kind === "seat" ? "seat" : "bidding"}?${q}`);
  return true;
}

// Board.js's onlyOneHand: the seat and hand the table shows alone, or null.
function practiceOneHand() {
  const p = training.kind && training.problem;
  return p && state.panel === "practice" ? [p.seat, p.hand] : null;
}

// Board.js's renderBoard: the dealer of the bidding problem shown (its tag on the table), or null.
function practiceDealer() {
  return training.kind === "setbid" && training.problem ? training.problem.dealer : null;
}

// Board.js's renderBoard: how many cards a hidden hand still holds in a seat problem (null: 8).
function practiceCardsLeft(seat) {
  const p = training.kind === "seat" && state.panel === "practice" && training.problem;
  return p ? 8 - p.tricks.flat().filter((c) => c.seat === seat).length : null;
}

function settleAnswer(a, miss) {
  localStorage.setItem(PRACTICE_KEY, JSON.stringify(a.learner.after));
  training.answer = a;
  training.moved = [a.learner.before.rating, a.learner.after.rating, a.learner.after.deviation];
  state.practice.tried += 1;
  if (a.right) state.practice.right += 1; else training.misses.push(miss);
  writeUrl();
  render();
}

function answerSeat(card) {
  return guarded(async () => {
    const p = training.problem;
    if (training.answer || !p) return;
    const a = await api("POST", "/api/practice/set/seat/answer", { id: p.id, card, learner: learnerRating(), lang: state.lang });
    settleAnswer(a, { seed: p.id, card: a.card, best: a.best, line: a.line });
  });
}

function answerSetBid(call) {
  return guarded(async () => {
    const p = training.problem;
    if (training.answer || !p) return;
    const a = await api("POST", "/api/practice/set/bidding/answer", { id: p.id, call, learner: learnerRating(), lang: state.lang });
    settleAnswer(a, { seed: p.id, call: a.call, bestCall: a.best });
  });
}

function verdictBox(right, ...body) {
  return el("div", { class: "verdict " + (right ? "good" : "bad"), id: "pr-verdict", role: "status" },
    el("div", { class: "big" }, right ? t("right") : t("wrong")), ...body);
}

function seatProblemView(pane) {
  const p = training.problem, a = training.answer, legal = new Set(p.legal);
  const goal = t(p.goal.side === "declarer" ? "goal_decl" : "goal_def", { p: p.goal.points });
  pane.append(richEl("p", { class: "big", id: "pr-statement" },
    `${t("contract")}${C()}${callText(p.contract)} ${t(p.declarer)}. ${goal} ${pt("you_are", { seat: t(p.seat) })}`));
  pane.append(el("h3", {}, pt("played")), p.tricks.length
    ? el("ul", { id: "pr-played" }, p.tricks.map((tr, i) => el("li", {}, `${pt("trick_of", { i: i + 1 })}${C()}`,
        ...tr.map((c, k) => el("span", { "data-card": c.card }, `${k ? " · " : ""}${t(c.seat)} `, rich(cardName(c.card)))))))
    : el("p", { class: "muted", id: "pr-played" }, pt("no_card_played")));
  pane.append(el("h3", {}, `${t("your_hand")} (${t(p.seat)})`),
    el("div", { class: "hand", id: "pr-hand", role: "group", "aria-label": `${t("your_hand")} (${t(p.seat)})` },
      sortHand(handCards(p.hand), p.strain).map((code) => {
        const color = /[HD]/.test(code[0]) ? "red" : "black";
        return legal.has(code) && !a
          ? cardEl(code, { class: `card legal ${color}`, onclick: () => answerSeat(code) })
          : cardEl(code, { class: `card dim ${color}`, disabled: "" });
      })));
  if (!a) return;
  pane.append(verdictBox(a.right, rich(`${t("you_chose")} ${cardName(a.card)}. ${t("best_cards")}${C()}${a.best.map(cardName).join(" ")}.`)),
    el("h3", {}, pt("seat_costs", { n: a.worlds })),
    el("p", { id: "pr-costs" }, Object.entries(a.costs).map(([c, v]) => `${cardName(c)} ${v.cost} ± ${v.se}`).join(", ")),
    el("h3", {}, pt("line_real")),
    el("div", { id: "pr-line" }, a.line.map(trickView)));
}

function setBidProblemView(pane) {
  const p = training.problem, a = training.answer, calls = p.calls.map((c) => c.replace(/\s+/g, ""));
  pane.append(el("p", { id: "pr-statement" }, `${t("dealer")}${C()}${t(p.dealer)}. ${t("your_hand")} (${t(p.seat)}).`),
    el("div", { class: "hand", id: "pr-hand" }, sortHand(handCards(p.hand), null).map((code) => faceCard(code))),
    auctionDiagram(calls, p.dealer, "pr-auction"),
    el("h3", {}, t("your_call")),
    el("div", { id: "pr-box", class: "bbox", role: "group", "aria-label": t("bidding_box") },
      legalCalls(calls, p.dealer).map((call) => el("button", { type: "button", class: "bidbtn", "data-call": call,
        disabled: a ? "" : null, onclick: () => answerSetBid(call) }, rich(callText(call))))));
  if (!a) return;
  pane.append(verdictBox(a.right, rich(`${t("you_chose")} ${callText(a.call)}. ${pt("bid_best", { n: a.samples, best: callText(a.best) })} ` +
      (a.right ? "" : a.cost === null ? pt("bid_cost_more") : pt("bid_cost", { cost: a.cost })))),
    el("h3", {}, pt("bid_costs")),
    el("p", { id: "pr-costs" }, rich(Object.entries(a.costs).map(([c, v]) => `${callText(c)} ${v.cost} ± ${v.se}`).join(", "))));
}

// Board.js's renderPractice: true when this drew the problem (a kind of the set is chosen).
function practiceOwn(pane) {
  if (!training.kind || !training.problem) return false;
  if (training.kind === "seat") seatProblemView(pane); else setBidProblemView(pane);
  return true;
}
