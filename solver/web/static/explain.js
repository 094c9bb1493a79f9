// The board explains itself: hover tips (what a piece does, a space's number), the legend of the pieces,
// the last moves marked on the board and in the history, and the end-of-game breakdown of the points.
// The words come from the server (tables.piece_texts, view.breakdown); the drawings only name their
// pieces (data-piece), spaces (data-tip) and changeable places (data-mark).
"use strict";

const BoardExplain = (() => {
  const $ = (id) => document.getElementById(id);

  // the tip of a drawn node: its own words, then what its piece does
  function tipOf(node, tables) {
    const words = [node.dataset.tip, node.dataset.piece && (tables.piece_texts || {})[node.dataset.piece]];
    return words.filter(Boolean).join(" | ");
  }

  // after a drawing: <title>s and named pieces become hover tips; the pieces the last moves changed are marked
  function decorate(svg, view, tables) {
    svg.querySelectorAll("title").forEach((title) => {
      // one kind of tip: a title's words move to the hover box (a native tooltip would show them twice)
      const parent = title.parentNode;
      parent.dataset.tip = [parent.dataset.tip, title.textContent].filter(Boolean).join(" | ");
      title.remove();
    });
    svg.querySelectorAll("[data-piece], [data-tip]").forEach((node) => {
      node.dataset.tipText = tipOf(node, tables);
      node.classList.add("tipped");
      // the keyboard reaches every tip too (Tab), and a screen reader reads it
      node.setAttribute("tabindex", "0");
      node.setAttribute("aria-label", node.dataset.tipText);
    });
    const marks = new Set(view.marks || []);
    svg.querySelectorAll("[data-mark]").forEach((node) => node.classList.toggle("last", marks.has(node.dataset.mark)));
  }

  // the tip of the node under the pointer, beside the pointer
  function showTip(event) {
    const node = event.target.closest && event.target.closest(".tipped");
    placeTip(node, event.clientX, event.clientY);
  }

  // the tip of the node the keyboard focused, below the node
  function showFocusedTip(event) {
    const node = event.target.closest && event.target.closest(".tipped");
    const rect = node ? node.getBoundingClientRect() : null;
    placeTip(node, rect ? rect.left : 0, rect ? rect.bottom - 8 : 0);
  }

  function placeTip(node, clientX, clientY) {
    const box = $("tip");
    if (!node || !node.dataset.tipText) {
      box.hidden = true;
      return;
    }
    box.textContent = node.dataset.tipText;
    box.hidden = false;
    // beside the point, kept inside the window
    const x = Math.min(clientX + 14, window.innerWidth - box.offsetWidth - 8);
    const y = clientY + 18 + box.offsetHeight > window.innerHeight ? clientY - box.offsetHeight - 10 : clientY + 18;
    box.style.left = `${Math.max(4, x) + window.scrollX}px`;
    box.style.top = `${y + window.scrollY}px`;
  }

  // the legend: every piece of the game with what it does, filled when the game changes
  function renderLegend(view, tables) {
    const list = $("legend-list");
    if (list.dataset.game === view.game) return;
    list.dataset.game = view.game;
    list.replaceChildren(...Object.entries(tables.piece_texts || {}).map(([name, text]) => {
      const item = document.createElement("li");
      const key = document.createElement("b");
      key.textContent = name;
      item.append(key, ` ${text}`);
      return item;
    }));
  }

  // the history: the last move, and the others' moves since the viewer's own, marked
  function markHistory(view) {
    const items = Array.from($("history").children);
    items.forEach((item, k) => {
      item.classList.toggle("recent", k >= items.length - (view.recent || 0));
      item.classList.toggle("last", k === items.length - 1);
    });
  }

  // the end of the game: each seat's points by where they came from
  function renderBreakdown(view) {
    const panel = $("breakdown");
    panel.hidden = !view.breakdown;
    if (!view.breakdown) return;
    const rows = view.breakdown.map((parts, seat) => {
      const row = document.createElement("tr");
      row.dataset.seat = String(seat);
      const who = document.createElement("th");
      who.textContent = `seat ${seat}: ${view.scores[seat]} VP`;
      const cell = document.createElement("td");
      cell.textContent = parts.map((p) => `${p.part} ${p.vp}`).join(" + ");
      row.append(who, cell);
      return row;
    });
    $("breakdown-table").replaceChildren(...rows);
  }

  function render(view, tables) {
    renderLegend(view, tables);
    markHistory(view);
    renderBreakdown(view);
  }

  function start() {
    $("board").addEventListener("mousemove", showTip);
    $("board").addEventListener("mouseleave", () => { $("tip").hidden = true; });
    $("board").addEventListener("focusin", showFocusedTip);
    $("board").addEventListener("focusout", () => { $("tip").hidden = true; });
    $("board").addEventListener("keydown", (event) => { if (event.key === "Escape") $("tip").hidden = true; });
  }

  return {decorate, render, start};
})();
