// Cards as the rules name them: suit then rank (SA, HT, C6; the joker JK) for the French decks,
// and Mü's colour then number with the twins' copy letter (R0, G7a; colours R B G Y K).

const SUITS = {
  S: { symbol: "\u2660", name: "spades", colour: "black" },
  H: { symbol: "\u2665", name: "hearts", colour: "red" },
  D: { symbol: "\u2666", name: "diamonds", colour: "red" },
  C: { symbol: "\u2663", name: "clubs", colour: "black" },
};
const RANK_NAMES = { A: "ace", K: "king", Q: "queen", J: "jack", T: "ten" };
const MU_COLOURS = { R: "red", B: "blue", G: "green", Y: "yellow", K: "black" };
const FRENCH = /^([SHDC])([2-9TJQKA])$/;
const MU = /^([RBGYK])(\d)([ab]?)$/;

// {rank, symbol, tone, title} of a card token, or null if `token` is not a card of `game`.
export function describe(game, token, options = {}) {
  if (game === "mu") {
    const m = MU.exec(token);
    if (!m) return null;
    const copy = m[3] ? ` (copy ${m[3]})` : "";
    return { rank: m[2], symbol: m[3], tone: `mu-${MU_COLOURS[m[1]]}`, title: `${MU_COLOURS[m[1]]} ${m[2]}${copy}` };
  }
  if (token === "JK") return { rank: "\u2605", symbol: "JK", tone: "joker", title: "joker" };
  const m = FRENCH.exec(token);
  if (!m) return null;
  const suit = SUITS[m[1]];
  const rank = m[2] === "T" ? "10" : m[2];
  const title = `${RANK_NAMES[m[2]] || rank} of ${suit.name}`;
  return { rank, symbol: suit.symbol, tone: suit.colour, title };
}

function isMaria(game, token, options) {
  return game === "mustamaija" && token === (options.maria_card || "SQ");
}

// A card face: a button when `onPick` is given (the card can be played), else a span.
export function cardElement(game, token, options = {}, onPick = null) {
  const card = describe(game, token, options);
  const element = document.createElement(onPick ? "button" : "span");
  element.className = `card ${card ? card.tone : "unknown"}`;
  element.dataset.card = token;
  if (isMaria(game, token, options)) element.classList.add("maria");
  element.title = card ? card.title + (isMaria(game, token, options) ? " (the Maria)" : "") : token;
  element.innerHTML = card
    ? `<span class="rank">${card.rank}</span><span class="suit">${card.symbol}</span>`
    : `<span class="rank">${token}</span>`;
  if (onPick) {
    element.type = "button";
    element.addEventListener("click", () => onPick(token));
  }
  return element;
}

// `count` face-down cards: a small fan and the number.
export function backsElement(count) {
  const element = document.createElement("span");
  element.className = "backs";
  element.title = `${count} hidden cards`;
  for (let i = 0; i < Math.min(count, 5); i += 1) {
    const back = document.createElement("span");
    back.className = "card back";
    element.append(back);
  }
  element.append(` ${count}`);
  return element;
}

// A move's text with its card tokens as small coloured glyphs ("give A♠ 10♥ 6♦").
export function moveElement(game, move, options = {}) {
  const element = document.createElement("span");
  element.className = "move-text";
  move.split(" ").forEach((token, i) => {
    if (i) element.append(" ");
    const card = describe(game, token, options);
    if (!card) {
      element.append(token);
      return;
    }
    const glyph = document.createElement("span");
    glyph.className = `glyph ${card.tone}`;
    glyph.title = card.title;
    glyph.textContent = `${card.rank}${card.symbol}`;
    element.append(glyph);
  });
  return element;
}

// The card tokens in a move ("attack C4 C9" -> ["C4", "C9"]).
export function cardsOf(game, move) {
  return move.split(" ").filter((token) => describe(game, token));
}
