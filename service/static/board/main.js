// The board's controller: the game chosen, the hand's history (a start position and the moves
// played since), the ply shown, the seat whose view is drawn, the analysis and the graph; the
// URL's hash reproduces all of it. Every rule is the engine's: moves are checked by /play.

import * as api from "./api.js";
import { cardsOf, moveElement } from "./cards.js";
import { describeAnalysis, renderMoves, renderPv, round } from "./analysis.js";
import { renderGraph } from "./graph.js";
import { renderTable, seatName } from "./table.js";

const $ = (id) => document.getElementById(id);
const app = {
  catalogue: null,
  game: "",
  seed: null, // the seed dealt from, or null for a pasted start
  start: null, // the position at ply 0
  line: [], // the moves played since the start
  positions: [], // positions by ply, as known (from /play, or deal and moves)
  results: [],
  ply: 0,
  view: null,
  legal: [],
  listed: [],
  state: null, // the snapshot drawn (the seat's view when one is chosen)
  complete: null, // the complete snapshot: whose turn it really is
  note: "",
  analysis: null,
  analyses: new Map(),
  graph: [],
  losses: [], // by ply: the record analysis's entry for the move played there
  tags: {}, // a loaded record's tags (PBN's Event, Contract...), saved with it
  token: 0,
};

function showError(error) {
  $("error").hidden = !error;
  $("error").textContent = error ? String(error.message || error) : "";
}

async function guarded(work) {
  try {
    showError(null);
    await work();
  } catch (error) {
    showError(error);
  }
}

// ---- the catalogue and the controls ----

function gameEntry(name = app.game) {
  return app.catalogue.games.find((g) => g.name === name);
}

function fillVariants(game, chosen) {
  const entry = gameEntry(game);
  $("variant").replaceChildren(...entry.variants.map((v) => new Option(`${v.name}: ${v.description || ""}`.replace(/: $/, ""), v.name)));
  $("variant").value = chosen || entry.default_variant;
}

function fillSeats(count) {
  const current = $("seat").value;
  const seats = [new Option("every card (complete)", "")];
  for (let seat = 0; seat < count; seat += 1) seats.push(new Option(`${seatName(app.game, seat)}'s view`, String(seat)));
  $("seat").replaceChildren(...seats);
  $("seat").value = Number(current) < count ? current : "";
}

function readOptions() {
  const text = $("options").value.trim();
  if (!text) return undefined;
  const options = JSON.parse(text);
  if (typeof options !== "object" || Array.isArray(options)) throw new Error("options: a JSON object");
  return options;
}

// ---- the history ----

const withoutState = ({ state, ...rest }) => rest;

function positionAt(ply) {
  if (app.positions[ply]) return app.positions[ply];
  if (!app.start.deal) return null;
  const moves = [...(app.start.moves || []), ...app.line.slice(0, ply)];
  return { ...withoutState(app.start), view: null, moves };
}

async function ensurePosition(ply) {
  for (let k = 1; k <= ply && !positionAt(ply); k += 1) {
    if (!app.positions[k]) {
      const answer = await api.play(app.game, positionAt(k - 1), app.line[k - 1]);
      app.positions[k] = answer.position;
      app.results[k] = answer.result;
    }
  }
  return positionAt(ply);
}

function setStart(position, seed) {
  app.game = position.game || app.game;
  app.seed = seed;
  app.start = { ...position, view: null };
  app.line = [];
  app.positions = [app.start.deal ? null : app.start];
  app.results = [];
  app.ply = 0;
  app.graph = [];
  app.losses = [];
  app.tags = {};
  app.analyses.clear();
  $("game").value = app.game;
  fillVariants(app.game, position.variant);
}

async function dealNew() {
  const seed = Number($("seed").value) || 0;
  const request = { variant: $("variant").value, seed, options: readOptions() };
  const answer = await api.deal($("game").value, request);
  app.game = $("game").value;
  setStart(answer.position, seed);
  await show();
}

// What the paste box holds: a position (JSON), a record (JSON: a deal and its moves, no
// position or snapshot), or a bridge record as LIN (md|...|pc|...) or PBN text.
function pastedRequest(text) {
  if (text.startsWith("{")) {
    const parsed = JSON.parse(text);
    const isRecord = parsed.deal && Array.isArray(parsed.moves) && !parsed.position && !parsed.state;
    return isRecord ? { record: parsed } : { position: parsed.position || parsed };
  }
  return /(^|\|)(md|mb|pc)\||lin=/i.test(text) ? { lin: text } : { pbn: text };
}

