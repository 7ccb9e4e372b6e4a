// The table drawn from a position's snapshot (`state`): every seat's hand (faces, or backs for
// a count the seat's view hides), its public cards and roles, and the centre (trick, talon,
// trump, Mü's table cards, Mustamaija's attack). What each game's snapshot holds is in
// docs/rules/ and the catalogue; unknown fields are simply not drawn.

import { backsElement, cardElement } from "./cards.js";

const BRIDGE_SEATS = ["North", "East", "South", "West"];
const STRAINS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663", NT: "NT" };

export function seatName(game, seat) {
  return game === "bridge" ? BRIDGE_SEATS[seat] : `Seat ${seat}`;
}

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

// A row of cards: faces for a list, backs for a count; faces playable when `pick` says so.
function cardsRow(ctx, cards, pick = null) {
  const row = element("div", "cards");
  if (typeof cards === "number") {
    row.append(backsElement(cards));
    return row;
  }
  (cards || []).forEach((token) => {
    const playable = pick && ctx.playable(token);
    row.append(cardElement(ctx.game, token, ctx.options, playable ? ctx.onCard : null));
  });
  return row;
}

function pile(ctx, label, cards, pick = null) {
  const box = element("div", "pile");
  box.append(element("span", "label", label), cardsRow(ctx, cards, pick));
  return box;
}

// Each card of the trick with the seat that played it (seats that sit out are skipped).
function trickPlays(ctx, trick) {
  if (!trick || !trick.cards || !trick.cards.length) return [];
  const seats = ctx.state.hands.length;
  const plays = [];
  let seat = trick.leader;
  trick.cards.forEach((card, i) => {
    while (ctx.state.participation && ctx.state.participation[seat] === "out") seat = (seat + 1) % seats;
    const fromTable = trick.from_table && trick.from_table[i] ? " (from the table)" : "";
    plays.push({ seat, card, note: fromTable });
    seat = (seat + 1) % seats;
  });
  return plays;
}

function trickElement(ctx, trick) {
  const box = element("div", "trick");
  trickPlays(ctx, trick).forEach(({ seat, card, note }) => {
    const play = element("figure", "play");
    play.append(cardElement(ctx.game, card, ctx.options));
    play.append(element("figcaption", "", seatName(ctx.game, seat) + note));
    box.append(play);
  });
  return box;
}

// Mustamaija's attack: each attacking card with the card that beat it laid across it.
function attackElement(ctx, table) {
  const box = element("div", "pile");
  if (!table.attack || !table.attack.length) return box;
  const beaters = new Map((table.beaten || []).map(([attack, beater]) => [attack, beater]));
  const row = element("div", "attack");
  table.attack.forEach((card) => {
    const stack = element("span", "stack");
    stack.append(cardElement(ctx.game, card, ctx.options));
    if (beaters.has(card)) stack.append(cardElement(ctx.game, beaters.get(card), ctx.options));
    row.append(stack);
  });
  box.append(element("span", "label", "Attack (beaten: the card across it)"), row);
  return box;
}

const DASH = "\u2013";
const value = (v) => {
  if (v === null || v === undefined || (Array.isArray(v) && !v.length)) return DASH;
  return Array.isArray(v) ? v.join(", ") : String(v);
};

