// San Juan: roles, the trading house, and each player's buildings, goods, hand and chapel.
"use strict";

BoardGames.sanjuan = (() => {
  const GOOD_FILL = {indigo: "#3b5bdb", sugar: "#f1f3f5", tobacco: "#a9712c", coffee: "#5c3d2e", silver: "#adb5bd"};
  const VIOLET = "#d0bfff";
  const CARD_W = 74;
  const CARD_H = 54;

  function cardLabel(name) {
    return name.replace(/_/g, " ");
  }

  // a card: name on two lines, cost and VP in the corners, its good's colour for production buildings
  function card(d, t, x, y, name, attrs = {}) {
    const info = t.cards[name] || {cost: "?", vp: "?", good: null};
    attrs = {"data-piece": name, ...attrs};        // what the card does: the page's tip (explain.js)
    const fill = info.good ? GOOD_FILL[info.good] : VIOLET;
    const words = cardLabel(name).split(" ");
    const dark = info.good === "indigo" || info.good === "coffee";
    const ink = dark ? "#fff" : "#111";
    return d.group(attrs,
      d.rect(x, y, CARD_W, CARD_H, {rx: 5, fill, stroke: "#333"}),
      d.text(x + 4, y + 12, `${info.cost}`, {class: "small", fill: ink, "font-weight": 700}),
      d.text(x + CARD_W - 4, y + 12, `${info.vp} VP`, {class: "small", fill: ink, "text-anchor": "end"}),
      d.text(x + CARD_W / 2, y + 30, words[0], {class: "small", fill: ink, "text-anchor": "middle"}),
      words.length > 1 ? d.text(x + CARD_W / 2, y + 43, words.slice(1).join(" "),
                                {class: "small", fill: ink, "text-anchor": "middle"}) : null);
  }

  function backs(d, x, y, count, label) {
    const group = d.group({});
    const shown = Math.min(count, 6);
    for (let k = 0; k < shown; k++) group.append(d.rect(x + k * 8, y, 36, CARD_H, {rx: 5, class: "back"}));
    group.append(d.text(x + shown * 8 + 44, y + CARD_H / 2 + 4, `${count} ${label}`, {class: "label"}));
    return group;
  }

  // the names in a {card: count} multiset, repeated by count
  function names(multiset) {
    return Object.entries(multiset).flatMap(([name, count]) => Array(count).fill(name));
  }

  // a multiset as `show` writes it: "well, hero x2"; covered cards: the known ones and "3 face down"
  function cardsText(d, multiset, empty = "-") {
    if (d.isBacks(multiset)) {
      const known = cardsText(d, multiset.known || {}, "");
      const hidden = multiset.backs ? `${multiset.backs} face down` : "";
      return [known, hidden].filter(Boolean).join(", ") || empty;
    }
    return Object.entries(multiset).filter(([, n]) => n).map(([name, n]) => (n === 1 ? name : `${name} x${n}`))
      .join(", ") || empty;
  }

  // lines of at most `width` characters, broken after commas
  function wrap(text, width) {
    const lines = [""];
    for (const part of text.split(", ")) {
      const last = lines.length - 1;
      if (lines[last] && lines[last].length + part.length + 2 > width) lines.push(part);
      else lines[last] = lines[last] ? `${lines[last]}, ${part}` : part;
    }
    return lines;
  }

  // what the player to act decides, as `show` writes it
  function stepText(pos, t) {
    if (pos.phase === "over") return "game over";
    const turn = pos.turn;
    const limit = turn.limit === null || turn.limit === undefined ? "?" : String(turn.limit);
    const step = (t.step_text[pos.phase] || pos.phase).replace("{building}", String(turn.building)).replace("{limit}", limit);
    return `seat ${pos.actor} to act: ${step}`;
  }

  function cardMoves(d, name) {
    return d.moves((m) => ["build", "pay", "keep", "discard", "tuck"].some((verb) => m === `${verb} ${name}`));
  }

  function drawTop(root, view, t, d) {
    const pos = view.position;
    const now = pos.phase === "over" || ["role", "chapel", "hand_limit"].includes(pos.phase) ? ""
      : ` | now: ${pos.role} (chosen by seat ${pos.chooser})`;
    root.append(d.text(10, 20, `round ${pos.rounds}, governor seat ${pos.governor}; ${stepText(pos, t)}${now}`,
                       {class: "title"}));
    t.roles.forEach((role, k) => {
      const taken = pos.roles_taken.includes(role);
      const x = 10 + k * 104;
      const node = d.group({"data-mark": `role:${role}`}, d.rect(x, 32, 96, 40, {rx: 6, fill: taken ? "#ddd" : "#fff8e1", stroke: "#8d6e63"}),
        d.text(x + 48, 57, role, {"text-anchor": "middle", class: "label", fill: taken ? "#999" : "#333"}));
      root.append(d.target(node, d.moves((m) => m === role || m === `${role}+library`)));
    });
    // the trading house
    const x0 = 540;
    root.append(d.text(x0, 46, pos.tiles_seen ? `trading house ${pos.tile}` : "trading house (no tile yet)",
                       {class: "label"}));
    if (pos.tiles_seen) {
      t.tiles[pos.tile].forEach((price, k) => {
        root.append(d.rect(x0 + k * 34, 54, 28, 22, {rx: 4, fill: GOOD_FILL[t.goods[k]], stroke: "#333"}));
        root.append(d.text(x0 + k * 34 + 14, 70, String(price), {"text-anchor": "middle", class: "label",
          fill: t.goods[k] === "indigo" || t.goods[k] === "coffee" ? "#fff" : "#111"}));
      });
    }
    root.append(d.text(x0 + 180, 46, `tile order: ${pos.tiles.map((tile) => tile || "?").join(" ")}`, {class: "label"}));
    const supply = d.isBacks(pos.supply) ? pos.supply.backs : pos.supply.length;
    const discard = d.isBacks(pos.discard) ? pos.discard.backs + Object.values(pos.discard.known || {}).reduce((a, b) => a + b, 0)
      : Object.values(pos.discard).reduce((a, b) => a + b, 0);
    root.append(d.text(x0 + 180, 68, `supply ${supply} cards, discard pile ${discard}`, {class: "label"}));
    const buttons = d.moves((m) => m === "pass" || m === "place new");
    buttons.forEach((move, k) => {
      root.append(d.target(d.group({}, d.rect(x0 + 180 + k * 100, 78, 90, 24, {rx: 6, fill: "#fff", stroke: "#333"}),
        d.text(x0 + 225 + k * 100, 95, move, {"text-anchor": "middle", class: "label"})), [move]));
    });
    // cards drawn and waiting (councillor, gold mine)
    const pending = pos.pending;
    const waiting = d.isBacks(pending) ? pending.backs : Object.values(pending).reduce((a, b) => a + b, 0);
    if (waiting) {
      root.append(d.text(10, 100, `cards waiting with seat ${pos.pending_owner}:`, {class: "label"}));
      if (d.isBacks(pending)) root.append(backs(d, 200, 84, pending.backs, "face down"));
      else names(pending).forEach((name, k) => root.append(d.target(card(d, t, 200 + k * 80, 84, name), cardMoves(d, name))));
    }
    // the discard pile's cards known to this seat: face up (gold mine), and those it saw go there
    const known = [`discard pile, face up (gold mine): ${cardsText(d, pos.public_discards || {})}`];
    if (d.isBacks(pos.discard) && Object.keys(pos.discard.known || {}).length) {
      known.push(`you saw these go to the discard pile: ${cardsText(d, pos.discard.known)}`);
    }
    const lines = known.flatMap((line) => wrap(line, 150));
    const y = waiting ? 156 : 118;
    lines.forEach((line, k) => root.append(d.text(10, y + k * 16, line, {class: "label"})));
    return y + lines.length * 16;
  }

  function drawSeat(root, view, t, d, seat, y0) {
    const data = view.position.seats[seat];
    const acting = view.to_act === seat;
    const own = seat === view.seat;
    root.append(d.rect(5, y0, 1030, 200, {rx: 8, fill: "#fff", stroke: d.seatColour(seat), "stroke-width": acting ? 4 : 2}));
    root.append(d.text(15, y0 + 20, `seat ${seat}${own ? " (you)" : ""}: ${view.scores[seat]} VP, ` +
      `goods sold ${data.goods_sold}, cards drawn ${data.cards_drawn}`,
      {class: acting ? "title acting" : "title", fill: d.seatColour(seat)}));
    // buildings, with the good lying on a production building
    data.buildings.forEach((building, slot) => {
      const name = typeof building === "string" ? building : building.card;
      const x = 15 + slot * 84;
      const info = t.cards[name] || {};
      const moves = own ? d.moves((m) => m === `cover ${slot}` ||
        (info.good && ["produce", "sell", "pay-good"].some((verb) => m === `${verb} ${info.good}`))) : [];
      const node = card(d, t, x, y0 + 30, name, {"data-mark": `building:${seat}:${slot}`, "data-tip": `seat ${seat}, building ${slot}`});
      if (typeof building !== "string") {
        node.append(d.rect(x + 22, y0 + 30 + CARD_H - 6, 30, 14, {rx: 3, fill: GOOD_FILL[info.good] || "#888",
                                                                   stroke: "#000", "stroke-width": 2}));
      }
      root.append(d.target(node, moves));
    });
    // the hand: named cards, or backs with the known ones
    const hand = data.hand;
    root.append(d.text(15, y0 + 118, "hand", {class: "label"}));
    if (d.isBacks(hand)) {
      const known = names(hand.known || {});
      known.forEach((name, k) => root.append(card(d, t, 60 + k * 80, y0 + 104, name)));
      root.append(backs(d, 60 + known.length * 80, y0 + 104, hand.backs, "face down"));
    } else {
      names(hand).forEach((name, k) => root.append(d.target(card(d, t, 60 + k * 80, y0 + 104, name),
                                                            own ? cardMoves(d, name) : [])));
    }
    const chapel = `chapel: ${cardsText(d, data.chapel)}; covered by the crane: ${cardsText(d, data.covered)}`;
    wrap(chapel, 150).forEach((line, k) => root.append(d.text(15, y0 + 174 + k * 16, line, {class: "label"})));
  }

  return function drawSanJuan(root, view, tables, d) {
    const top = drawTop(root, view, tables, d);
    const seats = view.position.seats.length;
    for (let seat = 0; seat < seats; seat++) drawSeat(root, view, tables, d, seat, top + seat * 210);
    return {width: 1040, height: top + seats * 210};
  };
})();
