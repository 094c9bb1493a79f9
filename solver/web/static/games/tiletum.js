// Tiletum: the dice wheel, the map, the person and contract displays, the king track, the turn order,
// corruption tokens, fairs and king bonus tiles, each player's board.
"use strict";

BoardGames.tiletum = (() => {
  const DIE_FILL = {G: "#f0c419", F: "#c2255c", I: "#495057", S: "#adb5bd", W: "#f8f9fa"};
  const DARK_DIE = new Set(["F", "I"]);
  const layouts = {};
  const WHEEL_R = 120;         // the action wheel's radius
  const CITY_GAP = 5;          // pixels kept between two cities' drawings (circle, spaces, bonus tiles, name)
  const CITY_R = 15;           // a city's circle
  // a city's house and pillar spaces: their size, and their rows' places from the city's centre
  const SPACE = 9;
  const SPACE_STEP = 11;
  const SPACE_LEFT = -20;
  const ROW_TOP = {house: 20, pillar: 32};
  const BONUS_AT = [18, 4];    // a city's bonus tiles: their left end and baseline from the city's centre
  // the fonts of the map's texts (style.css: #board text, .small), to measure a name before it is drawn
  const NAME_FONT = "700 10px system-ui, sans-serif";
  const BONUS_FONT = "10px system-ui, sans-serif";
  // a 10-pixel text's box from its baseline: 9.2 pixels above, 2.1 below
  const ASCENT = 9.2;
  const DESCENT = 2.1;

  let measuring = null;
  function textWidth(font, text) {
    measuring = measuring || document.createElement("canvas").getContext("2d");
    measuring.font = font;
    return measuring.measureText(text).width;
  }

  // cities placed by a small force layout over the roads, scaled to the map
  function roadLayout(t, width, height) {
    const n = t.cities.length;
    const points = t.cities.map((_, i) => [Math.cos(2 * Math.PI * i / n), Math.sin(2 * Math.PI * i / n)]);
    const spring = 1.2 / Math.sqrt(n);
    for (let step = 0; step < 400; step++) {
      const heat = 0.1 * (1 - step / 400) + 0.002;
      const push = points.map(() => [0, 0]);
      for (let i = 0; i < n; i++) {
        for (let j = 0; j < n; j++) {
          if (i === j) continue;
          const dx = points[i][0] - points[j][0];
          const dy = points[i][1] - points[j][1];
          const dist = Math.max(Math.hypot(dx, dy), 1e-3);
          push[i][0] += dx / dist * spring * spring / dist;
          push[i][1] += dy / dist * spring * spring / dist;
        }
      }
      for (const [a, b] of t.roads) {
        const dx = points[a][0] - points[b][0];
        const dy = points[a][1] - points[b][1];
        const dist = Math.max(Math.hypot(dx, dy), 1e-3);
        const pull = dist * dist / spring;
        push[a][0] -= dx / dist * pull; push[a][1] -= dy / dist * pull;
        push[b][0] += dx / dist * pull; push[b][1] += dy / dist * pull;
      }
      points.forEach((p, i) => {
        const size = Math.max(Math.hypot(push[i][0], push[i][1]), 1e-9);
        p[0] += push[i][0] / size * Math.min(size, heat);
        p[1] += push[i][1] / size * Math.min(size, heat);
      });
    }
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
    return points.map(([x, y]) => [50 + (x - x0) / (x1 - x0 || 1) * (width - 100),
                                   40 + (y - y0) / (y1 - y0 || 1) * (height - 80)]);
  }

  // the top left corner of a city's k-th house or pillar space, from the city's centre
  const spaceAt = (shape, k) => [SPACE_LEFT + k * SPACE_STEP, ROW_TOP[shape]];

  // the boxes [left, top, right, bottom] around its centre that a city's drawing covers without its name:
  // the circle, the rows of house and pillar spaces, the bonus tiles right of the circle (room for all its
  // bonus spaces, so the map stays the same whichever tiles are taken)
  function cityBoxes(t, index) {
    const boxes = [[-CITY_R, -CITY_R, CITY_R, CITY_R]];
    for (const [shape, spaces] of [["house", t.house_spaces[index]], ["pillar", t.pillar_spaces[index]]]) {
      if (!spaces.length) continue;
      const [left, top] = spaceAt(shape, 0);
      boxes.push([left, top, spaceAt(shape, spaces.length - 1)[0] + SPACE, top + SPACE]);
    }
    const bonus = t.bonus_spaces[index].length;
    if (bonus) {           // bonus tile ids have at most two digits
      const [left, base] = BONUS_AT;
      const w = textWidth(BONUS_FONT, Array(bonus).fill("b00").join(" "));
      boxes.push([left, base - ASCENT, left + w, base + DESCENT]);
    }
    return boxes;
  }

  // where a city's name may go, best first: its left end and baseline from the city's centre, with its box;
  // each beside the circle, clear of the city's own spaces and bonus tiles
  function nameSpots(t, index, name) {
    const w = textWidth(NAME_FONT, name);
    const bonus = t.bonus_spaces[index].length > 0;
    const spaces = t.house_spaces[index].length + t.pillar_spaces[index].length > 0;
    const spots = [
      [-w / 2, -19],                      // above
      [-13 - w, -13], [13, -13],          // above left, above right
      [-18 - w, 4],                       // left
      bonus ? [16, -10] : [18, 4],        // right: above the bonus tiles if there are any
      [8 - w, -19], [-8, -19],            // above, shifted left or right
      ...(spaces ? [] : [[-w / 2, 28]]),  // below, where a city has no spaces
    ];
    return spots.map(([left, base]) => ({left, base, box: [left, base - ASCENT, left + w, base + DESCENT]}));
  }

  // the width and height by which boxes a and b come closer than CITY_GAP (either <= 0 when they do not)
  function overlap(a, b) {
    return [Math.min(a[2], b[2]) - Math.max(a[0], b[0]) + CITY_GAP,
            Math.min(a[3], b[3]) - Math.max(a[1], b[1]) + CITY_GAP];
  }

  function near(a, b) {
    const [wide, high] = overlap(a, b);
    return wide > 0 && high > 0;
  }

  // The map: cities placed over the roads, then pushed apart until no two cities' drawings (circle,
  // spaces, bonus tiles and name) come within CITY_GAP pixels; each name goes on the first side of its
  // circle where it is clear of the other cities (always above, it lay over a neighbour's spaces where
  // cities stood close). Computed once per map: {points, names}.
  function mapLayout(t, width, height) {
    const key = `${t.cities.length}:${t.roads.length}`;
    if (layouts[key]) return layouts[key];
    const placed = roadLayout(t, width, height);
    const n = placed.length;
    const bodies = t.cities.map((_, i) => cityBoxes(t, i));
    const spots = t.cities.map((name, i) => nameSpots(t, i, name));
    const chosen = spots.map(() => 0);
    const boxesOf = (i) => [...bodies[i], spots[i][chosen[i]].box];
    const at = (i, [left, top, right, bottom]) => {
      const [x, y] = placed[i];
      return [x + left, y + top, x + right, y + bottom];
    };
    // a name spot's cost: its rank, plus much for each box of another city it comes near or for leaving the map
    const cost = (i, k) => {
      const box = at(i, spots[i][k].box);
      let total = k;
      if (box[0] < 3 || box[1] < 3 || box[2] > width - 3 || box[3] > height - 3) total += 1000;
      for (let j = 0; j < n; j++) {
        if (j !== i) total += 100 * boxesOf(j).filter((other) => near(box, at(j, other))).length;
      }
      return total;
    };
    const chooseNames = () => spots.forEach((options, i) => {
      const costs = options.map((_, k) => cost(i, k));
      chosen[i] = costs.indexOf(Math.min(...costs));
    });
    // the box around all of a city's boxes (with its current name), to pass over cities far apart quickly
    const around = (boxes) => [0, 1, 2, 3].map((side) =>
      (side < 2 ? Math.min : Math.max)(...boxes.map((b) => b[side])));
    for (let round = 0; round < 300; round++) {
      if (round % 10 === 0) chooseNames();
      const outlines = placed.map((_, i) => around(boxesOf(i)));
      let moved = false;
      for (let i = 0; i < n; i++) {
        for (let j = i + 1; j < n; j++) {
          if (!near(at(i, outlines[i]), at(j, outlines[j]))) continue;
          for (const mine of boxesOf(i)) {
            for (const theirs of boxesOf(j)) {
              const [a, b] = [at(i, mine), at(j, theirs)];
              const [ox, oy] = overlap(a, b);
              if (ox <= 0 || oy <= 0) continue;
              // apart along the axis where they overlap less, each city half the way, keeping their order;
              // half a pixel further, or rounding leaves them a hair too close round after round
              const axis = ox < oy ? 0 : 1;
              const shift = (a[axis] + a[axis + 2] <= b[axis] + b[axis + 2] ? 1 : -1) * (Math.min(ox, oy) + 0.5) / 2;
              placed[i][axis] -= shift;
              placed[j][axis] += shift;
              moved = true;
            }
          }
        }
      }
      placed.forEach((p, i) => {      // the whole city with its name stays on the map
        const [left, top, right, bottom] = outlines[i];
        const inside = [Math.min(Math.max(p[0], 3 - left), width - 3 - right),
                        Math.min(Math.max(p[1], 3 - top), height - 3 - bottom)];
        if (inside[0] !== p[0] || inside[1] !== p[1]) moved = true;
        [p[0], p[1]] = inside;
      });
      if (!moved) break;         // all apart
    }
    chooseNames();
    layouts[key] = {points: placed, names: chosen.map((k, i) => spots[i][k])};
    return layouts[key];
  }

  const stackShift = (size) => (size > 20 ? 3 : 2);

  // a die of `size` pixels; `count` dice alike are drawn stacked (a shadow `shift` pixels up-right per extra die)
  function die(d, x, y, name, count, size = 26) {
    const colour = name[0];
    const attrs = {rx: size > 20 ? 5 : 3, fill: DIE_FILL[colour], stroke: "#222"};
    const shift = stackShift(size);
    const behind = [];
    for (let k = Math.min(count, 3) - 1; k >= 1; k--) behind.push(d.rect(x + shift * k, y - shift * k, size, size, attrs));
    const words = `${count} ${count > 1 ? "dice" : "die"} showing ${name.slice(1)}`;
    return d.group({class: "die", "data-die": name}, ...behind, d.rect(x, y, size, size, attrs),
      d.text(x + size / 2, y + size / 2 + 4, name.slice(1),
             {"text-anchor": "middle", class: "small", "font-weight": 700, fill: DARK_DIE.has(colour) ? "#fff" : "#111"}),
      d.el("title", {}, words));
  }

  // bonus tiles as short ids (b12), with what each gives in a tooltip
  function bonusLabel(d, t, x, y, tiles, attrs = {}) {
    const words = tiles.map((b) => `b${b}: ${t.bonus_effects[b] || "?"}`).join("; ");
    return d.text(x, y, tiles.map((b) => `b${b}`).join(" "),
                  {class: "small halo", style: "pointer-events: auto", ...attrs}, d.el("title", {}, words));
  }

  // the x range [left, right] where a box from height y0 down to y1 lies wholly inside wheel segment k
  // (its 60-degree wedge within the circle), `margin` pixels clear of the edges; null if nowhere
  function segmentSpan(cx, cy, k, y0, y1, margin = 3) {
    const low = -Math.PI / 2 + k * Math.PI / 3 - Math.PI / 6;
    const high = low + Math.PI / 3;
    const inside = (px, py) => {
      const [dx, dy] = [px - cx, py - cy];
      // signed distances to the segment's two edge lines, positive on the segment's side
      return Math.hypot(dx, dy) <= WHEEL_R - margin && Math.cos(low) * dy - Math.sin(low) * dx >= margin &&
        Math.sin(high) * dx - Math.cos(high) * dy >= margin;
    };
    let [left, right] = [Infinity, -Infinity];
    for (let px = cx - WHEEL_R; px <= cx + WHEEL_R; px += 0.5) {
      if (inside(px, y0) && inside(px, y1)) { left = Math.min(left, px); right = Math.max(right, px); }
    }
    return left <= right ? [left, right] : null;
  }

  // where the dice of one value go in segment k (label centre x, y): one row of dice up to 26 pixels,
  // two rows of smaller dice when one row would make them smaller than 20; always inside the segment
  function placeDice(cx, cy, k, x, y, dice) {
    const row = (entries, top, cap) => {
      if (!entries.length) return {fits: true, placed: []};
      const shift = stackShift(cap);
      const shadow = shift * (Math.min(Math.max(...entries.map(([, n]) => n)), 3) - 1);
      const [left, right] = segmentSpan(cx, cy, k, top - shadow, top + cap) || [x - 42, x + 42];
      const step = Math.min(cap + 4, Math.floor((right - left - shadow + 4) / entries.length));
      const width = entries.length * step - 4 + shadow;
      const start = Math.min(Math.max(x - width / 2, left), right - width);
      const placed = entries.map(([name, count], j) => ({name, count, dx: start + j * step, dy: top, size: step - 4}));
      return {fits: step - 4 >= 20, placed};
    };
    const single = row(dice, y - 12, 26);
    if (single.fits || dice.length <= 2) return single.placed;
    const upper = Math.ceil(dice.length / 2);
    return [...row(dice.slice(0, upper), y - 15, 18).placed, ...row(dice.slice(upper), y + 5, 18).placed];
  }

  function drawWheel(root, view, t, d, cx, cy) {
    const pos = view.position;
    root.append(d.circle(cx, cy, WHEEL_R, {id: "wheel", fill: "#f3f0ff", stroke: "#5f3dc4"}));
    pos.wheel.forEach((action, k) => {
      const value = k + 1;
      const angle = -Math.PI / 2 + k * Math.PI / 3;
      const x = cx + 82 * Math.cos(angle);
      const y = cy + 82 * Math.sin(angle);
      root.append(d.line(cx, cy, cx + WHEEL_R * Math.cos(angle + Math.PI / 6), cy + WHEEL_R * Math.sin(angle + Math.PI / 6),
                         {stroke: "#b197fc"}));
      const used = pos.segments_used.includes(action);
      root.append(d.text(x, y - 22, `${value} ${action}`, {"text-anchor": "middle", class: "small", "data-mark": `segment:${value}`,
                                                           "font-weight": 700, fill: used ? "#999" : "#222"}));
      const bonus = pos.wheel_bonus[action];
      if (bonus !== null && bonus !== undefined) {
        root.append(bonusLabel(d, t, x, y + 36, [bonus], {"text-anchor": "middle"}));
      }
      const dice = Object.entries(pos.dice).filter(([name, n]) => n && Number(name.slice(1)) === value);
      for (const {name, count, dx, dy, size} of placeDice(cx, cy, k, x, y, dice)) {
        const node = die(d, dx, dy, name, count, size);
        root.append(d.target(node, d.moves((m) => m === `take ${name}` || m.startsWith(`take ${name}>`))));
      }
    });
    root.append(d.text(cx, cy - 4, `round ${pos.round}, pass ${Math.min(pos.pass, 3)}`, {"text-anchor": "middle",
                                                                                         class: "small halo"}));
    const current = pos.current;
    const doing = pos.phase === "over" ? "game over" : pos.phase === "die" ? "taking a die"
      : pos.phase === "action" ? `${current.action}, ${current.ap} AP` : pos.phase.replace("_", " ");
    root.append(d.text(cx, cy + 10, doing, {"text-anchor": "middle", class: "small halo", "font-weight": 700}));
  }

  function drawMap(root, view, t, d, x0, y0, width, height) {
    const pos = view.position;
    const layout = mapLayout(t, width, height);
    const points = layout.points.map(([x, y]) => [x + x0, y + y0]);
    root.append(d.rect(x0, y0, width, height, {rx: 8, fill: "#eef6ee", stroke: "#8fbc8f"}));
    for (const [a, b] of t.roads) root.append(d.line(...points[a], ...points[b], {stroke: "#b08d57", "stroke-width": 3}));
    const actor = view.to_act === null ? null : pos.seats[view.to_act];
    const action = pos.current ? pos.current.action : null;
    const names = [];
    pos.map.forEach((city, index) => {
      const [x, y] = points[index];
      const name = city.city;
      const cathedral = pos.cathedrals.find((c) => c.city === name && c.cost);
      const node = d.group({class: "city", "data-city": name, "data-tip": `city ${name}`},
                           d.circle(x, y, CITY_R, {fill: cathedral ? "#fff3bf" : "#fff", stroke: "#555"}));
      // names go on top of everything once the map is drawn: a road or a merchant must not cover them
      const spot = layout.names[index];
      names.push(d.text(x + spot.left, y + spot.base, name, {class: "small halo city-name", "font-weight": 700}));
      root.append(d.target(node, d.moves((m) => m === `move ${name}` || m === `cathedral ${name}` ||
                                               m.startsWith("freemove ") && m.endsWith(` ${name}`))));
      const spaces = (owners, minimums, shape, piece) => owners.forEach((owner, k) => {
        const [dx, dy] = spaceAt(shape, k);
        const [sx, sy] = [x + dx, y + dy];
        const inUse = minimums[k] <= view.players;
        const attrs = {fill: owner === null ? (inUse ? "#fff" : "#ddd") : d.seatColour(owner), stroke: "#333"};
        const mark = shape === "house" ? d.rect(sx, sy, SPACE, SPACE, attrs)
          : d.polygon([[sx, sy + SPACE], [sx + SPACE, sy + SPACE], [sx + SPACE / 2, sy]], attrs);
        const here = actor && action === piece && actor[piece] === name;
        const space = d.group({class: shape, "data-mark": `${shape}:${name}:${k}`,
                               "data-tip": `${name}: ${shape} space ${k}${inUse ? "" : " (not in use)"}`}, mark);
        root.append(d.target(space, here ? d.moves((m) => m === `build ${k}`) : []));
      });
      spaces(city.houses, t.house_spaces[index], "house", "merchant");
      spaces(city.pillars, t.pillar_spaces[index], "pillar", "architect");
      pos.seats.forEach((seat, s) => {
        if (seat.merchant === name) root.append(d.circle(x - 8 + s * 5, y, 5, {fill: d.seatColour(s), stroke: "#000"}));
        if (seat.architect === name) root.append(d.rect(x - 8 + s * 5, y - 10, 7, 7, {fill: d.seatColour(s), stroke: "#000"}));
      });
      const bonus = city.bonus.filter((b, k) => b !== null && t.bonus_spaces[index][k] <= view.players);
      if (bonus.length) names.push(bonusLabel(d, t, x + BONUS_AT[0], y + BONUS_AT[1], bonus, {class: "small halo city-bonus"}));
    });
    names.forEach((label) => root.append(label));
  }

  function drawDisplays(root, view, t, d, x0, y0) {
    const pos = view.position;
    root.append(d.text(x0, y0, "persons", {class: "label"}));
    pos.person_display.forEach((person, k) => {
      const node = d.card(x0 + k * 66, y0 + 8, 60, 30, `${t.persons[person]}`, "#e6fcf5", {"data-mark": `person:${k}`});
      node.append(d.el("title", {}, `p${person} ${t.persons[person]}: ${t.person_effects[person]}`));
      root.append(d.target(node, d.moves((m) => m === `person ${k}`)));
    });
    root.append(d.text(x0, y0 + 58, "contracts (AP 1 1 2 2 3)", {class: "label"}));
    pos.contract_display.forEach((contract, k) => {
      const info = t.contracts[contract];
      const cost = info.cost.map((n, r) => (n ? `${n}${t.res_short[r]}` : "")).join("");
      const node = d.card(x0 + k * 66, y0 + 66, 60, 30, `${cost}:${info.vp}${info.crest ? "+" : ""}`, "#fff4e6",
                          {"data-mark": `contract:${k}`});
      const needs = info.cost.map((n, r) => (n ? `${n} ${t.resources[r]}` : "")).filter(Boolean).join(", ");
      node.append(d.el("title", {}, `contract: pay ${needs} for ${info.vp} VP${info.crest ? " and a crest" : ""}`));
      root.append(d.target(node, d.moves((m) => m === `contract ${k}`)));
    });
    // the king track
    const y = y0 + 120;
    root.append(d.text(x0, y, "king track", {class: "label"}));
    for (let v = t.king_min; v <= t.king_max; v++) {
      const x = x0 + (v - t.king_min) * 14;
      root.append(d.rect(x, y + 6, 13, 18, {fill: v === 0 ? "#ffe066" : "#fff", stroke: "#999"}));
    }
    pos.seats.forEach((seat, s) => {
      const x = x0 + (seat.king - t.king_min) * 14 + 6;
      root.append(d.circle(x, y + 32 + s * 7, 4, {fill: d.seatColour(s), stroke: "#000"}));
    });
    const buttons = d.moves((m) => ["bonus", "nobonus", "refresh", "king", "end", "kingbonus", "nokingbonus"].includes(m) ||
      m.startsWith("jester ") || m.startsWith("choose ") || m.startsWith("buy ") || m.startsWith("trade "));
    buttons.forEach((move, k) => {
      const bx = x0 + (k % 5) * 70;
      const by = y + 62 + Math.floor(k / 5) * 28;
      root.append(d.target(d.group({}, d.rect(bx, by, 64, 22, {rx: 5, fill: "#fff", stroke: "#333"}),
        d.text(bx + 32, by + 15, move, {"text-anchor": "middle", class: "small"})), [move]));
    });
    return y + 62 + Math.ceil(buttons.length / 5) * 28;     // the bottom of the buttons (a trade offers many)
  }

  const ORDINALS = ["1st", "2nd", "3rd", "4th"];

  // a labelled tile of the strip: `lines` of text (the first bold), `words` its tooltip
  function stripTile(d, x, y, w, lines, words, {cls, fill = "#fff", current = false, faded = false}) {
    return d.group({class: cls},
      d.rect(x, y, w, 34, {rx: 4, fill: faded ? "#f1f3f5" : fill, stroke: current ? "#222" : "#999",
                           "stroke-width": current ? 2.5 : 1}),
      lines.map((line, k) => d.text(x + w / 2, y + 14 + k * 13, line, {"text-anchor": "middle", class: "small",
        "font-weight": k === 0 ? 700 : 400, fill: faded ? "#868e96" : "#222"})),
      d.el("title", {}, words));
  }

  // the strip under the map: turn order, corruption tokens, the four fairs, the king bonus tiles
  function drawRoundStrip(root, view, t, d, x0, y0) {
    const pos = view.position;
    const label = (x, text) => root.append(d.text(x, y0 + 12, text, {class: "label"}));
    label(x0, "turn order");
    const orderWords = `turn order: ${pos.order.join(" ")}`;
    pos.order.forEach((seat, k) => {
      const x = x0 + 13 + k * 30;
      const acting = view.to_act === seat;
      root.append(d.group({class: "turn-order", "data-seat": seat},
        d.circle(x, y0 + 35, 12, {fill: d.seatColour(seat), stroke: acting ? "#000" : "#555",
                                  "stroke-width": acting ? 3 : 1}),
        d.text(x, y0 + 39, seat, {"text-anchor": "middle", class: "small", "font-weight": 700, fill: "#fff"}),
        d.el("title", {}, `${orderWords} (seat ${seat} plays ${ORDINALS[k]}${acting ? ", to act" : ""})`)));
    });

    // corruption: the tokens revealed before this pass (faded), this pass's (red), those left (dark)
    const cx0 = x0 + 140;
    label(cx0, "corruption (king back)");
    const revealed = pos.corruption_revealed;
    const earlier = t.corruption.map((_, k) => k).filter((k) => k !== revealed && !pos.corruption_left.includes(k));
    const tokens = [...earlier.map((k) => [k, "earlier"]), ...(revealed === null ? [] : [[revealed, "revealed"]]),
                    ...pos.corruption_left.map((k) => [k, "left"])];
    const looks = {earlier: ["#fff", "#adb5bd", "#868e96"], revealed: ["#e03131", "#7d1a1a", "#fff"],
                   left: ["#495057", "#212529", "#fff"]};
    let x = cx0 + 12 - 26;
    tokens.forEach(([token, kind], k) => {
      x += k && kind !== tokens[k - 1][1] ? 30 : 26;       // a little gap between the three kinds
      const value = t.corruption[token];
      const words = {earlier: `corruption token revealed earlier this round: ${value}`,
                     revealed: `corruption token revealed: ${value} (every king marker moved back ${value})`,
                     left: `corruption token left: ${value} (face down; one is revealed at the start of each ` +
                           "pass)"}[kind];
      const [fill, stroke, ink] = looks[kind];
      root.append(d.group({class: `corruption ${kind}`, "data-value": value},
        d.circle(x, y0 + 35, 11, {fill, stroke, "stroke-width": kind === "revealed" ? 2 : 1}),
        d.text(x, y0 + 39, `-${value}`, {"text-anchor": "middle", class: "small", "font-weight": 700, fill: ink}),
        d.el("title", {}, words)));
    });

    // the fairs of rounds 1-4: city and tile, the current round's outlined, those scored faded
    const fx0 = x0 + 318;
    label(fx0, "fairs (own house or merchant there scores)");
    pos.fairs.forEach((fair, k) => {
      const round = k + 1;
      const scored = round < pos.round || pos.phase === "over";
      const words = `round ${round} ${fair.city} (${fair.tile}): ${t.fair_effects[fair.tile]}, for each player ` +
        `with an own house or the merchant in ${fair.city}${scored ? " (scored)" : ""}`;
      const lines = [`R${round} ${fair.city}`, fair.tile.replaceAll("_", " ")];
      root.append(stripTile(d, fx0 + k * 126, y0 + 18, 122, lines, words,
                            {cls: "fair", fill: "#e7f5ff", current: round === pos.round && !scored, faded: scored}));
    });

    // the king bonus tiles of rounds 1-3 (round 4's leader scores VP instead)
    const kx0 = x0 + 834;
    label(kx0, "king bonus (rounds 1-3)");
    pos.king_bonus.forEach((tile, k) => {
      const round = k + 1;
      const words = tile === null ? `round ${round} king bonus: - (taken or discarded)`
        : `round ${round} king bonus: b${tile} (${t.bonus_effects[tile]})`;
      const node = stripTile(d, kx0 + k * 62, y0 + 18, 58, [`R${round}`, tile === null ? "-" : `b${tile}`], words,
                             {cls: "king-bonus", fill: "#fff9db", current: round === pos.round && pos.phase !== "over",
                              faded: tile === null});
      root.append(d.target(node, round === pos.round ? d.moves((m) => m === "kingbonus") : []));
    });
  }

  function drawSeat(root, view, t, d, seat, x0, y0) {
    const data = view.position.seats[seat];
    const acting = view.to_act === seat;
    const own = seat === view.seat;
    root.append(d.rect(x0, y0, 510, 170, {rx: 8, fill: "#fff", stroke: d.seatColour(seat), "stroke-width": acting ? 4 : 2}));
    root.append(d.text(x0 + 10, y0 + 20, `seat ${seat}${own ? " (you)" : ""}: ${view.scores[seat]} VP, king ${data.king}`,
                       {class: acting ? "title acting" : "title", fill: d.seatColour(seat)}));
    const resources = Object.entries(data.resources).map(([kind, n]) => `${kind} ${n}`).join(", ");
    root.append(d.text(x0 + 10, y0 + 40, resources, {class: "label"}));
    root.append(d.text(x0 + 10, y0 + 58, `merchant in ${data.merchant}, architect in ${data.architect}; ` +
      `left: ${data.houses_available} houses, ${data.pillars_available} pillars`, {class: "small"}));
    root.append(d.text(x0 + 10, y0 + 82, "storage", {class: "label"}));
    for (let s = 0; s < 4; s++) {
      const item = data.storage[s];
      const label = item === undefined ? "" : item.startsWith("p") ? t.persons[Number(item.slice(1))] || item : item;
      const node = d.card(x0 + 70 + s * 64, y0 + 68, 58, 24, label, item === undefined ? "#f8f9fa" : "#f3f0ff",
                          {"data-mark": `storage:${seat}:${s}`, "data-piece": item, "data-tip": `storage ${s}`});
      const moves = own && item !== undefined ? d.moves((m) => [`use ${s}`, `discard ${s}`, `fulfil ${s}`].includes(m) ||
        m.startsWith(`place ${s}>`)) : [];
      root.append(d.target(node, moves));
    }
    t.building_floors.forEach((floors, b) => {
      const building = data.buildings[b];
      const x = x0 + 10 + b * 82;
      const name = `B${b + 1}`;
      const node = d.group({"data-piece": name, "data-mark": `building:${seat}:${b}`}, d.rect(x, y0 + 104, 76, 58, {rx: 4, fill: building.crest ? "#fff3bf" : "#f8f9fa", stroke: "#666"}),
        d.text(x + 4, y0 + 116, `${name}${building.crest ? " crest" : ""}`, {class: "small", "font-weight": 700}));
      for (let f = 0; f < floors; f++) {
        const person = building.persons[f];
        node.append(d.rect(x + 4, y0 + 150 - f * 14, 68, 12, {fill: person === undefined ? "#fff" : "#c3fae8", stroke: "#999"}));
        if (person !== undefined) node.append(d.text(x + 38, y0 + 159 - f * 14, t.persons[person], {"text-anchor": "middle", class: "small"}));
      }
      root.append(d.target(node, own ? d.moves((m) => m === `crest ${name}` || m.endsWith(`>${name}`)) : []));
    });
  }

  return function drawTiletum(root, view, tables, d) {
    drawWheel(root, view, tables, d, 140, 150);
    drawMap(root, view, tables, d, 275, 6, 430, 300);
    const buttonsEnd = drawDisplays(root, view, tables, d, 715, 22);
    const strip = Math.max(312, buttonsEnd + 6);
    drawRoundStrip(root, view, tables, d, 10, strip);
    const seats = view.position.seats.length;
    for (let seat = 0; seat < seats; seat++) {
      drawSeat(root, view, tables, d, seat, 10 + (seat % 2) * 515, strip + 62 + Math.floor(seat / 2) * 180);
    }
    return {width: 1040, height: strip + 62 + Math.ceil(seats / 2) * 180};
  };
})();
