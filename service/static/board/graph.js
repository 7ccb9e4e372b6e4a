// The evaluation graph (as Lichess draws one): the value after every move of the hand, for one
// side, as inline SVG; a click on a point goes to that position.

const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 600;
const HEIGHT = 140;
const PAD = 8;

function node(tag, attributes) {
  const element = document.createElementNS(SVG, tag);
  Object.entries(attributes).forEach(([name, v]) => element.setAttribute(name, String(v)));
  return element;
}

// points: [{ply, value}] (value null where no analysis); current: the ply shown.
export function renderGraph(box, points, current, onPick, caption) {
  const known = points.filter((p) => p.value !== null && p.value !== undefined);
  box.replaceChildren();
  if (!points.length) return;
  const values = known.map((p) => p.value);
  const low = Math.min(0, ...values);
  const high = Math.max(low + 1e-9, ...values);
  const last = Math.max(1, points[points.length - 1].ply);
  const x = (ply) => PAD + ((WIDTH - 2 * PAD) * ply) / last;
  const y = (v) => HEIGHT - PAD - ((HEIGHT - 2 * PAD) * (v - low)) / (high - low);
  const svg = node("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img", class: "graph-svg" });
  svg.append(node("title", {}));
  svg.firstChild.textContent = caption;
  svg.append(node("line", { x1: PAD, x2: WIDTH - PAD, y1: y((low + high) / 2), y2: y((low + high) / 2), class: "mid" }));
  if (known.length) {
    const line = known.map((p) => `${x(p.ply).toFixed(1)},${y(p.value).toFixed(1)}`).join(" L");
    const base = y(low).toFixed(1);
    svg.append(node("path", { d: `M${x(known[0].ply)},${base} L${line} L${x(known[known.length - 1].ply)},${base} Z`, class: "area" }));
    svg.append(node("path", { d: `M${line}`, class: "curve" }));
  }
  svg.append(node("line", { x1: x(current), x2: x(current), y1: PAD, y2: HEIGHT - PAD, class: "cursor" }));
  known.forEach((p) => {
    const dot = node("circle", { cx: x(p.ply), cy: y(p.value), r: 4, class: "dot", "data-ply": p.ply });
    const title = node("title", {});
    title.textContent = `after move ${p.ply}: ${p.value}`;
    dot.append(title);
    dot.addEventListener("click", () => onPick(p.ply));
    svg.append(dot);
  });
  const legend = document.createElement("p");
  legend.className = "graph-caption";
  const missing = points.length - known.length;
  const gaps = missing ? `; ${missing} without a value (the hand's end, or ISMCTS, which scores only the seat to move)` : "";
  legend.textContent = `${caption}: ${round(low)} to ${round(high)}${gaps}`;
  box.append(svg, legend);
}

const round = (v) => (Number.isInteger(v) ? String(v) : v.toFixed(2));
