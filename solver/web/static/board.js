// boardlab analysis board: the page around the drawing (API calls, moves, suggestions, seats, positions).
// Each game's drawing lives in games/<game>.js and registers itself in BoardGames.
"use strict";

const BoardGames = {};

const BoardPage = (() => {
  const SVG_NS = "http://www.w3.org/2000/svg";
  const SEAT_COLOURS = ["#d9480f", "#1c7ed6", "#d4a106", "#9c36b5"];
  const GAME_TITLES = {burgundy: "The Castles of Burgundy", sanjuan: "San Juan",
                       seasons: "A Castle for All Seasons", tiletum: "Tiletum"};
  const POLL_MS = 300;
  const page = {board: null, view: null, tables: {}, seat: 0, picked: null, best: null, events: null,
                poll: null, games: [], refreshes: 0, formFor: null};
  const $ = (id) => document.getElementById(id);

  // ---- SVG helpers handed to the game drawings -------------------------------------------
  function el(tag, attrs, ...children) {
    const node = document.createElementNS(SVG_NS, tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value !== null && value !== undefined) node.setAttribute(key, value);
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      node.appendChild(typeof child === "object" ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  const textWidths = new Map();     // draw.textWidth's measurings: attributes and text -> width

  const draw = {
    el,
    rect: (x, y, w, h, attrs) => el("rect", {x, y, width: w, height: h, ...attrs}),
    circle: (cx, cy, r, attrs) => el("circle", {cx, cy, r, ...attrs}),
    line: (x1, y1, x2, y2, attrs) => el("line", {x1, y1, x2, y2, ...attrs}),
    polygon: (points, attrs) => el("polygon", {points: points.map((p) => p.join(",")).join(" "), ...attrs}),
    text: (x, y, content, attrs) => el("text", {x, y, ...attrs}, content),
    group: (attrs, ...children) => el("g", attrs, ...children),
    // width in user units of `content` written with `attrs` (classes, font): a text has no width until it
    // is in the page, so a hidden copy is put on the board for the measuring (the styles of #board apply).
    // Each measuring lays the page out again (some 0.25 ms) and the board is drawn again at every refresh,
    // so widths are kept; not a 0, measured while the board was not shown.
    textWidth(content, attrs = {}) {
      const key = `${JSON.stringify(attrs)} ${content}`;
      let width = textWidths.get(key);
      if (width === undefined) {
        const probe = el("text", {...attrs, x: 0, y: 0, visibility: "hidden"}, content);
        $("board").appendChild(probe);
        width = probe.getComputedTextLength();
        probe.remove();
        if (width > 0) textWidths.set(key, width);
      }
      return width;
    },
    seatColour: (seat) => SEAT_COLOURS[seat % SEAT_COLOURS.length],
    isBacks: (value) => value !== null && typeof value === "object" && !Array.isArray(value) && "backs" in value,
    // legal moves (notation) that `test` (a RegExp or a function) accepts
    moves(test) {
      const legal = page.view ? page.view.legal.map((m) => m.move) : [];
      return legal.filter((move) => (test instanceof RegExp ? test.test(move) : test(move)));
    },
    // make `node` a click target for `moves` (nothing happens when there are none)
    target(node, moves) {
      if (moves.length) {
        node.classList.add("target");
        node.dataset.moves = JSON.stringify(moves);
        if (page.best && moves.includes(page.best)) node.classList.add("best");
      }
      return node;
    },
    // a card or tile: rectangle with a short label, coloured; `back` draws a face-down card
    card(x, y, w, h, label, fill, attrs = {}, back = false) {
      const shape = draw.rect(x, y, w, h, {rx: 4, fill: back ? null : fill, stroke: "#333",
                                           class: back ? "back" : null});
      return draw.group(attrs, shape,
        back ? null : draw.text(x + w / 2, y + h / 2 + 4, label, {"text-anchor": "middle", class: "small"}));
    },
  };

  // ---- talking to the server --------------------------------------------------------------
  async function api(path, body) {
    // a body given as text is sent as it is (JSON written by hand: a seed past 2^53 keeps its digits)
    const options = body === undefined ? {} :
      {method: "POST", headers: {"Content-Type": "application/json"},
       body: typeof body === "string" ? body : JSON.stringify(body)};
    let answer;
    try {
      answer = await fetch(path, options);
    } catch (error) {
      throw new Error("the server is not answering (it was stopped?): start `boardlab serve` and reload the page");
    }
    const data = await answer.json().catch(() => ({error: `the server answered ${answer.status}`}));
    if (!answer.ok || data.error) throw new Error(data.error || `the server answered ${answer.status}`);
    return data;
  }

  function showError(message) {
    const line = String(message).split("\n").join(" ");
    $("error").textContent = line;
    $("error").title = line;
    $("error").hidden = false;
  }

  function clearError() {
    $("error").hidden = true;
    $("error").textContent = "";
  }

  async function guarded(action) {
    try {
      await action();
    } catch (error) {
      showError(error.message);
    }
  }

  // ---- the view ---------------------------------------------------------------------------
  async function refresh() {
    // refreshes overlap (a click on "follow" and a new game at once): only the latest one may draw,
    // or a slow answer about the old board would replace the new game's
    const ticket = ++page.refreshes;
    const board = page.board;
    $("board").dataset.asked = String(ticket);       // refreshes begun (the tests wait on these two)
    clearTimeout(page.poll);
    let view = await api(`/api/view?board=${board}&seat=${page.seat}`);
    if (ticket !== page.refreshes) return;
    // in play mode the AI's seats cannot be viewed: follow only the seats people play
    const followable = (seat) => !(view.play_mode && view.agents[seat]);
    if ($("follow").checked && view.to_act !== null && view.to_act !== page.seat && followable(view.to_act)) {
      page.seat = view.to_act;
      view = await api(`/api/view?board=${board}&seat=${page.seat}`);
      if (ticket !== page.refreshes) return;
    }
    if (!page.tables[view.game]) page.tables[view.game] = await api(`/api/tables?game=${view.game}`);
    if (ticket !== page.refreshes) return;
    if (page.view && page.view.version !== view.version) {
      page.picked = null;
      page.best = null;
    }
    page.view = view;
    remember();
    render();
    if (view.agent_error) showError(view.agent_error);
    if (view.thinking) page.poll = setTimeout(() => guarded(refresh), POLL_MS);
  }

  // the address names the board and the seat viewed, so a reload reopens the game
  function remember() {
    const hash = `#board=${encodeURIComponent(page.board)}&seat=${page.seat}`;
    if (location.hash !== hash) history.replaceState(null, "", hash);
  }

  function renderMode(view) {
    const line = $("mode");
    line.dataset.mode = view.play_mode ? "play" : view.revealed ? "revealed" : "analysis";
    line.textContent = view.play_mode
      ? "Play mode: you see only what your seat may see (the AI's cards, the deck order and the dice to come stay hidden; a download is your seat's copy with them drawn anew)."
      : view.revealed ? "Analysis: play mode was left on this board, everything is revealed (every seat, the whole position)." : "";
    line.hidden = !line.textContent;
    $("reveal").hidden = !view.play_mode;
  }

  function render() {
    const view = page.view;
    renderStatus(view);
    renderMode(view);
    $("data-note").hidden = !view.data_note;
    $("data-note").textContent = view.data_note || "";
    renderSeatChoice(view);
    renderBoard(view);
    renderLegal(view);
    renderHistory(view);
    BoardExplain.render(view, page.tables[view.game] || {});
    renderAgents(view);
    $("undo").disabled = !view.can_undo;
    $("redo").disabled = !view.can_redo;
    // a disabled Suggest says why; Stop is only offered while something runs
    const why = view.over ? "the game is over: there is no move to suggest"
      : view.thinking ? `seat ${view.thinking.seat} (AI) is thinking: wait, or press stop`
      : view.to_act !== view.seat ? `suggestions are for the player to act: view the board as seat ${view.to_act}` : "";
    $("suggest").disabled = !!why;
    $("suggest").title = why;
    $("suggest-note").textContent = why;
    updateStop();
    $("ai").disabled = view.over || !!view.thinking;
    $("download").href = `/api/position?board=${page.board}&seat=${page.seat}`;
    // the new-game form starts from the board's game, but only when that changes: a refresh of the
    // same board (follow, a seat, the AI's polling) must not undo a game or player count being chosen
    const shown = `${view.game}/${view.players}`;
    if (page.formFor !== shown) {
      page.formFor = shown;
      $("game").value = view.game;
      $("players").value = String(view.players);
    }
  }

  function renderStatus(view) {
    const scores = view.scores.map((s, i) => `seat ${i}: ${s}`).join(", ");
    const places = view.ranks ? view.ranks.map((rank, seat) => [rank, seat]).sort((a, b) => a[0] - b[0] || a[1] - b[1])
      .map(([rank, seat]) => `${rank + 1}. seat ${seat}`).join(", ") : "";
    const who = view.over ? `game over (${places})` : `seat ${view.to_act} to act`;
    $("status").textContent = `${GAME_TITLES[view.game] || view.game}, ${view.players} players: ${who} ` +
      `(viewing as seat ${view.seat}) | scores ${scores}`;
  }

  function renderSeatChoice(view) {
    const select = $("seat");
    if (select.options.length !== view.players) {
      select.replaceChildren(...Array.from({length: view.players}, (_, i) => new Option(`seat ${i}`, String(i))));
    }
    Array.from(select.options).forEach((option, seat) => {     // play mode: the AI's seats stay hidden
      option.disabled = view.play_mode && !!view.agents[seat];
      option.textContent = option.disabled ? `seat ${seat} (AI, hidden)` : `seat ${seat}`;
    });
    select.value = String(view.seat);
  }

  function renderBoard(view) {
    const svg = $("board");
    const root = el("g");
    const drawer = BoardGames[view.game];
    const size = drawer ? drawer(root, view, page.tables[view.game], draw) : {width: 400, height: 60};
    svg.replaceChildren(root);
    svg.setAttribute("viewBox", `0 0 ${size.width} ${size.height}`);
    svg.dataset.version = String(view.version);
    svg.dataset.game = view.game;
    BoardExplain.decorate(svg, view, page.tables[view.game] || {});
    svg.dataset.drawn = String(page.refreshes);     // the latest refresh, whose view this is
  }

  function renderLegal(view) {
    const box = $("legal");
    const note = $("legal-note");
    if (view.over) note.textContent = "The game is over.";
    else if (view.thinking) note.textContent = `Seat ${view.thinking.seat} (AI) is thinking...`;
    else if (view.to_act !== view.seat) note.textContent = `Seat ${view.to_act} is to act: view as that seat to see its moves.`;
    else if (page.picked) note.textContent = "Several moves fit what you clicked; choose one (or click elsewhere):";
    else note.textContent = `${view.legal.length} legal moves (click one, or click the board):`;
    const shown = page.picked ? view.legal.filter((m) => page.picked.includes(m.move)) : view.legal;
    box.replaceChildren(...shown.map((m) => {
      const button = document.createElement("button");
      // the move in words; its notation (what the API and `boardlab play` take) on hover
      button.textContent = m.name || m.move;
      button.dataset.move = m.move;
      if (m.name && m.name !== m.move) button.title = m.move;
      if (page.picked) button.classList.add("picked");
      if (m.move === page.best) button.classList.add("best");
      button.addEventListener("click", () => guarded(() => play(m.move)));
      return button;
    }));
  }

  function renderHistory(view) {
    $("history").replaceChildren(...view.moves.map((m) => {
      const item = document.createElement("li");
      item.textContent = `seat ${m.seat}: ${m.name || m.move}`;
      item.dataset.move = m.move;
      if (m.name && m.name !== m.move) item.title = m.move;
      if (m.forced && m.forced.length) {
        // steps the engine played by itself after the move (each the only legal move)
        const forced = document.createElement("span");
        forced.className = "forced";
        forced.textContent = " · forced: " + m.forced.map((f) => `seat ${f.seat} ${f.move}`).join(", ");
        item.append(forced);
      }
      return item;
    }));
    $("history").scrollTop = $("history").scrollHeight;
  }

  function renderAgents(view) {
    const box = $("agents");
    if (box.children.length !== view.players || box.dataset.board !== page.board) {
      box.dataset.board = page.board;
      box.replaceChildren(...view.agents.map((spec, seat) => {
        const label = document.createElement("label");
        const input = document.createElement("input");
        input.dataset.seat = String(seat);
        input.placeholder = "person (or an agent spec, e.g. ismcts:iterations=2000)";
        input.value = spec || "";
        input.addEventListener("change", () => guarded(setAgents));
        label.append(`seat ${seat} `, input);
        return label;
      }));
    }
    box.querySelectorAll("input").forEach((input) => {       // the server's seats, unless being typed in
      if (document.activeElement !== input) input.value = view.agents[Number(input.dataset.seat)] || "";
    });
    const thinking = $("thinking");
    thinking.textContent = view.thinking ? `seat ${view.thinking.seat} thinking (${view.thinking.spec})` : "";
    thinking.classList.toggle("active", !!view.thinking);
  }

  // ---- actions ------------------------------------------------------------------------------
  async function play(move) {
    clearError();
    stopEvents();
    await api("/api/move", {board: page.board, move});
    clearSuggestion();
    await refresh();
  }

  function onBoardClick(event) {
    const node = event.target.closest(".target");
    if (!node) {
      if (page.picked) {
        page.picked = null;
        renderLegal(page.view);
      }
      return;
    }
    const moves = JSON.parse(node.dataset.moves);
    if (moves.length === 1) {
      guarded(() => play(moves[0]));
    } else {
      page.picked = moves;
      renderLegal(page.view);
    }
  }

  async function setAgents() {
    const specs = Array.from($("agents").querySelectorAll("input"), (input) => input.value.trim() || null);
    await api("/api/agents", {board: page.board, agents: specs});
    // in play mode the AI's seat cannot be viewed: look at the board as a person's seat
    const person = specs.indexOf(null);
    if (specs[page.seat] && person >= 0 && !page.view.revealed) page.seat = person;
    clearError();
    await refresh();
  }

  async function aiMove() {
    clearError();
    const input = $("agents").querySelector(`input[data-seat="${page.view.to_act}"]`);
    const spec = input && input.value.trim() ? input.value.trim() : null;
    await api("/api/ai", {board: page.board, spec});
    clearSuggestion();
    await refresh();
  }

  async function newGame(event) {
    event.preventDefault();
    clearError();
    stopEvents();
    // the seed as typed: a page number loses digits past 2^53 (and is Infinity past 308 digits)
    const typed = $("seed").value.trim();
    if (!/^\d{1,20}$/.test(typed) || BigInt(typed) >= 2n ** 64n) {
      throw new Error(`seed must be an integer in 0..2^64-1, got ${typed.length > 30 ? `a ${typed.length}-digit number` : JSON.stringify(typed)}`);
    }
    const body = JSON.stringify({board: page.board, game: $("game").value, players: Number($("players").value),
                                 seed: "SEED"}).replace('"SEED"', typed);
    const data = await api("/api/new", body);
    page.board = data.board;
    page.seat = 0;
    clearSuggestion();
    await refresh();
  }

  async function loadPosition(text) {
    clearError();
    stopEvents();
    await api("/api/position", {board: page.board, text});
    page.seat = 0;
    clearSuggestion();
    await refresh();
  }

  // ---- suggestions ------------------------------------------------------------------------
  function clearSuggestion() {
    page.best = null;
    $("progress").textContent = "";
    $("ranked").replaceChildren();
    $("ranked-legend").hidden = true;
  }

  function stopEvents() {
    if (page.events) {
      page.events.close();
      page.events = null;
    }
    updateStop();
  }

  // Stop is enabled while this page's suggestion streams or an agent chooses a move
  function updateStop() {
    $("stop").disabled = !(page.events || (page.view && page.view.thinking));
  }

  async function suggest() {
    clearError();
    stopEvents();
    clearSuggestion();
    // an empty box means the default budget, not 0
    const typed = $("iterations").value.trim();
    const iterations = typed === "" ? Number($("iterations").defaultValue) : Number(typed);
    await api("/api/suggest", {board: page.board, seat: page.seat, iterations});
    $("progress").textContent = "searching...";
    const events = new EventSource(`/api/suggest/events?board=${page.board}`);
    page.events = events;
    updateStop();
    events.addEventListener("progress", (e) => showProgress(JSON.parse(e.data)));
    for (const kind of ["done", "stopped"]) {
      events.addEventListener(kind, (e) => {
        stopEvents();
        showRanked(JSON.parse(e.data));
      });
    }
    // the server stopped (Ctrl-C) or the connection broke: say so instead of waiting for ever
    events.addEventListener("closed", () => {
      stopEvents();
      showError("the server stopped: the search ended; start `boardlab serve` again and reload the page");
    });
    events.onerror = () => {
      if (page.events !== events) return;
      stopEvents();
      showError("the server stopped or the connection was lost: the search ended; reload the page when the server runs");
    };
    events.addEventListener("failed", (e) => {
      stopEvents();
      if (e.data) {
        const report = JSON.parse(e.data);
        showError(report.error || "the search failed");
      }
    });
  }

  function showProgress(report) {
    const best = report.best ? `best so far ${report.best.name || report.best.move} (${report.best.visits} visits, ` +
      `win ${report.best.win_prob.toFixed(3)})` : "no move searched yet";
    $("progress").textContent = `${report.visits} visits, ${report.elapsed.toFixed(1)} s: ${best}`;
  }

  function showRanked(report) {
    const word = report.status === "stopped" ? "stopped" : "done";
    $("progress").textContent = `${word}: ${report.visits} visits in ${report.elapsed.toFixed(1)} s`;
    const ranked = report.ranked || [];
    const head = document.createElement("tr");
    for (const title of ["move", "visits", "win", "value", "score", "line of play"]) {
      const cell = document.createElement("th");
      cell.textContent = title;
      head.append(cell);
    }
    const rows = ranked.slice(0, 10).map((move, index) => {
      const row = document.createElement("tr");
      if (index === 0) row.classList.add("best");
      // as suggest marks them (solver.search.best_move.mark): "~" the same moves this turn as the first, in
      // another order; "*" no difference (paired playouts end alike); "=" the search cannot tell
      // this move from the first at this budget
      const mark = index === 0 ? "" : move.same_turn ? "~" : move.same_outcome ? "*" : move.tied ? "=" : "";
      const words = move.name || move.move;
      const name = mark ? `${mark} ${words}` : words;
      // the line of play in words, each move with its seat ("seat 1: take mine from depot 5")
      const line = move.pv_names ? move.pv_names.join("; ") : (move.pv || []).join(" ");
      const cells = [name, move.visits, move.win_prob.toFixed(3), move.value.toFixed(3), move.expected_score.toFixed(1), line];
      cells.forEach((value, k) => {
        const cell = document.createElement("td");
        cell.textContent = String(value);
        if (k === 0 && mark === "~") cell.title = "the same moves this turn as the first, in another order";
        if (k === 0 && mark === "*") cell.title = "no difference: paired playouts after this move and after the first end with the same scores";
        if (k === 0 && mark === "=") cell.title = "the search cannot tell this move from the first at this budget: its value is within 95% error of the first's";
        if (k === 0) {
          cell.dataset.move = move.move;
          cell.dataset.mark = mark;
          if (!mark && words !== move.move) cell.title = move.move;
        }
        if (k === 5) {
          cell.className = "line";
          if (move.pv && move.pv.length) cell.title = move.pv.join(", ");     // the notation of the line
        }
        row.append(cell);
      });
      row.addEventListener("click", () => guarded(() => play(move.move)));
      return row;
    });
    $("ranked").replaceChildren(head, ...rows);
    $("ranked-legend").hidden = !rows.length;
    page.best = ranked.length ? ranked[0].move : null;
    renderBoard(page.view);
    renderLegal(page.view);
  }

  async function stop() {
    // the suggestion's stream stays open: its last report ("stopped") brings the ranking so far
    await api("/api/stop", {board: page.board});
    await refresh();
  }

  // ---- start ------------------------------------------------------------------------------
  async function start() {
    $("new-game").addEventListener("submit", (e) => guarded(() => newGame(e)));
    $("seat").addEventListener("change", () => guarded(() => {
      page.seat = Number($("seat").value);
      page.picked = null;
      clearSuggestion();
      return refresh();
    }));
    $("follow").addEventListener("change", () => guarded(refresh));
    $("undo").addEventListener("click", () => guarded(async () => {
      clearError();
      stopEvents();
      await api("/api/undo", {board: page.board});
      clearSuggestion();
      await refresh();
    }));
    $("redo").addEventListener("click", () => guarded(async () => {
      clearError();
      stopEvents();
      await api("/api/redo", {board: page.board});
      clearSuggestion();
      await refresh();
    }));
    $("board").addEventListener("click", onBoardClick);
    BoardExplain.start();
    $("suggest").addEventListener("click", () => guarded(suggest));
    $("stop").addEventListener("click", () => guarded(stop));
    $("ai").addEventListener("click", () => guarded(aiMove));
    $("load").addEventListener("click", () => guarded(() => loadPosition($("position-text").value)));
    $("upload").addEventListener("change", () => guarded(async () => {
      const file = $("upload").files[0];
      if (!file) return;
      const text = await file.text();
      $("position-text").value = text;
      await loadPosition(text);
    }));
    $("reveal").addEventListener("click", () => guarded(async () => {
      if (!confirm("Leave play mode for good on this board and reveal everything (the AI's cards, the deck order, the dice to come)?")) return;
      await api("/api/reveal", {board: page.board});
      await refresh();
    }));
    window.addEventListener("pagehide", () => {
      // the server takes JSON only (a beacon would post text/plain)
      if (page.board) fetch("/api/stop", {method: "POST", keepalive: true, headers: {"Content-Type": "application/json"},
                                         body: JSON.stringify({board: page.board})}).catch(() => {});
    });
    await guarded(async () => {
      const named = new URLSearchParams(location.hash.slice(1));
      let games = null;
      if (named.get("board")) {           // a reload: reopen the board the address names
        const seat = Number(named.get("seat")) || 0;
        try {
          games = (await api(`/api/view?board=${encodeURIComponent(named.get("board"))}&seat=${seat}`)).games;
          page.board = named.get("board");
          page.seat = seat;
        } catch (error) {
          showError(`the board in this address could not be reopened (${error.message}); a new one was opened`);
        }
      }
      if (!page.board) {
        const data = await api("/api/new", {});
        page.board = data.board;
        games = data.games;
      }
      $("game").replaceChildren(...games.map((g) => new Option(GAME_TITLES[g] || g, g)));
      await refresh();
    });
  }

  return {start, draw};
})();
