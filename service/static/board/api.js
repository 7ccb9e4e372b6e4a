// The service's HTTP API as the board uses it: JSON in, JSON out, a problem as an Error.

export class ProblemError extends Error {
  constructor(problem) {
    const where = (problem.errors || []).map((e) => `${e.path}: ${e.message}`).join("; ");
    super(where || problem.detail || problem.title || "request failed");
    this.problem = problem;
  }
}

async function send(path, body) {
  const init = body === undefined ? {} : {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  };
  const answer = await fetch(path, init);
  const data = await answer.json().catch(() => ({ detail: `${answer.status} ${answer.statusText}` }));
  if (!answer.ok) throw new ProblemError(data);
  return data;
}

export const catalogue = () => send("/v1/games");
export const deal = (game, request) => send(`/v1/${game}/deal`, request);
export const legalMoves = (game, position) => send(`/v1/${game}/legal-moves`, { position });
export const play = (game, position, move) => send(`/v1/${game}/play`, { position, move });
export const analyze = (game, request) => send(`/v1/${game}/analyze`, request);
// A record ({record}, {pbn} or {lin}) read and checked: {format, record}.
export const readRecord = (request) => send("/v1/records/read", request);
// A record analysed move by move: {values, moves: [{move, value, best_move, best_value, loss}]}.
export const analyzeRecord = (request) => send("/v1/records/analyze", request);
// The engine's canonical form of a position (its snapshot; with `view`, that seat's view).
export const canonical = (game, position) => send(`/board/state/${game}`, { position });

// POST /v1/analyze/batch, calling `onLine` with each NDJSON line as it arrives.
export async function batch(positions, onLine) {
  const answer = await fetch("/v1/analyze/batch", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ positions }),
  });
  if (!answer.ok) throw new ProblemError(await answer.json());
  const reader = answer.body.pipeThrough(new TextDecoderStream()).getReader();
  let pending = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    pending += value;
    const lines = pending.split("\n");
    pending = lines.pop();
    lines.filter((line) => line.trim()).forEach((line) => onLine(JSON.parse(line)));
  }
}