// Per game: the centre's facts and piles, each seat's roles and public piles.
const GAMES = {
  bridge(ctx, s) {
    const name = (seat) => seatName("bridge", seat);
    return {
      facts: [
        ["Contract", `${STRAINS[ctx.options.strain] || ctx.options.strain} by ${name(s.declarer)}`],
        ["Tricks NS\u2013EW", `${s.tricks_won[0]}\u2013${s.tricks_won[1]}`],
      ],
      roles: (seat) => [seat === s.declarer && "declarer", seat === s.dummy && "dummy"],
    };
  },
  marjapussi(ctx, s) {
    const declarations = (s.declarations || []).map((d) => `${STRAINS[d.suit]} side ${d.side}`);
    return {
      facts: [
        ["Trump", STRAINS[s.trump] || value(s.trump)],
        ["Contract", s.contract === null ? DASH : `${s.contract} by ${seatName("", s.declarer)}`],
        ["High bid", s.auction && s.auction.high_bid !== null ? `${s.auction.high_bid} (seat ${s.auction.high_bidder})` : DASH],
        ["Marriages", value(declarations)],
        ["Tricks", value(s.tricks_played)],
      ],
      piles: [["Talon", s.talon], ["Discards", s.discards]],
      roles: (seat) => [seat === s.dealer && "dealer", seat === s.declarer && "declarer",
        s.auction && s.auction.passed.includes(seat) && s.phase === "bid" && "passed"],
      counts: (seat) => `${s.tricks_won[seat]} tricks`,
    };
  },
  mustamaija(ctx, s) {
    const table = s.table || {};
    return {
      facts: [
        ["Trump", STRAINS[s.trump] || value(s.trump)],
        ["Attacks", value(s.attacks_made)],
        ["Loser", s.loser === null ? DASH : seatName("", s.loser)],
      ],
      special: () => attackElement(ctx, table),
      piles: [
        ["Taken up", (table.taken || []).flat()],
        ["Trump card", s.trump_card ? [s.trump_card] : []],
        ["Talon", Array.isArray(s.talon) ? s.talon.length : s.talon],
      ],
      roles: (seat) => [seat === s.attacker && "attacker", seat === s.defender && "defender",
        seat === s.loser && "loser"],
      seatPiles: (seat) => [["Known to all", (s.known_cards || [])[seat]]],
    };
  },
  muschik(ctx, s) {
    return {
      facts: [
        ["Trump", s.trump_card ? STRAINS[s.trump_card[0]] : DASH],
        ["Swap", value(s.swap)],
        ["Tricks so far", value((s.tricks || []).length)],
      ],
      piles: [
        ["Trump card", s.trump_card ? [s.trump_card] : []],
        ["Stock", Array.isArray(s.stock) ? s.stock.length : s.stock],
      ],
      roles: (seat) => [seat === s.dealer && "dealer", (s.participation || [])[seat],
        seat === s.trump_holder && "trump holder"],
      counts: (seat) => `${s.tricks_won[seat]} tricks, ${s.cp[seat]} to go`,
    };
  },
  mu(ctx, s) {
    return {
      facts: [
        ["Chief", s.chief === null ? DASH : `${seatName("", s.chief)}, trump ${value(s.chief_trump)}`],
        ["Vice", s.vice === null ? DASH : `${seatName("", s.vice)}, trump ${value(s.vice_trump)}`],
        ["Partner", s.partner === null ? value(s.called_card) : seatName("", s.partner)],
        ["Tricks", value(s.tricks_played)],
      ],
      roles: (seat) => [seat === s.dealer && "dealer", seat === s.chief && "chief",
        seat === s.vice && "vice", seat === s.partner && "partner"],
      counts: (seat) => `bid ${s.auction.bids[seat]}, won ${(s.won[seat] || []).length} cards`,
      seatPiles: (seat) => [["On the table", s.tables[seat], true]],
    };
  },
};

function seatPanel(ctx, info, seat) {
  const s = ctx.state;
  const panel = element("section", `seat seat-${seat}`);
  panel.classList.toggle("to-move", s.to_move === seat);
  panel.classList.toggle("viewer", ctx.view === seat);
  const head = element("header", "seat-head");
  head.append(element("strong", "", seatName(ctx.game, seat)));
  (info.roles ? info.roles(seat) : []).filter(Boolean)
    .forEach((role) => head.append(element("span", "badge", role)));
  if (s.to_move === seat) head.append(element("span", "badge turn", "to move"));
  if (info.counts) head.append(element("span", "count", info.counts(seat)));
  panel.append(head, cardsRow(ctx, s.hands[seat], s.to_move === seat));
  (info.seatPiles ? info.seatPiles(seat) : []).forEach(([label, cards, pick]) => {
    if ((Array.isArray(cards) && cards.length) || typeof cards === "number") {
      panel.append(pile(ctx, label, cards, pick && s.to_move === seat));
    }
  });
  return panel;
}

function centrePanel(ctx, info) {
  const s = ctx.state;
  const centre = element("section", "centre");
  const facts = element("dl", "facts");
  (info.facts || []).forEach(([label, text]) => {
    facts.append(element("dt", "", label), element("dd", "", text));
  });
  centre.append(facts, trickElement(ctx, s.trick));
  if (info.special) centre.append(info.special());
  (info.piles || []).forEach(([label, cards]) => {
    if ((Array.isArray(cards) && cards.length) || (typeof cards === "number" && cards > 0)) {
      centre.append(pile(ctx, label, cards));
    }
  });
  return centre;
}

// Draws `ctx.state` into `container`; ctx: {game, options, state, view, playable, onCard}.
export function renderTable(container, ctx) {
  const seats = ctx.state.hands.length;
  const info = (GAMES[ctx.game] || (() => ({})))(ctx, ctx.state);
  container.replaceChildren(centrePanel(ctx, info));
  for (let seat = 0; seat < seats; seat += 1) container.append(seatPanel(ctx, info, seat));
  container.className = `table seats-${seats}`;
}