// A record read by the service: its deal is the start, its moves the history to step through.
function loadRecord(record) {
  const { tags, moves, ...start } = record;
  setStart({ ...start, moves: [] }, null);
  app.tags = tags || {};
  app.line = moves;
}

async function loadPasted() {
  const request = pastedRequest($("paste").value.trim());
  if (request.position) {
    const position = request.position;
    position.game = position.game || $("game").value;
    await api.legalMoves(position.game, position); // the engine's verdict before it is drawn
    setStart(position, null);
  } else {
    loadRecord((await api.readRecord(request)).record);
  }
  await show();
}

async function loadFile() {
  const [file] = $("record-file").files;
  if (!file) return;
  $("paste").value = await file.text();
  $("record-file").value = "";
  await loadPasted();
}

// The hand so far as a record (one JSON object: game, variant, options, deal, moves, tags).
function currentRecord() {
  if (!app.start.deal) throw new Error("a position given as a snapshot has no deal: it is no record");
  const { version, game, variant, options, deal } = app.start;
  return { version, game, variant, options, deal, moves: [...(app.start.moves || []), ...app.line], tags: app.tags };
}

// The record saved as a file that the paste box, the record routes and `python -m service
// analyze` read.
function saveRecord() {
  const record = currentRecord();
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([`${JSON.stringify(record)}\n`], { type: "application/json" }));
  link.download = `${record.game}-record.json`;
  link.click();
  URL.revokeObjectURL(link.href);
}

async function playMove(move) {
  const answer = await api.play(app.game, await ensurePosition(app.ply), move);
  if (app.line[app.ply] !== move) {
    app.line = [...app.line.slice(0, app.ply), move];
    app.positions.length = app.ply + 1;
    app.results.length = app.ply + 1;
    app.graph = [];
    app.losses = [];
  }
  app.positions[app.ply + 1] = answer.position;
  app.results[app.ply + 1] = answer.result;
  app.ply += 1;
  await show();
}

async function playLine(moves) {
  for (const move of moves) await playMove(move);
}

async function go(ply) {
  app.ply = Math.max(0, Math.min(app.line.length, ply));
  await show();
}

// ---- drawing ----

function statusText() {
  const s = app.state;
  const entry = gameEntry();
  const turn = s.to_move === null || s.to_move === undefined ? "nobody to move" : `${seatName(app.game, s.to_move)} to move`;
  const result = app.results[app.ply];
  const over = result ? ` \u00b7 result ${JSON.stringify(result.payoff || result.hand_score || result.points || result.tricks || result.outcome)}` : "";
  return `${entry.title} \u00b7 ${app.start.variant || entry.default_variant} \u00b7 phase ${s.phase} \u00b7 ${turn} \u00b7 move ${app.ply} of ${app.line.length}${over}`;
}

function onCard(card) {
  const candidates = app.legal.filter((move) => cardsOf(app.game, move).includes(card));
  const single = candidates.filter((move) => cardsOf(app.game, move).length === 1);
  if (candidates.length === 1) return guarded(() => playMove(candidates[0]));
  if (single.length === 1) return guarded(() => playMove(single[0]));
  document.querySelectorAll(".move").forEach((button) => {
    button.classList.toggle("candidate", candidates.includes(button.dataset.move));
  });
  return undefined;
}

function drawMoves() {
  const ctx = {
    game: app.game,
    options: app.start.options || {},
    legal: app.legal,
    analysis: app.analysis,
    onMove: (move) => guarded(() => playMove(move)),
  };
  app.listed = renderMoves($("moves"), ctx);
  $("analysis-info").textContent = app.analysis ? describeAnalysis(app.analysis) : app.note || "";
  renderPv($("pv"), ctx, app.analysis && app.analysis.principal_variation, (line) => guarded(() => playLine(line)));
}

