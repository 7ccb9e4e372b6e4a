// The legal moves with their values from /analyze: best first, each coloured by how much it
// loses against the best (green: nothing; red: the most any move loses, at least one unit),
// marked exact (=), bound (a range) or estimate (~); and the principal variation.

import { moveElement } from "./cards.js";

export const round = (x) => (Number.isInteger(x) ? String(x) : x.toFixed(Math.abs(x) < 10 ? 2 : 1));

// The text and title of a scored move's certainty.
function certainty(scored) {
  const { low, high } = scored;
  if (scored.certainty === "exact") return ["=", "exact"];
  if (scored.certainty === "bound") {
    const range = low === high ? round(low) : `${low ?? "?"}..${high ?? "?"}`;
    return [range, "bound: the search ran out of budget; the value lies in this range"];
  }
  const extra = scored.visits !== undefined && scored.visits !== null
    ? `${scored.visits} visits` : low !== null && low !== undefined ? `95%: ${round(low)}..${round(high)}` : "";
  return ["~", `estimate ${extra}`.trim()];
}

// The unit a loss is measured against: the spread of the values, at least one unit of the
// game's count (a trick, a point), a tenth for probabilities.
function lossScale(values, unit) {
  const spread = Math.max(...values) - Math.min(...values);
  const floor = /loses|probab/i.test(unit || "") ? 0.1 : 1;
  return Math.max(spread, floor);
}

// What a move loses against the best: nothing for the best move, exact for a value, at least
// best - high for a bound (unknown, null, when its range reaches the best).
function lossOf(scored, best, bestMove) {
  if (scored.move === bestMove) return 0;
  if (scored.certainty !== "bound") return best - scored.value;
  return scored.high !== null && scored.high < best ? best - scored.high : null;
}

function valueText(scored, loss) {
  const [mark, title] = certainty(scored);
  const text = document.createElement("span");
  text.className = "value";
  text.title = title;
  text.textContent = scored.certainty === "bound" ? mark : `${round(scored.value)} ${mark}`;
  const lossText = document.createElement("span");
  lossText.className = "loss";
  lossText.textContent = loss === null ? "?" : loss > 0 ? `\u2212${round(loss)}${scored.certainty === "bound" ? "+" : ""}` : "best";
  return [text, lossText];
}

function row(ctx, move, index, scored, best, scale) {
  const item = document.createElement("li");
  item.className = "move-row";
  const button = document.createElement("button");
  button.type = "button";
  button.className = "move";
  button.dataset.move = move;
  button.addEventListener("click", () => ctx.onMove(move));
  const key = document.createElement("kbd");
  key.textContent = index < 9 ? String(index + 1) : "";
  button.append(key, moveElement(ctx.game, move, ctx.options));
  if (scored && scored.value !== null) {
    const loss = lossOf(scored, best, ctx.analysis.best_move);
    item.classList.add(`certainty-${scored.certainty}`);
    if (loss !== null) {
      item.classList.add("scored");
      item.style.setProperty("--hue", String(Math.round(120 * (1 - Math.min(1, loss / scale)))));
    }
    button.append(...valueText(scored, loss));
  }
  item.append(button);
  return item;
}

// The rows in order: scored moves best first (unscored ones last), else the legal moves.
export function orderedMoves(legal, analysis) {
  if (!analysis) return legal.map((move) => ({ move, scored: null }));
  const scored = [...analysis.moves].sort((a, b) => (b.value ?? -Infinity) - (a.value ?? -Infinity));
  return scored.map((s) => ({ move: s.move, scored: s }));
}

export function renderMoves(list, ctx) {
  const rows = orderedMoves(ctx.legal, ctx.analysis);
  const values = rows.filter((r) => r.scored && r.scored.value !== null).map((r) => r.scored.value);
  const best = ctx.analysis && ctx.analysis.value !== null ? ctx.analysis.value : Math.max(0, ...values);
  const scale = values.length ? lossScale(values, ctx.analysis.unit) : 1;
  list.replaceChildren(...rows.map((r, i) => row(ctx, r.move, i, r.scored, best, scale)));
  return rows.map((r) => r.move);
}

export function describeAnalysis(analysis) {
  if (!analysis) return "";
  const parts = [
    `${analysis.method}${analysis.method_asked && analysis.method_asked !== analysis.method ? ` (asked ${analysis.method_asked})` : ""}`,
    `value ${analysis.value === null ? "\u2013" : round(analysis.value)} ${analysis.unit}`,
    analysis.exact ? "exact" : "not exact",
    `${Math.round(analysis.stats.time_ms)} ms`,
    analysis.stats.nodes ? `${analysis.stats.nodes} nodes` : null,
    analysis.stats.worlds ? `${analysis.stats.worlds} worlds` : null,
    analysis.stats.iterations ? `${analysis.stats.iterations} iterations` : null,
    analysis.stats.playouts ? `${analysis.stats.playouts} playouts` : null,
    `cache ${analysis.cache}`,
  ];
  return parts.filter(Boolean).join(" \u00b7 ");
}

// The principal variation, each move a button that plays the line up to it.
export function renderPv(box, ctx, line, onPlayLine) {
  box.replaceChildren();
  if (!line || !line.length) return;
  const label = document.createElement("span");
  label.className = "label";
  label.textContent = "Best line:";
  box.append(label);
  line.forEach((move, i) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "pv-move";
    button.append(moveElement(ctx.game, move, ctx.options));
    button.addEventListener("click", () => onPlayLine(line.slice(0, i + 1)));
    box.append(button);
  });
}
