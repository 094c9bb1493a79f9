// The Castles of Burgundy: depots, black depot, goods, and each estate as its hex map.
"use strict";

BoardGames.burgundy = (() => {
  const FILL = {C: "#2f7d3b", S: "#2b6cb0", M: "#7d858c", P: "#9ccc3c", B: "#d89b3a", K: "#f2c94c"};
  // tile colours dark enough that a label reads better in white (castle, ship, mine)
  const DARK_FILL = new Set(["C", "S", "M"]);
  const GOOD_FILL = ["#e03131", "#f08c00", "#fab005", "#2f9e44", "#1c7ed6", "#862e9c"];
  const SQRT3 = Math.sqrt(3);

  function hexPoints(cx, cy, r) {
    return Array.from({length: 6}, (_, k) => {
      const angle = Math.PI / 180 * (60 * k + 30);
      return [cx + r * Math.cos(angle), cy + r * Math.sin(angle)];
    });
  }

  // A tile's label, 10 px bold, is up to 37 px wide (WTWR) and a hex 28-31 px across, so the labels of
  // neighbouring tiles ran together. A label too wide for its hex less a margin each side is narrowed to
  // fit, which keeps the letters' height; narrower than LABEL_MIN_STRETCH of its width it reads badly, so
  // beyond that the font gets smaller too, down to LABEL_MIN_FONT (where WTWR is narrowed further).
  const LABEL_FONT = 10;          // px, the font size of the class "small"
  const LABEL_MIN_FONT = 8;       // px: smaller reads badly
  const LABEL_MIN_STRETCH = 0.8;  // narrowest letters, as a part of their width, before the font shrinks
  // px between a label's letters and its hex's sides: past the outline of a clickable tile (1.25 px inside)
  // and of the best move's (2.5 px), and room for a last letter's ink going past its advance (T, K: 0.7 px)
  const LABEL_MARGIN = 2.5;
  const LABEL_BASELINE = 0.4;     // the baseline this many font sizes below the centre: capitals centred

  // `label` in the middle of the hex at (cx, cy) of radius r, within its vertical sides (r * sqrt 3 apart)
  function hexLabel(d, cx, cy, r, label, attrs) {
    const room = r * SQRT3 - 2 * LABEL_MARGIN;
    const width = d.textWidth(label, attrs);
    if (width <= room) return d.text(cx, cy + LABEL_BASELINE * LABEL_FONT, label, attrs);
    const size = Math.max(LABEL_MIN_FONT, Math.min(LABEL_FONT, LABEL_FONT * room / (width * LABEL_MIN_STRETCH)));
    // the size as a style, which the class's CSS rule does not override (a font-size attribute it would)
    return d.text(cx, cy + LABEL_BASELINE * size, label,
                  {...attrs, style: `font-size: ${size.toFixed(2)}px`, textLength: room.toFixed(2),
                   lengthAdjust: "spacingAndGlyphs"});
  }

  // a hex tile: coloured by `letter`, with `label` (the tile) or a faint die number (an empty space)
  function hex(d, cx, cy, r, letter, label, faint) {
    const shape = d.polygon(hexPoints(cx, cy, r), {fill: FILL[letter] || "#ddd", stroke: "#444",
                                                   "fill-opacity": faint ? 0.35 : 1});
    return d.group({}, shape,
      label ? hexLabel(d, cx, cy, r, label, {"text-anchor": "middle", class: "small",
                                             fill: faint ? "#333" : DARK_FILL.has(letter) ? "#fff" : "#111",
                                             "font-weight": faint ? 400 : 700}) : null);
  }

  // goods of one die number: a square, widened when it holds several (its label "4x2" is wider)
  function goodsWidth(count) {
    return count > 1 ? 28 : 18;
  }

  // goods per die number as `show` writes them: "2x4 1x5" (count x die number), "-" for none
  function goodsText(counts) {
    return counts.map((n, k) => (n ? `${n}x${k + 1}` : "")).filter(Boolean).join(" ") || "-";
  }

  function goodsSquare(d, x, y, type, count) {
    const width = goodsWidth(count);
    return d.group({}, d.rect(x, y, width, 18, {rx: 3, fill: GOOD_FILL[type - 1], stroke: "#333"}),
      d.text(x + width / 2, y + 13, count > 1 ? `${count}x${type}` : String(type),
             {"text-anchor": "middle", class: "small", fill: "#fff", "font-weight": 700}));
  }

  // name what a drawn node shows for the page's tips and marks (explain.js): the tile, words, the mark
  function explain(node, tile, tip, mark) {
    if (tile) node.dataset.piece = tile;
    if (tip) node.dataset.tip = tip;
    if (mark) node.dataset.mark = mark;
    return node;
  }

  function pendingTop(view) {
    const pending = view.position.turn.pending;
    return pending.length ? pending[pending.length - 1] : null;
  }

  function drawDepots(root, view, t, d, y0) {
    const pos = view.position;
    const top = pendingTop(view);
    pos.depots.forEach((spaces, index) => {
      const number = index + 1;
      const x0 = 10 + index * 170;
      const box = d.rect(x0, y0, 160, 120, {rx: 8, fill: "#efe7d6", stroke: "#8d7a57"});
      const takes = d.moves(new RegExp(`^(die1|die2|castle):take${number}$`));
      root.append(d.target(d.group({}, box, d.text(x0 + 8, y0 + 16, `depot ${number}`, {class: "label"})),
                           takes));
      spaces.forEach((tile, k) => {
        const [letter, mark] = t.depots[index][k];
        const cx = x0 + 30 + k * 34;
        const cy = y0 + 48;
        if (mark > view.players) {
          root.append(d.polygon(hexPoints(cx, cy, 16), {fill: "#ccc", stroke: "#999", "fill-opacity": 0.4}));
          return;
        }
        const moves = tile ? [...takes, ...d.moves((m) => m === `buy:d${number}s${k + 1}` ||
          m === `pick:d${number}s${k + 1}` ||
          (m === `slot${k + 1}` && top && top[0] === "slot" && top[1] === index))] : [];
        const node = explain(hex(d, cx, cy, 16, letter, tile ? t.tile_short[tile] : "", !tile), tile,
                             `depot ${number}, space ${k + 1}`, `depot:${index}:${k}`);
        root.append(d.target(node, moves));
      });
      const goods = pos.depot_goods[index];
      const ship = d.moves((m) => m === `ship${number}`);
      const goodsGroup = d.group({}, d.rect(x0 + 6, y0 + 74, 148, 38, {rx: 4, fill: "#fff", stroke: "#bbb"}));
      let gx = x0 + 12;
      goods.forEach((count, type) => {
        if (count) {
          goodsGroup.append(goodsSquare(d, gx, y0 + 84, type + 1, count));
          gx += goodsWidth(count) + 6;
        }
      });
      root.append(d.target(goodsGroup, ship));
    });
  }

  // black depot spaces 42 pixels apart: at 38 the outlines of two clickable tiles nearly met (and two labels
  // ran together, before labels were fitted to their hex)
  const BLACK_STEP = 42;
  const ROUND_GOODS_X = 360;     // right of the black depot's eighth space

  function drawMiddle(root, view, t, d, y0) {
    const pos = view.position;
    root.append(d.text(10, y0 + 14, "black depot (2 silverlings)", {class: "label"}));
    pos.black_depot.forEach((tile, k) => {
      const cx = 30 + k * BLACK_STEP;
      const letter = tile ? t.tile_colour[tile] : null;
      const node = tile ? hex(d, cx, y0 + 42, 17, letter, t.tile_short[tile], false)
        : d.polygon(hexPoints(cx, y0 + 42, 17), {fill: "#333", "fill-opacity": 0.15, stroke: "#555"});
      node.classList.add("black-depot");
      explain(node, tile, `black depot, space ${k + 1}`, `black:${k}`);
      root.append(d.target(node, tile ? d.moves((m) => m === `buy:black${k + 1}`) : []));
    });
    root.append(d.text(ROUND_GOODS_X, y0 + 14, "round goods", {class: "label"}));
    pos.round_goods.forEach((good, k) => {
      const x = ROUND_GOODS_X + k * 24;
      if (good) root.append(goodsSquare(d, x, y0 + 30, good, 1));
      else root.append(d.rect(x, y0 + 30, 18, 18, {rx: 3, fill: "none", stroke: "#bbb"}));
    });
    const turn = pos.turn;
    const taken = Object.entries(pos.bonus_taken).filter(([, n]) => n)
      .map(([colour, n]) => `${colour} ${n === 1 ? "large" : "both"}`).join(", ");
    const top = pendingTop(view);
    const [kind, a] = top || ["main", 0];
    const decision = (t.pending_text[kind] || kind).replace("{a1}", String(a + 1)).replace("{a}", String(a));
    const deciding = pos.over ? "game over" : pos.setup_player !== null ? "choosing a starting castle"
      : `deciding: ${decision}; bought this turn: ${turn.bought ? "yes" : "no"}`;
    const lines = [
      `phase ${pos.phase}, round ${pos.round} of 5; white die ${turn.white_die}; turn order ${turn.order.join(" ")}`,
      deciding,
      `unseen goods ${goodsText(pos.goods_pool)}; bonus tiles taken: ${taken || "none"}`,
      `supply: ${Object.values(pos.supply_coloured).reduce((a, b) => a + b, 0)} coloured-back, ` +
        `${Object.values(pos.supply_black).reduce((a, b) => a + b, 0)} black-back tiles` +
        (turn.pending_tile ? `; tile waiting: ${turn.pending_tile}` : ""),
    ];
    lines.forEach((line, k) => root.append(d.text(500, y0 + 16 + k * 18, line, {class: "label"})));
    const passMoves = d.moves(/^pass$/);
    if (passMoves.length) {
      root.append(d.target(d.group({}, d.rect(940, y0 + 56, 80, 26, {rx: 6, fill: "#fff", stroke: "#333"}),
        d.text(980, y0 + 74, "pass", {"text-anchor": "middle", class: "label"})), passMoves));
    }
  }

  function drawSeat(root, view, t, d, seat, x0, y0) {
    const data = view.position.seats[seat];
    const acting = view.to_act === seat;
    root.append(d.rect(x0, y0, 505, 300, {rx: 8, fill: "#fff", stroke: d.seatColour(seat), "stroke-width": acting ? 4 : 2}));
    const you = seat === view.seat ? " (you)" : "";
    root.append(d.text(x0 + 10, y0 + 20, `seat ${seat}${you}: ${view.scores[seat]} VP`,
                       {class: acting ? "title acting" : "title", fill: d.seatColour(seat)}));
    // the estate: colour and die number on empty spaces, the tile on filled ones
    const layout = t.boards[String(data.board)];
    const size = 19;
    const cx0 = x0 + 140;
    const cy0 = y0 + 165;
    for (let space = 1; space <= layout.length; space++) {
      const [q, r] = t.hex[String(space)];
      const cx = cx0 + size * SQRT3 * (q + r / 2);
      const cy = cy0 + size * 1.5 * r;
      const tile = data.estate[String(space)];
      const letter = layout[space - 1];
      const label = tile ? t.tile_short[tile] : String(t.die_template[space - 1]);
      const node = hex(d, cx, cy, size - 1, letter, label, !tile);
      node.dataset.space = String(space);
      explain(node, tile, t.space_texts[String(data.board)][space - 1], `space:${seat}:${space}`);
      root.append(seat === view.to_act && seat === view.seat
        ? d.target(node, d.moves((m) => m === `space${space}` || m === `castle@${space}`)) : node);
    }
    // storage, goods, counters
    const xr = x0 + 290;
    root.append(d.text(xr, y0 + 46, "storage", {class: "label"}));
    data.storage.forEach((tile, k) => {
      const cx = xr + 20 + k * 40;
      const node = tile ? hex(d, cx, y0 + 72, 17, t.tile_colour[tile], t.tile_short[tile], false)
        : d.polygon(hexPoints(cx, y0 + 72, 17), {fill: "none", stroke: "#aaa", "stroke-dasharray": "3 2"});
      explain(node, tile, `storage ${k + 1}`, `storage:${seat}:${k}`);
      const own = seat === view.seat;
      root.append(d.target(node, tile && own ? d.moves((m) => m.endsWith(`:place${k + 1}`) || m === `discard${k + 1}`) : []));
    });
    root.append(d.text(xr, y0 + 112, "goods", {class: "label"}));
    data.goods.forEach((slot, k) => {
      if (!slot) {
        root.append(d.rect(xr + k * 40, y0 + 120, 30, 22, {rx: 3, fill: "none", stroke: "#bbb"}));
        return;
      }
      const [type, count] = slot;
      const sells = seat === view.seat ? d.moves((m) => /:sell\d$/.test(m) && m.endsWith(`sell${type}`)) : [];
      root.append(d.target(d.group({}, d.rect(xr + k * 40 - 2, y0 + 118, 34, 26, {rx: 4, fill: "#fff", stroke: "#999"}),
                                   goodsSquare(d, xr + k * 40 + 15 - goodsWidth(count) / 2, y0 + 122, type, count)),
                               sells));
    });
    const dice = data.dice.map((v, k) => `${v}${data.dice_used[k] ? " (used)" : ""}`).join(", ");
    const counters = [
      `dice: ${dice}`,
      `silverlings ${data.silverlings}, workers ${data.workers}`,
      `track space ${data.track[0]} (height ${data.track[1]})`,
      `goods sold ${goodsText(data.sold)}`,
      `bonus tiles ${data.bonus_large} large, ${data.bonus_small} small`,
      `board ${data.board}`,
    ];
    counters.forEach((line, k) => root.append(d.text(xr, y0 + 166 + k * 16, line, {class: "label"})));
    const workers = seat === view.seat ? d.moves(/:workers$/) : [];
    if (workers.length) {
      root.append(d.target(d.group({}, d.rect(xr, y0 + 266, 110, 24, {rx: 6, fill: "#fff", stroke: "#333"}),
        d.text(xr + 55, y0 + 283, "take workers", {"text-anchor": "middle", class: "label"})), workers));
    }
  }

  return function drawBurgundy(root, view, tables, d) {
    drawDepots(root, view, tables, d, 10);
    drawMiddle(root, view, tables, d, 140);
    const seats = view.position.seats.length;
    for (let seat = 0; seat < seats; seat++) {
      drawSeat(root, view, tables, d, seat, 10 + (seat % 2) * 515, 240 + Math.floor(seat / 2) * 310);
    }
    return {width: 1040, height: 240 + Math.ceil(seats / 2) * 310};
  };
})();