function drawHistory() {
  const items = app.line.map((move, i) => {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.append(moveElement(app.game, move, app.start.options || {}));
    button.dataset.move = move;
    button.className = i + 1 === app.ply ? "current" : "";
    const scored = app.losses[i];
    if (scored && scored.loss > 0) {
      button.classList.add("lost");
      button.title = `lost ${round(scored.loss)}; ${scored.best_move} kept ${round(scored.best_value)}`;
    }
    button.addEventListener("click", () => guarded(() => go(i + 1)));
    item.append(button);
    return item;
  });
  $("history").replaceChildren(...items);
  $("ply").textContent = `${app.ply} / ${app.line.length}`;
  const current = $("history").querySelector(".current");
  if (current) current.scrollIntoView({ block: "nearest" });
}

function draw() {
  const s = app.state;
  fillSeats(s.hands.length);
  $("status").textContent = statusText();
  const playable = (card) => app.legal.some((move) => cardsOf(app.game, move).includes(card));
  const ctx = { game: app.game, options: app.start.options || {}, state: s, view: app.view, playable, onCard };
  renderTable($("table"), ctx);
  drawMoves();
  drawHistory();
  drawGraph();
  writeHash();
}

async function show() {
  const token = ++app.token;
  const position = await ensurePosition(app.ply);
  app.view = $("seat").value === "" ? null : Number($("seat").value);
  const complete = position.state && app.view === null ? position : (await api.canonical(app.game, position));
  const state = app.view === null ? complete.state : (await api.canonical(app.game, { ...position, view: app.view })).state;
  const legal = await api.legalMoves(app.game, position);
  if (token !== app.token) return;
  app.state = state;
  app.complete = complete.state;
  app.legal = legal.moves;
  app.analysis = null;
  app.note = legal.count > legal.moves.length ? `${legal.count} legal moves, ${legal.moves.length} listed` : "";
  draw();
  if ($("auto").checked && legal.moves.length) await analyse();
}

// ---- analysis and the graph ----

const budget = () => ({ time_ms: Number($("budget").value) || 1000 });

function analysisRequest(position, perspective) {
  const request = { position, method: $("method").value, budget: budget() };
  if (perspective !== undefined) request.perspective = perspective;
  return request;
}

// The seat that chooses the next move: bridge's declarer plays the dummy's cards.
function decider(state) {
  return state.dummy !== undefined && state.to_move === state.dummy ? state.declarer : state.to_move;
}

async function analyse() {
  const token = app.token;
  if (app.view !== null && app.view !== decider(app.complete)) {
    app.note = `${seatName(app.game, app.view)}'s view: its analysis waits for its turn`;
    drawMoves();
    return;
  }
  const position = await ensurePosition(app.ply);
  const request = analysisRequest(app.view === null ? position : viewOf(position));
  const key = JSON.stringify(request);
  $("analysis-info").textContent = "analysing\u2026";
  const analysis = app.analyses.get(key) || (await api.analyze(app.game, request));
  app.analyses.set(key, analysis);
  if (token !== app.token) return;
  app.analysis = analysis;
  drawMoves();
}

// The shown seat's view of `position`: its deal and moves marked with the seat (the engine
// hides the rest), or for a snapshot without a deal the view's snapshot drawn.
function viewOf(position) {
  if (position.deal) return { ...withoutState(position), view: app.view };
  return { ...position, view: app.view, state: app.state };
}

function graphSide() {
  return app.view === null ? 0 : app.view;
}

function drawGraph() {
  const caption = `value for ${seatName(app.game, graphSide())}'s side`;
  renderGraph($("graph"), app.graph, app.ply, (ply) => guarded(() => go(ply)), caption);
}

async function graphHand() {
  await ensurePosition(app.line.length);
  const items = [];
  for (let ply = 0; ply <= app.line.length; ply += 1) {
    items.push({ game: app.game, ...analysisRequest(positionAt(ply), graphSide()) });
  }
  app.graph = items.map((_, ply) => ({ ply, value: null }));
  drawGraph();
  await api.batch(items, (line) => {
    if (line.status === 200) app.graph[line.index].value = line.answer.value;
    drawGraph();
  });
  $("graph").dataset.done = "true";
}

// The hand analysed as a record (/v1/records/analyze, as DDS's AnalysePlayPBN): the graph
// from its values, and each move of the history marked with what it lost against the best.
async function analyseRecord() {
  const record = currentRecord();
  const request = { record, method: $("method").value, budget: budget(), perspective: graphSide() };
  $("analysis-info").textContent = "analysing every move\u2026";
  const answer = await api.analyzeRecord(request);
  const skipped = record.moves.length - app.line.length; // a pasted start's own moves
  app.losses = answer.moves.slice(skipped);
  app.graph = answer.values.slice(skipped).map((value, ply) => ({ ply, value }));
  draw();
  $("graph").dataset.done = "true";
}

