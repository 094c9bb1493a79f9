// A Castle for All Seasons: tower, stock, trader spots, the castle's helper places, and each player.
"use strict";

BoardGames.seasons = (() => {
  const RESOURCE_FILL = {sand: "#f2d16b", wood: "#8d5a2b", clay: "#c2553a", stone: "#868e96", silver: "#dee2e6",
                         rider: "#5f3dc4"};
  const DARK = new Set(["wood", "clay", "stone", "rider"]);
  const PRE_BUILT = ["market", "forge"];

  function piece(d, x, y, kind, count) {
    return d.group({}, d.rect(x, y, 34, 22, {rx: 4, fill: RESOURCE_FILL[kind] || "#ccc", stroke: "#333"}),
      d.text(x + 17, y + 15, `${kind.slice(0, 2)} ${count}`, {"text-anchor": "middle", class: "small",
                                                              fill: DARK.has(kind) ? "#fff" : "#111"}));
  }

  function pieces(d, x, y, multiset, moveFor) {
    const group = d.group({});
    Object.entries(multiset).forEach(([kind, count], k) => {
      const node = piece(d, x + k * 38, y, kind, count);
      group.append(moveFor ? d.target(node, moveFor(kind)) : node);
    });
    return group;
  }

  function button(d, x, y, label, moves) {
    return d.target(d.group({}, d.rect(x, y, 110, 24, {rx: 6, fill: "#fff", stroke: "#333"}),
      d.text(x + 55, y + 17, label, {"text-anchor": "middle", class: "small"})), moves);
  }

  function drawCommon(root, view, t, d) {
    const pos = view.position;
    root.append(d.text(10, 20, `round ${pos.round} of ${pos.rounds}, start player seat ${pos.start}, ` +
      `phase ${pos.phase}; round track ${pos.track} talers, bank ${pos.bank}, forge ${pos.forge} silver` +
      (pos.last_round ? " (last round)" : ""), {class: "title"}));
    root.append(d.text(10, 46, "tower", {class: "label"}));
    root.append(pieces(d, 60, 32, pos.tower, (kind) => d.moves((m) => m === `tower ${kind}`)));
    root.append(d.text(270, 46, "stock", {class: "label"}));
    root.append(pieces(d, 315, 32, pos.stock));
    // trader spots: carts and the rider
    root.append(d.text(530, 46, "trader spots", {class: "label"}));
    Object.entries(pos.spots).forEach(([spot, owner], k) => {
      const x = 620 + k * 80;
      const node = d.group({"data-mark": `spot:${spot}`, "data-tip": `trader spot ${spot}`},
                           d.rect(x, 30, 72, 26, {rx: 5, fill: RESOURCE_FILL[spot], stroke: "#333"}),
        d.text(x + 36, 47, spot, {"text-anchor": "middle", class: "small", fill: DARK.has(spot) ? "#fff" : "#111"}));
      if (owner !== null) {
        node.append(d.circle(x + 66, 30, 8, {fill: d.seatColour(owner), stroke: "#000"}));
        node.append(d.el("title", {}, `seat ${owner} since round ${pos.spot_rounds[k]}`));
      }
      root.append(d.target(node, d.moves((m) => m === `trader ${spot}`)));
    });
    // buildings left, as tiles to build
    root.append(d.text(10, 84, "buildings left (value / VP)", {class: "label"}));
    Object.entries(t.buildings).forEach(([name, info], k) => {
      const left = pos.tiles[name];
      const x = 10 + k * 102;
      const node = d.group({"data-piece": name, "data-mark": `building:${name}`},
                           d.rect(x, 92, 96, 40, {rx: 4, fill: left ? "#e9ecef" : "#f8f9fa", stroke: "#495057",
                                                      "stroke-dasharray": left ? null : "4 3"}),
        d.text(x + 48, 107, name.replace("_", " "), {"text-anchor": "middle", class: "small", "font-weight": 700}),
        d.text(x + 48, 124, `${info.value}/${info.vp} VP x${left}`, {"text-anchor": "middle", class: "small"}));
      root.append(d.target(node, d.moves((m) => m === `build ${name}`)));
    });
    // the castle: helper places of each erected building
    root.append(d.text(10, 158, "castle helper places (fee)", {class: "label"}));
    let x = 10;
    t.helper_buildings.forEach((building) => {
      const erected = PRE_BUILT.includes(building) || pos.tiles[building] === 0;
      const places = t.places.filter((p) => p.building === building);
      const width = 20 + places.length * 44;
      const group = d.group({"data-piece": building}, d.rect(x, 166, width, 52, {rx: 5, fill: erected ? "#fff4e6" : "#f1f3f5",
                                                            stroke: erected ? "#a85d00" : "#ced4da"}),
        d.text(x + width / 2, 179, building.replace("_", " "), {"text-anchor": "middle", class: "small"}));
      places.forEach((place, k) => {
        const owner = pos.places[place.place];
        const cx = x + 32 + k * 44;
        const spot = d.group({"data-mark": `place:${place.place}`, "data-tip": `helper place ${place.place}, fee ${place.fee} talers`},
                             d.circle(cx, 200, 13, {fill: owner === null ? "#fff" : d.seatColour(owner), stroke: "#555"}),
          d.text(cx, 204, String(place.fee), {"text-anchor": "middle", class: "small"}));
        group.append(d.target(spot, d.moves((m) => m === `helper ${place.place}`)));
      });
      root.append(group);
      x += width + 8;
    });
    // what the player to act is doing, and the round's cards in the order they are resolved
    const lines = [stepLine(view, t), `this round's cards in order: ${queueText(pos)}`];
    if (pos.winter) lines.push(`winter cards in play: ${(pos.winter_cards || []).join(", ") || "none yet"}`);
    lines.forEach((line, k) => root.append(d.text(10, 242 + k * 18, line, {class: "label"})));
    const y = 232 + lines.length * 18;
    const extra = d.moves((m) => m === "pass" || m.startsWith("from ") || m.startsWith("load ") || m.startsWith("pay "));
    extra.forEach((move, k) => root.append(button(d, 10 + (k % 8) * 120, y + Math.floor(k / 8) * 30, move, [move])));
    return y + 8 + Math.ceil(extra.length / 8) * 30;
  }

  // "seat 1 to act: stonemason: may buy a piece", as `show` writes it
  function stepLine(view, t) {
    const pos = view.position;
    if (pos.phase === "over") return "game over";
    const step = (t.step_text[pos.phase] || pos.phase).replace(/\{(\w+)\}/g, (_, name) => String(pos.turn[name]));
    return `seat ${pos.actor} to act: ${step}`;
  }

  // the round's resolution order, the entry being resolved marked with ">" ("-" while choosing)
  function queueText(pos) {
    if (pos.phase === "select" || pos.phase === "over" || !pos.queue || !pos.queue.length) return "-";
    return pos.queue.map((entry, k) => (k === pos.queue_pos ? "> " : "") +
      (entry === "payout" ? "payout" : `seat ${entry[0]} ${entry[1]}`)).join(", ");
  }

  function drawSeat(root, view, t, d, seat, y0) {
    const data = view.position.seats[seat];
    const acting = view.to_act === seat;
    const own = seat === view.seat;
    root.append(d.rect(5, y0, 1030, 150, {rx: 8, fill: "#fff", stroke: d.seatColour(seat), "stroke-width": acting ? 4 : 2}));
    root.append(d.text(15, y0 + 20, `seat ${seat}${own ? " (you)" : ""}: ${view.scores[seat]} VP, ` +
      `${data.talers} talers, ${data.helpers} helpers in stock`,
      {class: acting ? "title acting" : "title", fill: d.seatColour(seat)}));
    root.append(pieces(d, 520, y0 + 6, data.resources));
    root.append(d.text(15, y0 + 50, "hand", {class: "label"}));
    data.hand.forEach((name, k) => {
      root.append(d.target(d.card(15 + 40 + k * 84, y0 + 34, 78, 28, name, "#e7f5ff", {"data-piece": name}),
                           own ? d.moves((m) => m === `pick ${name}`) : []));
    });
    root.append(d.text(15, y0 + 86, "chosen", {class: "label"}));
    if (d.isBacks(data.selected)) {
      for (let k = 0; k < data.selected.backs; k++) root.append(d.card(70 + k * 84, y0 + 70, 78, 28, "", null, {}, true));
    } else {
      data.selected.forEach((name, k) => root.append(d.card(70 + k * 84, y0 + 70, 78, 28, name, "#fff3bf", {"data-piece": name})));
    }
    const loaded = Object.entries(data.workers).filter(([, load]) => Object.values(load).some((n) => n));
    loaded.forEach(([name, load], k) => {
      root.append(d.text(450 + k * 200, y0 + 86, name, {class: "label"}));
      const kinds = Object.fromEntries(Object.entries(load).filter(([, n]) => n));
      root.append(pieces(d, 510 + k * 200, y0 + 72, kinds, (kind) => d.moves((m) => m === `buy p${seat} ${kind}`)));
    });
    const built = Object.entries(data.built).filter(([, n]) => n).map(([name, n]) => `${name.replace("_", " ")} x${n}`);
    root.append(d.text(15, y0 + 124, `built: ${built.join(", ") || "nothing yet"}`, {class: "label"}));
  }

  return function drawSeasons(root, view, tables, d) {
    const top = drawCommon(root, view, tables, d);
    const seats = view.position.seats.length;
    for (let seat = 0; seat < seats; seat++) drawSeat(root, view, tables, d, seat, top + seat * 160);
    return {width: 1040, height: top + seats * 160};
  };
})();
