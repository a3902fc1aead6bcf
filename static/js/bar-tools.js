// The bar's tools beside Undo: the count of pairs that may be removed now, Redo, "Restart
// this deal" (in the New game panel, asked first) and "Show matching tiles". The server
// decides each of them (the game's pairs_available, can_redo, can_undo, matches: restart
// is possible exactly when undo is); this module only shows them and sends the actions
// through the board's controller, listening to its documented events (board.js).
//
// Loaded by templates/game/play.html after board.js; its words are the template's own
// (templates/game/_bar_tools.html).

import { fill } from "./render.js";
import { setupShowMatches } from "./show-matches.js";

const board = document.getElementById("board");
const el = {
  fact: document.getElementById("pairs-fact"),
  count: document.getElementById("pairs-available"),
  redo: document.getElementById("redo-button"),
  restartRow: document.getElementById("restart-row"),
  restart: document.getElementById("restart-button"),
  panel: document.getElementById("new-game-panel"),
  confirm: document.getElementById("restart-confirm"),
  status: document.getElementById("bar-tools-status"),
};

function sayIn(line, text) {
  // Cleared first, so that the same words said twice are announced twice.
  line.textContent = "";
  window.setTimeout(() => {
    line.textContent = text;
  }, 30);
}

function say(text) {
  sayIn(el.status, text);
}

// A redo or a restart is a move: it is said in the board's own status line, which everyone
// reads, so that the message of the move before it (an undo's) never stays standing there.
const statusLine = document.getElementById("board-status");

function sayMove(text) {
  sayIn(statusLine ?? el.status, text);
}

function controller() {
  return board.controller ?? null;
}

function show(game) {
  if (!game) return;
  el.fact.hidden = false;
  const count = String(game.pairs_available);
  if (el.count.textContent !== count) el.count.textContent = count;
  el.redo.disabled = !game.can_redo;
  el.restart.disabled = !game.can_undo;
}

// The restart's question: resolves with true when the player confirms.
function confirmed() {
  return new Promise((resolve) => {
    let answer = false;
    const onClick = (event) => {
      const action = event.target.closest("[data-action]")?.dataset.action;
      if (!action) return;
      answer = action === "restart";
      el.confirm.close();
    };
    el.confirm.addEventListener("click", onClick);
    el.confirm.addEventListener(
      "close",
      () => {
        el.confirm.removeEventListener("click", onClick);
        resolve(answer);
      },
      { once: true },
    );
    el.confirm.showModal();
  });
}

async function restart() {
  const game = controller()?.game;
  if (!game || !game.can_undo) return;
  if (el.panel?.open) el.panel.close();
  if (!(await confirmed())) {
    // The panel it came from is closed: back on the button that opens it.
    document.getElementById("new-game-button")?.focus();
    return;
  }
  await controller()?.action("restart");
  document.querySelector('#board-tiles .tile[tabindex="0"]')?.focus();
}

if (board && el.count && el.redo && el.restart && el.confirm && el.status) {
  el.redo.hidden = false;
  el.restartRow.hidden = false;
  el.redo.addEventListener("click", () => controller()?.game && controller().action("redo"));
  el.restart.addEventListener("click", restart);
  board.addEventListener("board:game", (event) => show(event.detail.game));
  board.addEventListener("board:applied", (event) => {
    const { game, answer } = event.detail;
    show(game);
    // board.js says what its own actions did; these two are this module's.
    if (answer.event === "redone") sayMove(fill(el.status.dataset.redone, { count: game.tiles_left }));
    else if (answer.event === "restarted") sayMove(el.status.dataset.restarted);
  });
  show(controller()?.game); // a game drawn before this module started

  setupShowMatches({
    board,
    toggle: document.getElementById("show-matches-toggle"),
    container: document.getElementById("match-options"),
    say: (key) => say(el.status.dataset[key]),
  });
}