// ---- the URL's hash ----

function base64(text) {
  return btoa(String.fromCharCode(...new TextEncoder().encode(text))).replace(/\+/g, "-").replace(/\//g, "_");
}

function unbase64(text) {
  const bytes = Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

function writeHash() {
  const params = new URLSearchParams({ game: app.game, variant: app.start.variant || "" });
  if (app.seed !== null) {
    params.set("seed", String(app.seed));
    if ($("options").value.trim()) params.set("options", $("options").value.trim());
  } else {
    params.set("position", base64(JSON.stringify(app.start.deal ? withoutState(app.start) : app.start)));
  }
  if (app.line.length) params.set("moves", app.line.join(","));
  params.set("ply", String(app.ply));
  if (app.view !== null) params.set("seat", String(app.view));
  params.set("method", $("method").value);
  params.set("ms", $("budget").value);
  const hash = `#${params}`;
  history.replaceState(null, "", hash);
  $("link").href = hash;
}

async function readHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (!params.get("game")) return false;
  $("method").value = params.get("method") || "auto";
  $("budget").value = params.get("ms") || "1000";
  $("game").value = params.get("game");
  app.game = params.get("game");
  fillVariants(app.game, params.get("variant"));
  $("options").value = params.get("options") || "";
  if (params.has("position")) {
    setStart(JSON.parse(unbase64(params.get("position"))), null);
  } else {
    $("seed").value = params.get("seed") || "0";
    const request = { variant: params.get("variant") || undefined, seed: Number(params.get("seed")), options: readOptions() };
    setStart((await api.deal(app.game, request)).position, request.seed);
  }
  app.line = params.get("moves") ? params.get("moves").split(",") : [];
  app.ply = Math.min(Number(params.get("ply") || app.line.length), app.line.length);
  fillSeats(8);
  $("seat").value = params.get("seat") || "";
  await show();
  return true;
}

// ---- keys and wiring ----

function onKey(event) {
  if (event.target.closest("input, textarea, select") || event.ctrlKey || event.metaKey || event.altKey) return;
  const actions = {
    ArrowLeft: () => go(app.ply - 1),
    ArrowRight: () => go(app.ply + 1),
    Home: () => go(0),
    End: () => go(app.line.length),
    a: () => analyse(),
    g: () => graphHand(),
    l: () => analyseRecord(),
    b: () => app.analysis && app.analysis.best_move && playMove(app.analysis.best_move),
  };
  const digit = /^[1-9]$/.test(event.key) ? Number(event.key) - 1 : -1;
  const action = digit >= 0 ? () => app.listed[digit] && playMove(app.listed[digit]) : actions[event.key];
  if (!action) return;
  event.preventDefault();
  guarded(action);
}

function wire() {
  $("deal-form").addEventListener("submit", (event) => {
    event.preventDefault();
    guarded(dealNew);
  });
  $("game").addEventListener("change", () => fillVariants($("game").value));
  $("load").addEventListener("click", () => guarded(loadPasted));
  $("record-file").addEventListener("change", () => guarded(loadFile));
  $("save").addEventListener("click", () => guarded(async () => saveRecord()));
  $("seat").addEventListener("change", () => guarded(show));
  $("analyse").addEventListener("click", () => guarded(analyse));
  $("graph-button").addEventListener("click", () => guarded(graphHand));
  $("record-button").addEventListener("click", () => guarded(analyseRecord));
  $("first").addEventListener("click", () => guarded(() => go(0)));
  $("back").addEventListener("click", () => guarded(() => go(app.ply - 1)));
  $("forward").addEventListener("click", () => guarded(() => go(app.ply + 1)));
  $("last").addEventListener("click", () => guarded(() => go(app.line.length)));
  document.addEventListener("keydown", onKey);
  window.addEventListener("hashchange", () => guarded(readHash));
}

async function main() {
  wire();
  app.catalogue = await api.catalogue();
  $("game").replaceChildren(...app.catalogue.games.map((g) => new Option(g.title, g.name)));
  app.game = app.catalogue.games[0].name;
  fillVariants(app.game);
  if (!(await readHash())) await dealNew();
  document.body.dataset.ready = "true";
}

guarded(main);
